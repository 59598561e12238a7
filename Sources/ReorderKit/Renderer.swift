/// Turns an arrangement into output bytes: the head, the items in result
/// order with the separators of their positions, and the tail.
public struct Renderer<Layout: ListLayout> {
    public let layout: Layout
    public let source: UnsafeRawBufferPointer

    public init(layout: Layout, source: UnsafeRawBufferPointer) {
        self.layout = layout
        self.source = source
    }

    private func walk<Receiver: PieceReceiver>(_ arrangement: Arrangement, _ pieces: inout Receiver,
                                               ahead: LinesCopiedAhead? = nil) throws {
        // SAFETY: the bytes of `arrangement.itemBytes` are only read inside the closure, and no pointer to them leaves it.
        try arrangement.itemBytes.withUnsafeBytes { itemBytes in
            if let terminator = layout.uniformTerminator {
                try walkUniformLines(terminator, arrangement, itemBytes, &pieces, ahead: ahead)
            } else {
                try walkAny(arrangement, itemBytes, &pieces)
            }
        }
    }

    /// The walk for any layout; `itemBytes` are the arrangement's.
    private func walkAny<Receiver: PieceReceiver>(
        _ arrangement: Arrangement, _ itemBytes: UnsafeRawBufferPointer, _ pieces: inout Receiver
    ) throws {
        let resultCount = arrangement.count
        for piece in layout.head(resultCount: resultCount) { try pieces.put(piece) }
        var position = 0
        var lastItemIsEmpty = false
        // With uniform separators, the separator after a run that ends at
        // source item `e` may be the source's own separator after `e`: the
        // same bytes, and adjacent to the item, so the two join into one
        // piece (and with the next run too, when it starts at `e + 1`).
        let uniform = layout.separatorsAreUniform
        let sourceCount = layout.count
        var previousSourceItem = -1
        func separator() -> Piece {
            if uniform && previousSourceItem >= 0 && previousSourceItem + 1 < sourceCount {
                return layout.separator(afterPosition: previousSourceItem, resultCount: sourceCount)
            }
            return layout.separator(afterPosition: position - 1, resultCount: resultCount)
        }
        // Walked here, not in a closure: a closure's captured state (the
        // position, the receiver) costs a run-time exclusivity check a use.
        // The runs of a sort point all over the source: a block's first and
        // last bytes of each are loaded first, in a loop of independent
        // loads whose cache misses overlap, as `walkUniformLines` does (a
        // sort of 100 000 YAML mappings by a key: the copies were 14 % of it).
        let runs = arrangement.runs
        let blockLength = 256
        var touched: UInt8 = 0
        for (k, run) in runs.enumerated() {
            if k % blockLength == 0 {
                for ahead in runs[k..<min(k + blockLength, runs.count)] where !ahead.isNewItem {
                    let item = layout.itemRange(ahead.start)
                    if !item.isEmpty { touched ^= source[item.lowerBound] ^ source[item.upperBound - 1] }
                }
                keepTouched(touched)
            }
            if run.isNewItem {
                if position > 0 { try pieces.put(separator()) }
                // SAFETY: a range found in `itemBytes`, so within its bounds; the view is used no longer than `itemBytes` is valid.
                let bytes = UnsafeRawBufferPointer(rebasing: itemBytes[run.newItemBytes])
                try pieces.putBytes(bytes)
                lastItemIsEmpty = bytes.isEmpty
                position += 1
                previousSourceItem = -1
            } else if uniform {
                // Consecutive source items with identical separators are
                // one stretch of the source.
                if position > 0 { try pieces.put(separator()) }
                let first = layout.itemRange(run.start)
                let last = run.end - 1 == run.start ? first : layout.itemRange(run.end - 1)
                try pieces.putSource(first.lowerBound, last.upperBound)
                lastItemIsEmpty = last.isEmpty
                position += run.end - run.start
                previousSourceItem = run.end - 1
            } else {
                for index in run.start..<run.end {
                    if position > 0 {
                        try pieces.put(layout.separator(afterPosition: position - 1, resultCount: resultCount))
                    }
                    let item = layout.itemRange(index)
                    try pieces.putSource(item.lowerBound, item.upperBound)
                    lastItemIsEmpty = item.isEmpty
                    position += 1
                }
            }
        }
        for piece in layout.tail(resultCount: resultCount, lastItemIsEmpty: lastItemIsEmpty) {
            try pieces.put(piece)
        }
        try pieces.finish()
    }

