import Synchronization

/// A stable sort of byte strings (lines, or the byte keys of other formats)
/// in byte order, as `LC_ALL=C sort -s` has it, that never compares again
/// the bytes it has found equal: an MSD radix sort on seven bytes at a
/// time.
///
/// Each item of a group gets a 64-bit key: its next seven bytes from
/// `depth` (folded with `ignoreCase`), big-endian, zero-padded, then how
/// many of those seven it has (0…7). Keys order items as their bytes do:
/// a zero pad is below any byte but a NUL, and a NUL against a pad is
/// settled by the count, a prefix coming first. The group is sorted by
/// key, stably: under 25 keys by insertion, under 512 by a merge sort,
/// else by an LSD radix sort on the key's bytes that skips the bytes all
/// keys share (from 65 536 keys, split first by their highest byte that
/// differs, so that each part's passes stay in the cache). Then each run
/// of equal keys whose count is 7 is a group again, seven bytes further
/// on (or further: when the whole group is alike, past all the bytes its
/// items share, found in one pass), and one whose count is less is a run
/// of equal items, in their order. Groups of 16 items or fewer are
/// insertion-sorted by comparing their bytes (a few equal long lines: one
/// `memcmp` each instead of a level every seven bytes). Items start in
/// index order and every step is stable, so equal items keep their index
/// order; `-r` reverses the runs of equal items, not the items, and `-u`
/// keeps the first of each run, as `Sorting.sort(reverse:)` and
/// `Sorting.firstOfEqualRuns` did.
///
/// Why this one (1 M lines, this machine, the whole `reorder sort`; GNU
/// `LC_ALL=C sort -s`, on both cores, in brackets): the prefix + `memcmp`
/// comparison sort took 0.93–1.02 s on `line %08d i%06d` [0.34–0.45 s],
/// 0.55–0.64 s on random `%032x` [0.41–0.61 s] and 1.24 s on the lines of
/// the third-party test files [0.48 s]: on shared prefixes almost every
/// one of its 20 M comparisons missed the cache twice to reach bytes
/// already known equal. A byte-at-a-time MSD radix sort would read every
/// line once per byte of shared prefix (7 levels here before the first
/// byte that differs); seven bytes a key reads it once per seven, and
/// sorting the keys touches no text at all. This one: 0.14 s, 0.15 s and
/// 0.19–0.23 s (10 M shared-prefix lines: 1.5–1.8 s against 14–17 s
/// [4.8–8 s]), on a machine shared with another build. A multikey
/// quicksort also skips known-equal bytes but reads a line's byte at every
/// partition it goes through, one miss each. The seven-byte keys were
/// tried first with the largest group sorted in two halves and merged;
/// splitting by the top byte instead and sorting parts in the cache took
/// the real lines from 0.23–0.25 s to the same or a little less, and
/// merge-sorting small groups (eight tables of 256 counts cost more than
/// they save under 512 keys) from 12 % of the time in counting to 10 %;
/// counting only the bytes that differ (one table at a time) changed
/// nothing measurable, and stays for its smaller table. Most of what is
/// left on the real lines is filling keys: a cache miss a line a level.
///
/// With a `ThreadLender` and 200 000 items or more, two threads: while one
/// group holds most of the items, its keys are filled by both and split by
/// their highest differing byte, each thread counting and moving half of
/// them; then the parts and groups below, largest first, go to whichever
/// thread is free (see `Buffers.sortOnTwoThreads`). Before, the first
/// split was one thread's and each thread had a fixed share by size: on a
/// million real lines the second thread had a fifth of the samples of a
/// profile of the whole run (a group of lines that share long prefixes
/// takes a level per 7 bytes, and its size does not say so).
enum StringSort {
    /// The items, as offsets into `base` and lengths.
    struct Items {
        let base: UnsafePointer<UInt8>
        let starts: UnsafePointer<Int>
        /// nil: each item but the last ends `terminatorLength` bytes before
        /// the next one starts, and the last is `lastLength` long.
        let lengths: UnsafePointer<UInt32>?
        let count: Int
        let terminatorLength: Int
        let lastLength: Int

        init(base: UnsafePointer<UInt8>, starts: UnsafePointer<Int>, lengths: UnsafePointer<UInt32>, count: Int) {
            self.base = base
            self.starts = starts
            self.lengths = lengths
            self.count = count
            terminatorLength = 0
            lastLength = 0
        }

