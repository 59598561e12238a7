#!/usr/bin/env bash
# `reorder sort`'s groups side by side with keep-sorted's prefix_order
# goldens (../shared/thirdparty/keep-sorted/goldens), isort's sections and
# go.mod-style comment-headed groups (Tests/conformance/group_peers.py says
# what is compared).
#
#   Tests/conformance/group-peers.sh    # REORDER=path/to/reorder to choose the binary
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
exec python3 "$root/Tests/conformance/group_peers.py" --reorder "${REORDER:-$root/.build/debug/reorder}"
