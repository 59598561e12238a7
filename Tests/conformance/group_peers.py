#!/usr/bin/env python3
"""`reorder sort`'s groups side by side with the peers that group.

    python3 Tests/conformance/group_peers.py [--reorder PATH] [--goldens DIR]

1. keep-sorted's goldens (../shared/thirdparty/keep-sorted/goldens beside
   the repository) whose blocks use prefix_order or group_prefixes: each
   block that translates exactly to `reorder sort --group-pattern` is sorted
   that way (the block alone, its marker without prefix_order, with
   case=no as -i) and must give the golden's block, up to the comma of
   the list's last line, which keep-sorted moves and `sort --block` leaves.
   prefix_order=a,b gives the patterns `a*`, `b*` (keep-sorted puts the lines
   no prefix matches last, as reorder puts the items no pattern matches);
   an empty prefix between others stands for the lines no other prefix
   matches, `~^(?!\s*(?:a|b))` at its place (a block's item is its whole
   line: the patterns skip the indentation, as keep-sorted does). A block whose options have no
   equivalent (group_prefixes makes continuation lines: items of several
   lines, not groups; by_regex sorts by a part of the line; numeric=yes is
   natural order; comment lines, which keep-sorted keeps with the line
   below) is listed with the reason, not run.
2. isort's sections (isort must be importable or on PATH; the run says so
   and skips this part when it is not): `import x` lines of the standard
   library, of third parties and of a first-party package `myorg`, sorted by
   isort --force-single-line-imports --force-sort-within-sections
   -p myorg (known first party), and by `reorder sort --group-pattern` with
   patterns naming isort's sections (the standard library's names from
   sys.stdlib_module_names as one regular expression, then myorg's). The
   order must be isort's, blank lines aside; where it is not on purpose,
   the case is listed with the reason.
3. go.mod-style `require ( … )` groups headed by `//` comments, sorted as
   lines (`--line-range`, `--comment '//'`), checked against the expected
   bytes: each group sorted under its heading (go mod tidy would merge the
   groups into one).

Prints each failure and `group-peers: N passed, M failed, K not translated`;
exits 1 when a check failed.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDENS = os.path.join(os.path.dirname(ROOT), "shared", "thirdparty", "keep-sorted", "goldens")
MARKER = "keep-sorted-test"

passed = failed = untranslated = 0


def ok(name):
    global passed
    passed += 1
    print(f"ok {name}")


def fail(name, why):
    global failed
    failed += 1
    print(f"FAIL {name}: {why}")


def not_translated(name, why):
    global untranslated
    untranslated += 1
    print(f"not translated {name}: {why}")


def run(cmd, stdin=None):
    return subprocess.run(cmd, capture_output=True, input=stdin, timeout=60)


# 1. keep-sorted -----------------------------------------------------------------

def blocks(lines):
    """(start, end) line indices of each block's markers, in order."""
    found, stack = [], []
    for i, line in enumerate(lines):
        if f"{MARKER} start" in line:
            stack.append(i)
        elif f"{MARKER} end" in line and stack:
            found.append((stack.pop(), i))
    return sorted(found)


def options(marker_line):
    text = marker_line.split(f"{MARKER} start", 1)[1]
    return dict(re.findall(r"(\w+)=(\S*)", text))


def translate(opts):
    """(--group-pattern and other options, None) or (None, why not)."""
    extra = []
    for name, value in opts.items():
        if name == "prefix_order":
            continue
        if name == "numeric" and value in ("yes", "true"):
            return None, ("numeric=yes is natural order (item_2 before item_10), which `reorder sort` has no "
                          "option for (-n compares keys that are numbers; a policy rule's order = \"natural\" has it)")
        elif name == "case" and value in ("no", "false"):
            extra.append("-i")
        else:
            return None, f"{name}={value} has no equivalent in `reorder sort`" + (
                " (continuation lines: items of several lines, not groups)" if name == "group_prefixes" else
                " (the order of a part of the line)" if name == "by_regex" else "")
    if "prefix_order" not in opts:
        return None, "no prefix_order"
    prefixes = opts["prefix_order"].split(",")
    named = [p for p in prefixes if p]
    for a in named:
        for b in named:
            if a != b and b.startswith(a):
                return None, f"the prefixes {a!r} and {b!r}: one starts the other"
    # A block's item is its line, indentation and all: keep-sorted matches
    # a prefix after the indentation, so the pattern skips it too.
    if any(not re.fullmatch(r"[A-Za-z0-9_ :.-]+", p) for p in named):
        return None, "a prefix with a character the translation does not escape"
    patterns = []
    for i, prefix in enumerate(prefixes):
        if prefix:
            patterns.append(f"~^\\s*{re.escape(prefix)}")
        elif i < len(prefixes) - 1:
            others = "|".join(re.escape(p) for p in named)
            patterns.append(f"~^(?!\\s*(?:{others}))")
    result = []
    for p in patterns:
        result += ["--group-pattern", p]
    return result + extra, None


