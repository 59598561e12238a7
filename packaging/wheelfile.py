"""Writes a wheel (PEP 427) with the standard library alone: the files given,
then the .dist-info folder with METADATA, WHEEL and RECORD (sha256 of every
file). Shared by wheel.py (the `reorder` wheel with the binary) and
reorder_pre_commit_backend.py (the pre-commit hooks' package).

The same files and SOURCE_DATE_EPOCH give the same bytes: entries in order,
every time SOURCE_DATE_EPOCH (not before 1980, which zip cannot hold).
"""

import base64
import hashlib
import os
import re
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERSION_SOURCE = ROOT / "Sources" / "ReorderCLI" / "CommandLine" / "CommandTable.swift"


def version():
    """reorder's version, as the binary has it: CommandTable.version."""
    text = VERSION_SOURCE.read_text(encoding="utf-8")
    match = re.search(r'static let version = "([^"]+)"', text)
    if not match:
        raise SystemExit(f"no 'static let version' in {VERSION_SOURCE}")
    return match.group(1)


def distribution(name):
    """The name as wheel file names spell it: reorder-pre-commit → reorder_pre_commit."""
    return re.sub(r"[-_.]+", "_", name).lower()


# Where the project lives, for the package index's links: REORDER_HOME_PAGE
# when set (release.yml sets it to the repository it runs in), else the
# placeholder the release-day commands of docs/install.md use too.
HOME_PAGE = os.environ.get("REORDER_HOME_PAGE") or "https://github.com/OWNER/reorder"
AUTHOR = "The reorder authors"


def metadata(name, version, summary, *, requires=(), readme=None, extra=()):
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version}",
        f"Summary: {summary}",
        f"Home-page: {HOME_PAGE}",
        f"Author: {AUTHOR}",
        f"Project-URL: Source, {HOME_PAGE}",
        f"Project-URL: Changelog, {HOME_PAGE}/blob/main/CHANGELOG.md",
        "License: MIT",
        "Requires-Python: >=3.7",
        *extra,
        *(f"Requires-Dist: {requirement}" for requirement in requires),
    ]
    if readme is not None:
        lines.append("Description-Content-Type: text/markdown")
        return "\n".join(lines) + "\n\n" + readme
    return "\n".join(lines) + "\n"


def wheel_text(tags, purelib):
    lines = [
        "Wheel-Version: 1.0",
        "Generator: reorder packaging/wheelfile.py",
        f"Root-Is-Purelib: {'true' if purelib else 'false'}",
        *(f"Tag: {tag}" for tag in tags),
    ]
    return "\n".join(lines) + "\n"


def _record_hash(data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def _zip_time():
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH") or time.time())
    return max(time.gmtime(epoch)[:6], (1980, 1, 1, 0, 0, 0))


def dist_info_files(name, version, metadata_text, wheel, extra=()):
    """{path in the wheel: (bytes, mode)} of the .dist-info folder, without RECORD."""
    dist_info = f"{distribution(name)}-{version}.dist-info"
    files = {
        f"{dist_info}/METADATA": (metadata_text.encode("utf-8"), 0o644),
        f"{dist_info}/WHEEL": (wheel.encode("utf-8"), 0o644),
    }
    for path, data in extra:
        files[f"{dist_info}/{path}"] = (data, 0o644)
    return dist_info, files


def write_wheel(directory, name, version, tags, files, dist_info_name, dist_info):
    """Writes DIRECTORY/NAME-VERSION-TAGS.whl: FILES ({path: (bytes, mode)}),
    then DIST_INFO's files and RECORD. Returns the file's name."""
    compressed = ".".join(sorted({tag.split("-")[0] for tag in tags})) + "-" + \
        ".".join(sorted({tag.split("-")[1] for tag in tags})) + "-" + \
        ".".join(dict.fromkeys(tag.split("-")[2] for tag in tags))
    filename = f"{distribution(name)}-{version}-{compressed}.whl"
    record_path = f"{dist_info_name}/RECORD"
    entries = sorted(files.items()) + sorted(dist_info.items())
    record = "".join(f"{path},{_record_hash(data)},{len(data)}\n" for path, (data, _) in entries)
    record += f"{record_path},,\n"
    entries.append((record_path, (record.encode("utf-8"), 0o644)))
    Path(directory).mkdir(parents=True, exist_ok=True)
    date_time = _zip_time()
    with zipfile.ZipFile(Path(directory) / filename, "w") as archive:
        for path, (data, mode) in entries:
            info = zipfile.ZipInfo(path, date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o100000 | mode) << 16
            info.create_system = 3  # Unix, so that the mode above counts
            archive.writestr(info, data, compresslevel=9)
    return filename
