import ReorderKit
import XCTest

/// Lines read with comment headings (`ReadOptions.commentHeadings`): a
/// comment line heads a group, belongs to the position below it and never
/// moves; indices count the other lines only.
final class HeadedLinesLayoutTests: XCTestCase {
    static func options(_ prefixes: [String] = [], headings: Bool = true, region: ListRegion? = nil,
                        format: FormatChoice = .lines) -> ReadOptions {
        var options = ReadOptions(format: format)
        options.commentHeadings = headings
        options.commentPrefixes = prefixes.map { Array($0.utf8) }
        options.region = region
        return options
    }

    /// `text` read as `format` with `options`, handed to `body`.
    static func read<T>(_ text: String, format: ListFormat = .lines, _ options: ReadOptions,
                        _ body: (ListDocument) throws -> T) throws -> T {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { try body(ListDocument($0, format: format, options: options)) }
    }

    /// `text` sorted within its comment groups.
    static func sorted(_ text: String, format: ListFormat = .lines, _ options: ReadOptions,
                       grouping: Grouping = Grouping(comments: true)) throws -> String {
        try read(text, format: format, options) { document in
            var sort = SortOptions()
            sort.grouping = grouping
            return String(decoding: document.render(try document.sortedArrangement(sort, key: nil)), as: UTF8.self)
        }
    }

    static func applied(_ text: String, _ options: ReadOptions, _ arrangement: (Int) -> Arrangement) throws -> String {
        try read(text, options) { String(decoding: $0.render(arrangement($0.count)), as: UTF8.self) }
    }

    func testHeadedGroupsSortWithinGroupsAndHeadingsStay() throws {
        let text = "# web\nrequests\nflask  # micro\n# storage\nsqlalchemy\nalembic\n"
        XCTAssertEqual(try Self.sorted(text, Self.options(["#"])),
                       "# web\nflask  # micro\nrequests\n# storage\nalembic\nsqlalchemy\n")
        // The default prefixes are keep-sorted's comment markers.
        XCTAssertEqual(try Self.sorted("// b\nz\ny\n-- a\nx\nw\n", Self.options()), "// b\ny\nz\n-- a\nw\nx\n")
        // Indices count items only.
        try Self.read(text, Self.options(["#"])) { document in
            XCTAssertEqual(document.count, 4)
            XCTAssertEqual(String(decoding: document.itemBytes(2), as: UTF8.self), "sqlalchemy")
        }
    }

    func testBlankLinesCRLFAndEmptyGroup() throws {
        // A blank line stays an item: with blank-line groups too, it is a
        // boundary that stays where it is.
        let text = "# one\r\nc\r\nb\r\n\r\na\r\n# empty\r\n  # two\r\nz\r\ny"
        XCTAssertEqual(try Self.sorted(text, Self.options(["#"]), grouping: Grouping(blankLines: true, comments: true)),
                       "# one\r\nb\r\nc\r\n\r\na\r\n# empty\r\n  # two\r\ny\r\nz")
        try Self.read(text, Self.options(["#"])) { document in
            XCTAssertEqual(document.count, 6)
            // The last of the two headings before 'z', trimmed.
            XCTAssertEqual(document.groupHeading(ofItem: 4), "# two")
            XCTAssertEqual(document.groupHeading(ofItem: 3), "# one")
            XCTAssertEqual(document.layout.groupHeading(before: 0).map { Array(document.source[$0]) }, Array("# one".utf8))
            XCTAssertNil(document.layout.groupHeading(before: 1))
        }
    }

    func testHeadingAsFirstAndLastLine() throws {
        XCTAssertEqual(try Self.sorted("b\na\n# x\nd\nc\n# end\n", Self.options(["#"])), "a\nb\n# x\nc\nd\n# end\n")
        XCTAssertEqual(try Self.sorted("# top\nb\na\n# end", Self.options(["#"])), "# top\na\nb\n# end")
        try Self.read("b\na\n# x\nd\n", Self.options(["#"])) { document in
            XCTAssertEqual((0..<document.count).map { document.groupHeading(ofItem: $0) }, [nil, nil, "# x"])
        }
    }

