import ReorderKit
import XCTest

/// The renderer's gathering write: slices handed over in batches of at most
/// 1024, transient pieces copied into a buffer that is reused per batch.
final class RendererTests: XCTestCase {
    /// A layout of no source items whose head, separators and tail are all
    /// bytes made for the call, each different: every one of them is copied.
    struct MadeUpLayout: ListLayout {
        var count: Int { 0 }
        func itemRange(_ index: Int) -> Range<Int> { 0..<0 }
        func head(resultCount: Int) -> [Piece] { [.bytes(Array("[".utf8))] }
        func separator(afterPosition position: Int, resultCount: Int) -> Piece {
            .bytes(Array("<\(position)>".utf8))
        }
        func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] { [.bytes(Array("]".utf8))] }
        var separatorsAreUniform: Bool { false }
    }

    /// New items alternate with copied separators, so a batch fills up at a
    /// copy now and then; the copy must survive into the next batch.
    func testCopiedPiecesSurviveTheHandOverOfAFullBatch() throws {
        for itemCount in [1, 511, 512, 513, 1023, 1024, 3_000, 5_000] {
            var arrangement = Arrangement()
            for k in 0..<itemCount { arrangement.append(item: Array("item\(k)".utf8)) }
            var expected = "["
            for k in 0..<itemCount {
                if k > 0 { expected += "<\(k - 1)>" }
                expected += "item\(k)"
            }
            expected += "]"

            var output: [UInt8] = []
            var largestBatch = 0
            [UInt8]().withUnsafeBytes { source in
                Renderer(layout: MadeUpLayout(), source: source).write(arrangement) { slices in
                    largestBatch = max(largestBatch, slices.count)
                    for slice in slices { output.append(contentsOf: slice) }
                }
            }
            XCTAssertEqual(String(decoding: output, as: UTF8.self), expected, "\(itemCount) items")
            XCTAssertLessThanOrEqual(largestBatch, 1024)
        }
    }

    /// Short pieces are copied together, long ones passed where they stand
    /// in the source: lines of every length (empty, short, about the copy
    /// limit, longer than the copy buffer) sorted, against Swift's sort,
    /// with every batch at most 1024 slices and the long lines' slices in
    /// the source.
    func testShortPiecesAreCopiedAndLongOnesPassedWhereTheyStand() throws {
        var generator = SeededGenerator(seed: 77)
        for round in 0..<12 {
            var lines: [[UInt8]] = []
            for _ in 0..<(round == 0 ? 3 : 2_000 + generator.below(3_000)) {
                let length: Int
                switch generator.below(20) {
                case 0: length = 0
                case 1: length = 250 + generator.below(12)
                case 2: length = 1_000 + generator.below(4_000)
                default: length = generator.below(60)
                }
                lines.append((0..<length).map { _ in UInt8(0x61 + generator.below(3)) })
            }
            if round % 4 == 1 { lines.append([UInt8](repeating: 0x62, count: 300_000)) }
            let text: [UInt8] = lines.flatMap { $0 + [UInt8(0x0A)] }
            let expected: [UInt8] = lines.sorted { $0.lexicographicallyPrecedes($1) }.flatMap { $0 + [UInt8(0x0A)] }
            var output: [UInt8] = []
            var largestBatch = 0
            var longSlicesInSource = 0
            try text.withUnsafeBytes { source in
                let document = try ListDocument(source, format: .lines, options: ReadOptions())
                let arrangement = try document.arrangement(for: .sort(SortOptions()), options: EditOptions())
                document.write(arrangement, gathered: { slices in
                    largestBatch = max(largestBatch, slices.count)
                    for slice in slices {
                        output.append(contentsOf: slice)
                        if slice.count >= 256, let base = slice.baseAddress, let start = source.baseAddress,
                           base >= start, base + slice.count <= start + source.count {
                            longSlicesInSource += 1
                        }
                    }
                })
            }
            XCTAssertTrue(output == expected, "round \(round): the output differs from the sorted lines")
            XCTAssertLessThanOrEqual(largestBatch, 1024, "round \(round)")
            if lines.contains(where: { $0.count >= 1_000 }) {
                XCTAssertGreaterThan(longSlicesInSource, 0, "round \(round): long lines were copied")
            }
        }
    }

    /// A large list of lines: the second half of the result copied on a
    /// lent thread gives the same bytes as one thread writing it all, for
    /// LF and CRLF files with and without a final terminator, results with
    /// new items and the source's last line anywhere, and lenders that run
    /// the copy on a thread, at once, or not at all.
    func testLinesCopiedOnALentThreadGiveTheSameBytes() throws {
        let thread = ThreadLender.realThread, inline = ThreadLender.runsAtOnce, none = ThreadLender.noThread
        var generator = SeededGenerator(seed: 0x11E5)
        for round in 0..<6 {
            let count = 100_000 + generator.below(30_000)
            let terminator: [UInt8] = round % 2 == 0 ? [0x0A] : [0x0D, 0x0A]
            var text: [UInt8] = []
            for k in 0..<count {
                text += (0..<generator.below(12)).map { _ in UInt8(0x61 + generator.below(26)) }
                if k + 1 < count || round % 3 != 2 { text += terminator }
            }
            // A permutation with runs of one item and of many, new items in
            // either half, and the source's last line somewhere inside.
            var order = Array(0..<count)
            for k in stride(from: count - 1, to: 0, by: -1) where generator.below(4) != 0 {
                order.swapAt(k, generator.below(k + 1))
            }
            var arrangement = Arrangement()
            var position = 0
            while position < order.count {
                if generator.below(5_000) == 0 { arrangement.append(item: Array("new \(position)".utf8)) }
                var end = position + 1
                while end < order.count && order[end] == order[end - 1] + 1 { end += 1 }
                arrangement.append(run: order[position]..<order[end - 1] + 1)
                position = end
            }
            if round == 4 { arrangement.append(item: Array("last".utf8)) }
            try text.withUnsafeBytes { source in
                let alone = try ListDocument(source, format: .lines, options: ReadOptions()).render(arrangement)
                for (name, lender) in [("thread", thread), ("inline", inline), ("none", none)] {
                    var options = ReadOptions()
                    options.lender = lender
                    let lent = try ListDocument(source, format: .lines, options: options).render(arrangement)
                    XCTAssertTrue(lent == alone, "round \(round), \(count) lines, lender \(name): the output differs")
                }
            }
        }
    }
}
