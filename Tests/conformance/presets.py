#!/usr/bin/env python3
"""`reorder sort --preset NAME` against the conventions it names and the peers it follows.

    REORDER=path/to/reorder python3 Tests/conformance/presets.py

Needs pyproject-fmt and requirements-txt-fixer on PATH (CI puts
.build/test-tools/bin first); without them the run fails.

1. Real files of ../shared/thirdparty/realworld*/ (`owner__repo__path`):
   every *package.json, *Cargo.toml and *pyproject.toml, copied to a
   temporary folder and sorted in place with its preset. Checked: exit
   status (`--check` 1 when it changes the file, 0 after), nothing on
   standard error, standard input and `-o -` print what the file became
   (and print an input already in order as it is);
   only whole lines moved (the output's lines are the input's, a JSON or
   TOML separator comma at the end of a line aside); the data loads equal
   (objects and tables the preset sorts compare as sets, sorted arrays as
   multisets, every other object, table and array in order); the order
   is the convention's, by an implementation of the rules of our own here
   (sort-package-json's 110 fields from its SOURCE.md; cargo-sort's
   grouped order read on the text; pyproject-fmt's [project] order, PEP 503
   names and natural classifiers); a second run changes nothing. The
   files the issue names must all be there. The same checks run on the
   fixtures of Tests/conformance/presets/files/ (`edge__package.json`, ...:
   "//" notes, private and unknown keys, blank-line groups, dotted keys,
   [dependencies.x] tables, features, {include-group}, duplicate
   classifiers), which the real files do not all have.
2. Side by side with pyproject-fmt on the same real pyproject.toml files
   (`pyproject-fmt -s --keep-full-version
   --no-generate-python-version-classifiers --column-width 1000
   --table-format long --collapse-tables project.authors,project.maintainers`;
   the last option keeps `authors = [{...}]` a key of [project] rather than
   a [[project.authors]] section after the sub-tables): [project]'s key
   order, the PEP 503 names of every requirement array, classifiers with
   exact duplicates removed. Known differences are printed, each by name:
   dependency-groups arrays with {include-group} (pyproject-fmt keeps them
   in place, we put them first; their names compare as a set), and ties
   within one name, should they differ (both order them by the rest of the
   string as pyproject-fmt re-prints it: no blanks, single quotes, `x[b,a]`
   as `x[a,b]`); any other difference fails. The
   fixture edge__pyproject.toml is compared too.
3. Side by side with requirements-txt-fixer on the fixtures of
   Tests/conformance/presets/requirements/: byte for byte where no
   difference is meant; `diff-*.txt` each show one meant difference
   (blank-line groups, duplicates and pkg-resources==0.0.0, pip options in
   the author's order) and are checked for exactly that difference.

Prints each failure and one line per part; exits 1 when a check failed.
When ../shared is not there, part 1 and 2 say they are skipped and part 3
still runs.
"""
import collections
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(ROOT, "..", "shared", "thirdparty")
REORDER = os.environ.get("REORDER") or os.path.join(ROOT, ".build", "debug", "reorder")
FIXTURES = os.path.join(ROOT, "Tests", "conformance", "presets", "requirements")
EDGE_FIXTURES = os.path.join(ROOT, "Tests", "conformance", "presets", "files")

# The files the issue names, by the name they have in ../shared.
REQUIRED = {
    "package.json": ["expressjs__express__", "vuejs__core__", "prettier__prettier__",
                     "squidfunk__mkdocs-material__", "denoland__vscode_deno__"],
    "Cargo.toml": ["BurntSushi__ripgrep__", "tokio-rs__tokio__", "tokio-rs__tokio__tokio__",
                   "astral-sh__uv__", "pydantic__pydantic__pydantic-core__"],
    "pyproject.toml": ["psf__black__", "astral-sh__ruff__", "astral-sh__uv__", "pypa__hatch__",
                       "python-poetry__poetry__", "pydantic__pydantic__",
                       "squidfunk__mkdocs-material__"],
}

failures = []


def fail(where, message):
    failures.append("%s: %s" % (where, message))
    print("FAIL %s: %s" % (where, message))


def run(args, stdin=None):
    return subprocess.run(args, input=stdin, capture_output=True)


# ---------------------------------------------------------------------------
# Running the preset on one file.

