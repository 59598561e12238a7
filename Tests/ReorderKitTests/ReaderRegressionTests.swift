import ReorderKit
import XCTest

/// What the readers found by a differential fuzzer and on real files must
/// never do again: crash, or change data with success. Each case is the
/// exact input that did.
final class ReaderRegressionTests: XCTestCase {
    /// The error reading `text` as `format` and reversing its list throws,
    /// or nil when it succeeds.
    func error(_ text: [UInt8], _ format: ListFormat, pointer: String = "") -> Error? {
        text.withUnsafeBytes { source in
            do {
                let document = try ListDocument(source, format: format, options: ReadOptions(pointer: pointer))
                _ = document.render(try document.arrangement(for: .reverse, options: EditOptions()))
                return nil
            } catch {
                return error
            }
        }
    }

    func error(_ text: String, _ format: ListFormat, pointer: String = "") -> Error? {
        error(Array(text.utf8), format, pointer: pointer)
    }

    func testAnEmptyYAMLStreamOrAByteOrderMarkAloneIsRefusedNotACrash() {
        XCTAssertEqual(error("", .yaml) as? FormatError, YAMLError.notAList(pointer: "", found: "null", offset: 0))
        XCTAssertEqual(error([0xEF, 0xBB, 0xBF], .yaml) as? FormatError, YAMLError.notAList(pointer: "", found: "null", offset: 0))
        XCTAssertEqual(error("---\n", .yaml) as? FormatError, YAMLError.notAList(pointer: "", found: "null", offset: 0))
    }

    func testALoneCarriageReturnInYAMLIsRefusedAtItsPlace() {
        // PyYAML reads two root keys here; reading the CR as part of a line
        // moved `c` into `/a`.
        guard let refusal = error("a:\n  b: 1\n  \rc: 2", .yaml, pointer: "/a") as? FormatError,
              case .cannotDelimit = refusal.kind, let offset = refusal.offset else {
            return XCTFail("a lone CR was read as part of a line")
        }
        XCTAssertEqual(offset, 12)
        // CR LF stays a line break.
        XCTAssertNil(error("a:\r\n  b: 1\r\n  c: 2\r\n", .yaml, pointer: "/a"))
    }

    func testALoneCarriageReturnInAJSONCLineCommentIsRefused() {
        // JavaScript and VS Code end the comment at the CR: three members,
        // where a reader that ends it at LF sees two.
        XCTAssertEqual(error("{\"a\": 1, // x\r \"b\": 2,\n\"c\": 3}", .jsonc) as? FormatError,
                       JSONErrors.syntax(.carriageReturnInComment, offset: 13))
        XCTAssertNil(error("{\"a\": 1, // x\r\n \"b\": 2,\n\"c\": 3}", .jsonc))
    }

    func testInvalidUTF8InAJSONCCommentIsRefused() {
        XCTAssertEqual(error(Array("[1, // ".utf8) + [0xFF] + Array("\n2]".utf8), .jsonc) as? FormatError,
                       JSONErrors.syntax(.invalidUTF8, offset: 7))
        XCTAssertEqual(error(Array("[1, /* a ".utf8) + [0xC0, 0x80] + Array(" */ 2]".utf8), .jsonc) as? FormatError,
                       JSONErrors.syntax(.invalidUTF8, offset: 9))
        XCTAssertNil(error("[1, // é\n2]", .jsonc))
    }
}

extension ReaderRegressionTests {
    func testALineThatStartsWithUFEFFIsNotMovedToTheTopOfAFileWithoutAByteOrderMark() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        // Reversed twice, the line lost its U+FEFF to the file's mark.
        XCTAssertEqual(error([0x0A] + mark + [0x78, 0x0A], .lines) as? ReorderError,
                       .lineWouldBecomeByteOrderMark(line: 2))
        // Behind a byte-order mark of the file's own, it may go first.
        XCTAssertNil(error(mark + [0x0A] + mark + [0x78, 0x0A], .lines))
        // Anywhere but first, it may go.
        XCTAssertNil(error([0x61, 0x0A] + mark + [0x78, 0x0A, 0x62, 0x0A], .lines))
    }
}

