/// A part of a document that a command works on as a list of lines, the
/// rest of the document staying as it is (`--block N`, `--line-range
/// A...B`).
public enum ListRegion: Equatable, Sendable {
    /// The lines between the start marker and the end marker of the
    /// `index`-th marked block (from 0 in the order the start markers
    /// stand, a block inside another after it; negative from the end).
    case block(index: Int, marker: String)
    /// Lines `first` through `last` (1-based, inclusive; nil: to the end).
    case lines(first: Int, last: Int?)

    /// Where the region's lines lie in `source`: from the start of its
    /// first line to the end of its last line's terminator.
    public func range(in source: UnsafeRawBufferPointer) throws -> Range<Int> {
        switch self {
        case .block(let index, let marker):
            let bodies = KeepSorted.blockBodies(source, markers: KeepSortedMarkers(name: marker))
            let resolved = index < 0 ? bodies.count + index : index
            guard bodies.indices.contains(resolved) else {
                throw RegionError.noSuchBlock(index: index, count: bodies.count, marker: marker)
            }
            return bodies[resolved]
        case .lines(let first, let last):
            let lines = LinesLayout(source)
            func start(_ line: Int) -> Int { line < lines.count ? lines.itemStart(line) : source.count }
            let end = last ?? lines.count
            guard first >= 1, first <= end, end <= lines.count else {
                throw RegionError.linesOutOfRange(first: first, last: last, count: lines.count)
            }
            return start(first - 1)..<start(end)
        }
    }

    /// The comment prefixes of the region's lines when none are given
    /// (`--comment`): a keep-sorted block's sticky prefixes, when its start
    /// marker sets some; empty (the lines' own) otherwise.
    func stickyPrefixes(in source: UnsafeRawBufferPointer) -> [[UInt8]] {
        guard case .block(let index, let marker) = self else { return [] }
        let all = KeepSorted.blockStickyPrefixes(source, markers: KeepSortedMarkers(name: marker))
        let resolved = index < 0 ? all.count + index : index
        return all.indices.contains(resolved) ? all[resolved] : []
    }

    /// The terminator of the line before the region, for lines added to
    /// a region that has none (an empty block of a CRLF file takes CRLF).
    func terminatorBefore(_ range: Range<Int>, in source: UnsafeRawBufferPointer) -> [UInt8]? {
        guard range.lowerBound > 0, source[range.lowerBound - 1] == 0x0A else { return nil }
        return range.lowerBound > 1 && source[range.lowerBound - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }
}

/// A region that is not in the document.
public enum RegionError: Error, Equatable, Sendable {
    /// `--block index`, but the document has `count` blocks marked with
    /// `marker`.
    case noSuchBlock(index: Int, count: Int, marker: String)
    /// `--line-range first...last` outside a document of `count` lines
    /// (or ending before it starts).
    case linesOutOfRange(first: Int, last: Int?, count: Int)
}
