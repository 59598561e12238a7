#!/usr/bin/env bash
# Tests/packaging/action.sh [ARCHIVE=dist/reorder-VERSION-TARGET.tar.gz]
# (ARCHIVE as an argument or from the environment):
# runs the GitHub Action (action.yml, a composite action) for real, as the
# runner would, on temporary repositories, with the release archive that
# make dist writes (its .sha256 beside it).
#
# action.yml is read with PyYAML; each step must be `shell: bash` with `run`
# (and optionally name, id, env, working-directory). The harness substitutes
# ${{ inputs.X }} (the defaults, or the scenario's values),
# ${{ github.action_path }} and ${{ github.action_repository }}, fails on any
# other expression, and runs the steps in order, each as
# `bash --noprofile --norc -eo pipefail` in GITHUB_WORKSPACE (or its
# working-directory there) with an empty environment but PATH, HOME, the
# step's env and GITHUB_WORKSPACE, RUNNER_OS=Linux, RUNNER_ARCH=X64 (ARM64
# on an arm64 machine: the runner this machine's archive is for),
# RUNNER_TEMP, GITHUB_PATH, GITHUB_ENV and GITHUB_OUTPUT (temporary files);
# what a step adds to GITHUB_PATH and GITHUB_ENV applies to the next ones,
# and the first step that fails ends the run, as on GitHub.
#
# Without ARCHIVE it runs `make dist` once, from .build/release/reorder
# (built first if missing). Tests/packaging/check.sh (make test-dist) calls
# it with the archive it checked. Prints ok/FAIL lines; exit 0 only when
# every check passed, 1 when one failed, 2 when something it needs is
# missing (nothing is skipped).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

missing() { echo "action.sh: $*" >&2; exit 2; }

for program in git make tar sha256sum awk realpath; do
    command -v "$program" >/dev/null || missing "$program is needed and not on PATH"
done
python=python3
[ -x .build/test-tools/bin/python3 ] && python=.build/test-tools/bin/python3
"$python" -c 'import yaml' 2>/dev/null ||
    missing "$python has no PyYAML (make test sets up .build/test-tools with it; or pip install pyyaml)"

version=$(make -s --no-print-directory version)
[ -n "$version" ] || missing "make -s version printed no version"
# This machine's target (make -s target), and the runner it is.
target=$(make -s --no-print-directory target)
case $target in
    x86_64-linux) host_arch=X64 ;;
    aarch64-linux) host_arch=ARM64 ;;
    *) missing "the action's harness runs on Linux (x86_64 or aarch64); this machine's target is $target" ;;
esac
name="reorder-$version-$target"

ARCHIVE=${ARCHIVE:-}
for argument in "$@"; do
    case $argument in
        ARCHIVE=*) ARCHIVE=${argument#ARCHIVE=} ;;
        *) missing "usage: Tests/packaging/action.sh [ARCHIVE=dist/reorder-VERSION-$target.tar.gz]" ;;
    esac
done
if [ -z "$ARCHIVE" ]; then
    if [ ! -x .build/release/reorder ]; then
        echo "== swift build -c release (no .build/release/reorder)"
        swift build -c release --static-swift-stdlib -Xswiftc -static-executable >&2 || missing "the release build failed"
    fi
    echo "== make dist"
    make --no-print-directory dist BINARY="$root/.build/release/reorder" >&2 || missing "make dist failed"
    ARCHIVE="dist/$name.tar.gz"
fi
[ -f "$ARCHIVE" ] || missing "no archive $ARCHIVE"
[ -f "$ARCHIVE.sha256" ] || missing "no $ARCHIVE.sha256 beside $ARCHIVE"
ARCHIVE=$(realpath "$ARCHIVE")
[ "$(basename "$ARCHIVE")" = "$name.tar.gz" ] || missing "$ARCHIVE is not $name.tar.gz, the version make -s version prints"

