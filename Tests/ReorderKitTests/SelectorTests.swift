import ReorderKit
import XCTest

final class SelectorTests: XCTestCase {
    let fruits = Fixture.lines(["apple", "banana", "cherry", "=x", "42", "date", "banana"])

    // MARK: Parsing

    func testParsesEachForm() throws {
        XCTAssertEqual(try SourceSelector(parsing: "3"), .index(UserIndex(3)))
        XCTAssertEqual(try SourceSelector(parsing: "-1"), .index(UserIndex(-1)))
        XCTAssertEqual(try SourceSelector(parsing: "=core"), .text(Array("core".utf8)))
        XCTAssertEqual(try SourceSelector(parsing: "==x"), .text(Array("=x".utf8)))
        XCTAssertEqual(try SourceSelector(parsing: "=42"), .text(Array("42".utf8)))
        XCTAssertEqual(try SourceSelector(parsing: "="), .text(Array("".utf8)))
        XCTAssertEqual(try SourceSelector(parsing: "~^a.*"), .pattern("^a.*"))
        XCTAssertEqual(try SourceSelector(parsing: "1...3"), .range(from: UserIndex(1), to: UserIndex(3), closed: true))
        XCTAssertEqual(try SourceSelector(parsing: "-3...-1"), .range(from: UserIndex(-3), to: UserIndex(-1), closed: true))
        XCTAssertEqual(try SourceSelector(parsing: "0..<-1"), .range(from: UserIndex(0), to: UserIndex(-1), closed: false))
        XCTAssertEqual(try SourceSelector(parsing: "2..."), .range(from: UserIndex(2), to: nil, closed: true))
        XCTAssertEqual(try SourceSelector(parsing: "...2"), .range(from: nil, to: UserIndex(2), closed: true))
        XCTAssertEqual(try SourceSelector(parsing: "..<2"), .range(from: nil, to: UserIndex(2), closed: false))
        XCTAssertEqual(try SourceSelector(parsing: "0,2...3,-1"), .list([
            .index(UserIndex(0)), .range(from: UserIndex(2), to: UserIndex(3), closed: true), .index(UserIndex(-1)),
        ]))
    }

    func testAValuePartOfAListTakesTheRestOfTheArgumentCommasIncluded() throws {
        XCTAssertEqual(try SourceSelector(parsing: "=a,b"), .text(Array("a,b".utf8)))
        XCTAssertEqual(try SourceSelector(parsing: "0,=a,b"), .list([.index(UserIndex(0)), .text(Array("a,b".utf8))]))
        XCTAssertEqual(try SourceSelector(parsing: "1,~^(x|y),z$"), .list([.index(UserIndex(1)), .pattern("^(x|y),z$")]))
        XCTAssertEqual(try SourceSelector(parsing: "~a,=b"), .pattern("a,=b"))
    }

    func testDescriptionSpellsTheSelectorBack() throws {
        for text in ["3", "-1", "=a,b", "==x", "~^a", "1...3", "..<-1", "2...", "0,2..<4,=x,y"] {
            XCTAssertEqual(try SourceSelector(parsing: text).description, text)
        }
    }

    func testMalformedSelectorsAreErrorsThatNameThem() {
        XCTAssertEqual(Fixture.error { try SourceSelector(parsing: "x") } as? SelectorError, .notASelector("x"))
        XCTAssertEqual(Fixture.error { try SourceSelector(parsing: "...") } as? SelectorError, .notASelector("..."))
        XCTAssertEqual(Fixture.error { try SourceSelector(parsing: "1..<") } as? SelectorError, .notASelector("1..<"))
        XCTAssertEqual(Fixture.error { try SourceSelector(parsing: "1,,2") } as? SelectorError,
                       .invalidListElement(selector: "1,,2", element: ""))
        XCTAssertEqual(Fixture.error { try SourceSelector(parsing: "1,") } as? SelectorError,
                       .invalidListElement(selector: "1,", element: ""))
        XCTAssertEqual(Fixture.error { try SourceSelector(parsing: "a,1") } as? SelectorError,
                       .invalidListElement(selector: "a,1", element: "a"))
        guard case .invalidRegex(let pattern, let reason)? = Fixture.error({ try SourceSelector(parsing: "~a(b") }) as? SelectorError
        else { return XCTFail("a bad regex is not an invalidRegex error") }
        XCTAssertEqual(pattern, "a(b")
        XCTAssertFalse(reason.isEmpty)
    }

