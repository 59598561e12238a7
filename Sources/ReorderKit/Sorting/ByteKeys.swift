/// The byte keys a list is sorted by, built in one place for every list
/// that `StringSort` sorts: a file's lines, a CSV file's rows or one of
/// their columns, and the values of any format (`FormatLayout.sortedByValue`:
/// strings where they stand, or `SortKey`s that are all bytes of one rank).
///
/// A key is a range of `source` while every key is one, so that nothing is
/// copied; from the first key that is not (a field whose `""` was decoded,
/// a string with an escape, a text a format computed), the keys before it
/// and every key after are copied into one buffer of the keys' own. The
/// order is the same either way: `StringSort` reads the same bytes.
///
/// Lines need no keys of their own: `sortedOrder(lines:…)` sorts them
/// where they stand, from the layout's table of where each starts.
struct ByteKeys {
    /// The bytes the `.source` keys are ranges of.
    let source: UnsafeRawBufferPointer
    /// Where each key starts: in `source`, or in `copies` once there are
    /// copies.
    private var starts: [Int] = []
    private var lengths: [UInt32] = []
    /// Every key so far, one after another, from the first key that is not
    /// a range of `source`; nil before.
    private var copies: [UInt8]? = nil

    /// Keys for `count` items of `source`; nil when `StringSort` cannot
    /// number them (four thousand million or more: `SortKey`s, which
    /// compare, sort those).
    init?(source: UnsafeRawBufferPointer, count: Int) {
        guard count < Int(UInt32.max) else { return nil }
        self.source = source
        starts.reserveCapacity(count)
        lengths.reserveCapacity(count)
    }

    var count: Int { lengths.count }

    /// Adds the next item's key, `source[range]`. False, adding nothing,
    /// for a key of 4 GiB or more, whose length `StringSort` cannot hold.
    @inline(__always)
    mutating func append(sourceRange range: Range<Int>) -> Bool {
        guard range.count < Int(UInt32.max) else { return false }
        if copies != nil {
            copies!.append(contentsOf: source[range])
            starts.append(copies!.count - range.count)
        } else {
            starts.append(range.lowerBound)
        }
        lengths.append(UInt32(truncatingIfNeeded: range.count))
        return true
    }

    /// Adds the next item's key. False, adding nothing, for a key of 4 GiB
    /// or more.
    @inline(__always)
    mutating func append(_ key: KeyBytes) -> Bool {
        switch key {
        case .source(let range):
            return append(sourceRange: range)
        case .owned(let bytes):
            guard bytes.count < Int(UInt32.max) else { return false }
            if copies == nil { copyKeys() }
            starts.append(copies!.count)
            copies!.append(contentsOf: bytes)
            lengths.append(UInt32(truncatingIfNeeded: bytes.count))
            return true
        }
    }

    /// Adds `next`'s keys after these (the keys of the items after these,
    /// found by another thread). Nil when the keys together are too many
    /// for `StringSort`.
    mutating func append(contentsOf next: ByteKeys) -> Bool {
        guard count + next.count < Int(UInt32.max) else { return false }
        if copies == nil && next.copies == nil && next.source.baseAddress == source.baseAddress {
            starts += next.starts
            lengths += next.lengths
            return true
        }
        if copies == nil { copyKeys() }
        for index in 0..<next.count {
            let length = Int(next.lengths[index])
            starts.append(copies!.count)
            next.withKey(index) { copies!.append(contentsOf: $0) }
            lengths.append(UInt32(truncatingIfNeeded: length))
        }
        return true
    }