        /// Lines whose terminators are all `terminatorLength` bytes long: a
        /// line's length is where the next starts, less that, and the sort
        /// reads one table where it would read two (a cache miss a line a
        /// level, not two).
        init(base: UnsafePointer<UInt8>, starts: UnsafePointer<Int>, count: Int, terminatorLength: Int, lastLength: Int) {
            self.base = base
            self.starts = starts
            lengths = nil
            self.count = count
            self.terminatorLength = terminatorLength
            self.lastLength = lastLength
        }

        @inline(__always)
        func length(_ index: Int) -> Int {
            if let lengths { return Int(lengths[index]) }
            return index + 1 < count ? starts[index + 1] - starts[index] - terminatorLength : lastLength
        }
    }

    /// Below this many items, one thread: a second one costs more than it
    /// saves.
    static let parallelThreshold = 200_000

    /// Keys of a group this large are first split by their highest byte
    /// that differs, then sorted part by part (an LSD pass over a part in
    /// the cache is cheaper than over the whole group).
    static let splitFirst = 1 << 16

    /// Keys of a group smaller than this are merge-sorted: a table of 256
    /// counts for each byte that differs costs more than it saves.
    static let mergedGroup = 512

    /// Groups of this many items or fewer are sorted by comparing.
    static let comparedGroup = 16

    /// The items' indices in sorted order: ascending, or with `reverse`
    /// descending with equal items still in index order; with `unique`,
    /// only the first (lowest index) of each set of equal items.
    static func sortedOrder(_ items: Items, ignoreCase: Bool, reverse: Bool, unique: Bool,
                            lender: ThreadLender? = nil, parallelThreshold: Int = parallelThreshold) -> [Int] {
        let count = items.count
        if count == 0 { return [] }
        let needsRuns = reverse || unique
        // SAFETY: freed by the defer below; `order` is indexed by position, 0 ..< count.
        let order = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        defer { order.deallocate() }
        // equal[p]: the item at sorted position p equals the one before it.
        // SAFETY: freed by the defer below; indexed by position, 0 ..< count.
        let equal: UnsafeMutablePointer<Bool>? = needsRuns ? .allocate(capacity: count) : nil
        defer { equal?.deallocate() }
        equal?.initialize(repeating: false, count: count)
        do {
            // SAFETY: freed by the defer below; `keys` is indexed by position, 0 ..< count.
            let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
            // SAFETY: freed by the defer below; `spareKeys` is indexed by position, 0 ..< count.
            let spareKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
            // SAFETY: freed by the defer below; `spareOrder` is indexed by position, 0 ..< count.
            let spareOrder = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
            defer { keys.deallocate(); spareKeys.deallocate(); spareOrder.deallocate() }
            for index in 0..<count { order[index] = UInt32(truncatingIfNeeded: index) }
            let buffers = Buffers(items: items, fold: ignoreCase, order: order, keys: keys,
                                  spareOrder: spareOrder, spareKeys: spareKeys, equal: equal)
            if let lender, count >= parallelThreshold {
                buffers.sortOnTwoThreads(count, lender: lender, threshold: parallelThreshold)
            } else {
                var worker = Worker(buffers)
                worker.sort(Group(lower: 0, upper: count, depth: 0))
                worker.release()
            }
        }
        guard let equal else { return (0..<count).map { Int(order[$0]) } }
        // Runs of equal items, each in index order.
        var result: [Int] = []
        result.reserveCapacity(count)
        if !reverse {
            for position in 0..<count where !equal[position] { result.append(Int(order[position])) }
            return result
        }
        var end = count
        while end > 0 {
            var start = end - 1
            while equal[start] { start -= 1 }
            if unique {
                result.append(Int(order[start]))
            } else {
                for position in start..<end { result.append(Int(order[position])) }
            }
            end = start
        }
        return result
    }

    struct Group {
        var lower: Int
        var upper: Int
        var depth: Int
        var size: Int { upper - lower }
    }

    /// The arrays the sort works in: `order` and `keys` by position, with a
    /// spare of each for the radix passes. Threads share them, each
    /// working in positions of its own.
    // SAFETY: the threads share the buffers but each reads and writes only positions of its own group or half; the owner frees them after both are joined.
    struct Buffers: @unchecked Sendable {
        let items: Items
        let fold: Bool
        let order: UnsafeMutablePointer<UInt32>
        let keys: UnsafeMutablePointer<UInt64>
        let spareOrder: UnsafeMutablePointer<UInt32>
        let spareKeys: UnsafeMutablePointer<UInt64>
        let equal: UnsafeMutablePointer<Bool>?

