/// What selectors and `sort` read of YAML entries, and how new entries are
/// checked and written.
extension YAMLLayout {
    /// The node item `index` holds: a sequence entry's or flow element's
    /// value, a mapping entry's value.
    func valueNode(_ index: Int) throws -> YAMLNode {
        if isBlock { return try document.value(of: entries[index], in: node) }
        let range = ranges[index]
        let valueRange = isMapping ? YAMLLayout.flowMemberParts(source, range).value : range
        return try YAMLLayout.flowNode(document, valueRange)
    }

    /// A flow member `key: value` split at its `:`.
    static func flowMemberParts(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> (key: Range<Int>, value: Range<Int>) {
        var quote: UInt8? = nil
        var p = range.lowerBound
        while p < range.upperBound {
            let byte = source[p]
            if let open = quote {
                if open == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") { p += 2; continue }
                if byte == open { quote = nil }
            } else if p == range.lowerBound && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) {
                quote = byte
            } else if byte == UInt8(ascii: ":") && (p + 1 == range.upperBound || [0x20, 0x09, 0x0A, 0x0D].contains(source[p + 1])) {
                var keyEnd = p
                while keyEnd > range.lowerBound && (source[keyEnd - 1] == 0x20 || source[keyEnd - 1] == 0x09) { keyEnd -= 1 }
                var valueStart = p + 1
                while valueStart < range.upperBound && [0x20, 0x09, 0x0A, 0x0D].contains(source[valueStart]) { valueStart += 1 }
                return (range.lowerBound..<keyEnd, valueStart..<range.upperBound)
            }
            p += 1
        }
        return (range, range.upperBound..<range.upperBound)
    }

