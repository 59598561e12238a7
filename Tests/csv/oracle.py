#!/usr/bin/env python3
"""Python's csv module as the oracle of reorder's CSV and TSV formats.

Builds random CSV and TSV documents (fields holding the delimiter, quotes,
CR, LF and CRLF inside quotes; LF and CRLF terminators, mixed; files without
a final newline; a byte-order mark; ';' as the delimiter; no header), runs
every editing command of reorder on each (move, swap, insert, delete, batch,
sort with and without --key, -n, -i, -r, -u, reverse, diff applied with
batch, edit through an editor script, fix and check through a policy), and
checks each result twice:

- with csv.reader: the result's rows are the source rows in the new order,
  with the header first;
- byte for byte against a model of the layout: each row keeps its bytes,
  each position the terminator it had (new positions the file's last one),
  the file its byte-order mark and its final newline or lack of one.

Usage: REORDER=path/to/reorder oracle.py [--documents N] [--seed S]
Exit status 0 when every check holds; 1 with the failures listed.
"""

import argparse
import csv
import io
import os
import random
import subprocess
import sys
import tempfile

REORDER = os.environ.get("REORDER", "reorder")
BOM = b"\xef\xbb\xbf"


class Document:
    """A generated document: its rows' raw bytes and decoded fields, and the
    terminator after each row."""

    def __init__(self, kind, delimiter, header, rows, fields, terminators, bom):
        self.kind = kind                # "csv" or "tsv"
        self.delimiter = delimiter      # a one-character str
        self.header = header            # raw bytes of the header row, or None
        self.header_fields = None
        self.rows = rows                # raw bytes of each data row
        self.fields = fields            # decoded fields of each data row
        self.terminators = terminators  # after the header (if any), then each row
        self.bom = bom

    def bytes(self):
        out = BOM if self.bom else b""
        lines = ([self.header] if self.header is not None else []) + self.rows
        for line, terminator in zip(lines, self.terminators):
            out += line + terminator
        return out

    def default_terminator(self):
        for terminator in reversed(self.terminators):
            if terminator:
                return terminator
        return b"\n"

    def render(self, result):
        """The bytes the layout promises for `result`, raw rows in order."""
        n, m = len(self.rows), len(result)
        offset = 1 if self.header is not None else 0
        final = self.terminators[-1] if self.terminators else b""
        default = self.default_terminator()
        out = BOM if self.bom else b""
        if self.header is not None:
            out += self.header
            if m == 0:
                # No row left: the header's own terminator, if the file
                # ended with one.
                out += (self.terminators[0] if n > 0 else final) if final else b""
            elif n > 0:
                out += self.terminators[0]
            else:
                out += final or default
        for position, row in enumerate(result):
            out += row
            if position < m - 1:
                out += self.terminators[offset + position] if position + 1 < n else default
        if m == 0:
            pass
        elif n > 0:
            out += final
        elif not (self.header is not None and not final):
            out += default
        return out

    def parse(self, data):
        """Rows of `data` as csv.reader reads them (header included)."""
        if self.bom:
            assert data.startswith(BOM), "the byte-order mark is gone"
            data = data[3:]
        text = data.decode("utf-8")
        if self.kind == "csv":
            reader = csv.reader(io.StringIO(text, newline=""), delimiter=self.delimiter, strict=True)
        else:
            reader = csv.reader(io.StringIO(text, newline=""), delimiter=self.delimiter, quoting=csv.QUOTE_NONE)
        return [row for row in reader]


def random_text(rng, kind, delimiter, allow_specials):
    pieces = ["a", "b", "Z", "m", "é", " ", "1", "42", "-3", "x y", "_", "[", "`"]
    if allow_specials:
        pieces += [delimiter, '"', "\n", "\r\n", "\r", '""']
    return "".join(rng.choice(pieces) for _ in range(rng.randint(0, 4)))


