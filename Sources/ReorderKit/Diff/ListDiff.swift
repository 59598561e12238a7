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
        // 32-bit indices: a million matches take 12 MB, not 24.
        private let oldIndex: Int32
        private let newIndex: Int32
        public let stays: Bool
        public var old: Int { Int(oldIndex) }
        public var new: Int { Int(newIndex) }

        public init(old: Int, new: Int, stays: Bool) {
            oldIndex = Int32(truncatingIfNeeded: old)
            newIndex = Int32(truncatingIfNeeded: new)
            self.stays = stays
        }
    }

    /// For each new item, the old item it is matched to, or -1; and
    /// whether it is one that stays. (Kept so, not as `matches`: a million
    /// matches in two arrays that the diff had already.)
    private let matchOf: [Int32]
    private let staysNew: [Bool]
    /// The matched items, in the new list's order.
    public var matches: [Match] {
        matchOf.indices.compactMap { new in
            matchOf[new] < 0 ? nil : Match(old: Int(matchOf[new]), new: new, stays: staysNew[new])
        }
    }
    /// Old items without a match (source indices, ascending).
    public let deleted: [Int]
    /// New items without a match (destination indices, ascending).
    public let inserted: [Int]
    /// Matched items that stay but changed (by `--key`, the same key with
    /// another text): replaced in their place.
    public let replaced: [Match]

    public var moveCount: Int { matchOf.indices.lazy.filter { self.matchOf[$0] >= 0 && !self.staysNew[$0] }.count }

    /// The moves: matched items that do not stay, in the new list's order.
    var moves: [Match] {
        matchOf.indices.compactMap { new in
            matchOf[new] < 0 || staysNew[new] ? nil : Match(old: Int(matchOf[new]), new: new, stays: false)
        }
    }

    /// The diff of `old` and `new`, lists of keys. `changed(old, new)`:
    /// whether a matched pair differs beyond its key; such an item is
    /// replaced where it stays, and deleted and inserted where it would
    /// move (UIKit cannot reload a moving item either).
    public init<Key: Hashable>(old: [Key], new: [Key], changed: ((Int, Int) -> Bool)? = nil) {
        var ids: [Key: Int] = [:]
        let oldIDs = old.map { key -> Int in
            if let id = ids[key] { return id }
            ids[key] = ids.count
            return ids.count - 1
        }
        let newIDs = new.map { ids[$0] ?? -1 }
        var taken = Set<Int>()
        if ids.count == old.count && newIDs.allSatisfy({ $0 < 0 || taken.insert($0).inserted }) {
            self.init(distinctOldCount: old.count, newIDs: newIDs, changed: changed)
        } else {
            self.init(oldIDs: oldIDs, newIDs: newIDs, idCount: ids.count, changed: changed)
        }
    }

    /// The diff of two lists numbered by `KeyNumbers`.
    public init(_ numbers: KeyNumbers, changed: ((Int, Int) -> Bool)? = nil) {
        if numbers.distinct {
            self.init(distinctOldCount: numbers.oldCount, newIDs: numbers.new, changed: changed)
        } else {
            self.init(oldIDs: numbers.old, newIDs: numbers.new.map(Int.init), idCount: numbers.idCount, changed: changed)
        }
    }

    /// The diff when every old key is different, so that a key's number is
    /// its old index (`newIDs[j]`: the old index of new item j, or -1), and
    /// no two new items have the same one: the
    /// items that stay are a longest increasing subsequence of those
    /// indices, in O(n log n), and O(1) for each item that extends the
    /// longest run so far, as most do when the lists differ by a few moves.
    init<ID: FixedWidthInteger>(distinctOldCount oldCount: Int, newIDs new: [ID], changed: ((Int, Int) -> Bool)?) {
        let stays = ListDiff.staying(distinctOldCount: oldCount, newIDs: new)
        var matchOf: [Int32]
        if ID.self == Int32.self {
            // SAFETY: `ID` is Int32 here (checked just above), so the array is reinterpreted as its own type.
            matchOf = unsafeBitCast(new, to: [Int32].self)
        } else {
            matchOf = new.map { Int32(truncatingIfNeeded: $0) }
        }
        var matchedOld = [Bool](repeating: false, count: oldCount)
        var inserted: [Int] = []
        var replaced: [Match] = []
        if let changed {
            for newIndex in new.indices {
                let id = Int(new[newIndex])
                guard id >= 0 else {
                    inserted.append(newIndex)
                    continue
                }
                ListDiff.accept(Match(old: id, new: newIndex, stays: stays[newIndex]), changed: changed,
                                matchOf: &matchOf, replaced: &replaced, inserted: &inserted, matchedOld: &matchedOld)
            }
        } else {
            // Without `changed`, every match is kept as it is.
            // SAFETY: the storage of `matchOf` is only read inside the closure, and no pointer to it leaves it.
            matchOf.withUnsafeBufferPointer { matchOf in
                // SAFETY: the closure has the storage of `matchedOld` to itself (exclusive access), and no pointer to it leaves it.
                matchedOld.withUnsafeMutableBufferPointer { matchedOld in
                    for newIndex in 0..<matchOf.count {
                        let id = Int(matchOf[newIndex])
                        if id >= 0 { matchedOld[id] = true } else { inserted.append(newIndex) }
                    }
                }
            }
        }
        self.init(matchOf: matchOf, staysNew: stays, matchedOld: matchedOld, inserted: inserted, replaced: replaced)
    }

    /// Which new items stay: a longest increasing subsequence of their old
    /// indices (`newIDs`, -1 for none; no index twice). Lists a few moves
    /// apart are long stretches of items whose old indices rise by one, and
    /// a longest increasing subsequence takes such a stretch whole or not
    /// at all (were it to take one item of it and not the next, that next
    /// item would fit after it and make it longer): so it is found among
    /// the stretches, weighted by their lengths, in O(s log s) for s
    /// stretches. Lists far apart, with stretches of an item or two, take
    /// the items one by one.
    static func staying<ID: FixedWidthInteger>(distinctOldCount oldCount: Int, newIDs new: [ID]) -> [Bool] {
        // The stretches: each one's first new index, and the new index
        // after its last.
        var starts: [Int32] = [], ends: [Int32] = []
        let most = new.count / 8
        // SAFETY: the storage of `new` is only read inside the closure, and no pointer to it leaves it.
        let tooMany: Bool = new.withUnsafeBufferPointer { new in
            var start = -1, previousID = -2
            for newIndex in 0..<new.count {
                let id = Int(new[newIndex])
                if id == previousID + 1 && id >= 0 {
                    previousID = id
                    continue
                }
                if start >= 0 {
                    if starts.count == most { return true }
                    starts.append(Int32(truncatingIfNeeded: start))
                    ends.append(Int32(truncatingIfNeeded: newIndex))
                }
                start = id >= 0 ? newIndex : -1
                previousID = id >= 0 ? id : -2
            }
            if start >= 0 {
                starts.append(Int32(truncatingIfNeeded: start))
                ends.append(Int32(truncatingIfNeeded: new.count))
            }
            return false
        }
        if tooMany { return staying(oneByOne: new, oldCount: oldCount) }
        // The heaviest increasing run of stretches by their first old
        // index: a Fenwick tree over those indices' ranks keeps, for each
        // prefix of ranks, the heaviest run that ends there and its last
        // stretch.
        let count = starts.count
        var order = Array(0..<count)
        order.sort { new[Int(starts[$0])] < new[Int(starts[$1])] }
        var rank = [Int32](repeating: 0, count: count)
        for (position, stretch) in order.enumerated() { rank[stretch] = Int32(truncatingIfNeeded: position) }
        var treeWeight = [Int](repeating: 0, count: count + 1)
        var treeStretch = [Int32](repeating: -1, count: count + 1)
        var previous = [Int32](repeating: -1, count: count)
        var best = 0, bestStretch: Int32 = -1
        for stretch in 0..<count {
            // The heaviest run among ranks below this one.
            var weight = 0, before: Int32 = -1
            var i = Int(rank[stretch])
            while i > 0 {
                if treeWeight[i] > weight {
                    weight = treeWeight[i]
                    before = treeStretch[i]
                }
                i -= i & -i
            }
            previous[stretch] = before
            weight += Int(ends[stretch] - starts[stretch])
            if weight > best {
                best = weight
                bestStretch = Int32(truncatingIfNeeded: stretch)
            }
            i = Int(rank[stretch]) + 1
            while i <= count {
                if weight > treeWeight[i] {
                    treeWeight[i] = weight
                    treeStretch[i] = Int32(truncatingIfNeeded: stretch)
                }
                i += i & -i
            }
        }
        var stays = [Bool](repeating: false, count: new.count)
        // SAFETY: the closure has the storage of `stays` to itself (exclusive access), and no pointer to it leaves it.
        stays.withUnsafeMutableBufferPointer { stays in
            var stretch = Int(bestStretch)
            while stretch >= 0 {
                let start = Int(starts[stretch])
                (stays.baseAddress! + start).update(repeating: true, count: Int(ends[stretch]) - start)
                stretch = Int(previous[stretch])
            }
        }
        return stays
    }

    /// `staying` for lists far apart: patience sorting, item by item.
    private static func staying<ID: FixedWidthInteger>(oneByOne new: [ID], oldCount: Int) -> [Bool] {
        // `previous[j]`: the new index before j in its run.
        var runs = IncreasingRuns(capacity: min(oldCount, new.count))
        // Set for every new item with an old one before it is read.
        var previous = [Int32](unsafeUninitializedCapacity: new.count) { _, count in count = new.count }
        for (newIndex, id) in new.enumerated() where id >= 0 {
            previous[newIndex] = runs.extend(with: Int32(truncatingIfNeeded: id), node: Int32(truncatingIfNeeded: newIndex))
        }
        var stays = [Bool](repeating: false, count: new.count)
        var node = Int(runs.lastNode)
        while node >= 0 {
            stays[node] = true
            node = Int(previous[node])
        }
        return stays
    }

    private init(matchOf: [Int32], staysNew: [Bool], matchedOld: [Bool], inserted: [Int], replaced: [Match]) {
        self.matchOf = matchOf
        self.staysNew = staysNew
        deleted = matchedOld.indices.filter { !matchedOld[$0] }
        self.inserted = inserted
        self.replaced = replaced
    }

    /// The diff of a matching made elsewhere (`SectionedDiff`): for each
    /// new item, the old item it is matched to or -1 (no old item twice),
    /// and whether it stays (the staying ones increasing in both lists);
    /// `changed` as in the other initializers.
    init(matchOf given: [Int32], staysNew: [Bool], oldCount: Int, changed: ((Int, Int) -> Bool)?) {
        var matchOf = given
        var matchedOld = [Bool](repeating: false, count: oldCount)
        var inserted: [Int] = []
        var replaced: [Match] = []
        for newIndex in given.indices {
            let old = Int(given[newIndex])
            guard old >= 0 else {
                inserted.append(newIndex)
                continue
            }
            ListDiff.accept(Match(old: old, new: newIndex, stays: staysNew[newIndex]), changed: changed,
                            matchOf: &matchOf, replaced: &replaced, inserted: &inserted, matchedOld: &matchedOld)
        }
        self.init(matchOf: matchOf, staysNew: staysNew, matchedOld: matchedOld, inserted: inserted, replaced: replaced)
    }

    /// The diff of two lists of key numbers (`0..<idCount`; a new item's
    /// key that no old item has is -1).
    public init(oldIDs old: [Int], newIDs new: [Int], idCount: Int, changed: ((Int, Int) -> Bool)? = nil) {
        // Each key's old positions, ascending, side by side in one array
        // (a counting sort by key): no hashing once keys are numbers, and
        // 32-bit numbers, so that a million items touch little memory.
        var bucketStart = [Int32](repeating: 0, count: idCount + 1)
        for id in old { bucketStart[id + 1] += 1 }
        for id in 0..<idCount { bucketStart[id + 1] += bucketStart[id] }
        var positions = [Int32](repeating: 0, count: old.count)
        do {
            var fill = bucketStart
            for (index, id) in old.enumerated() {
                positions[Int(fill[id])] = Int32(truncatingIfNeeded: index)
                fill[id] += 1
            }
        }
        // Hunt–Szymanski: walk the new list; for each of its items, the old
        // positions of its key, descending, extend increasing runs; `nodes`
        // remember each step.
        var runs = IncreasingRuns(capacity: 0)
        var nodeOld: [Int32] = [], nodeNew: [Int32] = [], nodePrevious: [Int32] = []
        nodeOld.reserveCapacity(new.count)
        nodeNew.reserveCapacity(new.count)
        nodePrevious.reserveCapacity(new.count)
        for (newIndex, id) in new.enumerated() where id >= 0 {
            var position = Int(bucketStart[id + 1]) - 1
            let first = Int(bucketStart[id])
            while position >= first {
                let oldIndex = positions[position]
                nodePrevious.append(runs.extend(with: oldIndex, node: Int32(truncatingIfNeeded: nodeOld.count)))
                nodeOld.append(oldIndex)
                nodeNew.append(Int32(truncatingIfNeeded: newIndex))
                position -= 1
            }
        }
        // The items that stay: each new one's old index, or -1.
        var staysOld = [Bool](repeating: false, count: old.count)
        var keptOld = [Int32](repeating: -1, count: new.count)
        var node = Int(runs.lastNode)
        while node >= 0 {
            staysOld[Int(nodeOld[node])] = true
            keptOld[Int(nodeNew[node])] = nodeOld[node]
            node = Int(nodePrevious[node])
        }
        // The rest of the matching: for each key, the old occurrences not
        // kept with the new ones not kept, in order.
        var cursor = bucketStart
        var matchedOld = [Bool](repeating: false, count: old.count)
        var matchOf = [Int32](repeating: -1, count: new.count)
        var staysNew = [Bool](repeating: false, count: new.count)
        var inserted: [Int] = []
        var replaced: [Match] = []
        for (newIndex, id) in new.enumerated() {
            var match: Match? = nil
            if keptOld[newIndex] >= 0 {
                match = Match(old: Int(keptOld[newIndex]), new: newIndex, stays: true)
            } else if id >= 0 {
                var position = Int(cursor[id])
                let end = Int(bucketStart[id + 1])
                while position < end && staysOld[Int(positions[position])] { position += 1 }
                if position < end {
                    match = Match(old: Int(positions[position]), new: newIndex, stays: false)
                    position += 1
                }
                cursor[id] = Int32(truncatingIfNeeded: position)
            }
            guard let found = match else {
                inserted.append(newIndex)
                continue
            }
            matchOf[newIndex] = Int32(truncatingIfNeeded: found.old)
            staysNew[newIndex] = found.stays
            ListDiff.accept(found, changed: changed, matchOf: &matchOf, replaced: &replaced, inserted: &inserted,
                            matchedOld: &matchedOld)
        }
        self.init(matchOf: matchOf, staysNew: staysNew, matchedOld: matchedOld, inserted: inserted, replaced: replaced)
    }

    /// A matched pair (`matchOf[found.new]` is `found.old`): kept, and
    /// replaced where it stays and changed; where it would move and
    /// changed, an insert (its old item is deleted).
    private static func accept(_ found: Match, changed: ((Int, Int) -> Bool)?, matchOf: inout [Int32],
                               replaced: inout [Match], inserted: inout [Int], matchedOld: inout [Bool]) {
        if let changed, changed(found.old, found.new) {
            guard found.stays else {
                matchOf[found.new] = -1
                inserted.append(found.new)
                return
            }
            replaced.append(found)
        }
        matchedOld[found.old] = true
    }

    /// The operations in UIKit's batch index rules: sources count in the
    /// old list, destinations in the new one; any order.
    public var batchOperations: [DiffOperation] {
        var operations: [DiffOperation] = deleted.map { .delete($0) }
        for match in moves { operations.append(.move(match.old, match.new)) }
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
        // After the deletes, the list is the matched items in the old
        // order. A moving item is put right after its predecessor in the new
        // order, so every item's place is (base, sub): base b ≥ 1 is the
        // rank (1-based) of the item that stands there from the start, base
        // 0 is "before them all"; sub is 0 for that item itself and 1, 2, …
        // for the moved items chained after it. A Fenwick tree counts the
        // items at each base, so each move's indices cost O(log n).
        let matches = self.matches
        let n = matches.count
        let oldCount = n + deleted.count
        var base = [Int](repeating: 0, count: oldCount)
        var sub = [Int](repeating: 0, count: oldCount)
        var rank = 0
        var isMatched = [Bool](repeating: false, count: oldCount)
        for match in matches { isMatched[match.old] = true }
        for old in 0..<oldCount where isMatched[old] {
            rank += 1
            base[old] = rank
        }
        var tree = [Int](repeating: 0, count: n + 2)
        func add(_ position: Int, _ delta: Int) {
            var i = position + 1
            while i <= n + 1 { tree[i] += delta; i += i & -i }
        }
        /// The number of items at bases below `position`.
        func before(_ position: Int) -> Int {
            var i = position, sum = 0
            while i > 0 { sum += tree[i]; i -= i & -i }
            return sum
        }
        for position in 1...max(n, 1) where position <= n { add(position, 1) }
        var atOwnPlace = [Bool](repeating: true, count: n + 1)
        atOwnPlace[0] = false
        func index(_ old: Int) -> Int {
            let b = base[old], s = sub[old]
            if s == 0 { return before(b) }
            return before(b) + (atOwnPlace[b] ? 1 : 0) + (s - 1)
        }
        for (k, match) in matches.enumerated() where !match.stays {
            let from = index(match.old)
            add(base[match.old], -1)
            if sub[match.old] == 0 { atOwnPlace[base[match.old]] = false }
            if k == 0 {
                base[match.old] = 0
                sub[match.old] = 1
            } else {
                let previous = matches[k - 1].old
                base[match.old] = base[previous]
                sub[match.old] = sub[previous] + 1
            }
            add(base[match.old], 1)
            operations.append(.move(from, index(match.old)))
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
    /// text of the new list's item `j`, as `insert` takes it. `source(i)`,
    /// when given, is how the old list's item `i` is named where an
    /// operation takes it (`delete`, `move`'s FROM): a selector such as
    /// `=VALUE`, or nil for its index. `base`: the number of the first
    /// item (1 for `--one-based`).
    public func script(sequential: Bool, source: ((Int) -> [UInt8]?)? = nil, base: Int = 0,
                       value: (Int) -> [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        func named(_ index: Int) -> [UInt8] { source?(index) ?? Array(String(index + base).utf8) }
        for operation in sequential ? sequentialOperations : batchOperations {
            switch operation {
            case .delete(let index): out += Array("delete ".utf8) + named(index)
            case .move(let from, let to): out += Array("move ".utf8) + named(from) + Array(" \(to + base)".utf8)
            case .insert(let at, let new): out += Array("insert \(at + base) ".utf8) + value(new)
            case .replace(let at, let new): out += Array("replace \(at + base) ".utf8) + value(new)
            }
            out.append(0x0A)
        }
        return out
    }
}

/// Patience sorting, the step of a longest increasing subsequence: the
/// smallest value that ends an increasing run of each length so far, and
/// the node (whatever the caller numbers its steps by) that put it there.
struct IncreasingRuns {
    private var tails: [Int32] = []
    private var tailNodes: [Int32] = []

    init(capacity: Int) {
        tails.reserveCapacity(capacity)
        tailNodes.reserveCapacity(capacity)
    }

    /// Ends a run with `value` (step `node`); returns the node before it in
    /// its run, or -1. Lists that differ by a few moves mostly extend the
    /// longest run: that is tried before a binary search.
    @inline(__always)
    mutating func extend(with value: Int32, node: Int32) -> Int32 {
        var low: Int
        if tails.isEmpty || tails[tails.count - 1] < value {
            low = tails.count
        } else {
            low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) >> 1
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
        }
        let previous = low > 0 ? tailNodes[low - 1] : -1
        if low == tails.count {
            tails.append(value)
            tailNodes.append(node)
        } else {
            tails[low] = value
            tailNodes[low] = node
        }
        return previous
    }

    /// The node that ends a longest run, or -1.
    var lastNode: Int32 { tailNodes.last ?? -1 }
}
