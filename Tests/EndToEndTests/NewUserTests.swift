import Foundation
import XCTest

/// What a new user trips on, end to end with the built binary: each test is
/// named after what broke, and asserts the exit status, the message and the
/// file's bytes after.
final class NewUserTests: XCTestCase {
    func b(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: Options before the command

    func testOptionsBeforeTheCommandWereUnknownOptions() throws {
        let h = try Harness()
        try h.write("list.txt", "a\0b\0c\0")
        var result = try h.run(["-z", "swap", "0", "1", "list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.read("list.txt"), b("b\0a\0c\0"))

        try h.write("list.txt", "a\nb\nc\n")
        result = try h.run(["--one-based", "move", "1", "3", "list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("list.txt"), "b\nc\na\n")

        try h.write("deps.txt", "b\na\n")
        result = try h.run(["--check", "sort", "deps.txt"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.out, "deps.txt\n")
        XCTAssertEqual(try h.text("deps.txt"), "b\na\n")

        // A value that follows its option before the command, attached or not.
        try h.write("app.json", #"{"plugins": ["b", "a"]}"#)
        result = try h.run(["-p", "/plugins", "-o", "-", "sort", "app.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.out, #"{"plugins": ["a", "b"]}"#)
        result = try h.run(["-p/plugins", "--output=-", "reverse", "app.json"])
        XCTAssertEqual(result.out, #"{"plugins": ["a", "b"]}"#)
    }

    func testAnOptionBeforeTheCommandThatTheCommandDoesNotTakeIsNamed() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\n")
        var result = try h.run(["--unique", "move", "0", "1", "list.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: '--unique' is not an option of 'reorder move'; see 'reorder move --help'\n")
        result = try h.run(["--revrese", "sort", "list.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: unknown option '--revrese' (did you mean '--reverse'?); see 'reorder --help' (a value that starts with '-' goes after '--')\n")
        XCTAssertEqual(try h.text("list.txt"), "a\nb\n")
    }

    // MARK: No silent no-op

    func testAMisspeltKeySortedNothingAndExitedZero() throws {
        let h = try Harness()
        let original = #"{"plugins": [{"name": "b"}, {"name": "a", "v": 1}]}"#
        try h.write("app.json", original)
        let result = try h.run(["sort", "-p", "/plugins", "--key", "/nme", "app.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: app.json: no item has a value at '--key /nme'; the items have: 'name', 'v'; did you mean '--key /name'?\n")
        XCTAssertEqual(try h.text("app.json"), original)

        // The same typo in a selector, even with --missing-ok.
        let selector = try h.run(["move", "=a", "0", "-p", "/plugins", "--key", "/nme", "--missing-ok", "app.json"])
        XCTAssertEqual(selector.status, 2)
        XCTAssertTrue(selector.stderr.hasPrefix("reorder: app.json: no item has a value at '--key /nme'"), selector.stderr)

        // Some items having the key: those without it go last, as before.
        try h.write("some.json", #"[{"x": 1}, {"name": "b"}, {"name": "a"}]"#)
        let some = try h.run(["sort", "--key", "/name", "some.json"])
        XCTAssertEqual(some.status, 0, some.stderr)
        XCTAssertEqual(try h.text("some.json"), #"[{"name": "a"}, {"name": "b"}, {"x": 1}]"#)
    }

    // MARK: Arguments

    func testAnExtraIndexWasTakenForAFileAndTheRealFileWasStillEdited() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\nc\n")
        var result = try h.run(["move", "0", "1", "2", "list.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: move takes FROM and TO; '2' is one argument too many (no file has that name)\n")
        XCTAssertEqual(try h.text("list.txt"), "a\nb\nc\n")

        result = try h.run(["delete", "0", "=b", "list.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: delete takes AT; '=b' is one argument too many (no file has that name)\n")
        XCTAssertEqual(try h.text("list.txt"), "a\nb\nc\n")

        // A file that exists is a file, whatever its name.
        try h.write("2", "x\ny\n")
        result = try h.run(["move", "0", "1", "2", "list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("2"), "y\nx\n")
        XCTAssertEqual(try h.text("list.txt"), "b\na\nc\n")
    }

    func testTheSameFileNamedTwiceWasEditedTwice() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\nc\n")
        try FileManager.default.createSymbolicLink(atPath: h.url("link.txt").path, withDestinationPath: "list.txt")
        let result = try h.run(["-v", "move", "0", "-1", "list.txt", "./list.txt", "link.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // Edited once: one move, not three.
        XCTAssertEqual(try h.text("list.txt"), "b\nc\na\n")
        XCTAssertEqual(result.stderr, "reorder: list.txt: rewritten\n")

        let check = try h.run(["sort", "--check", "list.txt", "link.txt"])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.out, "list.txt\n")
    }

    // MARK: Binary files

    func testAnExecutableWasReversedAsLines() throws {
        let h = try Harness()
        let binary: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x0A, 0x00, 0x01, 0x0A, 0x02]
        try h.write("program", binary)
        var result = try h.run(["reverse", "program"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: program:2:1: the input holds a NUL byte, so it looks binary and is not edited as lines; use -z if its items end with NUL, or --text to edit its lines anyway\n")
        XCTAssertEqual(try h.read("program"), binary)

        // Standard input too.
        result = try h.run(["reverse"], stdin: Data(binary))
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("reorder: <stdin>:2:1: the input holds a NUL byte"), result.stderr)
        XCTAssertEqual(result.out, "")

        // --text (-a, as grep's) edits it anyway; -z reads NUL-ended items.
        result = try h.run(["reverse", "--text", "program"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.read("program"), [0x02, 0x0A, 0x00, 0x01, 0x0A, 0x7F, 0x45, 0x4C, 0x46])
        try h.write("nul.txt", "a\0b\0")
        result = try h.run(["reverse", "-z", "nul.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.read("nul.txt"), b("b\0a\0"))
    }

    // MARK: Format detection

    func testTextFilesStartingWithABracketWereReadAsJSON() throws {
        let h = try Harness()
        for name in ["notes.txt", "app.log", "setup.ini", "names.list", "events.jsonl", "EVENTS.NDJSON"] {
            try h.write(name, "[b]\n{\"a\": 1}\n")
            let result = try h.run(["reverse", name])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertEqual(try h.text(name), "{\"a\": 1}\n[b]\n", name)
        }
        // `.csv` is CSV, whatever it starts with: the header stays first.
        try h.write("table.csv", "[h]\n[b]\n[a]\n")
        let table = try h.run(["reverse", "table.csv"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertEqual(try h.text("table.csv"), "[h]\n[a]\n[b]\n")
        // `.json` is JSON, whatever it starts with; no extension: the content.
        try h.write("list.json", "x\ny\n")
        var result = try h.run(["reverse", "list.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("it was read as JSON because its name ends in '.json': use --lines"), result.stderr)
        try h.write("plain", "[1, 2]")
        result = try h.run(["reverse", "plain"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("plain"), "[2, 1]")
        result = try h.run(["reverse"], stdin: Data(b("[1, 2]")))
        XCTAssertEqual(result.out, "[2, 1]")
    }

    // MARK: Saying what was fixed

    func testInPlaceFixesWereSilent() throws {
        let h = try Harness()
        try h.write("a.txt", "b\na\n")
        try h.write("sorted.txt", "a\nb\n")
        var result = try h.run(["sort", "--verbose", "a.txt", "sorted.txt"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "reorder: a.txt: rewritten\n")
        XCTAssertEqual(try h.text("a.txt"), "a\nb\n")
        // Nothing said when nothing was rewritten, or when writing elsewhere.
        result = try h.run(["sort", "-v", "a.txt"])
        XCTAssertEqual(result.stderr, "")
        result = try h.run(["reverse", "-v", "a.txt", "-o", "-"])
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.out, "b\na\n")
    }

    // MARK: Messages

    func testAMissingOutputDirectoryWasReportedAsATemporaryFile() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\n")
        let result = try h.run(["reverse", "list.txt", "-o", "nodir/out.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: nodir/out.txt: cannot write: the directory 'nodir' does not exist; create it first\n")
        XCTAssertFalse(result.stderr.contains("temporary"))
        XCTAssertEqual(try h.listing(), ["list.txt"])
    }

    // MARK: Raw bytes

    func testALatin1SelectorWasDecodedAndNeverMatched() throws {
        let h = try Harness()
        try h.write("words.txt", [0x63, 0x61, 0x66, 0xE9, 0x0A, 0x62, 0x0A])  // "caf\xE9", "b"
        // Through a shell, as a user passes it: Foundation cannot pass bytes
        // that are not UTF-8 as an argument.
        let script = #"exec "$1" move "$(printf '=caf\351')" -1 words.txt"#
        var result = try h.run(["-c", script, "sh", Harness.binary.path], executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.read("words.txt"), [0x62, 0x0A, 0x63, 0x61, 0x66, 0xE9, 0x0A])
        result = try h.run(["-c", #"exec "$1" insert 0 "$(printf 'na\357ve')" words.txt"#, "sh", Harness.binary.path],
                           executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.read("words.txt"), [0x6E, 0x61, 0xEF, 0x76, 0x65, 0x0A, 0x62, 0x0A, 0x63, 0x61, 0x66, 0xE9, 0x0A])
        // In a batch expression too.
        result = try h.run(["-c", #"exec "$1" batch -e "$(printf 'delete =caf\351')" words.txt"#, "sh", Harness.binary.path],
                           executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.read("words.txt"), [0x6E, 0x61, 0xEF, 0x76, 0x65, 0x0A, 0x62, 0x0A])
    }

    func testAValueEndingInCRReadBackWithoutIt() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\n")
        let result = try h.run(["insert", "0", "x\r", "list.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: list.txt: the value ends with a carriage return, which would read back as part of the line's terminator (a CRLF), not as the value's; leave it out\n")
        XCTAssertEqual(try h.text("list.txt"), "a\nb\n")
    }
}
