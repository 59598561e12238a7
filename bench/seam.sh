#!/usr/bin/env bash
# Two builds of reorder side by side on the paths every change must keep as
# fast: lines and JSON arrays, a move and a sort each, and start-up; and
# a move and a sort each of a YAML sequence, a TOML table and a JSONC
# object with comments. Used to
# hold a refactoring (such as the format seam) to "no slower than noise".
#
#   bench/seam.sh OLD_BINARY [NEW_BINARY]      (NEW: this tree's release build)
source "$(dirname "$0")/common.sh"
old=${1:?usage: bench/seam.sh OLD_BINARY [NEW_BINARY]}
new=${2:-$REORDER}
lines=${LINES_COUNT:-1000000}
elements=${ELEMENTS:-200000}
text="$DATA/lines-$lines.txt"
json="$DATA/objects-$elements.json"
[ -f "$text" ] || awk -v n="$lines" 'BEGIN { srand(7); for (i = 0; i < n; i++) printf "item %08d: the quick brown fox j\n", int(rand() * n) }' > "$text"
if [ ! -f "$json" ]; then
    python3 - "$elements" "$json" <<'PY'
import sys, random
count, path = int(sys.argv[1]), sys.argv[2]
random.seed(7)
with open(path, "w") as out:
    out.write("[\n")
    for i in range(count):
        out.write('  {\n    "id": %d,\n    "name": "item %07d"\n  }%s\n' % (i, random.randrange(count), "," if i + 1 < count else ""))
    out.write("]\n")
PY
fi
yaml="$DATA/seam-services-${YAML_ENTRIES:=20000}.yaml"
toml="$DATA/seam-deps-${TOML_ENTRIES:=50000}.toml"
jsonc="$DATA/seam-settings-${JSONC_MEMBERS:=20000}.jsonc"
if [ ! -f "$yaml" ] || [ ! -f "$toml" ] || [ ! -f "$jsonc" ]; then
    python3 - "$YAML_ENTRIES" "$yaml" "$TOML_ENTRIES" "$toml" "$JSONC_MEMBERS" "$jsonc" <<'PY'
import random, sys
random.seed(7)
n, path = int(sys.argv[1]), sys.argv[2]
with open(path, "w") as out:
    out.write("# services\nservices:\n")
    for i in range(n):
        if i % 10 == 0:
            out.write("  # group %d\n" % (i // 10))
        out.write("  - name: svc-%06d\n    port: %d\n" % (random.randrange(n), 1000 + i))
n, path = int(sys.argv[3]), sys.argv[4]
with open(path, "w") as out:
    out.write("[package]\nname = \"x\"\n\n[dependencies]\n")
    for i, key in enumerate(random.sample(range(n * 10), n)):
        if i % 10 == 0:
            out.write("# group %d\n" % (i // 10))
        out.write('crate-%07d = "1.%d"\n' % (key, i % 30))
n, path = int(sys.argv[5]), sys.argv[6]
with open(path, "w") as out:
    out.write("{\n")
    for i, key in enumerate(random.sample(range(n * 10), n)):
        if i % 10 == 0:
            out.write("  // group %d\n" % (i // 10))
        out.write('  "setting.%07d": %d%s\n' % (key, i, "," if i + 1 < n else ""))
    out.write("}\n")
PY
fi
small="$DATA/two-lines.txt"
printf 'b\na\n' > "$small"
cat "$text" "$json" > /dev/null

run() {
    local label=$1; shift
    echo "== $label"
    hyperfine --warmup 2 --runs "${RUNS:-15}" --style basic -N \
        -n before "$old $*" -n after "$new $*" --export-json "$DATA/seam.json" 2>/dev/null | grep -E '^\s+Time|±' | head -2 || true
    python3 - "$DATA/seam.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
b, a = results["before"], results["after"]
print(f"   before {b['median']*1000:8.2f} ms   after {a['median']*1000:8.2f} ms   after/before {a['median']/b['median']:.3f}  (medians; ±{a['stddev']*1000:.2f} ms)")
PY
}
run "start-up: move on 2 lines" move 0 1 "$small" -o /dev/null
run "lines: move 0 -1, $lines lines" move 0 -1 "$text" -o /dev/null
run "lines: sort, $lines lines" sort "$text" -o /dev/null
run "json: move 0 -1, $elements objects" move 0 -1 "$json" -o /dev/null
run "json: sort --key /name, $elements objects" sort --key /name "$json" -o /dev/null
run "yaml: move 0 -1, $YAML_ENTRIES entries" move 0 -1 -p /services "$yaml" -o /dev/null
run "yaml: sort --key /name, $YAML_ENTRIES entries" sort -p /services --key /name "$yaml" -o /dev/null
run "toml: move 0 -1, $TOML_ENTRIES lines of a table" move 0 -1 -p /dependencies "$toml" -o /dev/null
run "toml: sort, $TOML_ENTRIES lines of a table" sort -p /dependencies "$toml" -o /dev/null
run "jsonc: move 0 -1, $JSONC_MEMBERS members with comments" move 0 -1 "$jsonc" -o /dev/null
run "jsonc: sort, $JSONC_MEMBERS members with comments" sort "$jsonc" -o /dev/null