scratch=$(mktemp -d /tmp/reorder-action.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

passed=0
failures=()
ok() { passed=$((passed + 1)); echo "  ok    $1"; }
fail() { failures+=("$1"); echo "  FAIL  $1" >&2; }
# same DESCRIPTION EXPECTED ACTUAL
same() {
    if [ "$2" == "$3" ]; then ok "$1"; else fail "$1"; diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") | sed 's/^/        /' >&2 || true; fi
}

# The runner's part in Python: `steps ACTION INPUTS_JSON CONTEXT_JSON OUT`
# writes OUT/N.run, OUT/N.env (NAME=VALUE, NUL-separated), OUT/N.wd for
# each step; `env FILE` prints a GITHUB_ENV file as NAME=VALUE,
# NUL-separated.
cat > "$scratch/runner.py" <<'PY'
import json, re, sys
import yaml

def steps(action_path, inputs_json, context_json, out):
    with open(action_path) as file:
        action = yaml.safe_load(file)
    runs = action.get("runs") or {}
    if runs.get("using") != "composite":
        sys.exit(f"runs.using is {runs.get('using')!r}, not composite")
    declared = action.get("inputs") or {}
    given = json.loads(inputs_json)
    unknown = set(given) - set(declared)
    if unknown:
        sys.exit(f"inputs the action does not declare: {sorted(unknown)}")
    inputs = {name: str((spec or {}).get("default", "")) for name, spec in declared.items()}
    inputs.update(given)
    context = json.loads(context_json)

    def substitute(text, where):
        def value(match):
            expression = match.group(1)
            if expression.startswith("inputs."):
                name = expression[len("inputs."):]
                if name not in inputs:
                    sys.exit(f"{where}: ${{{{ {expression} }}}}: no such input")
                return inputs[name]
            if expression in ("github.action_path", "github.action_repository", "github.event.pull_request.base.sha"):
                return context[expression]
            sys.exit(f"{where}: the harness does not know ${{{{ {expression} }}}}")
        result = re.sub(r"\$\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}", value, str(text))
        if "${{" in result:
            sys.exit(f"{where}: an expression the harness cannot read: {text!r}")
        return result

    for number, step in enumerate(runs.get("steps") or [], 1):
        where = f"step {number} ({step.get('name', '')})"
        extra = set(step) - {"name", "id", "shell", "run", "env", "working-directory"}
        if extra:
            sys.exit(f"{where}: keys the harness does not run: {sorted(extra)}")
        if step.get("shell") != "bash" or "run" not in step:
            sys.exit(f"{where}: not a `shell: bash` step with `run`")
        with open(f"{out}/{number}.run", "w") as file:
            file.write(substitute(step["run"], where))
        with open(f"{out}/{number}.env", "wb") as file:
            for key, text in (step.get("env") or {}).items():
                file.write(f"{key}={substitute(text, where)}".encode() + b"\0")
        with open(f"{out}/{number}.wd", "w") as file:
            file.write(substitute(step.get("working-directory", ""), where))

def env(path):
    # NAME=VALUE lines, and NAME<<DELIMITER ... DELIMITER.
    lines = open(path).read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            key, delimiter = line.split("<<", 1)
            value = []
            while lines[index] != delimiter:
                value.append(lines[index])
                index += 1
            index += 1
            sys.stdout.buffer.write(f"{key}={chr(10).join(value)}".encode() + b"\0")
        elif "=" in line:
            sys.stdout.buffer.write(line.encode() + b"\0")

if sys.argv[1] == "steps":
    steps(*sys.argv[2:6])
else:
    env(sys.argv[2])
PY

# Each run's settings, reset by reset() before each scenario.
reset() {
    runner_os=Linux
    runner_arch=$host_arch
    action_path=$root
    action_repository=OWNER/reorder
    path=/usr/bin:/bin
    reorder_archive_env=
    pull_request_base=
}

# run_action WORKSPACE NAME=VALUE...: the action's steps with these inputs,
# in WORKSPACE. Sets status (the run's exit status), out and err (the steps'
# standard output and error), ran (how many steps ran), temp (RUNNER_TEMP)
# and github_path (the GITHUB_PATH file).
run_count=0
run_action() {
    local workspace=$1; shift
    run_count=$((run_count + 1))
    local run="$scratch/run-$run_count"
    mkdir -p "$run/steps" "$run/temp" "$run/home"
    temp="$run/temp"
    github_path="$run/github_path"
    : > "$github_path"; : > "$run/github_env"; : > "$run/github_output"
    local inputs
    inputs=$("$python" -c 'import json, sys; print(json.dumps(dict(a.split("=", 1) for a in sys.argv[1:])))' "$@")
    local context
    context=$("$python" -c 'import json, sys; print(json.dumps({"github.action_path": sys.argv[1], "github.action_repository": sys.argv[2],
        "github.event.pull_request.base.sha": sys.argv[3]}))' "$action_path" "$action_repository" "$pull_request_base")
    if ! "$python" "$scratch/runner.py" steps "$action_path/action.yml" "$inputs" "$context" "$run/steps" 2>"$run/parse.err"; then
        status=parse; ran=0; out=; err=$(cat "$run/parse.err")
        return
    fi
    local count
    count=$(find "$run/steps" -name '*.run' | wc -l)
    status=0; ran=0
    : > "$run/out"; : > "$run/err"
    local number
    for number in $(seq 1 "$count"); do
        local directory=$workspace
        local wd
        wd=$(cat "$run/steps/$number.wd")
        if [ -n "$wd" ]; then
            case "$wd" in /*) directory=$wd ;; *) directory="$workspace/$wd" ;; esac
        fi
        # GITHUB_PATH: each line before PATH, the last added first.
        local step_path=$path line
        while IFS= read -r line; do
            [ -n "$line" ] && step_path="$line:$step_path"
        done < "$github_path"
        local environment=(PATH="$step_path" HOME="$run/home" GITHUB_WORKSPACE="$workspace"
            GITHUB_ACTIONS=true CI=true RUNNER_OS="$runner_os" RUNNER_ARCH="$runner_arch" RUNNER_TEMP="$temp"
            GITHUB_PATH="$github_path" GITHUB_ENV="$run/github_env" GITHUB_OUTPUT="$run/github_output"
            GITHUB_ACTION_PATH="$action_path")
        [ -n "$reorder_archive_env" ] && environment+=(REORDER_ARCHIVE="$reorder_archive_env")
        local assignment
        while IFS= read -r -d '' assignment; do environment+=("$assignment"); done \
            < <("$python" "$scratch/runner.py" env "$run/github_env")
        while IFS= read -r -d '' assignment; do environment+=("$assignment"); done < "$run/steps/$number.env"
        ran=$number
        if [ ! -d "$directory" ]; then
            echo "::error::working-directory $directory does not exist" >> "$run/out"
            status=1
            break
        fi
        status=0
        (cd "$directory" && env -i "${environment[@]}" bash --noprofile --norc -eo pipefail "$run/steps/$number.run") \
            >> "$run/out" 2>> "$run/err" || status=$?
        [ "$status" = 0 ] || break
    done
    out=$(cat "$run/out")
    err=$(cat "$run/err")
}

# The annotations (workflow commands) among the output.
annotations() { printf '%s\n' "$out" | grep '^::' || true; }
show() { printf 'status %s, %s step(s) ran\nstdout:\n%s\nstderr:\n%s\n' "$status" "$ran" "$out" "$err" | sed 's/^/        /' >&2; }
# expect_status DESCRIPTION STATUS STEPS: the run ended with STATUS after STEPS steps.
expect_status() {
    if [ "$status" == "$2" ] && [ "$ran" == "$3" ]; then ok "$1"; else fail "$1"; echo "        expected status $2 after $3 step(s)" >&2; show; fi
}

# A repository with a policy for package.json's /dependencies, at DIR.
make_repository() {
    local directory=$1 order=$2
    mkdir -p "$directory"
    git -C "$directory" init --quiet
    printf '[[rule]]\nfiles = ["package.json"]\nlists = ["/dependencies"]\n' > "$directory/.reorder.toml"
    if [ "$order" = unsorted ]; then
        printf '{\n  "name": "app",\n  "dependencies": {\n    "zod": "^3.0.0",\n    "axios": "^1.0.0",\n    "lodash": "^4.0.0"\n  }\n}\n' > "$directory/package.json"
    else
        printf '{\n  "name": "app",\n  "dependencies": {\n    "axios": "^1.0.0",\n    "lodash": "^4.0.0",\n    "zod": "^3.0.0"\n  }\n}\n' > "$directory/package.json"
    fi
    git -C "$directory" add -A
}
sorted_package=$'{\n  "name": "app",\n  "dependencies": {\n    "axios": "^1.0.0",\n    "lodash": "^4.0.0",\n    "zod": "^3.0.0"\n  }\n}'
message="/dependencies (rule 1): 'zod' belongs after 'lodash' — 1 move"
annotation="::error file=package.json,line=4,col=5,title=reorder%3A /dependencies (rule 1)::$message"

echo "== action.yml"
if grep -nF "$version" action.yml >&2; then
    fail "action.yml does not write the version $version (it reads it from CommandTable.swift)"
else
    ok "action.yml does not write the version $version (it reads it from CommandTable.swift)"
fi

echo "== a list out of order"
reset
make_repository "$scratch/unsorted" unsorted
run_action "$scratch/unsorted" archive="$ARCHIVE"
expect_status "exit 1 from the check step (2 steps ran)" 1 2
same "one annotation, at package.json:4" "$annotation" "$(annotations)"
same "the install step says what it installed" "Installed reorder $version in $temp/reorder" "$(printf '%s\n' "$out" | grep '^Installed' || true)"
same "GITHUB_PATH holds RUNNER_TEMP/reorder/bin" "$temp/reorder/bin" "$(cat "$github_path")"
same "the file is left as it was" "zod" "$(sed -n 4p "$scratch/unsorted/package.json" | cut -d'"' -f2)"

echo "== the lists in order"
reset
make_repository "$scratch/sorted" sorted
run_action "$scratch/sorted" archive="$ARCHIVE"
expect_status "exit 0 (2 steps ran)" 0 2
same "no annotation" "" "$(annotations)"

echo "== working-directory: sub"
reset
mkdir "$scratch/workspace"
make_repository "$scratch/workspace/sub" unsorted
run_action "$scratch/workspace" archive="$ARCHIVE" working-directory=sub
expect_status "exit 1" 1 2
same "the annotation's path starts with sub/" "${annotation/file=package.json/file=sub/package.json}" "$(annotations)"
run_action "$scratch/workspace" archive="$ARCHIVE" working-directory=sub args="--config .reorder.toml ./package.json"
expect_status "args '--config .reorder.toml ./package.json': exit 1" 1 2
same "args './package.json': the path is sub/package.json" "${annotation/file=package.json/file=sub/package.json}" "$(annotations)"

echo "== working-directory below the policy's folder"
reset
make_repository "$scratch/above" unsorted
mkdir "$scratch/above/sub"
printf 'notes\n' > "$scratch/above/sub/notes.txt"
git -C "$scratch/above" add -A
run_action "$scratch/above" archive="$ARCHIVE" working-directory=sub
expect_status "exit 1" 1 2
same "the annotation's path is package.json, not sub/../package.json" "$annotation" "$(annotations)"

echo "== version: the tag's spelling"
reset
run_action "$scratch/unsorted" archive="$ARCHIVE" version="v$version"
expect_status "version v$version: installed, exit 1 from the check" 1 2
same "version v$version: the annotation" "$annotation" "$(annotations)"

echo "== fix: true"
reset
make_repository "$scratch/fix" unsorted
run_action "$scratch/fix" archive="$ARCHIVE" fix=true
expect_status "exit 0" 0 2
same "package.json is fixed, byte for byte" "$(printf '%s\n' "$sorted_package" | sha256sum)" "$(sha256sum < "$scratch/fix/package.json")"
same "reorder fix reports the list and the file" "package.json:4: $message (fixed)
reorder: package.json: rewritten" "$(printf '%s\n' "$out" | grep -v '^Installed reorder')
$err"
run_action "$scratch/fix" archive="$ARCHIVE"
expect_status "then the check passes: exit 0" 0 2

echo "== a pull request: changed-since"
# main holds a list out of order; the branch changes another file.
reset
pr="$scratch/pull-request"
pr_git() { git -C "$pr" -c user.name=reorder -c user.email=reorder@tests.invalid "$@"; }
make_repository "$pr" unsorted
pr_git commit --quiet -m start
base=$(pr_git rev-parse HEAD)
pr_git checkout --quiet -b feature
printf '{\n  "name": "lib",\n  "dependencies": {\n    "b": "1",\n    "a": "1"\n  }\n}\n' > "$pr/lib.json"
printf '[[rule]]\nfiles = ["package.json", "lib.json"]\nlists = ["/dependencies"]\n' > "$pr/.reorder.toml"
pr_git add -A
pr_git commit --quiet -m change
lib_annotation="::error file=lib.json,line=4,col=5,title=reorder%3A /dependencies (rule 1)::/dependencies (rule 1): 'a' belongs first — 1 move"
pull_request_base=$base
run_action "$pr" archive="$ARCHIVE"
expect_status "the pull request's base: exit 1" 1 2
same "only the file the branch changed is checked" "$lib_annotation" "$(annotations)"
run_action "$pr" archive="$ARCHIVE" args="package.json"
expect_status "args naming a file: that file, exit 1" 1 2
same "args naming a file: its annotation" "$annotation" "$(annotations)"
run_action "$pr" archive="$ARCHIVE" args="--changed-since HEAD"
expect_status "args with --changed-since: that one, exit 0 (nothing changed since HEAD)" 0 2
same "args with --changed-since: no annotation" "" "$(annotations)"
run_action "$pr" archive="$ARCHIVE" changed-since=all
expect_status "changed-since: all: exit 1" 1 2
same "changed-since: all: the whole repository" "$lib_annotation
$annotation" "$(annotations)"
pull_request_base=
run_action "$pr" archive="$ARCHIVE"
expect_status "no pull request (a push): exit 1" 1 2
same "no pull request: the whole repository" "$lib_annotation
$annotation" "$(annotations)"
run_action "$pr" archive="$ARCHIVE" changed-since="$base"
expect_status "changed-since given: exit 1" 1 2
same "changed-since given: the branch's files" "$lib_annotation" "$(annotations)"
run_action "$pr" archive="$ARCHIVE" changed-since=0000000000000000000000000000000000000001
expect_status "changed-since a commit the clone lacks: exit 2" 2 2
same "changed-since a commit the clone lacks: an error saying to fetch it" \
    "::error title=reorder::--changed-since 0000000000000000000000000000000000000001: git knows no commit '0000000000000000000000000000000000000001'; fetch it first (git fetch origin 0000000000000000000000000000000000000001; in a GitHub workflow, actions/checkout with fetch-depth: 0)" \
    "$(annotations)"
# actions/checkout's default: one commit, the base not in the clone.
git clone --quiet --depth 1 "file://$pr" "$scratch/shallow" 2>/dev/null
git -C "$scratch/shallow" checkout --quiet feature 2>/dev/null || true
pull_request_base=$base
run_action "$scratch/shallow" archive="$ARCHIVE"
expect_status "a shallow clone: the whole repository, exit 1" 1 2
same "a shallow clone: a warning, then the whole repository" \
    "::warning title=reorder action::the pull request's base $base is not in this clone (actions/checkout fetches one commit unless fetch-depth: 0), so the whole repository is checked
$lib_annotation
$annotation" "$(annotations)"
run_action "$pr" archive="$ARCHIVE" fix=true
expect_status "fix: true on a pull request: exit 0" 0 2
same "fix: true fixes the branch's file" "a" "$(sed -n 4p "$pr/lib.json" | cut -d'"' -f2)"
same "fix: true leaves the file the branch did not change" "zod" "$(sed -n 4p "$pr/package.json" | cut -d'"' -f2)"

echo "== errors"
reset
run_action "$scratch/sorted" archive="$ARCHIVE" args="--config missing.toml"
expect_status "a policy file that does not exist: exit 2" 2 2
same "a policy file that does not exist: an annotation" "::error title=reorder::missing.toml: cannot open: No such file or directory" "$(annotations)"
make_repository "$scratch/bad-policy" sorted
printf '[[rule]]\nfiles = ["package.json"]\nlsit = "/dependencies"\n' > "$scratch/bad-policy/.reorder.toml"
run_action "$scratch/bad-policy" archive="$ARCHIVE"
expect_status "a policy that does not read: exit 2" 2 2
same "a policy that does not read: an annotation at its place" \
    "::error file=.reorder.toml,line=3,col=1,title=reorder::'lsit' is not a key of rule 1 (did you mean 'list'?); the keys are: files, list, lists, block, order, like, ignore-case, unique, key, first, last, groups, group-patterns, format, missing, preset, skip, scripts" \
    "$(annotations)"
printf '[[rule]]\nfiles = ["package.json"]\nlist = "/devDependencies"\n' > "$scratch/bad-policy/.reorder.toml"
run_action "$scratch/bad-policy" archive="$ARCHIVE"
expect_status "a file that lacks its list: exit 2" 2 2
same "a file that lacks its list: annotations on the file and on the rule" \
    "::error file=package.json,title=reorder::rule 1 (.reorder.toml:1:1) names /devDependencies, which this file lacks; add missing = \"ok\" to the rule, or narrow its files; nothing is written to this file
::error file=.reorder.toml,line=1,col=1,title=reorder::no file rule 1 matches has /devDependencies; correct the rule, or add missing = \"ok\"" \
    "$(annotations)"
run_action "$scratch/sorted" archive="$ARCHIVE" fix=yes
expect_status "fix: yes: exit 2" 2 2
same "fix: yes: a clear error" "::error title=reorder action::fix is 'yes'; it takes true or false" "$(annotations)"

echo "== a tampered archive"
reset
mkdir "$scratch/tampered"
cp "$ARCHIVE" "$ARCHIVE.sha256" "$scratch/tampered/"
printf '\0' >> "$scratch/tampered/$name.tar.gz"
run_action "$scratch/unsorted" archive="$scratch/tampered/$name.tar.gz"
expect_status "exit 1 from the install step; reorder never runs" 1 1
same "the error says the sha256 does not match" \
    "::error title=reorder action::$name.tar.gz does not match its sha256 ($name.tar.gz.sha256): not installed" "$(annotations)"
same "nothing added to GITHUB_PATH" "" "$(cat "$github_path")"
same "nothing unpacked" "" "$(ls "$temp/reorder")"
printf 'deadbeef  %s\n' "$name.tar.gz" > "$scratch/tampered/$name.tar.gz.sha256"
run_action "$scratch/unsorted" archive="$scratch/tampered/$name.tar.gz"
expect_status "a .sha256 that is not a SHA-256: exit 1 from the install step" 1 1
same "the error says what the .sha256 should hold" \
    "::error title=reorder action::$name.tar.gz.sha256 is not one line 'SHA256  $name.tar.gz'" "$(annotations)"

echo "== Windows, and a runner whose build the archive is not"
reset
runner_os=Windows runner_arch=X64
run_action "$scratch/sorted" archive="$ARCHIVE"
expect_status "RUNNER_OS=Windows: exit 1 from the install step" 1 1
same "RUNNER_OS=Windows: a clear error" \
    "::error title=reorder action::reorder has no Windows build, so this action cannot run on a Windows runner (this one is Windows X64); run it on a Linux or macOS runner (runs-on: ubuntu-latest), which checks a repository made on Windows as well" \
    "$(annotations)"
same "RUNNER_OS=Windows: nothing added to GITHUB_PATH" "" "$(cat "$github_path")"
reset
runner_os=FreeBSD runner_arch=X64
run_action "$scratch/sorted" archive="$ARCHIVE"
expect_status "RUNNER_OS=FreeBSD: exit 1 from the install step" 1 1
same "RUNNER_OS=FreeBSD: the error names the builds there are" \
    "::error title=reorder action::reorder's releases hold builds for Linux (x86_64, arm64) and macOS (arm64, x86_64); this runner is FreeBSD X64 (use runs-on: ubuntu-latest)" \
    "$(annotations)"
reset
runner_os=macOS runner_arch=ARM64
run_action "$scratch/sorted" archive="$ARCHIVE"
expect_status "macOS ARM64 given this machine's archive: exit 1 from the install step" 1 1
same "macOS ARM64 given this machine's archive: the error names the runner's" \
    "::error title=reorder action::archive: $ARCHIVE is not named reorder-VERSION-aarch64-macos.tar.gz (this runner's)" \
    "$(annotations)"

echo "== the archive from REORDER_ARCHIVE; a version that is not the archive's"
reset
reorder_archive_env=$ARCHIVE
run_action "$scratch/unsorted"
expect_status "REORDER_ARCHIVE: installed, exit 1 from the check" 1 2
same "REORDER_ARCHIVE: the annotation" "$annotation" "$(annotations)"
run_action "$scratch/unsorted" version=0.0.0-other
expect_status "version 0.0.0-other with the archive of $version: exit 1 from the install step" 1 1
same "the error names both versions" \
    "::error title=reorder action::archive: $name.tar.gz is reorder $version, not the version asked for, 0.0.0-other" "$(annotations)"

echo "== the download (curl, served from a folder)"
# A curl that records its arguments and serves each URL's last segment from
# the archive's folder.
mkdir -p "$scratch/fake-bin"
cat > "$scratch/fake-bin/curl" <<SH
#!/bin/bash
printf '%s\n' "\$*" >> '$scratch/curl.log'
output= url=
while [ \$# -gt 0 ]; do
    case \$1 in
        -o|--retry) [ "\$1" = -o ] && output=\$2; shift 2 ;;
        -*) shift ;;
        *) url=\$1; shift ;;
    esac
done
cp '$(dirname "$ARCHIVE")'/"\${url##*/}" "\$output" 2>/dev/null || exit 22
SH
chmod 755 "$scratch/fake-bin/curl"
url="https://github.com/OWNER/reorder/releases/download/v$version/$name.tar.gz"
reset
path="$scratch/fake-bin:$path"
run_action "$scratch/unsorted"
expect_status "the action's own version, downloaded: exit 1 from the check" 1 2
same "curl fetched the release and its .sha256 from github.com/OWNER/reorder" \
    "-fsSL --retry 3 -o $temp/reorder-download/$name.tar.gz $url
