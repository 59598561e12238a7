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
}
