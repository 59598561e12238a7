/// A TOML 1.0 document, read strictly: every string, number, date, key and
/// table definition is checked as the specification says, and a document
/// that breaks a rule is refused with the place of the first problem. What
/// it keeps is what `reorder` needs: the tables and their entries, the
/// places of values, key/value lines, headers and comments.
struct TOMLDocument {
    let source: UnsafeRawBufferPointer
    let root: TOMLTable
    /// The root section first, then one per header, in document order.
    let sections: [TOMLSection]
    let lines: [TOMLLine]
    /// Every comment, `#` to the end of its line (before CR LF), in order.
    let comments: [Range<Int>]

    /// The largest document read: every offset is kept as an `Int32`
    /// (`TOMLValue`, `TOMLLine`), which halves what a key costs.
    static let largest = Int(Int32.max)

    init(_ source: UnsafeRawBufferPointer) throws {
        try TOMLDocument.checkSize(source.count)
        var parser = TOMLParser(source)
        try parser.parseDocument()
        self.source = source
        root = parser.root
        sections = parser.sections
        lines = parser.lines
        comments = parser.comments
    }

    /// A document of `count` bytes is refused from 2 GiB on.
    static func checkSize(_ count: Int) throws {
        if count > largest { throw TOMLError.tooLarge(limit: largest + 1) }
    }

    /// The comment that starts at `offset`, if one does.
    func comment(startingAt offset: Int) -> Range<Int>? {
        // Only a `#` starts one: most offsets need no look-up.
        guard offset < source.count, source[offset] == UInt8(ascii: "#") else { return nil }
        let index = comments.firstIndex(startingAtOrAfter: offset)
        guard index < comments.count, comments[index].lowerBound == offset else { return nil }
        return comments[index]
    }

    /// The comment that ends at `offset`, if one does.
    func comment(endingAt offset: Int) -> Range<Int>? {
        // A comment runs to its line's end: nothing to look up elsewhere.
        guard offset == source.count || source[offset] == 0x0A || source[offset] == 0x0D else { return nil }
        let index = comments.firstIndex(endingAfter: offset - 1)
        guard index < comments.count, comments[index].upperBound == offset else { return nil }
        return comments[index]
    }

    /// Whether a comment starts in `range`.
    func hasComment(in range: Range<Int>) -> Bool {
        let index = comments.firstIndex(startingAtOrAfter: range.lowerBound)
        return index < comments.count && comments[index].lowerBound < range.upperBound
    }

    /// The length of a UTF-8 byte-order mark at the start, or 0.
    static func byteOrderMarkLength(_ source: UnsafeRawBufferPointer) -> Int {
        source.count >= 3 && source[0] == 0xEF && source[1] == 0xBB && source[2] == 0xBF ? 3 : 0
    }
}

extension UInt8 {
    /// What a bare TOML key is spelt with: A-Z a-z 0-9 _ -
    var isBareKeyByte: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A)
            || self == UInt8(ascii: "_") || self == UInt8(ascii: "-")
    }
}

private extension UInt8 {
    static let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")
    static let hash = UInt8(ascii: "#"), equals = UInt8(ascii: "="), comma = UInt8(ascii: ",")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let dot = UInt8(ascii: "."), underscore = UInt8(ascii: "_"), colon = UInt8(ascii: ":")
    static let plus = UInt8(ascii: "+"), minus = UInt8(ascii: "-")

    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isHexDigit: Bool { isDigit || (self >= 0x41 && self <= 0x46) || (self >= 0x61 && self <= 0x66) }
    var isLetter: Bool { (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) }
    /// What a number, boolean or date is spelt with.
    var isScalarByte: Bool { isBareKeyByte || self == .plus || self == .dot || self == .colon }
    /// A control character TOML allows in no string or comment (tab aside).
    var isForbiddenControl: Bool { (self < 0x20 && self != 0x09) || self == 0x7F }
}

