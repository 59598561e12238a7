#!/usr/bin/env python3
"""Real Markdown files (the `.md` files under a folder, by default
../shared/thirdparty beside the repository), every list of each edited with
every command that edits (move, swap, insert, delete, batch, sort, reverse),
then `diff` between the source and each result applied with `batch`, and
`check` / `fix --check` of a policy that names the list.

Each result is judged twice:
- by markdown-it-py, a CommonMark parser: the HTML of the result is the
  source's with that list's items in the new order (for insert, with the
  new item's text where it went); for a file markdown-it reads otherwise
  than CommonMark's reference implementation (commonmark.py), by the
  reference;
- byte for byte, where the items' lines can be told without reorder: every
  line outside the list is the source's, and for a bullet list whose
  marker lines all start alike, the result is the source's lines with the
  items' lines (blank lines after an item stay at its position) in the new
  order.

The files are read where they are and never copied into the repository.

Usage: markdown.py [--reorder PATH] [--jobs N] [FOLDER]    (REORDER in the environment;
N files at once, in worker processes: the cores unless given)
Prints the refusals (of a whole file, or of an edit) counted by reason
(REORDER_VERBOSE=1: each of them), then `N passed, N failed`, and exits 1
on a failure.
"""
import argparse
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "markdown"))
import commonmark as cm  # noqa: E402  (Tests/markdown/commonmark.py)
sys.path.insert(0, HERE)
from refusals import Refusals  # noqa: E402
import reference  # noqa: E402  (Tests/markdown/reference.py)

REPOSITORY = os.path.abspath(os.path.join(HERE, "..", ".."))


def run(reorder, args, text=None, cwd=None):
    result = subprocess.run([reorder] + args, input=None if text is None else text.encode(),
                            capture_output=True, timeout=60, cwd=cwd)
    return result.returncode, result.stdout.decode(), result.stderr.decode()


def item_lines(source, path):
    """Each item's lines (0-based, end exclusive, without the blank lines
    after it) by markdown-it's map, and the lines of the whole list."""
    nodes = cm.tree(cm.md.parse(source))
    target = cm.find(nodes, path)
    lines = source.split("\n")
    items = []
    for item in target[1]:
        start, end = item[0].map
        while end > start + 1 and lines[end - 1].strip() == "":
            end -= 1
        items.append((start, end))
    return items, target


def expected_lines(source, items, order, inserted=None):
    """The source's lines with the items in `order` (an index, or None for
    the inserted line), blank lines staying at their positions."""
    lines = source.split("\n")
    first, last = items[0][0], items[-1][1]
    gaps = [lines[items[k][1]:items[k + 1][0]] for k in range(len(items) - 1)]
    out = []
    for position, index in enumerate(order):
        if position > 0:
            out += gaps[position - 1] if position - 1 < len(gaps) else gaps[-1] if gaps else []
        out += [inserted] if index is None else lines[items[index][0]:items[index][1]]
    return "\n".join(lines[:first] + out + lines[last:])


def uniform_bullets(source, items):
    lines = source.split("\n")
    starts = {re.match(r"^\s*[-*+] ", lines[start]).group(0) if re.match(r"^\s*[-*+] ", lines[start]) else None
              for start, _ in items}
    return len(starts) == 1 and None not in starts


class ListsResult:
    """What the checks of some lists of a file found: counts, failures (in
    order), refusals and the lines `REORDER_VERBOSE=1` prints."""
    def __init__(self):
        self.passed = self.lists = self.edits = 0
        self.failures, self.refusals, self.verbose = [], [], []


def read_file(job):
    """A file's lists as reorder finds them, and whether markdown-it reads
    it as the reference does: (source, paths, refusal, follow_reference),
    or None for a file with CRs. Run in a worker process."""
    name, reorder = job
    source = open(name, encoding="utf-8", errors="surrogateescape").read()
    if "\r" in source:
        return None
    paths, refusal = cm.lists_of(reorder, source)
    return source, paths, refusal, cm.md.render(source) != reference.html(source)


