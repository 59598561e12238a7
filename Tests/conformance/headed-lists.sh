#!/usr/bin/env bash
# The lists with comment headings in the real files of
# ../shared/thirdparty/realworld*/ (Tests/conformance/headed_lists.py finds
# them and says how each is judged), each sorted with
# `reorder sort --groups comments`: every heading stays on its line, each
# group is sorted, nothing else changes, a second sort changes nothing.
#
#   Tests/conformance/headed-lists.sh    # REORDER=path/to/reorder to choose the binary
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
suite="$root/../shared/thirdparty"
if [ ! -d "$suite" ]; then
    echo "headed-lists: no $suite; nothing to run"
    exit 0
fi
exec python3 "$root/Tests/conformance/headed_lists.py" --sort --quiet --reorder "${REORDER:-$root/.build/debug/reorder}"
