#!/usr/bin/env python3
"""Runs the built reorder over real files written by others, one format at a time.

    REORDER=path/to/reorder python3 Tests/conformance/realworld.py --format FORMAT [DIR]

FORMAT is one of yaml, toml, json, jsonc, markdown, csv, tsv, lines,
keep-sorted. DIR is ../shared/thirdparty/realworld beside the repository by
default (CI runs realworld-2 and realworld-3 too); when it is not there,
the run says so and passes.

For every list a format walks in each of its files, each edit of the format
must either refuse (exit 2 with a message; counted by reason, see
refusals.py) or give a file that the format's reader loads to exactly that
edit of what it loads from the input: the data, and, where the format keeps
order, the edited list's order. The edits, at `-p PTR` where the format has
pointers, unless the format says otherwise:
  reverse            applied twice, it must give the input back byte for
                     byte, or the data where the first result needed a new
                     line break;
  move 0 -1          the first item last (a list with an item); and back,
                     `move -1 0`, which must give the input as reverse
                     twice does;
  delete MIDDLE      the middle item, by its index (a TOML table's by its
                     key, =KEY: the table tomllib loads holds its sub-tables
                     beside its key/value lines);
  sort               where the judge can tell `sort`'s order (`reorder help
                     sort`): a mapping's members by key, and values whose
                     kind the format's key compares (JSON and TOML: null <
                     false < true < numbers < strings; YAML: strings); a
                     list holding anything else is not sorted.
A stream of several documents is edited a document at a time (--document N).

  yaml     *.yaml, *.yml (workflows, Kubernetes, mkdocs, pre-commit
           configurations) read by PyYAML (libyaml's CSafeLoader when
           there), with merge keys read as written (`<<: *base` holds the
           anchor's own mapping, so a key deleted there shows where it is
           merged); every sequence and mapping, an alias's once, where its
           anchor is. A tag PyYAML does not know (mkdocs' `!ENV`,
           `!!python/name:`) is read as the plain value it tags.
  toml     *.toml (Cargo.toml, pyproject.toml) read by tomllib; every array
           and table. A table's keys compare as a set: its sub-tables'
           sections (`[project.urls]`) are not among its lines and keep
           their place. Refusals expected: a key of a table whose sections
           stand apart.
  json     *.json (package.json, composer.json, renovate.json, tsconfig, VS
           Code settings…), every array and object, read by json (comments
           and trailing commas blanked where the file is JSON with
           comments): strict `--format json`, or `--format jsonc` when
           strict JSON refuses the file and says it is valid JSON with
           comments.
  jsonc    the same files, the whole document only: `sort --recursive`
           (every object's members in key order, arrays as they were) and
           `reverse`; reversing twice is a check of its own, and a refusal
           is a failure.
  markdown *.md: every list (-p /N, the document's Nth list; -p /N/I, the
           list inside its item I), judged by markdown-it-py (CommonMark):
           the HTML of the result is the source's with the list's items in
           the new order (after a delete, without the paragraphs' tags and
           blanks: a list may become tight; a list left with no item is
           gone). Sorted by each item's first line without its marker, task
           box and link markup, where that line holds no other markup.
  csv, tsv *.csv, *.tsv: the rows after the header, judged by Python's csv
           (the header stays first); sorted by the first column
           (`--key '#0'`).
  lines    requirements and constraints files (*.txt, *.in, *.cfg, …, as
           `reorder help formats` lists them): every line, comments and
           blank lines too, judged by the lines; sorted in byte order.
  keep-sorted
           every file with a `keep-sorted start` marker, through `reorder
           fix FILE -o -`: every line outside the blocks is the input's
           (the markers too), each block holds the input's lines (a
           duplicate may go), its items' first lines (at the block's least
           indentation, not a comment or a closing bracket) are in code
           point order where the block's options keep the default order
           (block=, newline_separated=), and a second fix changes nothing.

Prints each failure, the refusals by reason, and `realworld-yaml (SET): N
passed, M failed, K refused` (`jsonc-realworld (SET): N passed, M failed`)
with the edits made; exits 1 when a check failed. REORDER_VERBOSE=1 prints
each refusal too.
"""
import argparse
from collections import Counter
import concurrent.futures
import copy
import dataclasses
import itertools
import json
import os
import re
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


