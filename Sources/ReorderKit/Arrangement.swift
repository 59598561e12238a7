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
public struct Arrangement: Equatable, Sendable {
    /// A stretch in result order: source items `start..<end`, or, when
    /// `start` is negative, new item number `-start - 1` (one item). Plain
    /// integers, so walking hundreds of thousands of them costs no reference
    /// counting.
    struct Run: Equatable, Sendable {
        var start: Int
        var end: Int

        var isNewItem: Bool { start < 0 }
        var newItemIndex: Int { -start - 1 }
    }

    private(set) var runs: [Run] = []
    private(set) var newItems: [[UInt8]] = []
    /// The number of items in the result.
    public private(set) var count = 0

    public init() {}

    /// The source list unchanged.
    public static func identity(count: Int) -> Arrangement {
        var arrangement = Arrangement()
        arrangement.append(run: 0..<count)
        return arrangement
    }

    /// The source items `indices` (source indices), in that order.
    public init<S: Sequence>(sourceOrder indices: S) where S.Element == Int {
        self.init()
        for index in indices { append(run: index..<index + 1) }
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
    @inline(__always)
    public mutating func append(item bytes: [UInt8]) {
        count += 1
        runs.append(Run(start: -newItems.count - 1, end: 0))
        newItems.append(bytes)
    }

    /// The stretches in result order.
    public var segments: [Segment] {
        runs.map { $0.isNewItem ? .item(newItems[$0.newItemIndex]) : .run($0.start..<$0.end) }
    }

    /// The bytes of new item number `index` (in the order appended).
    func newItem(_ index: Int) -> [UInt8] { newItems[index] }

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