    /// A node inside a flow collection: a nested collection or a scalar.
    /// A collection that does not end the item is the key of a pair
    /// (`[[a, b]: 1]`): a complex key, refused.
    static func flowNode(_ document: YAMLDocument, _ range: Range<Int>) throws -> YAMLNode {
        guard !range.isEmpty else { return YAMLNode(kind: .empty) }
        let first = document.source[range.lowerBound]
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            guard try document.flowEnd(from: range.lowerBound) == range.upperBound else {
                throw YAMLError.cannotDelimit(what: "a flow collection used as a key", offset: range.lowerBound)
            }
            return YAMLNode(kind: first == UInt8(ascii: "[") ? .flowSequence : .flowMapping, range: range)
        }
        return YAMLNode(kind: .scalar, range: range)
    }

    /// The node at `tokens` below `start`, or nil.
    func descend(_ start: YAMLNode, _ tokens: [String]) throws -> YAMLNode? {
        var current = start
        for token in tokens {
            switch current.kind {
            case .blockMapping:
                let mapping = current
                guard let found = try Self.withBytes(of: token, { try document.lastEntry(of: mapping, withKey: $0) }) else { return nil }
                current = try document.value(of: found.entry, colon: found.colon)
            case .blockSequence:
                let list = try document.entries(of: current)
                guard let index = JSONPointer.arrayIndex(token), index < list.count else { return nil }
                current = try document.value(of: list[index], in: current)
            case .flowMapping, .flowSequence:
                let items = document.flowItems(of: current).items
                if current.kind == .flowMapping {
                    guard let item = items.last(where: {
                        String(decoding: YAMLScalar.decode(source, YAMLLayout.flowMemberParts(source, $0).key), as: UTF8.self) == token
                    }) else { return nil }
                    current = try YAMLLayout.flowNode(document, YAMLLayout.flowMemberParts(source, item).value)
                } else {
                    guard let index = JSONPointer.arrayIndex(token), index < items.count else { return nil }
                    current = try YAMLLayout.flowNode(document, items[index])
                }
            case .scalar, .empty:
                return nil
            }
        }
        return current
    }

    /// `token`'s UTF-8 bytes, without a copy when the string has them in
    /// one piece.
    static func withBytes<R>(of token: String, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        // SAFETY: the UTF-8 view's storage, read only inside the closure.
        if let result = try token.utf8.withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        // SAFETY: the bytes of `Array(token.utf8)` are only read inside the closure, and no pointer to them leaves it.
        return try Array(token.utf8).withUnsafeBytes(body)
    }

    /// Where `comparedText(node)` stands in the source as it is: a plain
    /// scalar on one line without a `#`, a quoted one on one line without
    /// an escape (its text between the quotes), a flow collection; nil
    /// for any other node (one that must be decoded, or has no text).
    func sourceText(_ node: YAMLNode) -> Range<Int>? {
        switch node.kind {
        case .scalar:
            let range = node.range
            guard !range.isEmpty else { return range }
            let first = source[range.lowerBound]
            let last = source[range.upperBound - 1]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                guard range.count >= 2, last == first else { return Self.plainText(source, range) }
                let inner = range.lowerBound + 1..<range.upperBound - 1
                for p in inner {
                    let byte = source[p]
                    if byte == first || byte == 0x0A || byte == 0x0D || (first == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\")) {
                        return nil
                    }
                }
                return inner
            }
            if first == UInt8(ascii: "|") || first == UInt8(ascii: ">") || first == UInt8(ascii: "*") { return nil }
            return Self.plainText(source, range)
        case .flowSequence, .flowMapping:
            return node.range
        case .empty, .blockSequence, .blockMapping:
            return nil
        }
    }

    /// A plain scalar's range when its value is its bytes (as
    /// `YAMLScalar.plain` finds it: one line, no `#`, no blank last).
    static func plainText(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int>? {
        let last = source[range.upperBound - 1]
        guard last != 0x20 && last != 0x09 else { return nil }
        var p = range.lowerBound
        if let base = source.baseAddress {
            // Eight bytes at a time: a byte flagged is looked at.
            while p + 8 <= range.upperBound {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
                if zeroByteFlags(word ^ 0x0A0A_0A0A_0A0A_0A0A) | zeroByteFlags(word ^ 0x0D0D_0D0D_0D0D_0D0D)
                    | zeroByteFlags(word ^ 0x2323_2323_2323_2323) != 0 { break }
                p += 8
            }
        }
        while p < range.upperBound {
            let byte = source[p]
            if byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "#") { return nil }
            p += 1
        }
        return range
    }

    /// The text a node compares by: a scalar's value (a block scalar's
    /// too; an alias's, the value of the scalar at its anchor), else its
    /// text.
    func comparedText(_ node: YAMLNode) -> [UInt8]? {
        switch node.kind {
        case .scalar:
            let first = source[node.range.lowerBound]
            if first == UInt8(ascii: "|") || first == UInt8(ascii: ">") {
                // Its header, found by offset among the document's.
                let headers = document.lines.blockScalars
                var low = 0, high = headers.count
                while low < high {
                    let middle = (low + high) / 2
                    if headers[middle].offset < node.range.lowerBound { low = middle + 1 } else { high = middle }
                }
                let owner = low < headers.count && headers[low].offset == node.range.lowerBound ? headers[low].owner : 0
                let end = node.range.upperBound
                return YAMLScalar.block(source, node.range, owner: owner, lineBreakAfter: end < source.count && (source[end] == 0x0A || source[end] == 0x0D))
            }
            if first == UInt8(ascii: "*"), let anchored = anchoredScalar(named: Array(source[node.range.lowerBound + 1..<node.range.upperBound]),
                                                                         before: node.range.lowerBound) {
                return comparedText(anchored)
            }
            return YAMLScalar.decode(source, node.range)
        case .flowSequence, .flowMapping: return Array(source[node.range])
        case .empty: return nil
        case .blockSequence, .blockMapping: return nil
        }
    }

    /// The scalar node that the last anchor `&name` before `offset` in the
    /// document is on; nil when it is on a collection, or none is found.
    func anchoredScalar(named name: [UInt8], before offset: Int) -> YAMLNode? {
        let lines = document.line
        let marker = [UInt8(ascii: "&")] + name
        var index = document.lineIndex(of: offset)
        while index >= document.documentLines.lowerBound {
            let l = lines[index]
            defer { index -= 1 }
            guard l.kind == .content || l.kind == .documentMarker else { continue }
            // The last `&name` on the line before `offset`, where a node
            // may start.
            var found: Int? = nil
            var p = l.contentStart
            while p + marker.count <= min(l.end, offset) {
                if source[p] == marker[0], p == l.contentStart || [0x20, 0x09].contains(source[p - 1]),
                   source[p..<p + marker.count].elementsEqual(marker),
                   p + marker.count == l.end || [0x20, 0x09].contains(source[p + marker.count]) {
                    found = p
                }
                p += 1
            }
            guard let at = found else { continue }
            var start = at + marker.count
            while start < l.end && (source[start] == 0x20 || source[start] == 0x09) { start += 1 }
            // Tags before the node.
            while start < l.end && source[start] == UInt8(ascii: "!") {
                while start < l.end && source[start] != 0x20 && source[start] != 0x09 { start += 1 }
                while start < l.end && (source[start] == 0x20 || source[start] == 0x09) { start += 1 }
            }
            guard start < l.end, source[start] != UInt8(ascii: "#"), source[start] != UInt8(ascii: "["),
                  source[start] != UInt8(ascii: "{"), source[start] != UInt8(ascii: "*") else { return nil }
            // An anchor before a key is the key's.
            if let key = document.key(at: start, line: index) {
                return YAMLNode(kind: .scalar, range: key.range)
            }
            if source[start] == UInt8(ascii: "-") && YAMLLines.isSpaceOrEnd(source, start + 1, l.end) { return nil }
            return YAMLNode(kind: .scalar, range: start..<document.scalarEnd(from: start, line: index, owner: l.indent))
        }
        return nil
    }

    /// The key of mapping item `index`, decoded.
    func keyText(_ index: Int) -> [UInt8] {
        if isBlock { return document.keyText(of: entries[index]) }
        return YAMLScalar.decode(source, YAMLLayout.flowMemberParts(source, ranges[index]).key)
    }

    /// What item `index` is compared by: a mapping's key, a sequence
    /// entry's scalar; with `key`, the scalar at that pointer inside.
    func compared(_ index: Int, key pointer: JSONPointer?) throws -> [UInt8]? {
        if let pointer {
            guard let found = try descend(try valueNode(index), pointer.tokens) else { return nil }
            return comparedText(found)
        }
        if isMapping { return keyText(index) }
        let value = try valueNode(index)
        if let text = comparedText(value) { return text }
        // A block collection in an entry: its text as it stands.
        return Array(source[ranges[index]])
    }

    /// A value is read from the document's lines and source, which nothing
    /// changes once they are read.
    public var valuesAreReadableOnTwoThreads: Bool { true }

    /// Item `index`'s value: the text it is compared by, a string; where
    /// the source holds it as it is (see `sourceText`), that range.
    public func value(ofItem index: Int, at pointer: JSONPointer?) throws -> ItemValue? {
        if let pointer {
            guard let found = try descend(try valueNode(index), pointer.tokens) else { return nil }
            if let range = sourceText(found) { return .string(.source(range)) }
            return comparedText(found).map { .string(.owned($0)) }
        }
        return try compared(index, key: nil).map { .string(.owned($0)) }
    }

    /// Items given by their bytes: each read as a document of its own.
    public func value(ofItemBytes item: UnsafeRawBufferPointer, at pointer: JSONPointer?) -> ItemValue? {
        var bytes = Array(item)
        if !isBlock { bytes = (isMapping ? Array("{".utf8) : Array("[".utf8)) + bytes + (isMapping ? Array("}".utf8) : Array("]".utf8)) }
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        let text: [UInt8]? = bytes.withUnsafeBytes { buffer in
            guard let document = try? YAMLDocument(buffer, document: nil), let root = try? document.root(),
                  let layout = try? YAMLLayout(document: document, node: root, pointer: ""), layout.count == 1 else { return nil }
            return (try? layout.compared(0, key: pointer)) ?? nil
        }
        return text.map { .string(.owned($0)) }
    }

    /// A mapping by key, a sequence by value; with `key`, by the scalar at
    /// that pointer inside each entry (see `sortedByValue`). With
    /// `options.recursive`, every mapping inside the entries is sorted by
    /// key too (see `NestedSort`).
    public func sortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        if options.recursive { try refuseMergeKeys() }
        return try NestedSort.sortedOrder(self, options, key: key)
    }

    // MARK: - New items

    /// A new entry: VALUE is one YAML flow value on one line (a mapping
    /// entry: `key: value`), or with `asString`, a double-quoted string.
    public func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        var body = value
        while let last = body.last, last == 0x20 || last == 0x09 { body.removeLast() }
        while let first = body.first, first == 0x20 || first == 0x09 { body.removeFirst() }
        if asString {
            guard let encoded = JSONText.encodeString(value) else { throw YAMLError.valueNotUTF8(value: value) }
            if isMapping { throw YAMLError.invalidValue(value: value, reason: "into a mapping, insert 'key: value'; --string makes a sequence entry") }
            return newEntryPrefix + encoded
        }
        func invalid(_ reason: String) -> FormatError { YAMLError.invalidValue(value: value, reason: reason) }
        if body.contains(0x0A) || body.contains(0x0D) { throw invalid("it holds a line break; give one value on one line") }
        if body.isEmpty { throw invalid("it is empty") }
        if isMapping {
            // SAFETY: the bytes of `body` are only read inside the closure, and no pointer to them leaves it.
            let parsed: (key: [UInt8], valueStart: Int)? = body.withUnsafeBytes { buffer in
                guard let document = try? YAMLDocument(buffer, document: nil),
                      let (range, colon) = document.key(at: 0, lineEnd: buffer.count) else { return nil }
                return (YAMLScalar.decode(buffer, range), colon + 1)
            }
            guard let parsed else { throw invalid("a mapping entry is 'key: value'") }
            try checkFlowValue(Array(body[parsed.valueStart...]), allowEmpty: true, invalid)
            for index in 0..<count where keyText(index) == parsed.key {
                throw YAMLError.keyExists(key: String(decoding: parsed.key, as: UTF8.self))
            }
            if !isBlock {
                return body
            }
            return newEntryPrefix + body
        }
        try checkFlowValue(body, allowEmpty: false, invalid)
        if isBlock {
            // SAFETY: the bytes of `body` are only read inside the closure, and no pointer to them leaves it.
            let isKeyLike = body.withUnsafeBytes { buffer -> Bool in
                guard let document = try? YAMLDocument(buffer, document: nil) else { return false }
                return document.key(at: 0, lineEnd: buffer.count) != nil
            }
            if isKeyLike { throw invalid("it reads as a mapping; write it as a flow mapping, '{\(String(decoding: body, as: UTF8.self))}'") }
            return newEntryPrefix + body
        }
        return body
    }

    /// `bytes` is one flow value: it reads as one node on its own line and
    /// closes every quote and bracket it opens.
    private func checkFlowValue(_ bytes: [UInt8], allowEmpty: Bool, _ invalid: (String) -> FormatError) throws {
        var trimmed = bytes
        while let first = trimmed.first, first == 0x20 || first == 0x09 { trimmed.removeFirst() }
        if trimmed.isEmpty {
            if allowEmpty { return }
            throw invalid("it is empty")
        }
        if trimmed.first == UInt8(ascii: "#") { throw invalid("it is a comment") }
        if trimmed.first == UInt8(ascii: "-") && (trimmed.count == 1 || trimmed[1] == 0x20) {
            throw invalid("'- ' would start a nested sequence; write it as a flow sequence, '[...]'")
        }
        if trimmed.first == UInt8(ascii: "|") || trimmed.first == UInt8(ascii: ">") {
            throw invalid("a block scalar needs lines of its own; give a quoted string")
        }
        let line = Array("- ".utf8) + trimmed
        // SAFETY: the bytes of `line` are only read inside the closure, and no pointer to them leaves it.
        let ok = line.withUnsafeBytes { buffer -> Bool in
            let lines = YAMLLines(buffer)
            guard lines.unsupported == nil, !lines.endsOpen, lines.lines.count == 1 else { return false }
            if trimmed.first == UInt8(ascii: "[") || trimmed.first == UInt8(ascii: "{") {
                guard let document = try? YAMLDocument(buffer, document: nil),
                      let end = try? document.flowEnd(from: 2) else { return false }
                return !YAMLDocument.hasText(buffer, end, buffer.count)
            }
            return true
        }
        if !ok { throw invalid("it is not one YAML value: a quote or a bracket is not closed") }
        if !isBlock {
            // In a flow collection a plain value may not hold `,[]{}`.
            let wrapped = [UInt8(ascii: "[")] + trimmed + [UInt8(ascii: "]")]
            // SAFETY: the bytes of `wrapped` are only read inside the closure, and no pointer to them leaves it.
            let items = wrapped.withUnsafeBytes { buffer -> Int in
                guard let document = try? YAMLDocument(buffer, document: nil), let root = try? document.root() else { return 0 }
                return document.flowItems(of: root).items.count
            }
            if items != 1 { throw invalid("in a flow collection it reads as \(items) values; quote it") }
        }
    }
}