def delete_middle(value):
    items = items_of(value)
    del items[len(items) // 2]
    set_items(value, items)


def delete_command(fmt, value):
    """The middle item, by its index; a TOML table's by its key (a table's
    items are its key/value lines, or its sub-tables' sections, which the
    loaded table holds side by side)."""
    middle = len(items_of(value)) // 2
    if fmt.delete_by_key and isinstance(value, dict):
        return ["delete", "=" + list(value)[middle]]
    return ["delete", str(middle)]


def sorted_by(fmt):
    """A stable sort by the format's key, as `sort` compares (by key for a
    mapping's members)."""
    def apply(value):
        set_items(value, sorted(items_of(value), key=fmt.sort_key))
    return apply


def sortable(fmt, value):
    """The sort is judged where the format's key can say the order reorder
    gives: a key that cannot (a kind of value reorder compares otherwise)
    raises TypeError, and that list is not sorted."""
    try:
        sorted(items_of(value), key=fmt.sort_key)
        return True
    except TypeError:
        return False


@dataclasses.dataclass
class Edit:
    label: str
    command: Callable              # (format, the list's value) -> reorder's arguments
    apply: Callable                # (format) -> the edit made in place on a value
    applies: Callable = lambda fmt, value: True
    back: list = None              # the edit that undoes it, where there is one


REVERSE = Edit("reverse", lambda fmt, value: ["reverse"], lambda fmt: reverse, back=["reverse"])
MOVE = Edit("move", lambda fmt, value: ["move", "0", "-1"], lambda fmt: move_first_to_end,
            lambda fmt, value: len(items_of(value)) > 0, back=["move", "-1", "0"])
DELETE = Edit("delete", delete_command, lambda fmt: delete_middle,
              lambda fmt, value: len(items_of(value)) > 0)
SORT = Edit("sort", lambda fmt, value: ["sort"] + fmt.sort_options, sorted_by, sortable)
SORT_RECURSIVE = Edit("sort --recursive", lambda fmt, value: ["sort", "--recursive"], lambda fmt: sort_recursive)
EDITS = (REVERSE, MOVE, DELETE, SORT)


def collections(value, path=(), seen=None):
    """The path of every list (sequence, array, mapping, table) in value,
    each list once: a YAML alias is its anchor's list, edited where the
    anchor is (the first path that reaches it)."""
    seen = set() if seen is None else seen
    if isinstance(value, (list, dict)) and id(value) not in seen:
        seen.add(id(value))
        yield path
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in items:
            if isinstance(key, (str, int)) and not isinstance(key, bool):
                yield from collections(child, path + (key,), seen)


def root_only(value):
    yield ()


def at(value, path):
    for token in path:
        value = value[token]
    return value


@dataclasses.dataclass
class Format:
    summary: str                   # the summary line's name
    reader: str                    # who judges: the reader load uses
    takes: Callable                # file name -> bool
    load: Callable                 # bytes -> list of documents
    load_errors: tuple             # what load raises for a file it cannot judge
    options: Callable              # input bytes -> reorder's format options
    lists: Callable = collections  # document -> paths of the lists to edit
    edits: tuple = EDITS
    ordered: bool = True           # the edited list compares in order too
    refusals: bool = True          # a refusal is an answer (else a failure)
    twice_apart: bool = False      # reverse-twice counts as a check of its own
    sort_key: Callable = None      # an item (a (key, value) member) -> what sort compares, or TypeError
    sort_options: list = dataclasses.field(default_factory=list)
    at: Callable = at              # (document, path) -> the list there
    same: Callable = None          # (got, want, edit) -> bool; by default got == want
    pointer: Callable = None       # path -> -p's value; None: the format has one list and no -p
    delete_by_key: bool = False    # delete a table's member by its key (=KEY), not its index
    load_one: Callable = None      # (bytes, N) -> document N alone, where that is quicker than load


def json_pointer(path):
    return "".join("/" + escape(token) for token in path)


def escape(token):
    """A pointer's token: RFC 6901's escapes, and '~2' for a key that is '*'
    (which -p reads as every key)."""
    return "~2" if token == "*" else str(token).replace("~", "~0").replace("/", "~1")


def member_key(item):
    """A mapping's member sorts by its key (a string; other keys are not judged)."""
    if not isinstance(item[0], str):
        raise TypeError("a key that is not a string")
    return item[0]


def value_key(item):
    """`sort`'s order of JSON and TOML values: null < false < true <
    numbers < strings, numbers by value and strings by code point. Arrays
    and objects (and anything else) are not judged."""
    if isinstance(item, tuple):
        return member_key(item)
    if item is None:
        return (0, 0)
    if isinstance(item, bool):
        return (2 if item else 1, 0)
    if isinstance(item, (int, float)) and item == item:
        return (3, item)
    if isinstance(item, str):
        return (4, item)
    raise TypeError("not a scalar")


# YAML ----------------------------------------------------------------------

def yaml_format():
    import yaml
    # libyaml's loader when PyYAML has it (the wheels do): the same YAML 1.1
    # reading as the Python one, many times faster on the big files.
    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class loader(base):
        """Merge keys ('<<: *base') read as they are written, not copied
        into the mapping: the merged mapping is the anchor's own object,
        so an edit of it (a key deleted) shows where it is merged too, and
        the lists reorder edits are the lists the text holds."""
        def flatten_mapping(self, node):
            pass

    loader.add_constructor("tag:yaml.org,2002:merge", lambda loader, node: "<<")

    # A tag PyYAML does not know (mkdocs' `!ENV`, `!!python/name:…`) is
    # read as the plain scalar, sequence or mapping it tags: the edits are
    # judged on what the text holds.
    def untagged(loader, suffix, node):
        if isinstance(node, yaml.ScalarNode):
            return loader.construct_scalar(node)
        if isinstance(node, yaml.SequenceNode):
            return loader.construct_sequence(node)
        return loader.construct_mapping(node)
    loader.add_multi_constructor("", untagged)
    loader.add_multi_constructor("tag:yaml.org,2002:python/", untagged)
    return Format(
        summary="realworld-yaml",
        reader="PyYAML",
        takes=lambda name: name.endswith((".yaml", ".yml")),
        load=lambda raw: list(yaml.load_all(raw, Loader=loader)),
        # (A stream is read up to the edited document.)
        load_one=lambda raw, n: next(itertools.islice(yaml.load_all(raw, Loader=loader), n, None)),
        load_errors=(yaml.YAMLError,),
        options=lambda raw: ["--format", "yaml"],
        sort_key=yaml_key,
        pointer=json_pointer,
    )


def yaml_key(item):
    """A YAML scalar sorts by its text (PyYAML's strings; a number or a
    boolean loaded from another text is not judged)."""
    if isinstance(item, tuple):
        return member_key(item)
    if isinstance(item, str):
        return item
    raise TypeError("not a string")


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
        delete_by_key=True,
        sort_key=toml_key,
        pointer=json_pointer,
    )


