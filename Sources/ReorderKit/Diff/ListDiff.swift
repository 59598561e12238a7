/// The fewest operations that turn one list into another: items are
/// matched by a key (their text, or a value inside them), and the moves are
/// as few as any matching allows.
///
/// With `M` items matched (for each key, as many as both lists have), the
/// items of a longest common subsequence of the two lists stay where they
/// are and the other `M - LCS` matched items move; the old list's other
/// items are deleted and the new list's other items inserted. No matching
/// does better: each match saves a delete and an insert and costs at most
/// one move, and the items that do not move are a common subsequence. For
/// distinct keys the LCS is a longest increasing subsequence, found in
/// O(n log n); repeated keys add one step per pair of equal keys (Hunt and
/// Szymanski).
public struct ListDiff: Equatable, Sendable {
    /// An old item matched to a new one: source index `old`, destination
    /// `new`; `stays` when it is one of the items that do not move.
    public struct Match: Equatable, Sendable {
        public let old: Int
        public let new: Int
        public let stays: Bool
    }

    public let matches: [Match]
    /// Old items without a match (source indices, ascending).
    public let deleted: [Int]
    /// New items without a match (destination indices, ascending).
    public let inserted: [Int]
    /// Matched items that stay but changed (by `--key`, the same key with
    /// another text): replaced in their place.
    public let replaced: [Match]

    public var moveCount: Int { matches.lazy.filter { !$0.stays }.count }

    /// The diff of `old` and `new`, lists of keys. `changed(old, new)`:
    /// whether a matched pair differs beyond its key; such an item is
    /// replaced where it stays, and deleted and inserted where it would
    /// move (UIKit cannot reload a moving item either).
    public init<Key: Hashable>(old: [Key], new: [Key], changed: (Int, Int) -> Bool = { _, _ in false }) {
        // Where each key stands in the old list, ascending.
        var positions: [Key: [Int]] = [:]
        for (index, key) in old.enumerated() { positions[key, default: []].append(index) }
        // Hunt–Szymanski: walk the new list; for each of its items, the old
        // positions of its key, descending, extend increasing runs.
        // `tails[k]` is the smallest old index that ends a common
        // subsequence of length k + 1 so far; `links` remembers each step.
        var tails: [Int] = []
        var tailNodes: [Int] = []
        var nodes: [(old: Int, new: Int, previous: Int)] = []
        for (newIndex, key) in new.enumerated() {
            guard let olds = positions[key] else { continue }
            for oldIndex in olds.reversed() {
                var low = 0, high = tails.count
                while low < high {
                    let middle = (low + high) / 2
                    if tails[middle] < oldIndex { low = middle + 1 } else { high = middle }
                }
                let node = nodes.count
                nodes.append((oldIndex, newIndex, low > 0 ? tailNodes[low - 1] : -1))
                if low == tails.count {
                    tails.append(oldIndex)
                    tailNodes.append(node)
                } else {
                    tails[low] = oldIndex
                    tailNodes[low] = node
                }
            }
        }
        var staysOld = Set<Int>(), staysNew = Set<Int>()
        var node = tailNodes.last ?? -1
        var pairs: [(Int, Int)] = []
        while node >= 0 {
            pairs.append((nodes[node].old, nodes[node].new))
            staysOld.insert(nodes[node].old)
            staysNew.insert(nodes[node].new)
            node = nodes[node].previous
        }
        // The rest of the matching: for each key, the old occurrences not
        // kept with the new ones not kept, in order.
        var freeOld: [Key: [Int]] = [:]
        for (index, key) in old.enumerated() where !staysOld.contains(index) { freeOld[key, default: []].append(index) }
        var taken: [Key: Int] = [:]
        var matches: [Match] = pairs.reversed().map { Match(old: $0.0, new: $0.1, stays: true) }
        var inserted: [Int] = []
        for (newIndex, key) in new.enumerated() where !staysNew.contains(newIndex) {
            let next = taken[key, default: 0]
            if let olds = freeOld[key], next < olds.count {
                matches.append(Match(old: olds[next], new: newIndex, stays: false))
                taken[key] = next + 1
            } else {
                inserted.append(newIndex)
            }
        }
        var replaced: [Match] = []
        matches = matches.filter { match in
            guard changed(match.old, match.new) else { return true }
            if match.stays {
                replaced.append(match)
                return true
            }
            inserted.append(match.new)
            return false
        }
        matches.sort { $0.new < $1.new }
        inserted.sort()
        let matchedOld = Set(matches.map(\.old))
        self.matches = matches
        deleted = (0..<old.count).filter { !matchedOld.contains($0) }
        self.inserted = inserted
        self.replaced = replaced.sorted { $0.new < $1.new }
    }

    /// The operations in UIKit's batch index rules: sources count in the
    /// old list, destinations in the new one; any order.
    public var batchOperations: [DiffOperation] {
        var operations: [DiffOperation] = deleted.map { .delete($0) }
        for match in matches where !match.stays { operations.append(.move(match.old, match.new)) }
        operations += inserted.map { .insert($0, new: $0) }
        operations += replaced.map { .replace($0.old, new: $0.new) }
        return operations
    }

    /// The same change as operations applied one after another, each with
    /// the indices of the single commands (JSON Patch's order): the
    /// deletes, from the end; each moving item put after the item that
    /// precedes it in the new list; the inserts, in order. As many moves as
    /// the batch.
    public var sequentialOperations: [DiffOperation] {
        var operations: [DiffOperation] = deleted.reversed().map { .delete($0) }
        // The list after the deletes, as old indices.
        let gone = Set(deleted)
        var list = (0..<(matches.count + deleted.count)).filter { !gone.contains($0) }
        precondition(list.count == matches.count)
        var position: [Int: Int] = [:]
        func reindex() { for (index, old) in list.enumerated() { position[old] = index } }
        reindex()
        // The matched items in the new list's order.
        for (k, match) in matches.enumerated() where !match.stays {
            let from = position[match.old]!
            list.remove(at: from)
            let to = k == 0 ? 0 : list.firstIndex(of: matches[k - 1].old)! + 1
            list.insert(match.old, at: to)
            reindex()
            operations.append(.move(from, to))
        }
        operations += inserted.map { .insert($0, new: $0) }
        operations += replaced.map { .replace($0.new, new: $0.new) }
        return operations
    }
}

/// One operation of a diff, by index. `insert`'s `new` is the new list's
/// item it adds.
public enum DiffOperation: Equatable, Sendable {
    case delete(Int)
    case move(Int, Int)
    case insert(Int, new: Int)
    case replace(Int, new: Int)
}

extension ListDiff {
    /// The operations as a script that `reorder batch -f` reads (with
    /// `--sequential` when `sequential`): one a line; `value(j)` is the
    /// text of the new list's item `j`, as `insert` takes it.
    public func script(sequential: Bool, value: (Int) -> [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for operation in sequential ? sequentialOperations : batchOperations {
            switch operation {
            case .delete(let index): out += Array("delete \(index)".utf8)
            case .move(let from, let to): out += Array("move \(from) \(to)".utf8)
            case .insert(let at, let new): out += Array("insert \(at) ".utf8) + value(new)
            case .replace(let at, let new): out += Array("replace \(at) ".utf8) + value(new)
            }
            out.append(0x0A)
        }
        return out
    }
}
