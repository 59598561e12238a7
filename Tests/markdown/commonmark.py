#!/usr/bin/env python3
"""CommonMark's list examples, reordered by `reorder` and judged by a real
CommonMark parser (markdown-it-py; where it and CommonMark's reference
implementation, commonmark.py, read a document otherwise, the reference:
see reference.py beside this script).

For each example of the spec's sections "List items" and "Lists"
(`commonmark-lists.json` beside this script, with the spec's licence), it
finds the lists `reorder --format markdown` reads (-p /0, /1, … and the
lists inside items, /0/2 …), checks that they are the lists markdown-it
finds (top-level lists: those not inside a block quote or another list),
and for each list reverses it, moves items at random and deletes one; the
HTML of the result must be the HTML of the source with that list's items
in the new order. A document `reorder` refuses must be refused cleanly:
exit 2, one message naming the place, nothing on standard output.

With `--random N`, N documents made at random from the shapes lists take
in READMEs (nested lists, loose and tight lists, numbers that change width,
fenced code, quotes and continuation paragraphs inside items, headings and
paragraphs between lists, lazy continuation lines, sublists indented with
tabs) are judged the same way, after the examples.

Usage: commonmark.py [--reorder PATH] [--seed N] [--random N] [--verbose]
Prints `N passed, N failed` (and the examples refused) and exits 1 on a
failure.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys

from markdown_it import MarkdownIt

HERE = os.path.dirname(os.path.abspath(__file__))
md = MarkdownIt("commonmark")
sys.path.insert(0, HERE)
import reference  # noqa: E402  (reference.py beside this script)


def run(reorder, args, text):
    result = subprocess.run([reorder] + args + ["--format", "markdown"], input=text.encode(),
                            capture_output=True, timeout=30)
    return result.returncode, result.stdout.decode(), result.stderr.decode()


# A token tree: each node is (open token, children, close token), or a
# leaf token.
def tree(tokens):
    root = []
    stack = [root]
    opens = []
    for token in tokens:
        if token.nesting == 1:
            node = [token, [], None]
            stack[-1].append(node)
            stack.append(node[1])
            opens.append(node)
        elif token.nesting == -1:
            stack.pop()
            opens.pop()[2] = token
        else:
            stack[-1].append(token)
    return root


def flatten(nodes):
    out = []
    for node in nodes:
        if isinstance(node, list):
            out.append(node[0])
            out += flatten(node[1])
            out.append(node[2])
        else:
            out.append(node)
    return out


def is_list(node):
    return isinstance(node, list) and node[0].type in ("bullet_list_open", "ordered_list_open")


def top_lists(nodes):
    """The document's lists: not inside a block quote or a list."""
    return [node for node in nodes if is_list(node)]


def inner_list(item):
    """The first list directly inside a list item."""
    for node in item[1]:
        if is_list(node):
            return node
    return None


def find(nodes, path):
    lists = top_lists(nodes)
    if path[0] >= len(lists):
        return None
    current = lists[path[0]]
    for index in path[1:]:
        items = current[1]
        if index >= len(items):
            return None
        current = inner_list(items[index])
        if current is None:
            return None
    return current


def render(nodes):
    return md.renderer.render(flatten(nodes), md.options, {})


def expected_html(source, path, order):
    nodes = tree(md.parse(source))
    target = find(nodes, path)
    items = target[1]
    target[1] = [items[i] for i in order]
    return render(nodes)


def lists_of(reorder, source):
    """The paths of every list reorder reads, or the refusal."""
    paths = []
    status, out, err = run(reorder, ["reverse", "-p", ""], source)
    if status == 2 and "nothing at" in err and "has no list" in err:
        return paths, None
    if status == 2 and "nothing at" not in err and "is a document of" not in err:
        return None, (status, out, err)

    def walk(path):
        status, out, err = run(reorder, ["move", "0", "0", "-p", "/" + "/".join(map(str, path))], source)
        if status != 0:
            return False
        paths.append(path)
        for item in range(1000):
            status, _, err = run(reorder, ["move", "0", "0", "-p", "/" + "/".join(map(str, path + [item]))], source)
            if status == 0:
                walk(path + [item])
            elif "is not one of its indices" in err:
                break
        return True

    index = 0
    while walk([index]):
        index += 1
    return paths, None


WORDS = ["alpha", "Beta", "[gamma](https://g.example)", "`delta`", "**epsilon**", "zeta", "[x] eta", "theta - a tool"]


def random_list(rng, indent, depth, tab=False):
    """A list at `indent` spaces (with `tab`, at one tab, which is 4
    columns): its lines."""
    ordered = rng.random() < 0.4
    bullet = rng.choice("-*+")
    delimiter = rng.choice(".)")
    start = rng.choice([1, 1, 0, 7, 8, 9, 98, 99])
    same = rng.random() < 0.2
    loose = rng.random() < 0.3
    count = rng.randint(2, 5)
    margin = "\t" if tab else " " * indent
    if tab:
        indent = 4
    lines = []
    for k in range(count):
        marker = (f"{start if same else start + k}{delimiter}" if ordered else bullet)
        padding = " " * rng.choice([1, 1, 1, 2])
        column = indent + len(marker) + len(padding)
        inner = " " * column
        if k > 0 and loose:
            lines.append("")
        lines.append(f"{margin}{marker}{padding}{rng.choice(WORDS)} {k}")
        if rng.random() < 0.15:
            # A lazy continuation line: no indentation at all.
            lines.append(f"lazy {k}")
        kind = rng.random()
        if kind < 0.15:
            lines.append(f"{inner}continued {k}")
        elif kind < 0.25:
            lines += ["", f"{inner}a second paragraph {k}"]
        elif kind < 0.35:
            lines += ["", f"{inner}```", f"{inner}- not an item", "", f"{inner}```"]
        elif kind < 0.42:
            lines.append(f"{inner}> quoted {k}")
        elif kind < 0.55 and depth < 2:
            # A sublist indented with a tab, as awesome lists write them,
            # where a tab reaches the item's content.
            tabbed = indent == 0 and column <= 4 and rng.random() < 0.4
            lines += random_list(rng, column, depth + 1, tab=tabbed)
    return lines


