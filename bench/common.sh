# Shared by the bench scripts: where the data goes, which reorder to time,
# and how to measure peak memory. Source it; don't run it.
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)
DATA="$BENCH_DIR/data"
mkdir -p "$DATA"

# The release build with the standard library linked statically, as users
# install it (make build).
if [ -z "${REORDER:-}" ]; then
    (cd "$ROOT" && swift build -c release --static-swift-stdlib -Xswiftc -static-executable >/dev/null 2>&1)
    REORDER="$ROOT/.build/release/reorder"
fi
export REORDER

need() {
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "bench: '$tool' is needed (apt-get install $tool)" >&2; exit 2; }
    done
}
need hyperfine python3

have() { command -v "$1" >/dev/null; }

# peak_rss LABEL COMMAND...: the peak resident set size of COMMAND, in MiB.
peak_rss() {
    local label=$1; shift
    local kib
    kib=$( /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1 )
    printf '  %-28s %8.1f MiB\n' "$label" "$(echo "$kib / 1024" | bc -l)"
}
