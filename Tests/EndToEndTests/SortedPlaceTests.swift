import Foundation
import XCTest

/// `move FROM sorted` and `insert sorted VALUE`: the item goes where `sort`
/// with the same options would put it, the first position whose item sorts
/// after it, in every format.
final class SortedPlaceTests: XCTestCase {
    func testInsertSortedInLines() throws {
        let h = try Harness()
        try h.write("list.txt", "apple\r\ncherry\r\ncherry\r\nfig\r\n")
        let result = try h.run(["insert", "sorted", "cherry", "list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // After the equal ones, with the file's line endings.
        XCTAssertEqual(try h.text("list.txt"), "apple\r\ncherry\r\ncherry\r\ncherry\r\nfig\r\n")
        XCTAssertEqual(try h.run(["insert", "sorted", "banana", "list.txt"]).status, 0)
        XCTAssertEqual(try h.run(["sort", "--check", "list.txt"]).status, 0)
        XCTAssertEqual(try h.text("list.txt"), "apple\r\nbanana\r\ncherry\r\ncherry\r\ncherry\r\nfig\r\n")
        // Before everything, and after everything.
        XCTAssertEqual(try h.run(["insert", "sorted", "Zebra", "list.txt", "-o", "-"]).out.hasPrefix("Zebra\r\napple"), true)
        XCTAssertEqual(try h.run(["insert", "sorted", "zebra", "list.txt", "-o", "-"]).out.hasSuffix("fig\r\nzebra\r\n"), true)
    }

    func testSortOptionsChooseThePlace() throws {
        let h = try Harness()
        let sorted = Data("a\nb\nC\nd\n".utf8)
        // Bytes: 'C' before 'a'; -i: between b and d.
        XCTAssertEqual(try h.run(["insert", "sorted", "c", "-"], stdin: Data("C\na\nb\nd\n".utf8)).out, "C\na\nb\nc\nd\n")
        XCTAssertEqual(try h.run(["insert", "sorted", "-i", "c", "-"], stdin: sorted).out, "a\nb\nC\nc\nd\n")
        XCTAssertEqual(try h.run(["insert", "sorted", "-r", "c", "-"], stdin: Data("d\nb\na\n".utf8)).out, "d\nc\nb\na\n")
        XCTAssertEqual(try h.run(["insert", "sorted", "-n", "10", "-"], stdin: Data("2\n9\n100\n".utf8)).out, "2\n9\n10\n100\n")
        XCTAssertEqual(try h.run(["insert", "sorted", "10", "-"], stdin: Data("100\n2\n9\n".utf8)).out, "10\n100\n2\n9\n")
        XCTAssertEqual(try h.run(["move", "=c", "sorted", "-"], stdin: Data("c\na\nb\nd\n".utf8)).out, "a\nb\nc\nd\n")
        XCTAssertEqual(try h.run(["move", "0", "sorted", "-r", "-"], stdin: Data("a\nd\nc\nb\n".utf8)).out, "d\nc\nb\na\n")
    }

    /// On a list that is not sorted, the same rule: the first position whose
    /// item sorts after it.
    func testOnAListThatIsNotSortedTheFirstItemThatSortsAfter() throws {
        let h = try Harness()
        XCTAssertEqual(try h.run(["insert", "sorted", "c", "-"], stdin: Data("a\nx\nb\nd\n".utf8)).out, "a\nc\nx\nb\nd\n")
        XCTAssertEqual(try h.run(["move", "=c", "sorted", "-"], stdin: Data("a\nx\nc\nb\n".utf8)).out, "a\nc\nx\nb\n")
        // A run of the same command changes nothing more.
        XCTAssertEqual(try h.run(["move", "=c", "sorted", "-"], stdin: Data("a\nc\nx\nb\n".utf8)).out, "a\nc\nx\nb\n")
    }

    func testJSONObjectMemberAtItsSortedPlace() throws {
        let h = try Harness()
        try h.write("package.json", """
            {
              "name": "x",
              "dependencies": {
                "axios": "^1.6.0",
                "react": "^18.2.0"
              },
              "devDependencies": {
                "typescript": "^5.3.0",
                "zod": "^3.22.0"
              }
            }

            """)
        let insert = try h.run(["insert", "sorted", #""next": "^14""#, "-p", "/dependencies", "package.json"])
        XCTAssertEqual(insert.status, 0, insert.stderr)
        let move = try h.run(["move", "=typescript", "sorted", "-p", "/devDependencies", "package.json"])
        XCTAssertEqual(move.status, 0, move.stderr)
        XCTAssertEqual(try h.text("package.json"), """
            {
              "name": "x",
              "dependencies": {
                "axios": "^1.6.0",
                "next": "^14",
                "react": "^18.2.0"
              },
              "devDependencies": {
                "typescript": "^5.3.0",
                "zod": "^3.22.0"
              }
            }

            """)
        // A key the object has: refused, nothing written.
        let before = try h.read("package.json")
        let clash = try h.run(["insert", "sorted", #""react": "^19""#, "-p", "/dependencies", "package.json"])
        XCTAssertEqual(clash.status, 2)
        XCTAssertTrue(clash.stderr.contains("react"), clash.stderr)
        XCTAssertEqual(try h.read("package.json"), before)
    }

    func testJSONArrayByKey() throws {
        let h = try Harness()
        try h.write("a.json", "[\n  {\"name\": \"b\"},\n  {\"name\": \"d\"}\n]\n")
        let result = try h.run(["insert", "sorted", "--key", "/name", #"{"name": "c"}"#, "a.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("a.json"), "[\n  {\"name\": \"b\"},\n  {\"name\": \"c\"},\n  {\"name\": \"d\"}\n]\n")
        XCTAssertEqual(try h.run(["move", "0", "sorted", "--key", "/name", "-r", "a.json", "-o", "-"]).out,
                       "[\n  {\"name\": \"c\"},\n  {\"name\": \"d\"},\n  {\"name\": \"b\"}\n]\n")
    }

    func testYAMLEntryWithItsCommentAtItsSortedPlace() throws {
        let h = try Harness()
        try h.write("ci.yaml", "steps:\n  - build\n  # the slow one\n  - test\n  - deploy\n")
        let result = try h.run(["move", "=deploy", "sorted", "-p", "/steps", "ci.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("ci.yaml"), "steps:\n  - build\n  - deploy\n  # the slow one\n  - test\n")
        XCTAssertEqual(try h.run(["insert", "sorted", "lint", "-p", "/steps", "ci.yaml", "-o", "-"]).out,
                       "steps:\n  - build\n  - deploy\n  - lint\n  # the slow one\n  - test\n")
    }

    func testTOMLTableAndArray() throws {
        let h = try Harness()
        try h.write("Cargo.toml", """
            [package]
            name = "x"

            [dependencies]
            anyhow = "1" # errors
            serde = "1"

            [dev-dependencies]
            tempfile = "3"

            """)
        let result = try h.run(["insert", "sorted", #"rand = "0.8""#, "-p", "/dependencies", "Cargo.toml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("Cargo.toml"), """
            [package]
            name = "x"

            [dependencies]
            anyhow = "1" # errors
            rand = "0.8"
            serde = "1"

            [dev-dependencies]
            tempfile = "3"

            """)
        try h.write("t.toml", "a = [\"x\", \"z\"]\n")
        XCTAssertEqual(try h.run(["insert", "sorted", #""y""#, "-p", "/a", "t.toml", "-o", "-"]).out, "a = [\"x\", \"y\", \"z\"]\n")
    }

    func testMarkdownItem() throws {
        let h = try Harness()
        try h.write("m.md", "# Tools\n\n- apple\n- fig\n")
        XCTAssertEqual(try h.run(["insert", "sorted", "banana", "-p", "/Tools", "m.md", "-o", "-"]).out,
                       "# Tools\n\n- apple\n- banana\n- fig\n")
    }

    /// `-r`, `-i`, `-n` (and `--key` for insert) say how the sorted place is
    /// found: with an index they would do nothing, so they are refused.
    func testSortOptionsWithAnIndexAreRefused() throws {
        let h = try Harness()
        try h.write("list.txt", "b\na\n")
        for arguments in [["move", "0", "1", "-r"], ["move", "0", "1", "-i"], ["insert", "0", "x", "-n"],
                          ["insert", "0", "x", "--key", "/a"]] {
            let result = try h.run(arguments + ["list.txt"])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("works only with 'sorted' as"), result.stderr)
        }
        XCTAssertEqual(try h.text("list.txt"), "b\na\n")
    }
}
