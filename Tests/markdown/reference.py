#!/usr/bin/env python3
"""CommonMark's reference implementation for Python (commonmark.py, the
`commonmark` package) as a judge of reorder's Markdown edits: where
markdown-it-py and the reference disagree, reorder follows the reference.

Used by `commonmark.py` beside this script (each edit judged by both
parsers where they agree on the source, by the reference where they do
not), and run on its own it judges the cases below: documents with lazy
continuation lines, tab indentation, and the shapes a differential fuzzer
found (an autolink on a line of its own, a paragraph after a list whose
last item ends in fenced code, a number past 9 digits, a deleted list
between two lists of the same marker, an item that is indented code).

Usage: reference.py [--reorder PATH]
Prints `N passed, N failed` and exits 1 on a failure.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load_reference():
    """The `commonmark` package, not `commonmark.py` beside this script
    (which has the same name)."""
    path, module = sys.path[:], sys.modules.pop("commonmark", None)
    sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or ".") != HERE]
    try:
        import commonmark as package
    finally:
        sys.path[:] = path
        if module is not None:
            sys.modules["commonmark"] = module
        else:
            sys.modules.pop("commonmark", None)
    return package


commonmark = load_reference()
parser = commonmark.Parser()
renderer = commonmark.HtmlRenderer()


def lists_of(node):
    """The lists directly in a container, and in a list item the first."""
    out = []
    child = node.first_child
    while child is not None:
        if child.t == "list":
            out.append(child)
        child = child.nxt
    return out


def children(node):
    out = []
    child = node.first_child
    while child is not None:
        out.append(child)
        child = child.nxt
    return out


def find(document, path):
    """The list at a reorder path of indices (/0, /0/2): a top-level list
    of the document, then the first list inside an item."""
    lists = lists_of(document)
    if path[0] >= len(lists):
        return None
    current = lists[path[0]]
    for index in path[1:]:
        items = children(current)
        if index >= len(items):
            return None
        inner = lists_of(items[index])
        if not inner:
            return None
        current = inner[0]
    return current


def paths(source):
    """Every list's path, with its number of items."""
    out = []

    def walk(node, path):
        items = children(node)
        out.append((path, len(items)))
        for index, item in enumerate(items):
            inner = lists_of(item)
            if inner:
                walk(inner[0], path + [index])

    for index, node in enumerate(lists_of(parser.parse(source))):
        walk(node, [index])
    return out


def html(source):
    return renderer.render(parser.parse(source))


def expected_html(source, path, order, inserted=None):
    """The source's HTML with the list's items in `order` (an index, or
    None for the item `inserted`, a Markdown line such as '- x')."""
    document = parser.parse(source)
    target = find(document, path)
    items = children(target)
    for item in items:
        item.unlink()
    for index in order:
        if index is None:
            new = children(find(parser.parse(inserted), [0]))[0]
            new.unlink()
            target.append_child(new)
        else:
            target.append_child(items[index])
    return renderer.render(document)


def without_paragraphs(text):
    """HTML without <p> and white space: a delete or insert may make a
    loose list tight, or a tight one loose (the items are what counts)."""
    return re.sub(r"</?p>|\s", "", text)


def run(reorder, args, text):
    result = subprocess.run([reorder] + args + ["--format", "markdown"], input=text.encode(),
                            capture_output=True, timeout=30)
    return result.returncode, result.stdout.decode(), result.stderr.decode()


