"""The layouts users write, per format, for `fuzz.py --layouts`.

The fuzzer proper (fuzz.py) generates and mutates documents of every shape
and lets reorder refuse what it cannot delimit with certainty. This half is
stricter and narrower: documents in the layouts people write every day
(YAML block and flow lists and mappings, TOML arrays over several lines and
on one, tables, inline tables, arrays of tables, JSON with comments wherever
whitespace may stand and trailing commas), with comments, blank lines and
CRLF, between a fixed head and tail. On them reorder must never refuse:
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
    if op == "sort":
        # Members by key, byte order, stable.
        return sorted(items, key=lambda member: member[0].encode())
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


class JSONCLayouts:
    """JSON with comments (the cases of the former per-format random test
    of JSONC, folded in here): arrays and objects, nested values, comments of both kinds
    wherever whitespace may stand, blank lines, trailing commas, the list at
    the root or inside a document with comments of its own. Besides the
    data, no comment may be written twice, and an edit that deletes
    nothing keeps every comment."""

    fmt = "jsonc"
    ops = ["reverse", "move", "swap", "delete", "insert", "sort"]

    def __init__(self, rng):
        self.rng = rng
        self.serial = 0
        self.root = False

    @staticmethod
    def strip(text):
        """The text with every comment and trailing comma blanked (line
        breaks kept), written here apart from reorder's reader."""
        out = list(text)
        i, n = 0, len(text)

        def comment_end(q):
            if text.startswith("//", q):
                e = q + 2
                while e < n and text[e] not in "\r\n":
                    e += 1
                return e
            if text.startswith("/*", q):
                return text.index("*/", q + 2) + 2
            return None

        while i < n:
            c = text[i]
            if c == '"':
                i += 1
                while text[i] != '"':
                    i += 2 if text[i] == "\\" else 1
                i += 1
            elif c == "/":
                e = comment_end(i)
                for k in range(i, e):
                    if out[k] not in "\r\n":
                        out[k] = " "
                i = e
            elif c == ",":
                q = i + 1
                while q < n:
                    if text[q] in " \t\r\n":
                        q += 1
                    elif comment_end(q) is not None:
                        q = comment_end(q)
                    else:
                        break
                if q < n and text[q] in "]}":
                    out[i] = " "
                i += 1
            else:
                i += 1
        return "".join(out)

    @classmethod
    def load(cls, text):
        return json.loads(cls.strip(text), object_pairs_hook=dict)

    @classmethod
    def comments(cls, text):
        """The comments' unique words (`c12`), in order."""
        stripped = cls.strip(text)
        blanked = "".join(c if c != k and c != "," else " " for c, k in zip(text, stripped))
        return [w.strip("/*") for w in blanked.split() if w.strip("/*").startswith("c")]

    def trivia(self, percent=50):
        rng = self.rng
        if rng.randrange(100) >= percent:
            return rng.choice(["", " ", "\n  "])
        result = ""
        for _ in range(rng.randrange(3) + 1):
            self.serial += 1
            k = rng.randrange(7)
            if k == 0: result += " "
            elif k == 1: result += "\n  "
            elif k == 2: result += "\n\n  "
            elif k in (3, 4): result += rng.choice([" ", "", "  "]) + "// c%d" % self.serial + "\n  "
            else: result += rng.choice([" ", ""]) + "/* c%d */" % self.serial + rng.choice([" ", ""])
        return result

    def list(self, items, obj, trailing):
        text = "{" if obj else "["
        for i, item in enumerate(items):
            text += self.trivia() + item + self.trivia(30)
            if i < len(items) - 1 or (trailing and self.rng.randrange(100) < 30):
                text += ","
        return text + self.trivia() + ("}" if obj else "]")

    def scalar(self):
        rng = self.rng
        return rng.choice([str(rng.randrange(20)), '"s%d"' % rng.randrange(20), '"S%d"' % rng.randrange(5),
                           "null", "true", "-1.5"])

    def value(self, depth, trailing):
        rng = self.rng
        if depth >= 2 or rng.randrange(100) >= 25:
            return self.scalar()
        count = rng.randrange(4)
        if rng.randrange(2):
            return self.list([self.value(depth + 1, trailing) for _ in range(count)], False, trailing)
        return self.list(self.members(count, depth + 1, trailing), True, trailing)

    def members(self, count, depth, trailing):
        keys = self.rng.sample(["a", "b", "B", "c", "d", "e", "f", "G", "h", "i"], count)
        return ['"%s"' % k + self.trivia(15) + ":" + self.trivia(15) + self.value(depth, trailing) for k in keys]

    def case(self):
        rng = self.rng
        obj = rng.randrange(2) == 0
        trailing = rng.randrange(100) < 60
        n = rng.randrange(1, 7)
        items = self.members(n, 0, trailing) if obj else [self.value(0, trailing) for _ in range(n)]
        body = self.list(items, obj, trailing)
        self.root = rng.randrange(2) == 0
        if self.root:
            head, tail = "// top\n", "\n"
        else:
            head = '{ /* a */ "x": [1, // one\n2], "list" // key\n: '
            tail = self.trivia() + "}\n"
        return ("object" if obj else "array"), head + body + tail, head, tail

    def pointer(self):
        return "" if self.root else "/list"

    def insert(self, kind, at):
        self.serial += 1
        if kind == "object":
            return ["insert", at, '"new%d": %d' % (self.serial, self.serial), ("new%d" % self.serial, self.serial)]
        return ["insert", at, "[%d, {}]" % self.serial, [self.serial, {}]]

    def check(self, text, out, operation):
        """What the data does not say: comments written once, and all of
        them kept by an edit that deletes nothing."""
        before, after = self.comments(text), self.comments(out)
        if len(set(after)) != len(after):
            return "a comment written twice"
        if not set(after) <= set(before):
            return "a comment that was not in the input"
        if operation[0] != "delete" and sorted(after) != sorted(before):
            return "a comment lost"
        return None


