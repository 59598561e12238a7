@testable import ReorderKit
import XCTest

/// `fix` changes the lines it moves and no other byte; and a block or a
/// range of lines as a list (`--block`, `--line-range`).
final class KeepSortedBytesTests: XCTestCase {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testCRLFLinesKeepTheirTerminators() {
        let source = bytes("x\r\n// keep-sorted start\r\nb,\r\nc,\r\na\r\n// keep-sorted end\r\ny\r\n")
        // The trailing comma is found though the line ends with CR LF.
        XCTAssertEqual(KeepSortedRun.fix(source).bytes,
                       bytes("x\r\n// keep-sorted start\r\na,\r\nb,\r\nc\r\n// keep-sorted end\r\ny\r\n"))
    }

    func testEachPositionKeepsItsTerminator() {
        let source = bytes("// keep-sorted start\nc\r\nb\na\r\n// keep-sorted end\n")
        XCTAssertEqual(KeepSortedRun.fix(source).bytes, bytes("// keep-sorted start\na\r\nb\nc\r\n// keep-sorted end\n"))
        // Lines added past the old ones (newline_separated) take the last
        // one's terminator.
        let separated = bytes("# keep-sorted start newline_separated=yes\r\nb\r\na\r\n# keep-sorted end\r\n")
        XCTAssertEqual(KeepSortedRun.fix(separated).bytes,
                       bytes("# keep-sorted start newline_separated=yes\r\na\r\n\r\nb\r\n# keep-sorted end\r\n"))
    }

    func testByteOrderMarkAndMissingFinalNewlineStay() {
        let source = [0xEF, 0xBB, 0xBF] + bytes("// keep-sorted start\nb\na\n// keep-sorted end")
        XCTAssertEqual(KeepSortedRun.fix(source).bytes,
                       [0xEF, 0xBB, 0xBF] + bytes("// keep-sorted start\na\nb\n// keep-sorted end"))
        let unterminated = bytes("// keep-sorted start\nb\na\n// keep-sorted end\ntail without newline")
        XCTAssertEqual(KeepSortedRun.fix(unterminated).bytes,
                       bytes("// keep-sorted start\na\nb\n// keep-sorted end\ntail without newline"))
    }

    func testLinesKeepTheirBytes() {
        // Trailing spaces, tabs, invalid UTF-8 and a CR in the middle.
        let source = bytes("# keep-sorted start\nb  \n") + [0xFF, 0x0A] + bytes("a\tz\ra \n# keep-sorted end\n")
        XCTAssertEqual(KeepSortedRun.fix(source).bytes,
                       bytes("# keep-sorted start\na\tz\ra \nb  \n") + [0xFF, 0x0A] + bytes("# keep-sorted end\n"))
    }

    func testOutsideTheBlocksNothingChanges() {
        let outside = "\u{FEFF}head \r\n\t\n  \n\u{1}odd\r\r\n"
        let source = bytes(outside + KeepSortedRun.block("", ["b", "a"]) + outside + KeepSortedRun.block("", ["d", "c"]) + outside)
        XCTAssertEqual(KeepSortedRun.fix(source).bytes,
                       bytes(outside + KeepSortedRun.block("", ["a", "b"]) + outside + KeepSortedRun.block("", ["c", "d"]) + outside))
    }

    func testOnlyTheMovedLinesAreNewPieces() {
        let text = "head\n" + KeepSortedRun.block("", ["b", "a"]) + "tail\n"
        Array(text.utf8).withUnsafeBytes { source in
            let pieces = KeepSorted.fix(source).pieces
            // Every piece is a range of the source: no byte is made up.
            XCTAssertTrue(pieces.allSatisfy { if case .source = $0 { return true } else { return false } }, "\(pieces)")
        }
    }

    func testEmptyAndMarkerlessInputs() {
        XCTAssertEqual(KeepSortedRun.fix([]).bytes, [])
        XCTAssertEqual(KeepSortedRun.fix("no markers\nhere").text, "no markers\nhere")
        XCTAssertEqual(KeepSortedRun.fix("keep-sorted is mentioned\nbut no block\n").text, "keep-sorted is mentioned\nbut no block\n")
    }

    // MARK: - A block or lines as a list

