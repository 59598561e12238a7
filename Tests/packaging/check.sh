#!/usr/bin/env bash
# make test-dist: builds the prebuilt packages (make dist deb wheel, from one
# release build) and checks each as a user would get it:
#
#   archive   sha256sum -c; unpacked, exactly the files make install lays out
#             plus the docs; a static binary that runs with an empty
#             environment; man finds the page; the same bytes when made again
#   action    the GitHub Action (action.yml) run as the runner runs it, with
#             the archive: Tests/packaging/action.sh
#   deb       lintian reports no error; dpkg -i; reorder, man, and completion
#             in bash, zsh and fish from the installed files; dpkg -r removes
#             every file it installed
#   wheel     RECORD matches the files; pip installs it in a fresh venv with
#             no index; VENV/bin/reorder is the binary itself, mode 755; man
#             finds the page from PATH
#   hooks     pre-commit's python hooks from a commit of this tree, with no
#             Swift on PATH and no package index: the wheel comes from dist/;
#             an unsorted file fails the commit and is fixed, the next passes
#
# It installs and removes the Debian package, so it runs as root (as CI
# does); what it needs beyond the Swift toolchain and Python is installed
# with apt-get when missing, as Tests/test.sh does. A missing program fails
# the check; nothing is skipped. Exit 0 only when every check passed.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
export DEBIAN_FRONTEND=noninteractive

if [ "$(id -u)" != 0 ]; then
    echo "check.sh: installs and removes the .deb with dpkg, so it runs as root (sudo make test-dist)" >&2
    exit 2
fi

debian_packages=(lintian dpkg-dev binutils gzip tar coreutils man-db bash bash-completion zsh fish git make python3-venv)
missing=()
for package in "${debian_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ -n "${REORDER_TEST_NO_INSTALL:-}" ]; then
        echo "check.sh: these Debian packages are needed and not installed: ${missing[*]}" >&2
        echo "    apt-get install ${missing[*]}" >&2
        exit 2
    fi
    bash Tests/apt-install.sh check.sh "${missing[@]}"
fi

# pre-commit, in the environment Tests/test.sh makes for the tests.
tools="$root/.build/test-tools"
if [ ! -x "$tools/bin/pre-commit" ]; then
    [ -x "$tools/bin/python3" ] || python3 -m venv "$tools"
    "$tools/bin/python3" -m pip install --quiet --disable-pip-version-check pre-commit
fi

scratch=$(mktemp -d /tmp/reorder-check-dist.XXXXXX)
cleanup() {
    # The package, if a failure left it installed.
    if dpkg-query -W -f='${Status}' reorder 2>/dev/null | grep -q "install ok installed"; then
        dpkg -r reorder >/dev/null 2>&1 || true
    fi
    rm -rf "$scratch"
}
trap cleanup EXIT

passed=0
failures=()
ok() { passed=$((passed + 1)); echo "  ok    $1"; }
fail() { failures+=("$1"); echo "  FAIL  $1" >&2; }
# check DESCRIPTION COMMAND...: one check, its output shown when it fails.
check() {
    local description=$1; shift
    local output
    if output=$("$@" 2>&1); then ok "$description"; else fail "$description"; printf '%s\n' "$output" | sed 's/^/        /' >&2; fi
}
# same DESCRIPTION EXPECTED ACTUAL
same() {
    if [ "$2" == "$3" ]; then ok "$1"; else fail "$1"; diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") | sed 's/^/        /' >&2 || true; fi
}

echo "== make dist deb wheel"
make --no-print-directory dist deb wheel >"$scratch/make.log" 2>&1 || { cat "$scratch/make.log" >&2; echo "check.sh: make dist deb wheel failed" >&2; exit 1; }
version=$(sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/ReorderCLI/CommandLine/CommandTable.swift)
binary="$root/dist/stage/reorder"
# The packages of this machine's target (make -s target): x86_64-linux or
# aarch64-linux.
target=$(make -s --no-print-directory target)
case $target in
    x86_64-linux) deb_arch=amd64 platform=manylinux_2_17_x86_64.manylinux2014_x86_64 ;;
    aarch64-linux) deb_arch=arm64 platform=manylinux_2_17_aarch64.manylinux2014_aarch64 ;;
    *) echo "check.sh: make test-dist checks the Linux packages; this machine's target is $target" >&2; exit 2 ;;
esac
archive="reorder-$version-$target"
deb="dist/reorder_${version}_$deb_arch.deb"
wheel="dist/reorder-$version-py3-none-$platform.whl"
for artifact in "dist/$archive.tar.gz" "dist/$archive.tar.gz.sha256" "$deb" "$wheel"; do
    [ -f "$artifact" ] || { echo "check.sh: make did not write $artifact" >&2; exit 1; }
    printf '  %-78s %9d bytes\n' "$artifact" "$(stat -c %s "$artifact")"
