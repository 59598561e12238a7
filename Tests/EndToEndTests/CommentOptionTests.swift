import Foundation
import XCTest

/// `--comment PREFIX`: which lines of a list of lines are comment headings.
/// It means something with `--groups comments` only; without it, and for
/// formats other than lines, it is refused and nothing is written.
final class CommentOptionTests: XCTestCase {
    func testCommentWithoutCommentGroupsIsRefused() throws {
        let h = try Harness()
        try h.write("requirements.txt", "# web\nrequests\nflask\n")
        let result = try h.run(["sort", "--comment", "#", "requirements.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: requirements.txt: --comment says which lines are group headings, so it needs --groups comments; add it, or leave --comment out\n")
        XCTAssertEqual(try h.text("requirements.txt"), "# web\nrequests\nflask\n")
        XCTAssertEqual(try h.listing(), ["requirements.txt"])
    }

    func testCommentIsRefusedForOtherFormats() throws {
        let h = try Harness()
        try h.write("a.json", #"["b", "a"]"#)
        let result = try h.run(["sort", "--comment", "//", "a.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: --comment applies to lines; a.json is read as JSON: leave --comment out, or choose the format with --format\n")
        XCTAssertEqual(try h.text("a.json"), #"["b", "a"]"#)
    }

    func testAnEmptyPrefixIsRefused() throws {
        let h = try Harness()
        try h.write("a.txt", "b\na\n")
        let result = try h.run(["sort", "--comment", "", "a.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--comment takes the bytes a comment line starts with"), result.stderr)
        XCTAssertEqual(try h.text("a.txt"), "b\na\n")
    }
}