    // MARK: Lines

    func testTextSelectsWholeLinesExactly() throws {
        XCTAssertEqual(try Fixture.select("=banana", in: fruits, format: .lines), [1, 6])
        XCTAssertEqual(try Fixture.select("==x", in: fruits, format: .lines), [3])
        XCTAssertEqual(try Fixture.select("=42", in: fruits, format: .lines), [4])
        XCTAssertEqual(try Fixture.select("42", in: fruits + Fixture.lines(Array(repeating: "z", count: 40)), format: .lines), [42])
        XCTAssertNotNil(Fixture.error { try Fixture.select("=banan", in: self.fruits, format: .lines) })
    }

    func testTextComparesBytesWithoutTheTerminatorAndKeepsSpaces() throws {
        let text = "a\r\nb \r\nb\n"
        XCTAssertEqual(try Fixture.select("=a", in: text, format: .lines), [0])
        XCTAssertEqual(try Fixture.select("=b", in: text, format: .lines), [2])
        XCTAssertEqual(try Fixture.select("=b ", in: text, format: .lines), [1])
    }

    func testRegexMatchesAnywhereInTheLine() throws {
        XCTAssertEqual(try Fixture.select("~an", in: fruits, format: .lines), [1, 6])
        XCTAssertEqual(try Fixture.select("~^[a-c]", in: fruits, format: .lines), [0, 1, 2, 6])
        XCTAssertEqual(try Fixture.select("~^\\d+$", in: fruits, format: .lines), [4])
        XCTAssertEqual(try Fixture.select("~", in: fruits, format: .lines), Array(0..<7))
    }

    func testRegexReadsInvalidUTF8AsReplacementCharacters() throws {
        let bytes: [UInt8] = Array("ok\ncaf".utf8) + [0xE9] + Array("\nx\n".utf8)
        let indices = try bytes.withUnsafeBytes { source -> [Int] in
            let document = try ListDocument(source, format: .lines, options: ReadOptions())
            return try SourceSelector(parsing: "~^caf.$").resolve(in: document, options: EditOptions())
        }
        XCTAssertEqual(indices, [1])
        let replacement = try bytes.withUnsafeBytes { source -> [Int] in
            let document = try ListDocument(source, format: .lines, options: ReadOptions())
            return try SourceSelector(parsing: "~\u{FFFD}").resolve(in: document, options: EditOptions())
        }
        XCTAssertEqual(replacement, [1])
    }

    func testRangesCountFromTheEndAndMayBeEmpty() throws {
        let list = Fixture.lines((0..<6).map { "i\($0)" })
        XCTAssertEqual(try Fixture.select("1...3", in: list, format: .lines), [1, 2, 3])
        XCTAssertEqual(try Fixture.select("1..<3", in: list, format: .lines), [1, 2])
        XCTAssertEqual(try Fixture.select("-2...-1", in: list, format: .lines), [4, 5])
        XCTAssertEqual(try Fixture.select("0..<-1", in: list, format: .lines), [0, 1, 2, 3, 4])
        XCTAssertEqual(try Fixture.select("4...", in: list, format: .lines), [4, 5])
        XCTAssertEqual(try Fixture.select("...1", in: list, format: .lines), [0, 1])
        XCTAssertEqual(try Fixture.select("..<6", in: list, format: .lines), Array(0..<6))
        let missingOK = EditOptions(missingOK: true)
        XCTAssertEqual(try Fixture.select("2..<2", in: list, format: .lines, options: missingOK), [])
        XCTAssertEqual(try Fixture.select("6..<6", in: list, format: .lines, options: missingOK), [])
        XCTAssertEqual(Fixture.error { try Fixture.select("2..<2", in: list, format: .lines) } as? SelectorError,
                       .nothingSelected(selector: "2..<2", key: nil))
        XCTAssertEqual(Fixture.error { try Fixture.select("3...1", in: list, format: .lines) } as? SelectorError,
                       .reversedRange(selector: "3...1", start: 3, end: 1))
        XCTAssertEqual(Fixture.error { try Fixture.select("2...6", in: list, format: .lines) } as? ReorderError,
                       .indexOutOfRange(index: 6, count: 6, role: .source, base: .zero))
        XCTAssertEqual(Fixture.error { try Fixture.select("-7...1", in: list, format: .lines) } as? ReorderError,
                       .indexOutOfRange(index: -7, count: 6, role: .source, base: .zero))
        XCTAssertEqual(Fixture.error { try Fixture.select("0..<7", in: list, format: .lines) } as? ReorderError,
                       .indexOutOfRange(index: 7, count: 6, role: .source, base: .zero))
    }

