#!/usr/bin/env bash
# `reorder check` over a whole repository holding a `.reorder.toml` policy:
# 20 000 files tracked by git — 2 000 package.json, 1 000 Cargo.toml, 1 000
# pyproject.toml, 500 GitHub workflows (services/NNN/.github/workflows/ci.yml),
# 500 Helm charts/NNN/values.yaml, 1 000 sources (.py, .go, .java) each with
# a keep-sorted block, and 14 000 other files (README.md, .txt, .c). Every
# list is in order but 1 % of them, which have one item misplaced. The
# repository is made once (seeded, cached under $DATA/policy-repo-v2).
#
# Timed side by side (median of $RUNS runs, default 5; each command through
# `bash -c` at the repository's root):
#   - cat of every tracked file: the floor;
#   - reorder check on the whole repository, as generated (1 % out of order)
#     and again on a copy after `reorder fix` (nothing to fix);
#   - each peer on its own subset beside `reorder check` given the same paths:
#     taplo fmt --check with reorder_keys = true (a .taplo.toml in the copy)
#     on the Cargo.toml files; toml-sort --check --sort-inline-arrays and
#     pyproject-fmt --check on the pyproject.toml files (each given the
#     options of the files' layout, so that it objects to order only,
#     as far as it can: taplo and pyproject-fmt flag about the lists out of
#     order, toml-sort every file, for pyproject-fmt's `[ "hatchling" ]`);
#     and, on the
#     package.json files, a shell loop of `reorder sort --check -p LIST` per
#     file and list (what users write today);
#   - peak memory of reorder check on the whole repository (/usr/bin/time,
#     or Python's os.wait4 without it), beside the largest file's size.
# The peers (taplo, toml-sort, pyproject-fmt, from PyPI) are installed into a
# virtual environment at $DATA/bench-tools; one that fails to install is
# reported and left out. A command exiting other than 0 or 1 (1: something
# out of order) prints `failed (exit N)` in its row; the others still run.
#
# Goals: the whole-repository check at most 1 s and at most 3 × cat's time;
# its peak memory below 3 × the largest file + 64 MiB.
#
#   REORDER=path/to/reorder RUNS=5 bench/policy.sh
source "$(dirname "$0")/common.sh"
runs=${RUNS:-5}
repo="$DATA/policy-repo-v2"

# 1. The repository, made once.
if [ ! -f "$repo/.git/bench-complete" ]; then
    echo "generating $repo ..."
    rm -rf "$repo"
    mkdir -p "$repo"
    python3 - "$repo" <<'PY'
import json, os, random, sys
root = sys.argv[1]
rng = random.Random(20261126)
stats = {"lists": 0, "misplaced": 0}

def place(items):
    """items: sorted; misplaces one item in 1 % of the lists."""
    stats["lists"] += 1
    if len(items) > 1 and rng.random() < 0.01:
        stats["misplaced"] += 1
        i = rng.randrange(len(items))
        j = rng.randrange(len(items) - 1)
        j += j >= i
        items = list(items)
        items.insert(j, items.pop(i))
    return items

