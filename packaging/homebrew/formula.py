#!/usr/bin/env python3
"""packaging/homebrew/formula.py ASSETS REPOSITORY [OUT]: the Homebrew
formula of a release, from packaging/homebrew/reorder.rb (the template) and
the release's assets in the folder ASSETS, written to OUT (standard output
when not given).

Each `url` of the template names an archive, reorder-VERSION-TARGET.tar.gz:
its repository becomes REPOSITORY (OWNER/NAME, as GitHub spells it) and the
`sha256` line after it gets the archive's checksum, read from ASSETS/ARCHIVE.sha256
(the one line `SHA256  ARCHIVE` that packaging/archive.sh writes) and checked
against the archive itself, which must be beside it. The template writes no
version: each @VERSION@ in it becomes reorder's (CommandTable.version).

Exit status 0 when written; 2, with one line on standard error saying what
to do, when an asset is missing, a checksum does not match, or a version
disagrees (nothing is written then).
"""

import hashlib
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import wheelfile  # noqa: E402

TEMPLATE = HERE / "reorder.rb"
URL = re.compile(r'^(\s*)url "https://github\.com/([^/"]+/[^/"]+)/releases/download/v([^/"]+)/'
                 r'(reorder-([^"]+?)-([a-z0-9_]+-(?:linux|macos))\.tar\.gz)"$')
SHA256 = re.compile(r'^(\s*)sha256 "[^"]*"$')


def fail(message):
    print(f"formula.py: {message}", file=sys.stderr)
    raise SystemExit(2)


def checksum(assets, archive):
    sums = assets / f"{archive}.sha256"
    if not sums.is_file():
        fail(f"no {sums}: the release's assets lack {archive}.sha256 (make dist writes it)")
    fields = sums.read_text(encoding="utf-8").split()
    if len(fields) != 2 or fields[1] != archive or not re.fullmatch(r"[0-9a-f]{64}", fields[0]):
        fail(f"{sums} is not one line 'SHA256  {archive}'")
    path = assets / archive
    if not path.is_file():
        fail(f"no {path}: the release's assets lack {archive}")
    actual = hashlib.sha256(path.read_bytes()).hexdigest()
    if actual != fields[0]:
        fail(f"{archive} does not match its {archive}.sha256 ({actual}, not {fields[0]})")
    return actual


def formula(template, assets, repository):
    if not re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", repository):
        fail(f"repository {repository!r} is not OWNER/NAME")
    version = wheelfile.version()
    declared = re.search(r'^\s*version "([^"]+)"$', template, re.MULTILINE)
    if not declared or declared.group(1) != "@VERSION@":
        fail(f"{TEMPLATE.name}'s version is {declared.group(1) if declared else 'missing'}, not @VERSION@ "
             f"(formula.py writes reorder's, {version})")
    template = template.replace("@VERSION@", version)
    lines = template.split("\n")
    filled = 0
    for index, line in enumerate(lines):
        match = URL.match(line)
        if not match:
            if line.lstrip().startswith("url "):
                fail(f"{TEMPLATE.name}:{index + 1}: a url that does not name reorder-VERSION-TARGET.tar.gz of a release")
            continue
        indent, _, tag_version, archive, archive_version, _ = match.groups()
        if tag_version != version or archive_version != version:
            fail(f"{TEMPLATE.name}:{index + 1}: {archive} is not of version {version}")
        if index + 1 >= len(lines) or not SHA256.match(lines[index + 1]):
            fail(f"{TEMPLATE.name}:{index + 2}: no sha256 line after the url")
        lines[index] = (f'{indent}url "https://github.com/{repository}/releases/download/'
                        f'v{version}/{archive}"')
        lines[index + 1] = f'{indent}sha256 "{checksum(assets, archive)}"'
        filled += 1
    if filled == 0:
        fail(f"{TEMPLATE.name} has no url to fill")
    # The template's header says how it is filled; the result says what it is.
    text = "\n".join(lines)
    text = (f"# reorder {version}'s Homebrew formula, for the tap: made by packaging/homebrew/formula.py\n"
            f"# from packaging/homebrew/reorder.rb and the release's assets.\n" + text[text.index("class Reorder"):])
    return re.sub(r'homepage "https://github\.com/[^"]+"', f'homepage "https://github.com/{repository}"', text)


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__.splitlines()[0], file=sys.stderr)
        raise SystemExit(2)
    assets, repository = Path(sys.argv[1]), sys.argv[2]
    text = formula(TEMPLATE.read_text(encoding="utf-8"), assets, repository)
    if len(sys.argv) == 4:
        Path(sys.argv[3]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
