#!/usr/bin/env bash
# CI: the code and the tests build with no compiler warning. The debug build
# is made again from nothing (a file compiled before would not show its
# warnings again), and `make test` then uses it as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .build/debug "$(swift build --show-bin-path)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift build --build-tests >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    cat "$log" >&2
    echo "no-warnings.sh: the build failed" >&2
    exit 1
fi
if grep -q 'warning:' "$log"; then
    # Each warning once (a file's warning is printed for each of its build
    # steps).
    grep 'warning:' "$log" | sort -u >&2
    echo "no-warnings.sh: the build prints a warning; fix it (CI builds with none)" >&2
    exit 1
fi
echo "no-warnings.sh: swift build --build-tests: no warning"
