/// Which bytes stand between the items of a result that has positions the
/// source has not, or lacks some it has: UIKit's model, in which a delete
/// removes a source position and an insert adds a result position, while
/// the other positions, and the bytes between them (a blank line that
/// separates two groups, a comment that belongs to a position), stay.
///
/// The source's gaps are numbered by the position before them: gap `g`
/// stands between source positions `g` and `g + 1` (`0 ..< n - 1`); the
/// head and the tail are no gaps and stay where they are. The result's
/// positions are the kept source positions, in source order, with the new
/// ones among them. Between two kept positions `s < s'` with `k` removed
/// positions and `j` new ones between them, the source has the `k + 1`
/// gaps `g_s … g_{s'-1}` and the result needs `j + 1`:
///
/// - `j >= k` (an insert, or as many new items as went: a replace): the
///   source's gaps in order, then the usual separator for the rest. A new
///   item sits right before the item at its index: the gap before it is
///   the source's, the one after it the usual one.
/// - `j < k` (a delete): the `j + 1` most significant of those gaps (the
///   most line breaks, so a blank line that separates groups; ties: the
///   first), in source order.
///
/// The same holds before the first kept position (the new and the removed
/// positions after the head) and after the last (before the tail), with
/// `k` and `j` gaps. A gap no result gap takes is dropped: the format keeps
/// what belongs to its position in it (its comments), before the first
/// taken gap of its stretch that follows it, else inside the last taken
/// one (before its last line break), else (no gap taken in its stretch
/// follows it) before the first item, for one before the first kept
/// position, or after the last item.
///
/// Only for a result whose kept source items are in source order (a
/// delete, an insert, a replace, and the halves of a move between lists):
/// `make` returns nil for any other (a permutation: sort, reverse, move,
/// keeps the positions as they are; a copy within the list; the identity),
/// and the writer then gives result gap `p` the source's gap `p`.
struct PositionGaps {
    /// For each result gap `r` (between result positions `r` and `r + 1`):
    /// the source gap it is, or -1 for the usual separator of a new
    /// position.
    let gaps: [Int]
    /// Dropped gaps whose kept bytes go before result gap `r`'s, and
    /// inside it (before its last line break), in source order.
    let before: [Int: [Int]]
    let inside: [Int: [Int]]
    /// Dropped gaps whose kept bytes go before the result's first item,
    /// after the head (inside it, before its last line break, when it
    /// has one), and after its last item, before the tail, in source
    /// order.
    let leading: [Int]
    let atEnd: [Int]
    /// By source index: whether the item stays in the result.
    let kept: [Bool]

    /// The plan for a result whose items are `order` (a source index, or
    /// -1 for a new item), of a source of `sourceCount` items whose gap `g`
    /// holds `lineBreaks(g)` line breaks. Nil when the result is not of
    /// the shape above, or keeps every position as it is.
    static func make(_ order: [Int], sourceCount n: Int, lineBreaks: (Int) -> Int) -> PositionGaps? {
        let m = order.count
        guard n > 0, m > 0 else { return nil }
        var last = -1
        var keptCount = 0
        for index in order where index >= 0 {
            guard index > last else { return nil }
            last = index
            keptCount += 1
        }
        guard keptCount > 0, keptCount < n || m > n else { return nil }
        var kept = [Bool](repeating: false, count: n)
        for index in order where index >= 0 { kept[index] = true }
        var gaps = [Int](repeating: -1, count: max(m - 1, 0))
        var before: [Int: [Int]] = [:], inside: [Int: [Int]] = [:]
        var atEnd: [Int] = []
        /// One stretch: the source gaps `sourceGaps` and the result gaps
        /// `resultGaps`; `middle` when kept positions stand on both sides.
        func plan(_ sourceGaps: Range<Int>, _ resultGaps: Range<Int>, middle: Bool) {
            let k = sourceGaps.count, j = resultGaps.count
            guard k > 0 else { return }
            var taken: [Int]
            if j >= k {
                taken = Array(sourceGaps)
            } else {
                taken = sourceGaps.sorted { a, b in
                    let la = lineBreaks(a), lb = lineBreaks(b)
                    return la != lb ? la > lb : a < b
                }
                taken = Array(taken.prefix(j)).sorted()
            }
            for (i, gap) in taken.enumerated() { gaps[resultGaps.lowerBound + i] = gap }
            guard taken.count < k else { return }
            var next = 0
            for gap in sourceGaps {
                while next < taken.count && taken[next] < gap { next += 1 }
                if next < taken.count {
                    if taken[next] == gap { continue }
                    before[resultGaps.lowerBound + next, default: []].append(gap)
                } else if middle, !taken.isEmpty {
                    inside[resultGaps.lowerBound + taken.count - 1, default: []].append(gap)
                } else {
                    atEnd.append(gap)
                }
            }
        }
        var previous: (source: Int, result: Int)? = nil
        var leadingDropped: [Int] = []
        for (r, index) in order.enumerated() where index >= 0 {
            if let previous {
                plan(previous.source..<index, previous.result..<r, middle: true)
            } else {
                // Before the first kept position: the result gaps after
                // each new item, the last of which faces it.
                let before = atEnd
                atEnd = []
                plan(0..<index, 0..<r, middle: false)
                leadingDropped = atEnd
                atEnd = before
            }
            previous = (index, r)
        }
        if let previous { plan(previous.source..<n - 1, previous.result..<m - 1, middle: false) }
        return PositionGaps(gaps: gaps, before: before, inside: inside, leading: leadingDropped, atEnd: atEnd, kept: kept)
    }

