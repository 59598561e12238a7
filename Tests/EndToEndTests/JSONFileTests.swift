import Foundation
import XCTest

/// The json format through the built binary: files edited in place, the
/// messages users see, and the exit statuses.
final class JSONFileTests: XCTestCase {
    let deps = """
        {
          "name": "app",
          "plugins": [
            {
              "name": "lint",
              "dependencies": ["zeta", "alpha"]
            }
          ],
          "dependencies": [
            "b",
            "a",
            "c"
          ]
        }

        """

    func testMovesAnElementOfTheArrayAtAPointerInPlace() throws {
        let h = try Harness()
        try h.write("deps.json", deps)
        let result = try h.run(["move", "0", "-1", "-p", "/dependencies", "deps.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try h.text("deps.json"), deps.replacingOccurrences(
            of: "\"b\",\n    \"a\",\n    \"c\"", with: "\"a\",\n    \"c\",\n    \"b\""))
        XCTAssertEqual(try h.listing(), ["deps.json"])
    }

    func testPointersWithIndicesAndEscapes() throws {
        let h = try Harness()
        try h.write("deps.json", deps)
        let result = try h.run(["swap", "0", "1", "--pointer", "/plugins/0/dependencies", "deps.json", "-o", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.out, deps.replacingOccurrences(of: #"["zeta", "alpha"]"#, with: #"["alpha", "zeta"]"#))
        try h.write("odd.json", #"{"a/b": {"m~n": [1, 2]}}"#)
        let escaped = try h.run(["reverse", "-p", "/a~1b/m~0n", "odd.json", "-o", "-"])
        XCTAssertEqual(escaped.out, #"{"a/b": {"m~n": [2, 1]}}"#)
    }

    func testEveryCommandOnAJSONArray() throws {
        let h = try Harness()
        try h.write("list.json", "[\n  1,\n  2,\n  3\n]\n")
        func run(_ arguments: [String]) throws -> String {
            let result = try h.run(arguments + ["list.json", "-o", "-"])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            return result.out
        }
        XCTAssertEqual(try run(["move", "2", "0"]), "[\n  3,\n  1,\n  2\n]\n")
        XCTAssertEqual(try run(["swap", "0", "-1"]), "[\n  3,\n  2,\n  1\n]\n")
        XCTAssertEqual(try run(["insert", "-1", #"{"four": 4}"#]), "[\n  1,\n  2,\n  3,\n  {\"four\": 4}\n]\n")
        XCTAssertEqual(try run(["insert", "0", "--string", "say \"zero\""]), "[\n  \"say \\\"zero\\\"\",\n  1,\n  2,\n  3\n]\n")
        XCTAssertEqual(try run(["delete", "-1"]), "[\n  1,\n  2\n]\n")
        XCTAssertEqual(try run(["reverse"]), "[\n  3,\n  2,\n  1\n]\n")
    }

    func testASyntaxErrorNamesFileLineAndColumnAndWritesNothing() throws {
        let h = try Harness()
        let broken = "[\n  \"a\",\n  \"b\"\n  \"c\"\n]\n"
        try h.write("list.json", broken)
        let result = try h.run(["reverse", "list.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, """
            reorder: list.json:4:3: expected ',' or ']' after an array element, found '"'; \
            it was read as JSON because its name ends in '.json': use --lines to read it as lines

            """)
        XCTAssertEqual(try h.text("list.json"), broken)
        XCTAssertEqual(try h.listing(), ["list.json"])
    }

    func testAutoDetectionByFirstByteSaysHowToReadAsLines() throws {
        let h = try Harness()
        let text = "[draft]\nitem one\nitem two\n"
        let result = try h.run(["move", "0", "-1"], stdin: Data(text.utf8))
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, """
            reorder: <stdin>:1:2: expected a value, found 'd'; \
            it was read as JSON because it starts with '[' or '{': use --lines to read it as lines

            """)
        let lines = try h.run(["move", "0", "-1", "--lines"], stdin: Data(text.utf8))
        XCTAssertEqual(lines.status, 0, lines.stderr)
        XCTAssertEqual(lines.out, "item one\nitem two\n[draft]\n")
        // Chosen explicitly: no hint.
        let explicit = try h.run(["reverse", "--format", "json"], stdin: Data("[1,]".utf8))
        XCTAssertEqual(explicit.stderr, "reorder: <stdin>:1:3: a ',' must be followed by another element or member (JSON allows no trailing comma); the input is valid JSON with comments: read it with --format jsonc\n")
        let notJSONC = try h.run(["reverse", "--format", "json"], stdin: Data("[1,,]".utf8))
        XCTAssertEqual(notJSONC.stderr, "reorder: <stdin>:1:4: expected a value, found ','\n")
    }

    func testARootObjectIsTheListOfItsMembers() throws {
        let h = try Harness()
        try h.write("deps.json", deps)
        let result = try h.run(["move", "=dependencies", "0", "deps.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("deps.json"), """
            {
              "dependencies": [
                "b",
                "a",
                "c"
              ],
              "name": "app",
              "plugins": [
                {
                  "name": "lint",
                  "dependencies": ["zeta", "alpha"]
                }
              ]
            }

            """)
    }

    func testPointerErrorsSayWhatIsThere() throws {
        let h = try Harness()
        try h.write("deps.json", deps)
        func message(_ pointer: String) throws -> String {
            let result = try h.run(["reverse", "-p", pointer, "deps.json"])
            XCTAssertEqual(result.status, 2)
            return result.stderr
        }
        XCTAssertEqual(try message("/name"), "reorder: deps.json:2:11: '/name' is a string, not an array or an object\n")
        XCTAssertEqual(try message("/plugins/0/name"), "reorder: deps.json:5:15: '/plugins/0/name' is a string, not an array or an object\n")
        XCTAssertEqual(try message("/nope"), "reorder: deps.json: nothing at '/nope': the root is an object without the key 'nope'\n")
        XCTAssertEqual(try message("/plugins/3/dependencies"),
                       "reorder: deps.json: nothing at '/plugins/3/dependencies': '/plugins' is an array of 1 element (indices 0...0), so '3' is not one of its indices\n")
        XCTAssertEqual(try message("/name/x"), "reorder: deps.json: nothing at '/name/x': '/name' is a string, which has no members\n")
        XCTAssertEqual(try message("plugins"),
                       "reorder: 'plugins' is not a JSON Pointer: it must be empty (the root) or start with '/', as in '/plugins'\n")
    }

    func testAKeyTwiceOnThePointersPathIsAnError() throws {
        let h = try Harness()
        try h.write("twice.json", "{\n  \"list\": [1],\n  \"list\": [2]\n}\n")
        let result = try h.run(["reverse", "-p", "/list", "twice.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: twice.json:3:3: the root has the key 'list' twice, so the pointer is ambiguous\n")
    }

    func testAnInvalidValueSuggestsString() throws {
        let h = try Harness()
        try h.write("list.json", "[1]")
        let result = try h.run(["insert", "0", "hello world", "list.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr,
                       "reorder: list.json: the value 'hello world' is not one JSON value (column 1: expected a value, found 'h'); to insert it as a string, use --string\n")
        XCTAssertEqual(try h.text("list.json"), "[1]")
        XCTAssertEqual(try h.run(["insert", "0", "--string", "hello world", "list.json"]).status, 0)
        XCTAssertEqual(try h.text("list.json"), "[\"hello world\", 1]")
    }

    func testDeepNestingIsHandledWithoutACrash() throws {
        let h = try Harness()
        let depth = 100_000
        try h.write("open.json", String(repeating: "[", count: depth))
        let open = try h.run(["reverse", "open.json"])
        XCTAssertEqual(open.status, 2)
        XCTAssertEqual(open.stderr, "reorder: open.json:1:\(depth + 1): expected a value, found the end of the input; "
                       + "it was read as JSON because its name ends in '.json': use --lines to read it as lines\n")
        let nested = "[1, " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]"
        try h.write("deep.json", nested)
        let reversed = try h.run(["reverse", "deep.json", "-o", "-"])
        XCTAssertEqual(reversed.status, 0, reversed.stderr)
        XCTAssertEqual(reversed.out, "[" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + ", 1]")
    }

    func testCheckAndDiffOnJSON() throws {
        let h = try Harness()
        try h.write("list.json", "[\n  \"b\",\n  \"a\"\n]\n")
        let check = try h.run(["move", "1", "0", "--check", "list.json"])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.out, "list.json\n")
        let same = try h.run(["move", "0", "0", "--check", "list.json"])
        XCTAssertEqual(same.status, 0)
        let diff = try h.run(["move", "1", "0", "--diff", "list.json"])
        XCTAssertEqual(diff.status, 1)
        XCTAssertTrue(diff.out.contains("-  \"b\",\n"), diff.out)
        XCTAssertTrue(diff.out.contains("+  \"a\",\n"), diff.out)
        XCTAssertEqual(try h.text("list.json"), "[\n  \"b\",\n  \"a\"\n]\n")
    }

    func testByteOrderMarkAndEverythingOutsideTheArrayAreKept() throws {
        let h = try Harness()
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let text = Array("{\"n\":1e400, \"l\": [ 1 ,2 ],\"z\":\"\\u00e9\"}\r\n".utf8)
        try h.write("bom.json", bom + text)
        XCTAssertEqual(try h.run(["swap", "0", "1", "-p", "/l", "bom.json"]).status, 0)
        XCTAssertEqual(try h.read("bom.json"), bom + Array("{\"n\":1e400, \"l\": [ 2 ,1 ],\"z\":\"\\u00e9\"}\r\n".utf8))
    }

    func testALargeArrayIsMovedCorrectly() throws {
        let h = try Harness()
        let count = 200_000
        let elements = (0..<count).map { #"{"id": \#($0), "name": "n\#($0)"}"# }
        try h.write("big.json", "[\n  " + elements.joined(separator: ",\n  ") + "\n]\n")
        let result = try h.run(["move", "0", "-1", "big.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let moved = Array(elements.dropFirst()) + [elements[0]]
        XCTAssertEqual(try h.text("big.json"), "[\n  " + moved.joined(separator: ",\n  ") + "\n]\n")
    }

    /// Large documents are read on two threads; minified ones (no line
    /// feeds to start chunks at) and broken ones must come out as from a
    /// small document: the same result, the same message.
    func testALargeMinifiedArrayAndALargeBrokenOne() throws {
        let h = try Harness()
        let elements = (0..<100_000).map { #"{"id":\#($0),"tags":["a","\u00e9"]}"# }
        try h.write("min.json", "[" + elements.joined(separator: ",") + "]")
        let result = try h.run(["move", "-1", "0", "min.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("min.json"), "[" + ([elements.last!] + elements.dropLast()).joined(separator: ",") + "]")

        var broken = elements
        broken[70_000] = #"{"id":70000,"tags":["a","\x"]}"#
        let text = "[\n" + broken.joined(separator: ",\n") + "\n]\n"
        try h.write("broken.json", text)
        let failure = try h.run(["move", "0", "-1", "broken.json"])
        XCTAssertEqual(failure.status, 2)
        XCTAssertTrue(failure.stderr.hasPrefix("reorder: broken.json:70002:"), failure.stderr)
        XCTAssertEqual(try h.text("broken.json"), text)
    }
}
