#!/usr/bin/env bash
# `reorder move 0 -1` on a pretty-printed JSON array of 1 000 000 small
# objects (~110 MB), side by side with cp of the same file and with the peers
# that can do the same move: jq, gojq, python3. Then peak memory.
source "$(dirname "$0")/common.sh"
need bc
count=${ELEMENTS:-1000000}
big="$DATA/objects-$count.json"
if [ ! -f "$big" ]; then
    echo "generating $big ..."
    # Written out by hand rather than with json.dump so that generating does
    # not take longer than the benchmark.
    python3 - "$count" "$big" <<'EOF'
import sys
count, path = int(sys.argv[1]), sys.argv[2]
with open(path, "w") as out:
    out.write("[\n")
    for i in range(count):
        out.write('  {\n    "id": %d,\n    "name": "item %07d",\n    "tags": ["a", "b\\u00e9"],\n'
                  '    "price": %d.%02d\n  }%s\n'
                  % (i, i, i % 1000, i % 100, "," if i + 1 < count else ""))
    out.write("]\n")
EOF
fi
size=$(stat -c %s "$big")
echo "file: $count elements, $size bytes"
out="$DATA/out.json"
cat "$big" > /dev/null   # warm the page cache

commands=(
    -n cp "cp $big $out"
    -n reorder "$REORDER move 0 -1 $big -o - > $out"
)
have jq && commands+=(-n jq "jq '.[1:] + .[:1]' $big > $out")
have gojq && commands+=(-n gojq "gojq '.[1:] + .[:1]' $big > $out")
commands+=(-n python3 "python3 -c 'import json,sys;a=json.load(open(sys.argv[1]));a.append(a.pop(0));json.dump(a,open(sys.argv[2],\"w\"),indent=2)' $big $out")

# Every run writes 105 MB. `sync` before each (not timed) starts every run
# with no dirty pages: otherwise the kernel throttles whichever command
# happens to run once earlier runs' writes pile up, and the figures depend
# on the order of the commands.
hyperfine --warmup 1 --runs ${RUNS:-5} --prepare sync --style basic "${commands[@]}" \
    --export-json "$DATA/json.json" >/dev/null
python3 "$BENCH_DIR/summarize.py" "$DATA/json.json" "cp"

echo
echo "peak memory (budget for reorder: file + 32 bytes/element + 16 MiB = $(( (size + 32 * count) / 1048576 + 16 )) MiB):"
peak_rss reorder "$REORDER" move 0 -1 "$big" -o "$out"
have jq && peak_rss jq jq '.[1:] + .[:1]' "$big"
have gojq && peak_rss gojq gojq '.[1:] + .[:1]' "$big"
peak_rss python3 python3 -c 'import json,sys;a=json.load(open(sys.argv[1]));a.append(a.pop(0));json.dump(a,open(sys.argv[2],"w"),indent=2)' "$big" "$out"
rm -f "$out"
