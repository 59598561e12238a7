#!/usr/bin/env python3
"""The lists with comment headings in real files written by others, found,
and sorted with `reorder sort --groups comments`.

    python3 Tests/conformance/headed_lists.py [--reorder PATH] [--sort] [DIR...]

DIR is a set of real files (default: ../shared/thirdparty/realworld,
realworld-2 and realworld-3 beside the repository; a set that is not there
is skipped). A list is headed when a comment on a line of its own stands
between two of its items (a comment above the first item is a heading too
when another stands between later items). Found, format by format:

  json, jsonc  every array and object (a small parser that keeps where each
               item starts and which container each comment stands in);
  yaml         every block sequence and mapping (PyYAML's nodes give where
               each item starts; a comment line belongs to the innermost
               list whose items it stands between, and one at the column of
               an outer list's keys, or left of them, after a nested list's
               last item, stands between the outer list's items);
  toml         every multi-line array that is a key's value, and every
               table's key/value lines (a table with dotted keys is left
               out: its items are not its lines);
  lines        requirements and constraints files: `#` comment lines
               between requirement lines (sorted with --groups
               blank-lines,comments: a blank line is an item of a lines
               file, which comment headings alone would sort to the top of
               its group; here blank lines separate groups and stay);
  keep-sorted  blocks between `keep-sorted start` and `end` with a `//` or
               `#` comment line between two item lines;
  markdown     an HTML comment on a line of its own between two items of
               one list (same marker, same indentation).
Each found list is checked against the format's parser (its item count).

Without --sort: prints each headed list (file, pointer or lines, headings'
line numbers) and the count per format. With --sort: for each, runs
`reorder sort --groups comments` (-o -, the file is not touched) and checks
  - every heading line is byte for byte the input's, on the same line;
  - every line before the list's first item and after its end is the
    input's, and the file has as many lines;
  - the items between two headings are the input's, sorted (JSON and TOML
    values null < false < true < numbers < strings, strings by code point;
    a mapping's members by key; YAML scalars by their text; lines by their
    bytes), and the document's data is the input's with the list in that
    order;
  - sorting the result again changes nothing;
and records what plain `reorder sort` (no --groups) does: how many headings
leave their line. Prints per format: found / sorted right / wrong /
refused (by reason) / not judged (items whose order the judge cannot
tell); exits 1 on a wrong result.
"""
import argparse
import bisect
import collections
import dataclasses
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from refusals import reason  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "thirdparty")
SETS = ("realworld", "realworld-2", "realworld-3")


@dataclasses.dataclass
class Found:
    fmt: str
    path: str
    pointer: list            # the path of keys/indices; None where the format has no pointer
    items: list              # each item's first line (0-based)
    headings: list           # the comment lines that stay: above the first item and between items
    end: int                 # the list's last line (0-based, inclusive): its closing bracket or last item's line
    options: list = dataclasses.field(default_factory=list)
    document: int = None     # YAML: the document of a stream with several
    groups: str = "comments"  # --groups' value
    marker: str = ""         # keep-sorted: the start marker's line (its options)
    table: bool = False      # TOML: a table's key/value lines (not its sub-tables)

    def between(self):
        return [h for h in self.headings if h > self.items[0]]

    def heading_lines(self, lines):
        """The headings that are comments (not the blank lines that stay)."""
        return [h for h in self.between() if lines[h].strip()]

    def where(self):
        if self.pointer is not None:
            return json_pointer(self.pointer)
        return f"lines {self.items[0] + 1}-{self.end + 1}"


def json_pointer(path):
    return "".join("/" + ("~2" if t == "*" else str(t).replace("~", "~0").replace("/", "~1")) for t in path)


# A small reader for JSON with comments and for TOML values -------------------

