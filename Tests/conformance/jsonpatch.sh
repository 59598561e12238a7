#!/usr/bin/env bash
# JSON Patch conformance of `reorder batch --sequential`.
#
# Takes each test of the JSON Patch test suite (tests.json, spec_tests.json
# in ../shared/thirdparty/jsonpatch, relative to the repository) whose patch
# is only add/remove/move/replace operations on the elements of ONE array
# (paths /a/b/N sharing a parent, '-' to append), translates it into one
# script for `reorder batch --sequential --pointer PARENT`, and compares the
# result with the expected document as JSON values (python3's json module;
# true is not 1, 1 is 1.0). A test marked "error" must exit 2.
#
# reorder deliberately differs where JSON Patch has no equivalent: an index
# written "-1" (reorder counts it from the end) or with a leading zero or
# sign is not applicable.
#
#   Tests/conformance/jsonpatch.sh      # REORDER=path/to/reorder to choose the binary
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SUITE="$ROOT/../shared/thirdparty/jsonpatch"
REORDER=${REORDER:-$ROOT/.build/debug/reorder}

if [ ! -d "$SUITE" ]; then
    echo "jsonpatch: the test suite is not at $SUITE; nothing to run"
    exit 0
fi
[ -x "$REORDER" ] || { echo "jsonpatch: no reorder binary at $REORDER (build it or set REORDER)" >&2; exit 2; }

python3 - "$SUITE" "$REORDER" <<'PY'
import json, os, re, subprocess, sys, tempfile

suite, reorder = sys.argv[1], sys.argv[2]
INDEX = re.compile(r"0|[1-9][0-9]*")

def unescape(token):
    return token.replace("~1", "/").replace("~0", "~")

def resolve(doc, pointer):
    """The value at an RFC 6901 pointer, or raise KeyError."""
    node = doc
    if pointer == "":
        return node
    for token in pointer[1:].split("/"):
        token = unescape(token)
        if isinstance(node, list):
            if not INDEX.fullmatch(token) or int(token) >= len(node):
                raise KeyError(token)
            node = node[int(token)]
        elif isinstance(node, dict):
            node = node[token]
        else:
            raise KeyError(token)
    return node

def split(path):
    """(parent pointer, last token) of a path, or None for the root."""
    if not isinstance(path, str) or not path.startswith("/"):
        return None
    parent, _, last = path.rpartition("/")
    return parent, unescape(last)

def index_word(token, append_ok):
    """A JSON Patch array index as reorder writes it, or None when reorder
    reads the token differently (so the test is not applicable)."""
    if token == "-":
        return "-1" if append_ok else None
    if INDEX.fullmatch(token):
        return token
    if re.fullmatch(r"[+-]?[0-9]+", token):
        return None  # "-1", "01", "+1": reorder reads these as indices
    return token      # "1e0", "bar": not an index for either; reorder must refuse

def translate(test):
    """(parent pointer, script lines), or None when not applicable."""
    patch = test.get("patch")
    if not isinstance(patch, list) or not patch:
        return None
    parents, lines = set(), []
    for op in patch:
        kind = op.get("op")
        if kind not in ("add", "remove", "move", "replace") or "path" not in op:
            return None
        target = split(op["path"])
        if target is None:
            return None
        parents.add(target[0])
        if kind in ("add", "replace") and "value" not in op:
            return None
        value = json.dumps(op.get("value"), ensure_ascii=False)
        if kind == "add":
            at = index_word(target[1], append_ok=True)
            if at is None: return None
            lines.append(f"insert {at} {value}")
        elif kind == "remove":
            at = index_word(target[1], append_ok=False)
            if at is None: return None
            lines.append(f"delete {at}")
        elif kind == "replace":
            at = index_word(target[1], append_ok=False)
            if at is None: return None
            lines.append(f"replace {at} {value}")
        else:
            source = split(op.get("from"))
            if source is None:
                return None
            parents.add(source[0])
            frm, to = index_word(source[1], append_ok=False), index_word(target[1], append_ok=True)
            if frm is None or to is None: return None
            lines.append(f"move {frm} {to}")
    if len(parents) != 1:
        return None
    parent = parents.pop()
    try:
        if not isinstance(resolve(test["doc"], parent), list):
            return None
    except KeyError:
        return None
    return parent, lines

def same(a, b):
    """JSON value equality: types matter (true is not 1), 1 equals 1.0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b

passed = failed = skipped = 0
with tempfile.TemporaryDirectory() as work:
    for name in ("tests.json", "spec_tests.json"):
        path = os.path.join(suite, name)
        if not os.path.exists(path):
            continue
        with open(path) as f:
            tests = json.load(f)
        for number, test in enumerate(tests):
            if test.get("disabled") or ("expected" not in test and "error" not in test):
                skipped += 1
                continue
            translated = translate(test)
            if translated is None:
                skipped += 1
                continue
            parent, lines = translated
            label = f"{name}#{number} {test.get('comment', test.get('error', ''))}"
            document = os.path.join(work, "doc.json")
            script = os.path.join(work, "patch.ops")
            with open(document, "w") as f:
                json.dump(test["doc"], f)
            with open(script, "w") as f:
                f.write("".join(line + "\n" for line in lines))
            run = subprocess.run([reorder, "batch", "--sequential", "--json", "--pointer", parent,
                                  "-f", script, document, "-o", "-"], capture_output=True)
            if "error" in test:
                ok = run.returncode == 2
                why = f"expected exit 2, got {run.returncode}"
            else:
                try:
                    ok = run.returncode == 0 and same(json.loads(run.stdout), test["expected"])
                except ValueError:
                    ok = False
                why = f"exit {run.returncode}: {run.stdout.decode(errors='replace').strip()} {run.stderr.decode(errors='replace').strip()}"
            if ok:
                passed += 1
            else:
                failed += 1
                print(f"FAIL {label}\n  script: {lines}\n  {why}")
print(f"jsonpatch: {passed} passed, {failed} failed ({skipped} not applicable)")
sys.exit(1 if failed else 0)
PY
