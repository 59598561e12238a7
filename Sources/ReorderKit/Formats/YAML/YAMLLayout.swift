/// The list at a pointer of a YAML document: the entries of a block
/// sequence (`- ` with everything nested under it) or of a block mapping
/// (`key: value` with its nested value), or the items of a flow collection
/// (`[a, b]`, `{a: 1}`).
///
/// Block entries are whole lines, from the start of their first line to
/// the end of their last line's text; what lies between them (line breaks,
/// blank lines, comments that are not theirs) belongs to positions. Entries
/// of one list all stand at one column, so an entry keeps its indentation
/// wherever it goes. **Comments travel with their entry**, by the rule
/// every format shares (`CommentOwnership`): comment lines directly above an entry (no blank line
/// between, at its column or deeper) are its own, and they start a line
/// wherever it goes; a comment at the end of its last line is on that
/// line. Flow items move as JSON elements do. Read with comment headings
/// (`ReadOptions.commentHeadings`), no comment line above an entry is its
/// own: every one between two entries stays with the position below it
/// and heads a group (`groupHeading(before:)`), except the comment lines
/// deeper than the entries that follow an entry's content (commented-out
/// lines of its nested value, as in Helm values files): those are the
/// entry's, the last lines of its bytes (`deepTails`).
public struct YAMLLayout: FormatLayout, ListLayout {
    public let source: UnsafeRawBufferPointer
    let document: YAMLDocument
    let node: YAMLNode
    let entries: [YAMLEntry]
    /// Each item's bytes.
    let ranges: [Range<Int>]
    public var isMapping: Bool { node.kind == .blockMapping || node.kind == .flowMapping }
    public var itemsAreKeyedMembers: Bool { isMapping }
    var isBlock: Bool { node.kind == .blockSequence || node.kind == .blockMapping }
    /// What a new block entry starts with: its indentation, and for a
    /// sequence the dash as the entries write it (`  - `).
    let newEntryPrefix: [UInt8]
    let lineBreak: [UInt8]
    /// The separator for new positions: a line break (with the entries'
    /// indentation, when that belongs to positions), or a flow one.
    let newFlowSeparator: Piece
    /// The anchors each item defines and the aliases it uses, for `check`.
    let anchors: [[String]]
    let aliases: [[String]]
    /// Anchors defined before the list, and aliases used after it.
    let anchorsBefore: Set<String>
    let aliasesAfter: [String]
    /// For each block entry that ends in a block scalar, that scalar (see
    /// `checkBlockScalars`).
    let scalarEnds: [ScalarEnd?]

    public var separatorsAreUniform: Bool { false }
    /// `sort --recursive`: the mappings inside the items, sorted.
    let nested = NestedRegions()
    /// Read with comment headings (`ReadOptions.commentHeadings`): no
    /// comment line above an entry is its own; each stays with the
    /// position below it (the deep ones after an entry are: `lastLines`).
    let commentHeadings: Bool
    /// Block lists: the line above which nothing is the first entry's
    /// (its owner's, `key:` or `- `; -1 or before the document's first
    /// line for the root); the first entry's own line when it shares it
    /// with its owner's `- `.
    let headFloorLine: Int
    /// Block lists: each entry's last line. Its last line with content;
    /// read with comment headings, the last of the comment lines deeper
    /// than the entries that follow it (`deepTails`).
    let lastLines: [Int]

