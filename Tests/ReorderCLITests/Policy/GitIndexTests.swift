import Foundation
@testable import ReorderCLI
import XCTest

/// `GitIndex`, which reads `.git/index` itself: on real repositories its
/// list must be `git ls-files -z`'s (gitlinks left out), for index
/// versions 2, 3 and 4, with extended flags, conflicts and a folder below
/// the top; and where it does not know the index or the layout, it must
/// leave the answer to git (nil).
final class GitIndexTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-git-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func git(_ arguments: [String], in folder: URL, allowFailure: Bool = false) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.invalid", "-c", "init.defaultBranch=main",
                             "-c", "core.autocrlf=false"] + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"] { environment[name] = nil }
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = directory.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if !allowFailure {
            XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " "))")
        }
        return data
    }

    /// What `git ls-files -z` lists in `folder`, gitlinks left out and a
    /// conflicted path once (git lists it once per stage).
    func expected(_ folder: URL) throws -> [String] {
        let staged = try git(["ls-files", "-z", "--stage"], in: folder).split(separator: 0)
        let gitlinks = Set(staged.filter { $0.starts(with: Array("160000 ".utf8)) }.map { line in
            String(decoding: line[(line.firstIndex(of: UInt8(ascii: "\t"))! + 1)...], as: UTF8.self)
        })
        return try git(["ls-files", "-z"], in: folder).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            .filter { !gitlinks.contains($0) }
            .reduce(into: [String]()) { paths, path in if paths.last != path { paths.append(path) } }
    }

    func write(_ relative: String, _ content: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: url)
    }

    /// The version in the index's header (git moves 2 to 3 for extended flags).
    func indexVersion(_ repo: URL) throws -> UInt8 {
        try Data(contentsOf: repo.appendingPathComponent(".git/index"))[7]
    }

    func assertReadsAsGit(_ folder: URL, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let read = GitIndex.trackedFiles(root: folder.path)
        XCTAssertNotNil(read, "\(what): the index was left to git", file: file, line: line)
        XCTAssertEqual(read, try expected(folder), what, file: file, line: line)
        XCTAssertEqual(try RepositoryFiles.gitFiles(folder.path), read, what, file: file, line: line)
    }

    /// A repository of files with spaces, non-ASCII names, deep folders
    /// and names that share long prefixes (v4 compresses those).
    func makeRepository(_ seed: UInt64) throws -> URL {
        var generator = RepositoryWalkTests.Generator(state: seed)
        let repo = directory.appendingPathComponent("repo\(seed)")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try git(["init", "-q"], in: repo)
        let parts = ["a", "b c", "é", "ü ß", "deep", "src", "x-y", "日本", "node", "z"]
        var paths = Set<String>()
        for _ in 0..<300 {
            let depth = Int.random(in: 0...9, using: &generator)
            let folders = (0..<depth).map { _ in parts.randomElement(using: &generator)! }
            let name = parts.randomElement(using: &generator)! + "\(Int.random(in: 0..<40, using: &generator)).txt"
            paths.insert((folders + [name]).joined(separator: "/"))
        }
        paths.insert(String(repeating: "long-folder-name/", count: 60) + "file with a long path.json")
        for path in paths.sorted() { try write(path, "content of \(path)\n", in: repo) }
        try git(["add", "-A"], in: repo)
        try git(["commit", "-q", "-m", "first"], in: repo)
        return repo
    }

    func testEveryIndexVersionReadsAsGitListsIt() throws {
        for seed in 1...3 as ClosedRange<UInt64> {
            let repo = try makeRepository(seed)
            for version in ["2", "3", "4", "2"] {
                try git(["update-index", "--index-version", version], in: repo)
                // Git writes 3 only when an entry has extended flags (below).
                XCTAssertEqual(try indexVersion(repo), version == "3" ? 2 : UInt8(version)!)
                try assertReadsAsGit(repo, "seed \(seed), index version \(version)")
            }
            // Optional extensions git writes (the untracked cache) are skipped.
            try git(["update-index", "--untracked-cache"], in: repo)
            try git(["status", "--porcelain"], in: repo)
            try assertReadsAsGit(repo, "seed \(seed), with an untracked cache")
        }
    }

    func testExtendedFlagsConflictsAndGitlinks() throws {
        let repo = try makeRepository(7)
        let tracked = try expected(repo)
        // Extended flags (version 3 at least): skip-worktree and intent-to-add.
        try git(["update-index", "--skip-worktree", tracked[0], tracked[5]], in: repo)
        try write("new/intent to add é.txt", "new\n", in: repo)
        try git(["add", "--intent-to-add", "new/intent to add é.txt"], in: repo)
        try git(["update-index", "--index-version", "2"], in: repo)
        XCTAssertEqual(try indexVersion(repo), 3, "extended flags need version 3")
        try assertReadsAsGit(repo, "extended flags")
        try git(["update-index", "--index-version", "4"], in: repo)
        XCTAssertEqual(try indexVersion(repo), 4)
        try assertReadsAsGit(repo, "extended flags, version 4")
        try git(["update-index", "--no-skip-worktree", tracked[0], tracked[5]], in: repo)
        try git(["reset", "-q"], in: repo)
        try FileManager.default.removeItem(at: repo.appendingPathComponent("new"))

        // A gitlink (a submodule's entry) is left out, as lstat leaves out its folder.
        let head = String(decoding: try git(["rev-parse", "HEAD"], in: repo), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        try git(["update-index", "--add", "--cacheinfo", "160000,\(head),sub module"], in: repo)
        try assertReadsAsGit(repo, "a gitlink")
        try git(["commit", "-q", "-m", "gitlink"], in: repo)

        // A conflict: three stages of one path, listed once.
        let conflicted = tracked[3]
        try git(["checkout", "-q", "-b", "other"], in: repo)
        try write(conflicted, "other side\n", in: repo)
        try write("added on both é.txt", "other\n", in: repo)
        try git(["add", "-A"], in: repo)
        try git(["commit", "-q", "-m", "other"], in: repo)
        try git(["checkout", "-q", "main"], in: repo)
        try write(conflicted, "main side\n", in: repo)
        try write("added on both é.txt", "main\n", in: repo)
        try git(["add", "-A"], in: repo)
        try git(["commit", "-q", "-m", "main"], in: repo)
        try git(["merge", "-q", "other"], in: repo, allowFailure: true)
        let stages = try git(["ls-files", "-z", "--stage"], in: repo).split(separator: 0)
            .filter { String(decoding: $0, as: UTF8.self).hasSuffix("\t" + conflicted) }
        XCTAssertEqual(stages.count, 3, "the merge left a conflict")
        for version in ["2", "3", "4"] {
            try git(["update-index", "--index-version", version], in: repo)
            try assertReadsAsGit(repo, "a conflict, version \(version)")
        }
    }

    func testAFolderBelowTheTopListsItsOwnFilesRelativeToIt() throws {
        let repo = try makeRepository(11)
        try write("src/inner/x.txt", "x\n", in: repo)
        try write("srcx/y.txt", "y\n", in: repo)
        try git(["add", "-A"], in: repo)
        for version in ["2", "4"] {
            try git(["update-index", "--index-version", version], in: repo)
            try assertReadsAsGit(repo.appendingPathComponent("src"), "below the top, version \(version)")
            try assertReadsAsGit(repo.appendingPathComponent("src/inner"), "two below the top, version \(version)")
        }
    }

    func testWhatItDoesNotKnowIsLeftToGit() throws {
        let repo = try makeRepository(5)
        // A split index (the required `link` extension).
        try git(["update-index", "--split-index"], in: repo)
        XCTAssertNil(GitIndex.trackedFiles(root: repo.path), "split index")
        XCTAssertEqual(try RepositoryFiles.gitFiles(repo.path), try expected(repo), "split index, through git")
        try git(["update-index", "--no-split-index"], in: repo)
        XCTAssertNotNil(GitIndex.trackedFiles(root: repo.path))

        // A sparse index (the required `sdir` extension, folder entries).
        try git(["sparse-checkout", "init", "--cone", "--sparse-index"], in: repo)
        try git(["sparse-checkout", "set", "src"], in: repo)
        XCTAssertNil(GitIndex.trackedFiles(root: repo.path), "sparse index")
        try git(["sparse-checkout", "disable"], in: repo)
        try git(["config", "--unset", "index.sparse"], in: repo, allowFailure: true)

        // A linked worktree has a `.git` file.
        let linked = directory.appendingPathComponent("linked")
        try git(["worktree", "add", "-q", linked.path], in: repo)
        XCTAssertNil(GitIndex.trackedFiles(root: linked.path), "a linked worktree")
        XCTAssertEqual(try RepositoryFiles.gitFiles(linked.path), try expected(linked), "a linked worktree, through git")

        // core.worktree in the config.
        try git(["config", "core.worktree", repo.path], in: repo)
        XCTAssertNil(GitIndex.trackedFiles(root: repo.path), "core.worktree")
        try git(["config", "--unset", "core.worktree"], in: repo)

        // Not an index at all, or a truncated one.
        let index = repo.appendingPathComponent(".git/index")
        let bytes = try Data(contentsOf: index)
        XCTAssertNotNil(GitIndex.read(indexPath: index.path, prefix: []))
        try bytes.prefix(bytes.count - 25).write(to: index)
        XCTAssertNil(GitIndex.read(indexPath: index.path, prefix: []), "truncated")
        var unknown = bytes
        unknown.replaceSubrange(4..<8, with: [0, 0, 0, 5])
        try unknown.write(to: index)
        XCTAssertNil(GitIndex.read(indexPath: index.path, prefix: []), "version 5")
        try Data("garbage".utf8).write(to: index)
        XCTAssertNil(GitIndex.read(indexPath: index.path, prefix: []), "garbage")

        // Outside any repository.
        let outside = directory.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        XCTAssertNil(GitIndex.trackedFiles(root: outside.path))
    }
}
