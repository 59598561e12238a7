/// What selectors and `sort` read of TOML items, and how new items are
/// checked and written.
///
/// An item compares by: a table line's or an inline member's key (decoded,
/// dotted segments joined with `.`); an array value's decoded string, or
/// its bytes for other values (numbers without their `_`); with `--key`,
/// the value at that pointer inside the item's value (an array-of-tables
/// element: inside the element).
enum TOMLCompare {
    /// The text a value compares by; nil for a table written with lines.
    static func text(_ target: TOMLTarget, _ source: UnsafeRawBufferPointer) -> KeyBytes? {
        switch target {
        case .scalar(let value):
            if value.kind == .string { return value.decoded }
            guard value.kind == .integer || value.kind == .float, source[value.range].contains(UInt8(ascii: "_")) else {
                return .source(value.range)
            }
            return .owned(source[value.range].filter { $0 != UInt8(ascii: "_") })
        case .array(let list): return .source(list.open..<list.close + 1)
        case .table(let table):
            guard let inline = table.inline else { return nil }
            return .source(inline.open..<inline.close + 1)
        case .tableArray: return nil
        }
    }

    static func descend(_ target: TOMLTarget, _ tokens: some Collection<String>) -> TOMLTarget? {
        var current = target
        for token in tokens {
            guard let next = current.child(token) else { return nil }
            current = next
        }
        return current
    }

    /// `key` where it stands at `start`, when it is written there bare.
    @inline(__always)
    static func bareKey(_ key: String, at start: Int, _ source: UnsafeRawBufferPointer) -> KeyBytes? {
        start < source.count && source[start].isBareKeyByte ? .source(start..<start + key.utf8.count) : nil
    }

    /// A key/value pair with `keys` (from `depth` on: the list's own) and
    /// `value`: its key, or with `pointer`, what lies there in its value.
    /// `keyStart`: where the pair's line starts, when it starts with the
    /// list's own key (a line of the table at depth 0): a bare key of one
    /// segment is then its bytes there.
    static func member(keys: TOMLKeyPath, depth: Int, value: TOMLValue, pointer: JSONPointer?,
                       _ source: UnsafeRawBufferPointer, keyStart: Int? = nil) -> KeyBytes? {
        let own = keys[min(depth, keys.count)...]
        guard let pointer else {
            guard own.count == 1, let key = own.first else { return .owned(Array(own.joined(separator: ".").utf8)) }
            return keyStart.flatMap { bareKey(key, at: $0, source) } ?? .owned(Array(key.utf8))
        }
        // A dotted key's further segments come first in the pointer.
        let inner = own.dropFirst()
        guard pointer.tokens.count >= inner.count, zip(pointer.tokens, inner).allSatisfy({ $0 == $1 }) else { return nil }
        return descend(TOMLTarget(value), pointer.tokens.dropFirst(inner.count)).flatMap { text($0, source) }
    }

    /// `list`'s items in sorted order, nothing inside them. With
    /// `--recursive`, a table's dotted keys (`dottedKeys`, the list's own
    /// segments) compare segment by segment (`a.b` and `a.c` before `a-x`,
    /// as the table `a` sorts before the key `a-x`).
    static func ownOrder(_ list: some FormatLayout, _ options: SortOptions, key: String?,
                         dottedKeys: @autoclosure () -> [[String]]?) throws -> [Int] {
        if options.recursive, key == nil, let keys = dottedKeys() {
            return SortKey.sortedOrder(ofTexts: keys.map { Array($0.joined(separator: "\u{0}").utf8) }, options)
        }
        return try list.sortedByValue(options, key: key)
    }

    /// An item given by its bytes: read as a document of its own, made by
    /// `wrap`, whose list at `listPointer` (or the root) holds the one item.
    static func value(ofItemBytes item: UnsafeRawBufferPointer, wrap: ([UInt8]) -> [UInt8], pointer listPointer: String,
                      compared: (any FormatLayout) -> KeyBytes?) -> ItemValue? {
        let bytes = wrap(Array(item))
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        let text: KeyBytes? = bytes.withUnsafeBytes { buffer in
            guard let layout = try? TOMLFormat.read(buffer, pointer: listPointer), layout.count == 1 else { return nil }
            return compared(layout)?.owned(in: buffer)
        }
        return text.map { .string($0) }
    }