def sort_file(preset, name, source, where):
    """Sorts `source` (bytes) as a file called `name`; returns the result, or None."""
    with tempfile.TemporaryDirectory(prefix="reorder-presets.") as tmp:
        path = os.path.join(tmp, name)
        original = os.path.join(tmp, "original-" + name)
        for p in (path, original):
            with open(p, "wb") as f:
                f.write(source)
        check = run([REORDER, "sort", "--preset", preset, "--check", path])
        done = run([REORDER, "sort", "--preset", preset, path])
        if done.returncode != 0 or done.stderr:
            fail(where, "sort --preset %s FILE exited %d: %s" % (preset, done.returncode, done.stderr.decode()[:300]))
            return None
        with open(path, "rb") as f:
            result = f.read()
        changed = result != source
        if check.returncode != (1 if changed else 0) or check.stderr:
            fail(where, "--check exited %d on a file it %s: %s" % (
                check.returncode, "changes" if changed else "leaves alone", check.stderr.decode()[:300]))
        piped = run([REORDER, "sort", "--preset", preset], stdin=source)
        if piped.returncode != 0 or piped.stderr or piped.stdout != result:
            fail(where, "sort --preset %s < FILE: exit %d, %d bytes on standard output, the file became %d bytes%s" % (
                preset, piped.returncode, len(piped.stdout), len(result),
                "" if not piped.stderr else ": " + piped.stderr.decode()[:200]))
        printed = run([REORDER, "sort", "--preset", preset, "-o", "-", original])
        if printed.returncode != 0 or printed.stderr or printed.stdout != result:
            fail(where, "sort --preset %s -o - FILE: exit %d, %d bytes on standard output, the file became %d bytes" % (
                preset, printed.returncode, len(printed.stdout), len(result)))
        repiped = run([REORDER, "sort", "--preset", preset], stdin=result)
        if repiped.returncode != 0 or repiped.stderr or repiped.stdout != result:
            fail(where, "sort --preset %s < SORTED: exit %d, %d bytes on standard output for an input of %d bytes "
                 "already in order" % (preset, repiped.returncode, len(repiped.stdout), len(result)))
        again = run([REORDER, "sort", "--preset", preset, "--check", path])
        if again.returncode != 0 or again.stderr:
            fail(where, "--check after sorting exited %d: not idempotent" % again.returncode)
        run([REORDER, "sort", "--preset", preset, path])
        with open(path, "rb") as f:
            if f.read() != result:
                fail(where, "a second run changed the file")
        return result


STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'')
ITEM = re.compile(r"\{(?:[^{}\"']|%s)*\}|%s" % (STRING.pattern, STRING.pattern))
ONE_LINE_ARRAY = re.compile(r"^([^=\[\]\"']+=\s*\[)(.*)(\]\s*(#.*)?)$", re.S)


def one_line_array(line):
    """A `key = ["b", "a"]` line with its items in order: the items of an array that
    fits on one line move inside it."""
    m = ONE_LINE_ARRAY.match(line)
    if not m or ITEM.sub("", m.group(2)).strip(" ,"):
        return line
    items = ITEM.findall(m.group(2))
    return m.group(1) + ", ".join(sorted(items)) + m.group(3)


def line_multiset(text, comma):
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\r\n" if "\r\n" in text else "\n"
    if comma:  # a separator comma at the end of a line follows the item that is last
        lines = [one_line_array(re.sub(r",(\s*(#.*)?)$", r"\1", line.rstrip("\r\n")))
                 + line[len(line.rstrip("\r\n")):] for line in lines]
    return sorted(lines)


def check_lines(where, before, after, comma):
    a, b = line_multiset(before, comma), line_multiset(after, comma)
    if a != b:
        gone = list((collections.Counter(a) - collections.Counter(b)).elements())[:3]
        new = list((collections.Counter(b) - collections.Counter(a)).elements())[:3]
        fail(where, "lines are not only moved: gone %r, new %r" % (gone, new))


# ---------------------------------------------------------------------------
# Data: equal, in order except where the preset sorts.

def matches(path, pattern):
    return len(path) == len(pattern) and all(p == "*" or p == q for p, q in zip(pattern, path))


def canon(value):
    return json.dumps(value, sort_keys=True, default=str)


