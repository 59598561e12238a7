import ReorderKit
import XCTest

/// The reader is strict RFC 8259: what it accepts and what it rejects, with
/// the problem and the place it reports.
final class JSONReaderTests: XCTestCase {
    /// Reads `text` (a document whose root is an array) and returns its
    /// elements' text, or throws.
    func elements(_ bytes: [UInt8], pointer: String = "") throws -> [String] {
        try bytes.withUnsafeBytes { source in
            let layout = try JSONLayout(source, pointer: pointer)
            return (0..<layout.count).map { String(decoding: source[layout.itemRange($0)], as: UTF8.self) }
        }
    }

    func elements(_ text: String, pointer: String = "") throws -> [String] {
        try elements(Array(text.utf8), pointer: pointer)
    }

    /// The syntax error reading `bytes` gives, and its place as the command
    /// line finds it from the error's offset.
    func problem(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> (JSONProblem, JSONPlace)? {
        do {
            _ = try elements(bytes)
            XCTFail("accepted \(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
        } catch let error as FormatError {
            guard case .syntax(let problem) = error.kind, let offset = error.offset else {
                XCTFail("\(error)", file: file, line: line)
                return nil
            }
            return (problem, bytes.withUnsafeBytes { JSONPlace.of(offset, in: $0) })
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return nil
    }

    func problem(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (JSONProblem, JSONPlace)? {
        problem(Array(text.utf8), file: file, line: line)
    }

    func assertAccepts(_ text: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(try elements(text), expected, file: file, line: line)
    }

    func assertRejects(
        _ text: String, _ expected: JSONProblem, line lineNumber: Int = 1, column: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let (problem, place) = problem(text, file: file, line: line) else { return }
        XCTAssertEqual(problem, expected, text, file: file, line: line)
        XCTAssertEqual(place.line, lineNumber, "line of \(text)", file: file, line: line)
        XCTAssertEqual(place.column, column, "column of \(text)", file: file, line: line)
    }

    func testAcceptsEveryKindOfValueAsAnElement() {
        assertAccepts("[]", [])
        assertAccepts("[ ]", [])
        assertAccepts(" \t\r\n[\n]\n", [])
        assertAccepts("[0]", ["0"])
        assertAccepts(#"[1, -0, 0.5, -0.0, 1e400, 1E+2, 1e-7, 12345678901234567890123, -1.5e-0]"#,
                      ["1", "-0", "0.5", "-0.0", "1e400", "1E+2", "1e-7", "12345678901234567890123", "-1.5e-0"])
        assertAccepts(#"[true,false,null]"#, ["true", "false", "null"])
        assertAccepts(#"["", "a", "\"", "\\", "\/", "\b\f\n\r\t", "\u0000", "\uD834\uDD1E", "é", "𝄞"]"#,
                      [#""""#, #""a""#, #""\"""#, #""\\""#, #""\/""#, #""\b\f\n\r\t""#, #""\u0000""#,
                       #""\uD834\uDD1E""#, #""é""#, #""𝄞""#])
        assertAccepts(#"[{}, [], {"a": [1, {"b": null}]}, [[[]]]]"#,
                      ["{}", "[]", #"{"a": [1, {"b": null}]}"#, "[[[]]]"])
        assertAccepts("[\"\u{7F}\", \"\u{10FFFF}\", \"\u{FFFF}\"]", ["\"\u{7F}\"", "\"\u{10FFFF}\"", "\"\u{FFFF}\""])
    }

    func testAcceptsAByteOrderMarkBeforeTheDocument() throws {
        XCTAssertEqual(try elements([0xEF, 0xBB, 0xBF] + Array("[1, 2]".utf8)), ["1", "2"])
        // Only at the start.
        let (problem, _) = try XCTUnwrap(problem(Array("[1] ".utf8) + [0xEF, 0xBB, 0xBF]))
        XCTAssertEqual(problem, .expected(.endOfDocument, found: 0xEF))
    }

    func testRejectsStructuralMistakes() {
        assertRejects("", .expected(.value, found: nil), column: 1)
        assertRejects("   ", .expected(.value, found: nil), column: 4)
        assertRejects("[1,2", .expected(.commaOrCloseBracket, found: nil), column: 5)
        assertRejects("[1 2]", .expected(.commaOrCloseBracket, found: UInt8(ascii: "2")), column: 4)
        assertRejects("[1,]", .trailingComma, column: 3)
        assertRejects("[1,\n  2,\n]", .trailingComma, line: 2, column: 4)
        assertRejects(#"{"a":1,}"#, .trailingComma, column: 7)
        assertRejects("[,1]", .expected(.value, found: UInt8(ascii: ",")), column: 2)
        assertRejects("[1,,2]", .expected(.value, found: UInt8(ascii: ",")), column: 4)
        assertRejects("[1] [2]", .expected(.endOfDocument, found: UInt8(ascii: "[")), column: 5)
        assertRejects("[1]]", .expected(.endOfDocument, found: UInt8(ascii: "]")), column: 4)
        assertRejects("[1}", .expected(.commaOrCloseBracket, found: UInt8(ascii: "}")), column: 3)
        assertRejects(#"{"a":1]"#, .expected(.commaOrCloseBrace, found: UInt8(ascii: "]")), column: 7)
        assertRejects(#"{"a" 1}"#, .expected(.colon, found: UInt8(ascii: "1")), column: 6)
        assertRejects(#"{1:2}"#, .expected(.key, found: UInt8(ascii: "1")), column: 2)
        assertRejects(#"{'a':2}"#, .expected(.key, found: UInt8(ascii: "'")), column: 2)
        assertRejects(#"{"a":}"#, .expected(.value, found: UInt8(ascii: "}")), column: 6)
        assertRejects("['a']", .expected(.value, found: UInt8(ascii: "'")), column: 2)
        assertRejects("[1]\u{0C}", .expected(.endOfDocument, found: 0x0C), column: 4)
        assertRejects("[\u{A0}1]", .expected(.value, found: 0xC2), column: 2)
    }

    func testRejectsComments() {
        assertRejects("[1, // two\n 2]", .comment, column: 5)
        assertRejects("/* list */ [1]", .comment, column: 1)
        assertRejects("[1 /* x */]", .comment, column: 4)
        assertRejects("[1] // end", .comment, column: 5)
    }

    func testRejectsNumbersTheGrammarForbids() {
        assertRejects("[01]", .leadingZero, column: 2)
        assertRejects("[-01]", .leadingZero, column: 2)
        assertRejects("[00]", .leadingZero, column: 2)
        assertRejects("[+1]", .expected(.value, found: UInt8(ascii: "+")), column: 2)
        assertRejects("[-]", .expected(.digit, found: UInt8(ascii: "]")), column: 3)
        assertRejects("[.5]", .expected(.value, found: UInt8(ascii: ".")), column: 2)
        assertRejects("[1.]", .expected(.digit, found: UInt8(ascii: "]")), column: 4)
        assertRejects("[1.e5]", .expected(.digit, found: UInt8(ascii: "e")), column: 4)
        assertRejects("[1e]", .expected(.digit, found: UInt8(ascii: "]")), column: 4)
        assertRejects("[1e+]", .expected(.digit, found: UInt8(ascii: "]")), column: 5)
        assertRejects("[0x10]", .expected(.commaOrCloseBracket, found: UInt8(ascii: "x")), column: 3)
        assertRejects("[1.5.3]", .expected(.commaOrCloseBracket, found: UInt8(ascii: ".")), column: 5)
        assertRejects("[NaN]", .expected(.value, found: UInt8(ascii: "N")), column: 2)
        assertRejects("[Infinity]", .expected(.value, found: UInt8(ascii: "I")), column: 2)
        assertRejects("[-Infinity]", .expected(.digit, found: UInt8(ascii: "I")), column: 3)
        assertRejects("[1", .expected(.commaOrCloseBracket, found: nil), column: 3)
        assertRejects("-", .expected(.digit, found: nil), column: 2)
    }

    func testRejectsLiteralsThatAreNotQuiteLiterals() {
        assertRejects("[tru]", .invalidLiteral(expected: "true"), column: 2)
        assertRejects("[True]", .expected(.value, found: UInt8(ascii: "T")), column: 2)
        assertRejects("[nul", .invalidLiteral(expected: "null"), column: 2)
        assertRejects("[falsey]", .expected(.commaOrCloseBracket, found: UInt8(ascii: "y")), column: 7)
        assertRejects("[foo]", .expected(.value, found: UInt8(ascii: "f")), column: 2)
    }

    func testRejectsStringsTheGrammarForbids() {
        assertRejects("[\"a\tb\"]", .controlCharacterInString(0x09), column: 4)
        assertRejects("[\"a\nb\"]", .controlCharacterInString(0x0A), column: 4)
        assertRejects("[\"\u{0}\"]", .controlCharacterInString(0x00), column: 3)
        assertRejects("[\"\u{1F}\"]", .controlCharacterInString(0x1F), column: 3)
        assertRejects(#"["\x"]"#, .invalidEscape(UInt8(ascii: "x")), column: 3)
        assertRejects(#"["\'"]"#, .invalidEscape(UInt8(ascii: "'")), column: 3)
        assertRejects(#"["\u12"]"#, .expected(.hexDigit, found: UInt8(ascii: "\"")), column: 7)
        assertRejects(#"["\u12G4"]"#, .expected(.hexDigit, found: UInt8(ascii: "G")), column: 7)
        assertRejects(#"["abc"#, .unterminatedString, column: 2)
        assertRejects(#"["abc\"#, .unterminatedString, column: 6)
        assertRejects(#"["a\"]"#, .unterminatedString, column: 2)
    }

    func testRejectsLoneSurrogatesInEscapes() {
        assertRejects(#"["\uD800"]"#, .loneSurrogate(0xD800), column: 3)
        assertRejects(#"["\uDBFF x"]"#, .loneSurrogate(0xDBFF), column: 3)
        assertRejects(#"["\uDC00"]"#, .loneSurrogate(0xDC00), column: 3)
        assertRejects(#"["\uD800\u0041"]"#, .loneSurrogate(0xD800), column: 3)
        assertRejects(#"["\uD800\uD800"]"#, .loneSurrogate(0xD800), column: 3)
        assertRejects(#"["\uD800\n"]"#, .loneSurrogate(0xD800), column: 3)
        assertRejects(#"["a\uDFFF\uD800"]"#, .loneSurrogate(0xDFFF), column: 4)
        assertAccepts(#"["\uDBFF\uDFFF", "\ud83d\ude00"]"#, [#""\uDBFF\uDFFF""#, #""\ud83d\ude00""#])
    }

    func testRejectsInvalidUTF8Strictly() {
        func rejects(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
            let document = Array("[\"a".utf8) + bytes + Array("\"]".utf8)
            guard let (problem, place) = problem(document, file: file, line: line) else { return }
            XCTAssertEqual(problem, .invalidUTF8, "\(bytes)", file: file, line: line)
            XCTAssertEqual(place.offset, 3, file: file, line: line)
        }
        rejects([0x80])                     // a continuation byte alone
        rejects([0xBF])
        rejects([0xC0, 0x80])               // overlong NUL
        rejects([0xC1, 0xBF])               // overlong
        rejects([0xE0, 0x80, 0x80])         // overlong three-byte
        rejects([0xE0, 0x9F, 0xBF])
        rejects([0xED, 0xA0, 0x80])         // UTF-16 surrogate D800
        rejects([0xED, 0xBF, 0xBF])         // surrogate DFFF
        rejects([0xF0, 0x80, 0x80, 0x80])   // overlong four-byte
        rejects([0xF0, 0x8F, 0xBF, 0xBF])
        rejects([0xF4, 0x90, 0x80, 0x80])   // above U+10FFFF
        rejects([0xF5, 0x80, 0x80, 0x80])
        rejects([0xFF])
        rejects([0xFE])
        rejects([0xC3])                     // truncated
        rejects([0xE2, 0x82])               // truncated
        rejects([0xC3, 0x28])               // bad continuation
        rejects([0xE2, 0x28, 0xA1])
        rejects([0xF0, 0x9F, 0x98])         // truncated four-byte
        XCTAssertEqual(try elements(Array("[\"".utf8) + [0xED, 0x9F, 0xBF, 0xEE, 0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF] + Array("\"]".utf8)).count, 1)
        // Outside a string any byte above 0x7F is out of place.
        XCTAssertEqual(problem([0x5B, 0xC3, 0xA9, 0x5D])?.0, .expected(.value, found: 0xC3))
    }

    func testColumnsCountCharactersAndLinesCountLineFeeds() {
        // "é" is two bytes but one column; the BOM is not counted.
        assertRejects("[\"é\", x]", .expected(.value, found: UInt8(ascii: "x")), column: 7)
        assertRejects("[\r\n  1,\r\n  x]", .expected(.value, found: UInt8(ascii: "x")), line: 3, column: 3)
        guard let (_, place) = problem([0xEF, 0xBB, 0xBF] + Array("[x]".utf8)) else { return }
        XCTAssertEqual(place.column, 2)
        XCTAssertEqual(place.offset, 4)
    }

    func testDeepNestingIsReadWithoutRecursion() throws {
        let depth = 100_000
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        XCTAssertEqual(try elements(deep).count, 1)
        let (problem, place) = try XCTUnwrap(self.problem(String(repeating: "[", count: depth)))
        XCTAssertEqual(problem, .expected(.value, found: nil))
        XCTAssertEqual(place.column, depth + 1)
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        XCTAssertEqual(try elements("[" + objects + "]").count, 1)
    }

    func testAnInsertedValueMustBeOneJSONValue() throws {
        XCTAssertEqual(try JSONLayout.newItem(Array(" {\"a\": 1} \n".utf8), asString: false), Array("{\"a\": 1}".utf8))
        XCTAssertEqual(try JSONLayout.newItem(Array("1e400".utf8), asString: false), Array("1e400".utf8))
        for bad in ["", "hello", "1 2", "[1,]", "'x'", "{\"a\"}", "\u{FEFF}1"] {
            XCTAssertThrowsError(try JSONLayout.newItem(Array(bad.utf8), asString: false), bad) { error in
                guard case .invalidValueSyntax(let value, _, _)? = (error as? FormatError)?.kind else { return XCTFail("\(error)") }
                XCTAssertEqual(value, Array(bad.utf8))
            }
        }
    }

    func testStringValuesAreEscaped() throws {
        func encoded(_ text: String) throws -> String {
            String(decoding: try JSONLayout.newItem(Array(text.utf8), asString: true), as: UTF8.self)
        }
        XCTAssertEqual(try encoded(""), #""""#)
        XCTAssertEqual(try encoded("plain"), #""plain""#)
        XCTAssertEqual(try encoded(#"say "hi""#), #""say \"hi\"""#)
        XCTAssertEqual(try encoded(#"C:\dir"#), #""C:\\dir""#)
        XCTAssertEqual(try encoded("a\nb\tc\r\u{8}\u{C}"), #""a\nb\tc\r\b\f""#)
        XCTAssertEqual(try encoded("\u{0}\u{1F}\u{7F}"), "\"\\u0000\\u001f\u{7F}\"")
        XCTAssertEqual(try encoded("é𝄞/"), "\"é𝄞/\"")
        XCTAssertThrowsError(try JSONLayout.newItem([0xFF], asString: true)) { error in
            XCTAssertEqual(error as? FormatError, JSONErrors.valueNotUTF8(value: [0xFF]))
        }
        // What is written reads back as the value given.
        let value = "q\"b\\s/\u{1}\n\u{2028}"
        let bytes = try JSONLayout.newItem(Array(value.utf8), asString: true)
        bytes.withUnsafeBytes { source in
            XCTAssertEqual(JSONText.decodeString(source, 0..<source.count), Array(value.utf8))
        }
    }
}
