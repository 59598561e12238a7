@testable import ReorderKit
import XCTest

/// The YAML reader's quick paths against the plain way they stand for:
/// each must give what the plain way gives, for every input.
final class YAMLReadingPathTests: XCTestCase {
    /// Scalars of every kind, as `- k: SCALAR` entries (with the lines
    /// after, for the ones on several lines).
    let scalars = [
        "plain", "two words", "a#b", "a #b", "x  # comment", "'single'", "'it''s'", "''", "\"double\"",
        "\"esc\\taped\"", "\"\\\\\"", "\"\"", "\"a # b\"", "'a # b'", "\"quote 'in' it\"", "'quote \"in\" it'",
        "&anchor anchored", "!!str tagged", "!!str 'quoted tag'", "*alias", "[1, 2]", "{a: 1}", "[a, [b, c]]",
        "|\n    block\n    text", ">-\n    folded\n    text", "plain\n    goes on", "'quoted\n    goes on'",
        "\"double\n    goes on\"", "\"escaped \\\n    break\"", "-1", "1.5e3", "~", "null", "", "# only a comment",
        "'unclosed", "\"", "café", "\"caf\\u00e9\"",
    ]

    func document(_ scalar: String) -> String {
        "- k: first\n  x: &alias aliased\n- k: " + scalar + "\n  after: 1\n- x: 1\n"
    }

    /// `value(ofItem:at:)` with a key: the range where the source holds
    /// the text, or a copy, always the bytes `comparedText` gives.
    func testAValueThatStandsInTheSourceIsItsDecodedText() throws {
        var sourceRanges = 0
        for scalar in scalars {
            let bytes = Array(document(scalar).utf8)
            try bytes.withUnsafeBytes { buffer in
                guard let list = try? ListDocument(buffer, format: .yaml, options: ReadOptions()) else { return }
                let layout = try XCTUnwrap(list.layout as? YAMLLayout)
                let pointer = try JSONPointer(parsing: "/k")
                for index in 0..<layout.count {
                    let found = try layout.descend(try layout.valueNode(index), pointer.tokens)
                    let expected = found.flatMap { layout.comparedText($0) }
                    let value = try layout.value(ofItem: index, at: pointer)
                    XCTAssertEqual(value?.owned(in: layout.valueSource), expected.map { .string(.owned($0)) },
                                   "\(scalar.debugDescription) item \(index)")
                    if case .string(.source, _)? = value { sourceRanges += 1 }
                }
            }
        }
        // The quick path is taken where it can be.
        XCTAssertGreaterThan(sourceRanges, scalars.count)
    }

    /// Keys of every kind: `descend` finds the last entry with the key, as
    /// the list of entries with their decoded keys does.
    func testDescendFindsTheLastEntryWithTheKey() throws {
        let mapping = """
            - name: a
              'quoted': 1
              "dq\\tkey": 2
              a#b: 3
              &k anchored: 4
              !!str tagged: 5
              name: last
              "name": quoted last?
              empty:
              nested:
                inner: 6
                name: 7
              list:
                - 8
                - 9
              'it''s': 10
              café: 11
            - other: 1
            - name: only

            """
        let keys = ["/name", "/quoted", "/dq\tkey", "/a#b", "/anchored", "/tagged", "/empty", "/nested/inner",
                    "/nested/name", "/list/1", "/list/2", "/it's", "/café", "/missing", "/other", "/name/x"]
        let bytes = Array(mapping.utf8)
        try bytes.withUnsafeBytes { buffer in
            let layout = try XCTUnwrap(try ListDocument(buffer, format: .yaml, options: ReadOptions()).layout as? YAMLLayout)
            for key in keys {
                let pointer = try JSONPointer(parsing: key)
                for index in 0..<layout.count {
                    let start = try layout.valueNode(index)
                    let found = try layout.descend(start, pointer.tokens)
                    let expected = try referenceDescend(layout, start, pointer.tokens)
                    XCTAssertEqual(found.map(describe), expected.map(describe), "\(key) item \(index)")
                }
            }
        }
    }

    func describe(_ node: YAMLNode) -> String {
        "\(node.kind) \(node.range) \(node.line) \(node.column) \(node.inlineStart ?? -1) \(node.afterColon ?? -1) \(node.ownerLine)"
    }