class Obj(list):
    """A JSON object as its list of (key, value) pairs, duplicates and order kept."""


def same_data(where, a, b, path, sorted_tables, sorted_arrays):
    here = "/" + "/".join(map(str, path))
    if isinstance(a, (Obj, dict)) and isinstance(b, type(a)):
        pa = list(a) if isinstance(a, Obj) else list(a.items())
        pb = list(b) if isinstance(b, Obj) else list(b.items())
        keys_a, keys_b = [k for k, _ in pa], [k for k, _ in pb]
        if any(matches(path, p) for p in sorted_tables):
            if sorted(keys_a) != sorted(keys_b):
                return fail(where, "%s: keys differ" % here)
            # same keys: pair each key's occurrences in order
            by_b = collections.defaultdict(list)
            for k, v in pb:
                by_b[k].append(v)
            seen = collections.Counter()
            for k, v in pa:
                same_data(where, v, by_b[k][seen[k]], path + (k,), sorted_tables, sorted_arrays)
                seen[k] += 1
            return None
        if keys_a != keys_b:
            return fail(where, "%s: keys %s became %s (not a list the preset sorts)" % (here, keys_a, keys_b))
        for (k, va), (_, vb) in zip(pa, pb):
            same_data(where, va, vb, path + (k,), sorted_tables, sorted_arrays)
        return None
    if isinstance(a, list) and isinstance(b, list) and not isinstance(a, Obj) and not isinstance(b, Obj):
        if any(matches(path, p) for p in sorted_arrays):
            if sorted(map(canon, a)) != sorted(map(canon, b)):
                fail(where, "%s: items differ" % here)
            return None
        if len(a) != len(b):
            return fail(where, "%s: %d items became %d" % (here, len(a), len(b)))
        for i, (va, vb) in enumerate(zip(a, b)):
            same_data(where, va, vb, path + (i,), sorted_tables, sorted_arrays)
        return None
    if type(a) is not type(b) or a != b:
        fail(where, "%s: %r became %r" % (here, a, b))
    return None


def non_decreasing(where, what, items, key):
    for x, y in zip(items, items[1:]):
        if key(x) > key(y):
            fail(where, "%s: %r before %r (%s)" % (what, x, y, ", ".join(map(repr, items))[:400]))
            return False
    return True


# ---------------------------------------------------------------------------
# package.json: sort-package-json's order, from its SOURCE.md.

def sort_package_json_fields():
    with open(os.path.join(SHARED, "sort-package-json", "SOURCE.md"), encoding="utf-8") as f:
        text = f.read()
    block = text.split("## Top-level field order", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    fields = block.split()
    assert len(fields) == 110, len(fields)
    return fields


PACKAGE_SORTED = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies",
                  "peerDependenciesMeta", "overrides", "resolutions", "engines"]


def check_package_json(where, before, after, fields):
    load = functools.partial(json.loads, object_pairs_hook=Obj)
    a, b = load(before), load(after)
    if json.loads(before) != json.loads(after):
        fail(where, "json.loads gives other data")
    same_data(where, a, b, (), [()] + [(name,) for name in PACKAGE_SORTED], [])
    index = {name: i for i, name in enumerate(fields)}

    def top_key(k):
        if k in index:
            return (0, index[k], "")
        return (2 if k.startswith("_") else 1, 0, k)
    non_decreasing(where, "top-level keys", [k for k, _ in b if k != "//"], top_key)
    for k, v in b:
        if k in PACKAGE_SORTED and isinstance(v, Obj):
            non_decreasing(where, k, [name for name, _ in v if name != "//"], lambda s: s)
    # a "//" travels with the key after it
    for x, y in ((a, b),) + tuple((va, vb) for (ka, va), (kb, vb) in zip(sorted(a, key=lambda p: p[0]), sorted(b, key=lambda p: p[0]))
                                  if ka in PACKAGE_SORTED and isinstance(va, Obj) and isinstance(vb, Obj)):
        def notes(obj):
            return sorted((canon(obj[i][1]), obj[i + 1][0]) for i in range(len(obj) - 1) if obj[i][0] == "//")
        if notes(x) != notes(y):
            fail(where, '"//" did not travel with the key after it: %s became %s' % (notes(x), notes(y)))


