import ReorderKit
import XCTest

final class SortTests: XCTestCase {
    func sortLines(_ lines: [String], _ options: SortOptions = SortOptions()) throws -> [String] {
        Fixture.split(try Fixture.apply(.sort(options), to: Fixture.lines(lines), format: .lines))
    }

    func sortJSON(_ text: String, _ options: SortOptions = SortOptions(), key: String? = nil, pointer: String = "") throws -> String {
        try Fixture.apply(.sort(options), to: text, format: .json, options: EditOptions(key: key), pointer: pointer)
    }

    // MARK: Lines

    func testLinesSortInByteOrder() throws {
        XCTAssertEqual(try sortLines(["b", "B", "a", "", "ab", "é", "_", "10", "9"]),
                       ["", "10", "9", "B", "_", "a", "ab", "b", "é"])
    }

    func testSortKeepsTheBytesAndTerminatorsOfPositions() throws {
        let text = "b\r\na\r\nc"
        XCTAssertEqual(try Fixture.apply(.sort(SortOptions()), to: text, format: .lines), "a\r\nb\r\nc")
        XCTAssertEqual(try Fixture.apply(.sort(SortOptions(reverse: true)), to: text, format: .lines), "c\r\nb\r\na")
        XCTAssertEqual(try Fixture.apply(.sort(SortOptions()), to: "\u{FEFF}b\na\n", format: .lines), "\u{FEFF}a\nb\n")
    }

    func testReverseKeepsEqualItemsInTheirOrder() throws {
        let lines = ["b1", "a", "B", "b", "A"]
        XCTAssertEqual(try sortLines(lines, SortOptions(reverse: true, ignoreCase: true)), ["b1", "B", "b", "a", "A"])
    }

    func testIgnoreCaseFoldsASCIIToUpperCaseAsSortDashF() throws {
        XCTAssertEqual(try sortLines(["b", "_", "A", "a", "B", "Z"], SortOptions(ignoreCase: true)),
                       ["A", "a", "b", "B", "Z", "_"])
    }

    func testUniqueKeepsTheFirstOfEqualItems() throws {
        XCTAssertEqual(try sortLines(["b", "a", "b", "a", "c"], SortOptions(unique: true)), ["a", "b", "c"])
        XCTAssertEqual(try sortLines(["b", "A", "B", "a"], SortOptions(unique: true, ignoreCase: true)), ["A", "b"])
        XCTAssertEqual(try sortLines(["b", "A", "B", "a"], SortOptions(reverse: true, unique: true, ignoreCase: true)), ["b", "A"])
        XCTAssertEqual(try sortLines(["1.0", "01", "1", "2"], SortOptions(unique: true, numeric: true)), ["1.0", "2"])
    }

    func testNumericReadsTheLeadingNumberAsSortDashN() throws {
        XCTAssertEqual(try sortLines(["10", "9", "-1", " 5 apples", "x", "-0", "1.5", ".5", "-.5", "1e3", "007", "+3"],
                                     SortOptions(numeric: true)),
                       ["-1", "-.5", "x", "-0", "+3", ".5", "1e3", "1.5", " 5 apples", "007", "9", "10"])
    }

    func testNumericComparesNumbersBeyondDoubleExactly() throws {
        let big = "123456789012345678901234567890"
        XCTAssertEqual(try sortLines([big + "1", big, big + ".5", "-" + big, "1" + String(repeating: "0", count: 30)],
                                     SortOptions(numeric: true)),
                       ["-" + big, big, big + ".5", "1" + String(repeating: "0", count: 30), big + "1"])
    }