    /// `descend` as it read a block mapping before: every entry listed,
    /// each key decoded.
    func referenceDescend(_ layout: YAMLLayout, _ start: YAMLNode, _ tokens: [String]) throws -> YAMLNode? {
        let document = layout.document
        var current = start
        for token in tokens {
            switch current.kind {
            case .blockMapping:
                let list = try document.entries(of: current)
                guard let entry = list.last(where: { document.keyText(of: $0) == Array(token.utf8) }) else { return nil }
                current = try document.value(of: entry, in: current)
            case .blockSequence:
                let list = try document.entries(of: current)
                guard let index = JSONPointer.arrayIndex(token), index < list.count else { return nil }
                current = try document.value(of: list[index], in: current)
            default:
                guard let found = try layout.descend(current, [token]) else { return nil }
                current = found
            }
        }
        return current
    }

    /// `key(_:is:)` is the decoded key compared.
    func testAKeyIsComparedAsDecoded() throws {
        let keys = ["a", "a b", "a#b", "'a'", "'a''b'", "\"a\"", "\"a\\tb\"", "\"a\\u0062\"", "&x a", "!t a", "café", "'#'"]
        let wanted = ["a", "a b", "a#b", "a'b", "a\tb", "ab", "café", "#", "", "'a'", "\"a\""]
        for key in keys {
            let bytes = Array((key + ": 1").utf8)
            bytes.withUnsafeBytes { buffer in
                guard let found = YAMLDocument.key(in: buffer, at: 0, lineEnd: buffer.count) else { return XCTFail(key) }
                let document = try! YAMLDocument(buffer, document: nil)
                for text in wanted {
                    let expected = YAMLScalar.decode(buffer, found.range) == Array(text.utf8)
                    XCTAssertEqual(Array(text.utf8).withUnsafeBytes { document.key(found.range, is: $0) }, expected, "\(key) is \(text)")
                }
            }
        }
    }
}