    func testDeleteUnderAHeadingKeepsTheHeading() throws {
        let text = "# web\nflask\n# db\nsql\npg\n"
        let options = Self.options(["#"])
        XCTAssertEqual(try Self.applied(text, options) { Operations.deleting([0], count: $0) }, "# web\n# db\nsql\npg\n")
        XCTAssertEqual(try Self.applied(text, options) { Operations.deleting([1], count: $0) }, "# web\nflask\n# db\npg\n")
        XCTAssertEqual(try Self.applied(text, options) { Operations.deleting([1, 2], count: $0) }, "# web\nflask\n# db\n")
        XCTAssertEqual(try Self.applied("a\n# x\nb\n", options) { Operations.deleting([0], count: $0) }, "# x\nb\n")
        XCTAssertEqual(try Self.applied(text, options) { Operations.deleting([0, 1, 2], count: $0) }, "# web\n# db\n")
    }

    func testMoveAcrossAHeadingAndInsert() throws {
        let text = "# web\nflask\n# db\nsql\npg\n"
        let options = Self.options(["#"])
        XCTAssertEqual(try Self.applied(text, options) { Operations.moving(from: 2, to: 0, count: $0) }, "# web\npg\n# db\nflask\nsql\n")
        XCTAssertEqual(try Self.applied(text, options) { Operations.inserting(Array("new".utf8), at: 1, count: $0) },
                       "# web\nflask\n# db\nnew\nsql\npg\n")
        XCTAssertEqual(try Self.applied(text, options) { Operations.inserting(Array("new".utf8), at: 3, count: $0) },
                       "# web\nflask\n# db\nsql\npg\nnew\n")
        // A list of comment lines only: a new line goes after them.
        XCTAssertEqual(try Self.applied("# a\n# b", options) { Operations.inserting(Array("x".utf8), at: 0, count: $0) }, "# a\n# b\nx\n")
        // A new line that reads as a comment is refused.
        try Self.read(text, options) { document in
            XCTAssertThrowsError(try document.newItem(Array("  # no".utf8), asString: false)) {
                XCTAssertEqual($0 as? ReorderError, .valueIsCommentLine)
            }
        }
    }

    /// `text` with `edit` applied as the commands apply it.
    static func edited(_ text: String, format: ListFormat = .lines, _ options: ReadOptions, _ edit: Edit) throws -> String {
        try read(text, format: format, options) { document in
            String(decoding: document.render(try document.arrangement(for: edit, options: EditOptions())), as: UTF8.self)
        }
    }

    func testEditsKeepHeadingsBetweenTheSameItems() throws {
        let text = "# web\nflask\n# db\nsql\npg\n"
        let options = Self.options(["#"])
        // A move across a heading: the item joins the group it lands in.
        XCTAssertEqual(try Self.edited(text, options, .move(from: .index(UserIndex(2)), to: UserIndex(0))),
                       "# web\npg\nflask\n# db\nsql\n")
        XCTAssertEqual(try Self.edited(text, options, .move(from: .index(UserIndex(0)), to: UserIndex(-1))),
                       "# web\n# db\nsql\npg\nflask\n")
        // A delete of the item under a heading keeps the heading.
        XCTAssertEqual(try Self.edited(text, options, .delete(.index(UserIndex(1)))), "# web\nflask\n# db\npg\n")
        XCTAssertEqual(try Self.edited(text, options, .delete(.index(UserIndex(0)))), "# web\n# db\nsql\npg\n")
    }

