import Foundation
import XCTest

/// `reorder` as a hook of the real pre-commit framework (from PyPI): a
/// throw-away git repository whose `.pre-commit-config.yaml` points at a
/// clone of this repository at its current commit.
///
/// pre-commit builds the hook repository itself (`swift build -c release`),
/// from what is committed: this test checks the committed manifest and
/// sources, not uncommitted edits. It needs `pre-commit` and `git` on PATH,
/// which `make test` installs; without them it fails (it is never skipped).
final class PreCommitTests: XCTestCase {
    /// This repository's top: Tests/EndToEndTests/PreCommitTests.swift → ../..
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    var scratch: URL!
    var environment: [String: String] = [:]

    /// What the tests share, so that pre-commit builds the hook repository
    /// once: a clone of this repository's HEAD and pre-commit's cache
    /// (which knows a built repository by its path and commit).
    static let shared = { Harness.temporaryDirectory; return URL(fileURLWithPath: NSTemporaryDirectory()) }()
        .appendingPathComponent("reorder-pre-commit-shared-" + UUID().uuidString)

    override class func tearDown() {
        try? FileManager.default.removeItem(at: shared)
        super.tearDown()
    }

    override func setUpWithError() throws {
        Harness.temporaryDirectory
        scratch = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("reorder-pre-commit-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        // Nothing of the user's git or pre-commit setup may leak in: a global
        // core.hooksPath would make `pre-commit install` refuse, a GIT_DIR
        // (when the tests run inside a hook) would point git elsewhere.
        for key in environment.keys where key.hasPrefix("GIT_") || key.hasPrefix("PRE_COMMIT") || key == "SKIP" {
            environment.removeValue(forKey: key)
        }
        let emptyConfig = scratch.appendingPathComponent("gitconfig")
        _ = FileManager.default.createFile(atPath: emptyConfig.path, contents: Data())
        environment["GIT_CONFIG_GLOBAL"] = emptyConfig.path
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_AUTHOR_NAME"] = "Test"
        environment["GIT_AUTHOR_EMAIL"] = "test@example.com"
        environment["GIT_COMMITTER_NAME"] = "Test"
        environment["GIT_COMMITTER_EMAIL"] = "test@example.com"
        environment["PRE_COMMIT_HOME"] = PreCommitTests.shared.appendingPathComponent("pre-commit-home").path
        environment["NO_COLOR"] = "1"
        // What pre-commit and the Swift build it starts leave in TMPDIR goes
        // with the shared folder, which the tests remove.
        let temporary = PreCommitTests.shared.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        environment["TMPDIR"] = temporary.path
        self.environment = environment
    }

    override func tearDownWithError() throws {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    /// The full path of `name` on PATH, or nil.
    func onPath(_ name: String) -> String? {
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let path = String(directory) + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    struct Outcome {
        let status: Int32
        let output: String
    }

    /// Runs `arguments` (the first found on PATH) in `directory`, standard
    /// output and error together; a run past `timeout` seconds is stopped.
    @discardableResult
    func run(_ arguments: [String], in directory: URL, timeout: TimeInterval = 60) throws -> Outcome {
        guard let executable = onPath(arguments[0]) else {
            XCTFail("\(arguments[0]) is not on PATH; run 'make test', which installs what the tests need")
            throw CancellationError()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments.dropFirst())
        process.currentDirectoryURL = directory
        process.environment = environment
        let log = scratch.appendingPathComponent("output-" + UUID().uuidString)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let exited = Harness.exitSignal(of: process)
        try process.run()
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            exited.wait()
            // The build pre-commit started goes on without it: stop what
            // runs in the shared folder, so nothing writes there after the
            // tests remove it.
            let stop = Process()
            stop.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
            stop.arguments = ["-KILL", "-f", PreCommitTests.shared.path]
            try? stop.run()
            stop.waitUntilExit()
            try handle.close()
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            XCTFail("\(arguments.joined(separator: " ")) ran longer than \(Int(timeout)) s:\n\(output)")
            throw CancellationError()
        }
        try handle.close()
        return Outcome(status: process.terminationStatus, output: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    func write(_ text: String, to name: String, in directory: URL) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    func read(_ name: String, in directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// The hook repository: this repository's HEAD, cloned once for all
    /// the tests, and its commit.
    func hookRepository() throws -> (URL, String) {
        let hooks = PreCommitTests.shared.appendingPathComponent("hooks")
        if !FileManager.default.fileExists(atPath: hooks.path) {
            try FileManager.default.createDirectory(at: PreCommitTests.shared, withIntermediateDirectories: true)
            let clone = try run(["git", "clone", "--quiet", PreCommitTests.repositoryRoot.path, hooks.path], in: scratch)
            XCTAssertEqual(clone.status, 0, clone.output)
        }
        let revision = try run(["git", "rev-parse", "HEAD"], in: hooks)
        let commit = revision.output.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(commit.count, 40, revision.output)
        return (hooks, commit)
    }

    /// The hooks of .pre-commit-hooks.yaml, each as its keys and values
    /// (the file's own simple form: `- id: X` and `  key: value` lines).
    static func manifestHooks() throws -> [[String: String]] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        var hooks: [[String: String]] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("- id: ") {
                hooks.append(["id": String(line.dropFirst("- id: ".count))])
            } else if line.hasPrefix("  "), let colon = line.firstIndex(of: ":"), !hooks.isEmpty {
                let key = line[..<colon].trimmingCharacters(in: .whitespaces)
                hooks[hooks.count - 1][key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return hooks
    }

    /// The user's repository, an empty git repository, and the hook
    /// repository with its commit; nil (the test failed) when pre-commit
    /// or git is missing, or this repository is no git checkout.
    func userRepository() throws -> (hooks: URL, commit: String, work: URL)? {
        guard onPath("pre-commit") != nil, onPath("git") != nil else {
            XCTFail("pre-commit and git must be on PATH; run 'make test', which installs them")
            return nil
        }
        guard FileManager.default.fileExists(atPath: PreCommitTests.repositoryRoot.appendingPathComponent(".git").path) else {
            XCTFail("\(PreCommitTests.repositoryRoot.path) is not a git checkout: there is no commit for pre-commit to use")
            return nil
        }
        let (hooks, commit) = try hookRepository()
        let work = scratch.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        XCTAssertEqual(try run(["git", "init", "--quiet"], in: work).status, 0)
        return (hooks, commit, work)
    }

    /// The Swift hooks keep their ids (existing configurations use them),
    /// and each has a `-prebuilt` twin with `language: python` that runs the
    /// same command on the same files.
    func testEverySwiftHookHasAPrebuiltTwinWithTheSameCommand() throws {
        let hooks = try Self.manifestHooks()
        let swift = hooks.filter { $0["language"] == "swift" }
        let python = hooks.filter { $0["language"] == "python" }
        XCTAssertEqual(swift.compactMap { $0["id"] }, ["reorder-policy", "reorder", "reorder-sort-lines", "reorder-sort-json", "reorder-fix"])
        XCTAssertEqual(python.compactMap { $0["id"] }, swift.compactMap { $0["id"].map { $0 + "-prebuilt" } })
        XCTAssertEqual(hooks.count, swift.count + python.count, "a hook with another language: \(hooks)")
        for hook in swift {
            guard let twin = python.first(where: { $0["id"] == hook["id"]! + "-prebuilt" }) else { continue }
            for key in Set(hook.keys).union(twin.keys).subtracting(["id", "language", "description"]) {
                XCTAssertEqual(twin[key], hook[key], "\(twin["id"]!): \(key)")
            }
        }
    }

    func testCommittingOutOfOrderFilesFailsFixesThemAndTheNextCommitPasses() throws {
        guard let (hooks, commit, work) = try userRepository() else { return }
        try write("""
            repos:
              - repo: \(hooks.path)
                rev: \(commit)
                hooks:
                  - id: reorder-sort-lines
                    files: ^fruits\\.txt$
                  - id: reorder-sort-json
                    files: ^package\\.json$
                    args: [--pointer, /keywords]
                  - id: reorder
                    name: core first
                    files: ^modules/.*\\.txt$
                    args: [move, "=core", "0", --missing-ok]

            """, to: ".pre-commit-config.yaml", in: work)
        try write("pear\napple\nfig\n", to: "fruits.txt", in: work)
        try write("""
            {
              "name": "demo",
              "keywords": ["zeta", "alpha", "\\u006did"]
            }

            """, to: "package.json", in: work)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("modules"), withIntermediateDirectories: true)
        try write("utils\nio\ncore\n", to: "modules/app.txt", in: work)
        try write("utils\nio\n", to: "modules/tools.txt", in: work)

        let install = try run(["pre-commit", "install"], in: work)
        XCTAssertEqual(install.status, 0, install.output)
        // Builds the hook repository in release once; the commits reuse it.
        let build = try run(["pre-commit", "install-hooks"], in: work, timeout: 600)
        XCTAssertEqual(build.status, 0, build.output)

        // Scenario 1: the first commit fails and the files are fixed.
        XCTAssertEqual(try run(["git", "add", "-A"], in: work).status, 0)
        let first = try run(["git", "commit", "--quiet", "-m", "first"], in: work)
        XCTAssertNotEqual(first.status, 0, first.output)
        XCTAssertTrue(first.output.contains("files were modified by this hook"), first.output)
        // The hooks name each file they fixed.
        XCTAssertTrue(first.output.contains("reorder: fruits.txt: rewritten"), first.output)
        XCTAssertTrue(first.output.contains("reorder: package.json: rewritten"), first.output)
        XCTAssertEqual(try read("fruits.txt", in: work), "apple\nfig\npear\n")
        XCTAssertEqual(try read("package.json", in: work), """
            {
              "name": "demo",
              "keywords": ["alpha", "\\u006did", "zeta"]
            }

            """)
        XCTAssertEqual(try read("modules/app.txt", in: work), "core\nutils\nio\n")
        // --missing-ok: a file without the item is left alone, not an error.
        XCTAssertEqual(try read("modules/tools.txt", in: work), "utils\nio\n")

        // Scenario 2: with the fixes added, the commit passes.
        XCTAssertEqual(try run(["git", "add", "-A"], in: work).status, 0)
        let second = try run(["git", "commit", "--quiet", "-m", "first"], in: work)
        XCTAssertEqual(second.status, 0, second.output)
        XCTAssertEqual(try run(["git", "status", "--porcelain"], in: work).output, "")

        // Scenario 3: every hook on every file again changes nothing.
        let all = try run(["pre-commit", "run", "--all-files"], in: work)
        XCTAssertEqual(all.status, 0, all.output)

        // Scenario 4: a later edit out of order is caught again; a file the
        // hooks do not match is not touched.
        try write("apple\nbanana\nfig\npear\nkiwi\n", to: "fruits.txt", in: work)
        try write("b\na\n", to: "other.txt", in: work)
        XCTAssertEqual(try run(["git", "add", "-A"], in: work).status, 0)
        let third = try run(["git", "commit", "--quiet", "-m", "kiwi"], in: work)
        XCTAssertNotEqual(third.status, 0, third.output)
        XCTAssertEqual(try read("fruits.txt", in: work), "apple\nbanana\nfig\nkiwi\npear\n")
        XCTAssertEqual(try read("other.txt", in: work), "b\na\n")
        XCTAssertEqual(try run(["git", "add", "-A"], in: work).status, 0)
        let fourth = try run(["git", "commit", "--quiet", "-m", "kiwi"], in: work)
        XCTAssertEqual(fourth.status, 0, fourth.output)
    }

    /// The policy hook: `.reorder.toml` says which lists of which files;
    /// a commit with one out of order fails and the file is fixed, the
    /// next passes.
    func testThePolicyHookKeepsTheListsThePolicyNames() throws {
        guard let (hooks, commit, work) = try userRepository() else { return }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("crates/a"), withIntermediateDirectories: true)
        try write("""
            repos:
              - repo: \(hooks.path)
                rev: \(commit)
                hooks:
                  - id: reorder-policy

            """, to: ".pre-commit-config.yaml", in: work)
        try write("""
            [[rule]]
            files = ["package.json"]
            lists = ["/dependencies", "/devDependencies"]
            missing = "ok"

            [[rule]]
            files = ["**/Cargo.toml"]
            list = "/dependencies"

            """, to: ".reorder.toml", in: work)
        try write("{\n  \"name\": \"x\",\n  \"dependencies\": {\"zod\": \"3\", \"a\": \"1\"}\n}\n", to: "package.json", in: work)
        try write("[dependencies]\nserde = \"1\" # serialization\nanyhow = \"1\"\n", to: "crates/a/Cargo.toml", in: work)
        try write("z\na\n", to: "notes.txt", in: work)
        XCTAssertEqual(try run(["pre-commit", "install"], in: work).status, 0)
        let build = try run(["pre-commit", "install-hooks"], in: work, timeout: 600)
        XCTAssertEqual(build.status, 0, build.output)

        XCTAssertEqual(try run(["git", "add", "-A"], in: work).status, 0)
        let first = try run(["git", "commit", "--quiet", "-m", "first"], in: work)
        XCTAssertNotEqual(first.status, 0, first.output)
        XCTAssertTrue(first.output.contains("package.json:3: /dependencies (rule 1): 'a' belongs first — 1 move (fixed)"), first.output)
        XCTAssertEqual(try read("package.json", in: work), "{\n  \"name\": \"x\",\n  \"dependencies\": {\"a\": \"1\", \"zod\": \"3\"}\n}\n")
        XCTAssertEqual(try read("crates/a/Cargo.toml", in: work), "[dependencies]\nanyhow = \"1\"\nserde = \"1\" # serialization\n")
        XCTAssertEqual(try read("notes.txt", in: work), "z\na\n")

        XCTAssertEqual(try run(["git", "add", "-A"], in: work).status, 0)
        let second = try run(["git", "commit", "--quiet", "-m", "first"], in: work)
        XCTAssertEqual(second.status, 0, second.output)
    }

    /// keep-sorted's users swap its hook for `reorder-fix`: the same
    /// markers, no other change.
    func testTheReorderFixHookSortsMarkedBlocksInEveryTextFile() throws {
        guard let (hooks, commit, work) = try userRepository() else { return }
        try write("""
            repos:
              - repo: \(hooks.path)
                rev: \(commit)
                hooks:
                  - id: reorder-fix

            """, to: ".pre-commit-config.yaml", in: work)
        try write("deps = [\n    # keep-sorted start\n    \"zlib\",\n    \"core\",\n    \"abc\",\n    # keep-sorted end\n]\n",
                  to: "BUILD", in: work)
        try write("# Notes\n\nb\na\n", to: "notes.md", in: work)

        XCTAssertEqual(try run(["pre-commit", "install"], in: work).status, 0)
        let build = try run(["pre-commit", "install-hooks"], in: work, timeout: 600)
        XCTAssertEqual(build.status, 0, build.output)

        // An unsorted block fails the commit and is fixed; a file without
        // markers is left alone.
        XCTAssertEqual(try run(["git", "add", "-A"], in: work).status, 0)
        let first = try run(["git", "commit", "--quiet", "-m", "first"], in: work)
        XCTAssertNotEqual(first.status, 0, first.output)
        XCTAssertTrue(first.output.contains("files were modified by this hook"), first.output)
        XCTAssertTrue(first.output.contains("reorder: BUILD: rewritten"), first.output)
        XCTAssertEqual(try read("BUILD", in: work),
                       "deps = [\n    # keep-sorted start\n    \"abc\",\n    \"core\",\n    \"zlib\",\n    # keep-sorted end\n]\n")
        XCTAssertEqual(try read("notes.md", in: work), "# Notes\n\nb\na\n")

        // With the fix added, the next commit passes.
        XCTAssertEqual(try run(["git", "add", "-A"], in: work).status, 0)
        let second = try run(["git", "commit", "--quiet", "-m", "first"], in: work)
        XCTAssertEqual(second.status, 0, second.output)
        XCTAssertEqual(try run(["git", "status", "--porcelain"], in: work).output, "")

        // A misspelt option fails the hook with the line, until mended.
        try write("# keep-sorted start grup=no\nb\na\n# keep-sorted end\n", to: "list.txt", in: work)
        XCTAssertEqual(try run(["git", "add", "-A"], in: work).status, 0)
        let third = try run(["git", "commit", "--quiet", "-m", "list"], in: work)
        XCTAssertNotEqual(third.status, 0, third.output)
        XCTAssertTrue(third.output.contains("reorder: list.txt:1: unknown option 'grup'"), third.output)
    }
}