class Scanner:
    def __init__(self, text, hash_comments):
        self.text = text
        self.hash = hash_comments
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.lists = []   # (path, kind, item lines, own-line comment lines, close line)

    def line(self, pos):
        return bisect.bisect_right(self.starts, pos) - 1

    def own_line(self, start, end):
        """A comment from start to end stands on lines of its own."""
        ls = self.starts[self.line(start)]
        if self.text[ls:start].strip():
            return False
        nl = self.text.find("\n", end)
        rest = self.text[end: nl if nl >= 0 else len(self.text)]
        return not rest.strip()

    def skip(self, pos, comments):
        """Whitespace and comments; own-line comments' lines into comments."""
        t = self.text
        while pos < len(t):
            c = t[pos]
            if c in " \t\r\n":
                pos += 1
            elif self.hash and c == "#" or not self.hash and t.startswith("//", pos):
                end = t.find("\n", pos)
                end = len(t) if end < 0 else end
                if comments is not None and self.own_line(pos, end):
                    comments.append(self.line(pos))
                pos = end
            elif not self.hash and t.startswith("/*", pos):
                end = t.index("*/", pos) + 2
                if comments is not None and self.own_line(pos, end):
                    comments.extend(range(self.line(pos), self.line(end) + 1))
                pos = end
            else:
                break
        return pos

    def string(self, pos):
        """A string at pos: (its value, the position after it)."""
        t = self.text
        for quote in ('"""', "'''") if self.hash else ():
            if t.startswith(quote, pos):
                end = pos + 3
                while True:
                    end = t.index(quote, end)
                    if quote == '"""' and backslashed(t, end):
                        end += 1
                        continue
                    while t.startswith(quote[0], end + 3):
                        end += 1
                    return None, end + 3
        q = t[pos]
        end = pos + 1
        while t[end] != q:
            end += 2 if q == '"' and t[end] == "\\" else 1
        raw = t[pos:end + 1]
        if q == "'":
            return raw[1:-1], end + 1
        try:
            return json.loads(raw), end + 1
        except ValueError:
            return None, end + 1

    def key(self, pos):
        """A TOML key (dotted): (its parts, the position after it)."""
        parts = []
        while True:
            pos = self.skip_blank(pos)
            if self.text[pos] in "\"'":
                value, pos = self.string(pos)
            else:
                m = re.compile(r"[A-Za-z0-9_-]+").match(self.text, pos)
                value, pos = m.group(), m.end()
            parts.append(value)
            pos = self.skip_blank(pos)
            if self.text[pos] != ".":
                return parts, pos
            pos += 1

    def skip_blank(self, pos):
        while self.text[pos] in " \t":
            pos += 1
        return pos

    def value(self, pos, path):
        t = self.text
        c = t[pos]
        if c == "[" or c == "{":
            return self.container(pos, path)
        if c in "\"'":
            return self.string(pos)[1]
        m = re.compile(r"[^,\]\}\s#/]+" if not self.hash else r"[^,\]\}\s#]+").match(t, pos)
        if not m:
            raise ValueError(f"unexpected {t[pos:pos + 10]!r} at line {self.line(pos) + 1}")
        return m.end()

    def container(self, pos, path):
        t = self.text
        close = "]" if t[pos] == "[" else "}"
        pos += 1
        items, comments = [], []
        index = 0
        while True:
            pos = self.skip(pos, comments)
            if t[pos] == close:
                break
            items.append(self.line(pos))
            if close == "]":
                pos = self.value(pos, path + [index])
            elif self.hash:
                keys, pos = self.key(pos)
                pos = self.skip(pos, None) + 1    # '='
                pos = self.value(self.skip(pos, None), path + keys)
            else:
                key, pos = self.string(pos)
                pos = self.skip(pos, comments)
                pos = self.skip(pos + 1, comments)  # ':'
                pos = self.value(pos, path + [key])
            index += 1
            pos = self.skip(pos, comments)
            if t[pos] == ",":
                pos += 1
        self.lists.append((path, close, items, comments, self.line(pos)))
        return pos + 1


def backslashed(text, pos):
    n = 0
    while pos - n - 1 >= 0 and text[pos - n - 1] == "\\":
        n += 1
    return n % 2 == 1


def headed(items, comments):
    """The comments that stay (above the first item and between items),
    when one stands between two items; else None."""
    if len(items) < 2:
        return None
    inside = [c for c in comments if items[0] < c < items[-1] and c not in items]
    if not inside:
        return None
    return sorted(set(c for c in comments if c < items[-1] and c not in items))


def find_json(path, text):
    s = Scanner(text, hash_comments=False)
    s.value(s.skip(0, None), [])
    fmt = "jsonc" if s.lists and has_comments(text) else "json"
    found = []
    for pointer, _, items, comments, close in s.lists:
        heads = headed(items, comments)
        if heads:
            found.append(Found(fmt, path, pointer, items, heads, close, ["--format", "jsonc"]))
    return found


def has_comments(text):
    s = Scanner(text, hash_comments=False)
    any_comment = []
    pos = 0
    try:
        while pos < len(text):
            pos = s.skip(pos, any_comment)
            if pos < len(text) and text[pos] == '"':
                pos = s.string(pos)[1]
            else:
                pos += 1
    except (ValueError, IndexError):
        pass
    return bool(any_comment)