def keep_sorted(reorder, goldens):
    if not os.path.isdir(goldens):
        print(f"group-peers: no keep-sorted goldens at {goldens}; that part is skipped")
        return
    for name in sorted(os.listdir(goldens)):
        if not name.endswith(".in"):
            continue
        source = open(os.path.join(goldens, name), encoding="utf-8").read().split("\n")
        want = open(os.path.join(goldens, name[:-3] + ".out"), encoding="utf-8").read().split("\n")
        in_blocks, out_blocks = blocks(source), blocks(want)
        for number, (start, end) in enumerate(in_blocks):
            opts = options(source[start])
            if "prefix_order" not in opts and "group_prefixes" not in opts:
                continue
            label = f"keep-sorted {name[:-3]} block {number} ({source[start].strip()})"
            args, why = translate(opts)
            if not why and any(re.match(r"\s*(//|#)", line) for line in source[start + 1:end]):
                why = ("comment lines: keep-sorted keeps each with the line below it (sticky comments); "
                       "`sort --block` reads every line as an item, and --groups comments makes them headings")
            if why:
                not_translated(label, why)
                continue
            marker = re.sub(r"\s*prefix_order=\S*", "", source[start])
            marker = re.sub(r"\s*(numeric|case)=\S*", "", marker)
            block = [marker] + source[start + 1:end] + [source[end]]
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, "block.txt")
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write("\n".join(block) + "\n")
                result = run([reorder, "sort", "--marker", MARKER, "--block", "0"] + args + ["-o", "-", path])
            if result.returncode != 0:
                fail(label, "refused: " + result.stderr.decode().strip())
                continue
            got = result.stdout.decode().split("\n")[1:len(block) - 1]
            o_start, o_end = out_blocks[number]
            expected = want[o_start + 1:o_end]
            if got == expected:
                ok(label + " as " + " ".join(args))
            elif [line.rstrip(",") for line in got] == [line.rstrip(",") for line in expected]:
                ok(label + " as " + " ".join(args))
                print("  the same order; the last line's comma differs: `sort --block` sorts the lines as they "
                      "are, keep-sorted (and `reorder fix`) moves the comma to keep the list's syntax")
            else:
                fail(label + " as " + " ".join(args), f"got {got} where the golden has {expected}")


# 2. isort -----------------------------------------------------------------------

IMPORTS = """import yaml
import os
import myorg.util
import requests
import sys
import attr
import myorg
import collections.abc
import _thread
import numpy
import json
import myorg_tools
import zlib
import Cython
import py10
import py9
import os.path
import osmnx
import Zope
import _private
import xml.etree.ElementTree
import myorg.a.b
""".split("\n")[:-1]



def isort_command():
    found = shutil.which("isort")
    if found:
        return [found]
    # The test tools' virtual environment, which make test fills.
    venv = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".build", "test-tools", "bin", "isort")
    if os.access(venv, os.X_OK):
        return [venv]
    try:
        import isort  # noqa: F401
        return [sys.executable, "-m", "isort"]
    except ImportError:
        return None


def natural_key(line):
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", line)]


def sorted_section(lines):
    return sorted(lines, key=natural_key)


def split_sections(text):
    """isort's sections: the runs of lines between blank lines."""
    return [[line for line in block.split("\n") if line.strip()] for block in re.split(r"\n\s*\n", text.strip())]


