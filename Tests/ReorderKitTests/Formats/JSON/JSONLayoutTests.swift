import ReorderKit
import XCTest

/// Elements move through the positions of the array; everything outside the
/// array, and the whitespace and commas between elements, stay as they were.
final class JSONLayoutTests: XCTestCase {
    func move(_ from: Int, _ to: Int) -> Edit { .move(from: .index(UserIndex(from)), to: UserIndex(to)) }
    func swap(_ i: Int, _ j: Int) -> Edit { .swap(.index(UserIndex(i)), .index(UserIndex(j))) }
    func insert(_ at: Int, _ value: String) -> Edit { .insert(at: UserIndex(at), value: Array(value.utf8)) }
    func delete(_ at: Int) -> Edit { .delete(.index(UserIndex(at))) }

    func apply(_ edits: [Edit], _ text: String, pointer: String = "", strings: Bool = false) throws -> String {
        var current = Array(text.utf8)
        for edit in edits {
            current = try current.withUnsafeBytes { source in
                let document = try ListDocument(source, format: .json, options: ReadOptions(format: .json, pointer: pointer))
                let arrangement = try document.arrangement(for: edit, options: EditOptions(valuesAreStrings: strings))
                return document.render(arrangement)
            }
        }
        return String(decoding: current, as: UTF8.self)
    }

    func apply(_ edit: Edit, _ text: String, pointer: String = "", strings: Bool = false) throws -> String {
        try apply([edit], text, pointer: pointer, strings: strings)
    }

    func elements(_ text: String, pointer: String = "") throws -> [String] {
        try Array(text.utf8).withUnsafeBytes { source in
            let layout = try JSONLayout(source, pointer: pointer)
            return (0..<layout.count).map { String(decoding: source[layout.itemRange($0)], as: UTF8.self) }
        }
    }

    // MARK: Every operation, every element's text

    let pretty = """
        {
          "name": "demo",
          "plugins": [
            "alpha",
            {
              "name": "beta",
              "deps": [1, 2]
            },
            1e400,
            [ "nested" , -0.0 ]
          ],
          "after": true
        }

        """
    let a = #""alpha""#
    let b = """
        {
              "name": "beta",
              "deps": [1, 2]
            }
        """
    let c = "1e400"
    let d = #"[ "nested" , -0.0 ]"#

    /// The document with the plugin elements `items` in place of the four.
    func plugins(_ items: [String]) -> String {
        let before = "{\n  \"name\": \"demo\",\n  \"plugins\": ["
        let after = "\n  ],\n  \"after\": true\n}\n"
        if items.isEmpty { return before + after.dropFirst(3) }
        return before + "\n    " + items.joined(separator: ",\n    ") + after
    }

    func testElementsAreTheirExactSourceText() throws {
        XCTAssertEqual(try elements(pretty, pointer: "/plugins"), [a, b, c, d])
        XCTAssertEqual(plugins([a, b, c, d]), pretty)
    }