    /// The walk for lines whose terminators are all the same bytes `T` (the
    /// usual file). Then source items `s ..< e` with the terminators between
    /// them are the source bytes from where line `s` starts to where line
    /// `e` starts, less the last `T`; each run costs two look-ups of where a
    /// line starts, and the separator after it is a piece of the source
    /// that joins with the next run when that run continues this one.
    ///
    /// With `ahead`, a lent thread copies the runs from `ahead.first` on
    /// while this one walks those before; the walk then puts out its copy
    /// and goes on from where it stopped.
    private func walkUniformLines<Receiver: PieceReceiver>(
        _ terminator: [UInt8], _ arrangement: Arrangement, _ itemBytes: UnsafeRawBufferPointer,
        _ pieces: inout Receiver, ahead: LinesCopiedAhead?
    ) throws {
        let resultCount = arrangement.count
        for piece in layout.head(resultCount: resultCount) { try pieces.put(piece) }
        let sourceCount = layout.count
        let terminatorLength = terminator.count
        // The last line's content ends at `lastContentEnd`; its terminator,
        // when it has one, is the rest of the source.
        let lastContentEnd = sourceCount > 0 ? layout.itemRange(sourceCount - 1).upperBound : 0
        let lastIsTerminated = sourceCount > 0 && lastContentEnd < source.count
        // The separator owed before the next item: none, the source's
        // `separatorStart ..< separatorEnd`, or (when empty) `terminator`.
        var owesSeparator = false
        var separatorStart = 0
        var separatorEnd = 0
        var lastItemIsEmpty = false
        // Where lines start is looked up a block of runs at a time, in a
        // loop of independent loads: the runs of a big batch point all over
        // the list, and these loads are cache misses the processor can then
        // wait for together rather than one by one.
        let blockLength = 256
        // Allocated and walked here, not in closures: a closure's captured
        // state costs a run-time exclusivity check a use.
        // SAFETY: freed by the defer below; the block writes at most 2 * blockLength offsets.
        let offsets = UnsafeMutablePointer<Int>.allocate(capacity: 2 * blockLength)
        defer { offsets.deallocate() }
        let runs = arrangement.runs
        var blockStart = 0
        var touched: UInt8 = 0
        let aheadFirst = ahead?.first ?? runs.count
        while blockStart < runs.count {
            if blockStart == aheadFirst, let ahead {
                let copied = ahead.wait()
                if ahead.end > aheadFirst {
                    if owesSeparator {
                        if separatorStart == separatorEnd {
                            // SAFETY: the bytes of `terminator` are only read inside the closure, and no pointer to them leaves it.
                            try terminator.withUnsafeBytes { try pieces.putTransientBytes($0) }
                        } else {
                            try pieces.putSource(separatorStart, separatorEnd)
                        }
                    }
                    // Each copied line was followed by another: it brought
                    // its own terminator, and owes nothing.
                    try pieces.putBytes(copied)
                    owesSeparator = false
                    blockStart = ahead.end
                    continue
                }
            }
            let blockEnd = min(blockStart + blockLength, runs.count, blockStart < aheadFirst ? aheadFirst : runs.count)
            for k in blockStart..<blockEnd {
                let run = runs[k]
                if run.isNewItem { continue }
                let slot = 2 * (k - blockStart)
                let start = layout.itemStart(run.start)
                offsets[slot] = start
                offsets[slot + 1] = run.end < sourceCount ? layout.itemStart(run.end) : 0
                touched ^= source[start]
            }
            keepTouched(touched)
            for k in blockStart..<blockEnd {
                let run = runs[k]
                if owesSeparator {
                    if separatorStart == separatorEnd {
                        // SAFETY: the bytes of `terminator` are only read inside the closure, and no pointer to them leaves it.
                        try terminator.withUnsafeBytes { try pieces.putTransientBytes($0) }
                    } else {
                        try pieces.putSource(separatorStart, separatorEnd)
                    }
                }
                owesSeparator = true
                if run.isNewItem {
                    // SAFETY: a range found in `itemBytes`, so within its bounds; the view is used no longer than `itemBytes` is valid.
                    try pieces.putBytes(UnsafeRawBufferPointer(rebasing: itemBytes[run.newItemBytes]))
                    separatorStart = 0
                    separatorEnd = 0
                    continue
                }
                let slot = 2 * (k - blockStart)
                let start = offsets[slot]
                if run.end < sourceCount {
                    let next = offsets[slot + 1]
                    if k + 1 < runs.count {
                        // An item is followed: the separator it owes
                        // is its own terminator, one piece with it.
                        try pieces.putLine(start, next)
                        owesSeparator = false
                        continue
                    }
                    try pieces.putSource(start, next - terminatorLength)
                    separatorStart = next - terminatorLength
                    separatorEnd = next
                } else {
                    try pieces.putSource(start, lastContentEnd)
                    separatorStart = lastIsTerminated ? lastContentEnd : 0
                    separatorEnd = lastIsTerminated ? source.count : 0
                }
            }
            blockStart = blockEnd
        }
        // Only the last item's emptiness matters, for the tail.
        if let last = runs.last {
            lastItemIsEmpty = last.isNewItem
                ? last.newItemBytes.isEmpty
                : layout.itemRange(last.end - 1).isEmpty
        }
        for piece in layout.tail(resultCount: resultCount, lastItemIsEmpty: lastItemIsEmpty) {
            try pieces.put(piece)
        }
        try pieces.finish()
    }