done
expected_fruits=$'apple\nbanana\ncherry\ndate'

echo "== archive"
check "sha256sum -c $archive.tar.gz.sha256" bash -c "cd dist && sha256sum -c $archive.tar.gz.sha256"
mkdir "$scratch/archive"
tar -xzf "dist/$archive.tar.gz" -C "$scratch/archive"
prefix="$scratch/archive/$archive"
same "the archive holds one folder, $archive" "$archive" "$(ls "$scratch/archive")"
same "the folder holds exactly make install's files and the docs" "$({ printf '%s\n' \
    bin/reorder \
    share/bash-completion/completions/reorder \
    share/doc/reorder/CHANGELOG.md \
    share/doc/reorder/LICENSE \
    share/doc/reorder/README.md \
    share/fish/vendor_completions.d/reorder.fish \
    share/man/man1/reorder.1 \
    share/zsh/site-functions/_reorder
    for page in docs/*.md; do echo "share/doc/reorder/$page"; done; } | LC_ALL=C sort)" \
    "$(cd "$prefix" && find . ! -type d | sed 's|^\./||' | LC_ALL=C sort)"
same "every entry is owned by 0:0" "0/0" "$(tar --numeric-owner -tvzf "dist/$archive.tar.gz" | awk '{print $2}' | sort -u)"
same "bin/reorder is mode 755, the rest 644, folders 755" "$(printf '%s\n' 755 644 755)" \
    "$(stat -c %a "$prefix/bin/reorder"; find "$prefix" -type f ! -path '*/bin/*' -printf '%m\n' | sort -u; find "$prefix" -type d -printf '%m\n' | sort -u)"
same "ldd: bin/reorder is static" "not a dynamic executable" "$(ldd "$prefix/bin/reorder" 2>&1 | sed 's/^[[:space:]]*//')"
same "bin/reorder --version with an empty environment" "reorder $version" "$(env -i PATH=/usr/bin:/bin "$prefix/bin/reorder" --version)"
same "bin/reorder move 2 0 examples/fruits.txt -o -" "$expected_fruits" \
    "$(env -i PATH=/usr/bin:/bin "$prefix/bin/reorder" move 2 0 examples/fruits.txt -o -)"
same "man finds the page under share/man" "$prefix/share/man/man1/reorder.1" \
    "$(MANPATH="$prefix/share/man" man -w reorder)"
check "the page renders from the archive" bash -c "MANPAGER=cat MANWIDTH=80 MANPATH='$prefix/share/man' man reorder | grep -q 'REORDER(1)'"
first=$(cat "dist/$archive.tar.gz.sha256")
make --no-print-directory dist >"$scratch/make-again.log" 2>&1 || { cat "$scratch/make-again.log" >&2; fail "make dist again"; }
same "make dist again writes the same bytes" "$first" "$(cat "dist/$archive.tar.gz.sha256")"

echo "== the GitHub Action (Tests/packaging/action.sh), with this archive"
if ARCHIVE="dist/$archive.tar.gz" bash Tests/packaging/action.sh; then
    ok "action.yml's steps run as GitHub runs them, with dist/$archive.tar.gz"
else
    fail "action.yml's steps run as GitHub runs them, with dist/$archive.tar.gz (Tests/packaging/action.sh)"
fi

echo "== deb"
# lintian exits 1 on an error tag, 2 when it could not run at all.
lintian_status=0
lintian_output=$(lintian --pedantic "$deb" 2>&1) || lintian_status=$?
lintian_output=$(printf '%s\n' "$lintian_output" | grep -v '^running with root privileges' || true)
errors=$(printf '%s\n' "$lintian_output" | grep '^E:' || true)
if [ -z "$errors" ] && [ "$lintian_status" = 0 ]; then
    ok "lintian: no errors"
else
    fail "lintian: errors (exit $lintian_status)"; printf '%s\n' "${errors:-$lintian_output}" | sed 's/^/        /' >&2
fi
printf '%s\n' "$lintian_output" | grep '^W:' | sed 's/^/        lintian /' || true
same "dpkg-deb: Package, Version, Architecture" "reorder $version $deb_arch" \
    "$(dpkg-deb -f "$deb" Package Version Architecture | sed 's/^[^:]*: //' | paste -sd' ')"
same "dpkg-deb: owner root:root; folders 755, files 644, the binary 755" \
    "$(printf '%s\n' '-rw-r--r-- root/root' '-rwxr-xr-x root/root ./usr/bin/reorder' 'drwxr-xr-x root/root')" \
    "$(dpkg-deb -c "$deb" | awk '$1 ~ /x$/ && $1 !~ /^d/ {print $1, $2, $6; next} {print $1, $2}' | LC_ALL=C sort -u)"
