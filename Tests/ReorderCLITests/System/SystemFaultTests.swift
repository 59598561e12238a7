@testable import ReorderCLI
import Foundation
import XCTest

/// The system calls failing, in process (`SystemFaults`, debug builds
/// only): a full disk (ENOSPC), an interrupted call (EINTR), a closed pipe
/// (EPIPE), a rename across file systems (EXDEV) and a short write, for the
/// in-place write (`AtomicFile`, `EditedFile`, `PairWrite`) and for the
/// policy's run (`check`, `fix`, the cache's save). A failure is one line
/// naming the file and exit status 2, with nothing half-written and no
/// temporary file left; an interrupted call is made again; a short write
/// is finished.
final class SystemFaultTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        SystemFaults.reset()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-faults-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        SystemFaults.reset()
        try? FileManager.default.removeItem(atPath: folder)
    }

    func run(_ arguments: [String]) -> RunnerTests.Outcome {
        let out = MemorySink(), err = MemorySink()
        let console = Console(standardInput: [], standardOutput: out, standardError: err, width: 80)
        let status = Runner(console: console).run(arguments)
        return RunnerTests.Outcome(status: status, stdout: out.text, stderr: err.text)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: path(name), atomically: false, encoding: .utf8)
    }

    /// Written an hour ago: the cache keeps an entry only for a file
    /// modified before its run began.
    func age(_ name: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path(name))
    }

    func read(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    /// The names in `folder` (recursively), hidden temporary files included.
    func names(in subfolder: String = "") throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: subfolder.isEmpty ? folder : path(subfolder)).sorted()
    }

    /// Asserts a one-line error naming `file`, with `reason`, status 2.
    func assertFails(_ outcome: RunnerTests.Outcome, naming file: String, _ reason: String,
                     file source: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(outcome.status, 2, outcome.stderr, file: source, line: line)
        XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, outcome.stderr, file: source, line: line)
        XCTAssertTrue(outcome.stderr.hasPrefix("reorder: "), outcome.stderr, file: source, line: line)
        XCTAssertTrue(outcome.stderr.contains(file), outcome.stderr, file: source, line: line)
        XCTAssertTrue(outcome.stderr.contains(reason), outcome.stderr, file: source, line: line)
    }

    // MARK: The in-place write

    func testAFailedWriteOrRenameLeavesTheFileAsItWas() throws {
        for (operation, code, reason) in [("write", ENOSPC, "No space left on device"), ("write", EPIPE, "Broken pipe"),
                                          ("rename", EXDEV, "Invalid cross-device link"), ("fsync", ENOSPC, "No space left on device")] {
            try write("list.txt", "c\nb\na\n")
            SystemFaults.fail(operation, with: code)
            let outcome = run(["sort", "-i", path("list.txt")])
            assertFails(outcome, naming: "list.txt", reason)
            XCTAssertEqual(SystemFaults.pending, 0, "\(operation) \(code): the fault was not reached")
            XCTAssertEqual(try read("list.txt"), "c\nb\na\n", "\(operation) \(code)")
            XCTAssertEqual(try names(), ["list.txt"], "\(operation) \(code): a temporary file is left")
        }
    }

    func testAnInterruptedCallIsMadeAgain() throws {
        for operation in ["open", "write", "fsync", "rename", "read", "stat", "lock"] {
            try write("list.txt", "c\nb\na\n")
            SystemFaults.fail(operation, with: EINTR, times: 2)
            XCTAssertEqual(run(["sort", "-i", path("list.txt")]), .init(status: 0, stdout: "", stderr: ""), operation)
            XCTAssertEqual(SystemFaults.pending, 0, "\(operation): the fault was not reached")
            XCTAssertEqual(try read("list.txt"), "a\nb\nc\n", operation)
            SystemFaults.reset()
        }
    }

    func testAShortWriteIsFinished() throws {
        let lines = (0..<5000).map { "line \(10_000 + 4999 - $0)" }
        try write("list.txt", lines.joined(separator: "\n") + "\n")
        SystemFaults.shortWrite(7, times: 3)
        XCTAssertEqual(run(["sort", "-i", path("list.txt")]).status, 0)
        XCTAssertEqual(SystemFaults.pending, 0)
        XCTAssertEqual(try read("list.txt"), lines.reversed().joined(separator: "\n") + "\n")
        // A short write, then a full disk: nothing half-written.
        try write("list.txt", "c\nb\na\n")
        SystemFaults.shortWrite(2)
        SystemFaults.fail("write", with: ENOSPC)
        assertFails(run(["sort", "-i", path("list.txt")]), naming: "list.txt", "No space left on device")
        XCTAssertEqual(SystemFaults.pending, 0)
        XCTAssertEqual(try read("list.txt"), "c\nb\na\n")
        XCTAssertEqual(try names(), ["list.txt"])
    }

    /// `move --to`: two files written as a pair (`PairWrite`); a failure
    /// before the first rename leaves both as they were.
    func testAPairWriteThatFailsLeavesBothFiles() throws {
        for (operation, code, reason) in [("write", ENOSPC, "No space left on device"), ("rename", EXDEV, "Invalid cross-device link"),
                                          ("write", EPIPE, "Broken pipe")] {
            try write("from.txt", "a\nb\n")
            try write("to.txt", "x\n")
            SystemFaults.fail(operation, with: code)
            let outcome = run(["move", "0", "-1", "--to-file", path("to.txt"), path("from.txt")])
            XCTAssertEqual(outcome.status, 2, outcome.stderr)
            XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, outcome.stderr)
            XCTAssertTrue(outcome.stderr.contains(reason), outcome.stderr)
            XCTAssertEqual(SystemFaults.pending, 0)
            XCTAssertEqual(try read("from.txt"), "a\nb\n", "\(operation) \(code)")
            XCTAssertEqual(try read("to.txt"), "x\n", "\(operation) \(code)")
            XCTAssertEqual(try names(), ["from.txt", "to.txt"], "\(operation) \(code)")
        }
        // Interrupted and short: done.
        try write("from.txt", "a\nb\n")
        try write("to.txt", "x\n")
        SystemFaults.fail("write", with: EINTR)
        SystemFaults.fail("rename", with: EINTR)
        SystemFaults.shortWrite(1, skip: 1)
        XCTAssertEqual(run(["move", "0", "-1", "--to-file", path("to.txt"), path("from.txt")]).status, 0)
        XCTAssertEqual(SystemFaults.pending, 0)
        XCTAssertEqual(try read("from.txt"), "b\n")
        XCTAssertEqual(try read("to.txt"), "x\na\n")
    }

    // MARK: The policy's run

    let policy = "[[rule]]\nfiles = [\"*.json\"]\nformat = \"json\"\nlist = \"/a\"\n"

    /// `command` run in the policy's folder, as a user runs it (the rules'
    /// paths are relative to the folder of the policy found there).
    func policyRun(_ command: String, _ files: [String], cache: Bool = false) -> RunnerTests.Outcome {
        let here = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder))
        defer { XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(here)) }
        return run([command] + (cache ? ["--cache-dir", "cache"] : ["--no-cache"]) + files)
    }

    func testFixOverFilesReportsEachFailedFileAndWritesTheOthers() throws {
        try write(".reorder.toml", policy)
        for (operation, code, reason) in [("write", ENOSPC, "No space left on device"), ("rename", EXDEV, "Invalid cross-device link"),
                                          ("write", EPIPE, "Broken pipe")] {
            try write("f.json", "{\"a\": [2, 1]}\n")
            try write("g.json", "{\"a\": [4, 3]}\n")
            SystemFaults.fail(operation, with: code)
            let outcome = policyRun("fix", ["f.json", "g.json"])
            XCTAssertEqual(outcome.status, 2, outcome.stderr)
            XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, outcome.stderr)
            XCTAssertTrue(outcome.stderr.hasPrefix("reorder: "), outcome.stderr)
            XCTAssertTrue(outcome.stderr.contains("f.json") && outcome.stderr.contains(reason), outcome.stderr)
            XCTAssertEqual(SystemFaults.pending, 0)
            // The first file as it was, the second fixed; nothing else.
            XCTAssertEqual(try read("f.json"), "{\"a\": [2, 1]}\n", "\(operation) \(code)")
            XCTAssertEqual(try read("g.json"), "{\"a\": [3, 4]}\n", "\(operation) \(code)")
            XCTAssertEqual(try names(), [".reorder.toml", "f.json", "g.json"], "\(operation) \(code)")
        }
        // Interrupted and short: both fixed.
        try write("f.json", "{\"a\": [2, 1]}\n")
        try write("g.json", "{\"a\": [4, 3]}\n")
        SystemFaults.fail("read", with: EINTR)
        SystemFaults.fail("write", with: EINTR)
        SystemFaults.fail("rename", with: EINTR)
        SystemFaults.shortWrite(3, times: 2)
        XCTAssertEqual(policyRun("fix", ["f.json", "g.json"]).status, 0)
        XCTAssertEqual(SystemFaults.pending, 0)
        XCTAssertEqual(try read("f.json"), "{\"a\": [1, 2]}\n")
        XCTAssertEqual(try read("g.json"), "{\"a\": [3, 4]}\n")
    }

    /// The cache is an aid: when it cannot be saved the run says so once,
    /// as a warning, its status is the same, and no cache file, whole or
    /// half, is left.
    func testACacheThatCannotBeSavedIsOneWarningAndNoFile() throws {
        try write(".reorder.toml", policy)
        try write("f.json", "{\"a\": [1, 2]}\n")
        try age("f.json")
        for (operation, code, reason) in [("write", ENOSPC, "No space left on device"), ("rename", EXDEV, "Invalid cross-device link"),
                                          ("write", EPIPE, "Broken pipe"), ("create a temporary file in", ENOSPC, "No space left on device"),
                                          ("close", ENOSPC, "No space left on device")] {
            SystemFaults.fail(operation, with: code)
            let outcome = policyRun("check", ["f.json"], cache: true)
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
            XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, outcome.stderr)
            XCTAssertTrue(outcome.stderr.hasPrefix("reorder: warning: cache "), outcome.stderr)
            XCTAssertTrue(outcome.stderr.contains(reason) && outcome.stderr.hasSuffix("results not saved\n"), outcome.stderr)
            XCTAssertEqual(SystemFaults.pending, 0, "\(operation) \(code)")
            XCTAssertEqual(try names(in: "cache"), [], "\(operation) \(code)")
        }
        // Interrupted, short: saved, then read back (EINTR on its read too).
        SystemFaults.fail("write", with: EINTR)
        SystemFaults.fail("rename", with: EINTR)
        SystemFaults.shortWrite(5, times: 2)
        XCTAssertEqual(policyRun("check", ["f.json"], cache: true), .init(status: 0, stdout: "", stderr: ""))
        XCTAssertEqual(SystemFaults.pending, 0)
        XCTAssertEqual(try names(in: "cache").count, 1)
        SystemFaults.fail("read", with: EINTR, times: 2)
        XCTAssertEqual(policyRun("check", ["f.json"], cache: true), .init(status: 0, stdout: "", stderr: ""))
        XCTAssertEqual(SystemFaults.pending, 0)
    }

    /// A cache that cannot be read: one warning, the run without it.
    func testACacheThatCannotBeReadIsOneWarning() throws {
        try write(".reorder.toml", policy)
        try write("f.json", "{\"a\": [1, 2]}\n")
        try age("f.json")
        XCTAssertEqual(policyRun("check", ["f.json"], cache: true).status, 0)
        XCTAssertEqual(try names(in: "cache").count, 1)
        SystemFaults.fail("read", with: EIO, pathContaining: "/cache-")
        let outcome = policyRun("check", ["f.json"], cache: true)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasPrefix("reorder: warning: cache ") && outcome.stderr.contains("Input/output error")
                      && outcome.stderr.hasSuffix("running without it\n"), outcome.stderr)
        XCTAssertEqual(SystemFaults.pending, 0)
    }
}
