/// The fewest operations that turn several lists (sections 0, 1, …) into
/// the same lists with other items, by UIKit's sectioned batch rules: an
/// item found in another list is one cross-section move, not a delete and
/// an insert.
///
/// Items are matched by key across all the lists (for each key, as many
/// as both sides have). An item stays, that is, is named by no
/// operation, only when it is in the same section on both sides, and the
/// items that stay in one section are a common subsequence of that
/// section's old and new items; every other matched item moves. So the
/// items that stay in section s are at most LCS(old s, new s), and all
/// sections reach that bound at once: their items are different items.
/// Taking, in each section, a longest common subsequence of its old and
/// new keys, then matching the rest of each key's occurrences (same
/// section first, then in order) matches min(old, new) occurrences of
/// every key, as many as any matching can: the script has the fewest
/// deletes and inserts and, among them, the fewest moves; and every match
/// saves a delete and an insert for at most one move, so no script with
/// fewer matches does better. With one section this is `ListDiff`.
///
/// The work is done on one list, the sections laid end to end, each
/// after a header item that matches its own header and stays: the
/// operations of `ListDiff` on it, read back as index paths.
public struct SectionedDiff: Sendable {
    /// Each section's item count, before and after.
    public let oldCounts: [Int]
    public let newCounts: [Int]
    /// The sections laid end to end, each after its header.
    let flat: ListDiff

    /// The diff of `old` and `new` (the same number of sections): each
    /// item's key, nil for one that matches nothing (an item without a
    /// value at `--key`). `changed(a, b)`: whether a matched pair differs
    /// beyond its key; replaced where it stays, deleted and inserted where
    /// it would move.
    public init<Key: Hashable>(old: [[Key?]], new: [[Key?]], changed: ((ItemPath, ItemPath) -> Bool)? = nil) {
        precondition(old.count == new.count, "the same sections on both sides")
        oldCounts = old.map(\.count)
        newCounts = new.map(\.count)
        // Keys as numbers; an old item without a key gets one of its own
        // that no new item has, a new one -1.
        var ids: [Key: Int] = [:]
        var oldIDs: [[Int]] = []
        for section in old {
            oldIDs.append(section.map { key in
                guard let key else { return -1 }
                if let id = ids[key] { return id }
                ids[key] = ids.count
                return ids.count - 1
            })
        }
        let newIDs: [[Int]] = new.map { section in section.map { key in key.flatMap { ids[$0] } ?? -1 } }
        let oldStart = SectionedDiff.starts(oldCounts), newStart = SectionedDiff.starts(newCounts)
        let oldFlatCount = oldStart.last!, newFlatCount = newStart.last!
        var matchOf = [Int32](repeating: -1, count: newFlatCount)
        var stays = [Bool](repeating: false, count: newFlatCount)
        var oldTaken = [Bool](repeating: false, count: oldFlatCount)
        func match(_ oldFlat: Int, _ newFlat: Int, staying: Bool) {
            matchOf[newFlat] = Int32(truncatingIfNeeded: oldFlat)
            stays[newFlat] = staying
            oldTaken[oldFlat] = true
        }
        // Each section's header, and a longest common subsequence of its
        // items, stay.
        for section in old.indices {
            match(oldStart[section], newStart[section], staying: true)
            // Keys without a match on the other side are left out of the
            // subsequence: each keyless old item its own number.
            let oldKeys = oldIDs[section].enumerated().map { $0.element >= 0 ? $0.element : -2 - $0.offset }
            let diff = ListDiff(old: oldKeys, new: newIDs[section])
            for found in diff.matches where found.stays {
                match(oldStart[section] + 1 + found.old, newStart[section] + 1 + found.new, staying: true)
            }
        }
        // The rest of each key's occurrences: in the same section first,
        // then across sections, in order.
        var waitingAnywhere: [Int: [Int]] = [:]
        for section in old.indices {
            var waiting: [Int: [Int]] = [:]
            for (index, id) in oldIDs[section].enumerated().reversed() where id >= 0 && !oldTaken[oldStart[section] + 1 + index] {
                waiting[id, default: []].append(oldStart[section] + 1 + index)
            }
            for (index, id) in newIDs[section].enumerated() where id >= 0 && matchOf[newStart[section] + 1 + index] < 0 {
                if let oldFlat = waiting[id]?.popLast() { match(oldFlat, newStart[section] + 1 + index, staying: false) }
            }
        }
        for section in old.indices.reversed() {
            for (index, id) in oldIDs[section].enumerated().reversed() where id >= 0 && !oldTaken[oldStart[section] + 1 + index] {
                waitingAnywhere[id, default: []].append(oldStart[section] + 1 + index)
            }
        }
        for section in new.indices {
            for (index, id) in newIDs[section].enumerated() where id >= 0 && matchOf[newStart[section] + 1 + index] < 0 {
                if let oldFlat = waitingAnywhere[id]?.popLast() { match(oldFlat, newStart[section] + 1 + index, staying: false) }
            }
        }
        let oldPath = SectionedDiff.pathMap(oldCounts), newPath = SectionedDiff.pathMap(newCounts)
        flat = ListDiff(matchOf: matchOf, staysNew: stays, oldCount: oldFlatCount, changed: changed.map { changed in
            { a, b in
                // A header is no item: it never changes.
                guard let a = oldPath(a), let b = newPath(b) else { return false }
                return changed(a, b)
            }
        })
    }

    /// Where each section's header stands when the sections are laid end
    /// to end, and last the length of it all.
    static func starts(_ counts: [Int]) -> [Int] {
        var starts = [0]
        for count in counts { starts.append(starts.last! + 1 + count) }
        return starts
    }

