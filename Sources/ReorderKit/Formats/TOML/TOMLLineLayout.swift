/// The list of a TOML table written with lines, or of an array of tables:
///
/// - a table (the root, `[dependencies]`, an element of `[[bin]]`, or one
///   made by dotted keys such as `project.name = …`): its `key = value`
///   lines, each from its first byte to the end of its last line (a value
///   may run over several lines), its comment on that line included;
/// - an array of tables (`[[bin]]`): each element's whole section, from its
///   header to the end of its last line, with the sections of the tables
///   inside it (`[bin.metadata]`);
/// - the sub-tables of a table written with sections (`tool` of
///   `[tool.ruff]`, `[tool.mypy]`): each key of the table with all of its
///   sections (`[tool.ruff]`, `[tool.ruff.lint]`, `[[tool.x.y]]`), from
///   its first header to the end of its last section's last line. The
///   sections of one key must stand together; a key made by key/value
///   lines is not an item (its lines stay where they are), and one made
///   both ways is refused.
///
/// **Comments travel with their item** by the rule every format shares
/// (`CommentOwnership`), as in JSON with comments:
/// the comment lines directly above an item (no blank line between) are its
/// own, and the comment at the end of its last line is on that line.
/// Everything else (blank lines, other comments, unrelated sections between
/// elements) belongs to positions, so a result keeps the source's layout.
/// Read with comment headings (`ReadOptions.commentHeadings`), no comment
/// line above an item (a key/value line or a section's header) is its own:
/// it stays with the position below it and heads a group
/// (`groupHeading(before:)`).
struct TOMLLineLayout: FormatLayout, PositionGapLayout {
    enum Kind { case table, tableArray, sections }

    /// A table's items are its keys; an array of tables' are its elements.
    var itemsAreKeyedMembers: Bool { kind != .tableArray }

    /// A table opened by a `[header]`: the header.
    var headerOffset: Int? {
        guard kind == .table, let table, table.origin == .header, let section = table.section else { return nil }
        let header = document.sections[section].header
        return header.isEmpty ? nil : header.lowerBound
    }

    /// A table's item with a dotted key: the key's segments from the
    /// table's own (of its first line).
    func keyPath(ofItem index: Int) -> [String]? {
        guard kind == .table else { return nil }
        let keys = document.lines[lineIndices[index]].keys
        return keys.count - depth > 1 ? Array(keys[depth...]) : nil
    }

    let document: TOMLDocument
    let kind: Kind
    /// Read with comment headings (`ReadOptions.commentHeadings`).
    let commentHeadings: Bool
    var source: UnsafeRawBufferPointer { document.source }
    /// Each item's bytes.
    let ranges: TOMLRanges
    /// Tables: each item's line (an index into `document.lines`): its
    /// first, for a key made by dotted lines.
    let lineIndices: TOMLIndices
    /// Tables where a key is made by several dotted-key lines together
    /// (`urls.a = …`, `urls.b = …`: one item, the key `urls`): each
    /// item's last line; nil when every item is one line.
    let lastLines: TOMLIndices?

    /// Whether item `index` is a key made by several dotted-key lines.
    func isDottedGroup(_ index: Int) -> Bool {
        guard let lastLines else { return false }
        return lastLines[index] != lineIndices[index]
    }

    /// Item `index`'s lines (indices into `document.lines`).
    func lines(ofItem index: Int) -> ClosedRange<Int> {
        lineIndices[index]...(lastLines?[index] ?? lineIndices[index])
    }

    /// The table a line's key makes at this table's own level, when the
    /// key is dotted below it (`urls` of `urls.a = …`); nil for a key of
    /// one segment here.
    static func memberTable(_ line: TOMLLine, depth: Int) -> TOMLTable? {
        let below = line.segments - depth
        guard below > 1 else { return nil }
        var current: TOMLTable = line.table
        for _ in 0..<below - 2 {
            guard let parent = current.parent else { return nil }
            current = parent
        }
        return current
    }
    /// Tables: how many key segments lead from the document's section table
    /// to this table (a dotted table's lines begin with its own path).
    let depth: Int
    /// Arrays of tables: each item's element table.
    let elements: [TOMLTable]
    /// Tables and section lists: the table whose lines or sub-tables the
    /// items are.
    let table: TOMLTable?
    /// Section lists: each item's key, decoded, and what it holds.
    let sectionKeys: [String]
    /// `sort --recursive`: the lists inside the items, sorted.
    let nested = NestedRegions()
    /// For an empty table: where its header's line ends (before the break).
    let emptyHeadEnd: Int?
    let lineBreak: [UInt8]
    /// Between a new position and the one before it.
    let newSeparator: [UInt8]

