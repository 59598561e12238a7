#!/usr/bin/env bash
# Moves between files (`reorder move FROM TO -p LIST --to-file OTHER`): the
# real tasks on real files in ../shared/thirdparty (read where they are,
# each pair edited in copies in a temporary folder), judged by each
# format's own parser (Tests/conformance/between_files.py says how).
#
#   Tests/conformance/between-files.sh    # REORDER=path/to/reorder to choose the binary
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
suite="$root/../shared/thirdparty"
if [ ! -d "$suite" ]; then
    echo "between-files: no $suite; nothing to run"
    exit 0
fi
exec python3 "$root/Tests/conformance/between_files.py" --reorder "${REORDER:-$root/.build/debug/reorder}" "$suite"