        /// The key of item `index` at `depth` (see `StringSort`).
        @inline(__always)
        func key(_ index: Int, _ depth: Int) -> UInt64 {
            let remaining = items.length(index) - depth
            let bytes = items.base + items.starts[index] + depth
            if remaining >= 8 && !fold {
                // SAFETY: `remaining >= 8`: the eight bytes are inside the item, read unaligned.
                let word = UInt64(bigEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
                return word & ~0xFF | 7
            }
            let have = min(remaining, 7)
            var value: UInt64 = 0
            for offset in 0..<7 {
                var byte: UInt8 = offset < have ? bytes[offset] : 0
                if fold { byte = ByteOrder.upper(byte) }
                value = value << 8 | UInt64(byte)
            }
            return value << 8 | UInt64(have)
        }

        /// The bytes of item `index` from `depth` on.
        @inline(__always)
        func bytes(_ index: Int, _ depth: Int) -> UnsafeRawBufferPointer {
            // SAFETY: `depth` <= the item's length, so the view lies inside the item, in `items.base`.
            UnsafeRawBufferPointer(start: items.base + items.starts[index] + depth, count: items.length(index) - depth)
        }

        /// How many bytes from `depth` on all the items at `lower..<upper`
        /// share (folded with `fold`).
        func commonPrefix(_ lower: Int, _ upper: Int, from depth: Int) -> Int {
            let first = bytes(Int(order[lower]), depth)
            var common = first.count
            for position in lower + 1..<upper {
                let other = bytes(Int(order[position]), depth)
                let limit = min(common, other.count)
                var offset = 0
                while offset + 8 <= limit
                    && first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                    offset += 8
                }
                while offset < limit && (fold ? ByteOrder.upper(first[offset]) == ByteOrder.upper(other[offset])
                                              : first[offset] == other[offset]) {
                    offset += 1
                }
                common = offset
                if common == 0 { break }
            }
            return common
        }

        func fillKeys(_ lower: Int, _ upper: Int, depth: Int) {
            for position in lower..<upper { keys[position] = key(Int(order[position]), depth) }
        }

        /// Two threads. While one group holds more than half the items left
        /// to sort, its keys are filled by both threads and split by their
        /// highest byte that differs, each thread counting and moving half
        /// of them; then the parts and groups, largest first, go to
        /// whichever thread is free next, until none is left.
        func sortOnTwoThreads(_ count: Int, lender: ThreadLender, threshold: Int) {
            var pending = [(group: Group, filled: Bool)]([(Group(lower: 0, upper: count, depth: 0), false)])
            var local = Worker(self)
            let other = Worker(self)
            defer { local.release(); other.release() }
            while let largest = pending.indices.max(by: { pending[$0].group.size < pending[$1].group.size }),
                  pending[largest].group.size >= threshold,
                  pending[largest].group.size * 2 > pending.reduce(0, { $0 + $1.group.size }) {
                let (group, filled) = pending.remove(at: largest)
                let half = group.lower + group.size / 2
                if !filled {
                    lender.onBoth({ fillKeys(group.lower, half, depth: group.depth) },
                                      { [self] in fillKeys(half, group.upper, depth: group.depth) })
                }
                let parts = Worker.splitByTopDigit(group.lower, group.size, differing: local.differingBits(group.lower, group.size),
                                                   local, other, lender: lender)
                if parts.count == 2 {
                    // All keys equal: the group goes on further, or ends.
                    Worker.splitRuns(group, self) { pending.append(($0, false)) }
                } else {
                    for part in 0..<parts.count - 1 {
                        let piece = Group(lower: parts[part], upper: parts[part + 1], depth: group.depth)
                        if piece.size > 1 {
                            pending.append((piece, true))
                        }
                    }
                }
            }
            // Largest first; each thread takes the next when it is done
            // with its last: how long a group takes is not its size alone
            // (lines that share long prefixes take a level per 7 bytes).
            pending.sort { $0.group.size > $1.group.size }
            let units = pending
            let queue = WorkQueue()
            lender.onBoth({ local.sort(units, queue) }, { [other] in
                var worker = other
                worker.sort(units, queue)
            })
        }
    }

