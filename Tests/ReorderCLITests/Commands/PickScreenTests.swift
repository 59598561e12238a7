@testable import ReorderCLI
import ReorderKit
import XCTest

/// `pick`'s terminal side without a terminal: keys decoded from their
/// bytes, and frames drawn for any size.
final class PickScreenTests: XCTestCase {
    func decode(_ text: String, complete: Bool = true) -> [TerminalKey] {
        var bytes = Array(text.utf8)[...]
        var keys: [TerminalKey] = []
        while !bytes.isEmpty, let (key, length) = TerminalKey.decode(bytes, complete: complete) {
            keys.append(key)
            bytes = bytes.dropFirst(length)
        }
        return keys
    }

    func testKeysAreDecodedFromTheirSequences() {
        let escape = "\u{1B}"
        XCTAssertEqual(decode("\(escape)[A\(escape)[B\(escape)OA\(escape)OB"), [.up, .down, .up, .down])
        XCTAssertEqual(decode("\(escape)[H\(escape)[F\(escape)[1~\(escape)[4~\(escape)OH\(escape)OF"),
                       [.home, .end, .home, .end, .home, .end])
        XCTAssertEqual(decode("\(escape)[5~\(escape)[6~\(escape)[7~\(escape)[8~"), [.pageUp, .pageDown, .home, .end])
        XCTAssertEqual(decode("\(escape)[1;5A\(escape)[99~\(escape)[200~"), [.up, .unknown, .unknown])
        XCTAssertEqual(decode(" jk\r\n\u{7F}\u{03}\u{12}"),
                       [.character(" "), .character("j"), .character("k"), .enter, .enter, .backspace,
                        .control(0x03), .control(0x12)])
        XCTAssertEqual(decode("é→"), [.character("é"), .character("→")])
        // A lone Esc, and Esc then a key.
        XCTAssertEqual(decode(escape), [.escape])
        XCTAssertEqual(decode("\(escape)Q"), [.escape, .character("Q")])
        // Not all there yet: wait for the rest.
        XCTAssertNil(TerminalKey.decode(Array(escape.utf8)[...], complete: false))
        XCTAssertNil(TerminalKey.decode(Array("\(escape)[".utf8)[...], complete: false))
        XCTAssertNil(TerminalKey.decode(Array("\(escape)[5".utf8)[...], complete: false))
        XCTAssertNil(TerminalKey.decode(Array("é".utf8).prefix(1), complete: false))
        XCTAssertEqual(TerminalKey.decode(Array("\(escape)[5".utf8)[...], complete: true)?.length, 3)
    }

    func testMouseReportsAreDecodedFromXtermsSGRForm() {
        let escape = "\u{1B}"
        XCTAssertEqual(decode("\(escape)[<0;12;4M\(escape)[<32;12;5M\(escape)[<0;12;6m"), [
            .mouse(MouseReport(action: .press, row: 4, column: 12)),
            .mouse(MouseReport(action: .drag, row: 5, column: 12)),
            .mouse(MouseReport(action: .release, row: 6, column: 12)),
        ])
        // The wheel; Ctrl held (+16) is the same; another button is other.
        XCTAssertEqual(decode("\(escape)[<64;1;2M\(escape)[<65;1;2M\(escape)[<16;3;300M\(escape)[<2;1;1M"), [
            .mouse(MouseReport(action: .wheelUp, row: 2, column: 1)),
            .mouse(MouseReport(action: .wheelDown, row: 2, column: 1)),
            .mouse(MouseReport(action: .press, row: 300, column: 3)),
            .mouse(MouseReport(action: .other, row: 1, column: 1)),
        ])
        // Not three numbers: unknown, and the keys after it still read.
        XCTAssertEqual(decode("\(escape)[<0;1M j"), [.unknown, .character(" "), .character("j")])
        XCTAssertNil(TerminalKey.decode(Array("\(escape)[<0;12".utf8)[...], complete: false))
    }

    func screen(_ count: Int, texts: [String]? = nil) -> PickScreen {
        let texts = (texts ?? (0..<count).map { "item \($0)" }).map { Array($0.utf8) }
        return PickScreen(model: PickModel(count: texts.count, texts: texts), texts: texts, title: "list.txt", color: false)
    }

