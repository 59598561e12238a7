#!/usr/bin/env bash
# reorder batch on a large list: 100 000 operations on a 1 000 000-line
# file, as one batch and with --sequential, beside one single move of the
# same file and python3 applying the same moves one by one (list.pop and
# list.insert). Needs python3 and hyperfine.
#
#   bench/batch.sh             # builds the release binary first
#   REORDER=path/to/reorder bench/batch.sh
#
# The data is generated once into bench/data (not committed).
source "$(dirname "$0")/common.sh"
LINES=${LINES:-1000000}
OPS=${OPS:-100000}
# reorder's runs take milliseconds and this machine's timings are noisy:
# many of them, and medians. The peer takes half a minute a run: a few.
RUNS=${RUNS:-30}
PEER_RUNS=${PEER_RUNS:-3}
LIST="$DATA/batch-$LINES.txt"
BATCH_OPS="$DATA/batch-$LINES-$OPS.ops"
SEQ_OPS="$DATA/batch-$LINES-$OPS.seqops"

if [ ! -f "$LIST" ] || [ ! -f "$BATCH_OPS" ] || [ ! -f "$SEQ_OPS" ]; then
    python3 - "$LINES" "$OPS" "$LIST" "$BATCH_OPS" "$SEQ_OPS" <<'PY'
import random, sys
n, k = int(sys.argv[1]), int(sys.argv[2])
list_path, batch_path, seq_path = sys.argv[3:6]
rng = random.Random(42)
with open(list_path, "w") as f:
    f.writelines(f"line {i:07d} {rng.randrange(10**9)}\n" for i in range(n))

# One valid batch: distinct sources (deleted or moved), distinct destinations
# in the result (inserted or moved). 30% deletes, 30% inserts, 40% moves.
deletes, inserts = k * 3 // 10, k * 3 // 10
moves = k - deletes - inserts
sources = rng.sample(range(n), deletes + moves)
result_count = n - deletes + inserts
destinations = rng.sample(range(result_count), inserts + moves)
ops = [f"delete {s}" for s in sources[:deletes]]
ops += [f"insert {d} new item {d}" for d in destinations[:inserts]]
ops += [f"move {s} {d}" for s, d in zip(sources[deletes:], destinations[inserts:])]
rng.shuffle(ops)
with open(batch_path, "w") as f:
    f.write("# a batch: every index counts in one snapshot of the list\n")
    f.writelines(op + "\n" for op in ops)

# Moves for --sequential: each on the list the move before left.
with open(seq_path, "w") as f:
    f.writelines(f"move {rng.randrange(n)} {rng.randrange(n)}\n" for _ in range(k))
PY
fi

# The peer: the same sequential moves, one by one, on a Python list.
PEER="$DATA/python-moves.py"
cat > "$PEER" <<'PY'
import sys
with open(sys.argv[1], "rb") as f:
    items = f.read().split(b"\n")[:-1]
with open(sys.argv[2]) as f:
    for line in f:
        _, source, destination = line.split()
        items.insert(int(destination), items.pop(int(source)))
out = sys.stdout.buffer
out.write(b"\n".join(items) + b"\n")
PY

# The peer must agree with reorder before it is timed.
if ! cmp -s <("$REORDER" batch --sequential -f "$SEQ_OPS" "$LIST" -o -) <(python3 "$PEER" "$LIST" "$SEQ_OPS"); then
    echo "reorder batch --sequential and the python3 peer disagree" >&2
    exit 1
fi

echo "$LINES lines, $OPS operations; $("$REORDER" --version)"
hyperfine --warmup 3 --runs "$RUNS" --style basic --export-json "$DATA/batch.json" \
    -n "reorder move 0 -1" "$REORDER move 0 -1 $LIST -o -" \
    -n "reorder batch ($OPS ops)" "$REORDER batch -f $BATCH_OPS $LIST -o -" \
    -n "reorder batch --sequential ($OPS moves)" "$REORDER batch --sequential -f $SEQ_OPS $LIST -o -" \
    --output=null "$@"
python3 "$BENCH_DIR/summarize.py" "$DATA/batch.json" "reorder move 0 -1"
hyperfine --runs "$PEER_RUNS" --style basic \
    -n "python3 pop/insert ($OPS moves)" "python3 $PEER $LIST $SEQ_OPS" \
    --output=null "$@"