# ---------------------------------------------------------------------------
# TOML text: tables and key lines, for what tomllib does not keep.

BARE = re.compile(r"[A-Za-z0-9_-]+")


def parse_key(text, i):
    """Dotted key at text[i:]: (segments, end index) or (None, i)."""
    parts = []
    while True:
        while i < len(text) and text[i] in " \t":
            i += 1
        if i < len(text) and text[i] == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            parts.append(json.loads(text[i:j + 1]))
            i = j + 1
        elif i < len(text) and text[i] == "'":
            j = text.index("'", i + 1)
            parts.append(text[i + 1:j])
            i = j + 1
        else:
            m = BARE.match(text, i)
            if not m:
                return None, i
            parts.append(m.group())
            i = m.end()
        while i < len(text) and text[i] in " \t":
            i += 1
        if i < len(text) and text[i] == ".":
            i += 1
            continue
        return parts, i


def toml_lines(text):
    """Yields (kind, line number, table path, key path) for each line at the top of a table:
    kind is 'blank', 'comment', 'table' (key path = the header's) or 'key'; lines inside a
    multi-line value are left out."""
    depth, multi, table = 0, None, ()
    for number, line in enumerate(text.splitlines()):
        stripped = line.strip()
        if multi is None and depth == 0:
            if not stripped:
                yield "blank", number, table, None
            elif stripped.startswith("#"):
                yield "comment", number, table, None
            elif stripped.startswith("["):
                array = stripped.startswith("[[")
                key, _ = parse_key(stripped, 2 if array else 1)
                table = tuple(key)
                yield "table", number, table, table
                continue
            else:
                key, _ = parse_key(line, 0)
                yield "key", number, table, tuple(key or ())
        # follow strings and brackets to the end of the line
        i = 0
        while i < len(line):
            if multi:
                end = line.find(multi, i)
                if end < 0:
                    break
                i, multi = end + 3, None
                continue
            c = line[i]
            if line.startswith('"""', i) or line.startswith("'''", i):
                multi, i = line[i:i + 3], i + 3
            elif c == '"':
                j = i + 1
                while j < len(line) and line[j] != '"':
                    j += 2 if line[j] == "\\" else 1
                i = j + 1
            elif c == "'":
                i = line.find("'", i + 1) + 1 or len(line)
            elif c == "#":
                break
            else:
                depth += (c in "[{") - (c in "]}")
                i += 1


def key_groups(text, wanted):
    """For each table the predicate `wanted` takes: the runs of key names (first segment)
    between blank lines, as {table: [[names], ...]}."""
    groups = collections.defaultdict(list)
    current = None
    for kind, _, table, key in toml_lines(text):
        if kind == "table":
            current = None
            continue
        if not wanted(table):
            continue
        if kind == "blank":
            current = None
        elif kind == "key":
            if current is None:
                current = []
                groups[table].append(current)
            current.append(key[0])
    return groups


def headers(text):
    return [key for kind, _, _, key in toml_lines(text) if kind == "table"]


# ---------------------------------------------------------------------------
# Cargo.toml: cargo-sort's grouped order.

DEPS = ("dependencies", "dev-dependencies", "build-dependencies")


def is_deps(path):
    return ((len(path) == 1 and path[0] in DEPS) or (len(path) == 3 and path[0] == "target" and path[2] in DEPS)
            or path == ("workspace", "dependencies"))


def check_cargo(where, before, after):
    a, b = tomllib.loads(before), tomllib.loads(after)
    sorted_tables = [(d,) for d in DEPS] + [("target", "*", d) for d in DEPS] + [
        ("workspace", "dependencies"), ("features",), ("target",), ("target", "*")]
    same_data(where, a, b, (), sorted_tables, [("workspace", "members"), ("workspace", "exclude"), ("features", "*")])
    for table, runs in key_groups(after, is_deps).items():
        for names in runs:
            non_decreasing(where, "[%s] keys" % ".".join(table), names, lambda s: s)
    for runs in key_groups(after, lambda t: t == ("features",)).values():
        for names in runs:
            non_decreasing(where, "[features] keys", names, lambda s: (s != "default", s))
    sections = collections.defaultdict(list)
    for key in headers(after):
        if len(key) >= 2 and is_deps(key[:-1]):
            sections[key[:-1]].append(key[-1])
    for table, names in sections.items():
        non_decreasing(where, "[%s.*] tables" % ".".join(table), names, lambda s: s)
    for name in ("members", "exclude"):
        items = b.get("workspace", {}).get(name)
        if isinstance(items, list):
            non_decreasing(where, "workspace." + name, items, lambda s: s)
    # Each feature's array as written, as cargo-sort leaves it.
    for feature, items in b.get("features", {}).items():
        if items != a.get("features", {}).get(feature):
            fail(where, "features.%s changed order" % feature)


