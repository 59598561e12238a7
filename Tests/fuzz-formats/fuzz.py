#!/usr/bin/env python3
"""A structure-aware differential fuzzer for reorder's YAML, TOML and JSONC
readers.

Each case is a document, generated (with the shapes the readers find hard:
comments everywhere, YAML block scalars of every chomping, anchors, tags,
flow collections, multi-document streams, TOML dotted keys, inline tables and
arrays of tables, JSONC comments and trailing commas, CRLF, lone CR, a BOM)
or mutated from a file of ../shared/thirdparty (read at run time, never
copied), and a random command on one of its lists. The real parsers judge the
result: PyYAML and ruamel.yaml (both must read the input alike, or the case
is skipped), tomllib, and a JSONC reader of this file (VS Code's rules).

  - input the parser rejects: reorder must refuse (exit 2 with a `reorder:`
    message); exit 0 is the class accepted-invalid (reported, and failing
    the run unless --allow-accepted-invalid);
  - input the parser reads: reorder may refuse (exit 2, with a message),
    never crash; exit 0 must give a document that loads to exactly the
    expected edit of the loaded data (the list edited, everything else
    equal, mapping order compared where the format keeps it);
  - reverse applied twice gives the input back, byte for byte; move i i and
    swap i i change no byte;
  - `diff INPUT RESULT | batch -f - INPUT` gives RESULT's data.

Findings print one line each, and the last line is
`fuzz-formats: N passed, M failed`; the exit status is 1 on any finding not
matched by the KNOWN table below (each entry a precise predicate for one
reported issue), 0 otherwise. --keep DIR saves each finding, reduced to a
small reproduction: input, command, expected, got.

  python3 Tests/fuzz-formats/fuzz.py --reorder .build/release/reorder \\
      --seed 1 --cases 2000 [--format yaml|toml|jsonc|all] [--corpus DIR...] \\
      [--keep DIR [--keep-known]] [--allow-accepted-invalid] [--no-known] \\
      [--case N] [--reasons] [--show-refusals REGEX] [--quiet]
  python3 Tests/fuzz-formats/fuzz.py --layouts --format yaml|toml|jsonc|all \\
      --reorder .build/debug/reorder --seed 20261123 --cases 300

--layouts runs the other half of this harness (layouts.py): documents in
the layouts users write every day, on which every edit must succeed (no
refusal), load to the expected data with members in order, and keep the
bytes around the list; `swift test` runs it (RandomLayoutTests).

--case N runs case N of the seed alone (with --keep, to get its reduced
reproduction). A YAML stream that PyYAML and ruamel.yaml reject only for
what YAML 1.2 allows (tabs as separation, multi-line flow keys, empty keys,
and the rest of yaml12_rewrite's list) is skipped as unjudgeable, not
counted as invalid. CI fails on accepted-invalid streams too.

Needs Python 3.11 (tomllib), PyYAML and ruamel.yaml (Tests/test.sh installs
both into .build/test-tools).
"""

import argparse
import collections
import datetime
import json
import math
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import zlib
import warnings

warnings.simplefilter("ignore")

try:
    import yaml
    from ruamel.yaml import YAML as RuamelYAML
except ImportError:
    print("fuzz-formats: PyYAML and ruamel.yaml are needed (make test installs them into .build/test-tools)")
    sys.exit(2)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXTENSIONS = {"yaml": "yaml", "toml": "toml", "jsonc": "jsonc"}
TIMEOUT = 20


# ---------------------------------------------------------------- oracles

class Invalid(Exception):
    """The parser rejects the document."""


class Unjudgeable(Exception):
    """The case cannot be judged (the parsers disagree, a cycle, too big)."""


def canon(value, ordered=True, _stack=None, _budget=None, subst=None):
    """Loaded data as comparable lists: ['seq', [...]] and ['map', [[k, v], ...]],
    scalars tagged with their type (1, 1.0 and True differ). subst maps the
    id of a loaded object to what stands for it (an edited list, wherever an
    alias repeats it)."""
    if subst and id(value) in subst:
        return subst[id(value)]
    if _stack is None:
        _stack, _budget = set(), [200000]
    _budget[0] -= 1
    if _budget[0] < 0:
        raise Unjudgeable("the data is too big (aliases)")
    if isinstance(value, (dict, list, tuple, PairList)):
        if id(value) in _stack:
            raise Unjudgeable("a recursive structure")
        _stack.add(id(value))
        try:
            if isinstance(value, PairList):
                pairs = [[canon(k, ordered, _stack, _budget, subst), canon(v, ordered, _stack, _budget, subst)] for k, v in value]
                return ["map", pairs]
            if isinstance(value, dict):
                pairs = [[canon(k, ordered, _stack, _budget, subst), canon(v, ordered, _stack, _budget, subst)] for k, v in value.items()]
                if not ordered:
                    pairs.sort(key=repr)
                return ["map", pairs]
            return ["seq", [canon(v, ordered, _stack, _budget, subst) for v in value]]
        finally:
            _stack.discard(id(value))
    if isinstance(value, (set, frozenset)):
        return ["set", sorted(repr(canon(v)) for v in value)]
    if value is None:
        return ("null",)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int):
        return ("int", value)
    if isinstance(value, float):
        if math.isnan(value):
            return ("float", "nan")
        return ("float", value)
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return ("bytes", value)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return ("time", value.isoformat(), str(getattr(value, "tzinfo", None)))
    return ("other", type(value).__name__, repr(value))


def load_pyyaml(data):
    try:
        list(yaml.compose_all(data, Loader=yaml.SafeLoader))
    except RecursionError:
        raise Unjudgeable("PyYAML: too deep")
    except Exception as error:
        invalid = Invalid("PyYAML: " + str(error).replace("\n", " ")[:200])
        mark = getattr(error, "problem_mark", None)
        context = getattr(error, "context_mark", None)
        invalid.problem = (getattr(error, "problem", None) or "", mark.index if mark else None,
                           context.index if context else None)
        raise invalid
    try:
        return list(yaml.load_all(data, Loader=yaml.SafeLoader))
    except Exception as error:  # a tag it cannot construct, an unhashable key
        raise Unjudgeable("PyYAML cannot construct it: " + str(error)[:100])


_ruamel = RuamelYAML(typ="safe", pure=True)


def load_ruamel(data):
    try:
        list(_ruamel.compose_all(data))
    except RecursionError:
        raise Unjudgeable("ruamel.yaml: too deep")
    except Exception as error:
        raise Invalid("ruamel.yaml: " + str(error).replace("\n", " ")[:200])
    try:
        return list(_ruamel.load_all(data))
    except Exception as error:  # a duplicate key, a tag it cannot construct
        raise Unjudgeable("ruamel.yaml cannot construct it: " + str(error)[:100])


def quoted_end(text, start):
    """Where the quoted scalar opened at `start` closes (len(text) if it
    does not): `\\` escapes in double quotes, `''` in single ones."""
    quote, end = text[start], start + 1
    while end < len(text):
        if quote == '"' and text[end] == "\\":
            end += 2
        elif quote == "'" and text[end:end + 2] == "''":
            end += 2
        elif text[end] == quote:
            return end
        else:
            end += 1
    return len(text)


def in_flow(text, index):
    """Whether `index` is inside a flow collection (brackets counted outside
    quotes and comments), where a line may go on after blanks and tabs."""
    depth, position = 0, 0
    while position < index:
        c = text[position]
        if c in "\"'" and depth > 0:
            position = quoted_end(text, position) + 1
            continue
        if c == "#" and (position == 0 or text[position - 1] in " \t\r\n"):
            while position < index and text[position] not in "\r\n":
                position += 1
            continue
        if c in "[{":
            depth += 1
        elif c in "]}" and depth > 0:
            depth -= 1
        position += 1
    return depth > 0