/// `checkCharacters`, eight bytes at a time, against the byte-by-byte
/// check it stands for: the same refusal, at the same byte, for every
/// stream.
final class YAMLCharacterCheckTests: XCTestCase {
    static func reference(_ source: UnsafeRawBufferPointer, from start: Int) throws {
        if let bad = UTF8Validation.firstInvalid(source, in: start..<source.count) {
            throw YAMLValidation.invalid("the byte 0x\(YAMLValidation.hex(UInt32(source[bad]), digits: 2)) is not UTF-8, and a YAML stream is Unicode text", bad)
        }
        var index = start
        while index < source.count {
            let byte = source[index]
            if byte < 0x80 {
                if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F {
                    throw YAMLValidation.invalid(YAMLValidation.forbidden(UInt32(byte)), index)
                }
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length { value = value << 6 | UInt32(source[index + k] & 0x3F) }
            if ((0x80...0x9F).contains(value) && value != 0x85) || value == 0xFFFE || value == 0xFFFF {
                throw YAMLValidation.invalid(YAMLValidation.forbidden(value), index)
            }
            index += length
        }
    }

    func outcome(_ body: () throws -> Void) -> FormatError? {
        do { try body(); return nil } catch { return error as? FormatError }
    }

    func testEightBytesAtATimeRefuseWhatByteByByteRefuses() {
        // Pieces: printable ASCII, the blanks and breaks YAML allows, every
        // kind of control, characters of two to four bytes (allowed and
        // not), and bytes that are not UTF-8.
        let pieces: [[UInt8]] = [
            [0x61], [0x20], [0x7E], [0x1F], [0x09], [0x0A], [0x0D], [0x00], [0x01], [0x08], [0x0B], [0x7F], [0x1B],
            [0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69],
            [0xC3, 0xA9], [0xC2, 0x85], [0xC2, 0x80], [0xC2, 0x9F], [0xC2, 0xA0], [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF],
            [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xFF], [0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
        ]
        var generator = SeededGenerator(seed: 7)
        for trial in 0..<4000 {
            var bytes: [UInt8] = []
            let count = Int.random(in: 0...24, using: &generator)
            // Mostly plain text, so that words of eight ASCII bytes occur.
            for _ in 0..<count {
                bytes += Int.random(in: 0..<4, using: &generator) == 0 ? pieces.randomElement(using: &generator)! : pieces[13]
            }
            let start = trial % 3 == 0 ? min(3, bytes.count) : 0
            bytes.withUnsafeBytes { buffer in
                let expected = outcome { try Self.reference(buffer, from: start) }
                let found = outcome { try YAMLValidation.checkCharacters(buffer, from: start) }
                XCTAssertEqual(found, expected, "\(bytes) from \(start)")
            }
        }
    }
}

/// `YAMLLines`' quick tests against what they stand for.
final class YAMLLinesPathTests: XCTestCase {
    /// The walk forward from a line finds the line a search finds.
    func testALineFoundFromAnEarlierOneIsTheLineOfTheOffset() throws {
        for text in ["", "a", "a\n", "- a\n- b\r\n\n  # c\n- d", "\n\n\n", "k: v\nz"] {
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBytes { buffer in
                let document = try YAMLDocument(buffer, document: nil)
                guard !document.line.isEmpty else { return }
                for offset in 0...bytes.count {
                    let expected = document.lineIndex(of: offset)
                    for hint in 0..<document.line.count where document.line[hint].start <= offset {
                        XCTAssertEqual(document.lineIndex(of: offset, from: hint), expected, "\(text.debugDescription) \(offset) from \(hint)")
                    }
                }
            }
        }
    }

    func testTheBytesThatMayChangeTheWalksStateAreTheCasesOfItsSwitch() {
        let cases = Set([0x20, 0x09] + Array("!\"#&',-:>?[]{|}".utf8))
        for byte in 0...255 {
            XCTAssertEqual(YAMLLines.mayChangeState(UInt8(byte)), cases.contains(UInt8(byte)), "\(byte)")
        }
    }

    func testColonOrHashIsTheFirstOfEither() {
        var generator = SeededGenerator(seed: 11)
        let alphabet = Array("ab:#\u{0}\u{ff}".utf8) + [0x3A ^ 0x80, 0x23 ^ 0x01, 0x3B, 0x39]
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...30, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let start = Int.random(in: 0...bytes.count, using: &generator)
            let end = Int.random(in: start...bytes.count, using: &generator)
            bytes.withUnsafeBytes { buffer in
                let expected = (start..<end).first { bytes[$0] == 0x3A || bytes[$0] == 0x23 } ?? end
                XCTAssertEqual(YAMLLines.colonOrHash(buffer, from: start, to: end), expected, "\(bytes) \(start)..<\(end)")
            }
        }
    }

    /// A CR that is not part of a CR LF (nor the text's last byte) is
    /// refused at its offset; the
    /// first thing the lines cannot read is the one told.
    func testALoneCarriageReturnIsFoundWhereverItIs() {
        let cases: [(String, YAMLLines.Unsupported?, Int?)] = [
            ("a: 1\r\nb: 2\r\n", nil, nil),
            ("a: 1\rb: 2\n", .loneCarriageReturn, 4),
            ("a: 1\r\nb: 2\r\r\n", .loneCarriageReturn, 10),
            // A CR that ends the text ends its last line.
            ("a: 1\r\nb: 2\r", nil, nil),
            ("\r", nil, nil),
            ("\r\n\r\n\r", nil, nil),
            ("\r\r", .loneCarriageReturn, 0),
            ("a: |\n  x\r\n  y\ry\n", .loneCarriageReturn, 13),
            ("a:\n\t- x\nb: \r\n", .tabIndentation, 3),
            ("a: 1\r\n\tb\rc\n", .loneCarriageReturn, 8),
            ("a: 1\rx\n\tb\n", .loneCarriageReturn, 4),
            ("a: 'x\ry'\n", .loneCarriageReturn, 5),
        ]
        for (text, kind, offset) in cases {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBytes { buffer in
                let lines = YAMLLines(buffer)
                XCTAssertEqual(lines.unsupported?.0, kind, text.debugDescription)
                XCTAssertEqual(lines.unsupported?.1, offset, text.debugDescription)
            }
        }
    }
}

/// The table YAML's lines are kept in.
final class TrivialTableTests: XCTestCase {
    func testATableGrowsAndKeepsWhatItHolds() {
        // From its smallest size past a size that takes huge pages.
        let table = TrivialTable<(Int, Int8)>(capacity: 0)
        for value in 0..<300_000 { table.append((value, Int8(truncatingIfNeeded: value))) }
        XCTAssertEqual(table.count, 300_000)
        XCTAssertEqual(table.indices, 0..<300_000)
        XCTAssertTrue(table.indices.allSatisfy { table[$0].0 == $0 && table[$0].1 == Int8(truncatingIfNeeded: $0) })
        XCTAssertEqual(table.first?.0, 0)
        XCTAssertEqual(table.last?.0, 299_999)
        XCTAssertTrue(TrivialTable<Int>(capacity: 5).isEmpty)
    }