extension YAMLLayout {
    /// A one-line entry without its indentation and dash (`- `): what
    /// `insert` takes; nil for an entry of several lines.
    public func valueText(ofItem index: Int) -> [UInt8]? {
        guard isBlock else { return Array(source[ranges[index]]) }
        let entry = entries[index]
        guard entry.line == entry.lastLine else { return nil }
        var start = entry.start
        let end = document.line[entry.line].end
        if node.kind == .blockSequence {
            start += 1
            while start < end && (source[start] == 0x20 || source[start] == 0x09) { start += 1 }
        }
        return Array(source[start..<end])
    }

    /// A mapping on the dash's line (`- uses: x`) is given as the flow
    /// mapping `insert` takes (`{uses: x}`), which means the same only
    /// without flow indicators and comments; a sequence there (`- - a`):
    /// nil.
    public func insertText(ofItem index: Int) -> [UInt8]? {
        guard let text = valueText(ofItem: index) else { return nil }
        guard isBlock, node.kind == .blockSequence else { return text }
        switch (try? valueNode(index))?.kind {
        case .blockMapping?:
            guard !text.contains(where: { [UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                                           UInt8(ascii: "}"), UInt8(ascii: "#")].contains($0) }) else { return nil }
            return [UInt8(ascii: "{")] + text + [UInt8(ascii: "}")]
        case .blockSequence?:
            return nil
        default:
            return text
        }
    }
}


