"""The layouts users write, per format, for `fuzz.py --layouts`.

The fuzzer proper (fuzz.py) generates and mutates documents of every shape
and lets reorder refuse what it cannot delimit with certainty. This half is
stricter and narrower: documents in the layouts people write every day
(YAML block and flow lists and mappings, TOML arrays over several lines and
on one, tables, inline tables, arrays of tables), with comments, blank lines
and CRLF, between a fixed head and tail. On them reorder must never refuse:
every edit (reverse, move, swap, delete, and insert in TOML) must give a
document that loads to the edit of what the input loads to, members in
order, with the head and the tail byte for byte as they were.

One generator per format, one loop for all (run_layouts). A case is drawn
from one random stream per format and seed, in order, so that `--seed S
--cases N` is the same N cases on every machine.
"""

import datetime
import json
import random
import subprocess
import tomllib

import yaml


def edit_of(items, operation):
    """The items after the command, as the command's own words say."""
    op = operation[0]
    items = list(items)
    if op == "reverse":
        return items[::-1]
    if op == "move":
        i, j = operation[1], operation[2]
        item = items.pop(i)
        items.insert(j if j >= 0 else len(items) + 1 + j, item)
        return items
    if op == "swap":
        i, j = operation[1], operation[2]
        items[i], items[j] = items[j], items[i]
        return items
    if op == "delete":
        del items[operation[1]]
        return items
    if op == "insert":
        i = operation[1]
        items.insert(i if i >= 0 else len(items) + 1 + i, operation[3])
        return items
    raise ValueError(op)


class YAMLLayouts:
    """Block sequences (indented and not), block mappings, flow sequences and
    flow mappings, with comments, blank lines, block scalars and CRLF."""

    fmt = "yaml"
    ops = ["reverse", "move", "swap", "delete"]
    WORDS = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta", "10", "9", "true", "x y",
             "a: b", "it's", "#x", "-d", "[q]"]

    def __init__(self, rng):
        self.rng = rng

    @staticmethod
    def load(text):
        return yaml.safe_load(text)

    def scalar(self):
        word = self.rng.choice(self.WORDS)
        style = self.rng.randrange(4)
        if style == 0 and word.replace(" ", "").isalnum() and word not in ("true", "10", "9"):
            return word, word
        if style == 1:
            return "'" + word.replace("'", "''") + "'", word
        return json.dumps(word), word

    def comment(self):
        return "# " + self.rng.choice(self.WORDS).replace("\n", " ")

    def block_sequence(self, n):
        rng, lines = self.rng, []
        pad = "" if rng.random() < 0.3 else "  "
        for _ in range(n):
            if rng.random() < 0.2:
                lines.append("")
            if rng.random() < 0.25:
                lines.append(pad + self.comment())
            kind = rng.randrange(3)
            if kind == 0:
                text, _ = self.scalar()
                line = pad + "- " + text
                if rng.random() < 0.2:
                    line += "  " + self.comment()
                lines.append(line)
            elif kind == 1:
                t1, _ = self.scalar()
                t2, _ = self.scalar()
                lines.append(pad + "- name: " + t1)
                lines.append(pad + "  value: " + t2)
            else:
                lines += [pad + "- |", pad + "  line one", pad + "  line two"]
        return lines

    def block_mapping(self, n):
        rng, lines = self.rng, []
        for key in rng.sample(["k%d" % i for i in range(30)], n):
            if rng.random() < 0.2:
                lines.append("")
            if rng.random() < 0.25:
                lines.append("  " + self.comment())
            if rng.random() < 0.3:
                lines += ["  " + key + ":", "    - one", "    - two"]
            else:
                text, _ = self.scalar()
                lines.append("  " + key + ": " + text)
        return lines

    def flow(self, n, mapping):
        rng, items = self.rng, []
        for key in rng.sample(["f%d" % i for i in range(30)], n):
            word = rng.choice([w for w in self.WORDS if w.isalnum()])
            items.append(key + ": " + word if mapping else word)
        separator = rng.choice([", ", ",", " , "])
        trailing = "," if rng.random() < 0.2 and n else ""
        return ("{" if mapping else "[") + separator.join(items) + trailing + ("}" if mapping else "]")

    def case(self):
        """(kind, text, head, tail)."""
        rng = self.rng
        n = rng.randrange(1, 7)
        kind = rng.choice(["seq", "map", "flowseq", "flowmap"])
        head = "before: 1\n# a header\n\n"
        tail = "after: [x, y]\n"
        if kind == "seq":
            body = "list:\n" + "\n".join(self.block_sequence(n)) + "\n"
        elif kind == "map":
            body = "list:\n" + "\n".join(self.block_mapping(n)) + "\n"
        else:
            body = "list: " + self.flow(n, kind == "flowmap") + "\n"
        return kind, head + body + tail, head, tail

    def insert(self, kind, at):
        raise ValueError("YAML layouts are not inserted into")


