#!/usr/bin/env python3
"""The real tasks of moving an item from a list of one file into a list of
another, on real files written by others, judged by each format's own
parser.

    python3 Tests/conformance/between_files.py --reorder PATH SUITE

SUITE is ../shared/thirdparty. Each task copies its two files to a
temporary folder, runs `reorder move FROM TO -p LIST [--to DEST]
--to-file OTHER FILE` there, and checks:

- the data: both files load (json, tomllib, PyYAML) to exactly what the
  task means: the item gone from LIST in FILE, in DEST in OTHER with the
  value it had, at the place it names, everything else equal;
- the bytes: the lines FILE lost are the lines OTHER gained, up to their
  indentation and a separator (`,`) at the end; every other line of each
  file is as it was.

A task whose files are not there is skipped. Prints each failure and
`between-files: N passed, M failed, K skipped`; exits 1 when a check failed.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib

import yaml

LOADERS = {
    "json": json.loads,
    "toml": tomllib.loads,
    "yaml": yaml.safe_load,
}

# (name, format, file, other, pointer of LIST, pointer of DEST, key, TO)
TASKS = [
    ("a devDependency of prettier's package.json into vscode_deno's, at its sorted place", "json",
     "realworld-2/prettier__prettier__package.json", "realworld-2/denoland__vscode_deno__package.json",
     "/devDependencies", "/devDependencies", "c8", "sorted"),
    ("a Helm chart's config entry into another chart's values.yaml", "yaml",
     "realworld-2/grafana__helm-charts__charts__fluent-bit__values.yaml",
     "realworld-2/grafana__helm-charts__charts__promtail__values.yaml",
     "/config", "/config", "labelMap", "-1"),
    ("a crate's dependency into a workspace's [workspace.dependencies]", "toml",
     "realworld-2/pydantic__pydantic__pydantic-core__Cargo.toml", "realworld-2/astral-sh__uv__Cargo.toml",
     "/dependencies", "/workspace/dependencies", "jiter", "-1"),
]


def at(data, pointer):
    for part in pointer.strip("/").split("/"):
        data = data[part]
    return data


def stripped(line):
    return line.strip().rstrip(",")


def judge(reorder, suite, task, folder):
    name, fmt, file, other, pointer, dest, key, to = task
    load = LOADERS[fmt]
    source_path, other_path = os.path.join(suite, file), os.path.join(suite, other)
    if not (os.path.exists(source_path) and os.path.exists(other_path)):
        return None
    a, b = os.path.join(folder, "a." + fmt), os.path.join(folder, "b." + fmt)
    shutil.copyfile(source_path, a)
    shutil.copyfile(other_path, b)
    before_a, before_b = open(a, encoding="utf-8").read(), open(b, encoding="utf-8").read()
    command = [reorder, "move", "=" + key, to, "-p", pointer, "--to", dest, "--to-file", b, a]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        return f"{name}: exit {run.returncode}: {run.stderr.strip()}"
    after_a, after_b = open(a, encoding="utf-8").read(), open(b, encoding="utf-8").read()
    # The data.
    old_a, old_b, new_a, new_b = load(before_a), load(before_b), load(after_a), load(after_b)
    value = at(old_a, pointer)[key]
    del at(old_a, pointer)[key]
    if new_a != old_a:
        return f"{name}: {file} lost more than '{key}'"
    items = list(at(old_b, dest).items())
    if to == "sorted":
        place = next((i for i, (k, _) in enumerate(items) if k > key), len(items))
    else:
        place = len(items)
    items.insert(place, (key, value))
    if list(at(new_b, dest).items()) != items:
        return f"{name}: {other} does not hold '{key}' at {place} with its value"
    at(old_b, dest).clear()
    at(old_b, dest).update(items)
    if new_b != old_b:
        return f"{name}: {other} changed elsewhere"
    # The bytes: what one file lost, the other gained.
    lost = [line for line in before_a.splitlines() if line not in after_a.splitlines()]
    gained = [line for line in after_b.splitlines() if line not in before_b.splitlines()]
    if sorted(map(stripped, lost)) != sorted(map(stripped, gained)):
        return f"{name}: lines lost {lost} are not the lines gained {gained}"
    return ""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reorder", required=True)
    parser.add_argument("suite")
    arguments = parser.parse_args()
    passed = failed = skipped = 0
    for task in TASKS:
        with tempfile.TemporaryDirectory() as folder:
            result = judge(os.path.abspath(arguments.reorder), arguments.suite, task, folder)
        if result is None:
            skipped += 1
        elif result:
            failed += 1
            print("FAIL " + result)
        else:
            passed += 1
    print(f"between-files: {passed} passed, {failed} failed, {skipped} skipped")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
