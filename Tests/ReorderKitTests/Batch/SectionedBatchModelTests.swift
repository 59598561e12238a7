import ReorderKit
import XCTest

/// Sectioned batches (`batch -p A -p B` with index paths `S:I`) against a
/// model of UIKit's batch-update rules written out plainly here: random
/// sections of random items, random deletes, inserts, moves and swaps,
/// valid or clashing; the model's result and reorder's must be equal, and
/// a batch the model refuses reorder must refuse for the same reason,
/// naming the same operations.
final class SectionedBatchModelTests: XCTestCase {
    enum Op {
        case delete(Int, Int)
        case insert(Int, Int, String)
        case move(Int, Int, Int, Int)
        case swap(Int, Int, Int, Int)

        var text: String {
            switch self {
            case .delete(let s, let i): return "delete \(s):\(i)"
            case .insert(let s, let i, let value): return "insert \(s):\(i) \"\(value)\""
            case .move(let s, let i, let t, let j): return "move \(s):\(i) \(t):\(j)"
            case .swap(let s, let i, let t, let j): return "swap \(s):\(i) \(t):\(j)"
            }
        }
    }

    /// Why a batch is refused, by operation numbers (0-based).
    enum Refusal: Error, Equatable {
        case sourceOutOfRange(op: Int)
        case usedTwice(section: Int, item: Int, first: Int, second: Int)
        case outside(section: Int, op: Int)
        case claimedTwice(section: Int, position: Int, first: Int, second: Int)
    }

    /// UIKit's rules: sources name items before the batch, destinations
    /// positions after it; items not used keep their order in the free
    /// positions of their section.
    func model(_ sections: [[String]], _ ops: [Op]) -> Result<[[String]], Refusal> {
        struct Path: Hashable, Comparable {
            var s: Int, i: Int
            static func < (a: Path, b: Path) -> Bool { (a.s, a.i) < (b.s, b.i) }
        }
        enum Content { case item(Path), value(String) }
        // 1. Every source, in the order of the operations.
        func source(_ s: Int, _ i: Int) -> Int? {
            let n = sections[s].count
            let k = i < 0 ? n + i : i
            return k >= 0 && k < n ? k : nil
        }
        var users: [Path: [Int]] = [:]
        // (section, index as written, what goes there, op)
        var claims: [(Int, Int, Content, Int)] = []
        for (k, op) in ops.enumerated() {
            switch op {
            case .delete(let s, let i):
                guard let a = source(s, i) else { return .failure(.sourceOutOfRange(op: k)) }
                users[Path(s: s, i: a), default: []].append(k)
            case .insert(let s, let i, let value):
                claims.append((s, i, .value(value), k))
            case .move(let s, let i, let t, let j):
                guard let a = source(s, i) else { return .failure(.sourceOutOfRange(op: k)) }
                users[Path(s: s, i: a), default: []].append(k)
                claims.append((t, j, .item(Path(s: s, i: a)), k))
            case .swap(let s, let i, let t, let j):
                guard let a = source(s, i) else { return .failure(.sourceOutOfRange(op: k)) }
                guard let b = source(t, j) else { return .failure(.sourceOutOfRange(op: k)) }
                if s == t && a == b { continue }
                users[Path(s: s, i: a), default: []].append(k)
                users[Path(s: t, i: b), default: []].append(k)
                claims.append((t, j, .item(Path(s: s, i: a)), k))
                claims.append((s, i, .item(Path(s: t, i: b)), k))
            }
        }
        // 2. No item used twice: the first such item, by its path.
        if let twice = users.filter({ $0.value.count > 1 }).keys.sorted().first {
            let ops = users[twice]!
            return .failure(.usedTwice(section: twice.s, item: twice.i, first: ops[0], second: ops[1]))
        }
        // 3. The sections' lengths after the batch.
        var counts = sections.map(\.count)
        for path in users.keys { counts[path.s] -= 1 }
        for claim in claims { counts[claim.0] += 1 }
        // 4. Every destination inside its section, in the order of the
        // operations; no position claimed twice.
        var placed: [Path: [(Content, Int)]] = [:]
        for (s, j, content, k) in claims {
            let position = j < 0 ? counts[s] + j : j
            guard position >= 0 && position < counts[s] else { return .failure(.outside(section: s, op: k)) }
            placed[Path(s: s, i: position), default: []].append((content, k))
        }
        if let twice = placed.filter({ $0.value.count > 1 }).keys.sorted().first {
            let claimers = placed[twice]!
            return .failure(.claimedTwice(section: twice.s, position: twice.i, first: claimers[0].1, second: claimers[1].1))
        }
        // 5. The rest fill the free positions.
        var result: [[String]] = []
        for s in sections.indices {
            var rest = sections[s].indices.filter { users[Path(s: s, i: $0)] == nil }.map { sections[s][$0] }[...]
            var list: [String] = []
            for position in 0..<counts[s] {
                if let claimed = placed[Path(s: s, i: position)] {
                    switch claimed[0].0 {
                    case .item(let path): list.append(sections[path.s][path.i])
                    case .value(let value): list.append(value)
                    }
                } else {
                    list.append(rest.removeFirst())
                }
            }
            result.append(list)
        }
        return .success(result)
    }

