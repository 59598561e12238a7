#!/usr/bin/env python3
"""Runs the built reorder over real files written by others, one format at a time.

    REORDER=path/to/reorder python3 Tests/conformance/realworld.py --format yaml|toml|jsonc [DIR]

DIR is ../shared/thirdparty/realworld beside the repository by default (CI
runs realworld-2 too); when it is not there, the run says so and passes.
For every list a format walks in each of its files, each edit of the format
(`reverse` and `move 0 -1` at `-p PTR` unless the format says otherwise)
must either refuse (exit 2 with a message; counted by reason, see
refusals.py) or give a file that the format's reader loads to exactly that
edit of what it loads from the input: the data, and, where the format keeps
order, the edited list's order. `reverse` applied twice must give the input
back byte for byte, or the data where the first result needed a new line
break. A stream of several documents is edited a document at a time
(--document N).

  yaml   *.yaml, *.yml (workflows, Kubernetes, mkdocs, pre-commit
         configurations) read by PyYAML (libyaml's CSafeLoader when there);
         every sequence and mapping. A file PyYAML cannot load safely
         (mkdocs' `!!python/name:` tags) is skipped: there is no judge for it.
  toml   *.toml (Cargo.toml, pyproject.toml) read by tomllib; every array
         and table. A table's keys compare as a set: its sub-tables'
         sections (`[project.urls]`) are not among its lines and keep their
         place. Refusals expected: a key of a table whose sections stand apart.
  jsonc  *.json (package.json, tsconfig, VS Code settings and launch files,
         devcontainer.json), read as JSON with comments (comments and
         trailing commas blanked, then json); strict `--format json`, or
         `--format jsonc` when strict JSON refuses the file and says it is
         valid JSON with comments. The whole document only: `sort
         --recursive` (every object's members in key order, arrays as they
         were) and `reverse`; reversing twice is a check of its own, and a
         refusal is a failure.

Prints each failure, the refusals by reason, and `realworld-yaml: N passed,
M failed, K refused` (`jsonc-realworld: N passed, M failed`); exits 1 when a
check failed. REORDER_VERBOSE=1 prints each refusal too.
"""
import argparse
import concurrent.futures
import copy
import dataclasses
import json
import os
import subprocess
import sys
from typing import Callable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from refusals import Refusals  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REORDER = os.environ.get("REORDER") or os.path.join(ROOT, ".build", "debug", "reorder")


# The edits: what reorder is asked, and the same edit made in place on the
# loaded data (in place, so that what the reader shares, a YAML alias or a
# value a '<<' merge copies, is the same list, and the edit shows there too).

def set_items(value, items):
    if isinstance(value, dict):
        value.clear()
        value.update(items)
    else:
        value[:] = items


def items_of(value):
    return list(value.items()) if isinstance(value, dict) else list(value)


def reverse(value):
    set_items(value, items_of(value)[::-1])


def move_first_to_end(value):
    items = items_of(value)
    set_items(value, items[1:] + items[:1])


def sort_recursive(value):
    """Every object's members in key order, at any depth; arrays as they were."""
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        sort_recursive(child)
    if isinstance(value, dict):
        set_items(value, sorted(value.items(), key=lambda item: item[0]))


@dataclasses.dataclass
class Edit:
    label: str
    command: list
    apply: Callable


REVERSE = Edit("reverse", ["reverse"], reverse)
MOVE = Edit("move", ["move", "0", "-1"], move_first_to_end)
SORT = Edit("sort", ["sort", "--recursive"], sort_recursive)


def collections(value, path=()):
    """The path of every list (sequence, array, mapping, table) in value."""
    if isinstance(value, (list, dict)):
        yield path
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in items:
            if isinstance(key, (str, int)) and not isinstance(key, bool):
                yield from collections(child, path + (key,))


def root_only(value):
    yield ()


@dataclasses.dataclass
class Format:
    summary: str                   # the summary line's name
    reader: str                    # who judges: the reader load uses
    takes: Callable                # file name -> bool
    load: Callable                 # bytes -> list of documents
    load_errors: tuple             # what load raises for a file it cannot judge
    options: Callable              # input bytes -> reorder's format options
    lists: Callable = collections  # document -> paths of the lists to edit
    edits: tuple = (REVERSE, MOVE)
    ordered: bool = True           # the edited list compares in order too
    refusals: bool = True          # a refusal is an answer (else a failure)
    twice_apart: bool = False      # reverse-twice counts as a check of its own


