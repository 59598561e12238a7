"""The build backend (PEP 517) of pyproject.toml: what `pip install .` builds
from this repository, as pre-commit does for the hooks of
.pre-commit-hooks.yaml with `language: python`.

It builds no code and needs neither Swift nor anything from the network: a
wheel of the package `reorder-pre-commit`, which holds only its metadata and
requires `reorder==VERSION`, the wheel with the prebuilt binary (made by
`make wheel`, published on the package index). pip then installs that one,
and the hooks run VENV/bin/reorder, the binary itself.

VERSION is reorder's, read from Sources/ReorderCLI/CommandLine/CommandTable.swift.
The hooks are those pip calls for `pip install .`; there is no sdist (the
package is only a pointer at the binary wheel, not meant to be published).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import wheelfile  # noqa: E402

NAME = "reorder-pre-commit"
TAGS = ["py3-none-any"]
SUMMARY = "The reorder command for pre-commit's python hooks: installs the prebuilt reorder wheel"
DESCRIPTION = """# reorder-pre-commit

What pre-commit installs for reorder's hooks (`.pre-commit-hooks.yaml`,
`language: python`): no code, only the requirement `reorder==VERSION`, the
wheel with reorder's prebuilt binary for the platform. See
[reorder](HOME_PAGE).
"""


def _dist_info():
    version = wheelfile.version()
    text = wheelfile.metadata(NAME, version, SUMMARY, requires=[f"reorder=={version}"],
                              readme=DESCRIPTION.replace("HOME_PAGE", wheelfile.HOME_PAGE))
    name, files = wheelfile.dist_info_files(NAME, version, text, wheelfile.wheel_text(TAGS, purelib=True))
    return version, name, files


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _, name, files = _dist_info()
    for path, (data, _) in files.items():
        target = Path(metadata_directory) / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version, name, files = _dist_info()
    return wheelfile.write_wheel(wheel_directory, NAME, version, TAGS, {}, name, files)
