/// What `reorder diff`, `sort --like` and `edit` match items by.
public enum ListItemKey: Hashable, Sendable {
    /// The item's text, or the value at `--key` inside it.
    case text([UInt8])
    /// An item without a value at `--key`: matches nothing else.
    case unique(Int)
}

extension ListDocument {
    /// Each source item's key: its one-line value text as `insert` takes it
    /// (so that a JSON element's layout or a comment above it does not make
    /// it another item), or its bytes; with `key`, the first text selectors
    /// compare at that pointer inside it (a string's decoded value).
    public func itemKeys(key: String?) throws -> [ListItemKey] {
        let keys = try ItemKeyBytes(self, key: key)
        return withExtendedLifetime(keys) { (0..<count).map { index in keys[index].map { .text(Array($0)) } ?? .unique(index) } }
    }
}

/// One list's item keys as bytes that stay where they are while it lives:
/// a line's key is the line where it stands in the document (no copy);
/// other formats' keys (a value's one-line text, the value at `--key`) are
/// copied once into one buffer.
public final class ItemKeyBytes {
    public var count: Int { access.count }
    /// Whether every item has a key (without `--key`, always).
    public let everyItemHasKey: Bool
    let access: Access
    /// The lines whose offsets `access` reads, kept alive.
    private let layout: LinesLayout?
    private let storage: UnsafeMutableRawBufferPointer
    private let starts: UnsafeMutableBufferPointer<Int>
    private let hasKey: UnsafeMutableBufferPointer<Bool>

    /// The keys of `document`'s items (see `ListDocument.itemKeys`). The
    /// document's bytes must outlive this.
    public init(_ document: ListDocument, key: String?) throws {
        if key == nil, let lines = document.layout as? LinesLayout {
            layout = lines
            storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
            starts = UnsafeMutableBufferPointer(start: nil, count: 0)
            hasKey = UnsafeMutableBufferPointer(start: nil, count: 0)
            everyItemHasKey = true
            access = Access(count: document.count, lines: lines.ranges, source: document.source, storage: UnsafeRawBufferPointer(storage),
                            starts: UnsafeBufferPointer(starts), hasKey: UnsafeBufferPointer(hasKey))
            return
        }
        var bytes: [UInt8] = []
        var starts = [0]
        var hasKey: [Bool] = []
        starts.reserveCapacity(document.count + 1)
        func add(_ key: UnsafeRawBufferPointer?) {
            if let key { bytes.append(contentsOf: key) }
            starts.append(bytes.count)
            hasKey.append(key != nil)
        }
        if let key {
            let values = try document.layout.selectableValues(key: key)
            for index in 0..<document.count {
                var found = false
                _ = values.anyText(index) { bytes in
                    add(bytes)
                    found = true
                    return true
                }
                if !found { add(nil) }
            }
        } else {
            for index in 0..<document.count {
                if let text = document.layout.valueText(ofItem: index) {
                    text.withUnsafeBytes { add($0) }
                } else {
                    add(document.itemBytes(index))
                }
            }
        }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        self.storage = storage
        layout = nil
        self.starts = .allocate(capacity: starts.count)
        _ = self.starts.initialize(from: starts)
        self.hasKey = .allocate(capacity: hasKey.count)
        _ = self.hasKey.initialize(from: hasKey)
        everyItemHasKey = !hasKey.contains(false)
        access = Access(count: document.count, lines: nil, source: document.source, storage: UnsafeRawBufferPointer(storage),
                        starts: UnsafeBufferPointer(self.starts), hasKey: UnsafeBufferPointer(self.hasKey))
    }

    deinit {
        storage.deallocate()
        starts.deallocate()
        hasKey.deallocate()
    }

    /// Item `index`'s key; nil when it has no value at `--key`.
    public subscript(index: Int) -> UnsafeRawBufferPointer? { access[index] }

    /// The keys without the class around them, for loops over a million of
    /// them; valid while the `ItemKeyBytes` lives.
    struct Access {
        let count: Int
        let lines: LinesLayout.Ranges?
        let source: UnsafeRawBufferPointer
        let storage: UnsafeRawBufferPointer
        let starts: UnsafeBufferPointer<Int>
        let hasKey: UnsafeBufferPointer<Bool>

