import ReorderKit
import XCTest

/// The lines format keeps every byte: terminators per position, the final
/// terminator (or its absence) as a property of the file, the BOM as the head.
final class LinesLayoutTests: XCTestCase {
    func items(_ bytes: [UInt8], null: Bool = false) -> [[UInt8]] {
        bytes.withUnsafeBytes { source in
            let layout = LinesLayout(source, terminator: null ? .nul : .newline)
            return (0..<layout.count).map { Array(source[layout.itemRange($0)]) }
        }
    }

    func apply(_ edit: Edit, _ bytes: [UInt8], null: Bool = false) throws -> [UInt8] {
        try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: .lines, options: ReadOptions(nulTerminated: null, binaryAsText: true))
            return document.render(try document.arrangement(for: edit, options: EditOptions()))
        }
    }

    func b(_ text: String) -> [UInt8] { Array(text.utf8) }
    func move(_ from: Int, _ to: Int) -> Edit { .move(from: .index(UserIndex(from)), to: UserIndex(to)) }

    func testItemsOfSmallFiles() {
        XCTAssertEqual(items([]), [])
        XCTAssertEqual(items(b("\n")), [[]])
        XCTAssertEqual(items(b("\n\n")), [[], []])
        XCTAssertEqual(items(b("a")), [b("a")])
        XCTAssertEqual(items(b("a\nb")), [b("a"), b("b")])
        XCTAssertEqual(items(b("a\r\nb\r\n")), [b("a"), b("b")])
        XCTAssertEqual(items(b("\r\n")), [[]])
        XCTAssertEqual(items(b("a\rb\n")), [b("a\rb")], "a lone CR is part of the line")
        XCTAssertEqual(items([0xEF, 0xBB, 0xBF] + b("a\nb\n")), [b("a"), b("b")])
        XCTAssertEqual(items([0xEF, 0xBB, 0xBF]), [])
        XCTAssertEqual(items(b("a\0b\0"), null: true), [b("a"), b("b")])
        XCTAssertEqual(items(b("a\nb\0c"), null: true), [b("a\nb"), b("c")])
    }

    func testEachPositionKeepsItsTerminator() throws {
        // Position 0 ends CRLF, position 1 LF, the file has no final newline.
        XCTAssertEqual(try apply(move(0, -1), b("a\r\nb\nc")), b("b\r\nc\na"))
        XCTAssertEqual(try apply(move(2, 0), b("a\r\nb\nc")), b("c\r\na\nb"))
        XCTAssertEqual(try apply(move(0, 1), b("a\r\nb\r\n")), b("b\r\na\r\n"))
    }

    func testFinalTerminatorIsAPropertyOfTheFile() throws {
        XCTAssertEqual(try apply(move(0, -1), b("a\nb")), b("b\na"))
        XCTAssertEqual(try apply(move(0, -1), b("a\nb\n")), b("b\na\n"))
        XCTAssertEqual(try apply(.delete(.index(UserIndex(-1))), b("a\nb")), b("a"))
        XCTAssertEqual(try apply(.insert(at: UserIndex(-1), value: b("c")), b("a\nb")), b("a\nb\nc"))
        XCTAssertEqual(try apply(.insert(at: UserIndex(-1), value: b("c")), b("a\nb\n")), b("a\nb\nc\n"))
    }

    func testInsertedLinesTakeTheFilesTerminator() throws {
        XCTAssertEqual(try apply(.insert(at: UserIndex(-1), value: b("c")), b("a\r\nb\r\n")), b("a\r\nb\r\nc\r\n"))
        XCTAssertEqual(try apply(.insert(at: UserIndex(0), value: b("c")), b("a\r\nb\r\n")), b("c\r\na\r\nb\r\n"))
    }

    func testEmptyFileGainsATerminatedLine() throws {
        XCTAssertEqual(try apply(.insert(at: UserIndex(0), value: b("x")), []), b("x\n"))
        XCTAssertEqual(try apply(.insert(at: UserIndex(0), value: b("x")), [0xEF, 0xBB, 0xBF]), [0xEF, 0xBB, 0xBF] + b("x\n"))
        XCTAssertEqual(try apply(.insert(at: UserIndex(0), value: b("x")), b("a\0"), null: true), b("x\0a\0"))
    }

    func testDeletingEveryLineLeavesAnEmptyFile() throws {
        XCTAssertEqual(try apply(.delete(.index(UserIndex(0))), b("a\n")), [])
        XCTAssertEqual(try apply(.delete(.index(UserIndex(0))), b("a")), [])
        XCTAssertEqual(try apply(.delete(.index(UserIndex(0))), [0xEF, 0xBB, 0xBF] + b("a\n")), [0xEF, 0xBB, 0xBF])
    }

    func testAnEmptyLastItemWithoutTerminatorGetsOne() throws {
        // "\nb": items "" and "b", no final newline. Moving "" last would
        // lose it on the next read, so it gets a newline.
        XCTAssertEqual(try apply(move(0, -1), b("\nb")), b("b\n\n"))
        XCTAssertEqual(try apply(.insert(at: UserIndex(-1), value: []), b("a")), b("a\n\n"))
    }

    func testBOMStaysAtTheStart() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        XCTAssertEqual(try apply(move(0, -1), bom + b("a\nb\n")), bom + b("b\na\n"))
    }

    func testBytesAreKeptExactly() throws {
        let invalid: [UInt8] = [0xFF, 0xFE, 0x00, 0x20, 0x20]
        let source = invalid + b("\n") + b("b  \n")
        XCTAssertEqual(try apply(move(0, 1), source), b("b  \n") + invalid + b("\n"))
    }

    func testNulSeparatedItems() throws {
        XCTAssertEqual(try apply(move(0, -1), b("a\nx\0b\0"), null: true), b("b\0a\nx\0"))
    }

    func testAValueWithATerminatorIsRefused() {
        XCTAssertThrowsError(try apply(.insert(at: UserIndex(0), value: b("a\nb")), b("x\n"))) {
            XCTAssertEqual($0 as? ReorderError, .valueContainsTerminator(terminator: 0x0A))
        }
        XCTAssertNoThrow(try apply(.insert(at: UserIndex(0), value: b("a\nb")), b("x\0"), null: true))
        XCTAssertThrowsError(try apply(.insert(at: UserIndex(0), value: b("a\0b")), b("x\0"), null: true)) {
            XCTAssertEqual($0 as? ReorderError, .valueContainsTerminator(terminator: 0x00))
        }
    }

    func testUnchangedResultIsDetectedWithoutRendering() throws {
        for text in ["a\nb\n", "a\r\nb", "", "\n", "a\na\n"] {
            try b(text).withUnsafeBytes { source in
                let document = try ListDocument(source, format: .lines, options: ReadOptions())
                XCTAssertTrue(document.resultEqualsSource(.identity(count: document.count)), text)
                if document.count == 2 {
                    let swapped = try document.arrangement(for: .swap(.index(UserIndex(0)), .index(UserIndex(1))), options: EditOptions())
                    XCTAssertEqual(document.resultEqualsSource(swapped), text == "a\na\n", text)
                }
            }
        }
    }

    func testMixedTerminatorsAreNotUniform() throws {
        // A run of consecutive items in a file with mixed terminators must
        // still give each position its own terminator.
        let source = b("a\nb\r\nc\nd\r\n")
        XCTAssertEqual(try apply(move(3, 0), source), b("d\na\r\nb\nc\r\n"))
    }

    func testAFinalCRMovedBeforeAnotherLineReadBackAsCRLF() throws {
        // `printf '?\n\n\r' | reorder reverse | reorder reverse` gave back
        // something else: the CR met a LF and became one terminator.
        XCTAssertEqual(items(b("?\n\n\r")), [b("?"), [], []])
        XCTAssertEqual(items(b("a\r")), [b("a")])
        XCTAssertEqual(items(b("\r")), [[]])
        XCTAssertEqual(items(b("a\r\r")), [b("a")])
        XCTAssertEqual(items(b("\r\r\n\ra\r\r\nb")), [[], b("\ra"), b("b")])
        XCTAssertEqual(try apply(.reverse, b("a\r\r\nb\n")), b("b\r\r\na\n"))
        let once = try apply(.reverse, b("?\n\n\r"))
        XCTAssertEqual(once, b("\n\n?\r"))
        XCTAssertEqual(try apply(.reverse, once), b("?\n\n\r"))
        XCTAssertEqual(try apply(move(1, 0), b("a\nb\r")), b("b\na\r"))
        // With -z a CR is content like any other byte.
        XCTAssertEqual(items(b("a\0b\r"), null: true), [b("a"), b("b\r")])
    }

    func testReversingTwiceGivesEveryInputBack() throws {
        // Every string of up to 7 bytes over the bytes that make terminators.
        let alphabet: [UInt8] = [0x61, 0x0D, 0x0A]
        for length in 0...7 {
            var digits = [Int](repeating: 0, count: length)
            while true {
                let input = digits.map { alphabet[$0] }
                let twice = try apply(.reverse, try apply(.reverse, input))
                // The one byte a reverse adds: a file without a final
                // terminator whose first line, empty, ends up last gets one,
                // or that line would vanish on the next read.
                let lines = items(input)
                let unterminated = input.last.map { $0 != 0x0A && $0 != 0x0D } ?? false
                if unterminated && lines.count > 1 && lines[0].isEmpty {
                    XCTAssertTrue(twice == input + [0x0A] || twice == input + [0x0D, 0x0A], "\(input) gave \(twice)")
                } else {
                    XCTAssertEqual(twice, input, "\(input)")
                }
                let once = try apply(.reverse, input)
                XCTAssertEqual(items(once), items(input).reversed(), "items of \(input) reversed")
                var position = 0
                while position < length && digits[position] == alphabet.count - 1 {
                    digits[position] = 0
                    position += 1
                }
                if position == length { break }
                digits[position] += 1
            }
        }
    }
}