extension ReaderRegressionTests {
    func render(_ text: String, _ format: ListFormat, _ edit: Edit = .reverse, pointer: String = "") throws -> String {
        try Array(text.utf8).withUnsafeBytes { source in
            let document = try ListDocument(source, format: format, options: ReadOptions(pointer: pointer))
            return String(decoding: document.render(try document.arrangement(for: edit, options: EditOptions())), as: UTF8.self)
        }
    }

    func testAJSONCCommentAboveAnItemNeverLandsOnTheLineOfTheItemBefore() throws {
        // It landed after `"",` and became the comment of `""`; reversed
        // again, `3` came back without it.
        let once = try render("[\n//\n3,\"\"]", .jsonc)
        XCTAssertEqual(once, "[\n\"\",\n//\n3]")
        XCTAssertEqual(try render(once, .jsonc), "[\n//\n3,\n\"\"]")
        // Where the first result needs no new line break, twice is the input.
        let text = "[\n  // a\n  1,\n  // b\n  2\n]"
        XCTAssertEqual(try render(try render(text, .jsonc), .jsonc), text)
        let block = "{ /* x */\n  \"b\": 1, \"a\": 2 }"
        XCTAssertEqual(try render(try render(block, .jsonc), .jsonc), block)
    }
}

extension ReaderRegressionTests {
    func testATableMadeByDottedKeysIsNotDeletedWithItsLastLine() {
        // `name` was gone from the result, not empty.
        guard case .cannotDelimit? = (error(try: .delete(.index(UserIndex(0))), "name.e = 1\nother = 2\n", .toml, pointer: "/name")
            as? FormatError)?.kind else { return XCTFail("the last line of a dotted-key table was deleted") }
        XCTAssertNil(error(try: .delete(.index(UserIndex(0))), "name.e = 1\nname.f = 2\nother = 2\n", .toml, pointer: "/name"))
    }

    func testDiffPrintsADottedTableLineAsInsertTakesIt() throws {
        // `insert` writes the table's path; the text diff printed had it
        // too, so `diff | batch` wrote `"sp ace"."sp ace".zq0 = 7`.
        let text = "\"sp ace\".a = 1\n\"sp ace\" . 'zq0' = 7 # seven\nother = 2\n"
        try Array(text.utf8).withUnsafeBytes { source in
            let document = try ListDocument(source, format: .toml, options: ReadOptions(pointer: "/sp ace"))
            XCTAssertEqual(document.layout.valueText(ofItem: 1).map { String(decoding: $0, as: UTF8.self) }, "'zq0' = 7 # seven")
        }
        let script = "insert 1 'zq0' = 7 # seven"
        XCTAssertEqual(try render("\"sp ace\".a = 1\nother = 2\n", .toml, .insert(at: UserIndex(1), value: Array("'zq0' = 7 # seven".utf8)),
                                  pointer: "/sp ace"),
                       "\"sp ace\".a = 1\n\"sp ace\".'zq0' = 7 # seven\nother = 2\n", script)
    }

    func testALineBreakAddedAfterAMovedEndOfLineCommentHasTheItemsIndentation() throws {
        // pydantic's pyproject.toml, `-p /tool/pytest/addopts`: the new
        // line had one blank more than the items. A line break goes after
        // a moved end-of-line comment where its item takes it inside a
        // line: here the item landing at its position has one of its own.
        let toml = "a = [\n    'a', 'b',  # B\n    'c', 'd',  # D\n]\n"
        XCTAssertEqual(try render(toml, .toml, .move(from: .index(UserIndex(3)), to: UserIndex(1)), pointer: "/a"),
                       "a = [\n    'a', 'd',  # D\n    'b',  # B\n    'c',\n]\n")
        XCTAssertEqual(try render("[\n  1, 2, // two\n  3, 4 // four\n]", .jsonc, .move(from: .index(UserIndex(3)), to: UserIndex(1))),
                       "[\n  1, 4, // four\n  2, // two\n  3\n]")
        // Where the item lands inside a line and the one landing at its
        // position owns none, the comment stays there instead, and the
        // edit's inverse gives the source back.
        XCTAssertEqual(try render("a = [\n    'x', 'y',\n    'z',  # zed\n]\n", .toml, pointer: "/a"),
                       "a = [\n    'z', 'y',\n    'x',  # zed\n]\n")
        XCTAssertEqual(try render("[1, // one\n 2, 3]\n", .jsonc), "[3, // one\n 2, 1]\n")
        XCTAssertEqual(try render("[\n  1, // one\n  2, 3\n]", .jsonc, .move(from: .index(UserIndex(0)), to: UserIndex(1))),
                       "[\n  2, // one\n  1, 3\n]")
    }