LAYOUTS = {"yaml": YAMLLayouts, "toml": TOMLLayouts, "jsonc": JSONCLayouts}


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
        pointer = layouts.pointer() if hasattr(layouts, "pointer") else "/list"
        listed = data["list"] if pointer else data
        items = list(listed.items()) if isinstance(listed, dict) else listed
        n = len(items)
        op = rng.choice(layouts.ops)
        if op == "delete" and kind == "aot" and n == 1:
            op = "insert"  # an array of tables cannot be left empty (tested apart)
        if op == "sort" and not isinstance(listed, dict):
            op = "reverse"  # sort is judged on keys (members), byte order
        if op == "reverse":
            operation = ["reverse"]
        elif op == "sort":
            operation = ["sort"]
        elif op == "move":
            operation = ["move", rng.randrange(n), rng.randrange(-n, n)]
        elif op == "swap":
            operation = ["swap", rng.randrange(n), rng.randrange(n)]
        elif op == "delete":
            operation = ["delete", rng.randrange(n)]
        else:
            operation = layouts.insert(kind, rng.randrange(-n - 1, n + 1))
        args = [str(a) for a in operation[:3]]
        run = subprocess.run([reorder] + args + ["-p", pointer, "--format", fmt], input=text.encode(),
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
        want_items = edit_of(items, operation)
        want_list = dict(want_items) if isinstance(listed, dict) else want_items
        if pointer:
            want = dict(data)
            want["list"] = want_list
        else:
            want = want_list
        # canon compares members in order, and 1, 1.0 and True apart.
        ok = canon(got) == canon(want) and out.startswith(head) and out.endswith(tail)
        problem = layouts.check(text, out, operation) if ok and hasattr(layouts, "check") else None
        if problem:
            failed += 1
            messages.append("FAIL %s %s: %s:\n%s\n---\n%s" % (kind, args, problem, text, out))
            continue
        if ok:
            passed += 1
        else:
            failed += 1
            messages.append("FAIL %s %s:\n%s\n---\n%s" % (kind, args, text, out))
    return passed, refused, failed, messages[:show]
