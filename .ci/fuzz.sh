#!/usr/bin/env bash
# CI: the fuzz targets (Fuzz/), each for FUZZ_SECONDS (60 unless set
# higher) from its corpus in Fuzz/corpus, then the tests under
# AddressSanitizer and under ThreadSanitizer (see the Makefile). Every step
# runs; each prints one line, and the script exits 1 if any failed.
# Needs only the Swift toolchain (its clang has libFuzzer) and make.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
if [ "$seconds" -lt 60 ]; then seconds=60; fi
failed=0
logs=.build/ci-fuzz
mkdir -p "$logs"

# Quiet when it works; the log's end when it does not.
quietly() {
    local log=$1
    shift
    "$@" > "$log" 2>&1 && return 0
    grep -v '^/usr/bin/ld.gold: warning' "$log" | tail -n 60
    return 1
}

# The closing line of a test run: passed, failed and skipped, and its time.
summary() {
    local name=$1 log=$2 status=$3 elapsed=$4
    local line
    line=$(grep -E 'Executed [0-9]+ tests?, with' "$log" | tail -n 1)
    local executed skipped failures
    executed=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<< "$line")
    skipped=$(sed -nE 's/.*with ([0-9]+) tests? skipped.*/\1/p' <<< "$line")
    failures=$(sed -nE 's/.* ([0-9]+) failures?.*/\1/p' <<< "$line")
    skipped=${skipped:-0}
    echo "$name: $((${executed:-0} - skipped - ${failures:-0})) passed, ${failures:-?} failed, $skipped skipped" \
        "($((elapsed / 60))m$((elapsed % 60))s)$([ "$status" -ne 0 ] && echo ", exit $status")"
}

start=$SECONDS
if quietly "$logs/fuzz-build.log" make --no-print-directory -j"$(nproc)" fuzz-build; then
    echo "fuzz-build: $((SECONDS - start))s"
    make --no-print-directory fuzz FUZZ_SECONDS="$seconds" || failed=1
else
    echo "fuzz-build: failed"
    failed=1
fi

for sanitizer in asan tsan; do
    start=$SECONDS
    status=0
    make --no-print-directory "test-$sanitizer" > "$logs/test-$sanitizer.log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        grep -E 'error:|Sanitizer|SUMMARY' "$logs/test-$sanitizer.log" | grep -v '^/usr/bin/ld.gold' | head -n 40
        failed=1
    fi
    summary "swift-test-$sanitizer" "$logs/test-$sanitizer.log" "$status" $((SECONDS - start))
done

exit "$failed"