def toml_key(item):
    if isinstance(item, bool) or item is None:
        raise TypeError("a boolean")
    return value_key(item)


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
        edits=(SORT_RECURSIVE, REVERSE),
        refusals=False,
        twice_apart=True,
        pointer=json_pointer,
    )


def json_format():
    """Every array and object of every .json file (strict JSON, or JSON
    with comments where strict JSON refuses the file as such), judged by
    json: reverse, move, delete, sort."""
    fmt = jsonc_format()
    fmt.summary = "realworld-json"
    fmt.lists = collections
    fmt.edits = EDITS
    fmt.refusals = True
    fmt.twice_apart = False
    fmt.sort_key = value_key
    return fmt


# CSV, TSV -------------------------------------------------------------------

def table_format(name, delimiter):
    """A table's rows after its header, judged by Python's csv: the header
    stays first, and the rows are the edit of the rows. Sorted by the first
    column (`--key '#0'`, its decoded text)."""
    import csv
    import io

    def load(raw):
        text = raw.decode("utf-8-sig")
        if delimiter == "\t":
            rows = list(csv.reader(io.StringIO(text, newline=""), delimiter="\t", quoting=csv.QUOTE_NONE))
        else:
            rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
        return [{"header": rows[:1], "rows": rows[1:]}]

    def first_column(row):
        if not row:
            raise TypeError("a blank row")
        return row[0]

    return Format(
        summary=f"realworld-{name}",
        reader="csv",
        takes=lambda file: file.endswith("." + name),
        load=load,
        load_errors=(csv.Error, UnicodeDecodeError),
        options=lambda raw: ["--format", name],
        lists=root_only,
        sort_key=first_column,
        sort_options=["--key", "#0"],
        at=lambda document, path: document["rows"],
    )


