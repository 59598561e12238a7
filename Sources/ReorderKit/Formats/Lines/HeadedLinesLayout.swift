/// The lines of a text file read with comment headings
/// (`ReadOptions.commentHeadings`): a line whose first bytes after blanks
/// are one of the comment prefixes is no item. It belongs to the position
/// below it: to the bytes between the item above and the item below (the
/// separator, which already holds the line terminator), to the head before
/// the first item, or to the tail after the last. So `sort`, `move`,
/// `delete` and `insert` never move it, and indices count the other lines
/// only. Blank lines stay items, as without headings.
///
/// It wraps the `LinesLayout` of the same bytes, which finds the lines; an
/// item is one of its lines. A comment line that heads no item (the last
/// lines of the list) stays in the tail; when a delete takes a position,
/// the comment lines of its gap stay (`PositionGapLayout.keptPieces`).
public struct HeadedLinesLayout: ListLayout, FormatLayout, PositionGapLayout {
    /// The lines, comment lines among them.
    public let lines: LinesLayout
    /// The line each item is, in order.
    let itemLines: [Int]
    /// What a comment line starts with (after blanks).
    public let prefixes: [[UInt8]]

    /// The comment markers keep-sorted knows (`//`, `#`, `/*`, `--`, `;`,
    /// `<!--`): a list of lines's comment prefixes when none are given.
    public static let defaultPrefixes: [[UInt8]] = KeepSortedOptions.commentMarkers

    public init(_ lines: LinesLayout, prefixes: [[UInt8]]) {
        self.lines = lines
        self.prefixes = prefixes.isEmpty ? HeadedLinesLayout.defaultPrefixes : prefixes
        var itemLines: [Int] = []
        itemLines.reserveCapacity(lines.count)
        let source = lines.source
        for line in 0..<lines.count where !HeadedLinesLayout.isComment(source, lines.itemRange(line), self.prefixes) {
            itemLines.append(line)
        }
        self.itemLines = itemLines
    }

    /// Whether the line `range` starts, after spaces and tabs, with one of
    /// `prefixes`.
    static func isComment(_ source: UnsafeRawBufferPointer, _ range: Range<Int>, _ prefixes: [[UInt8]]) -> Bool {
        var start = range.lowerBound
        while start < range.upperBound && (source[start] == 0x20 || source[start] == 0x09) { start += 1 }
        let rest = source[start..<range.upperBound]
        return prefixes.contains { !$0.isEmpty && rest.starts(with: $0) }
    }

    public var source: UnsafeRawBufferPointer { lines.source }
    public var count: Int { itemLines.count }
    /// True when no line is a comment: the lines' own layout.
    private var noComments: Bool { itemLines.count == lines.count }

    public func itemRange(_ index: Int) -> Range<Int> { lines.itemRange(itemLines[index]) }
    public func itemStart(_ index: Int) -> Int { lines.itemStart(itemLines[index]) }
    public var separatorsAreUniform: Bool { noComments && lines.separatorsAreUniform }
    public var uniformTerminator: [UInt8]? { noComments ? lines.uniformTerminator : nil }
    /// The items are lines, each its own key; comment lines may stand
    /// between them (a blank line is still an item, a group's boundary).
    public var itemsAreLines: Bool { true }
    public var diffTerminator: UInt8 { lines.diffTerminator }

    /// Where line `line` starts (`lines.count`: the end of the source).
    private func lineStart(_ line: Int) -> Int { line < lines.count ? lines.itemStart(line) : source.count }

    /// The comment lines, each with its terminator, from line `first` up to
    /// line `end`.
    private func commentLines(_ first: Int, _ end: Int) -> [Piece] {
        guard first < end else { return [] }
        return [.source(lineStart(first)..<lineStart(end))]
    }

    public func head(resultCount: Int) -> [Piece] {
        guard let first = itemLines.first else {
            // Only comment lines: they are the head, and a new line after
            // them starts a line of its own.
            guard lines.count > 0 else { return lines.head(resultCount: resultCount) }
            let end = lines.itemRange(lines.count - 1).upperBound
            if resultCount > 0 && end == source.count { return [.source(0..<source.count), .bytes(lines.defaultTerminator)] }
            return [.source(0..<source.count)]
        }
        return [.source(0..<lines.itemStart(first))]
    }

