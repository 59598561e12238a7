#!/usr/bin/env bash
# Runs the built reorder over the real YAML files of
# ../shared/thirdparty/realworld (workflows, Kubernetes, mkdocs,
# pre-commit configurations): for every sequence and mapping in each file,
# `reorder reverse -p PTR` and `reorder move 0 -1 -p PTR` must either refuse
# (exit 2, a message) or give a file that PyYAML loads to exactly the edit
# of what it loads from the input (the data, and the edited list's order),
# and reversing twice must give the input back byte for byte (the data,
# where the first result needed a new line break). A stream of
# several documents is edited a document at a time (--document N).
#
# Refusals are counted by reason (Tests/conformance/refusals.py);
# REORDER_VERBOSE=1 prints each one too.
#
#   REORDER=path/to/reorder Tests/conformance/realworld-yaml.sh [DIR]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-$root/../shared/thirdparty/realworld}
reorder=${REORDER:-$root/.build/debug/reorder}
if [ ! -d "$dir" ]; then
    echo "realworld-yaml: $dir not found; skipped"
    exit 0
fi
python3 - "$dir" "$reorder" "$root/Tests/conformance" <<'PY'
import concurrent.futures, copy, os, subprocess, sys
import yaml

directory, reorder = sys.argv[1], sys.argv[2]
sys.path.insert(0, sys.argv[3])
from refusals import Refusals
verbose = os.environ.get("REORDER_VERBOSE") == "1"

# libyaml's loader when PyYAML has it (the wheels do): the same YAML 1.1
# reading as the Python one, many times faster on the big files.
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

def load_all(raw):
    return list(yaml.load_all(raw, Loader=Loader))

def escape(token):
    return str(token).replace("~", "~0").replace("/", "~1")

def collections(value, path=()):
    if isinstance(value, (list, dict)):
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in items:
            if isinstance(key, (str, int)) and not isinstance(key, bool):
                yield from collections(child, path + (key,))

def at(value, path):
    for token in path:
        value = value[token]
    return value

def edited(value, operation):
    items = list(value.items()) if isinstance(value, dict) else list(value)
    if operation == "reverse":
        items = items[::-1]
    elif items:
        items = items[1:] + items[:1]
    return dict(items) if isinstance(value, dict) else items

def ordered(value):
    if isinstance(value, dict):
        return [[k, ordered(v)] for k, v in value.items()]
    if isinstance(value, list):
        return [ordered(v) for v in value]
    return value

def check(name, raw, data, document, count, path, value, operation, command):
    """One edit of one list: ("passed" | "refused" | "failed", a line to print or None)."""
    pointer = "".join("/" + escape(t) for t in path)
    options = ["-p", pointer, "--format", "yaml"] + (["--document", str(document)] if count > 1 else [])
    label = f"{name}{'#' + str(document) if count > 1 else ''} {pointer} {operation}"
    run = subprocess.run([reorder] + command + options, input=raw, capture_output=True)
    if run.returncode == 2 and run.stderr:
        return "refused", (f"  refused {label}: {run.stderr.decode().strip()}", run.stderr)
    try:
        got = load_all(run.stdout)[document]
    except Exception as error:
        return "failed", f"  FAIL {label}: does not load: {str(error).splitlines()[0]}"
    # The edit made where the list is, on a copy that keeps what PyYAML
    # shares: an alias, and a value a '<<' merge copies, is the same list,
    # and the edit shows there too.
    want = copy.deepcopy(data)
    target = at(want, path)
    new_items = edited(target, operation)
    if isinstance(target, dict):
        target.clear()
        target.update(new_items)
    else:
        target[:] = new_items
    # The data, and the order of the edited list. (Elsewhere a mapping's
    # order may follow: one that merges an edited mapping with '<<' takes
    # its keys in their new order, which is no change of data.)
    ok = run.returncode == 0 and got == want and ordered(at(got, path)) == ordered(at(want, path))
    if ok and operation == "reverse":
        back = subprocess.run([reorder] + command + options, input=run.stdout, capture_output=True)
        # Byte for byte wherever the first result needed no new line break
        # (a comment above the first entry of a mapping that starts after
        # its dash gets one); the data in any case.
        if run.stdout.count(b"\n") == raw.count(b"\n"):
            ok = back.returncode == 0 and back.stdout == raw
        else:
            try:
                ok = back.returncode == 0 and load_all(back.stdout)[document] == data
            except Exception:
                ok = False
    return ("passed", None) if ok else ("failed", f"  FAIL {label}")

jobs = []
for name in sorted(os.listdir(directory)):
    if not name.endswith((".yaml", ".yml")):
        continue
    raw = open(os.path.join(directory, name), "rb").read()
    try:
        documents = load_all(raw)
    except yaml.YAMLError as error:
        # No judge for it (mkdocs-material's `!!python/name:` tags).
        print(f"  skipped {name}: PyYAML cannot load it safely: {str(error).splitlines()[0]}")
        continue
    for document, data in enumerate(documents):
        for path, value in collections(data):
            for operation, command in (("reverse", ["reverse"]), ("move", ["move", "0", "-1"])):
                jobs.append((name, raw, data, document, len(documents), path, value, operation, command))

# The runs are processes: a few at a time keep both processors busy.
counts = {"passed": 0, "refused": 0, "failed": 0}
refusals = Refusals()
with concurrent.futures.ThreadPoolExecutor(max_workers=(os.cpu_count() or 2) * 2) as pool:
    for outcome, line in pool.map(lambda job: check(*job), jobs):
        counts[outcome] += 1
        if outcome == "refused":
            line, stderr = line
            refusals.add(stderr)
        if line and (outcome != "refused" or verbose):
            print(line)
passed, refused, failed = counts["passed"], counts["refused"], counts["failed"]
refusals.report("realworld-yaml")
print(f"realworld-yaml: {passed} passed, {failed} failed, {refused} refused")
sys.exit(1 if failed else 0)
PY