# Lines ---------------------------------------------------------------------

LINES = (".txt", ".text", ".log", ".ini", ".cfg", ".conf", ".jsonl", ".ndjson", ".rst",
         ".list", ".lst", ".in", ".env", ".properties")


def lines_format():
    """Requirements and constraints files and the like: every line an item
    (comments and blank lines too), judged by the lines themselves (CRLF
    or LF each). Sorted in byte order (code points, as UTF-8 orders them)."""
    import re

    def load(raw):
        lines = re.split(r"\r?\n", raw.decode("utf-8"))
        return [lines[:-1] if lines[-1] == "" else lines]

    return Format(
        summary="realworld-lines",
        reader="the lines",
        takes=lambda name: name.endswith(LINES),
        load=load,
        load_errors=(UnicodeDecodeError,),
        options=lambda raw: ["--format", "lines"],
        lists=root_only,
        sort_key=lambda line: line,
    )


# Markdown ------------------------------------------------------------------

def markdown_format():
    """Every list of a .md file (a document's lists, -p /N, and the list in
    each item, -p /N/I), judged by markdown-it-py, a CommonMark parser: the
    HTML of the result is the source's with the list's items in the new
    order (after a delete, without the paragraphs' tags and blanks: a list
    may become tight). Sorted by each item's first line without its marker,
    task box and link markup, where that line holds no other markup."""
    import re
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "markdown"))
    import commonmark as cm

    # A document is a tree of each token's HTML, rendered where it stands:
    # a node is [opening HTML, children, closing HTML, type, first line].
    def load(raw):
        text = raw.decode("utf-8")
        tokens = cm.md.parse(text)
        renderer, options, env = cm.md.renderer, cm.md.options, {}
        lines = text.split("\n")
        root, stack = [], []
        children = root
        for index, token in enumerate(tokens):
            if token.type == "inline":
                html = renderer.renderInline(token.children or [], options, env)
            elif token.type in renderer.rules:
                html = renderer.rules[token.type](tokens, index, options, env)
            else:
                html = renderer.renderToken(tokens, index, options, env)
            if token.nesting == 1:
                first = lines[token.map[0]] if token.map else ""
                node = [html, [], None, token.type.replace("_open", ""), first]
                children.append(node)
                stack.append((node, children))
                children = node[1]
            elif token.nesting == -1:
                node, children = stack.pop()
                node[2] = html
            else:
                children.append(html)
        return [root]

    def is_list(node):
        return isinstance(node, list) and node[3] in ("bullet_list", "ordered_list")

    def inner(item):
        return next((node for node in item[1] if is_list(node)), None)

    def lists(document):
        def walk(node, path):
            yield path
            for index, item in enumerate(node[1]):
                below = inner(item)
                if below is not None:
                    yield from walk(below, path + (index,))
        for index, node in enumerate(node for node in document if is_list(node)):
            yield from walk(node, (index,))

    def at_path(document, path):
        node = [node for node in document if is_list(node)][path[0]]
        for index in path[1:]:
            node = inner(node[1][index])
        return node[1]

    def html(nodes):
        # (A list whose only item is deleted is gone.)
        return "".join(node if isinstance(node, str) else node[0] + html(node[1]) + node[2]
                       for node in nodes if isinstance(node, str) or node[1] or not is_list(node))

    def same(got, want, edit):
        got, want = html(got), html(want)
        if edit is DELETE:
            got, want = (re.sub(r"</?p>|\s", "", text) for text in (got, want))
        return got == want

    def sort_key(item):
        text = re.sub(r"^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)", "", item[4])
        text = re.sub(r"^\[[ xX]\](?:[ \t]+|$)", "", text)
        text = re.sub(r"\[([^\[\]]*)\]\([^()\s]*\)", r"\1", text).rstrip()
        if re.search(r"[][`*_<>&\\!~|#]", text) or "\t" in item[4]:
            raise TypeError("markup that the key does not remove")
        return text

    return Format(
        summary="realworld-markdown",
        reader="markdown-it-py",
        takes=lambda name: name.endswith((".md", ".markdown")) and name != "SOURCE.md",
        load=load,
        load_errors=(UnicodeDecodeError,),
        options=lambda raw: ["--format", "markdown"],
        lists=lists,
        ordered=False,
        sort_key=sort_key,
        at=at_path,
        same=same,
        pointer=json_pointer,
    )