def random_field(rng, kind, delimiter):
    """(raw, decoded) of one field."""
    if kind == "tsv":
        text = random_text(rng, kind, delimiter, False)
        # A quote inside the field, not first: TSV keeps it as data.
        if text and rng.random() < 0.2:
            text = text + '"'
        return text, text
    text = random_text(rng, kind, delimiter, rng.random() < 0.5)
    needs = any(c in text for c in (delimiter, '"', "\n", "\r"))
    if needs or rng.random() < 0.2:
        return '"' + text.replace('"', '""') + '"', text
    return text, text


def random_row(rng, kind, delimiter, width):
    while True:
        parts = [random_field(rng, kind, delimiter) for _ in range(width)]
        raw = delimiter.join(p[0] for p in parts)
        if raw == "":
            # A blank line is no row: one empty field is written "" (CSV).
            if kind == "tsv":
                continue
            parts = [('""', "")]
            raw = '""'
        return raw.encode("utf-8"), [p[1] for p in parts]


def random_document(rng):
    kind = rng.choice(["csv", "csv", "tsv"])
    delimiter = "\t" if kind == "tsv" else rng.choice([",", ",", ";"])
    width = rng.randint(1, 4)
    header = rng.random() < 0.8
    count = rng.choice([0, 1, 2, 3, 5, 8, 12])
    rows, fields = [], []
    names = []
    if header:
        names = ["c%d" % i for i in range(width)]
        header_raw = delimiter.join(names).encode()
    for _ in range(count):
        raw, decoded = random_row(rng, kind, delimiter, width)
        rows.append(raw)
        fields.append(decoded)
    lines = (1 if header else 0) + count
    style = rng.choice(["lf", "crlf", "mixed"])
    terminators = []
    for _ in range(lines):
        if style == "lf":
            terminators.append(b"\n")
        elif style == "crlf":
            terminators.append(b"\r\n")
        else:
            terminators.append(rng.choice([b"\n", b"\r\n"]))
    if lines and rng.random() < 0.3:
        terminators[-1] = b""
    document = Document(kind, delimiter, header_raw if header else None, rows, fields, terminators,
                        bom=rng.random() < 0.2)
    document.header_fields = names if header else None
    document.width = width
    return document


class Runner:
    def __init__(self, directory):
        self.directory = directory
        self.failures = []
        self.checks = 0

    def run(self, arguments, stdin=None, env=None):
        environment = dict(os.environ)
        if env:
            environment.update(env)
        return subprocess.run([REORDER] + arguments, cwd=self.directory, input=stdin, capture_output=True,
                              env=environment)

    def fail(self, what, document, detail):
        self.failures.append("%s\n  source: %r\n  %s" % (what, document.bytes(), detail))

    def check(self, what, document, output, result_rows):
        """`output` must be `result_rows` (raw bytes of data rows) laid out
        as the model says, and read by csv.reader as the header and those
        rows' fields."""
        self.checks += 1
        expected = document.render(result_rows)
        if output != expected:
            self.fail(what, document, "expected %r\n  got      %r" % (expected, output))
            return
        try:
            parsed = document.parse(output)
        except csv.Error as error:
            self.fail(what, document, "csv.reader refuses the result: %s" % error)
            return
        by_raw = {raw: fields for raw, fields in zip(document.rows, document.fields)}
        wanted = ([document.header_fields] if document.header is not None else []) + [
            by_raw[raw] if raw in by_raw else extra_fields[raw] for raw in result_rows]
        if parsed != wanted:
            self.fail(what, document, "csv.reader reads %r\n  wanted %r" % (parsed, wanted))


# Decoded fields of rows made for insert, by raw bytes.
extra_fields = {}


def file_name(document):
    return "data." + document.kind


def base_arguments(document):
    arguments = []
    if document.kind == "csv" and document.delimiter != ",":
        arguments += ["--delimiter", document.delimiter]
    if document.header is None:
        arguments += ["--no-header"]
    return arguments


