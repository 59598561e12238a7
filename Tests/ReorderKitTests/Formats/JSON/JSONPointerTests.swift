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

    func error(_ text: String, _ pointer: String, file: StaticString = #filePath, line: UInt = #line) -> JSONError? {
        do {
            let found = try elements(text, pointer)
            XCTFail("found \(found)", file: file, line: line)
        } catch let error as JSONError {
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
            XCTAssertEqual($0 as? JSONError, .invalidPointer("a", .missingLeadingSlash))
        }
        XCTAssertThrowsError(try JSONPointer(parsing: "/a~2")) {
            XCTAssertEqual($0 as? JSONError, .invalidPointer("/a~2", .invalidEscape))
        }
        XCTAssertThrowsError(try JSONPointer(parsing: "/a~")) {
            XCTAssertEqual($0 as? JSONError, .invalidPointer("/a~", .invalidEscape))
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
            } catch JSONError.invalidPointer(_, let problem) {
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
        XCTAssertEqual(error(text, "/x"), .nothingAtPointer(pointer: "/x", reason: .noKey(key: "x", parent: "")))
        XCTAssertEqual(error(text, "/a/c"), .nothingAtPointer(pointer: "/a/c", reason: .noKey(key: "c", parent: "/a")))
        XCTAssertEqual(error(text, "/a/b/2"),
                       .nothingAtPointer(pointer: "/a/b/2", reason: .noIndex(token: "2", parent: "/a/b", count: 2)))
        XCTAssertEqual(error(text, "/a/b/-"),
                       .nothingAtPointer(pointer: "/a/b/-", reason: .noIndex(token: "-", parent: "/a/b", count: 2)))
        XCTAssertEqual(error(text, "/a/b/01"),
                       .nothingAtPointer(pointer: "/a/b/01", reason: .noIndex(token: "01", parent: "/a/b", count: 2)))
        XCTAssertEqual(error(text, "/s/x"),
                       .nothingAtPointer(pointer: "/s/x", reason: .scalar(kind: .string, parent: "/s")))
        XCTAssertEqual(error(text, "/n/x/y"),
                       .nothingAtPointer(pointer: "/n/x/y", reason: .scalar(kind: .null, parent: "/n")))
        XCTAssertEqual(error("[]", "/0"), .nothingAtPointer(pointer: "/0", reason: .noIndex(token: "0", parent: "", count: 0)))
        XCTAssertEqual(error("{}", "/a"), .nothingAtPointer(pointer: "/a", reason: .noKey(key: "a", parent: "")))
        XCTAssertEqual(error(#"{"a": {}}"#, "/a/b"), .nothingAtPointer(pointer: "/a/b", reason: .noKey(key: "b", parent: "/a")))
        XCTAssertEqual(error(#"{"a": []}"#, "/a/0/x"),
                       .nothingAtPointer(pointer: "/a/0/x", reason: .noIndex(token: "0", parent: "/a", count: 0)))
    }

    func testNotAnArraySaysWhatIsThereAndSuggestsArrays() {
        let text = #"{"name": "x", "plugins": [{"deps": [1]}], "meta": {"tags": [], "n": 1}, "more": [2]}"#
        guard case .notAnArray(let pointer, let found, let place, let arrays)? = error(text, "") else {
            return XCTFail()
        }
        XCTAssertEqual(pointer, "")
        XCTAssertEqual(found, .object)
        XCTAssertEqual(place.line, 1)
        XCTAssertEqual(place.column, 1)
        // Breadth-first: the root's arrays, then those one level down.
        XCTAssertEqual(arrays, ["/plugins", "/more", "/plugins/0/deps", "/meta/tags"])
        XCTAssertEqual(error(text, "/name"),
                       .notAnArray(pointer: "/name", found: .string, at: JSONPlace(offset: 9, line: 1, column: 10), arrays: []))
        guard case .notAnArray(_, .object, _, let inner)? = error(text, "/meta") else { return XCTFail() }
        XCTAssertEqual(inner, ["/meta/tags"])
        guard case .notAnArray(_, .number, _, [])? = error("1", "") else { return XCTFail() }
        guard case .notAnArray(_, .object, _, [])? = error(#"{"a": 1}"#, "") else { return XCTFail() }
        // A few, not all.
        let many = "{" + (0..<20).map { "\"k\($0)\": []" }.joined(separator: ",") + "}"
        guard case .notAnArray(_, _, _, let first)? = error(many, "") else { return XCTFail() }
        XCTAssertEqual(first, ["/k0", "/k1", "/k2", "/k3", "/k4"])
        // Keys with `/` and `~` are suggested escaped.
        guard case .notAnArray(_, _, _, let escaped)? = error(#"{"a/b~": []}"#, "") else { return XCTFail() }
        XCTAssertEqual(escaped, ["/a~1b~0"])
    }

    func testAKeyTwiceOnThePathIsAnError() {
        XCTAssertEqual(error(#"{"a": [1], "a": [2]}"#, "/a"),
                       .duplicateKey(key: "a", object: "", at: JSONPlace(offset: 11, line: 1, column: 12)))
        XCTAssertEqual(error(#"{"x": {"a": [1]}, "x": 2}"#, "/x/a"),
                       .duplicateKey(key: "x", object: "", at: JSONPlace(offset: 18, line: 1, column: 19)))
        XCTAssertEqual(error(#"{"x": {"a": [1], "\u0061": 3}}"#, "/x/a"),
                       .duplicateKey(key: "a", object: "/x", at: JSONPlace(offset: 17, line: 1, column: 18)))
        // Elsewhere, keys may repeat.
        XCTAssertEqual(try elements(#"{"b": 1, "b": 2, "a": [1], "c": {"d": 1, "d": 2}}"#, "/a"), ["1"])
        XCTAssertEqual(try elements(#"{"a": [{"k": 1, "k": 2}]}"#, "/a"), [#"{"k": 1, "k": 2}"#])
    }

    func testAnInvalidDocumentIsReportedBeforeThePointer() {
        guard case .syntax? = error(#"{"a": 1, "a": [1,]}"#, "/a") else { return XCTFail() }
        guard case .syntax? = error(#"{"b": 1} x"#, "/a") else { return XCTFail() }
    }
}