def random_document(rng):
    lines = []
    for block in range(rng.randint(1, 4)):
        choice = rng.random()
        if lines:
            lines.append("")
        if choice < 0.25:
            lines.append("#" * rng.randint(1, 3) + f" Heading {block}")
        elif choice < 0.4:
            lines.append(f"A paragraph {block}.")
        else:
            lines += random_list(rng, rng.choice([0, 0, 0, 1, 2]), 0)
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reorder", default=os.environ.get("REORDER", "reorder"))
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument("--random", type=int, default=0)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    data = json.load(open(os.path.join(HERE, "commonmark-lists.json"), encoding="utf-8"))
    passed = failed = 0
    refused = []
    refused_edits = []
    edited = 0

    def fail(example, what):
        nonlocal failed
        failed += 1
        print(f"FAIL example {example['example']}: {what}\n--- markdown:\n{example['markdown']}", file=sys.stderr)

    examples = data["examples"] + [
        {"example": f"random {k}", "markdown": random_document(rng)} for k in range(args.random)]
    for example in examples:
        source = example["markdown"]
        nodes = tree(md.parse(source))
        # Where markdown-it reads the document otherwise than the
        # reference, the reference judges.
        follow_reference = md.render(source) != reference.html(source)
        paths, refusal = lists_of(args.reorder, source)
        if refusal is not None:
            status, out, err = refusal
            message = err.strip().splitlines()
            if status == 2 and out == "" and len(message) == 1 and re.match(r"reorder: <stdin>:\d+:\d+: ", message[0]):
                passed += 1
                refused.append((example["example"], message[0]))
            else:
                fail(example, f"a refusal that is not clean: exit {status}, stdout {out!r}, stderr {err!r}")
            continue
        # The lists reorder reads are markdown-it's.
        theirs = []

        def collect(node, path):
            theirs.append(path)
            for index, item in enumerate(node[1]):
                inner = inner_list(item)
                if inner is not None:
                    collect(inner, path + [index])

        for index, node in enumerate(top_lists(nodes)):
            collect(node, [index])
        if follow_reference:
            theirs = [path for path, _ in reference.paths(source)]
        if sorted(paths) != sorted(theirs):
            fail(example, f"reorder reads the lists {paths}, markdown-it {theirs}")
            continue
        ok = True
        for path in paths:
            pointer = "/" + "/".join(map(str, path))
            count = len(reference.children(reference.find(reference.parser.parse(source), path))) if follow_reference \
                else len(find(nodes, path)[1])
            edits = [("reverse", [], list(reversed(range(count))))]
            for _ in range(3):
                a, b = rng.randrange(count), rng.randrange(count)
                order = list(range(count))
                order.insert(b, order.pop(a))
                edits.append(("move", [str(a), str(b)], order))
            if count > 1:
                gone = rng.randrange(count)
                edits.append(("delete", [str(gone)], [i for i in range(count) if i != gone]))
            for command, arguments, order in edits:
                status, out, err = run(args.reorder, [command] + arguments + ["-p", pointer], source)
                edited += 1
                if status == 2 and out == "" and "would" in err and len(err.strip().splitlines()) == 1:
                    # A result that would not read back as the same items
                    # is refused before anything is written.
                    refused_edits.append((example["example"], command, arguments, pointer, err.strip()))
                    continue
                if status != 0:
                    fail(example, f"{command} {arguments} -p {pointer}: exit {status}: {err.strip()}")
                    ok = False
                    continue
                if follow_reference:
                    want, got = reference.expected_html(source, path, order), reference.html(out)
                else:
                    want, got = expected_html(source, path, order), md.render(out)
                if command == "delete":
                    # Which separator goes with the last position decides
                    # whether a list of mixed spacing stays loose: compare
                    # the items, not their paragraphs.
                    want, got = (re.sub(r"</?p>|\s", "", html) for html in (want, got))
                if got != want:
                    fail(example, f"{command} {arguments} -p {pointer}:\n--- result:\n{out}--- html:\n{got}--- expected html:\n{want}")
                    ok = False
        if ok:
            passed += 1
            if args.verbose:
                print(f"example {example['example']}: {len(paths)} lists")
    for number, message in refused:
        print(f"refused example {number}: {message}")
    for number, command, arguments, pointer, message in refused_edits:
        print(f"refused edit of example {number}: {command} {' '.join(arguments)} -p {pointer}: {message}")
    print(f"{edited} edits of {len(data['examples'])} examples and {args.random} random documents; {len(refused)} refused")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