    init(document: YAMLDocument, node: YAMLNode, pointer: String, commentHeadings: Bool = false) throws {
        self.document = document
        self.node = node
        self.commentHeadings = commentHeadings
        source = document.source
        let lines = document.line
        lineBreak = YAMLLayout.lineBreak(of: source)
        var ranges: [Range<Int>] = []
        switch node.kind {
        case .blockSequence, .blockMapping:
            entries = try document.entries(of: node)
            ranges.reserveCapacity(entries.count)
            // A list whose first entry shares its line with its parent's
            // `- ` (`- name: x` then `  run: y`): the entries' indentation
            // belongs to the positions, and an entry starts at its text, so
            // that any of them can stand first, after the dash.
            let inline = node.inlineStart != nil
            var floor = node.ownerLine >= 0 && node.ownerLine < node.line ? node.ownerLine : max(document.documentLines.lowerBound - 1, -1)
            if inline { floor = node.line }
            headFloorLine = floor
            // Comments belong to the entry they sit on (`CommentOwnership`):
            // an entry is whole lines, and its comment lines stand at its
            // column or deeper; read with comment headings, none above it
            // is, and the deeper ones after its content are (`deepTails`).
            let ownership = CommentOwnership(ownedFrom: .line, minimumColumn: node.column,
                                             documentStart: lines.first?.start ?? 0, headings: commentHeadings)
            lastLines = commentHeadings ? YAMLLayout.deepTails(of: entries, column: node.column, document) : entries.map(\.lastLine)
            for (number, entry) in entries.enumerated() {
                var start: Int
                if inline && number == 0 {
                    start = entry.start
                } else if entry.line - 1 <= floor || lines[entry.line - 1].kind != .comment {
                    // No comment line above: the rule has nothing to give.
                    start = lines[entry.line].start + (inline ? node.column : 0)
                } else {
                    let floorOffset = floor >= 0 ? lines[floor].next : ownership.documentStart
                    start = ownership.leadingStart(of: lines[entry.line].start, floor: floorOffset, in: document)
                    // An inline list's entries stand at its column; the
                    // blanks before a comment line that are deeper are the
                    // entry's.
                    if inline { start += node.column }
                }
                ranges.append(start..<lines[lastLines[number]].end)
                floor = lastLines[number]
            }
            let firstLine = lines[node.line]
            let entryStart = node.inlineStart ?? firstLine.contentStart
            let indentation = inline ? [] : Array(source[firstLine.start..<firstLine.contentStart])
            if node.kind == .blockSequence {
                var p = entryStart + 1
                while p < firstLine.end && source[p] == 0x20 { p += 1 }
                newEntryPrefix = indentation + Array(source[entryStart..<min(p, firstLine.end)]) + (p >= firstLine.end ? [0x20] : [])
            } else {
                newEntryPrefix = indentation
            }
            newFlowSeparator = .bytes(inline ? lineBreak + [UInt8](repeating: 0x20, count: node.column) : lineBreak)
        case .flowSequence, .flowMapping:
            headFloorLine = -1
            entries = []
            lastLines = []
            ranges = document.flowItems(of: node).items
            newEntryPrefix = []
            if ranges.count >= 2 {
                newFlowSeparator = .source(ranges[ranges.count - 2].upperBound..<ranges[ranges.count - 1].lowerBound)
            } else {
                newFlowSeparator = .bytes([UInt8(ascii: ","), 0x20])
            }
        case .scalar, .empty:
            throw YAMLError.notAList(pointer: pointer, found: node.kind == .empty ? "null" : "a scalar",
                                     offset: node.kind != .empty ? node.range.lowerBound
                                         // An empty stream (or a byte-order mark alone) has no line.
                                         : lines.indices.contains(node.ownerLine) ? lines[node.ownerLine].contentStart
                                         : lines.first?.contentStart ?? 0)
        }
        self.ranges = ranges
        if node.kind == .blockSequence || node.kind == .blockMapping {
            try YAMLLayout.checkBlankLines(between: ranges, document)
            scalarEnds = YAMLLayout.scalarEnds(of: entries, lastLines: lastLines, ranges, document)
        } else {
            try YAMLLayout.refuseCollectionKeys(ranges, mapping: node.kind == .flowMapping, document)
            scalarEnds = []
        }
        // A block scalar that keeps its trailing blank lines: they lie
        // between the entries, where they belong to positions.
        if let first = ranges.first, let last = ranges.last,
           let keep = document.lines.blockScalars.first(where: {
               $0.chomping == UInt8(ascii: "+") && $0.offset >= first.lowerBound && $0.offset < last.upperBound }) {
            throw YAMLError.cannotDelimit(what: "a block scalar that keeps its trailing blank lines ('|+', '>+')", offset: keep.offset)
        }
        // Anchors and aliases, outside quotes, comments and block scalars.
        // (Most lists hold neither: one search each tells.)
        let itemsRegion = (ranges.first?.lowerBound ?? 0)..<(ranges.last?.upperBound ?? 0)
        func eachItemsNames(_ marker: UInt8) -> [[String]] {
            guard firstIndex(of: marker, in: document.source, from: itemsRegion.lowerBound, to: itemsRegion.upperBound) != nil else {
                return [[String]](repeating: [], count: ranges.count)
            }
            return ranges.map { YAMLLayout.names(in: $0, marker: marker, document) }
        }
        anchors = eachItemsNames(UInt8(ascii: "&"))
        aliases = eachItemsNames(UInt8(ascii: "*"))
        let documentStart = lines[document.documentLines.lowerBound].start
        let documentEnd = document.documentLines.isEmpty ? source.count : lines[document.documentLines.upperBound - 1].next
        anchorsBefore = Set(YAMLLayout.names(in: documentStart..<(ranges.first?.lowerBound ?? documentStart),
                                             marker: UInt8(ascii: "&"), document))
        aliasesAfter = YAMLLayout.names(in: (ranges.last?.upperBound ?? documentEnd)..<documentEnd,
                                        marker: UInt8(ascii: "*"), document)
    }