    /// Keeps the loads of a block's first byte of each line, whose value
    /// nothing needs: made in the loop that looks up where lines start,
    /// their cache misses overlap, and the copies after them find the lines
    /// in the cache (a sort of a million real lines: 120 -> 115 ms).
    @inline(never) @_optimize(none)
    private func keepTouched(_ value: UInt8) {}

    /// Calls `write` with the output as slices, in order, a batch of at
    /// most `OutputGatherer.batchLength` at a time, for a gathering write
    /// (`writev`): long stretches of the source and new items are slices of
    /// the memory they are in; short pieces are copied together, unless
    /// `keepingSourceSlices` (every byte of the source then comes as a
    /// slice of it, for a caller that tells them apart by address). The
    /// slices are valid until `write` returns.
    public func write(
        _ arrangement: Arrangement, keepingSourceSlices: Bool = false,
        gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        try self.write(arrangement, keepingSourceSlices: keepingSourceSlices, lender: nil, gathered: write)
    }

    /// `write`, with a lent thread for a large list of lines: it copies the
    /// second half of the lines while this thread writes the first.
    public func write(
        _ arrangement: Arrangement, keepingSourceSlices: Bool = false, lender: ThreadLender?,
        gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        var ahead: LinesCopiedAhead? = nil
        // Only for runs of a line or two, a sort's: longer runs go out as
        // slices of the source, copied by no one.
        if let lender, !keepingSourceSlices, arrangement.runs.count >= LinesCopiedAhead.fewestRuns,
           arrangement.runs.count * 2 >= arrangement.count, layout.uniformTerminator != nil {
            ahead = LinesCopiedAhead(first: arrangement.runs.count / 2, capacity: source.count)
            // SAFETY: the lent thread only reads the renderer and the runs, which nothing changes before `ahead.finish()` waits for it.
            let renderer = UncheckedSendable(self), runs = arrangement.runs, copy = ahead!
            copy.started(lender.start { renderer.value.copyLines(runs, into: copy) })
        }
        defer { ahead?.finish() }
        try withoutActuallyEscaping(write) { write in
            var gatherer = OutputGatherer(source: source, copiesShortPieces: !keepingSourceSlices, write: write)
            defer { gatherer.deallocate() }
            try walk(arrangement, &gatherer, ahead: ahead)
        }
    }