# ---------------------------------------------------------------------------
# pyproject.toml: pyproject-fmt's order.

PROJECT_KEYS = ["name", "version", "import-names", "import-namespaces", "description", "readme", "keywords",
                "license", "license-files", "maintainers", "authors", "requires-python", "classifiers", "dynamic",
                "dependencies", "optional-dependencies", "urls", "scripts", "gui-scripts", "entry-points"]
NAME = re.compile(r"[A-Za-z0-9._-]*")


def project_key(k):
    return (0, PROJECT_KEYS.index(k), "") if k in PROJECT_KEYS else (1, 0, k.lower())


def pep503(requirement):
    return re.sub(r"[-_.]+", "-", NAME.match(requirement.strip()).group()).lower()


def requirement_key(requirement):
    """The PEP 503 name, then the rest as pyproject-fmt re-prints it: no
    blanks, single quotes, the extras sorted."""
    s = requirement.strip()
    name = NAME.match(s).group()
    rest = re.sub(r"\s+", "", s[len(name):]).replace('"', "'")
    if rest.startswith("[") and "]" in rest:
        close = rest.index("]")
        rest = "[" + ",".join(sorted(x for x in rest[1:close].split(",") if x)) + rest[close:]
    return (pep503(s), rest)


def natural_compare(x, y):
    x, y = x.lower(), y.lower()
    i = j = 0
    while i < len(x) and j < len(y):
        if x[i].isdigit() and y[j].isdigit():
            mi = re.match(r"\d+", x[i:]).group()
            mj = re.match(r"\d+", y[j:]).group()
            if int(mi) != int(mj):
                return -1 if int(mi) < int(mj) else 1
            i, j = i + len(mi), j + len(mj)
        elif x[i] != y[j]:
            return -1 if x[i] < y[j] else 1
        else:
            i, j = i + 1, j + 1
    return (len(x) - i > 0) - (len(y) - j > 0)


natural = functools.cmp_to_key(natural_compare)


def requirement_arrays(data):
    """(label, list) for every array of requirements in a pyproject.toml's data."""
    project = data.get("project", {})
    out = []
    if isinstance(project.get("dependencies"), list):
        out.append(("project.dependencies", project["dependencies"]))
    for extra, items in project.get("optional-dependencies", {}).items():
        out.append(("project.optional-dependencies." + extra, items))
    for group, items in data.get("dependency-groups", {}).items():
        out.append(("dependency-groups." + group, items))
    if isinstance(data.get("build-system", {}).get("requires"), list):
        out.append(("build-system.requires", data["build-system"]["requires"]))
    return out


def check_pyproject(where, before, after):
    a, b = tomllib.loads(before), tomllib.loads(after)
    same_data(where, a, b, (), [("project",)], [
        ("project", "dependencies"), ("project", "optional-dependencies", "*"), ("dependency-groups", "*"),
        ("build-system", "requires"), ("project", "classifiers")])
    project = b.get("project", {})
    subtables = {key[1] for key in headers(after) if len(key) >= 2 and key[0] == "project"}
    non_decreasing(where, "[project] keys", [k for k in project if k not in subtables], project_key)
    non_decreasing(where, "[project.*] tables", [k for k in project if k in subtables], project_key)
    inputs = dict(requirement_arrays(a))
    for label, items in requirement_arrays(b):
        tables = [x for x in items if not isinstance(x, str)]
        strings = [x for x in items if isinstance(x, str)]
        if items[:len(tables)] != tables:
            fail(where, "%s: {include-group} entries are not first" % label)
        if tables != [x for x in inputs.get(label, []) if not isinstance(x, str)]:
            fail(where, "%s: {include-group} entries not in their order" % label)
        non_decreasing(where, label, strings, requirement_key)
    if isinstance(project.get("classifiers"), list):
        non_decreasing(where, "project.classifiers", project["classifiers"], natural)