    /// A tab on a blank line between entries is read differently at
    /// different places (after a block scalar it can be its content), so
    /// the reader refuses it. (Blank lines that hold spaces, and comments,
    /// are checked where an edit puts them after a block scalar: see
    /// `checkBlockScalars`.)
    /// After the last entry, blank lines that its block scalar reads are
    /// checked too: such a line would stay behind where the entry goes.
    static func checkBlankLines(between ranges: [Range<Int>], _ document: YAMLDocument) throws {
        guard !ranges.isEmpty else { return }
        let lines = document.line
        // The entries' ends come in order: each line found from the last.
        var end = document.lineIndex(of: ranges[0].upperBound)
        for position in 0..<ranges.count {
            end = document.lineIndex(of: ranges[position].upperBound, from: end)
            var index = end + 1
            let isLast = position == ranges.count - 1
            while index < lines.count && (isLast ? lines[index].kind == .scalarBody && document.isBlank(lines[index])
                                                 : lines[index].start < ranges[position + 1].lowerBound) {
                let l = lines[index]
                if document.isBlank(l) && document.source[l.start..<l.end].contains(0x09) {
                    throw YAMLError.cannotDelimit(what: "a blank line holding a tab between entries", offset: l.start)
                }
                index += 1
            }
        }
    }

    /// A flow collection as a key (`[[a, b]: 1]`, `{[a]: 1}`) is a complex
    /// key, refused as it is in a block mapping.
    static func refuseCollectionKeys(_ items: [Range<Int>], mapping: Bool, _ document: YAMLDocument) throws {
        for item in items {
            let first = document.source[item.lowerBound]
            guard first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else { continue }
            let end = try document.flowEnd(from: item.lowerBound)
            if mapping || end < item.upperBound {
                throw YAMLError.cannotDelimit(what: "a flow collection used as a key", offset: item.lowerBound)
            }
        }
    }

    static func lineBreak(of source: UnsafeRawBufferPointer) -> [UInt8] { documentLineBreak(source) }