    var separatorsAreUniform: Bool { false }
    var count: Int { ranges.count }
    func itemRange(_ index: Int) -> Range<Int> { ranges[index] }

    init(document: TOMLDocument, table: TOMLTable, commentHeadings: Bool = false) throws {
        self.document = document
        self.commentHeadings = commentHeadings
        kind = .table
        elements = []
        self.table = table
        sectionKeys = []
        lineBreak = TOMLLineLayout.lineBreak(of: document.source)
        newSeparator = lineBreak
        switch table.origin {
        case .implicit:
            throw TOMLError.cannotDelimit(
                what: "a table with no key/value lines of its own, only the sections of tables inside it", offset: table.offset)
        case .dotted(let scope) where scope < 0:
            throw TOMLError.cannotDelimit(what: "a table made by dotted keys inside an inline table", offset: table.offset)
        default: break
        }
        let indices = table.lines
        for (number, index) in indices.enumerated().dropFirst() where index != indices[number - 1] + 1 {
            throw TOMLError.cannotDelimit(
                what: "a table whose dotted-key lines are not together (another key stands between them)",
                offset: document.lines[index].range.lowerBound)
        }
        var depth = 0
        var ancestor: TOMLTable? = table
        while let current = ancestor, current.section == nil { depth += 1; ancestor = current.parent }
        self.depth = depth
        // A key's dotted lines together are one item: what lies between
        // them moves with them, and no position's separator falls inside.
        // Where a key's lines stand apart (`a.x`, `b`, `a.y`: valid TOML,
        // discouraged), no group can hold them: each line is an item, as
        // the lines of such a table always were.
        var firstLines = TOMLIndices()
        var lastLines: [Int] = []
        var grouped = false
        var previousHead: TOMLTable? = nil
        var heads: Set<ObjectIdentifier> = []
        firstLines.reserveCapacity(indices.count)
        for index in indices {
            let head = TOMLLineLayout.memberTable(document.lines[index], depth: depth)
            if let head, let previousHead, head === previousHead {
                lastLines[lastLines.count - 1] = index
                grouped = true
                continue
            }
            if let head, !heads.insert(ObjectIdentifier(head)).inserted {
                firstLines = TOMLIndices(indices)
                lastLines = Array(indices)
                grouped = false
                break
            }
            previousHead = head
            firstLines.append(index)
            lastLines.append(index)
        }
        lineIndices = firstLines
        self.lastLines = grouped ? TOMLIndices(lastLines) : nil
        var cursor = CommentCursor(document.comments)
        let ownership = TOMLLineLayout.ownership(document, headings: commentHeadings)
        let floor = TOMLDocument.byteOrderMarkLength(document.source)
        var ranges = TOMLRanges()
        ranges.reserveCapacity(firstLines.count)
        for (first, last) in zip(firstLines, lastLines) {
            let range = document.lines[first].range
            let lineStart = TOMLLineLayout.lineStart(document, range.lowerBound)
            let start = ownership.leadingStart(of: lineStart, floor: floor, in: document, cursor: &cursor)
            ranges.append(start..<TOMLLineLayout.lineTextEnd(document, after: document.lines[last].range.upperBound))
        }
        self.ranges = ranges
        if indices.isEmpty, let section = table.section, section > 0 {
            emptyHeadEnd = TOMLLineLayout.lineTextEnd(document, after: document.sections[section].header.upperBound)
        } else {
            emptyHeadEnd = nil
        }
    }