# ---------------------------------------------------------------------------
# 2. pyproject-fmt side by side.

PYPROJECT_FMT = ["--keep-full-version", "--no-generate-python-version-classifiers", "--column-width", "1000",
                 "--table-format", "long", "--collapse-tables", "project.authors,project.maintainers"]


def compare_pyproject_fmt(where, source, ours, known):
    """Returns the number of arrays compared, or None when pyproject-fmt failed."""
    with tempfile.TemporaryDirectory(prefix="reorder-presets.") as tmp:
        path = os.path.join(tmp, "pyproject.toml")
        with open(path, "wb") as f:
            f.write(source)
        done = run(["pyproject-fmt", "-s"] + PYPROJECT_FMT + [path])
    if done.returncode not in (0, 1) or not done.stdout:
        print("presets: %s: pyproject-fmt failed (exit %d): %s; not compared" % (
            where, done.returncode, done.stderr.decode().strip()[:300]))
        return None
    theirs = tomllib.loads(done.stdout.decode())
    mine = tomllib.loads(ours.decode())
    if list(mine.get("project", {})) != list(theirs.get("project", {})):
        fail(where, "[project] keys: ours %s, pyproject-fmt's %s" % (list(mine.get("project", {})),
                                                                     list(theirs.get("project", {}))))
    arrays = 0
    # pyproject-fmt writes an extra's name PEP 503-normalised (Docs_Extra as docs-extra)
    extra = re.compile(r"^(project\.optional-dependencies\.)(.*)$")

    def label_key(label):
        m = extra.match(label)
        return m.group(1) + re.sub(r"[-_.]+", "-", m.group(2)).lower() if m else label
    their_arrays = {label_key(label): items for label, items in requirement_arrays(theirs)}
    for label, items in requirement_arrays(mine):
        other = their_arrays.get(label_key(label))
        if other is None:
            fail(where, "%s: pyproject-fmt has no such array" % label)
            continue
        arrays += 1
        if any(not isinstance(x, str) for x in items):
            names = sorted(pep503(x) for x in items if isinstance(x, str))
            if names != sorted(pep503(x) for x in other if isinstance(x, str)):
                fail(where, "%s: other requirements than pyproject-fmt's" % label)
            same = [pep503(x) if isinstance(x, str) else canon(x) for x in items] == \
                [pep503(x) if isinstance(x, str) else canon(x) for x in other]
            known.append("%s %s: {include-group} entries go first, pyproject-fmt keeps them in place "
                         "as barriers; compared as a set of names (%s here)" % (
                             where, label, "same order" if same else "other order"))
            continue
        if [pep503(x) for x in items] != [pep503(x) for x in other]:
            fail(where, "%s: names in another order: ours %s, pyproject-fmt's %s" % (
                label, [pep503(x) for x in items], [pep503(x) for x in other]))
            continue
        # ties within one name: pyproject-fmt orders them by its re-printed string
        for i in range(len(items)):
            if i and pep503(items[i]) == pep503(items[i - 1]) and \
                    requirement_key(items[i]) != requirement_key(items[i - 1]) and \
                    [requirement_key(x) for x in items[i - 1:i + 1]] != \
                    [requirement_key(x) for x in other[i - 1:i + 1]]:
                known.append("%s %s: ties within %s: ours %r, pyproject-fmt's %r" % (
                    where, label, pep503(items[i]), items[i - 1:i + 1], other[i - 1:i + 1]))
    ours_c = mine.get("project", {}).get("classifiers")
    theirs_c = theirs.get("project", {}).get("classifiers")
    if ours_c is not None or theirs_c is not None:
        deduped = list(dict.fromkeys(ours_c or []))
        if deduped != (theirs_c or []):
            fail(where, "classifiers: ours (duplicates removed) %s, pyproject-fmt's %s" % (deduped, theirs_c))
        arrays += 1
    return arrays


# ---------------------------------------------------------------------------
# 3. requirements-txt-fixer side by side.

OPTION = re.compile(r"(-r|-c|--requirement|--constraint|--index-url|-i|--extra-index-url|--find-links|-f)\b")


