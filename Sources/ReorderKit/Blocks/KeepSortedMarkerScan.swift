/// The lines of a document and the marked blocks among them.
///
/// Lines are read as `LinesLayout` reads them: LF or CRLF ends a line (the
/// CRs before an LF belong to the terminator), a byte-order mark is not
/// part of the first line, a last line may have no terminator. A line holds
/// a start marker when `… start` stands anywhere in it, else an end marker
/// when `… end` does (in any comment syntax: the marker's text is all that
/// is looked for). Markers pair up as brackets do: an end closes the
/// latest open start, so blocks nest.
struct MarkedLines {
    let source: UnsafeRawBufferPointer
    let layout: LinesLayout
    let markers: KeepSortedMarkers
    /// Top-level blocks in document order; blocks inside them in their
    /// `children`.
    private(set) var blocks: [MarkedBlock] = []
    /// Markers without a partner: (0-based line, is a start marker).
    private(set) var unpaired: [(line: Int, isStart: Bool)] = []

    init(_ source: UnsafeRawBufferPointer, markers: KeepSortedMarkers) {
        self.source = source
        self.markers = markers
        layout = LinesLayout(source, terminator: .newline)
        findBlocks()
    }

    var count: Int { layout.count }

    /// The bytes of line `index`, without its terminator.
    func content(_ index: Int) -> Range<Int> { layout.itemRange(index) }

    /// Where line `index` starts (`count`: the end of the document).
    func start(_ index: Int) -> Int { index < layout.count ? layout.itemStart(index) : source.count }

    /// The terminator after line `index`'s content (empty for a last line
    /// without one).
    func terminator(_ index: Int) -> Range<Int> { content(index).upperBound..<start(index + 1) }

    // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
    func bytes(_ index: Int) -> [UInt8] { Array(UnsafeRawBufferPointer(rebasing: source[content(index)])) }

    /// The line that holds byte `offset`.
    private func line(holding offset: Int) -> Int {
        var low = 0, high = layout.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if layout.itemStart(middle) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private mutating func findBlocks() {
        // Lines that hold the marker's name, found with one search over
        // the document rather than one per line.
        let name = Array(markers.name.utf8)
        var candidates: [Int] = []
        var offset = 0
        while let found = firstOffset(of: name, in: source, from: offset, to: source.count) {
            let line = self.line(holding: found)
            if candidates.last != line { candidates.append(line) }
            offset = max(found + 1, content(line).upperBound)
        }

        struct Open {
            let line: Int
            var children: [MarkedBlock] = []
        }
        var stack: [Open] = []
        for line in candidates {
            let range = content(line)
            // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
            let text = UnsafeRawBufferPointer(rebasing: source[range])
            if firstOffset(of: markers.start, in: text, from: 0, to: text.count) != nil {
                stack.append(Open(line: line))
            } else if firstOffset(of: markers.end, in: text, from: 0, to: text.count) != nil {
                guard let open = stack.popLast() else {
                    unpaired.append((line, false))
                    continue
                }
                let block = MarkedBlock(startLine: open.line, endLine: line, children: open.children)
                if stack.isEmpty { blocks.append(block) } else { stack[stack.count - 1].children.append(block) }
            }
        }
        // A start without an end: the blocks inside it count as if it
        // were not there.
        while let open = stack.popLast() {
            unpaired.append((open.line, true))
            if stack.isEmpty { blocks += open.children } else { stack[stack.count - 1].children += open.children }
        }
        blocks.sort { $0.startLine < $1.startLine }
        unpaired.sort { $0.line < $1.line }
    }

    /// Every block, each before the blocks inside it, in the order their
    /// start markers stand.
    var allBlocks: [MarkedBlock] {
        var all: [MarkedBlock] = []
        func visit(_ block: MarkedBlock) {
            all.append(block)
            block.children.forEach(visit)
        }
        blocks.forEach(visit)
        return all
    }
}

/// A start marker's line and its end marker's line (0-based), and the
/// blocks between them.
struct MarkedBlock {
    let startLine: Int
    let endLine: Int
    var children: [MarkedBlock]
}
