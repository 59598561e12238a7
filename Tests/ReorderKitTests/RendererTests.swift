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
}
