import XCTest

final class SmokeTests: XCTestCase {
    func testMovesFirstLineToEndInPlace() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\nc\n")
        let result = try h.run(["move", "0", "-1", "list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("list.txt"), "b\nc\na\n")
        XCTAssertEqual(try h.listing(), ["list.txt"])
    }
}
