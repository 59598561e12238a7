/// A Markdown list as a list of items.
///
/// An item is the bytes after its marker (the spaces after the marker,
/// its first line, and every line that belongs to it) up to the end of
/// its last line that is not blank. The marker line's indentation and the
/// marker itself belong to the position, with the line breaks and blank
/// lines between items: a bullet list keeps its bullets, an ordered list
/// its numbers in order (`1. 2. 3.`, or `1. 1. 1.`, or a start other than
/// 1), a loose list its blank lines. The head is the document up to the
/// first marker's end; the tail what follows the last item.
///
/// When an item moves to a position whose marker ends at another column
/// (`9.` and `10.`), the lines after its first are indented by the
/// difference, so that they stay at its content column; such a result is
/// written by this layout rather than as slices of the source alone.
public struct MarkdownLayout: ListLayout, FormatLayout, PositionGapLayout {
    public let source: UnsafeRawBufferPointer
    let blocks: MarkdownBlocks
    let list: MarkdownBlocks.List
    var items: [MarkdownBlocks.Item] { list.items }
    /// The line break of a new position: the document's (CRLF when its
    /// first line ends so).
    let lineBreak: [UInt8]
    /// What comes before a new position's marker: a line break, the
    /// blank lines of the last separator (when every item is parted by
    /// blank lines: a loose list stays loose), and the marker's
    /// indentation.
    let newPositionLead: [UInt8]
    /// The spaces after the marker of an inserted item.
    let newItemPadding: Int
    /// The column of the first line that is not blank after the list, if
    /// any: an item moved last must not take it in.
    let lineAfter: (column: Int, offset: Int)?
    /// A blank line stands between the list and that line.
    let blankBeforeLineAfter: Bool
    /// That line follows the list's last line and starts no block: it
    /// would continue, as a lazy line, the paragraph an item moved last
    /// ends in.
    let lineAfterWouldBeLazy: Bool

    init(_ source: UnsafeRawBufferPointer, pointer: String, commentHeadings: Bool = false) throws {
        self.source = source
        let blocks = try MarkdownBlocks(source, commentHeadings: commentHeadings)
        self.blocks = blocks
        guard case .list(let list) = try blocks.resolve(MarkdownPath(pointer), text: pointer) else {
            preconditionFailure("a path resolved to a list")
        }
        self.list = list
        let items = list.items
        if let first = blocks.lines.first, first.next > first.end + 1 {
            lineBreak = [0x0D, 0x0A]
        } else {
            lineBreak = [0x0A]
        }
        let last = items[items.count - 1]
        if items.count >= 2 {
            var lead = items[items.count - 2].range.upperBound..<last.markerStart
            // A comment heading there is the position's, not how a new
            // one is written: what follows it.
            if commentHeadings, let comment = MarkdownLayout.lastComment(in: lead, source) {
                lead = comment.upperBound..<lead.upperBound
            }
            let blankLines = { (gap: Range<Int>) in lineFeedCount(source, gap) > 1 }
            if blankLines(lead) && !(0..<items.count - 1).allSatisfy({ blankLines(items[$0].range.upperBound..<items[$0 + 1].markerStart) }) {
                // Not every item is parted by a blank line: a group's blank
                // line is not how a new item is written.
                var lineBreakStart = lead.upperBound
                while source[lineBreakStart - 1] != 0x0A { lineBreakStart -= 1 }
                lineBreakStart -= 1
                if lineBreakStart > lead.lowerBound && source[lineBreakStart - 1] == 0x0D { lineBreakStart -= 1 }
                newPositionLead = Array(source[lineBreakStart..<lead.upperBound])
            } else {
                newPositionLead = Array(source[lead])
            }
        } else {
            newPositionLead = lineBreak + [UInt8](repeating: 0x20, count: last.markerColumn)
        }
        let padding = items[0].contentColumn - items[0].markerColumn - (items[0].markerEnd - items[0].markerStart)
        newItemPadding = items[0].firstLine.isEmpty ? 1 : padding
        // The first line after the list's last line that is not blank.
        var after: (Int, Int)? = nil
        var blank = false
        var lazy = false
        let lastLine = last.continuation.upperBound
        for index in lastLine..<blocks.lines.count {
            let line = blocks.lines[index]
            let lead = blocks.lead(MarkdownBlocks.Span(line: index, position: line.start, column: 0))
            if !lead.isBlank {
                after = (lead.column, lead.offset)
                lazy = !blank && !blocks.startsBlockAfterContainer(lead, line, base: list.base)
                break
            }
            blank = true
        }
        lineAfter = after
        blankBeforeLineAfter = blank
        lineAfterWouldBeLazy = lazy
    }

