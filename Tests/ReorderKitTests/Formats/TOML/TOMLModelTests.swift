@testable import ReorderKit
import XCTest

/// What the TOML reader keeps, in its packed form, against what it was
/// given or what a fresh read of the same bytes finds: a value's parts, a
/// line's key, value and range (kept as the entry of its table), a sort by
/// `--key` where some items have no value, and the refusal of a document
/// too large for 32-bit offsets.
final class TOMLModelTests: XCTestCase {
    func testTheModelIsPacked() {
        XCTAssertEqual(MemoryLayout<TOMLValue>.stride, 24)
        XCTAssertEqual(MemoryLayout<TOMLEntry>.stride, 24)
        XCTAssertEqual(MemoryLayout<TOMLLine>.stride, 24)
    }

    func testAValueKeepsWhatItWasGiven() {
        let inPlace = TOMLValue(kind: .string, range: 10..<15, decoded: .source(11..<14))
        XCTAssertEqual(inPlace.kind, .string)
        XCTAssertEqual(inPlace.range, 10..<15)
        XCTAssertEqual(inPlace.decoded, .source(11..<14))
        XCTAssertNil(inPlace.array)
        XCTAssertNil(inPlace.table)

        let empty = TOMLValue(kind: .string, range: 3..<5, decoded: .source(4..<4))
        XCTAssertEqual(empty.decoded, .source(4..<4))
        let copied = TOMLValue(kind: .string, range: 0..<8, decoded: .owned(Array("a\"b".utf8)))
        XCTAssertEqual(copied.decoded, .owned(Array("a\"b".utf8)))
        let emptyCopy = TOMLValue(kind: .string, range: 0..<6, decoded: .owned([]))
        XCTAssertEqual(emptyCopy.decoded, .owned([]))

        let number = TOMLValue(kind: .integer, range: 7..<12)
        XCTAssertEqual(number.range, 7..<12)
        XCTAssertEqual(number.decoded, .source(0..<0))

        let list = TOMLInlineList(open: 20)
        let array = TOMLValue(kind: .array, range: 20..<30, array: list)
        XCTAssertTrue(array.array === list)
        XCTAssertNil(array.table)
        XCTAssertEqual(array.range, 20..<30)

        let inline = TOMLTable(origin: .inline, parent: nil, name: "", offset: 40)
        let table = TOMLValue(kind: .table, range: 40..<50, table: inline)
        XCTAssertTrue(table.table === inline)
        XCTAssertNil(table.array)

        // The largest offsets a document under 2 GiB has.
        let far = TOMLValue(kind: .string, range: TOMLDocument.largest - 4..<TOMLDocument.largest,
                            decoded: .source(TOMLDocument.largest - 3..<TOMLDocument.largest - 1))
        XCTAssertEqual(far.range, TOMLDocument.largest - 4..<TOMLDocument.largest)
        XCTAssertEqual(far.decoded, .source(TOMLDocument.largest - 3..<TOMLDocument.largest - 1))
    }

    /// Random tables of lines with bare, quoted and dotted keys and every
    /// kind of value: each line's key path, value and range as the parser
    /// reads them again at the line's first byte, and its bare key where it
    /// stands.
    func testALineGivesWhatAFreshReadFinds() throws {
        var generator = SeededGenerator(seed: 32)
        let values = ["\"v\"", "'lit'", "\"es\\u0063aped\"", "\"\"\"multi\nline\"\"\"", "'''raw'''", "1_000", "-3.5e2",
                      "true", "1979-05-27T07:32:00Z", "[1, [2, 3], \"x\"]", "{ a = 1, b.c = \"d\" }", "{}", "[]"]
        for round in 0..<200 {
            var text = round % 2 == 0 ? "" : "\u{FEFF}"
            var number = 0
            for section in 0..<1 + generator.below(3) {
                if section > 0 { text += "\n[section\(section)]\n" }
                for _ in 0..<generator.below(12) {
                    number += 1
                    let key: String
                    switch generator.below(5) {
                    case 0: key = "\"quoted \(number)\""
                    case 1: key = "\"k\\u0041\(number)\""
                    case 2: key = "d\(number) . 'inner' .\"last\""
                    case 3: key = "t\(number).x"
                    default: key = "key-\(number)"
                    }
                    text += key + " = " + generator.pick(values) + (generator.below(3) == 0 ? "  # note\n" : "\n")
                }
            }
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBytes { source in
                let document = try TOMLDocument(source)
                for line in document.lines {
                    var parser = TOMLParser(source)
                    parser.p = line.start
                    let keys = try parser.key()
                    let keyEnd = parser.p
                    XCTAssertEqual(line.keys, keys, text)
                    XCTAssertEqual(line.segments, keys.count)
                    let bare = keys.count == 1 && source[line.start].isBareKeyByte
                    XCTAssertEqual(line.bareKey, bare ? line.start..<keyEnd : nil, text)
                    parser.skipBlanks()
                    parser.p += 1
                    parser.skipBlanks()
                    let value = try parser.value()
                    XCTAssertEqual(line.range, line.start..<parser.p, text)
                    XCTAssertEqual(line.value.range, value.range, text)
                    XCTAssertEqual(line.value.kind, value.kind, text)
                    XCTAssertEqual(line.value.decoded.withBytes(in: source) { Array($0) },
                                   value.decoded.withBytes(in: source) { Array($0) }, text)
                    XCTAssertEqual(line.value.array?.values.count, value.array?.values.count, text)
                    XCTAssertEqual(line.value.table?.keys, value.table?.keys, text)
                }
            }
        }
    }