/// The reader's state while it walks the document once.
struct TOMLParser {
    let source: UnsafeRawBufferPointer
    let end: Int
    var p = 0
    let root: TOMLTable
    var sections: [TOMLSection]
    var lines: [TOMLLine] = []
    var comments: [Range<Int>] = []
    /// The table the current section opens, and the scope its dotted keys
    /// make tables in (a section's index; inline tables count down from -1).
    var current: TOMLTable
    var currentScope = 0
    var inlineScopes = 0

    init(_ source: UnsafeRawBufferPointer) {
        self.source = source
        end = source.count
        root = TOMLTable(origin: .root, parent: nil, name: "", offset: 0)
        root.section = 0
        current = root
        sections = [TOMLSection(header: 0..<0, isArray: false, path: TOMLKeyPath(), table: root, lines: 0..<0)]
    }

    func fail(_ problem: String, at offset: Int? = nil) -> FormatError {
        TOMLError.syntax(problem: problem, offset: offset ?? p)
    }

    // MARK: - Lines

    mutating func parseDocument() throws {
        if let bad = TOMLParser.firstInvalidUTF8(source) {
            throw fail("the document is not UTF-8 here (TOML is UTF-8)", at: bad)
        }
        p = TOMLDocument.byteOrderMarkLength(source)
        while p < end {
            skipBlanks()
            guard p < end else { break }
            switch source[p] {
            case .hash, 0x0A, 0x0D: break
            case .openBracket: try header()
            default: try keyValueLine()
            }
            try lineEnd()
        }
        let last = sections.count - 1
        sections[last].lines = sections[last].lines.lowerBound..<lines.count
    }

    mutating func skipBlanks() {
        while p < end && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
    }

    /// Blanks, a comment, then a line break or the end of the document.
    mutating func lineEnd() throws {
        skipBlanks()
        if p < end && source[p] == .hash { try comment() }
        if p == end { return }
        if source[p] == 0x0A { p += 1; return }
        if source[p] == 0x0D && p + 1 < end && source[p + 1] == 0x0A { p += 2; return }
        if source[p] == 0x0D { throw fail("expected a line feed after a carriage return") }
        throw fail("expected the end of the line (a line break or a comment) after a \(lines.last.map { $0.range.upperBound == p } ?? false ? "value" : "key/value pair or header")")
    }

    mutating func comment() throws {
        let start = p
        p += 1
        while p < end {
            let byte = source[p]
            if byte == 0x0A || (byte == 0x0D && p + 1 < end && source[p + 1] == 0x0A) { break }
            if byte.isForbiddenControl { throw fail("a control character in a comment") }
            p += 1
        }
        comments.append(start..<p)
    }

    /// Blanks, line breaks and comments, as between array elements.
    mutating func skipArrayBlanks() throws {
        while p < end {
            switch source[p] {
            case 0x20, 0x09, 0x0A: p += 1
            case 0x0D:
                guard p + 1 < end && source[p + 1] == 0x0A else { throw fail("expected a line feed after a carriage return") }
                p += 2
            case .hash: try comment()
            default: return
            }
        }
    }

    // MARK: - Keys and tables

    /// A key, dotted or not: its segments, decoded.
    mutating func key() throws -> TOMLKeyPath {
        let head = try simpleKey()
        var rest: [String] = []
        while true {
            let save = p
            skipBlanks()
            if p < end && source[p] == .dot {
                p += 1
                skipBlanks()
                rest.append(try simpleKey())
                continue
            }
            p = save
            return TOMLKeyPath(head, rest)
        }
    }

    mutating func simpleKey() throws -> String {
        guard p < end else { throw fail("expected a key") }
        let byte = source[p]
        if byte == .quote || byte == .apostrophe {
            if p + 2 < end && source[p + 1] == byte && source[p + 2] == byte {
                throw fail("a multi-line string cannot be a key")
            }
            let decoded = byte == .quote ? try basicString() : try literalString()
            return decoded.withBytes(in: source) { String(decoding: $0, as: UTF8.self) }
        }
        let start = p
        var q = p
        while q < end && source[q].isBareKeyByte { q += 1 }
        p = q
        if q == start {
            throw fail("expected a key (letters, digits, '_' and '-', or a quoted key)")
        }
        // SAFETY: the source's memory is read only as bytes, and `start ..< q` lies within it.
        return String(decoding: UnsafeBufferPointer(rebasing: source.assumingMemoryBound(to: UInt8.self)[start..<q]), as: UTF8.self)
    }