def yaml12_rewrite(text, problem, index, context=None):
    """Where both judges reject a stream for what YAML 1.2 allows, the same
    stream with that one place written as they read it; None elsewhere.

    - PyYAML and ruamel.yaml (YAML 1.1 scanners) take no tab as separation;
      YAML 1.2 does after content on a line and on a blank line (spec 6.2;
      yaml-test-suite 6BCT, DC7X, DK95, J3BT) and at a line's start inside a
      flow collection, but not as block indentation, nor
      between an indicator and a compact `-`, `?` or `:` entry (Y79Y).
    - A flow mapping's key may span lines, plain or quoted, and may stand
      on the line before its `:` (4MUZ, 9SA2, NJ66): folded onto one line.
    - An entry may have an empty key (`[ : x ]`, `- : x`; CFD4, 2JQS):
      given the key `""`. A plain scalar may start with `:` before a
      character that is no blank (`{x: :x}`, 58MP).
    - In a flow collection a tag may stand right before `,`, `]` or `}`
      (WZ62); a `...` before any document ends none (M7A3); an anchor's
      name may hold any character but blanks and flow indicators (8XYN),
      and a directive's any character (a reserved directive).
    """
    if index is None or index >= len(text):
        return None
    line_start = max(text.rfind("\n", 0, index), text.rfind("\r", 0, index)) + 1
    before = text[line_start:index]
    if problem == "found character '\\t' that cannot start any token" and text[index] == "\t":
        end = index
        while end < len(text) and text[end] in " \t":
            end += 1
        after = text[end:]
        blank_line = after[:1] in ("", "\n", "\r")
        if not before.strip(" \t") and not blank_line and not in_flow(text, index):
            return None
        if re.search(r"(^|[ \t])[-?:][ \t]*$", before) and re.match(r"[-?:]([ \t\r\n]|$)", after):
            return None
        return text[:index] + " " + text[index + 1:]
    if problem == "expected ',' or '}', but got ':'" and text[index] == ":" and context is not None:
        # The key: from the last ',' or '{' of the mapping before the ':'.
        position, entry = context, context + 1
        while position < index:
            if text[position] in "\"'":
                position = quoted_end(text, position) + 1
                continue
            if text[position] in ",{":
                entry = position + 1
            elif text[position] == "#" and text[position - 1:position] in (" ", "\t", "\n", "\r"):
                return None
            position += 1
        key = text[entry:index]
        folded = re.sub(r"[ \t]*(\r\n|\r|\n)[ \t]*", " ", key)
        if folded == key or re.search(r"(\r\n|\r|\n)[ \t]*(\r\n|\r|\n)", key):
            return None
        return text[:entry] + folded + text[index:]
    if problem == "expected the node content, but found ':'" and text[index] == ":" \
            and text[index + 1:index + 2] not in ("", " ", "\t", "\r", "\n", ",", "[", "]", "{", "}"):
        return text[:index] + "x" + text[index + 1:]
    if problem == "expected the node content, but found ':'" and text[index] == ":" \
            and text[:index].rstrip(" \t\r\n")[-1:] in ("[", "{", ","):
        return text[:index] + '""' + text[index:]
    if problem.startswith("expected ' ', but found") and context is not None and text[context:context + 1] == "!":
        # A tag ends at a blank, or in a flow collection at ',', ']', '}';
        # '#' and the like are URI characters of its name.
        if text[index] == "\t":
            return text[:index] + " " + text[index + 1:]
        if text[index] in ",]}":
            return text[:index] + " " + text[index:]
        if text[index] in "#;/?:@&=+$_.~*'()%":
            return text[:index] + "x" + text[index + 1:]
        return None
    if re.match(r"expected ',' or '[]}]', but got", problem) and context is not None:
        # A tag right before a ',', ']' or '}' (WZ62): PyYAML takes the
        # indicator into the tag.
        tag = re.search(r"!(?:[^\s\[\]{},!]*!)?[^\s\[\]{},]*(?=[,\]}])", text[context:index])
        if tag:
            at = context + tag.end()
            return text[:at] + " " + text[at:]
    if problem == "expected the node content, but found '<document end>'" and text[index:index + 3] == "..." \
            and not re.sub(r"(?m)^[ \t]*(#.*)?$", "", text[:index].lstrip("\ufeff")).strip():
        # A '...' with no document before it ends none (M7A3).
        return text[:index] + "#.." + text[index + 3:]
    if problem.startswith("expected alphabetic or numeric character") and context is not None \
            and text[context:context + 1] in ("&", "*"):
        # An anchor's name is any characters but blanks and flow indicators
        # (8XYN); PyYAML takes letters, digits, '-' and '_'.
        name = re.match(r"[^ \t\r\n,\[\]{}]*", text[context + 1:]).group(0)
        if not name:
            return None
        plain = "a%x" % (zlib.crc32(name.encode("utf-8")))
        return re.sub(r"(?<=[&*])" + re.escape(name) + r"(?=[ \t\r\n,\[\]{}]|$)", plain, text)
    if problem.startswith("expected alphabetic or numeric character") and context is not None \
            and text[context:context + 1] == "%":
        # A directive's name is any characters (a reserved directive,
        # which a loader ignores); PyYAML takes letters, digits, '-', '_'.
        name = re.match(r"[^ \t\r\n]*", text[context + 1:]).group(0)
        return text[:context + 1] + "RESERVED" + text[context + 1 + len(name):] if name else None
    if problem == "expected <block end>, but found ':'" and text[index] == ":" \
            and re.fullmatch(r"([ \t]*[-?][ \t]+)*[ \t]*", before):
        return text[:index] + '""' + text[index:]
    return None


def load_yaml(data):
    """The documents of a YAML stream, as both PyYAML and ruamel.yaml read
    them: Invalid when the syntax is wrong for both, Unjudgeable when they
    disagree or when it parses but cannot be constructed (an unknown tag, a
    duplicate key), which is not a syntax error reorder could see. A stream
    both reject only for what YAML 1.2 allows (yaml12_rewrite) is
    Unjudgeable too: they cannot judge it, and reorder reads YAML 1.2."""
    results = []
    for loader in (load_pyyaml, load_ruamel):
        try:
            results.append(("ok", [canon(d) for d in loader(data)]))
        except Invalid as error:
            results.append(("invalid", error))
    if results[0][0] == "invalid" and results[1][0] == "invalid":
        error = results[0][1]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise Invalid(str(error))
        for _ in range(64):
            problem, index, context = getattr(error, "problem", ("", None, None))
            text = yaml12_rewrite(text, problem, index, context)
            if text is None:
                raise Invalid(str(results[0][1]))
            rewritten = text.encode("utf-8")
            try:
                load_pyyaml(rewritten)
                load_ruamel(rewritten)
            except Invalid as again:
                error = again
                continue
            raise Unjudgeable("valid YAML 1.2 that PyYAML and ruamel.yaml reject (a tab, or a flow key before its ':')")
        raise Invalid(str(results[0][1]))
    if results[0][0] != results[1][0] or results[0][1] != results[1][1]:
        raise Unjudgeable("PyYAML and ruamel.yaml disagree")
    return results[0][1]


def load_toml(data):
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
        return tomllib.loads(text)
    except Exception as error:
        raise Invalid("tomllib: " + str(error)[:200])


class PairList(list):
    """A JSON object as the list of its members (duplicates kept)."""


def strip_jsonc(text):
    """JSON with comments to JSON, as VS Code's parser reads it: `//` to the
    next CR or LF, `/* */` (unterminated: an error), and a comma right
    before `]` or `}` after a value. Inside strings nothing changes."""
    out = []
    i, n = 0, len(text)
    last = ""          # the last significant character written
    pending_comma = None
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if j >= n:
                raise Invalid("jsonc: an unterminated string")
            if pending_comma is not None:
                out.append(",")
                pending_comma = None
            out.append(text[i:j + 1])
            last = '"'
            i = j + 1
            continue
        if c == "/" and i + 1 < n and text[i + 1] == "/":
            j = i + 2
            while j < n and text[j] not in "\r\n":
                j += 1
            out.append(" ")
            i = j
            continue
        if c == "/" and i + 1 < n and text[i + 1] == "*":
            j = text.find("*/", i + 2)
            if j < 0:
                raise Invalid("jsonc: an unterminated block comment")
            out.append(" ")
            i = j + 2
            continue
        if c in " \t\r\n":
            out.append(c)
            i += 1
            continue
        if c == ",":
            if pending_comma is not None:
                out.append(",")
            if last in ("", "[", "{", ","):
                out.append(",")  # an error for json.loads, as for VS Code
                pending_comma = None
            else:
                pending_comma = True
            last = ","
            i += 1
            continue
        if c in "]}" and pending_comma is not None:
            pending_comma = None  # a trailing comma: dropped
        elif pending_comma is not None:
            out.append(",")
            pending_comma = None
        out.append(c)
        last = c
        i += 1
    if pending_comma is not None:
        out.append(",")
    return "".join(out)


def _no_constant(name):
    raise ValueError("not JSON: " + name)


def load_jsonc(data):
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Invalid("jsonc: " + str(error))
    if re.search(r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])", text) or \
            re.search(r"(?<![0-9a-fA-F]{4})\\u[dD][c-fC-F][0-9a-fA-F]{2}", text):
        # A lone surrogate (roughly): reorder refuses those; so do we.
        raise Invalid("jsonc: a lone surrogate")
    stripped = strip_jsonc(text)
    try:
        value = json.loads(stripped, object_pairs_hook=PairList, parse_constant=_no_constant)
    except RecursionError:
        raise Unjudgeable("too deep")
    except Exception as error:
        raise Invalid("jsonc: " + str(error)[:200])
    return value


# ---------------------------------------------------- TOML's item model

TOML_KEY = r'(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\')'
TOML_DOTTED = TOML_KEY + r'(?:[ \t]*\.[ \t]*' + TOML_KEY + r')*'
TOML_HEADER = re.compile(r'^[ \t]*(\[\[?)[ \t]*(' + TOML_DOTTED + r')[ \t]*\]\]?[ \t]*(?:#.*)?$')
TOML_LINE = re.compile(r'^[ \t]*(' + TOML_DOTTED + r')[ \t]*=')


def toml_key_path(text):
    try:
        value = tomllib.loads(text + " = 0")
    except Exception:
        return None
    path = []
    while isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        path.append(key)
        value = value[key]
    return tuple(path)


def toml_sections(text):
    """[concrete header path, is an array of tables, [key paths of its
    lines], header path as written]; the concrete path has the index of
    each array of tables it passes through: [[a]] [a.x] [[a]] [a.x] are
    ('a', 0), ('a', 0, 'x'), ('a', 1), ('a', 1, 'x')."""
    sections = [[(), False, [], ()]]
    arrays = {}
    for line in text.replace("\r\n", "\n").split("\n"):
        m = TOML_HEADER.match(line)
        if m:
            path = toml_key_path(m.group(2))
            if path is not None:
                array = m.group(1) == "[["
                if array:
                    arrays[path] = arrays.get(path, -1) + 1
                    for other in list(arrays):
                        if len(other) > len(path) and other[:len(path)] == path:
                            del arrays[other]
                concrete = []
                for i in range(1, len(path) + 1):
                    concrete.append(path[i - 1])
                    if path[:i] in arrays:
                        concrete.append(arrays[path[:i]])
                sections.append([tuple(concrete), array, [], path])
                continue
        m = TOML_LINE.match(line)
        if m:
            path = toml_key_path(m.group(1))
            if path is not None:
                sections[-1][2].append(path)
    return sections


