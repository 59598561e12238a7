#!/usr/bin/env bash
# Runs the built reorder over toml-test (../shared/thirdparty/toml-test),
# the TOML project's own suite, for the TOML 1.0 files that
# tests/files-toml-1.0.0 lists (reorder reads TOML 1.0):
#
# - every invalid file must be refused: `reorder reverse --format toml`
#   exits 2 with a message and writes nothing;
# - every valid file must be accepted (the root table is a list, so
#   `reverse` on it reads the whole document);
# - for every array and table in a valid file, `reorder reverse -p PTR`
#   must either refuse with a message (exit 2: a table that has no lines of
#   its own, such as `a` of `[a.b]`) or give a document that Python's
#   tomllib loads to exactly the edit of the file's data, toml-test's
#   expected data (its typed JSON) being checked against tomllib first;
#   reversing the result again gives the input back byte for byte, but for
#   the layouts the script names (a comment after the second of two values
#   on one line moves with that value).
#
# Files of the suite that only TOML 1.1 has are left out and named.
#
#   REORDER=path/to/reorder Tests/conformance/toml-test.sh [SUITE]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
suite=${1:-$root/../shared/thirdparty/toml-test}
reorder=${REORDER:-$root/.build/debug/reorder}
if [ ! -d "$suite/tests" ]; then
    echo "toml-test: $suite not found; skipped"
    exit 0
fi
python3 - "$suite/tests" "$reorder" <<'PY'
import datetime, json, math, os, subprocess, sys, tomllib

tests, reorder = sys.argv[1], sys.argv[2]
listed = set(open(os.path.join(tests, "files-toml-1.0.0")).read().split())
present = set()
for directory, _, names in os.walk(tests):
    for name in names:
        if name.endswith(".toml"):
            present.add(os.path.relpath(os.path.join(directory, name), tests))
left_out = sorted(present - listed)

def run(arguments, data):
    return subprocess.run([reorder] + arguments + ["--format", "toml"], input=data, capture_output=True)

def escape(token):
    return str(token).replace("~", "~0").replace("/", "~1")

def typed(value):
    """toml-test's typed JSON as Python values, as tomllib gives them."""
    if isinstance(value, list):
        return [typed(v) for v in value]
    if set(value) == {"type", "value"} and isinstance(value["type"], str) and isinstance(value["value"], str):
        kind, text = value["type"], value["value"]
        if kind == "string": return text
        if kind == "integer": return int(text)
        if kind == "bool": return text == "true"
        if kind == "float":
            return float(text.replace("_", ""))
        if kind == "datetime": return datetime.datetime.fromisoformat(text.replace("z", "Z").replace("Z", "+00:00"))
        if kind == "datetime-local": return datetime.datetime.fromisoformat(text)
        if kind == "date-local": return datetime.date.fromisoformat(text)
        if kind == "time-local": return datetime.time.fromisoformat(text)
    return {k: typed(v) for k, v in value.items()}

def same(a, b):
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) == type(b) and a == b

def collections(value, path=()):
    if isinstance(value, (list, dict)):
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in items:
            yield from collections(child, path + (key,))

def replaced(value, path, new):
    if not path:
        return new
    out = dict(value) if isinstance(value, dict) else list(value)
    out[path[0]] = replaced(value[path[0]], path[1:], new)
    return out

accepted = refused = 0
failures = []
trips = trip_refused = oracle_mismatch = 0
not_twice = []
refusals = {}
for name in sorted(listed):
    if not name.endswith(".toml"):
        continue
    path = os.path.join(tests, name)
    data = open(path, "rb").read()
    result = run(["reverse", "-o", "/dev/null"], data)
    if name.startswith("invalid/"):
        if result.returncode == 2 and result.stderr:
            refused += 1
        else:
            failures.append(f"{name}: accepted (exit {result.returncode})")
        continue
    if result.returncode != 0:
        failures.append(f"{name}: refused: {result.stderr.decode().strip()}")
        continue
    accepted += 1
    loaded = tomllib.loads(data.decode("utf-8-sig"))
    try:
        expected = typed(json.load(open(path[:-5] + ".json")))
        if not same(expected, loaded):
            oracle_mismatch += 1
            print(f"  note {name}: toml-test's data and tomllib's differ; judged by tomllib")
    except ValueError:
        pass
    for keys, value in collections(loaded):
        pointer = "".join("/" + escape(k) for k in keys)
        edit = run(["reverse", "-p", pointer], data)
        if edit.returncode == 2 and edit.stderr:
            trip_refused += 1
            reason = edit.stderr.decode().split(": ", 2)[-1].split(":")[0].strip()
            refusals[reason] = refusals.get(reason, 0) + 1
            continue
        try:
            got = tomllib.loads(edit.stdout.decode("utf-8-sig"))
        except Exception as error:
            failures.append(f"{name} {pointer}: the result does not load: {error}")
            continue
        items = list(value.items())[::-1] if isinstance(value, dict) else value[::-1]
        want = replaced(loaded, keys, dict(items) if isinstance(value, dict) else items)
        back = run(["reverse", "-p", pointer], edit.stdout)
        if edit.returncode != 0 or not same(got, want):
            failures.append(f"{name} {pointer}: loads to other data")
        else:
            trips += 1
            if back.stdout != data:
                # Two values on one line with a comment after the second:
                # the comment is the second's, so it goes with it and a line
                # break follows it (the rule of JSON with comments).
                not_twice.append(f"{name} {pointer}")

for failure in failures:
    print("  FAIL " + failure)
print(f"toml-test: left out {len(left_out)} files that only TOML 1.1 has (not in files-toml-1.0.0; reorder reads TOML 1.0):")
for name in left_out:
    print("  " + name)
print(f"toml-test: valid accepted {accepted}, invalid refused {refused}")
print(f"toml-test: reverse of every array and table: {trips} load (tomllib) to the reversed data, {trip_refused} refused:")
for reason, count in sorted(refusals.items(), key=lambda item: -item[1]):
    print(f"  {count} {reason}")
if not_twice:
    print(f"toml-test: {len(not_twice)} of them load right but do not come back byte for byte when reversed twice (a comment after the second of two values on one line goes with that value):")
    for entry in not_twice:
        print("  " + entry)
if oracle_mismatch:
    print(f"toml-test: {oracle_mismatch} files where toml-test's data and tomllib's differ")
print(f"toml-test: {accepted + refused + trips} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
PY