    static func dotted(_ keys: some Collection<String>) -> String {
        keys.map { key in
            !key.isEmpty && key.utf8.allSatisfy(\.isBareKeyByte) ? key : "\"" + key + "\""
        }.joined(separator: ".")
    }

    /// `[a.b]` or `[[a.b]]`: opens a section.
    mutating func header() throws {
        let start = p
        let isArray = p + 1 < end && source[p + 1] == .openBracket
        p += isArray ? 2 : 1
        skipBlanks()
        let path = try key()
        skipBlanks()
        guard p < end && source[p] == .closeBracket else { throw fail("expected ']' to close the table header") }
        p += 1
        if isArray {
            guard p < end && source[p] == .closeBracket else { throw fail("expected ']]' to close the array-of-tables header") }
            p += 1
        }
        var table = root
        for (depth, name) in path.dropLast().enumerated() {
            let here = TOMLParser.dotted(path.prefix(depth + 1))
            if let entry = table[name] {
                switch entry {
                case .table(let child):
                    if child.origin == .inline {
                        throw TOMLError.redefined(key: here, reason: "it is an inline table, which cannot be extended", offset: start)
                    }
                    table = child
                case .tableArray(let array):
                    table = array.elements[array.elements.count - 1]
                case .value:
                    throw TOMLError.redefined(key: here, reason: "it is a value, not a table", offset: start)
                }
            } else {
                let child = TOMLTable(origin: .implicit, parent: table, name: name, offset: start)
                table.set(name, .table(child))
                table = child
            }
        }
        let name = path[path.count - 1]
        let whole = TOMLParser.dotted(path)
        let opened: TOMLTable
        if isArray {
            let array: TOMLTableArray
            if let entry = table[name] {
                guard case .tableArray(let existing) = entry else {
                    throw TOMLError.redefined(key: whole, reason: "it is defined already, not as an array of tables", offset: start)
                }
                array = existing
            } else {
                array = TOMLTableArray()
                table.set(name, .tableArray(array))
            }
            opened = TOMLTable(origin: .element, parent: table, name: name, offset: start)
            array.elements.append(opened)
        } else if let entry = table[name] {
            guard case .table(let existing) = entry, existing.origin == .implicit else {
                let reason: String
                if case .table(let existing) = entry, case .dotted = existing.origin {
                    reason = "it is a table defined by dotted keys already"
                } else {
                    reason = "it is defined already"
                }
                throw TOMLError.redefined(key: whole, reason: reason, offset: start)
            }
            existing.origin = .header
            opened = existing
        } else {
            opened = TOMLTable(origin: .header, parent: table, name: name, offset: start)
            table.set(name, .table(opened))
        }
        opened.section = sections.count
        let last = sections.count - 1
        sections[last].lines = sections[last].lines.lowerBound..<lines.count
        sections.append(TOMLSection(header: start..<p, isArray: isArray, path: path, table: opened, lines: lines.count..<lines.count))
        current = opened
        currentScope = sections.count - 1
    }

    /// The number of lines from here to the next that starts with `[` (or
    /// the end): at most as many keys as the section has lines. A hint
    /// only: a multi-line string may hold such a line.
    func linesBeforeNextHeader() -> Int {
        var count = 0, q = p
        while let newline = firstIndex(of: 0x0A, in: source, from: q, to: end) {
            if newline + 1 < end && source[newline + 1] == .openBracket { break }
            count += 1
            q = newline + 1
        }
        return count
    }

