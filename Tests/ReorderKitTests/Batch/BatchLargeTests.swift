import ReorderKit
import XCTest

/// Batches big enough that the sequential list's tree splits its leaves and
/// grows several levels, and the renderer walks many blocks of runs: checked
/// against an array changed one operation at a time, and a batch against the
/// same moves computed by hand.
final class BatchLargeTests: XCTestCase {
    func testManySequentialOperationsOnALongListMatchAnArray() throws {
        var rng = SeededGenerator(seed: 4)
        var model = (0..<3_000).map { "item \($0)" }
        var operations: [String] = []
        for serial in 0..<6_000 {
            let count = model.count
            switch Int.random(in: 0..<10, using: &rng) {
            case 0 where count > 1:
                let i = Int.random(in: 0..<count, using: &rng)
                operations.append("delete \(i)")
                model.remove(at: i)
            case 1:
                let i = Int.random(in: 0...count, using: &rng)
                operations.append("insert \(i) new \(serial)")
                model.insert("new \(serial)", at: i)
            case 2:
                let i = Int.random(in: 0..<count, using: &rng), j = Int.random(in: 0..<count, using: &rng)
                operations.append("swap \(i) \(j)")
                model.swapAt(i, j)
            case 3:
                let i = Int.random(in: 0..<count, using: &rng)
                operations.append("replace \(i) replaced \(serial)")
                model[i] = "replaced \(serial)"
            default:
                let from = Int.random(in: 0..<count, using: &rng), to = Int.random(in: 0..<count, using: &rng)
                operations.append("move \(from) \(to - count)")
                model.insert(model.remove(at: from), at: to)
            }
        }
        let list = (0..<3_000).map { "item \($0)" }
        XCTAssertEqual(try BatchHarness.apply(operations, to: list, sequential: true), model)
    }

    func testABatchOfManyMovesAndDeletesOnALongList() throws {
        var rng = SeededGenerator(seed: 5)
        let count = 5_000
        let list = (0..<count).map { "item \($0)" }
        // Every item either deleted, moved or left; destinations distinct.
        var sources = Array(0..<count)
        sources.shuffle(using: &rng)
        let deleted = Array(sources[0..<800]), moved = Array(sources[800..<2_000])
        let resultCount = count - deleted.count
        var destinations = Array(0..<resultCount)
        destinations.shuffle(using: &rng)
        var result = [String?](repeating: nil, count: resultCount)
        var operations = deleted.map { "delete \($0)" }
        for (source, destination) in zip(moved, destinations) {
            operations.append("move \(source) \(destination)")
            result[destination] = list[source]
        }
        let used = Set(deleted + moved)
        var floating = (0..<count).filter { !used.contains($0) }.makeIterator()
        for position in result.indices where result[position] == nil { result[position] = list[floating.next()!] }
        operations.shuffle(using: &rng)
        XCTAssertEqual(try BatchHarness.apply(operations, to: list), result.map { $0! })
    }
}
