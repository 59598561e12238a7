import Foundation
import XCTest

/// `reorder sort` through the built binary.
final class SortEndToEndTests: XCTestCase {
    func testSortsLinesInPlaceAndASecondRunChangesNothing() throws {
        let h = try Harness()
        try h.write("list.txt", "pear\r\nApple\r\nfig\r\napple")
        XCTAssertEqual(try h.run(["sort", "--check", "list.txt"]).status, 1)
        let result = try h.run(["sort", "list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("list.txt"), "Apple\r\napple\r\nfig\r\npear")
        XCTAssertEqual(try h.run(["sort", "--check", "list.txt"]).status, 0)
        XCTAssertEqual(try h.listing(), ["list.txt"])
    }

    func testSortOptions() throws {
        let h = try Harness()
        let input = Data("b\nB\na\n10\n9\nb\n".utf8)
        XCTAssertEqual(try h.run(["sort"], stdin: input).out, "10\n9\nB\na\nb\nb\n")
        XCTAssertEqual(try h.run(["sort", "-r"], stdin: input).out, "b\nb\na\nB\n9\n10\n")
        XCTAssertEqual(try h.run(["sort", "-u"], stdin: input).out, "10\n9\nB\na\nb\n")
        XCTAssertEqual(try h.run(["sort", "-i"], stdin: input).out, "10\n9\na\nb\nB\nb\n")
        XCTAssertEqual(try h.run(["sort", "-iu"], stdin: input).out, "10\n9\na\nb\n")
        XCTAssertEqual(try h.run(["sort", "-n"], stdin: input).out, "b\nB\na\nb\n9\n10\n")
        XCTAssertEqual(try h.run(["sort", "--numeric", "--reverse", "--unique"], stdin: input).out, "10\n9\nb\n")
    }

    func testSortsAJSONArrayByValueKeepingItsLayout() throws {
        let h = try Harness()
        try h.write("data.json", """
            {"numbers": [
                12345678901234567890123,
                1e22,
                -0.0,
                0,
                "x"
            ], "names": [{"name": "b"}, {"id": 1}, {"name": "\\u0061"}]}

            """)
        XCTAssertEqual(try h.run(["sort", "-p", "/numbers", "data.json"]).status, 0)
        let byKey = try h.run(["sort", "-p", "/names", "--key", "/name", "data.json"])
        XCTAssertEqual(byKey.status, 0, byKey.stderr)
        XCTAssertEqual(try h.text("data.json"), """
            {"numbers": [
                -0.0,
                0,
                1e22,
                12345678901234567890123,
                "x"
            ], "names": [{"name": "\\u0061"}, {"name": "b"}, {"id": 1}]}

            """)
        XCTAssertEqual(try h.run(["sort", "-p", "/numbers", "--check", "data.json"]).status, 0)
        XCTAssertEqual(try h.run(["sort", "-p", "/names", "--key", "/name", "--check", "data.json"]).status, 0)
        // -0.0 and 0 are equal: --unique keeps the first.
        XCTAssertTrue(try h.run(["sort", "-p", "/numbers", "-u", "data.json", "-o", "-"]).out.hasPrefix("""
            {"numbers": [
                -0.0,
                1e22,
                12345678901234567890123,
                "x"
            ],
            """))
    }

    func testReverseCommand() throws {
        let h = try Harness()
        XCTAssertEqual(try h.run(["reverse"], stdin: Data("a\nb\nc\n".utf8)).out, "c\nb\na\n")
        XCTAssertEqual(try h.run(["reverse", "--json"], stdin: Data("[1, 2, 3]".utf8)).out, "[3, 2, 1]")
    }
}