    /// `value` as a TOML basic string, or nil when it is not UTF-8.
    static func basicString(_ value: [UInt8]) -> [UInt8]? {
        guard String(validating: value, as: UTF8.self) != nil else { return nil }
        var result: [UInt8] = [UInt8(ascii: "\"")]
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in value {
            switch byte {
            case UInt8(ascii: "\""): result += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): result += Array("\\\\".utf8)
            case 0x08: result += Array("\\b".utf8)
            case 0x09: result += Array("\\t".utf8)
            case 0x0A: result += Array("\\n".utf8)
            case 0x0C: result += Array("\\f".utf8)
            case 0x0D: result += Array("\\r".utf8)
            case 0x00..<0x20, 0x7F: result += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: result.append(byte)
            }
        }
        result.append(UInt8(ascii: "\""))
        return result
    }

    static func trimmed(_ value: [UInt8]) -> [UInt8] {
        var body = value[...]
        while let first = body.first, first == 0x20 || first == 0x09 { body.removeFirst() }
        while let last = body.last, last == 0x20 || last == 0x09 { body.removeLast() }
        return Array(body)
    }
}

extension TOMLInlineLayout {
    func compared(_ index: Int, key pointer: JSONPointer?) -> KeyBytes? {
        if isTable {
            return TOMLCompare.member(keys: list.memberKeys[index], depth: 0, value: list.values[index], pointer: pointer, source)
        }
        // A string (most arrays): its text, without a copy of the value.
        if pointer == nil && list.values[index].kind == .string { return list.values[index].decoded }
        let value = TOMLTarget(list.values[index])
        guard let pointer else { return TOMLCompare.text(value, source) }
        return TOMLCompare.descend(value, pointer.tokens).flatMap { TOMLCompare.text($0, source) }
    }

    /// Item `index`'s value: the text it is compared by, a string.
    func value(ofItem index: Int, at pointer: JSONPointer?) throws -> ItemValue? {
        compared(index, key: pointer).map { .string($0) }
    }

    func value(ofItemBytes item: UnsafeRawBufferPointer, at pointer: JSONPointer?) -> ItemValue? {
        TOMLCompare.value(
            ofItemBytes: item,
            wrap: { Array((isTable ? "x = {" : "x = [\n").utf8) + $0 + Array((isTable ? "}" : "\n]").utf8) },
            pointer: "/x", compared: { ($0 as? TOMLInlineLayout)?.compared(0, key: pointer) })
    }

    /// With `options.recursive`, the inline tables inside are sorted too
    /// (see `NestedSort`).
    func sortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        try NestedSort.sortedOrder(self, options, key: key)
    }

    func ownSortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        try TOMLCompare.ownOrder(self, options, key: key, dottedKeys: isTable ? list.memberKeys.map { Array($0) } : nil)
    }

    /// An array: one TOML value on one line, or with `asString` any text as
    /// a basic string. An inline table: one `key = value` member with a key
    /// it has not.
    func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        func invalid(_ reason: String) -> FormatError { TOMLError.invalidValue(value: value, reason: reason) }
        if asString {
            if isTable { throw invalid("into an inline table, insert 'key = value'; --string makes an array value") }
            guard let string = TOMLCompare.basicString(value) else { throw invalid("it is not UTF-8") }
            return string
        }
        let body = TOMLCompare.trimmed(value)
        if body.isEmpty { throw invalid("it is empty") }
        if body.contains(0x0A) || body.contains(0x0D) { throw invalid("it holds a line break; give one value on one line") }
        let wrapped = Array((isTable ? "x = {" : "x = ").utf8) + body + Array((isTable ? "}" : "").utf8)
        // SAFETY: the bytes of `wrapped` are only read inside the closure, and no pointer to them leaves it.
        try wrapped.withUnsafeBytes { buffer in
            let document: TOMLDocument
            do {
                document = try TOMLDocument(buffer)
            } catch let error as FormatError {
                if case .invalid(let problem) = error.kind { throw invalid(problem) }
                if case .redefined(let key, let reason) = error.kind { throw invalid("'\(key)': \(reason)") }
                throw error
            }
            guard document.lines.count == 1, document.comments.isEmpty, document.lines[0].range.upperBound == buffer.count else {
                throw invalid("it is more than one value")
            }
            guard isTable else { return }
            guard let members = document.lines[0].value.table?.inline, members.memberKeys.count == 1 else {
                throw invalid("an inline table member is one 'key = value'")
            }
            let key = members.memberKeys[0]
            for existing in list.memberKeys where existing == key {
                throw TOMLError.keyExists(key: TOMLParser.dotted(key))
            }
        }
        return body
    }
}