check "dpkg -i $deb" dpkg -i "$deb"
dpkg -L reorder | LC_ALL=C sort > "$scratch/deb-paths"
same "/usr/bin/reorder --version" "reorder $version" "$(env -i PATH=/usr/bin:/bin reorder --version)"
same "/usr/bin/reorder move 2 0 examples/fruits.txt -o -" "$expected_fruits" "$(/usr/bin/reorder move 2 0 examples/fruits.txt -o -)"
same "ldd /usr/bin/reorder: static" "not a dynamic executable" "$(ldd /usr/bin/reorder 2>&1 | sed 's/^[[:space:]]*//')"
same "man -w reorder" "/usr/share/man/man1/reorder.1.gz" "$(env -u MANPATH man -w reorder)"
same "bash: completion loaded on demand, commands offered" "move" \
    "$(HOME="$scratch" bash --norc -c '
        source /usr/share/bash-completion/bash_completion
        _completion_loader reorder >/dev/null 2>&1 || __load_completion reorder
        function=$(complete -p reorder | sed -n "s/.*-F \([^ ]*\) .*/\1/p")
        COMP_WORDS=(reorder mo); COMP_CWORD=1; COMP_LINE="reorder mo"; COMP_POINT=${#COMP_LINE}
        "$function" reorder mo reorder
        printf "%s\n" "${COMPREPLY[@]}"')"
same "zsh: compinit finds _reorder in vendor-completions" "_reorder /usr/share/zsh/vendor-completions/_reorder" \
    "$(HOME="$scratch" zsh -f -c 'autoload -Uz compinit; compinit -u -d "$HOME/zcompdump"; print -r -- $_comps[reorder] ${^fpath}/_reorder(N)')"
check "fish: complete -C 'reorder ' offers the commands" \
    bash -c "HOME='$scratch' XDG_CONFIG_HOME='$scratch/config' fish -c \"complete -C 'reorder '\" | cut -f1 | grep -x -e move -e sort -e fix | wc -l | grep -qx 3"
dpkg -r reorder >"$scratch/dpkg-r.log" 2>&1 || { cat "$scratch/dpkg-r.log" >&2; fail "dpkg -r reorder"; }
left=()
while read -r path; do
    [ -d "$path" ] && [ ! -L "$path" ] && continue      # shared folders such as /usr/share stay
    [ -e "$path" ] || [ -L "$path" ] && left+=("$path")
done < "$scratch/deb-paths"
same "dpkg -r removes every file dpkg -L listed ($(grep -c . "$scratch/deb-paths") paths)" "" "${left[*]:-}"
same "dpkg -r removes /usr/share/doc/reorder" "gone" "$([ -e /usr/share/doc/reorder ] && echo there || echo gone)"

echo "== wheel"
check "RECORD lists every file with its sha256 and size" python3 - "$wheel" <<'PY'
import base64, csv, hashlib, io, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    names = set(wheel.namelist())
    record_name = next(name for name in names if name.endswith(".dist-info/RECORD"))
    rows = list(csv.reader(io.StringIO(wheel.read(record_name).decode())))
    listed = {row[0] for row in rows}
    assert listed == names, (sorted(listed ^ names))
    for path, digest, size in rows:
        if path == record_name:
            assert digest == size == "", path
            continue
        data = wheel.read(path)
        expected = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert digest == expected and int(size) == len(data), path
PY
check "METADATA: home page, author, a description for the package index" python3 - "$wheel" <<'PY'
import email.parser, re, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    name = next(name for name in wheel.namelist() if name.endswith(".dist-info/METADATA"))
    message = email.parser.Parser().parsestr(wheel.read(name).decode())
assert message["Home-page"].startswith("https://"), message["Home-page"]
assert message["Author"], "no Author"
assert message["Description-Content-Type"] == "text/markdown"
description = message.get_payload()
assert "swift run" not in description, "the description runs swift"
links = re.findall(r"\]\(([^)]*)\)", description)
relative = [link for link in links if not re.match(r"https?://", link)]
assert not relative, f"relative links: {relative}"
assert "HOME_PAGE" not in description
PY
venv="$scratch/venv"
python3 -m venv "$venv"
check "pip install --no-index $wheel" env PIP_FIND_LINKS= "$venv/bin/pip" install --no-index --disable-pip-version-check "$wheel"
check "VENV/bin/reorder is the binary itself (cmp)" cmp "$venv/bin/reorder" "$binary"
same "VENV/bin/reorder is mode 755" "755" "$(stat -c %a "$venv/bin/reorder")"
same "VENV/bin/reorder --version" "reorder $version" "$(env -i PATH=/usr/bin:/bin "$venv/bin/reorder" --version)"
same "VENV/bin/reorder move 2 0 examples/fruits.txt -o -" "$expected_fruits" "$("$venv/bin/reorder" move 2 0 examples/fruits.txt -o -)"
same "man -w reorder finds VENV/share/man from PATH" "$venv/share/man/man1/reorder.1" \
    "$(env -u MANPATH HOME="$scratch" PATH="$venv/bin:/usr/bin:/bin" man -w reorder)"
same "pip uninstall leaves no file of reorder" "" \
    "$("$venv/bin/pip" uninstall --yes --quiet reorder >/dev/null 2>&1; find "$venv" -name '*reorder*' ! -type d)"

echo "== pre-commit, python hooks, no Swift"
# The hook repository: a commit of this tree as it is now (pre-commit reads
# only what is committed), in a clone of its own.
hooks="$scratch/hooks"
git clone --quiet "$root" "$hooks"
git -C "$hooks" checkout --quiet "$(git -C "$root" rev-parse HEAD)"
git -C "$hooks" ls-files -z | (cd "$hooks" && xargs -0 rm -f)
(
    cd "$root"
    git ls-files --cached --others --exclude-standard -z | while IFS= read -r -d '' path; do
        [ -e "$path" ] && printf '%s\0' "$path"
    done | tar --null -T - -cf -
) | tar -C "$hooks" -xf -
work_env=(env -u PRE_COMMIT_HOME -u SKIP GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
          GIT_AUTHOR_NAME=Test GIT_AUTHOR_EMAIL=test@example.com GIT_COMMITTER_NAME=Test GIT_COMMITTER_EMAIL=test@example.com)
"${work_env[@]}" git -C "$hooks" add -A
"${work_env[@]}" git -C "$hooks" commit --quiet --allow-empty -m "packaging check"
revision=$(git -C "$hooks" rev-parse HEAD)

# PATH without any folder that holds swift.
no_swift_path="$tools/bin"
IFS=: read -r -a path_entries <<<"$PATH"
for entry in "${path_entries[@]}"; do
    [ -n "$entry" ] && [ ! -x "$entry/swift" ] && no_swift_path+=":$entry"
done
hook_env=("${work_env[@]}" PATH="$no_swift_path" PRE_COMMIT_HOME="$scratch/pre-commit-home"
          PIP_FIND_LINKS="$root/dist" PIP_NO_INDEX=1 NO_COLOR=1)
same "swift is not on the hooks' PATH" "" "$("${hook_env[@]}" bash -c 'command -v swift' || true)"

work="$scratch/work"
mkdir "$work"
"${hook_env[@]}" git -C "$work" init --quiet
cat > "$work/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $hooks
    rev: $revision
    hooks:
      - id: reorder-sort-lines-prebuilt
        files: ^fruits\.txt$
      - id: reorder-fix-prebuilt
YAML
printf 'pear\napple\nfig\n' > "$work/fruits.txt"
printf 'deps = [\n    # keep-sorted start\n    "zlib",\n    "abc",\n    # keep-sorted end\n]\n' > "$work/BUILD"
cd "$work"
check "pre-commit install" "${hook_env[@]}" pre-commit install
check "pre-commit install-hooks (pip install . and the wheel from dist/, no index)" "${hook_env[@]}" pre-commit install-hooks
hook_binary=$(find "$scratch/pre-commit-home" -path '*/bin/reorder' | head -1)
check "the hooks' reorder is the binary itself (cmp)" cmp "${hook_binary:-missing}" "$binary"
"${hook_env[@]}" git add -A
if "${hook_env[@]}" git commit --quiet -m first >"$scratch/first.log" 2>&1; then
    fail "the first commit fails (unsorted files)"; cat "$scratch/first.log" >&2
else
    ok "the first commit fails (unsorted files)"
fi
check "the hooks say which files they fixed" grep -q 'reorder: fruits.txt: rewritten' "$scratch/first.log"
same "fruits.txt is sorted" $'apple\nfig\npear' "$(cat fruits.txt)"
same "the keep-sorted block in BUILD is sorted" $'deps = [\n    # keep-sorted start\n    "abc",\n    "zlib",\n    # keep-sorted end\n]' "$(cat BUILD)"
"${hook_env[@]}" git add -A
check "the next commit passes" "${hook_env[@]}" git commit --quiet -m first
cd "$root"

echo
if [ ${#failures[@]} -gt 0 ]; then
    echo "test-dist: $passed passed, ${#failures[@]} failed:"
    printf '  %s\n' "${failures[@]}"
    exit 1
fi
echo "test-dist: $passed passed, 0 failed"
