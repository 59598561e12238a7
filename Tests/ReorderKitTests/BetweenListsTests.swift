import ReorderKit
import XCTest

/// `BetweenLists`: items of one list of a document into another, in the
/// core (the command line's `move --to` is tested end to end, in
/// BetweenListsTests there).
final class BetweenListsKitTests: XCTestCase {
    func apply(_ text: String, _ format: ListFormat, from: SourceSelector, to: BetweenLists.Place,
               list: String, destination: String, copy: Bool = false) throws -> String? {
        var options = ReadOptions(format: .named(format))
        options.pointer = list
        let move = BetweenLists(from: from, to: to, destination: destination, copy: copy)
        let bytes = Array(text.utf8)
        let result = try bytes.withUnsafeBytes {
            try move.apply(to: $0, format: format, options: options, editOptions: EditOptions())
        }
        return result.map { String(decoding: $0, as: UTF8.self) }
    }

    /// `copy`: the item stays in LIST too.
    func testCopyLeavesTheItemWhereItWas() throws {
        let text = "{\n  \"a\": {\n    \"x\": 1,\n    \"y\": 2\n  },\n  \"b\": {\n    \"z\": 3\n  }\n}\n"
        XCTAssertEqual(try apply(text, .json, from: .index(UserIndex(0)), to: .index(UserIndex(0)), list: "/a", destination: "/b", copy: true),
                       "{\n  \"a\": {\n    \"x\": 1,\n    \"y\": 2\n  },\n  \"b\": {\n    \"x\": 1,\n    \"z\": 3\n  }\n}\n")
        XCTAssertEqual(try apply("a:\n  - 1\nb:\n  - 0\n  - 2\n", .yaml, from: .index(UserIndex(0)), to: .sorted(SortOptions()),
                                 list: "/a", destination: "/b", copy: true),
                       "a:\n  - 1\nb:\n  - 0\n  - 1\n  - 2\n")
    }

    /// A multi-line item moved into a list that stands on one line has no
    /// indentation to take: refused.
    func testAMultiLineItemIntoAnInlineListIsRefused() throws {
        let text = "a:\n  - x: 1\n    y: 2\nb: [0]\n"
        XCTAssertThrowsError(try apply(text, .yaml, from: .index(UserIndex(0)), to: .index(UserIndex(0)), list: "/a", destination: "/b")) {
            guard let error = $0 as? FormatError, case .betweenLists(let problem) = error.kind else {
                return XCTFail("\($0)")
            }
            XCTAssertTrue(problem.contains("does not start its lines"), problem)
        }
    }

    /// CRLF lines stay CRLF, the item's continuation lines re-indented.
    func testCRLFAndReindentation() throws {
        let text = "a:\r\n  - k: 1\r\n    v: 2\r\nb:\r\n      - k: 0\r\n"
        XCTAssertEqual(try apply(text, .yaml, from: .index(UserIndex(0)), to: .index(UserIndex(-1)), list: "/a", destination: "/b"),
                       "a: []\r\nb:\r\n      - k: 0\r\n      - k: 1\r\n        v: 2\r\n")
    }

    /// Only the formats with lists inside a document.
    func testLinesAreRefused() throws {
        XCTAssertFalse(BetweenLists.supports(.lines))
        XCTAssertFalse(BetweenLists.supports(.csv))
        XCTAssertTrue(BetweenLists.supports(.yaml))
    }
}
