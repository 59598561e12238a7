#!/usr/bin/env bash
# `reorder lsp`: how long diagnostics take to arrive after an incremental
# change of a 100 000-line package.json (2.7 MB) in a repository whose
# policy names its /dependencies: one dependency inserted out of order in
# the middle, then that line changed, five times; the median and the five
# figures (Tests/lsp/client.py's latency); then a 100 000-line document
# with 1 000 lists, in two shapes (a source file with 1 000 keep-sorted
# blocks; a JSON file whose rule names its lists with a `*`), 24
# keystrokes typed one at a time into an item of the middle list, the
# median time from each to its diagnostics (the goal: one frame at 60 Hz,
# 16 ms). ROUNDS (1) servers in turn; BEFORE=OTHER_REORDER times another
# build too, in the same run (side by side: the build of an older commit).
# Builds nothing: it times the release build as `swift build -c release`
# left it, or REORDER.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
REORDER=${REORDER:-$ROOT/.build/release/reorder}
if [ ! -x "$REORDER" ]; then
    echo "bench: no $REORDER (swift build -c release first, or set REORDER)" >&2
    exit 2
fi
source "$(dirname "$0")/common.sh"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) processors"
for _ in $(seq "${ROUNDS:-1}"); do
    if [ -n "${BEFORE:-}" ]; then
        REORDER=$BEFORE python3 "$ROOT/Tests/lsp/client.py" --latency-only
    fi
    python3 "$ROOT/Tests/lsp/client.py" --latency-only
done