def write(path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as out:
        out.write(text)

syllables = ["ab", "ac", "al", "an", "ar", "ba", "be", "bo", "ca", "ce", "co", "da", "de", "di", "el", "en",
             "er", "fa", "fo", "ga", "gi", "ha", "he", "in", "io", "ka", "ke", "la", "le", "li", "lo", "ma",
             "me", "mi", "mo", "na", "ne", "no", "or", "pa", "pe", "po", "ra", "re", "ri", "ro", "sa", "se",
             "si", "so", "ta", "te", "ti", "to", "ul", "un", "va", "ve", "xo", "za"]
def word(parts=2):
    return "".join(rng.choice(syllables) for _ in range(parts))
def pool(count, make):
    seen = set()
    while len(seen) < count:
        seen.add(make())
    return sorted(seen)

npm = pool(600, lambda: rng.choice(["", "", "", "@types/", "@babel/", "@org/"]) + word(rng.choice([2, 3])) +
           rng.choice(["", "", "-js", "-core", "-utils", ".js"]))
crates = pool(400, lambda: word(rng.choice([2, 3])) + rng.choice(["", "", "-rs", "_derive", "-core", "-sys"]))
pypi = pool(400, lambda: word(rng.choice([2, 3])) + rng.choice(["", "", "-client", "-py", "-utils"]))
envs = pool(300, lambda: "_".join(word(rng.choice([1, 2])).upper() for _ in range(rng.choice([1, 2, 3]))))
steps = pool(120, lambda: " ".join(word(rng.choice([1, 2])).capitalize() if k == 0 else word(2)
                                   for k in range(rng.choice([1, 2, 3]))))
idents = pool(500, lambda: word(rng.choice([2, 3, 4])))
def version():
    return "%d.%d.%d" % (rng.randrange(6), rng.randrange(30), rng.randrange(20))
def pick(names, low, high):
    return sorted(rng.sample(names, rng.randint(low, high)))

# 2 000 package.json
for n in range(2000):
    def deps():
        return {name: "^" + version() for name in place(pick(npm, 5, 40))}
    doc = {"name": "@acme/pkg-%04d" % n, "version": version(), "private": True,
           "description": "Package %d of the monorepo." % n,
           "main": "dist/index.js",
           "scripts": {"build": "tsc -p .", "test": "jest", "lint": "eslint src"},
           "dependencies": deps(), "devDependencies": deps()}
    write("packages/pkg-%04d/package.json" % n, json.dumps(doc, indent=2) + "\n")

# 1 000 Cargo.toml
for n in range(1000):
    def table(names):
        lines = []
        for name in place(names):
            kind = rng.random()
            if kind < 0.6:
                lines.append('%s = "%s"' % (name, version()))
            elif kind < 0.85:
                lines.append('%s = { version = "%s", features = ["%s", "%s"] }' % (name, version(), word(), word()))
            else:
                lines.append('%s = { path = "../%s", optional = true }' % (name, name))
        return "\n".join(lines) + "\n"
    # [package]'s keys in order too, so that taplo's reorder_keys finds only what reorder check finds.
    text = ('[package]\nedition = "2021"\nlicense = "MIT OR Apache-2.0"\nname = "crate-%04d"\nversion = "%s"\n\n'
            "[dependencies]\n%s\n[dev-dependencies]\n%s\n[features]\ndefault = []\n"
            % (n, version(), table(pick(crates, 3, 25)), table(pick(crates, 1, 8))))
    write("crates/crate-%04d/Cargo.toml" % n, text)

# 1 000 pyproject.toml
for n in range(1000):
    # Sorted as the strings they are ("ioar-py>=1" before "ioar>=3"), not by name.
    deps = "".join('    "%s",\n' % spec for spec in place(sorted("%s>=%s" % (name, version()) for name in pick(pypi, 3, 30))))
    # Laid out as pyproject-fmt lays it out, so that it objects to the order only.
    text = ('[build-system]\nbuild-backend = "hatchling.build"\nrequires = [ "hatchling" ]\n\n'
            '[project]\nname = "pkg-%04d"\nversion = "%s"\ndescription = "Python package %d."\n'
            'requires-python = ">=3.9"\ndependencies = [\n%s]\n\n'
            '[tool.ruff]\ntarget-version = "py39"\nline-length = %d\n' % (n, version(), n, deps, rng.choice([88, 100, 120])))
    write("python/pkg-%04d/pyproject.toml" % n, text)

# 500 workflows
for n in range(500):
    jobs = []
    for job in ["build", "lint", "test"][: rng.randint(1, 3)]:
        body = ""
        for name in place(pick(steps, 3, 12)):
            body += "      - name: %s\n" % name
            if rng.random() < 0.3:
                body += "        uses: actions/%s@v%d\n" % (word(), rng.randint(1, 5))
            else:
                body += "        run: make %s\n" % word()
        jobs.append("  %s:\n    runs-on: ubuntu-latest\n    steps:\n%s" % (job, body))
    text = ("name: CI\non:\n  push:\n    branches: [main]\n  pull_request:\n\njobs:\n" + "\n".join(jobs))
    write("services/svc-%03d/.github/workflows/ci.yml" % n, text)

# 500 Helm values
for n in range(500):
    body = ""
    for name in place(pick(envs, 3, 25)):
        if rng.random() < 0.15:
            body += "  # %s %s\n" % (word(), word())
        body += '  - name: %s\n    value: "%s"\n' % (name, word(3))
    text = ("# Default values for svc-%03d.\nreplicaCount: %d\nimage:\n  repository: registry.example.com/svc-%03d\n"
            '  tag: "%s"\n\n# The container\'s environment, by name.\nenv:\n%s\nresources:\n  limits:\n    cpu: 500m\n'
            "    memory: 256Mi\n" % (n, rng.randint(1, 5), n, version(), body))
    write("charts/svc-%03d/values.yaml" % n, text)

# 1 000 sources with a keep-sorted block
for n in range(1000):
    kind = n % 3
    items = place(pick(idents, 5, 30))
    if kind == 0:
        block = "".join("import %s\n" % item for item in items)
        text = '"""Module %d."""\n# keep-sorted start\n%s# keep-sorted end\n\n\ndef main():\n    return %d\n' % (n, block, n)
        write("src/py/mod_%04d.py" % n, text)
    elif kind == 1:
        block = "".join('\t"example.com/%s"\n' % item for item in items)
        text = "package mod%d\n\nimport (\n\t// keep-sorted start\n%s\t// keep-sorted end\n)\n\nfunc Main() int { return %d }\n" % (n, block, n)
        write("src/go/mod%04d/mod.go" % n, text)
    else:
        block = "".join("import com.example.%s.%s;\n" % (item, item.capitalize()) for item in items)
        text = "package com.example;\n\n// keep-sorted start\n%s// keep-sorted end\n\npublic class Mod%d {}\n" % (block, n)
        write("src/java/Mod%04d.java" % n, text)

# 14 000 other files: sizes log-normal around 3 KiB, up to 256 KiB
paragraphs = [" ".join(word(rng.choice([1, 2, 3])) for _ in range(rng.randint(20, 120))) + "\n\n" for _ in range(800)]
cfun = ["int f%d(int x) {\n    return x * %d + %d;\n}\n\n" % (k, k, k * 7) for k in range(800)]
for n in range(14000):
    size = min(int(rng.lognormvariate(8.0, 1.0)), 256 * 1024)
    kind = n % 4
    chunks = cfun if kind == 3 else paragraphs
    head = {0: "# Notes %d\n\n", 1: "Notes %d\n\n", 2: "# Component %d\n\n", 3: "/* unit %d */\n#include <stdio.h>\n\n"}[kind] % n
    parts, total = [head], len(head)
    while total < size:
        part = rng.choice(chunks)
        parts.append(part)
        total += len(part)
    name = {0: "docs/d%02d/README-%05d.md", 1: "docs/d%02d/notes-%05d.txt",
            2: "lib/l%02d/README-%05d.md", 3: "lib/l%02d/unit-%05d.c"}[kind] % (n % 50, n)
    write(name, "".join(parts))

write(".reorder.toml", '''[[rule]]
files = ["package.json"]
lists = ["/dependencies", "/devDependencies"]

[[rule]]
files = ["Cargo.toml"]
lists = ["/dependencies", "/dev-dependencies"]

[[rule]]
files = ["pyproject.toml"]
list = "/project/dependencies"

[[rule]]
files = ["**/.github/workflows/*.yml"]
list = "/jobs/*/steps"
key = "/name"
missing = "ok"

[[rule]]
files = ["charts/*/values.yaml"]
list = "/env"
key = "/name"
''')
print("  %d lists, %d of them with one item misplaced" % (stats["lists"], stats["misplaced"]))
PY
    # gc.auto=0 and a gc of our own: a gc in the background would race the copies below.
    (cd "$repo" && git init -q && git add -A && git -c gc.auto=0 -c user.name=bench -c user.email=bench@example.invalid \
        commit -q -m "bench repository" && git gc -q)
    touch "$repo/.git/bench-complete"
fi
largest=$(cd "$repo" && git ls-files -z | xargs -0 stat -c %s | sort -n | tail -1)
printf '%s: %d tracked files, %.1f MiB, largest %d bytes\n' "$repo" "$(cd "$repo" && git ls-files | wc -l)" \
    "$(echo "$(cd "$repo" && git ls-files -z | xargs -0 cat | wc -c) / 1048576" | bc -l)" "$largest"

# 2. The peers, in a virtual environment.
tools="$DATA/bench-tools"
[ -x "$tools/bin/python" ] || python3 -m venv "$tools" || echo "bench: could not make the venv $tools" >&2
peers=()
for package in taplo toml-sort pyproject-fmt; do
    if [ -x "$tools/bin/$package" ] || "$tools/bin/pip" install -q --disable-pip-version-check "$package" >/dev/null 2>&1; then
        if [ -x "$tools/bin/$package" ]; then
            peers+=("$package")
            printf '  peer %-14s %s\n' "$package" "$("$tools/bin/pip" show "$package" 2>/dev/null | sed -n 's/^Version: //p')"
            continue
        fi
    fi
    echo "  peer $package: failed to install, left out"
done
has_peer() { local p; for p in "${peers[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }

# The copies: one for the peers (with taplo's config; untracked, so reorder
# check does not read it), one fixed by reorder fix.
copy="$DATA/policy-copy"
fixed="$DATA/policy-fixed"
rm -rf "$copy" "$fixed"
cp -a "$repo" "$copy"
cp -a "$repo" "$fixed"
printf '[formatting]\nreorder_keys = true\n' > "$copy/.taplo.toml"
(cd "$fixed" && "$REORDER" fix >/dev/null 2>&1) || echo "  (reorder fix on the copy: exit $?; the fixed-state row checks whatever it left)"
(cd "$copy" && git ls-files '*Cargo.toml' > ../policy-cargo.list && git ls-files '*pyproject.toml' > ../policy-pyproject.list \
    && git ls-files '*package.json' > ../policy-npm.list)
cargo=$(tr '\n' ' ' < "$DATA/policy-cargo.list")
pyproject=$(tr '\n' ' ' < "$DATA/policy-pyproject.list")
npm=$(tr '\n' ' ' < "$DATA/policy-npm.list")

# 3. The rows: label, directory, command.
rows=(
    "cat of every tracked file (floor)" "$copy" "git ls-files -z | xargs -0 cat > /dev/null"
    "reorder check, whole repo (1 % out of order)" "$copy" "$REORDER check > /dev/null"
    "reorder check, whole repo (after reorder fix)" "$fixed" "$REORDER check > /dev/null"
    "reorder check, 1000 Cargo.toml" "$copy" "$REORDER check $cargo > /dev/null"
)
has_peer taplo && rows+=("taplo fmt --check (reorder_keys), 1000 Cargo.toml" "$copy" "$tools/bin/taplo fmt --check $cargo > /dev/null 2>&1")
rows+=("reorder check, 1000 pyproject.toml" "$copy" "$REORDER check $pyproject > /dev/null")
has_peer toml-sort && rows+=("toml-sort --check --sort-inline-arrays, 1000 pyproject.toml" "$copy" "$tools/bin/toml-sort --check --sort-inline-arrays --spaces-indent-inline-array 4 --trailing-comma-inline-array $pyproject > /dev/null 2>&1")
has_peer pyproject-fmt && rows+=("pyproject-fmt --check -n, 1000 pyproject.toml" "$copy" "$tools/bin/pyproject-fmt --check -n --indent 4 --no-generate-python-version-classifiers --keep-full-version $pyproject > /dev/null 2>&1")
rows+=(
    "reorder check, 2000 package.json" "$copy" "$REORDER check $npm > /dev/null"
    "loop: reorder sort --check -p LIST, 2000 package.json x 2 lists" "$copy"
    "s=0; for f in $npm; do for p in /dependencies /devDependencies; do $REORDER sort --check -p \$p \$f > /dev/null 2>&1; r=\$?; [ \$r -gt \$s ] && s=\$r; done; done; exit \$s"
)

# Warm the page cache for both copies.
(cd "$copy" && git ls-files -z | xargs -0 cat > /dev/null)
(cd "$fixed" && git ls-files -z | xargs -0 cat > /dev/null)

echo
echo "median of $runs runs (exit 1 = out of order found, counted as success):"
python3 - "$runs" "$REORDER" "$copy" "$largest" "${rows[@]}" <<'PY'
import os, statistics, subprocess, sys, time
runs, reorder, copy, largest = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
args = sys.argv[5:]
rows = [args[i:i + 3] for i in range(0, len(args), 3)]
medians = {}
print("| command | median | min | × cat | exit |")
print("|:---|---:|---:|---:|---:|")
for label, cwd, command in rows:
    times, codes = [], set()
    for _ in range(runs):
        start = time.perf_counter()
        code = subprocess.run(["bash", "-c", command], cwd=cwd, stdin=subprocess.DEVNULL).returncode
        times.append(time.perf_counter() - start)
        codes.add(code)
        if code not in (0, 1):
            break
    bad = [c for c in codes if c not in (0, 1)]
    if bad:
        print(f"| {label} | failed (exit {bad[0]}) | | | |", flush=True)
        continue
    median = statistics.median(times)
    medians[label] = median
    floor = medians.get(rows[0][0])
    ratio = f"{median / floor:.2f}" if floor else ""
    print(f"| {label} | {median * 1000:.0f} ms | {min(times) * 1000:.0f} ms | {ratio} | {'/'.join(map(str, sorted(codes)))} |", flush=True)

# Peak memory of the whole-repository check.
if os.access("/usr/bin/time", os.X_OK):
    p = subprocess.run(["/usr/bin/time", "-f", "%M", reorder, "check"], cwd=copy,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    code = p.returncode
    lines = p.stderr.strip().splitlines()
    kib = int(lines[-1]) if lines and lines[-1].isdigit() else None
    # /usr/bin/time reports the command's exit as its own, and says so on stderr.
    if code not in (0, 1):
        kib = None
else:
    child = subprocess.Popen([reorder, "check"], cwd=copy, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    kib = usage.ru_maxrss if code in (0, 1) else None

check = medians.get(rows[1][0])
floor = medians.get(rows[0][0])
budget = 3 * largest / 1048576 + 64
print()
print("goals (whole-repository reorder check, 1 % out of order):")
if check is None:
    print("  time   <= 1 s and <= 3 x cat: no figure (the check failed)")
else:
    ok = check <= 1 and floor and check <= 3 * floor
    print(f"  time   <= 1 s and <= 3 x cat ({3 * floor * 1000:.0f} ms): {check * 1000:.0f} ms, {check / floor:.2f} x cat  {'met' if ok else 'NOT met'}")
if kib is None:
    print(f"  memory <  3 x largest file + 64 MiB ({budget:.1f} MiB): failed (exit {code})")
else:
    mib = kib / 1024
    print(f"  memory <  3 x largest file + 64 MiB ({budget:.1f} MiB): {mib:.1f} MiB peak  {'met' if mib < budget else 'NOT met'}")
PY
