#!/usr/bin/env bash
# `reorder init` on real files: every file of ../shared/thirdparty/realworld*/
# whose name reorder init knows (package.json, Cargo.toml, pyproject.toml,
# .pre-commit-config.yaml, tsconfig.json) copied into a throw-away git
# repository, each in a folder of its own. init must write a policy that
# reads, that `reorder check` passes at once (every rule is a list already in
# order), and that catches a list put out of order: the first list of each
# rule's first file is reversed, check exits 1 naming that file, fix puts it
# back byte for byte.
#
#   Tests/conformance/init.sh      # REORDER=path/to/reorder to choose the binary
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SHARED="$ROOT/../shared/thirdparty"
REORDER=${REORDER:-$ROOT/.build/debug/reorder}
if [ ! -d "$SHARED/realworld" ]; then
    echo "init: the real-world files are not at $SHARED; nothing to run"
    exit 0
fi
[ -x "$REORDER" ] || { echo "init: no reorder binary at $REORDER (build it or set REORDER)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/reorder-init.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
count=0
for file in "$SHARED"/realworld*/*; do
    name=$(basename "$file")
    for kind in package.json Cargo.toml pyproject.toml .pre-commit-config.yaml tsconfig.json; do
        case "$name" in
            *__"$kind")
                count=$((count + 1))
                mkdir -p "p$count"
                cp "$file" "p$count/$kind"
                chmod u+w "p$count/$kind"
                ;;
        esac
    done
done
git init -q && git add -A
"$REORDER" init 2> init.log
cat init.log
rules=$(grep -c '^\[\[rule\]\]' .reorder.toml)
git add .reorder.toml
status=0
"$REORDER" check > check.out || status=$?
if [ "$status" != 0 ]; then
    echo "init: check after init exited $status:"; cat check.out; exit 1
fi
# Each rule: its first file's first list, reversed, is caught and fixed.
python3 - "$REORDER" <<'PY'
import re, subprocess, sys, tomllib
reorder = sys.argv[1]
policy = tomllib.load(open(".reorder.toml", "rb"))
files = subprocess.run(["git", "ls-files"], capture_output=True, text=True).stdout.split()
caught = 0
# A preset's rule: the files of its name, its first list.
presets = {"package.json": ("package.json", ""), "Cargo.toml": ("Cargo.toml", "/dependencies"),
           "pyproject.toml": ("pyproject.toml", "/project"), "requirements": ("requirements.txt", "")}
for number, rule in enumerate(policy.get("rule", []), 1):
    if "preset" in rule:
        name, first = presets[rule["preset"]]
        lists = [first]
    else:
        name = rule["files"][0]
        lists = rule.get("lists") or [rule["list"]]
    for path in files:
        if path.rsplit("/", 1)[-1] != name or "*" in lists[0]:
            continue
        original = open(path, "rb").read()
        args = [reorder, "reverse", "-p", lists[0]] + (["--key", rule["key"]] if "key" in rule else []) + [path]
        if subprocess.run(args, capture_output=True).returncode != 0 or open(path, "rb").read() == original:
            continue  # the file lacks the list, or it reads the same reversed
        check = subprocess.run([reorder, "check"], capture_output=True, text=True)
        if check.returncode != 1 or not check.stdout.startswith(path + ":"):
            print("init: rule %d (%s %s): check after a reverse: %d %r" % (number, path, lists[0], check.returncode, check.stdout[:300]))
            sys.exit(1)
        subprocess.run([reorder, "fix", path], capture_output=True)
        if open(path, "rb").read() != original:
            print("init: rule %d (%s %s): fix did not give the file back" % (number, path, lists[0]))
            sys.exit(1)
        caught += 1
        break
print("init: %d rules; %d lists put out of order were caught and fixed byte for byte" % (len(policy.get("rule", [])), caught))
sys.exit(0 if caught else 1)
PY
echo "init: $count files, $rules rules, check clean after init"