def toml_table_items(text, table, pointer):
    """The keys of the table at `pointer` that are its lines, in order, and
    those that its sub-tables' headers define; None when the lines cannot be
    told with certainty."""
    pointer = tuple(pointer)
    items, headers, inline = [], set(), False
    for header, array, lines, _ in toml_sections(text):
        if len(header) > len(pointer) and header[:len(pointer)] == pointer:
            headers.add(header[len(pointer)])
            continue  # its lines are the sub-table's
        for line in lines:
            full = header + line
            if full == pointer:
                inline = True
            elif len(full) > len(pointer) and full[:len(pointer)] == pointer:
                key = full[len(pointer)]
                if key in items:
                    return None  # a key of several lines: which line is an item is not the data's to say
                items.append(key)
    keys = list(table.keys())
    if not items and not headers and keys:
        inline = True  # an inline table inside an array or another inline table
    if inline:
        if headers or items:
            return None
        return keys, set()
    if set(items) & headers or set(items) | headers != set(keys):
        return None
    if [k for k in keys if k in set(items)] != items:
        return None
    return items, headers


# ------------------------------------------------------------- documents

def pointer_token(key):
    return key.replace("~", "~0").replace("/", "~1")


def list_targets(node, path=(), out=None, depth=0):
    """Every sequence and mapping reachable through string keys and indices."""
    if out is None:
        out = []
    if depth > 12:
        return out
    if isinstance(node, list) and node and node[0] in ("seq", "map"):
        out.append(path)
        if node[0] == "seq":
            for i, child in enumerate(node[1]):
                list_targets(child, path + (i,), out, depth + 1)
        else:
            keys = [k for k, _ in node[1]]
            for k, child in node[1]:
                if isinstance(k, str) and sum(1 for other in keys if key_text(other) == k) == 1:
                    list_targets(child, path + (k,), out, depth + 1)
    return out


def key_text(key):
    if isinstance(key, str):
        return key
    if isinstance(key, tuple) and len(key) == 2 and key[0] in ("int", "bool"):
        return str(key[1]).lower() if key[0] == "bool" else str(key[1])
    if key == ("null",):
        return "null"
    return None


def resolve(node, path):
    for token in path:
        if node[0] == "seq":
            node = node[1][token]
        else:
            node = next(v for k, v in node[1] if k == token)
    return node


def replace_at(node, path, new):
    if not path:
        return new
    token = path[0]
    if node[0] == "seq":
        items = list(node[1])
        items[token] = replace_at(items[token], path[1:], new)
        return ["seq", items]
    pairs = []
    done = False
    for k, v in node[1]:
        if k == token and not done:
            pairs.append([k, replace_at(v, path[1:], new)])
            done = True
        else:
            pairs.append([k, v])
    return ["map", pairs]


# ------------------------------------------------------------ generators

WORDS = ["alpha", "beta", "gamma", "delta", "build", "test", "lint", "deploy", "x", "y", "z",
         "name", "run", "uses", "with", "env", "steps", "item", "key", "value", "a b", "c-d",
         "e_f", "http://x.y/z", "foo.bar", "ü", "日本", "a:b", "-dash", "q?"]