    /// Copies runs of uniform lines from `ahead.first`, each with its
    /// terminator, up to the first that is not a run of the source
    /// followed by another run (a new item, the source's last line, the
    /// result's last run), or that would not fit.
    fileprivate func copyLines(_ runs: [Arrangement.Run], into ahead: LinesCopiedAhead) {
        let sourceCount = layout.count
        var k = ahead.first
        var used = 0
        if let base = source.baseAddress {
            let last = runs.count - 1
            while k < last {
                let run = runs[k]
                if run.isNewItem || run.end >= sourceCount { break }
                let start = layout.itemStart(run.start)
                let length = layout.itemStart(run.end) - start
                if used + length > ahead.capacity { break }
                copyBytes(ahead.buffer + used, base + start, length)
                used += length
                k += 1
            }
        }
        ahead.copied(end: k, length: used)
    }

    /// True when the output would be byte-identical to the source. A source
    /// range that sits at its own offset in the output is equal without being
    /// compared, so an unchanged document costs no byte comparison.
    public func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        // Stops at the first difference: a batch of many changes has
        // hundreds of thousands of pieces, and the first differs early.
        var comparer = SourceComparer(source: source)
        do {
            try walk(arrangement, &comparer)
        } catch {
            return false
        }
        return comparer.offset == source.count
    }
}

/// What a walk over the output passes its pieces to.
private protocol PieceReceiver {
    mutating func putSource(_ start: Int, _ end: Int) throws
    /// Bytes that stay where they are for the whole walk (new items).
    mutating func putBytes(_ bytes: UnsafeRawBufferPointer) throws
    /// Bytes that are only valid during the call (a layout's piece).
    mutating func putTransientBytes(_ bytes: UnsafeRawBufferPointer) throws
    /// A line of the source, most likely short, that goes out after what
    /// came before (a line of a sorted file).
    mutating func putLine(_ start: Int, _ end: Int) throws
    mutating func finish() throws
}

extension PieceReceiver {
    @inline(__always)
    mutating func putLine(_ start: Int, _ end: Int) throws { try putSource(start, end) }

    @inline(__always)
    mutating func put(_ piece: Piece) throws {
        switch piece {
        case .source(let range): try putSource(range.lowerBound, range.upperBound)
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        case .bytes(let bytes): try bytes.withUnsafeBytes { try putTransientBytes($0) }
        }
    }
}

/// The source range a walk has not passed on yet, extended while the next
/// piece continues it: adjacent stretches of the source go out as one.
private struct PendingSource {
    private var start = 0
    private var end = 0

    /// Adds `newStart ..< newEnd`. Returns the pending range to pass on
    /// first when the new one does not continue it.
    @inline(__always)
    mutating func add(_ newStart: Int, _ newEnd: Int) -> Range<Int>? {
        if newStart == newEnd { return nil }
        if newStart == end && start != end {
            end = newEnd
            return nil
        }
        let previous = take()
        start = newStart
        end = newEnd
        return previous
    }

    /// The pending range, now handed over; nil when there is none.
    @inline(__always)
    mutating func take() -> Range<Int>? {
        guard start != end else { return nil }
        defer { end = start }
        return start..<end
    }
}

/// Turns pieces into batches of slices for a gathering write: adjacent
/// source ranges join into one slice; long source ranges and new items are
/// passed where they are, and transient bytes and short pieces are copied,
/// one after another, into a buffer that lives as long as the batch. A
/// sorted file of a million short lines is then a few hundred slices of
/// the buffer, not a million slices: the kernel's cost per slice of a
/// `writev` into a file (about 0.1 µs) is more than the copy here.
private struct OutputGatherer: PieceReceiver {
    /// Slices a batch: Linux's `IOV_MAX`.
    static let batchLength = 1024
    static let bufferCapacity = 262_144
    /// Pieces shorter than this are copied.
    static let shortPiece = 256

    let source: UnsafeRawBufferPointer
    /// Whether short pieces of the source and new items are copied.
    let copiesShortPieces: Bool
    let write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    // SAFETY: freed by deallocate(); at most batchLength slices are added before a flush.
    private let slices = UnsafeMutablePointer<UnsafeRawBufferPointer>.allocate(capacity: OutputGatherer.batchLength)
    private var sliceCount = 0
    // SAFETY: freed by deallocate(); copies go in only while they fit in bufferCapacity.
    private let buffer = UnsafeMutableRawPointer.allocate(byteCount: OutputGatherer.bufferCapacity, alignment: 16)
    private var used = 0
    private var pending = PendingSource()