    /// Key `index`'s bytes.
    private func withKey<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let start = starts[index], length = Int(lengths[index])
        // SAFETY: `start ..< start + length` is a key appended to `copies`, within it.
        if let copies { return copies.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<start + length])) } }
        // SAFETY: `start ..< start + length` is a range of `source` the key was appended as.
        return body(UnsafeRawBufferPointer(rebasing: source[start..<start + length]))
    }

    /// From ranges of `source` to copies: the keys so far copied, in order.
    private mutating func copyKeys() {
        var buffer: [UInt8] = []
        for index in 0..<count {
            let start = starts[index], length = Int(lengths[index])
            starts[index] = buffer.count
            buffer.append(contentsOf: source[start..<start + length])
        }
        copies = buffer
    }

    /// The keys' indices in `StringSort`'s order under `options`: bytes
    /// (folded with `ignoreCase`), stable, `reverse` keeping equal keys in
    /// their order, `unique` the first of them.
    func sortedOrder(_ options: SortOptions, parallelThreshold: Int = StringSort.parallelThreshold) -> [Int] {
        let count = self.count
        guard count > 0 else { return [] }
        if copies == nil, let base = source.baseAddress {
            // SAFETY: the source is read only as bytes, and every key lies within it; it outlives the sort.
            return sorted(base: base.assumingMemoryBound(to: UInt8.self), options, parallelThreshold)
        }
        // Copies; or ranges of a source with no address, which can only
        // be empty: one byte more, so that an empty buffer has an address.
        var buffer = copies ?? []
        buffer.append(0)
        // SAFETY: the storage of `buffer` is only read inside the closure, and no pointer to it leaves it.
        return buffer.withUnsafeBufferPointer { sorted(base: $0.baseAddress!, options, parallelThreshold) }
    }

    private func sorted(base: UnsafePointer<UInt8>, _ options: SortOptions, _ parallelThreshold: Int) -> [Int] {
        // SAFETY: the storage of `starts` is only read inside the closure, and no pointer to it leaves it.
        starts.withUnsafeBufferPointer { starts in
            // SAFETY: the storage of `lengths` is only read inside the closure, and no pointer to it leaves it.
            lengths.withUnsafeBufferPointer { lengths in
                StringSort.sortedOrder(
                    StringSort.Items(base: base, starts: starts.baseAddress!, lengths: lengths.baseAddress!, count: count),
                    ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique,
                    lender: options.lender, parallelThreshold: parallelThreshold)
            }
        }
    }

    /// Lines that each end with a terminator `terminatorLength` bytes long
    /// (the last `lastLength` bytes long, with or without one), sorted
    /// where they stand: a line's length is where the next starts, less
    /// the terminator, so that the sort reads one table where it would
    /// read two. `starts` (where each line starts in `source`) and
    /// `source` must outlive the call.
    static func sortedOrder(lines source: UnsafeRawBufferPointer, starts: UnsafePointer<Int>, count: Int,
                            terminatorLength: Int, lastLength: Int, _ options: SortOptions) -> [Int] {
        guard count > 0, let base = source.baseAddress else { return [] }
        precondition(count < Int(UInt32.max), "StringSort numbers items in 32 bits")
        return StringSort.sortedOrder(
            // SAFETY: the source is read only as bytes; the caller keeps `starts` and `source` alive through the call.
            StringSort.Items(base: base.assumingMemoryBound(to: UInt8.self), starts: starts, count: count,
                             terminatorLength: terminatorLength, lastLength: lastLength),
            ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique,
            lender: options.lender)
    }

    /// Lines whose terminators differ in length, sorted where they stand:
    /// `starts` is the layout's table of where each starts, and only a
    /// table of lengths (`length(i)`, line i's) is filled, not one of
    /// starts as well. Nil when a line is 4 GiB or longer (`SortKey`s,
    /// which compare, sort those). `starts` and `source` must outlive the
    /// call.
    static func sortedOrder(lines source: UnsafeRawBufferPointer, starts: UnsafePointer<Int>, count: Int,
                            length: (Int) -> Int, _ options: SortOptions) -> [Int]? {
        guard count > 0, let base = source.baseAddress else { return [] }
        precondition(count < Int(UInt32.max), "StringSort numbers items in 32 bits")
        var lengths = [UInt32](repeating: 0, count: count)
        for index in 0..<count {
            let line = length(index)
            if line >= Int(UInt32.max) { return nil }
            lengths[index] = UInt32(truncatingIfNeeded: line)
        }
        // SAFETY: the storage of `lengths` is only read inside the closure, and no pointer to it leaves it.
        return lengths.withUnsafeBufferPointer { lengths in
            StringSort.sortedOrder(
                // SAFETY: the source is read only as bytes; the caller keeps `starts` and `source` alive through the call.
                StringSort.Items(base: base.assumingMemoryBound(to: UInt8.self), starts: starts,
                                 lengths: lengths.baseAddress!, count: count),
                ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique,
                lender: options.lender)
        }
    }
}