    func testBlockBodiesInTheOrderOfTheirStartMarkers() {
        let text = "0\n# keep-sorted start\nb\n# keep-sorted start\nd\n# keep-sorted end\n# keep-sorted end\n# keep-sorted start\n# keep-sorted end\n"
        Array(text.utf8).withUnsafeBytes { source in
            let bodies = KeepSorted.blockBodies(source).map { String(decoding: UnsafeRawBufferPointer(rebasing: source[$0]), as: UTF8.self) }
            XCTAssertEqual(bodies, ["b\n# keep-sorted start\nd\n# keep-sorted end\n", "d\n", ""])
        }
    }

    func edit(_ text: String, _ region: ListRegion, _ edit: Edit) throws -> String {
        try Array(text.utf8).withUnsafeBytes { source in
            var options = ReadOptions()
            options.region = region
            let document = try ListDocument(source, format: .json, options: options)
            return String(decoding: document.render(try document.arrangement(for: edit, options: EditOptions())), as: UTF8.self)
        }
    }

    func testARegionIsAListOfLinesAndTheRestStays() throws {
        let text = "{\"not\": \"json lines\"}\n# keep-sorted start\nzlib\ncore\nabc\n# keep-sorted end\ntail"
        XCTAssertEqual(try edit(text, .block(index: 0, marker: "keep-sorted"), .move(from: try SourceSelector(parsing: "=core"), to: UserIndex(parsing: "0"))),
                       "{\"not\": \"json lines\"}\n# keep-sorted start\ncore\nzlib\nabc\n# keep-sorted end\ntail")
        XCTAssertEqual(try edit(text, .block(index: -1, marker: "keep-sorted"), .sort(SortOptions())),
                       "{\"not\": \"json lines\"}\n# keep-sorted start\nabc\ncore\nzlib\n# keep-sorted end\ntail")
        XCTAssertEqual(try edit(text, .lines(first: 7, last: nil), .reverse), text)
        // The last line has no newline, and the file still ends without one.
        XCTAssertEqual(try edit(text, .lines(first: 6, last: nil), .reverse),
                       "{\"not\": \"json lines\"}\n# keep-sorted start\nzlib\ncore\nabc\ntail\n# keep-sorted end")
        XCTAssertEqual(try edit("c\nb\na", .lines(first: 2, last: 3), .reverse), "c\na\nb")
        XCTAssertEqual(try edit("\u{FEFF}b\na\nz\n", .lines(first: 1, last: 2), .reverse), "\u{FEFF}a\nb\nz\n")
    }

    func testALineAddedToAnEmptyBlockTakesItsNeighboursTerminator() throws {
        XCTAssertEqual(try edit("# keep-sorted start\r\n# keep-sorted end\r\n", .block(index: 0, marker: "keep-sorted"),
                                .insert(at: UserIndex(parsing: "0"), value: Array("x".utf8))),
                       "# keep-sorted start\r\nx\r\n# keep-sorted end\r\n")
    }

    func testARegionOutsideTheDocumentIsAnError() {
        XCTAssertThrowsError(try edit("a\n", .block(index: 0, marker: "keep-sorted"), .reverse)) {
            XCTAssertEqual($0 as? RegionError, .noSuchBlock(index: 0, count: 0, marker: "keep-sorted"))
        }
        XCTAssertThrowsError(try edit("a\nb\n", .lines(first: 2, last: 3), .reverse)) {
            XCTAssertEqual($0 as? RegionError, .linesOutOfRange(first: 2, last: 3, count: 2))
        }
    }
    /// Sorting can change how the result groups: the indentation of the
    /// block's first line says which lines continue an item, and bullets
    /// of several markers sort by their text only when every item is one.
    /// One run settles both (a second changed these blocks again).
    func testFixTwiceIsFixOnceWhenSortingChangesHowLinesGroup() {
        for (source, expected) in [
            // An indented first line: '+ b' and '- a' come first, and then
            // '  c' continues '- a', every item a bullet.
            ("# keep-sorted start\n  c\n+ b\n- a\n# keep-sorted end\n",
             "# keep-sorted start\n- a\n  c\n+ b\n# keep-sorted end\n"),
            // A comment and an indented line first: the tab-indented line
            // no longer continues 'b'.
            ("# keep-sorted start\nb\n\tT\n#\n \"\n# keep-sorted end\n",
             "# keep-sorted start\n#\n \"\n\tT\nb\n# keep-sorted end\n"),
        ] {
            let once = KeepSortedRun.fix(source).text
            XCTAssertEqual(once, expected)
            XCTAssertEqual(KeepSortedRun.fix(once).text, once, "a second run changed it")
        }
    }
}
