#!/usr/bin/env bash
# keep-sorted conformance of `reorder fix`.
#
# Runs keep-sorted's golden tests (../shared/thirdparty/keep-sorted/goldens,
# relative to the repository; from google/keep-sorted, Apache-2.0, see the
# SOURCE.md and LICENSE beside them) the way keep-sorted's own test runs
# them: NAME.in on standard input, with the marker the goldens use
# (keep-sorted-test, keep-sorted's hidden --id; reorder's --marker). A case
# passes when
#   - standard output is NAME.out byte for byte;
#   - a second run over NAME.out gives NAME.out again;
#   - with NAME.err: reorder warns (in its own words, `<stdin>:LINE: ...`)
#     about the same lines as keep-sorted (`line=N`, or `[start,end]=[N,...]`),
#     as often, and exits 1; without it: no warning and exit 0.
#
# Where reorder fixes a keep-sorted defect that a golden keeps, the case is
# listed in DIFFERS_ON_PURPOSE with the reason and is not a failure; no other
# case may differ.
#
#   Tests/conformance/keep-sorted.sh    # REORDER=path/to/reorder to choose the binary
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
suite="$root/../shared/thirdparty/keep-sorted"
REORDER=${REORDER:-$root/.build/debug/reorder}

if [ ! -d "$suite/goldens" ]; then
    echo "keep-sorted: the goldens are not at $suite/goldens; nothing to run"
    exit 0
fi
[ -x "$REORDER" ] || { echo "keep-sorted: no reorder binary at $REORDER (build it or set REORDER)" >&2; exit 2; }

# name -> why reorder's output differs from keep-sorted's on purpose. The
# defects reorder fixes (a TOML array's closing `]` de-duplicated,
# keep-sorted#10; `*` and `-` bullets ordered by their marker, #131; CRs
# sorted with the text; blank lines counted as items of a comma list) show
# in no golden, so none is listed; the unit tests
# (Tests/ReorderKitTests/Blocks/KeepSorted*Tests.swift) cover them.
declare -A DIFFERS_ON_PURPOSE=()

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

passed=0 failed=0 on_purpose=0
failures=()
for input in "$suite"/goldens/*.in; do
    name=$(basename "$input" .in)
    expected="$suite/goldens/$name.out"
    errors="$suite/goldens/$name.err"
    why=()

    "$REORDER" fix --marker keep-sorted-test - <"$input" >"$work/out" 2>"$work/err"
    status=$?
    cmp -s "$work/out" "$expected" || why+=("output differs from $name.out")

    "$REORDER" fix --marker keep-sorted-test - <"$work/out" >"$work/again" 2>/dev/null
    cmp -s "$work/again" "$work/out" || why+=("a second run changes the output")

    # The lines warned about, one a line, sorted.
    actual=$(sed -n 's/^reorder: <stdin>:\([0-9][0-9]*\): .*/\1/p' "$work/err" | sort -n | tr '\n' ' ')
    if [ -f "$errors" ]; then
        wanted=$(sed -n -e 's/.* line=\([0-9][0-9]*\)$/\1/p' -e 's/.*\[start,end\]=\[\([0-9][0-9]*\),.*/\1/p' "$errors" | sort -n | tr '\n' ' ')
        [ "$actual" = "$wanted" ] || why+=("warned about lines [ $actual] instead of [ $wanted]")
        [ "$status" -eq 1 ] || why+=("exit status $status instead of 1")
    else
        [ -z "$actual" ] && [ ! -s "$work/err" ] || why+=("warned: $(head -c 300 "$work/err")")
        [ "$status" -eq 0 ] || why+=("exit status $status instead of 0")
    fi

    if [ ${#why[@]} -eq 0 ]; then
        passed=$((passed + 1))
    elif [ -n "${DIFFERS_ON_PURPOSE[$name]:-}" ]; then
        on_purpose=$((on_purpose + 1))
        echo "DIFFERS ON PURPOSE $name: ${DIFFERS_ON_PURPOSE[$name]}"
    else
        failed=$((failed + 1))
        failures+=("$name")
        echo "FAIL $name: $(IFS=';'; echo "${why[*]}")"
        diff <(cat -A "$expected") <(cat -A "$work/out") | head -20 | sed 's/^/    /'
    fi
done

if [ "$on_purpose" -eq 0 ]; then
    purpose="none differs on purpose: reorder's fixes of keep-sorted's defects change no golden"
else
    purpose="$on_purpose differ on purpose (above)"
fi
echo "keep-sorted: $passed passed, $failed failed; $purpose"
[ "$failed" -eq 0 ]
