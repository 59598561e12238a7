import Foundation
import XCTest

/// `check` and `fix` with `--changed-since REF` and `--staged`, in real git
/// repositories the tests make: renamed, deleted, untracked and ignored
/// files, partly staged ones, a submodule, names with spaces and non-ASCII
/// letters.
final class ChangedFilesTests: XCTestCase {
    /// Every text file's lines in byte order; a second rule that matches no
    /// file, which a run over the whole repository reports and a run over
    /// what changed does not.
    static let policy = """
        [[rule]]
        files = ["*.txt"]
        list = ""
        format = "lines"

        [[rule]]
        files = ["nothing-has-this-name.json"]
        list = "/dependencies"

        """
    static let sorted = "a\nb\nc\n"
    static let unsorted = "b\na\nc\n"

    /// git in the test's directory (or `directory` below it), with an
    /// identity of its own; fails the test when git fails.
    @discardableResult
    func git(_ h: Harness, _ arguments: [String], in directory: String? = nil) throws -> String {
        guard let git = try tool("git", package: "git") else { return "" }
        let place = directory.map { h.url($0) } ?? h.directory
        let result = try runProgram(git, ["-c", "user.name=reorder tests", "-c", "user.email=tests@reorder.invalid",
                                          "-c", "init.defaultBranch=main", "-c", "protocol.file.allow=always",
                                          "-c", "core.autocrlf=false"] + arguments, in: place)
        XCTAssertEqual(result.status, 0, "git \(arguments): \(result.stderr)")
        return result.stdout
    }

    func makeDirectories(_ h: Harness, _ paths: [String]) throws {
        for path in paths {
            try FileManager.default.createDirectory(at: h.url(path), withIntermediateDirectories: true)
        }
    }

    func out(_ result: Harness.Result) -> String { String(decoding: result.stdout, as: UTF8.self) }

    /// What a finding of the `*.txt` rule says for `unsorted`.
    func finding(_ path: String, fixed: Bool = false) -> String {
        "\(path):1: the items (rule 1): 'a' belongs first — 1 move" + (fixed ? " (fixed)" : "") + "\n"
    }

    /// A repository on `main` with files in order and out of order, then a
    /// branch `feature` that renames, deletes, changes and adds files, a
    /// later commit on `main` the branch does not have, and untracked
    /// files (one ignored, one no rule covers).
    func makeBranch(_ h: Harness) throws {
        try makeDirectories(h, ["sub dir"])
        try h.write(".reorder.toml", Self.policy)
        try h.write(".gitignore", "ignored.txt\n")
        try h.write("changed.txt", Self.sorted)
        try h.write("old name.txt", Self.sorted)
        try h.write("gone.txt", Self.unsorted)
        try h.write("legacy.txt", Self.unsorted)
        try h.write("main-later.txt", Self.unsorted)
        try git(h, ["init", "-q"])
        try git(h, ["add", "-A"])
        try git(h, ["commit", "-q", "-m", "start"])
        try git(h, ["checkout", "-q", "-b", "feature"])
        try git(h, ["mv", "old name.txt", "new name.txt"])
        try h.write("new name.txt", Self.unsorted)
        try git(h, ["rm", "-q", "gone.txt"])
        try h.write("changed.txt", Self.unsorted)
        try h.write("sub dir/é ü.txt", Self.unsorted)
        try git(h, ["add", "-A"])
        try git(h, ["commit", "-q", "-m", "feature"])
        // main moves on: a pull request's check leaves its changes out
        // (a diff from main itself, not from the merge base, would take
        // main-later.txt, out of order on the branch).
        try git(h, ["checkout", "-q", "main"])
        try h.write("main-later.txt", Self.sorted)
        try git(h, ["commit", "-q", "-a", "-m", "later"])
        try git(h, ["checkout", "-q", "feature"])
        try h.write("untracked.txt", Self.unsorted)
        try h.write("ignored.txt", Self.unsorted)
        try h.write("notes.md", "b\na\n")
    }

