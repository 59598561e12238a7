#!/bin/sh
# packaging/archive.sh STAGE NAME DIST: DIST/NAME.tar.gz from the folder
# STAGE/NAME, and DIST/NAME.tar.gz.sha256 (check it with sha256sum -c in
# DIST). The same tree and SOURCE_DATE_EPOCH give the same bytes: names in
# order, owner and group 0, every time SOURCE_DATE_EPOCH, gzip without a name
# or time of its own.
set -eu
stage=$1 name=$2 dist=$3
: "${SOURCE_DATE_EPOCH:?SOURCE_DATE_EPOCH is not set}"
mkdir -p "$dist"
find "$stage/$name" -type d -exec chmod 755 {} +
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    --format=gnu -C "$stage" -cf - "$name" | gzip -9n > "$dist/$name.tar.gz"
(cd "$dist" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$dist/$name.tar.gz"