    /// `--key` where items with no value stand anywhere (first, between,
    /// last): the items with one sorted by it, then the others in their
    /// order, as a naive sort gives.
    func testASortByKeyPutsItemsWithoutOneLast() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let count = 1 + generator.below(12)
            var names: [String?] = (0..<count).map { _ in generator.below(3) == 0 ? nil : "n\(generator.below(20))" }
            // A key no item has is refused (`keyInNoItem`).
            if names.allSatisfy({ $0 == nil }) { names[generator.below(count)] = "n0" }
            let items = names.map { name in name.map { "{ name = \"\($0)\" }" } ?? "{ other = 1 }" }
            let text = "x = [\n" + items.map { "  " + $0 + ",\n" }.joined() + "]\n"
            let present = names.indices.filter { names[$0] != nil }
            let order = present.sorted { a, b in
                names[a] == names[b] ? a < b : names[a]!.utf8.lexicographicallyPrecedes(names[b]!.utf8)
            } + names.indices.filter { names[$0] == nil }
            let expected = "x = [\n" + order.map { "  " + items[$0] + ",\n" }.joined() + "]\n"
            let bytes = Array(text.utf8)
            let result = try bytes.withUnsafeBytes { source in
                let document = try ListDocument(source, format: .toml, options: ReadOptions(pointer: "/x"))
                let arrangement = try document.arrangement(for: .sort(SortOptions()), options: EditOptions(key: "/name"))
                return String(decoding: document.render(arrangement), as: UTF8.self)
            }
            XCTAssertEqual(result, expected, text)
        }
    }

    /// Arrays long enough to be given room at once (256 elements and
    /// more), one or several elements a line, before and after other
    /// lines, and an inline table's members: each item's bytes where the
    /// document was written with them.
    func testAnArrayKnowsWhereEachItemIs() throws {
        var generator = SeededGenerator(seed: 256)
        let elements = ["1", "\"s\"", "'lit'", "[1, 2]", "{ k = 1 }", "\"\"\"a\nb\"\"\"", "2.5", "true"]
        for round in 0..<40 {
            var text = round % 2 == 0 ? "" : "before = 1\n"
            text += "x = ["
            var ranges: [Range<Int>] = []
            let count = 200 + generator.below(400)
            for index in 0..<count {
                text += generator.below(3) == 0 ? " " : "\n  "
                if generator.below(10) == 0 { text += "# note\n  " }
                let element = generator.pick(elements)
                let start = text.utf8.count
                text += element
                ranges.append(start..<text.utf8.count)
                // A trailing comma or none.
                if index < count - 1 || generator.below(2) == 0 { text += "," }
            }
            text += "\n]\n"
            if round % 3 == 0 { text += String(repeating: "# after\n", count: generator.below(2_000)) }
            var memberStarts: [Int] = []
            text += "t = {"
            for index in 0..<generator.below(300) {
                if index > 0 { text += ", " }
                memberStarts.append(text.utf8.count)
                text += "m\(index) = " + generator.pick(elements)
            }
            text += "}\n"
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBytes { source in
                let document = try TOMLDocument(source)
                guard case .value(let x)? = document.root["x"], let array = x.array,
                      case .table(let t)? = document.root["t"], let members = t.inline else { return XCTFail(text) }
                XCTAssertEqual(array.itemRanges, ranges, text)
                XCTAssertEqual(members.itemRanges.map(\.lowerBound), memberStarts, text)
                XCTAssertEqual(members.itemRanges.map(\.upperBound), members.values.map(\.range.upperBound), text)
            }
        }
    }

    func testADocumentOf2GiBIsRefused() {
        XCTAssertEqual(TOMLDocument.largest, Int(Int32.max))
        XCTAssertNoThrow(try TOMLDocument.checkSize(TOMLDocument.largest))
        XCTAssertThrowsError(try TOMLDocument.checkSize(TOMLDocument.largest + 1)) { error in
            XCTAssertEqual(error as? FormatError, TOMLError.tooLarge(limit: 1 << 31))
        }
    }
}
