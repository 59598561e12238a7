#!/usr/bin/env bash
# Runs the built reorder over yaml-test-suite (../shared/thirdparty/
# yaml-test-suite beside the repository) with PyYAML as the oracle: for
# every valid case whose first document is a sequence or a mapping,
# `reorder reverse` and `reorder move 0 -1` (with --format yaml, and
# --document 0 for a stream of several) must either refuse (exit 2, a
# message) or give a stream that PyYAML loads to exactly the edit of what it
# loads from the input: the same items, in the new order — which is the
# suite's in.json, edited, except where PyYAML (YAML 1.1) reads a case
# otherwise (those are counted; a case PyYAML cannot read is left out).
# Nothing may crash.
#
# Every error case (a case with an `error` file: not YAML) must be refused:
# `reorder reverse --format yaml`, and with --document 0, exit 2 with a
# message that names a line:column; one that exits 0 fails the run.
#
#   REORDER=path/to/reorder Tests/conformance/yaml-test-suite.sh [DIR]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
suite=${1:-$root/../shared/thirdparty/yaml-test-suite}
reorder=${REORDER:-$root/.build/debug/reorder}
if [ ! -d "$suite" ]; then
    echo "yaml-test-suite: $suite not found; skipped"
    exit 0
fi
python3 - "$suite" "$reorder" <<'PY'
import json, os, re, subprocess, sys, collections
try:
    import yaml
except ImportError:
    print("yaml-test-suite: PyYAML is missing (pip install pyyaml; make test installs it)")
    sys.exit(2)

suite, reorder = sys.argv[1], sys.argv[2]

def cases():
    for name in sorted(os.listdir(suite)):
        path = os.path.join(suite, name)
        if not os.path.isdir(path):
            continue
        if os.path.exists(os.path.join(path, "in.yaml")):
            yield name, path
        for sub in sorted(os.listdir(path)):
            subpath = os.path.join(path, sub)
            if os.path.isdir(subpath) and os.path.exists(os.path.join(subpath, "in.yaml")):
                yield name + "/" + sub, subpath

def load_json_stream(text):
    decoder = json.JSONDecoder(object_pairs_hook=lambda pairs: ("__map__", pairs))
    values, i = [], 0
    while True:
        while i < len(text) and text[i] in " \t\r\n":
            i += 1
        if i >= len(text):
            return values
        value, i = decoder.raw_decode(text, i)
        values.append(value)

def canonical(value):
    """Data with mappings as ordered lists of pairs, to compare order too."""
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "__map__":
        return ["__map__", [[canonical(k), canonical(v)] for k, v in value[1]]]
    if isinstance(value, dict):
        return ["__map__", [[canonical(k), canonical(v)] for k, v in value.items()]]
    if isinstance(value, list):
        return [canonical(v) for v in value]
    if isinstance(value, float) and value == int(value) and abs(value) < 2**53:
        return int(value)
    return value

def edit(value, operation):
    if value[0] == "__map__" if isinstance(value, list) and value and value[0] == "__map__" else False:
        items = list(value[1])
        return ["__map__", operate(items, operation)]
    return operate(list(value), operation)

def operate(items, operation):
    if operation == "reverse":
        return items[::-1]
    if not items:
        return items
    return items[1:] + items[:1]

def is_collection(value):
    return isinstance(value, list)