    /// The next unit of work for whichever thread asks first.
    final class WorkQueue: Sendable {
        private let next = Atomic<Int>(0)

        func take() -> Int { next.wrappingAdd(1, ordering: .relaxed).oldValue }
    }

    /// One thread's share: its counting table and its stack of groups.
    // SAFETY: each thread has its own Worker (its own counts table); the shared Buffers are split by position, see Buffers.
    struct Worker: @unchecked Sendable {
        let buffers: Buffers
        let counts: UnsafeMutablePointer<Int>
        var stack: [Group] = []

        init(_ buffers: Buffers) {
            self.buffers = buffers
            // A few items are sorted by comparing alone: no tables.
            // SAFETY: freed by release(); indexed by a byte (256 entries) or not at all (1) for small groups.
            counts = .allocate(capacity: buffers.items.count > StringSort.comparedGroup ? 256 : 1)
        }

        func release() { counts.deallocate() }

        /// Sorts `group` and every group below it; `filled`: its keys are
        /// there already.
        mutating func sort(_ group: Group, filled: Bool = false) {
            if filled {
                sortKeys(group.lower, group.size)
                Worker.splitRuns(group, buffers) { stack.append($0) }
            } else {
                stack.append(group)
            }
            while let next = stack.popLast() {
                if next.size <= StringSort.comparedGroup {
                    sortByComparing(next)
                    continue
                }
                sortLevel(next)
                Worker.splitRuns(next, buffers) { stack.append($0) }
            }
        }

        /// Sorts the units `queue` hands out until none is left.
        mutating func sort(_ units: [(group: Group, filled: Bool)], _ queue: WorkQueue) {
            while case let next = queue.take(), next < units.count {
                sort(units[next].group, filled: units[next].filled)
            }
        }

        /// A few items: an insertion sort comparing their bytes from the
        /// group's depth, each pair at once (a few equal lines of a
        /// thousand bytes take one `memcmp` each, not 143 levels).
        func sortByComparing(_ group: Group) {
            let order = buffers.order
            let fold = buffers.fold
            if group.size < 2 { return }
            for next in group.lower + 1..<group.upper {
                let index = order[next]
                let bytes = buffers.bytes(Int(index), group.depth)
                var position = next
                while position > group.lower,
                      ByteOrder.compare(buffers.bytes(Int(order[position - 1]), group.depth), bytes, foldingCase: fold) > 0 {
                    order[position] = order[position - 1]
                    position -= 1
                }
                order[position] = index
            }
            guard let equal = buffers.equal else { return }
            for position in group.lower + 1..<group.upper
            where ByteOrder.compare(buffers.bytes(Int(order[position - 1]), group.depth),
                                    buffers.bytes(Int(order[position]), group.depth), foldingCase: fold) == 0 {
                equal[position] = true
            }
        }

        /// Sorts `group`'s positions by their keys at its depth.
        func sortLevel(_ group: Group) {
            buffers.fillKeys(group.lower, group.upper, depth: group.depth)
            sortKeys(group.lower, group.size)
        }

        /// In a group sorted by key: the runs of equal keys that go on are
        /// `more`; those that end are equal items. Static, and given the
        /// buffers: a method would hold a copy of the worker, its stack
        /// included, while `more` appends to that stack, and every append
        /// would copy the stack (17 000 copies, 7 % of a sort of a million
        /// lines).
        static func splitRuns(_ group: Group, _ buffers: Buffers, _ more: (Group) -> Void) {
            let keys = buffers.keys
            var start = group.lower
            while start < group.upper {
                let key = keys[start]
                var end = start + 1
                while end < group.upper && keys[end] == key { end += 1 }
                if end - start > 1 {
                    if key & 0xFF == 7 {
                        // The whole group alike: a long shared prefix (or
                        // equal lines), skipped in one pass.
                        let skip = end - start == group.size ? buffers.commonPrefix(start, end, from: group.depth + 7) : 0
                        more(Group(lower: start, upper: end, depth: group.depth + 7 + skip))
                    } else if let equal = buffers.equal {
                        (equal + start + 1).update(repeating: true, count: end - start - 1)
                    }
                }
                start = end
            }
        }

        static func insertionSort(_ keys: UnsafeMutablePointer<UInt64>, _ order: UnsafeMutablePointer<UInt32>, _ count: Int) {
            for next in 1..<count {
                let key = keys[next], index = order[next]
                var position = next
                while position > 0 && keys[position - 1] > key {
                    keys[position] = keys[position - 1]
                    order[position] = order[position - 1]
                    position -= 1
                }
                keys[position] = key
                order[position] = index
            }
        }