SAFE_PLAIN = ["alpha", "beta", "gamma", "delta", "build", "test", "lint", "deploy", "x", "y",
              "z", "a b", "c-d", "e_f", "foo.bar", "ü", "日本", "http://x.y/z", "a:b", "v1.2.3"]


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.anchors = []
        self.later = []
        self.counter = 0

    def chance(self, p):
        return self.rng.random() < p

    def pick(self, seq):
        return self.rng.choice(seq)

    # ---------------------------------------------------------- YAML

    def y_scalar(self, flow=False):
        r = self.rng.random()
        if r < 0.35:
            return self.pick([w for w in SAFE_PLAIN if not (flow and ":" in w)])
        if r < 0.5:
            return str(self.rng.randint(-5, 300))
        if r < 0.6:
            return self.pick(['"quoted"', '"a # b"', '"x\\ty"', '"\\u00e9"', '"a, b"', '""', '"[x]"',
                              '"multi\\nline"', '"- dash"', '"#"'])
        if r < 0.7:
            return self.pick(["'single'", "'it''s'", "''", "'a: b'", "'#x'", "'{z}'"])
        if r < 0.75:
            return self.pick(["null", "~", "true", "false", "1.5", "-0.25", "1.0e+3", ".inf"])
        if r < 0.8 and self.anchors:
            return "*" + self.pick(self.anchors)
        if r < 0.85:
            return self.pick(["!!str 12", "!!int 7", "!!str x", "!!float 2"])
        if r < 0.9 and not flow:
            return self.pick(["a #not-comment", "b#c", "plain with spaces", "a%pct", "at@"])
        return self.pick(SAFE_PLAIN)

    def y_key(self, used):
        for _ in range(20):
            r = self.rng.random()
            if r < 0.7:
                key = self.pick(WORDS[:22]) + ("" if self.chance(0.6) else str(self.rng.randint(0, 99)))
                if " " in key and self.chance(0.5):
                    key = '"' + key + '"'
            elif r < 0.85:
                key = "'" + self.pick(WORDS) + str(self.rng.randint(0, 9)) + "'"
            elif r < 0.93:
                key = str(self.rng.randint(0, 50))
            else:
                key = '"k/' + self.pick(["~", "a", "b~1"]) + '"'
            if key.strip("'\"") not in used:
                used.add(key.strip("'\""))
                return key
        self.counter += 1
        return "k%d" % self.counter

    def y_props(self, kind=None):
        """An anchor and a tag, maybe; a collection's anchor is usable
        (self.anchors) only once its content is written (no recursion)."""
        out = []
        if self.chance(0.08):
            self.counter += 1
            name = "a%d" % self.counter
            out.append("&" + name)
            if kind is None:
                self.anchors.append(name)
            else:
                self.later.append(name)
        if self.chance(0.05):
            out.append({"seq": "!!seq", "map": "!!map", None: "!!str"}[kind])
        return out

    def y_release(self):
        self.anchors += self.later
        self.later = []

    def y_comment(self):
        return "#" + self.pick(["", " note", " c: [x]", "  - dash", " # double", " 'q", "x"])

    def y_flow(self, depth, multiline_indent=None):
        kind = self.pick(["seq", "map"])
        n = self.rng.randint(0, 4)
        items = []
        used = set()
        for _ in range(n):
            if depth < 2 and self.chance(0.2):
                value = self.y_flow(depth + 1)
            else:
                value = self.y_scalar(flow=True)
                if value.startswith("!!") and self.chance(0.5):
                    value = value.split(" ", 1)[1]
            if kind == "map":
                key = self.y_key(used)
                items.append(key + ":" + ("" if self.chance(0.05) and value[0] in "\"'[{" else " ") + value)
            elif self.chance(0.05) and depth < 2:
                items.append(self.y_key(used) + ": " + value)  # a single pair
            else:
                items.append(value)
        open_, close = ("[", "]") if kind == "seq" else ("{", "}")
        if multiline_indent is not None and items and self.chance(0.5):
            pad = " " * (multiline_indent + 2)
            parts = []
            for i, item in enumerate(items):
                sep = "," if i < len(items) - 1 or self.chance(0.3) else ""
                comment = " " + self.y_comment() if self.chance(0.15) else ""
                parts.append(pad + item + sep + comment)
            head = open_ + (" " + self.y_comment() if self.chance(0.1) else "")
            return head + "\n" + "\n".join(parts) + "\n" + " " * multiline_indent + close
        sep = self.pick([", ", ",", " , "])
        body = sep.join(items)
        if self.chance(0.1) and items:
            body += ","
        space = self.pick(["", "", " "])
        if not items and self.chance(0.2):
            space = " "
        return open_ + space + body + space + close

    def y_block_scalar(self, indent):
        style = self.pick(["|", ">"])
        chomp = self.pick(["", "-", "-", "", "+"]) if self.chance(0.9) else "+"
        explicit = self.chance(0.2)
        step = self.rng.randint(1, 3) if explicit else 2
        header = style + (chomp + str(step) if explicit and self.chance(0.5) else (str(step) + chomp if explicit else chomp))
        pad = " " * (indent + step)
        lines = []
        for _ in range(self.rng.randint(0, 4)):
            r = self.rng.random()
            if r < 0.15:
                lines.append("")
            elif r < 0.25:
                lines.append(pad + "# not a comment")
            elif r < 0.32:
                lines.append(pad + "  more indented")
            else:
                lines.append(pad + self.pick(["text", "line two", "a: b", "- x", "  ", "end."]))
        if lines and lines[0].strip() == "" and not explicit:
            lines[0] = pad + "first"
        trailing = self.rng.randint(0, 2) if self.chance(0.3) else 0
        lines += [self.pick(["", pad[:self.rng.randint(0, len(pad))]]) for _ in range(trailing)]
        return header, lines

    def y_node(self, indent, depth):
        """(inline text or None, lines of a nested block at indent+step)."""
        r = self.rng.random()
        if depth >= 3 or r < 0.45:
            return self.y_scalar(), []
        if r < 0.6:
            flow = self.y_flow(0, indent if self.chance(0.3) else None)
            props = self.y_props(kind="seq" if flow.startswith("[") else "map")
            self.y_release()
            return " ".join(props + [flow]), []
        if r < 0.7:
            props = self.y_props()
            header, lines = self.y_block_scalar(indent)
            return " ".join(props + [header]), lines
        kind = self.pick(["seq", "map"])
        props = self.y_props(kind=kind)
        child = indent + self.pick([2, 2, 2, 4, 1, 3])
        saved, self.later = self.later, []
        lines = self.y_block(kind, child, depth + 1)
        self.later = saved + self.later
        self.y_release()
        head = " ".join(props) if props else None
        return head, lines

    def y_block(self, kind, indent, depth, first_inline=False):
        pad = " " * indent
        lines = []
        used = set()
        n = self.rng.randint(1 if depth else 1, 5)
        for i in range(n):
            if self.chance(0.15):
                col = self.pick([indent, indent, 0, indent + 2, max(0, indent - 2)])
                lines.append(" " * col + self.y_comment())
            if self.chance(0.08):
                lines.append(self.pick(["", "", "  "]) if self.chance(0.99) else "\t")
            head, nested = self.y_node(indent, depth)
            eol = (" " + self.y_comment()) if self.chance(0.12) else ""
            if kind == "seq":
                prefix = pad + (self.pick(["- ", "- ", "-  "]) if self.chance(0.995) else "-\t")
                if head is None and nested and self.chance(0.4) and not nested[0].lstrip().startswith("#"):
                    # a compact nested block: `- a: 1` then `  b: 2`
                    first = nested[0].lstrip(" ")
                    shift = len(pad) + 2
                    inner_pad = len(nested[0]) - len(first)
                    if inner_pad >= 1:
                        lines.append(pad + "- " + " " * max(0, inner_pad - shift) + first)
                        lines += nested[1:]
                        continue
                if head is None:
                    lines.append(prefix.rstrip(" \t") + eol)
                else:
                    lines.append(prefix + head + eol)
            else:
                key = self.y_key(used)
                if head is None:
                    lines.append(pad + key + ":" + eol)
                else:
                    lines.append(pad + key + ":" + self.pick([" ", " ", "  "]) + head + eol)
            lines += nested
        if self.chance(0.1):
            lines.append(" " * self.pick([indent, 0]) + self.y_comment())
        return lines

    def yaml(self):
        docs = []
        ndocs = 1 if self.chance(0.7) else self.rng.randint(2, 3)
        out = []
        if self.chance(0.05):
            out.append("%YAML 1.1")
            out.append("---")
        for d in range(ndocs):
            self.anchors, self.later = [], []
            if d > 0 or (self.chance(0.2) and not out):
                out.append(self.pick(["---", "---", "--- # doc", "--- !!map" if False else "---"]))
            if self.chance(0.15):
                out.append(self.y_comment())
            r = self.rng.random()
            if r < 0.08:
                out.append(self.y_flow(0, 0))
            elif r < 0.11:
                out.append(self.y_scalar())
            elif r < 0.13:
                pass  # an empty document
            else:
                kind = self.pick(["seq", "map", "map"])
                props = self.y_props(kind=kind)
                if props and self.chance(0.5):
                    if not out or out[-1] != "---":
                        out.append("--- " + " ".join(props))
                    else:
                        out[-1] = "--- " + " ".join(props)
                out += self.y_block(kind, 0, 0)
                self.y_release()
            if self.chance(0.1):
                out.append("...")
        docs = out
        return self.finish("\n".join(docs), yaml_like=True)

    def finish(self, text, yaml_like=False, lone_cr=True):
        if self.chance(0.85):
            text += "\n"
        r = self.rng.random()
        if r < 0.15:
            text = text.replace("\n", "\r\n")
        elif r < 0.2 and lone_cr:
            text = text.replace("\n", "\r")
        elif r < 0.27:
            lines = text.split("\n")
            text = "".join(line + self.pick(["\n", "\r\n"] + (["\r"] if lone_cr else [])) for line in lines[:-1]) + lines[-1]
        if self.chance(0.07):
            text = "\ufeff" + text
        if self.chance(0.01):
            text = ""
        return text.encode("utf-8")

    # ---------------------------------------------------------- TOML

    def t_key(self, used):
        for _ in range(20):
            r = self.rng.random()
            if r < 0.75:
                key = self.pick(["name", "version", "deps", "a", "b", "c", "x-y", "z_1", "serde", "tokio", "dev"])
                key += "" if self.chance(0.5) else str(self.rng.randint(0, 9))
            elif r < 0.9:
                key = '"' + self.pick(["a b", "c.d", "é", "k"]) + str(self.rng.randint(0, 9)) + '"'
            else:
                key = "'" + self.pick(["lit", "x y"]) + str(self.rng.randint(0, 9)) + "'"
            bare = key.strip("'\"")
            if bare not in used:
                used.add(bare)
                return key
        self.counter += 1
        return "k%d" % self.counter

    def t_scalar(self):
        return self.pick(['"str"', "'lit'", '"a # b"', '"esc\\t\\u00e9"', "1", "-7", "1_000", "0xff", "3.14",
                          "1e5", "true", "false", "1979-05-27", "1979-05-27T07:32:00Z", "07:32:00", "inf", "nan",
                          '"""multi\nline"""', "'''raw\n'''", '""', "+0.0"])

    def t_value(self, depth=0, indent=""):
        r = self.rng.random()
        if depth > 2 or r < 0.45:
            return self.t_scalar()
        if r < 0.8:
            n = self.rng.randint(0, 4)
            items = [self.t_value(depth + 1) for _ in range(n)]
            if self.chance(0.4) and items:
                parts = []
                for i, item in enumerate(items):
                    if self.chance(0.15):
                        parts.append(indent + "  # comment")
                    sep = "," if i < len(items) - 1 or self.chance(0.4) else ""
                    parts.append(indent + "  " + item + sep + (" # c" if self.chance(0.2) else ""))
                if self.chance(0.1):
                    parts.append(indent + "  # last")
                return "[" + ("  # open" if self.chance(0.1) else "") + "\n" + "\n".join(parts) + "\n" + indent + "]"
            body = self.pick([", ", ","]).join(items)
            if items and self.chance(0.15):
                body += ","
            sp = self.pick(["", " "])
            return "[" + sp + body + sp + "]"
        used = set()
        n = self.rng.randint(0, 3)
        members = []
        for _ in range(n):
            key = self.t_key(used)
            if self.chance(0.15):
                key += "." + self.t_key(set())
            members.append(key + " = " + self.t_value(depth + 2))
        if not members:
            return "{}"
        return "{ " + ", ".join(members) + " }"

    def t_lines(self, used, n):
        lines = []
        dotted = None
        for _ in range(n):
            if self.chance(0.15):
                lines.append(self.pick(["# comment", "  # indented", "#"]))
            if self.chance(0.08):
                lines.append("")
            if self.chance(0.2):
                if dotted is None or self.chance(0.3):
                    dotted = self.t_key(used)
                key = dotted + self.pick([".", " . "]) + self.t_key(set())
            else:
                key = self.t_key(used)
            eol = " # end" if self.chance(0.12) else ""
            lines.append(self.pick(["", "", "  "]) + key + self.pick([" = ", "=", "  =  "]) + self.t_value() + eol)
        return lines

    def toml(self):
        out = []
        used_root = set()
        out += self.t_lines(used_root, self.rng.randint(0, 4))
        tables = []
        for _ in range(self.rng.randint(0, 4)):
            r = self.rng.random()
            if self.chance(0.15):
                out.append(self.pick(["# section", ""]))
            if r < 0.45:
                name = self.t_key(used_root)
                if tables and self.chance(0.3):
                    name = self.pick(tables) + "." + name
                tables.append(name)
                out.append("[" + name + "]" + (" # table" if self.chance(0.1) else ""))
                out += self.t_lines(set(), self.rng.randint(0, 4))
            else:
                name = self.t_key(used_root) if not tables or self.chance(0.6) else self.pick(tables) + "." + self.t_key(set())
                for _ in range(self.rng.randint(1, 3)):
                    out.append("[[" + name + "]]")
                    out += self.t_lines(set(), self.rng.randint(0, 3))
                    if self.chance(0.25):
                        out.append("[" + name + "." + self.t_key(set()) + "]")
                        out += self.t_lines(set(), self.rng.randint(1, 2))
        return self.finish("\n".join(out), lone_cr=self.chance(0.1))

    # ---------------------------------------------------------- JSONC

    def j_comment(self):
        if self.chance(0.5):
            return "//" + self.pick(["", " note", " ]", " ,", " /* x */", " \"q\""]) + "\n"
        return self.pick(["/* c */", "/**/", "/* multi\nline */", "/* , ] */"])

    def j_ws(self, indent):
        r = self.rng.random()
        if r < 0.5:
            return ""
        if r < 0.7:
            return " "
        if r < 0.85:
            return "\n" + indent
        return " " + self.j_comment() + (indent if self.chance(0.5) else "")

    def j_value(self, depth, indent=""):
        r = self.rng.random()
        if depth > 3 or r < 0.45:
            return self.pick(['"s"', '"a,b"', '"//x"', '"/*y*/"', '"\\u00e9\\n"', "1", "-0", "1.5e3", "true",
                              "false", "null", '""', '"\\"q\\""', "12345678901234567890"])
        kind = self.pick(["[", "{"])
        n = self.rng.randint(0, 4)
        inner = indent + "  "
        multiline = self.chance(0.6)
        parts = []
        used = set()
        for i in range(n):
            lead = ""
            if self.chance(0.2):
                lead = self.j_comment()
                if multiline and not lead.endswith("\n"):
                    lead += "\n"
                lead += inner if multiline else ""
            value = self.j_value(depth + 1, inner)
            if kind == "{":
                key = self.pick(["a", "b", "c", "name", "x y", "k/1", "t~"]) + str(self.rng.randint(0, 9))
                if key in used and not self.chance(0.05):
                    key += "_"
                used.add(key)
                value = json.dumps(key) + self.pick([": ", ":", " : "]) + value
            parts.append(lead + value)
        out = kind
        if self.chance(0.1):
            out += " " + self.j_comment()
        if multiline and parts:
            out += "\n" + inner
        for i, part in enumerate(parts):
            out += part
            if i < len(parts) - 1:
                out += "," + self.j_ws(inner) if not multiline else self.pick([",", ", "]) + (
                    (" " + self.j_comment().rstrip("\n")) if self.chance(0.15) else "") + "\n" + inner
            elif self.chance(0.25):
                out += ","
            if i == len(parts) - 1 and self.chance(0.1):
                out += " " + self.j_comment()
        if multiline and parts:
            out += "\n" + indent
        elif not parts and self.chance(0.2):
            out += " "
        close = "]" if kind == "[" else "}"
        return out + close

    def jsonc(self):
        text = self.j_value(0)
        while not text.startswith(("[", "{")) and self.chance(0.9):
            text = self.j_value(0)
        if self.chance(0.15):
            text = self.j_comment() + text
        if self.chance(0.1):
            text += " " + self.j_comment()
        return self.finish(text)


