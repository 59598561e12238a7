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
/// a list of ten million is three segments.
public struct Arrangement: Equatable, Sendable {
    public private(set) var segments: [Segment]
    /// The number of items in the result.
    public private(set) var count: Int

    public init() {
        segments = []
        count = 0
    }

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

    /// Appends source items `range`, joining it to the run before when it
    /// continues that run.
    public mutating func append(run range: Range<Int>) {
        guard !range.isEmpty else { return }
        count += range.count
        if case .run(let last)? = segments.last, last.upperBound == range.lowerBound {
            segments[segments.count - 1] = .run(last.lowerBound..<range.upperBound)
        } else {
            segments.append(.run(range))
        }
    }

    /// Appends one new item.
    public mutating func append(item bytes: [UInt8]) {
        count += 1
        segments.append(.item(bytes))
    }

    public mutating func append(_ segment: Segment) {
        switch segment {
        case .run(let range): append(run: range)
        case .item(let bytes): append(item: bytes)
        }
    }

    /// True when the result is the source list, item for item.
    public func isIdentity(sourceCount: Int) -> Bool {
        if sourceCount == 0 { return segments.isEmpty }
        return segments == [.run(0..<sourceCount)]
    }

    /// For each result position, the source index it holds, or nil for a new
    /// item. Meant for tests and small lists: it is O(count).
    public var sourceIndices: [Int?] {
        var result: [Int?] = []
        result.reserveCapacity(count)
        for segment in segments {
            switch segment {
            case .run(let range): result.append(contentsOf: range.map { Optional($0) })
            case .item: result.append(nil)
            }
        }
        return result
    }
}
