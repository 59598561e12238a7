#!/usr/bin/env bash
# Moves between lists (`reorder move FROM TO -p LIST --to DEST`): the real
# tasks on real files in ../shared/thirdparty (read where they are, each
# edited in a copy in a temporary folder), judged by each format's own
# parser (Tests/conformance/between_lists.py says how).
#
#   Tests/conformance/between-lists.sh    # REORDER=path/to/reorder to choose the binary
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
suite="$root/../shared/thirdparty"
if [ ! -d "$suite" ]; then
    echo "between-lists: no $suite; nothing to run"
    exit 0
fi
exec python3 "$root/Tests/conformance/between_lists.py" --reorder "${REORDER:-$root/.build/debug/reorder}" "$suite"