    func testRangesCountFromOneWithOneBased() throws {
        let list = Fixture.lines((0..<6).map { "i\($0)" })
        let oneBased = EditOptions(base: .one)
        XCTAssertEqual(try Fixture.select("1...3", in: list, format: .lines, options: oneBased), [0, 1, 2])
        XCTAssertEqual(try Fixture.select("2..<4", in: list, format: .lines, options: oneBased), [1, 2])
        XCTAssertEqual(try Fixture.select("5..<7", in: list, format: .lines, options: oneBased), [4, 5])
        XCTAssertEqual(try Fixture.select("-1", in: list, format: .lines, options: oneBased), [5])
        XCTAssertEqual(Fixture.error { try Fixture.select("0...2", in: list, format: .lines, options: oneBased) } as? ReorderError,
                       .zeroIndexWhenOneBased(role: .source))
    }

    func testListsSelectTheUnionSortedAndDistinct() throws {
        XCTAssertEqual(try Fixture.select("5,0,1...2,1", in: fruits, format: .lines), [0, 1, 2, 5])
        XCTAssertEqual(try Fixture.select("-1,0,=cherry", in: fruits, format: .lines), [0, 2, 6])
        XCTAssertEqual(try Fixture.select("0,=no such", in: fruits, format: .lines), [0])
        XCTAssertEqual(try Fixture.select("3,~^b", in: fruits, format: .lines), [1, 3, 6])
    }

    func testNothingSelectedIsAnErrorUnlessMissingOK() throws {
        XCTAssertEqual(Fixture.error { try Fixture.select("=kiwi", in: self.fruits, format: .lines) } as? SelectorError,
                       .nothingSelected(selector: "=kiwi", key: nil))
        XCTAssertEqual(Fixture.error { try Fixture.select("~^z", in: self.fruits, format: .lines) } as? SelectorError,
                       .nothingSelected(selector: "~^z", key: nil))
        let missingOK = EditOptions(missingOK: true)
        XCTAssertEqual(try Fixture.select("=kiwi", in: fruits, format: .lines, options: missingOK), [])
        for edit in [try Fixture.move("=kiwi", 0), .delete(.text(Array("kiwi".utf8))), .swap(.text(Array("kiwi".utf8)), .index(UserIndex(0)))] {
            XCTAssertTrue(try Fixture.leavesUnchanged(edit, fruits, format: .lines, options: missingOK))
        }
        // An index out of range is not "missing": it stays an error.
        XCTAssertNotNil(Fixture.error { try Fixture.select("9", in: self.fruits, format: .lines, options: missingOK) })
    }

    func testKeyIsForJSONOnly() {
        XCTAssertEqual(Fixture.error { try Fixture.select("=a", in: self.fruits, format: .lines, options: EditOptions(key: "/a")) } as? SelectorError,
                       .keyNeedsFields(key: "/a", format: .lines))
    }

    // MARK: Edits with selectors

