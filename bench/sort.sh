#!/usr/bin/env bash
# `reorder sort` of lines, side by side with `LC_ALL=C sort -s` (GNU sort,
# both cores, its default), on three shapes of a million lines:
#   shared  `line %08d i%06d`, numbers shuffled: every line shares its
#           first bytes with many others (the case a prefix+memcmp sort
#           is slow on);
#   hex     `%032x` random;
#   real    every file under ../shared/thirdparty beside the repository
#           (THIRDPARTY=...) concatenated, carriage returns and NULs taken
#           out (reorder reads CR LF as a line's end; sort compares the CR),
#           its lines repeated to a million (skipped when it is absent);
# and, with BIG=1, ten million shared-prefix lines. Medians of RUNS (3)
# runs; then peak memory. "reorder, one core" is reorder under taskset -c 0
# (its second thread on the same core). BEFORE=/path/to/reorder adds that
# binary (say, main's) to every table, to compare in the same run.
source "$(dirname "$0")/common.sh"
need awk shuf sort bc
export LC_ALL=C
runs=${RUNS:-3}
thirdparty=${THIRDPARTY:-$(cd "$BENCH_DIR/../.." && pwd)/shared/thirdparty}

shared() {  # shared COUNT FILE
    seq 0 $(( $1 - 1 )) | shuf --random-source=<(yes) |
        awk '{ printf "line %08d i%06d\n", $1, NR % 1000000 }' > "$2"
}
hex() {  # hex COUNT FILE
    python3 -c 'import random,sys
r = random.Random(1); n = int(sys.argv[1])
sys.stdout.write("".join("%032x\n" % r.getrandbits(128) for _ in range(n)))' "$1" > "$2"
}
real() {  # real COUNT FILE
    find "$thirdparty" -type f -print0 | sort -z | xargs -0 cat | tr -d '\000\r' |
        awk -v n="$1" '{ l[c++] = $0 } END { if (c) for (i = 0; i < n; i++) print l[i % c] }' > "$2"
}

shapes=(shared hex)
[ -d "$thirdparty" ] && shapes+=(real)
for shape in "${shapes[@]}"; do
    file="$DATA/sort-$shape-1000000.txt"
    [ -f "$file" ] || { echo "generating $file ..."; "$shape" 1000000 "$file"; }
done
if [ "${BIG:-0}" = 1 ]; then
    file="$DATA/sort-shared-10000000.txt"
    [ -f "$file" ] || { echo "generating $file ..."; shared 10000000 "$file"; }
fi

out="$DATA/out.txt"
bench_one() {  # bench_one SHAPE COUNT
    local file="$DATA/sort-$1-$2.txt"
    cat "$file" > /dev/null
    echo
    echo "## $1, $2 lines ($(( $(stat -c %s "$file") / 1048576 )) MiB)"
    local commands=(-n "sort -s" "sort -s $file > $out" -n reorder "$REORDER sort $file -o - > $out")
    # One core: what the second thread is worth.
    have taskset && commands+=(-n "reorder, one core" "taskset -c 0 $REORDER sort $file -o - > $out")
    [ -n "${BEFORE:-}" ] && commands+=(-n "reorder (before)" "$BEFORE sort $file -o - > $out")
    hyperfine --warmup 1 --runs "$runs" --style basic "${commands[@]}" --export-json "$DATA/sort.json" >/dev/null
    python3 "$BENCH_DIR/summarize.py" "$DATA/sort.json" "sort -s"
    # The same bytes as sort -s: a benchmark of a wrong sort is worth nothing.
    cmp -s <(sort -s "$file") <("$REORDER" sort "$file" -o -) || echo "  DIFFERENT OUTPUT from sort -s"
    echo "peak memory:"
    peak_rss "sort -s" sort -s "$file"
    peak_rss reorder "$REORDER" sort "$file" -o -
    [ -n "${BEFORE:-}" ] && peak_rss "reorder (before)" "$BEFORE" sort "$file" -o -
    return 0
}
for shape in "${shapes[@]}"; do bench_one "$shape" 1000000; done
[ "${BIG:-0}" = 1 ] && bench_one shared 10000000
rm -f "$out"
