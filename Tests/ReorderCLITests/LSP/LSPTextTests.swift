import XCTest
@testable import ReorderCLI

/// The language server's own pieces: its JSON, its UTF-16 positions and
/// its line diff.
final class LSPTextTests: XCTestCase {
    func testJSONRoundTripsAndRefusesWhatIsNotJSON() throws {
        let text = #"{"a": [1, -2.5, true, false, null, "é\u00e9\ud83d\ude00\n\"\\"], "b": {}}"#
        let value = try LSPJSON.parse(Array(text.utf8))
        XCTAssertEqual(value["a"]?.array?.count, 6)
        XCTAssertEqual(value["a"]?.array?[5].string, "éé😀\n\"\\")
        XCTAssertEqual(try LSPJSON.parse(Array(value.serialized.utf8)), value)
        for bad in ["", "{", "{\"a\" 1}", "[1,]", "01", "\"\\ud83d\"", "\"a\u{1}\"", "nul", "{} x", "\"\\x\""] {
            XCTAssertThrowsError(try LSPJSON.parse(Array(bad.utf8)), bad)
        }
    }

    func testPositionsCountUTF16UnitsOfEachLine() {
        let text = LSPText(Array("aé😀b\r\nx\n".utf8))
        // a(1 byte, 1 unit) é(2, 1) 😀(4, 2) b(1, 1)
        XCTAssertEqual(text.offset(of: LSPPosition(line: 0, character: 0)), 0)
        XCTAssertEqual(text.offset(of: LSPPosition(line: 0, character: 2)), 3)
        XCTAssertEqual(text.offset(of: LSPPosition(line: 0, character: 3)), 3, "inside the pair: its start")
        XCTAssertEqual(text.offset(of: LSPPosition(line: 0, character: 4)), 7)
        XCTAssertEqual(text.offset(of: LSPPosition(line: 0, character: 99)), 8, "past the end: before \\r\\n")
        XCTAssertEqual(text.offset(of: LSPPosition(line: 1, character: 1)), 11)
        XCTAssertEqual(text.offset(of: LSPPosition(line: 5, character: 0)), 12)
        XCTAssertEqual(text.position(of: 7), LSPPosition(line: 0, character: 4))
        XCTAssertEqual(text.position(of: 12), LSPPosition(line: 2, character: 0))
        XCTAssertEqual(text.endOfContent(ofLine: 0), LSPPosition(line: 0, character: 5))
        let replaced = text.replacing(LSPRange(start: LSPPosition(line: 0, character: 2), end: LSPPosition(line: 0, character: 4)),
                                      with: Array("Z".utf8))
        XCTAssertEqual(String(decoding: replaced, as: UTF8.self), "aéZb\r\nx\n")
    }

    /// Applies the edits of `old` → `new` to `old`, as a client does.
    func applied(_ old: String, _ new: String) -> (String, [LineHunk]) {
        let a = LSPText(Array(old.utf8)), b = LSPText(Array(new.utf8))
        let hunks = LineDiff.hunks(a, b)
        var bytes = a.bytes
        for hunk in hunks.reversed() {
            let edit = LineDiff.edit(hunk, a, b)
            bytes.replaceSubrange(a.offset(of: edit.range.start)..<a.offset(of: edit.range.end), with: edit.text)
        }
        return (String(decoding: bytes, as: UTF8.self), hunks)
    }

    /// A change's text: its line starts updated where it changed, the
    /// same as found again in the whole new text, for any replacement.
    func testAReplacementsLineStartsAreThoseOfTheNewText() {
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SeededGenerator(seed: seed)
        let pieces: [[UInt8]] = ["", "\n", "a", "é\n", "\n\n", "x\ny", "\r\n", "😀"].map { Array($0.utf8) }
        var text = LSPText(Array("ab\ncd\n\nef".utf8))
        for step in 0..<2000 {
            let low = Int.random(in: 0...text.bytes.count, using: &random)
            let high = Int.random(in: low...min(text.bytes.count, low + 6), using: &random)
            let piece = pieces[Int.random(in: 0..<pieces.count, using: &random)]
            let changed = text.replacing(bytes: low..<high, with: piece)
            var expected = text.bytes
            expected.replaceSubrange(low..<high, with: piece)
            XCTAssertEqual(changed.bytes, expected, "seed \(seed), step \(step)")
            XCTAssertEqual(changed.lineStarts, LSPText(expected).lineStarts, "seed \(seed), step \(step)")
            if changed.lineStarts != LSPText(expected).lineStarts { return }
            text = changed.bytes.count > 200 ? LSPText(Array(changed.bytes.prefix(40))) : changed
        }
    }

    func testTheLineDiffShowsAMovedLineAsThatLine() {
        let (result, hunks) = applied("a\nc\nb\nd\n", "a\nb\nc\nd\n")
        XCTAssertEqual(result, "a\nb\nc\nd\n")
        // 'c' stays (the earlier of two runs as long), 'b' moves.
        XCTAssertEqual(hunks, [LineHunk(old: 1..<1, new: 1..<2), LineHunk(old: 2..<3, new: 3..<3)])
        XCTAssertEqual(applied("", "").1, [])
        XCTAssertEqual(applied("x", "x").1, [])
        XCTAssertEqual(applied("b\na", "a\nb").0, "a\nb")
    }

