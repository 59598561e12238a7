@testable import ReorderKit
import XCTest

/// UIKit's sectioned batch rules, written apart from `SectionedDiff`: a
/// model to apply its scripts, and a search over every script to find the
/// fewest operations.
enum SectionedBatchModel {
    enum Operation: Equatable {
        case delete(ItemPath)
        case move(ItemPath, ItemPath)
        case insert(ItemPath, String)
        case replace(ItemPath, String)
    }

    /// `operations` applied to `old` as one batch: every source (delete,
    /// move's FROM, replace) counts in the old sections, every destination
    /// (insert, move's TO) in the new ones; the items no operation takes
    /// keep their order and fill, section by section, the places no
    /// destination takes. Nil for a batch UIKit refuses (a place out of
    /// range, a source or a destination taken twice, a section whose
    /// places do not add up).
    static func batch(_ old: [[String]], _ operations: [Operation]) -> [[String]]? {
        var sources = Set<ItemPath>()
        var destinations: [ItemPath: String] = [:]
        var replacements: [ItemPath: String] = [:]
        func valid(_ path: ItemPath, in counts: [Int]) -> Bool {
            path.section >= 0 && path.section < counts.count && path.item >= 0 && path.item < counts[path.section]
        }
        let oldCounts = old.map(\.count)
        for operation in operations {
            switch operation {
            case .delete(let at):
                guard valid(at, in: oldCounts), sources.insert(at).inserted else { return nil }
            case .move(let from, let to):
                guard valid(from, in: oldCounts), sources.insert(from).inserted, destinations[to] == nil else { return nil }
                destinations[to] = old[from.section][from.item]
            case .insert(let at, let value):
                guard destinations[at] == nil else { return nil }
                destinations[at] = value
            case .replace(let at, let value):
                guard valid(at, in: oldCounts), replacements[at] == nil else { return nil }
                replacements[at] = value
            }
        }
        var staying: [[String]] = []
        for (s, section) in old.enumerated() {
            staying.append(section.indices.compactMap { i in
                let path = ItemPath(section: s, item: i)
                return sources.contains(path) ? nil : replacements[path] ?? section[i]
            })
        }
        let counts = old.indices.map { s in staying[s].count + destinations.keys.filter { $0.section == s }.count }
        guard destinations.keys.allSatisfy({ $0.section >= 0 && $0.section < old.count && $0.item >= 0 && $0.item < counts[$0.section] })
        else { return nil }
        var result: [[String]] = []
        for s in old.indices {
            var next = staying[s].makeIterator()
            result.append((0..<counts[s]).map { i in destinations[ItemPath(section: s, item: i)] ?? next.next()! })
        }
        return result
    }

    /// `operations` applied one after another, each to the sections the
    /// one before left; nil when a place is out of range.
    static func sequential(_ old: [[String]], _ operations: [Operation]) -> [[String]]? {
        var sections = old
        for operation in operations {
            switch operation {
            case .delete(let at):
                guard at.section < sections.count, at.item >= 0, at.item < sections[at.section].count else { return nil }
                sections[at.section].remove(at: at.item)
            case .move(let from, let to):
                guard from.section < sections.count, from.item >= 0, from.item < sections[from.section].count else { return nil }
                let item = sections[from.section].remove(at: from.item)
                guard to.section < sections.count, to.item >= 0, to.item <= sections[to.section].count else { return nil }
                sections[to.section].insert(item, at: to.item)
            case .insert(let at, let value):
                guard at.section < sections.count, at.item >= 0, at.item <= sections[at.section].count else { return nil }
                sections[at.section].insert(value, at: at.item)
            case .replace(let at, let value):
                guard at.section < sections.count, at.item >= 0, at.item < sections[at.section].count else { return nil }
                sections[at.section][at.item] = value
            }
        }
        return sections
    }

