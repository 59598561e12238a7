#!/usr/bin/env bash
# Start-up: `reorder move 0 1 FILE -o -` on a 3-line file, side by side with
# sed printing the same reordered file (and jq, python3 for scale). Then the
# cost of an in-place edit (two fsyncs) and of an unchanged file (no write).
source "$(dirname "$0")/common.sh"
need sed
small="$DATA/small.txt"
printf 'alpha\nbeta\ngamma\n' > "$small"
json="$DATA/small.json"
printf '["alpha", "beta", "gamma"]\n' > "$json"

peers=(-n reorder "$REORDER move 0 1 $small -o -"
       -n sed "sed 1{h;d};2G $small")
have jq && peers+=(-n jq "jq -c [.[1],.[0],.[2]] $json")
cat > "$DATA/swap.py" <<'PY'
import sys
lines = open(sys.argv[1], "rb").readlines()
lines[0], lines[1] = lines[1], lines[0]
sys.stdout.buffer.write(b"".join(lines))
PY
peers+=(-n python3 "python3 $DATA/swap.py $small")

hyperfine -N --warmup 20 --runs 200 --style basic "${peers[@]}" --export-json "$DATA/startup.json" >/dev/null
python3 "$BENCH_DIR/summarize.py" "$DATA/startup.json" "sed"

echo
echo "In place (each run changes the file: the new file and its directory are fsynced):"
inplace="$DATA/inplace.txt"
cp "$small" "$inplace"
hyperfine -N --warmup 5 --runs 100 --style basic \
    -n 'reorder move 0 1 FILE (changes)' "$REORDER move 0 1 $inplace" \
    -n 'reorder move 0 0 FILE (unchanged)' "$REORDER move 0 0 $inplace" \
    --export-json "$DATA/inplace.json" >/dev/null
python3 "$BENCH_DIR/summarize.py" "$DATA/inplace.json" "reorder move 0 0 FILE (unchanged)"