# YAML ----------------------------------------------------------------------

def yaml_format():
    import yaml
    # libyaml's loader when PyYAML has it (the wheels do): the same YAML 1.1
    # reading as the Python one, many times faster on the big files.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return Format(
        summary="realworld-yaml",
        reader="PyYAML",
        takes=lambda name: name.endswith((".yaml", ".yml")),
        load=lambda raw: list(yaml.load_all(raw, Loader=loader)),
        load_errors=(yaml.YAMLError,),
        options=lambda raw: ["--format", "yaml"],
    )


# TOML ----------------------------------------------------------------------

def toml_format():
    import tomllib
    return Format(
        summary="realworld-toml",
        reader="tomllib",
        takes=lambda name: name.endswith(".toml"),
        load=lambda raw: [tomllib.loads(raw.decode())],
        load_errors=(tomllib.TOMLDecodeError, UnicodeDecodeError),
        options=lambda raw: ["--format", "toml"],
        # A table's keys compare as a set (dict equality): its sub-tables'
        # sections are not among its lines and keep their place. Arrays
        # compare in order all the same.
        ordered=False,
    )


# JSONC ---------------------------------------------------------------------

def strip_jsonc(text):
    """Comments and trailing commas blanked: JSON with comments as JSON."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] not in "\r\n":
                i += 1
        elif text.startswith("/*", i):
            end = text.index("*/", i + 2) + 2
            out.append("".join(ch if ch in "\r\n" else " " for ch in text[i:end]))
            i = end
        elif c == ",":
            # A comma before ']' or '}' (after blanks and comments) goes.
            j = i + 1
            while j < n:
                if text[j] in " \t\r\n":
                    j += 1
                elif text.startswith("//", j):
                    while j < n and text[j] not in "\r\n":
                        j += 1
                elif text.startswith("/*", j):
                    j = text.index("*/", j + 2) + 2
                else:
                    break
            out.append(" " if j < n and text[j] in "]}" else ",")
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def unique_members(members):
    keys = [key for key, _ in members]
    if len(set(keys)) != len(keys):
        raise ValueError("an object has a key twice")
    return dict(members)


def jsonc_options(raw):
    """Strict JSON, unless it refuses the file as valid JSON with comments."""
    run = subprocess.run([REORDER, "reverse", "--format", "json"], input=raw, capture_output=True)
    jsonc = run.returncode != 0 and b"valid JSON with comments" in run.stderr
    return ["--format", "jsonc" if jsonc else "json"]


def jsonc_format():
    return Format(
        summary="jsonc-realworld",
        reader="json (comments stripped)",
        takes=lambda name: name.endswith(".json"),
        load=lambda raw: [json.loads(strip_jsonc(raw.decode("utf-8")), object_pairs_hook=unique_members)],
        load_errors=(ValueError, IndexError, UnicodeDecodeError),
        options=jsonc_options,
        lists=root_only,
        edits=(SORT, REVERSE),
        refusals=False,
        twice_apart=True,
    )


FORMATS = {"yaml": yaml_format, "toml": toml_format, "jsonc": jsonc_format}


# The harness ---------------------------------------------------------------

def escape(token):
    return str(token).replace("~", "~0").replace("/", "~1")


def at(value, path):
    for token in path:
        value = value[token]
    return value


def ordered(value):
    if isinstance(value, dict):
        return [[k, ordered(v)] for k, v in value.items()]
    if isinstance(value, list):
        return [ordered(v) for v in value]
    return value


@dataclasses.dataclass
class Job:
    name: str
    raw: bytes
    data: object
    document: int
    count: int
    options: list
    path: tuple
    edit: Edit
    twice: bool = False  # the check is reverse-twice alone (twice_apart)


def check(fmt, job):
    """One edit of one list: ("passed" | "refused" | "failed", a line to print or None, stderr)."""
    pointer = "".join("/" + escape(t) for t in job.path)
    options = ["-p", pointer] + job.options
    if job.count > 1:
        options += ["--document", str(job.document)]
    label = f"{job.name}{'#' + str(job.document) if job.count > 1 else ''} {pointer} {job.edit.label}"
    if job.twice:
        label += " twice"

    def load(output):
        return fmt.load(output)[job.document]

    run = subprocess.run([REORDER] + job.edit.command + options, input=job.raw, capture_output=True)
    if run.returncode == 2 and run.stderr:
        message = run.stderr.decode(errors="replace").strip()
        if fmt.refusals:
            return "refused", f"  refused {label}: {message}", run.stderr
        return "failed", f"  FAIL {label}: refused: {message}", None
    if job.twice:
        ok = run.returncode == 0 and twice(job, run.stdout, options, load)
        return ("passed", None, None) if ok else ("failed", f"  FAIL {label}: not the input", None)
    try:
        got = load(run.stdout)
    except Exception as error:
        return "failed", f"  FAIL {label}: does not load: {str(error).splitlines()[0] if str(error) else error!r}", None
    want = copy.deepcopy(job.data)
    job.edit.apply(at(want, job.path))
    # The data, and (where the format keeps it) the order of the edited
    # list. Elsewhere a mapping's order may follow: one that merges an edited
    # mapping with '<<' takes its keys in their new order, which is no
    # change of data.
    ok = run.returncode == 0 and got == want
    if ok and fmt.ordered:
        ok = ordered(at(got, job.path)) == ordered(at(want, job.path))
    if ok and job.edit is REVERSE and not fmt.twice_apart:
        ok = twice(job, run.stdout, options, load)
    return ("passed", None, None) if ok else ("failed", f"  FAIL {label}", None)


def twice(job, once, options, load):
    """Reversing the reversed output gives the input back."""
    back = subprocess.run([REORDER] + job.edit.command + options, input=once, capture_output=True)
    if back.returncode != 0:
        return False
    # Byte for byte wherever the first result needed no new line break (a
    # comment above the first entry of a YAML mapping that starts after its
    # dash gets one, and a TOML item with a '#' comment moved off a line's
    # end); the data in any case.
    if once.count(b"\n") == job.raw.count(b"\n"):
        return back.stdout == job.raw
    try:
        return load(back.stdout) == job.data
    except Exception:
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", required=True, choices=sorted(FORMATS))
    parser.add_argument("directory", nargs="?", default=os.path.join(ROOT, "..", "shared", "thirdparty", "realworld"))
    args = parser.parse_args()
    fmt = FORMATS[args.format]()
    if not os.path.isdir(args.directory):
        print(f"{fmt.summary}: {args.directory} not found; skipped")
        return 0
    if not os.access(REORDER, os.X_OK):
        print(f"{fmt.summary}: {REORDER} is not built (swift build, or set REORDER)", file=sys.stderr)
        return 2
    verbose = os.environ.get("REORDER_VERBOSE") == "1"

    jobs = []
    for name in sorted(os.listdir(args.directory)):
        if not fmt.takes(name):
            continue
        raw = open(os.path.join(args.directory, name), "rb").read()
        try:
            documents = fmt.load(raw)
        except fmt.load_errors as error:
            # No judge for it.
            print(f"  skipped {name}: {fmt.reader} cannot load it safely: {str(error).splitlines()[0]}")
            continue
        options = fmt.options(raw)
        for document, data in enumerate(documents):
            for path in fmt.lists(data):
                for edit in fmt.edits:
                    jobs.append(Job(name, raw, data, document, len(documents), options, path, edit))
                    if edit is REVERSE and fmt.twice_apart:
                        jobs.append(Job(name, raw, data, document, len(documents), options, path, edit, twice=True))

    # The runs are processes: a few at a time keep both processors busy.
    counts = {"passed": 0, "refused": 0, "failed": 0}
    refusals = Refusals()
    with concurrent.futures.ThreadPoolExecutor(max_workers=(os.cpu_count() or 2) * 2) as pool:
        for outcome, line, stderr in pool.map(lambda job: check(fmt, job), jobs):
            counts[outcome] += 1
            if outcome == "refused":
                refusals.add(stderr)
            if line and (outcome != "refused" or verbose):
                print(line)
    passed, refused, failed = counts["passed"], counts["refused"], counts["failed"]
    summary = f"{fmt.summary}: {passed} passed, {failed} failed"
    if fmt.refusals:
        refusals.report(fmt.summary)
        summary += f", {refused} refused"
    print(summary, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