# ------------------------------------------------------------- mutations

SNIPPETS = {
    "yaml": [b"#", b" #", b"# c\n", b"\r", b"\r\n", b"\t", b"\xef\xbb\xbf", b"'", b'"', b" ", b"\n", b":", b"- ",
             b",", b"[", b"]", b"{", b"}", b"&a ", b"*a", b"|", b">-", b"---\n", b"...\n", b"!!str ", b"? "],
    "toml": [b"#", b" # c", b"\r\n", b"\r", b"\t", b"\xef\xbb\xbf", b"'", b'"', b" ", b"\n", b"=", b".", b",",
             b"[", b"]", b"{", b"}", b"[[a]]\n", b"[t]\n", b"a.b = 1\n", b'"""', b"x = 1\n"],
    "jsonc": [b"//", b"// c\n", b"/*", b"*/", b"/* c */", b"\r", b"\r\n", b"\t", b"\xef\xbb\xbf", b'"', b" ",
              b"\n", b":", b",", b"[", b"]", b"{", b"}", b"1", b"null", b'"k": 1,'],
}


def mutate(rng, data, fmt, count):
    for _ in range(count):
        r = rng.random()
        lines = data.split(b"\n")
        if r < 0.35 and data:
            i = rng.randrange(len(data) + 1)
            data = data[:i] + rng.choice(SNIPPETS[fmt]) + data[i:]
        elif r < 0.5 and data:
            i = rng.randrange(len(data))
            data = data[:i] + data[i + rng.randint(1, 3):]
        elif r < 0.6 and len(lines) > 1:
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            data = b"\n".join(lines)
        elif r < 0.7 and len(lines) > 1:
            del lines[rng.randrange(len(lines))]
            data = b"\n".join(lines)
        elif r < 0.8 and len(lines) > 1:
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif r < 0.9 and lines:
            i = rng.randrange(len(lines))
            comment = {"yaml": b"#", "toml": b"#", "jsonc": b"//"}[fmt]
            indent = re.match(rb"[ \t]*", lines[i]).group(0)
            lines.insert(i, indent[:rng.randint(0, len(indent))] + comment + b" m")
            data = b"\n".join(lines)
        elif lines:
            i = rng.randrange(len(lines))
            if rng.random() < 0.5:
                lines[i] = b" " * rng.randint(1, 2) + lines[i]
            else:
                lines[i] = lines[i][1:] if lines[i][:1] in (b" ", b"\t") else lines[i]
            data = b"\n".join(lines)
    return data


def corpus_files(dirs):
    files = {"yaml": [], "toml": [], "jsonc": []}
    for base in dirs:
        if not os.path.isdir(base):
            continue
        for dirpath, _, names in os.walk(base):
            for name in sorted(names):
                path = os.path.join(dirpath, name)
                lower = name.lower()
                try:
                    if os.path.getsize(path) > 16384:
                        continue
                except OSError:
                    continue
                if lower.endswith((".yaml", ".yml")):
                    files["yaml"].append(path)
                elif lower.endswith(".toml"):
                    files["toml"].append(path)
                elif lower.endswith((".json", ".jsonc")):
                    files["jsonc"].append(path)
    for fmt in files:
        files[fmt].sort()
    return files


# -------------------------------------------------------------- commands

YAML_VALUES = ["new", '"quoted"', "'single'", "42", "{a: 1}", "[1, 2]", "null", '"a # b"', "-1.5", "[]", "{}",
               "ü", '"x: y"', "'it''s'", "!!str 5"]
TOML_VALUES = ['"new"', "'lit'", "42", "[1, 2]", "{ a = 1 }", "true", "1979-05-27", '"a # b"', "[]", "{}", "-1.5"]
JSON_VALUES = ['"new"', "42", "[1, 2]", '{"a": 1}', "null", "true", '"a // b"', '"/* c */"', "[]", "{}", "-1.5e3"]
STRINGS = ["plain", "with space", "a # b", "x: y", "quote\"s", "back\\slash", "ü日本", "-dash", "[x]", "{y}",
           "it's", "", "tab\there", "123", "true", "null", "//c", "/*c*/"]


def new_member(rng, fmt, existing):
    for _ in range(50):
        key = rng.choice(["fresh", "new-key", "zz", "a b", "k9", "Ω", "0"]) + str(rng.randint(0, 999))
        if key not in existing:
            break
    if fmt == "yaml":
        k = key if re.fullmatch(r"[A-Za-z0-9_-]+", key) and not key.isdigit() else json.dumps(key)
        return k + ": " + rng.choice(YAML_VALUES)
    if fmt == "toml":
        k = key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)
        return k + " = " + rng.choice(TOML_VALUES)
    return json.dumps(key) + ": " + rng.choice(JSON_VALUES)


def new_value(rng, fmt, kind, existing_keys):
    if kind == "map":
        return new_member(rng, fmt, existing_keys)
    return rng.choice({"yaml": YAML_VALUES, "toml": TOML_VALUES, "jsonc": JSON_VALUES}[fmt])


def parse_value(fmt, kind, text, string=False):
    """The loaded form of an inserted VALUE: an item, or a [key, value] pair."""
    if string:
        return text
    if fmt == "yaml":
        v = canon(yaml.safe_load(text) if kind != "map" else yaml.safe_load("{" + text + "}"))
    elif fmt == "toml":
        v = canon(tomllib.loads("v = " + text)["v"] if kind != "map" else tomllib.loads(text), ordered=False)
    else:
        v = canon(json.loads(text, object_pairs_hook=PairList) if kind != "map"
                  else json.loads("{" + text + "}", object_pairs_hook=PairList))
    if kind == "map":
        return list(v[1][0])
    return v


def index_arg(rng, i, n, dest=False):
    """i as given on the command line: sometimes from the end."""
    size = n + 1 if dest else n
    if rng.random() < 0.2 and size:
        return str(i - size)
    return str(i)


class Op:
    """A command and its expected effect on the list's items."""

    def __init__(self, name, argv, stdin=None):
        self.name = name
        self.argv = argv
        self.expect = None   # function(items) -> items, or "permutation"
        self.noop = False
        self.reverse = name == "reverse"

    def __repr__(self):
        return " ".join(shlex.quote(a) for a in self.argv)


def random_op(rng, fmt, kind, items, existing_keys, aot=False):
    n = len(items)
    choices = ["move", "move", "swap", "insert", "delete", "sort", "reverse", "reverse", "batch", "sequential",
               "noop"]
    name = rng.choice(choices)
    if n == 0 and name in ("move", "swap", "delete", "noop"):
        name = rng.choice(["insert", "reverse", "sort"])
    if aot and name in ("insert", "batch", "sequential"):
        name = rng.choice(["move", "swap", "reverse"]) if n else "reverse"
    if name == "move":
        f, t = rng.randrange(n), rng.randrange(n)
        op = Op("move", ["move", index_arg(rng, f, n), index_arg(rng, t, n - 1, dest=True)])
        op.expect = lambda xs, f=f, t=t: (lambda ys: ys[:t] + [xs[f]] + ys[t:])(xs[:f] + xs[f + 1:])
        op.noop = f == t
        return op
    if name == "noop":
        i = rng.randrange(n)
        op = Op(rng.choice(["move", "swap"]), [])
        op.argv = [op.name, str(i), str(i)]
        op.expect = lambda xs: list(xs)
        op.noop = True
        return op
    if name == "swap":
        i, j = rng.randrange(n), rng.randrange(n)
        op = Op("swap", ["swap", index_arg(rng, i, n), index_arg(rng, j, n)])

        def swap(xs, i=i, j=j):
            ys = list(xs)
            ys[i], ys[j] = ys[j], ys[i]
            return ys
        op.expect = swap
        op.noop = i == j
        return op
    if name == "insert":
        at = rng.randrange(n + 1)
        string = kind == "seq" and rng.random() < 0.3
        value = rng.choice(STRINGS) if string else new_value(rng, fmt, kind, existing_keys)
        argv = ["insert", index_arg(rng, at, n, dest=True)] + (["--string"] if string else []) + ["--", value]
        op = Op("insert", argv)
        item = parse_value(fmt, kind, value, string)
        op.expect = lambda xs, at=at, item=item: xs[:at] + [item] + xs[at:]
        return op
    if name == "delete":
        i = rng.randrange(n)
        op = Op("delete", ["delete", index_arg(rng, i, n)])
        op.expect = lambda xs, i=i: xs[:i] + xs[i + 1:]
        return op
    if name == "sort":
        op = Op("sort", ["sort"])
        keys = [x[0] if kind == "map" else x for x in items]
        if all(isinstance(k, str) for k in keys) and fmt != "yaml":
            op.expect = lambda xs: sorted(xs, key=lambda x: x[0] if kind == "map" else x)
        else:
            op.expect = "permutation"
        return op
    if name == "reverse":
        op = Op("reverse", ["reverse"])
        op.expect = lambda xs: xs[::-1]
        return op
    if name == "batch":
        return random_batch(rng, fmt, kind, items, existing_keys)
    return random_sequential(rng, fmt, kind, items, existing_keys)