    /// The frame's text, one string a row, escapes taken out.
    func rows(_ frame: [UInt8]) -> [String] {
        let text = String(decoding: frame, as: UTF8.self)
        var rows: [String] = []
        for part in text.components(separatedBy: "\u{1B}[").dropFirst() {
            // `ROW;1H` starts a row; other sequences end at their letter.
            guard let end = part.firstIndex(where: { $0.isLetter }) else { continue }
            let rest = String(part[part.index(after: end)...])
            if part[end] == "H" && part[..<end].hasSuffix(";1") { rows.append(rest) } else if !rows.isEmpty { rows[rows.count - 1] += rest }
        }
        return rows
    }

    func testEveryRowFitsAndTheCursorStaysInView() {
        var screen = self.screen(50)
        for (rows, columns) in [(15, 60), (8, 40), (3, 10), (2, 5), (1, 3), (1, 1), (0, 0), (100, 200)] {
            for _ in 0..<7 { _ = screen.handle(.down) }
            let frame = self.rows(screen.frame(rows: rows, columns: columns))
            XCTAssertEqual(frame.count, max(rows, 1), "\(rows)x\(columns)")
            XCTAssertTrue(frame.allSatisfy { $0.count <= max(columns, 1) }, "\(rows)x\(columns): \(frame)")
            XCTAssertTrue(frame.contains { $0.hasPrefix(">") }, "the cursor is shown at \(rows)x\(columns): \(frame)")
        }
    }

    func testLongItemsAreShortenedWithAnEllipsis() {
        var screen = self.screen(0, texts: [String(repeating: "x", count: 80), "short"])
        let frame = rows(screen.frame(rows: 5, columns: 30))
        XCTAssertEqual(frame[1], ">   0 " + String(repeating: "x", count: 23) + "…")
        XCTAssertEqual(frame[2], "    1 short")
        XCTAssertEqual(frame.last, "no change · 1/2")
    }

    func testKeysDriveTheModelAndTheQuestions() {
        var screen = self.screen(3)
        XCTAssertNil(screen.handle(.character(" ")))
        XCTAssertNil(screen.handle(.down))
        XCTAssertEqual(screen.status, "DRAG · 1 moved · 2/3")
        XCTAssertNil(screen.handle(.character("w")), "no writing while dragging")
        XCTAssertNil(screen.handle(.enter))
        XCTAssertEqual(screen.model.order, [1, 0, 2])
        XCTAssertNil(screen.handle(.character("q")))
        XCTAssertEqual(screen.status, "write changes? [y/n/Esc]")
        XCTAssertNil(screen.handle(.escape))
        XCTAssertEqual(screen.mode, .browse)
        XCTAssertNil(screen.handle(.character("q")))
        XCTAssertEqual(screen.handle(.character("n")), .declined)
        var fresh = self.screen(3)
        XCTAssertEqual(fresh.handleAll([.character("q")]), .write, "q without a change")
        fresh = self.screen(3)
        XCTAssertEqual(fresh.handleAll([.control(0x03)]), .abort)
        fresh = self.screen(3)
        XCTAssertEqual(fresh.handleAll([.character("/"), .character("2"), .enter, .character("Q")]), .abort)
        var search = self.screen(3)
        _ = search.handleAll([.character("/"), .character("2"), .enter])
        XCTAssertEqual(search.model.cursor, 2)
    }

    func testOnAReadOnlyFileWAsksWhereTheOrderGoes() {
        var screen = self.screen(3)
        screen.readOnly = true
        XCTAssertEqual(screen.handleAll([.character("q")]), .write, "q without a change: nothing to write")
        XCTAssertNil(screen.handleAll([.character(" "), .down, .character(" "), .character("w")]))
        XCTAssertEqual(screen.status, "read-only: [o]ther file, [p]rint the batch script, Esc")
        XCTAssertNil(screen.handle(.escape))
        XCTAssertTrue(screen.status.hasPrefix("read-only · 1 moved"), screen.status)
        XCTAssertNil(screen.handleAll([.character("q"), .character("y")]), "y to q's question asks too")
        XCTAssertEqual(screen.mode, .readOnlyChoice)
        XCTAssertEqual(screen.handle(.character("p")), .printScript)
        var other = self.screen(3)
        other.readOnly = true
        XCTAssertNil(other.handleAll([.character(" "), .down, .character(" "), .character("w"), .character("o"),
                                      .character("a"), .character("x"), .backspace, .character(".")]))
        XCTAssertEqual(other.status, "write to: a.")
        XCTAssertEqual(other.handle(.enter), .writeElsewhere("a."))
        XCTAssertEqual(other.model.order, [1, 0, 2], "the work stays")
    }
}

extension PickScreen {
    mutating func handleAll(_ keys: [TerminalKey]) -> Outcome? {
        for key in keys { if let outcome = handle(key) { return outcome } }
        return nil
    }
}
