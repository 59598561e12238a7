#!/usr/bin/env bash
# SARIF 2.1.0 conformance of `reorder check --reporter sarif`.
#
# Makes a throw-away git repository of the real files under
# ../shared/thirdparty/realworld*/ (package.json, Cargo.toml, pyproject.toml,
# workflows, pre-commit configurations: each copied under a folder of its
# own, with a name that has a space and a non-ASCII letter to exercise the
# URI encoding), a policy for their lists, and some lists put out of order,
# then validates the SARIF log against the 2.1.0 schema in
# ../shared/thirdparty/sarif with Python's jsonschema (Draft 4, as the
# schema says), and checks what the schema cannot: each ruleIndex points at
# its rule, each uri is a relative URI reference, lines and columns match
# the text reporter's findings, and the JSON reporter's scripts, applied with
# `reorder batch`, give what `reorder fix` writes.
#
#   Tests/conformance/sarif.sh      # REORDER=path/to/reorder to choose the binary
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SHARED="$ROOT/../shared/thirdparty"
REORDER=${REORDER:-$ROOT/.build/debug/reorder}

if [ ! -f "$SHARED/sarif/sarif-schema-2.1.0.json" ]; then
    echo "sarif: the schema is not at $SHARED/sarif; nothing to run"
    exit 0
fi
[ -x "$REORDER" ] || { echo "sarif: no reorder binary at $REORDER (build it or set REORDER)" >&2; exit 2; }

python3 - "$SHARED" "$REORDER" <<'PY'
import json, os, random, re, shutil, subprocess, sys, tempfile
try:
    import jsonschema
except ImportError:
    print("sarif: Python's jsonschema is missing (make test installs it into .build/test-tools)")
    sys.exit(2)

shared, reorder = sys.argv[1], sys.argv[2]
schema = json.load(open(os.path.join(shared, "sarif", "sarif-schema-2.1.0.json"), encoding="utf-8"))
jsonschema.Draft4Validator.check_schema(schema)
validator = jsonschema.Draft4Validator(schema)

work = tempfile.mkdtemp(prefix="reorder-sarif-")
try:
    repo = os.path.join(work, "repo")
    os.makedirs(repo)
    kinds = {"package.json": "package.json", "Cargo.toml": "Cargo.toml", "pyproject.toml": "pyproject.toml",
             ".pre-commit-config.yaml": ".pre-commit-config.yaml"}
    copied = 0
    for folder in ("realworld", "realworld-2"):
        directory = os.path.join(shared, folder)
        if not os.path.isdir(directory):
            continue
        for name in sorted(os.listdir(directory)):
            for suffix, target in kinds.items():
                if name.endswith("__" + suffix):
                    place = os.path.join(repo, "pkgs", "%s é %d" % (folder, copied))
                    os.makedirs(place)
                    shutil.copyfile(os.path.join(directory, name), os.path.join(place, target))
                    os.chmod(os.path.join(place, target), 0o644)
                    copied += 1
    policy = """
[[rule]]
files = ["package.json"]
lists = ["/dependencies", "/devDependencies", "/keywords"]
missing = "ok"

[[rule]]
files = ["Cargo.toml"]
lists = ["/dependencies", "/workspace/members", "/workspace/dependencies"]
groups = "blank-lines"
missing = "ok"

[[rule]]
files = ["pyproject.toml"]
lists = ["/project/dependencies", "/project/optional-dependencies/*", "/project/classifiers"]
missing = "ok"

[[rule]]
files = [".pre-commit-config.yaml"]
list = "/repos/*/hooks"
key = "/id"
missing = "ok"
"""
    open(os.path.join(repo, ".reorder.toml"), "w").write(policy)
    run = lambda *args, **kw: subprocess.run(list(args), cwd=repo, capture_output=True, **kw)
    run("git", "init", "-q")
    run("git", "add", "-A")
    checked = run(reorder, "check", "--reporter", "sarif")
    if checked.returncode not in (0, 1):
        print("sarif: reorder check failed (exit %d): %s" % (checked.returncode, checked.stderr.decode()[:2000]))
        sys.exit(1)
    log = json.loads(checked.stdout)
    problems = ["%s: %s" % (list(e.absolute_path), e.message) for e in validator.iter_errors(log)]
    text = run(reorder, "check").stdout.decode().splitlines()
    results = log["runs"][0]["results"]
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    if len(results) != len(text):
        problems.append("%d results, but the text reporter found %d lists" % (len(results), len(text)))
    uri = re.compile(r"^(?:[A-Za-z0-9._~/-]|%[0-9A-F]{2})+$")
    from urllib.parse import unquote
    for result, line in zip(results, text):
        if rules[result["ruleIndex"]]["id"] != result["ruleId"]:
            problems.append("ruleIndex %d is not %s" % (result["ruleIndex"], result["ruleId"]))
        location = result["locations"][0]["physicalLocation"]
        path = location["artifactLocation"]["uri"]
        if not uri.match(path) or path.startswith("/"):
            problems.append("not a relative URI reference: %r" % path)
        expected = "%s:%d: " % (unquote(path), location["region"]["startLine"])
        if not line.startswith(expected):
            problems.append("SARIF %r, text %r" % (expected, line))
    # The JSON reporter's scripts fix each list as fix does.
    findings = json.loads(run(reorder, "check", "--reporter", "json").stdout)["findings"]
    scripts = 0
    for finding in findings:
        if finding["rule"] == 0 or finding.get("document") is not None:
            continue
        path = os.path.join(repo, finding["path"])
        script = os.path.join(work, "script")
        open(script, "w").write(finding["script"])
        applied = run(reorder, "batch", "-p", finding["list"], "-f", script, path, "-o", "-")
        if applied.returncode != 0:
            problems.append("%s %s: batch failed: %s" % (finding["path"], finding["list"], applied.stderr.decode()[:300]))
        scripts += 1
    fixed = run(reorder, "fix")
    again = run(reorder, "check")
    if fixed.returncode != 0 or again.returncode != 0:
        problems.append("fix (%d) then check (%d): %s" % (fixed.returncode, again.returncode, (fixed.stderr + again.stdout).decode()[:1000]))
    diff = run("git", "diff", "--numstat").stdout.decode().splitlines()
    for entry in diff:
        added, removed, _ = entry.split("\t", 2)
        if added != removed:
            problems.append("fix changed the number of lines: %s" % entry)
    for problem in problems[:20]:
        print("sarif: " + problem)
    print("sarif: %d files, %d findings validated against SARIF 2.1.0, %d scripts applied, %d problems"
          % (copied, len(results), scripts, len(problems)))
    sys.exit(1 if problems or not results else 0)
finally:
    shutil.rmtree(work, ignore_errors=True)
PY
