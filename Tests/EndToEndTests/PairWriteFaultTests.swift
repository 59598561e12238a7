import Foundation
import XCTest

/// The two files of `move --to-file` are written as a pair, both or
/// neither: under every fault the item is in one file or in both, never in
/// neither, the exit status is 2, and the message says where it is. The
/// faults: the destination's folder read-only, a full disk (a file-size
/// limit, `ulimit -f`, which makes a write fail with EFBIG), the process
/// killed between the two renames, a file changed between read and write
/// (the last two through the test-only hook REORDER_TEST_FAULT, honoured
/// only with REORDER_TEST_HOOKS=1).
final class PairWriteFaultTests: XCTestCase {
    static let nobody: UInt32 = 65534

    /// A big destination (more than the file-size limit below allows).
    static let big: String = (0..<60).map { "line \($0) of the destination, long enough to fill a block\n" }.joined()

    func assertUnchanged(_ h: Harness, _ files: [String: String], file: StaticString = #filePath, line: UInt = #line) throws {
        for (name, text) in files {
            XCTAssertEqual(try h.text(name), text, "\(name) changed", file: file, line: line)
        }
    }

    /// The names in `folder` of the test's directory that a write left.
    func leftovers(_ h: Harness, in folder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: h.url(folder).path).filter { $0.contains(".reorder-") }
    }

    // MARK: - Before the renames: nothing written

    func testTheDestinationsFolderReadOnlyWritesNothing() throws {
        let h = try Harness()
        try FileManager.default.createDirectory(at: h.url("ro"), withIntermediateDirectories: false)
        try h.write("ro/b.txt", "c\n", mode: 0o666)
        try h.write("a.txt", "a\nb\n", mode: 0o666)
        chmod(h.url("ro").path, 0o555)
        defer { chmod(h.url("ro").path, 0o755) }
        var prefix: [String] = []
        var binary: URL? = nil
        if geteuid() == 0 {
            // root writes in any folder: the run is nobody's.
            chmod(h.directory.path, 0o777)
            prefix = ["/usr/bin/setpriv", "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups"]
            let copy = h.directory.deletingLastPathComponent().appendingPathComponent("reorder-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: Harness.binary, to: copy)
            chmod(copy.path, 0o755)
            addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
            binary = copy
        }
        let result = try h.run(["move", "=b", "0", "--to-file", "ro/b.txt", "a.txt"], executable: binary, prefix: prefix)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "reorder: ro/b.txt: cannot write: permission denied in its directory, where the new file is made "
                       + "before it replaces the old one; nothing written: the item is still in a.txt only\n")
        try assertUnchanged(h, ["a.txt": "a\nb\n", "ro/b.txt": "c\n"])
        XCTAssertEqual(try leftovers(h) + leftovers(h, in: "ro"), [])
    }

    /// `ulimit -f 2` (1024 bytes in sh's blocks of 512): writing more
    /// fails with EFBIG, SIGXFSZ being ignored, as a full disk fails a
    /// write. Whichever of the two new contents does not fit, nothing is
    /// written.
    func testADiskFullWritesNothingWhicheverFileDoesNotFit() throws {
        let h = try Harness()
        func limited(_ arguments: [String]) throws -> Harness.Result {
            try h.run(["-c", "trap '' XFSZ; ulimit -f 2; exec \"$0\" \"$@\"", Harness.binary.path] + arguments,
                      executable: URL(fileURLWithPath: "/bin/sh"))
        }
        // The destination's new content does not fit.
        try h.write("big.txt", Self.big)
        try h.write("small.txt", "x\ny\n")
        var result = try limited(["move", "=x", "0", "--to-file", "big.txt", "small.txt"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "reorder: big.txt: cannot write: File too large; nothing written: the item is still in small.txt only\n")
        try assertUnchanged(h, ["big.txt": Self.big, "small.txt": "x\ny\n"])
        XCTAssertEqual(try leftovers(h), [])
        // The source's does not, after the destination's was made.
        result = try limited(["move", "0", "0", "--to-file", "small.txt", "big.txt"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "reorder: big.txt: cannot write: File too large; nothing written: the item is still in big.txt only\n")
        try assertUnchanged(h, ["big.txt": Self.big, "small.txt": "x\ny\n"])
        XCTAssertEqual(try leftovers(h), [])
    }

    // MARK: - The hook: a run stopped at a point of the write

    /// Runs `reorder arguments` with the fault `fault`, which stops it
    /// (SIGSTOP) at its point; calls `stopped` with its process id once it
    /// is, and then lets it go on (SIGCONT), unless `stopped` ended it.
    func runStopped(_ h: Harness, _ arguments: [String], fault: String,
                    stopped: (pid_t) throws -> Void) throws -> (status: Int32, signaled: Bool, stderr: String) {
        let process = Process()
        process.executableURL = Harness.binary
        process.arguments = arguments
        process.currentDirectoryURL = h.directory
        var environment = ProcessInfo.processInfo.environment
        environment["REORDER_TEST_HOOKS"] = "1"
        environment["REORDER_TEST_FAULT"] = fault
        process.environment = environment
        let errors = h.directory.appendingPathExtension("fault-stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let handle = try FileHandle(forWritingTo: errors)
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        let exited = Harness.exitSignal(of: process)
        try process.run()
        let pid = process.processIdentifier
        // Stopped: state T in /proc/PID/stat (after the name in parentheses).
        let deadline = Date().addingTimeInterval(30)
        var isStopped = false
        while Date() < deadline {
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
               let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "T" {
                isStopped = true
                break
            }
            usleep(10_000)
        }
        XCTAssertTrue(isStopped, "the run did not stop at \(fault)")
        if isStopped { try stopped(pid) }
        kill(pid, SIGCONT)
        exited.wait()
        try handle.close()
        let stderr = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, stderr)
    }

    static let source = "{\n  \"devDependencies\": {\n    \"vitest\": \"^1\",\n    \"zod\": \"^3\"\n  }\n}\n"
    static let sourceAfter = "{\n  \"devDependencies\": {\n    \"vitest\": \"^1\"\n  }\n}\n"
    static let destination = "{\n  \"devDependencies\": {\n    \"axios\": \"^1\"\n  }\n}\n"
    static let destinationAfter = "{\n  \"devDependencies\": {\n    \"axios\": \"^1\",\n    \"zod\": \"^3\"\n  }\n}\n"
    static let move = ["move", "=zod", "sorted", "-p", "/devDependencies", "--to-file", "b.json", "a.json"]

    func testKilledBetweenTheRenamesTheItemIsInBothFiles() throws {
        let h = try Harness()
        try h.write("a.json", Self.source)
        try h.write("b.json", Self.destination)
        let result = try runStopped(h, Self.move, fault: "stop-after-first-rename") { pid in
            kill(pid, SIGKILL)
        }
        XCTAssertTrue(result.signaled)
        // In both: the destination written, the source as it was.
        try assertUnchanged(h, ["a.json": Self.source, "b.json": Self.destinationAfter])
        // The message of a failure there says to delete it from the source:
        // done so, the next run also removes the source's stale temporary.
        XCTAssertEqual(try leftovers(h).count, 1)
        let delete = try h.run(["delete", "=zod", "-p", "/devDependencies", "a.json"])
        XCTAssertEqual(delete.status, 0, delete.stderr)
        try assertUnchanged(h, ["a.json": Self.sourceAfter])
        XCTAssertEqual(try leftovers(h), [])
    }

    func testASecondRenameThatFailsSaysTheItemIsInBothFiles() throws {
        let h = try Harness()
        try h.write("a.json", Self.source)
        try h.write("b.json", Self.destination)
        let result = try h.run(Self.move, environment: ["REORDER_TEST_HOOKS": "1", "REORDER_TEST_FAULT": "fail-second-rename"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: a.json: cannot rename: Input/output error; b.json was written and a.json was not: "
                       + "the item is now in both b.json and a.json; delete it from a.json by hand\n")
        try assertUnchanged(h, ["a.json": Self.source, "b.json": Self.destinationAfter])
        XCTAssertEqual(try leftovers(h), [])
        // Without REORDER_TEST_HOOKS, the fault is not honoured.
        try h.write("b.json", Self.destination)
        XCTAssertEqual(try h.run(Self.move, environment: ["REORDER_TEST_FAULT": "fail-second-rename"]).status, 0)
        try assertUnchanged(h, ["a.json": Self.sourceAfter, "b.json": Self.destinationAfter])
    }

    func testAFileChangedBetweenReadAndWriteRefusesAndSaysWhereTheItemIs() throws {
        let h = try Harness()
        // The source changed before the renames: nothing written.
        try h.write("a.json", Self.source)
        try h.write("b.json", Self.destination)
        var result = try runStopped(h, Self.move, fault: "stop-before-renames") { _ in
            try h.write("a.json", Self.source + "\n")
        }
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "reorder: a.json: changed by another program while reorder was editing it; "
                       + "nothing written: the item is still in a.json only\n")
        try assertUnchanged(h, ["a.json": Self.source + "\n", "b.json": Self.destination])
        XCTAssertEqual(try leftovers(h), [])
        // The destination changed before the renames: nothing written.
        try h.write("a.json", Self.source)
        result = try runStopped(h, Self.move, fault: "stop-before-renames") { _ in
            try h.write("b.json", Self.destination + "\n")
        }
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "reorder: b.json: changed by another program while reorder was editing it; "
                       + "nothing written: the item is still in a.json only\n")
        try assertUnchanged(h, ["a.json": Self.source, "b.json": Self.destination + "\n"])
        XCTAssertEqual(try leftovers(h), [])
        // The source changed after the destination's rename: in both.
        try h.write("b.json", Self.destination)
        result = try runStopped(h, Self.move, fault: "stop-after-first-rename") { _ in
            try h.write("a.json", Self.source + "\n")
        }
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "reorder: a.json: changed by another program while reorder was editing it; "
                       + "b.json was written and a.json was not: the item is now in both b.json and a.json; delete it from a.json by hand\n")
        try assertUnchanged(h, ["a.json": Self.source + "\n", "b.json": Self.destinationAfter])
        XCTAssertEqual(try leftovers(h), [])
    }
}