    mutating func keyValueLine() throws {
        let start = p
        let path = try key()
        let bareKeyLength = path.count == 1 && source[start].isBareKeyByte ? p - start : 0
        skipBlanks()
        guard p < end && source[p] == .equals else { throw fail("expected '=' after the key") }
        p += 1
        skipBlanks()
        let value = try self.value()
        try assign(path, value, in: current, scope: currentScope, offset: start, line: lines.count, bareKeyLength: bareKeyLength)
    }

    /// Defines `path` = `value` in `table`, making tables for a dotted key;
    /// with `line` (the next index in `lines`), appends the key/value line
    /// that starts at `offset` (its key `bareKeyLength` bytes when bare).
    mutating func assign(_ path: TOMLKeyPath, _ value: TOMLValue, in table: TOMLTable, scope: Int, offset: Int, line: Int?,
                         bareKeyLength: Int = 0) throws {
        var table = table
        if let line { table.lines.append(line) }
        for depth in 0..<path.count - 1 {
            let name = path[depth]
            if let entry = table[name] {
                guard case .table(let child) = entry, child.origin == .dotted(scope: scope) else {
                    let reason: String
                    switch entry {
                    case .value: reason = "it is a value, not a table"
                    case .tableArray: reason = "it is an array of tables, which dotted keys cannot extend"
                    case .table(let child):
                        reason = child.origin == .inline ? "it is an inline table, which cannot be extended"
                            : "it is a table defined elsewhere, which dotted keys cannot extend"
                    }
                    throw TOMLError.redefined(key: TOMLParser.dotted(path.prefix(depth + 1)), reason: reason, offset: offset)
                }
                table = child
            } else {
                let child = TOMLTable(origin: .dotted(scope: scope), parent: table, name: name, offset: offset)
                table.set(name, .table(child))
                table = child
            }
            if let line { table.lines.append(line) }
        }
        let name = path[path.count - 1]
        if let inline = value.table {
            inline.parent = table
            inline.name = name
        }
        // One lookup: a key defined already is an error, and the document
        // is not used after it.
        guard table.add(name, value.table.map { .table($0) } ?? .value(value)) else {
            throw TOMLError.redefined(key: TOMLParser.dotted(path), reason: "it is defined already", offset: offset)
        }
        if table.keys.count == 256 {
            // A large table: room for the keys of the lines below at once.
            let more = linesBeforeNextHeader()
            table.reserveCapacity(adding: more)
            if line != nil {
                lines.reserveCapacity(lines.count + more)
                table.lines.reserveCapacity(table.lines.count + more)
            }
        }
        if line != nil {
            lines.append(TOMLLine(table: table, entry: table.keys.count - 1, range: offset..<value.range.upperBound,
                                  segments: path.count, bareKeyLength: bareKeyLength))
        }
    }

    // MARK: - Values

    mutating func value() throws -> TOMLValue {
        guard p < end else { throw fail("expected a value") }
        let start = p
        switch source[p] {
        case .quote:
            let decoded = isTriple(.quote) ? .owned(try multiLineString(basic: true)) : try basicString()
            return TOMLValue(kind: .string, range: start..<p, decoded: decoded)
        case .apostrophe:
            let decoded = isTriple(.apostrophe) ? .owned(try multiLineString(basic: false)) : try literalString()
            return TOMLValue(kind: .string, range: start..<p, decoded: decoded)
        case .openBracket: return try array()
        case .openBrace: return try inlineTable()
        default: return try scalar()
        }
    }

    func isTriple(_ byte: UInt8) -> Bool {
        p + 2 < end && source[p] == byte && source[p + 1] == byte && source[p + 2] == byte
    }

