import ReorderKit
import XCTest

/// The one bracket-and-comma writer (`DelimitedListWriter`), through each
/// format that hands it a list: the same edits on a JSON array, a JSONC
/// array with comments and a TOML inline array with comments, and the
/// exact bytes of every result.
final class DelimitedListWriterTests: XCTestCase {
    enum Change {
        case edit(Edit)
        /// The source items in this order (the rest deleted).
        case order([Int])
    }

    func apply(_ change: Change, _ text: String, format: ListFormat, pointer: String = "") throws -> String {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { source in
            var options = ReadOptions(pointer: pointer)
            // Strict JSON arrays have a faster writer of their own; read
            // generally, they are written as any delimited list.
            options.editsInsideItems = format == .json
            let document = try ListDocument(source, format: format, options: options)
            let arrangement: Arrangement
            switch change {
            case .edit(let edit): arrangement = try document.arrangement(for: edit, options: EditOptions())
            case .order(let order): arrangement = Arrangement(sourceOrder: order)
            }
            try document.layout.check(arrangement)
            let output = document.render(arrangement)
            XCTAssertEqual(document.layout.outputEqualsSource(arrangement), output == bytes)
            return String(decoding: output, as: UTF8.self)
        }
    }

    let moveFirstToLast = Change.edit(.move(from: .index(UserIndex(0)), to: UserIndex(-1)))
    let reverse = Change.edit(.reverse)
    func insert(_ value: String) -> Change { .edit(.insert(at: UserIndex(0), value: Array(value.utf8))) }

    func testJSONArray() throws {
        let text = "[\n  1,\n  2,\n  3\n]\n"
        XCTAssertEqual(try apply(moveFirstToLast, text, format: .json), "[\n  2,\n  3,\n  1\n]\n")
        XCTAssertEqual(try apply(reverse, text, format: .json), "[\n  3,\n  2,\n  1\n]\n")
        XCTAssertEqual(try apply(.order([1]), text, format: .json), "[\n  2\n]\n")
        XCTAssertEqual(try apply(.order([]), text, format: .json), "[]\n")
        XCTAssertEqual(try apply(.order([0, 1, 2]), text, format: .json), text)
        XCTAssertEqual(try apply(insert("1"), "[]\n", format: .json), "[1]\n")
        // In a container laid out one member a line: one element a line.
        XCTAssertEqual(try apply(insert("1"), "{\n  \"a\": []\n}\n", format: .json, pointer: "/a"),
                       "{\n  \"a\": [\n    1\n  ]\n}\n")
        // One line, blanks before the commas: new positions look the same.
        XCTAssertEqual(try apply(.edit(.insert(at: UserIndex(-1), value: Array("3".utf8))), "[1 , 2]", format: .json),
                       "[1 , 2 , 3]")
    }

    let jsonc = """
        [
          // one
          1, // first
          2, /* second */
          // header

          3
        ]

        """

    func testJSONCArrayWithComments() throws {
        XCTAssertEqual(try apply(moveFirstToLast, jsonc, format: .jsonc), """
            [
              2, /* second */
              3,
              // header

              // one
              1 // first
            ]

            """)
        XCTAssertEqual(try apply(reverse, jsonc, format: .jsonc), """
            [
              3,
              2, /* second */
              // header

              // one
              1 // first
            ]

            """)
        // The item keeps its comment; the position's comment stays.
        XCTAssertEqual(try apply(.order([1]), jsonc, format: .jsonc), """
            [
              2 /* second */
              // header
            ]

            """)
        XCTAssertEqual(try apply(.order([]), jsonc, format: .jsonc), """
            [
              // header
            ]

            """)
        XCTAssertEqual(try apply(insert("1"), "[ // nothing yet\n]\n", format: .jsonc), "[ // nothing yet\n  1\n]\n")
        // A `//` comment never swallows the bracket.
        XCTAssertEqual(try apply(.order([0]), "[1, // one\n 2]", format: .jsonc), "[1 // one\n]")
    }

    let toml = """
        a = [
          # one
          1, # first
          2,
          # header

          3,
        ]

        """

    func testTOMLInlineArrayWithComments() throws {
        XCTAssertEqual(try apply(moveFirstToLast, toml, format: .toml, pointer: "/a"), """
            a = [
              2,
              3,
              # header

              # one
              1, # first
            ]

            """)
        XCTAssertEqual(try apply(reverse, toml, format: .toml, pointer: "/a"), """
            a = [
              3,
              2,
              # header

              # one
              1, # first
            ]

            """)
        XCTAssertEqual(try apply(.order([1]), toml, format: .toml, pointer: "/a"), """
            a = [
              2,
              # header
            ]

            """)
        XCTAssertEqual(try apply(.order([]), toml, format: .toml, pointer: "/a"), """
            a = [
              # header
            ]

            """)
        XCTAssertEqual(try apply(insert("1"), "a = [ # none yet\n]\n", format: .toml, pointer: "/a"),
                       "a = [ # none yet\n    1\n]\n")
        XCTAssertEqual(try apply(insert("1"), "a = []\n", format: .toml, pointer: "/a"), "a = [1]\n")
    }

    /// What TOML inline arrays now do as JSONC arrays always did.
    func testTOMLCommentsKeepTheirPlaceAsInJSONC() throws {
        // Regression: a position's `#` comment was written right before
        // `]`, and the result, no longer TOML, was refused.
        XCTAssertEqual(try apply(.order([0]), "a = [1,\n  # pos\n\n  2, 3]\n", format: .toml, pointer: "/a"),
                       "a = [1\n  # pos\n  ]\n")
        // Regression: an item's comment lines above it went to the end of
        // the line before, and read back as that item's comment.
        XCTAssertEqual(try apply(.edit(.move(from: .index(UserIndex(2)), to: UserIndex(1))),
                                 "a = [1, 2,\n  # three\n  3]\n", format: .toml, pointer: "/a"),
                       "a = [1, \n  # three\n  3,\n  2]\n")
        // A position's comment between a value and its comma stays when
        // the position goes.
        XCTAssertEqual(try apply(.order([0]), "a = [\n  1, 2 # two\n  , 3\n]\n", format: .toml, pointer: "/a"),
                       "a = [\n  1 # two\n]\n")
        // Deleting every value keeps the positions' comments with the
        // line breaks before them, blank lines too.
        XCTAssertEqual(try apply(.order([]), "a = [\n  # a\n\n  # b\n\n  1\n]\n", format: .toml, pointer: "/a"),
                       "a = [\n  # a\n\n  # b\n]\n")
        // Blanks before a comma go with the comma, and come with a new one.
        XCTAssertEqual(try apply(.order([0]), "a = [1 , 2]\n", format: .toml, pointer: "/a"), "a = [1]\n")
        XCTAssertEqual(try apply(.edit(.insert(at: UserIndex(-1), value: Array("3".utf8))), "a = [1 , 2]\n",
                                 format: .toml, pointer: "/a"), "a = [1 , 2 , 3]\n")
    }
}