-fsSL --retry 3 -o $temp/reorder-download/$name.tar.gz.sha256 $url.sha256" "$(cat "$scratch/curl.log")"
same "the annotation" "$annotation" "$(annotations)"
rm -f "$scratch/curl.log"
# github.action_repository empty (actions/runner#2525): the repository from
# the action's path, _actions/OWNER/NAME/REF.
mkdir -p "$scratch/runner/_actions/someone/reorder-fork"
ln -s "$root" "$scratch/runner/_actions/someone/reorder-fork/v$version"
action_path="$scratch/runner/_actions/someone/reorder-fork/v$version" action_repository=
run_action "$scratch/sorted"
expect_status "github.action_repository empty: downloaded, exit 0" 0 2
same "the repository is read from the action's path" \
    "${url/OWNER\/reorder/someone/reorder-fork}" "$(head -1 "$scratch/curl.log" | awk '{print $NF}')"
rm -f "$scratch/curl.log"
reset
path="$scratch/fake-bin:$path"
run_action "$scratch/sorted" version=0.0.0-missing
expect_status "a version with no release: exit 1 from the install step" 1 1
same "the error names the URL" \
    "::error title=reorder action::could not download ${url//$version/0.0.0-missing}" "$(annotations)"

echo "== every runner with a build: its archive downloaded, checked and installed"
# A release's archives for the other targets, made here as stand-ins:
# archive.sh's layout, with a bin/reorder that runs this machine's.
releases="$scratch/releases"
mkdir -p "$releases/stage"
tar -xzf "$ARCHIVE" -C "$releases/stage"
cp "$ARCHIVE" "$ARCHIVE.sha256" "$releases/"
real_reorder="$scratch/real-reorder"
cp "$releases/stage/$name/bin/reorder" "$real_reorder"
for other in x86_64-linux aarch64-linux aarch64-macos x86_64-macos; do
    [ "$other" = "$target" ] && continue
    other_name="reorder-$version-$other"
    cp -R "$releases/stage/$name" "$releases/stage/$other_name"
    printf '#!/bin/sh\nexec %s "$@"\n' "$real_reorder" > "$releases/stage/$other_name/bin/reorder"
    SOURCE_DATE_EPOCH=0 sh packaging/archive.sh "$releases/stage" "$other_name" "$releases" >/dev/null
