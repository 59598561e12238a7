#!/usr/bin/env python3
"""packaging/wheel.py STAGE VERSION DIST [TARGET]: the `reorder` wheel for
TARGET (x86_64-linux unless given), from the tree `make install
DESTDIR=STAGE PREFIX=` laid out.

The program itself is the wheel's script, reorder-VERSION.data/scripts/reorder:
pip copies a script that does not start with `#!python` as it is and makes it
executable, so VENV/bin/reorder is the static binary, with no Python between
the shell and the program. The rest of the tree (the man page, the
completions) goes to reorder-VERSION.data/data/, which pip installs under the
environment's prefix: VENV/share/man/man1/reorder.1, where `man` finds it from
VENV/bin on PATH. No Python package, no entry points.

The tags are the target's platform's (PLATFORMS), as ruff's and other
programs' wheels have them: on Linux manylinux_2_17 (and its older name,
manylinux2014), which any glibc or musl system pip runs on accepts, since
the binary is linked statically and needs no library of the system at all;
on macOS the binary's deployment target, the oldest macOS it runs on
(release.yml checks the built binary's LC_BUILD_VERSION against it).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import wheelfile  # noqa: E402

# TARGET: (the wheel's tags, its operating system classifier).
PLATFORMS = {
    "x86_64-linux": (["py3-none-manylinux_2_17_x86_64", "py3-none-manylinux2014_x86_64"],
                     "Classifier: Operating System :: POSIX :: Linux"),
    "aarch64-linux": (["py3-none-manylinux_2_17_aarch64", "py3-none-manylinux2014_aarch64"],
                      "Classifier: Operating System :: POSIX :: Linux"),
    "aarch64-macos": (["py3-none-macosx_11_0_arm64"], "Classifier: Operating System :: MacOS"),
    "x86_64-macos": (["py3-none-macosx_10_13_x86_64"], "Classifier: Operating System :: MacOS"),
}
SUMMARY = ("Move, swap, insert, delete and sort the items of a list in a file "
           "(lines, JSON, YAML, TOML) without changing the bytes around them")


def classifiers(system):
    return [
        "Classifier: Environment :: Console",
        "Classifier: License :: OSI Approved :: MIT License",
        system,
        "Classifier: Topic :: Text Processing",
        "Classifier: Topic :: Utilities",
    ]


def main():
    if len(sys.argv) not in (4, 5):
        raise SystemExit(__doc__.splitlines()[0])
    stage, version, dist = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    target = sys.argv[4] if len(sys.argv) == 5 else "x86_64-linux"
    if target not in PLATFORMS:
        raise SystemExit(f"wheel.py: target {target}: not one of {', '.join(PLATFORMS)}")
    tags, system = PLATFORMS[target]
    if version != wheelfile.version():
        raise SystemExit(f"wheel.py: version {version} is not CommandTable.version {wheelfile.version()}")
    data = f"reorder-{version}.data"
    files = {}
    for path in sorted(stage.rglob("*")):
        if path.is_dir():
            continue
        relative = path.relative_to(stage).as_posix()
        if relative.startswith("bin/"):
            files[f"{data}/scripts/{relative[4:]}"] = (path.read_bytes(), 0o755)
        else:
            files[f"{data}/data/{relative}"] = (path.read_bytes(), 0o644)
    if f"{data}/scripts/reorder" not in files:
        raise SystemExit(f"wheel.py: no bin/reorder in {stage}")
    # The package index shows this page: the README's first screen runs
    # `swift run` and its links are relative to the repository.
    readme = (wheelfile.ROOT / "packaging" / "pypi-description.md").read_text(encoding="utf-8")
    readme = readme.replace("HOME_PAGE", wheelfile.HOME_PAGE)
    text = wheelfile.metadata("reorder", version, SUMMARY, readme=readme, extra=classifiers(system))
    dist_info_name, dist_info = wheelfile.dist_info_files(
        "reorder", version, text, wheelfile.wheel_text(tags, purelib=False),
        extra=[("LICENSE", (wheelfile.ROOT / "LICENSE").read_bytes())])
    name = wheelfile.write_wheel(dist, "reorder", version, tags, files, dist_info_name, dist_info)
    print(f"{dist}/{name}")


if __name__ == "__main__":
    main()