    func testSelectedItemsMoveTogetherFirstEndingAtTheDestination() throws {
        let list = Fixture.lines(["x1", "a", "x2", "b", "x3", "c"])
        XCTAssertEqual(Fixture.split(try Fixture.apply(try Fixture.move("~^x", 0), to: list, format: .lines)),
                       ["x1", "x2", "x3", "a", "b", "c"])
        XCTAssertEqual(Fixture.split(try Fixture.apply(try Fixture.move("~^x", 1), to: list, format: .lines)),
                       ["a", "x1", "x2", "x3", "b", "c"])
        XCTAssertEqual(Fixture.split(try Fixture.apply(try Fixture.move("~^x", -1), to: list, format: .lines)),
                       ["a", "b", "c", "x1", "x2", "x3"])
        XCTAssertEqual(Fixture.split(try Fixture.apply(.delete(try SourceSelector(parsing: "~^x")), to: list, format: .lines)),
                       ["a", "b", "c"])
        XCTAssertNotNil(Fixture.error { try Fixture.apply(try Fixture.move("~^x", 4), to: list, format: .lines) })
    }

    func testSwapExchangesTwoItemsByValue() throws {
        let list = Fixture.lines(["a", "b", "c"])
        let edit = Edit.swap(try SourceSelector(parsing: "=a"), try SourceSelector(parsing: "=c"))
        XCTAssertEqual(Fixture.split(try Fixture.apply(edit, to: list, format: .lines)), ["c", "b", "a"])
    }

    func testSwapRefusesASelectorThatSelectsMoreThanOneItem() throws {
        let list = Fixture.lines(["a", "b", "a"])
        let edit = Edit.swap(try SourceSelector(parsing: "=a"), try SourceSelector(parsing: "=b"))
        XCTAssertEqual(Fixture.error { try Fixture.apply(edit, to: list, format: .lines) } as? SelectorError,
                       .swapNeedsOneItem(selector: "=a", count: 2))
        let range = Edit.swap(try SourceSelector(parsing: "0...1"), .index(UserIndex(2)))
        XCTAssertEqual(Fixture.error { try Fixture.apply(range, to: list, format: .lines, options: EditOptions(missingOK: true)) } as? SelectorError,
                       .swapNeedsOneItem(selector: "0...1", count: 2))
    }

    /// Every value, every destination, lists of up to 6 items over a small
    /// alphabet: a move by value against a reference block move.
    func testMoveByValueMatchesReferenceForSmallLists() throws {
        var generator = SeededGenerator(seed: 5)
        for count in 0...6 {
            for _ in 0..<12 {
                let list = (0..<count).map { _ in ["a", "b", "c"].randomElement(using: &generator)! }
                for value in ["a", "b", "c"] {
                    let block = list.indices.filter { list[$0] == value }
                    guard !block.isEmpty else { continue }
                    for to in 0...(count - block.count) {
                        var rest = list.indices.filter { list[$0] != value }.map { list[$0] }
                        rest.insert(contentsOf: block.map { list[$0] }, at: to)
                        let result = try Fixture.apply(try Fixture.move("=" + value, to), to: Fixture.lines(list), format: .lines)
                        XCTAssertEqual(Fixture.split(result), rest, "move =\(value) \(to) in \(list)")
                    }
                }
            }
        }
    }

    // MARK: JSON

    let values = #"["a", "\u0062", 42, "42", null, "null", {"name": "c", "id": 1}, {"id": 2}, [1, 2], "x,y", {"name": "a,b", "meta": {"tag": "t"}}]"#

