#!/usr/bin/env bash
# Runs one fuzz target (built by `make fuzz-build`) for SECONDS from a copy
# of its seed corpus, so that the inputs it adds stay out of the repository,
# with its dictionary (Fuzz/TARGET.dict) of tokens libFuzzer splices in.
# Prints "fuzz TARGET: N executions, 0 crashes"; on a crash, a timeout or a
# leak, prints the end of libFuzzer's log and the saved input, and fails.
#
#   Fuzz/run.sh TARGET SECONDS [BUILD_DIRECTORY]
set -euo pipefail
target=$1 seconds=$2 build=${3:-.build/fuzz}
cd "$(dirname "$0")/.."

binary="$build/fuzz-$target"
corpus="$build/corpus/$target"
artifacts="$build/artifacts/$target"
log="$build/logs/$target.log"
rm -rf "$corpus" "$artifacts"
mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
cp Fuzz/corpus/"$target"/* "$corpus"/

# The Swift runtime's own crash report would hold libFuzzer up for minutes;
# libFuzzer and ASan report crashes themselves.
dictionary=()
if [ -f "Fuzz/$target.dict" ]; then dictionary=("-dict=Fuzz/$target.dict"); fi
status=0
SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -timeout=20 -print_final_stats=1 \
    "${dictionary[@]}" -artifact_prefix="$artifacts/" "$corpus" > "$log" 2>&1 || status=$?

executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
if [ "$status" -eq 0 ]; then
    echo "fuzz $target: ${executions:-0} executions, 0 crashes"
    exit 0
fi
tail -n 40 "$log" | grep -v '^    #[0-9]' || true
echo "fuzz $target: ${executions:-?} executions, 1 crash (exit $status); input saved in $artifacts:"
ls -l "$artifacts"
echo "reproduce: SWIFT_BACKTRACE=enable=no $binary $artifacts/<file>"
exit 1