class TOMLLayouts:
    """Arrays over several lines and on one, tables, inline tables and arrays
    of tables (with sub-tables), with comments, blank lines, every string
    style and CRLF."""

    fmt = "toml"
    ops = ["reverse", "move", "swap", "delete", "insert"]
    WORDS = ["alpha", "beta", "gamma", "x y", "it's", "#x", "[q]", "a,b", "é", "tab\there", 'say "hi"',
             "back\\slash"]

    def __init__(self, rng):
        self.rng = rng

    @staticmethod
    def load(text):
        return tomllib.loads(text)

    def string(self, word):
        rng = self.rng
        style = rng.randrange(4)
        if style == 1 and "'" not in word and "\t" not in word:
            return "'" + word + "'"
        if style == 2 and "'" not in word:
            return "'''" + word + "'''"
        return json.dumps(word, ensure_ascii=rng.random() < 0.5)

    def value(self):
        kind = self.rng.randrange(8)
        if kind == 0: return "1_000", 1000
        if kind == 1: return "0xff", 255
        if kind == 2: return "-3.5e2", -350.0
        if kind == 3: return "true", True
        if kind == 4: return "1979-05-27", datetime.date(1979, 5, 27)
        if kind == 5: return '{ a = 1, "b c" = "d" }', {"a": 1, "b c": "d"}
        word = self.rng.choice(self.WORDS)
        return self.string(word), word

    def comment(self):
        return "# " + self.rng.choice(self.WORDS)

    def array(self, n, multiline):
        rng = self.rng
        values = [self.value() for _ in range(n)]
        trailing = rng.random() < 0.4 and n > 0
        if not multiline:
            sep = rng.choice([", ", ",", " , "])
            return "[" + sep.join(t for t, _ in values) + ("," if trailing else "") + "]"
        lines = ["[" + (" " + self.comment() if rng.random() < 0.2 else "")]
        for i, (text, _) in enumerate(values):
            if rng.random() < 0.2: lines.append("")
            if rng.random() < 0.25: lines.append("    " + self.comment())
            comma = "," if i < n - 1 or trailing else ""
            lines.append("    " + text + comma + ("  " + self.comment() if rng.random() < 0.25 else ""))
        if rng.random() < 0.2: lines.append("    " + self.comment())
        lines.append("]")
        return "\n".join(lines)

    def key(self, name):
        return '"' + name + '"' if self.rng.random() < 0.2 else name

    def table_lines(self, n):
        rng, lines = self.rng, []
        for name in rng.sample(["k%d" % i for i in range(30)], n):
            if rng.random() < 0.2: lines.append("")
            if rng.random() < 0.25: lines.append(self.comment())
            if rng.random() < 0.2:
                text = self.array(rng.randrange(0, 3), True)
            else:
                text, _ = self.value()
            lines.append(self.key(name) + " = " + text + ("  " + self.comment() if rng.random() < 0.2 else ""))
        return lines

    def case(self):
        rng = self.rng
        n = rng.randrange(1, 6)
        kind = rng.choice(["array", "inline", "table", "inlinetable", "aot"])
        head = "before = 1\n# a header\n"
        tail = "\n[after]\nx = [1, 2]\n"
        if kind in ("array", "inline"):
            body = "list = " + self.array(n, kind == "array") + "\n"
        elif kind == "table":
            body = "[list]\n" + "\n".join(self.table_lines(n)) + "\n"
        elif kind == "inlinetable":
            members = [self.key(name) + " = " + self.value()[0] for name in rng.sample(["m%d" % i for i in range(30)], n)]
            body = "list = {" + rng.choice([" ", ""]) + ", ".join(members) + " }\n"
        else:
            sections = []
            for i in range(n):
                lines = self.table_lines(rng.randrange(0, 3))
                section = ([self.comment()] if rng.random() < 0.3 else []) + ["[[list]]", 'name = "n%d"' % i] + lines
                if rng.random() < 0.3:
                    section += ["[list.meta]", "m = %d" % i]
                sections.append("\n".join(section))
            body = "\n\n".join(sections) + "\n"
        return kind, head + "\n" + body + tail, head, tail

    def insert(self, kind, at):
        """The insert command of a case: [insert, at, text, loaded value]."""
        if kind in ("array", "inline"):
            new_text, new_value = self.value()
            return ["insert", at, new_text, new_value]
        if kind == "aot":
            return ["insert", at, '[[list]]\nname = "new"\n', {"name": "new"}]
        return ["insert", at, 'znew = "v"', ("znew", "v")]


