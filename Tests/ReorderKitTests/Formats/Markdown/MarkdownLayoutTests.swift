import ReorderKit
import XCTest

/// The Markdown reader: which lines are an item, which lists there are and
/// how `-p` names them, what positions keep, items' values, and what is
/// refused.
final class MarkdownLayoutTests: XCTestCase {
    func apply(_ edit: Edit, _ text: String, pointer: String = "", key: String? = nil) throws -> String {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: .markdown, options: ReadOptions(pointer: pointer))
            let arrangement = try document.arrangement(for: edit, options: EditOptions(key: key))
            return String(decoding: document.render(arrangement), as: UTF8.self)
        }
    }

    func items(_ text: String, pointer: String = "") throws -> [String] {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: .markdown, options: ReadOptions(pointer: pointer))
            return (0..<document.count).map { String(decoding: document.itemBytes($0), as: UTF8.self) }
        }
    }

    func move(_ from: Int, _ to: Int) -> Edit { .move(from: .index(UserIndex(from)), to: UserIndex(to)) }

    func error(_ body: () throws -> Any) -> FormatError? {
        do { _ = try body(); return nil } catch { return error as? FormatError }
    }

    /// The line:column (1-based, bytes) of an error's offset in `text`.
    func place(_ error: FormatError?, in text: String) -> String? {
        guard let offset = error?.offset else { return nil }
        let before = Array(text.utf8)[..<offset]
        let line = before.filter { $0 == 0x0A }.count + 1
        let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return "\(line):\(column)"
    }

    // MARK: - Items

    func testAnItemIsItsMarkerLineWithEveryLineThatBelongsToIt() throws {
        let text = "- a\n  more a\n\n  ```\n  - code\n\n  ```\n  > quote\n  - nested\n- b\n"
        XCTAssertEqual(try items(text), [" a\n  more a\n\n  ```\n  - code\n\n  ```\n  > quote\n  - nested", " b"])
        XCTAssertEqual(try apply(.reverse, text), "- b\n- a\n  more a\n\n  ```\n  - code\n\n  ```\n  > quote\n  - nested\n")
    }

    func testBlankLinesBetweenItemsStayWithPositions() throws {
        // Loose after the first item only: the blank line stays there.
        XCTAssertEqual(try apply(.reverse, "- a\n\n- b\n- c\n"), "- c\n\n- b\n- a\n")
        XCTAssertEqual(try apply(move(0, 2), "1. a\n\n2. b\n\n3. c\n\nText.\n"), "1. b\n\n2. c\n\n3. a\n\nText.\n")
    }

    func testOrderedListsKeepTheirNumbersAtPositions() throws {
        XCTAssertEqual(try apply(.reverse, "1. a\n2. b\n3. c\n"), "1. c\n2. b\n3. a\n")
        XCTAssertEqual(try apply(.reverse, "1) a\n1) b\n1) c\n"), "1) c\n1) b\n1) a\n")
        XCTAssertEqual(try apply(.reverse, "7. a\n8. b\n"), "7. b\n8. a\n")
        // New positions continue the numbering, or repeat a number every item has.
        XCTAssertEqual(try apply(.insert(at: UserIndex(-1), value: Array("d".utf8)), "1. a\n2. b\n"), "1. a\n2. b\n3. d\n")
        XCTAssertEqual(try apply(.insert(at: UserIndex(0), value: Array("d".utf8)), "1. a\n1. b\n"), "1. d\n1. a\n1. b\n")
        XCTAssertEqual(try apply(.insert(at: UserIndex(-1), value: Array("c".utf8)), "- a\n\n- b\n"), "- a\n\n- b\n\n- c\n")
    }

    func testAContinuationLineFollowsTheWidthOfItsNewNumber() throws {
        let text = "8. eight\n9. nine\n   more nine\n\n   ```\n   code\n   ```\n10. ten\n"
        XCTAssertEqual(try apply(move(1, 2), text), "8. eight\n9. ten\n10. nine\n    more nine\n\n    ```\n    code\n    ```\n")
        XCTAssertEqual(try apply(move(2, 1), try apply(move(1, 2), text)), text)
        let wide = "9. a\n10. b\n    more b\n"
        XCTAssertEqual(try apply(.reverse, wide), "9. b\n   more b\n10. a\n")
    }

    func testNestedListsTravelWithTheirItemAndAreNamedByItem() throws {
        let text = "- a\n  - a2\n  - a1\n- b\n"
        XCTAssertEqual(try apply(.reverse, text), "- b\n- a\n  - a2\n  - a1\n")
        XCTAssertEqual(try apply(.reverse, text, pointer: "/0/0"), "- a\n  - a1\n  - a2\n- b\n")
        XCTAssertEqual(try apply(.reverse, "- - x\n  - y\n- z\n", pointer: "/0/0"), "- - y\n  - x\n- z\n")
    }

    // MARK: - Lazy lines and tabs

    func testALazyLineBelongsToTheItemWhoseParagraphItContinues() throws {
        XCTAssertEqual(try items("- a\nlazy a\n- b\n  b\nlazy b\n"), [" a\nlazy a", " b\n  b\nlazy b"])
        XCTAssertEqual(try apply(.reverse, "- a\nlazy a\n- b\n"), "- b\n- a\nlazy a\n")
        // Of a nested item, and of a quote inside an item: the outer item's.
        XCTAssertEqual(try items("- a\n  - b\nlazy\n- c\n"), [" a\n  - b\nlazy", " c"])
        XCTAssertEqual(try items("- a\n  - b\nlazy\n- c\n", pointer: "/0/0"), [" b\nlazy"])
        XCTAssertEqual(try items("- > a\nlazy\n- c\n"), [" > a\nlazy", " c"])
        // A line indented 4 or more but left of the content: lazy too.
        XCTAssertEqual(try items("- a\n - b\n  - c\n   - d\n    - e\n"), [" a", " b", " c", " d\n    - e"])
    }

    func testALineThatStartsABlockEndsTheListInsteadOfContinuingIt() throws {
        // Any list item (a lazy line's container is the list, not the
        // paragraph): `2.` starts a list, after an item as after a quote.
        XCTAssertEqual(try items("- a\n2. b\n", pointer: "/1"), [" b"])
        XCTAssertEqual(try items("> a\n2. b\n3. c\n"), [" b", " c"])
        XCTAssertEqual(try items("- a\n# H\n- b\n", pointer: "/0"), [" a"])
        // After an item that ends in fenced code, a paragraph is no lazy line.
        XCTAssertEqual(try items("- a\n- b\n  ```\n  x\n  ```\npara\n"), [" a", " b\n  ```\n  x\n  ```"])
        // ... so an item that ends in a paragraph may not move last there.
        let text = "- a\n- b\n  ```\n  x\n  ```\npara\n"
        let refused = error { try self.apply(.reverse, text) }
        if case .wouldChangeData = refused?.kind {} else { XCTFail(String(describing: refused)) }
        XCTAssertEqual(place(refused, in: text), "6:1")
    }

    func testTabsCountToTheNextMultipleOfFourColumns() throws {
        let awesome = "- [A](a)\n\t- [A1](a1)\n\t- [A2](a2)\n- [B](b)\n"
        XCTAssertEqual(try items(awesome), [" [A](a)\n\t- [A1](a1)\n\t- [A2](a2)", " [B](b)"])
        XCTAssertEqual(try apply(.reverse, awesome), "- [B](b)\n- [A](a)\n\t- [A1](a1)\n\t- [A2](a2)\n")
        XCTAssertEqual(try apply(.reverse, awesome, pointer: "/0/0"), "- [A](a)\n\t- [A2](a2)\n\t- [A1](a1)\n- [B](b)\n")
        XCTAssertEqual(try apply(.insert(at: UserIndex(-1), value: Array("[A3](a3)".utf8)), awesome, pointer: "/0/0"),
                       "- [A](a)\n\t- [A1](a1)\n\t- [A2](a2)\n\t- [A3](a3)\n- [B](b)\n")
        XCTAssertEqual(try items("-\ta\n\n\tmore a\n-\tb\n"), ["\ta\n\n\tmore a", "\tb"])
    }

    func testATabIndentedItemMovingToAMarkerOfAnotherWidthIsReLaidWithTabs() throws {
        // `9.`'s content starts at column 3, `10.`'s at 4: the tab that
        // reached column 4 now reaches the content column, and the column
        // past it is a space.
        XCTAssertEqual(try apply(.reverse, "9. nine\n\t- a\n10. ten\n"), "9. ten\n10. nine\n\t - a\n")
        XCTAssertEqual(try apply(.reverse, "98. a\n99. b\n\t\tb\n100. c\n"), "98. c\n99. b\n\t\tb\n100. a\n")
        XCTAssertEqual(try apply(move(0, 2), "98. a\n\tmore\n99. b\n100. c\n"), "98. b\n99. c\n100. a\n\t more\n")
        XCTAssertEqual(try apply(move(0, 2), "98. a\n    more\n99. b\n100. c\n"), "98. b\n99. c\n100. a\n     more\n")
        // A tab past the content column, or after the marker, would
        // change width: refused.
        for text in ["98. a\n    \ta\n99. b\n100. c\n", "98.\ta\n    more\n99. b\n100. c\n"] {
            let refused = error { try self.apply(self.move(0, 2), text) }
            if case .wouldChangeData = refused?.kind {} else { XCTFail("\(text): \(String(describing: refused))") }
        }
    }

    func testALazyLineTheNewContentColumnWouldTakeInIsRefused() {
        let text = "- a\n - b\n  - c\n   - d\n    - e\n"
        let refused = error { try self.apply(.reverse, text) }
        XCTAssertEqual(place(refused, in: text), "5:5")
    }

    // MARK: - Which lists

    func testALineHoldingOnlyAnAutolinkIsAParagraphNotHTML() throws {
        let text = "# Links\n\n<https://example.com>\n- a\n- b\n\n# Next\n\n- c\n"
        XCTAssertEqual(try items(text, pointer: "/Links"), [" a", " b"])
        XCTAssertEqual(try items(text, pointer: "/0"), [" a", " b"])
        XCTAssertEqual(try items("<a href=\"x\" title='y' data-z=1>\n- not a list\n\n- a\n", pointer: ""), [" a"])
        XCTAssertEqual(try items("</div >\n- not a list\n\n- a\n", pointer: ""), [" a"])
        XCTAssertEqual(try items("<a href=x:y>\n- not a list\n\n- a\n", pointer: ""), [" a"])
    }

    let awesome = """
        # Awesome Grep [![Awesome](https://awesome.re/badge.svg)](https://awesome.re)

        - [Tools](#tools)

        ## Tools

        - b
        - a
          - a2
          - a1

        ### `Editors` and *more*

        * y
        * x

        ## 2024

        - later
        - earlier

        Release
        =======

        - r2
        - r1

        """

    func testHeadingPathsNameTheFirstListUnderAHeading() throws {
        XCTAssertEqual(try items(awesome, pointer: "/Awesome Grep/Tools"), [" b", " a\n  - a2\n  - a1"])
        XCTAssertEqual(try items(awesome, pointer: "/Awesome Grep/Tools/Editors and more"), [" y", " x"])
        XCTAssertEqual(try items(awesome, pointer: "/Awesome Grep/Tools/1"), [" a2", " a1"])
        XCTAssertEqual(try items(awesome, pointer: "/Awesome Grep/~32024"), [" later", " earlier"])
        XCTAssertEqual(try items(awesome, pointer: "/Release"), [" r2", " r1"])
        XCTAssertEqual(try items(awesome, pointer: "/0"), [" [Tools](#tools)"])
        XCTAssertEqual(try items(awesome, pointer: "/2"), [" y", " x"])
        XCTAssertEqual(error { try self.items(self.awesome, pointer: "/2/0") }?.kind,
                       .nothingAtPointer(pointer: "/2/0", reason: "item 0 holds no list"))
    }

    func testAPathThatNamesNothingSaysWhatThereIs() {
        let none = error { try self.items(self.awesome, pointer: "/Awesome Grep/Tool") }
        XCTAssertEqual(none?.kind, .nothingAtPointer(
            pointer: "/Awesome Grep/Tool",
            reason: "the heading '/Awesome Grep' has no heading 'Tool' (its headings: 'Tools', '2024')"))
        let several = error { try self.items(self.awesome) }
        XCTAssertEqual(several?.kind, .notAList(pointer: "", found: "a document of 5 lists", suggestions: [
            "/Awesome Grep", "/Awesome Grep/Tools", "/Awesome Grep/Tools/Editors and more", "/Awesome Grep/~32024", "/Release",
        ]))
        let index = error { try self.items(self.awesome, pointer: "/9") }
        XCTAssertEqual(index?.kind, .nothingAtPointer(pointer: "/9", reason: "the document has 5 top-level lists, so 9 is not one of their indices"))
        let twice = "# A\n\n## B\n\n- x\n- y\n\n## B\n\n- z\n"
        let ambiguous = error { try self.items(twice, pointer: "/A/B") }
        XCTAssertEqual(place(ambiguous, in: twice), "8:1")
    }

    func testWhatIsNotAList() throws {
        let text = """
            ---
            tags:
            - front matter
            ---

            ```
            - fenced
            ```

                - indented code

            > - quoted

            <div>
            - html
            </div>

            | a | b |
            |---|---|
            | - | x |

            - the list
            - its end

            """
        XCTAssertEqual(try items(text), [" the list", " its end"])
    }

    // MARK: - Values

    func testItemsSortByTheirTextWithoutMarkupTaskBoxOrMarker() throws {
        let text = "- [ ] [zeta](z) - last\n- [x] `beta`\n- **Alpha** thing\n- [gamma][ref]\n"
        XCTAssertEqual(try apply(.sort(SortOptions()), text), "- **Alpha** thing\n- [x] `beta`\n- [gamma][ref]\n- [ ] [zeta](z) - last\n")
        var ignoringCase = SortOptions()
        ignoringCase.ignoreCase = true
        XCTAssertEqual(try apply(.sort(ignoringCase), "- [b](x)\n- [A](y)\n- [c](z)\n"), "- [A](y)\n- [b](x)\n- [c](z)\n")
        // Byte order without -i: upper case first.
        XCTAssertEqual(try apply(.sort(SortOptions()), "- [b](x)\n- [A](y)\n- [C](z)\n"), "- [A](y)\n- [C](z)\n- [b](x)\n")
    }

    func testSelectorsMatchTheTextOrTheLineAsWritten() throws {
        let text = "- [Foo](https://foo) - a tool\n- Bar\n"
        let byText = try SourceSelector(parsing: "=Foo - a tool")
        XCTAssertEqual(try apply(.move(from: byText, to: UserIndex(1)), text), "- Bar\n- [Foo](https://foo) - a tool\n")
        let asWritten = try SourceSelector(parsing: "=[Foo](https://foo) - a tool")
        XCTAssertEqual(try apply(.move(from: asWritten, to: UserIndex(1)), text), "- Bar\n- [Foo](https://foo) - a tool\n")
    }

    func testInsertWritesTheListsMarkerAndIndentation() throws {
        XCTAssertEqual(try apply(.insert(at: UserIndex(1), value: Array("[new](x)".utf8)), "  * a\n  * b\n"), "  * a\n  * [new](x)\n  * b\n")
        XCTAssertEqual(try apply(.insert(at: UserIndex(-1), value: Array("c".utf8)), "- a\n  - x\n- b\n", pointer: "/0/0"), "- a\n  - x\n  - c\n- b\n")
        XCTAssertEqual(error { try self.apply(.insert(at: UserIndex(0), value: Array("a\nb".utf8)), "- x\n- y\n") }?.kind,
                       .invalidValue(value: Array("a\nb".utf8), reason: "an item's text is one line"))
    }

    func testDeletingEveryItemLeavesTheRestOfTheDocument() throws {
        XCTAssertEqual(try apply(.delete(try SourceSelector(parsing: "0")), try apply(.delete(try SourceSelector(parsing: "0")), "Text.\n\n- a\n- b\n\nMore.\n")),
                       "Text.\n\n\nMore.\n")
    }

    // MARK: - Refusals

    func testWhatCannotBeDelimitedIsRefusedAtItsPlace() {
        let cases: [(String, String)] = [
            ("- a\r- b\n", "1:4"),
        ]
        for (text, expected) in cases {
            let refused = error { try self.items(text) }
            XCTAssertNotNil(refused, text)
            if case .cannotDelimit = refused?.kind {} else { XCTFail("\(text): \(String(describing: refused))") }
            XCTAssertEqual(place(refused, in: text), expected, text)
        }
    }

    func testAResultThatWouldReadBackOtherwiseIsRefused() {
        // "  text" follows the list: moved last, `- y`, whose content
        // starts at column 2, would take it in.
        let text = "- y\n-   x\n\n  text\n"
        let refused = error { try self.apply(self.move(1, 0), text) }
        XCTAssertEqual(place(refused, in: text), "4:3")
        XCTAssertEqual(try apply(.unchanged, text), text)
    }

    func testANumberOfTenDigitsIsRefused() {
        let refused = error { try self.apply(.insert(at: UserIndex(-1), value: Array("b".utf8)), "999999999. a\n") }
        if case .wouldChangeData = refused?.kind {} else { XCTFail(String(describing: refused)) }
        XCTAssertEqual(try apply(.insert(at: UserIndex(-1), value: Array("b".utf8)), "999999998. a\n"), "999999998. a\n999999999. b\n")
    }

    func testDeletingAListBetweenTwoListsOfItsNeighboursMarkerIsRefused() throws {
        let text = "- a\n\n* b\n\n- c\n"
        let refused = error { try self.apply(.delete(try SourceSelector(parsing: "0")), text, pointer: "/1") }
        if case .wouldChangeData = refused?.kind {} else { XCTFail(String(describing: refused)) }
        XCTAssertEqual(place(refused, in: text), "3:1")
        XCTAssertEqual(try apply(.delete(try SourceSelector(parsing: "0")), "- a\n\n* b\n\n+ c\n", pointer: "/1"), "- a\n\n\n+ c\n")
    }

    func testAnItemThatIsIndentedCodeHasNoOneLineText() throws {
        let bytes = Array("-     x\n- x\n".utf8)
        try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: .markdown, options: ReadOptions(pointer: ""))
            XCTAssertNil(document.layout.valueText(ofItem: 0))
            XCTAssertEqual(document.layout.valueText(ofItem: 1), Array("x".utf8))
        }
    }

    func testTheIdentityKeepsEveryByte() throws {
        let text = "\u{FEFF}# T\r\n\r\n* a  \r\n* b\t\r\n\r\n  * c\r\n"
        XCTAssertEqual(try apply(move(0, 0), text), text)
        XCTAssertEqual(try apply(.reverse, try apply(.reverse, text)), text)
    }
}

private extension Edit {
    /// No change: a move of the first item to where it is.
    static var unchanged: Edit { .move(from: .index(UserIndex(0)), to: UserIndex(0)) }
}