# TOML -------------------------------------------------------------------------

def find_toml(path, text):
    s = Scanner(text, hash_comments=True)
    t = text
    found = []
    table, items, comments, dotted = [], [], [], False
    aot_counts = collections.Counter()
    last_line = [0]

    def close_table(end_line):
        heads = headed(items, comments)
        if heads and not dotted:
            found.append(Found("toml", path, list(table), list(items), heads, last_line[0], [], table=True))
        elif heads and dotted:
            SKIPPED.append((path, json_pointer(table), "a table with dotted keys: its items are not its lines"))

    pos = 0
    while True:
        pos = s.skip(pos, comments)
        if pos >= len(t):
            close_table(s.line(pos))
            break
        if t[pos] == "[":
            close_table(s.line(pos))
            aot = t.startswith("[[", pos)
            keys, pos = s.key(pos + (2 if aot else 1))
            pos += 2 if aot else 1
            if aot:
                index = aot_counts[tuple(keys)]
                aot_counts[tuple(keys)] += 1
                table = keys + [index]
            else:
                table = keys
            items, comments, dotted = [], [], False
            continue
        keys, pos = s.key(pos)
        items.append(s.line(pos))
        dotted = dotted or len(keys) > 1
        pos = s.skip_blank(pos) + 1   # '='
        pos = s.skip_blank(pos)
        pos = s.value(pos, table + keys)
        last_line[0] = s.line(pos - 1)   # the last line of the value
    for pointer, _, items_, comments_, close in s.lists:
        heads = headed(items_, comments_)
        if heads:
            found.append(Found("toml", path, pointer, items_, heads, close, []))
    return found


# YAML -------------------------------------------------------------------------

def find_yaml(path, text):
    import yaml
    from realworld import yaml_format  # noqa: F401 - (the loader's tags)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    lines = text.split("\n")
    docs = list(yaml.compose_all(text, Loader=loader))
    # The lines inside a scalar (a block scalar's text may start with '#').
    in_scalar = set()

    def walk(node):
        if isinstance(node, yaml.ScalarNode):
            a, b = node.start_mark, node.end_mark
            last = b.line if b.column > 0 else b.line - 1
            in_scalar.update(range(a.line + 1, last + 1))
        elif isinstance(node, yaml.SequenceNode):
            for child in node.value:
                walk(child)
        elif isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                walk(k)
                walk(v)
    for d in docs:
        if d is not None:
            walk(d)
    comment_lines = [i for i, line in enumerate(lines) if line.lstrip().startswith("#") and i not in in_scalar]
    found = []
    for n, doc in enumerate(docs):
        if not isinstance(doc, (yaml.SequenceNode, yaml.MappingNode)) or doc.flow_style:
            continue
        owners = collections.defaultdict(list)   # id(collection) -> comment lines in it
        # The comment lines of this document: after the one before, before the next.
        next_doc = docs[n + 1].start_mark.line if n + 1 < len(docs) and docs[n + 1] is not None else len(lines)
        previous_end = docs[n - 1].end_mark.line if n > 0 and docs[n - 1] is not None else -1
        for c in comment_lines:
            if previous_end < c < next_doc:
                owner = yaml_owner(doc, c, len(lines[c]) - len(lines[c].lstrip()), lines)
                if owner is not None:
                    owners[id(owner)].append(c)
        for node, pointer in yaml_collections(doc, []):
            items = [item_line(node, child) for child in node.value]
            heads = headed(items, owners.get(id(node), []))
            if heads:
                found.append(Found("yaml", path, pointer, items, heads, yaml_end(node, lines), ["--format", "yaml"],
                                   document=n if len(docs) > 1 else None))
    return found


def item_line(node, child):
    return (child[0] if isinstance(child, tuple) else child).start_mark.line


def block(node):
    import yaml
    return isinstance(node, (yaml.SequenceNode, yaml.MappingNode)) and not node.flow_style and node.value