    mutating func array() throws -> TOMLValue {
        let start = p
        let list = TOMLInlineList(open: p)
        p += 1
        try skipArrayBlanks()
        // Gathered here and handed to the list once: each access to a
        // class's array is checked for exclusivity.
        var values: [TOMLValue] = [], commas: [Int?] = []
        while true {
            guard p < end else { throw fail("expected ']' to close the array", at: start) }
            if source[p] == .closeBracket { break }
            if values.count == 256 {
                // A large array: room at once for the elements the rest of
                // the document would hold at this array's bytes an element
                // (room never touched costs no memory), rather than arrays
                // that double and leave the halves behind. Counted at 10
                // bytes an element or more: the room (40 bytes an element)
                // is then at most 4 bytes a byte of the document.
                let more = (end - p) / max((p - start) / values.count, 10) + 1
                values.reserveCapacity(values.count + more)
                commas.reserveCapacity(values.count + more)
            }
            let element = try value()
            values.append(element)
            commas.append(nil)
            try skipArrayBlanks()
            guard p < end else { throw fail("expected ']' to close the array", at: start) }
            if source[p] == .comma {
                commas[commas.count - 1] = p
                p += 1
                try skipArrayBlanks()
                continue
            }
            if source[p] == .closeBracket { break }
            throw fail("expected ',' or ']' after an array element")
        }
        list.values = values
        list.commas = commas
        list.close = p
        p += 1
        return TOMLValue(kind: .array, range: start..<p, array: list)
    }

    mutating func inlineTable() throws -> TOMLValue {
        let start = p
        inlineScopes -= 1
        let scope = inlineScopes
        let table = TOMLTable(origin: .inline, parent: nil, name: "", offset: start)
        let list = TOMLInlineList(open: start)
        table.inline = list
        p += 1
        skipBlanks()
        if p < end && source[p] == .closeBrace {
            list.close = p
            p += 1
            return TOMLValue(kind: .table, range: start..<p, table: table)
        }
        while true {
            let memberStart = p
            let path = try key()
            skipBlanks()
            guard p < end && source[p] == .equals else { throw fail("expected '=' after the key") }
            p += 1
            skipBlanks()
            let member = try value()
            try assign(path, member, in: table, scope: scope, offset: memberStart, line: nil)
            list.memberStarts.append(memberStart)
            list.values.append(member)
            list.memberKeys.append(path)
            list.commas.append(nil)
            skipBlanks()
            guard p < end else { throw fail("expected '}' to close the inline table", at: start) }
            if source[p] == .comma {
                list.commas[list.commas.count - 1] = p
                p += 1
                skipBlanks()
                if p < end && source[p] == .closeBrace {
                    throw fail("expected a key after ','; TOML 1.0 allows no trailing comma in an inline table")
                }
                continue
            }
            if source[p] == .closeBrace { break }
            if source[p] == 0x0A || source[p] == 0x0D || source[p] == .hash {
                throw fail("expected '}' on this line: an inline table is one line in TOML 1.0")
            }
            throw fail("expected ',' or '}' after a key/value pair in an inline table")
        }
        list.close = p
        p += 1
        return TOMLValue(kind: .table, range: start..<p, table: table)
    }

    // MARK: - Strings

