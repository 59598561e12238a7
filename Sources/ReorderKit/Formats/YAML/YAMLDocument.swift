/// The YAML format's errors, each a `FormatError` (`offset` is a byte
/// offset into the document); the kinds every format has come from
/// `FormatErrors`, YAML's own are here.
public enum YAMLError: FormatErrors {
    public static var format: ListFormat { .yaml }

    public static func severalDocuments(count: Int) -> FormatError {
        FormatError(format, .severalDocuments(count: count))
    }

    public static func noSuchDocument(index: Int, count: Int) -> FormatError {
        FormatError(format, .noSuchDocument(index: index, count: count))
    }

    public static func aliasBeforeAnchor(name: String) -> FormatError {
        FormatError(format, .aliasBeforeAnchor(name: name))
    }

    public static func mergeKey(pointer: String, offset: Int, mergeList: Bool) -> FormatError {
        FormatError(format, .mergeKey(pointer: pointer, mergeList: mergeList), offset: offset)
    }

    /// The stream is not YAML 1.2: `reason` says why, at `offset` (see
    /// `YAMLValidation`).
    public static func invalid(reason: String, offset: Int) -> FormatError {
        FormatError(format, .invalid(problem: reason), offset: offset)
    }

    public static func wouldChangeData(what: String, offset: Int) -> FormatError {
        FormatError(format, .wouldChangeData(what: what), offset: offset)
    }
}

/// A YAML node the reader found: where it is and what kind.
struct YAMLNode {
    enum Kind: Equatable { case blockSequence, blockMapping, flowSequence, flowMapping, scalar, empty }
    let kind: Kind
    /// Block collections: the index of the line of the first entry, and the
    /// column of its entries.
    var line = 0
    var column = 0
    /// Block collections: where the first entry starts when it does not
    /// start its line (`- name: x`, the mapping after the dash).
    var inlineStart: Int? = nil
    /// Flow collections and scalars: their bytes.
    var range: Range<Int> = 0..<0
    /// Block collections that are a mapping value: the offset just after
    /// the key's `:`, where ` []` goes when the last entry is deleted.
    var afterColon: Int? = nil
    /// The line that holds the key or dash the node belongs to (-1: root).
    var ownerLine = -1
    /// Block mappings: the first entry's key, as `key(at:lineEnd:)` found
    /// it where the entry starts.
    var firstKey: (range: Range<Int>, colon: Int)? = nil
}

/// One entry of a block collection.
struct YAMLEntry {
    /// The entry's first line, and its last line that holds content.
    let line: Int
    let lastLine: Int
    /// Where the entry starts (its `- ` or its key).
    let start: Int
}

/// A YAML stream read as far as `reorder` needs: the document chosen, the
/// nodes on a pointer's path, the entries of a block collection, the
/// items of a flow collection.
struct YAMLDocument {
    let source: UnsafeRawBufferPointer
    let lines: YAMLLines
    /// The chosen document's lines.
    let documentLines: Range<Int>
    /// The validation still running on a lent thread (see `init`), or nil.
    let pendingValidation: PendingValidation?

    /// A stream this long or longer is validated on a lent thread, beside
    /// the rest of the read (a thread costs about 0.1 ms to start).
    static let twoThreadBytes = 1 << 20