def yaml_owner(node, line, column, lines):
    """The collection whose gap holds the comment at line (its head, between
    items or tail), walking down from node; None for an item's own."""
    starts = [item_line(node, child) for child in node.value]
    i = bisect.bisect_right(starts, line) - 1
    if i < 0:
        return node                      # above the first item
    child = node.value[i]
    value = child[1] if isinstance(child, tuple) else child
    if not block(value):
        if value.start_mark.line <= line < value.end_mark.line + (value.end_mark.column > 0):
            return None                  # inside a flow collection (or a scalar): the item's own
        if column > node.start_mark.column and not any(
                lines[c].lstrip().startswith("#") and len(lines[c]) - len(lines[c].lstrip()) <= node.start_mark.column
                for c in range(starts[i] + 1, line)):
            # Deeper than the items, after the item's content and no comment
            # at their column or shallower between: the item's own (a
            # commented-out part of its value), which moves with it.
            return None
        return node
    inner = [item_line(value, c) for c in value.value]
    if line < inner[0]:
        return value                     # above the nested list's first item
    if line < inner[-1]:
        return yaml_owner(value, line, column, lines)
    if column <= node.start_mark.column:
        return node                      # at the outer keys' column: the outer list's
    return yaml_owner(value, line, column, lines)


def yaml_collections(node, path, seen=None):
    """Each block collection once: an alias's where its anchor is (not
    through a merge key)."""
    import yaml
    seen = set() if seen is None else seen
    if not block(node) or id(node) in seen:
        return
    seen.add(id(node))
    yield node, path
    for i, child in enumerate(node.value):
        if isinstance(child, tuple):
            key, value = child
            if isinstance(key, yaml.ScalarNode) and key.tag != "tag:yaml.org,2002:merge":
                yield from yaml_collections(value, path + [key.value], seen)
        else:
            yield from yaml_collections(child, path + [i], seen)


def yaml_end(node, lines):
    """The list's last line: the last line of its last item that is not blank
    or a comment (the end mark points at the next token)."""
    end = node.end_mark.line if node.end_mark.column > 0 else node.end_mark.line - 1
    end = min(end, len(lines) - 1)
    start = item_line(node, node.value[-1])
    while end > start and (not lines[end].strip() or lines[end].lstrip().startswith("#")):
        end -= 1
    # The comment lines deeper than the items after the last one's content
    # (blank lines between them too) are its own, up to a line at the
    # items' column or shallower.
    column = node.start_mark.column
    line = end + 1
    while line < len(lines):
        text = lines[line]
        if text.lstrip().startswith("#"):
            if len(text) - len(text.lstrip()) <= column:
                break
            end = line
        elif text.strip():
            break
        line += 1
    return end


# Lines, keep-sorted blocks, Markdown -------------------------------------------

REQUIREMENTS = re.compile(r"(requirements|constraints)[^/]*\.(txt|in)$")