    func testChangedSinceChecksWhatTheBranchChangedAndTheUntrackedFiles() throws {
        let h = try Harness()
        try makeBranch(h)
        let check = try h.run(["check", "--changed-since", "main"])
        XCTAssertEqual(check.status, 1, check.stderr)
        // Renamed: its new name; deleted: nothing; untracked and covered:
        // checked; ignored, unchanged, or changed on main only: not.
        XCTAssertEqual(out(check), finding("changed.txt") + finding("new name.txt") + finding("sub dir/é ü.txt") + finding("untracked.txt"))
        // The rule that matches none of them is not reported.
        XCTAssertEqual(check.stderr, "")

        // A run over the whole repository reports the rule, and legacy.txt.
        let whole = try h.run(["check"])
        XCTAssertEqual(whole.status, 2)
        XCTAssertTrue(out(whole).contains(finding("legacy.txt")), out(whole))
        XCTAssertTrue(whole.stderr.contains("rule 2 matches no file"), whole.stderr)

        let fix = try h.run(["fix", "--changed-since", "main"])
        XCTAssertEqual(fix.status, 0, fix.stderr)
        for path in ["changed.txt", "new name.txt", "sub dir/é ü.txt", "untracked.txt"] {
            XCTAssertEqual(try h.text(path), Self.sorted, path)
        }
        for path in ["legacy.txt", "ignored.txt", "main-later.txt"] {
            XCTAssertEqual(try h.text(path), Self.unsorted, "\(path) is written though it did not change")
        }
        XCTAssertEqual(try h.text("notes.md"), "b\na\n")
        let again = try h.run(["check", "--changed-since", "main"])
        XCTAssertEqual(again.status, 0, out(again) + again.stderr)
    }

    func testChangedSinceIncludesTheWorkTreesChangesAndNamesFilesFromASubFolder() throws {
        let h = try Harness()
        try makeBranch(h)
        try git(h, ["add", "-A"])
        try git(h, ["commit", "-q", "-m", "more"])
        // A change not committed yet counts; a file deleted in the work
        // tree is no error.
        try h.write("legacy.txt", Self.unsorted + "d\n")
        try FileManager.default.removeItem(at: h.url("changed.txt"))
        let result = try h.run(["check", "--changed-since", "main", "--config", "../.reorder.toml"], in: "sub dir")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(out(result), finding("../legacy.txt") + finding("../new name.txt") + finding("é ü.txt") + finding("../untracked.txt"))
        XCTAssertEqual(result.stderr, "")
    }

    func testSubmoduleIsSkipped() throws {
        let h = try Harness()
        try makeDirectories(h, ["library", "app"])
        try h.write("library/.reorder.toml", Self.policy)
        try h.write("library/inside.txt", Self.unsorted)
        try git(h, ["init", "-q"], in: "library")
        try git(h, ["add", "-A"], in: "library")
        try git(h, ["commit", "-q", "-m", "library"], in: "library")
        try h.write("app/.reorder.toml", Self.policy)
        try h.write("app/top.txt", Self.sorted)
        try git(h, ["init", "-q"], in: "app")
        try git(h, ["add", "-A"], in: "app")
        try git(h, ["commit", "-q", "-m", "app"], in: "app")
        try git(h, ["submodule", "--quiet", "add", h.url("library").path, "vendor/library"], in: "app")
        // Staged: the submodule (and .gitmodules) is in the index only.
        let staged = try h.run(["check", "--staged"], in: "app")
        XCTAssertEqual(staged.status, 0, out(staged) + staged.stderr)
        XCTAssertEqual(out(staged) + staged.stderr, "")
        try git(h, ["commit", "-q", "-m", "submodule"], in: "app")
        let since = try h.run(["check", "--changed-since", "HEAD~1"], in: "app")
        XCTAssertEqual(since.status, 0, out(since) + since.stderr)
        XCTAssertEqual(out(since) + since.stderr, "")
        XCTAssertEqual(try h.text("app/vendor/library/inside.txt"), Self.unsorted)
    }