def fixer(text_bytes):
    with tempfile.TemporaryDirectory(prefix="reorder-presets.") as tmp:
        path = os.path.join(tmp, "requirements.txt")
        with open(path, "wb") as f:
            f.write(text_bytes)
        done = run(["requirements-txt-fixer", path])
        if done.returncode not in (0, 1):
            raise SystemExit("presets: requirements-txt-fixer failed: %s" % done.stderr.decode())
        with open(path, "rb") as f:
            return f.read()


def fixer_name(line):
    """requirements-txt-fixer's sort key of one value line."""
    low = line.lower()
    for egg in ("#egg=", "&egg="):
        if egg in low:
            return low.split(egg, 1)[1].strip()
    name = re.split(r"[\s;]", low.strip(), 1)[0]
    return re.split(r"===|==|!=|~=|>=|<=|>|<", name, 1)[0]


def check_requirements(results):
    fixtures = sorted(f for f in os.listdir(FIXTURES) if f.endswith(".txt"))
    identical, differences = [], []
    for name in fixtures:
        where = "requirements/" + name
        with open(os.path.join(FIXTURES, name), "rb") as f:
            source = f.read()
        ours = sort_file("requirements", "requirements.txt", source, where)
        if ours is None:
            continue
        check_lines(where, source.decode(), ours.decode(), comma=False)
        theirs = fixer(source)
        lines = source.decode().splitlines(keepends=True)
        out = ours.decode().splitlines(keepends=True)
        if not name.startswith("diff-"):
            if ours != theirs:
                fail(where, "not byte-identical to requirements-txt-fixer:\n  ours   %r\n  theirs %r" % (ours, theirs))
            else:
                identical.append(name)
            continue
        if ours == theirs:
            fail(where, "a named difference, yet byte-identical to requirements-txt-fixer")
            continue
        if name == "diff-blank-groups.txt":
            # ours: the blank lines stay, each group sorted as the fixer sorts a file of that group alone
            blanks = [i for i, line in enumerate(lines) if not line.strip()]
            if [i for i, line in enumerate(out) if not line.strip()] != blanks:
                fail(where, "blank lines moved")
            groups, start = [], 0
            for i in blanks + [len(lines)]:
                groups.append("".join(lines[start:i]))
                start = i + 1
            expected = "\n".join(fixer(g.encode()).decode() if g.strip() else g for g in groups)
            if ours.decode() != expected:
                fail(where, "not the fixer's order within each blank-line group:\n  ours     %r\n  expected %r" % (
                    ours.decode(), expected))
            # theirs: one sort over the file, a blank line travelling with the entry below
            names = [fixer_name(x) for x in theirs.decode().splitlines() if x.strip() and not x.startswith("#")]
            if names != sorted(names) or theirs.decode().count("\n\n") != source.decode().count("\n\n"):
                fail(where, "requirements-txt-fixer did not sort the whole file: %r" % theirs)
            their_lines = theirs.decode().splitlines(keepends=True)
            for i in blanks[1:]:  # the first ends the header, which stays first
                if not any(not their_lines[j].strip() and their_lines[j + 1] == lines[i + 1]
                           for j in range(len(their_lines) - 1)):
                    fail(where, "requirements-txt-fixer: the blank line above %r did not travel with it" % lines[i + 1])
            differences.append("blank-line groups")
        elif name == "diff-duplicates.txt":
            # ours keeps every line; the fixer drops repeats and pkg-resources==0.0.0
            dropped, seen = [], set()
            for line in out:
                if line in seen or line.startswith(("pkg-resources==0.0.0", "pkg_resources==0.0.0")):
                    dropped.append(line)
                seen.add(line)
            kept = list(out)
            for line in dropped:  # the last copy goes
                del kept[len(kept) - 1 - kept[::-1].index(line)]
            if not dropped or "".join(kept) != theirs.decode():
                fail(where, "ours less the repeats and pkg-resources is not the fixer's output:\n  %r\n  %r" % (
                    "".join(kept), theirs))
            differences.append("duplicates and pkg-resources==0.0.0 kept (%d lines)" % len(dropped))
        elif name == "diff-option-order.txt":
            options = [x for x in lines if OPTION.match(x)]
            rest = [x for x in lines if not OPTION.match(x)]
            if out != options + sorted(rest, key=fixer_name):
                fail(where, "not the options as written, then the rest in the fixer's order: %r" % ours)
            if theirs.decode().splitlines(keepends=True) != sorted(lines, key=fixer_name):
                fail(where, "requirements-txt-fixer did not sort the options by flag: %r" % theirs)
            differences.append("pip options first as written")
        else:
            fail(where, "a diff-*.txt fixture this script does not know")
    ok = not any(f.startswith("requirements/") for f in failures)
    results.append("presets vs requirements-txt-fixer: %d fixtures, %d byte-identical, %d named differences (%s)%s" % (
        len(fixtures), len(identical), len(differences), "; ".join(differences), "" if ok else "; FAILED"))


