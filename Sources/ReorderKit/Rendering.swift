/// Turns an arrangement into output bytes: the head, the items in result
/// order with the separators of their positions, and the tail.
public struct Renderer<Layout: ListLayout> {
    public let layout: Layout
    public let source: UnsafeRawBufferPointer

    public init(layout: Layout, source: UnsafeRawBufferPointer) {
        self.layout = layout
        self.source = source
    }

    /// Calls `emit` with the output's pieces in order. Adjacent source ranges
    /// are joined, so an unchanged stretch of the document is one piece.
    public func forEachPiece(
        of arrangement: Arrangement, _ emit: (Piece) throws -> Void
    ) rethrows {
        try withoutActuallyEscaping(emit) { emit in try walk(arrangement, PieceJoiner(emit: emit)) }
    }

    private func walk(_ arrangement: Arrangement, _ joiner: PieceJoiner) throws {
        var pieces = joiner
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
        try arrangement.runs.withUnsafeBufferPointer { runs in
            for run in runs {
                if run.isNewItem {
                    if position > 0 { try pieces.put(separator()) }
                    let bytes = arrangement.newItem(run.newItemIndex)
                    try pieces.put(.bytes(bytes))
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
        }
        for piece in layout.tail(resultCount: resultCount, lastItemIsEmpty: lastItemIsEmpty) {
            try pieces.put(piece)
        }
        try pieces.finish()
    }

    /// Calls `write` with the output in chunks: source stretches as slices of
    /// `source` (never copied), new bytes as they are.
    public func write(
        _ arrangement: Arrangement, to write: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        try forEachPiece(of: arrangement) { piece in
            switch piece {
            case .source(let range):
                try write(UnsafeRawBufferPointer(rebasing: source[range]))
            case .bytes(let bytes):
                try bytes.withUnsafeBytes { try write($0) }
            }
        }
    }

    /// The output as one array.
    public func render(_ arrangement: Arrangement) -> [UInt8] {
        var output: [UInt8] = []
        write(arrangement) { output.append(contentsOf: $0) }
        return output
    }

    /// True when the output would be byte-identical to the source. A source
    /// range that sits at its own offset in the output is equal without being
    /// compared, so an unchanged document costs no byte comparison.
    public func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        // Stops at the first difference: a batch of many changes has
        // hundreds of thousands of pieces, and the first differs early.
        var offset = 0
        do {
            try forEachPiece(of: arrangement) { piece in
                let equal: Bool
                switch piece {
                case .source(let range):
                    equal = range.lowerBound == offset || (offset + range.count <= source.count
                        && bytesEqual(source, range.lowerBound, source, offset, range.count))
                    offset += range.count
                case .bytes(let bytes):
                    equal = offset + bytes.count <= source.count && bytes.withUnsafeBytes {
                        bytesEqual($0, 0, source, offset, bytes.count)
                    }
                    offset += bytes.count
                }
                if !equal { throw OutputDiffers() }
            }
        } catch {
            return false
        }
        return offset == source.count
    }
}

/// Joins adjacent source ranges before passing pieces on.
private struct PieceJoiner {
    let emit: (Piece) throws -> Void
    /// The source range not yet emitted; empty when `pendingStart == pendingEnd`.
    var pendingStart = 0
    var pendingEnd = 0

    @inline(__always)
    mutating func putSource(_ start: Int, _ end: Int) throws {
        if start == end { return }
        if start == pendingEnd && pendingStart != pendingEnd {
            pendingEnd = end
            return
        }
        if pendingStart != pendingEnd { try emit(.source(pendingStart..<pendingEnd)) }
        pendingStart = start
        pendingEnd = end
    }

    @inline(__always)
    mutating func put(_ piece: Piece) throws {
        switch piece {
        case .source(let range):
            try putSource(range.lowerBound, range.upperBound)
        case .bytes(let bytes):
            if bytes.isEmpty { return }
            if pendingStart != pendingEnd {
                try emit(.source(pendingStart..<pendingEnd))
                pendingEnd = pendingStart
            }
            try emit(piece)
        }
    }

    mutating func finish() throws {
        if pendingStart != pendingEnd { try emit(.source(pendingStart..<pendingEnd)) }
        pendingEnd = pendingStart
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