    /// A `"…"` string; returns its value: the bytes between the quotes
    /// when it has no escape, else a decoded copy.
    mutating func basicString() throws -> KeyBytes {
        let start = p
        var q = p + 1
        // 8 bytes at a time while none is a quote, a backslash or a control
        // character (below 0x20, or 0x7F); the loop below looks at the rest.
        while q + 8 <= end {
            let word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: q, as: UInt64.self))
            let ones: UInt64 = 0x0101_0101_0101_0101
            let flags = zeroByteFlags(word ^ (0x22 &* ones)) | zeroByteFlags(word ^ (0x5C &* ones))
                | zeroByteFlags(word ^ (0x7F &* ones)) | byteBelowFlags(word, 0x20)
            // The lowest flag is a true one: the loop below starts there.
            if flags != 0 { q += flags.trailingZeroBitCount / 8; break }
            q += 8
        }
        while q < end {
            let byte = source[q]
            if byte == .quote {
                p = q + 1
                return .source(start + 1..<q)
            }
            if byte == .backslash || byte.isForbiddenControl { break }
            q += 1
        }
        return .owned(try decodedBasicString())
    }

    /// A `"…"` string with an escape (or an error), decoded.
    mutating func decodedBasicString() throws -> [UInt8] {
        let start = p
        p += 1
        var decoded: [UInt8] = []
        while true {
            guard p < end else { throw fail("expected '\"' to close the string", at: start) }
            let byte = source[p]
            switch byte {
            case .quote:
                p += 1
                return decoded
            case .backslash:
                try escape(into: &decoded)
            case 0x0A, 0x0D:
                throw fail("expected '\"' to close the string before the end of the line")
            default:
                if byte.isForbiddenControl { throw fail("a control character in a string (write it as an escape)") }
                decoded.append(byte)
                p += 1
            }
        }
    }

    /// A `'…'` string.
    mutating func literalString() throws -> KeyBytes {
        let start = p
        p += 1
        let bodyStart = p
        while true {
            guard p < end else { throw fail("expected \"'\" to close the string", at: start) }
            let byte = source[p]
            if byte == .apostrophe { break }
            if byte == 0x0A || byte == 0x0D { throw fail("expected \"'\" to close the string before the end of the line") }
            if byte.isForbiddenControl { throw fail("a control character in a string") }
            p += 1
        }
        let decoded = bodyStart..<p
        p += 1
        return .source(decoded)
    }

    /// A `"""…"""` or `'''…'''` string.
    mutating func multiLineString(basic: Bool) throws -> [UInt8] {
        let start = p
        let delimiter = basic ? UInt8.quote : .apostrophe
        p += 3
        // A line break right after the opening quotes is not content.
        if p < end && source[p] == 0x0A { p += 1 } else if p + 1 < end && source[p] == 0x0D && source[p + 1] == 0x0A { p += 2 }
        var decoded: [UInt8] = []
        while true {
            guard p < end else { throw fail("expected \(basic ? "'\"\"\"'" : "\"'''\"") to close the multi-line string", at: start) }
            let byte = source[p]
            if byte == delimiter {
                var run = 0
                while p + run < end && source[p + run] == delimiter { run += 1 }
                if run >= 3 {
                    if run > 5 { throw fail("at most two quotes may end a multi-line string's content", at: p + 5) }
                    decoded.append(contentsOf: repeatElement(delimiter, count: run - 3))
                    p += run
                    return decoded
                }
                decoded.append(contentsOf: repeatElement(delimiter, count: run))
                p += run
                continue
            }
            if byte == .backslash && basic {
                // A backslash at the end of a line trims the blanks and line
                // breaks after it.
                var q = p + 1
                while q < end && (source[q] == 0x20 || source[q] == 0x09) { q += 1 }
                if q < end && (source[q] == 0x0A || (source[q] == 0x0D && q + 1 < end && source[q + 1] == 0x0A)) {
                    p = q
                    while p < end {
                        if source[p] == 0x20 || source[p] == 0x09 || source[p] == 0x0A {
                            p += 1
                        } else if source[p] == 0x0D && p + 1 < end && source[p + 1] == 0x0A {
                            p += 2
                        } else {
                            break
                        }
                    }
                    continue
                }
                try escape(into: &decoded)
                continue
            }
            if byte == 0x0D {
                guard p + 1 < end && source[p + 1] == 0x0A else { throw fail("expected a line feed after a carriage return") }
                decoded.append(contentsOf: [0x0D, 0x0A])
                p += 2
                continue
            }
            if byte != 0x0A && byte.isForbiddenControl {
                throw fail("a control character in a string\(basic ? " (write it as an escape)" : "")")
            }
            decoded.append(byte)
            p += 1
        }
    }

    /// An escape sequence at `p` (its backslash), appended decoded.
    mutating func escape(into decoded: inout [UInt8]) throws {
        let start = p
        p += 1
        guard p < end else { throw fail("expected an escape after '\\'") }
        let simple: UInt8?
        switch source[p] {
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "r"): simple = 0x0D
        case .quote: simple = .quote
        case .backslash: simple = .backslash
        case UInt8(ascii: "u"), UInt8(ascii: "U"): simple = nil
        default:
            throw fail("expected an escape: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX or \\UXXXXXXXX", at: start)
        }
        if let simple {
            decoded.append(simple)
            p += 1
            return
        }
        let digits = source[p] == UInt8(ascii: "u") ? 4 : 8
        p += 1
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard p < end, source[p].isHexDigit else { throw fail("expected \(digits) hexadecimal digits in a \\\(digits == 4 ? "u" : "U") escape", at: start) }
            let byte = source[p]
            value = value << 4 | UInt32(byte.isDigit ? byte - 0x30 : (byte | 0x20) - 0x61 + 10)
            p += 1
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw fail("the escape is not a Unicode scalar value (a surrogate, or above U+10FFFF)", at: start)
        }
        UTF8.encode(scalar) { decoded.append($0) }
    }

    // MARK: - Numbers, booleans, dates

    mutating func scalar() throws -> TOMLValue {
        let start = p
        while p < end && source[p].isScalarByte { p += 1 }
        // A date, a space and a time are one date-time.
        if p - start == 10, p + 3 < end, source[p] == 0x20, source[p + 1].isDigit, source[p + 2].isDigit, source[p + 3] == .colon,
           TOMLScalars.isDate(Array(source[start..<p])) {
            p += 1
            while p < end && source[p].isScalarByte { p += 1 }
        }
        guard p > start else {
            throw fail("expected a value: a string, number, boolean, date-time, array or inline table")
        }
        let text = Array(source[start..<p])
        guard let kind = TOMLScalars.kind(of: text) else {
            throw fail("'\(String(decoding: text, as: UTF8.self))' is not a valid TOML value (a number, boolean or date-time, or a string in quotes)", at: start)
        }
        return TOMLValue(kind: kind, range: start..<p)
    }

    // MARK: - UTF-8

    /// The offset of the first byte that does not start a valid UTF-8
    /// sequence, or nil.
    static func firstInvalidUTF8(_ source: UnsafeRawBufferPointer) -> Int? {
        UTF8Validation.firstInvalid(source, in: 0..<source.count)
    }
}