FORMATS = {
    "keep-sorted": lambda: Format("realworld-keep-sorted", "the lines", None, None, (), None),
    "yaml": yaml_format, "toml": toml_format, "jsonc": jsonc_format, "json": json_format,
    "csv": lambda: table_format("csv", ","), "tsv": lambda: table_format("tsv", "\t"),
    "lines": lines_format, "markdown": markdown_format,
}


# The harness ---------------------------------------------------------------

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
    command: list        # reorder's arguments for the edit
    twice: bool = False  # the check is reverse-twice alone (twice_apart)


def check(fmt, job):
    """One edit of one list: ("passed" | "refused" | "failed", a line to print or None, stderr)."""
    pointer = fmt.pointer(job.path) if fmt.pointer else None
    options = (["-p", pointer] if fmt.pointer else []) + job.options
    if job.count > 1:
        options += ["--document", str(job.document)]
    where = " " + (pointer or "''") if fmt.pointer else ""
    label = f"{job.name}{'#' + str(job.document) if job.count > 1 else ''}{where} {' '.join(job.command)}"
    if job.twice:
        label += " twice"

    def load(output):
        return fmt.load_one(output, job.document) if fmt.load_one else fmt.load(output)[job.document]

    run = subprocess.run([REORDER] + job.command + options, input=job.raw, capture_output=True)
    if run.returncode == 2 and run.stderr:
        message = run.stderr.decode(errors="replace").strip()
        if fmt.refusals:
            return "refused", f"  refused {label}: {message}", run.stderr
        return "failed", f"  FAIL {label}: refused: {message}", None
    if job.twice:
        ok = run.returncode == 0 and twice(fmt, job, run.stdout, options, load)
        return ("passed", None, None) if ok else ("failed", f"  FAIL {label}: not the input", None)
    try:
        got = load(run.stdout)
    except Exception as error:
        return "failed", f"  FAIL {label}: does not load: {str(error).splitlines()[0] if str(error) else error!r}", None
    want = copy.deepcopy(job.data)
    job.edit.apply(fmt)(fmt.at(want, job.path))
    # The data, and (where the format keeps it) the order of the edited
    # list. Elsewhere a mapping's order may follow: one that merges an edited
    # mapping with '<<' takes its keys in their new order, which is no
    # change of data.
    ok = run.returncode == 0 and same(fmt, got, want, job.edit)
    if ok and fmt.ordered:
        ok = ordered(fmt.at(got, job.path)) == ordered(fmt.at(want, job.path))
    if ok and job.edit.back and not fmt.twice_apart:
        ok = twice(fmt, job, run.stdout, options, load)
    return ("passed", None, None) if ok else ("failed", f"  FAIL {label}", None)


