#!/usr/bin/env bash
# Start-up of the wheel's `reorder` (make wheel, pip install into a fresh
# venv) beside the bare binary it holds: pip copies the binary as the
# script, so the two should be within noise of each other (the goal: within
# 1 ms). `python3 -c pass` is there for scale: what a Python wrapper would
# cost before the program even starts (the venv's python3, not a shim).
# Prints hyperfine's means.
source "$(dirname "$0")/common.sh"
(cd "$ROOT" && make --no-print-directory wheel >/dev/null)
version=$(cd "$ROOT" && make -s --no-print-directory version)
wheel="$ROOT/dist/reorder-$version-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl"
binary="$ROOT/dist/stage/reorder"
venv="$DATA/wheel-venv"
rm -rf "$venv"
python3 -m venv "$venv"
PIP_FIND_LINKS= "$venv/bin/pip" install --quiet --no-index --disable-pip-version-check "$wheel"
cmp "$venv/bin/reorder" "$binary"

hyperfine -N --warmup 20 --runs 300 --style basic \
    -n 'binary --version' "$binary --version" \
    -n 'wheel (VENV/bin/reorder) --version' "$venv/bin/reorder --version" \
    -n "python3 -c pass (the venv's)" "$venv/bin/python3 -c pass" \
    --export-json "$DATA/wheel-startup.json" >/dev/null 2>&1
python3 - "$DATA/wheel-startup.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
for result in results:
    print(f"  {result['command']:<36} mean {result['mean'] * 1000:7.2f} ms ± {result['stddev'] * 1000:5.2f}"
          f"   median {result['median'] * 1000:7.2f} ms")
bare, wheel = results[0]["mean"], results[1]["mean"]
print(f"  wheel − binary: {(wheel - bare) * 1000:+.2f} ms")
PY
echo
ls -l "$ROOT/dist/"*.tar.gz "$ROOT/dist/"*.deb "$ROOT/dist/"*.whl | awk '{printf "  %-80s %6.2f MB\n", $9, $5 / 1e6}'
