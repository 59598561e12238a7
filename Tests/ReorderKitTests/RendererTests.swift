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
}
