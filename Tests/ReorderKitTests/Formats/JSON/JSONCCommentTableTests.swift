import ReorderKit
import XCTest

/// Where each comment of a JSONC list goes, case by case, with the exact
/// bytes expected, each reasoned from the rule (`JSONListLayout`): comment
/// lines directly above an item and the comments on its last line after it
/// (before or after its comma) are the item's; a comment with a blank line
/// below it, one after `[`/`{` on the opening line, one before the closing
/// bracket belong to positions; a trailing comma stays after the last item.
final class JSONCCommentTableTests: XCTestCase {
    func check(_ source: String, _ cases: [(Edit, String)], pointer: String = "",
               file: StaticString = #filePath, line: UInt = #line) throws {
        for (edit, expected) in cases {
            let output = try JSONEditing.apply(edit, to: source, format: .jsonc, pointer: pointer)
            XCTAssertEqual(output, expected, "\(edit)", file: file, line: line)
            // The result reads back as JSON with comments.
            XCTAssertNoThrow(try JSONEditing.items(of: Array(output.utf8), format: .jsonc, pointer: pointer),
                             "\(edit)", file: file, line: line)
        }
    }

    func move(_ from: Int, _ to: Int) -> Edit { .move(from: .index(UserIndex(from)), to: UserIndex(to)) }
    func delete(_ at: Int) -> Edit { .delete(.index(UserIndex(at))) }
    func insert(_ at: Int, _ value: String) -> Edit { JSONEditing.insert(at, value) }
    let sort = Edit.sort(SortOptions())
    let sortDescending = Edit.sort(SortOptions(reverse: true))

    /// Members with `//` comments: above the first member (its own), after
    /// its comma (its own), a section comment with blank lines around it
    /// (position 0's), a comment after `{` (the head's) and one before `}`
    /// (the tail's); the last member has a trailing comment and no comma.
    ///
    /// Pieces: head `{ // head⏎  `; items b = `// about b⏎  "b": 1` with
    /// ` // one`, c = `"c": 2`, a = `"a": 3` with ` // three`; between
    /// positions 0 and 1 `⏎⏎  // section⏎⏎  `, between 1 and 2 `⏎  `; tail
    /// `⏎  // before close⏎}⏎`.
    let lineComments = """
        { // head
          // about b
          "b": 1, // one

          // section

          "c": 2,
          "a": 3 // three
          // before close
        }

        """