    public func separator(afterPosition position: Int, resultCount: Int) -> Piece {
        if position + 1 < itemLines.count {
            return .source(itemRange(position).upperBound..<itemStart(position + 1))
        }
        return .bytes(lines.defaultTerminator)
    }

    public func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] {
        guard let last = itemLines.last else { return resultCount > 0 ? [.bytes(lines.defaultTerminator)] : [] }
        if resultCount == 0 {
            // No item left: every comment line after the first item's.
            var pieces: [Piece] = []
            for (index, line) in itemLines.enumerated() {
                pieces += commentLines(line + 1, index + 1 < itemLines.count ? itemLines[index + 1] : lines.count)
            }
            return pieces
        }
        guard last + 1 < lines.count else { return lines.tail(resultCount: resultCount, lastItemIsEmpty: lastItemIsEmpty) }
        // The last item's terminator, and the comment lines after it.
        return [.source(lines.itemRange(last).upperBound..<source.count)]
    }

    /// What a gap that goes keeps: its comment lines, from the gap's start
    /// (the item's terminator) to the end of the last one's content.
    func keptPieces(ofGap gap: Int) -> [Piece] {
        let above = itemLines[gap], below = itemLines[gap + 1]
        guard below > above + 1 else { return [] }
        return [.source(lines.itemRange(above).upperBound..<lines.itemRange(below - 1).upperBound)]
    }

    /// The last comment line before item `index`, from its prefix to the
    /// end of its text (trailing blanks aside).
    public func groupHeading(before index: Int) -> Range<Int>? {
        guard itemLines.indices.contains(index) else { return nil }
        let line = itemLines[index]
        let above = index > 0 ? itemLines[index - 1] : -1
        guard line > above + 1 else { return nil }
        var range = lines.itemRange(line - 1)
        while range.lowerBound < range.upperBound && [0x20, 0x09].contains(source[range.lowerBound]) {
            range = range.lowerBound + 1..<range.upperBound
        }
        while range.lowerBound < range.upperBound && [0x20, 0x09].contains(source[range.upperBound - 1]) {
            range = range.lowerBound..<range.upperBound - 1
        }
        return range
    }

    public func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        guard !noComments else { return try lines.write(arrangement, gathered: write) }
        try Renderer(layout: GapMapped(self, arrangement), source: source).write(arrangement, gathered: write)
    }

    public func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        guard !noComments else { return lines.outputEqualsSource(arrangement) }
        return Renderer(layout: GapMapped(self, arrangement), source: source).outputEqualsSource(arrangement)
    }

    /// The lines' check: a result whose first line would start with
    /// U+FEFF in a file without a byte-order mark is refused (only when
    /// the first item is the file's first line).
    public func check(_ arrangement: Arrangement) throws {
        guard !lines.hasByteOrderMark, itemLines.first == 0 else { return }
        try arrangement.refuseByteOrderMarkFirst(in: source, itemRange: itemRange)
    }

    /// A line, as the lines take it, that does not read as a comment line.
    public func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        let bytes = try lines.newItem(value, asString: asString)
        try refuseComment(bytes, 0..<bytes.count)
        return bytes
    }

    public func newItem(valueIn buffer: inout [UInt8], at range: Range<Int>, asString: Bool) throws -> Range<Int> {
        let range = try lines.newItem(valueIn: &buffer, at: range, asString: asString)
        try refuseComment(buffer, range)
        return range
    }

    private func refuseComment(_ bytes: [UInt8], _ range: Range<Int>) throws {
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        let isComment = bytes.withUnsafeBytes { HeadedLinesLayout.isComment($0, range, prefixes) }
        if isComment { throw ReorderError.valueIsCommentLine }
    }

    public func value(ofItem index: Int, at pointer: JSONPointer?) throws -> ItemValue? {
        .string(.source(itemRange(index)))
    }

    public func value(ofItemBytes item: UnsafeRawBufferPointer, at pointer: JSONPointer?) -> ItemValue? {
        lines.value(ofItemBytes: item, at: pointer)
    }

    public func valuePointer(_ key: String) throws -> JSONPointer { try lines.valuePointer(key) }
}
