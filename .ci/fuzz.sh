#!/usr/bin/env bash
# CI: the fuzz targets (Fuzz/), each for FUZZ_SECONDS (60 unless set
# higher) from its corpus in Fuzz/corpus; the differential fuzzer of the
# YAML, TOML and JSONC readers (Tests/fuzz-formats) for a fixed seed and
# number of cases; and, beside them, the tests under AddressSanitizer then
# under ThreadSanitizer (see the Makefile). Every step runs; each prints one
# line, and the script exits 1 if any failed.
# Needs the Swift toolchain (its clang has libFuzzer) and make, and for
# fuzz-formats the Python environment that make test sets up in
# .build/test-tools (PyYAML, ruamel.yaml); this script installs nothing.
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

# The fuzzers, then the differential fuzzer, one after another on one core,
# beside the sanitizers' tests (which wait on the programs they start): their
# lines are printed when all is done.
fuzzing() {
    local failed=0 start=$SECONDS
    if quietly "$logs/fuzz-build.log" make --no-print-directory -j"$(nproc)" fuzz-build; then
        echo "fuzz-build: $((SECONDS - start))s"
        make --no-print-directory fuzz FUZZ_SECONDS="$seconds" FUZZ_JOBS=1 || failed=1
    else
        echo "fuzz-build: failed"
        failed=1
    fi

    # The format readers' differential fuzzer: a fixed seed and case count
    # (about a minute here), run on the release build. It fails on any finding
    # but the classes of its KNOWN table (Tests/fuzz-formats/FINDINGS.md says
    # which, and why), YAML's accepted invalid streams included.
    start=$SECONDS
    python=.build/test-tools/bin/python3
    [ -x "$python" ] || python=python3
    if ! "$python" -c 'import yaml, ruamel.yaml, tomllib' 2>/dev/null; then
        echo "fuzz-formats: failed (no Python with PyYAML, ruamel.yaml and tomllib: run make test first, which sets up .build/test-tools)"
        failed=1
    elif ! quietly "$logs/fuzz-formats-build.log" swift build -c release --static-swift-stdlib -Xswiftc -static-executable; then
        echo "fuzz-formats: failed (the release build failed)"
        failed=1
    else
        status=0
        "$python" Tests/fuzz-formats/fuzz.py --reorder .build/release/reorder \
            --seed "${FUZZ_FORMATS_SEED:-2}" --cases "${FUZZ_FORMATS_CASES:-4000}" \
            --quiet --keep "$logs/fuzz-formats" > "$logs/fuzz-formats.log" 2>&1 || status=$?
        grep -E '^FINDING' "$logs/fuzz-formats.log" | head -n 20
        line=$(grep -E '^fuzz-formats: [0-9]+ passed, [0-9]+ failed' "$logs/fuzz-formats.log" | tail -n 1)
        [ -n "$line" ] || { tail -n 20 "$logs/fuzz-formats.log"; line="fuzz-formats: 0 passed, 1 failed"; }
        echo "$line ($((SECONDS - start))s)$([ "$status" -ne 0 ] && echo ", exit $status")"
        [ "$status" -eq 0 ] || failed=1
    fi
    return "$failed"
}
fuzzing > "$logs/fuzzing.out" 2>&1 &
fuzzing_pid=$!

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

wait "$fuzzing_pid" || failed=1
cat "$logs/fuzzing.out"
exit "$failed"
