#!/usr/bin/env bash
# `reorder sort` of JSON side by side with jq, in one run: an array of
# 100 000 objects by `--key /name` (jq 'sort_by(.name)', which re-prints
# the document) and the members of an object of 100 000 keys (`jq -S .`,
# which sorts every object's keys and re-prints). Then peak memory.
source "$(dirname "$0")/common.sh"
need jq
count=${ENTRIES:-100000}
array="$DATA/services-$count.json"
object="$DATA/members-$count.json"
if [ ! -f "$array" ] || [ ! -f "$object" ]; then
    echo "generating $array and $object ..."
    python3 - "$count" "$array" "$object" <<'PY'
import json, random, sys
count, array, object_ = int(sys.argv[1]), sys.argv[2], sys.argv[3]
random.seed(7)
names = random.sample(range(count * 10), count)
with open(array, "w") as out:
    out.write("[\n" + ",\n".join(
        '  {"name": "svc-%07d", "image": "registry.example.org/team/app:%d.%d", "replicas": %d, "ports": [80, 443]}'
        % (n, i % 7, i % 13, i % 5 + 1) for i, n in enumerate(names)) + "\n]\n")
with open(object_, "w") as out:
    out.write("{\n" + ",\n".join('  "package-%07d": "^%d.%d.%d"' % (n, i % 7, i % 13, i % 5)
                                  for i, n in enumerate(names)) + "\n}\n")
PY
fi
out="$DATA/out.json"
for kind in array object; do
    if [ $kind = array ]; then
        big=$array
        commands=(-n reorder "$REORDER sort --key /name $big -o - > $out" -n jq "jq 'sort_by(.name)' $big > $out"
                  -n 'reorder -o (atomic, fsync)' "$REORDER sort --key /name $big -o $out")
        echo "file: $count objects in an array, sorted by --key /name ($(stat -c %s "$big") bytes)"
    else
        big=$object
        commands=(-n reorder "$REORDER sort $big -o - > $out" -n 'jq -S' "jq -S . $big > $out"
                  -n 'reorder -o (atomic, fsync)' "$REORDER sort $big -o $out")
        echo "file: an object of $count members, sorted by key ($(stat -c %s "$big") bytes)"
    fi
    cat "$big" > /dev/null
    hyperfine --warmup 1 --runs "${RUNS:-5}" --style basic "${commands[@]}" --export-json "$DATA/json-sort-$kind.json" >/dev/null
    python3 "$BENCH_DIR/summarize.py" "$DATA/json-sort-$kind.json" "reorder"
    echo
    echo "peak memory:"
    if [ $kind = array ]; then
        peak_rss reorder "$REORDER" sort --key /name "$big" -o "$out"
        peak_rss jq jq 'sort_by(.name)' "$big"
    else
        peak_rss reorder "$REORDER" sort "$big" -o "$out"
        peak_rss 'jq -S' jq -S . "$big"
    fi
    echo
done
rm -f "$out"