        @inline(__always)
        subscript(index: Int) -> UnsafeRawBufferPointer? {
            if let lines { return UnsafeRawBufferPointer(rebasing: source[lines.itemRange(index)]) }
            guard hasKey[index] else { return nil }
            return UnsafeRawBufferPointer(rebasing: storage[starts[index]..<starts[index + 1]])
        }
    }
}

/// Numbers for the keys of two lists, equal bytes one number, as `ListDiff`
/// matches them: the old list's keys in `0..<idCount`, each new key the
/// number of the old items with the same bytes, or -1 (as an item without
/// a value at `--key` is). A key's number is the index of the first old
/// item with its bytes (or the item's own, without a key), so that numbers
/// rise through the list as its items do, and what reads by number reads
/// memory in order.
///
/// Lists are read in order, never through a hash table that a million
/// keys would scatter over memory. Two lists that differ by a few changes
/// agree almost everywhere, so a new item is first compared with the old
/// item after the one the previous new item matched, and then with a few
/// after that. When that leaves few new items unmatched, the old keys'
/// hashes, split into parts by their top bits, show in a small hash table a
/// part whether any two old keys are equal, and which old key an unmatched
/// new one equals. Otherwise (repeated keys,
/// lists far apart) the old keys are sorted by hash (a radix sort: three
/// passes in order), equal keys side by side, and a new item that the
/// comparison in order misses is found by binary search, or, when there
/// are many such, by sorting them too and joining the two sorted lists.
public struct KeyNumbers {
    public let oldCount: Int
    /// Every old key is different (key `i` is number `i`), and no two new
    /// keys are the same old one: the matching is decided by the keys.
    public let distinct: Bool
    private let numbers: [Int]
    /// The new keys' numbers (32 bits: a list has fewer than 2^31 items).
    public let new: [Int32]
    public let idCount: Int

    /// The old keys' numbers.
    public var old: [Int] { distinct ? Array(0..<oldCount) : numbers }

    /// `concurrently` may run two pieces of the work side by side.
    public init(old oldKeys: ItemKeyBytes, new newKeys: ItemKeyBytes, concurrently: Concurrently = serially) {
        let old = oldKeys.access, new = newKeys.access
        if oldKeys.everyItemHasKey && newKeys.everyItemHasKey,
           let numbers = KeyNumbers.inOrder(old, new, concurrently: concurrently) {
            self = numbers
            return
        }
        self = KeyNumbers.sorted(old, new)
    }

    /// How far past the expected old item a new one is looked for.
    static let lookahead = 8

    /// The numbers when both lists are mostly in the same order and every
    /// old key is different; nil when that is not so. The walk through the
    /// lists and the table of the old keys need nothing of each other:
    /// `concurrently` may run them on two threads.
    static func inOrder(_ old: ItemKeyBytes.Access, _ new: ItemKeyBytes.Access,
                        concurrently: Concurrently = serially) -> KeyNumbers? {
        var walk: Walk? = nil
        var table: OldKeyTable? = nil
        concurrently({ walk = Walk(old, new) }, { table = OldKeyTable(old) })
        guard var walk, let table, table.distinct else { return nil }
        // Each unmatched new key: the old key it equals, if any, and that
        // one not matched already (else the new list repeats a key).
        for index in walk.unmatched {
            let bytes = new[index]!
            guard let oldIndex = table.find(bytes, KeyNumbers.hash(bytes), in: old) else { continue }
            if walk.matchedOld[oldIndex] { return nil }
            walk.matchedOld[oldIndex] = true
            walk.newIDs[index] = Int32(truncatingIfNeeded: oldIndex)
        }
        return KeyNumbers(oldCount: old.count, old: [], new: walk.newIDs, distinct: true)
    }

    /// Runs two pieces of work, one after the other or side by side.
    public typealias Concurrently = (_ first: () -> Void, _ second: () -> Void) -> Void
    public static func serially(_ first: () -> Void, _ second: () -> Void) {
        first()
        second()
    }

    /// The new list compared in order with the old one: each new item with
    /// the old item after the last one matched, then a few after that.
    struct Walk {
        var newIDs: [Int32]
        var matchedOld: [Bool]
        /// New items that matched nothing nearby.
        var unmatched: [Int] = []

