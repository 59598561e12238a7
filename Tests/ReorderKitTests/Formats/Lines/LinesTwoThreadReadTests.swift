import ReorderKit
import XCTest

/// A large source is read on two threads, each from a line start: the
/// layout must be the one a single thread reads, whatever the terminators
/// around the split (LF, CR LF, lone CRs, NUL with `-z`) and at the end.
final class LinesTwoThreadReadTests: XCTestCase {
    func assertSameLayout(_ text: [UInt8], null: Bool = false, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        text.withUnsafeBytes { source in
            let terminator: LinesLayout.Terminator = null ? .nul : .newline
            let alone = LinesLayout(source, terminator: terminator, findingNul: !null)
            XCTAssertEqual(alone.firstNul, null ? nil : text.firstIndex(of: 0), name, file: file, line: line)
            for (lenderName, lender) in [("thread", ThreadLender.realThread), ("none", ThreadLender.noThread)] {
                let lent = LinesLayout(source, terminator: terminator, lender: lender, findingNul: !null)
                XCTAssertEqual(lent.firstNul, alone.firstNul, "\(name), \(lenderName)", file: file, line: line)
                XCTAssertEqual(lent.count, alone.count, "\(name), \(lenderName)", file: file, line: line)
                XCTAssertEqual(lent.defaultTerminator, alone.defaultTerminator, "\(name), \(lenderName)", file: file, line: line)
                XCTAssertEqual(lent.separatorsAreUniform, alone.separatorsAreUniform, "\(name), \(lenderName)", file: file, line: line)
                guard lent.count == alone.count else { return }
                let differing = (0..<alone.count).first { lent.itemRange($0) != alone.itemRange($0) }
                XCTAssertNil(differing, "\(name), \(lenderName): line \(differing ?? -1)", file: file, line: line)
                let last = alone.count
                XCTAssertEqual(lent.tail(resultCount: last, lastItemIsEmpty: false), alone.tail(resultCount: last, lastItemIsEmpty: false),
                               "\(name), \(lenderName)", file: file, line: line)
                XCTAssertEqual(lent.tail(resultCount: last, lastItemIsEmpty: true), alone.tail(resultCount: last, lastItemIsEmpty: true),
                               "\(name), \(lenderName)", file: file, line: line)
            }
        }
    }

    /// About 4.5 MB of short lines with `terminators`, then `ending`.
    func text(_ generator: inout SeededGenerator, terminators: [[UInt8]], ending: [UInt8], bom: Bool = false) -> [UInt8] {
        var text: [UInt8] = bom ? [0xEF, 0xBB, 0xBF] : []
        text.reserveCapacity(4_800_000)
        while text.count < 4_500_000 {
            text += (0..<generator.below(40)).map { _ in UInt8(0x61 + generator.below(26)) }
            text += terminators[generator.below(terminators.count)]
        }
        text += (0..<generator.below(3)).map { _ in UInt8(0x41) }
        return text + ending
    }

    func testTwoThreadsReadTheSameLines() {
        var generator = SeededGenerator(seed: 0x2EAD)
        let lf: [UInt8] = [0x0A], crlf: [UInt8] = [0x0D, 0x0A]
        assertSameLayout(text(&generator, terminators: [lf], ending: lf), "LF")
        assertSameLayout(text(&generator, terminators: [lf], ending: [], bom: true), "LF, no final terminator, BOM")
        assertSameLayout(text(&generator, terminators: [crlf], ending: crlf), "CRLF")
        assertSameLayout(text(&generator, terminators: [crlf], ending: [0x0D]), "CRLF, a final lone CR")
        assertSameLayout(text(&generator, terminators: [lf, crlf], ending: lf), "mixed")
        assertSameLayout(text(&generator, terminators: [lf, [0x0D, 0x0D, 0x0A]], ending: lf), "CRs before LFs")
        assertSameLayout(text(&generator, terminators: [[0x00]], ending: [0x00]), null: true, "NUL")
        assertSameLayout(text(&generator, terminators: [lf, lf + lf], ending: lf + lf), "empty lines")
        // One line past the middle to the end: no second half to split off.
        var long = text(&generator, terminators: [lf], ending: lf)
        long.removeLast(long.count / 2)
        long += [UInt8](repeating: 0x62, count: 3_000_000)
        assertSameLayout(long, "a long last line")
        assertSameLayout(long + lf, "a long last line, terminated")
        // NUL bytes (refused as binary without -z): the first is found in
        // either half.
        var nul = text(&generator, terminators: [lf], ending: lf)
        nul[nul.count * 3 / 4] = 0
        assertSameLayout(nul, "a NUL in the second half")
        nul[nul.count / 4] = 0
        assertSameLayout(nul, "NULs in both halves")
    }
}
