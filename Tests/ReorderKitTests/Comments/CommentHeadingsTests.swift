import ReorderKit
import XCTest

/// Comment headings (`ReadOptions.commentHeadings`): a comment on a line of
/// its own heads a group, belongs to the position below it and stays on
/// its line whatever moves; `sort` with `grouping.comments` sorts within
/// the groups; an item's own end-of-line comment still travels with it.
final class CommentHeadingsTests: XCTestCase {
    // MARK: - Support

    static func read<T>(_ text: String, _ format: ListFormat, pointer: String = "", headings: Bool = true,
                        subTables: Bool = false, _ body: (ListDocument) throws -> T) throws -> T {
        try Array(text.utf8).withUnsafeBytes { source in
            var options = ReadOptions(pointer: pointer)
            options.commentHeadings = headings
            options.subTables = subTables
            return try body(try ListDocument(source, format: format, options: options))
        }
    }

    /// `text` sorted within its comment-headed groups.
    static func sorted(_ text: String, _ format: ListFormat, pointer: String = "", headings: Bool = true,
                       subTables: Bool = false, reverse: Bool = false) throws -> String {
        try read(text, format, pointer: pointer, headings: headings, subTables: subTables) { document in
            var options = SortOptions(reverse: reverse)
            options.grouping.comments = headings
            return String(decoding: document.render(try document.sortedArrangement(options, key: nil)), as: UTF8.self)
        }
    }

    /// `text` after `edit`, read with comment headings.
    static func edited(_ text: String, _ format: ListFormat, pointer: String = "", _ edit: Edit) throws -> String {
        try read(text, format, pointer: pointer) { document in
            String(decoding: document.render(try document.arrangement(for: edit, options: EditOptions())), as: UTF8.self)
        }
    }

    /// Each item's group heading, as `groupHeading(ofItem:)` names it.
    static func headings(_ text: String, _ format: ListFormat, pointer: String = "", subTables: Bool = false) throws -> [String?] {
        try read(text, format, pointer: pointer, subTables: subTables) { document in
            (0..<document.count).map { document.groupHeading(ofItem: $0) }
        }
    }

    static func delete(_ index: Int) throws -> Edit { .delete(try SourceSelector(parsing: "\(index)")) }
    static func move(_ from: Int, _ to: Int) throws -> Edit { .move(from: try SourceSelector(parsing: "\(from)"), to: UserIndex(to)) }
    static func insert(_ at: Int, _ value: String) -> Edit { .insert(at: UserIndex(at), value: Array(value.utf8)) }

    func check(_ input: String, _ expected: String, _ format: ListFormat, pointer: String = "", subTables: Bool = false,
               line: UInt = #line) throws {
        let output = try Self.sorted(input, format, pointer: pointer, subTables: subTables)
        XCTAssertEqual(output, expected, input.debugDescription, line: line)
        // A second sort changes nothing.
        XCTAssertEqual(try Self.sorted(output, format, pointer: pointer, subTables: subTables), output, "again", line: line)
    }

    // MARK: - JSON with comments

    static let jsoncArray = """
        [
          // web
          "requests", // http
          "flask",

          // storage
          "sqlalchemy",
          /* the migrations */ "alembic"
        ]

        """

    func testJSONCArraySortsWithinHeadedGroups() throws {
        try check(Self.jsoncArray, """
            [
              // web
              "flask",
              "requests", // http

              // storage
              /* the migrations */ "alembic",
              "sqlalchemy"
            ]

            """, .jsonc)
        XCTAssertEqual(try Self.headings(Self.jsoncArray, .jsonc), ["// web", "// web", "// storage", "// storage"])
    }