    /// The names `*` in a policy's path expands to under `pointer`: the
    /// headings under a heading that have a list, or a heading under them
    /// that has one (`/Changelog/*/Added`: each version's heading, whose
    /// lists are under its `Added` and `Fixed`), or the indices of the
    /// items of a list that hold a list.
    static func children(_ source: UnsafeRawBufferPointer, pointer: String, commentHeadings: Bool = false) throws -> [String]? {
        let blocks = try MarkdownBlocks(source, commentHeadings: commentHeadings)
        let path = try MarkdownPath(pointer)
        let found: MarkdownBlocks.Found
        do {
            found = try blocks.resolve(path, text: pointer, headingsOnly: true)
        } catch let error as FormatError {
            if case .nothingAtPointer = error.kind { return nil }
            throw error
        }
        switch found {
        case .heading(let scope):
            let parents = blocks.headingParents
            return blocks.headings.indices
                .filter { parents[$0] == scope && blocks.hasList(underOrBelow: $0) }
                .map { MarkdownPath.index(blocks.headings[$0].text) == nil ? blocks.headings[$0].text : "~3" + blocks.headings[$0].text }
        case .list(let list):
            return list.items.indices.filter { !list.items[$0].lists.isEmpty }.map(String.init)
        }
    }

    public var count: Int { items.count }

    public func itemRange(_ index: Int) -> Range<Int> { items[index].range }

    public var separatorsAreUniform: Bool { false }

    public func head(resultCount: Int) -> [Piece] {
        if resultCount == 0 { return [.source(0..<emptyListRange.lowerBound)] }
        return [.source(0..<items[0].markerEnd)]
    }

    public func separator(afterPosition position: Int, resultCount: Int) -> Piece {
        if position + 1 < items.count {
            return .source(items[position].range.upperBound..<items[position + 1].markerEnd)
        }
        return .bytes(newPositionLead + marker(at: position + 1))
    }

    /// A gap the plan moves (`PositionGaps`): its blank lines and the
    /// marker's indentation, with the marker of the position after it.
    func separator(afterPosition position: Int, sourceGap gap: Int, resultCount: Int) -> Piece {
        if gap == position { return separator(afterPosition: position, resultCount: resultCount) }
        return .bytes(Array(source[items[gap].range.upperBound..<items[gap + 1].markerStart]) + marker(at: position + 1))
    }

    /// What a gap that goes keeps (`PositionGaps`): with comment
    /// headings, its comments, from the gap's start to the end of the
    /// last one.
    func keptPieces(ofGap gap: Int) -> [Piece] {
        guard blocks.commentHeadings, let last = lastComment(in: items[gap].range.upperBound..<items[gap + 1].markerStart) else {
            return []
        }
        return [.source(items[gap].range.upperBound..<last.upperBound)]
    }

    /// Read with comment headings: the last HTML comment on lines of its
    /// own in the gap before item `index`, or for the first item, right
    /// above its line (blank lines between).
    public func groupHeading(before index: Int) -> Range<Int>? {
        guard blocks.commentHeadings, items.indices.contains(index) else { return nil }
        if index > 0 { return lastComment(in: items[index - 1].range.upperBound..<items[index].markerStart) }
        return lastComment(in: 0..<items[0].lineStart)
    }

