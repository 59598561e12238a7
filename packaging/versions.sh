#!/bin/sh
# packaging/versions.sh [TAG [BINARY]]: fails (exit 1, a line for each
# disagreement) unless every place that states reorder's version states the
# one it has in Sources/ReorderCLI/CommandLine/CommandTable.swift, as
# `make -s version` reads it: the Homebrew formula's template (its `version`
# and archive URLs are @VERSION@, which formula.py fills), the VS Code
# extension's package.json, and, when given, the tag (vVERSION, as
# release.yml is started by) and BINARY --version. The .deb,
# the wheels, the pre-commit package and the Action's default read the
# version from CommandTable.swift themselves.
set -eu
cd "$(dirname "$0")/.."
version=$(make -s --no-print-directory version)
[ -n "$version" ] || { echo "versions.sh: no 'static let version' in Sources/ReorderCLI/CommandLine/CommandTable.swift" >&2; exit 1; }
status=0
disagree() { echo "versions.sh: $1 says $2, not $version (CommandTable.version)" >&2; status=1; }

# The formula's template states no version: formula.py writes reorder's for
# each @VERSION@.
formula=packaging/homebrew/reorder.rb
stated=$(sed -n 's/^  version "\(.*\)"$/\1/p' "$formula")
[ "$stated" = "@VERSION@" ] || disagree "$formula's version" "'$stated' (the template's is @VERSION@)"
for url in $(sed -n 's/^ *url "\(.*\)"$/\1/p' "$formula"); do
    case $url in
        */download/v@VERSION@/reorder-@VERSION@-*.tar.gz) ;;
        *) disagree "$formula's url" "$url (the template's is .../v@VERSION@/reorder-@VERSION@-TARGET.tar.gz)" ;;
    esac
done
stated=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' editors/vscode/package.json)
[ "$stated" = "$version" ] || disagree "editors/vscode/package.json's version" "'$stated'"
grep -q 'static let version = ' action.yml && grep -q 'Sources/ReorderCLI/CommandLine/CommandTable.swift' action.yml ||
    disagree "action.yml" "no default read from CommandTable.swift"

if [ $# -ge 1 ] && [ -n "$1" ]; then
    [ "$1" = "v$version" ] || disagree "the tag" "$1"
fi
if [ $# -ge 2 ]; then
    stated=$("$2" --version) || stated="nothing (it did not run)"
    [ "$stated" = "reorder $version" ] || disagree "$2 --version" "'$stated'"
fi
[ $status = 0 ] && echo "versions.sh: every place says $version"
exit $status