    /// The fewest operations of any batch that turns `old` into `new`
    /// (items matched by equal text), and the fewest moves among such
    /// batches: every matching of equal items, every choice of the
    /// matched items that no operation names, each tried with `batch`.
    static func fewest(_ old: [[String]], _ new: [[String]]) -> (operations: Int, moves: Int) {
        let oldPaths = old.indices.flatMap { s in old[s].indices.map { ItemPath(section: s, item: $0) } }
        let newPaths = new.indices.flatMap { s in new[s].indices.map { ItemPath(section: s, item: $0) } }
        var best = (operations: Int.max, moves: Int.max)
        var matchedNew = Set<ItemPath>()
        var pairs: [(ItemPath, ItemPath)] = []
        func tryMatching() {
            let deletes = oldPaths.filter { path in !pairs.contains { $0.0 == path } }.map { Operation.delete($0) }
            let inserts = newPaths.filter { !matchedNew.contains($0) }.map { Operation.insert($0, new[$0.section][$0.item]) }
            for unmoved in 0..<(1 << pairs.count) {
                let moves = pairs.indices.filter { unmoved & (1 << $0) == 0 }.map { Operation.move(pairs[$0].0, pairs[$0].1) }
                let count = deletes.count + inserts.count + moves.count
                guard (count, moves.count) < (best.operations, best.moves) else { continue }
                if batch(old, deletes + moves + inserts) == new { best = (count, moves.count) }
            }
        }
        func choose(_ k: Int) {
            guard k < oldPaths.count else { return tryMatching() }
            choose(k + 1)
            let path = oldPaths[k]
            for target in newPaths where !matchedNew.contains(target) && new[target.section][target.item] == old[path.section][path.item] {
                matchedNew.insert(target)
                pairs.append((path, target))
                choose(k + 1)
                pairs.removeLast()
                matchedNew.remove(target)
            }
        }
        choose(0)
        return best
    }

    /// A diff's operations in the model's terms.
    static func operations(_ diff: [SectionedDiffOperation], new: [[String]]) -> [Operation] {
        diff.map { operation in
            switch operation {
            case .delete(let at): return .delete(at)
            case .move(let from, let to): return .move(from, to)
            case .insert(let at, let item): return .insert(at, new[item.section][item.item])
            case .replace(let at, let item): return .replace(at, new[item.section][item.item])
            }
        }
    }
}

final class SectionedDiffTests: XCTestCase {
    func p(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    func script(_ old: [[String]], _ new: [[String]], sequential: Bool = false) -> String {
        let diff = SectionedDiff(old: old, new: new)
        return String(decoding: diff.script(sequential: sequential) { Array(new[$0.section][$0.item].utf8) }, as: UTF8.self)
    }

    func testAnItemThatChangedListIsOneCrossSectionMove() {
        let old = [["a", "b", "c"], ["x", "y"]]
        let new = [["a", "c"], ["x", "b", "y"]]
        XCTAssertEqual(script(old, new), "move 0:1 1:1\n")
        XCTAssertEqual(script(old, new, sequential: true), "move 0:1 1:1\n")
        XCTAssertEqual(SectionedDiff(old: old, new: new).moveCount, 1)
    }

    func testDeletesInsertsAndMovesWithPathsInBothRules() {
        let old = [["a", "b", "c", "d"], ["x"], []]
        let new = [["d", "a", "new"], [], ["x", "c"]]
        XCTAssertEqual(script(old, new), """
            delete 0:1
            move 0:3 0:0
            move 1:0 2:0
            move 0:2 2:1
            insert 0:2 new

            """)
        XCTAssertEqual(script(old, new, sequential: true), """
            delete 0:1
            move 0:2 0:0
            move 1:0 2:0
            move 0:2 2:1
            insert 0:2 new

            """)
        for sequential in [false, true] {
            let diff = SectionedDiff(old: old, new: new)
            let operations = SectionedBatchModel.operations(sequential ? diff.sequentialOperations : diff.batchOperations, new: new)
            let result = sequential ? SectionedBatchModel.sequential(old, operations) : SectionedBatchModel.batch(old, operations)
            XCTAssertEqual(result, new)
        }
    }

    func testEqualListsGiveNothingAndOneSectionIsTheListDiff() {
        XCTAssertEqual(script([["a"], ["b", "c"]], [["a"], ["b", "c"]]), "")
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let old = (0..<generator.below(12)).map { _ in generator.pick(["a", "b", "c", "d", "e"]) }
            let new = (0..<generator.below(12)).map { _ in generator.pick(["a", "b", "c", "d", "f"]) }
            assertSame(old, new)
        }
    }