done
# A PATH like a macOS runner's, where coreutils' sha256sum is missing:
# everything in /usr/bin and /bin but sha256sum (shasum is Perl's).
mkdir -p "$scratch/no-sha256sum"
for program in /usr/bin/* /bin/*; do
    base=${program##*/}
    [ "$base" = sha256sum ] || [ -e "$scratch/no-sha256sum/$base" ] || ln -s "$program" "$scratch/no-sha256sum/$base"
done
sed -i "s|cp '$(dirname "$ARCHIVE")'/|cp '$releases'/|" "$scratch/fake-bin/curl"
for runner in "Linux X64 x86_64-linux" "Linux ARM64 aarch64-linux" "macOS ARM64 aarch64-macos" "macOS X64 x86_64-macos"; do
    read -r os arch other <<< "$runner"
    reset
    runner_os=$os runner_arch=$arch
    case $os in
        macOS) path="$scratch/fake-bin:$scratch/no-sha256sum" ;;
        *) path="$scratch/fake-bin:$path" ;;
    esac
    rm -f "$scratch/curl.log"
    run_action "$scratch/unsorted"
    expect_status "$os $arch: installed, exit 1 from the check" 1 2
    same "$os $arch: the release's reorder-$version-$other.tar.gz and its .sha256 downloaded" \
        "${url/$name/reorder-$version-$other}
${url/$name/reorder-$version-$other}.sha256" "$(awk '{print $NF}' "$scratch/curl.log")"
    same "$os $arch: the annotation" "$annotation" "$(annotations)"
done
# A tampered download on a runner without sha256sum: shasum refuses it.
printf '\0' >> "$releases/reorder-$version-aarch64-macos.tar.gz"
reset
runner_os=macOS runner_arch=ARM64 path="$scratch/fake-bin:$scratch/no-sha256sum"
run_action "$scratch/unsorted"
expect_status "macOS, a download that does not match its .sha256 (shasum): exit 1 from the install step" 1 1
same "macOS, a download that does not match: the error" \
    "::error title=reorder action::reorder-$version-aarch64-macos.tar.gz does not match its sha256 (reorder-$version-aarch64-macos.tar.gz.sha256): not installed" \
    "$(annotations)"

echo
if [ ${#failures[@]} -gt 0 ]; then
    echo "action: $passed passed, ${#failures[@]} failed:"
    printf '  %s\n' "${failures[@]}"
    exit 1
fi
echo "action: $passed passed, 0 failed"
