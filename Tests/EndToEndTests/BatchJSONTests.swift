import Foundation
import XCTest

/// `reorder batch` on JSON arrays: elements move verbatim, the layout stays.
final class BatchJSONTests: XCTestCase {
    func testBatchOnAnArrayInsideADocument() throws {
        let h = try Harness()
        try h.write("doc.json", """
            {
              "name": "x",
              "list": [
                1,
                "two",
                {"three": 3},
                4e0
              ]
            }

            """)
        let result = try h.run(["batch", "-p", "/list", "-e", "move -1 0", "-e", "delete 1",
                                "-e", "insert 2 [5, 6]", "-e", "replace 0 null", "doc.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("doc.json"), """
            {
              "name": "x",
              "list": [
                4e0,
                null,
                [5, 6],
                {"three": 3}
              ]
            }

            """)
    }

    func testStringValuesAndSequential() throws {
        let h = try Harness()
        try h.write("list.json", "[\"a\", \"b\", \"c\"]\n")
        let result = try h.run(["batch", "--sequential", "--string", "-e", "insert 0 say \"hi\"",
                                "-e", "move 0 -1", "-e", "delete =b", "list.json", "-o", "-"])
        XCTAssertEqual(result.out, "[\"a\", \"c\", \"say \\\"hi\\\"\"]\n", result.stderr)
    }

    func testInvalidJSONValueNamesTheOperation() throws {
        let h = try Harness()
        try h.write("list.json", "[1, 2]\n")
        let result = try h.run(["batch", "-e", "insert 0 {oops", "list.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("reorder: list.json: in 'insert 0 {oops': "), result.stderr)
        XCTAssertEqual(try h.text("list.json"), "[1, 2]\n")
    }

    func testSelectorsWithKeyInSequentialSeeTheListAsItStandsThen() throws {
        let h = try Harness()
        try h.write("list.json", "[{\"id\": \"a\"}, {\"id\": \"b\"}]\n")
        let result = try h.run(["batch", "--sequential", "--key", "/id", "-e", "insert 0 {\"id\": \"c\"}",
                                "-e", "move =c -1", "list.json", "-o", "-"])
        XCTAssertEqual(result.out, "[{\"id\": \"a\"}, {\"id\": \"b\"}, {\"id\": \"c\"}]\n", result.stderr)
    }
}
