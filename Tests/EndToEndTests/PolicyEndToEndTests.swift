import Foundation
import XCTest

/// `reorder check` and `reorder fix` with a policy (`.reorder.toml`), run as
/// a user runs them: in a git repository, in a plain folder with a
/// `.gitignore`, with each reporter.
final class PolicyEndToEndTests: XCTestCase {
    static let policy = """
        [[rule]]
        files = ["package.json"]
        list = "/dependencies"

        [[rule]]
        files = ["**/Cargo.toml"]
        list = "/dependencies"
        groups = "blank-lines"

        [[rule]]
        files = [".github/workflows/*.yml"]
        list = "/jobs/*/steps"
        key = "/name"

        """
    static let package = "{\n  \"name\": \"x\",\n  \"dependencies\": {\n    \"a\": \"1\",\n    \"zod\": \"3\",\n    \"b\": \"2\"\n  }\n}\n"
    static let packageFixed = "{\n  \"name\": \"x\",\n  \"dependencies\": {\n    \"a\": \"1\",\n    \"b\": \"2\",\n    \"zod\": \"3\"\n  }\n}\n"
    static let cargo = "[package]\nname = \"x\"\n\n[dependencies]\nserde = \"1\"\nanyhow = \"1\"\n\n# runtime\ntokio = \"1\"\nbytes = \"1\"\n"
    // The comment above tokio is tokio's: it goes with it.
    static let cargoFixed = "[package]\nname = \"x\"\n\n[dependencies]\nanyhow = \"1\"\nserde = \"1\"\n\nbytes = \"1\"\n# runtime\ntokio = \"1\"\n"
    static let workflow = "jobs:\n  build:\n    steps:\n      - name: b\n        run: x\n      - name: a\n        run: y\n  test:\n    steps:\n      - name: a\n      - name: c\n"
    static let workflowFixed = "jobs:\n  build:\n    steps:\n      - name: a\n        run: y\n      - name: b\n        run: x\n  test:\n    steps:\n      - name: a\n      - name: c\n"
    static let block = "x = 1\n# keep-sorted start\nb\na\n# keep-sorted end\n"
    static let blockFixed = "x = 1\n# keep-sorted start\na\nb\n# keep-sorted end\n"

    func makeDirectories(_ h: Harness, _ paths: [String]) throws {
        for path in paths {
            try FileManager.default.createDirectory(at: h.url(path), withIntermediateDirectories: true)
        }
    }

    /// The repository of the examples: a package.json, a Cargo.toml in a
    /// crate, a workflow and a source file with a keep-sorted block, each
    /// out of order.
    func writeRepository(_ h: Harness) throws {
        try makeDirectories(h, ["crates/core", ".github/workflows", "src"])
        try h.write(".reorder.toml", Self.policy)
        try h.write("package.json", Self.package)
        try h.write("crates/core/Cargo.toml", Self.cargo)
        try h.write(".github/workflows/ci.yml", Self.workflow)
        try h.write("src/list.py", Self.block)
    }