    /// The index path of a place in the sections laid end to end (nil for
    /// a header).
    static func pathMap(_ counts: [Int]) -> (Int) -> ItemPath? {
        let starts = SectionedDiff.starts(counts)
        return { flat in
            // The last header before `flat`.
            var low = 0, high = counts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= flat { low = middle } else { high = middle - 1 }
            }
            return flat == starts[low] ? nil : ItemPath(section: low, item: flat - starts[low] - 1)
        }
    }

    /// The number of moves: matched items that do not stay.
    public var moveCount: Int { flat.moveCount }
    /// Old items without a match, new items without a match.
    public var deleted: [ItemPath] { flat.deleted.map { SectionedDiff.pathMap(oldCounts)($0)! } }
    public var inserted: [ItemPath] { flat.inserted.map { SectionedDiff.pathMap(newCounts)($0)! } }
    /// Matched items that stay and changed beyond their key.
    public var replaced: [(old: ItemPath, new: ItemPath)] {
        let oldPath = SectionedDiff.pathMap(oldCounts), newPath = SectionedDiff.pathMap(newCounts)
        return flat.replaced.map { (oldPath($0.old)!, newPath($0.new)!) }
    }

    /// The operations in UIKit's sectioned batch rules: sources count in
    /// the old lists, destinations in the new ones; any order.
    public var batchOperations: [SectionedDiffOperation] {
        let oldPath = SectionedDiff.pathMap(oldCounts), newPath = SectionedDiff.pathMap(newCounts)
        return flat.batchOperations.map { operation in
            switch operation {
            case .delete(let at): return .delete(oldPath(at)!)
            case .move(let from, let to): return .move(oldPath(from)!, newPath(to)!)
            case .insert(let at, let new): return .insert(newPath(at)!, new: newPath(new)!)
            case .replace(let at, let new): return .replace(oldPath(at)!, new: newPath(new)!)
            }
        }
    }

    /// The same change as operations applied one after another, each with
    /// the paths of the single commands: the deletes from the end, each
    /// moving item put after the item before it in its new section (first
    /// in it when none is), the inserts in order; as many moves as the
    /// batch.
    public var sequentialOperations: [SectionedDiffOperation] { sequentialOperationsWithItems.map(\.operation) }

    /// `sequentialOperations`, each with the item it takes: the old item
    /// it deletes or moves (by its path in the old lists), the new item it
    /// inserts or replaces with (by its path in the new ones); JSON Patch
    /// names an object's member by its key.
    public var sequentialOperationsWithItems: [(operation: SectionedDiffOperation, item: ItemPath)] {
        var sizes = oldCounts
        /// The path of `flat` in the sections as they are now; an
        /// insertion at a section's header's place is at the end of the
        /// section before.
        func path(_ flat: Int) -> ItemPath {
            var header = 0
            for section in sizes.indices {
                if header >= flat { return ItemPath(section: section - 1, item: flat - (header - sizes[section - 1] - 1) - 1) }
                header += 1 + sizes[section]
            }
            let last = sizes.count - 1
            return ItemPath(section: last, item: flat - (header - sizes[last] - 1) - 1)
        }
        let oldPath = SectionedDiff.pathMap(oldCounts), newPath = SectionedDiff.pathMap(newCounts)
        // `ListDiff` deletes from the end and moves in the new order.
        var deleted = flat.deleted.reversed().makeIterator()
        var moved = flat.moves.makeIterator()
        var operations: [(operation: SectionedDiffOperation, item: ItemPath)] = []
        for operation in flat.sequentialOperations {
            switch operation {
            case .delete(let at):
                let gone = path(at)
                sizes[gone.section] -= 1
                operations.append((.delete(gone), oldPath(deleted.next()!)!))
            case .move(let from, let to):
                let source = path(from)
                sizes[source.section] -= 1
                let destination = path(to)
                sizes[destination.section] += 1
                operations.append((.move(source, destination), oldPath(moved.next()!.old)!))
            case .insert(let at, let new):
                let destination = path(at)
                sizes[destination.section] += 1
                operations.append((.insert(destination, new: newPath(new)!), newPath(new)!))
            case .replace(let at, let new):
                operations.append((.replace(path(at), new: newPath(new)!), newPath(new)!))
            }
        }
        return operations
    }

    /// The operations as a script that `reorder batch -f` reads with the
    /// same lists (with `--sequential` when `sequential`): one a line, each
    /// place `S:I`; `value(p)` is the text of the new item at `p`, as
    /// `insert` takes it; `base`: the number of the first item (1 for
    /// `--one-based`; sections count from 0).
    public func script(sequential: Bool, base: Int = 0, value: (ItemPath) -> [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        func named(_ path: ItemPath) -> [UInt8] { Array("\(path.section):\(path.item + base)".utf8) }
        for operation in sequential ? sequentialOperations : batchOperations {
            switch operation {
            case .delete(let at): out += Array("delete ".utf8) + named(at)
            case .move(let from, let to): out += Array("move ".utf8) + named(from) + [0x20] + named(to)
            case .insert(let at, let new): out += Array("insert ".utf8) + named(at) + [0x20] + value(new)
            case .replace(let at, let new): out += Array("replace ".utf8) + named(at) + [0x20] + value(new)
            }
            out.append(0x0A)
        }
        return out
    }
}

/// One operation of a sectioned diff, by index path. `insert`'s and
/// `replace`'s `new` is the new item whose text it writes.
public enum SectionedDiffOperation: Equatable, Sendable {
    case delete(ItemPath)
    case move(ItemPath, ItemPath)
    case insert(ItemPath, new: ItemPath)
    case replace(ItemPath, new: ItemPath)
}