    func testJSONCObjectSortsWithinHeadedGroups() throws {
        let input = """
            {
              "compilerOptions": {
                /* Language */
                "target": "es2022",
                "lib": ["dom"], // browsers
                // Modules
                "module": "esnext",
                "baseUrl": ".",
              }
            }

            """
        try check(input, """
            {
              "compilerOptions": {
                /* Language */
                "lib": ["dom"], // browsers
                "target": "es2022",
                // Modules
                "baseUrl": ".",
                "module": "esnext",
              }
            }

            """, .jsonc, pointer: "/compilerOptions")
        XCTAssertEqual(try Self.headings(input, .jsonc, pointer: "/compilerOptions"),
                       ["/* Language */", "/* Language */", "// Modules", "// Modules"])
    }

    func testJSONCWithCRLFAnEmptyGroupAndAHeadingAsTheLastLine() throws {
        let input = "[\r\n  // empty\r\n  // letters\r\n  \"b\",\r\n  \"a\",\r\n  // digits\r\n  2,\r\n  1\r\n  // the end\r\n]\r\n"
        try check(input, "[\r\n  // empty\r\n  // letters\r\n  \"a\",\r\n  \"b\",\r\n  // digits\r\n  1,\r\n  2\r\n  // the end\r\n]\r\n",
                  .jsonc)
        XCTAssertEqual(try Self.headings(input, .jsonc), ["// letters", "// letters", "// digits", "// digits"])
    }

    func testJSONCItemsAboveTheFirstHeadingAreAGroupWithoutName() throws {
        let input = "[\n  \"d\",\n  \"c\",\n  // rest\n  \"b\",\n  \"a\"\n]\n"
        try check(input, "[\n  \"c\",\n  \"d\",\n  // rest\n  \"a\",\n  \"b\"\n]\n", .jsonc)
        XCTAssertEqual(try Self.headings(input, .jsonc), [nil, nil, "// rest", "// rest"])
    }

    /// A comment inside an item (between a key and its value, or inside a
    /// value over lines) is the item's and heads nothing.
    func testJSONCCommentsInsideAnItemAreItsOwn() throws {
        let input = "{\n  // top\n  \"b\": // why\n    [\n      // inner\n      2\n    ],\n  \"a\": 1\n}\n"
        try check(input, "{\n  // top\n  \"a\": 1,\n  \"b\": // why\n    [\n      // inner\n      2\n    ]\n}\n", .jsonc)
        XCTAssertEqual(try Self.headings(input, .jsonc), ["// top", "// top"])
    }

    func testJSONCWithoutHeadingsTheCommentMovesWithTheItemBelow() throws {
        let output = try Self.sorted(Self.jsoncArray, .jsonc, headings: false)
        XCTAssertEqual(output, """
            [
              /* the migrations */ "alembic",
              "flask",

              // web
              "requests", // http
              // storage
              "sqlalchemy"
            ]

            """)
        XCTAssertEqual(try Self.read(Self.jsoncArray, .jsonc, headings: false) { document in
            (0..<document.count).map { document.groupHeading(ofItem: $0) }
        }, [nil, nil, nil, nil])
    }

    static let jsoncEdits = "[\n  // web\n  \"requests\",\n  \"flask\",\n  // storage\n  \"sqlalchemy\"\n]\n"

    func testJSONCDeleteInsertAndMoveAroundHeadings() throws {
        XCTAssertEqual(try Self.edited(Self.jsoncEdits, .jsonc, Self.delete(0)),
                       "[\n  // web\n  \"flask\",\n  // storage\n  \"sqlalchemy\"\n]\n")
        XCTAssertEqual(try Self.edited(Self.jsoncEdits, .jsonc, Self.delete(2)),
                       "[\n  // web\n  \"requests\",\n  \"flask\"\n  // storage\n]\n")
        XCTAssertEqual(try Self.edited(Self.jsoncEdits, .jsonc, Self.insert(2, "\"alembic\"")),
                       "[\n  // web\n  \"requests\",\n  \"flask\",\n  // storage\n  \"alembic\",\n  \"sqlalchemy\"\n]\n")
        XCTAssertEqual(try Self.edited(Self.jsoncEdits, .jsonc, Self.move(0, 2)),
                       "[\n  // web\n  \"flask\",\n  \"sqlalchemy\",\n  // storage\n  \"requests\"\n]\n")
    }
}
