import Foundation
import XCTest

/// The built binary on real files: in place, standard streams, -o, --check,
/// --diff, byte preservation, and safe writes.
final class LinesFileTests: XCTestCase {
    func b(_ text: String) -> [UInt8] { Array(text.utf8) }

    func inode(_ h: Harness, _ name: String) throws -> (ino: UInt64, mtime: Date, mode: Int) {
        let attributes = try FileManager.default.attributesOfItem(atPath: h.url(name).path)
        return ((attributes[.systemFileNumber] as! NSNumber).uint64Value,
                attributes[.modificationDate] as! Date,
                (attributes[.posixPermissions] as! NSNumber).intValue)
    }

    func testStandardInputToStandardOutput() throws {
        let h = try Harness()
        let result = try h.run(["move", "0", "-1"], stdin: Data(b("a\nb\nc\n")))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.out, "b\nc\na\n")
        XCTAssertEqual(try h.run(["swap", "0", "-1", "-"], stdin: Data(b("a\nb\nc"))).out, "c\nb\na")
    }

    func testEditsInPlaceAndLeavesNoTemporaryFile() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\nc\n")
        XCTAssertEqual(try h.run(["insert", "1", "x", "list.txt"]).status, 0)
        XCTAssertEqual(try h.text("list.txt"), "a\nx\nb\nc\n")
        XCTAssertEqual(try h.run(["delete", "-1", "list.txt"]).status, 0)
        XCTAssertEqual(try h.text("list.txt"), "a\nx\nb\n")
        XCTAssertEqual(try h.listing(), ["list.txt"])
    }

    func testOutputPathLeavesTheInputAlone() throws {
        let h = try Harness()
        try h.write("in.txt", "a\nb\n")
        let result = try h.run(["move", "0", "1", "in.txt", "-o", "out.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("in.txt"), "a\nb\n")
        XCTAssertEqual(try h.text("out.txt"), "b\na\n")
        XCTAssertEqual(try h.run(["move", "0", "1", "in.txt", "-o", "-"]).out, "b\na\n")
        let two = try h.run(["move", "0", "1", "in.txt", "out.txt", "-o", "x.txt"])
        XCTAssertEqual(two.status, 2)
        XCTAssertTrue(two.stderr.contains("'--output' takes one input"), two.stderr)
    }

    func testOutputToADeviceOrPipeWritesToItInsteadOfReplacingIt() throws {
        // Regression: `-o /dev/null` once renamed a regular file over /dev/null.
        let h = try Harness()
        try h.write("in.txt", "a\nb\n")
        XCTAssertEqual(try h.run(["move", "0", "1", "in.txt", "-o", "/dev/null"]).status, 0)
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/null is no longer a device")
        XCTAssertEqual(try h.run(["move", "0", "1", "in.txt", "-o", "/dev/stdout"]).out, "b\na\n")
        XCTAssertEqual(mkfifo(h.url("fifo").path, 0o644), 0)
        let result = try h.run(["-c", "cat fifo > from-fifo & \"$0\" move 0 1 in.txt -o fifo; wait", Harness.binary.path],
                               executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("from-fifo"), "b\na\n")
        XCTAssertEqual(stat(h.url("fifo").path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    }

    func testCheckReportsFilesThatWouldChangeAndWritesNothing() throws {
        let h = try Harness()
        try h.write("a.txt", "a\nb\n")
        try h.write("b.txt", "x\nx\n")
        let result = try h.run(["--check", "swap", "0", "1", "a.txt", "b.txt"].filter { $0 != "--check" } + ["-c"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "a.txt\n")
        XCTAssertEqual(try h.text("a.txt"), "a\nb\n")
        let clean = try h.run(["swap", "0", "1", "b.txt", "--check"])
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.out, "")
    }

    func testDiffPrintsAUnifiedDiffAndWritesNothing() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\nc\n")
        let result = try h.run(["move", "0", "-1", "list.txt", "--diff"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "--- list.txt\n+++ list.txt\n@@ -1,3 +1,3 @@\n-a\n b\n c\n+a\n")
        XCTAssertEqual(try h.text("list.txt"), "a\nb\nc\n")
        XCTAssertEqual(try h.run(["move", "1", "1", "list.txt", "--diff"]).status, 0)
        // Colour only on request (standard output is not a terminal here).
        let colored = try h.run(["move", "0", "-1", "list.txt", "--diff", "--color=always"])
        XCTAssertTrue(colored.out.contains("\u{1B}[31m-a\u{1B}[0m"), colored.out)
        XCTAssertFalse(result.out.contains("\u{1B}"))
    }

    /// With `-z` the diff compares items, not the newlines inside them.
    func testDiffOfItemsEndingWithNUL() throws {
        let h = try Harness()
        try h.write("paths", "a\0b\nc\0d\0")
        let result = try h.run(["move", "0", "-1", "-z", "paths", "--diff"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "--- paths\n+++ paths\n@@ -1,3 +1,3 @@\n-a\n \"b\\nc\"\n d\n+a\n")
        XCTAssertEqual(try h.text("paths"), "a\0b\nc\0d\0")
    }

    func testBytesArePreserved() throws {
        let h = try Harness()
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let cases: [([UInt8], [String], [UInt8])] = [
            (b("a\r\nb\r\nc"), ["move", "0", "-1"], b("b\r\nc\r\na")),
            (b("a\nb"), ["move", "0", "-1"], b("b\na")),
            (bom + b("a\nb\n"), ["move", "0", "-1"], bom + b("b\na\n")),
            ([0xFF, 0x00, 0x41, 0x20, 0x0A, 0x42, 0x0A], ["swap", "0", "1", "--text"], [0x42, 0x0A, 0xFF, 0x00, 0x41, 0x20, 0x0A]),
            (b("a\0b\0"), ["move", "0", "-1", "-z"], b("b\0a\0")),
        ]
        for (index, (input, arguments, expected)) in cases.enumerated() {
            let name = "f\(index).txt"
            try h.write(name, input)
            let result = try h.run(arguments + [name])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try h.read(name), expected, "case \(index)")
        }
    }

    func testAnErrorLeavesTheFileByteIdenticalAndOthersAreProcessed() throws {
        let h = try Harness()
        try h.write("short.txt", "a\n")
        try h.write("long.txt", "a\nb\nc\n")
        let before = try inode(h, "short.txt")
        let result = try h.run(["move", "2", "0", "short.txt", "long.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr,
                       "reorder: short.txt: index 2 is out of range: the list has 1 item (valid: 0...0, or -1...-1 from the end)\n")
        XCTAssertEqual(try h.text("short.txt"), "a\n")
        XCTAssertEqual(try inode(h, "short.txt").ino, before.ino)
        XCTAssertEqual(try h.text("long.txt"), "c\na\nb\n")
        XCTAssertEqual(try h.listing(), ["long.txt", "short.txt"])
    }

    func testUnchangedFileIsNotRewritten() throws {
        let h = try Harness()
        try h.write("list.txt", "a\na\nb\n")
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: h.url("list.txt").path)
        let before = try inode(h, "list.txt")
        for arguments in [["move", "1", "1"], ["swap", "0", "1"], ["move", "0", "1"]] {
            XCTAssertEqual(try h.run(arguments + ["list.txt"]).status, 0)
        }
        let after = try inode(h, "list.txt")
        XCTAssertEqual(after.ino, before.ino)
        XCTAssertEqual(after.mtime, past)
    }

    func testModeBitsAreKept() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\n", mode: 0o640)
        XCTAssertEqual(try h.run(["move", "0", "1", "list.txt"]).status, 0)
        XCTAssertEqual(try inode(h, "list.txt").mode, 0o640)
        try h.write("run.sh", "a\nb\n", mode: 0o755)
        XCTAssertEqual(try h.run(["move", "0", "1", "run.sh"]).status, 0)
        XCTAssertEqual(try inode(h, "run.sh").mode, 0o755)
        XCTAssertEqual(try h.text("run.sh"), "b\na\n")
    }

    func testASymlinkStaysASymlinkAndItsTargetIsEdited() throws {
        let h = try Harness()
        try FileManager.default.createDirectory(at: h.url("real"), withIntermediateDirectories: true)
        try h.write("real/list.txt", "a\nb\n")
        try FileManager.default.createSymbolicLink(atPath: h.url("link.txt").path, withDestinationPath: "real/list.txt")
        let result = try h.run(["move", "0", "1", "link.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: h.url("link.txt").path), "real/list.txt")
        XCTAssertEqual(try h.text("real/list.txt"), "b\na\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: h.url("real").path), ["list.txt"])
    }

    func testAReadOnlyFileIsRefusedEvenWhenTheDirectoryIsWritable() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\n", mode: 0o444)
        let result = try h.run(["move", "0", "1", "list.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("list.txt: cannot write: permission denied"), result.stderr)
        XCTAssertEqual(try h.text("list.txt"), "a\nb\n")
        XCTAssertEqual(try h.listing(), ["list.txt"])
    }

    /// Runs as an unprivileged user when the tests run as root, so the
    /// kernel's own permission checks apply.
    func unprivilegedPrefix(_ h: Harness) throws -> [String] {
        guard geteuid() == 0 else { return [] }
        let setpriv = "/usr/bin/setpriv"
        guard FileManager.default.isExecutableFile(atPath: setpriv) else {
            XCTFail("running as root without setpriv (Debian package util-linux): cannot test as an ordinary user")
            throw CancellationError()
        }
        chmod(h.directory.path, 0o777)
        // The binary must be reachable by that user.
        return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    }

    func testAReadOnlyDirectoryFailsCleanly() throws {
        let h = try Harness()
        let prefix = try unprivilegedPrefix(h)
        try FileManager.default.createDirectory(at: h.url("dir"), withIntermediateDirectories: true)
        try h.write("dir/list.txt", "a\nb\n", mode: 0o666)
        chmod(h.url("dir").path, 0o555)
        defer { chmod(h.url("dir").path, 0o755) }
        let binary = try copyBinaryForOtherUsers(h)
        let result = try h.run(["move", "0", "1", "dir/list.txt"], executable: binary, prefix: prefix)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("dir/list.txt: cannot write: permission denied in its directory"), result.stderr)
        XCTAssertEqual(try h.text("dir/list.txt"), "a\nb\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: h.url("dir").path), ["list.txt"])
    }

    /// A copy of the binary in a place every user can run it from (the build
    /// directory may sit under a private home).
    func copyBinaryForOtherUsers(_ h: Harness) throws -> URL {
        let copy = h.directory.deletingLastPathComponent().appendingPathComponent("reorder-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Harness.binary, to: copy)
        chmod(copy.path, 0o755)
        addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
        return copy
    }

    func testAFailedWriteLeavesTheOriginalAndNoTemporaryFile() throws {
        // A file-size limit makes the write fail part-way (EFBIG), as a full
        // disk would.
        let h = try Harness()
        let big = (0..<20_000).map { "line \($0) of the file\n" }.joined()  // 450 KB
        try h.write("big.txt", big)
        let binary = Harness.binary.path
        let result = try h.run(["-c", "ulimit -f 100; exec \"$0\" move 0 -1 big.txt", binary],
                               executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("big.txt: cannot write"), result.stderr)
        XCTAssertEqual(try h.text("big.txt"), big)
        XCTAssertEqual(try h.listing(), ["big.txt"])
    }

    func testAClosedPipeEndsQuietly() throws {
        let h = try Harness()
        let lines = (0..<200_000).map { "line \($0)\n" }.joined()
        try h.write("big.txt", lines)
        let result = try h.run(["-c", "set -o pipefail; \"$0\" move 0 -1 big.txt -o - | head -1", Harness.binary.path],
                               executable: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.out, "line 1\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testNegativeNumbersAreIndicesAndDoubleDashEndsOptions() throws {
        let h = try Harness()
        try h.write("-list.txt", "a\nb\nc\n")
        let result = try h.run(["move", "-1", "0", "--", "-list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("-list.txt"), "c\na\nb\n")
        let value = try h.run(["insert", "0", "--", "-x"], stdin: Data(b("a\n")))
        XCTAssertEqual(value.out, "-x\na\n")
    }

    func testUsageErrorsExitTwoWithOneLineAndAHint() throws {
        let h = try Harness()
        let cases: [([String], String)] = [
            (["mvoe", "0", "1"], "reorder: 'mvoe' is not a command (did you mean 'move'?); see 'reorder --help'\n"),
            (["move", "--chek", "0", "1"], "reorder: unknown option '--chek' (did you mean '--check'?); see 'reorder move --help' (a value that starts with '-' goes after '--')\n"),
            (["move", "0"], "reorder: missing TO; usage: reorder move FROM TO [OPTIONS] [FILE...]\n"),
            (["move", "x", "1"], "reorder: 'x' is not an index or a selector: use a whole number (negative counts from the end), or '=x' for the item whose text is x\n"),
            (["move", "0", "x"], "reorder: 'x' is not an index: use a whole number (negative counts from the end)\n"),
            (["move", "0", "1", "--format", "xml"], "reorder: 'xml' is not a value of '--format'; use one of: auto, lines, json, jsonc, yaml, toml, markdown, csv, tsv\n"),
        ]
        for (arguments, message) in cases {
            let result = try h.run(arguments, stdin: Data())
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, message)
            XCTAssertEqual(result.out, "")
        }
    }

    func testHelpAndVersion() throws {
        let h = try Harness()
        let help = try h.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("Usage: reorder COMMAND"))
        XCTAssertEqual(try h.run(["help", "move"]).out, try h.run(["move", "--help"]).out)
        XCTAssertTrue(try h.run(["help", "move"]).out.hasPrefix("Usage: reorder move FROM TO [OPTIONS] [FILE...]"))
        XCTAssertTrue(try h.run(["--version"]).out.hasPrefix("reorder "))
        let noCommand = try h.run([])
        XCTAssertEqual(noCommand.status, 2)
        XCTAssertEqual(noCommand.stderr, "reorder: no command given; try 'reorder --help'\n")
    }

    func testMissingFileIsAnError() throws {
        let h = try Harness()
        let result = try h.run(["reverse", "nope.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: nope.txt: cannot open: No such file or directory\n")
    }
}
