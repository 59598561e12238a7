/// One stretch of a result list.
public enum Segment: Equatable, Sendable {
    /// Source items `range`, in source order.
    case run(Range<Int>)
    /// One item that is not in the source (inserted, or a replacement), as
    /// the bytes it is written with.
    case item([UInt8])
}

/// The result of an edit, as stretches of the source list and new items, in
/// result order. It never copies an item it only moves: a move of one item in
/// a list of ten million is two runs.
///
/// New items are ranges of one byte buffer, `itemBytes`, rather than an
/// array each: a batch inserts tens of thousands of them, and one buffer
/// costs no allocation, no reference counting and no scattered reads per
/// item. The buffer may hold more than the items (a batch's whole script
/// text, whose values they are), and it is shared, not copied, when the
/// caller hands it over.
public struct Arrangement: Sendable {
    /// A stretch in result order: source items `start..<end`, or, when
    /// `start` is negative, one new item, the bytes `itemBytes[-start - 1
    /// ..< end]`. Plain integers, so walking hundreds of thousands of them
    /// costs no reference counting.
    struct Run: Equatable, Sendable {
        var start: Int
        var end: Int

        var isNewItem: Bool { start < 0 }
        /// Where a new item's bytes are in `itemBytes`.
        var newItemBytes: Range<Int> { -start - 1 ..< end }
    }

    private(set) var runs: [Run] = []
    /// The bytes new items are ranges of.
    private(set) var itemBytes: [UInt8]
    /// The number of items in the result.
    public private(set) var count = 0
    /// Where the source's gaps stand in the result, when the edit decides
    /// it rather than the writer (`PositionGaps`: a list whose comment
    /// headings stay between the same items while items move across them,
    /// `ListDocument.headedArrangement`); nil: as the writer plans them.
    var gapPlan: PositionGaps? = nil

    public init() { itemBytes = [] }

    /// An arrangement whose new items are ranges of `itemBytes`, appended
    /// with `append(itemAt:)`.
    init(itemBytes: [UInt8]) { self.itemBytes = itemBytes }

    /// The source list unchanged.
    public static func identity(count: Int) -> Arrangement {
        var arrangement = Arrangement()
        arrangement.append(run: 0..<count)
        return arrangement
    }

    /// The source items `indices` (source indices), in that order.
    public init<S: Sequence>(sourceOrder indices: S) where S.Element == Int {
        self.init()
        // Room for a run an item (a sort's result is most often that): one
        // allocation, not twenty copies as a million runs grow.
        runs.reserveCapacity(indices.underestimatedCount)
        for index in indices { append(run: index..<index + 1) }
    }

    /// The source items `indices`, in that order: a sort's result, built
    /// in place (a million items: 36 M instructions through `append(run:)`,
    /// its checks an item, against 8 M).
    public init(sourceOrder indices: [Int]) {
        self.init()
        count = indices.count
        // SAFETY: the storage of `indices` is only read inside the closure, and no pointer to it leaves it.
        runs = indices.withUnsafeBufferPointer { indices in
            [Run](unsafeUninitializedCapacity: indices.count) { runs, initialized in
                guard let base = runs.baseAddress else { return }
                var last = -1
                for index in indices {
                    if last >= 0 && base[last].end == index {
                        base[last].end = index + 1
                    } else {
                        last += 1
                        (base + last).initialize(to: Run(start: index, end: index + 1))
                    }
                }
                initialized = last + 1
            }
        }
    }

    /// Room for `runs` stretches, when the caller knows about how many.
    public mutating func reserveCapacity(runs count: Int) {
        runs.reserveCapacity(count)
    }

    /// Appends source items `range`, joining it to the run before when it
    /// continues that run.
    @inline(__always)
    public mutating func append(run range: Range<Int>) {
        guard !range.isEmpty else { return }
        count += range.count
        if let last = runs.last, !last.isNewItem, last.end == range.lowerBound {
            runs[runs.count - 1].end = range.upperBound
        } else {
            runs.append(Run(start: range.lowerBound, end: range.upperBound))
        }
    }