        /// Nil when more than a few are left unmatched: then the sort is
        /// cheaper.
        init?(_ old: ItemKeyBytes.Access, _ new: ItemKeyBytes.Access) {
            let n = old.count, m = new.count
            let limit = 64 + m / 32
            newIDs = [Int32](repeating: -1, count: m)
            matchedOld = [Bool](repeating: false, count: n)
            var next = 0
            for index in 0..<m {
                let bytes = new[index]!
                var ahead = 0
                while ahead <= KeyNumbers.lookahead && next + ahead < n {
                    if equal(old[next + ahead]!, bytes) { break }
                    ahead += 1
                }
                if ahead <= KeyNumbers.lookahead && next + ahead < n {
                    newIDs[index] = Int32(truncatingIfNeeded: next + ahead)
                    matchedOld[next + ahead] = true
                    next += ahead + 1
                } else {
                    unmatched.append(index)
                    if unmatched.count > limit { return nil }
                }
            }
        }
    }

    /// The old keys by hash, to tell whether two are equal and which one a
    /// new key equals: the hashes are split by their top bits into parts of
    /// a few thousand keys, each with a hash table small enough for the
    /// processor's cache (one table for all the keys would cost a cache
    /// miss a key).
    struct OldKeyTable {
        let partBits: Int
        /// Room in `entries` a part.
        let capacity: Int
        /// Each part's keys, in a stretch of `capacity`: the hash's low 32
        /// bits, then the index.
        var entries: [UInt64]
        var partEnd: [Int]
        /// Each part's table, `slots` a part: a position in the part's
        /// stretch of `entries` + 1, or 0 where empty (16 bits: a part
        /// holds fewer than 65 535 keys).
        var tables: [UInt16]
        let slots: Int
        /// No two old keys are equal (false also when a part overflowed,
        /// which says nothing of the keys).
        var distinct = true

        init(_ old: ItemKeyBytes.Access) {
            let n = old.count
            var partBits = 0
            while (n >> partBits) > 4096 && partBits < 16 { partBits += 1 }
            self.partBits = partBits
            let parts = 1 << partBits
            // Room for the part's expected size and eight standard
            // deviations more: the hashes are uniform, so a part overflows
            // about once in 10^15 lists, and then the sort does the work.
            let expected = n >> partBits
            var room = 16
            while room * room < expected { room += 1 }
            let capacity = expected + 8 * room + 16
            self.capacity = capacity
            // (Over 2^28 keys, parts would outgrow their 16-bit tables:
            // then the sort does the work.)
            if capacity >= 65_535 {
                slots = 0
                entries = []
                partEnd = []
                tables = []
                distinct = false
                return
            }
            var slots = 16
            while slots * 2 < 3 * capacity { slots <<= 1 }
            self.slots = slots
            entries = [UInt64](unsafeUninitializedCapacity: capacity * parts) { _, count in count = capacity * parts }
            partEnd = (0..<parts).map { $0 * capacity }
            // Each part's table is cleared when it is filled, while the
            // processor's cache holds it.
            tables = [UInt16](unsafeUninitializedCapacity: slots * parts) { _, count in count = slots * parts }
            let overflowed: Bool = entries.withUnsafeMutableBufferPointer { entries in
                partEnd.withUnsafeMutableBufferPointer { partEnd in
                    for index in 0..<n {
                        let hash = KeyNumbers.hash(old[index]!)
                        let p = OldKeyTable.part(hash, partBits)
                        let position = partEnd[p]
                        if position == (p + 1) * capacity { return true }
                        entries[position] = (hash << 32) | UInt64(index)
                        partEnd[p] = position + 1
                    }
                    return false
                }
            }
            if overflowed {
                distinct = false
                return
            }
            let mask = slots - 1
            let found: Bool = entries.withUnsafeBufferPointer { entries in
                tables.withUnsafeMutableBufferPointer { tables in
                    for p in 0..<parts {
                        let table = UnsafeMutableBufferPointer(rebasing: tables[p * slots..<(p + 1) * slots])
                        table.update(repeating: 0)
                        let base = p * capacity
                        for position in base..<partEnd[p] {
                            let entry = entries[position]
                            var slot = Int(truncatingIfNeeded: entry >> 32) & mask
                            while table[slot] != 0 {
                                let other = entries[base + Int(table[slot]) - 1]
                                if other >> 32 == entry >> 32
                                    && equal(old[Int(truncatingIfNeeded: other & 0xFFFF_FFFF)]!,
                                             old[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF)]!) {
                                    return true
                                }
                                slot = (slot + 1) & mask
                            }
                            table[slot] = UInt16(truncatingIfNeeded: position - base + 1)
                        }
                    }
                    return false
                }
            }
            if found { distinct = false }
        }