def random_batch(rng, fmt, kind, items, existing_keys):
    """A valid batch under UIKit's rules: sources in the old list,
    destinations in the new one; untouched items fill the free places."""
    n = len(items)
    free_sources = list(range(n))
    rng.shuffle(free_sources)
    ops = []
    keys = set(existing_keys)
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.25 and free_sources:
            ops.append(["delete", free_sources.pop()])
        elif r < 0.55 and free_sources:
            ops.append(["move", free_sources.pop(), None])
        elif r < 0.65 and len(free_sources) >= 2:
            ops.append(["swap", free_sources.pop(), free_sources.pop()])
        elif r < 0.75 and free_sources and kind == "seq":
            value = new_value(rng, fmt, kind, keys)
            ops.append(["replace", free_sources.pop(), value])
        else:
            value = new_value(rng, fmt, kind, keys)
            if kind == "map":
                keys.add(parse_value(fmt, kind, value)[0])
            ops.append(["insert", None, value])
    deletes = sum(1 for o in ops if o[0] == "delete")
    inserts = sum(1 for o in ops if o[0] == "insert")
    m = n - deletes + inserts
    claimed = set()
    for o in ops:
        if o[0] == "swap":
            i, j = o[1], o[2]
            if i in claimed or j in claimed or i >= m or j >= m:
                o[0] = "drop"
            else:
                claimed |= {i, j}
    free_dest = [d for d in range(m) if d not in claimed]
    rng.shuffle(free_dest)
    for o in ops:
        if o[0] == "move":
            o[2] = free_dest.pop()
        elif o[0] == "insert":
            o[1] = free_dest.pop()
    ops = [o for o in ops if o[0] != "drop"]
    if not ops:
        op = Op("reverse", ["reverse"])
        op.expect = lambda xs: xs[::-1]
        return op
    argv = ["batch"]
    for o in ops:
        argv += ["-e", " ".join(str(x) for x in o)]

    def expect(xs, ops=ops, m=m):
        out = [None] * m
        used = set()
        replaced = {}
        for o in ops:
            if o[0] == "delete":
                used.add(o[1])
            elif o[0] == "move":
                used.add(o[1])
                out[o[2]] = xs[o[1]]
            elif o[0] == "swap":
                used |= {o[1], o[2]}
                out[o[2]] = xs[o[1]]
                out[o[1]] = xs[o[2]]
            elif o[0] == "insert":
                out[o[1]] = ("new", parse_value(fmt, kind, o[2]))
            elif o[0] == "replace":
                replaced[o[1]] = parse_value(fmt, kind, o[2])
        rest = [replaced.get(i, xs[i]) for i in range(len(xs)) if i not in used]
        for d in range(m):
            if out[d] is None:
                out[d] = rest.pop(0)
            elif isinstance(out[d], tuple) and out[d][:1] == ("new",):
                out[d] = out[d][1]
        return out
    op = Op("batch", argv)
    op.expect = expect
    op.ops = [" ".join(str(x) for x in o) for o in ops]
    return op


def random_sequential(rng, fmt, kind, items, existing_keys):
    ops = []
    length = len(items)
    keys = set(existing_keys)
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.35 and length:
            ops.append(("move", rng.randrange(length), rng.randrange(length)))
        elif r < 0.5 and length:
            ops.append(("swap", rng.randrange(length), rng.randrange(length)))
        elif r < 0.65 and length:
            ops.append(("delete", rng.randrange(length)))
            length -= 1
        elif r < 0.72 and length and kind == "seq":
            ops.append(("replace", rng.randrange(length), new_value(rng, fmt, kind, keys)))
        else:
            value = new_value(rng, fmt, kind, keys)
            if kind == "map":
                keys.add(parse_value(fmt, kind, value)[0])
            ops.append(("insert", rng.randrange(length + 1), value))
            length += 1
    argv = ["batch", "--sequential"]
    for o in ops:
        argv += ["-e", " ".join(str(x) for x in o)]

    def expect(xs, ops=ops):
        ys = list(xs)
        for o in ops:
            if o[0] == "move":
                item = ys.pop(o[1])
                ys.insert(o[2], item)
            elif o[0] == "swap":
                ys[o[1]], ys[o[2]] = ys[o[2]], ys[o[1]]
            elif o[0] == "delete":
                del ys[o[1]]
            elif o[0] == "replace":
                ys[o[1]] = parse_value(fmt, kind, o[2])
            else:
                ys.insert(o[1], parse_value(fmt, kind, o[2]))
        return ys
    op = Op("batch", argv)
    op.expect = expect
    return op


# ------------------------------------------------------------------ runs

class Finding:
    def __init__(self, kind, fmt, data, argv, expected, got, detail=""):
        self.kind = kind
        self.fmt = fmt
        self.data = data
        self.argv = argv
        self.expected = expected
        self.got = got
        self.detail = detail
        self.known = None


def line_breaks(data):
    return data.count(b"\n") + len(re.findall(rb"\r(?!\n)", data))