# ---------------------------------------------------------------------------

def main():
    missing = [tool for tool in ("pyproject-fmt", "requirements-txt-fixer") if shutil.which(tool) is None]
    if missing:
        print("presets: %s not on PATH (install them: make test puts them in .build/test-tools/bin)" % " and ".join(missing))
        return 1
    if not os.access(REORDER, os.X_OK):
        print("presets: no reorder binary at %s (build it or set REORDER)" % REORDER)
        return 2
    results = []
    dirs = [os.path.join(SHARED, d) for d in ("realworld", "realworld-2") if os.path.isdir(os.path.join(SHARED, d))]
    checks = {"package.json": check_package_json, "Cargo.toml": check_cargo, "pyproject.toml": check_pyproject}
    if not dirs:
        results.append("presets: the real-world files are not at %s; real files skipped" % os.path.normpath(SHARED))
    fields = sort_package_json_fields() if os.path.isdir(os.path.join(SHARED, "sort-package-json")) else None
    counts, fixture_counts = collections.Counter(), collections.Counter()
    seen = collections.defaultdict(set)
    known, compared, arrays, fmt_failed, fmt_failures = [], 0, 0, [], 0
    for d in dirs + [EDGE_FIXTURES]:
        for entry in sorted(os.listdir(d)):
            for preset, check in checks.items():
                if not entry.endswith("__" + preset) or (preset == "package.json" and fields is None):
                    continue
                fixture = d == EDGE_FIXTURES
                where = "%s/%s" % ("presets/files" if fixture else os.path.basename(d), entry)
                (fixture_counts if fixture else counts)[preset] += 1
                seen[preset].add(entry[:-len(preset)])
                with open(os.path.join(d, entry), "rb") as f:
                    source = f.read()
                ours = sort_file(preset, preset, source, where)
                if ours is None:
                    continue
                check_lines(where, source.decode(), ours.decode(), comma=True)
                if preset == "package.json":
                    check(where, source.decode(), ours.decode(), fields)
                else:
                    check(where, source.decode(), ours.decode())
                if preset == "pyproject.toml":
                    before = len(failures)
                    n = compare_pyproject_fmt(where, source, ours, known)
                    fmt_failures += len(failures) - before
                    if n is None:
                        fmt_failed.append(where)
                    else:
                        compared += 1
                        arrays += n
    if len(dirs) == 2:
        for preset, prefixes in REQUIRED.items():
            for prefix in prefixes:
                if prefix not in seen[preset]:
                    fail("presets", "%s%s, which the issue names, is not in %s" % (prefix, preset, SHARED))
    elif dirs:
        print("presets: only %s is there; the files the issue names are not all checked" % dirs[0])
    bad = {f.split(":", 1)[0] for f in failures}
    results.append("presets: " + "; ".join(
        "%s %d files and %d fixture %s" % (
            preset, counts[preset], fixture_counts[preset],
            "ok" if not any(b.endswith("__" + preset) for b in bad) else "FAILED")
        for preset in checks if counts[preset] or fixture_counts[preset]))
    for line in known:
        print("presets: known difference: " + line)
    results.append("presets vs pyproject-fmt: %d files, %d arrays and key lists compared, %d known differences%s%s" % (
        compared, arrays, len(known), "; pyproject-fmt failed on %s" % ", ".join(fmt_failed) if fmt_failed else "",
        "; %d FAILED" % fmt_failures if fmt_failures else ""))
    check_requirements(results)
    for line in results:
        print(line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
