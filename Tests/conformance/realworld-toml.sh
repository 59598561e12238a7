#!/usr/bin/env bash
# Runs the built reorder over the real TOML files of
# ../shared/thirdparty/realworld (Cargo.toml, pyproject.toml): for every
# array and table in each file, `reorder reverse -p PTR` and `reorder move
# 0 -1 -p PTR` must either refuse (exit 2, a message: a key of a table of
# sections whose sections stand apart) or give a file that Python's
# tomllib loads to exactly the edit of what it loads from the input, and
# reversing twice must give the input back byte for byte (the data, where
# the first result needed a new line break). Arrays compare in
# order; a table's keys compare as a set, since its sub-tables' sections
# (`[project.urls]`) are not among its lines and keep their place.
#
# Refusals are counted by reason (Tests/conformance/refusals.py);
# REORDER_VERBOSE=1 prints each one too.
#
#   REORDER=path/to/reorder Tests/conformance/realworld-toml.sh [DIR]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-$root/../shared/thirdparty/realworld}
reorder=${REORDER:-$root/.build/debug/reorder}
if [ ! -d "$dir" ]; then
    echo "realworld-toml: $dir not found; skipped"
    exit 0
fi
python3 - "$dir" "$reorder" "$root/Tests/conformance" <<'PY'
import os, subprocess, sys
import tomllib

directory, reorder = sys.argv[1], sys.argv[2]
sys.path.insert(0, sys.argv[3])
from refusals import Refusals
verbose = os.environ.get("REORDER_VERBOSE") == "1"
refusals = Refusals()

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

def replaced(value, path, new):
    if not path:
        return new
    if isinstance(value, dict):
        out = dict(value)
    else:
        out = list(value)
    out[path[0]] = replaced(value[path[0]], path[1:], new)
    return out

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

passed = refused = failed = 0
for name in sorted(os.listdir(directory)):
    if not name.endswith(".toml"):
        continue
    raw = open(os.path.join(directory, name), "rb").read()
    data = tomllib.loads(raw.decode())
    for path, value in collections(data):
        pointer = "".join("/" + escape(t) for t in path)
        for operation, command in (("reverse", ["reverse"]), ("move", ["move", "0", "-1"])):
            run = subprocess.run([reorder] + command + ["-p", pointer, "--format", "toml"], input=raw, capture_output=True)
            if run.returncode == 2 and run.stderr:
                refused += 1
                refusals.add(run.stderr)
                if verbose:
                    print(f"  refused {name} {pointer} {operation}: {run.stderr.decode().strip()}")
                continue
            try:
                got = tomllib.loads(run.stdout.decode())
            except Exception as error:
                failed += 1
                print(f"  FAIL {name} {pointer} {operation}: does not load: {str(error).splitlines()[0]}")
                continue
            want = replaced(data, path, edited(value, operation))
            ok = run.returncode == 0 and got == want
            if ok and operation == "reverse":
                back = subprocess.run([reorder] + command + ["-p", pointer, "--format", "toml"], input=run.stdout, capture_output=True)
                # Byte for byte wherever the first result needed no new line
                # break (an item with a '#' comment moved off a line's end
                # gets one); the data in any case.
                if run.stdout.count(b"\n") == raw.count(b"\n"):
                    ok = back.returncode == 0 and back.stdout == raw
                else:
                    ok = back.returncode == 0 and tomllib.loads(back.stdout.decode()) == data
            if ok:
                passed += 1
            else:
                failed += 1
                print(f"  FAIL {name} {pointer} {operation}")
refusals.report("realworld-toml")
print(f"realworld-toml: {passed} passed, {failed} failed, {refused} refused")
sys.exit(1 if failed else 0)
PY