    func testTheLineDiffsEditsGiveTheNewTextForAnyShuffle() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let count = Int.random(in: 0...12, using: &generator)
            let lines = (0..<count).map { _ in ["a", "b", "c", "é", "😀", "", "a"].randomElement(using: &generator)! }
            let ending = Bool.random(using: &generator) ? "\n" : ""
            let old = lines.joined(separator: "\n") + ending
            var shuffled = lines.shuffled(using: &generator)
            if round % 3 == 0, !shuffled.isEmpty { shuffled.removeLast() }
            let new = shuffled.joined(separator: "\n") + ending
            let (result, hunks) = applied(old, new)
            XCTAssertEqual(result, new, "\(old.debugDescription) → \(new.debugDescription)")
            // The hunks are in order and apart.
            for (x, y) in zip(hunks, hunks.dropFirst()) {
                XCTAssertLessThan(x.old.upperBound, y.old.lowerBound + (y.old.isEmpty || x.old.isEmpty ? 1 : 0))
            }
        }
    }

    /// `LineDiff.hunks` as it was written first, lines matched by their
    /// bytes (no hash): the k-th of a line in a with the k-th in b, the
    /// longest run of increasing b lines found from the last pair back.
    func referenceHunks(_ a: [[UInt8]], _ b: [[UInt8]]) -> [LineHunk] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let aEnd = a.count - suffix, bEnd = b.count - suffix
        if prefix == aEnd && prefix == bEnd { return [] }
        var linesOf: [[UInt8]: [Int]] = [:]
        for j in prefix..<bEnd { linesOf[b[j], default: []].append(j) }
        var taken: [[UInt8]: Int] = [:]
        var pairs: [(Int, Int)] = []
        for i in prefix..<aEnd {
            guard let lines = linesOf[a[i]], taken[a[i], default: 0] < lines.count else { continue }
            pairs.append((i, lines[taken[a[i], default: 0]]))
            taken[a[i], default: 0] += 1
        }
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: pairs.count)
        for index in pairs.indices.reversed() {
            // The first tail whose b line is not above this one's (the
            // tails' b lines fall).
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if pairs[tails[mid]].1 > pairs[index].1 { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var anchors: [(Int, Int)] = []
        var link = tails.last ?? -1
        while link >= 0 { anchors.append(pairs[link]); link = previous[link] }
        anchors.append((aEnd, bEnd))
        var hunks: [LineHunk] = []
        var i = prefix, j = prefix
        for (ai, bj) in anchors {
            if ai > i || bj > j { hunks.append(LineHunk(old: i..<ai, new: j..<bj)) }
            i = ai + 1
            j = bj + 1
        }
        return hunks
    }

    /// Lines as the diff counts them, each with its "\n".
    func diffLines(_ text: String) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        for byte in text.utf8 {
            line.append(byte)
            if byte == 0x0A { lines.append(line); line = [] }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Its own hash table and line hash give the hunks that matching lines
    /// by their bytes gives: lines longer and shorter than the 8 bytes
    /// hashed at a time, alike but for a byte past the first 8, repeated,
    /// and thousands of them (the table's probing).
    func testTheLineDiffMatchesLinesAsByTheirBytes() {
        var generator = SystemRandomNumberGenerator()
        let words = ["a", "b", "é", "😀", "", "abcdefgh", "abcdefgi", "abcdefghabcdefgh", "abcdefghabcdefgz", "    \"dep\": \"1\","]
        for round in 0..<200 {
            let count = round < 190 ? Int.random(in: 0...40, using: &generator) : Int.random(in: 2000...6000, using: &generator)
            let lines = (0..<count).map { index in
                round < 190 || index % 5 == 0 ? words.randomElement(using: &generator)! : "line \(index)"
            }
            let ending = Bool.random(using: &generator) ? "\n" : ""
            let old = lines.joined(separator: "\n") + ending
            var new = lines
            for _ in 0..<Int.random(in: 0...4, using: &generator) where !new.isEmpty {
                let from = Int.random(in: 0..<new.count, using: &generator), to = Int.random(in: 0..<new.count, using: &generator)
                new.insert(new.remove(at: from), at: to)
            }
            if round % 4 == 0, !new.isEmpty { new.remove(at: Int.random(in: 0..<new.count, using: &generator)) }
            if round % 5 == 0 { new.insert(words.randomElement(using: &generator)!, at: Int.random(in: 0...new.count, using: &generator)) }
            let newText = new.joined(separator: "\n") + ending
            let hunks = LineDiff.hunks(LSPText(Array(old.utf8)), LSPText(Array(newText.utf8)))
            XCTAssertEqual(hunks, referenceHunks(diffLines(old), diffLines(newText)), "\(old.debugDescription) → \(newText.debugDescription)")
            XCTAssertEqual(applied(old, newText).0, newText)
        }
    }
}

/// A seeded generator (splitmix64): a failure's seed replays it.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