    init(document: TOMLDocument, tableArray: TOMLTableArray, commentHeadings: Bool = false) throws {
        self.document = document
        self.commentHeadings = commentHeadings
        kind = .tableArray
        lineIndices = TOMLIndices()
        lastLines = nil
        depth = 0
        emptyHeadEnd = nil
        elements = tableArray.elements
        table = nil
        sectionKeys = []
        let source = document.source
        lineBreak = TOMLLineLayout.lineBreak(of: source)
        // Which element each section belongs to: the one its table is in.
        var elementIndex: [ObjectIdentifier: Int] = [:]
        for (index, element) in elements.enumerated() { elementIndex[ObjectIdentifier(element)] = index }
        var owner: [Int?] = []
        for section in document.sections {
            var table: TOMLTable? = section.table
            var found: Int? = nil
            while let current = table {
                if let index = elementIndex[ObjectIdentifier(current)] { found = index; break }
                table = current.parent
            }
            owner.append(found)
        }
        var ranges: [Range<Int>] = []
        for (index, element) in elements.enumerated() {
            let first = element.section!
            var last = first
            while last + 1 < owner.count && owner[last + 1] == index { last += 1 }
            if let stray = owner[(last + 1)...].firstIndex(of: index) {
                throw TOMLError.cannotDelimit(
                    what: "a section of an array-of-tables element that stands apart from the element's header",
                    offset: document.sections[stray].header.lowerBound)
            }
            ranges.append(TOMLLineLayout.sectionsRange(document, first...last, headings: commentHeadings))
        }
        self.ranges = TOMLRanges(ranges)
        newSeparator = TOMLLineLayout.newSectionSeparator(document, ranges)
    }

    /// The sub-tables of `table` that are written with sections, each key
    /// with all of its sections (see the type's comment).
    init(document: TOMLDocument, sectionsOf table: TOMLTable, commentHeadings: Bool = false) throws {
        self.document = document
        self.commentHeadings = commentHeadings
        kind = .sections
        lineIndices = TOMLIndices()
        lastLines = nil
        depth = 0
        emptyHeadEnd = nil
        elements = []
        self.table = table
        lineBreak = TOMLLineLayout.lineBreak(of: document.source)
        // The key of `table` each section's table is under.
        var keyOf: [ObjectIdentifier: String] = [:]
        for (key, entry) in zip(table.keys, table.entries) {
            switch entry {
            case .table(let child): keyOf[ObjectIdentifier(child)] = key
            case .tableArray(let array): for element in array.elements { keyOf[ObjectIdentifier(element)] = key }
            case .value: break
            }
        }
        var owner: [String?] = []
        for section in document.sections {
            var current: TOMLTable = section.table
            while let parent = current.parent, parent !== table { current = parent }
            guard current !== table, current.parent === table, let key = keyOf[ObjectIdentifier(current)] else {
                owner.append(nil)
                continue
            }
            if case .dotted = current.origin {
                // `apple.color = …` under [fruit], and [fruit.apple.texture]:
                // the key is partly lines that do not move with its sections.
                throw TOMLError.cannotDelimit(
                    what: "a sub-table of '\(TOMLParser.dotted([key]))' made both by dotted key/value lines and by sections",
                    offset: section.header.lowerBound)
            }
            owner.append(key)
        }
        var keys: [String] = [], ranges: [Range<Int>] = []
        var index = 0
        while index < owner.count {
            guard let key = owner[index] else { index += 1; continue }
            let first = index
            while index + 1 < owner.count && owner[index + 1] == key { index += 1 }
            if let stray = owner[(index + 1)...].firstIndex(of: key) {
                let between = document.sections[index + 1]
                let header = document.sections[stray].header
                func text(_ range: Range<Int>) -> String { String(decoding: document.source[range], as: UTF8.self) }
                throw TOMLError.sectionsApart(key: key, header: text(header), offset: header.lowerBound,
                                              between: text(between.header), betweenOffset: between.header.lowerBound)
            }
            keys.append(key)
            ranges.append(TOMLLineLayout.sectionsRange(document, first...index, headings: commentHeadings))
            index += 1
        }
        sectionKeys = keys
        self.ranges = TOMLRanges(ranges)
        newSeparator = TOMLLineLayout.newSectionSeparator(document, ranges)
    }

    /// The bytes of `sections` (indices into `document.sections`, in a
    /// row): from the comment lines above the first header (none, read with
    /// comment headings) to the end of the last section's last line.
    static func sectionsRange(_ document: TOMLDocument, _ sections: ClosedRange<Int>, headings: Bool) -> Range<Int> {
        let lastSection = document.sections[sections.upperBound]
        let contentEnd = lastSection.lines.isEmpty
            ? lastSection.header.upperBound : document.lines[lastSection.lines.upperBound - 1].range.upperBound
        let header = document.sections[sections.lowerBound].header
        let start = TOMLLineLayout.leadingCommentsStart(TOMLLineLayout.lineStart(document, header.lowerBound), document,
                                                        headings: headings)
        return start..<TOMLLineLayout.lineTextEnd(document, after: contentEnd)
    }