    init(source: UnsafeRawBufferPointer, copiesShortPieces: Bool = true,
         write: @escaping (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void) {
        self.source = source
        self.copiesShortPieces = copiesShortPieces
        self.write = write
    }

    func deallocate() {
        slices.deallocate()
        buffer.deallocate()
    }

    @inline(__always)
    mutating func putSource(_ start: Int, _ end: Int) throws {
        // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
        if let range = pending.add(start, end) { try pass(UnsafeRawBufferPointer(rebasing: source[range])) }
    }

    @inline(__always)
    mutating func putBytes(_ bytes: UnsafeRawBufferPointer) throws {
        if bytes.isEmpty { return }
        // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
        if let range = pending.take() { try pass(UnsafeRawBufferPointer(rebasing: source[range])) }
        try pass(bytes)
    }

    mutating func putTransientBytes(_ bytes: UnsafeRawBufferPointer) throws {
        if bytes.isEmpty { return }
        // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
        if let range = pending.take() { try pass(UnsafeRawBufferPointer(rebasing: source[range])) }
        try copy(bytes)
    }

    /// A short line is copied at once after what came before (the source
    /// still to pass first): `copy`'s common case, in line, when the
    /// buffer's last slice is open and has room (a call to `copy` a line
    /// is 5 % of a sort of a million lines); no joining with the next
    /// piece, which a sorted file's lines seldom are.
    @inline(__always)
    mutating func putLine(_ start: Int, _ end: Int) throws {
        // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
        if let range = pending.take() { try pass(UnsafeRawBufferPointer(rebasing: source[range])) }
        let count = end - start
        guard copiesShortPieces && count < OutputGatherer.shortPiece && used + count <= OutputGatherer.bufferCapacity,
              sliceCount > 0, let last = slices[sliceCount - 1].baseAddress,
              // SAFETY: an address compared, not read: the end of the bytes copied into `buffer`.
              last + slices[sliceCount - 1].count == UnsafeRawPointer(buffer + used) else {
            return try putSource(start, end)
        }
        copyBytes(buffer + used, source.baseAddress! + start, count)
        used += count
        // SAFETY: joins a slice of `buffer` with the copy right after it, both within `used` bytes of it.
        slices[sliceCount - 1] = UnsafeRawBufferPointer(start: last, count: slices[sliceCount - 1].count + count)
    }

    /// Bytes that stay valid for the walk: a slice of their own when long,
    /// else copied.
    @inline(__always)
    private mutating func pass(_ bytes: UnsafeRawBufferPointer) throws {
        if copiesShortPieces && bytes.count < OutputGatherer.shortPiece { try copy(bytes) } else { try add(bytes) }
    }

    private mutating func copy(_ bytes: UnsafeRawBufferPointer) throws {
        if bytes.count > OutputGatherer.bufferCapacity {
            // Too long to copy: it goes out on its own, while it is valid.
            try handOver()
            // SAFETY: the one-slice array lives through the call, and the writer keeps no slice past it.
            try [bytes].withUnsafeBufferPointer { try write($0) }
            return
        }
        // Room in the buffer and for a slice first: handing the batch over
        // frees the buffer, which must not happen under a copy just made.
        if used + bytes.count > OutputGatherer.bufferCapacity || sliceCount == OutputGatherer.batchLength {
            try handOver()
        }
        let copy = buffer + used
        copyBytes(copy, bytes.baseAddress!, bytes.count)
        used += bytes.count
        // Consecutive copies are one slice.
        if sliceCount > 0, let last = slices[sliceCount - 1].baseAddress,
           // SAFETY: an address compared, not read: where the copy just made starts in `buffer`.
           last + slices[sliceCount - 1].count == UnsafeRawPointer(copy) {
            // SAFETY: joins a slice of `buffer` with the copy right after it, both within `used` bytes of it.
            slices[sliceCount - 1] = UnsafeRawBufferPointer(start: last, count: slices[sliceCount - 1].count + bytes.count)
        } else {
            // SAFETY: the bytes just copied into `buffer`, valid until the batch is written.
            try add(UnsafeRawBufferPointer(start: copy, count: bytes.count))
        }
    }

    mutating func finish() throws {
        // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
        if let range = pending.take() { try pass(UnsafeRawBufferPointer(rebasing: source[range])) }
        try handOver()
    }

    @inline(__always)
    private mutating func add(_ slice: UnsafeRawBufferPointer) throws {
        if sliceCount == OutputGatherer.batchLength { try handOver() }
        slices[sliceCount] = slice
        sliceCount += 1
    }

    private mutating func handOver() throws {
        // SAFETY: the first `sliceCount` slices, all set; valid during the write call.
        if sliceCount > 0 { try write(UnsafeBufferPointer(start: slices, count: sliceCount)) }
        sliceCount = 0
        used = 0
    }
}

/// Compares the output with the source as it comes, adjacent source ranges
/// joined; throws `OutputDiffers` at the first difference.
private struct SourceComparer: PieceReceiver {
    let source: UnsafeRawBufferPointer
    /// How much of the output was compared.
    private(set) var offset = 0
    private var pending = PendingSource()

