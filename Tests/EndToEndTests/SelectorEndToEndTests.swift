import Foundation
import XCTest

/// Selectors through the built binary: by value, by regex, ranges, lists,
/// --key, --missing-ok, and what a second run does.
final class SelectorEndToEndTests: XCTestCase {
    func modificationDate(_ h: Harness, _ name: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: h.url(name).path)[.modificationDate] as! Date
    }

    func testMoveByValueIsIdempotentAndTheSecondRunLeavesTheFileAlone() throws {
        let h = try Harness()
        try h.write("modules.txt", "utils\nio\ncore\n")
        let first = try h.run(["move", "=core", "0", "modules.txt"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try h.text("modules.txt"), "core\nutils\nio\n")
        // Back-date the file: a rewrite would show as a new time.
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: h.url("modules.txt").path)
        XCTAssertEqual(try h.run(["move", "=core", "0", "modules.txt"]).status, 0)
        XCTAssertEqual(try modificationDate(h, "modules.txt"), old)
        let check = try h.run(["move", "=core", "0", "--check", "modules.txt"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.out, "")
    }

    func testEscapesAndListsFromTheCommandLine() throws {
        let h = try Harness()
        let input = Data("b\n=x\n42\na,b\na\n".utf8)
        XCTAssertEqual(try h.run(["move", "==x", "0"], stdin: input).out, "=x\nb\n42\na,b\na\n")
        XCTAssertEqual(try h.run(["move", "=42", "0"], stdin: input).out, "42\nb\n=x\na,b\na\n")
        XCTAssertEqual(try h.run(["delete", "=a,b"], stdin: input).out, "b\n=x\n42\na\n")
        XCTAssertEqual(try h.run(["delete", "0,=a,b"], stdin: input).out, "=x\n42\na\n")
        XCTAssertEqual(try h.run(["move", "-2...-1", "0"], stdin: input).out, "a,b\na\nb\n=x\n42\n")
        XCTAssertEqual(try h.run(["move", "~^a", "-1"], stdin: input).out, "b\n=x\n42\na,b\na\n")
        XCTAssertEqual(try h.run(["delete", "..<2", "--one-based"], stdin: input).out, "=x\n42\na,b\na\n")
        XCTAssertEqual(try h.run(["swap", "=b", "=a"], stdin: input).out, "a\n=x\n42\na,b\nb\n")
    }

    func testNothingSelectedFailsUnlessMissingOK() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\n")
        let missing = try h.run(["move", "=core", "0", "list.txt"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "reorder: list.txt: '=core' selects no item; add --missing-ok to change nothing instead\n")
        let ok = try h.run(["move", "=core", "0", "--missing-ok", "list.txt"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(try h.text("list.txt"), "a\nb\n")
        XCTAssertEqual(try h.run(["delete", "~z", "--missing-ok", "--check", "list.txt"]).status, 0)
    }

    func testClearErrorsForBadSelectors() throws {
        let h = try Harness()
        let input = Data("a\nb\na\n".utf8)
        let swap = try h.run(["swap", "=a", "=b"], stdin: input)
        XCTAssertEqual(swap.status, 2)
        XCTAssertEqual(swap.stderr, "reorder: <stdin>: swap needs one item on each side, but '=a' selects 2; use 'move' to move several items together\n")
        let regex = try h.run(["delete", "~a(b"], stdin: input)
        XCTAssertEqual(regex.status, 2)
        XCTAssertTrue(regex.stderr.hasPrefix("reorder: '~a(b' is not a valid regular expression: "), regex.stderr)
        let list = try h.run(["delete", "0,,1"], stdin: input)
        XCTAssertEqual(list.status, 2)
        XCTAssertTrue(list.stderr.contains("'0,,1' is not a selector"), list.stderr)
        let reversed = try h.run(["delete", "2...0"], stdin: input)
        XCTAssertEqual(reversed.status, 2)
        XCTAssertTrue(reversed.stderr.contains("range '2...0' ends before it starts"), reversed.stderr)
        let key = try h.run(["delete", "=a", "--key", "/n"], stdin: input)
        XCTAssertEqual(key.status, 2)
        XCTAssertTrue(key.stderr.contains("'--key /n' reads fields of items"), key.stderr)
        XCTAssertTrue(key.stderr.contains("the list is read as lines, whose items have none"), key.stderr)
    }

    func testJSONByValueAndByKey() throws {
        let h = try Harness()
        try h.write("package.json", """
            {
              "keywords": ["b", "core", "\\u0061"],
              "plugins": [
                {"name": "lint"},
                {"name": "core", "enabled": true}
              ]
            }

            """)
        XCTAssertEqual(try h.run(["move", "=core", "0", "-p", "/keywords", "package.json"]).status, 0)
        XCTAssertEqual(try h.run(["move", "=a", "1", "-p", "/keywords", "package.json"]).status, 0)
        let byKey = try h.run(["move", "=core", "0", "-p", "/plugins", "--key", "/name", "package.json"])
        XCTAssertEqual(byKey.status, 0, byKey.stderr)
        XCTAssertEqual(try h.text("package.json"), """
            {
              "keywords": ["core", "\\u0061", "b"],
              "plugins": [
                {"name": "core", "enabled": true},
                {"name": "lint"}
              ]
            }

            """)
        let again = try h.run(["move", "=core", "0", "-p", "/plugins", "--key", "/name", "--check", "package.json"])
        XCTAssertEqual(again.status, 0, again.stderr)
        let missing = try h.run(["delete", "=x", "-p", "/plugins", "--key", "/name", "package.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "reorder: package.json: '=x' selects no item (comparing the value at --key /name); add --missing-ok to change nothing instead\n")
    }
}