    /// The comment (`<!--` … `-->`) that ends `range` but for blank
    /// lines and the next marker's indentation, when it stands on lines
    /// of its own.
    private func lastComment(in range: Range<Int>) -> Range<Int>? { MarkdownLayout.lastComment(in: range, source) }

    static func lastComment(in range: Range<Int>, _ source: UnsafeRawBufferPointer) -> Range<Int>? {
        var end = range.upperBound
        while end > range.lowerBound && [0x20, 0x09, 0x0D, 0x0A].contains(source[end - 1]) { end -= 1 }
        guard end - range.lowerBound >= 5, source[(end - 3)..<end].elementsEqual("-->".utf8) else { return nil }
        for start in stride(from: end - 5, through: range.lowerBound, by: -1)
        where source[start..<start + 4].elementsEqual("<!--".utf8) {
            // The first comment of its line (a line may hold several).
            var lineStart = start
            while lineStart > range.lowerBound && (source[lineStart - 1] == 0x20 || source[lineStart - 1] == 0x09) { lineStart -= 1 }
            if lineStart == 0 || source[lineStart - 1] == 0x0A { return start..<end }
        }
        return nil
    }

    func newSeparator(afterPosition position: Int, resultCount: Int) -> Piece {
        .bytes(newPositionLead + marker(at: position + 1))
    }

