import ReorderKit
import XCTest

/// A batch against Swift's own `CollectionDifference`, an oracle this
/// project did not write: removals at source offsets, insertions at result
/// offsets, a move as a removal and an insertion linked by `associatedWith`.
/// A batch the oracle refuses (its initializer returns nil, or `applying`
/// does) must be refused by `reorder` too.
final class BatchOracleTests: XCTestCase {
    /// One operation, with 0-based indices; `write` spells it for `reorder`.
    enum Operation {
        case delete(Int)
        case insert(Int, String)
        case move(Int, Int)
        case swap(Int, Int)
    }

    func changes(_ operations: [Operation], list: [String]) -> [CollectionDifference<String>.Change] {
        func element(_ index: Int) -> String { list.indices.contains(index) ? list[index] : "?" }
        var changes: [CollectionDifference<String>.Change] = []
        for operation in operations {
            switch operation {
            case .delete(let i):
                changes.append(.remove(offset: i, element: element(i), associatedWith: nil))
            case .insert(let at, let value):
                changes.append(.insert(offset: at, element: value, associatedWith: nil))
            case .move(let from, let to):
                changes.append(.remove(offset: from, element: element(from), associatedWith: to))
                changes.append(.insert(offset: to, element: element(from), associatedWith: from))
            case .swap(let i, let j):
                changes.append(.remove(offset: i, element: element(i), associatedWith: j))
                changes.append(.insert(offset: j, element: element(i), associatedWith: i))
                changes.append(.remove(offset: j, element: element(j), associatedWith: i))
                changes.append(.insert(offset: i, element: element(j), associatedWith: j))
            }
        }
        return changes
    }

    /// The oracle's result, or nil when it refuses the batch.
    func oracle(_ operations: [Operation], list: [String]) -> [String]? {
        guard let difference = CollectionDifference(changes(operations, list: list)) else { return nil }
        return list.applying(difference)
    }

    /// Spells `operations` for `reorder`; where `negative` says so, an index
    /// in range is written counting from the end (of the list for a source,
    /// of the result for a destination), and with `oneBased` from 1.
    func spell(_ operations: [Operation], sourceCount: Int, resultCount: Int,
               negative: (Int) -> Bool, oneBased: Bool) -> [String] {
        var serial = 0
        func source(_ i: Int) -> String {
            serial += 1
            if i < sourceCount && negative(serial) { return String(i - sourceCount) }
            return String(oneBased ? i + 1 : i)
        }
        func destination(_ d: Int) -> String {
            serial += 1
            if d < resultCount && negative(serial) { return String(d - resultCount) }
            return String(oneBased ? d + 1 : d)
        }
        return operations.map { operation in
            switch operation {
            case .delete(let i): return "delete \(source(i))"
            case .insert(let at, let value): return "insert \(destination(at)) \(value)"
            case .move(let from, let to): return "move \(source(from)) \(destination(to))"
            // swap I J: both indices are sources and destinations; written
            // plainly so that both readings name the same place.
            case .swap(let i, let j): return "swap \(oneBased ? i + 1 : i) \(oneBased ? j + 1 : j)"
            }
        }
    }

    func randomOperations(sourceCount n: Int, using rng: inout SeededGenerator, serial: inout Int) -> [Operation] {
        let count = Int.random(in: 0...5, using: &rng)
        // Indices reach one past the end now and then, to be refused.
        return (0..<count).map { _ in
            serial += 1
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<3: return .delete(Int.random(in: 0...n, using: &rng))
            case 3..<6: return .insert(Int.random(in: 0...n + 1, using: &rng), "new\(serial)")
            case 6..<9: return .move(Int.random(in: 0...n, using: &rng), Int.random(in: 0...n, using: &rng))
            default:
                let i = Int.random(in: 0..<max(n, 1), using: &rng), j = Int.random(in: 0..<max(n, 1), using: &rng)
                return i == j || n == 0 ? .delete(i) : .swap(i, j)
            }
        }
    }

    func testRandomBatchesMatchCollectionDifferenceForLengthsZeroToSix() throws {
        var rng = SeededGenerator(seed: 20_240_601)
        var serial = 0
        var agreed = (applied: 0, refused: 0)
        for n in 0...6 {
            let list = (0..<n).map { "item\($0)" }
            for trial in 0..<1500 {
                let operations = randomOperations(sourceCount: n, using: &rng, serial: &serial)
                var deletes = 0, inserts = 0
                for operation in operations {
                    if case .delete = operation { deletes += 1 }
                    if case .insert = operation { inserts += 1 }
                }
                let resultCount = n - deletes + inserts
                let oneBased = trial % 5 == 4
                let negativeSeed = UInt64.random(in: 0...UInt64.max, using: &rng)
                let written = spell(operations, sourceCount: n, resultCount: resultCount,
                                    negative: { oneBased ? false : (negativeSeed >> UInt64($0 % 64)) & 1 == 1 },
                                    oneBased: oneBased)
                let options = EditOptions(base: oneBased ? .one : .zero)
                let expected = oracle(operations, list: list)
                let context = "n=\(n) trial=\(trial) \(written)"
                if let expected {
                    XCTAssertEqual(try BatchHarness.apply(written, to: list, options: options), expected, context)
                    agreed.applied += 1
                } else {
                    let error = BatchHarness.error(written, on: list, options: options)
                    XCTAssertNotNil(error, "reorder accepted what CollectionDifference refuses: \(context)")
                    XCTAssertTrue(error is BatchError, "\(context): \(String(describing: error))")
                    agreed.refused += 1
                }
            }
        }
        // Both outcomes must be well represented for the test to mean much.
        XCTAssertGreaterThan(agreed.applied, 3000)
        XCTAssertGreaterThan(agreed.refused, 1500)
    }

    func testEveryMoveOfEverySmallListMatchesCollectionDifference() throws {
        for n in 1...6 {
            let list = (0..<n).map { "item\($0)" }
            for from in 0..<n {
                for to in 0..<n {
                    let expected = oracle([.move(from, to)], list: list)
                    XCTAssertEqual(try BatchHarness.apply(["move \(from) \(to)"], to: list), expected)
                }
            }
        }
    }
}