    /// One section's operations are the one-list diff's, with paths.
    func assertSame(_ old: [String], _ new: [String]) {
        let list = ListDiff(old: old, new: new)
        let sectioned = SectionedDiff(old: [old], new: [new])
        func unpath(_ operations: [SectionedDiffOperation]) -> [DiffOperation] {
            operations.map {
                switch $0 {
                case .delete(let at): return .delete(at.item)
                case .move(let from, let to): return .move(from.item, to.item)
                case .insert(let at, let new): return .insert(at.item, new: new.item)
                case .replace(let at, let new): return .replace(at.item, new: new.item)
                }
            }
        }
        XCTAssertEqual(unpath(sectioned.batchOperations), list.batchOperations, "\(old) → \(new)")
        XCTAssertEqual(unpath(sectioned.sequentialOperations), list.sequentialOperations, "\(old) → \(new)")
    }

    func testARepeatedItemStaysWhereItsSectionKeepsIt() {
        // "a" is in both old sections and only in the new second one: the
        // one there stays, the other is deleted (not moved across).
        XCTAssertEqual(script([["a", "b"], ["a"]], [["b"], ["a"]]), "delete 0:0\n")
        // Two "a" leave the first section: the one left moves within it.
        XCTAssertEqual(script([["a", "b", "a"], ["c"]], [["a", "b"], ["c", "a"]]), "move 0:2 1:1\n")
    }

    func testAKeylessItemMatchesNothing() {
        let diff = SectionedDiff(old: [["a", nil], [nil]], new: [[nil, "a"], []])
        XCTAssertEqual(diff.batchOperations, [.delete(p(0, 1)), .delete(p(1, 0)), .insert(p(0, 0), new: p(0, 0))])
    }

    func testAChangedItemIsReplacedWhereItStaysAndDeletedAndInsertedWhereItMoves() {
        let old = [["a", "b"], ["c"]], new = [["a", "b"], ["c"]]
        let changed: Set<String> = ["a", "c"]
        // "a" stays and changed; "c" changed too.
        let diff = SectionedDiff(old: old, new: new) { a, b in changed.contains(old[a.section][a.item]) && a == b }
        XCTAssertEqual(diff.batchOperations, [.replace(p(0, 0), new: p(0, 0)), .replace(p(1, 0), new: p(1, 0))])
        let moving = SectionedDiff(old: [["a", "b"], []], new: [["b"], ["a"]]) { a, _ in a.item == 0 }
        XCTAssertEqual(moving.batchOperations, [.delete(p(0, 0)), .insert(p(1, 0), new: p(1, 0))])
    }

    /// The model itself, on a batch worked out by hand.
    func testTheModelAppliesUIKitsRules() {
        let old = [["a", "b", "c"], ["x"]]
        XCTAssertEqual(SectionedBatchModel.batch(old, [.delete(p(0, 0)), .move(p(0, 2), p(1, 0)), .insert(p(0, 0), "n")]),
                       [["n", "b"], ["c", "x"]])
        // A destination past the end of its section, a source taken twice.
        XCTAssertNil(SectionedBatchModel.batch(old, [.move(p(0, 0), p(1, 2))]))
        XCTAssertNil(SectionedBatchModel.batch(old, [.delete(p(0, 0)), .move(p(0, 0), p(1, 0))]))
        XCTAssertEqual(SectionedBatchModel.fewest(old, [["c", "b"], ["x", "a"]]).operations, 2)
    }