    /// Lines shorter than the table's guess: it grows, and the list is
    /// read as before.
    func testADocumentOfShortLinesIsReadWhole() throws {
        let text = String(repeating: "- a\n-\n", count: 3000) + "- b\n"
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBytes { buffer in
            let list = try ListDocument(buffer, format: .yaml, options: ReadOptions())
            XCTAssertEqual(list.count, 6001)
            let lines = YAMLLines(buffer)
            XCTAssertEqual(lines.lines.count, 6001)
            XCTAssertEqual(lines.lines.last?.start, bytes.count - 4)
            XCTAssertEqual(lines.lines[1].start, 4)
            XCTAssertEqual(lines.lines[1].end, 5)
            XCTAssertEqual(lines.lines[1].next, 6)
        }
    }
}

final class YAMLIndicatorTests: XCTestCase {
    func testTheIndicatorsAreTheBytesThatCannotStartAPlainScalar() {
        let indicators = Set(Array(",[]{}#&*!|>'\"%@`".utf8))
        for byte in 0...255 {
            XCTAssertEqual(YAMLLines.isIndicator(UInt8(byte)), indicators.contains(UInt8(byte)), "\(byte)")
        }
    }
}

/// The quick readings of the YAML pass against the full ones they stand
/// for: the quick walk over a line's plain text and keys (and the key it
/// keeps in the line), and the quick reading of a flow sequence of words.
final class YAMLQuickReadingTests: XCTestCase {
    /// Random documents made of the pieces that change the line walk's
    /// state, and of plain text and keys between them.
    static func randomDocument(_ generator: inout SeededGenerator) -> [UInt8] {
        let pieces = ["key", "k", ": ", ":", " ", "  ", "- ", "-", "#", " #", "'", "\"", "[", "]", "{", "}", ", ", ",",
                      "| ", "|", ">-", "&a ", "!t ", "*a", "? ", "?", "\t", "a:b", "x y", "\\", "80", "café", "%", "."]
        let lineCount = Int.random(in: 1...8, using: &generator)
        var text = ""
        for _ in 0..<lineCount {
            switch Int.random(in: 0..<12, using: &generator) {
            case 0: text += ["---", "...", "--- # c", "%YAML 1.2", ""].randomElement(using: &generator)!
            case 1: text += String(repeating: " ", count: Int.random(in: 0...4, using: &generator)) + "# comment"
            default:
                text += String(repeating: " ", count: Int.random(in: 0...6, using: &generator))
                for _ in 0..<Int.random(in: 1...7, using: &generator) { text += pieces.randomElement(using: &generator)! }
            }
            text += Int.random(in: 0..<8, using: &generator) == 0 ? "\r\n" : "\n"
        }
        return Array(text.utf8)
    }

    static func describe(_ lines: YAMLLines) -> [String] {
        lines.lines.map { "\($0.start) \($0.contentStart) \($0.end) \($0.next) \($0.kind)" }
            + lines.blockScalars.map { "header \($0.offset) \($0.line) \($0.owner) \($0.indentation) \($0.chomping)" }
            + ["\(String(describing: lines.unsupported)) \(lines.endsOpen)"]
    }

