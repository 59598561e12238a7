#!/usr/bin/env python3
"""The real tasks of moving an item between two lists of one file, on real
files written by others, judged by each format's own parser.

    python3 Tests/conformance/between_lists.py --reorder PATH SUITE

SUITE is ../shared/thirdparty. Each task copies its file to a temporary
folder, runs `reorder move FROM TO -p LIST --to DEST` there, and checks:

- the data: the file loads (json, tomllib, PyYAML, markdown-it-py) to
  exactly what the task means: the item gone from LIST and in DEST at the
  place it names (the sorted place: after every item of DEST that sorts
  before or with it, before the first that sorts after it), everything
  else equal;
- the bytes: the lines the result lost and gained are the item's lines,
  and only those, up to their indentation and a separator (`,`) at the
  end; every other line is as it was.

A task whose file is not there is skipped. Prints each failure and
`between-lists: N passed, M failed, K skipped`; exits 1 when a check failed.
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib

import yaml


def load_json(text):
    return json.loads(text)


def load_toml(text):
    return tomllib.loads(text)


def load_yaml(text):
    return yaml.safe_load(text)


def markdown_lists(text):
    """Each heading's path, and the text of each item of the list under it."""
    from markdown_it import MarkdownIt
    tokens = MarkdownIt("commonmark").parse(text)
    lists = collections.OrderedDict()
    path = []
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            # The headings above it of lower levels, whichever are there
            # (an awesome-list's title is often HTML, not a heading).
            level = int(token.tag[1:])
            while path and path[-1][0] >= level:
                path.pop()
            path.append((level, tokens[i + 1].content))
        elif token.type == "list_item_open" and token.level == 1:
            lists.setdefault("/".join(text for _, text in path), []).append(token.map[0])
    # The item's source lines.
    lines = text.split("\n")
    result = collections.OrderedDict()
    for key, starts in lists.items():
        result[key] = [lines[s].strip() for s in starts]
    return result


def get(data, pointer):
    for token in pointer.strip("/").split("/"):
        data = data[int(token)] if isinstance(data, list) else data[token]
    return data


def sorted_place(items, new):
    """The first position whose item sorts after `new` (byte order)."""
    key = new.encode()
    for index, item in enumerate(items):
        if item.encode() > key:
            return index
    return len(items)


def lines_changed(old, new):
    """The lines only one of the texts has, by count, stripped of their
    indentation and of a separator at the end."""
    def norm(line):
        return line.strip().rstrip(",").strip()
    a = collections.Counter(norm(line) for line in old.split("\n"))
    b = collections.Counter(norm(line) for line in new.split("\n"))
    return a - b, b - a


TASKS = [
    # A package.json promotion: a dev-dependency to its sorted place.
    dict(name="package.json promotion", file="realworld-3/shadcn-ui__ui__package.json", load=load_json,
         args=["move", "=typescript", "sorted", "-p", "/devDependencies", "--to", "/dependencies"],
         list="/devDependencies", dest="/dependencies", key="typescript", sorted=True),
    # A Cargo.toml dev-dependency to the dependencies.
    dict(name="Cargo.toml dev-dependency", file="realworld-3/nushell__nushell__crates__nu-command__Cargo.toml",
         load=load_toml, args=["move", "=rstest", "sorted", "-p", "/dev-dependencies", "--to", "/dependencies"],
         list="/dev-dependencies", dest="/dependencies", key="rstest", sorted=True),
    # A pyproject.toml optional group's requirement into the project's.
    dict(name="pyproject.toml group", file="realworld-3/pdm-project__pdm__pyproject.toml", load=load_toml,
         args=["move", "=keyring", "sorted", "-p", "/project/optional-dependencies/keyring",
               "--to", "/project/dependencies"],
         list="/project/optional-dependencies/keyring", dest="/project/dependencies", element="keyring", sorted=True,
         inline="keyring = ["),
    # A workflow step from one job to another (first there, and last: the
    # README's).
    dict(name="workflow step", file="realworld-2/pydantic__pydantic__.github__workflows__ci.yml", load=load_yaml,
         args=["move", "-1", "0", "-p", "/jobs/lint/steps", "--to", "/jobs/core-build-sdist/steps"],
         list="/jobs/lint/steps", dest="/jobs/core-build-sdist/steps", index=-1, at=0),
    dict(name="workflow step, last", file="realworld-2/pydantic__pydantic__.github__workflows__ci.yml", load=load_yaml,
         args=["move", "-1", "-1", "-p", "/jobs/lint/steps", "--to", "/jobs/core-build-sdist/steps"],
         list="/jobs/lint/steps", dest="/jobs/core-build-sdist/steps", index=-1, at=-1),
    # The README's Cargo.toml task.
    dict(name="Cargo.toml dev-dependency (ripgrep)", file="realworld/BurntSushi__ripgrep__Cargo.toml",
         load=load_toml, args=["move", "=serde_derive", "sorted", "-p", "/dev-dependencies", "--to", "/dependencies"],
         list="/dev-dependencies", dest="/dependencies", key="serde_derive", sorted=True),
    # A CHANGELOG entry from one release to another (first there).
    dict(name="CHANGELOG entry", file="realworld-3/olivierlacan__keep-a-changelog__CHANGELOG.md", load=None,
         args=["move", "0", "0", "-p", "/Changelog/[1.1.2] - 2024-09-27/Fixed",
               "--to", "/Changelog/[1.1.1] - 2023-03-05/Fixed"],
         list="Changelog/[1.1.2] - 2024-09-27/Fixed", dest="Changelog/[1.1.1] - 2023-03-05/Fixed", index=0, at=0),
    # The README's CHANGELOG task: an entry by its text, first there.
    dict(name="CHANGELOG entry by text", file="realworld-3/olivierlacan__keep-a-changelog__CHANGELOG.md", load=None,
         args=["move", "=Improve Dutch translation.", "0", "-p", "/Changelog/[1.1.2] - 2024-09-27/Fixed",
               "--to", "/Changelog/[1.1.1] - 2023-03-05/Fixed"],
         list="Changelog/[1.1.2] - 2024-09-27/Fixed", dest="Changelog/[1.1.1] - 2023-03-05/Fixed", index=1, at=0),
    # An awesome-list's link from one heading to another (first there; the
    # README's: by a pattern, last there).
    dict(name="awesome-list link", file="realworld-3/sindresorhus__awesome-nodejs__readme.md", load=None,
         args=["move", "0", "0", "-p", "/Packages/Mad science", "--to", "/Packages/Real-time"],
         list="Packages/Mad science", dest="Packages/Real-time", index=0, at=0),
    dict(name="awesome-list link, last", file="realworld-3/sindresorhus__awesome-nodejs__readme.md", load=None,
         args=["move", "~^webtorrent", "-1", "-p", "/Packages/Mad science", "--to", "/Packages/Real-time"],
         list="Packages/Mad science", dest="Packages/Real-time", index=0, at=-1),
]