    /// Random lines (bytes that matter to the order: case, `_`, digits,
    /// high bytes) against Swift's sort of (bytes, index) pairs.
    func testLinesMatchReferenceForRandomLists() throws {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("aAbB_0 9é".unicodeScalars).map(String.init)
        func fold(_ line: String) -> [UInt8] {
            line.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        }
        for round in 0..<200 {
            let count = Int.random(in: 0...12, using: &generator)
            let lines = (0..<count).map { _ in
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            }
            for (reverse, unique, ignoreCase) in [(false, false, false), (true, false, false), (false, true, false),
                                                  (false, false, true), (true, true, true)] {
                let options = SortOptions(reverse: reverse, unique: unique, ignoreCase: ignoreCase)
                let keys = lines.map { ignoreCase ? fold($0) : Array($0.utf8) }
                let expected = referenceStableOrder(keys, reverse: reverse, unique: unique) { $0.lexicographicallyPrecedes($1) }
                XCTAssertEqual(try sortLines(lines, options), expected.map { lines[$0] }, "round \(round), \(options): \(lines)")
            }
        }
    }

    /// Long lines from a small alphabet (NUL and a high byte included), so
    /// that many share their first eight bytes or begin one another: the
    /// cases where a comparison cannot stop at the prefix.
    func testLongLinesWithSharedPrefixesMatchReference() throws {
        var generator = SeededGenerator(seed: 8)
        let alphabet = ["a", "A", "\0", "é"]
        for round in 0..<200 {
            let count = Int.random(in: 0...12, using: &generator)
            let lines = (0..<count).map { _ in
                "aaaaaa" + (0..<Int.random(in: 0...6, using: &generator))
                    .map { _ in alphabet.randomElement(using: &generator)! }.joined()
            }
            for ignoreCase in [false, true] {
                let options = SortOptions(unique: true, ignoreCase: ignoreCase)
                let keys = lines.map { line in
                    Array(line.utf8).map { ignoreCase && $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
                }
                let expected = referenceStableOrder(keys, reverse: false, unique: true) { $0.lexicographicallyPrecedes($1) }
                XCTAssertEqual(try sortLines(lines, options), expected.map { lines[$0] }, "round \(round): \(lines)")
            }
        }
    }

    /// Random numbers with up to 3 integer and 2 fraction digits: their
    /// values are exact in hundredths, the reference's key.
    func testNumericLinesMatchReferenceForRandomNumbers() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let count = Int.random(in: 0...10, using: &generator)
            var lines: [String] = []
            var hundredths: [Int] = []
            for _ in 0..<count {
                let negative = Bool.random(using: &generator)
                let integer = Int.random(in: 0...120, using: &generator)
                let fraction = Int.random(in: 0...99, using: &generator)
                let style = Int.random(in: 0...3, using: &generator)
                var text = negative ? "-" : ""
                var value = integer * 100
                switch style {
                case 0: text += String(integer)
                case 1: text += String(integer) + "." + (fraction < 10 ? "0" : "") + String(fraction); value += fraction
                case 2: text += "00" + String(integer) + ".0"
                default: text += String(integer) + " tail"
                }
                lines.append(text)
                hundredths.append(negative ? -value : value)
            }
            for reverse in [false, true] {
                for unique in [false, true] {
                    let expected = referenceStableOrder(hundredths, reverse: reverse, unique: unique, by: <)
                    XCTAssertEqual(try sortLines(lines, SortOptions(reverse: reverse, unique: unique, numeric: true)),
                                   expected.map { lines[$0] }, "\(lines)")
                }
            }
        }
    }

    // MARK: JSON

    func testJSONNumbersCompareByExactValue() throws {
        let sorted = try sortJSON("[12345678901234567890123, 1e22, 1E+22, 10000000000000000000000.0, -0.0, 0, 0e10, 1e400, 1e399, -1e400, 0.1, 1e-1, 100e-3, 9007199254740993, 9007199254740992, 123456789012345678901234567890.5, 123456789012345678901234567890.25]")
        XCTAssertEqual(sorted, "[-1e400, -0.0, 0, 0e10, 0.1, 1e-1, 100e-3, 9007199254740992, 9007199254740993, 1e22, 1E+22, 10000000000000000000000.0, 12345678901234567890123, 123456789012345678901234567890.25, 123456789012345678901234567890.5, 1e399, 1e400]")
        XCTAssertEqual(try sortJSON("[2, 10, 1]", SortOptions(unique: true)), "[1, 2, 10]")
        XCTAssertEqual(try sortJSON("[1e22, 0, 10000000000000000000000, -0.0]", SortOptions(unique: true)), "[0, 1e22]")
    }

    func testJSONStringsCompareByDecodedValue() throws {
        XCTAssertEqual(try sortJSON(#"["b", "\u0061", "a", "\u00e9", "z", "\"", "A"]"#),
                       #"["\"", "A", "\u0061", "a", "b", "z", "\u00e9"]"#)
        XCTAssertEqual(try sortJSON(#"["b", "\u0061", "a", "A"]"#, SortOptions(unique: true)), #"["A", "\u0061", "b"]"#)
        XCTAssertEqual(try sortJSON(#"["b", "A", "a", "\u0042"]"#, SortOptions(ignoreCase: true)), #"["A", "a", "b", "\u0042"]"#)
        XCTAssertEqual(try sortJSON(#"["10", "9", " 2", "x"]"#, SortOptions(numeric: true)), #"["x", " 2", "9", "10"]"#)
    }

    func testMixedKindsSortNullFalseTrueNumbersStringsArraysObjects() throws {
        XCTAssertEqual(try sortJSON(#"[{"a": 1}, [2], "s", 3, true, false, null, [1], "1", -1]"#),
                       #"[null, false, true, -1, 3, "1", "s", [1], [2], {"a": 1}]"#)
        XCTAssertEqual(try sortJSON(#"[{"a": 1}, [2], "s", 3, true, false, null]"#, SortOptions(reverse: true)),
                       #"[{"a": 1}, [2], "s", 3, true, false, null]"#)
    }

    func testKeySortsObjectsByAFieldAndPutsThoseWithoutItLast() throws {
        let list = #"[{"n": "b"}, {"x": 1}, {"n": "a", "v": 1}, 7, {"n": "a", "v": 2}, {"n": 3}]"#
        XCTAssertEqual(try sortJSON(list, key: "/n"),
                       #"[{"n": 3}, {"n": "a", "v": 1}, {"n": "a", "v": 2}, {"n": "b"}, {"x": 1}, 7]"#)
        XCTAssertEqual(try sortJSON(list, SortOptions(reverse: true), key: "/n"),
                       #"[{"n": "b"}, {"n": "a", "v": 1}, {"n": "a", "v": 2}, {"n": 3}, {"x": 1}, 7]"#)
        XCTAssertEqual(try sortJSON(list, SortOptions(unique: true), key: "/n"),
                       #"[{"n": 3}, {"n": "a", "v": 1}, {"n": "b"}, {"x": 1}, 7]"#)
    }

    func testSortKeepsTheJSONLayoutOfPositions() throws {
        let document = """
            {
              "name": "x",
              "keywords": [
                "pear",
                "apple", "fig"
              ]
            }

            """
        XCTAssertEqual(try sortJSON(document, pointer: "/keywords"), """
            {
              "name": "x",
              "keywords": [
                "apple",
                "fig", "pear"
              ]
            }

            """)
    }

    /// Random arrays of strings (some written with escapes) and numbers
    /// (in several spellings) against Swift's sort of their values.
    func testJSONMatchesReferenceForRandomArrays() throws {
        enum Value: Equatable {
            case number(Int)      // in units of 10^-4
            case string([UInt8])
            static func less(_ a: Value, _ b: Value) -> Bool {
                switch (a, b) {
                case (.number(let x), .number(let y)): return x < y
                case (.string(let x), .string(let y)): return x.lexicographicallyPrecedes(y)
                case (.number, .string): return true
                case (.string, .number): return false
                }
            }
        }
        var generator = SeededGenerator(seed: 99)
        func number() -> (String, Value) {
            let negative = Int.random(in: 0...3, using: &generator) == 0
            let digits = Int.random(in: 0...999, using: &generator)
            let fractionDigits = Int.random(in: 0...2, using: &generator)
            let exponent = Int.random(in: -2...2, using: &generator)
            var text = String(digits)
            if fractionDigits > 0 {
                let fraction = String(Int.random(in: 0..<(fractionDigits == 1 ? 10 : 100), using: &generator))
                text += "." + String(repeating: "0", count: fractionDigits - fraction.count) + fraction
            }
            let mantissa = Int(text.filter { $0 != "." })!
            var value = mantissa
            for _ in 0..<(4 - fractionDigits + exponent) { value *= 10 }
            if exponent != 0 { text += ["e", "E"].randomElement(using: &generator)! + String(exponent) }
            return ((negative ? "-" : "") + text, .number(negative ? -value : value))
        }
        func string() -> (String, Value) {
            let characters = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                ["a", "b", "B", "é", "\"", "\\", "1"].randomElement(using: &generator)!
            }
            let text = characters.map { character -> String in
                switch character {
                case "\"": return "\\\""
                case "\\": return "\\\\"
                case "é": return Bool.random(using: &generator) ? "\\u00e9" : "é"
                case "a": return Bool.random(using: &generator) ? "\\u0061" : "a"
                default: return character
                }
            }.joined()
            return ("\"" + text + "\"", .string(Array(characters.joined().utf8)))
        }
        for round in 0..<150 {
            let elements = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                Bool.random(using: &generator) ? number() : string()
            }
            let document = "[" + elements.map(\.0).joined(separator: ", ") + "]"
            for (reverse, unique) in [(false, false), (true, false), (false, true), (true, true)] {
                let order = referenceStableOrder(elements.map(\.1), reverse: reverse, unique: unique, by: Value.less)
                let expected = "[" + order.map { elements[$0].0 }.joined(separator: ", ") + "]"
                XCTAssertEqual(try sortJSON(document, SortOptions(reverse: reverse, unique: unique)), expected,
                               "round \(round): \(document)")
            }
        }
    }

    /// Strings sorted where they stand (an object's keys, names at a
    /// `--key`) and the ways that leave that path: a string with an escape,
    /// a value of another kind, items without the key, a key written with
    /// an escape or twice (the last counts). Against Swift's sort of the
    /// decoded values, with every option but `-n`.
    func testStringsAtAKeyAndObjectKeysMatchReference() throws {
        var generator = SeededGenerator(seed: 314)
        func string() -> (written: String, value: [UInt8]) {
            let characters = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                ["a", "b", "B", "A", "é", "1", "-"].randomElement(using: &generator)!
            }
            let escapes = Int.random(in: 0...5, using: &generator) == 0
            let written = characters.map { $0 == "a" && escapes ? "\\u0061" : $0 }.joined()
            return ("\"" + written + "\"", Array(characters.joined().utf8))
        }
        // -i folds ASCII to upper case, as `sort -f`.
        func upper(_ byte: UInt8) -> UInt8 { (0x61...0x7A).contains(byte) ? byte - 0x20 : byte }
        func less(_ fold: Bool) -> ([UInt8], [UInt8]) -> Bool {
            { a, b in fold ? a.map(upper).lexicographicallyPrecedes(b.map(upper)) : a.lexicographicallyPrecedes(b) }
        }
        for round in 0..<200 {
            let count = Int.random(in: 0...12, using: &generator)
            let options = SortOptions(reverse: Bool.random(using: &generator), unique: Bool.random(using: &generator),
                                      ignoreCase: Bool.random(using: &generator))
            let otherKind = Int.random(in: 0...6, using: &generator) == 0
            // An array of objects by --key /k.
            var elements: [(written: String, value: [UInt8]?)] = []
            for index in 0..<count {
                switch Int.random(in: 0...9, using: &generator) {
                case 0:
                    elements.append(("{\"x\": \(index)}", nil))
                case 1:
                    let (first, _) = string(), (last, value) = string()
                    elements.append(("{\"k\": \(first), \"y\": [1, {\"k\": 2}], \"k\": \(last)}", value))
                case 2:
                    let (written, value) = string()
                    elements.append(("{\"\\u006b\": \(written)}", value))
                default:
                    let (written, value) = string()
                    elements.append(("{\"k\": \(written), \"i\": \(index)}", value))
                }
            }
            // A number sorts before every string (jq's order of kinds).
            var numberAt: Int? = nil
            if otherKind && count > 0 {
                numberAt = count - 1
                elements[count - 1] = ("{\"k\": 5}", [])
            }
            let document = "[" + elements.map(\.written).joined(separator: ", ") + "]"
            let present = elements.indices.filter { elements[$0].value != nil }
            let missing = elements.indices.filter { elements[$0].value == nil }
            let lessBytes = less(options.ignoreCase)
            var order = referenceStableOrder(present, reverse: options.reverse, unique: options.unique) { a, b in
                if (a == numberAt) != (b == numberAt) { return a == numberAt }
                return lessBytes(elements[a].value!, elements[b].value!)
            }.map { present[$0] }
            order += missing
            if present.isEmpty && count > 0 {
                XCTAssertThrowsError(try sortJSON(document, options, key: "/k"), "round \(round)")
            } else {
                XCTAssertEqual(try sortJSON(document, options, key: "/k"),
                               "[" + order.map { elements[$0].written }.joined(separator: ", ") + "]",
                               "round \(round): \(document)")
            }
            // An object's members by key.
            let members = (0..<count).map { index -> (written: String, value: [UInt8]) in
                let (key, value) = string()
                return ("\(key): \(index)", value)
            }
            let object = "{" + members.map(\.written).joined(separator: ", ") + "}"
            let memberOrder = referenceStableOrder(members.map(\.value), reverse: options.reverse,
                                                   unique: options.unique, by: less(options.ignoreCase))
            XCTAssertEqual(try sortJSON(object, options),
                           "{" + memberOrder.map { members[$0].written }.joined(separator: ", ") + "}",
                           "round \(round): \(object)")
        }
    }

    func testKeyIsForJSONOnly() {
        XCTAssertEqual(Fixture.error {
            try Fixture.apply(.sort(SortOptions()), to: "b\na\n", format: .lines, options: EditOptions(key: "/n"))
        } as? SelectorError, .keyNeedsFields(key: "/n", format: .lines))
    }

    func testSortedInputIsUnchanged() throws {
        XCTAssertTrue(try Fixture.leavesUnchanged(.sort(SortOptions()), "a\nb\nb\nc", format: .lines))
        XCTAssertTrue(try Fixture.leavesUnchanged(.sort(SortOptions()), "[1, \"a\", [0]]", format: .json))
        XCTAssertFalse(try Fixture.leavesUnchanged(.sort(SortOptions(unique: true)), "a\nb\nb\nc", format: .lines))
    }

    func testTwoHundredThousandLinesSortQuickly() throws {
        var generator = SeededGenerator(seed: 1)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1_400_000)
        for _ in 0..<200_000 {
            for _ in 0..<6 { bytes.append(UInt8.random(in: 0x61...0x7A, using: &generator)) }
            bytes.append(0x0A)
        }
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try bytes.withUnsafeBytes { source in
                let document = try ListDocument(source, format: .lines, options: ReadOptions(binaryAsText: true))
                let arrangement = try document.sortedArrangement(SortOptions(), key: nil)
                XCTAssertEqual(arrangement.count, 200_000)
            }
        }
        // Generous for a debug build on a slow machine; catches a quadratic sort.
        XCTAssertLessThan(elapsed, .seconds(60))
    }
}
