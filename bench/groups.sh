#!/usr/bin/env bash
# The cost of sorting within comment-headed groups, against the same sort
# of the whole list, and the peers that sort such files: on a lines file
# of 100 000 items in 1 000 groups under '# group N' headings, and on a
# TOML array and a YAML sequence of the same shape. Side by side:
#
#   reorder sort --groups comments            the headings stay
#   reorder sort                              the whole list (headings move)
#   sort (GNU coreutils, LC_ALL=C)            the whole list, lines only
#   python3 (a grouped sort of the lines)     what a script would do
#
# Each command runs $RUNS times (default 11), output to a file; the median
# of each is printed, and the ratio of the grouped sort to the plain one.
#
#   REORDER=path/to/reorder RUNS=11 ITEMS=100000 bench/groups.sh
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
import os, random, statistics, subprocess, sys, time
reorder, data, items, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
groups = 1000
random.seed(46)
names = ["pkg-%07d" % random.randrange(10 ** 7) for _ in range(items)]

def make(path, write):
    if not os.path.exists(path):
        with open(path + ".tmp", "w") as out:
            write(out)
        os.rename(path + ".tmp", path)

def headed(prefix, item, suffix=""):
    def write(out):
        for g in range(groups):
            out.write("%s# group %d\n" % (prefix, g))
            for name in names[g * items // groups:(g + 1) * items // groups]:
                out.write(item % name + "\n")
        out.write(suffix)
    return write

lines = os.path.join(data, "groups-%d.txt" % items)
toml = os.path.join(data, "groups-%d.toml" % items)
yaml = os.path.join(data, "groups-%d.yaml" % items)
make(lines, headed("", "%s==1.0"))
def toml_file(out):
    out.write("dependencies = [\n")
    headed("    ", '    "%s",')(out)
    out.write("]\n")
make(toml, toml_file)
def yaml_file(out):
    out.write("dependencies:\n")
    headed("  ", "  - %s")(out)
make(yaml, yaml_file)

grouped_py = r'''
import sys
out, group = [], []
for line in open(sys.argv[1], "rb"):
    if line.startswith(b"#"):
        out += sorted(group); group = []; out.append(line)
    else:
        group.append(line)
out += sorted(group)
open(sys.argv[2], "wb").write(b"".join(out))
'''
out = os.path.join(data, "groups.out")

def median(command, env=None):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)

c = dict(os.environ, LC_ALL="C")
rows = [
    ("lines", "reorder sort --groups comments --comment '#'", [reorder, "sort", "--groups", "comments", "--comment", "#", "-o", out, lines]),
    ("lines", "reorder sort", [reorder, "sort", "-o", out, lines]),
    ("lines", "sort (GNU, LC_ALL=C)", ["sort", "-o", out, lines]),
    ("lines", "python3 grouped sort", [sys.executable, "-c", grouped_py, lines, out]),
    ("toml", "reorder sort --groups comments", [reorder, "sort", "--groups", "comments", "-p", "/dependencies", "-o", out, toml]),
    ("toml", "reorder sort", [reorder, "sort", "-p", "/dependencies", "-o", out, toml]),
    ("yaml", "reorder sort --groups comments", [reorder, "sort", "--groups", "comments", "-p", "/dependencies", "-o", out, yaml]),
    ("yaml", "reorder sort", [reorder, "sort", "-p", "/dependencies", "-o", out, yaml]),
]
results = {}
print("%d items in %d headed groups, median of %d runs" % (items, groups, runs))
for fmt, label, command in rows:
    seconds = median(command, env=c)
    results[(fmt, label)] = seconds
    print("%-6s %-46s %8.3f s" % (fmt, label, seconds))
for fmt in ("lines", "toml", "yaml"):
    grouped = [v for (f, l), v in results.items() if f == fmt and "--groups" in l][0]
    plain = results[(fmt, "reorder sort")]
    print("%-6s grouped / plain: %.2f×" % (fmt, grouped / plain))
PY