        /// A stable merge sort of the keys at `lower..<lower + count`:
        /// insertion-sorted runs of 16, merged through the spare arrays.
        func mergeSort(_ lower: Int, _ count: Int) {
            var fromKeys = buffers.keys + lower, fromOrder = buffers.order + lower
            var toKeys = buffers.spareKeys + lower, toOrder = buffers.spareOrder + lower
            var run = 16
            var start = 0
            while start < count {
                let n = min(run, count - start)
                if n > 1 { Worker.insertionSort(fromKeys + start, fromOrder + start, n) }
                start += run
            }
            while run < count {
                var left = 0
                while left < count {
                    let middle = min(left + run, count), end = min(left + 2 * run, count)
                    var a = left, b = middle, out = left
                    while a < middle && b < end {
                        if fromKeys[b] < fromKeys[a] {
                            toKeys[out] = fromKeys[b]
                            toOrder[out] = fromOrder[b]
                            b += 1
                        } else {
                            toKeys[out] = fromKeys[a]
                            toOrder[out] = fromOrder[a]
                            a += 1
                        }
                        out += 1
                    }
                    while a < middle {
                        toKeys[out] = fromKeys[a]
                        toOrder[out] = fromOrder[a]
                        a += 1
                        out += 1
                    }
                    while b < end {
                        toKeys[out] = fromKeys[b]
                        toOrder[out] = fromOrder[b]
                        b += 1
                        out += 1
                    }
                    left = end
                }
                swap(&fromKeys, &toKeys)
                swap(&fromOrder, &toOrder)
                run *= 2
            }
            if fromKeys != buffers.keys + lower {
                (buffers.keys + lower).update(from: fromKeys, count: count)
                (buffers.order + lower).update(from: fromOrder, count: count)
            }
        }

        /// The bits in which some of the keys at `lower..<lower + count`
        /// differ from the first (zero: all equal).
        func differingBits(_ lower: Int, _ count: Int) -> UInt64 {
            let keys = buffers.keys + lower
            let first = keys[0]
            var differing: UInt64 = 0
            for position in 0..<count { differing |= keys[position] ^ first }
            return differing
        }

        /// How many of `count` keys from `keys` have each value of the byte
        /// at `shift`, then where the first of each goes: into `counts`.
        @inline(__always)
        func placesByByte(_ keys: UnsafeMutablePointer<UInt64>, _ count: Int, shift: UInt64) {
            countByByte(keys, count, shift: shift)
            var sum = 0
            for byte in 0..<256 {
                let n = counts[byte]
                counts[byte] = sum
                sum &+= n
            }
        }

        /// How many of `count` keys from `keys` have each value of the byte
        /// at `shift`: into `counts`.
        @inline(__always)
        func countByByte(_ keys: UnsafeMutablePointer<UInt64>, _ count: Int, shift: UInt64) {
            counts.update(repeating: 0, count: 256)
            for position in 0..<count { counts[Int(truncatingIfNeeded: keys[position] >> shift) & 0xFF] &+= 1 }
        }

        /// Moves `count` keys (and their items) from `fromKeys` to
        /// `toKeys` in order of their byte at `shift`, stably, to the
        /// places `placesByByte` put in `counts`.
        @inline(__always)
        func scatter(_ fromKeys: UnsafeMutablePointer<UInt64>, _ fromOrder: UnsafeMutablePointer<UInt32>,
                     _ toKeys: UnsafeMutablePointer<UInt64>, _ toOrder: UnsafeMutablePointer<UInt32>,
                     _ count: Int, shift: UInt64) {
            for position in 0..<count {
                let key = fromKeys[position]
                let byte = Int(truncatingIfNeeded: key >> shift) & 0xFF
                let to = counts[byte]
                counts[byte] = to &+ 1
                toKeys[to] = key
                toOrder[to] = fromOrder[position]
            }
        }

