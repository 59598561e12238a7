import Foundation
import XCTest

/// The cache of results of `check` and `fix`: each thing it is keyed on
/// invalidates it alone, a damaged or unusable cache costs a warning and
/// a full run, never a wrong answer; and on random repositories with
/// random edits between runs, every run agrees with a `--no-cache` run.
final class CacheEndToEndTests: XCTestCase {
    static let policy = "[[rule]]\nfiles = [\"*.json\"]\nlist = \"/a\"\n"

    /// A git repository holding the policy and `files` (name → text).
    func repository(_ files: [String: String], policy: String = CacheEndToEndTests.policy) throws -> Harness {
        let h = try Harness()
        try h.write(".reorder.toml", policy)
        for (name, text) in files { try h.write(name, text) }
        try git(h, ["init", "-q"])
        try git(h, ["add", "-A"])
        settle()
        return h
    }

    /// Waits out the clock tick of the last write: a file written in the
    /// tick a run starts in is trusted by its hash only (git's racy-clean
    /// rule), so a run right after it would read it again.
    func settle() {
        Thread.sleep(forTimeInterval: 0.03)
    }

    func git(_ h: Harness, _ arguments: [String]) throws {
        let result = try h.run(["-C", h.directory.path] + arguments, executable: URL(fileURLWithPath: "/usr/bin/git"))
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// `check -v --reporter json` (with `more` options): exit status, the
    /// findings, and how many files it read.
    func check(_ h: Harness, _ more: [String] = [], executable: URL? = nil) throws -> (status: Int32, out: String, read: Int, stderr: String) {
        let result = try h.run(["check", "-v", "--reporter", "json"] + more, executable: executable)
        let line = result.stderr.split(separator: "\n").last { $0.contains(" read); ") } ?? ""
        let read = line.split(separator: ",").last.flatMap { Int($0.split(separator: " ").first ?? "") } ?? -1
        return (result.status, result.out, read, result.stderr)
    }

    /// Sets `name`'s modification time (nanoseconds kept) to `time`.
    func setModified(_ h: Harness, _ name: String, _ time: timespec) {
        // UTIME_OMIT ((1 << 30) - 2): the access time left alone.
        var times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), time]
        XCTAssertEqual(utimensat(AT_FDCWD, h.url(name).path, &times, 0), 0)
    }

    func modified(_ h: Harness, _ name: String) -> timespec {
        var info = stat()
        XCTAssertEqual(stat(h.url(name).path, &info), 0)
        return info.st_mtim
    }

    func clean(_ count: Int) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (0..<count).map { ("f\($0).json", "{\"a\": [\($0), \($0 + 1)]}\n") })
    }

    func testAWarmRunReadsOnlyTheFilesWithFindings() throws {
        var files = clean(20)
        files["bad.json"] = "{\"a\": [2, 1]}\n"
        let h = try repository(files)
        let cold = try check(h)
        XCTAssertEqual(cold.status, 1, cold.stderr)
        XCTAssertEqual(cold.read, 22, cold.stderr)  // with .reorder.toml (markers)
        XCTAssertTrue(FileManager.default.fileExists(atPath: h.url(".git/reorder").path))
        let warm = try check(h)
        XCTAssertEqual(warm.status, 1)
        XCTAssertEqual(warm.out, cold.out)
        XCTAssertEqual(warm.read, 1, warm.stderr)
        XCTAssertEqual(warm.stderr.filter { $0 == "\n" }.count, 1, warm.stderr)
        let none = try check(h, ["--no-cache"])
        XCTAssertEqual(none.out, cold.out)
        XCTAssertEqual(none.read, 22)
    }

    /// A path in conflict has three entries in the index (one per stage),
    /// which `git ls-files` lists three times: it is checked, and
    /// reported, once.
    func testAConflictedFileIsCheckedOnce() throws {
        let h = try repository(["list.json": "{\"a\": [1, 2]}\n"])
        let identity = ["-c", "user.name=reorder tests", "-c", "user.email=tests@reorder.invalid"]
        try git(h, identity + ["commit", "-q", "-m", "start"])
        try git(h, ["checkout", "-q", "-b", "other"])
        try h.write("list.json", "{\"a\": [3, 1]}\n")
        try git(h, identity + ["commit", "-q", "-a", "-m", "other"])
        try git(h, ["checkout", "-q", "-"])
        try h.write("list.json", "{\"a\": [4, 1]}\n")
        try git(h, identity + ["commit", "-q", "-a", "-m", "main"])
        let merge = try h.run(["-C", h.directory.path] + identity + ["merge", "-q", "other"], executable: URL(fileURLWithPath: "/usr/bin/git"))
        XCTAssertNotEqual(merge.status, 0, "the merge was meant to conflict")
        try h.write("list.json", "{\"a\": [2, 1]}\n")
        for options in [["--no-cache"], [], []] {
            let result = try h.run(["check"] + options)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(result.out.split(separator: "\n").filter { $0.hasPrefix("list.json:") }.count, 1, result.out)
        }
    }

    func testContentChangedWithTheSameSizeAndModificationTime() throws {
        let h = try repository(clean(3))
        XCTAssertEqual(try check(h).status, 0)
        let time = modified(h, "f1.json")
        try h.write("f1.json", "{\"a\": [2, 1]}\n")  // the same size
        setModified(h, "f1.json", time)
        XCTAssertEqual(modified(h, "f1.json").tv_nsec, time.tv_nsec)
        let after = try check(h)
        XCTAssertEqual(after.status, 1, after.stderr)
        XCTAssertTrue(after.out.contains("\"path\":\"f1.json\"") || after.out.contains("\"path\": \"f1.json\""), after.out)
        XCTAssertEqual(after.out, try check(h, ["--no-cache"]).out)
    }

    func testTouchedButUnchangedIsReadNotParsedAndStillClean() throws {
        let h = try repository(clean(3))
        XCTAssertEqual(try check(h).status, 0)
        try h.write("f2.json", "{\"a\": [2, 3]}\n")  // the same bytes again
        settle()
        let after = try check(h)
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertEqual(after.read, 1, after.stderr)
        XCTAssertEqual(try check(h).read, 0)
    }

    func testThePolicyChangedIsAFullRun() throws {
        let h = try repository(clean(4))
        XCTAssertEqual(try check(h).read, 5)
        XCTAssertEqual(try check(h).read, 0)
        try h.write(".reorder.toml", Self.policy + "order = \"reversed\"\n")
        let after = try check(h)
        XCTAssertEqual(after.status, 1, after.stderr)
        XCTAssertEqual(after.read, 5)
        XCTAssertEqual(after.out, try check(h, ["--no-cache"]).out)
    }

    func testARulesFilesChangedIsAFullRun() throws {
        var files = clean(2)
        files["x.data"] = "{\"a\": [3, 1]}\n"
        let h = try repository(files)
        XCTAssertEqual(try check(h).status, 0)
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"*.json\", \"*.data\"]\nformat = \"json\"\nlist = \"/a\"\n")
        let after = try check(h)
        XCTAssertEqual(after.status, 1, after.stderr)
        XCTAssertTrue(after.out.contains("x.data"), after.out)
        XCTAssertEqual(after.out, try check(h, ["--no-cache"]).out)
    }

    func testAnotherBinaryOrFormatIsAFullRun() throws {
        let h = try repository(clean(3))
        XCTAssertEqual(try check(h).read, 4)
        XCTAssertEqual(try check(h).read, 0)
        // The same version, another build: a copy of the binary is another file.
        let other = try Harness()
        let copy = other.url("reorder")
        try FileManager.default.copyItem(at: Harness.binary, to: copy)
        XCTAssertEqual(try check(h, executable: copy).read, 4)
        XCTAssertEqual(try check(h, executable: copy).read, 0)
        XCTAssertEqual(try check(h).read, 4)
        // A cache stamped with another format of the file: not trusted, no warning.
        let cache = try cacheFile(h)
        var bytes = try Data(contentsOf: cache)
        bytes[8] ^= 0xFF
        try bytes.write(to: cache)
        let after = try check(h)
        XCTAssertEqual(after.read, 4)
        XCTAssertFalse(after.stderr.contains("warning"), after.stderr)
    }

    func cacheFile(_ h: Harness) throws -> URL {
        let folder = h.url(".git/reorder")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("cache-") }
        XCTAssertEqual(names.count, 1, "\(names)")
        return folder.appendingPathComponent(names.first ?? "none")
    }

    func testATruncatedOrGarbageCacheIsOneWarningAndAFullRun() throws {
        let h = try repository(["f.json": "{\"a\": [2, 1]}\n", "g.json": "{\"a\": [1]}\n"])
        let expected = try check(h, ["--no-cache"])
        XCTAssertEqual(try check(h).out, expected.out)
        let cache = try cacheFile(h)
        let whole = try Data(contentsOf: cache)
        for damaged in [whole.prefix(whole.count - 3), Data("garbage, not a cache".utf8), whole.prefix(10),
                        { var d = whole; d[d.count - 1] ^= 1; return d }()] {
            try damaged.write(to: cache)
            let run = try check(h)
            XCTAssertEqual(run.status, expected.status)
            XCTAssertEqual(run.out, expected.out)
            XCTAssertEqual(run.read, 3)
            let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("reorder: warning: cache ") }
            XCTAssertEqual(warnings.count, 1, run.stderr)
            XCTAssertTrue(warnings.first?.hasSuffix("running without it") ?? false, run.stderr)
            // Written anew: the next run trusts it, silently.
            let next = try check(h)
            XCTAssertEqual(next.out, expected.out)
            XCTAssertEqual(next.read, 1)
            XCTAssertFalse(next.stderr.contains("warning"), next.stderr)
        }
    }

    func testAnUnusableCacheFolderIsOneWarning() throws {
        let h = try repository(["f.json": "{\"a\": [2, 1]}\n"])
        let expected = try check(h, ["--no-cache"])
        // A regular file where the folder should be: unusable for root too.
        for folder in [".reorder.toml", ".reorder.toml/below"] {
            let run = try check(h, ["--cache-dir", folder])
            XCTAssertEqual(run.status, expected.status)
            XCTAssertEqual(run.out, expected.out)
            let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning") }
            XCTAssertEqual(warnings.count, 1, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("reorder: warning: cache .reorder.toml/"), run.stderr)
        }
        // A folder that can be made: used.
        XCTAssertEqual(try check(h, ["--cache-dir", "elsewhere/cache"]).read, 2)
        XCTAssertEqual(try check(h, ["--cache-dir", "elsewhere/cache"]).read, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.url(".git/reorder").path))
    }

    func testRunsAtOnceOnOneCache() throws {
        var files = clean(300)
        for n in 0..<30 { files["bad\(n).json"] = "{\"a\": [\(n + 1), \(n)]}\n" }
        let h = try repository(files)
        for round in 0..<3 {
            let expected = try check(h, ["--no-cache"])
            let script = "for i in 1 2 3 4 5 6; do \"$1\" check --reporter json > out$i 2> err$i & done; wait"
            let result = try h.run([], prefix: ["/bin/sh", "-c", script, "sh"])
            XCTAssertEqual(result.status, 0)
            for i in 1...6 {
                XCTAssertEqual(try h.text("out\(i)"), expected.out, "round \(round), run \(i)")
                XCTAssertEqual(try h.text("err\(i)"), "", "round \(round), run \(i)")
            }
            if round == 1 {
                try h.write("f7.json", "{\"a\": [9, 8]}\n")
                try h.write("bad3.json", "{\"a\": [3, 4]}\n")
            }
        }
    }

    func testFixThenCheckIsCleanFromTheCache() throws {
        let h = try repository(["f.json": "{\"a\": [2, 1]}\n", "g.json": "{\"a\": [1, 2]}\n"])
        XCTAssertEqual(try check(h).status, 1)
        let fix = try h.run(["fix"])
        XCTAssertEqual(fix.status, 0, fix.stderr)
        XCTAssertEqual(try h.text("f.json"), "{\"a\": [1, 2]}\n")
        settle()
        let after = try check(h)
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertEqual(try check(h).read, 0)
        // Named files are cached too, by the same key.
        let named = try h.run(["check", "-v", "f.json", "g.json"])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertTrue(named.stderr.contains("0 read"), named.stderr)
    }

    func testAFileOrderedLikeAnotherIsNotCached() throws {
        let policy = "[[rule]]\nfiles = [\"b.json\"]\nlist = \"/a\"\norder = \"like\"\nlike = \"a.json\"\n"
        let h = try repository(["a.json": "{\"a\": [\"x\", \"y\"]}\n", "b.json": "{\"a\": [\"x\", \"y\"]}\n"], policy: policy)
        XCTAssertEqual(try check(h).status, 0)
        try h.write("a.json", "{\"a\": [\"y\", \"x\"]}\n")
        let after = try check(h)
        XCTAssertEqual(after.status, 1, after.stderr)
        XCTAssertEqual(after.out, try check(h, ["--no-cache"]).out)
    }

    /// Random small repositories, random edits between runs (some with the
    /// size and modification time kept): each run equals a `--no-cache` run,
    /// with each of the four reporters.
    func testRandomRepositoriesAgreeWithNoCache() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<4 {
            let count = Int.random(in: 3...12, using: &generator)
            func content() -> String {
                let items = (0..<Int.random(in: 1...4, using: &generator)).map { _ in Int.random(in: 0...9, using: &generator) }
                return "{\"a\": [\(items.map(String.init).joined(separator: ", "))]}\n"
            }
            var files: [String: String] = [:]
            for n in 0..<count { files["d\(n % 3)/f\(n).json"] = content() }
            files["notes.txt"] = "# keep-sorted start\nb\na\n# keep-sorted end\n"
            let h = try Harness()
            try h.write(".reorder.toml", Self.policy.replacingOccurrences(of: "*.json", with: "**/*.json"))
            for n in 0..<3 { try FileManager.default.createDirectory(at: h.url("d\(n)"), withIntermediateDirectories: true) }
            for (name, text) in files { try h.write(name, text) }
            try git(h, ["init", "-q"])
            try git(h, ["add", "-A"])
            for step in 0..<6 {
                let cached = try check(h)
                let fresh = try check(h, ["--no-cache"])
                XCTAssertEqual(cached.status, fresh.status, "round \(round) step \(step)")
                XCTAssertEqual(cached.out, fresh.out, "round \(round) step \(step)")
                // Every reporter's output, byte for byte, warm or not.
                for reporter in ["text", "github", "sarif", "json"] {
                    let warm = try h.run(["check", "--reporter", reporter])
                    let cold = try h.run(["check", "--reporter", reporter, "--no-cache"])
                    XCTAssertEqual(warm.status, cold.status, "round \(round) step \(step) \(reporter)")
                    XCTAssertEqual(warm.stdout, cold.stdout, "round \(round) step \(step) \(reporter)")
                    XCTAssertEqual(warm.stderr, cold.stderr, "round \(round) step \(step) \(reporter)")
                }
                for (name, _) in files where Bool.random(using: &generator) && Int.random(in: 0..<3, using: &generator) == 0 {
                    let before = modified(h, name)
                    var text = content()
                    let old = try h.text(name)
                    if Bool.random(using: &generator) && old.count >= 12 {
                        // The same size: the same digits, shuffled.
                        text = "{\"a\": [" + String(old.dropFirst(7).dropLast(3)).split(separator: ",")
                            .map { $0.trimmingCharacters(in: .whitespaces) }.shuffled(using: &generator).joined(separator: ", ") + "]}\n"
                        try h.write(name, text)
                        setModified(h, name, before)
                    } else {
                        try h.write(name, text)
                    }
                }
                if step == 3 { _ = try h.run(["fix"]) }
            }
        }
    }
}