LAYOUTS = {"yaml": YAMLLayouts, "toml": TOMLLayouts}


def run_layouts(reorder, fmt, seed, cases, canon, show=5):
    """Runs `cases` cases of `fmt` from `seed`; returns (passed, refused,
    failed, messages). canon is fuzz.py's: loaded data as comparable lists,
    scalars tagged with their type and mapping members in order."""
    rng = random.Random(seed)
    layouts = LAYOUTS[fmt](rng)
    passed = failed = refused = 0
    messages = []
    for _ in range(cases):
        kind, text, head, tail = layouts.case()
        if rng.random() < 0.15:
            text, head, tail = (s.replace("\n", "\r\n") for s in (text, head, tail))
        data = layouts.load(text)
        items = list(data["list"].items()) if isinstance(data["list"], dict) else data["list"]
        n = len(items)
        op = rng.choice(layouts.ops)
        if op == "delete" and kind == "aot" and n == 1:
            op = "insert"  # an array of tables cannot be left empty (tested apart)
        if op == "reverse":
            operation = ["reverse"]
        elif op == "move":
            operation = ["move", rng.randrange(n), rng.randrange(-n, n)]
        elif op == "swap":
            operation = ["swap", rng.randrange(n), rng.randrange(n)]
        elif op == "delete":
            operation = ["delete", rng.randrange(n)]
        else:
            operation = layouts.insert(kind, rng.randrange(-n - 1, n + 1))
        args = [str(a) for a in operation[:3]]
        run = subprocess.run([reorder] + args + ["-p", "/list", "--format", fmt], input=text.encode(),
                             capture_output=True)
        if run.returncode != 0:
            refused += 1
            messages.append("refused %s %s: %s\n%s" % (kind, args, run.stderr.decode().strip(), text))
            continue
        out = run.stdout.decode()
        try:
            got = layouts.load(out)
        except Exception as error:
            failed += 1
            messages.append("FAIL %s %s: does not load: %s\n%s\n---\n%s" % (kind, args, error, text, out))
            continue
        want = dict(data)
        want_items = edit_of(items, operation)
        want["list"] = dict(want_items) if isinstance(data["list"], dict) else want_items
        # canon compares members in order, and 1, 1.0 and True apart.
        ok = canon(got) == canon(want) and out.startswith(head) and out.endswith(tail)
        if ok:
            passed += 1
        else:
            failed += 1
            messages.append("FAIL %s %s:\n%s\n---\n%s" % (kind, args, text, out))
    return passed, refused, failed, messages[:show]