        /// Moves the keys at `lower..<lower + count` in order of their
        /// highest byte that differs (`differing`: `differingBits`),
        /// stably; returns where each part starts, and the end (one part
        /// when all keys are equal).
        func splitByTopDigit(_ lower: Int, _ count: Int, differing: UInt64) -> [Int] {
            if differing == 0 { return [lower, lower + count] }
            let keys = buffers.keys + lower, order = buffers.order + lower
            let shift = UInt64((63 - differing.leadingZeroBitCount) / 8 * 8)
            placesByByte(keys, count, shift: shift)
            var parts = [lower]
            for byte in 1..<256 where counts[byte] != counts[byte - 1] { parts.append(lower + counts[byte]) }
            parts.append(lower + count)
            let toKeys = buffers.spareKeys + lower, toOrder = buffers.spareOrder + lower
            scatter(keys, order, toKeys, toOrder, count, shift: shift)
            keys.update(from: toKeys, count: count)
            order.update(from: toOrder, count: count)
            return parts
        }

        /// `splitByTopDigit` on two threads: `mine` counts and moves the
        /// first half of the keys, `theirs` the second (its places after
        /// the first half's of the same byte), then each copies half back.
        static func splitByTopDigit(_ lower: Int, _ count: Int, differing: UInt64,
                                    _ mine: Worker, _ theirs: Worker, lender: ThreadLender) -> [Int] {
            if differing == 0 { return [lower, lower + count] }
            let buffers = mine.buffers
            let shift = UInt64((63 - differing.leadingZeroBitCount) / 8 * 8)
            let half = count / 2
            lender.onBoth({ mine.countByByte(buffers.keys + lower, half, shift: shift) }, {
                theirs.countByByte(buffers.keys + lower + half, count - half, shift: shift)
            })
            var parts = [lower]
            var sum = 0
            for byte in 0..<256 {
                let first = mine.counts[byte], second = theirs.counts[byte]
                if byte > 0 && first + second > 0 && sum > 0 { parts.append(lower + sum) }
                mine.counts[byte] = sum
                theirs.counts[byte] = sum &+ first
                sum &+= first &+ second
            }
            parts.append(lower + count)
            lender.onBoth({
                mine.scatter(buffers.keys + lower, buffers.order + lower, buffers.spareKeys + lower, buffers.spareOrder + lower,
                             half, shift: shift)
            }, {
                theirs.scatter(buffers.keys + lower + half, buffers.order + lower + half,
                               buffers.spareKeys + lower, buffers.spareOrder + lower, count - half, shift: shift)
            })
            lender.onBoth({
                (buffers.keys + lower).update(from: buffers.spareKeys + lower, count: half)
                (buffers.order + lower).update(from: buffers.spareOrder + lower, count: half)
            }, {
                (buffers.keys + lower + half).update(from: buffers.spareKeys + lower + half, count: count - half)
                (buffers.order + lower + half).update(from: buffers.spareOrder + lower + half, count: count - half)
            })
            return parts
        }

        /// Sorts `count` positions from `lower` by key, stably.
        func sortKeys(_ lower: Int, _ count: Int) {
            let keys = buffers.keys + lower, order = buffers.order + lower
            if count < 2 { return }
            if count <= 24 {
                Worker.insertionSort(keys, order, count)
                return
            }
            // Already in order (equal keys, above all): nothing to move.
            var sorted = true
            for position in 1..<count where keys[position - 1] > keys[position] {
                sorted = false
                break
            }
            if sorted { return }
            if count < StringSort.mergedGroup {
                mergeSort(lower, count)
                return
            }
            let differing = differingBits(lower, count)
            if count >= StringSort.splitFirst {
                // Many keys: first by their highest byte that differs, then
                // each part on its own, in the cache.
                let parts = splitByTopDigit(lower, count, differing: differing)
                for part in 0..<parts.count - 1 where parts[part + 1] - parts[part] > 1 {
                    sortKeys(parts[part], parts[part + 1] - parts[part])
                }
                return
            }
            var fromKeys = keys, fromOrder = order
            var toKeys = buffers.spareKeys + lower, toOrder = buffers.spareOrder + lower
            // Only the bytes in which keys differ: a pass over one that
            // all share would move nothing.
            for digit in 0..<8 where differing >> UInt64(digit * 8) & 0xFF != 0 {
                let shift = UInt64(digit * 8)
                placesByByte(fromKeys, count, shift: shift)
                scatter(fromKeys, fromOrder, toKeys, toOrder, count, shift: shift)
                swap(&fromKeys, &toKeys)
                swap(&fromOrder, &toOrder)
            }
            if fromKeys != keys {
                keys.update(from: fromKeys, count: count)
                order.update(from: fromOrder, count: count)
            }
        }
    }
}
