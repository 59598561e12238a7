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
    /// it another item), or its bytes; with `key`, the value at that pointer
    /// inside it (`ItemValue.primaryBytes`: a string's decoded value).
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
    private let storage: UnsafeMutableRawBufferPointer
    private let starts: UnsafeMutableBufferPointer<Int>
    private let hasKey: UnsafeMutableBufferPointer<Bool>

    /// The keys of `document`'s items (see `ListDocument.itemKeys`). The
    /// document's bytes must outlive this.
    public init(_ document: ListDocument, key: String?) throws {
        if key == nil, document.layout.itemsAreLines {
            // Each key is the line where it stands: `starts` holds each
            // line's start and end, one after the other.
            let layout = document.layout, count = document.count
            // SAFETY: an empty buffer: nothing is read through it (keys in the source use `source`).
            storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
            // SAFETY: freed in deinit; two offsets per item, 0 ..< 2 * count.
            starts = .allocate(capacity: 2 * count)
            for index in 0..<count {
                let range = layout.itemRange(index)
                starts[2 * index] = range.lowerBound
                starts[2 * index + 1] = range.upperBound
            }
            // SAFETY: an empty buffer: every item has a key, so `hasKey` is never read.
            hasKey = UnsafeMutableBufferPointer(start: nil, count: 0)
            everyItemHasKey = true
            // SAFETY: views of buffers this object owns (freed in deinit) and of the document's source, which must outlive it.
            access = Access(count: count, inSource: true, source: document.source, storage: UnsafeRawBufferPointer(storage),
                            // SAFETY: views of buffers this object owns, freed in deinit.
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
            let layout = document.layout
            let pointer = try layout.checkedPointer(key)
            let source = layout.valueSource
            for index in 0..<document.count {
                if let value = try layout.value(ofItem: index, at: pointer) {
                    value.primaryBytes.withBytes(in: source) { add($0) }
                } else {
                    add(nil)
                }
            }
        } else {
            for index in 0..<document.count {
                if let text = document.layout.valueText(ofItem: index) {
                    // SAFETY: `text`'s bytes are copied by `add` inside the closure.
                    text.withUnsafeBytes { add($0) }
                } else {
                    add(document.itemBytes(index))
                }
            }
        }
        // SAFETY: freed in deinit; holds exactly the keys' bytes.
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        self.storage = storage
        // SAFETY: freed in deinit; initialised from `starts` right below.
        self.starts = .allocate(capacity: starts.count)
        _ = self.starts.initialize(from: starts)
        // SAFETY: freed in deinit; initialised from `hasKey` right below.
        self.hasKey = .allocate(capacity: hasKey.count)
        _ = self.hasKey.initialize(from: hasKey)
        everyItemHasKey = !hasKey.contains(false)
        // SAFETY: views of buffers this object owns (freed in deinit) and of the document's source, which must outlive it.
        access = Access(count: document.count, inSource: false, source: document.source, storage: UnsafeRawBufferPointer(storage),
                        // SAFETY: views of buffers this object owns, freed in deinit.
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
        /// The keys are lines, the source's bytes `starts[2i] ..<
        /// starts[2i + 1]`; otherwise `storage`'s bytes `starts[i] ..<
        /// starts[i + 1]`.
        let inSource: Bool
        let source: UnsafeRawBufferPointer
        let storage: UnsafeRawBufferPointer
        let starts: UnsafeBufferPointer<Int>
        let hasKey: UnsafeBufferPointer<Bool>

        @inline(__always)
        subscript(index: Int) -> UnsafeRawBufferPointer? {
            // SAFETY: `starts` holds ranges of lines read from `source` by its layout.
            if inSource { return UnsafeRawBufferPointer(rebasing: source[starts[2 * index]..<starts[2 * index + 1]]) }
            guard hasKey[index] else { return nil }
            // SAFETY: `starts` holds offsets into `storage`, increasing, the last its count.
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
/// after that (lines a stretch of bytes at a time). When that leaves few
/// new items unmatched, the old keys' hashes and a bitmap of them show
/// whether any two old keys are equal, and which old key an unmatched new
/// one equals (see `OldKeyHashes`). Otherwise (repeated keys,
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
    /// lists and the hashes of the old keys need nothing of each other, and
    /// the hashes are split by ranges of keys: `concurrently` may run each
    /// step's two halves on two threads.
    static func inOrder(_ old: ItemKeyBytes.Access, _ new: ItemKeyBytes.Access,
                        concurrently: Concurrently = serially) -> KeyNumbers? {
        let n = old.count
        let hashes = OldKeyHashes(count: n)
        // The walk takes about as long as hashing a quarter of the keys.
        let split = n - n / 4
        var walk: Walk? = nil
        concurrently({
            walk = Walk(old, new)
            hashes.hash(old, split..<n, into: .second)
        }, {
            hashes.hash(old, 0..<split, into: .first)
        })
        guard var walk else { return nil }
        hashes.mergeBitmaps()
        var matched = false
        var firstCandidates: [UInt64] = [], secondCandidates: [UInt64] = []
        let middle = n / 3
        concurrently({
            matched = hashes.matchUnmatched(of: &walk, old: old, new: new)
            firstCandidates = hashes.candidates(0..<middle)
        }, {
            secondCandidates = hashes.candidates(middle..<n)
        })
        guard matched && OldKeyHashes.noTwoEqual(firstCandidates, secondCandidates, old) else { return nil }
        return KeyNumbers(oldCount: n, old: [], new: walk.newIDs, distinct: true)
    }

    /// Runs two pieces of work, one after the other or side by side.
    public typealias Concurrently = (_ first: () -> Void, _ second: () -> Void) -> Void
    public static func serially(_ first: () -> Void, _ second: () -> Void) {
        first()
        second()
    }

    /// The new list compared in order with the old one: each new item with
    /// the old item after the last one matched, then a few after that.
    /// Lines are compared a stretch at a time: where the two files have the
    /// same bytes, terminators and all, their lines are the same keys, and
    /// one `memcmp` compares thousands of them.
    struct Walk {
        var newIDs: [Int32]
        var matchedOld: [Bool]
        /// New items that matched nothing nearby.
        var unmatched: [Int]

        /// Nil when more than a few are left unmatched: then the sort is
        /// cheaper.
        init?(_ old: ItemKeyBytes.Access, _ new: ItemKeyBytes.Access) {
            let n = old.count, m = new.count
            let limit = 64 + m / 32
            var matchedOld = [Bool](repeating: false, count: n)
            var unmatched: [Int] = []
            let lines = old.inSource && new.inSource ? (old, new) : nil
            var declined = false
            let newIDs = [Int32](unsafeUninitializedCapacity: m) { ids, count in
                count = m
                // SAFETY: the closure has the storage of `matchedOld` to itself (exclusive access), and no pointer to it leaves it.
                matchedOld.withUnsafeMutableBufferPointer { matchedOld in
                    var next = 0
                    var index = 0
                    while index < m {
                        if let (oldLines, newLines) = lines {
                            let same = Walk.sameLines(oldLines, next, newLines, index)
                            if same > 0 {
                                for offset in 0..<same {
                                    ids[index + offset] = Int32(truncatingIfNeeded: next + offset)
                                    matchedOld[next + offset] = true
                                }
                                index += same
                                next += same
                                continue
                            }
                        }
                        let bytes = new[index]!
                        var ahead = 0
                        while ahead <= KeyNumbers.lookahead && next + ahead < n {
                            if equal(old[next + ahead]!, bytes) { break }
                            ahead += 1
                        }
                        if ahead <= KeyNumbers.lookahead && next + ahead < n {
                            ids[index] = Int32(truncatingIfNeeded: next + ahead)
                            matchedOld[next + ahead] = true
                            next += ahead + 1
                        } else {
                            ids[index] = -1
                            unmatched.append(index)
                            if unmatched.count > limit {
                                // (The rest is set, for the array's sake.)
                                for rest in index + 1..<max(m, index + 1) { ids[rest] = -1 }
                                declined = true
                                return
                            }
                        }
                        index += 1
                    }
                }
            }
            if declined { return nil }
            self.newIDs = newIDs
            self.matchedOld = matchedOld
            self.unmatched = unmatched
        }

        /// How many lines from `old`'s line `i` and `new`'s line `j` on are
        /// the same bytes with the same terminators (the last line of
        /// either is left to the comparison of keys: it may lack one).
        static func sameLines(_ old: ItemKeyBytes.Access, _ i: Int, _ new: ItemKeyBytes.Access, _ j: Int) -> Int {
            let oldLast = old.count - 1, newLast = new.count - 1
            guard i < oldLast && j < newLast else { return 0 }
            let oldStart = old.starts[2 * i], newStart = new.starts[2 * j]
            let length = min(old.starts[2 * oldLast] - oldStart, new.starts[2 * newLast] - newStart)
            let end = oldStart + commonPrefix(old.source.baseAddress! + oldStart, new.source.baseAddress! + newStart, length)
            // The lines that end (terminator included) by `end`: the
            // last k with line k starting (`starts[2k]`) by `end`, found by
            // galloping from i.
            guard old.starts[2 * (i + 1)] <= end else { return 0 }
            var low = i + 1, step = 1
            var high = low + 1
            while high <= oldLast && old.starts[2 * high] <= end {
                low = high
                step <<= 1
                high = low + step
            }
            high = min(high, oldLast + 1)
            // Line low starts by `end`; line high after it, or is past the last.
            while high - low > 1 {
                let middle = (low + high) >> 1
                if old.starts[2 * middle] <= end { low = middle } else { high = middle }
            }
            return low - i
        }

        /// How many bytes `a` and `b` agree in, up to `length`.
        static func commonPrefix(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ length: Int) -> Int {
            var p = 0
            while p + 4096 <= length && memoryEqual(a + p, b + p, 4096) { p += 4096 }
            while p + 256 <= length && memoryEqual(a + p, b + p, 256) { p += 256 }
            while p + 8 <= length {
                let difference = UInt64(littleEndian: a.loadUnaligned(fromByteOffset: p, as: UInt64.self))
                    ^ UInt64(littleEndian: b.loadUnaligned(fromByteOffset: p, as: UInt64.self))
                if difference != 0 { return p + difference.trailingZeroBitCount / 8 }
                p += 8
            }
            while p < length && a.load(fromByteOffset: p, as: UInt8.self) == b.load(fromByteOffset: p, as: UInt8.self) { p += 1 }
            return p
        }
    }

    /// The old keys' hashes, to tell whether two old keys are equal and
    /// which old key a new one the walk missed equals, without a hash table
    /// of a million keys (a cache miss a key): a bit a hash in a bitmap of
    /// eight bits a key says which hashes were seen twice, and only the
    /// keys with those (about one in eight) are sorted and compared. Two
    /// threads may fill it, each its own range of keys and bitmaps, then
    /// each read a range of it.
    // SAFETY: two threads fill it, each only its own range of keys and its own half of the bitmaps, and read it after both are joined.
    final class OldKeyHashes: @unchecked Sendable {
        /// Each old key's hash (32 bits; the bitmap's index is its low
        /// bits).
        let hashes: UnsafeMutableBufferPointer<UInt32>
        /// The bitmap's bits that a key set, and that two or more keys set:
        /// `seen[0]`, `twice[0]` for one range of keys, `[1]` for the other,
        /// until `mergeBitmaps` puts both in `twice[0]`.
        let seen: [UnsafeMutableBufferPointer<UInt64>]
        let twice: [UnsafeMutableBufferPointer<UInt64>]
        let mask: UInt32

        enum Half: Int {
            case first = 0, second = 1
        }

        init(count n: Int) {
            // SAFETY: freed in deinit; one hash per old key, 0 ..< n.
            hashes = .allocate(capacity: n)
            var bits = 12
            while (1 << bits) < 8 * n && bits < 32 { bits += 1 }
            mask = UInt32(truncatingIfNeeded: (1 << bits) - 1)
            let words = (1 << bits) / 64
            // SAFETY: freed in deinit; indices are hashes masked to `mask`, below words * 64 bits.
            seen = (0..<2).map { _ in .allocate(capacity: words) }
            // SAFETY: freed in deinit; indices are hashes masked to `mask`, below words * 64 bits.
            twice = (0..<2).map { _ in .allocate(capacity: words) }
        }

        deinit {
            hashes.deallocate()
            for bitmap in seen + twice { bitmap.deallocate() }
        }

        /// Hashes the keys in `range` and sets their bits in `half`'s
        /// bitmaps (one loop, then the other: a loop of both would wait on
        /// the bitmaps' cache misses).
        func hash(_ old: ItemKeyBytes.Access, _ range: Range<Int>, into half: Half) {
            for index in range {
                hashes[index] = UInt32(truncatingIfNeeded: KeyNumbers.hash(old[index]!))
            }
            let seen = self.seen[half.rawValue], twice = self.twice[half.rawValue], mask = self.mask
            seen.update(repeating: 0)
            twice.update(repeating: 0)
            for index in range {
                let bit = Int(hashes[index] & mask)
                let word = bit >> 6, one: UInt64 = 1 << UInt64(bit & 63)
                twice[word] |= seen[word] & one
                seen[word] |= one
            }
        }

        /// The bits seen twice by either range or once by each, in
        /// `twice[0]`.
        func mergeBitmaps() {
            for word in 0..<twice[0].count {
                twice[0][word] |= twice[1][word] | (seen[0][word] & seen[1][word])
            }
        }

        /// Matches each new item that `walk` left unmatched to the old item
        /// with its key, if any; false when that old item is matched
        /// already (the new list repeats a key). One pass through the old
        /// hashes, against a small table of the unmatched ones.
        func matchUnmatched(of walk: inout Walk, old: ItemKeyBytes.Access, new: ItemKeyBytes.Access) -> Bool {
            guard !walk.unmatched.isEmpty else { return true }
            // Room for eight slots an item: a probe mostly finds an empty one.
            var slotBits = 4
            while (1 << slotBits) < 8 * walk.unmatched.count { slotBits += 1 }
            let slotMask = (1 << slotBits) - 1
            /// (The hash << 32) | (the new index + 1); 0 where empty.
            // SAFETY: freed by the defer below; slots are hashes masked by slotMask.
            let table = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 1 << slotBits)
            /// A bit for each of the table's hashes' top 16 bits: most old
            /// keys are passed by one look at it, in the cache.
            // SAFETY: freed by the defer below; indexed by a hash's top 16 bits / 64, below 1 << 10.
            let filter = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 1 << 10)
            defer {
                table.deallocate()
                filter.deallocate()
            }
            table.update(repeating: 0)
            filter.update(repeating: 0)
            for index in walk.unmatched {
                let hash = UInt32(truncatingIfNeeded: KeyNumbers.hash(new[index]!))
                var slot = Int(hash >> 8) & slotMask
                while table[slot] != 0 { slot = (slot + 1) & slotMask }
                table[slot] = UInt64(hash) << 32 | UInt64(index + 1)
                filter[Int(hash >> 22)] |= 1 << UInt64((hash >> 16) & 63)
            }
            for oldIndex in 0..<hashes.count {
                let hash = hashes[oldIndex]
                if filter[Int(hash >> 22)] & (1 << UInt64((hash >> 16) & 63)) == 0 { continue }
                var slot = Int(hash >> 8) & slotMask
                while table[slot] != 0 {
                    let entry = table[slot]
                    if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                        let newIndex = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                        if equal(old[oldIndex]!, new[newIndex]!) {
                            // Another old item with this key means
                            // repeated old keys: the candidates say so.
                            if walk.matchedOld[oldIndex] { return false }
                            if walk.newIDs[newIndex] < 0 {
                                walk.newIDs[newIndex] = Int32(truncatingIfNeeded: oldIndex)
                                walk.matchedOld[oldIndex] = true
                            }
                        }
                    }
                    slot = (slot + 1) & slotMask
                }
            }
            return true
        }

        /// The keys in `range` whose hash's bit was set twice (after
        /// `mergeBitmaps`), sorted: each the hash << 32 | the index.
        func candidates(_ range: Range<Int>) -> [UInt64] {
            var candidates: [UInt64] = []
            let twice = self.twice[0], mask = self.mask
            for index in range {
                let bit = Int(hashes[index] & mask)
                if twice[bit >> 6] & (1 << UInt64(bit & 63)) != 0 {
                    candidates.append(UInt64(hashes[index]) << 32 | UInt64(index))
                }
            }
            // The sort orders by the top 33 bits: the hash, then the index.
            var unused = [Int32](unsafeUninitializedCapacity: candidates.count) { _, count in count = candidates.count }
            KeyNumbers.sortByHash(&candidates, &unused)
            return candidates
        }

        /// Whether no two of the keys in the two sorted lists of candidates
        /// are equal: the lists merged, keys with equal hashes compared.
        static func noTwoEqual(_ first: [UInt64], _ second: [UInt64], _ old: ItemKeyBytes.Access) -> Bool {
            var group: [Int] = []
            var a = 0, b = 0
            var groupHash: UInt64 = 0
            while a < first.count || b < second.count {
                let next: UInt64
                if b == second.count || a < first.count && first[a] >> 32 <= second[b] >> 32 {
                    next = first[a]
                    a += 1
                } else {
                    next = second[b]
                    b += 1
                }
                if group.isEmpty || next >> 32 != groupHash {
                    group.removeAll(keepingCapacity: true)
                    groupHash = next >> 32
                } else {
                    let bytes = old[Int(truncatingIfNeeded: next & 0xFFFF_FFFF)]!
                    if group.contains(where: { equal(old[$0]!, bytes) }) { return false }
                }
                group.append(Int(truncatingIfNeeded: next & 0xFFFF_FFFF))
            }
            return true
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
            // SAFETY: the storage of `hashes` is only read inside the closure, and no pointer to it leaves it.
            hashes.withUnsafeBufferPointer { from in
                // SAFETY: the storage of `indices` is only read inside the closure, and no pointer to it leaves it.
                indices.withUnsafeBufferPointer { fromIndices in
                    // SAFETY: the closure has the storage of `otherHashes` to itself (exclusive access), and no pointer to it leaves it.
                    otherHashes.withUnsafeMutableBufferPointer { to in
                        // SAFETY: the closure has the storage of `otherIndices` to itself (exclusive access), and no pointer to it leaves it.
                        otherIndices.withUnsafeMutableBufferPointer { toIndices in
                            // SAFETY: the closure has the storage of `offsets` to itself (exclusive access), and no pointer to it leaves it.
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

    /// A 64-bit hash of `bytes`, eight at a time (the last eight, which
    /// may overlap the ones before, for the rest: keys are mostly short),
    /// each word multiplied in, then mixed (MurmurHash3's finalizer).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        @inline(__always) func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0xff51_afd7_ed55_8ccd
            hash ^= hash >> 32
        }
        if count >= 8 {
            var p = 0
            while p + 8 < count {
                mix(bytes.loadUnaligned(fromByteOffset: p, as: UInt64.self))
                p += 8
            }
            mix(bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        } else if count >= 4 {
            mix(UInt64(bytes.loadUnaligned(as: UInt32.self)) << 32
                | UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
        } else if count > 0 {
            mix(UInt64(bytes[0]) << 16 | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1]))
        }
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }
}