    init(source: UnsafeRawBufferPointer) { self.source = source }

    @inline(__always)
    mutating func putSource(_ start: Int, _ end: Int) throws {
        if let range = pending.add(start, end) { try compareSource(range) }
    }

    mutating func putTransientBytes(_ bytes: UnsafeRawBufferPointer) throws { try putBytes(bytes) }

    mutating func putBytes(_ bytes: UnsafeRawBufferPointer) throws {
        if bytes.isEmpty { return }
        if let range = pending.take() { try compareSource(range) }
        guard offset + bytes.count <= source.count, bytesEqual(bytes, 0, source, offset, bytes.count) else {
            throw OutputDiffers()
        }
        offset += bytes.count
    }

    mutating func finish() throws {
        if let range = pending.take() { try compareSource(range) }
    }

    private mutating func compareSource(_ range: Range<Int>) throws {
        let equal = range.lowerBound == offset || (offset + range.count <= source.count
            && bytesEqual(source, range.lowerBound, source, offset, range.count))
        if !equal { throw OutputDiffers() }
        offset += range.count
    }
}

/// Ends `outputEqualsSource`'s walk at the first difference.
private struct OutputDiffers: Error {}

@inline(__always)
func bytesEqual(
    _ a: UnsafeRawBufferPointer, _ aStart: Int,
    _ b: UnsafeRawBufferPointer, _ bStart: Int, _ length: Int
) -> Bool {
    if length == 0 { return true }
    return memoryEqual(a.baseAddress! + aStart, b.baseAddress! + bStart, length)
}

/// An output given as its pieces in order, for an edit that is no
/// arrangement of one list (`fix`): written as `Renderer` writes one,
/// stretches of the source as slices of it.
public struct PieceOutput {
    public let source: UnsafeRawBufferPointer
    public let pieces: [Piece]

    public init(source: UnsafeRawBufferPointer, pieces: [Piece]) {
        self.source = source
        self.pieces = pieces
    }

    /// Calls `write` with the output as slices, a batch at a time (see
    /// `Renderer.write`).
    public func write(gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void) rethrows {
        try withoutActuallyEscaping(write) { write in
            var gatherer = OutputGatherer(source: source, write: write)
            defer { gatherer.deallocate() }
            for piece in pieces { try gatherer.put(piece) }
            try gatherer.finish()
        }
    }

    /// True when the output is byte-identical to the source.
    public func equalsSource() -> Bool {
        var comparer = SourceComparer(source: source)
        do {
            for piece in pieces { try comparer.put(piece) }
            try comparer.finish()
        } catch {
            return false
        }
        return comparer.offset == source.count
    }

    /// The output as one array.
    public func render() -> [UInt8] {
        var output: [UInt8] = []
        write { slices in for slice in slices { output.append(contentsOf: slice) } }
        return output
    }
}