    /// `make` for an arrangement of a source of `sourceCount` items; nil
    /// without computing anything for one with as many items as the
    /// source and none new (a permutation, or the identity).
    static func make(_ arrangement: Arrangement, sourceCount n: Int, lineBreaks: (Int) -> Int) -> PositionGaps? {
        if let plan = arrangement.gapPlan { return plan }
        guard arrangement.count != n || arrangement.runs.contains(where: { $0.isNewItem }) else { return nil }
        var order: [Int] = []
        order.reserveCapacity(arrangement.count)
        for run in arrangement.runs {
            if run.isNewItem { order.append(-1) } else { order.append(contentsOf: run.start..<run.end) }
        }
        return make(order, sourceCount: n, lineBreaks: lineBreaks)
    }
}

/// The number of line feeds in `range` of `source`.
func lineFeedCount(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
    var count = 0
    for offset in range where source[offset] == 0x0A { count += 1 }
    return count
}

/// A layout written through the `Renderer` whose gaps follow
/// `PositionGaps` (`GapMapped`): what it keeps of a gap that goes, and how
/// a new position's separator is written.
protocol PositionGapLayout: ListLayout {
    /// The document's bytes.
    var source: UnsafeRawBufferPointer { get }

    /// What source gap `gap` keeps when no result gap takes it (its
    /// comments): pieces that start where the gap starts, each ending
    /// where a line's content ends. Nothing by default.
    func keptPieces(ofGap gap: Int) -> [Piece]

    /// The separator after result position `position` when it is source
    /// gap `gap` (a format whose gaps hold something of the position after
    /// them, as a Markdown item's marker, gives that position's).
    func separator(afterPosition position: Int, sourceGap gap: Int, resultCount: Int) -> Piece

    /// The separator after result position `position` when the position
    /// after it is a new one, or it is and the source has no gap for it.
    func newSeparator(afterPosition position: Int, resultCount: Int) -> Piece
}

extension PositionGapLayout {
    func keptPieces(ofGap gap: Int) -> [Piece] { [] }

    func separator(afterPosition position: Int, sourceGap gap: Int, resultCount: Int) -> Piece {
        separator(afterPosition: gap, resultCount: count)
    }

    func newSeparator(afterPosition position: Int, resultCount: Int) -> Piece {
        separator(afterPosition: max(count - 1, position), resultCount: resultCount)
    }
}

/// `base` with the gaps of one result as `PositionGaps` plans them; as
/// `base` itself when the result keeps its positions (a permutation).
struct GapMapped<Base: PositionGapLayout>: ListLayout {
    let base: Base
    let plan: PositionGaps?
    /// Whether the dropped gaps before the first item are kept in the
    /// head (it has a line break to put them before), or after the last.
    private let leadingInHead: Bool

    init(_ base: Base, _ arrangement: Arrangement) {
        self.base = base
        let count = base.count
        // Where every gap is the same bytes and keeps nothing, which one
        // stands where makes no difference.
        plan = base.separatorsAreUniform ? nil : PositionGaps.make(arrangement, sourceCount: count) { gap in
            GapMapped.lineFeeds(base, base.separator(afterPosition: gap, resultCount: count))
        }
        if let plan, !plan.leading.isEmpty, case .source(let range)? = base.head(resultCount: arrangement.count).last {
            // A line break to put them before, or the first item at the
            // start of the file's first line (after a byte-order mark).
            leadingInHead = GapMapped.lastLineBreak(base, range) != nil
                || (range.upperBound <= 3 && range.allSatisfy { base.source[$0] >= 0x80 })
        } else {
            leadingInHead = false
        }
    }

    var count: Int { base.count }
    func itemRange(_ index: Int) -> Range<Int> { base.itemRange(index) }
    func itemStart(_ index: Int) -> Int { base.itemStart(index) }
    var separatorsAreUniform: Bool { plan == nil && base.separatorsAreUniform }
    var uniformTerminator: [UInt8]? { plan == nil ? base.uniformTerminator : nil }