/// The spelling rules of TOML's numbers, booleans and date-times.
enum TOMLScalars {
    /// What `text` is, or nil when it is none of them.
    static func kind(of text: [UInt8]) -> TOMLValue.Kind? {
        if text == Array("true".utf8) || text == Array("false".utf8) { return .boolean }
        if text.count >= 10 && text[4] == .minus && text[7] == .minus { return dateTime(text) }
        if text.count >= 3 && text[2] == .colon { return time(text, from: 0) == text.count ? .localTime : nil }
        return number(text)
    }

    static func digits(_ text: [UInt8], _ range: Range<Int>) -> Int? {
        guard range.upperBound <= text.count else { return nil }
        var value = 0
        for index in range {
            guard text[index].isDigit else { return nil }
            value = value * 10 + Int(text[index] - 0x30)
        }
        return value
    }

    static func isDate(_ text: [UInt8]) -> Bool {
        guard text.count >= 10, text[4] == .minus, text[7] == .minus,
              let year = digits(text, 0..<4), let month = digits(text, 5..<7), let day = digits(text, 8..<10),
              (1...12).contains(month), day >= 1 else { return false }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    /// A time `HH:MM:SS[.fraction]` at `start`: where it ends, or nil.
    static func time(_ text: [UInt8], from start: Int) -> Int? {
        guard start + 8 <= text.count, text[start + 2] == .colon, text[start + 5] == .colon,
              let hour = digits(text, start..<start + 2), let minute = digits(text, start + 3..<start + 5),
              let second = digits(text, start + 6..<start + 8),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        var end = start + 8
        if end < text.count && text[end] == .dot {
            end += 1
            let fraction = end
            while end < text.count && text[end].isDigit { end += 1 }
            if end == fraction { return nil }
        }
        return end
    }

    static func dateTime(_ text: [UInt8]) -> TOMLValue.Kind? {
        guard isDate(text) else { return nil }
        if text.count == 10 { return .localDate }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), 0x20].contains(text[10]), let end = time(text, from: 11) else { return nil }
        if end == text.count { return .localDateTime }
        if end + 1 == text.count && (text[end] == UInt8(ascii: "Z") || text[end] == UInt8(ascii: "z")) { return .offsetDateTime }
        guard end + 6 == text.count, text[end] == .plus || text[end] == .minus, text[end + 3] == .colon,
              let hours = digits(text, end + 1..<end + 3), let minutes = digits(text, end + 4..<end + 6),
              hours <= 23, minutes <= 59 else { return nil }
        return .offsetDateTime
    }

    /// Digits (as `isDigit` says) with single underscores between them,
    /// from `index`: where they end, or nil.
    static func digitRun(_ text: [UInt8], from index: Int, _ isDigit: (UInt8) -> Bool) -> Int? {
        var index = index
        guard index < text.count, isDigit(text[index]) else { return nil }
        while index < text.count {
            if isDigit(text[index]) {
                index += 1
            } else if text[index] == .underscore {
                guard index + 1 < text.count, isDigit(text[index + 1]) else { return nil }
                index += 1
            } else {
                break
            }
        }
        return index
    }

    static func number(_ text: [UInt8]) -> TOMLValue.Kind? {
        var index = 0
        let signed = !text.isEmpty && (text[0] == .plus || text[0] == .minus)
        if signed { index = 1 }
        let rest = Array(text[index...])
        if rest == Array("inf".utf8) || rest == Array("nan".utf8) { return .float }
        if rest.count >= 2 && rest[0] == UInt8(ascii: "0") && [UInt8(ascii: "x"), UInt8(ascii: "o"), UInt8(ascii: "b")].contains(rest[1]) {
            guard !signed else { return nil }
            let radix: UInt64 = rest[1] == UInt8(ascii: "x") ? 16 : rest[1] == UInt8(ascii: "o") ? 8 : 2
            let isDigit: (UInt8) -> Bool = { byte in
                switch radix {
                case 16: return byte.isHexDigit
                case 8: return byte >= 0x30 && byte <= 0x37
                default: return byte == 0x30 || byte == 0x31
                }
            }
            guard digitRun(rest, from: 2, isDigit) == rest.count else { return nil }
            var value: UInt64 = 0
            for byte in rest[2...] where byte != .underscore {
                let digit = UInt64(byte.isDigit ? byte - 0x30 : (byte | 0x20) - 0x61 + 10)
                let (times, overflow) = value.multipliedReportingOverflow(by: radix)
                guard !overflow else { return nil }
                value = times + digit
                guard value <= UInt64(Int64.max) else { return nil }
            }
            return .integer
        }
        guard let integerEnd = digitRun(text, from: index, \.isDigit) else { return nil }
        // No leading zero: `0` alone, or a digit other than zero first.
        if text[index] == UInt8(ascii: "0") && integerEnd - index > 1 { return nil }
        var end = integerEnd
        var isFloat = false
        if end < text.count && text[end] == .dot {
            guard let fractionEnd = digitRun(text, from: end + 1, \.isDigit) else { return nil }
            end = fractionEnd
            isFloat = true
        }
        if end < text.count && (text[end] == UInt8(ascii: "e") || text[end] == UInt8(ascii: "E")) {
            var exponent = end + 1
            if exponent < text.count && (text[exponent] == .plus || text[exponent] == .minus) { exponent += 1 }
            guard let exponentEnd = digitRun(text, from: exponent, \.isDigit) else { return nil }
            end = exponentEnd
            isFloat = true
        }
        guard end == text.count else { return nil }
        if isFloat { return .float }
        // An integer must fit in 64 bits.
        var value: UInt64 = 0
        for byte in text[index...] where byte != .underscore {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = times + UInt64(byte - 0x30)
            guard value <= UInt64(Int64.max) + (text[0] == .minus ? 1 : 0) else { return nil }
        }
        return .integer
    }
}

extension TOMLDocument: CommentLexer {
    var commentsAreLineComments: Bool { true }
}