    func testMoveSwapDeleteReverseKeepEveryElementsText() throws {
        XCTAssertEqual(try apply(move(0, -1), pretty, pointer: "/plugins"), plugins([b, c, d, a]))
        XCTAssertEqual(try apply(move(3, 0), pretty, pointer: "/plugins"), plugins([d, a, b, c]))
        XCTAssertEqual(try apply(move(1, 2), pretty, pointer: "/plugins"), plugins([a, c, b, d]))
        XCTAssertEqual(try apply(move(2, 2), pretty, pointer: "/plugins"), pretty)
        XCTAssertEqual(try apply(swap(0, 3), pretty, pointer: "/plugins"), plugins([d, b, c, a]))
        XCTAssertEqual(try apply(swap(1, 2), pretty, pointer: "/plugins"), plugins([a, c, b, d]))
        XCTAssertEqual(try apply(.reverse, pretty, pointer: "/plugins"), plugins([d, c, b, a]))
        XCTAssertEqual(try apply(delete(0), pretty, pointer: "/plugins"), plugins([b, c, d]))
        XCTAssertEqual(try apply(delete(1), pretty, pointer: "/plugins"), plugins([a, c, d]))
        XCTAssertEqual(try apply(delete(-1), pretty, pointer: "/plugins"), plugins([a, b, c]))
        XCTAssertEqual(try apply([delete(0), delete(0), delete(0), delete(0)], pretty, pointer: "/plugins"), plugins([]))
        XCTAssertEqual(try apply(insert(0, "null"), pretty, pointer: "/plugins"), plugins(["null", a, b, c, d]))
        XCTAssertEqual(try apply(insert(2, #"{"x": 1}"#), pretty, pointer: "/plugins"), plugins([a, b, #"{"x": 1}"#, c, d]))
        XCTAssertEqual(try apply(insert(-1, "7"), pretty, pointer: "/plugins"), plugins([a, b, c, d, "7"]))
        XCTAssertEqual(try apply(insert(-1, "x y"), pretty, pointer: "/plugins", strings: true),
                       plugins([a, b, c, d, #""x y""#]))
    }

    func testEveryMoveOfASmallArrayAgainstAReferenceModel() throws {
        // Each layout family, each (from, to): the elements land where the
        // model says, and the text outside the array is untouched.
        let layouts = [
            ("[", ",", "]"), ("[ ", ", ", " ]"), ("[\n  ", ",\n  ", "\n]"), ("[\n\t\t", ",\n\t\t", "\n\t]"),
            ("{\"k\": [", " , ", "], \"z\": [1]}"), ("\u{FEFF}\r\n[\r\n    ", ",\r\n    ", "\r\n]\r\n"),
        ]
        let values = ["1", "\"two\"", "{\"three\": [3]}", "[4, 4]", "null"]
        for (open, separator, close) in layouts {
            let pointer = open.hasPrefix("{") ? "/k" : ""
            for count in 1...values.count {
                let items = Array(values.prefix(count))
                let text = open + items.joined(separator: separator) + close
                XCTAssertEqual(try elements(text, pointer: pointer), items)
                for from in 0..<count {
                    for to in 0..<count {
                        var model = items
                        model.insert(model.remove(at: from), at: to)
                        XCTAssertEqual(try apply(move(from, to), text, pointer: pointer),
                                       open + model.joined(separator: separator) + close, "\(text) move \(from) \(to)")
                    }
                    var model = items
                    model.remove(at: from)
                    let expected = model.isEmpty
                        ? open.trimmingSuffix() + close.trimmingPrefix()
                        : open + model.joined(separator: separator) + close
                    XCTAssertEqual(try apply(delete(from), text, pointer: pointer), expected, "\(text) delete \(from)")
                }
            }
        }
    }

    // MARK: Byte identity outside the array

    func testBytesOutsideTheArrayAreUntouched() throws {
        // Odd spacing, escapes, duplicate keys elsewhere, numbers no
        // printer would write: all of it stays.
        let prefix = "\u{FEFF} {\"z\":1e+0001,\"z\":-0.0E-0,\"s\":\"\\u00e9\\/\",\t\"list\" :\r\n["
        let suffix = "  ] ,\"t\"   :[ ] }\n\n"
        let text = prefix + "3,2 ,1" + suffix
        XCTAssertEqual(try apply(.reverse, text, pointer: "/list"), prefix + "1,2 ,3" + suffix)
        XCTAssertEqual(try apply(move(0, -1), text, pointer: "/list"), prefix + "2,1 ,3" + suffix)
        XCTAssertEqual(try apply(delete(2), text, pointer: "/list"), prefix + "3,2" + suffix)
    }

    // MARK: Layout of new positions

    func testInsertedElementsTakeTheLayoutOfTheirNeighbours() throws {
        // Compact, single-line, 2-space, 4-space, tab, CRLF.
        XCTAssertEqual(try apply(insert(-1, "3"), "[1,2]"), "[1,2,3]")
        XCTAssertEqual(try apply(insert(0, "0"), "[1,2]"), "[0,1,2]")
        XCTAssertEqual(try apply(insert(-1, "3"), "[1, 2]"), "[1, 2, 3]")
        XCTAssertEqual(try apply(insert(1, "9"), "[1, 2]"), "[1, 9, 2]")
        XCTAssertEqual(try apply(insert(-1, "3"), "[\n  1,\n  2\n]\n"), "[\n  1,\n  2,\n  3\n]\n")
        XCTAssertEqual(try apply(insert(0, "0"), "[\n    1,\n    2\n]"), "[\n    0,\n    1,\n    2\n]")
        XCTAssertEqual(try apply(insert(-1, "3"), "[\n\t1,\n\t2\n]"), "[\n\t1,\n\t2,\n\t3\n]")
        XCTAssertEqual(try apply(insert(-1, "3"), "[\r\n  1,\r\n  2\r\n]\r\n"), "[\r\n  1,\r\n  2,\r\n  3\r\n]\r\n")
        // Appended positions copy the last separator, not the first.
        XCTAssertEqual(try apply(insert(-1, "4"), "[1,2, 3]"), "[1,2, 3, 4]")
    }

    func testInsertingIntoAOneElementArray() throws {
        // The whitespace between `[` and the element shapes the separator.
        XCTAssertEqual(try apply(insert(-1, "2"), "[\n  1\n]"), "[\n  1,\n  2\n]")
        XCTAssertEqual(try apply(insert(0, "0"), "[\n\t1\n]"), "[\n\t0,\n\t1\n]")
        XCTAssertEqual(try apply(insert(-1, "2"), "[ 1 ]"), "[ 1, 2 ]")
        // None: the document's style; no evidence means `, `.
        XCTAssertEqual(try apply(insert(-1, "2"), "[1]"), "[1, 2]")
        XCTAssertEqual(try apply(insert(-1, "2"), #"{"a":[1],"b":0}"#, pointer: "/a"), #"{"a":[1,2],"b":0}"#)
        XCTAssertEqual(try apply(insert(-1, "2"), #"{"a": [1], "b": 0}"#, pointer: "/a"), #"{"a": [1, 2], "b": 0}"#)
        XCTAssertEqual(try apply(insert(-1, "2"), #"{"a":[1]}"#, pointer: "/a"), #"{"a":[1,2]}"#)
    }

    func testInsertingIntoEmptyArraysAtEveryDepth() throws {
        // Root.
        XCTAssertEqual(try apply(insert(0, "1"), "[]"), "[1]")
        XCTAssertEqual(try apply(insert(0, "1"), "[]\n"), "[1]\n")
        XCTAssertEqual(try apply([insert(0, "1"), insert(-1, "2")], "[ ]"), "[1, 2]")
        XCTAssertEqual(try apply(insert(0, "1"), "[\n]\n"), "[\n  1\n]\n")
        // Compact documents stay compact.
        XCTAssertEqual(try apply(insert(0, "1"), #"{"a":[]}"#, pointer: "/a"), #"{"a":[1]}"#)
        XCTAssertEqual(try apply([insert(0, "1"), insert(-1, "2")], #"{"a":[]}"#, pointer: "/a"), #"{"a":[1,2]}"#)
        XCTAssertEqual(try apply([insert(0, "1"), insert(-1, "2")], #"{"a": []}"#, pointer: "/a"), #"{"a": [1, 2]}"#)
        // Depth 1, 2 and 3 of pretty documents, 2 spaces, 4 spaces, tabs.
        XCTAssertEqual(try apply(insert(0, "1"), "{\n  \"a\": []\n}\n", pointer: "/a"),
                       "{\n  \"a\": [\n    1\n  ]\n}\n")
        XCTAssertEqual(try apply([insert(0, "1"), insert(-1, "2")], "{\n    \"a\": []\n}", pointer: "/a"),
                       "{\n    \"a\": [\n        1,\n        2\n    ]\n}")
        XCTAssertEqual(try apply(insert(0, "\"x\""), "{\n\t\"a\": {\n\t\t\"b\": []\n\t}\n}", pointer: "/a/b"),
                       "{\n\t\"a\": {\n\t\t\"b\": [\n\t\t\t\"x\"\n\t\t]\n\t}\n}")
        XCTAssertEqual(try apply(insert(0, "1"), "{\n  \"a\": {\n    \"b\": [\n      []\n    ]\n  }\n}", pointer: "/a/b/0"),
                       "{\n  \"a\": {\n    \"b\": [\n      [\n        1\n      ]\n    ]\n  }\n}")
        XCTAssertEqual(try apply(insert(0, "1"), "[\n  [],\n  [2]\n]", pointer: "/0"), "[\n  [\n    1\n  ],\n  [2]\n]")
        // A container written on one line inside a pretty document: inline.
        XCTAssertEqual(try apply(insert(0, "1"), "{\n  \"a\": {\"b\": []}\n}", pointer: "/a/b"),
                       "{\n  \"a\": {\"b\": [1]}\n}")
        // The level comes from the document when the lines do not show it.
        XCTAssertEqual(try apply(insert(0, "1"), "{\"a\":\n[],\n   \"b\": 1}", pointer: "/a"),
                       "{\"a\":\n[\n   1\n],\n   \"b\": 1}")
        // CRLF documents get CRLF.
        XCTAssertEqual(try apply(insert(0, "1"), "{\r\n  \"a\": []\r\n}\r\n", pointer: "/a"),
                       "{\r\n  \"a\": [\r\n    1\r\n  ]\r\n}\r\n")
    }

    func testDeletingTheLastElementLeavesNoDanglingComma() throws {
        XCTAssertEqual(try apply(delete(-1), "[1, 2, 3]"), "[1, 2]")
        XCTAssertEqual(try apply(delete(-1), "[\n  1,\n  2\n]"), "[\n  1\n]")
        XCTAssertEqual(try apply(delete(0), "[\n  1,\n  2\n]"), "[\n  2\n]")
        XCTAssertEqual(try apply(delete(0), "[1]"), "[]")
        XCTAssertEqual(try apply(delete(0), "[\n  1\n]\n"), "[]\n")
        XCTAssertEqual(try apply(delete(0), "{\"a\": [ 1 ], \"b\": 2}", pointer: "/a"), "{\"a\": [], \"b\": 2}")
        // Emptied, then filled again: the usual empty-array layout.
        XCTAssertEqual(try apply([delete(0), insert(0, "5")], "{\n  \"a\": [\n    1\n  ]\n}", pointer: "/a"),
                       "{\n  \"a\": [\n    5\n  ]\n}")
    }

    func testAMultiLineValueIsInsertedAsGiven() throws {
        XCTAssertEqual(try apply(insert(1, "{\n\"x\": 1\n}"), "[\n  1\n]"), "[\n  1,\n  {\n\"x\": 1\n}\n]")
    }

    func testAnUnchangedDocumentIsRecognisedAsUnchanged() throws {
        for text in ["[]", "[1]", "[1, 2]", "\u{FEFF}[ 1 ,2 ]\n", "{\"a\": [ ]}"] {
            try Array(text.utf8).withUnsafeBytes { source in
                let pointer = text.contains("\"a\"") ? "/a" : ""
                let document = try ListDocument(source, format: .json, options: ReadOptions(format: .json, pointer: pointer))
                if document.count > 0 {
                    XCTAssertTrue(document.resultEqualsSource(try document.arrangement(for: move(0, 0), options: EditOptions())))
                }
                XCTAssertTrue(document.resultEqualsSource(.identity(count: document.count)), text)
            }
        }
    }

    func testUniformSeparatorsAreDetected() throws {
        func uniform(_ text: String) throws -> Bool {
            try Array(text.utf8).withUnsafeBytes { try JSONLayout($0, pointer: "").separatorsAreUniform }
        }
        XCTAssertTrue(try uniform("[1, 2, 3]"))
        XCTAssertTrue(try uniform("[\n  1,\n  2,\n  3\n]"))
        XCTAssertFalse(try uniform("[1,2, 3]"))
        XCTAssertFalse(try uniform("[1 ,2,3]"))
        XCTAssertTrue(try uniform("[1]"))
        XCTAssertTrue(try uniform("[]"))
        // Not uniform: runs are copied item by item and still come out right.
        XCTAssertEqual(try apply(move(0, -1), "[1,2, 3 ,4]"), "[2,3, 4 ,1]")
    }
}

private extension String {
    func trimmingSuffix() -> String {
        var result = self
        while let last = result.last, last == " " || last == "\n" || last == "\t" || last == "\r\n" { result.removeLast() }
        return result
    }

    func trimmingPrefix() -> String {
        String(drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r\n" })
    }
}
