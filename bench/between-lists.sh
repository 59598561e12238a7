#!/usr/bin/env bash
# The cost of a move between two lists of one file against a move within
# one list, on a 100 000-item list (JSON and YAML): `reorder move 0 -1 -p
# /a` beside `reorder move 0 -1 -p /a --to /b`, /b a list of 1 000 items
# after /a. Each command is run $RUNS times (default 11) through
# Python's subprocess, output to a file; the median of each is printed,
# and the ratio, which must stay within 2×.
#
#   REORDER=path/to/reorder RUNS=11 ITEMS=100000 bench/between-lists.sh
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)
DATA="$BENCH_DIR/data"
mkdir -p "$DATA"
if [ -z "${REORDER:-}" ]; then
    (cd "$ROOT" && swift build -c release --static-swift-stdlib -Xswiftc -static-executable >/dev/null 2>&1)
    REORDER="$ROOT/.build/release/reorder"
fi
items=${ITEMS:-100000}
runs=${RUNS:-11}

python3 - "$REORDER" "$DATA" "$items" "$runs" <<'PY'
import os, statistics, subprocess, sys, time
reorder, data, items, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
other = 1000

def make(path, write):
    if not os.path.exists(path):
        with open(path + ".tmp", "w") as out:
            write(out)
        os.rename(path + ".tmp", path)

def json_file(out):
    out.write('{\n  "a": [\n')
    out.write(",\n".join('    {"id": %d, "name": "item %07d"}' % (i, i) for i in range(items)))
    out.write('\n  ],\n  "b": [\n')
    out.write(",\n".join('    {"id": %d, "name": "other %07d"}' % (i, i) for i in range(other)))
    out.write("\n  ]\n}\n")

def yaml_file(out):
    out.write("a:\n")
    for i in range(items):
        out.write("  - id: %d\n    name: item %07d\n" % (i, i))
    out.write("b:\n")
    for i in range(other):
        out.write("  - id: %d\n    name: other %07d\n" % (i, i))

def time_of(command):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            sys.exit("bench: %s failed: %s" % (" ".join(command), result.stderr.decode()))
    return statistics.median(times)

print(f"a move of one item on a {items}-item list, median of {runs} runs ({reorder})")
print("| format | within one list | to another list | ratio |")
print("|---|---|---|---|")
worst = 0.0
for name, ext, write in [("JSON", "json", json_file), ("YAML", "yaml", yaml_file)]:
    path = os.path.join(data, f"between-{items}.{ext}")
    make(path, write)
    out = os.path.join(data, f"between-out.{ext}")
    within = time_of([reorder, "move", "0", "-1", "-p", "/a", path, "-o", out])
    between = time_of([reorder, "move", "0", "-1", "-p", "/a", "--to", "/b", path, "-o", out])
    ratio = between / within
    worst = max(worst, ratio)
    print(f"| {name} | {within * 1000:.1f} ms | {between * 1000:.1f} ms | {ratio:.2f} × |", flush=True)
    os.remove(out)
print(f"goal: within 2 ×: {'met' if worst <= 2 else 'NOT met'} (worst {worst:.2f} ×)")
PY