/// `sort --recursive` (see `NestedSort`).
extension YAMLLayout: NestedList {
    func nestedLists(ofItem index: Int) throws -> [any NestedList] {
        let value = try valueNode(index)
        switch value.kind {
        case .blockMapping, .blockSequence, .flowMapping, .flowSequence:
            let list = try YAMLLayout(document: document, node: value, pointer: "")
            try list.refuseMergeKeys()
            return [list]
        case .scalar, .empty:
            return []
        }
    }

    var sortsByKey: Bool { isMapping }

    var itemsRegion: Range<Int>? {
        guard let first = ranges.first, let last = ranges.last else { return nil }
        // A collection that starts on its parent's `- ` line: when its
        // first entry moves down (a comment line above the entry that
        // comes first), the blank after the dash becomes a line break, so
        // the region starts there.
        if let inline = node.inlineStart, first.lowerBound == inline {
            var start = inline
            while start > 0 && (source[start - 1] == 0x20 || source[start - 1] == 0x09) { start -= 1 }
            if start > 0 && source[start - 1] == UInt8(ascii: "-") { return start..<last.upperBound }
        }
        return first.lowerBound..<last.upperBound
    }

    func emit(_ arrangement: Arrangement, _ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try Renderer(layout: planned(arrangement), source: source).write(arrangement, keepingSourceSlices: true) { slices in
            for slice in slices { try emit(slice) }
        }
    }

    func cannotSortInside(at offset: Int) -> Error {
        YAMLError.cannotDelimit(what: "a mapping that sort --recursive cannot sort where it stands", offset: offset)
    }

    /// A mapping with a merge key (`<<`): which keys it has depends on
    /// what the merge brings, so `--recursive` leaves nothing of it to
    /// chance and refuses.
    func refuseMergeKeys() throws {
        guard isMapping else { return }
        for index in 0..<count where keyText(index) == Array("<<".utf8) {
            throw YAMLError.cannotDelimit(what: "a merge key ('<<') in a mapping that sort --recursive would sort",
                                          offset: isBlock ? entries[index].start : ranges[index].lowerBound)
        }
    }

    public func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        if nested.regions.isEmpty {
            try Renderer(layout: planned(arrangement), source: source).write(arrangement, gathered: write)
        } else {
            try NestedSort.write(self, arrangement, gathered: write)
        }
    }

    public func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        nested.regions.isEmpty ? Renderer(layout: planned(arrangement), source: source).outputEqualsSource(arrangement)
            : NestedSort.outputEqualsSource(self, arrangement)
    }
}
