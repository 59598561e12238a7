#!/usr/bin/env bash
# `reorder diff` of two 1 000 000-line lists that differ by 1 000 random
# moves, beside a single `reorder move 0 -1` on one of them (the goal: at
# most 3 × the move), and the peers on smaller lists, for they are far
# slower: Python's difflib (SequenceMatcher opcodes) and jsonpatch.make_patch
# (pip install jsonpatch) on JSON arrays.
source "$(dirname "$0")/common.sh"
count=${LINES_COUNT:-1000000}
moves=${MOVES:-1000}
small=${PEER_COUNT:-20000}
make_lists() {
    python3 - "$1" "$moves" "$2" "$3" <<'PY'
import random, sys, json
count, moves, old_path, new_path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
random.seed(11)
old = ["item %08d" % i for i in range(count)]
new = list(old)
for _ in range(moves):
    item = new.pop(random.randrange(len(new)))
    new.insert(random.randrange(len(new) + 1), item)
for path, items in ((old_path, old), (new_path, new)):
    with open(path, "w") as out:
        if path.endswith(".json"):
            json.dump(items, out, indent=1)
        else:
            out.write("\n".join(items) + "\n")
PY
}
old="$DATA/diff-old-$count.txt"; new="$DATA/diff-new-$count.txt"
[ -f "$new" ] || make_lists "$count" "$old" "$new"
oldj="$DATA/diff-old-$small.json"; newj="$DATA/diff-new-$small.json"
[ -f "$newj" ] || make_lists "$small" "$oldj" "$newj"
olds="$DATA/diff-old-$small.txt"; news="$DATA/diff-new-$small.txt"
[ -f "$news" ] || make_lists "$small" "$olds" "$news"
cat "$old" "$new" > /dev/null
echo "== $count lines, $moves moves apart"
peak_rss 'reorder diff' bash -c '"$0" diff "$1" "$2" > /dev/null; true' "$REORDER" "$old" "$new"
echo "   ($("$REORDER" diff --stat "$old" "$new"))"
# GNU diff does the same work (a longest common subsequence of the lines)
# and prints a line diff, not moves; the same lists shuffled are the worst
# case of reorder diff (no two items in order: the general way).
shuffled="$DATA/diff-shuffled-$count.txt"
[ -f "$shuffled" ] || python3 -c 'import random,sys;random.seed(5);l=open(sys.argv[1]).readlines();random.shuffle(l);open(sys.argv[2],"w").writelines(l)' "$old" "$shuffled"
hyperfine --warmup 2 --runs ${RUNS:-20} --style basic -i \
    -n 'reorder move 0 -1' "$REORDER move 0 -1 $old -o /dev/null" \
    -n 'reorder diff' "$REORDER diff $old $new > /dev/null" \
    -n 'GNU diff' "diff $old $new > /dev/null" \
    -n 'reorder diff, shuffled' "$REORDER diff $old $shuffled > /dev/null" \
    --export-json "$DATA/diff.json" >/dev/null
python3 "$BENCH_DIR/summarize.py" "$DATA/diff.json" 'reorder move 0 -1'
echo
echo "== peers on $small items (the same kind of lists)"
commands=(-n 'reorder diff (lines)' "$REORDER diff $olds $news > /dev/null"
          -n 'reorder diff --json-patch' "$REORDER diff --json-patch $oldj $newj > /dev/null"
          -n 'python3 difflib' "python3 -c 'import difflib,sys;a=open(sys.argv[1]).read().splitlines();b=open(sys.argv[2]).read().splitlines();list(difflib.SequenceMatcher(None,a,b,autojunk=False).get_opcodes())' $olds $news")
if python3 -c 'import jsonpatch' 2>/dev/null; then
    commands+=(-n 'python3 jsonpatch.make_patch' "python3 -c 'import json,sys,jsonpatch;jsonpatch.make_patch(json.load(open(sys.argv[1])),json.load(open(sys.argv[2])))' $oldj $newj")
fi
hyperfine --warmup 1 --runs ${PEER_RUNS:-3} --style basic -i "${commands[@]}" --export-json "$DATA/diff-peers.json" >/dev/null
python3 "$BENCH_DIR/summarize.py" "$DATA/diff-peers.json" 'reorder diff (lines)'