def sort_key(document, column, numeric, ignore_case):
    def key(index):
        if column is None:
            value = document.rows[index]
        else:
            value = document.fields[index][column].encode("utf-8")
        if numeric:
            text = value.decode("utf-8").strip()
            try:
                return (0, int(text))
            except ValueError:
                return (1, 0)
        return value.upper() if ignore_case else value
    return key


def expected_sort(document, column, numeric, ignore_case, reverse, unique):
    key = sort_key(document, column, numeric, ignore_case)
    order = sorted(range(len(document.rows)), key=key, reverse=reverse)
    if unique:
        seen, kept = set(), []
        # The first of equal items in the source is kept.
        firsts = {}
        for index in range(len(document.rows)):
            firsts.setdefault(key(index), index)
        for index in order:
            k = key(index)
            if k not in seen:
                seen.add(k)
                kept.append(firsts[k])
        order = kept
    return order


def exercise(runner, rng, document):
    name = file_name(document)
    path = os.path.join(runner.directory, name)
    source = document.bytes()
    rows = document.rows
    n = len(rows)
    common = base_arguments(document)

    def edit(arguments, what, result_rows, env=None, in_place=False):
        with open(path, "wb") as f:
            f.write(source)
        completed = runner.run(arguments + common + [name] + ([] if in_place else ["-o", "-"]), env=env)
        if completed.returncode not in (0, 1):
            runner.fail(what, document, "exit %d: %s" % (completed.returncode, completed.stderr.decode()))
            return
        output = open(path, "rb").read() if in_place else completed.stdout
        runner.check(what, document, output, result_rows)

    if n >= 1:
        a, b = rng.randrange(n), rng.randrange(n)
        moved = rows[:a] + rows[a + 1:]
        moved.insert(b, rows[a])
        edit(["move", str(a), str(b)], "move %d %d" % (a, b), moved)
        swapped = list(rows)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        if a != b:
            edit(["swap", str(a), str(b)], "swap %d %d" % (a, b), swapped)
        edit(["delete", str(a)], "delete %d" % a, rows[:a] + rows[a + 1:])
    if document.header is not None or n > 0:
        raw, decoded = random_row(rng, document.kind, document.delimiter, document.width)
        extra_fields[raw] = decoded
        at = rng.randint(0, n)
        edit(["insert", str(at), raw.decode("utf-8")], "insert %d %r" % (at, raw), rows[:at] + [raw] + rows[at:])
    if n >= 2:
        a, b, c = rng.randrange(n), rng.randrange(n), rng.randrange(n)
        step = rows[:a] + rows[a + 1:]
        step.insert(b, rows[a])
        if c != 0:
            step[0], step[c] = step[c], step[0]
        else:
            pass
        script = ["-e", "move %d %d" % (a, b)] + (["-e", "swap 0 %d" % c] if c != 0 else [])
        edit(["batch", "--sequential"] + script, "batch --sequential %s" % script, step)
    edit(["reverse"], "reverse", list(reversed(rows)), in_place=True)

    # sort: the row's bytes, or a column's decoded text.
    columns = [None] + list(range(document.width))
    column = rng.choice(columns)
    flags = []
    numeric = rng.random() < 0.2
    ignore_case = not numeric and rng.random() < 0.3
    reverse = rng.random() < 0.3
    unique = rng.random() < 0.3
    if numeric:
        flags.append("-n")
    if ignore_case:
        flags.append("-i")
    if reverse:
        flags.append("-r")
    if unique:
        flags.append("-u")
    key = []
    if column is not None:
        if document.header is not None and rng.random() < 0.6:
            key = ["--key", document.header_fields[column]]
        else:
            key = ["--key", "#%d" % column]
    numeric_ok = not numeric or all(
        (sort_key(document, column, True, False)(i)[0] == 0) for i in range(n))
    if numeric_ok and n > 0:
        order = expected_sort(document, column, numeric, ignore_case, reverse, unique)
        edit(["sort"] + flags + key, "sort %s %s" % (flags, key), [rows[i] for i in order])

    # diff, applied with batch: the source rows in a shuffled order.
    if n >= 1:
        order = list(range(n))
        rng.shuffle(order)
        target = Document(document.kind, document.delimiter, document.header, [rows[i] for i in order],
                          [document.fields[i] for i in order], document.terminators, document.bom)
        target_name = "target." + document.kind
        with open(os.path.join(runner.directory, target_name), "wb") as f:
            f.write(target.bytes())
        with open(path, "wb") as f:
            f.write(source)
        script = runner.run(["diff"] + common + [name, target_name])
        if script.returncode not in (0, 1):
            runner.fail("diff", document, "exit %d: %s" % (script.returncode, script.stderr.decode()))
        else:
            applied = runner.run(["batch", "-f", "-"] + common + [name, "-o", "-"], stdin=script.stdout)
            if applied.returncode != 0:
                runner.fail("diff | batch", document, "exit %d: %s" % (applied.returncode, applied.stderr.decode()))
            else:
                runner.check("diff | batch -f -", document, applied.stdout, [rows[i] for i in order])

    # edit: an editor that reverses the view's item lines.
    if n >= 1:
        editor = os.path.join(runner.directory, "editor.py")
        with open(editor, "w") as f:
            f.write("#!%s\nimport sys\np = sys.argv[1]\nlines = open(p, 'rb').read().split(b'\\n')\n"
                    "items = [l for l in lines if l and not l.startswith(b'#')]\n"
                    "open(p, 'wb').write(b'\\n'.join(reversed(items)) + b'\\n')\n" % sys.executable)
        os.chmod(editor, 0o755)
        edit(["edit"], "edit (reversed)", list(reversed(rows)), env={"EDITOR": editor, "VISUAL": ""}, in_place=True)

    # fix and check through a policy: a rule without list, by column name.
    if document.header is not None and document.delimiter in (",", "\t") and n >= 1:
        column = rng.randrange(document.width)
        with open(os.path.join(runner.directory, ".reorder.toml"), "w") as f:
            f.write('[[rule]]\nfiles = ["*.%s"]\nkey = "%s"\n' % (document.kind, document.header_fields[column]))
        order = expected_sort(document, column, False, False, False, False)
        with open(path, "wb") as f:
            f.write(source)
        check = runner.run(["check", name])
        wanted_status = 0 if order == list(range(n)) else 1
        runner.checks += 1
        if check.returncode != wanted_status:
            runner.fail("check (policy key %s)" % document.header_fields[column], document,
                        "exit %d, wanted %d: %s%s" % (check.returncode, wanted_status, check.stdout.decode(),
                                                      check.stderr.decode()))
        fix = runner.run(["fix", name])
        if fix.returncode != 0:
            runner.fail("fix", document, "exit %d: %s" % (fix.returncode, fix.stderr.decode()))
        else:
            runner.check("fix (policy key %s)" % document.header_fields[column], document,
                         open(path, "rb").read(), [rows[i] for i in order])
        os.remove(os.path.join(runner.directory, ".reorder.toml"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--documents", type=int, default=120)
    parser.add_argument("--seed", type=int, default=4180)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    with tempfile.TemporaryDirectory(prefix="reorder-csv-oracle-") as directory:
        runner = Runner(directory)
        for number in range(options.documents):
            document = random_document(rng)
            # The generator's own check: csv.reader reads what it meant.
            parsed = document.parse(document.bytes())
            meant = ([document.header_fields] if document.header is not None else []) + document.fields
            if parsed != meant:
                print("generator: csv.reader reads %r as %r, not %r" % (document.bytes(), parsed, meant))
                return 1
            exercise(runner, rng, document)
        print("%d documents, %d checks, %d failures" % (options.documents, runner.checks, len(runner.failures)))
        for failure in runner.failures[:20]:
            print("FAIL " + failure)
        return 1 if runner.failures or runner.checks < options.documents * 3 else 0


if __name__ == "__main__":
    sys.exit(main())