def check_lists(job):
    """Some lists of one file edited and judged (see the module's text), in
    a folder of their own. Run in a worker process: a large file's lists
    are spread over the workers."""
    short, source, paths, follow_reference, reorder, seed = job
    result = ListsResult()

    def fail(what):
        result.failures.append(what)

    with tempfile.TemporaryDirectory(prefix="reorder-markdown-") as work:
        for path in paths:
            result.lists += 1
            pointer = "/" + "/".join(map(str, path))
            # A random generator per list: the same edits whatever the workers.
            rng = random.Random(f"{seed}:{short}:{pointer}")
            items, target = item_lines(source, path)
            count = len(items)
            if count < 2:
                continue
            a, b = rng.randrange(count), rng.randrange(count)
            order_move = list(range(count))
            order_move.insert(b, order_move.pop(a))
            order_swap = list(range(count))
            order_swap[a], order_swap[b] = order_swap[b], order_swap[a]
            gone = rng.randrange(count)
            runs = [
                (["move", str(a), str(b)], order_move, None),
                (["swap", str(a), str(b)], order_swap, None),
                (["delete", str(gone)], [i for i in range(count) if i != gone], None),
                (["insert", str(b), "reorder inserted this"], list(range(b)) + [None] + list(range(b, count)), "reorder inserted this"),
                (["batch", "-e", f"move {a} {b}"], order_move, None),
                (["reverse"], list(reversed(range(count))), None),
            ]
            ok = True
            for command, order, inserted in runs:
                result.edits += 1
                status, out, err = run(reorder, command + ["-p", pointer, "--format", "markdown"], source)
                what = f"{short} -p {pointer}: {' '.join(command)}"
                if status == 2 and out == "" and "would" in err:
                    result.refusals.append(err.encode())
                    result.verbose.append(f"refused edit {what}: {err.strip()}")
                    continue
                if status != 0:
                    fail(f"{what}: exit {status}: {err.strip()}")
                    ok = False
                    continue
                if inserted is None:
                    if follow_reference:
                        want, got = reference.expected_html(source, path, order), reference.html(out)
                    else:
                        want, got = cm.expected_html(source, path, order), cm.md.render(out)
                    if command[0] == "delete":
                        want, got = (re.sub(r"</?p>|\s", "", html) for html in (want, got))
                    if want != got:
                        fail(f"{what}: the HTML is not the source's in the new order")
                        ok = False
                # Outside the list, every line is the source's.
                lines, result_lines = source.split("\n"), out.split("\n")
                first, last = items[0][0], items[-1][1]
                tail = len(lines) - last
                if result_lines[:first] != lines[:first] or result_lines[len(result_lines) - tail:] != lines[last:]:
                    fail(f"{what}: a line outside the list changed")
                    ok = False
                if uniform_bullets(source, items):
                    # A new item is written with the first item's
                    # spaces after the marker (`-   text`).
                    opening = lines[items[0][0]]
                    marker = (re.match(r"^\s*[-*+] {1,4}(?=\S)", opening) or re.match(r"^\s*[-*+] ", opening)).group(0)
                    want_bytes = expected_lines(source, items, order, inserted and marker + inserted)
                    if out != want_bytes:
                        fail(f"{what}: not the source's lines in the new order")
                        ok = False
            # diff, and its script applied by batch, gives the sorted file.
            with open(os.path.join(work, "old.md"), "w") as f:
                f.write(source)
            status, sorted_text, err = run(reorder, ["sort", "-p", pointer, "--format", "markdown"], source)
            if status == 0:
                with open(os.path.join(work, "new.md"), "w") as f:
                    f.write(sorted_text)
                status, script, err = run(reorder, ["diff", "-p", pointer, "old.md", "new.md"], cwd=work)
                if status not in (0, 1):
                    fail(f"{short} -p {pointer}: diff: {err.strip()}")
                    ok = False
                else:
                    status, out, err = run(reorder, ["batch", "-f", "-", "-p", pointer, "-o", "-", "old.md"], script, cwd=work)
                    if status != 0 or out != sorted_text:
                        fail(f"{short} -p {pointer}: diff | batch does not give the sorted file: {err.strip()}")
                        ok = False
                # A policy that names the list: check finds it out of
                # order exactly when sort changes it; fix --check agrees.
                policy = os.path.join(work, ".reorder.toml")
                escaped = pointer.replace("\\", "\\\\").replace('"', '\\"')
                with open(policy, "w") as f:
                    f.write(f'[[rule]]\nfiles = ["old.md"]\nlist = "{escaped}"\n')
                # (The file's own keep-sorted blocks are checked too:
                # only the rule's finding is looked at.)
                want = sorted_text != source
                for command in (["check"], ["fix", "--check"]):
                    status, out, err = run(reorder, command + ["old.md"], cwd=work)
                    found = f"{pointer} (rule 1)" in out + err
                    if status not in (0, 1) or found != want or (want and status != 1):
                        fail(f"{short} -p {pointer}: {' '.join(command)} exits {status}, finding the list {found}, not {want}: {out}{err}")
                        ok = False
                os.remove(policy)
            result.passed += ok
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", nargs="?", default=os.path.join(REPOSITORY, "..", "shared", "thirdparty"))
    parser.add_argument("--reorder", default=os.environ.get("REORDER", os.path.join(REPOSITORY, ".build/debug/reorder")))
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="files checked at once, each in a worker process (default: the cores)")
    args = parser.parse_args()
    if not os.path.isdir(args.folder):
        print(f"markdown: no folder {args.folder}; nothing to run")
        return 0
    files = sorted(os.path.join(d, f) for d, _, names in os.walk(args.folder) for f in names if f.endswith(".md"))
    passed = failed = lists = edits = refused = 0
    refusals = Refusals()
    verbose = os.environ.get("REORDER_VERBOSE") == "1"
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        jobs = []
        for name, read in zip(files, pool.map(read_file, [(name, args.reorder) for name in files])):
            if read is None:
                continue
            source, paths, refusal, follow_reference = read
            short = os.path.relpath(name, args.folder)
            if refusal is not None:
                status, out, err = refusal
                if status == 2 and out == "" and len(err.strip().splitlines()) == 1:
                    refused += 1
                    refusals.add(err.encode())
                    if verbose:
                        print(f"refused {short}: {err.strip()}")
                else:
                    failed += 1
                    print(f"FAIL {short}: a refusal that is not clean: {refusal}", file=sys.stderr)
                continue
            # A few lists per job, so that a file of many lists is shared out.
            for start in range(0, len(paths), 8):
                jobs.append((short, source, paths[start:start + 8], follow_reference, args.reorder, args.seed))
        # The results in the files' and lists' order, whatever order the workers end in.
        for result in pool.imap(check_lists, jobs):
            passed += result.passed
            lists += result.lists
            edits += result.edits
            for stderr in result.refusals:
                refusals.add(stderr)
            if verbose:
                for line in result.verbose:
                    print(line)
            for what in result.failures:
                failed += 1
                print("FAIL " + what, file=sys.stderr)
    refusals.report("markdown")
    print(f"{len(files)} files, {lists} lists, {edits} edits; {refused} files refused")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