def insert(items, at, item):
    """`item` at index `at` of the result, as reorder counts it: -1 is the
    last place (Python's insert(-1) would put it before the last)."""
    items.insert(at if at >= 0 else len(items) + 1 + at, item)


def check(task, reorder, suite):
    path = os.path.join(suite, task["file"])
    if not os.path.exists(path):
        return "skipped"
    with tempfile.TemporaryDirectory() as folder:
        target = os.path.join(folder, os.path.basename(path))
        shutil.copyfile(path, target)
        old = open(path, encoding="utf-8").read()
        run = subprocess.run([reorder] + task["args"] + [target], capture_output=True, text=True)
        if run.returncode != 0:
            return f"exit {run.returncode}: {run.stderr.strip()}"
        new = open(target, encoding="utf-8").read()
    failures = []
    if task["load"] is None:
        before, after = markdown_lists(old), markdown_lists(new)
        item = before[task["list"]][task["index"]]
        expected = collections.OrderedDict((k, list(v)) for k, v in before.items())
        expected[task["list"]].pop(task["index"])
        insert(expected[task["dest"]], task["at"], item)
        expected = collections.OrderedDict((k, v) for k, v in expected.items() if v)
        if after != expected:
            failures.append("markdown-it-py reads other lists than the move gives")
    else:
        before, after = task["load"](old), task["load"](new)
        expected = json.loads(json.dumps(before))  # a deep copy
        source, dest = get(expected, task["list"]), get(expected, task["dest"])
        if "key" in task:
            value = source.pop(task["key"])
            keys = list(dest)
            place = sorted_place(keys, task["key"]) if task.get("sorted") else task["at"]
            items = list(dest.items())
            items.insert(place, (task["key"], value))
            dest.clear()
            dest.update(items)
        elif "element" in task:
            source.remove(task["element"])
            dest.insert(sorted_place(dest, task["element"]), task["element"])
        else:
            value = source.pop(task["index"])
            insert(dest, task["at"], value)
        if json.dumps(after) != json.dumps(expected):
            failures.append("the parser reads other data than the move gives")
    lost, gained = lines_changed(old, new)
    if task.get("inline"):
        # An inline array that gives its element away is written closed up
        # (`["keyring"]` becomes `[]`): that line, and the element's own.
        lost = collections.Counter({line: n for line, n in lost.items() if task["inline"] not in line})
        gained = collections.Counter({line: n for line, n in gained.items() if task["inline"] not in line})
        gained -= collections.Counter([json.dumps(task["element"])])
    if lost != gained:
        failures.append(f"lines lost {dict(lost)} and gained {dict(gained)} differ")
    return "; ".join(failures) or None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reorder", required=True)
    parser.add_argument("suite")
    options = parser.parse_args()
    passed = failed = skipped = 0
    for task in TASKS:
        outcome = check(task, options.reorder, options.suite)
        if outcome == "skipped":
            skipped += 1
        elif outcome:
            failed += 1
            print(f"between-lists: {task['name']} ({task['file']}): {outcome}")
        else:
            passed += 1
    print(f"between-lists: {passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