    func git(_ h: Harness, _ arguments: [String]) throws {
        guard let git = try tool("git", package: "git") else { return }
        let result = try runProgram(git, arguments, in: h.directory)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testCheckThenFixInAGitRepository() throws {
        let h = try Harness()
        try writeRepository(h)
        try git(h, ["init", "-q"])
        try git(h, ["add", "-A"])
        // Untracked: not the repository's, not read.
        try makeDirectories(h, ["scratch"])
        try h.write("scratch/package.json", Self.package)

        let check = try h.run(["check"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.out, """
            .github/workflows/ci.yml:4: /jobs/build/steps (rule 3): 'a' belongs first — 1 move
            crates/core/Cargo.toml:4: /dependencies (rule 2): 'anyhow' belongs first in the group starting at line 5, and more — 2 moves
            package.json:4: /dependencies (rule 1): 'b' belongs after 'a' — 1 move
            src/list.py:2: block keep-sorted: 'a' belongs first — 1 move

            """)
        XCTAssertEqual(check.stderr, "")
        // check writes nothing.
        XCTAssertEqual(try h.text("package.json"), Self.package)
        XCTAssertEqual(try h.text("crates/core/Cargo.toml"), Self.cargo)

        // From a folder below the policy's: the same files, named from there.
        let below = try h.run(["check"], prefix: ["/usr/bin/env", "-C", h.url("crates").path])
        XCTAssertEqual(below.status, 1, below.stderr)
        XCTAssertTrue(below.out.contains("core/Cargo.toml:4: /dependencies (rule 2)"), below.out)
        XCTAssertTrue(below.out.contains("../package.json:4:"), below.out)

        let fix = try h.run(["fix"])
        XCTAssertEqual(fix.status, 0, fix.stderr)
        XCTAssertEqual(fix.out.split(separator: "\n").count, 4, fix.out)
        XCTAssertTrue(fix.out.hasSuffix("(fixed)\n"), fix.out)
        XCTAssertEqual(try h.text("package.json"), Self.packageFixed)
        XCTAssertEqual(try h.text("crates/core/Cargo.toml"), Self.cargoFixed)
        XCTAssertEqual(try h.text(".github/workflows/ci.yml"), Self.workflowFixed)
        XCTAssertEqual(try h.text("src/list.py"), Self.blockFixed)
        XCTAssertEqual(try h.text("scratch/package.json"), Self.package)

        let again = try h.run(["check"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.out, "")
    }

    func testAPlainFolderHonoursGitignoreAndSkipsHiddenFolders() throws {
        let h = try Harness()
        try writeRepository(h)
        try makeDirectories(h, ["build", ".cache", "gen"])
        try h.write(".gitignore", "build/\n*.gen.py\n!keep.gen.py\n")
        try h.write("build/list.py", Self.block)
        try h.write("gen/a.gen.py", Self.block)
        try h.write("gen/keep.gen.py", Self.block)
        try h.write(".cache/list.py", Self.block)
        let check = try h.run(["check"])
        XCTAssertEqual(check.status, 1, check.stderr)
        let files = check.out.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        XCTAssertEqual(files, [".github/workflows/ci.yml", "crates/core/Cargo.toml", "gen/keep.gen.py", "package.json", "src/list.py"])
    }

    func testNamedFilesAndStandardInput() throws {
        let h = try Harness()
        try writeRepository(h)
        let check = try h.run(["check", "package.json", "src/list.py"])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.out.split(separator: "\n").count, 2, check.out)
        let diff = try h.run(["check", "--diff", "package.json"])
        XCTAssertEqual(diff.status, 1)
        XCTAssertTrue(diff.out.contains("-    \"zod\": \"3\",\n"), diff.out)
        // '-': the marked blocks of standard input, as a filter.
        let filtered = try h.run(["fix", "-"], stdin: Data(Self.block.utf8))
        XCTAssertEqual(filtered.out, Self.blockFixed)
        XCTAssertEqual(try h.text("package.json"), Self.package)
    }

    func testReporters() throws {
        let h = try Harness()
        try writeRepository(h)
        let json = try h.run(["check", "--reporter", "json"])
        XCTAssertEqual(json.status, 1, json.stderr)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 4)
        let package = try XCTUnwrap(findings.first { $0["path"] as? String == "package.json" })
        XCTAssertEqual(package["line"] as? Int, 4)
        XCTAssertEqual(package["column"] as? Int, 5)
        XCTAssertEqual(package["rule"] as? Int, 1)
        XCTAssertEqual(package["list"] as? String, "/dependencies")
        XCTAssertEqual(package["moves"] as? Int, 1)
        XCTAssertEqual(package["fixed"] as? String, "\"a\": \"1\",\n    \"b\": \"2\",\n    \"zod\": \"3\"")
        // The script fixes the list: applied with batch, it gives what fix writes.
        let script = try XCTUnwrap(package["script"] as? String)
        try h.write("script", script)
        let applied = try h.run(["batch", "-p", "/dependencies", "-f", "script", "package.json", "-o", "-"])
        XCTAssertEqual(applied.out, Self.packageFixed)

        let github = try h.run(["check", "--reporter", "github"])
        XCTAssertEqual(github.status, 1)
        let lines = github.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 4)
        XCTAssertTrue(lines.contains("::error file=package.json,line=4,col=5,title=reorder%3A /dependencies (rule 1)::/dependencies (rule 1): 'b' belongs after 'a' — 1 move"), github.out)
        for line in lines { XCTAssertTrue(line.hasPrefix("::error file="), String(line)) }

        let sarif = try h.run(["check", "--reporter", "sarif"])
        XCTAssertEqual(sarif.status, 1)
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: sarif.stdout) as? [String: Any])
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 4)
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, ["keep-sorted", "rule-1", "rule-2", "rule-3"])
        for result in results {
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[index]["id"] as? String, result["ruleId"] as? String)
        }
    }

    func testOneMisplacedItemAmongFiftyIsOneMove() throws {
        let h = try Harness()
        var names = (0..<50).map { String(format: "dep%02d", $0) }
        let moved = names.remove(at: 31)
        names.insert(moved, at: 7)
        let body = names.map { "    \"\($0)\": \"1\"" }.joined(separator: ",\n")
        try h.write("package.json", "{\n  \"dependencies\": {\n\(body)\n  }\n}\n")
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\n")
        let check = try h.run(["check", "--reporter", "json"])
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: check.stdout) as? [String: Any])
        let finding = try XCTUnwrap((document["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(finding["moves"] as? Int, 1)
        XCTAssertEqual(finding["script"] as? String, "move 7 31\n")
        try h.write("script", finding["script"] as! String)
        let applied = try h.run(["batch", "-p", "/dependencies", "-f", "script", "package.json", "-o", "-"])
        XCTAssertEqual(try h.run(["fix", "package.json"]).status, 0)
        XCTAssertEqual(applied.out, try h.text("package.json"))
        XCTAssertEqual(try h.run(["check"]).status, 0)
    }

    func testPolicyMistakesAreErrorsWithTheirPlace() throws {
        let h = try Harness()
        try writeRepository(h)
        // A rule that matches no file, and one whose list no file has.
        try h.write(".reorder.toml", Self.policy + """

            [[rule]]
            files = ["pyproject.toml"]
            list = "/project/dependencies"

            [[rule]]
            files = ["package.json"]
            list = "/devDependencies"

            """)
        let result = try h.run(["check"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, """
            reorder: package.json: rule 5 (.reorder.toml:19:1) names /devDependencies, which this file lacks; add missing = "ok" to the rule, or narrow its files; nothing is written to this file
            reorder: .reorder.toml:15:1: rule 4 matches no file ('pyproject.toml'); correct its files, or remove it
            reorder: .reorder.toml:19:1: no file rule 5 matches has /devDependencies; correct the rule, or add missing = "ok"

            """)
        // fix writes the other files, not the one that lacks a list.
        XCTAssertEqual(try h.run(["fix"]).status, 2)
        XCTAssertEqual(try h.text("package.json"), Self.package)
        XCTAssertEqual(try h.text("src/list.py"), Self.blockFixed)

        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"package.json\"]\nlsit = \"/dependencies\"\n")
        let unknown = try h.run(["check"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "reorder: .reorder.toml:3:1: 'lsit' is not a key of rule 1 (did you mean 'list'?); the keys are: files, list, lists, block, order, like, ignore-case, unique, key, first, last, groups, group-patterns, format, missing, preset, skip, scripts\n")

        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"pkg[.json\"]\nlist = \"/dependencies\"\n")
        let glob = try h.run(["check"])
        XCTAssertEqual(glob.status, 2)
        XCTAssertTrue(glob.stderr.hasPrefix("reorder: .reorder.toml:2:14: 'pkg[.json' is not a file pattern: "), glob.stderr)

        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\n\n[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\norder = \"natural\"\n")
        let conflict = try h.run(["check"])
        XCTAssertEqual(conflict.status, 2)
        XCTAssertEqual(conflict.stderr, "reorder: .reorder.toml:5:1: rules 1 (line 1) and 2 (line 5) both name /dependencies in 'package.json'; which order wins cannot be told: keep one, or narrow the files of one\n")

        // Two patterns that match one file: the same, before any file is read.
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\n\n[[rule]]\nfiles = [\"*.json\"]\nlist = \"/dependencies\"\norder = \"reversed\"\n")
        for command in [["check"], ["fix"], ["check", "package.json"]] {
            let overlap = try h.run(command)
            XCTAssertEqual(overlap.status, 2, "\(command)")
            XCTAssertTrue(overlap.stdout.isEmpty, "\(command)")
            XCTAssertEqual(overlap.stderr, "reorder: .reorder.toml:5:1: rules 1 (line 1) and 2 (line 5) both name /dependencies in 'package.json' and '*.json' (package.json matches both); which order wins cannot be told: keep one, or narrow the files of one\n", "\(command)")
        }
        XCTAssertEqual(try h.text("package.json"), Self.package)

        try h.write(".reorder.toml", "[[rule]\n")
        let toml = try h.run(["check"])
        XCTAssertEqual(toml.status, 2)
        XCTAssertTrue(toml.stderr.hasPrefix("reorder: .reorder.toml:1:"), toml.stderr)

        try FileManager.default.removeItem(at: h.url(".reorder.toml"))
        XCTAssertEqual(try h.run(["check"]).status, 2)
        // --config names a policy elsewhere; its rules look from the repository's top.
        try h.write("policy.toml", "[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\nmissing = \"ok\"\n")
        XCTAssertEqual(try h.run(["check", "--config", "policy.toml", "package.json"]).status, 1)
    }

    /// `reorder init`: the lists in order in every file that has them become
    /// rules, each with the first order that holds; then check passes.
    func testInitWritesRulesForTheListsAlreadyInOrder() throws {
        let h = try Harness()
        try makeDirectories(h, ["a", "b", "crate"])
        try h.write("a/package.json", "{\"dependencies\": {\"a\": \"1\", \"b\": \"1\"}, \"keywords\": [\"z\", \"a\"]}\n")
        try h.write("b/package.json", "{\"dependencies\": {\"c\": \"1\", \"d\": \"1\"}, \"devDependencies\": {\"x\": \"1\", \"y\": \"1\"}}\n")
        try h.write("crate/Cargo.toml", "[dependencies]\nserde = \"1\"\nzip = \"1\"\n\nanyhow = \"1\"\nbytes = \"1\"\n")
        try h.write("pyproject.toml", "[project]\ndependencies = [\"attrs\", \"Requests\"]\nclassifiers = [\"A\", \"B\"]\n")
        let result = try h.run(["init"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "reorder: .reorder.toml: 5 rules over 4 files; 'reorder check' holds the repository to it\n")
        let policy = try h.text(".reorder.toml")
        XCTAssertTrue(policy.hasSuffix("""
            # The blocks of any file between keep-sorted's start and end marker
            # comments are kept sorted too.
            markers = true

            # 1 file in the order of the Cargo.toml preset now ('reorder help presets').
            [[rule]]
            preset = "Cargo.toml"

            # 2 files named package.json: in order now.
            [[rule]]
            files = ["package.json"]
            list = "/dependencies"

            # 2 files named package.json: in order now.
            [[rule]]
            files = ["package.json"]
            list = "/devDependencies"
            missing = "ok"

            # 1 file named pyproject.toml: in order now.
            [[rule]]
            files = ["pyproject.toml"]
            list = "/project/dependencies"
            ignore-case = true

            # 1 file named pyproject.toml: in order now.
            [[rule]]
            files = ["pyproject.toml"]
            list = "/project/classifiers"

            """), policy)
        XCTAssertEqual(try h.run(["check"]).status, 0)
        // It does not replace a policy; -o - prints one.
        let again = try h.run(["init"])
        XCTAssertEqual(again.status, 2)
        XCTAssertEqual(again.stderr, "reorder: .reorder.toml exists already; edit it, or remove it to write a new one ('reorder init -o -' prints one)\n")
        XCTAssertEqual(try h.run(["init", "-o", "-"]).out, policy)
    }

    /// `reorder init && reorder check` passes at once: keep-sorted blocks
    /// out of order now make markers = false, said in the file; a
    /// package.json's workspaces are never a rule (sort-package-json
    /// leaves them as they are on purpose).
    func testInitLeavesMarkersOffWhenBlocksAreOutOfOrderAndWorkspacesAlone() throws {
        let h = try Harness()
        try makeDirectories(h, ["src"])
        try h.write("src/list.py", Self.block)
        try h.write("package.json", "{\"workspaces\": [\"a\", \"b\"], \"dependencies\": {\"a\": \"1\", \"b\": \"1\"}, \"name\": \"x\"}\n")
        let result = try h.run(["init"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "reorder: .reorder.toml: 1 rule over 1 file; markers = false, as keep-sorted blocks are out of order in src/list.py (see the file); 'reorder check' holds the repository to it\n")
        let policy = try h.text(".reorder.toml")
        XCTAssertTrue(policy.contains("""
            # The blocks between keep-sorted's start and end marker comments are
            # out of order now in 1 file: src/list.py
            # 'reorder fix' on those files sorts them; then set markers = true to keep
            # them sorted.
            markers = false

            """), policy)
        XCTAssertFalse(policy.contains("workspaces"), policy)
        let check = try h.run(["check"])
        XCTAssertEqual(check.status, 0, check.out + check.stderr)
        // With the blocks sorted, init keeps them so.
        try h.write("src/list.py", Self.blockFixed)
        XCTAssertTrue(try h.run(["init", "-o", "-"]).out.contains("\nmarkers = true\n"))
        // help init says what -o does for init.
        XCTAssertTrue(try h.run(["help", "init"]).out.contains("Write the policy to PATH instead of .reorder.toml"))
    }

    /// Enough files for the scan to run on several threads (`make
    /// test-tsan` runs this under ThreadSanitizer): the report is in the
    /// files' order, the same on every run, and fix writes every one.
    func testManyFilesAreReportedInTheirOrderAndAllFixed() throws {
        let h = try Harness()
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\n")
        var expected = ""
        for index in 0..<300 {
            let folder = String(format: "p%03d", index)
            try makeDirectories(h, [folder])
            let unsorted = index % 7 == 3
            let dependencies = unsorted ? "\"b\": \"1\", \"a\": \"1\"" : "\"a\": \"1\", \"b\": \"1\""
            try h.write(folder + "/package.json", "{\"dependencies\": {\(dependencies)}}\n")
            if index % 50 == 0 { try h.write(folder + "/notes.txt", "# keep-sorted start\nz\ny\n# keep-sorted end\n") }
            if index % 50 == 0 { expected += "\(folder)/notes.txt:1: block keep-sorted: 'y' belongs first — 1 move\n" }
            if unsorted { expected += "\(folder)/package.json:1: /dependencies (rule 1): 'a' belongs first — 1 move\n" }
        }
        for _ in 0..<3 {
            let check = try h.run(["check"])
            XCTAssertEqual(check.status, 1, check.stderr)
            XCTAssertEqual(check.out, expected)
        }
        let fix = try h.run(["fix"])
        XCTAssertEqual(fix.status, 0, fix.stderr)
        XCTAssertEqual(fix.out, expected.replacing(" move\n", with: " move (fixed)\n"))
        XCTAssertEqual(try h.text("p003/package.json"), "{\"dependencies\": {\"a\": \"1\", \"b\": \"1\"}}\n")
        let again = try h.run(["check"])
        XCTAssertEqual(again.status, 0, again.out + again.stderr)
    }

    /// `order = "like"`: the order of the list at the same pointer in
    /// another file, relative to the folder the rules' files are (with
    /// `--config`, the repository's top); items it lacks after.
    func testLikeFollowsAnotherFilesOrder() throws {
        let h = try Harness()
        try makeDirectories(h, ["conf", "app"])
        try h.write("conf/.reorder.toml", "[[rule]]\nfiles = [\"conf/app/*.json\"]\nlist = \"/steps\"\norder = \"like\"\nlike = \"conf/order.json\"\n")
        try h.write("conf/order.json", "{\"steps\": [\"lint\", \"build\", \"test\"]}\n")
        try makeDirectories(h, ["conf/app"])
        try h.write("conf/app/ci.json", "{\"steps\": [\"test\", \"deploy\", \"build\", \"lint\"]}\n")
        let fix = try h.run(["fix", "--config", "conf/.reorder.toml", "conf/app/ci.json"])
        XCTAssertEqual(fix.status, 0, fix.stderr)
        XCTAssertEqual(try h.text("conf/app/ci.json"), "{\"steps\": [\"lint\", \"build\", \"test\", \"deploy\"]}\n")
        XCTAssertEqual(fix.out, "conf/app/ci.json:1: /steps (rule 1): 'lint' belongs first, and more — 2 moves (fixed)\n")
        // A like file that is not there is an error naming it.
        try h.write("conf/.reorder.toml", "[[rule]]\nfiles = [\"conf/app/*.json\"]\nlist = \"/steps\"\norder = \"like\"\nlike = \"gone.json\"\n")
        let missing = try h.run(["check", "--config", "conf/.reorder.toml", "conf/app/ci.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("gone.json"), missing.stderr)
    }

    /// `--config ci/reorder.toml` (the Action's example): the rules' files
    /// are relative to the repository's top (git's work tree, or outside
    /// git the working directory), not to ci/; found by the upward search,
    /// a policy's files are relative to its own folder.
    func testConfigInASubfolderIsRootedAtTheRepositoryTop() throws {
        for inGit in [true, false] {
            let h = try Harness()
            try makeDirectories(h, ["ci", "src"])
            try h.write("ci/reorder.toml", "[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\n")
            try h.write("package.json", Self.package)
            try h.write("src/notes.txt", "b\na\n")
            if inGit {
                try git(h, ["init", "-q"])
                try git(h, ["add", "-A"])
            }
            let expected = "package.json:4: /dependencies (rule 1): 'b' belongs after 'a' — 1 move\n"
            let whole = try h.run(["check", "--config", "ci/reorder.toml"])
            XCTAssertEqual(whole.status, 1, whole.stderr)
            XCTAssertEqual(whole.out, expected)
            XCTAssertEqual(whole.stderr, "")
            let named = try h.run(["check", "--config", "ci/reorder.toml", "package.json"])
            XCTAssertEqual(named.status, 1, named.stderr)
            XCTAssertEqual(named.out, expected)
            // -v: a file nothing covers is said, and the count ends the run.
            // (--no-cache: the runs above stored src/notes.txt, which -v would not count as read.)
            let verbose = try h.run(["check", "-v", "--no-cache", "--config", "ci/reorder.toml", "package.json", "src/notes.txt"])
            XCTAssertEqual(verbose.status, 1, verbose.stderr)
            XCTAssertEqual(verbose.out, expected)
            XCTAssertEqual(verbose.stderr, """
                reorder: src/notes.txt: no rule of ci/reorder.toml matches it, and it has no keep-sorted block; nothing looked at
                reorder: looked at 1 list in 1 file (of 2 files named or listed, 2 read); 1 out of order

                """)
            // fix -v (the pre-commit hook's run) names what it rewrote only.
            let fix = try h.run(["fix", "-v", "--config", "ci/reorder.toml", "package.json", "src/notes.txt"])
            XCTAssertEqual(fix.status, 0, fix.stderr)
            XCTAssertEqual(fix.stderr, "reorder: package.json: rewritten\n")
        }
        // Found by the upward search: relative to its folder; a file
        // outside that folder is said with -v.
        let h = try Harness()
        try makeDirectories(h, ["web"])
        try h.write("web/.reorder.toml", "[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\n")
        try h.write("web/package.json", Self.package)
        try h.write("package.json", Self.package)
        let inWeb = ["/bin/sh", "-c", "cd web && exec \"$@\"", "sh"]
        let below = try h.run(["check"], prefix: inWeb)
        XCTAssertEqual(below.status, 1, below.stderr)
        XCTAssertEqual(below.out, "package.json:4: /dependencies (rule 1): 'b' belongs after 'a' — 1 move\n")
        let outside = try h.run(["check", "-v", "../package.json"], prefix: inWeb)
        XCTAssertEqual(outside.status, 0, outside.out)
        XCTAssertEqual(outside.stderr, """
            reorder: ../package.json: outside the folder .reorder.toml's rules look in (.), and it has no keep-sorted block; nothing looked at
            reorder: looked at 0 lists in 0 files (of 1 file named or listed, 1 read); 0 out of order

            """)
    }

    /// Each format's finding is at its first item's line and column (a
    /// YAML block item's dash, a Markdown item's text, a block's marker).
    func testFindingsAreAtTheFirstItemsColumnInEveryFormat() throws {
        let h = try Harness()
        try h.write("a.yaml", "jobs:\n  build:\n    steps:\n      - b\n      - a\nflow: [d, c]\nmap:\n  z: 1\n  y: 2\n")
        try h.write("a.md", "# T\n\n- b\n  - y\n  - x\n- a\n")
        try h.write("a.toml", "[t]\nb = 1\na = 2\n\n[u]\narr = [\n  \"z\",\n  \"y\",\n]\n")
        try h.write("a.json", "{\n  \"d\": {\n    \"b\": 1,\n    \"a\": 2\n  }\n}\n")
        try h.write("a.txt", "b\na\n")
        try h.write("a.py", "x = [\n  # keep-sorted start\n  b,\n  a,\n  # keep-sorted end\n]\n")
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"a.yaml\"]\nlists = [\"/jobs/build/steps\", \"/flow\", \"/map\"]\n\n"
            + "[[rule]]\nfiles = [\"a.md\"]\nlists = [\"/T\", \"/T/0\"]\n\n[[rule]]\nfiles = [\"a.toml\"]\nlists = [\"/t\", \"/u/arr\"]\n\n"
            + "[[rule]]\nfiles = [\"a.json\"]\nlist = \"/d\"\n\n[[rule]]\nfiles = [\"a.txt\"]\n")
        let github = try h.run(["check", "--reporter", "github"])
        XCTAssertEqual(github.status, 1, github.stderr)
        let places = github.out.split(separator: "\n").map { line in
            String(line.dropFirst("::error file=".count).prefix { $0 != "," }) + ":" + (line.split(separator: ",").dropFirst().prefix(2).map {
                String($0.split(separator: "=")[1]) }.joined(separator: ":"))
        }
        XCTAssertEqual(places, ["a.json:3:5", "a.md:4:5", "a.md:3:3", "a.py:2:3", "a.toml:7:3", "a.toml:1:1", "a.txt:1:1",
                                "a.yaml:4:7", "a.yaml:6:8", "a.yaml:8:3"], github.out)
    }

    /// markers = false: a file no rule matches is not opened at all.
    func testMarkersOffReadsOnlyTheFilesRulesMatch() throws {
        let h = try Harness()
        try makeDirectories(h, ["src"])
        try h.write(".reorder.toml", "markers = false\n\n[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\n")
        try h.write("package.json", Self.packageFixed)
        try h.write("src/list.py", Self.block)
        try h.write("src/notes.txt", "b\na\n")
        try git(h, ["init", "-q"])
        try git(h, ["add", "-A"])
        let check = try h.run(["check", "-v"])
        XCTAssertEqual(check.status, 0, check.out + check.stderr)
        XCTAssertEqual(check.stderr, "reorder: looked at 1 list in 1 file (of 4 files named or listed, 1 read); 0 out of order\n")
        // Markers on: every file is read for them.
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\n")
        let on = try h.run(["check", "-v"])
        XCTAssertEqual(on.status, 1, on.stderr)
        XCTAssertEqual(on.stderr, "reorder: looked at 2 lists in 2 files (of 4 files named or listed, 4 read); 1 out of order\n")
    }

    /// A Kubernetes stream: the rule applies to each document that has
    /// the list; the file lacks it only when none does.
    func testAStreamsRuleAppliesToTheDocumentsThatHaveTheList() throws {
        let h = try Harness()
        try h.write("all.yaml", "kind: Service\nspec:\n  ports: [80]\n---\nkind: Deployment\nspec:\n  args: [--b, --a]\n")
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"all.yaml\"]\nlist = \"/spec/args\"\n")
        let check = try h.run(["check"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.out, "all.yaml:7: /spec/args (document 1) (rule 1): '--a' belongs first — 1 move\n")
        XCTAssertEqual(try h.run(["fix"]).status, 0)
        XCTAssertEqual(try h.text("all.yaml"), "kind: Service\nspec:\n  ports: [80]\n---\nkind: Deployment\nspec:\n  args: [--a, --b]\n")
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"all.yaml\"]\nlist = \"/spec/env\"\n")
        let none = try h.run(["check", "all.yaml"])
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.stderr, "reorder: all.yaml: rule 1 (.reorder.toml:1:1) names /spec/env, which this file lacks (in each of its 2 documents); add missing = \"ok\" to the rule, or narrow its files; nothing is written to this file\n")
    }

    /// `group-patterns`: each item in the first pattern's group, the
    /// groups in the patterns' order, the items no pattern matches last;
    /// `groups` as a string or an array.
    func testGroupPatternsAndGroups() throws {
        let h = try Harness()
        try h.write(".reorder.toml", """
            [[rule]]
            files = ["package.json"]
            list = "/dependencies"
            group-patterns = ["@myorg/*", "@*"]

            [[rule]]
            files = ["words.txt"]
            groups = ["blank-lines"]
            group-patterns = ["~^v"]
            order = "natural"

            """)
        try h.write("package.json", "{\"dependencies\": {\"zod\": \"3\", \"@babel/core\": \"7\", \"@myorg/ui\": \"1\", \"ajv\": \"8\", \"@myorg/api\": \"2\"}}\n")
        try h.write("words.txt", "b10\nv10\nb9\nv9\n\nz\nv2\n")
        let check = try h.run(["check"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.out, """
            package.json:1: /dependencies (rule 1): '@myorg/api' belongs first in group '@myorg/*', and more — 3 moves
            words.txt:1: the items (rule 2): 'v9' belongs first in group '~^v' of the group starting at line 1, and more — 3 moves

            """)
        // Every reporter says the same.
        let json = try h.run(["check", "--reporter", "json", "package.json"])
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let finding = try XCTUnwrap((document["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(finding["group"] as? String, "group '@myorg/*'")
        XCTAssertEqual(finding["message"] as? String, "/dependencies (rule 1): '@myorg/api' belongs first in group '@myorg/*', and more — 3 moves")
        // The fewest moves, none across a group: the script gives what fix writes.
        XCTAssertEqual(finding["script"] as? String, "move 4 0\nmove 2 1\nmove 0 4\n")
        let github = try h.run(["check", "--reporter", "github", "words.txt"])
        XCTAssertEqual(github.out, "::error file=words.txt,line=1,col=1,title=reorder%3A the items (rule 2)::the items (rule 2): 'v9' belongs first in group '~^v' of the group starting at line 1, and more — 3 moves\n")
        let sarif = try h.run(["check", "--reporter", "sarif", "package.json"])
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: sarif.stdout) as? [String: Any])
        let result = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        XCTAssertEqual((result["message"] as? [String: Any])?["text"] as? String,
                       "/dependencies (rule 1): '@myorg/api' belongs first in group '@myorg/*', and more — 3 moves")

        let fix = try h.run(["fix"])
        XCTAssertEqual(fix.status, 0, fix.stderr)
        XCTAssertEqual(try h.text("package.json"), "{\"dependencies\": {\"@myorg/api\": \"2\", \"@myorg/ui\": \"1\", \"@babel/core\": \"7\", \"ajv\": \"8\", \"zod\": \"3\"}}\n")
        XCTAssertEqual(try h.text("words.txt"), "v9\nv10\nb9\nb10\n\nv2\nz\n")
        XCTAssertEqual(try h.run(["check"]).status, 0)

        // Mistakes, at their place.
        for (policy, message) in [
            ("[[rule]]\nfiles = [\"words.txt\"]\ngroups = \"comment\"\n",
             ".reorder.toml:3:10: 'comment' is not a value of 'groups' (did you mean 'comments'?); it takes: blank-lines, comments, none"),
            ("[[rule]]\nfiles = [\"words.txt\"]\ngroups = [\"blank-lines\", \"none\"]\n",
             ".reorder.toml:3:26: 'none' is not a value of 'groups'; it takes: blank-lines, comments"),
            ("[[rule]]\nfiles = [\"words.txt\"]\ngroup-patterns = [\"@a/[b\"]\n",
             ".reorder.toml:3:23: '@a/[b' is not a group pattern: '[' is not closed by ']' (write '\\[' for the character)"),
            ("[[rule]]\nfiles = [\"words.txt\"]\ngroup-pattern = [\"@*\"]\n",
             ".reorder.toml:3:1: 'group-pattern' is not a key of rule 1 (did you mean 'group-patterns'?); the keys are: files, list, lists, block, order, like, ignore-case, unique, key, first, last, groups, group-patterns, format, missing, preset, skip, scripts"),
        ] {
            try h.write(".reorder.toml", policy)
            let result = try h.run(["check"])
            XCTAssertEqual(result.status, 2, policy)
            XCTAssertEqual(result.stderr, "reorder: " + message + "\n", policy)
        }
    }

    /// `groups = "comments"`: needs the TOML reader's comment headings.
    func testCommentHeadingsInAPolicy() throws {
        let h = try Harness()
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"pyproject.toml\"]\nlist = \"/project/dependencies\"\ngroups = \"comments\"\n")
        try h.write("pyproject.toml", """
            [project]
            dependencies = [
                # web
                "requests",
                "flask",
                # storage
                "sqlalchemy",
                "alembic",
            ]

            """)
        let check = try h.run(["check"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.out, "pyproject.toml:4: /project/dependencies (rule 1): 'flask' belongs first in group '# web', and more — 2 moves\n")
        XCTAssertEqual(try h.run(["fix"]).status, 0)
        XCTAssertEqual(try h.text("pyproject.toml"), """
            [project]
            dependencies = [
                # web
                "flask",
                "requests",
                # storage
                "alembic",
                "sqlalchemy",
            ]

            """)
        XCTAssertEqual(try h.run(["check"]).status, 0)
    }

    /// A list that is the whole file of a format without `-p` is named by
    /// its items; the root of a JSON document is its top level.
    func testAWholeFileListIsNamedByItsItems() throws {
        let h = try Harness()
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"words.txt\"]\n\n[[rule]]\nfiles = [\"l.json\"]\nlist = \"\"\n")
        try h.write("words.txt", "zed\nann\n")
        try h.write("l.json", "[2, 1]\n")
        let check = try h.run(["check", "words.txt", "l.json"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.out, "words.txt:1: the items (rule 1): 'ann' belongs first — 1 move\n"
                       + "l.json:1: the top level (rule 2): '1' belongs first — 1 move\n")
    }
}