    func error(try edit: Edit, _ text: String, _ format: ListFormat, pointer: String = "") -> Error? {
        do { _ = try render(text, format, edit, pointer: pointer); return nil } catch { return error }
    }
}

extension ReaderRegressionTests {
    func testAMovedLineCommentIsNeverFollowedByALoneCarriageReturn() throws {
        // The CR before `}` was taken for a line break after the moved
        // `//` comment, and the result could not be read again.
        // (The item before the CR takes its comment along where the item
        // landing at its position has one of its own.)
        let once = try render("{\"a\":1,//x\n\"b\":2,//y\n\"c\":3\r}", .jsonc, .move(from: .index(UserIndex(0)), to: UserIndex(2)))
        XCTAssertEqual(once, "{\"b\":2,//y\n\"c\":3,\n\"a\":1//x\n\r}")
        XCTAssertNil(error(once, .jsonc))
        // Reversed, the comment stays at its position, before the CR.
        XCTAssertEqual(try render("{\"\":true,//\n\"\":true\r}", .jsonc), "{\"\":true,//\n\"\":true\r}")
    }
}

extension ReaderRegressionTests {
    /// A key's dotted lines together (`urls.a`, `urls.b`) are one item, the
    /// key `urls`: `reverse` and `move` reversed or split them, and a blank
    /// line between positions fell between them.
    func testAKeysDottedLinesAreOneItem() throws {
        let text = "[t]\nz = 1\nurls.b = 2\nurls.a = 3\n\nx = 4\n"
        XCTAssertEqual(try render(text, .toml, pointer: "/t"), "[t]\nx = 4\nurls.b = 2\nurls.a = 3\n\nz = 1\n")
        XCTAssertEqual(try render(text, .toml, .move(from: .index(UserIndex(0)), to: UserIndex(1)), pointer: "/t"),
                       "[t]\nurls.b = 2\nurls.a = 3\nz = 1\n\nx = 4\n")
        // Sorted as the key they make; with --recursive, their own lines too.
        XCTAssertEqual(try render(text, .toml, .sort(SortOptions()), pointer: "/t"), "[t]\nurls.b = 2\nurls.a = 3\nx = 4\n\nz = 1\n")
        var recursive = SortOptions()
        recursive.recursive = true
        XCTAssertEqual(try render(text, .toml, .sort(recursive), pointer: "/t"), "[t]\nurls.a = 3\nurls.b = 2\nx = 4\n\nz = 1\n")
        // The table they make is still a list of its lines.
        XCTAssertEqual(try render(text, .toml, pointer: "/t/urls"), "[t]\nz = 1\nurls.a = 3\nurls.b = 2\n\nx = 4\n")
        // Lines of one key apart (valid TOML, discouraged; toml-test's
        // spec-1.0.0/keys-5): no group can hold them, each line is an item.
        XCTAssertEqual(try render("a.x = 1\nb = 2\na.y = 3\n", .toml), "a.y = 3\nb = 2\na.x = 1\n")
        XCTAssertEqual(try render("a.x = 1\na.z = 0\nb = 2\na.y = 3\n", .toml), "a.y = 3\nb = 2\na.z = 0\na.x = 1\n")
    }
}

