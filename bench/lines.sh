#!/usr/bin/env bash
# `reorder move 0 -1` on a 10-million-line file (~376 MB), side by side with
# cp of the same file and with the peers that can do the same move: a
# head/tail pipeline, sed, awk, python3. Then peak memory.
source "$(dirname "$0")/common.sh"
need awk sed head tail bc
lines=${LINES_COUNT:-10000000}
big="$DATA/lines-$lines.txt"
if [ ! -f "$big" ]; then
    echo "generating $big ..."
    awk -v n="$lines" 'BEGIN { for (i = 0; i < n; i++) printf "item %08d: the quick brown fox j\n", i }' > "$big"
fi
size=$(stat -c %s "$big")
echo "file: $lines lines, $size bytes"
out="$DATA/out.txt"
cat "$big" > /dev/null   # warm the page cache

hyperfine --warmup 2 --runs ${RUNS:-10} --style basic \
    -n cp "cp $big $out" \
    -n reorder "$REORDER move 0 -1 $big -o - > $out" \
    -n 'reorder -o FILE' "$REORDER move 0 -1 $big -o $out" \
    -n 'head/tail' "{ tail -n +2 $big; head -n 1 $big; } > $out" \
    -n sed "sed -n '1h;1!p;\${x;p}' $big > $out" \
    -n awk "awk 'NR==1{f=\$0;next}{print}END{print f}' $big > $out" \
    -n python3 "python3 -c 'import sys;l=open(sys.argv[1],\"rb\").readlines();l.append(l.pop(0));open(sys.argv[2],\"wb\").writelines(l)' $big $out" \
    --export-json "$DATA/lines.json" >/dev/null
python3 "$BENCH_DIR/summarize.py" "$DATA/lines.json" "cp"

echo
echo "peak memory (budget for reorder: file + 16 bytes/line + 16 MiB = $(( (size + 16 * lines) / 1048576 + 16 )) MiB):"
peak_rss reorder "$REORDER" move 0 -1 "$big" -o "$out"
peak_rss python3 python3 -c 'import sys;l=open(sys.argv[1],"rb").readlines();l.append(l.pop(0));open(sys.argv[2],"wb").writelines(l)' "$big" "$out"
rm -f "$out"