    public func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] {
        if resultCount == 0 { return [.source(emptyListRange.upperBound..<source.count)] }
        return [.source(items[items.count - 1].range.upperBound..<source.count)]
    }

    /// What a result without items leaves out: the list's lines, with
    /// the last one's line break, or (for a list that starts inside a
    /// line, `- - a`) its markers and items.
    var emptyListRange: Range<Int> {
        let first = items[0], last = items[items.count - 1]
        let lastLine = blocks.lines[last.continuation.upperBound - 1]
        if source[first.lineStart..<first.markerStart].allSatisfy({ $0 == 0x20 }) {
            return first.lineStart..<lastLine.next
        }
        return first.markerStart..<last.range.upperBound
    }

    // MARK: - Markers at positions

    /// The marker text of result position `position`.
    func marker(at position: Int) -> [UInt8] {
        if position < items.count { return Array(source[items[position].markerStart..<items[position].markerEnd]) }
        guard list.ordered else { return [list.marker] }
        return Array(String(number(at: position)).utf8) + [list.marker]
    }

    /// An ordered list's number at a position it did not have: the same
    /// as every item's when they are all the same, the next in sequence
    /// otherwise.
    func number(at position: Int) -> Int {
        let numbers = items.map { $0.number ?? 0 }
        if numbers.count > 1 && numbers.allSatisfy({ $0 == numbers[0] }) { return numbers[0] }
        return numbers[numbers.count - 1] + (position - numbers.count + 1)
    }

    /// Where the marker of result position `position` ends, as a column.
    func markerEndColumn(at position: Int) -> Int {
        if position < items.count { return items[position].markerColumn + items[position].markerEnd - items[position].markerStart }
        let last = items[items.count - 1]
        let lastLineColumn = items.count >= 2 ? last.markerColumn : items[0].markerColumn
        return lastLineColumn + marker(at: position).count
    }

    /// How far source item `index` moves right (or left) at `position`.
    func shift(ofItem index: Int, at position: Int) -> Int {
        let item = items[index]
        return markerEndColumn(at: position) - (item.markerColumn + item.markerEnd - item.markerStart)
    }

    /// Where the content of what stands at `position` would begin.
    private func contentColumn(_ run: (source: Int?, bytes: [UInt8]), at position: Int) -> Int {
        if let index = run.source { return items[index].contentColumn + shift(ofItem: index, at: position) }
        var padding = 0
        while padding < run.bytes.count && run.bytes[padding] == 0x20 { padding += 1 }
        return markerEndColumn(at: position) + (padding == run.bytes.count || padding >= 5 ? 1 : padding)
    }

    // MARK: - Writing

    /// The result's items, in order: a source index, or a new item's bytes.
    private func entries(_ arrangement: Arrangement) -> [(source: Int?, bytes: [UInt8])] {
        var out: [(Int?, [UInt8])] = []
        for segment in arrangement.segments {
            switch segment {
            case .run(let range): out += range.map { ($0, []) }
            case .item(let bytes): out.append((nil, bytes))
            }
        }
        return out
    }

    private func needsShift(_ arrangement: Arrangement) -> Bool {
        var position = 0
        for segment in arrangement.segments {
            switch segment {
            case .run(let range):
                for index in range {
                    if !items[index].continuation.isEmpty && shift(ofItem: index, at: position) != 0 { return true }
                    position += 1
                }
            case .item:
                position += 1
            }
        }
        return false
    }

    /// Source item `index`'s bytes with its lines after the first moved
    /// `shift` columns (see `indentation(ofLine:item:shift:)`).
    func shifted(_ index: Int, by shift: Int) -> [UInt8] {
        let item = items[index]
        guard shift != 0, !item.continuation.isEmpty else { return Array(source[item.range]) }
        var out = Array(source[item.range.lowerBound..<blocks.lines[item.continuation.lowerBound - 1].next])
        for lineIndex in item.continuation {
            let line = blocks.lines[lineIndex]
            let end = lineIndex == item.continuation.upperBound - 1 ? item.range.upperBound : line.next
            if case .moved(let indentation, let rest) = indentation(ofLine: lineIndex, item: index, shift: shift) {
                out += indentation
                out += source[rest..<end]
            } else {
                out += source[line.start..<end]
            }
        }
        return out
    }

    /// How a line after an item's first is written when the item moves
    /// `shift` columns.
    enum Indentation {
        /// As it is: blank, or a lazy line (left of the content column,
        /// which it stays left of).
        case kept
        /// `indentation`, then the line from `rest`: the indentation up to
        /// the content column re-laid at the new one (as tabs and spaces
        /// when it was written with a tab, as spaces otherwise), and the
        /// columns of a tab that reaches past it as spaces.
        case moved([UInt8], rest: Int)
        /// It cannot be moved so that it reads the same: a tab after the
        /// content column that a move of other than a multiple of 4
        /// columns would widen or narrow, a lazy line the new content
        /// column would take in.
        case refused(what: String, offset: Int)
    }

    func indentation(ofLine lineIndex: Int, item index: Int, shift: Int) -> Indentation {
        let item = items[index]
        let line = blocks.lines[lineIndex]
        let lead = blocks.lead(MarkdownBlocks.Span(line: lineIndex, position: line.start, column: 0))
        if lead.isBlank { return .kept }
        if lead.column < item.contentColumn {
            if lead.column >= item.contentColumn + shift {
                return .refused(
                    what: "a lazy continuation line of an item that would move to a marker of another column would become part of its content",
                    offset: lead.offset)
            }
            return .kept
        }
        // Where the indentation reaches the content column.
        var column = 0, offset = line.start, tabbed = false
        while column < item.contentColumn {
            if source[offset] == 0x09 {
                column += 4 - column % 4
                tabbed = true
            } else {
                column += 1
            }
            offset += 1
        }
        // A tab across the content column: the columns past it are the
        // content's, as spaces.
        let past = column - item.contentColumn
        if shift % 4 != 0, source[offset..<lead.offset].contains(0x09) {
            return .refused(what: "a tab in the indentation of an item that would move to a marker of another width", offset: offset)
        }
        let target = item.contentColumn + shift
        let indentation = tabbed
            ? [UInt8](repeating: 0x09, count: target / 4) + [UInt8](repeating: 0x20, count: target % 4)
            : [UInt8](repeating: 0x20, count: target)
        return .moved(indentation + [UInt8](repeating: 0x20, count: past), rest: offset)
    }

    private func rendered(_ arrangement: Arrangement) -> [UInt8] {
        var out: [UInt8] = []
        func put(_ piece: Piece) {
            switch piece {
            case .source(let range): out += source[range]
            case .bytes(let bytes): out += bytes
            }
        }
        let resultCount = arrangement.count
        let layout = GapMapped(self, arrangement)
        for piece in layout.head(resultCount: resultCount) { put(piece) }
        for (position, entry) in entries(arrangement).enumerated() {
            if position > 0 { put(layout.separator(afterPosition: position - 1, resultCount: resultCount)) }
            if let index = entry.source {
                out += shifted(index, by: shift(ofItem: index, at: position))
            } else {
                out += entry.bytes
            }
        }
        for piece in layout.tail(resultCount: resultCount, lastItemIsEmpty: false) { put(piece) }
        return out
    }

    public func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        guard needsShift(arrangement) else {
            try Renderer(layout: GapMapped(self, arrangement), source: source).write(arrangement, gathered: write)
            return
        }
        let bytes = rendered(arrangement)
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        try bytes.withUnsafeBytes { buffer in
            // SAFETY: the one-slice array lives through the call, and the writer keeps no slice past it.
            try [buffer].withUnsafeBufferPointer { try write($0) }
        }
    }

    public func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        guard needsShift(arrangement) else {
            return Renderer(layout: GapMapped(self, arrangement), source: source).outputEqualsSource(arrangement)
        }
        return rendered(arrangement).elementsEqual(source)
    }

    /// Refuses a result that would not read back as the same items:
    /// a line that decides its indentation with a tab, moved to another
    /// column; an item whose content column would take in the next
    /// item's marker or the line after the list; an item that starts with
    /// a blank line first in a list that interrupts a paragraph.
    public func check(_ arrangement: Arrangement) throws {
        let entries = self.entries(arrangement)
        if entries.isEmpty, let before = list.kindBefore, before == list.kindAfter {
            throw MarkdownError.wouldChange(
                what: "deleting every item of a list between two lists of the same marker would join them into one list",
                offset: items[0].markerStart)
        }
        for (position, entry) in entries.enumerated() {
            if list.ordered && position >= items.count && number(at: position) > 999_999_999 {
                throw MarkdownError.wouldChange(
                    what: "a new item would be numbered \(number(at: position)), and a list marker has at most 9 digits",
                    offset: items[items.count - 1].markerStart)
            }
            if let index = entry.source, case let shift = shift(ofItem: index, at: position), shift != 0 {
                let item = items[index]
                if source[item.markerEnd..<item.firstLine.lowerBound].contains(0x09) {
                    throw MarkdownError.wouldChange(
                        what: "a tab after the marker of an item that would move to a marker of another width", offset: item.markerEnd)
                }
                for lineIndex in item.continuation {
                    if case .refused(let what, let offset) = indentation(ofLine: lineIndex, item: index, shift: shift) {
                        throw MarkdownError.wouldChange(what: what, offset: offset)
                    }
                }
            }
            let column = contentColumn(entry, at: position)
            if position + 1 < entries.count {
                let next = position + 1 < items.count ? items[position + 1].markerColumn : markerEndColumn(at: position + 1) - marker(at: position + 1).count
                if next >= column {
                    throw MarkdownError.wouldChange(
                        what: "an item whose content would begin right of the next item's marker would take that item in",
                        offset: entry.source.map { items[$0].markerStart } ?? items[0].markerStart)
                }
            } else if let after = lineAfter, after.column >= column, !(blankBeforeLineAfter && isOnlyMarker(entry)) {
                throw MarkdownError.wouldChange(
                    what: "the line after the list would belong to the item moved last", offset: after.offset)
            } else if let after = lineAfter, lineAfterWouldBeLazy, endsInParagraph(entry) {
                throw MarkdownError.wouldChange(
                    what: "the line after the list would continue, as a lazy line, the paragraph of the item moved last",
                    offset: after.offset)
            }
            if position == 0 && list.interruptsParagraph {
                let startsBlank = entry.source.map { items[$0].firstLine.isEmpty }
                    ?? entry.bytes.allSatisfy { $0 == 0x20 }
                if startsBlank {
                    throw MarkdownError.wouldChange(
                        what: "an empty item first in a list that follows a paragraph would not start a list",
                        offset: items[0].markerStart)
                }
            }
        }
    }

    /// An item whose last block is a paragraph (a new item: one that is
    /// not empty).
    private func endsInParagraph(_ entry: (source: Int?, bytes: [UInt8])) -> Bool {
        if let index = entry.source { return items[index].endsInParagraph }
        return !entry.bytes.allSatisfy { $0 == 0x20 }
    }

    /// An item that is its marker alone: a blank line after it ends it.
    private func isOnlyMarker(_ entry: (source: Int?, bytes: [UInt8])) -> Bool {
        if let index = entry.source { return items[index].firstLine.isEmpty && items[index].continuation.isEmpty }
        return entry.bytes.allSatisfy { $0 == 0x20 }
    }

    // MARK: - Values

    /// An item's value: its first line after the marker, without a task
    /// box, with its inline markup read as text (`[Foo](url)` is `Foo`).
    static func value(ofFirstLine line: ArraySlice<UInt8>) -> [UInt8] {
        var text = line
        while text.first == 0x20 { text = text.dropFirst() }
        for box in ["[ ]", "[x]", "[X]"] {
            let bytes = Array(box.utf8)
            if text.starts(with: bytes) && (text.count == 3 || text[text.startIndex + 3] == 0x20 || text[text.startIndex + 3] == 0x09) {
                text = text.dropFirst(3)
                break
            }
        }
        return MarkdownInline.plainBytes(text)
    }

    public func value(ofItem index: Int, at pointer: JSONPointer?) throws -> ItemValue? {
        let line = items[index].firstLine
        return .string(.owned(MarkdownLayout.value(ofFirstLine: Array(source[line])[...])), written: .source(line))
    }

    public func value(ofItemBytes item: UnsafeRawBufferPointer, at pointer: JSONPointer?) -> ItemValue? {
        let bytes = Array(item)
        var end = bytes.firstIndex(of: 0x0A) ?? bytes.count
        if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
        var start = 0
        while start < end && bytes[start] == 0x20 { start += 1 }
        return .string(.owned(MarkdownLayout.value(ofFirstLine: bytes[start..<end])), written: .owned(Array(bytes[start..<end])))
    }

    /// An item on one line, without the spaces after its marker: what
    /// `insert` takes to write it again.
    public func valueText(ofItem index: Int) -> [UInt8]? {
        let item = items[index]
        guard item.continuation.isEmpty, !startsWithCode(item) else { return nil }
        return Array(source[item.firstLine])
    }

    /// An item whose first line is indented code (`-     x`, five spaces
    /// or more after the marker): not the item `- x` is, nor one `insert`
    /// can write from its text.
    func startsWithCode(_ item: MarkdownBlocks.Item) -> Bool {
        !item.firstLine.isEmpty && item.contentColumn < item.markerColumn + (item.markerEnd - item.markerStart) + (item.firstLine.lowerBound - item.markerEnd)
    }

    /// A new item: the text after the marker, on one line.
    public func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        if value.contains(0x0A) || value.contains(0x0D) {
            throw MarkdownError.invalidValue(value: value, reason: "an item's text is one line")
        }
        if value.first == 0x20 || value.first == 0x09 {
            throw MarkdownError.invalidValue(value: value, reason: "the text starts after the marker's space, so it does not start with a space or a tab")
        }
        if value.isEmpty { return [] }
        return [UInt8](repeating: 0x20, count: newItemPadding) + value
    }

    /// An item has no values inside it.
    public func valuePointer(_ key: String) throws -> JSONPointer {
        throw SelectorError.keyNeedsFields(key: key, format: .markdown)
    }
}