    /// Between a new section and the one before it: what stands between
    /// the last two when that is only blank, or a blank line.
    static func newSectionSeparator(_ document: TOMLDocument, _ ranges: [Range<Int>]) -> [UInt8] {
        let source = document.source
        let lineBreak = TOMLLineLayout.lineBreak(of: source)
        if ranges.count >= 2 {
            let between = ranges[ranges.count - 2].upperBound..<ranges[ranges.count - 1].lowerBound
            let plain = between.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains(source[$0]) }
            return plain ? Array(source[between]) : lineBreak + lineBreak
        }
        return lineBreak + lineBreak
    }

    // MARK: - Reading lines

    static func lineBreak(of source: UnsafeRawBufferPointer) -> [UInt8] { documentLineBreak(source) }

    /// Where the line that holds `offset` starts (after a byte-order mark).
    static func lineStart(_ document: TOMLDocument, _ offset: Int) -> Int {
        var start = offset
        let source = document.source
        while start > 0 && source[start - 1] != 0x0A { start -= 1 }
        return max(start, TOMLDocument.byteOrderMarkLength(source))
    }

    /// Where the line's text ends after `offset`: past blanks and a comment,
    /// before the line break.
    static func lineTextEnd(_ document: TOMLDocument, after offset: Int) -> Int {
        ownership(document).trailingComments(at: offset, before: document.source.count, in: document)?.upperBound ?? offset
    }

    /// The start of the comment lines directly above the line that starts
    /// at `lineStart` (no blank line between), or `lineStart`.
    static func leadingCommentsStart(_ lineStart: Int, _ document: TOMLDocument, headings: Bool) -> Int {
        let floor = TOMLDocument.byteOrderMarkLength(document.source)
        return ownership(document, headings: headings).leadingStart(of: lineStart, floor: floor, in: document)
    }

    /// Comments belong to the item they sit on (`CommentOwnership`); the
    /// items are whole lines, so an owned comment line is the item's from
    /// its first byte, at any column. Read with comment headings, no
    /// comment line above an item is its own.
    static func ownership(_ document: TOMLDocument, headings: Bool = false) -> CommentOwnership {
        CommentOwnership(ownedFrom: .line, documentStart: TOMLDocument.byteOrderMarkLength(document.source),
                         headings: headings)
    }

    /// Read with comment headings: the last comment on a line of its own
    /// among the comment and blank lines directly above the item (after
    /// the item before; for the first, after the table's header or
    /// whatever else stands above them).
    func groupHeading(before index: Int) -> Range<Int>? {
        guard commentHeadings, index >= 0, index < count, !document.comments.isEmpty else { return nil }
        let bom = TOMLDocument.byteOrderMarkLength(source)
        let floor = index == 0 ? bom : ranges[index - 1].upperBound
        let start = ranges[index].lowerBound
        // Up over the lines that hold only blanks or a comment.
        var top = start
        while top > floor {
            let lineEnd = top - 1
            var lineBegin = lineEnd
            while lineBegin > floor && source[lineBegin - 1] != 0x0A { lineBegin -= 1 }
            var first = lineBegin
            while first < lineEnd && (source[first] == 0x20 || source[first] == 0x09) { first += 1 }
            let blank = first == lineEnd || (source[first] == 0x0D && first + 1 == lineEnd)
            guard blank || document.comment(startingAt: first) != nil else { break }
            top = lineBegin
        }
        return CommentOwnership.heading(in: top..<start, in: document, documentStart: bom)
    }

    // MARK: - Positions

    func head(resultCount: Int) -> [Piece] {
        guard let first = ranges.first else {
            guard resultCount > 0 else { return [.source(0..<source.count)] }
            if let emptyHeadEnd { return [.source(0..<emptyHeadEnd), .bytes(lineBreak)] }
            let bom = TOMLDocument.byteOrderMarkLength(source)
            return [.source(0..<bom)]
        }
        return [.source(0..<first.lowerBound)]
    }

    func separator(afterPosition position: Int, resultCount: Int) -> Piece {
        if position + 1 < ranges.count { return .source(ranges[position].upperBound..<ranges[position + 1].lowerBound) }
        return .bytes(newSeparator)
    }

    func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] {
        guard let last = ranges.last else {
            guard resultCount > 0 else { return [] }
            if let emptyHeadEnd { return [.source(emptyHeadEnd..<source.count)] }
            let bom = TOMLDocument.byteOrderMarkLength(source)
            return [.bytes(lineBreak), .source(bom..<source.count)]
        }
        var pieces: [Piece] = []
        if resultCount < ranges.count {
            // Positions that go: their comments stay, and so does what
            // stands between a table's sections that is not the table's (a
            // section of another table: `[t.a]`, `[u]`, `[t.b]`).
            for position in max(resultCount - 1, 0)..<ranges.count - 1 {
                let between = ranges[position].upperBound..<ranges[position + 1].lowerBound
                let start = resultCount == 0 && position == 0 ? skipLineBreak(between.lowerBound) : between.lowerBound
                if let end = otherContentEnd(in: between) {
                    pieces.append(.source(start..<end))
                } else if let kept = CommentOwnership.keptComments(of: between, in: document) {
                    pieces.append(.source(start..<kept.upperBound))
                }
            }
        }
        if resultCount == 0 && pieces.isEmpty {
            return [.source(skipLineBreak(last.upperBound)..<source.count)]
        }
        return pieces + [.source(last.upperBound..<source.count)]
    }

    /// What a gap that goes keeps (`PositionGaps`): its comments, and what
    /// stands in it that is not the table's (a section of another table
    /// between this one's).
    func keptPieces(ofGap gap: Int) -> [Piece] {
        let between = ranges[gap].upperBound..<ranges[gap + 1].lowerBound
        if let end = otherContentEnd(in: between) { return [.source(between.lowerBound..<end)] }
        return CommentOwnership.keptComments(of: between, in: document).map { [.source($0)] } ?? []
    }

    /// When `between` holds a line that is neither blank nor a comment (a
    /// section of another table standing between this one's): the end of
    /// its last byte that is not blank. Nil when it holds none.
    private func otherContentEnd(in between: Range<Int>) -> Int? {
        var lineStart = between.lowerBound
        var holdsOther = false
        while lineStart < between.upperBound && !holdsOther {
            var offset = lineStart
            while offset < between.upperBound && (source[offset] == 0x20 || source[offset] == 0x09) { offset += 1 }
            if offset < between.upperBound && source[offset] != 0x0A && source[offset] != 0x0D && source[offset] != UInt8(ascii: "#") {
                holdsOther = true
            }
            while offset < between.upperBound && source[offset] != 0x0A { offset += 1 }
            lineStart = offset + 1
        }
        guard holdsOther else { return nil }
        var end = between.upperBound
        while end > between.lowerBound, [0x20, 0x09, 0x0A, 0x0D].contains(source[end - 1]) { end -= 1 }
        return end
    }

    /// Past the line break at `offset`, if one is there.
    private func skipLineBreak(_ offset: Int) -> Int {
        if offset < source.count && source[offset] == 0x0A { return offset + 1 }
        if offset + 1 < source.count && source[offset] == 0x0D && source[offset + 1] == 0x0A { return offset + 2 }
        return offset
    }

    /// The result must read as TOML again (a new line's key may clash with
    /// a table defined elsewhere); nothing is written when it does not.
    func check(_ arrangement: Arrangement) throws {
        try NestedSort.check(self, arrangement)
        if kind == .tableArray && arrangement.count == 0, let first = ranges.first {
            throw TOMLError.cannotDelimit(
                what: "an array of tables left with no element (TOML writes one by its '[[…]]' sections, and none would be left)",
                offset: first.lowerBound)
        }
        if kind == .table && depth > 0 && arrangement.count == 0, let first = ranges.first {
            // `name.e = 1` is all there is of `name`: without a line, the
            // table is gone, not empty.
            throw TOMLError.cannotDelimit(
                what: "a table made by dotted keys left with no key (it would be gone, not empty; write 'KEY = {}' to keep it empty)",
                offset: first.lowerBound)
        }
        if kind == .sections && arrangement.count == 0, let first = ranges.first {
            throw TOMLError.cannotDelimit(
                what: "a table left with none of the sections that make it (it would be gone, not empty)",
                offset: first.lowerBound)
        }
        try TOMLCheck.reads(self, arrangement)
    }
}
