import ReorderKit
import XCTest

/// YAML edits that gave exit 0 with changed data, or invalid output: each
/// case is the exact input that did, with the exact output or refusal.
final class YAMLRegressionTests: XCTestCase {
    func render(_ text: String, _ edit: Edit = .reverse, pointer: String = "", key: String? = nil) throws -> String {
        try render(Array(text.utf8), edit, pointer: pointer, key: key)
    }

    func render(_ bytes: [UInt8], _ edit: Edit = .reverse, pointer: String = "", key: String? = nil) throws -> String {
        try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: .yaml, options: ReadOptions(pointer: pointer))
            return String(decoding: document.render(try document.arrangement(for: edit, options: EditOptions(key: key))), as: UTF8.self)
        }
    }

    func error(_ text: String, _ edit: Edit = .reverse, pointer: String = "") -> FormatError? {
        error(Array(text.utf8), edit, pointer: pointer)
    }

    func error(_ bytes: [UInt8], _ edit: Edit = .reverse, pointer: String = "") -> FormatError? {
        do { _ = try render(bytes, edit, pointer: pointer); return nil } catch { return error as? FormatError }
    }

    let sort = Edit.sort(SortOptions())
    func move(_ from: Int, _ to: Int) -> Edit { .move(from: .index(UserIndex(from)), to: UserIndex(to)) }

    // MARK: - 1. Lines a block scalar would read as its text

    func testACommentInAGapIsNotPutAfterABlockScalarWhoseTextItWouldBecome() throws {
        // grafana's promtail values.yaml: `# note` became part of `file`.
        let text = "b:\n  c:\n    x: 1\n    # note\n\na:\n  file: |\n    line\n"
        XCTAssertEqual(error(text, sort), YAMLError.wouldChangeData(
            what: "the edit would put line 4 (a comment) after this block scalar, whose text it would become", offset: 40))
        // Less indented than the scalar's content, the comment ends it.
        let shallow = "b:\n  c:\n    x: 1\n  # note\n\na:\n  file: |\n    line\n"
        XCTAssertEqual(try render(shallow, sort), "a:\n  file: |\n    line\n  # note\n\nb:\n  c:\n    x: 1\n")
        // An empty block scalar takes any line more indented than its entry.
        let empty = "k:\n  -\n   #\n\n  - |\nz: 1\n"
        XCTAssertEqual(error(empty, pointer: "/k"), YAMLError.wouldChangeData(
            what: "the edit would put line 3 (a comment) after this block scalar, whose text it would become", offset: 17))
        // Blank lines holding spaces no longer refuse the list; only an edit
        // that puts one, as text, after a block scalar.
        let blanks = "- |\n  a\n- b\n   \n- c\n"
        XCTAssertEqual(try render(blanks, move(0, -1)), "- b\n- c\n   \n- |\n  a\n")
        XCTAssertEqual(error(blanks, move(0, 1)), YAMLError.wouldChangeData(
            what: "the edit would put line 4 (blanks) after this block scalar, whose text it would become", offset: 2))
        // Blanks that are a scalar's text in the source stay with it.
        let own = "- |\n  a\n   \n- b\n"
        XCTAssertEqual(error(own), YAMLError.wouldChangeData(
            what: "the edit would take line 3 (blanks), which this block scalar reads as its text, away from it", offset: 2))
        // An edit whose gaps hold none is not refused.
        XCTAssertEqual(try render("- |\n  a\n\n- b\n"), "- b\n\n- |\n  a\n")
        // An entry's own comment lines, too, are not put after a scalar.
        XCTAssertEqual(error("- x0\n    # c\n- |\n  t1\n- k2: >\n    v2\n"), YAMLError.wouldChangeData(
            what: "the edit would put line 2 (a comment) after this block scalar, whose text it would become", offset: 28))
        // Blanks that end the file after a scalar have no line break: moved
        // before another entry, they would gain one.
        XCTAssertEqual(error("- |\n  t0\n     \n- |\n  t1\n  u\n     "), YAMLError.wouldChangeData(
            what: "the edit would put line 3 (blanks) after this block scalar, whose text it would become", offset: 17))
    }

    // MARK: - 2. A block scalar at the end of a file without a final newline

    func testABlockScalarAtTheEndOfAFileKeepsItsFinalLineBreakOrItsAbsence() throws {
        // ['x', 'e'] became ['e\n', 'x'].
        XCTAssertEqual(error("- x\n- |\n  e"), YAMLError.wouldChangeData(
            what: "this block scalar ends the file without a line break, so its text ends without one; "
                + "moved before other lines it would end with one", offset: 6))
        // Stripped, it has no final line break to gain.
        XCTAssertEqual(try render("- x\n- |-\n  e"), "- |-\n  e\n- x")
        // Moved to the end, a scalar keeps its line break: the file gains one.
        XCTAssertEqual(try render("- |\n  e\n- x"), "- x\n- |\n  e\n")
        XCTAssertEqual(try render("- |\r\n  e\r\n- x"), "- x\r\n- |\r\n  e\r\n")
        // Anything else keeps the missing final newline.
        XCTAssertEqual(try render("- |\n  e\n- x\n- y", move(2, 1)), "- |\n  e\n- y\n- x")
    }

    // MARK: - 3. U+FEFF

    func testAnEntryThatStartsWithUFEFFIsNotMovedToTheStartOfTheFile() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        XCTAssertEqual(error(Array("a: 1\n".utf8) + mark + Array("b: 2\n".utf8)), YAMLError.wouldChangeData(
            what: "this entry starts with U+FEFF, and at the start of the file it would be read as the file's byte-order mark",
            offset: 5))
        // Behind the file's own mark, or not first, it may go.
        XCTAssertEqual(try render(mark + Array("a: 1\n".utf8) + mark + Array("b: 2\n".utf8)),
                       String(decoding: mark + mark + Array("b: 2\na: 1\n".utf8), as: UTF8.self))
        XCTAssertNoThrow(try render(Array("a: 1\n".utf8) + mark + Array("b: 2\nc: 3\n".utf8), move(2, 0)))
    }

    // MARK: - 4. Properties of an emptied collection

    func testAnEmptiedCollectionComesAfterItsParentsTagAndAnchor() throws {
        let all = Edit.delete(try SourceSelector(parsing: "0..."))
        XCTAssertEqual(try render("mapping: !!map\n  a: 1\nz: 1\n", all, pointer: "/mapping"), "mapping: !!map {}\nz: 1\n")
        XCTAssertEqual(try render("list: &x # c\n  - a\nz: 1\n", all, pointer: "/list"), "list: &x [] # c\nz: 1\n")
        XCTAssertEqual(try render("list: &x !!seq\n  - a\n", all, pointer: "/list"), "list: &x !!seq []\n")
    }

    // MARK: - 5. A flow collection as a key

    func testAFlowPairWhoseKeyIsACollectionIsRefused() {
        // It became `[[b]:, a 1]`.
        XCTAssertEqual(error("[[a, b]: 1]\n", pointer: "/0"), YAMLError.cannotDelimit(what: "a flow collection used as a key", offset: 1))
        XCTAssertEqual(error("[[a, b]: 1, c]\n"), YAMLError.cannotDelimit(what: "a flow collection used as a key", offset: 1))
        XCTAssertEqual(error("{[a, b]: 1, c: 2}\n"), YAMLError.cannotDelimit(what: "a flow collection used as a key", offset: 1))
    }

    // MARK: - 6. An untouched empty flow collection

    func testAnEmptyFlowCollectionNobodyMovedKeepsItsBytes() throws {
        XCTAssertEqual(try render("k: [ ]\n", pointer: "/k"), "k: [ ]\n")
        XCTAssertEqual(try render("k: { }\n", pointer: "/k"), "k: { }\n")
        XCTAssertEqual(try render("x:\n  k: [ ]\n  a: { }\n", .sort(SortOptions(recursive: true))), "x:\n  a: { }\n  k: [ ]\n")
        XCTAssertEqual(try render("k: [ ]\n", .insert(at: UserIndex(0), value: Array("a".utf8)), pointer: "/k"), "k: [a]\n")
    }

    // MARK: - 7. Comments keep their owner

    func testACommentAboveAnEntryAfterItsParentsDashStartsALine() throws {
        // The comment landed after `- ` and, reversed again, stayed there.
        let text = "- b:\n  #\n  f:\n"
        let once = try render(text, pointer: "/0")
        XCTAssertEqual(once, "-\n  #\n  f:\n  b:\n")
        XCTAssertEqual(try render(once, pointer: "/0"), "-\n  b:\n  #\n  f:\n")
        // Deeper than the entries, it is the entry's too, as in JSONC.
        XCTAssertEqual(try render("- a: 1\n    # about b\n  b: 2\n  c: 3\n", move(1, 2), pointer: "/0"),
                       "- a: 1\n  c: 3\n    # about b\n  b: 2\n")
        // A comment less indented than a block scalar's text ends it: after
        // the scalar, it is still the comment of the entry below it.
        let scalar = "- k0: v\n   # c\n  k1: [ ]\n  k2: |\n    t\n  # c\n- z\n"
        let reversed = try render(scalar, pointer: "/0")
        XCTAssertEqual(reversed, "- k2: |\n    t\n   # c\n  k1: [ ]\n  k0: v\n  # c\n- z\n")
        XCTAssertEqual(try render(reversed, pointer: "/0"), scalar)
        // Where the first result needs no new line break, twice is the input.
        let block = "k:\n  # a\n  a: 1\n    # b\n  b: 2\n\n  # floating\n  c: 3\n"
        XCTAssertEqual(try render(try render(block, pointer: "/k"), pointer: "/k"), block)
    }

    // MARK: - 8. Values, and keep-chomping scalars elsewhere

    func testSelectorsAndSortCompareTheDecodedValue() throws {
        XCTAssertEqual(try render("- \"z\\x41\"\n- b\n", .delete(try SourceSelector(parsing: "=zA"))), "- b\n")
        XCTAssertEqual(try render("- '\\x41'\n- b\n", .delete(try SourceSelector(parsing: "=\\x41"))), "- b\n")
        // Block scalars and aliases by their value.
        XCTAssertEqual(try render("- d\n- |\n", sort), "- |\n- d\n")
        XCTAssertEqual(try render("- d\n- >-\n  b\n  c\n- bz\n", sort), "- >-\n  b\n  c\n- bz\n- d\n")
        XCTAssertEqual(try render("k: &x c\nl:\n  - d\n  - *x\n  - b\n", sort, pointer: "/l"), "k: &x c\nl:\n  - b\n  - *x\n  - d\n")
        // Folded lines of quoted and plain scalars.
        XCTAssertEqual(try render("- \"b\n  a\"\n- b c\n- ba\n", sort), "- \"b\n  a\"\n- b c\n- ba\n")
        XCTAssertEqual(try render("- x\n- 'y\n\n  z'\n", .delete(try SourceSelector(parsing: "=y\nz"))), "- x\n")
    }

    func testAKeepChompingScalarRefusesOnlyTheListThatHoldsIt() throws {
        let text = "k: |+\n  a\n\nl:\n  - b\n  - a\n"
        XCTAssertEqual(try render(text, sort, pointer: "/l"), "k: |+\n  a\n\nl:\n  - a\n  - b\n")
        XCTAssertEqual(error(text, sort), YAMLError.cannotDelimit(what: "a block scalar that keeps its trailing blank lines ('|+', '>+')", offset: 3))
        XCTAssertEqual(error("l:\n  - >+\n    a\n\n  - b\n", pointer: "/l"),
                       YAMLError.cannotDelimit(what: "a block scalar that keeps its trailing blank lines ('|+', '>+')", offset: 7))
    }

    /// A blank line holding a tab that the last entry's block scalar reads
    /// as its text was left behind when the entry went (`{}` then that
    /// line, which PyYAML cannot read); a tab line after plain entries is
    /// still edited.
    func testATabLineAfterTheLastBlockScalarIsRefusedNotLeftBehind() throws {
        XCTAssertEqual(error("foo: |\n  \t", .delete(.index(UserIndex(0)))),
                       YAMLError.cannotDelimit(what: "a blank line holding a tab between entries", offset: 7))
        XCTAssertEqual(try render("a: 1\nb: 2\n\t\n", .delete(.index(UserIndex(0)))), "b: 2\n\t\n")
    }
    /// A quote opens a quoted scalar only where a node starts: in the
    /// middle of a plain scalar (`a 'b`), or first on a line that goes on
    /// with a plain scalar of the line above, it is text (PyYAML and
    /// ruamel.yaml read `[a 'b, c', e]` as three entries). Reading it as an
    /// opened quote deleted two entries, or hid the entries after it.
    func testAQuoteInsideAPlainScalarOpensNothing() throws {
        let first = Edit.delete(.index(UserIndex(0)))
        XCTAssertEqual(try render("[a 'b, c', e]\n", first), "[c', e]\n")
        XCTAssertEqual(try render("[a 'b, c]\n"), "[c, a 'b]\n")
        XCTAssertEqual(try render("{a: 'b, c', d: e}\n"), "{d: e, a: 'b, c'}\n")
        XCTAssertEqual(try render("[x, &a 'b, c', e]\n", first), "[&a 'b, c', e]\n")
        // A line that goes on with the plain scalar above it.
        XCTAssertEqual(try render("k: c\n \"\nj: y \"\nl: z\n", .delete(.index(UserIndex(1)))), "k: c\n \"\nl: z\n")
        XCTAssertEqual(try render("- c\n \"\n- y\n"), "- y\n- c\n \"\n")
        XCTAssertEqual(try render("- c\n  [x\n- e\n"), "- e\n- c\n  [x\n")
        // A comment line ends the plain scalar: what follows is read anew.
        XCTAssertEqual(try render("- c\n# x\n- 'y\n  z'\n- w\n"), "- w\n# x\n- 'y\n  z'\n- c\n")
        // An anchor after such a line is still seen by the alias check.
        XCTAssertEqual(error("- k: c\n   \"\n  j: &x y \"\n- *x\n"), YAMLError.aliasBeforeAnchor(name: "x"))
    }
}