    /// On small random sections, the diff's operation and move counts are
    /// the fewest that any batch reaches, and both its scripts give NEW.
    func testTheFewestOperationsAgainstEveryBatchOnSmallRandomSections() {
        var generator = SeededGenerator(seed: 45)
        let letters = ["a", "b", "c", "d"]
        var crossing = 0
        for round in 0..<1500 {
            let sectionCount = 1 + generator.below(3)
            func sections(total: Int) -> [[String]] {
                var result = Array(repeating: [String](), count: sectionCount)
                for _ in 0..<total { result[generator.below(sectionCount)].append(generator.pick(letters)) }
                return result
            }
            let old = sections(total: generator.below(6))
            let new = generator.chance(50)
                ? sections(total: generator.below(6))
                : { // The same items shuffled across the sections, one maybe changed.
                    var items = old.flatMap { $0 }.shuffled(using: &generator)
                    if !items.isEmpty && generator.chance(30) { items[0] = generator.pick(letters) }
                    var result = Array(repeating: [String](), count: sectionCount)
                    for item in items { result[generator.below(sectionCount)].append(item) }
                    return result
                }()
            let diff = SectionedDiff(old: old, new: new)
            let batch = diff.batchOperations, sequential = diff.sequentialOperations
            let expected = SectionedBatchModel.fewest(old, new)
            XCTAssertEqual(batch.count, expected.operations, "round \(round): \(old) → \(new)")
            XCTAssertEqual(diff.moveCount, expected.moves, "round \(round): \(old) → \(new)")
            XCTAssertEqual(sequential.count, batch.count, "round \(round)")
            XCTAssertEqual(SectionedBatchModel.batch(old, SectionedBatchModel.operations(batch, new: new)), new, "round \(round): \(old) → \(new)")
            XCTAssertEqual(SectionedBatchModel.sequential(old, SectionedBatchModel.operations(sequential, new: new)), new,
                           "round \(round): \(old) → \(new)")
            if batch.contains(where: { if case .move(let a, let b) = $0 { return a.section != b.section } else { return false } }) {
                crossing += 1
            }
        }
        // Moves across sections were among the cases.
        XCTAssertGreaterThan(crossing, 300)
    }

    /// Larger random sections: both scripts give NEW by the model.
    func testLargerRandomSectionsRoundTripThroughTheModel() {
        var generator = SeededGenerator(seed: 4545)
        for round in 0..<200 {
            let sectionCount = 1 + generator.below(5)
            let letters = (0..<(3 + generator.below(30))).map { "i\($0)" }
            func sections() -> [[String]] {
                (0..<sectionCount).map { _ in (0..<generator.below(12)).map { _ in generator.pick(letters) } }
            }
            let old = sections(), new = sections()
            let diff = SectionedDiff(old: old, new: new)
            XCTAssertEqual(SectionedBatchModel.batch(old, SectionedBatchModel.operations(diff.batchOperations, new: new)), new, "round \(round)")
            XCTAssertEqual(SectionedBatchModel.sequential(old, SectionedBatchModel.operations(diff.sequentialOperations, new: new)), new,
                           "round \(round)")
            XCTAssertEqual(diff.moveCount, diff.batchOperations.filter { if case .move = $0 { return true } else { return false } }.count)
            // Each operation one after another names the item it takes.
            var sections = old
            for (operation, item) in diff.sequentialOperationsWithItems {
                switch operation {
                case .delete(let at), .move(let at, _):
                    XCTAssertEqual(sections[at.section][at.item], old[item.section][item.item], "round \(round)")
                case .insert(_, let new), .replace(_, let new):
                    XCTAssertEqual(new, item)
                }
                sections = SectionedBatchModel.sequential(sections, SectionedBatchModel.operations([operation], new: new))!
            }
            XCTAssertEqual(sections, new)
        }
    }
}
