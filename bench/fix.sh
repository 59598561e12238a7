#!/usr/bin/env bash
# `reorder fix` on a 100 000-line file holding 1 000 keep-sorted blocks of
# 98 lines each (some with options: numeric, case=no, indented items,
# trailing commas, comments), every block out of order: to standard output,
# in place (the file restored before each run), and --check over the fixed
# file (every block in order: nothing written). With hyperfine when it is
# installed (medians), else a timing loop of the shell's `time`; peak memory
# with /usr/bin/time when it is there. keep-sorted is timed beside it when
# `keep-sorted` is on PATH.
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)
DATA="$BENCH_DIR/data"
mkdir -p "$DATA"
if [ -z "${REORDER:-}" ]; then
    (cd "$ROOT" && swift build -c release --static-swift-stdlib -Xswiftc -static-executable >/dev/null 2>&1)
    REORDER="$ROOT/.build/release/reorder"
fi

blocks="$DATA/blocks.txt"
python3 - "$blocks" <<'PY'
import random, sys
random.seed(17)
words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett",
         "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango"]
options = ["", "", "numeric=yes", "case=no", "newline_separated=no", "remove_duplicates=no"]
lines = []
for block in range(1000):
    lines.append(f"// keep-sorted start {options[block % len(options)]}".rstrip())
    body = []
    style = block % 4
    while len(body) < 98:
        item = f"{random.choice(words).capitalize() if random.random() < 0.3 else random.choice(words)}_{random.randrange(1000)}"
        if style == 1 and len(body) < 96:
            body += [f"// about {item}", item + ","]
        elif style == 2 and len(body) < 96:
            body += [item + " =", "    " + str(random.randrange(10**6)) + ";"]
        else:
            body.append(item + ("," if style == 3 else ""))
    lines += body[:98]
    lines.append("// keep-sorted end")
assert len(lines) == 100_000, len(lines)
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
fixed="$DATA/blocks-fixed.txt"
"$REORDER" fix - <"$blocks" >"$fixed" || true
work="$DATA/blocks-work.txt"
printf '%s: %d lines, %d bytes, %d blocks\n' "$blocks" "$(wc -l <"$blocks")" "$(wc -c <"$blocks")" \
    "$(grep -c 'keep-sorted start' "$blocks")"

if command -v hyperfine >/dev/null; then
    runs=(-n 'reorder fix < FILE > /dev/null' "$REORDER fix --output /dev/null $blocks"
          -n 'reorder fix FILE (in place)' "$REORDER fix $work"
          -n 'reorder fix --check FILE (in order)' "$REORDER fix --check $fixed")
    if command -v keep-sorted >/dev/null; then
        runs+=(-n 'keep-sorted - < FILE' "sh -c 'keep-sorted - < $blocks > /dev/null'")
    fi
    hyperfine -N --warmup 2 --runs 20 --style basic --prepare "cp $blocks $work" "${runs[@]}" \
        --export-json "$DATA/fix.json" >/dev/null
    python3 - "$DATA/fix.json" <<'PY'
import json, sys
for result in json.load(open(sys.argv[1]))["results"]:
    print(f"  {result['command']:<40} median {result['median'] * 1000:7.1f} ms  (min {result['min'] * 1000:.1f}, max {result['max'] * 1000:.1f})")
PY
else
    echo "(hyperfine is not installed: a loop of 10 runs each, total wall time)"
    for label in stdout inplace check; do
        start=$(date +%s%N)
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            case $label in
                stdout) "$REORDER" fix --output /dev/null "$blocks" ;;
                inplace) cp "$blocks" "$work"; "$REORDER" fix "$work" ;;
                check) "$REORDER" fix --check "$fixed" >/dev/null ;;
            esac
        done
        end=$(date +%s%N)
        printf '  %-10s %7.1f ms a run\n' "$label" "$(echo "($end - $start) / 10000000" | bc -l)"
    done
fi

if [ -x /usr/bin/time ]; then
    kib=$( /usr/bin/time -f '%M' "$REORDER" fix --output /dev/null "$blocks" 2>&1 >/dev/null | tail -1 )
    printf '  peak memory of reorder fix: %.1f MiB (the file is %.1f MiB)\n' "$(echo "$kib / 1024" | bc -l)" \
        "$(echo "$(wc -c <"$blocks") / 1048576" | bc -l)"
fi