def isort_sections(reorder):
    isort = isort_command()
    if not isort:
        if os.environ.get("CI"):
            # In CI, which installs it (Tests/test.sh), a missing peer fails.
            fail("isort", "isort is not installed: run make test, which installs it")
            return
        print("group-peers: isort is not installed (pip install isort; make test installs it); that part is skipped")
        return
    text = "\n".join(IMPORTS) + "\n"
    result = run(isort + ["--force-single-line-imports", "--force-sort-within-sections",
                          "-p", "myorg", "--py", "3", "-"], stdin=text.encode())
    if result.returncode != 0:
        fail("isort", result.stderr.decode().strip())
        return
    isort_lines = [line for line in result.stdout.decode().split("\n") if line.strip()]
    stdlib = "|".join(sorted(re.escape(name) for name in sys.stdlib_module_names))
    patterns = [f"~^import ({stdlib})(\\.|$)", "~^import myorg(\\.|$)"]
    # The sections in isort's order: the standard library, third parties
    # (no pattern: reorder's last group would come last, so it gets one
    # that matches what the others do not), first party.
    patterns = [patterns[0], "~^import (?!myorg(\\.|$))", patterns[1]]
    args = []
    for p in patterns:
        args += ["--group-pattern", p]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "imports.txt")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        mine = run([reorder, "sort", "--format", "lines"] + args + ["-o", "-", path])
    if mine.returncode != 0:
        fail("isort sections", "reorder refused: " + mine.stderr.decode().strip())
        return
    reorder_lines = [line for line in mine.stdout.decode().split("\n") if line.strip()]
    label = "isort sections (stdlib, third party, myorg)"
    # isort's order within a section (force_sort_within_sections) is
    # natural: runs of digits by value (py9 before py10); reorder's is
    # byte order. The sections must be the same, and each section's lines
    # the same in natural order.
    sections = [sorted_section(section) for section in split_sections(result.stdout.decode())]
    mine_sections = []
    for line in reorder_lines:
        section = next(i for i, s in enumerate(sections) if line in s)
        if not mine_sections or mine_sections[-1][0] != section:
            mine_sections.append((section, []))
        mine_sections[-1][1].append(line)
    if reorder_lines == isort_lines:
        ok(label)
    elif [i for i, _ in mine_sections] == list(range(len(sections))) and all(
            sorted_section(lines) == isort_section for (_, lines), isort_section in zip(mine_sections, split_sections(result.stdout.decode()))):
        ok(label + ": the same sections; within them isort's natural order, reorder's byte order")
        print("  the lines in another order (reorder / isort): " + ", ".join(
            f"{a!r} / {b!r}" for a, b in zip(reorder_lines, isort_lines) if a != b))
    else:
        fail(label, "reorder: " + " | ".join(reorder_lines) + "\n  isort:   " + " | ".join(isort_lines))


# 3. go.mod ----------------------------------------------------------------------

GO_MOD = """module example.com/service

go 1.22

require (
\t// web
\tgithub.com/labstack/echo/v4 v4.11.4
\tgithub.com/gorilla/mux v1.8.1
\tgithub.com/go-chi/chi/v5 v5.0.12
\t// storage
\tgorm.io/gorm v1.25.7
\tgithub.com/lib/pq v1.10.9
\tgithub.com/jackc/pgx/v5 v5.5.5 // indirect
\t// observability
\tgo.opentelemetry.io/otel v1.24.0
\tgithub.com/prometheus/client_golang v1.19.0
)
"""

GO_MOD_SORTED = """module example.com/service

go 1.22

require (
\t// web
\tgithub.com/go-chi/chi/v5 v5.0.12
\tgithub.com/gorilla/mux v1.8.1
\tgithub.com/labstack/echo/v4 v4.11.4
\t// storage
\tgithub.com/jackc/pgx/v5 v5.5.5 // indirect
\tgithub.com/lib/pq v1.10.9
\tgorm.io/gorm v1.25.7
\t// observability
\tgithub.com/prometheus/client_golang v1.19.0
\tgo.opentelemetry.io/otel v1.24.0
)
"""


def go_mod(reorder):
    cases = [
        ("go.mod require block, --line-range", "go.mod", GO_MOD, GO_MOD_SORTED,
         ["--groups", "comments", "--comment", "//", "--line-range", "6...16"]),
        ("go.mod-style groups as a lines file, --comment '//'", "requires.txt",
         GO_MOD.split("require (\n")[1].split(")\n")[0], GO_MOD_SORTED.split("require (\n")[1].split(")\n")[0],
         ["--groups", "comments", "--comment", "//"]),
        ("go.mod groups with blank lines between them, --groups blank-lines,comments", "requires.txt",
         blank_between(GO_MOD.split("require (\n")[1].split(")\n")[0]),
         blank_between(GO_MOD_SORTED.split("require (\n")[1].split(")\n")[0]),
         ["--groups", "blank-lines,comments", "--comment", "//"]),
    ]
    for label, name, text, want, args in cases:
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, name)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            result = run([reorder, "sort"] + args + ["-o", "-", path])
            if result.returncode != 0:
                fail(label, "refused: " + result.stderr.decode().strip())
                continue
            if result.stdout.decode() != want:
                fail(label, f"got\n{result.stdout.decode()}where\n{want}")
                continue
            with open(path, "wb") as handle:
                handle.write(result.stdout)
            again = run([reorder, "sort"] + args + ["-o", "-", path])
            if again.stdout != result.stdout:
                fail(label, "sorting the result again changes it")
                continue
            ok(label)


def blank_between(text):
    """A blank line before each heading but the first."""
    return re.sub(r"\n(\t// )", r"\n\n\1", text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reorder", default=os.environ.get("REORDER") or os.path.join(ROOT, ".build", "debug", "reorder"))
    parser.add_argument("--goldens", default=GOLDENS)
    args = parser.parse_args()
    if not os.access(args.reorder, os.X_OK):
        print(f"group-peers: no reorder binary at {args.reorder} (build it or set REORDER)", file=sys.stderr)
        return 2
    keep_sorted(args.reorder, args.goldens)
    isort_sections(args.reorder)
    go_mod(args.reorder)
    print(f"group-peers: {passed} passed, {failed} failed, {untranslated} not translated")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