    func testTheQuickWalkReadsLinesAsTheFullWalk() {
        var generator = SeededGenerator(seed: 0x59A1)
        var documents: [[UInt8]] = (0..<6000).map { _ in Self.randomDocument(&generator) }
        documents += [
            "services:\n  # group\n  - name: svc-1\n    image: r.example.org/app:1.0\n    ports: [80, 443]\n",
            "- - a: b\n  - c\n- k: 'q: x' # c\n  z: \"a\\\"b: c\"\n", "a#b: c # d\nx: y#z\n", "--- a: b\n... \n%T x\n---\n- x\n",
            "k: |\n  text: here\n  - not a dash\nnext: 1\n", "k: >-\n  x\n\n  y\n  z: w\n",
        ].map { Array($0.utf8) }
        var keysRead = 0
        for bytes in documents {
            bytes.withUnsafeBytes { buffer in
                for start in [0, min(3, bytes.count)] {
                    let quick = YAMLLines(buffer, from: start)
                    let full = YAMLLines(buffer, from: start, quick: false)
                    XCTAssertEqual(Self.describe(quick), Self.describe(full), String(decoding: bytes, as: UTF8.self).debugDescription)
                    // A key the quick walk read is the key read there.
                    for l in quick.lines {
                        for offset in l.start...l.end {
                            guard let read = l.plainKey(at: offset, in: buffer) else { continue }
                            keysRead += 1
                            XCTAssertEqual(read.map { "\($0.range) \($0.colon)" },
                                           YAMLDocument.key(in: buffer, at: offset, lineEnd: l.end).map { "\($0.range) \($0.colon)" },
                                           "\(String(decoding: bytes, as: UTF8.self).debugDescription) at \(offset)")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(keysRead, 3000)
    }

    func outcome(_ body: () throws -> Int) -> String {
        do { return "end \(try body())" } catch { return "refused \(error)" }
    }

    func testAFlowSequenceOfWordsIsReadAsTheFullReadingReadsIt() {
        var generator = SeededGenerator(seed: 0xF10)
        let words = ["80", "443", "a", "b.c", "x-y", "a_b", "p/q", "Z9", "-", "-a", ".a", "_a", "/a", "a b", "a:b", "a: b",
                     "a#b", "a #b", "'a'", "\"a\"", "&x a", "*x", "!t a", "[a]", "{a: 1}", "?", "é", "a\tb", ""]
        let separators = [", ", ",", " , ", "  ,  ", ",,", " ", "\n", ", \n  ", "\t,", ",\t"]
        var quickReadings = 0
        for trial in 0..<20000 {
            var text = "[" + String(repeating: " ", count: Int.random(in: 0...2, using: &generator))
            let count = Int.random(in: 0...4, using: &generator)
            for index in 0..<count {
                if index > 0 {
                    // Mostly what the quick reading takes, sometimes not.
                    text += Int.random(in: 0..<4, using: &generator) == 0 ? separators.randomElement(using: &generator)! : ", "
                }
                text += Int.random(in: 0..<3, using: &generator) == 0 ? words.randomElement(using: &generator)! : words[Int.random(in: 0..<8, using: &generator)]
            }
            text += String(repeating: " ", count: Int.random(in: 0...2, using: &generator))
            text += [",]", "]", "]", "]", "", "}", "] x", "]: y", "]]"].randomElement(using: &generator)!
            if trial % 5 == 0 { text += "\n" }
            let bytes = Array(("k: " + text).utf8)
            bytes.withUnsafeBytes { buffer in
                let lines = YAMLLines(buffer)
                var validation = YAMLValidation(source: buffer, lines: lines.lines)
                guard let quick = YAMLValidation.wordSequenceEnd(buffer, from: 3) else { return }
                quickReadings += 1
                XCTAssertEqual(outcome { try validation.flow(from: 3, minimum: -1, quick: false) }, "end \(quick)", text.debugDescription)
            }
        }
        // The quick reading is taken where it can be.
        XCTAssertGreaterThan(quickReadings, 5000)
    }

    /// Documents of entries and keys, with values of every kind and some
    /// text that is not YAML, for the validation's quick readings.
    static func entriesDocument(_ generator: inout SeededGenerator) -> [UInt8] {
        let values = ["svc-1", "r.example.org/app:1.0", "1", "a b", "a:b", "a: b", "a #c", "a#b", "a # b: c", "[80, 443]",
                      "[a, b]: c", "'q'", "\"d\"", "&x v", "!t v", "*x", "|", ">-", "- x", "-x", "?x", "? x", ":x", "%x",
                      "@x", "`x", "", "# c", "{a: 1}", "v:", "v: ", "é", "x\ty", "x\t", "a  b  "]
        let shapes = ["- name: {v}\n  image: {v}\n", "{k}: {v}\n", "- {v}\n", "  x: {v}\n", "# c\n", "\n",
                      "- name: {v}\n  list:\n    - {v}\n", "{k}:\n  - {v}\n", "- &x name: {v}\n", "  more text\n",
                      "- k: {v}\n  k2: {v}\n", "k: {v}\n  goes on\n"]
        var text = ""
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            let value = values.randomElement(using: &generator)!
            text += shapes.randomElement(using: &generator)!
                .replacingOccurrences(of: "{k}", with: ["a", "name", "'k'", "b c"].randomElement(using: &generator)!)
                .replacingOccurrences(of: "{v}", with: value)
        }
        return Array(text.utf8)
    }

    /// Validation with its quick readings refuses what it refuses without
    /// them, at the same byte, for the same reason, and accepts the rest.
    func testValidationWithQuickReadingsRefusesWhatTheFullReadingRefuses() {
        var generator = SeededGenerator(seed: 0x7A1)
        var documents: [[UInt8]] = (0..<6000).map { _ in Self.entriesDocument(&generator) }
        documents += (0..<3000).map { _ in Self.randomDocument(&generator) }
        var accepted = 0
        func outcome(_ buffer: UnsafeRawBufferPointer, quick: Bool) -> String {
            let lines = YAMLLines(buffer)
            var validation = YAMLValidation(source: buffer, lines: lines.lines)
            validation.quickReadings = quick
            do { try validation.run(); return "accepted" } catch { return "\(error)" }
        }
        for bytes in documents {
            bytes.withUnsafeBytes { buffer in
                let quick = outcome(buffer, quick: true)
                XCTAssertEqual(quick, outcome(buffer, quick: false), String(decoding: bytes, as: UTF8.self).debugDescription)
                if quick == "accepted" { accepted += 1 }
            }
        }
        // Both kinds are many.
        XCTAssertGreaterThan(accepted, 1500)
        XCTAssertLessThan(accepted, documents.count - 1500)
    }

    /// `key(at:line:)`, which takes the key the walk over the lines read
    /// where it read one, is the key read there, at every offset of every
    /// line of documents that validate (the ones the reading after
    /// validation sees).
    func testAKeyAtALineIsTheKeyReadThere() {
        var generator = SeededGenerator(seed: 0x4E7)
        var documents: [[UInt8]] = (0..<8000).map { _ in Self.randomDocument(&generator) }
        documents += [
            "services:\n  - name: svc-1\n    image: r.example.org/app:1.0\n    ports: [80, 443]\n",
            "- &a !t key: 1\n  'q k': 2\n  \"d\\\"q\": 3\n- - a: b\n  - c: d\n", "x:\n  y:\n    z: 1\n  w: 2\n",
            "? x\n", "a: b: c\n", "*a : b\n", "@x: 1\n", "a #b: c\n", "a:b: c\n",
        ].map { Array($0.utf8) }
        var validated = 0, keysRead = 0
        for bytes in documents {
            bytes.withUnsafeBytes { buffer in
                guard let document = try? YAMLDocument(buffer, document: 0, validating: true) else { return }
                validated += 1
                for index in document.line.indices {
                    let l = document.line[index]
                    for offset in l.start...l.end {
                        if l.plainKey(at: offset, in: buffer) != nil { keysRead += 1 }
                        XCTAssertEqual(document.key(at: offset, line: index).map { "\($0.range) \($0.colon)" },
                                       YAMLDocument.key(in: buffer, at: offset, lineEnd: l.end).map { "\($0.range) \($0.colon)" },
                                       "\(String(decoding: bytes, as: UTF8.self).debugDescription) line \(index) at \(offset)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(validated, 500)
        XCTAssertGreaterThan(keysRead, 500)
    }
}
