#!/usr/bin/env bash
# `reorder sort --key COL` of a CSV file of a million rows, side by side with
# Miller (`mlr --csv sort -f COL`) and Python's csv module with `sorted`
# (stable, by the column's text, header first). The rows hold quoted fields
# with commas, doubled quotes and line breaks; the column sorted is a name
# (`name`) or the numeric `score` (-n, `mlr sort -nf`). Medians of RUNS (3)
# runs, then peak memory. The three outputs are checked to hold the same
# rows in the same order (Miller re-quotes fields, so rows are compared as
# Python's csv module reads them).
#
# Miller: apt-get install miller (https://miller.readthedocs.io).
source "$(dirname "$0")/common.sh"
if ! have mlr; then
    echo "bench: Miller ('mlr') is needed: apt-get install miller, or see https://miller.readthedocs.io/en/latest/installing-miller/" >&2
    exit 2
fi
need bc
runs=${RUNS:-3}
rows=${ROWS:-1000000}
file="$DATA/csv-$rows.csv"
if [ ! -f "$file" ]; then
    echo "generating $file ..."
    python3 - "$rows" "$file" <<'EOF'
import csv, random, sys
count, path = int(sys.argv[1]), sys.argv[2]
r = random.Random(4180)
words = ["alpha", "beta", "gamma", "delta", "Smith, John", 'say "hi"', "two\nlines", "zeta", "Ωmega", "x"]
with open(path, "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["id", "name", "score", "note"])
    for i in range(count):
        name = "%s %06d" % (r.choice(words), r.randrange(1000000))
        w.writerow([i, name, r.randrange(-50000, 50000), r.choice(words)])
EOF
fi

python_sort='import csv, sys
column, numeric = sys.argv[1], sys.argv[2] == "n"
with open(sys.argv[3], newline="") as f:
    rows = list(csv.reader(f))
header, body = rows[0], rows[1:]
i = header.index(column)
body.sort(key=(lambda row: int(row[i])) if numeric else (lambda row: row[i].encode()))
w = csv.writer(sys.stdout, lineterminator="\n")
w.writerow(header)
w.writerows(body)'

same_rows='import csv, sys
def rows(p):
    with open(p, newline="") as f:
        return list(csv.reader(f))
a, b = rows(sys.argv[1]), rows(sys.argv[2])
sys.exit(0 if a == b else 1)'

cat "$file" > /dev/null
out="$DATA/csv-out.csv"
echo
echo "## $rows rows ($(( $(stat -c %s "$file") / 1048576 )) MiB)"
for column in name score; do
    if [ "$column" = score ]; then n=-n; mf=-nf; py=n; else n=; mf=-f; py=s; fi
    echo
    echo "### sort by $column"
    LC_ALL=C hyperfine --warmup 1 --runs "$runs" --style basic \
        -n "mlr sort $mf" "mlr --csv sort $mf $column $file > $out" \
        -n "reorder sort $n --key" "$REORDER sort $n --key $column $file -o - > $out" \
        -n "python csv + sorted" "python3 -c '$python_sort' $column $py $file > $out" \
        --export-json "$DATA/csv.json" >/dev/null
    python3 "$BENCH_DIR/summarize.py" "$DATA/csv.json" "mlr sort $mf"
    # The same rows in the same order: a benchmark of a wrong sort is worth nothing.
    "$REORDER" sort $n --key "$column" "$file" -o "$DATA/csv-reorder.csv"
    python3 -c "$python_sort" "$column" "$py" "$file" > "$DATA/csv-python.csv"
    python3 -c "$same_rows" "$DATA/csv-reorder.csv" "$DATA/csv-python.csv" || echo "  DIFFERENT ROWS from Python's csv + sorted"
    if [ "$column" = name ]; then
        # Miller's -f is lexical (bytes) as well; -nf's order of equal
        # numbers is its own, so only the name's is compared.
        mlr --csv sort $mf "$column" "$file" > "$DATA/csv-mlr.csv"
        python3 -c "$same_rows" "$DATA/csv-reorder.csv" "$DATA/csv-mlr.csv" || echo "  DIFFERENT ROWS from Miller"
    fi
    echo "peak memory:"
    peak_rss "mlr sort $mf" mlr --csv sort $mf "$column" "$file"
    peak_rss "reorder sort $n --key" "$REORDER" sort $n --key "$column" "$file" -o -
    peak_rss "python csv + sorted" python3 -c "$python_sort" "$column" "$py" "$file"
done
rm -f "$out" "$DATA/csv-reorder.csv" "$DATA/csv-python.csv" "$DATA/csv-mlr.csv" "$DATA/csv.json"