    /// Appends one new item.
    public mutating func append(item bytes: [UInt8]) {
        let start = itemBytes.count
        itemBytes.append(contentsOf: bytes)
        append(itemAt: start..<itemBytes.count)
    }

    /// Appends one new item whose bytes are `itemBytes[range]`.
    @inline(__always)
    mutating func append(itemAt range: Range<Int>) {
        count += 1
        runs.append(Run(start: -range.lowerBound - 1, end: range.upperBound))
    }

    /// Makes an arrangement of a source whose length was not known yet its
    /// own: it was made for a source of `assumedCount` items (more than
    /// there are) with new item i as the placeholder `i ..< i + 1`; now the
    /// source has `sourceCount` items and new item i is
    /// `itemBytes[newItems[i]]`. The last run is the source items left
    /// after every index, up to `assumedCount`; it is cut off at
    /// `sourceCount` (no index was that large), and dropped if empty.
    mutating func resolve(assumedCount: Int, sourceCount: Int, newItems: [Range<Int>], itemBytes: [UInt8]) {
        self.itemBytes = itemBytes
        // SAFETY: the closure has the storage of `runs` to itself (exclusive access), and no pointer to it leaves it.
        runs.withUnsafeMutableBufferPointer { runs in
            for k in runs.indices where runs[k].isNewItem {
                let range = newItems[-runs[k].start - 1]
                runs[k] = Run(start: -range.lowerBound - 1, end: range.upperBound)
            }
        }
        guard let last = runs.last, !last.isNewItem, last.end == assumedCount else {
            preconditionFailure("an arrangement for an unknown length ends with the source items after every index")
        }
        count -= assumedCount - sourceCount
        if last.start < sourceCount {
            runs[runs.count - 1].end = sourceCount
        } else {
            runs.removeLast()
        }
    }

    /// Whether the result is the `sourceCount` source items in another
    /// order: each once, none new, none left out.
    func isPermutation(ofCount sourceCount: Int) -> Bool {
        guard count == sourceCount else { return false }
        var seen = [Bool](repeating: false, count: sourceCount)
        for run in runs {
            guard !run.isNewItem, run.start >= 0, run.end <= sourceCount else { return false }
            for index in run.start..<run.end {
                if seen[index] { return false }
                seen[index] = true
            }
        }
        return true
    }

    /// The stretches in result order.
    public var segments: [Segment] {
        runs.map { $0.isNewItem ? .item(Array(itemBytes[$0.newItemBytes])) : .run($0.start..<$0.end) }
    }

    /// True when the result is the source list, item for item.
    public func isIdentity(sourceCount: Int) -> Bool {
        if sourceCount == 0 { return runs.isEmpty }
        return runs == [Run(start: 0, end: sourceCount)]
    }

    /// For each result position, the source index it holds, or nil for a new
    /// item. Meant for tests and small lists: it is O(count).
    public var sourceIndices: [Int?] {
        var result: [Int?] = []
        result.reserveCapacity(count)
        for run in runs {
            if run.isNewItem { result.append(nil) } else { result.append(contentsOf: (run.start..<run.end).map { Optional($0) }) }
        }
        return result
    }
}

extension Arrangement: Equatable {
    /// The same items in the same order, new items compared by their bytes
    /// (wherever in `itemBytes` they are).
    public static func == (a: Arrangement, b: Arrangement) -> Bool {
        a.count == b.count && a.segments == b.segments
    }
}

extension Arrangement {
    /// Refuses a result whose first item starts with U+FEFF (EF BB BF),
    /// for a list whose first item starts the file (no byte-order mark, no
    /// header before it): a reader would take it for the file's mark. The
    /// source's first item staying first was read as it is.
    func refuseByteOrderMarkFirst(in source: UnsafeRawBufferPointer, itemRange: (Int) -> Range<Int>) throws {
        guard let first = runs.first else { return }
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if first.isNewItem {
            guard itemBytes[first.newItemBytes].starts(with: mark) else { return }
            throw ReorderError.lineWouldBecomeByteOrderMark(line: nil)
        }
        guard first.start != 0, source[itemRange(first.start)].starts(with: mark) else { return }
        throw ReorderError.lineWouldBecomeByteOrderMark(line: first.start + 1)
    }
}