extension TOMLLineLayout {
    func compared(_ index: Int, key pointer: JSONPointer?) -> KeyBytes? {
        switch kind {
        case .table:
            let line = document.lines[lineIndices[index]]
            if isDottedGroup(index) {
                // A key made by dotted lines: the key, or what lies at
                // `pointer` in the table they make.
                let head = line.keys[depth]
                guard let pointer else { return .owned(Array(head.utf8)) }
                guard let entry = table?[head] else { return nil }
                return TOMLCompare.descend(TOMLTarget(entry), pointer.tokens).flatMap { TOMLCompare.text($0, source) }
            }
            // A key of one segment, bare: its bytes where it stands.
            if pointer == nil && depth == 0, let key = line.bareKey { return .source(key) }
            return TOMLCompare.member(keys: line.keys, depth: depth, value: line.value, pointer: pointer, source,
                                      keyStart: depth == 0 ? line.range.lowerBound : nil)
        case .tableArray:
            guard let pointer else { return .source(ranges[index]) }
            return TOMLCompare.descend(.table(elements[index]), pointer.tokens).flatMap { TOMLCompare.text($0, source) }
        case .sections:
            let key = sectionKeys[index]
            guard let pointer else { return .owned(Array(key.utf8)) }
            guard let entry = table?[key] else { return nil }
            return TOMLCompare.descend(TOMLTarget(entry), pointer.tokens).flatMap { TOMLCompare.text($0, source) }
        }
    }

    /// Item `index`'s value: the text it is compared by, a string.
    func value(ofItem index: Int, at pointer: JSONPointer?) throws -> ItemValue? {
        compared(index, key: pointer).map { .string($0) }
    }

    /// Each item read alone: a table's line as a document; an array of
    /// tables' element, or a section list's sections, under the same path.
    func value(ofItemBytes item: UnsafeRawBufferPointer, at pointer: JSONPointer?) -> ItemValue? {
        switch kind {
        case .table:
            return TOMLCompare.value(ofItemBytes: item, wrap: { $0 }, pointer: "", compared: { layout in
                guard let layout = layout as? TOMLLineLayout, let line = layout.lineIndices.first.map({ layout.document.lines[$0] }) else { return nil }
                return TOMLCompare.member(keys: line.keys, depth: depth, value: line.value, pointer: pointer, layout.source)
            })
        case .tableArray, .sections:
            let path = kind == .tableArray ? arrayPath : tablePath
            return TOMLCompare.value(ofItemBytes: item, wrap: { $0 }, pointer: path.map { "/" + JSONPointer.escape($0) }.joined(),
                                     compared: { ($0 as? TOMLLineLayout)?.compared(0, key: pointer) })
        }
    }

    /// A section list: the keys that lead to its table.
    var tablePath: [String] {
        guard let first = ranges.first,
              let section = document.sections.dropFirst().first(where: { $0.header.lowerBound >= first.lowerBound }) else { return [] }
        var depth = 0
        var current: TOMLTable? = section.table
        while let here = current, here !== table { depth += 1; current = here.parent }
        // The header's path, less the keys below the list's table.
        return Array(section.path.prefix(max(section.path.count - depth, 0)))
    }

    /// An array of tables: the keys of its header.
    var arrayPath: [String] {
        elements.first.flatMap { $0.section }.map { Array(document.sections[$0].path) } ?? []
    }

