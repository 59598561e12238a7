#!/usr/bin/env bash
# `reorder sort` of a TOML table of 100 000 keys (a `[dependencies]` of
# crates, one line each, with comments) and of an array of 100 000 strings
# (one a line), side by side with the peers that can sort them: Python's
# tomllib to load plus tomli_w to dump (which re-prints the file and drops
# its comments), and toml-sort (pip install toml-sort; tomlkit underneath)
# where it is installed. Then peak memory. reorder writes to standard
# output (`-o -`), as the peers write their file: no fsync for any.
source "$(dirname "$0")/common.sh"
count=${ENTRIES:-100000}
table="$DATA/table-$count.toml"
array="$DATA/array-$count.toml"
if [ ! -f "$table" ] || [ ! -f "$array" ]; then
    echo "generating $table and $array ..."
    python3 - "$count" "$table" "$array" <<'PY'
import random, sys
count, table, array = int(sys.argv[1]), sys.argv[2], sys.argv[3]
random.seed(7)
names = random.sample(range(count * 10), count)
with open(table, "w") as out:
    out.write('[package]\nname = "big"\n\n# crates, one a line\n[dependencies]\n')
    for i, n in enumerate(names):
        if i % 50 == 0:
            out.write("# group %d\n" % (i // 50))
        out.write('crate-%07d = "%d.%d.%d"\n' % (n, i % 7, i % 13, i % 5))
    out.write('\n[profile.release]\nlto = true\n')
with open(array, "w") as out:
    out.write('[project]\nname = "big"\ndependencies = [\n')
    for i, n in enumerate(names):
        if i % 50 == 0:
            out.write("    # group %d\n" % (i // 50))
        out.write('    "package-%07d>=%d.%d",\n' % (n, i % 7, i % 13))
    out.write(']\n')
PY
fi
python3 -c 'import tomllib, tomli_w' 2>/dev/null || { echo "bench: tomli_w is needed (pip install tomli_w)" >&2; exit 2; }
out="$DATA/out.toml"
for kind in table array; do
    if [ $kind = table ]; then
        big=$table; pointer=/dependencies
        python="d=tomllib.load(open(sys.argv[1],'rb'));d['dependencies']=dict(sorted(d['dependencies'].items()));tomli_w.dump(d,open(sys.argv[2],'wb'))"
        sorter="toml-sort $big -o $out"
    else
        big=$array; pointer=/project/dependencies
        python="d=tomllib.load(open(sys.argv[1],'rb'));d['project']['dependencies'].sort();tomli_w.dump(d,open(sys.argv[2],'wb'))"
        sorter="toml-sort --sort-inline-arrays $big -o $out"
    fi
    if [ $kind = table ]; then what="keys in a table"; else what="values in an array"; fi
    echo "file: $count $what ($(stat -c %s "$big") bytes)"
    cat "$big" > /dev/null
    commands=(
        -n reorder "$REORDER sort -p $pointer $big -o - > $out"
        -n 'python3 tomllib + tomli_w' "python3 -c \"import sys,tomllib,tomli_w;$python\" $big $out"
    )
    if have toml-sort; then
        commands+=(-n toml-sort "$sorter")
    fi
    hyperfine --warmup 1 --runs ${RUNS:-5} --style basic "${commands[@]}" --export-json "$DATA/toml-$kind.json" >/dev/null
    python3 "$BENCH_DIR/summarize.py" "$DATA/toml-$kind.json" "reorder"
    echo
    echo "peak memory:"
    peak_rss reorder "$REORDER" sort -p $pointer "$big" -o "$out"
    peak_rss 'python3 tomllib + tomli_w' python3 -c "import sys,tomllib,tomli_w;$python" "$big" "$out"
    echo
done
rm -f "$out"