passed = refused = failed = left_out = 0
reasons = collections.Counter()
failures = []
for name, path in cases():
    if os.path.exists(os.path.join(path, "error")) or not os.path.exists(os.path.join(path, "in.json")):
        continue
    raw = open(os.path.join(path, "in.yaml"), "rb").read()
    try:
        expected_docs = [canonical(v) for v in load_json_stream(open(os.path.join(path, "in.json"), encoding="utf-8").read())]
    except Exception:
        continue
    if not expected_docs or not is_collection(expected_docs[0]):
        continue
    try:
        oracle = [canonical(d) for d in yaml.safe_load_all(raw)]
    except Exception:
        oracle = None
    if oracle != expected_docs:
        # PyYAML reads YAML 1.1, the suite 1.2 (or PyYAML cannot read the
        # case): the edit is still held to what PyYAML reads of the input.
        left_out += 1
        if not oracle or not is_collection(oracle[0]):
            continue
    arguments = ["--format", "yaml"] + (["--document", "0"] if len(oracle) > 1 else [])
    for operation, command in (("reverse", ["reverse"]), ("move", ["move", "0", "-1"])):
        run = subprocess.run([reorder] + command + arguments, input=raw, capture_output=True, timeout=20)
        if run.returncode == 2 and run.stderr:
            refused += 1
            message = run.stderr.decode("utf-8", "replace").strip()
            reason = message.split(": ", 2)[-1].split(":")[0] if ": " in message else message
            reasons[reason[:90]] += 1
            continue
        if run.returncode != 0:
            failed += 1
            failures.append(f"{name} {operation}: exit {run.returncode}: {run.stderr.decode('utf-8', 'replace').strip()}")
            continue
        try:
            got = [canonical(d) for d in yaml.safe_load_all(run.stdout)]
        except Exception as error:
            failed += 1
            failures.append(f"{name} {operation}: the result does not load: {str(error).splitlines()[0]}")
            continue
        want = [edit(oracle[0], operation)] + oracle[1:]
        if got == want:
            passed += 1
        else:
            failed += 1
            failures.append(f"{name} {operation}: loads to {json.dumps(got)[:200]}, expected {json.dumps(want)[:200]}")

errors_refused = errors_accepted = 0
for name, path in cases():
    if not os.path.exists(os.path.join(path, "error")):
        continue
    raw = open(os.path.join(path, "in.yaml"), "rb").read()
    for arguments in (["--format", "yaml"], ["--format", "yaml", "--document", "0"]):
        run = subprocess.run([reorder, "reverse"] + arguments, input=raw, capture_output=True, timeout=20)
        message = run.stderr.decode("utf-8", "replace").strip()
        if run.returncode == 2 and re.search(r":\d+:\d+: ", message):
            errors_refused += 1
        else:
            errors_accepted += 1
            failures.append(f"{name} (error case) {' '.join(arguments)}: exit {run.returncode}: {message[:160] or 'no message'}")

# Every case again after a comment line of 1 MiB and a blank line: a file
# that long is validated on a second thread while its list is found and
# read, and must read as the case alone does (the same status, the same
# message but for its line and column, the same bytes after the comment).
padding = b"# " + b"x" * (1 << 20) + b"\n\n"
large = 0
for name, path in cases():
    raw = open(os.path.join(path, "in.yaml"), "rb").read()
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    padded = bom + padding + raw[len(bom):]
    for arguments in (["reverse"], ["sort", "--key", "/a"]):
        command = [reorder] + arguments + ["--format", "yaml"]
        alone = subprocess.run(command, input=raw, capture_output=True, timeout=20)
        after = subprocess.run(command, input=padded, capture_output=True, timeout=20)
        place = lambda text: re.sub(rb"(:\d+:\d+|line \d+)", b"@", text)
        same = (alone.returncode == after.returncode and place(alone.stderr) == place(after.stderr)
                and (alone.returncode != 0 or after.stdout == bom + padding + alone.stdout[len(bom):]))
        large += 1
        if not same:
            failed += 1
            failures.append(f"{name} after 1 MiB {' '.join(arguments)}: exit {alone.returncode} alone, "
                            f"{after.returncode} after: {after.stderr.decode('utf-8', 'replace').strip()[:160]}")
print(f"yaml-test-suite: {large} runs after a comment of 1 MiB (the validation on a second thread)")

for failure in failures[:40]:
    print("  FAIL " + failure)
if reasons:
    print("refused, by reason:")
    for reason, count in reasons.most_common():
        print(f"  {count:4}  {reason}")
print(f"{left_out} cases PyYAML reads otherwise than the suite's in.json: held to what PyYAML reads of the input")
print(f"yaml-test-suite: valid: {passed} passed, {refused} refused, {failed} failed; "
      f"errors: {errors_refused} refused, {errors_accepted} accepted")
sys.exit(1 if failed or errors_accepted else 0)
PY
