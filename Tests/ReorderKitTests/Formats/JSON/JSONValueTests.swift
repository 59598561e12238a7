import ReorderKit
import XCTest

/// The element-access API that selectors and sort build on.
final class JSONValueTests: XCTestCase {
    let text = #"""
        [
          {"name": "beta", "n": 2, "tags": ["x", "y"], "deep": {"k": [true, false, null]}},
          "plain",
          {"name": "al\u0070ha", "name": "last", "a/b": 1, "m~n": 2, "": 3},
          -1.5e3
        ]
        """#

    func value(_ index: Int, _ pointer: String) throws -> (JSONKind, String)? {
        try Array(text.utf8).withUnsafeBytes { source in
            let layout = try JSONLayout(source, pointer: "")
            guard let found = layout.value(ofItem: index, at: try JSONPointer(parsing: pointer)) else { return nil }
            return (found.kind, String(decoding: source[found.range], as: UTF8.self))
        }
    }

    func assertValue(_ index: Int, _ pointer: String, _ kind: JSONKind, _ text: String,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let found = try value(index, pointer)
        XCTAssertEqual(found?.0, kind, file: file, line: line)
        XCTAssertEqual(found?.1, text, file: file, line: line)
    }

    func testTheElementItself() throws {
        try assertValue(1, "", .string, #""plain""#)
        try assertValue(3, "", .number, "-1.5e3")
        try assertValue(0, "", .object,
                        #"{"name": "beta", "n": 2, "tags": ["x", "y"], "deep": {"k": [true, false, null]}}"#)
    }

    func testValuesInsideElements() throws {
        try assertValue(0, "/name", .string, #""beta""#)
        try assertValue(0, "/n", .number, "2")
        try assertValue(0, "/tags", .array, #"["x", "y"]"#)
        try assertValue(0, "/tags/1", .string, #""y""#)
        try assertValue(0, "/deep/k/0", .true, "true")
        try assertValue(0, "/deep/k/1", .false, "false")
        try assertValue(0, "/deep/k/2", .null, "null")
        try assertValue(2, "/a~1b", .number, "1")
        try assertValue(2, "/m~0n", .number, "2")
        try assertValue(2, "/", .number, "3")
        // A key given twice: the last counts, as in JavaScript and jq.
        try assertValue(2, "/name", .string, #""last""#)
    }

    func testNothingThereIsNil() throws {
        XCTAssertNil(try value(0, "/missing"))
        XCTAssertNil(try value(0, "/tags/2"))
        XCTAssertNil(try value(0, "/tags/-"))
        XCTAssertNil(try value(0, "/tags/01"))
        XCTAssertNil(try value(0, "/name/x"))
        XCTAssertNil(try value(1, "/name"))
        XCTAssertNil(try value(3, "/0"))
    }

    func testDecodingStrings() {
        func decoded(_ literal: String) -> String {
            Array(literal.utf8).withUnsafeBytes { source in
                String(decoding: JSONText.decodeString(source, 0..<source.count), as: UTF8.self)
            }
        }
        XCTAssertEqual(decoded(#""""#), "")
        XCTAssertEqual(decoded(#""plain""#), "plain")
        XCTAssertEqual(decoded(#""a\"b\\c\/d""#), #"a"b\c/d"#)
        XCTAssertEqual(decoded(#""\b\f\n\r\t""#), "\u{8}\u{C}\n\r\t")
        XCTAssertEqual(decoded(#""\u0041\u00e9\u20AC""#), "Aé€")
        XCTAssertEqual(decoded(#""\uD834\uDD1E!""#), "𝄞!")
        XCTAssertEqual(decoded(#""\u0000""#), "\u{0}")
        XCTAssertEqual(decoded("\"é𝄞\""), "é𝄞")
    }

    func testLookupOfAValueInAStringWithEscapedQuotes() throws {
        let text = #"[{"a": "x\"}\\", "b": ["]\"", 1]}]"#
        try Array(text.utf8).withUnsafeBytes { source in
            let layout = try JSONLayout(source, pointer: "")
            let b = try XCTUnwrap(layout.value(ofItem: 0, at: try JSONPointer(parsing: "/b/1")))
            XCTAssertEqual(String(decoding: source[b.range], as: UTF8.self), "1")
        }
    }
}
