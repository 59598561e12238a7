#!/usr/bin/env bash
# Runs the built reorder on every file of JSONTestSuite (Nicolas Seriot's
# parsing tests) when ../shared/thirdparty/jsontestsuite exists beside the
# repository: y_ files must be accepted (exit 0), n_ files rejected (exit 2),
# i_ files may go either way; none may crash (an exit status above 2, or a
# signal). The data stays outside the repository.
#
#   REORDER=path/to/reorder Tests/conformance/jsontestsuite.sh [DIR]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
suite=${1:-$root/../shared/thirdparty/jsontestsuite}
reorder=${REORDER:-$root/.build/debug/reorder}

if [ ! -d "$suite" ]; then
    echo "jsontestsuite: $suite not found; skipped"
    exit 0
fi
if [ ! -x "$reorder" ]; then
    echo "jsontestsuite: $reorder is not built (swift build, or set REORDER)" >&2
    exit 2
fi

passed=0
failed=0
fail() {
    failed=$((failed + 1))
    echo "FAIL $1: $2"
}

shopt -s nullglob
for file in "$suite"/y_*.json "$suite"/n_*.json "$suite"/i_*.json; do
    name=$(basename "$file")
    "$reorder" reverse --json "$file" -o - >/dev/null 2>/tmp/jsontestsuite.$$.err
    status=$?
    if [ $status -gt 2 ]; then
        fail "$name" "crashed (exit status $status): $(head -c 200 /tmp/jsontestsuite.$$.err)"
        continue
    fi
    case $name in
        y_*)
            # Valid JSON whose root is not an array is rejected for that
            # reason only, which is still an accepted document.
            if [ $status -eq 0 ] || grep -q "not an array" /tmp/jsontestsuite.$$.err; then
                passed=$((passed + 1))
            else
                fail "$name" "valid JSON rejected: $(cat /tmp/jsontestsuite.$$.err)"
            fi ;;
        n_*)
            if [ $status -eq 2 ] && ! grep -q "not an array" /tmp/jsontestsuite.$$.err; then
                passed=$((passed + 1))
            else
                fail "$name" "invalid JSON accepted (exit status $status)"
            fi ;;
        i_*)
            passed=$((passed + 1)) ;;
    esac
done
rm -f /tmp/jsontestsuite.$$.err

echo "jsontestsuite: $passed passed, $failed failed"
[ $failed -eq 0 ]
