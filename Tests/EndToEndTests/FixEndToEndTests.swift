import Foundation
import XCTest

/// `reorder fix` and `--block` through the built binary, on files.
final class FixEndToEndTests: XCTestCase {
    let unsorted = "// keep-sorted start\r\nc\r\na\r\nb\r\n// keep-sorted end\r\nrest"
    let sorted = "// keep-sorted start\r\na\r\nb\r\nc\r\n// keep-sorted end\r\nrest"

    func modificationTime(_ h: Harness, _ name: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: h.url(name).path)[.modificationDate] as! Date
    }

    func testFixesFilesInPlaceAndLeavesFilesInOrderAlone() throws {
        let h = try Harness()
        try h.write("App.java", unsorted)
        try h.write("done.txt", sorted)
        try h.write("plain.txt", "no markers\n")
        let before = try modificationTime(h, "done.txt")
        Thread.sleep(forTimeInterval: 0.02)

        let check = try h.run(["fix", "--check", "App.java", "done.txt", "plain.txt"])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.out, "App.java\n")

        let result = try h.run(["--verbose", "fix", "App.java", "done.txt", "plain.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "reorder: App.java: rewritten\n")
        XCTAssertEqual(try h.text("App.java"), sorted)
        XCTAssertEqual(try modificationTime(h, "done.txt"), before, "a file in order is not written")
        XCTAssertEqual(try h.text("plain.txt"), "no markers\n")
        XCTAssertEqual(try h.listing(), ["App.java", "done.txt", "plain.txt"], "no temporary file is left")

        XCTAssertEqual(try h.run(["fix", "--check", "App.java"]).status, 0)
    }

    func testWarningsFailButTheFileIsFixed() throws {
        let h = try Harness()
        try h.write("BUILD", "# keep-sorted start sort=yes\nb\na\n# keep-sorted end\n")
        let result = try h.run(["fix", "BUILD"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "reorder: BUILD:1: unknown option 'sort' on the 'keep-sorted start' line; it is left out\n")
        XCTAssertEqual(try h.text("BUILD"), "# keep-sorted start sort=yes\na\nb\n# keep-sorted end\n")
    }

    func testStandardInputAndOutputFile() throws {
        let h = try Harness()
        XCTAssertEqual(try h.run(["fix", "-"], stdin: Data(unsorted.utf8)).out, sorted)
        try h.write("in.txt", unsorted)
        XCTAssertEqual(try h.run(["fix", "in.txt", "-o", "out.txt"]).status, 0)
        XCTAssertEqual(try h.text("out.txt"), sorted)
        XCTAssertEqual(try h.text("in.txt"), unsorted)
    }

    func testBlockMovesOneLineOfOneBlockInPlace() throws {
        let h = try Harness()
        try h.write("BUILD", "deps = [\n    # keep-sorted start\n    zlib\n    core\n    # keep-sorted end\n]\nother = [\n    core\n]\n")
        let result = try h.run(["move", "=    core", "0", "--block", "0", "BUILD"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("BUILD"), "deps = [\n    # keep-sorted start\n    core\n    zlib\n    # keep-sorted end\n]\nother = [\n    core\n]\n")
        XCTAssertEqual(try h.run(["sort", "--check", "--line-range", "3...4", "BUILD"]).status, 0)
    }
}
