#!/bin/sh
# packaging/check-packages.sh DIST TARGET: checks the packages make dist,
# deb (Linux targets) and wheel wrote in DIST for TARGET, as release.yml does
# after making them on each runner:
#
#   archive  its .sha256 matches; it holds one folder with bin/reorder, the
#            man page and the completions; on the target itself (this
#            machine's, make -s target) bin/reorder --version is this version
#   deb      Package, Version and Architecture (amd64, arm64)
#   wheel    its name's platform tags are the target's, WHEEL says the
#            same, RECORD's hashes hold (wheel's reader), and twine check
#            --strict passes
#
# Needs python3 with twine and wheel (release.yml installs them; make test
# puts them in .build/test-tools). Exit 0 when every check passed.
set -eu
dist=$1 target=$2
cd "$(dirname "$0")/.."
version=$(make -s --no-print-directory version)
name="reorder-$version-$target"
fail() { echo "check-packages.sh: $*" >&2; exit 1; }
case $target in
    x86_64-linux) platform=manylinux_2_17_x86_64.manylinux2014_x86_64 deb_arch=amd64 ;;
    aarch64-linux) platform=manylinux_2_17_aarch64.manylinux2014_aarch64 deb_arch=arm64 ;;
    aarch64-macos) platform=macosx_11_0_arm64 deb_arch= ;;
    x86_64-macos) platform=macosx_10_13_x86_64 deb_arch= ;;
    *) fail "target $target: not x86_64-linux, aarch64-linux, aarch64-macos or x86_64-macos" ;;
esac
if command -v sha256sum >/dev/null; then sha256() { sha256sum "$@"; }; else sha256() { shasum -a 256 "$@"; }; fi

# The archive.
[ -f "$dist/$name.tar.gz" ] || fail "no $dist/$name.tar.gz"
(cd "$dist" && sha256 -c "$name.tar.gz.sha256" >/dev/null) || fail "$name.tar.gz does not match $name.tar.gz.sha256"
listing=$(tar -tzf "$dist/$name.tar.gz")
for path in bin/reorder share/man/man1/reorder.1 share/bash-completion/completions/reorder \
    share/zsh/site-functions/_reorder share/fish/vendor_completions.d/reorder.fish share/doc/reorder/LICENSE; do
    printf '%s\n' "$listing" | grep -qx "$name/$path" || fail "$name.tar.gz holds no $name/$path"
done
[ "$(printf '%s\n' "$listing" | cut -d/ -f1 | sort -u)" = "$name" ] || fail "$name.tar.gz holds more than the folder $name"
if [ "$target" = "$(make -s --no-print-directory target)" ]; then
    unpacked=$(mktemp -d)
    tar -xzf "$dist/$name.tar.gz" -C "$unpacked"
    stated=$(env -i "$unpacked/$name/bin/reorder" --version) || stated="nothing (it did not run)"
    rm -rf "$unpacked"
    [ "$stated" = "reorder $version" ] || fail "$name.tar.gz's bin/reorder --version says $stated, not reorder $version"
    echo "check-packages.sh: $name.tar.gz: bin/reorder runs with an empty environment: reorder $version"
fi

# The .deb.
if [ -n "$deb_arch" ]; then
    deb="$dist/reorder_${version}_$deb_arch.deb"
    [ -f "$deb" ] || fail "no $deb"
    fields=$(dpkg-deb -f "$deb" Package Version Architecture | tr '\n' ' ')
    [ "$fields" = "Package: reorder Version: $version Architecture: $deb_arch " ] || fail "$deb: $fields"
fi

# The wheel.
wheel="$dist/reorder-$version-py3-none-$platform.whl"
[ -f "$wheel" ] || fail "no $wheel"
# wheel's own reader: the name's platform tags, WHEEL's Tag lines, and every
# file against RECORD's hash (WheelFile checks them as it reads).
stated=$(python3 -c 'import sys
from wheel.wheelfile import WheelFile
with WheelFile(sys.argv[1]) as wheel:
    for name in wheel.namelist():
        wheel.read(name)
    info = next(n for n in wheel.namelist() if n.endswith(".dist-info/WHEEL"))
    tags = [line.split(": ", 1)[1] for line in wheel.read(info).decode().splitlines() if line.startswith("Tag: ")]
    print(wheel.parsed_filename.group("plat"), ".".join(tag.split("-", 2)[2] for tag in tags))' "$wheel") ||
    fail "$wheel does not read as a wheel (python -m wheel)"
[ "$stated" = "$platform $platform" ] || fail "$wheel: its name and WHEEL say the platforms $stated, not $platform"
python3 -m twine check --strict "$wheel" >/dev/null || { python3 -m twine check --strict "$wheel"; fail "twine check $wheel"; }
echo "check-packages.sh: $target: the archive, ${deb_arch:+the .deb, }the wheel ($platform): ok"