# Each case: a document, the path of a list, the edit, and what must come
# of it: the items in a new order ("order", judged by the reference), the
# exact bytes ("bytes"), or a refusal whose message holds a text
# ("refused"). An edit without an "order" edits every list of the
# document with reverse, move and delete, judged by the reference.
CASES = [
    # Lazy continuation lines belong to their item and move with it.
    {"source": "- a\nlazy a\n- b\n  b two\nlazy b\n- c\n", "path": "/0", "edit": ["reverse"],
     "bytes": "- c\n- b\n  b two\nlazy b\n- a\nlazy a\n"},
    {"source": "# T\n\n* **Added**: a thing\nthat goes on\n* **Fixed**: another\n\n## U\n\n- x\n- y\n",
     "path": "/T", "edit": ["move", "0", "1"],
     "bytes": "# T\n\n* **Fixed**: another\n* **Added**: a thing\nthat goes on\n\n## U\n\n- x\n- y\n"},
    # A lazy line in one list does not refuse another.
    {"source": "- a\nlazy\n\n# H\n\n1. x\n2. y\n", "path": "/H", "edit": ["reverse"],
     "bytes": "- a\nlazy\n\n# H\n\n1. y\n2. x\n"},
    # A lazy line of a nested item, and of a quote inside an item.
    {"source": "- a\n  - b\nlazy b\n- c\n  > q\nlazy q\n- d\n", "path": "/0", "edit": ["reverse"],
     "bytes": "- d\n- c\n  > q\nlazy q\n- a\n  - b\nlazy b\n"},
    # `2.` after an item, or after a quote, starts a list (it is no lazy line).
    {"source": "- a\n2. b\n3. c\n", "path": "/1", "edit": ["reverse"], "bytes": "- a\n2. c\n3. b\n"},
    {"source": "> a\n2. b\n3. c\n", "path": "", "edit": ["reverse"], "bytes": "> a\n2. c\n3. b\n"},
    # Tabs: sublists indented with tabs, kept byte for byte.
    {"source": "- [A](a)\n\t- [A1](a1)\n\t- [A2](a2)\n- [B](b)\n\t- [B1](b1)\n", "path": "/0", "edit": ["reverse"],
     "bytes": "- [B](b)\n\t- [B1](b1)\n- [A](a)\n\t- [A1](a1)\n\t- [A2](a2)\n"},
    {"source": "- [A](a)\n\t- [A1](a1)\n\t- [A2](a2)\n- [B](b)\n", "path": "/0/0", "edit": ["reverse"],
     "bytes": "- [A](a)\n\t- [A2](a2)\n\t- [A1](a1)\n- [B](b)\n"},
    {"source": "-\tone\n-\ttwo\n\n\tmore two\n", "path": "/0", "edit": ["reverse"]},
    # A tab-indented item that moves to a marker of another width is
    # re-laid with tabs at its new column.
    {"source": "9. nine\n\t- nine a\n10. ten\n", "path": "/0", "edit": ["reverse"],
     "bytes": "9. ten\n10. nine\n\t - nine a\n"},
    {"source": "8. eight\n\n\t   code\n9. nine\n10. ten\n", "path": "/0", "edit": ["move", "0", "2"]},
    # An autolink on its own line is a paragraph, not an HTML block.
    {"source": "# Links\n\n<https://example.com>\n- a\n- b\n\n# Next\n\n- c\n- d\n", "path": "/Links", "edit": ["reverse"],
     "bytes": "# Links\n\n<https://example.com>\n- b\n- a\n\n# Next\n\n- c\n- d\n"},
    {"source": "<https://example.com>\n\n- a\n- b\n\n# Next\n\n- c\n- d\n", "path": "/0", "edit": ["reverse"],
     "bytes": "<https://example.com>\n\n- b\n- a\n\n# Next\n\n- c\n- d\n"},
    {"source": "<div>\n- not a list\n\n- a\n- b\n", "path": "", "edit": ["reverse"],
     "bytes": "<div>\n- not a list\n\n- b\n- a\n"},
    {"source": "<a href=\"x\" title='t'>\n- not a list\n\n- a\n- b\n", "path": "", "edit": ["reverse"],
     "bytes": "<a href=\"x\" title='t'>\n- not a list\n\n- b\n- a\n"},
    {"source": "<mailto:a@b.c>\n- a\n- b\n", "path": "", "edit": ["reverse"], "bytes": "<mailto:a@b.c>\n- b\n- a\n"},
    # A paragraph after a list whose last item ends in fenced code ends
    # the list; an item that ends in a paragraph may not move last there.
    {"source": "- a\n- b\n  ```\n  x\n  ```\npara\n", "path": "", "edit": ["move", "0", "0"],
     "bytes": "- a\n- b\n  ```\n  x\n  ```\npara\n"},
    {"source": "- a\n- b\n  ```\n  x\n  ```\npara\n", "path": "", "edit": ["reverse"], "refused": "lazy line"},
    {"source": "- a\n- b\n  ```\n  x\n  ```\n\npara\n", "path": "", "edit": ["reverse"],
     "bytes": "- b\n  ```\n  x\n  ```\n- a\n\npara\n"},
    # Numbers have at most 9 digits.
    {"source": "999999999. a\n", "path": "", "edit": ["insert", "-1", "b"], "refused": "at most 9 digits"},
    {"source": "999999998. a\n", "path": "", "edit": ["insert", "-1", "b"], "bytes": "999999998. a\n999999999. b\n"},
    # Deleting a list between two lists of the same marker would join them.
    {"source": "- a\n\n* b\n\n- c\n", "path": "/1", "edit": ["delete", "0"], "refused": "join them into one list"},
    {"source": "- a\n\n* b\n\n+ c\n", "path": "/1", "edit": ["delete", "0"], "bytes": "- a\n\n\n+ c\n"},
]


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--reorder", default=os.environ.get("REORDER", "reorder"))
    args = arguments.parse_args()
    passed = failed = 0

    def fail(case, what):
        nonlocal failed
        failed += 1
        print(f"FAIL {case['edit']} -p {case['path']!r}: {what}\n--- markdown:\n{case['source']}", file=sys.stderr)

    for case in CASES:
        source = case["source"]
        status, out, err = run(args.reorder, case["edit"] + ["-p", case["path"]], source)
        if "refused" in case:
            if status == 2 and out == "" and case["refused"] in err and len(err.strip().splitlines()) == 1:
                passed += 1
            else:
                fail(case, f"not refused as '{case['refused']}': exit {status}: {out!r} {err!r}")
            continue
        if status != 0:
            fail(case, f"exit {status}: {err.strip()}")
            continue
        if "bytes" in case and out != case["bytes"]:
            fail(case, f"the result:\n{out}--- expected:\n{case['bytes']}")
            continue
        # Every list of the document, edited and judged by the reference.
        ok = True
        for path, count in paths(source):
            pointer = "/" + "/".join(map(str, path))
            edits = [(["reverse"], list(reversed(range(count)))),
                     (["move", "0", str(count - 1)], list(range(1, count)) + [0])]
            if count > 1:
                edits.append((["delete", str(count // 2)], [i for i in range(count) if i != count // 2]))
            for edit, order in edits:
                status, out, err = run(args.reorder, edit + ["-p", pointer], source)
                if status == 2 and out == "" and "would" in err:
                    continue  # a result that would read otherwise, refused
                want = expected_html(source, path, order)
                got = html(out)
                if edit[0] == "delete":
                    want, got = without_paragraphs(want), without_paragraphs(got)
                if status != 0 or got != want:
                    fail(case, f"{edit} -p {pointer}: exit {status} {err.strip()}\n--- result:\n{out}--- html:\n{got}--- expected:\n{want}")
                    ok = False
        if ok:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
