@testable import ReorderKit
import XCTest

/// The fewest moves, held to a search that knows nothing of subsequences,
/// and round trips through the batch rules.
final class ListDiffTests: XCTestCase {
    /// The fewest single moves (`move i j`) from `start` to every
    /// arrangement of its items, by breadth-first search.
    func movesByBreadthFirstSearch(from start: [Int]) -> [[Int]: Int] {
        var distance: [[Int]: Int] = [start: 0]
        var frontier = [start]
        while !frontier.isEmpty {
            var next: [[Int]] = []
            for list in frontier {
                let d = distance[list]!
                for i in list.indices {
                    var removed = list
                    let item = removed.remove(at: i)
                    for j in 0...removed.count where j != i {
                        var moved = removed
                        moved.insert(item, at: j)
                        if distance[moved] == nil {
                            distance[moved] = d + 1
                            next.append(moved)
                        }
                    }
                }
            }
            frontier = next
        }
        return distance
    }

    /// Every multiset shape of `n` items: the partitions of `n`.
    func partitions(_ n: Int, largest: Int? = nil) -> [[Int]] {
        if n == 0 { return [[]] }
        var result: [[Int]] = []
        for first in stride(from: min(n, largest ?? n), through: 1, by: -1) {
            for rest in partitions(n - first, largest: first) { result.append([first] + rest) }
        }
        return result
    }

    func testTheFewestMovesForEveryArrangementOfUpToSevenItemsWithRepeats() {
        var pairs = 0, arrangements = 0
        func factorial(_ n: Int) -> Int { (1...max(n, 1)).reduce(1, *) }
        for n in 0...7 {
            for shape in partitions(n) {
                arrangements += shape.reduce(factorial(n)) { $0 / factorial($1) }
                // Items: 0 repeated shape[0] times, 1 shape[1] times, …
                let start = shape.enumerated().flatMap { Array(repeating: $0.offset, count: $0.element) }
                for (target, expected) in movesByBreadthFirstSearch(from: start) {
                    let diff = ListDiff(old: start, new: target)
                    XCTAssertEqual(diff.moveCount, expected, "\(start) → \(target)")
                    XCTAssertTrue(diff.deleted.isEmpty && diff.inserted.isEmpty)
                    XCTAssertEqual(diff.sequentialOperations.count, expected)
                    pairs += 1
                }
            }
        }
        // Every arrangement of every multiset was reached and checked.
        XCTAssertEqual(pairs, arrangements)
        XCTAssertEqual(pairs, 13_391)
    }

    /// Applies `script` to the lines `old` with the batch rules.
    static func apply(_ script: [UInt8], to old: [String], sequential: Bool) throws -> [String] {
        let text = old.map { $0 + "\n" }.joined()
        var batch = BatchScript()
        try script.withUnsafeBytes { try batch.append(script: $0, name: "diff") }
        return try Array(text.utf8).withUnsafeBytes { source in
            let document = try ListDocument(source, format: .lines, options: ReadOptions())
            let result = document.render(try document.arrangement(for: .batch(batch, sequential: sequential), options: EditOptions()))
            return String(decoding: result, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    func testRandomListsRoundTripThroughBothIndexRules() throws {
        var generator = SeededGenerator(seed: 2026)
        for round in 0..<400 {
            let alphabet = generator.chance(50) ? 1000 : 6
            let old = (0..<generator.below(60)).map { _ in "i\(generator.below(alphabet))" }
            var new = old.shuffled(using: &generator)
            new.removeLast(min(new.count, generator.below(5)))
            new += (0..<generator.below(5)).map { _ in "n\(generator.below(alphabet))" }
            new.shuffle(using: &generator)
            let diff = ListDiff(old: old, new: new)
            for sequential in [false, true] {
                let script = diff.script(sequential: sequential) { Array(new[$0].utf8) }
                XCTAssertEqual(try Self.apply(script, to: old, sequential: sequential), new,
                               "round \(round), sequential \(sequential): \(old) → \(new)\n\(String(decoding: script, as: UTF8.self))")
            }
        }
    }

    func testAChangedItemIsReplacedWhereItStaysAndDeletedAndInsertedWhereItMoves() throws {
        let old = ["a=1", "b=1", "c=1"], new = ["c=1", "a=2", "b=2"]
        let key = { (text: String) in text.split(separator: "=")[0] }
        let diff = ListDiff(old: old.map(key), new: new.map(key)) { old[$0] != new[$1] }
        XCTAssertEqual(diff.moveCount, 1)
        XCTAssertEqual(diff.replaced.map(\.old), [0, 1])
        for sequential in [false, true] {
            let script = diff.script(sequential: sequential) { Array(new[$0].utf8) }
            XCTAssertEqual(try Self.apply(script, to: old, sequential: sequential), new)
        }
        // a changed and b swapped with it: one of them stays, the other
        // moves; two operations either way, and a changed item never moves.
        let (old2, new2) = (["a=1", "b=1"], ["b=1", "a=2"])
        let moved = ListDiff(old: old2.map(key), new: new2.map(key)) { old2[$0] != new2[$1] }
        XCTAssertEqual(moved.batchOperations.count, 2)
        XCTAssertFalse(moved.matches.contains { !$0.stays && old2[$0.old] != new2[$0.new] })
        for sequential in [false, true] {
            XCTAssertEqual(try Self.apply(moved.script(sequential: sequential) { Array(new2[$0].utf8) }, to: old2, sequential: sequential), new2)
        }
    }

    func testANewListThatRepeatsADistinctOldItemInsertsTheCopy() throws {
        // Old items all differ; the new list has one of them twice: one
        // copy stays matched, the other is an insert, and nothing moves.
        for (old, new) in [(["a", "b"], ["a", "a"]), (["a", "b", "c"], ["a", "b", "c", "b"]), (["x"], ["x", "x", "x"])] {
            let diff = ListDiff(old: old, new: new)
            XCTAssertEqual(diff.moveCount, 0, "\(old) → \(new)")
            XCTAssertEqual(diff.inserted.count + diff.matches.count, new.count, "\(old) → \(new)")
            for sequential in [false, true] {
                XCTAssertEqual(try Self.apply(diff.script(sequential: sequential) { Array(new[$0].utf8) }, to: old, sequential: sequential), new)
            }
        }
    }

    func testMovingTheFirstOfAThousandItemsToTheEndIsOneMove() {
        let old = Array(0..<1000), new = Array(1..<1000) + [0]
        XCTAssertEqual(ListDiff(old: old, new: new).batchOperations, [.move(0, 999)])
        XCTAssertEqual(ListDiff(old: old, new: new).sequentialOperations, [.move(0, 999)])
    }
}