extension ReaderRegressionTests {
    /// The comment that ends a line holding several items is its last
    /// item's (`CommentOwnership`, rule 2), but moved inside a line that
    /// item leaves it at its position (`DelimitedListWriter`): reversed
    /// twice the list is the source again. (It went with `2` and split the
    /// line; reversed again, the line stayed split.)
    func testACommentAfterSeveralItemsOnALineStaysThereAndReverseRoundTrips() throws {
        for (text, format, pointer, once) in [
            ("a = [\n  1, 2, # numbers\n]\n", ListFormat.toml, "/a", "a = [\n  2, 1, # numbers\n]\n"),
            ("[\n  1, 2, // numbers\n]\n", .jsonc, "", "[\n  2, 1, // numbers\n]\n"),
            ("[\n  1, 2, 3, // numbers\n  4\n]\n", .jsonc, "", "[\n  4, 3, 2, // numbers\n  1\n]\n"),
        ] {
            let reversed = try render(text, format, pointer: pointer)
            XCTAssertEqual(reversed, once)
            XCTAssertEqual(try render(reversed, format, pointer: pointer), text)
        }
        // An item alone on its line still owns the comment there.
        XCTAssertEqual(try render("a = [\n  1, # one\n  2,\n]\n", .toml, pointer: "/a"), "a = [\n  2,\n  1, # one\n]\n")
    }

    /// pydantic's pyproject.toml, `-p /tool/pytest/addopts`: the last item,
    /// alone on its line with its comment, moved first then back, stood
    /// last on a line of several and left its comment there (read as the
    /// line's): moved back, the comment stayed after `'on'`. Moved and
    /// moved back, the list is the source again.
    func testAnItemMovedOntoALineOfSeveralAndBackKeepsItsComment() throws {
        let toml = """
            addopts = [
                '--benchmark-columns', 'min,mean',
                '--benchmark-warmup', 'on',
                '--benchmark-disable',  # enabled by `make benchmark`
            ]

            """
        let jsonc = """
            {"addopts": [
                "--benchmark-columns", "min,mean",
                "--benchmark-warmup", "on",
                "--benchmark-disable",  // enabled by `make benchmark`
            ]}

            """
        for (text, format, pointer) in [(toml, ListFormat.toml, "/addopts"), (jsonc, .jsonc, "/addopts")] {
            let moved = try render(text, format, .move(from: .index(UserIndex(0)), to: UserIndex(-1)), pointer: pointer)
            XCTAssertTrue(moved.contains("'on', '--benchmark-disable',  # enabled") || moved.contains("\"on\", \"--benchmark-disable\",  // enabled"), moved)
            XCTAssertEqual(try render(moved, format, .move(from: .index(UserIndex(-1)), to: UserIndex(0)), pointer: pointer), text)
        }
    }

    /// `insert` writes a line of a table made by dotted keys with the
    /// indentation of its lines; `diff` refused such a line, indented.
    func testDiffPrintsAnIndentedDottedTableLineAsInsertTakesIt() throws {
        let old = "[t]\n a.x = 1\n a.y = 2\n"
        let new = try render(old, .toml, .insert(at: UserIndex(-1), value: Array("z = 3".utf8)), pointer: "/t/a")
        XCTAssertEqual(new, "[t]\n a.x = 1\n a.y = 2\n a.z = 3\n")
        try Array(new.utf8).withUnsafeBytes { source in
            let document = try ListDocument(source, format: .toml, options: ReadOptions(pointer: "/t/a"))
            XCTAssertEqual(document.layout.valueText(ofItem: 2).map { String(decoding: $0, as: UTF8.self) }, "z = 3")
        }
    }
}

extension ReaderRegressionTests {
    /// A block comment after the last member, before `}` on its line, is
    /// the member's, as one before a comma is: reversed, it went from the
    /// member to the tail, and reversed again it stayed there, after the
    /// other member.
    func testABlockCommentBeforeTheClosingBracketIsTheLastItemsAndReverseRoundTrips() throws {
        for (text, once) in [
            ("{/**/\"é\":1/**/,\"\":false}", "{/**/\"\":false,\"é\":1/**/}"),
            ("[1, 2 /* two */]", "[2 /* two */, 1]"),
            ("[1 /* one */, 2 /* two */, 3 /* three */]", "[3 /* three */, 2 /* two */, 1 /* one */]"),
        ] {
            let reversed = try render(text, .jsonc)
            XCTAssertEqual(reversed, once)
            XCTAssertEqual(try render(reversed, .jsonc), text)
        }
    }
}