def same(fmt, got, want, edit):
    return fmt.same(got, want, edit) if fmt.same else got == want


def twice(fmt, job, once, options, load):
    """The edit's undoing (reversing the reversed output) gives the input back."""
    back = subprocess.run([REORDER] + job.edit.back + options, input=once, capture_output=True)
    if back.returncode != 0:
        return False
    # Byte for byte wherever the first result needed no new line break (a
    # comment above the first entry of a YAML mapping that starts after its
    # dash gets one, and a TOML item with a '#' comment moved off a line's
    # end); the data in any case.
    if once.count(b"\n") == job.raw.count(b"\n"):
        return back.stdout == job.raw
    try:
        return same(fmt, load(back.stdout), job.data, None)
    except Exception:
        return False


# keep-sorted blocks ----------------------------------------------------------

KEEP_SORTED_JUDGED = re.compile(r"^(block|newline_separated)=(yes|no)$")


def blocks(lines):
    """The (start, end) line indices of each keep-sorted block: the marker
    lines themselves, the block's lines between them."""
    found, start = [], None
    for index, line in enumerate(lines):
        if "keep-sorted start" in line and start is None:
            start = index
        elif "keep-sorted end" in line and start is not None:
            found.append((start, index))
            start = None
    return found


def item_starts(lines):
    """The lines that start an item of a block: at the block's least
    indentation, neither a comment (which sticks to the item below) nor a
    closing bracket (which ends the item above)."""
    def indent(line):
        return len(line) - len(line.lstrip(" \t"))
    filled = [line for line in lines if line.strip()]
    least = min(map(indent, filled), default=0)
    return [line.strip() for line in filled
            if indent(line) == least and not line.lstrip().startswith(("#", "//", "/*", "*", "--", ";", "}", "]", ")"))]


def keep_sorted_check(path):
    """`reorder fix` on a file with keep-sorted blocks: (outcome, line, stderr)."""
    name = os.path.basename(path)
    raw = open(path, "rb").read()
    run = subprocess.run([REORDER, "fix", path, "-o", "-"], capture_output=True)
    if run.returncode == 2 and run.stderr:
        return "refused", f"  refused {name}: {run.stderr.decode(errors='replace').strip()}", run.stderr
    if run.returncode != 0:
        return "failed", f"  FAIL {name}: exit {run.returncode}: {run.stderr.decode(errors='replace').strip()}", None
    before, after = raw.decode().split("\n"), run.stdout.decode().split("\n")
    old, new = blocks(before), blocks(after)
    if len(old) != len(new):
        return "failed", f"  FAIL {name}: {len(new)} blocks after fix, not {len(old)}", None
    # Outside the blocks (the marker lines included), every line is the input's.
    def outside(lines, spans):
        edges = [-1] + [i for span in spans for i in span] + [len(lines)]
        return [lines[edges[k]:edges[k + 1] + 1] for k in range(0, len(edges), 2)]
    if outside(before, old) != outside(after, new):
        return "failed", f"  FAIL {name}: a line outside the blocks changed", None
    for (a, b), (c, d) in zip(old, new):
        inside, fixed = before[a + 1:b], after[c + 1:d]
        # The block's lines, each kept (keep-sorted drops a duplicate line).
        if set(inside) != set(fixed) or len(fixed) > len(inside):
            return "failed", f"  FAIL {name}:{a + 1}: the block's lines are not the input's", None
        # Sorted: its items' first lines in code point order, where the
        # block's options keep the default order.
        options = before[a].split("keep-sorted start", 1)[1].split()
        options = [option for option in options if not option.startswith(("-->", "*/"))]
        if all(KEEP_SORTED_JUDGED.match(option) for option in options):
            starts = item_starts(fixed)
            if starts != sorted(starts):
                return "failed", f"  FAIL {name}:{a + 1}: the block is not sorted", None
    again = subprocess.run([REORDER, "fix", "-o", "-", "-"], input=run.stdout, capture_output=True)
    if again.returncode != 0 or again.stdout != run.stdout:
        return "failed", f"  FAIL {name}: a second fix changes the file", None
    return "passed", None, None