    /// With `options.recursive`, the lists inside the items (and a
    /// table's sections, beside its lines) are sorted too (see
    /// `NestedSort`).
    func sortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        try NestedSort.sortedOrder(self, options, key: key)
    }

    func ownSortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        try TOMLCompare.ownOrder(self, options, key: key, dottedKeys: kind == .table
                                    ? lineIndices.indices.map { index in
                                        let keys = document.lines[lineIndices[index]].keys
                                        return isDottedGroup(index) ? [keys[depth]] : Array(keys.dropFirst(depth))
                                    } : nil)
    }

    /// What `diff` prints for an item, as `insert` takes it: in a table made
    /// by dotted keys, the line without the table's own path (`insert`
    /// writes the path again), so `diff | batch` gives the line back.
    func valueText(ofItem index: Int) -> [UInt8]? {
        let range = itemRange(index)
        guard !source[range].contains(0x0A) && !source[range].contains(0x0D) else { return nil }
        guard kind == .table, depth > 0 else { return Array(source[range]) }
        var p = document.lines[lineIndices[index]].range.lowerBound
        // Only the line's indentation before its key (`insert` writes it
        // again, as the lines' own).
        guard p >= range.lowerBound, source[range.lowerBound..<p].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        func skipBlanks() { while p < range.upperBound && (source[p] == 0x20 || source[p] == 0x09) { p += 1 } }
        for _ in 0..<depth {
            skipBlanks()
            guard p < range.upperBound else { return nil }
            let quote = source[p]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                p += 1
                while p < range.upperBound && source[p] != quote {
                    p += quote == UInt8(ascii: "\"") && source[p] == UInt8(ascii: "\\") ? 2 : 1
                }
                p += 1
            } else {
                // A bare key: A-Z a-z 0-9 _ -
                while p < range.upperBound, case let byte = source[p],
                      (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20) || byte == 0x5F || byte == 0x2D {
                    p += 1
                }
            }
            skipBlanks()
            guard p < range.upperBound, source[p] == UInt8(ascii: ".") else { return nil }
            p += 1
        }
        skipBlanks()
        return Array(source[p..<range.upperBound])
    }

    /// A table: one `key = value` line with a key it has not (written with
    /// the indentation of its lines, and for a table made by dotted keys,
    /// after their path). An array of tables: one `[[name]]` section with
    /// its lines.
    func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        func invalid(_ reason: String) -> FormatError { TOMLError.invalidValue(value: value, reason: reason) }
        if kind == .sections {
            throw TOMLError.insertIntoSections(table: TOMLParser.dotted(tablePath))
        }
        if asString {
            throw invalid(kind == .table ? "into a table, insert 'key = value'; --string makes an array value"
                          : "into an array of tables, insert a '[[…]]' section; --string makes an array value")
        }
        let body = kind == .table ? TOMLCompare.trimmed(value) : value
        if body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { throw invalid("it is empty") }
        if kind == .table && (body.contains(0x0A) || body.contains(0x0D)) {
            throw invalid("it holds a line break; give one 'key = value' line")
        }
        // SAFETY: the bytes of `body` are only read inside the closure, and no pointer to them leaves it.
        let keys: [String] = try body.withUnsafeBytes { buffer in
            let document: TOMLDocument
            do {
                document = try TOMLDocument(buffer)
            } catch let error as FormatError {
                if case .invalid(let problem) = error.kind { throw invalid(problem) }
                if case .redefined(let key, let reason) = error.kind { throw invalid("'\(key)': \(reason)") }
                throw error
            }
            switch kind {
            case .table:
                guard document.lines.count == 1, document.sections.count == 1 else { throw invalid("a table's item is one 'key = value' line") }
                return Array(document.lines[0].keys)
            case .sections:
                return []
            case .tableArray:
                guard document.sections[0].lines.isEmpty, document.sections.count >= 2,
                      document.sections[1].isArray, Array(document.sections[1].path) == arrayPath,
                      document.sections.dropFirst(2).allSatisfy({ $0.path.starts(with: arrayPath) && $0.path.count > arrayPath.count }) else {
                    throw invalid("an array-of-tables item is one '[[\(TOMLParser.dotted(arrayPath))]]' section with its lines")
                }
                return []
            }
        }
        guard kind == .table else {
            // The file's line breaks.
            var bytes: [UInt8] = []
            for byte in body where byte != 0x0D {
                if byte == 0x0A { bytes += lineBreak } else { bytes.append(byte) }
            }
            while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
            return bytes
        }
        let prefix = lineIndices.first.map { Array(document.lines[$0].keys.prefix(depth)) } ?? []
        for index in table?.lines ?? lineIndices where Array(document.lines[index].keys.dropFirst(depth)) == keys {
            throw TOMLError.keyExists(key: TOMLParser.dotted(keys))
        }
        var indentation: [UInt8] = []
        if let last = (table?.lines ?? lineIndices).last {
            let keyStart = document.lines[last].range.lowerBound
            indentation = Array(source[TOMLLineLayout.lineStart(document, keyStart)..<keyStart])
        }
        let path = prefix.isEmpty ? [] : Array((TOMLParser.dotted(prefix) + ".").utf8)
        return indentation + path + body
    }
}


