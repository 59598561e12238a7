import ReorderKit
import XCTest

/// RFC 6901 pointers: parsing, escapes, array indices along the path, and
/// the errors that say what is there instead.
final class JSONPointerTests: XCTestCase {
    func elements(_ text: String, _ pointer: String) throws -> [String] {
        try Array(text.utf8).withUnsafeBytes { source in
            let layout = try JSONLayout(source, pointer: pointer)
            return (0..<layout.count).map { String(decoding: source[layout.itemRange($0)], as: UTF8.self) }
        }
    }

    func error(_ text: String, _ pointer: String, file: StaticString = #filePath, line: UInt = #line) -> FormatError? {
        do {
            let found = try elements(text, pointer)
            XCTFail("found \(found)", file: file, line: line)
        } catch let error as FormatError {
            return error
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return nil
    }

    func testParsingTokensAndEscapes() throws {
        XCTAssertEqual(try JSONPointer(parsing: "").tokens, [])
        XCTAssertEqual(try JSONPointer(parsing: "/").tokens, [""])
        XCTAssertEqual(try JSONPointer(parsing: "/a/0/b").tokens, ["a", "0", "b"])
        XCTAssertEqual(try JSONPointer(parsing: "/a~1b/m~0n/~01/~10").tokens, ["a/b", "m~n", "~1", "/0"])
        XCTAssertEqual(try JSONPointer(parsing: "//x/").tokens, ["", "x", ""])
        XCTAssertEqual(try JSONPointer(parsing: "/é ü").tokens, ["é ü"])
        XCTAssertThrowsError(try JSONPointer(parsing: "a")) {
            XCTAssertEqual($0 as? FormatError, JSONErrors.invalidPointer("a", .missingLeadingSlash))
        }
        XCTAssertThrowsError(try JSONPointer(parsing: "/a~2")) {
            XCTAssertEqual($0 as? FormatError, JSONErrors.invalidPointer("/a~2", .invalidEscape))
        }
        XCTAssertThrowsError(try JSONPointer(parsing: "/a~")) {
            XCTAssertEqual($0 as? FormatError, JSONErrors.invalidPointer("/a~", .invalidEscape))
        }
        XCTAssertEqual(JSONPointer(tokens: ["a/b", "m~n", ""]).text, "/a~1b/m~0n/")
    }

    /// A jq path where a pointer goes: the error holds the pointer that
    /// names the same value, and which option it was given to.
    func testAJQPathIsRefusedWithThePointerItMeans() throws {
        func problem(_ text: String, role: JSONPointer.Role = .list) -> JSONPointerProblem? {
            do {
                _ = try JSONPointer(parsing: text, role: role)
                return nil
            } catch let error as FormatError {
                guard case .invalidPointer(_, let problem) = error.kind else { return nil }
                return problem
            } catch {
                return nil
            }
        }
        XCTAssertEqual(problem(".plugins"), .jqPath(pointer: "/plugins", role: .list))
        XCTAssertEqual(problem(".name", role: .key), .jqPath(pointer: "/name", role: .key))
        XCTAssertEqual(problem(".a.b_c.d-e"), .jqPath(pointer: "/a/b_c/d-e", role: .list))
        XCTAssertEqual(problem(".a[0][12]"), .jqPath(pointer: "/a/0/12", role: .list))
        XCTAssertEqual(problem(".[3]"), .jqPath(pointer: "/3", role: .list))
        XCTAssertEqual(problem(#".["a/b"]."m~n""#), .jqPath(pointer: "/a~1b/m~0n", role: .list))
        XCTAssertEqual(problem("."), .jqPath(pointer: "", role: .list))
        // Not a path jq users write to name one value.
        for text in [".a[]", ".a | .b", "..", ".a[x]", #".["a\"b"]"#, "plugins", ".a[0"] {
            XCTAssertEqual(problem(text), .missingLeadingSlash, text)
        }
    }

    func testFindsTheArrayAtThePointer() throws {
        let text = #"""
            {"plugins": [{"name": "x", "dependencies": ["b", "a"]}, {"dependencies": [3]}],
             "a/b": [1], "m~n": [2], "": [3], " ": [4], "é": [5], "esc\"aped\u0041": [6],
             "deep": {"er": {"est": [[7, 8], 9]}}}
            """#
        XCTAssertEqual(try elements(text, "/plugins/0/dependencies"), [#""b""#, #""a""#])
        XCTAssertEqual(try elements(text, "/plugins/1/dependencies"), ["3"])
        XCTAssertEqual(try elements(text, "/a~1b"), ["1"])
        XCTAssertEqual(try elements(text, "/m~0n"), ["2"])
        XCTAssertEqual(try elements(text, "/"), ["3"])
        XCTAssertEqual(try elements(text, "/ "), ["4"])
        XCTAssertEqual(try elements(text, "/é"), ["5"])
        // Keys compare by their decoded value.
        XCTAssertEqual(try elements(text, "/esc\"apedA"), ["6"])
        XCTAssertEqual(try elements(text, "/deep/er/est"), ["[7, 8]", "9"])
        XCTAssertEqual(try elements(text, "/deep/er/est/0"), ["7", "8"])
        XCTAssertEqual(try elements("[[1], [2, [3]]]", "/1/1"), ["3"])
    }

    func testNothingAtThePointerSaysWhatIsThere() {
        let text = #"{"a": {"b": [1, 2]}, "s": "text", "n": null}"#
        func nothing(_ pointer: String, _ reason: String) -> FormatError {
            JSONErrors.nothingAtPointer(pointer: pointer, reason: reason)
        }
        XCTAssertEqual(error(text, "/x"), nothing("/x", "the root is an object without the key 'x'"))
        XCTAssertEqual(error(text, "/a/c"), nothing("/a/c", "'/a' is an object without the key 'c'"))
        XCTAssertEqual(error(text, "/a/b/2"),
                       nothing("/a/b/2", "'/a/b' is an array of 2 elements (indices 0...1), so '2' is not one of its indices"))
        XCTAssertEqual(error(text, "/a/b/-"),
                       nothing("/a/b/-", "'/a/b' is an array of 2 elements (indices 0...1); '-' names no element here"))
        XCTAssertEqual(error(text, "/a/b/01"),
                       nothing("/a/b/01", "'/a/b' is an array of 2 elements (indices 0...1), so '01' is not one of its indices"))
        XCTAssertEqual(error(text, "/s/x"), nothing("/s/x", "'/s' is a string, which has no members"))
        XCTAssertEqual(error(text, "/n/x/y"), nothing("/n/x/y", "'/n' is null, which has no members"))
        XCTAssertEqual(error("[]", "/0"), nothing("/0", "the root is an array of 0 elements, so '0' is not one of its indices"))
        XCTAssertEqual(error("{}", "/a"), nothing("/a", "the root is an object without the key 'a'"))
        XCTAssertEqual(error(#"{"a": {}}"#, "/a/b"), nothing("/a/b", "'/a' is an object without the key 'b'"))
        XCTAssertEqual(error(#"{"a": []}"#, "/a/0/x"),
                       nothing("/a/0/x", "'/a' is an array of 0 elements, so '0' is not one of its indices"))
        XCTAssertEqual(error(#"{"a": [1]}"#, "/a/1"),
                       nothing("/a/1", "'/a' is an array of 1 element (indices 0...0), so '1' is not one of its indices"))
    }

    func testNotAnArraySaysWhatIsThereAndSuggestsArrays() {
        let text = #"{"name": "x", "plugins": [{"deps": [1]}], "meta": {"tags": [], "n": 1}, "more": [2]}"#
        func notAList(_ error: FormatError?) -> (pointer: String, found: String, offset: Int?, suggestions: [String])? {
            guard let error, case .notAList(let pointer, let found, let suggestions) = error.kind else { return nil }
            return (pointer, found, error.offset, suggestions)
        }
        guard let root = notAList(error(text, "")) else { return XCTFail() }
        XCTAssertEqual(root.pointer, "")
        XCTAssertEqual(root.found, "an object")
        XCTAssertEqual(root.offset, 0)
        // Breadth-first: the root's arrays, then those one level down.
        XCTAssertEqual(root.suggestions, ["/plugins", "/more", "/plugins/0/deps", "/meta/tags"])
        XCTAssertEqual(error(text, "/name"), JSONErrors.notAList(pointer: "/name", found: "a string", offset: 9))
        XCTAssertEqual(notAList(error(text, "/meta"))?.found, "an object")
        XCTAssertEqual(notAList(error(text, "/meta"))?.suggestions, ["/meta/tags"])
        XCTAssertEqual(error("1", ""), JSONErrors.notAList(pointer: "", found: "a number", offset: 0))
        XCTAssertEqual(error(#"{"a": 1}"#, ""), JSONErrors.notAList(pointer: "", found: "an object", offset: 0))
        // A few, not all.
        let many = "{" + (0..<20).map { "\"k\($0)\": []" }.joined(separator: ",") + "}"
        XCTAssertEqual(notAList(error(many, ""))?.suggestions, ["/k0", "/k1", "/k2", "/k3", "/k4"])
        // Keys with `/` and `~` are suggested escaped.
        XCTAssertEqual(notAList(error(#"{"a/b~": []}"#, ""))?.suggestions, ["/a~1b~0"])
    }

    func testAKeyTwiceOnThePathIsAnError() {
        XCTAssertEqual(error(#"{"a": [1], "a": [2]}"#, "/a"), JSONErrors.duplicateKey(key: "a", object: "", offset: 11))
        XCTAssertEqual(error(#"{"x": {"a": [1]}, "x": 2}"#, "/x/a"), JSONErrors.duplicateKey(key: "x", object: "", offset: 18))
        XCTAssertEqual(error(#"{"x": {"a": [1], "\u0061": 3}}"#, "/x/a"),
                       JSONErrors.duplicateKey(key: "a", object: "/x", offset: 17))
        // Elsewhere, keys may repeat.
        XCTAssertEqual(try elements(#"{"b": 1, "b": 2, "a": [1], "c": {"d": 1, "d": 2}}"#, "/a"), ["1"])
        XCTAssertEqual(try elements(#"{"a": [{"k": 1, "k": 2}]}"#, "/a"), [#"{"k": 1, "k": 2}"#])
    }

    func testAnInvalidDocumentIsReportedBeforeThePointer() {
        guard case .syntax? = error(#"{"a": 1, "a": [1,]}"#, "/a")?.kind else { return XCTFail() }
        guard case .syntax? = error(#"{"b": 1} x"#, "/a")?.kind else { return XCTFail() }
    }
}
