#!/usr/bin/env bash
# Markdown: the real .md files in ../shared/thirdparty (relative to the
# repository; read where they are, never copied), every list of each edited
# with every command and judged by markdown-it-py and byte for byte
# (Tests/conformance/markdown.py says how).
#
#   Tests/conformance/markdown.sh    # REORDER=path/to/reorder to choose the binary
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
suite="$root/../shared/thirdparty"
if [ ! -d "$suite" ]; then
    echo "markdown: no $suite; nothing to run"
    exit 0
fi
exec python3 "$root/Tests/conformance/markdown.py" --reorder "${REORDER:-$root/.build/debug/reorder}" "$suite"