/// `sort --recursive` (see `NestedSort`): a table's lines hold inline
/// tables and arrays; its sub-tables written with sections are a list
/// beside its lines; an array of tables keeps its order, and each element
/// holds its lines and its sections.
extension TOMLLineLayout: NestedList {
    func nestedLists(ofItem index: Int) throws -> [any NestedList] {
        switch kind {
        case .table:
            if isDottedGroup(index), case .table(let child)? = table?[document.lines[lineIndices[index]].keys[depth]] {
                // The lines of the table they make.
                return [try TOMLLineLayout(document: document, table: child)]
            }
            return TOMLInlineLayout.lists(in: document.lines[lineIndices[index]].value, document)
        case .tableArray:
            return try TOMLLineLayout.lists(of: elements[index], document)
        case .sections:
            switch table?[sectionKeys[index]] {
            case .table(let child): return try TOMLLineLayout.lists(of: child, document)
            case .tableArray(let array):
                return [try TOMLLineLayout(document: document, tableArray: array)]
            case .value, nil: return []
            }
        }
    }

    func siblingLists() throws -> [any NestedList] {
        guard kind == .table, let table, table.section != nil else { return [] }
        return [try TOMLLineLayout(document: document, sectionsOf: table)]
    }

    /// A table's lists: its lines (when a section of its own holds them)
    /// and its sub-tables' sections.
    static func lists(of table: TOMLTable, _ document: TOMLDocument) throws -> [any NestedList] {
        var lists: [any NestedList] = []
        if table.section != nil { lists.append(try TOMLLineLayout(document: document, table: table)) }
        lists.append(try TOMLLineLayout(document: document, sectionsOf: table))
        return lists
    }

    var sortsByKey: Bool { kind != .tableArray }

    var itemsRegion: Range<Int>? {
        guard let first = ranges.first, let last = ranges.last else { return nil }
        return first.lowerBound..<last.upperBound
    }

    func emit(_ arrangement: Arrangement, _ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try Renderer(layout: self, source: source).write(arrangement, keepingSourceSlices: true) { slices in
            for slice in slices { try emit(slice) }
        }
    }

    func cannotSortInside(at offset: Int) -> Error {
        TOMLError.cannotDelimit(what: "a table that sort --recursive cannot sort where it stands", offset: offset)
    }

    func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        guard nested.regions.isEmpty else { return try NestedSort.write(self, arrangement, gathered: write) }
        try Renderer(layout: GapMapped(self, arrangement), source: source).write(arrangement, gathered: write)
    }

    func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        nested.regions.isEmpty ? Renderer(layout: GapMapped(self, arrangement), source: source).outputEqualsSource(arrangement)
            : NestedSort.outputEqualsSource(self, arrangement)
    }
}

extension TOMLInlineLayout: NestedList {
    /// The inline table or the array `value` is, as a list.
    static func lists(in value: TOMLValue, _ document: TOMLDocument) -> [any NestedList] {
        if let inline = value.table?.inline { return [TOMLInlineLayout(document: document, list: inline, isTable: true)] }
        if let array = value.array { return [TOMLInlineLayout(document: document, list: array, isTable: false)] }
        return []
    }

    func nestedLists(ofItem index: Int) throws -> [any NestedList] {
        TOMLInlineLayout.lists(in: list.values[index], document)
    }

    var sortsByKey: Bool { isTable }

    var itemsRegion: Range<Int>? { count > 0 ? list.open + 1..<list.close : nil }

    func emit(_ arrangement: Arrangement, _ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        // SAFETY: the bytes of `arrangement.itemBytes` are only read inside the closure, and no pointer to them leaves it.
        try arrangement.itemBytes.withUnsafeBytes { itemBytes in
            try write(slots(arrangement, itemBytes), emit)
        }
    }

    func cannotSortInside(at offset: Int) -> Error {
        TOMLError.cannotDelimit(what: "an inline table or array that sort --recursive cannot sort where it stands", offset: offset)
    }
}