        @inline(__always)
        static func part(_ hash: UInt64, _ partBits: Int) -> Int {
            partBits == 0 ? 0 : Int(truncatingIfNeeded: hash >> UInt64(64 - partBits))
        }

        /// The old item whose key is `bytes` (hash `hash`), if any.
        func find(_ bytes: UnsafeRawBufferPointer, _ hash: UInt64, in old: ItemKeyBytes.Access) -> Int? {
            let p = OldKeyTable.part(hash, partBits)
            let mask = slots - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while tables[p * slots + slot] != 0 {
                let other = entries[p * capacity + Int(tables[p * slots + slot]) - 1]
                let oldIndex = Int(truncatingIfNeeded: other & 0xFFFF_FFFF)
                if other >> 32 == hash & 0xFFFF_FFFF && equal(old[oldIndex]!, bytes) { return oldIndex }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// `searches`: how many binary searches before the rest are joined.
    static func sorted(_ oldKeys: ItemKeyBytes.Access, _ newKeys: ItemKeyBytes.Access, searches: Int? = nil) -> KeyNumbers {
        let n = oldKeys.count
        // The old keys' hashes, and their indices sorted by hash (items
        // without a key left out).
        var hashes = [UInt64](repeating: 0, count: n)
        var keyed: [Int32] = []
        keyed.reserveCapacity(n)
        for index in 0..<n {
            guard let bytes = oldKeys[index] else { continue }
            hashes[index] = KeyNumbers.hash(bytes)
            keyed.append(Int32(truncatingIfNeeded: index))
        }
        var sortedHashes = keyed.map { hashes[Int($0)] }
        KeyNumbers.sortByHash(&sortedHashes, &keyed)

        // Keys whose hashes agree in the sorted bits are compared in full;
        // a group holds one class unless its hashes collide; the sort is
        // stable, so a class's first item is first.
        var old = Array(0..<n)
        var distinct = true
        var groupStart = 0
        /// Positions in the sorted order of a group's first key of each class.
        var representatives: [Int] = []
        while groupStart < keyed.count {
            var groupEnd = groupStart + 1
            let prefix = sortedHashes[groupStart] >> KeyNumbers.ignoredBits
            while groupEnd < keyed.count && sortedHashes[groupEnd] >> KeyNumbers.ignoredBits == prefix { groupEnd += 1 }
            if groupEnd - groupStart == 1 {
                // One key alone with its hash: no bytes to compare.
                groupStart = groupEnd
                continue
            }
            representatives.removeAll(keepingCapacity: true)
            for position in groupStart..<groupEnd {
                let index = Int(keyed[position])
                let bytes = oldKeys[index]!
                var id = -1
                for representative in representatives where sortedHashes[representative] == sortedHashes[position] {
                    let other = Int(keyed[representative])
                    if KeyNumbers.equal(oldKeys[other]!, bytes) {
                        id = old[other]
                        distinct = false
                        break
                    }
                }
                if id < 0 {
                    id = index
                    representatives.append(position)
                }
                old[index] = id
            }
            groupStart = groupEnd
        }

        /// The old item with `bytes`, by binary search in the sorted hashes.
        func lookUp(_ bytes: UnsafeRawBufferPointer) -> Int? {
            let hash = KeyNumbers.hash(bytes)
            let prefix = hash >> KeyNumbers.ignoredBits
            var low = 0, high = sortedHashes.count
            while low < high {
                let middle = (low + high) >> 1
                if sortedHashes[middle] >> KeyNumbers.ignoredBits < prefix { low = middle + 1 } else { high = middle }
            }
            while low < sortedHashes.count && sortedHashes[low] >> KeyNumbers.ignoredBits == prefix {
                let index = Int(keyed[low])
                if sortedHashes[low] == hash && KeyNumbers.equal(oldKeys[index]!, bytes) { return index }
                low += 1
            }
            return nil
        }
        // A new item: the old item after the last one found, else a binary
        // search (which also says where to look next); past a budget of
        // searches (lists far apart), the rest are sorted by hash too and
        // joined with the old ones in one pass, as a search costs a cache
        // miss a step.
        var new = [Int32](repeating: -1, count: newKeys.count)
        var searches = searches ?? 4096 + newKeys.count / 64
        var pendingHashes: [UInt64] = [], pendingIndices: [Int32] = []
        var next = 0
        for index in 0..<newKeys.count {
            guard let bytes = newKeys[index] else { continue }
            if next < n, let expected = oldKeys[next], KeyNumbers.equal(expected, bytes) {
                new[index] = Int32(truncatingIfNeeded: old[next])
                next += 1
            } else if searches > 0 {
                searches -= 1
                if let found = lookUp(bytes) {
                    new[index] = Int32(truncatingIfNeeded: old[found])
                    next = found + 1
                }
            } else {
                pendingHashes.append(KeyNumbers.hash(bytes))
                pendingIndices.append(Int32(truncatingIfNeeded: index))
            }
        }
        KeyNumbers.sortByHash(&pendingHashes, &pendingIndices)
        var start = 0
        for position in pendingHashes.indices {
            let hash = pendingHashes[position]
            let prefix = hash >> KeyNumbers.ignoredBits
            while start < sortedHashes.count && sortedHashes[start] >> KeyNumbers.ignoredBits < prefix { start += 1 }
            var candidate = start
            let index = Int(pendingIndices[position])
            while candidate < sortedHashes.count && sortedHashes[candidate] >> KeyNumbers.ignoredBits == prefix {
                let oldIndex = Int(keyed[candidate])
                if sortedHashes[candidate] == hash && KeyNumbers.equal(oldKeys[oldIndex]!, newKeys[index]!) {
                    new[index] = Int32(truncatingIfNeeded: old[oldIndex])
                    break
                }
                candidate += 1
            }
        }
        // Distinct also means no two new items share an old key.
        if distinct {
            var taken = [Bool](repeating: false, count: n)
            for id in new where id >= 0 {
                if taken[Int(id)] {
                    distinct = false
                    break
                }
                taken[Int(id)] = true
            }
        }
        return KeyNumbers(oldCount: n, old: old, new: new, distinct: distinct)
    }

    init(oldCount: Int, old: [Int], new: [Int32], distinct: Bool) {
        self.oldCount = oldCount
        numbers = old
        self.new = new
        idCount = oldCount
        self.distinct = distinct
    }

    @inline(__always)
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (a.isEmpty || memoryEqual(a.baseAddress!, b.baseAddress!, a.count))
    }

    /// The sort looks at the hash's top 33 bits: three passes of 11.
    static let ignoredBits: UInt64 = 31
    private static let digitBits = 11

    /// Sorts `hashes` and `indices` (side by side) by the hashes' top bits;
    /// stable: equal hashes keep the indices ascending.
    static func sortByHash(_ hashes: inout [UInt64], _ indices: inout [Int32]) {
        let count = hashes.count
        guard count > 1 else { return }
        let buckets = 1 << digitBits
        let mask = UInt64(buckets - 1)
        var histogram = [Int](repeating: 0, count: 3 * buckets)
        for hash in hashes {
            for pass in 0..<3 {
                histogram[pass * buckets + Int((hash >> (ignoredBits + UInt64(pass * digitBits))) & mask)] += 1
            }
        }
        var otherHashes = [UInt64](repeating: 0, count: count)
        var otherIndices = [Int32](repeating: 0, count: count)
        for pass in 0..<3 {
            let shift = ignoredBits + UInt64(pass * digitBits)
            var offsets = [Int](repeating: 0, count: buckets)
            var total = 0
            for bucket in 0..<buckets {
                offsets[bucket] = total
                total += histogram[pass * buckets + bucket]
            }
            hashes.withUnsafeBufferPointer { from in
                indices.withUnsafeBufferPointer { fromIndices in
                    otherHashes.withUnsafeMutableBufferPointer { to in
                        otherIndices.withUnsafeMutableBufferPointer { toIndices in
                            offsets.withUnsafeMutableBufferPointer { offsets in
                                for position in 0..<count {
                                    let hash = from[position]
                                    let bucket = Int((hash >> shift) & mask)
                                    let target = offsets[bucket]
                                    offsets[bucket] = target + 1
                                    to[target] = hash
                                    toIndices[target] = fromIndices[position]
                                }
                            }
                        }
                    }
                }
            }
            swap(&hashes, &otherHashes)
            swap(&indices, &otherIndices)
        }
    }

    /// 64-bit FNV-1a over eight bytes at a time, then mixed.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        var p = 0
        let count = bytes.count
        while p + 8 <= count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: p, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
            p += 8
        }
        while p < count {
            hash = (hash ^ UInt64(bytes[p])) &* 0x0000_0100_0000_01B3
            p += 1
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        return hash
    }
}
