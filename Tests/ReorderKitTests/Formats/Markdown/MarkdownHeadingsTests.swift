import ReorderKit
import XCTest

/// Markdown read with comment headings: sibling lists of one kind, with
/// their markers at one column, parted only by HTML comments on lines of
/// their own and blank lines, are one list whose gaps hold the comments;
/// a comment indented into an item is the item's own.
final class MarkdownHeadingsTests: XCTestCase {
    typealias T = HeadedLinesLayoutTests

    static func options(_ pointer: String = "", headings: Bool = true) -> ReadOptions {
        var options = ReadOptions(format: .named(.markdown), pointer: pointer)
        options.commentHeadings = headings
        return options
    }

    static func sorted(_ text: String, _ pointer: String = "") throws -> String {
        try T.sorted(text, format: .markdown, options(pointer))
    }

    static func applied(_ text: String, _ arrangement: (Int) -> Arrangement) throws -> String {
        try T.read(text, format: .markdown, options()) { String(decoding: $0.render(arrangement($0.count)), as: UTF8.self) }
    }

    static func headings(_ text: String, _ pointer: String = "") throws -> [String?] {
        try T.read(text, format: .markdown, options(pointer)) { document in
            (0..<document.count).map { document.groupHeading(ofItem: $0) }
        }
    }

    func testHeadedGroupsSortWithinGroups() throws {
        let text = "# Tools\n\n<!-- web -->\n- requests\n- flask <!-- micro -->\n<!-- storage -->\n- sqlalchemy\n- alembic\n<!-- end -->\n\nAfter.\n"
        XCTAssertEqual(try Self.sorted(text),
                       "# Tools\n\n<!-- web -->\n- flask <!-- micro -->\n- requests\n<!-- storage -->\n- alembic\n- sqlalchemy\n<!-- end -->\n\nAfter.\n")
        XCTAssertEqual(try Self.headings(text), ["<!-- web -->", "<!-- web -->", "<!-- storage -->", "<!-- storage -->"])
        // Without comment headings: two lists, the comment ends the first.
        try T.read(text, format: .markdown, Self.options("/Tools", headings: false)) { XCTAssertEqual($0.count, 2) }
        XCTAssertThrowsError(try T.read(text, format: .markdown, Self.options(headings: false)) { $0.count })
        XCTAssertEqual(try T.sorted(text, format: .markdown, Self.options("/Tools", headings: false), grouping: Grouping()),
                       "# Tools\n\n<!-- web -->\n- flask <!-- micro -->\n- requests\n<!-- storage -->\n- sqlalchemy\n- alembic\n<!-- end -->\n\nAfter.\n")
    }

    func testBlankLinesCRLFAndAnEmptyGroup() throws {
        let text = "<!-- one -->\r\n\r\n- b\r\n- a\r\n\r\n<!-- empty -->\r\n<!-- two -->\r\n\r\n- d\r\n\r\n- c\r\n"
        XCTAssertEqual(try Self.sorted(text),
                       "<!-- one -->\r\n\r\n- a\r\n- b\r\n\r\n<!-- empty -->\r\n<!-- two -->\r\n\r\n- c\r\n\r\n- d\r\n")
        XCTAssertEqual(try Self.headings(text), ["<!-- one -->", "<!-- one -->", "<!-- two -->", "<!-- two -->"])
    }

    func testAnIndentedCommentIsTheItemsOwn() throws {
        let text = "- b\n  <!-- b's note -->\n- a\n"
        XCTAssertEqual(try Self.sorted(text), "- a\n- b\n  <!-- b's note -->\n")
        XCTAssertEqual(try Self.headings(text), [nil, nil])
    }

    func testNestedLists() throws {
        let text = """
            - x
              <!-- one -->
              - b
              - a
              <!-- two -->
              - d
              - c
            - w

            """
        XCTAssertEqual(try Self.sorted(text, "/0/0"), """
            - x
              <!-- one -->
              - a
              - b
              <!-- two -->
              - c
              - d
            - w

            """)
        XCTAssertEqual(try Self.headings(text, "/0/0"), ["<!-- one -->", "<!-- one -->", "<!-- two -->", "<!-- two -->"])
        // The outer list: the item moves with its list and its comments.
        XCTAssertEqual(try Self.sorted(text), """
            - w
            - x
              <!-- one -->
              - b
              - a
              <!-- two -->
              - d
              - c

            """)
    }

    func testOrderedListsKeepTheirNumbersAtTheirPositions() throws {
        XCTAssertEqual(try Self.sorted("1. b\n2. a\n<!-- x -->\n1. d\n2. c\n"), "1. a\n2. b\n<!-- x -->\n1. c\n2. d\n")
    }

    func testOnlyListsOfOneKindAtOneColumnJoin() throws {
        // Another bullet, or another column after the comment: two lists.
        for text in ["- b\n- a\n<!-- x -->\n* d\n* c\n", "- b\n- a\n<!-- x -->\n - d\n - c\n",
                     "- b\n- a\n<!-- x --> text\n- d\n- c\n"] {
            XCTAssertThrowsError(try T.read(text, format: .markdown, Self.options()) { $0.count }, text)
        }
        // Two comments on one line: the line is the heading.
        XCTAssertEqual(try Self.headings("- b\n<!-- x --> <!-- y -->\n- a\n"), [nil, "<!-- x --> <!-- y -->"])
        // A comment that does not end: the rest of the document is HTML.
        try T.read("- b\n- a\n<!-- x\n\n- d\n- c\n", format: .markdown, Self.options()) { XCTAssertEqual($0.count, 2) }
        // A comment of several lines heads a group too.
        XCTAssertEqual(try Self.sorted("- b\n- a\n<!--\n  - x\n-->\n- d\n- c\n"), "- a\n- b\n<!--\n  - x\n-->\n- c\n- d\n")
    }

    func testDeleteKeepsTheHeadingAndMoveCrossesIt() throws {
        let text = "<!-- one -->\n- b\n- a\n<!-- two -->\n- d\n- c\n"
        XCTAssertEqual(try Self.applied(text) { Operations.deleting([2], count: $0) }, "<!-- one -->\n- b\n- a\n<!-- two -->\n- c\n")
        XCTAssertEqual(try Self.applied(text) { Operations.deleting([2, 3], count: $0) }, "<!-- one -->\n- b\n- a\n<!-- two -->\n")
        XCTAssertEqual(try Self.applied(text) { Operations.deleting([1], count: $0) }, "<!-- one -->\n- b\n<!-- two -->\n- d\n- c\n")
        // Through the edit: the heading stays between the same items.
        XCTAssertEqual(try T.edited(text, format: .markdown, Self.options(), .move(from: .index(UserIndex(3)), to: UserIndex(0))),
                       "<!-- one -->\n- c\n- b\n- a\n<!-- two -->\n- d\n")
        XCTAssertEqual(try T.edited(text, format: .markdown, Self.options(), .delete(.index(UserIndex(2)))),
                       "<!-- one -->\n- b\n- a\n<!-- two -->\n- c\n")
        // A new last item: no copy of the comment before the last.
        XCTAssertEqual(try Self.applied("- b\n<!-- x -->\n\n- a\n") { Operations.inserting(Array(" new".utf8), at: 2, count: $0) },
                       "- b\n<!-- x -->\n\n- a\n\n- new\n")
        XCTAssertEqual(try Self.applied(text) { Operations.moving(from: 3, to: 0, count: $0) },
                       "<!-- one -->\n- c\n- b\n<!-- two -->\n- a\n- d\n")
    }
}