def keep_sorted_main(directory, summary):
    """Every file of the folder with a keep-sorted block, fixed."""
    paths = [os.path.join(directory, name) for name in sorted(os.listdir(directory))
             if name != "SOURCE.md" and b"keep-sorted start" in open(os.path.join(directory, name), "rb").read()]
    return paths, keep_sorted_check


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", required=True, choices=sorted(FORMATS))
    parser.add_argument("directory", nargs="?", default=os.path.join(ROOT, "..", "shared", "thirdparty", "realworld"))
    args = parser.parse_args()
    fmt = FORMATS[args.format]()
    fmt.summary += f" ({os.path.basename(os.path.normpath(args.directory))})"
    if not os.path.isdir(args.directory):
        print(f"{fmt.summary}: {args.directory} not found; skipped")
        return 0
    if not os.access(REORDER, os.X_OK):
        print(f"{fmt.summary}: {REORDER} is not built (swift build, or set REORDER)", file=sys.stderr)
        return 2
    verbose = os.environ.get("REORDER_VERBOSE") == "1"

    jobs, lists = [], 0
    for name in sorted(os.listdir(args.directory)) if args.format != "keep-sorted" else ():
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
                value = fmt.at(data, path)
                lists += 1
                for edit in fmt.edits:
                    if not edit.applies(fmt, value):
                        continue
                    command = edit.command(fmt, value)
                    jobs.append(Job(name, raw, data, document, len(documents), options, path, edit, command))
                    if edit is REVERSE and fmt.twice_apart:
                        jobs.append(Job(name, raw, data, document, len(documents), options, path, edit, command, twice=True))

    # The runs are processes: a few at a time keep both processors busy.
    counts = {"passed": 0, "refused": 0, "failed": 0}
    edits = Counter()
    refusals = Refusals()
    run = lambda job: check(fmt, job)  # noqa: E731
    if args.format == "keep-sorted":
        jobs, run = keep_sorted_main(args.directory, fmt.summary)
        lists = len(jobs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=(os.cpu_count() or 2) * 2) as pool:
        for job, (outcome, line, stderr) in zip(jobs, pool.map(run, jobs)):
            counts[outcome] += 1
            edits[job.edit.label if isinstance(job, Job) else "fix"] += 1
            if outcome == "refused":
                refusals.add(stderr)
            if line and (outcome != "refused" or verbose):
                print(line)
    passed, refused, failed = counts["passed"], counts["refused"], counts["failed"]
    summary = f"{fmt.summary}: {passed} passed, {failed} failed"
    if fmt.refusals:
        refusals.report(fmt.summary)
        summary += f", {refused} refused"
    if edits:
        what = "files" if args.format == "keep-sorted" else "lists"
        summary += f" ({lists} {what}; " + ", ".join(f"{label} {count}" for label, count in edits.items()) + ")"
    print(summary, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