    func testLineCommentsAboveAfterTheCommaAndBetweenPositions() throws {
        try check(lineComments, [
            (sort, """
                { // head
                  "a": 3, // three

                  // section

                  // about b
                  "b": 1, // one
                  "c": 2
                  // before close
                }

                """),
            // First to last: b takes both its comments along.
            (move(0, 2), """
                { // head
                  "c": 2,

                  // section

                  "a": 3, // three
                  // about b
                  "b": 1 // one
                  // before close
                }

                """),
            // Middle to first, middle to last.
            (move(1, 0), """
                { // head
                  "c": 2,

                  // section

                  // about b
                  "b": 1, // one
                  "a": 3 // three
                  // before close
                }

                """),
            (move(1, 2), """
                { // head
                  // about b
                  "b": 1, // one

                  // section

                  "a": 3, // three
                  "c": 2
                  // before close
                }

                """),
            // Deleting an item deletes its comments, and only them; its
            // position goes, and the section comment of the gap after it
            // stays before the item that followed it.
            (delete(0), """
                { // head

                  // section

                  "c": 2,
                  "a": 3 // three
                  // before close
                }

                """),
            (delete(1), """
                { // head
                  // about b
                  "b": 1, // one

                  // section

                  "a": 3 // three
                  // before close
                }

                """),
            (delete(2), """
                { // head
                  // about b
                  "b": 1, // one

                  // section

                  "c": 2
                  // before close
                }

                """),
            // A new member takes a new position, with the usual separator
            // after it; the comments of the items it pushes down go with
            // them, and the section comment stays between b and c.
            (insert(0, #""n": 0"#), """
                { // head
                  "n": 0,
                  // about b
                  "b": 1, // one

                  // section

                  "c": 2,
                  "a": 3 // three
                  // before close
                }

                """),
            (insert(1, #""n": 0"#), """
                { // head
                  // about b
                  "b": 1, // one

                  // section

                  "n": 0,
                  "c": 2,
                  "a": 3 // three
                  // before close
                }

                """),
            (insert(3, #""n": 0"#), """
                { // head
                  // about b
                  "b": 1, // one

                  // section

                  "c": 2,
                  "a": 3, // three
                  "n": 0
                  // before close
                }

                """),
            // Every item gone: the comments of positions stay.
            (.delete(try SourceSelector(parsing: "0...2")), """
                { // head

                  // section
                  // before close
                }

                """),
        ])
    }

    /// Block comments: one above the first element (its own), one after the
    /// second's comma (its own), one between the last element and its comma
    /// (its own); a trailing comma after the last element.
    ///
    /// Pieces: head `[⏎  `; items x = `/* first */⏎  "x"`, y = `"y"` with
    /// ` /* why */`, z = `"z" /* zed */`; between positions `⏎  `; the
    /// last position's trailing `,`; tail `⏎]⏎`.
    let blockComments = """
        [
          /* first */
          "x",
          "y", /* why */
          "z" /* zed */,
        ]

        """

    func testBlockCommentsAboveTrailingAndBeforeTheCommaWithATrailingComma() throws {
        try check(blockComments, [
            (sortDescending, """
                [
                  "z" /* zed */,
                  "y", /* why */
                  /* first */
                  "x",
                ]

                """),
            (move(0, 2), """
                [
                  "y", /* why */
                  "z" /* zed */,
                  /* first */
                  "x",
                ]

                """),
            (move(2, 0), """
                [
                  "z" /* zed */,
                  /* first */
                  "x",
                  "y", /* why */
                ]

                """),
            (move(1, 0), """
                [
                  "y", /* why */
                  /* first */
                  "x",
                  "z" /* zed */,
                ]

                """),
            (delete(0), """
                [
                  "y", /* why */
                  "z" /* zed */,
                ]

                """),
            (delete(1), """
                [
                  /* first */
                  "x",
                  "z" /* zed */,
                ]

                """),
            // The trailing comma stays after whichever item is last.
            (delete(2), """
                [
                  /* first */
                  "x",
                  "y", /* why */
                ]

                """),
            (insert(0, #""n""#), """
                [
                  "n",
                  /* first */
                  "x",
                  "y", /* why */
                  "z" /* zed */,
                ]

                """),
            (insert(1, #""n""#), """
                [
                  /* first */
                  "x",
                  "n",
                  "y", /* why */
                  "z" /* zed */,
                ]

                """),
            (insert(3, #""n""#), """
                [
                  /* first */
                  "x",
                  "y", /* why */
                  "z" /* zed */,
                  "n",
                ]

                """),
        ])
    }

    /// CRLF line breaks, a trailing comma, a `//` line above the first
    /// member and a `/* */` line above the last, `//` after commas. A
    /// comment's range ends before the CR; the CR LF stays one line break.
    let crlf = "{\r\n  // a\r\n  \"k1\": 1, // one\r\n  \"k0\": 0,\r\n  /* two */\r\n  \"k2\": 2, // last\r\n}\r\n"

    func testCRLFWithATrailingComma() throws {
        try check(crlf, [
            (sort, "{\r\n  \"k0\": 0,\r\n  // a\r\n  \"k1\": 1, // one\r\n  /* two */\r\n  \"k2\": 2, // last\r\n}\r\n"),
            (.reverse, "{\r\n  /* two */\r\n  \"k2\": 2, // last\r\n  \"k0\": 0,\r\n  // a\r\n  \"k1\": 1, // one\r\n}\r\n"),
            (move(2, 1), "{\r\n  // a\r\n  \"k1\": 1, // one\r\n  /* two */\r\n  \"k2\": 2, // last\r\n  \"k0\": 0,\r\n}\r\n"),
            (move(0, 2), "{\r\n  \"k0\": 0,\r\n  /* two */\r\n  \"k2\": 2, // last\r\n  // a\r\n  \"k1\": 1, // one\r\n}\r\n"),
            (delete(0), "{\r\n  \"k0\": 0,\r\n  /* two */\r\n  \"k2\": 2, // last\r\n}\r\n"),
            (delete(1), "{\r\n  // a\r\n  \"k1\": 1, // one\r\n  /* two */\r\n  \"k2\": 2, // last\r\n}\r\n"),
            (delete(2), "{\r\n  // a\r\n  \"k1\": 1, // one\r\n  \"k0\": 0,\r\n}\r\n"),
            (insert(0, #""k3": 3"#), "{\r\n  \"k3\": 3,\r\n  // a\r\n  \"k1\": 1, // one\r\n  \"k0\": 0,\r\n  /* two */\r\n  \"k2\": 2, // last\r\n}\r\n"),
            (insert(2, #""k3": 3"#), "{\r\n  // a\r\n  \"k1\": 1, // one\r\n  \"k0\": 0,\r\n  \"k3\": 3,\r\n  /* two */\r\n  \"k2\": 2, // last\r\n}\r\n"),
            (insert(3, #""k3": 3"#), "{\r\n  // a\r\n  \"k1\": 1, // one\r\n  \"k0\": 0,\r\n  /* two */\r\n  \"k2\": 2, // last\r\n  \"k3\": 3,\r\n}\r\n"),
        ])
    }

    /// An inline array whose last element has a `//` comment before the `]`
    /// on the next line: the comment is the last element's, which, moved
    /// inside the line, leaves it at its position (written after the
    /// element that lands there): it swallows no comma, element or
    /// bracket, and an edit and its inverse give back the source. Deleted,
    /// the element takes it along; where an element follows it, it keeps
    /// it, and a line break follows it.
    func testALineCommentNeverSwallowsWhatFollowsIt() throws {
        try check("[1, 2, 3 // c\n]\n", [
            (.reverse, "[3, 2, 1 // c\n]\n"),
            (sortDescending, "[3, 2, 1 // c\n]\n"),
            (move(2, 0), "[3, 1, 2 // c\n]\n"),
            (move(2, 1), "[1, 3, 2 // c\n]\n"),
            (delete(2), "[1, 2\n]\n"),
            (delete(0), "[2, 3 // c\n]\n"),
            (insert(3, "4"), "[1, 2, 3, // c\n4\n]\n"),
            (insert(0, "0"), "[0, 1, 2, 3 // c\n]\n"),
        ])
        // CRLF.
        try check("[1, 2 // c\r\n]", [
            (.reverse, "[2, 1 // c\r\n]"),
        ])
        // Alone on its line, an element owns the comment there, and a line
        // break follows it wherever it goes.
        try check("[1,\n2 // c\n]\n", [
            (.reverse, "[2, // c\n1\n]\n"),
        ])
    }

    /// Inline comments between an element and its comma are the element's;
    /// so is one between the last element and the closing bracket on its
    /// line, so that an element that ends the list with its comment reads
    /// as before when it is moved back.
    func testInlineBlockCommentsBeforeCommas() throws {
        try check("[1 /* one */, 2 /* two */, 3]", [
            (.reverse, "[3, 2 /* two */, 1 /* one */]"),
            (move(0, 2), "[2 /* two */, 3, 1 /* one */]"),
            (delete(1), "[1 /* one */, 3]"),
            (insert(3, "4"), "[1 /* one */, 2 /* two */, 3, 4]"),
        ])
        try check("[1, 2 /* before the bracket */]", [
            (.reverse, "[2 /* before the bracket */, 1]"),
            (delete(1), "[1]"),
        ])
        // tsconfig's `"strict": true /* ... */,`: the comment says what
        // the member is, so it goes with it.
        try check("{\"strict\": true /* strict */, \"b\": 1}", [
            (.reverse, "{\"b\": 1, \"strict\": true /* strict */}"),
            (sort, "{\"b\": 1, \"strict\": true /* strict */}"),
        ])
    }

    /// The rule is the same for the first item: a header comment meant to
    /// stay put has a blank line between it and the first item.
    func testAHeaderCommentStaysWhenABlankLineSeparatesIt() throws {
        let source = """
            {
              // Keep these sorted.

              "b": 1,
              "a": 2
            }
            """
        try check(source, [
            (sort, """
                {
                  // Keep these sorted.

                  "a": 2,
                  "b": 1
                }
                """),
            (delete(0), """
                {
                  // Keep these sorted.

                  "a": 2
                }
                """),
        ])
        // Without the blank line it is the first member's.
        try check("{\n  // about b\n  \"b\": 1,\n  \"a\": 2\n}", [
            (sort, "{\n  \"a\": 2,\n  // about b\n  \"b\": 1\n}"),
            (delete(0), "{\n  \"a\": 2\n}"),
        ])
    }

    /// A comment after `[` on the opening line and one before `]` stay,
    /// also when every element goes and when an empty list gets one.
    func testCommentsOfTheBracketsStay() throws {
        try check("[ // open\n  1,\n  2\n  // close\n]", [
            (.reverse, "[ // open\n  2,\n  1\n  // close\n]"),
            (.delete(try SourceSelector(parsing: "0,1")), "[ // open\n  // close\n]"),
        ])
        try check("{\n  // nothing yet\n}", [
            (insert(0, #""a": 1"#), "{\n  // nothing yet\n  \"a\": 1\n}"),
        ])
    }

    /// Regressions: what the writer did wrong before.
    func testRegressionDeletingEveryItemKeepsNoItemBytes() throws {
        // Before: `[1,⏎⏎ // sep⏎ ]`, the deleted `1,` kept with the comment.
        try check("[1,\n\n // sep\n\n 2]", [
            (.delete(try SourceSelector(parsing: "0,1")), "[\n\n // sep\n ]"),
        ])
    }

    func testRegressionTheCommentOfAPositionThatGoesSwallowsNoBracket() throws {
        // Before: `[3⏎ // sep]`, the `]` inside the comment. The comment
        // stays where its position was, before the item that followed it.
        try check("[1,\n // sep\n\n 2, 3]", [
            (.delete(try SourceSelector(parsing: "0,1")), "[\n // sep\n\n 3]"),
        ])
        // After the last item, a line break goes before the bracket.
        try check("[1, 2,\n // sep\n\n 3]", [
            (.delete(try SourceSelector(parsing: "1,2")), "[1\n // sep\n ]"),
        ])
    }

    func testRegressionBlanksBeforeACommaGoWithTheComma() throws {
        // Before: `{ "a": 1  }` (the blank before the dropped comma kept)
        // and `{ "a": 1 , "b": 2, "c": 3 }` (a new comma without one).
        try check(#"{ "a": 1 , "b": 2 }"#, [
            (delete(1), #"{ "a": 1 }"#),
            (insert(2, #""c": 3"#), #"{ "a": 1 , "b": 2 , "c": 3 }"#),
        ])
    }

    func testRegressionANewPositionCopiesNoCommentFromTheLastSeparator() throws {
        // Before: `/* x */ "a": 2,⏎  /* x */ "c": 3`, the comment twice.
        try check("{\n  \"b\": 1, // one\n  /* x */ \"a\": 2\n}\n", [
            (insert(2, #""c": 3"#), "{\n  \"b\": 1, // one\n  /* x */ \"a\": 2,\n  \"c\": 3\n}\n"),
        ])
    }

    func testRegressionDeletingEveryItemLeavesNoCommentAfterALineComment() throws {
        // Before: `[ // open /* a */ /* b */⏎]`, both inside the `//`.
        // (The comments stand after a comma, before a value: position 0's.)
        try check("[ // open\n  true, /* a */ /* b */ 1\n]", [
            (.delete(try SourceSelector(parsing: "0,1")), "[ // open\n/* a */ /* b */\n]"),
        ])
        // At the end of the item's line they are the item's, and go with it.
        try check("[ // open\n  true /* a */ /* b */\n]", [
            (delete(0), "[ // open\n]"),
        ])
    }

    /// Reversing twice, and every move followed by its inverse, give the
    /// source bytes back.
    func checkRoundTrips(_ source: String, count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let reversed = try JSONEditing.apply(.reverse, to: source, format: .jsonc)
        XCTAssertEqual(try JSONEditing.apply(.reverse, to: reversed, format: .jsonc), source,
                       "reverse twice", file: file, line: line)
        for from in 0..<count {
            for to in 0..<count {
                let moved = try JSONEditing.apply(move(from, to), to: source, format: .jsonc)
                XCTAssertEqual(try JSONEditing.apply(move(to, from), to: moved, format: .jsonc), source,
                               "move \(from) \(to), then back", file: file, line: line)
            }
        }
    }

    func testRegressionACommentBeforeTheValueOnItsLineIsTheItems() throws {
        // Before: `move 0 1` put a line break after the comment (a blank
        // left at the end of its line), and read back it was item 1's
        // leading comment line; moving back did not give the source.
        let source = "[\n  /* @0 one */\n  1,\n  /* on the line of 2 */ 2,\n  3, /* @2 after the comma */\n  4 // @3 last, no comma\n]\n"
        try check(source, [
            (move(0, 1), "[\n  /* on the line of 2 */ 2,\n  /* @0 one */\n  1,\n  3, /* @2 after the comma */\n  4 // @3 last, no comma\n]\n"),
            (.reverse, "[\n  4, // @3 last, no comma\n  3, /* @2 after the comma */\n  /* on the line of 2 */ 2,\n  /* @0 one */\n  1\n]\n"),
            (delete(1), "[\n  /* @0 one */\n  1,\n  3, /* @2 after the comma */\n  4 // @3 last, no comma\n]\n"),
        ])
        try checkRoundTrips(source, count: 4)
        // After something else on the line (a comma), it stays the position's.
        try check("[1, /* x */ 2, 3]", [
            (.reverse, "[3, /* x */ 2, 1]"),
        ])
    }

    func testRegressionTwoCommentsAfterTheLastItemGoWithIt() throws {
        // Before: `[⏎  2,⏎  1 /* c */ // d⏎]⏎`, both left at the last position.
        let source = "[\n  1,\n  2 /* c */ // d\n]\n"
        try check(source, [
            (.reverse, "[\n  2, /* c */ // d\n  1\n]\n"),
            (delete(1), "[\n  1\n]\n"),
        ])
        try checkRoundTrips(source, count: 2)
        // After a comma too.
        let afterComma = "[\n  1, /* c */ // d\n  2\n]\n"
        try check(afterComma, [
            (.reverse, "[\n  2,\n  1 /* c */ // d\n]\n"),
        ])
        try checkRoundTrips(afterComma, count: 2)
    }
}