def find_lines(path, text):
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    items = [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")]
    comments = [i for i, line in enumerate(lines) if line.lstrip().startswith("#")]
    heads = headed(items, comments)
    if not heads:
        return []
    # A blank line is an item of a lines file: with comment headings alone
    # it would sort to the top of its group. Blank lines separate groups
    # here (--groups blank-lines,comments), and stay where they are.
    blanks = [i for i, line in enumerate(lines) if not line.strip() and i < items[-1]]
    return [Found("lines", path, None, items, sorted(heads + blanks), len(lines) - 1,
                  ["--format", "lines", "--comment", "#"], groups="blank-lines,comments")]


def find_keep_sorted(path, text):
    lines = text.split("\n")
    found = []
    block_number = 0
    i = 0
    while i < len(lines):
        if "keep-sorted start" in lines[i]:
            start = i
            j = i + 1
            while j < len(lines) and "keep-sorted end" not in lines[j]:
                j += 1
            body = range(start + 1, j)
            is_comment = lambda k: lines[k].lstrip().startswith(("//", "#"))   # noqa: E731
            items = [k for k in body if lines[k].strip() and not is_comment(k)]
            comments = [k for k in body if is_comment(k)]
            if re.search(r"\bblock=(yes|true)", lines[start]) and items:
                # Items of several lines: each starts at the block's least
                # indentation; a comment further in is inside an item.
                least = min(indent(lines[k]) for k in items)
                items = [k for k in items if indent(lines[k]) == least and not re.match(r"\s*[\]\)\}]", lines[k])]
                comments = [k for k in comments if indent(lines[k]) <= least]
            heads = headed(items, comments)
            if heads:
                found.append(Found("keep-sorted", path, None, items, heads, j - 1,
                                   ["--block", str(block_number)], marker=lines[start]))
            block_number += 1
            i = j
        i += 1
    return found


def indent(line):
    return len(line) - len(line.lstrip())


MD_ITEM = re.compile(r"^( *)([-*+]|\d+[.)])( |$)")
MD_COMMENT = re.compile(r"^ *<!--.*-->\s*$")


def find_markdown(path, text):
    lines = text.split("\n")
    found = []
    for i, line in enumerate(lines):
        if not MD_COMMENT.match(line):
            continue
        before = next((k for k in range(i - 1, -1, -1) if lines[k].strip()), None)
        after = next((k for k in range(i + 1, len(lines)) if lines[k].strip()), None)
        if before is None or after is None:
            continue
        b = next((k for k in range(before, -1, -1) if MD_ITEM.match(lines[k]) or not lines[k].startswith(" ")), None)
        mb, ma = MD_ITEM.match(lines[b]) if b is not None else None, MD_ITEM.match(lines[after])
        # (A comment indented to the item's text is inside the item.)
        if (mb and ma and mb.group(1) == ma.group(1) and mb.group(2)[-1] == ma.group(2)[-1]
                and indent(line) <= len(ma.group(1))):
            found.append(Found("markdown", path, None, [b, after], [i], after, []))
    return found


SKIPPED = []
GROUPS = []   # --groups' value other than comments, where --groups says so


def lines_of(found):
    return open(found.path, encoding="utf-8").read().split("\n")


def show(path):
    """A file's name from its set on (realworld-2/NAME)."""
    return os.path.join(os.path.basename(os.path.dirname(path)), os.path.basename(path))


def find_all(dirs):
    found = []
    for d in dirs:
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            if not os.path.isfile(path):
                continue
            try:
                text = open(path, encoding="utf-8").read()
            except UnicodeDecodeError:
                continue
            try:
                if name.endswith((".yaml", ".yml")):
                    found += find_yaml(path, text)
                elif name.endswith(".toml"):
                    found += find_toml(path, text)
                elif name.endswith(".json") or name in (".eslintrc",) or name.endswith("__.eslintrc"):
                    found += find_json(path, text)
                elif REQUIREMENTS.search(name):
                    found += find_lines(path, text)
                elif name.endswith(".md"):
                    found += find_markdown(path, text)
                if "keep-sorted start" in text and not name.endswith(".md"):
                    found += find_keep_sorted(path, text)
            except Exception as error:  # noqa: BLE001 - a file the small readers cannot read is said, not judged
                SKIPPED.append((path, "", f"not read: {type(error).__name__}: {error}"))
    return [f for f in found if validate(f)]


def validate(found):
    """The parser's count of the list's items is the finder's."""
    try:
        data = load(found)
    except Exception as error:  # noqa: BLE001
        SKIPPED.append((found.path, found.where(), f"the parser does not load it: {error}"))
        return False
    if data is NOT_PARSED:
        return True
    if len(list_items(data)) != len(found.items):
        SKIPPED.append((found.path, found.where(), f"{len(found.items)} items found, the parser has {len(list_items(data))}"))
        return False
    return True


NOT_PARSED = object()
_YAML = []


def yaml_load(text):
    """PyYAML as realworld.py reads: merge keys as written, unknown tags as
    the plain values they tag."""
    if not _YAML:
        from realworld import yaml_format
        _YAML.append(yaml_format().load)
    return _YAML[0](text)


def load_document(fmt, text, document=None):
    if fmt in ("json", "jsonc"):
        return json.loads(strip_json_comments(text))
    if fmt == "toml":
        return tomllib.loads(text)
    if fmt == "yaml":
        return yaml_load(text)[document or 0]
    return NOT_PARSED


def load(found, text=None):
    if text is None:
        text = open(found.path, encoding="utf-8").read()
    doc = load_document(found.fmt, text, found.document)
    if doc is NOT_PARSED:
        return doc
    for token in found.pointer:
        doc = doc[token]
    if found.table and isinstance(doc, dict):
        # A table's items are its key/value lines, not its sub-tables' sections.
        lines = text.split("\n")
        doc = {k: v for k, v in doc.items() if any(
            re.match(r"\s*" + re.escape(k) + r"\s*=", lines[i]) or re.match(r'\s*["\']' + re.escape(k), lines[i])
            for i in found.items)}
    return doc


def strip_json_comments(text):
    """Comments blanked, trailing commas dropped: what json reads."""
    out, pos = [], 0
    s = Scanner(text, hash_comments=False)
    while pos < len(text):
        c = text[pos]
        if c == '"':
            end = s.string(pos)[1]
            out.append(text[pos:end])
            pos = end
        elif text.startswith("//", pos) or text.startswith("/*", pos):
            end = s.skip(pos, None)
            out.append(re.sub(r"[^\n]", " ", text[pos:end]))
            pos = end
        else:
            out.append(c)
            pos += 1
    return re.sub(r",(\s*[\]\}])", r" \1", "".join(out))


def list_items(value):
    return list(value.items()) if isinstance(value, dict) else list(value)


# The judge ----------------------------------------------------------------------

def sort_key(fmt, item):
    if isinstance(item, tuple):
        if not isinstance(item[0], str):
            raise TypeError("a key that is not a string")
        return (4, item[0])
    if fmt == "yaml":
        if isinstance(item, str):
            return (4, item)
        raise TypeError("not a string")
    if item is None:
        return (0, 0)
    if isinstance(item, bool):
        return (2 if item else 1, 0)
    if isinstance(item, (int, float)) and item == item:
        return (3, item)
    if isinstance(item, str):
        return (4, item)
    raise TypeError("not a scalar")


def line_key(line):
    return line.encode()


def keep_sorted_key(line):
    return line.strip().encode()


def groups_of(found):
    """The input's items split at the headings: a list of lists of item indices."""
    groups = [[]]
    heads = found.between()
    h = 0
    for index, line in enumerate(found.items):
        while h < len(heads) and heads[h] < line:
            if groups[-1]:
                groups.append([])
            h += 1
        groups[-1].append(index)
    return groups


def command(reorder, found, grouped, path):
    cmd = [reorder, "sort"]
    if grouped:
        cmd += GROUPS or ["--groups", found.groups]
    if found.document is not None:
        cmd += ["--document", str(found.document)]
    if found.pointer:
        cmd += ["-p", json_pointer(found.pointer)]
    options = found.options
    if not grouped and "--comment" in options:
        i = options.index("--comment")
        options = options[:i] + options[i + 2:]
    return cmd + options + ["-o", "-", path]


def run(cmd, stdin=None):
    return subprocess.run(cmd, capture_output=True, input=stdin, timeout=60)


def judge(reorder, found):
    """('right' | 'wrong' | 'refused' | 'not judged', detail, headings moved by plain sort)."""
    raw = open(found.path, "rb").read()
    text = raw.decode()
    in_lines = text.split("\n")

    plain = run(command(reorder, found, False, found.path))
    moved = None
    if plain.returncode == 0:
        out_lines = plain.stdout.decode().split("\n")
        moved = sum(1 for h in found.headings
                    if in_lines[h].strip() and (h >= len(out_lines) or out_lines[h] != in_lines[h]))

    result = run(command(reorder, found, True, found.path))
    if result.returncode != 0:
        return "refused", reason(result.stderr), moved, result.stderr.decode().strip()
    out = result.stdout.decode()
    out_lines = out.split("\n")
    wrong = []
    if len(out_lines) != len(in_lines):
        wrong.append(f"{len(in_lines)} lines became {len(out_lines)}")
    for h in found.headings:
        if h >= len(out_lines) or out_lines[h] != in_lines[h]:
            wrong.append(f"heading on line {h + 1} moved or changed: {in_lines[h]!r}")
    first = found.items[0]
    for i in range(min(first, len(out_lines))):
        if i not in found.headings and out_lines[i] != in_lines[i]:
            wrong.append(f"line {i + 1}, before the list, changed")
            break
    tail = len(in_lines) - found.end - 1
    if tail > 0 and out_lines[-tail:] != in_lines[-tail:]:
        wrong.append(f"a line after the list's end (line {found.end + 1}) changed")
    verdict = "right"
    try:
        data_verdict = judge_data(found, text, out)
    except Exception as error:  # noqa: BLE001
        data_verdict = f"the result does not load: {type(error).__name__}: {error}"
    if data_verdict == "not judged":
        verdict = "not judged"
    elif data_verdict:
        wrong.append(data_verdict)
    # Sorted again: the result, in a file of the same name (the format is the name's).
    with tempfile.TemporaryDirectory() as tmp:
        copy_path = os.path.join(tmp, os.path.basename(found.path))
        with open(copy_path, "wb") as handle:
            handle.write(result.stdout)
        again = run(command(reorder, found, True, copy_path))
    if again.returncode != 0:
        wrong.append("sorting the result again refuses: " + again.stderr.decode().strip())
    elif again.stdout != result.stdout:
        wrong.append("sorting the result again changes it")
    if wrong:
        return "wrong", "; ".join(wrong), moved, None
    return verdict, "", moved, None


def judge_data(found, text, out):
    """'' when the result's data is right, 'not judged', or what is wrong."""
    if found.fmt == "markdown":
        # The finder knows the items on either side of the comment, not the
        # whole list: the heading and the bytes around are judged, not the order.
        return "not judged"
    if found.fmt in ("lines", "keep-sorted"):
        in_lines, out_lines = text.split("\n"), out.split("\n")
        key = keep_sorted_key if found.fmt == "keep-sorted" else line_key
        wrong = []
        for group in groups_of(found):
            lines_ = [found.items[i] for i in group]
            want = sorted((in_lines[i] for i in lines_), key=key)
            got = [out_lines[i] for i in lines_]
            if got != want:
                wrong.append(f"the group from line {lines_[0] + 1}: {got[:4]} where {want[:4]}")
        if found.fmt == "keep-sorted" and re.search(
                r"block=yes|newline_separated=yes|numeric=yes|case=no|by_regex|prefix_order|group_prefixes|sticky",
                found.marker):
            # Items of several lines, or an order of the block's own: the
            # lines' order is not the judge (the headings and the bytes
            # around the block still are).
            return "not judged"
        return "; ".join(wrong)
    before = load(found, text)
    after = load(found, out)
    if isinstance(before, dict):
        # (A TOML table's key/value lines: the keys the input's lines hold.)
        whole = load(dataclasses.replace(found, table=False), out)
        after = {k: whole[k] for k in whole if k in before}
    items = list_items(before)
    try:
        expected = []
        for group in groups_of(found):
            expected += sorted((items[i] for i in group), key=lambda item: sort_key(found.fmt, item))
    except TypeError:
        return "not judged"
    got = list_items(after)
    if got != expected:
        for g, w in zip(got, expected):
            if g != w:
                return f"the items' order: {str(g)[:60]} where {str(w)[:60]}"
        return "the items differ"
    # The rest of the document: the input's, with the list in that order.
    whole_before = load_document(found.fmt, text, found.document)
    whole_after = load_document(found.fmt, out, found.document)
    if isinstance(before, list):
        place = whole_before
        for token in found.pointer[:-1]:
            place = place[token]
        if found.pointer:
            place[found.pointer[-1]] = expected
        else:
            whole_before = expected
    if whole_before != whole_after:
        return "the document's data outside the list changed"
    return ""


PRESETS = {
    # The lists each preset sorts (Sources/ReorderKit/Policy/Preset.swift).
    "Cargo.toml": (lambda name: name.endswith("Cargo.toml"),
                   [r"/(dev-|build-)?dependencies", r"/target/[^/]+/(dev-|build-)?dependencies",
                    r"/workspace/dependencies", r"/workspace/(members|exclude)", r"/features"]),
    "pyproject.toml": (lambda name: name.endswith("pyproject.toml"),
                       [r"/project", r"/project/dependencies", r"/project/optional-dependencies/[^/]+",
                        r"/dependency-groups/[^/]+", r"/build-system/requires", r"/project/classifiers"]),
    "package.json": (lambda name: name.endswith("package.json"),
                     [r"", r"/(dependencies|devDependencies|peerDependencies|optionalDependencies|"
                      r"peerDependenciesMeta|overrides|resolutions|engines|scripts)"]),
    "requirements": (lambda name: bool(REQUIREMENTS.search(name)), None),
}


def preset_report(dirs, found):
    """For each preset: its files, the lists it sorts there, and those with headings."""
    for preset, (takes, pointers) in PRESETS.items():
        files = [os.path.join(d, n) for d in dirs for n in sorted(os.listdir(d)) if takes(n)]
        lists = 0
        for path in files:
            if pointers is None:
                lists += 1
                continue
            text = open(path, encoding="utf-8").read()
            data = tomllib.loads(text) if path.endswith(".toml") else json.loads(text)
            lists += sum(1 for p in preset_paths(data) if any(re.fullmatch(r, p) for r in pointers))
        hits = [f for f in found if takes(os.path.basename(f.path)) and (
            pointers is None or any(re.fullmatch(r, f.where()) for r in pointers))]
        with_hits = sorted(set(show(f.path) for f in hits))
        print(f"preset {preset}: {len(files)} files, {lists} lists it sorts; "
              f"{len(hits)} of them headed, in {len(with_hits)} files")
        blank_headed = 0
        for f in hits:
            lines = open(f.path, encoding="utf-8").read().split("\n")
            runs = heading_runs(f.heading_lines(lines))
            after_blank = sum(1 for run in runs if not lines[run[0] - 1].strip())
            blank_headed += after_blank == len(runs)
            print(f"  {show(f.path)} {f.where()}: {len(f.items)} items, {len(runs)} headings between items "
                  f"({after_blank} after a blank line; lines {', '.join(str(r[0] + 1) for r in runs)})")
        print(f"preset {preset}: {blank_headed} of the {len(hits)} headed lists have every heading after a blank line")


def heading_runs(lines):
    """Consecutive comment lines as one heading."""
    runs = []
    for line in lines:
        if runs and runs[-1][-1] == line - 1:
            runs[-1].append(line)
        else:
            runs.append([line])
    return runs


def preset_paths(value, path=""):
    if isinstance(value, dict):
        yield path
        for k, v in value.items():
            yield from preset_paths(v, path + "/" + k)
    elif isinstance(value, list):
        yield path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="*")
    parser.add_argument("--reorder", default=os.environ.get("REORDER") or os.path.join(ROOT, ".build", "debug", "reorder"))
    parser.add_argument("--sort", action="store_true")
    parser.add_argument("--presets", action="store_true",
                        help="the headed lists among those each preset sorts, for the presets' defaults")
    parser.add_argument("--groups", help="--groups' value (default: comments), e.g. blank-lines,comments")
    parser.add_argument("--quiet", action="store_true", help="no line per list, the counts only")
    args = parser.parse_args()
    if args.groups:
        GROUPS[:] = ["--groups", args.groups]
    dirs = args.dirs or [os.path.join(SHARED, s) for s in SETS]
    present = [d for d in dirs if os.path.isdir(d)]
    for d in dirs:
        if d not in present:
            print(f"headed-lists: no {d}; skipped")
    if not present:
        return 0
    found = find_all(present)
    by_format = collections.defaultdict(list)
    for f in found:
        by_format[f.fmt].append(f)
    formats = ("json", "jsonc", "yaml", "toml", "lines", "keep-sorted", "markdown")
    if args.presets:
        preset_report(present, found)
        return 0
    if not args.sort:
        for fmt in formats:
            print(f"{fmt}: {len(by_format[fmt])} headed lists")
            if not args.quiet:
                for f in by_format[fmt]:
                    doc = f" --document {f.document}" if f.document is not None else ""
                    print(f"  {show(f.path)}{doc} {f.where()}: {len(f.items)} items, "
                          f"headings on lines {', '.join(str(h + 1) for h in f.headings if lines_of(f)[h].strip())}")
        for path, where, why in SKIPPED:
            print(f"left out: {show(path)} {where}: {why}")
        print(f"headed-lists: {len(found)} headed lists")
        return 0
    if not os.access(args.reorder, os.X_OK):
        print(f"headed-lists: no reorder binary at {args.reorder} (build it or set REORDER)", file=sys.stderr)
        return 2
    failed = False
    total = collections.Counter()
    for fmt in formats:
        counts = collections.Counter()
        refusals = collections.Counter()
        moved_lists = moved_headings = plain_refused = 0
        for f in by_format[fmt]:
            verdict, detail, moved, message = judge(args.reorder, f)
            counts[verdict] += 1
            if moved is None:
                plain_refused += 1
            if moved:
                moved_lists += 1
                moved_headings += moved
            name = f"{show(f.path)} {f.where()}"
            if verdict == "wrong":
                failed = True
                print(f"FAIL {fmt} {name}: {detail}")
            elif verdict == "refused":
                refusals[detail] += 1
                if not args.quiet:
                    print(f"refused {fmt} {name}: {message}")
            elif not args.quiet:
                print(f"{verdict} {fmt} {name} (plain sort moved {moved if moved is not None else 'refused'} "
                      f"of {len(f.headings)} headings)")
        total.update(counts)
        print(f"headed-lists {fmt}: {len(by_format[fmt])} found, {counts['right']} sorted right, "
              f"{counts['wrong']} wrong, {counts['refused']} refused, {counts['not judged']} not judged; "
              f"before (plain sort): headings moved in {moved_lists} lists, {moved_headings} headings, "
              f"{plain_refused} lists refused")
        for text, count in refusals.most_common():
            print(f"  refused {count}: {text}")
    for path, where, why in SKIPPED:
        print(f"left out: {show(path)} {where}: {why}")
    print(f"headed-lists: {len(found)} found, {total['right']} right, {total['wrong']} wrong, "
          f"{total['refused']} refused, {total['not judged']} not judged")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