    /// `validating`: check first that the whole stream is YAML (see
    /// `YAMLValidation`); a file is, a value read on its own (an item, a
    /// value to insert, which may name anchors elsewhere) is not.
    ///
    /// With `lender` and a long stream, the validation runs on the lent
    /// thread and this returns before it ends: the caller reads on inside
    /// `afterValidation`, which waits for it before it returns or throws
    /// (an error of the validation comes first, as it does when the
    /// validation runs here). What is read meanwhile is read as a value on
    /// its own is, without the validation's promise.
    ///
    /// `lines`: the stream's lines, when another read of the same bytes
    /// found them already.
    init(_ source: UnsafeRawBufferPointer, document: Int?, validating: Bool = false, lender: ThreadLender? = nil,
         lines known: YAMLLines? = nil) throws {
        self.source = source
        let bom = source.count >= 3 && source[0] == 0xEF && source[1] == 0xBB && source[2] == 0xBF ? 3 : 0
        lines = known ?? YAMLLines(source, from: bom)
        var pending: PendingValidation? = nil
        if validating, let lender, source.count >= YAMLDocument.twoThreadBytes {
            // The same checks in the same order: the characters, then (with
            // no construct the lines refuse) the structure.
            // SAFETY: the lent thread only reads the source and the lines; `finish()` waits for it before the document is used.
            let work = UncheckedSendable((source, lines))
            pending = PendingValidation(lender) {
                let (source, lines) = work.value
                try YAMLValidation.checkCharacters(source, from: bom)
                if lines.unsupported == nil { try YAMLValidation.validate(source, lines: lines) }
            }
        } else if validating {
            try YAMLValidation.checkCharacters(source, from: bom)
        }
        pendingValidation = pending
        // `error`, unless the validation running beside failed first.
        func failing(_ error: FormatError) throws -> Never {
            try pending?.finish()
            throw error
        }
        if let (what, offset) = lines.unsupported {
            switch what {
            case .tabIndentation: try failing(YAMLError.cannotDelimit(what: "a tab used as indentation", offset: offset))
            case .complexKey: try failing(YAMLError.cannotDelimit(what: "a complex key ('? ')", offset: offset))
            case .loneCarriageReturn:
                try failing(YAMLError.cannotDelimit(what: "a carriage return without a line feed (a line break in YAML; "
                                                    + "make the file's line breaks LF or CR LF)", offset: offset))
            }
        }
        if validating && pending == nil { try YAMLValidation.validate(source, lines: lines) }
        // Documents: a `---` starts one, a `...` ends one; directives go
        // with the document after them. A part with no content and no `---`
        // is no document (unless the stream has none at all).
        var parts: [Range<Int>] = []
        var partStart = 0
        var hasContent = false
        var explicit = false
        let all = lines.lines
        func closePart(at end: Int) {
            if hasContent || explicit { parts.append(partStart..<end) }
        }
        for (index, line) in all.enumerated() {
            switch line.kind {
            case .documentMarker:
                closePart(at: index)
                if source[line.start] == UInt8(ascii: "-") {
                    partStart = index
                    explicit = true
                    hasContent = YAMLDocument.hasText(source, line.start + 3, line.end)
                } else {
                    partStart = index + 1
                    explicit = false
                    hasContent = false
                }
            case .content, .continuation, .scalarBody:
                hasContent = true
            default:
                break
            }
        }
        closePart(at: all.count)
        if parts.isEmpty { parts.append(0..<all.count) }
        if let document {
            let resolved = document < 0 ? parts.count + document : document
            guard resolved >= 0 && resolved < parts.count else {
                try failing(YAMLError.noSuchDocument(index: document, count: parts.count))
            }
            documentLines = parts[resolved]
        } else {
            guard parts.count == 1 else { try failing(YAMLError.severalDocuments(count: parts.count)) }
            documentLines = parts[0]
        }
    }

    /// Waits for the validation running beside (if any) and throws its
    /// error; then `body`'s result or error. What `body` reads before the
    /// validation ends is read without its promise, as a value on its own
    /// is: its error counts only for a valid stream.
    func afterValidation<R>(_ body: () throws -> R) throws -> R {
        let result: Result<R, Error> = Result { try body() }
        try pendingValidation?.finish()
        return try result.get()
    }

    /// Whether `start..<end` holds anything but blanks and a comment.
    static func hasText(_ source: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        var p = start
        while p < end && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
        return p < end && source[p] != UInt8(ascii: "#")
    }

    var line: YAMLLines.Table { lines.lines }

    /// Whether a line holds only blanks.
    func isBlank(_ l: YAMLLines.Line) -> Bool {
        var p = l.start
        while p < l.end && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
        return p == l.end
    }