    /// The names after `marker` (`&` anchors, `*` aliases) where a node may
    /// start in `range`: outside quotes, comments and block scalar bodies.
    static func names(in range: Range<Int>, marker: UInt8, _ document: YAMLDocument) -> [String] {
        let source = document.source
        // Most entries hold no marker at all: nothing to look for.
        guard firstIndex(of: marker, in: source, from: range.lowerBound, to: range.upperBound) != nil else { return [] }
        var names: [String] = []
        var p = range.lowerBound
        var quote: UInt8? = nil
        while p < range.upperBound {
            let byte = source[p]
            if let open = quote {
                if open == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") { p += 2; continue }
                if byte == open { quote = nil }
                p += 1
                continue
            }
            let before: UInt8 = p > 0 ? source[p - 1] : 0x0A
            let atNodeStart: Bool
            switch before {
            case 0x20, 0x09, 0x0A, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","): atNodeStart = true
            default: atNodeStart = false
            }
            if byte == 0x0A {
                // Skip the body lines of block scalars.
                let index = document.lineIndex(of: p + 1)
                if p + 1 < source.count, document.line[index].kind == .scalarBody {
                    p = document.line[index].next - 1
                }
            } else if byte == UInt8(ascii: "#") && atNodeStart {
                while p < range.upperBound && source[p] != 0x0A { p += 1 }
                continue
            } else if (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) && atNodeStart
                        && YAMLLines.quoteOpens(source, at: p, from: range.lowerBound, inFlow: false)
                        && !document.line[document.lineIndex(of: p)].continuesPlain {
                quote = byte
            } else if byte == marker && atNodeStart {
                var q = p + 1
                scan: while q < range.upperBound {
                    switch source[q] {
                    case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "["):
                        break scan
                    default: q += 1
                    }
                }
                if q > p + 1 { names.append(String(decoding: source[p + 1..<q], as: UTF8.self)) }
                p = q
                continue
            }
            p += 1
        }
        return names
    }

    public var count: Int { ranges.count }

    public func itemRange(_ index: Int) -> Range<Int> { ranges[index] }

    // MARK: - Positions

    public func head(resultCount: Int) -> [Piece] {
        // An empty flow collection nobody filled keeps its bytes (`[ ]`).
        if ranges.isEmpty { return [.source(0..<(resultCount == 0 ? node.range.upperBound - 1 : node.range.lowerBound + 1))] }
        if resultCount == 0 {
            switch node.kind {
            case .flowSequence, .flowMapping:
                return [.source(0..<node.range.lowerBound + 1)]
            default:
                let empty: [UInt8] = isMapping ? Array("{}".utf8) : Array("[]".utf8)
                if let afterColon = node.afterColon {
                    // After the value's anchor and tag (`key: &x !!map`),
                    // which come first.
                    let keyLineEnd = document.line[node.ownerLine].end
                    var at = afterColon, p = afterColon
                    while p < keyLineEnd {
                        while p < keyLineEnd && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
                        guard p < keyLineEnd, source[p] == UInt8(ascii: "&") || source[p] == UInt8(ascii: "!") else { break }
                        while p < keyLineEnd && source[p] != 0x20 && source[p] != 0x09 { p += 1 }
                        at = p
                    }
                    return [.source(0..<at), .bytes([0x20] + empty), .source(at..<keyLineEnd)]
                }
                return [.source(0..<ranges[0].lowerBound), .bytes(empty)]
            }
        }
        return [.source(0..<ranges[0].lowerBound)]
    }

    public func separator(afterPosition position: Int, resultCount: Int) -> Piece {
        if position + 1 < ranges.count { return .source(ranges[position].upperBound..<ranges[position + 1].lowerBound) }
        return newFlowSeparator
    }

    public func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] {
        if ranges.isEmpty { return [.source(node.range.upperBound - 1..<source.count)] }
        if resultCount == 0, !isBlock { return [.source(node.range.upperBound - 1..<source.count)] }
        var pieces: [Piece] = []
        if isBlock && resultCount > 0 && resultCount < ranges.count {
            // Positions that go: their comments stay, after the last entry.
            for position in resultCount - 1..<ranges.count - 1 {
                let between = ranges[position].upperBound..<ranges[position + 1].lowerBound
                if let kept = CommentOwnership.keptComments(of: between, in: document) { pieces.append(.source(kept)) }
            }
        }
        return pieces + [.source(ranges[ranges.count - 1].upperBound..<source.count)]
    }

    /// Refuses an edit after which the document would load to something
    /// else: an alias before its anchor, or an anchor an alias needs gone;
    /// a block list emptied where nothing can say it is empty.
    public func check(_ arrangement: Arrangement) throws {
        try NestedSort.check(self, arrangement)
        var order: [Int] = []
        for run in arrangement.runs where !run.isNewItem { order.append(contentsOf: run.start..<run.end) }
        if arrangement.count == 0 && isBlock && node.afterColon == nil && node.ownerLine >= 0 && node.ownerLine != node.line {
            throw YAMLError.cannotDelimit(what: "an emptied list with no key to write '[]' after", offset: ranges[0].lowerBound)
        }
        try checkByteOrderMark(arrangement)
        try checkBlockScalars(arrangement)
        guard anchors.contains(where: { !$0.isEmpty }) else { return }
        var defined = anchorsBefore
        for index in order {
            for name in aliases[index] where !defined.contains(name) && anchors.contains(where: { $0.contains(name) }) {
                // Defined in this very item before its use is fine.
                if anchors[index].contains(name) { continue }
                throw YAMLError.aliasBeforeAnchor(name: name)
            }
            defined.formUnion(anchors[index])
        }
        for name in aliasesAfter where !defined.contains(name) && anchors.contains(where: { $0.contains(name) }) {
            throw YAMLError.aliasBeforeAnchor(name: name)
        }
    }
}

