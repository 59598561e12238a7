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
        var pending: Range<Int>? = nil
        func put(_ piece: Piece) throws {
            switch piece {
            case .source(let range):
                if range.isEmpty { return }
                if let open = pending, open.upperBound == range.lowerBound {
                    pending = open.lowerBound..<range.upperBound
                } else {
                    if let open = pending { try emit(.source(open)) }
                    pending = range
                }
            case .bytes(let bytes):
                if bytes.isEmpty { return }
                if let open = pending { try emit(.source(open)); pending = nil }
                try emit(piece)
            }
        }

        let resultCount = arrangement.count
        for piece in layout.head(resultCount: resultCount) { try put(piece) }
        var position = 0
        var lastItemIsEmpty = false
        let uniform = layout.separatorsAreUniform
        for segment in arrangement.segments {
            switch segment {
            case .run(let range):
                if uniform {
                    // Consecutive source items with identical separators are
                    // one stretch of the source.
                    if position > 0 {
                        try put(layout.separator(afterPosition: position - 1, resultCount: resultCount))
                    }
                    let first = layout.itemRange(range.lowerBound)
                    let last = layout.itemRange(range.upperBound - 1)
                    try put(.source(first.lowerBound..<last.upperBound))
                    lastItemIsEmpty = last.isEmpty
                    position += range.count
                } else {
                    for index in range {
                        if position > 0 {
                            try put(layout.separator(afterPosition: position - 1, resultCount: resultCount))
                        }
                        let item = layout.itemRange(index)
                        try put(.source(item))
                        lastItemIsEmpty = item.isEmpty
                        position += 1
                    }
                }
            case .item(let bytes):
                if position > 0 {
                    try put(layout.separator(afterPosition: position - 1, resultCount: resultCount))
                }
                try put(.bytes(bytes))
                lastItemIsEmpty = bytes.isEmpty
                position += 1
            }
        }
        for piece in layout.tail(resultCount: resultCount, lastItemIsEmpty: lastItemIsEmpty) {
            try put(piece)
        }
        if let open = pending { try emit(.source(open)) }
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