    /// The index of the line that holds `offset`.
    func lineIndex(of offset: Int) -> Int {
        var low = 0, high = line.count
        while low < high {
            let middle = (low + high) / 2
            if line[middle].next <= offset { low = middle + 1 } else { high = middle }
        }
        return min(low, line.count - 1)
    }

    /// `lineIndex(of:)` for an offset at or after the start of line
    /// `hint`: a walk forward from it, for offsets that come in order.
    func lineIndex(of offset: Int, from hint: Int) -> Int {
        var index = hint
        while index < line.count - 1 && line[index].next <= offset { index += 1 }
        return index
    }

    // MARK: - Nodes

    /// The document's root node.
    func root() throws -> YAMLNode {
        for index in documentLines {
            let l = line[index]
            if l.kind == .documentMarker {
                if source[l.start] == UInt8(ascii: "-") && YAMLDocument.hasText(source, l.start + 3, l.end) {
                    var p = l.start + 3
                    while source[p] == 0x20 || source[p] == 0x09 { p += 1 }
                    return try node(at: p, line: index, owner: -1)
                }
                continue
            }
            if l.kind == .content { return try node(at: l.contentStart, line: index, owner: -1) }
        }
        return YAMLNode(kind: .empty)
    }

    /// The node that starts at `offset` on line `index` (after a key's `:`
    /// or an entry's `- `, or at the start of a line), owned by an entry or
    /// key at column `owner`.
    func node(at offset: Int, line index: Int, owner: Int, afterColon: Int? = nil) throws -> YAMLNode {
        let l = line[index]
        // A key, with or without anchors and tags before it (they are the
        // key's): a mapping that starts here.
        if let firstKey = key(at: offset, line: index) {
            return YAMLNode(kind: .blockMapping, line: index, column: offset - l.start,
                            inlineStart: offset == l.contentStart ? nil : offset, afterColon: afterColon, ownerLine: index,
                            firstKey: firstKey)
        }
        var p = offset
        // Anchors and tags before the node.
        while p < l.end && (source[p] == UInt8(ascii: "&") || source[p] == UInt8(ascii: "!")) {
            while p < l.end && source[p] != 0x20 && source[p] != 0x09 { p += 1 }
            while p < l.end && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
        }
        if p >= l.end || source[p] == UInt8(ascii: "#") {
            // The node is on the lines below.
            return try blockNode(below: index, owner: owner, afterColon: afterColon)
        }
        let column = p - l.start
        let byte = source[p]
        if byte == UInt8(ascii: "-") && YAMLLines.isSpaceOrEnd(source, p + 1, l.end) {
            return YAMLNode(kind: .blockSequence, line: index, column: column,
                            inlineStart: p == l.contentStart ? nil : p, afterColon: afterColon, ownerLine: index)
        }
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
            let end = try flowEnd(from: p)
            // A flow collection that is a key (`[a]: b`) is not supported.
            let after = lineIndex(of: end - 1)
            var q = end
            while q < line[after].end && (source[q] == 0x20 || source[q] == 0x09) { q += 1 }
            if q < line[after].end && source[q] == UInt8(ascii: ":") {
                throw YAMLError.cannotDelimit(what: "a flow collection used as a key", offset: p)
            }
            return YAMLNode(kind: byte == UInt8(ascii: "[") ? .flowSequence : .flowMapping, range: p..<end, ownerLine: index)
        }
        // (No key at `p`: `key(at:lineEnd:)` skips the same anchors and
        // tags, and found none at `offset`.)
        return YAMLNode(kind: .scalar, range: p..<scalarEnd(from: p, line: index, owner: owner), ownerLine: index)
    }

    /// The block node on the lines after line `index`: more indented than
    /// `owner`, or a sequence at `owner`'s column under a mapping key.
    private func blockNode(below index: Int, owner: Int, afterColon: Int?) throws -> YAMLNode {
        var next = index + 1
        while next < documentLines.upperBound {
            let l = line[next]
            switch l.kind {
            case .blank, .comment:
                next += 1
                continue
            case .content:
                let isDash = source[l.contentStart] == UInt8(ascii: "-") && YAMLLines.isSpaceOrEnd(source, l.contentStart + 1, l.end)
                if l.indent > owner || (l.indent == owner && isDash && afterColon != nil) {
                    var below = try node(at: l.contentStart, line: next, owner: owner, afterColon: afterColon)
                    below.ownerLine = index
                    return below
                }
                return YAMLNode(kind: .empty, ownerLine: index)
            default:
                return YAMLNode(kind: .empty, ownerLine: index)
            }
        }
        return YAMLNode(kind: .empty, ownerLine: index)
    }

    /// A mapping key at `offset`: its range (quotes included) and where
    /// its `:` is; nil when the text there is no `key:`.
    func key(at start: Int, lineEnd: Int) -> (range: Range<Int>, colon: Int)? {
        YAMLDocument.key(in: source, at: start, lineEnd: lineEnd)
    }

    /// `key(at:lineEnd:)` at `start` on line `index`, up to its end: as
    /// the walk over the lines read it there (most keys), or read.
    @inline(__always)
    func key(at start: Int, line index: Int) -> Key? {
        let l = line[index]
        if let read = l.plainKey(at: start, in: source) { return read }
        return YAMLDocument.key(in: source, at: start, lineEnd: l.end)
    }

    /// `key(at:lineEnd:)` in any bytes.
    static func key(in source: UnsafeRawBufferPointer, at start: Int, lineEnd: Int) -> (range: Range<Int>, colon: Int)? {
        var offset = start
        // Anchors and tags before a key are the key's.
        while offset < lineEnd && (source[offset] == UInt8(ascii: "&") || source[offset] == UInt8(ascii: "!")) {
            while offset < lineEnd && source[offset] != 0x20 && source[offset] != 0x09 { offset += 1 }
            while offset < lineEnd && (source[offset] == 0x20 || source[offset] == 0x09) { offset += 1 }
        }
        guard offset < lineEnd else { return nil }
        // `- ` starts a sequence entry, `? ` a complex key: no plain key.
        if (source[offset] == UInt8(ascii: "-") || source[offset] == UInt8(ascii: "?"))
            && YAMLLines.isSpaceOrEnd(source, offset + 1, lineEnd) {
            return nil
        }
        var p = offset
        let first = source[p]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            p += 1
            while p < lineEnd {
                if first == UInt8(ascii: "\"") && source[p] == UInt8(ascii: "\\") { p += 2; continue }
                if source[p] == first {
                    if first == UInt8(ascii: "'") && p + 1 < lineEnd && source[p + 1] == first { p += 2; continue }
                    break
                }
                p += 1
            }
            guard p < lineEnd else { return nil }
            let keyEnd = p + 1
            var q = keyEnd
            while q < lineEnd && (source[q] == 0x20 || source[q] == 0x09) { q += 1 }
            guard q < lineEnd, source[q] == UInt8(ascii: ":"), YAMLLines.isSpaceOrEnd(source, q + 1, lineEnd) else { return nil }
            return (offset..<keyEnd, q)
        }
        // A plain key: no indicator first; up to `: ` or `:` at the end.
        // (Quotes were taken above; anchors and tags are the key's.)
        if YAMLLines.isIndicator(first) { return nil }
        while p < lineEnd {
            // Only a `:` or a `#` can end it.
            p = YAMLLines.colonOrHash(source, from: p, to: lineEnd)
            guard p < lineEnd else { break }
            if source[p] == UInt8(ascii: ":") && YAMLLines.isSpaceOrEnd(source, p + 1, lineEnd) {
                var keyEnd = p
                while keyEnd > offset && (source[keyEnd - 1] == 0x20 || source[keyEnd - 1] == 0x09) { keyEnd -= 1 }
                return keyEnd > offset ? (offset..<keyEnd, p) : nil
            }
            if source[p] == UInt8(ascii: "#") && (source[p - 1] == 0x20 || source[p - 1] == 0x09) { return nil }
            p += 1
        }
        return nil
    }

    /// Where the flow collection that opens at `start` closes (just after
    /// its bracket), across lines; comments inside it are not supported.
    func flowEnd(from start: Int) throws -> Int {
        var depth = 0
        var p = start
        var quote: UInt8? = nil
        while p < source.count {
            let byte = source[p]
            if let open = quote {
                if open == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") { p += 2; continue }
                if byte == open {
                    if open == UInt8(ascii: "'") && p + 1 < source.count && source[p + 1] == open { p += 2; continue }
                    quote = nil
                }
                p += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                // A quote starts a scalar only where a node starts.
                if YAMLLines.quoteOpens(source, at: p, from: start + 1, inFlow: true) { quote = byte }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return p + 1 }
            case UInt8(ascii: "#") where p > start && (source[p - 1] == 0x20 || source[p - 1] == 0x09 || source[p - 1] == 0x0A):
                throw YAMLError.cannotDelimit(what: "a comment inside a flow collection", offset: p)
            default:
                break
            }
            p += 1
        }
        throw YAMLError.cannotDelimit(what: "a flow collection that is not closed", offset: start)
    }

    /// Where a scalar that starts at `offset` on line `index` ends: the end
    /// of the line's text before a comment, or, for a block scalar or a
    /// scalar that goes on, its last line.
    func scalarEnd(from offset: Int, line index: Int, owner: Int) -> Int {
        var last = index
        var next = index + 1
        while next < documentLines.upperBound {
            let l = line[next]
            if l.kind == .scalarBody || l.kind == .continuation || (l.kind == .content && l.indent > owner
                && !(source[l.contentStart] == UInt8(ascii: "-") && YAMLLines.isSpaceOrEnd(source, l.contentStart + 1, l.end))
                && key(at: l.contentStart, line: next) == nil) {
                if l.kind != .scalarBody || !isBlank(l) { last = next }
                next += 1
                continue
            }
            if l.kind == .blank { next += 1; continue }
            break
        }
        if last > index { return line[last].end }
        // One line: up to a comment, without trailing blanks.
        let l = line[index]
        var end = l.end
        var p = offset
        var quote: UInt8? = nil
        let first = source[offset]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { quote = first; p += 1 }
        while p < l.end {
            let byte = source[p]
            if let open = quote {
                if open == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") { p += 2; continue }
                if byte == open {
                    if open == UInt8(ascii: "'") && p + 1 < l.end && source[p + 1] == open { p += 2; continue }
                    quote = nil
                }
                p += 1
                continue
            }
            // Outside quotes only a `#` after a blank ends it.
            guard let hash = firstIndex(of: UInt8(ascii: "#"), in: source, from: p, to: l.end) else { break }
            if source[hash - 1] == 0x20 || source[hash - 1] == 0x09 {
                end = hash
                break
            }
            p = hash + 1
        }
        while end > offset && (source[end - 1] == 0x20 || source[end - 1] == 0x09) { end -= 1 }
        return end
    }

    // MARK: - Entries

    /// The entries of a block sequence or mapping.
    func entries(of node: YAMLNode) throws -> [YAMLEntry] {
        var entries: [YAMLEntry] = []
        try forEachEntry(of: node) { entry, _ in entries.append(entry) }
        return entries
    }

    /// A mapping key as `key(at:lineEnd:)` finds it.
    typealias Key = (range: Range<Int>, colon: Int)

    /// Calls `body` with each entry of a block sequence or mapping, in
    /// order, and (for a mapping entry, always) its key; throws where
    /// `entries(of:)` throws, after the entries before.
    func forEachEntry(of node: YAMLNode, _ body: (YAMLEntry, Key?) throws -> Void) throws {
        let column = node.column
        let isSequence = node.kind == .blockSequence
        let firstStart = node.inlineStart ?? line[node.line].contentStart
        var current: (line: Int, start: Int, last: Int)? = (node.line, firstStart, node.line)
        // (The first entry's key was read where the node was found.)
        var currentKey: Key? = node.kind == .blockMapping ? node.firstKey ?? key(at: firstStart, line: node.line) : nil
        func close() throws {
            if let open = current { try body(YAMLEntry(line: open.line, lastLine: open.last, start: open.start), currentKey) }
            current = nil
        }
        var index = node.line + 1
        // The first entry's own lines may end on its first line.
        while index < documentLines.upperBound {
            let l = line[index]
            switch l.kind {
            case .blank, .comment:
                index += 1
                continue
            case .documentMarker, .directive:
                try close()
                return
            case .scalarBody, .continuation:
                if !isBlank(l) || l.kind == .continuation { current?.last = index }
                index += 1
                continue
            case .content:
                break
            }
            if l.indent > column {
                current?.last = index
                index += 1
                continue
            }
            if l.indent < column { break }
            let isDash = source[l.contentStart] == UInt8(ascii: "-") && YAMLLines.isSpaceOrEnd(source, l.contentStart + 1, l.end)
            if isSequence {
                guard isDash else { break }
                try close()
                current = (index, l.contentStart, index)
            } else if isDash {
                // A sequence at the key's column is that key's value.
                guard let open = current, entryValueIsBelow(open.start, line: open.line) else {
                    throw YAMLError.cannotDelimit(what: "a '- ' entry at the column of a mapping's keys", offset: l.contentStart)
                }
                current?.last = index
            } else {
                guard let key = key(at: l.contentStart, line: index) else {
                    throw YAMLError.cannotDelimit(what: "a line at a mapping's column that is no 'key:'", offset: l.contentStart)
                }
                try close()
                current = (index, l.contentStart, index)
                currentKey = key
            }
            index += 1
        }
        try close()
    }

    /// The last entry of a block mapping whose key is `wanted` (decoded),
    /// and its key's `:`; read as the walk goes, without a list of entries
    /// (and here, not in the layout: a closure there held a copy of the
    /// document for each item).
    func lastEntry(of mapping: YAMLNode, withKey wanted: UnsafeRawBufferPointer) throws -> (entry: YAMLEntry, colon: Int)? {
        var found: (entry: YAMLEntry, colon: Int)? = nil
        // (The walk gives every mapping entry's key; the closure holds no
        // copy of the document.)
        let source = source
        try forEachEntry(of: mapping) { entry, known in
            guard let key = known else { return }
            if YAMLDocument.key(in: source, key.range, is: wanted) { found = (entry, key.colon) }
        }
        return found
    }

    /// Whether the mapping entry whose key starts at `start` has its value
    /// on the lines below (nothing after the `:` but a comment, an anchor or
    /// a tag).
    private func entryValueIsBelow(_ start: Int, line index: Int) -> Bool {
        guard let (_, colon) = key(at: start, line: index) else { return false }
        var p = colon + 1
        let end = line[index].end
        while p < end && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
        while p < end && (source[p] == UInt8(ascii: "&") || source[p] == UInt8(ascii: "!")) {
            while p < end && source[p] != 0x20 && source[p] != 0x09 { p += 1 }
            while p < end && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
        }
        return p >= end || source[p] == UInt8(ascii: "#")
    }

    /// The node an entry holds: after a sequence entry's `- `, or a mapping
    /// entry's value after its `:`.
    func value(of entry: YAMLEntry, in collection: YAMLNode) throws -> YAMLNode {
        let l = line[entry.line]
        if collection.kind == .blockSequence {
            var p = entry.start + 1
            while p < l.end && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
            return try node(at: p, line: entry.line, owner: entry.start - l.start)
        }
        guard let (_, colon) = key(at: entry.start, line: entry.line) else { return YAMLNode(kind: .empty) }
        return try value(of: entry, colon: colon)
    }

    /// The value of the mapping entry whose key's `:` is at `colon`.
    func value(of entry: YAMLEntry, colon: Int) throws -> YAMLNode {
        let l = line[entry.line]
        var p = colon + 1
        while p < l.end && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
        return try node(at: p, line: entry.line, owner: entry.start - l.start, afterColon: colon + 1)
    }

    /// Whether the key `range` (as `key(at:lineEnd:)` finds it) is
    /// `wanted`, decoded; a plain key is its bytes, which are compared
    /// where they stand.
    func key(_ range: Range<Int>, is wanted: UnsafeRawBufferPointer) -> Bool {
        YAMLDocument.key(in: source, range, is: wanted)
    }

    /// `key(_:is:)` in any bytes.
    static func key(in source: UnsafeRawBufferPointer, _ range: Range<Int>, is wanted: UnsafeRawBufferPointer) -> Bool {
        // A plain key stands on one line, ends before its blanks and holds
        // no `#` after a blank: `YAMLScalar.plain` gives its bytes.
        let first = source[range.lowerBound]
        if first != UInt8(ascii: "\"") && first != UInt8(ascii: "'") {
            return range.count == wanted.count
                && (wanted.isEmpty || memoryEqual(source.baseAddress! + range.lowerBound, wanted.baseAddress!, wanted.count))
        }
        // SAFETY: the bytes of `YAMLScalar.decode(source, range)` are only read inside the closure, and no pointer to them leaves it.
        return YAMLScalar.decode(source, range).withUnsafeBytes { $0.elementsEqual(wanted) }
    }

    /// A mapping entry's key, decoded.
    func keyText(of entry: YAMLEntry) -> [UInt8] {
        guard let (range, _) = key(at: entry.start, line: entry.line) else { return [] }
        return YAMLScalar.decode(source, range)
    }

    // MARK: - Flow items

    /// The items of a flow collection: each item's range, without the
    /// blanks around it; `trailingComma` when a comma follows the last.
    func flowItems(of node: YAMLNode) -> (items: [Range<Int>], trailingComma: Bool) {
        var items: [Range<Int>] = []
        let range = node.range
        var p = range.lowerBound + 1
        let end = range.upperBound - 1
        var depth = 0
        var quote: UInt8? = nil
        var itemStart: Int? = nil
        var lastNonBlank = p
        var trailingComma = false
        func finish(at stop: Int) {
            if let start = itemStart { items.append(start..<lastNonBlank) }
            itemStart = nil
        }
        while p < end {
            let byte = source[p]
            if let open = quote {
                if open == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") { p += 2; lastNonBlank = p; continue }
                if byte == open {
                    if open == UInt8(ascii: "'") && p + 1 < end && source[p + 1] == open { p += 2; lastNonBlank = p; continue }
                    quote = nil
                }
                p += 1
                lastNonBlank = p
                continue
            }
            let isBlank = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            if !isBlank && itemStart == nil {
                if byte == UInt8(ascii: ",") && depth == 0 {
                    p += 1
                    continue
                }
                itemStart = p
                trailingComma = false
            }
            switch byte {
            case _ where (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) && (itemStart == p || YAMLLines.quoteOpens(source, at: p, from: range.lowerBound + 1, inFlow: true)):
                quote = byte
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                finish(at: p)
                trailingComma = true
                p += 1
                continue
            default:
                break
            }
            if !isBlank { lastNonBlank = p + 1 }
            p += 1
        }
        if itemStart != nil { finish(at: end); trailingComma = false }
        return (items, trailingComma && !items.isEmpty)
    }
}

/// `YAMLValidation` run on a lent thread: `finish()` waits for it and
/// throws what it threw. (Its error is written on the lent thread before
/// the wait ends, and read only after.)
// SAFETY: the lent thread writes `error` before its wait returns, and `finish()` reads it only after that wait.
final class PendingValidation: @unchecked Sendable {
    private var wait: (@Sendable () -> Void)?
    private var error: Error?

    init(_ lender: ThreadLender, _ work: @escaping @Sendable () throws -> Void) {
        // SAFETY: `self` lives until `finish()`, which waits for the lent thread, or until the work ran here.
        let box = UncheckedSendable(self)
        wait = lender.start { box.value.run(work) }
        // No thread to be had: the work is done here, now.
        if wait == nil { run(work) }
    }

    private func run(_ work: () throws -> Void) {
        do { try work() } catch { self.error = error }
    }

    func finish() throws {
        if let wait {
            self.wait = nil
            wait()
        }
        if let error { throw error }
    }
}