def run_reorder(reorder, argv, path, extra=()):
    try:
        proc = subprocess.run([reorder, "-o", "-"] + argv + list(extra) + [path], capture_output=True,
                              timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None
    return proc


def refusal_problem(proc):
    """None when exit 2 came with a `reorder:` message."""
    err = proc.stderr.decode("utf-8", "replace")
    if not err.startswith("reorder: "):
        return "exit 2 without a 'reorder:' message: %r" % err[:200]
    return None


def load(fmt, data):
    try:
        if fmt == "yaml":
            return load_yaml(data)
        if fmt == "toml":
            return [canon(load_toml(data), ordered=False)]
        return [canon(load_jsonc(data))]
    except RecursionError:
        raise Unjudgeable("nested too deep for the judge")


class Case:
    """One document, judged: its loaded data, and a random command on it."""

    def __init__(self, fuzzer, fmt, data):
        self.fuzzer = fuzzer
        self.fmt = fmt
        self.data = data

    def judge(self, rng, plan=None):
        """Returns ("pass"|"skip"|"refused", [findings], plan). plan fixes the
        command, so that a reduced input is judged by the same one."""
        fz, fmt, data = self.fuzzer, self.fmt, self.data
        path = os.path.join(fz.tmp, "case." + EXTENSIONS[fmt])
        with open(path, "wb") as f:
            f.write(data)
        try:
            docs = load(fmt, data)
        except Unjudgeable:
            return "disagree", [], plan
        except Invalid as error:
            argv = plan["argv"] if plan else ["--format", fmt, rng.choice(["reverse", "sort", "move", "delete"])]
            if not plan:
                if argv[-1] == "move":
                    argv += ["0", "-1"]
                elif argv[-1] == "delete":
                    argv += ["0"]
                plan = {"argv": argv, "invalid": True}
            proc = run_reorder(fz.reorder, argv, path)
            status, findings, plan = self.check_refusal(proc, argv, expected="a refusal (" + str(error)[:120] + ")",
                                                        plan=plan, invalid=True)
            return ("rejected" if status == "refused" else status), findings, plan
        if plan and plan.get("invalid"):
            return "skip", [], plan
        # The document and the list.
        if plan:
            doc_index, pointer = plan["doc"], plan["pointer"]
            if doc_index >= len(docs):
                return "skip", [], plan
        else:
            if not docs:
                return "skip", [], plan
            doc_index = rng.randrange(len(docs))
            targets = list_targets(docs[doc_index])
            if not targets:
                return "skip", [], plan
            pointer = rng.choice(targets)
        try:
            node = resolve(docs[doc_index], pointer)
        except (StopIteration, IndexError, TypeError, KeyError):
            return "skip", [], plan
        if not (isinstance(node, list) and node and node[0] in ("seq", "map")):
            return "skip", [], plan
        kind = node[0]
        headers = set()
        if fmt == "toml":
            raw = load_toml(data)
            table = raw
            for token in pointer:
                table = table[token]
            if isinstance(table, dict):
                text = data.decode("utf-8", "replace").lstrip("\ufeff")
                model = toml_table_items(text, table, [t for t in pointer])
                if model is None:
                    return "skip", [], plan
                order, headers = model
                pairs = {k: v for k, v in node[1]}
                items = [[k, pairs[k]] for k in order]
            else:
                items = list(node[1])
        else:
            items = list(node[1])
        aot = fmt == "toml" and kind == "seq" and items and all(isinstance(x, list) and x[0] == "map" for x in items) \
            and self._is_aot(pointer)
        existing = {k for k, _ in items} if kind == "map" else set()
        if kind == "map":
            existing |= set(headers)
        if plan:
            op = plan["op"]
        else:
            try:
                op = random_op(rng, fmt, kind, items, existing, aot=aot)
            except Exception:
                return "skip", [], plan
        argv = ["--format", fmt]
        if pointer:
            argv += ["-p", "/" + "/".join(pointer_token(str(t)) for t in pointer)]
        if fmt == "yaml" and (len(docs) > 1 or (plan or {}).get("docflag", rng.random() < 0.1)):
            argv += ["--document", str(doc_index if rng.random() < 0.7 or plan else doc_index - len(docs))]
        argv += list(op.argv)
        plan = plan or {"argv": argv, "op": op, "doc": doc_index, "pointer": pointer,
                        "diff": rng.random() < fz.diff_rate, "diff-sequential": rng.random() < 0.3}
        argv = plan["argv"]
        # Expected data.
        expected_items = op.expect(items) if op.expect != "permutation" else None

        def expected_docs():
            if expected_items is None:
                return None
            return self.rebuild(docs, doc_index, pointer, kind, expected_items, headers)

        proc = run_reorder(fz.reorder, argv, path)
        if proc is None or proc.returncode != 0:
            return self.check_refusal(proc, argv, expected="the edit", plan=plan)
        out = proc.stdout
        findings = []
        want = expected_docs()
        try:
            got = load(fmt, out)
        except Invalid as error:
            return "fail", [Finding("output-invalid", fmt, data, argv, "a valid document", out,
                                    str(error))], plan
        except Unjudgeable as error:
            # The parsers read the input alike, but not the result.
            return "fail", [Finding("output-unjudgeable", fmt, data, argv, "a document both parsers read alike",
                                    out, str(error))], plan
        if fmt == "yaml" and len(got) != len(docs):
            return "fail", [Finding("wrong-data", fmt, data, argv, want, got, "the number of documents changed")], plan
        if want is None:
            # sort of values we cannot order: the same items, in some order.
            try:
                node2 = resolve(got[doc_index], pointer)
                same = node2[0] == kind and sorted(map(repr, node2[1])) == sorted(map(repr, items))
                rebuilt = self.rebuild(docs, doc_index, pointer, kind, node2[1] if fmt != "toml" or kind != "map"
                                       else self._toml_items(node2, headers), headers)
                ok = same and self.norm(rebuilt) == self.norm(got)
            except Exception:
                ok = False
            if not ok:
                findings.append(Finding("wrong-data", fmt, data, argv, docs, got, "expected: any order of the items"))
        elif self.norm(want) != self.norm(got):
            findings.append(Finding("wrong-data", fmt, data, argv, want, got))
        if not findings and op.noop and out != data:
            findings.append(Finding("noop-changed-bytes", fmt, data, argv, data, out))
        if not findings and op.reverse:
            path2 = os.path.join(fz.tmp, "again." + EXTENSIONS[fmt])
            with open(path2, "wb") as f:
                f.write(out)
            proc2 = run_reorder(fz.reorder, argv, path2)
            if proc2 is None or proc2.returncode not in (0, 2):
                findings.append(Finding("crash", fmt, out, argv, "exit 0 or 2", self._status(proc2)))
            elif proc2.returncode == 2:
                findings.append(Finding("reverse-twice-refused", fmt, data, argv, data,
                                        proc2.stderr.decode("utf-8", "replace").strip()))
            elif proc2.stdout != data and line_breaks(out) > line_breaks(data):
                # The first result needed a new line break (after a `//`
                # comment, say): only the data must come back.
                try:
                    if self.norm(load(fmt, proc2.stdout)) != self.norm(docs):
                        findings.append(Finding("reverse-twice-data", fmt, data, argv, data, proc2.stdout))
                except (Invalid, Unjudgeable):
                    findings.append(Finding("reverse-twice-data", fmt, data, argv, data, proc2.stdout))
            elif proc2.stdout != data:
                try:
                    same_data = self.norm(load(fmt, proc2.stdout)) == self.norm(docs)
                except (Invalid, Unjudgeable):
                    same_data = False
                findings.append(Finding("reverse-twice-bytes" if same_data else "reverse-twice-data", fmt, data,
                                        argv, data, proc2.stdout))
        if not findings and out != data and plan["diff"]:
            findings += self.check_diff(argv, path, out, got, plan, rng)
        return ("fail" if findings else "pass"), findings, plan

    def _is_aot(self, pointer):
        text = self.data.decode("utf-8", "replace")
        for _, array, _, plain in toml_sections(text):
            if array and plain == tuple(t for t in pointer if not isinstance(t, int)):
                return True
        return False

    def _toml_items(self, node, headers):
        return [p for p in node[1] if p[0] not in headers]

    def rebuild(self, docs, doc_index, pointer, kind, items, headers):
        node = resolve(docs[doc_index], pointer)
        if self.fmt == "toml" and kind == "map":
            head = [p for p in node[1] if p[0] in headers]
            new = ["map", list(items) + head]
        else:
            new = [kind, list(items)]
        if self.fmt == "yaml":
            # An alias repeats the anchored list: the edit shows there too.
            raw = load_pyyaml(self.data)
            target = raw[doc_index]
            for token in pointer:
                target = target[token]
            return [canon(d, subst={id(target): new}) for d in raw]
        out = list(docs)
        out[doc_index] = replace_at(docs[doc_index], pointer, new)
        return out

    def norm(self, docs):
        if self.fmt != "toml":
            return docs
        return [self._sorted(d) for d in docs]

    def _sorted(self, node):
        if isinstance(node, list) and node and node[0] == "map":
            return ["map", sorted(([k, self._sorted(v)] for k, v in node[1]), key=repr)]
        if isinstance(node, list) and node and node[0] == "seq":
            return ["seq", [self._sorted(v) for v in node[1]]]
        return node

    def _status(self, proc):
        if proc is None:
            return "no exit within %ds" % TIMEOUT
        return "exit %d: %s" % (proc.returncode, proc.stderr.decode("utf-8", "replace").strip()[:300])

    def check_refusal(self, proc, argv, expected, plan, invalid=False):
        if proc is None:
            return "fail", [Finding("hang", self.fmt, self.data, argv, "an exit", "no exit within %ds" % TIMEOUT)], plan
        if proc.returncode == 2:
            problem = refusal_problem(proc)
            if problem:
                return "fail", [Finding("refusal-without-message", self.fmt, self.data, argv, "a message", problem)], plan
            message = proc.stderr.decode("utf-8", "replace").strip().split("\n")[0]
            message = re.sub(r"^reorder: [^:]*(:\d+:\d+)?: ", "", message)
            if not self.fuzzer.reducing:
                self.fuzzer.reasons[(self.fmt, invalid, re.sub(r"'[^']*'|\d+", "_", message)[:70])] += 1
            if self.fuzzer.show_refusals and not self.fuzzer.reducing and not invalid and re.search(self.fuzzer.show_refusals, message):
                print("refused: %s: %s %s" % (message, " ".join(shlex.quote(a) for a in argv), printf_bytes(self.data)))
            return "refused", [], plan
        if proc.returncode == 0 and invalid:
            return "fail", [Finding("accepted-invalid", self.fmt, self.data, argv, expected, proc.stdout)], plan
        return "fail", [Finding("crash", self.fmt, self.data, argv, "exit 0 or 2", self._status(proc))], plan

    def check_diff(self, argv, path, out, got, plan, rng):
        """diff INPUT RESULT | batch -f - INPUT must give RESULT's data."""
        fz, fmt = self.fuzzer, self.fmt
        new_path = os.path.join(fz.tmp, "new." + EXTENSIONS[fmt])
        with open(new_path, "wb") as f:
            f.write(out)
        options = [a for a in self._options(argv)]
        sequential = plan["diff-sequential"]
        diff_argv = ["diff"] + (["--sequential"] if sequential else []) + options + [path, new_path]
        try:
            proc = subprocess.run([fz.reorder] + diff_argv, capture_output=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return [Finding("hang", fmt, self.data, diff_argv, "an exit", "diff did not exit")]
        if proc.returncode == 2:
            problem = refusal_problem(proc)
            return [Finding("refusal-without-message", fmt, self.data, diff_argv, "a message", problem)] if problem else []
        if proc.returncode not in (0, 1):
            return [Finding("crash", fmt, self.data, diff_argv, "exit 0, 1 or 2", self._status(proc))]
        script = os.path.join(fz.tmp, "script")
        with open(script, "wb") as f:
            f.write(proc.stdout)
        batch_argv = ["batch"] + (["--sequential"] if sequential else []) + ["-f", script] + options
        proc2 = run_reorder(fz.reorder, batch_argv, path)
        command = diff_argv + ["|"] + batch_argv
        detail = "script: " + proc.stdout.decode("utf-8", "replace").replace("\n", "; ")[:300]
        if proc2 is None or proc2.returncode not in (0, 2):
            return [Finding("crash", fmt, self.data, command, "exit 0", self._status(proc2), detail)]
        if proc2.returncode == 2:
            return [Finding("diff-batch-refused", fmt, self.data, command, out,
                            proc2.stderr.decode("utf-8", "replace").strip(), detail)]
        try:
            result = load(fmt, proc2.stdout)
        except (Invalid, Unjudgeable) as error:
            return [Finding("diff-batch-wrong", fmt, self.data, command, got, proc2.stdout, str(error))]
        if self.norm(result) != self.norm(got):
            return [Finding("diff-batch-wrong", fmt, self.data, command, got, result, detail)]
        return []

    @staticmethod
    def _options(argv):
        out = []
        i = 0
        while i < len(argv):
            if argv[i] in ("--format", "-p", "--document"):
                out += argv[i:i + 2]
                i += 2
            else:
                i += 1
        return out


# ------------------------------------------------------------- the KNOWN table
#
# Findings already reported, each matched by a predicate over the finding
# (its class, format, input bytes, command and output) precise enough that a
# new kind of failure does not hide behind it.

def _has(pattern, data):
    return re.search(pattern, data) is not None


def _jsonc_blanks_after_line_comment(f):
    # blanks a position had at the end of its line (`"a": 1, ⏎`) follow a
    # `//` comment moved there and become part of it: reversed twice, the
    # same data, with those blanks at another line's end
    if f.fmt != "jsonc" or f.kind != "reverse-twice-bytes" or not isinstance(f.got, bytes):
        return False
    if not _has(rb"//", f.data):
        return False
    strip = lambda b: re.sub(rb"[ \t]+(?=\r?\n)", b"", b)
    return strip(f.data) == strip(f.got)


def _diff_names_the_refused_of_equal_items(f):
    # Of two equal entries, `diff` names one to delete or move, and `batch`
    # refuses that one where its block scalar would lose a blank line it
    # reads (an edit of the other equal entry gave the same data)
    return f.kind == "diff-batch-refused" and isinstance(f.got, str) \
        and "which this block scalar reads as its text" in f.got


KNOWN = [
    # The YAML classes found first (block scalars at the end of a file and
    # comments falling into them, `#` after `[`, emptied collections with
    # properties, collection keys in flow pairs, `[ ]` rewritten) and the
    # TOML and JSONC ones are fixed: any of them again is a finding.
    ("jsonc-blanks-after-line-comment", "blanks at a line's end after a moved // comment become part of it",
     _jsonc_blanks_after_line_comment),
    ("diff-names-the-refused-of-equal-items", "diff names the one of two equal entries whose edit batch refuses",
     _diff_names_the_refused_of_equal_items),
]


def classify(finding):
    for name, _, predicate in KNOWN:
        try:
            if predicate(finding):
                return name
        except Exception:
            continue
    return None


# ------------------------------------------------------------- reduction

def reduce_case(fuzzer, finding, plan, budget=300):
    """A smaller input that gives a finding of the same class and known-ness
    with the same command (lines, then bytes, deleted while it still does)."""
    data = finding.data
    rng = random.Random(0)

    def still(candidate):
        nonlocal budget
        if budget <= 0:
            return None
        budget -= 1
        try:
            status, findings, _ = Case(fuzzer, finding.fmt, candidate).judge(random.Random(0), plan)
        except Exception:
            return None
        for f in findings:
            if f.kind == finding.kind and classify(f) == finding.known:
                return f
        return None

    best = finding
    for unit in ("line", "byte"):
        chunk = None
        while budget > 0:
            if unit == "line":
                parts = re.split(rb"(?<=\n)|(?<=\r)(?!\n)", data)
                parts = [p for p in parts if p]
            else:
                parts = [data[i:i + 1] for i in range(len(data))]
            if chunk is None:
                chunk = max(1, len(parts) // 2)
            progress = False
            i = 0
            while i < len(parts) and budget > 0:
                candidate = b"".join(parts[:i] + parts[i + chunk:])
                if candidate != data:
                    f = still(candidate)
                    if f is not None:
                        data, best, parts = candidate, f, parts[:i] + parts[i + chunk:]
                        progress = True
                        continue
                i += chunk
            if not progress:
                if chunk == 1:
                    break
                chunk = max(1, chunk // 2)
    best.known = finding.known
    return best


# ------------------------------------------------------------------ main

class Fuzzer:
    def __init__(self, args):
        self.reorder = os.path.abspath(args.reorder)
        self.tmp = tempfile.mkdtemp(prefix="reorder-fuzz-formats.")
        self.diff_rate = 0.3
        self.corpus = corpus_files(args.corpus)
        self.reasons = collections.Counter()
        self.shapes = collections.Counter()
        self.show_refusals = args.show_refusals
        self.reducing = False


def describe(f):
    tmp = tempfile.gettempdir()
    return "reorder " + " ".join(shlex.quote(os.path.basename(a) if a.startswith(tmp) else a) for a in f.argv)


def printf_bytes(data):
    out = []
    for b in data:
        c = chr(b)
        if c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif c == "\\":
            out.append("\\\\")
        elif c == "%":
            out.append("%%")
        elif c == "'":
            out.append("\\047")
        elif 32 <= b < 127:
            out.append(c)
        else:
            out.append("\\%03o" % b)
    return "printf " + ("-- " if data[:1] == b"-" else "") + "'" + "".join(out) + "'"


def show(value, limit=400):
    if isinstance(value, bytes):
        text = repr(value)
    else:
        text = json.dumps(value, ensure_ascii=False, default=str) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[:limit] + "…"


def keep(directory, index, f):
    name = "%s-%s-%s" % (f.known or f.kind, f.fmt, index)
    path = os.path.join(directory, name)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "input." + EXTENSIONS[f.fmt]), "wb") as out:
        out.write(f.data)
    argv = [a if not a.startswith(tempfile.gettempdir()) else os.path.basename(a) for a in f.argv]
    with open(os.path.join(path, "README"), "w") as out:
        out.write("class: %s%s\n" % (f.kind, " (known: %s)" % f.known if f.known else ""))
        out.write("input: %s > input.%s\n" % (printf_bytes(f.data), EXTENSIONS[f.fmt]))
        out.write("command: reorder %s -o - input.%s\n" % (" ".join(shlex.quote(a) for a in argv), EXTENSIONS[f.fmt]))
        out.write("expected: %s\n" % show(f.expected, 4000))
        out.write("got: %s\n" % show(f.got, 4000))
        if f.detail:
            out.write("detail: %s\n" % f.detail)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--format", default="all", choices=["yaml", "toml", "jsonc", "all"])
    parser.add_argument("--reorder", default=os.path.join(ROOT, ".build", "release", "reorder"))
    parser.add_argument("--corpus", nargs="*", default=None,
                        help="directories of files to mutate (default: ../shared/thirdparty's suites, if present)")
    parser.add_argument("--keep", help="save each finding that fails the run, reduced, in this directory")
    parser.add_argument("--keep-known", action="store_true", help="with --keep, save the tolerated findings too")
    parser.add_argument("--allow-accepted-invalid", action="store_true",
                        help="report accepted-invalid findings without failing the run")
    parser.add_argument("--no-known", action="store_true", help="fail on the KNOWN classes too")
    parser.add_argument("--reduce", type=int, default=3, help="findings reduced per class (with --keep)")
    parser.add_argument("--case", type=int, help="run only this case number (to reproduce one)")
    parser.add_argument("--reasons", action="store_true", help="count the refusals of valid input by reason")
    parser.add_argument("--show-refusals", metavar="REGEX", help="print each refusal of valid input whose message matches")
    parser.add_argument("--quiet", action="store_true", help="print only new findings and the summary")
    parser.add_argument("--layouts", action="store_true",
                        help="the layouts users write instead (layouts.py): every edit must succeed (yaml, toml, jsonc)")
    args = parser.parse_args()
    if args.layouts:
        return main_layouts(args)
    if args.corpus is None:
        shared = os.path.join(os.path.dirname(ROOT), "shared", "thirdparty")
        args.corpus = [os.path.join(shared, d) for d in
                       ("yaml-test-suite", "toml-test", "jsontestsuite", "realworld", "realworld-2")]
        args.corpus = [d for d in args.corpus if os.path.isdir(d)]
    if not os.access(args.reorder, os.X_OK):
        print("fuzz-formats: %s is not an executable (build it: swift build -c release)" % args.reorder)
        return 2
    fuzzer = Fuzzer(args)
    formats = ["yaml", "toml", "jsonc"] if args.format == "all" else [args.format]
    counts = collections.Counter()
    by_class = collections.Counter()
    reduced = collections.Counter()
    failed_new = failed_cases = 0
    start = time.time()
    try:
        cases = [args.case] if args.case is not None else range(args.cases)
        for index in cases:
            rng = random.Random("%d:%d" % (args.seed, index))
            fmt = formats[index % len(formats)]
            gen = Gen(rng)
            files = fuzzer.corpus[fmt]
            if files and rng.random() < 0.35:
                with open(rng.choice(files), "rb") as f:
                    data = f.read()
                data = mutate(rng, data, fmt, rng.randint(0, 3))
                origin = "mutated"
            else:
                data = getattr(gen, fmt)()
                if rng.random() < 0.25:
                    data = mutate(rng, data, fmt, rng.randint(1, 2))
                origin = "generated"
            try:
                status, findings, plan = Case(fuzzer, fmt, data).judge(rng)
            except RecursionError:
                status, findings, plan = "disagree", [], None  # too deep for the judge's Python
            except Exception as error:  # a bug of the fuzzer: say so, do not hide it
                print("fuzz-formats: case %d (%s): the fuzzer failed: %r" % (index, fmt, error))
                raise
            counts[status] += 1
            fuzzer.shapes[(fmt, origin, status)] += 1
            case_failed = False
            for f in findings:
                f.known = classify(f)
                label = f.known or f.kind
                if f.kind == "accepted-invalid" and not f.known:
                    label = "accepted-invalid-" + f.fmt
                by_class[(label, f.fmt, bool(f.known) or (f.kind == "accepted-invalid" and args.allow_accepted_invalid))] += 1
                tolerated = (f.known and not args.no_known) or (f.kind == "accepted-invalid" and args.allow_accepted_invalid)
                if not tolerated:
                    failed_new += 1
                    case_failed = True
                if args.keep and (not tolerated or args.keep_known) and reduced[(label, f.fmt)] < args.reduce:
                    reduced[(label, f.fmt)] += 1
                    fuzzer.reducing = True
                    f = reduce_case(fuzzer, f, plan)
                    fuzzer.reducing = False
                    keep(args.keep, "s%d-c%d" % (args.seed, index), f)
                if not args.quiet or not tolerated:
                    print("%s %s: case %d (%s, %s): %s %s%s" % (
                        "known" if tolerated else "FINDING", label, index, fmt, origin, describe(f),
                        printf_bytes(f.data)[:200], "" if not f.detail else " [" + f.detail[:100] + "]"))
            failed_cases += case_failed
    finally:
        shutil.rmtree(fuzzer.tmp, ignore_errors=True)
    elapsed = time.time() - start
    print("by class:")
    for (label, fmt, tolerated), count in sorted(by_class.items()):
        print("  %6d  %-32s %-5s %s" % (count, label, fmt, "tolerated" if tolerated else "FAILS"))
    if args.reasons:
        print("cases by format, origin and outcome:")
        for (fmt, origin, status), count in sorted(fuzzer.shapes.items()):
            print("  %6d  %-5s %-9s %s" % (count, fmt, origin, status))
        print("refusals of valid input, by reason:")
        for (fmt, invalid, reason), count in fuzzer.reasons.most_common():
            if not invalid:
                print("  %6d  %-5s %s" % (count, fmt, reason))
    print("cases: %d edited as expected, %d refused (valid input), %d invalid input refused, "
          "%d skipped (the parsers disagree, or too deep), %d skipped (no list to edit), %d with findings; %.0fs" % (
              counts["pass"], counts["refused"], counts["rejected"], counts["disagree"], counts["skip"],
              counts["fail"], elapsed))
    print("fuzz-formats: %d passed, %d failed" % (sum(counts.values()) - failed_cases, failed_cases))
    return 1 if failed_new else 0


def main_layouts(args):
    """--layouts: the cases of layouts.py, judged strictly; one summary line
    per format, `fuzz-formats --layouts FMT: N passed, R refused, F failed`."""
    import layouts
    formats = list(layouts.LAYOUTS) if args.format == "all" else [args.format]
    if any(fmt not in layouts.LAYOUTS for fmt in formats):
        print("fuzz-formats: --layouts has no generator for %s (it has %s)" % (
            args.format, ", ".join(layouts.LAYOUTS)))
        return 2
    status = 0
    for fmt in formats:
        passed, refused, failed, messages = layouts.run_layouts(args.reorder, fmt, args.seed, args.cases, canon)
        for message in messages:
            print(message)
        print("fuzz-formats --layouts %s: %d passed, %d refused, %d failed" % (fmt, passed, refused, failed))
        status |= 1 if failed or refused else 0
    return status


if __name__ == "__main__":
    sys.exit(main())