    func testJSONTextSelectsDecodedStringsAndJSONText() throws {
        XCTAssertEqual(try Fixture.select("=a", in: values, format: .json), [0])
        XCTAssertEqual(try Fixture.select("=b", in: values, format: .json), [1])
        XCTAssertEqual(try Fixture.select(#"="\u0062""#, in: values, format: .json), [1])
        XCTAssertEqual(try Fixture.select("=42", in: values, format: .json), [2, 3])
        XCTAssertEqual(try Fixture.select("=null", in: values, format: .json), [4, 5])
        XCTAssertEqual(try Fixture.select("=[1, 2]", in: values, format: .json), [8])
        XCTAssertEqual(try Fixture.select("=x,y", in: values, format: .json), [9])
        XCTAssertEqual(try Fixture.select(#"={"id": 2}"#, in: values, format: .json), [7])
    }

    func testJSONRegexMatchesDecodedValuesOrText() throws {
        XCTAssertEqual(try Fixture.select("~^[ab]$", in: values, format: .json), [0, 1])
        XCTAssertEqual(try Fixture.select("~^\\d+$", in: values, format: .json), [2, 3])
        XCTAssertEqual(try Fixture.select(#"~"id": 2"#, in: values, format: .json), [7])
    }

    func testJSONKeyComparesTheValueInsideEachElement() throws {
        let key = EditOptions(key: "/name")
        XCTAssertEqual(try Fixture.select("=c", in: values, format: .json, options: key), [6])
        XCTAssertEqual(try Fixture.select("=a,b", in: values, format: .json, options: key), [10])
        XCTAssertEqual(try Fixture.select("~.", in: values, format: .json, options: key), [6, 10])
        XCTAssertEqual(try Fixture.select("=2", in: values, format: .json, options: EditOptions(key: "/id")), [7])
        XCTAssertEqual(try Fixture.select("=t", in: values, format: .json, options: EditOptions(key: "/meta/tag")), [10])
        XCTAssertEqual(try Fixture.select("=2", in: values, format: .json, options: EditOptions(key: "/1")), [8])
        XCTAssertEqual(Fixture.error { try Fixture.select("=zz", in: self.values, format: .json, options: key) } as? SelectorError,
                       .nothingSelected(selector: "=zz", key: "/name"))
        XCTAssertEqual(try Fixture.select("=zz", in: values, format: .json, options: EditOptions(missingOK: true, key: "/name")), [])
        XCTAssertTrue(Fixture.error { try Fixture.select("=a", in: self.values, format: .json, options: EditOptions(key: "name")) } is FormatError)
    }

    /// `=TEXT` that selects nothing where an item's object holds TEXT at
    /// some key suggests `--key` with that key's pointer: the shallowest,
    /// the first item's of equally deep ones; members' values too.
    func testNothingSelectedSuggestsTheKeyThatHoldsTheText() throws {
        func suggestion(_ selector: String, _ text: String, format: ListFormat = .json, pointer: String = "") -> String? {
            do {
                _ = try Array(text.utf8).withUnsafeBytes { source in
                    let document = try ListDocument(source, format: format, options: ReadOptions(pointer: pointer))
                    return try SourceSelector(parsing: selector).resolve(in: document, options: EditOptions())
                }
                return "selected"
            } catch SelectorError.nothingSelected(_, nil, let suggested) {
                return suggested
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(suggestion("=c", values), "/name")
        XCTAssertEqual(suggestion("=t", values), "/meta/tag")
        XCTAssertEqual(suggestion("=t", values, format: .jsonc), "/meta/tag")
        XCTAssertEqual(suggestion("=core", #"[{"a": {"id": "core"}}, {"name": "core"}]"#), "/name")
        XCTAssertEqual(suggestion("=core", #"{"x": {"a": {"id": "core"}}, "y": {"b": "core"}}"#), "/b")
        XCTAssertEqual(suggestion("=core", #"[["core"], {"n": 1}, "cores"]"#), nil)
        XCTAssertEqual(suggestion("~^core$", #"[{"name": "core"}]"#), nil)
        XCTAssertEqual(suggestion("=a", values), "selected")
    }

    func testJSONMoveByKeyKeepsTheLayout() throws {
        let document = """
            {"plugins": [
              {"name": "lint"},
              {"name": "core", "on": true},
              {"name": "test"}
            ]}

            """
        let moved = try Fixture.apply(try Fixture.move("=core", 0), to: document, format: .json,
                                      options: EditOptions(key: "/name"), pointer: "/plugins")
        XCTAssertEqual(moved, """
            {"plugins": [
              {"name": "core", "on": true},
              {"name": "lint"},
              {"name": "test"}
            ]}

            """)
    }
}