extension YAMLLayout {
    /// Read with comment headings, a block list's heading before entry
    /// `index`: among the comment and blank lines directly above it (after
    /// the entry before; for the first, after its owner's line), the last
    /// comment line at the entries' column or shallower, else the last one
    /// deeper. Every comment line there stays on its line whatever moves,
    /// so one at any column is a boundary no entry crosses in a sort. The
    /// comment's bytes from `#` to the end of its text.
    public func groupHeading(before index: Int) -> Range<Int>? {
        guard commentHeadings, isBlock, index >= 0, index < entries.count else { return nil }
        let lines = document.line
        let floor = index == 0 ? headFloorLine : lastLines[index - 1]
        var line = entries[index].line - 1
        var deeper: Range<Int>? = nil
        while line > floor && line >= 0 {
            let l = lines[line]
            if l.kind == .comment {
                let comment = l.contentStart..<l.end
                if l.contentStart - l.start <= node.column { return comment }
                if deeper == nil { deeper = comment }
            } else if l.kind != .blank {
                break
            }
            line -= 1
        }
        return deeper
    }
}

extension YAMLLayout {
    /// Read with comment headings, each entry's last line: after its last
    /// line with content, the comment lines deeper than the entries'
    /// `column` (blank lines between them too) up to the first line at the
    /// entries' column or shallower, or with content; the last of them, or
    /// the entry's last line with content when none follows it. By its
    /// indentation such a comment is inside the entry's value (a
    /// commented-out key of it), a blank line or not before it: it goes
    /// where the entry goes, and heads no group.
    static func deepTails(of entries: [YAMLEntry], column: Int, _ document: YAMLDocument) -> [Int] {
        let lines = document.line
        let end = document.documentLines.upperBound
        return entries.map { entry in
            var last = entry.lastLine
            var index = last + 1
            while index < end {
                let l = lines[index]
                if l.kind == .comment {
                    guard l.contentStart - l.start > column else { break }
                    last = index
                } else if !document.isBlank(l) || (l.kind != .blank && l.kind != .scalarBody) {
                    break
                }
                index += 1
            }
            return last
        }
    }
}
