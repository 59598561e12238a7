#!/usr/bin/env bash
# `reorder sort` of a YAML sequence of 100 000 mappings (about 10 MB) by a
# key inside each entry, side by side with the peers that can sort it:
# Python with PyYAML (load, sort, dump — which re-prints the file and drops
# its comments) and yq where it is installed. Debian's `yq` package is
# kislyuk/yq, the Python wrapper around jq (`apt-get install yq`), not
# mikefarah's Go yq; it re-prints the file too. Then peak memory.
source "$(dirname "$0")/common.sh"
count=${ENTRIES:-100000}
big="$DATA/entries-$count.yaml"
if [ ! -f "$big" ]; then
    echo "generating $big ..."
    python3 - "$count" "$big" <<'PY'
import random, sys
count, path = int(sys.argv[1]), sys.argv[2]
random.seed(7)
with open(path, "w") as out:
    out.write("# services, one entry each\nservices:\n")
    for i in range(count):
        if i % 50 == 0:
            out.write("  # group %d\n" % (i // 50))
        out.write("  - name: svc-%07d\n    image: registry.example.org/team/app:%d.%d\n"
                  "    replicas: %d\n    ports: [80, 443]\n" % (random.randrange(count * 10), i % 7, i % 13, i % 5 + 1))
PY
fi
# The same entries as a JSON array: the issue's goal is YAML within 1.5 ×
# of reorder's own sort of the same items as JSON, in the same run.
json="$DATA/entries-$count.json"
if [ ! -f "$json" ] || [ "$json" -ot "$big" ]; then
    python3 - "$big" "$json" <<'PY'
import json, re, sys
entries, current = [], None
for line in open(sys.argv[1]):
    m = re.match(r"  - name: (\S+)", line)
    if m:
        current = {"name": m.group(1)}
        entries.append(current)
        continue
    m = re.match(r"    (\w+): (.*)", line)
    if m and current is not None:
        key, value = m.groups()
        current[key] = json.loads(value) if key in ("replicas", "ports") else value
with open(sys.argv[2], "w") as out:
    out.write("[\n" + ",\n".join("  " + json.dumps(e) for e in entries) + "\n]\n")
PY
fi
python3 -c 'import yaml' 2>/dev/null || { echo "bench: PyYAML is needed (pip install pyyaml)" >&2; exit 2; }
size=$(stat -c %s "$big")
echo "file: $count entries, $size bytes"
out="$DATA/out.yaml"
cat "$big" > /dev/null
commands=(
    -n reorder "$REORDER sort -p /services --key /name $big -o - > $out"
    -n 'reorder, the same items as JSON' "$REORDER sort --key /name $json -o - > $out.json"
    -n 'python3 + PyYAML' "python3 -c 'import sys,yaml;d=yaml.load(open(sys.argv[1]),Loader=getattr(yaml,\"CSafeLoader\",yaml.SafeLoader));d[\"services\"].sort(key=lambda e:e[\"name\"]);yaml.dump(d,open(sys.argv[2],\"w\"),Dumper=getattr(yaml,\"CSafeDumper\",yaml.SafeDumper),sort_keys=False)' $big $out"
)
if have yq; then
    commands+=(-n yq "yq -y '.services |= sort_by(.name)' $big > $out")
fi
hyperfine --warmup 1 --runs ${RUNS:-5} --style basic "${commands[@]}" --export-json "$DATA/yaml.json" >/dev/null
python3 "$BENCH_DIR/summarize.py" "$DATA/yaml.json" "reorder"
echo
echo "peak memory:"
peak_rss reorder "$REORDER" sort -p /services --key /name "$big" -o "$out"
peak_rss 'reorder, as JSON' "$REORDER" sort --key /name "$json" -o "$out.json"
rm -f "$out" "$out.json"