    func testWithoutCommentHeadingsNothingChanges() throws {
        let text = "# web\nrequests\nflask\n# storage\nsqlalchemy\n"
        XCTAssertEqual(try Self.sorted(text, Self.options(headings: false), grouping: Grouping()),
                       "# storage\n# web\nflask\nrequests\nsqlalchemy\n")
        try Self.read(text, Self.options(headings: false)) { document in
            XCTAssertEqual(document.count, 5)
            XCTAssertNil(document.groupHeading(ofItem: 1))
        }
        // Prefixes without headings mean nothing: refused.
        XCTAssertThrowsError(try Self.read(text, Self.options(["#"], headings: false)) { $0.count }) {
            XCTAssertEqual($0 as? ReorderError, .commentWithoutHeadings)
        }
    }

    func testRequirementsFile() throws {
        let text = """
            -r base.txt
            # web
            requests==2.31.0
            Flask==3.0.0  # pinned
            # storage
            SQLAlchemy>=2
            alembic

            """
        XCTAssertEqual(try Self.sorted(text, Self.options(["#"])), """
            -r base.txt
            # web
            Flask==3.0.0  # pinned
            requests==2.31.0
            # storage
            SQLAlchemy>=2
            alembic

            """)
        try Self.read(text, Self.options(["#"])) { document in
            XCTAssertEqual((0..<document.count).map { document.groupHeading(ofItem: $0) },
                           [nil, "# web", "# web", "# storage", "# storage"])
        }
        // Blank lines and comment headings both part groups.
        let spaced = "# Tools\nruff==1\n\nblack==2\n# Docs\nmkdocs==1\n\nmkautodoc==0\n\n"
        XCTAssertEqual(try Self.sorted(spaced, Self.options(["#"]), grouping: Grouping(blankLines: true, comments: true)), spaced)
        XCTAssertEqual(try Self.sorted("# T\nz\ny\n\nx\nw\n", Self.options(["#"]), grouping: Grouping(blankLines: true, comments: true)),
                       "# T\ny\nz\n\nw\nx\n")
    }

    func testGoModRequireBlockAsLineRange() throws {
        let text = """
            module example.com/m

            require (
            \t// web
            \tgolang.org/x/net v0.20.0 // indirect
            \tgithub.com/gin-gonic/gin v1.9.1
            \t// test
            \tgithub.com/stretchr/testify v1.8.4
            \tgithub.com/google/go-cmp v0.6.0 // indirect
            )

            """
        XCTAssertEqual(try Self.sorted(text, format: .lines, Self.options(["//"], region: .lines(first: 4, last: 9))), """
            module example.com/m

            require (
            \t// web
            \tgithub.com/gin-gonic/gin v1.9.1
            \tgolang.org/x/net v0.20.0 // indirect
            \t// test
            \tgithub.com/google/go-cmp v0.6.0 // indirect
            \tgithub.com/stretchr/testify v1.8.4
            )

            """)
        // The default prefixes take '//' too.
        XCTAssertEqual(try Self.sorted(text, format: .lines, Self.options(region: .lines(first: 4, last: 9))),
                       try Self.sorted(text, format: .lines, Self.options(["//"], region: .lines(first: 4, last: 9))))
    }

    func testKeepSortedBlockUsesItsStickyPrefixes() throws {
        let text = """
            x = [
              # keep-sorted start sticky_prefixes=@
              # b
              "z",
              "y",
              @ a
              "x",
              "w",
              # keep-sorted end
            ]

            """
        // The block's prefixes are '#' (its marker's) and '@'.
        XCTAssertEqual(try Self.sorted(text, format: .json, Self.options(region: .block(index: 0, marker: "keep-sorted"))), """
            x = [
              # keep-sorted start sticky_prefixes=@
              # b
              "y",
              "z",
              @ a
              "w",
              "x",
              # keep-sorted end
            ]

            """)
        // sticky_comments=no and no sticky_prefixes: the lines' defaults.
        let plain = "// keep-sorted start sticky_comments=no\n// b\nz\ny\n// keep-sorted end\n"
        XCTAssertEqual(try Self.sorted(plain, Self.options(region: .block(index: 0, marker: "keep-sorted"))),
                       "// keep-sorted start sticky_comments=no\n// b\ny\nz\n// keep-sorted end\n")
    }
}