    func head(resultCount: Int) -> [Piece] {
        var pieces = base.head(resultCount: resultCount)
        guard let plan, leadingInHead, case .source(let range)? = pieces.last else { return pieces }
        // At the start of the file, the first bytes kept start the first
        // line, without the line breaks before them.
        let split = GapMapped.lastLineBreak(base, range) ?? range.upperBound
        var atFileStart = split == range.upperBound
        pieces.removeLast()
        pieces.append(.source(range.lowerBound..<split))
        var rest = split..<range.upperBound
        for gap in plan.leading {
            var kept = base.keptPieces(ofGap: gap)
            if atFileStart, case .source(var first)? = kept.first {
                while first.lowerBound < first.upperBound && [0x20, 0x09, 0x0D, 0x0A].contains(base.source[first.lowerBound]) {
                    first = first.lowerBound + 1..<first.upperBound
                }
                kept[0] = .source(first)
                atFileStart = false
            }
            pieces += kept
            // What stood after the last bytes kept, when it is only blank
            // lines and the next item's indentation (a blank line that
            // keeps a comment the position's, not the item's below).
            if case .source(let last)? = kept.last,
               case .source(let whole) = base.separator(afterPosition: gap, resultCount: base.count),
               last.upperBound <= whole.upperBound,
               (last.upperBound..<whole.upperBound).allSatisfy({ [0x20, 0x09, 0x0D, 0x0A].contains(base.source[$0]) }),
               lineFeedCount(base.source, last.upperBound..<whole.upperBound) > 0 {
                rest = last.upperBound..<whole.upperBound
            } else if !kept.isEmpty {
                rest = split..<range.upperBound
            }
        }
        pieces.append(.source(rest))
        if rest.isEmpty && !atFileStart && split == range.upperBound {
            // Bytes kept at the start of the file end their line.
            pieces.append(.bytes([0x0A]))
        }
        return pieces
    }

    func separator(afterPosition position: Int, resultCount: Int) -> Piece {
        guard let plan else { return base.separator(afterPosition: position, resultCount: resultCount) }
        let gap = plan.gaps[position]
        let main = gap >= 0 ? base.separator(afterPosition: position, sourceGap: gap, resultCount: resultCount)
            : base.newSeparator(afterPosition: position, resultCount: resultCount)
        guard !plan.before.isEmpty || !plan.inside.isEmpty else { return main }
        let before = plan.before[position] ?? [], inside = plan.inside[position] ?? []
        guard !before.isEmpty || !inside.isEmpty else { return main }
        var bytes: [UInt8] = []
        for gap in before { for piece in base.keptPieces(ofGap: gap) { bytes += GapMapped.bytes(base, piece) } }
        let mainBytes = GapMapped.bytes(base, main)
        var split = mainBytes.count
        if !inside.isEmpty, let lineFeed = mainBytes.lastIndex(of: 0x0A) {
            split = lineFeed > 0 && mainBytes[lineFeed - 1] == 0x0D ? lineFeed - 1 : lineFeed
        }
        bytes += mainBytes[..<split]
        for gap in inside { for piece in base.keptPieces(ofGap: gap) { bytes += GapMapped.bytes(base, piece) } }
        bytes += mainBytes[split...]
        return .bytes(bytes)
    }

    func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] {
        guard let plan else { return base.tail(resultCount: resultCount, lastItemIsEmpty: lastItemIsEmpty) }
        var pieces: [Piece] = []
        if !leadingInHead { for gap in plan.leading { pieces += base.keptPieces(ofGap: gap) } }
        for gap in plan.atEnd { pieces += base.keptPieces(ofGap: gap) }
        // The tail with no position gone: those that went keep their
        // bytes above.
        return pieces + base.tail(resultCount: base.count, lastItemIsEmpty: lastItemIsEmpty)
    }

    private static func bytes(_ base: Base, _ piece: Piece) -> [UInt8] {
        switch piece {
        case .source(let range): return Array(base.source[range])
        case .bytes(let bytes): return bytes
        }
    }

    private static func lineFeeds(_ base: Base, _ piece: Piece) -> Int {
        switch piece {
        case .source(let range): return lineFeedCount(base.source, range)
        case .bytes(let bytes): return bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
    }

    /// Where the last line break of `range` starts (its CR, for CR LF).
    private static func lastLineBreak(_ base: Base, _ range: Range<Int>) -> Int? {
        var p = range.upperBound
        while p > range.lowerBound && base.source[p - 1] != 0x0A { p -= 1 }
        guard p > range.lowerBound else { return nil }
        p -= 1
        if p > range.lowerBound && base.source[p - 1] == 0x0D { p -= 1 }
        return p
    }
}
