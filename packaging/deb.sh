#!/bin/sh
# packaging/deb.sh ROOT VERSION MAINTAINER DEB [ARCHITECTURE]: a Debian
# package (for ARCHITECTURE, amd64 unless given: arm64) of the tree
# ROOT (make install DESTDIR=ROOT PREFIX=/usr), built by dpkg-deb alone, as
# Debian policy and lintian want it: the man page gzipped, the copyright in
# the machine-readable format, a changelog, md5sums, and the control file.
set -eu
root=$1 version=$2 maintainer=$3 deb=$4 architecture=${5:-amd64}
case $architecture in
    amd64|arm64) ;;
    *) echo "deb.sh: architecture $architecture: reorder is built for amd64 and arm64" >&2; exit 2 ;;
esac
: "${SOURCE_DATE_EPOCH:?SOURCE_DATE_EPOCH is not set}"
here=$(dirname "$0")
doc="$root/usr/share/doc/reorder"

gzip -9n "$root/usr/share/man/man1/reorder.1"
install -d "$doc" "$root/usr/share/lintian/overrides" "$root/DEBIAN"
install -m 644 "$here/lintian-overrides" "$root/usr/share/lintian/overrides/reorder"

# The copyright file: DEP-5, with the license text from LICENSE (the lines
# after its copyright line; an empty line is " ." there).
year=$(sed -n 's/^Copyright (c) \([0-9]*\) .*/\1/p' LICENSE)
holder=$(sed -n 's/^Copyright (c) [0-9]* //p' LICENSE)
{
    echo 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/'
    echo 'Upstream-Name: reorder'
    echo
    echo 'Files: *'
    echo "Copyright: $year $holder"
    echo 'License: Expat'
    sed '1,/^Copyright (c)/d' LICENSE | sed '/./,$!d' | sed -e 's/^$/./' -e 's/^/ /'
} > "$doc/copyright"

# A native package's changelog, in Debian's format: this version, pointing at
# the project's CHANGELOG.md for what it brought.
date=$(date -u -R -d "@$SOURCE_DATE_EPOCH")
printf 'reorder (%s) unstable; urgency=medium\n\n  * reorder %s; see CHANGELOG.md in the source for what it brings.\n\n -- %s  %s\n' \
    "$version" "$version" "$maintainer" "$date" | gzip -9n > "$doc/changelog.gz"

find "$root" -type d -exec chmod 755 {} +
find "$root/usr" -type f -exec chmod 644 {} +
chmod 755 "$root/usr/bin/reorder"

size=$(du -sk --apparent-size "$root/usr" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: reorder
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $size
Section: utils
Priority: optional
Multi-Arch: foreign
Description: move, sort and delete items of lists in files, byte-exact
 reorder moves, swaps, inserts, deletes and sorts the items of a list kept
 in a file: the lines of a text file, the elements of a JSON array or the
 members of a JSON object (JSON with comments too), the entries of a YAML
 sequence or mapping, and the arrays and tables of TOML. It writes the file
 back without changing a byte it did not move: line endings, comments,
 whitespace and number spellings stay as they were.
 .
 It is made for shell one-liners, scripts and pre-commit hooks: batches of
 edits as one, sorting by value or key, sorted blocks marked as
 keep-sorted marks them, the fewest moves from one order to another, and
 safe in-place writes.
CONTROL
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -newermt "@$SOURCE_DATE_EPOCH" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p "$(dirname "$deb")"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