    func testUnknownRevisionAndOutsideGit() throws {
        let h = try Harness()
        try makeBranch(h)
        let unknown = try h.run(["check", "--changed-since", "origin/nowhere"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(out(unknown), "")
        XCTAssertEqual(unknown.stderr, "reorder: --changed-since origin/nowhere: git knows no commit 'origin/nowhere'; fetch it first "
                       + "(git fetch origin origin/nowhere; in a GitHub workflow, actions/checkout with fetch-depth: 0)\n")
        let option = try h.run(["fix", "--changed-since", "--staged"])
        XCTAssertEqual(option.status, 2)
        XCTAssertEqual(option.stderr, "reorder: --changed-since '--staged' is not a revision; give a commit, branch or tag (origin/main, HEAD~3)\n")
        XCTAssertEqual(try h.text("changed.txt"), Self.unsorted)

        let files = try h.run(["check", "--changed-since", "main", "changed.txt"])
        XCTAssertEqual(files.status, 2)
        XCTAssertEqual(files.stderr, "reorder: '--changed-since main' and 'FILE' cannot be used together: it chooses the files itself; name files, or let it choose\n")
        // Standard input, and FILEs outside any policy's run, alike.
        let standardInput = try h.run(["fix", "--staged", "-"], stdin: Data("b\na\n".utf8))
        XCTAssertEqual(standardInput.status, 2)
        XCTAssertEqual(out(standardInput), "")
        XCTAssertEqual(standardInput.stderr, "reorder: '--staged' and 'FILE' cannot be used together: it chooses the files itself; name files, or let it choose\n")
        let both = try h.run(["check", "--changed-since", "main", "--staged"])
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(both.stderr, "reorder: '--changed-since' and '--staged' cannot be used together\n")

        let plain = try Harness()
        try plain.write(".reorder.toml", Self.policy)
        try plain.write("list.txt", Self.unsorted)
        // No repository above the test's folder counts.
        let ceiling = ["GIT_CEILING_DIRECTORIES": plain.directory.deletingLastPathComponent().path]
        for option in [["--changed-since", "main"], ["--staged"]] {
            let outside = try plain.run(["check"] + option, environment: ceiling)
            XCTAssertEqual(outside.status, 2)
            XCTAssertEqual(out(outside), "")
            let root = URL(fileURLWithPath: plain.directory.path).resolvingSymlinksInPath().path
            XCTAssertEqual(outside.stderr, "reorder: \(option.joined(separator: " ")): \(root) is not in a git repository (or git is not on PATH); "
                           + "run without it to check every file\n")
        }
    }

    /// Before a repository's first commit there is nothing to compare
    /// with: said plainly (not "fetch it first"); --staged still works.
    func testChangedSinceBeforeTheFirstCommit() throws {
        let h = try Harness()
        try h.write(".reorder.toml", Self.policy)
        try h.write("list.txt", Self.unsorted)
        try git(h, ["init", "-q"])
        try git(h, ["add", "-A"])
        for revision in ["HEAD", "main"] {
            let result = try h.run(["check", "--changed-since", revision])
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(out(result), "")
            XCTAssertEqual(result.stderr, "reorder: --changed-since \(revision): the repository has no commit yet, so nothing to compare with; "
                           + "run without it to check every file (or with --staged for what is staged)\n")
        }
        let staged = try h.run(["check", "--staged"])
        XCTAssertEqual(staged.status, 1)
        XCTAssertEqual(out(staged), finding("list.txt"))
    }

    /// `order = "like"` with --staged follows the reference file as the
    /// index holds it (what the commit will hold), not the work tree's.
    func testStagedFollowsTheIndexsReferenceFile() throws {
        let h = try Harness()
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"app/*.json\"]\nlist = \"/steps\"\norder = \"like\"\nlike = \"order.json\"\n")
        try makeDirectories(h, ["app"])
        try h.write("order.json", "{\"steps\": [\"a\", \"b\", \"c\"]}\n")
        try h.write("app/one.json", "{\"steps\": [\"a\", \"c\"]}\n")
        try git(h, ["init", "-q"])
        try git(h, ["add", "-A"])
        try git(h, ["commit", "-q", "-m", "start"])
        // The staged change follows the staged reference; the reference's
        // unstaged edit would put 'c' first.
        try h.write("app/one.json", "{\"steps\": [\"a\", \"b\", \"c\"]}\n")
        try git(h, ["add", "app/one.json"])
        try h.write("order.json", "{\"steps\": [\"c\", \"b\", \"a\"]}\n")
        let staged = try h.run(["check", "--staged"])
        XCTAssertEqual(staged.stderr, "")
        XCTAssertEqual(out(staged), "")
        XCTAssertEqual(staged.status, 0)
        // The work tree's run follows the work tree's reference.
        let whole = try h.run(["check", "app/one.json"])
        XCTAssertEqual(whole.status, 1, out(whole) + whole.stderr)
    }

    func testStagedChecksTheIndexNotTheWorkTree() throws {
        let h = try Harness()
        try h.write(".reorder.toml", Self.policy)
        try h.write("list.txt", Self.sorted)
        try h.write("other.txt", Self.unsorted)
        try git(h, ["init", "-q"])
        try git(h, ["add", "-A"])
        try git(h, ["commit", "-q", "-m", "start"])
        // Nothing staged: nothing checked (other.txt is out of order, but
        // not part of the commit).
        let nothing = try h.run(["check", "--staged"])
        XCTAssertEqual(nothing.status, 0, out(nothing) + nothing.stderr)
        XCTAssertEqual(out(nothing) + nothing.stderr, "")

        // The index out of order, the work tree fixed: the commit would
        // hold the list out of order.
        try h.write("list.txt", Self.unsorted + "d\n")
        try git(h, ["add", "list.txt"])
        try h.write("list.txt", "a\nb\nc\nd\n")
        let partly = try h.run(["check", "--staged"])
        XCTAssertEqual(partly.status, 1, partly.stderr)
        XCTAssertEqual(out(partly), finding("list.txt"))
        let json = try h.run(["check", "--staged", "--reporter", "json"])
        XCTAssertEqual(json.status, 1)
        XCTAssertTrue(out(json).contains("\"path\": \"list.txt\"") || out(json).contains("\"path\":\"list.txt\""), out(json))
        // fix writes nothing to a partly staged file, nor to the index.
        let fix = try h.run(["fix", "--staged"])
        XCTAssertEqual(fix.status, 2)
        XCTAssertEqual(out(fix), "")
        XCTAssertEqual(fix.stderr, "reorder: list.txt: partly staged: the index and the work tree differ; stage it (git add) "
                       + "or put the rest aside (git stash -k) and run again; nothing is written to this file\n")
        XCTAssertEqual(try h.text("list.txt"), "a\nb\nc\nd\n")
        XCTAssertEqual(try git(h, ["show", ":list.txt"]), Self.unsorted + "d\n")
        let diff = try h.run(["check", "--staged", "--diff"])
        XCTAssertEqual(diff.status, 2)
        XCTAssertTrue(diff.stderr.contains("list.txt: partly staged"), diff.stderr)

        // The reverse: the index in order, the work tree not.
        try h.write("list.txt", "a\nb\nc\nd\ne\n")
        try git(h, ["add", "list.txt"])
        try h.write("list.txt", "e\nd\nc\nb\na\n")
        let clean = try h.run(["check", "--staged"])
        XCTAssertEqual(clean.status, 0, out(clean) + clean.stderr)
        XCTAssertEqual(out(clean) + clean.stderr, "")

        // Fully staged: fix writes the work tree, and the user adds it.
        try h.write("list.txt", Self.unsorted)
        try git(h, ["add", "list.txt"])
        let fixed = try h.run(["fix", "--staged"])
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertEqual(out(fixed), finding("list.txt", fixed: true))
        XCTAssertEqual(try h.text("list.txt"), Self.sorted)
        XCTAssertEqual(try git(h, ["show", ":list.txt"]), Self.unsorted, "fix --staged changed the index")
        XCTAssertEqual(try h.text("other.txt"), Self.unsorted)
    }

    func testStagedNamesWithSpacesAndNonASCIIAndAFileDeletedInTheIndex() throws {
        let h = try Harness()
        try makeDirectories(h, ["dossier à part"])
        try h.write(".reorder.toml", Self.policy)
        try h.write("removed.txt", Self.unsorted)
        try h.write("kept.txt", Self.sorted)
        try git(h, ["init", "-q"])
        try git(h, ["add", "-A"])
        try git(h, ["commit", "-q", "-m", "start"])
        // Deleted in the index (still in the work tree, out of order).
        try git(h, ["rm", "-q", "--cached", "removed.txt"])
        let deleted = try h.run(["check", "--staged"])
        XCTAssertEqual(deleted.status, 0, out(deleted) + deleted.stderr)
        XCTAssertEqual(out(deleted) + deleted.stderr, "")
        // Deleted in both.
        try FileManager.default.removeItem(at: h.url("removed.txt"))
        XCTAssertEqual(try h.run(["fix", "--staged"]).status, 0)

        try h.write("dossier à part/liste été.txt", Self.unsorted)
        try h.write("with \"quote\".txt", Self.unsorted)
        try git(h, ["add", "-A"])
        let named = try h.run(["check", "--staged"])
        XCTAssertEqual(named.status, 1, named.stderr)
        XCTAssertEqual(out(named), finding("dossier à part/liste été.txt") + finding("with \"quote\".txt"))
        let fix = try h.run(["fix", "--staged"])
        XCTAssertEqual(fix.status, 0, fix.stderr)
        XCTAssertEqual(try h.text("dossier à part/liste été.txt"), Self.sorted)
        XCTAssertEqual(try h.text("with \"quote\".txt"), Self.sorted)
    }
}

extension ChangedFilesTests {
    /// docs/pre-commit.md's plain hook: `reorder check --staged` in
    /// .git/hooks/pre-commit stops a commit whose staged list is out of
    /// order, even when the work tree has it fixed.
    func testAPlainPreCommitHookChecksWhatTheCommitHolds() throws {
        let h = try Harness()
        try h.write(".reorder.toml", Self.policy)
        try h.write("list.txt", Self.sorted)
        try git(h, ["init", "-q"])
        try git(h, ["add", "-A"])
        try git(h, ["commit", "-q", "-m", "start"])
        try h.write(".git/hooks/pre-commit", "#!/bin/sh\nexec '\(Harness.binary.path)' check --staged\n", mode: 0o755)
        try h.write("list.txt", Self.unsorted + "d\n")
        try git(h, ["add", "list.txt"])
        try h.write("list.txt", Self.sorted + "d\n")
        guard let gitPath = try tool("git", package: "git") else { return }
        let refused = try runProgram(gitPath, ["-c", "user.name=t", "-c", "user.email=t@reorder.invalid", "commit", "-q", "-m", "unsorted"],
                                     in: h.directory)
        XCTAssertNotEqual(refused.status, 0, "the commit went through")
        XCTAssertTrue((refused.stdout + refused.stderr).contains(finding("list.txt")), refused.stdout + refused.stderr)
        try git(h, ["add", "list.txt"])
        try git(h, ["commit", "-q", "-m", "sorted"])
        XCTAssertEqual(try git(h, ["show", "HEAD:list.txt"]), Self.sorted + "d\n")
    }
}

extension ChangedFilesTests {
    /// Thousands of staged files: the object names sent to `git cat-file`
    /// and the contents it sends back each fill a pipe many times over,
    /// so writing one while reading the other must not stall.
    func testManyStagedFilesAreReadFromTheIndex() throws {
        let h = try Harness()
        try makeDirectories(h, ["many"])
        try h.write(".reorder.toml", Self.policy)
        try git(h, ["init", "-q"])
        for index in 0..<3000 {
            try h.write("many/file\(index).txt", index == 2345 ? Self.unsorted : String(repeating: "line \(index)\n", count: 20))
        }
        try git(h, ["add", "-A"])
        // Two files out of order in the work tree only: the index is read.
        for index in [7, 2345] { try h.write("many/file\(index).txt", "z\ny\n") }
        let result = try h.run(["check", "--staged", "-v"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(out(result), finding("many/file2345.txt"))
        XCTAssertTrue(result.stderr.hasSuffix("reorder: looked at 3000 lists in 3000 files (of 3001 files named or listed, 3001 read); 1 out of order\n"),
                      result.stderr)
    }
}

private extension Harness {
    /// `reorder arguments` in `folder` below the test's folder.
    func run(_ arguments: [String], in folder: String) throws -> Result {
        try run(arguments, prefix: ["/usr/bin/env", "-C", url(folder).path])
    }
}