    func testRandomSectionedBatchesAgainstTheModel() throws {
        var random = SeededGenerator(seed: 45)
        var refused = 0, applied = 0
        for round in 0..<3000 {
            let sectionCount = 1 + random.below(4)
            var sections: [[String]] = []
            for s in 0..<sectionCount { sections.append((0..<random.below(6)).map { "s\(s)i\($0)" }) }
            var ops: [Op] = []
            var fresh = 0
            for _ in 0..<(1 + random.below(5)) {
                let s = random.below(sectionCount), t = random.below(sectionCount)
                // Sources mostly in range; destinations around the ends.
                func source(_ s: Int) -> Int {
                    let n = sections[s].count
                    return random.below(n + 2) - (random.chance(30) ? n + 1 : 0)
                }
                func destination(_ s: Int) -> Int {
                    let n = sections[s].count
                    return random.below(n + 3) - (random.chance(30) ? n + 2 : 0)
                }
                switch random.below(4) {
                case 0: ops.append(.delete(s, source(s)))
                case 1:
                    fresh += 1
                    ops.append(.insert(s, destination(s), "new\(fresh)"))
                case 2: ops.append(.move(s, source(s), t, destination(t)))
                default: ops.append(.swap(s, source(s), t, source(t)))
                }
            }
            let expected = model(sections, ops)
            let document = "{" + sections.enumerated().map { s, items in
                "\"l\(s)\": [" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            }.joined(separator: ", ") + "}"
            let pointers = (0..<sectionCount).map { "/l\($0)" }
            let operations = try ops.enumerated().map {
                try SectionedOperation(parsing: Array($0.element.text.utf8), origin: .expression($0.offset + 1))
            }
            func number(_ reference: BatchOperationReference) -> Int {
                guard case .expression(let n) = reference.origin else { return -1 }
                return n - 1
            }
            let context = "round \(round): \(sections) \(ops.map(\.text))"
            try Array(document.utf8).withUnsafeBytes { buffer in
                let sectioned = try SectionedDocument(buffer, format: .json, options: ReadOptions(format: .named(.json)),
                                                      pointers: pointers)
                let got: Result<[[SectionedItem]], Refusal>
                do {
                    got = .success(try sectioned.result(of: operations, sequential: false, options: EditOptions()))
                } catch let error as BatchError {
                    switch error {
                    case .invalidArgument(let reference, _): got = .failure(.sourceOutOfRange(op: number(reference)))
                    case .pathUsedTwice(let path, let first, let second, _):
                        got = .failure(.usedTwice(section: path.section, item: path.item, first: number(first), second: number(second)))
                    case .pathClaimedTwice(let path, let first, let second, _):
                        got = .failure(.claimedTwice(section: path.section, position: path.item,
                                                     first: number(first), second: number(second)))
                    case .destinationOutsideSection(let section, _, _, let operation):
                        got = .failure(.outside(section: section, op: number(operation)))
                    default:
                        XCTFail("\(context): \(error)")
                        return
                    }
                }
                switch (expected, got) {
                case (.failure(let a), .failure(let b)):
                    XCTAssertEqual(a, b, context)
                    refused += 1
                case (.success(let a), .success(let b)):
                    let labels = b.map { items in
                        items.map { item -> String in
                            switch item {
                            case .existing(let path): return sections[path.section][path.item]
                            case .new(let value): return String(decoding: value.dropFirst().dropLast(), as: UTF8.self)
                            }
                        }
                    }
                    XCTAssertEqual(a, labels, context)
                    applied += 1
                    // The document written: each list reads back as the model's.
                    if round % 3 == 0 {
                        guard let output = try sectioned.apply(b) else {
                            XCTAssertEqual(a, sections, context)
                            return
                        }
                        try output.withUnsafeBytes { again in
                            let read = try SectionedDocument(again, format: .json, options: ReadOptions(format: .named(.json)),
                                                             pointers: pointers)
                            for s in 0..<sectionCount {
                                let texts = (0..<read.count(ofSection: s)).map {
                                    String(decoding: read.list(s).itemBytes($0), as: UTF8.self)
                                }
                                XCTAssertEqual(texts, a[s].map { "\"\($0)\"" }, context)
                            }
                        }
                    }
                default:
                    XCTFail("\(context): the model says \(expected), reorder \(got)")
                }
            }
        }
        // Both kinds are well represented.
        XCTAssertGreaterThan(refused, 500)
        XCTAssertGreaterThan(applied, 300)
    }
    /// `--sequential`: each operation on the lists the one before left,
    /// with the indices of the single commands (a destination counts among
    /// the places the item can take); any index outside is refused.
    struct Refused: Error, Equatable { var op: Int }

