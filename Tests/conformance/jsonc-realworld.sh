#!/usr/bin/env bash
# Runs the built reorder on every *.json file of ../shared/thirdparty/realworld
# (real configuration files written by others: package.json, tsconfig, VS Code
# settings and launch files, devcontainer.json, some with comments) when that
# directory exists beside the repository. For each file:
#
#   - sort --recursive and reverse, read by name (--format auto), or with
#     --format jsonc when strict JSON refuses the file and says it is valid
#     JSON with comments;
#   - python3 reads each result (comments and trailing commas stripped first
#     for JSONC) and checks it holds the input's data: sort --recursive, every
#     object's members in key order and the same members, arrays as they
#     were; reverse, the root's items reversed, each as it was;
#   - reverse applied twice gives the input back byte for byte.
#
# Prints 'jsonc-realworld: N passed, M failed' (one check of one file each)
# and exits non-zero when a check failed. The data stays outside the
# repository.
#
#   REORDER=path/to/reorder Tests/conformance/jsonc-realworld.sh [DIR]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
suite=${1:-$root/../shared/thirdparty/realworld}
reorder=${REORDER:-$root/.build/debug/reorder}

if [ ! -d "$suite" ]; then
    echo "jsonc-realworld: $suite not found; skipped"
    exit 0
fi
if [ ! -x "$reorder" ]; then
    echo "jsonc-realworld: $reorder is not built (swift build, or set REORDER)" >&2
    exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# check.py MODE INPUT RESULT: MODE is 'sort' or 'reverse'; both files are
# read as JSON with comments (strict JSON is that too).
cat >"$work/check.py" <<'PYTHON'
import json, sys

def strip(text):
    """Comments and trailing commas blanked: JSON with comments as JSON."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] not in "\r\n":
                i += 1
        elif text.startswith("/*", i):
            end = text.index("*/", i + 2) + 2
            out.append("".join(ch if ch in "\r\n" else " " for ch in text[i:end]))
            i = end
        elif c == ",":
            # A comma before ']' or '}' (after blanks and comments) goes.
            j = i + 1
            while j < n:
                if text[j] in " \t\r\n":
                    j += 1
                elif text.startswith("//", j):
                    while j < n and text[j] not in "\r\n":
                        j += 1
                elif text.startswith("/*", j):
                    j = text.index("*/", j + 2) + 2
                else:
                    break
            out.append(" " if j < n and text[j] in "]}" else ",")
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)

def load(path):
    with open(path, encoding="utf-8") as f:
        return json.loads(strip(f.read()), object_pairs_hook=lambda members: ("object", members))

def data(value):
    """Order of members ignored (a multiset), order of elements kept."""
    if isinstance(value, tuple):
        return ("object", sorted((json.dumps(k), repr(data(v))) for k, v in value[1]))
    if isinstance(value, list):
        return [data(v) for v in value]
    return value

def keys_sorted(value):
    if isinstance(value, tuple):
        keys = [k for k, _ in value[1]]
        return keys == sorted(keys) and all(keys_sorted(v) for _, v in value[1])
    if isinstance(value, list):
        return all(keys_sorted(v) for v in value)
    return True

mode, source, result = sys.argv[1:4]
before, after = load(source), load(result)
if mode == "sort":
    if data(before) != data(after):
        sys.exit("the data differ")
    if not keys_sorted(after):
        sys.exit("an object's members are not in key order")
else:
    def items(value):
        if isinstance(value, tuple):
            return [(k, data(v)) for k, v in value[1]]
        return [data(v) for v in value]
    if items(after) != list(reversed(items(before))):
        sys.exit("the root's items are not the input's reversed")
PYTHON

passed=0
failed=0
succeed() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    echo "FAIL $1: $2"
}

shopt -s nullglob
for file in "$suite"/*.json; do
    name=$(basename "$file")
    # The format: by name, unless strict JSON refuses the file because it
    # has comments, which the message says.
    format=()
    if ! "$reorder" reverse "$file" -o /dev/null 2>"$work/err"; then
        if grep -q "valid JSON with comments" "$work/err"; then
            format=(--format jsonc)
        else
            fail "$name" "refused: $(cat "$work/err")"
            continue
        fi
    fi

    for command in sort reverse; do
        arguments=(reverse)
        [ "$command" = sort ] && arguments=(sort --recursive)
        if ! "$reorder" "${arguments[@]}" ${format[@]+"${format[@]}"} "$file" -o "$work/result" 2>"$work/err"; then
            fail "$name" "${arguments[*]} ${format[*]+${format[*]}}: $(cat "$work/err")"
            continue
        fi
        if python3 "$work/check.py" "$command" "$file" "$work/result" 2>"$work/err"; then
            succeed
        else
            fail "$name" "${arguments[*]} ${format[*]+${format[*]}}: $(tail -n 1 "$work/err")"
        fi
    done

    # reverse twice: the input, byte for byte.
    if "$reorder" reverse ${format[@]+"${format[@]}"} "$file" -o - 2>"$work/err" \
        | "$reorder" reverse --format "${format[1]:-json}" -o - >"$work/twice" 2>>"$work/err" \
        && cmp -s "$file" "$work/twice"; then
        succeed
    else
        fail "$name" "reverse twice is not the input: $(cat "$work/err")$(diff "$file" "$work/twice" | head -n 10)"
    fi
done

echo "jsonc-realworld: $passed passed, $failed failed"
[ $failed -eq 0 ]