    func sequentialModel(_ sections: [[String]], _ ops: [Op]) -> Result<[[String]], Refused> {
        var lists = sections
        for (k, op) in ops.enumerated() {
            func index(_ i: Int, among n: Int) -> Int? {
                let a = i < 0 ? n + i : i
                return a >= 0 && a < n ? a : nil
            }
            switch op {
            case .delete(let s, let i):
                guard let a = index(i, among: lists[s].count) else { return .failure(Refused(op: k)) }
                lists[s].remove(at: a)
            case .insert(let s, let i, let value):
                guard let a = index(i, among: lists[s].count + 1) else { return .failure(Refused(op: k)) }
                lists[s].insert(value, at: a)
            case .move(let s, let i, let t, let j):
                guard let a = index(i, among: lists[s].count) else { return .failure(Refused(op: k)) }
                let places = lists[t].count + (s == t ? 0 : 1)
                guard let b = index(j, among: places) else { return .failure(Refused(op: k)) }
                let item = lists[s].remove(at: a)
                lists[t].insert(item, at: b)
            case .swap(let s, let i, let t, let j):
                guard let a = index(i, among: lists[s].count), let b = index(j, among: lists[t].count) else { return .failure(Refused(op: k)) }
                let item = lists[s][a]
                lists[s][a] = lists[t][b]
                lists[t][b] = item
            }
        }
        return .success(lists)
    }

    func testRandomSequentialBatchesAgainstTheModel() throws {
        var random = SeededGenerator(seed: 4545)
        var refused = 0, applied = 0
        for round in 0..<2000 {
            let sectionCount = 1 + random.below(3)
            var sections: [[String]] = []
            for s in 0..<sectionCount { sections.append((0..<random.below(5)).map { "s\(s)i\($0)" }) }
            var ops: [Op] = []
            for n in 0..<(1 + random.below(5)) {
                let s = random.below(sectionCount), t = random.below(sectionCount)
                let i = random.below(6) - 3, j = random.below(6) - 3
                switch random.below(4) {
                case 0: ops.append(.delete(s, i))
                case 1: ops.append(.insert(s, i, "new\(n)"))
                case 2: ops.append(.move(s, i, t, j))
                default: ops.append(.swap(s, i, t, j))
                }
            }
            let expected = sequentialModel(sections, ops)
            let document = "{" + sections.enumerated().map { s, items in
                "\"l\(s)\": [" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            }.joined(separator: ", ") + "}"
            let operations = try ops.enumerated().map {
                try SectionedOperation(parsing: Array($0.element.text.utf8), origin: .expression($0.offset + 1))
            }
            let context = "round \(round): \(sections) \(ops.map(\.text))"
            try Array(document.utf8).withUnsafeBytes { buffer in
                let sectioned = try SectionedDocument(buffer, format: .json, options: ReadOptions(format: .named(.json)),
                                                      pointers: (0..<sectionCount).map { "/l\($0)" })
                do {
                    let result = try sectioned.result(of: operations, sequential: true, options: EditOptions())
                    let labels = result.map { items in
                        items.map { item -> String in
                            switch item {
                            case .existing(let path): return sections[path.section][path.item]
                            case .new(let value): return String(decoding: value.dropFirst().dropLast(), as: UTF8.self)
                            }
                        }
                    }
                    XCTAssertEqual(expected, .success(labels), context)
                    applied += 1
                } catch BatchError.invalidArgument(let reference, _) {
                    guard case .expression(let n) = reference.origin else { return XCTFail(context) }
                    XCTAssertEqual(expected, .failure(Refused(op: n - 1)), context)
                    refused += 1
                }
            }
        }
        XCTAssertGreaterThan(refused, 300)
        XCTAssertGreaterThan(applied, 300)
    }
}
