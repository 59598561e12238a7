/// A validating pass over a whole YAML stream, before anything is read
/// from it: not a parser, but the checks that refuse what is not YAML 1.2,
/// each at the offending byte, so that the reader never delimits items in
/// a document a loader would reject (or read otherwise).
///
/// What it checks: the characters (UTF-8, YAML's printable set); the
/// documents (`---`, `...`, directives only before `---`, tag handles
/// declared); the indentation of block entries (each line is an entry of
/// an open sequence or mapping, the node of a key or dash above, or the
/// continuation of a plain scalar); what may follow a node on its line
/// (one key per line, a comment after a blank); flow collections (commas,
/// closing brackets, keys, indentation); quoted scalars (closed, escapes,
/// indentation); block scalar headers and the indentation of their first
/// lines; anchors, tags and aliases (an alias needs an anchor before it;
/// an anchor defined twice is refused, since which node an alias names
/// would then depend on the order reorder changes).
struct YAMLValidation {
    let source: UnsafeRawBufferPointer
    let lines: YAMLLines.Table

    /// An open block collection: the column of its entries.
    struct Block {
        var column: Int
        var isSequence: Bool
    }

    /// A node due on the lines below (after `key:` or `- ` with nothing,
    /// or only properties, after it on its line).
    struct Due {
        var owner: Int
        var afterKey: Bool
        var anchor: Bool
        var tag: Bool
    }

    var stack: [Block] = []
    var due: Due? = nil
    /// A plain scalar that may go on on the next line, and the depth of the
    /// stack it belongs to.
    var openPlain: Int? = nil
    var rootStarted = false
    var inDocument = false
    /// Where the directives before the next `---` start.
    var pendingDirective: Int? = nil
    var pendingYAMLDirective = false
    var pendingHandles: Set<[UInt8]> = []
    var handles: Set<[UInt8]> = []
    var anchors: Set<[UInt8]> = []
    /// Lines that start before this offset were read with a node that
    /// spans lines.
    var consumed = 0
    /// `flow(from:minimum:)`'s stack, kept for the next flow.
    var flowLevels: [FlowLevel] = []
    /// Whether values of the most common shapes are read by the quick
    /// readings (`plainValueEnds`, `wordSequenceEnd`); false only in tests,
    /// which compare the two.
    var quickReadings = true

    static func invalid(_ reason: String, _ offset: Int) -> FormatError { YAMLError.invalid(reason: reason, offset: offset) }

    // MARK: - Characters

    /// Refuses bytes that are not UTF-8 and characters outside YAML 1.2's
    /// printable set (C0 controls but TAB, LF, CR; DEL; C1 but NEL;
    /// U+FFFE, U+FFFF; surrogates are not UTF-8), anywhere in the stream.
    static func checkCharacters(_ source: UnsafeRawBufferPointer, from start: Int) throws {
        guard let base = source.baseAddress else { return }
        let end = source.count
        func notUTF8(_ bad: Int) -> FormatError {
            invalid("the byte 0x\(hex(UInt32(source[bad]), digits: 2)) is not UTF-8, and a YAML stream is Unicode text", bad)
        }
        // The bytes before the first that is not ASCII are UTF-8: the
        // stream is checked from there, once, when there is such a byte.
        var checkedUTF8 = false
        func refuse(_ value: UInt32, at offset: Int) -> FormatError {
            // A byte that is not UTF-8, anywhere, is told first.
            if !checkedUTF8, let bad = UTF8Validation.firstInvalid(source, in: start..<end) { return notUTF8(bad) }
            return invalid(forbidden(value), offset)
        }
        var index = start
        while index < end {
            if index + 8 <= end {
                // Eight ASCII bytes at a time.
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if word & 0x8080_8080_8080_8080 == 0 {
                    let flags = forbiddenASCIIFlags(word)
                    if flags != 0 {
                        let at = index + flags.trailingZeroBitCount / 8
                        throw refuse(UInt32(source[at]), at: at)
                    }
                    index += 8
                    continue
                }
            }
            let byte = source[index]
            if byte < 0x80 {
                if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F {
                    throw refuse(UInt32(byte), at: index)
                }
                index += 1
                continue
            }
            if !checkedUTF8 {
                if let bad = UTF8Validation.firstInvalid(source, in: index..<end) { throw notUTF8(bad) }
                checkedUTF8 = true
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length { value = value << 6 | UInt32(source[index + k] & 0x3F) }
            if ((0x80...0x9F).contains(value) && value != 0x85) || value == 0xFFFE || value == 0xFFFF {
                throw refuse(value, at: index)
            }
            index += length
        }
    }

    /// The bytes of `word` (eight ASCII bytes, little-endian) that YAML
    /// forbids, each with its high bit set: C0 controls but TAB, LF, CR,
    /// and DEL. Exact: with every byte below 0x80, no sum here carries
    /// into the next byte.
    @inline(__always)
    static func forbiddenASCIIFlags(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func equal(_ byte: UInt8) -> UInt64 {
            ~((word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)) &+ 0x7F7F_7F7F_7F7F_7F7F) & high
        }
        let delete = (word &+ 0x0101_0101_0101_0101) & high
        let below = ~(word &+ 0x6060_6060_6060_6060) & high
        // Most words hold no control at all.
        if below == 0 { return delete }
        return (below & ~(equal(0x09) | equal(0x0A) | equal(0x0D))) | delete
    }

    static func forbidden(_ value: UInt32) -> String {
        "the character U+\(hex(value, digits: 4)) is not printable, and YAML allows it in no document, not even in a quoted scalar; "
            + "write it as an escape in a double-quoted scalar (\"\\u\(hex(value, digits: 4))\")"
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    // MARK: - Structure

    static func validate(_ source: UnsafeRawBufferPointer, lines: YAMLLines) throws {
        var validation = YAMLValidation(source: source, lines: lines.lines)
        try validation.run()
    }

    /// `YAMLDocument.key(in:at:lineEnd:)` at `start` on line `l`: as the
    /// walk over the lines read it there (most keys), or read.
    @inline(__always)
    func lineKey(at start: Int, _ l: YAMLLines.Line) -> YAMLDocument.Key? {
        if let read = l.plainKey(at: start, in: source) { return read }
        return YAMLDocument.key(in: source, at: start, lineEnd: l.end)
    }

    mutating func run() throws {
        for index in lines.indices {
            // The line a look-up from here is most likely for.
            lineHint.index = index
            let l = lines[index]
            if l.start < consumed { continue }
            switch l.kind {
            case .blank, .scalarBody, .continuation:
                continue
            case .comment:
                openPlain = nil
            case .directive:
                if inDocument && openPlain != nil && stack.isEmpty {
                    // `%` at column 0 inside a root plain scalar is text.
                    try plainContinuation(l)
                } else {
                    try directive(l)
                }
            case .documentMarker:
                try marker(l, index)
            case .content:
                try content(l, index)
            }
        }
        if let directive = pendingDirective {
            throw Self.invalid("a directive with no document after it: a document starts with '---' after its directives", directive)
        }
    }

    mutating func startDocument() {
        stack = []
        due = nil
        openPlain = nil
        rootStarted = false
        anchors = []
    }

    mutating func directive(_ l: YAMLLines.Line) throws {
        if inDocument {
            throw Self.invalid("a directive inside a document: end the document with '...' before a directive", l.start)
        }
        if pendingDirective == nil { pendingDirective = l.start }
        var p = l.start + 1
        let nameStart = p
        while p < l.end && !isBlank(source[p]) { p += 1 }
        let name = Array(source[nameStart..<p])
        var words: [Range<Int>] = []
        while true {
            while p < l.end && isBlank(source[p]) { p += 1 }
            guard p < l.end, source[p] != UInt8(ascii: "#") else { break }
            let wordStart = p
            while p < l.end && !isBlank(source[p]) { p += 1 }
            words.append(wordStart..<p)
        }
        if name == Array("YAML".utf8) {
            if pendingYAMLDirective {
                throw Self.invalid("a second %YAML directive for one document", l.start)
            }
            pendingYAMLDirective = true
            let version = words.first.map { Array(source[$0]) } ?? []
            let parts = version.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard words.count == 1, parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { (0x30...0x39).contains($0) } }) else {
                throw Self.invalid("a %YAML directive is '%YAML 1.2' (a version, then a comment after a blank or nothing)", words.count == 1 ? words[0].lowerBound : words.count > 1 ? words[1].lowerBound : l.start)
            }
        } else if name == Array("TAG".utf8) {
            guard words.count == 2, let handle = Self.handle(source, words[0]), handle == words[0].count else {
                throw Self.invalid("a %TAG directive is '%TAG !handle! prefix'", words.count > 2 ? words[2].lowerBound : l.start)
            }
            let text = Array(source[words[0]])
            if pendingHandles.contains(text) {
                throw Self.invalid("the tag handle '\(String(decoding: text, as: UTF8.self))' declared twice for one document", words[0].lowerBound)
            }
            pendingHandles.insert(text)
        }
        // Other directives are reserved: a loader ignores them.
    }

    /// A tag handle at the start of `range`: `!`, `!!` or `!word!`; its
    /// length.
    static func handle(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, source[range.lowerBound] == UInt8(ascii: "!") else { return nil }
        var p = range.lowerBound + 1
        while p < range.upperBound && isWordCharacter(source[p]) { p += 1 }
        if p < range.upperBound && source[p] == UInt8(ascii: "!") { return p + 1 - range.lowerBound }
        // No second '!': the primary handle, and a name that may hold any
        // URI character (`!Ref.x`, `!e%41`).
        return 1
    }

    static func isWordCharacter(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "-")
    }

    mutating func marker(_ l: YAMLLines.Line, _ index: Int) throws {
        startDocument()
        var p = l.start + 3
        while p < l.end && isBlank(source[p]) { p += 1 }
        if source[l.start] == UInt8(ascii: ".") {
            if p < l.end && source[p] != UInt8(ascii: "#") {
                throw Self.invalid("text after the document end marker '...' on its line", p)
            }
            if let directive = pendingDirective {
                throw Self.invalid("a directive with no document after it: a document starts with '---' after its directives", directive)
            }
            inDocument = false
            handles = []
            return
        }
        handles = pendingHandles
        pendingHandles = []
        pendingDirective = nil
        pendingYAMLDirective = false
        inDocument = true
        guard p < l.end && source[p] != UInt8(ascii: "#") else { return }
        if isDash(p, l.end) || YAMLDocument.key(in: source, at: p, lineEnd: l.end) != nil {
            throw Self.invalid("a block \(isDash(p, l.end) ? "sequence" : "mapping") cannot start on the '---' line: start it on the next line", p)
        }
        rootStarted = true
        try node(at: p, index, owner: -1, afterKey: false, lineStart: false, inherited: nil)
    }

    mutating func content(_ l: YAMLLines.Line, _ index: Int) throws {
        if !inDocument {
            if let directive = pendingDirective {
                throw Self.invalid("a directive must be followed by '---' before its document", directive)
            }
            inDocument = true
            handles = []
        }
        let i = l.indent
        let start = l.contentStart
        let dash = isDash(start, l.end)
        // Close the collections the line stands left of; a sequence at its
        // key's column ends at a line that is no entry of it.
        while let top = stack.last {
            if top.column > i {
                stack.removeLast()
                continue
            }
            if top.column == i && top.isSequence && !dash && stack.count >= 2
                && stack[stack.count - 2].column == i && !stack[stack.count - 2].isSequence {
                stack.removeLast()
                continue
            }
            break
        }
        if let depth = openPlain, depth > stack.count { openPlain = nil }
        if let expected = due {
            due = nil
            if i > expected.owner || (i == expected.owner && dash && expected.afterKey) {
                openPlain = nil
                try lineNode(at: start, index, inherited: expected)
                return
            }
        }
        if let top = stack.last, top.column == i {
            openPlain = nil
            if top.isSequence {
                guard dash else {
                    throw Self.invalid("a line at the column of a sequence's entries that is no '- ' entry: indent it under an entry, or start it with '- '", start)
                }
            } else {
                guard !dash else {
                    throw Self.invalid("a '- ' entry at the column of a mapping's keys, and not under a key with nothing after its ':'", start)
                }
                let key = lineKey(at: start, l)
                guard key != nil || isAliasKey(start, l.end) || emptyKeyColon(start, l.end) != nil else {
                    throw Self.invalid("a line at the column of a mapping's keys that is no 'key: value' (a key ends with ': ' or ':' at the end of its line, outside quotes and before a comment)", start)
                }
                try lineNode(at: start, index, inherited: nil, key: .some(key))
                return
            }
            try lineNode(at: start, index, inherited: nil)
            return
        }
        if openPlain != nil {
            try plainContinuation(l)
            return
        }
        if stack.isEmpty && !rootStarted {
            rootStarted = true
            try lineNode(at: start, index, inherited: nil)
            return
        }
        if stack.isEmpty {
            throw Self.invalid("a second node at the document's root, after the first one ended: a new document starts with '---'", start)
        }
        throw Self.invalid("a line indented more than the entries around it, that is no value of a key or a '- ' above and continues no plain scalar", start)
    }

    /// A line that goes on with a plain scalar of the lines above.
    mutating func plainContinuation(_ l: YAMLLines.Line) throws {
        var p = l.contentStart
        while p < l.end {
            let byte = source[p]
            if byte == UInt8(ascii: "#") && isBlank(source[p - 1]) {
                openPlain = nil
                return
            }
            if byte == UInt8(ascii: ":") && isSpaceOrEnd(p + 1, l.end) {
                throw Self.invalid("a key on several lines, or a 'key:' indented more than its mapping's keys: a key stands on one line, at the column of its mapping's keys", p)
            }
            p += 1
        }
    }

    /// The node that starts line `index` at `p` (or a node after a `- `):
    /// a block sequence, a block mapping, or any other node.
    /// `key`: `YAMLDocument.key(in:at:lineEnd:)` at `p`, when the caller
    /// has read it.
    mutating func lineNode(at p: Int, _ index: Int, inherited: Due?, key known: YAMLDocument.Key?? = nil) throws {
        let l = lines[index]
        let column = p - l.start
        rootStarted = true
        if isDash(p, l.end) {
            if !(stack.last.map { $0.column == column && $0.isSequence } ?? false) {
                stack.append(Block(column: column, isSequence: true))
            }
            try afterDash(p, index)
            return
        }
        let key = known ?? lineKey(at: p, l)
        if let colon = key?.colon ?? emptyKeyColon(p, l.end) {
            if !(stack.last.map { $0.column == column && !$0.isSequence } ?? false) {
                stack.append(Block(column: column, isSequence: false))
            }
            _ = try properties(p, l.end, inFlow: false)
            if let range = key?.range, source[range.lowerBound] == UInt8(ascii: "\"") { try checkEscapes(range) }
            try value(after: colon, index, owner: column)
            return
        }
        try node(at: p, index, owner: stack.last?.column ?? -1, afterKey: false, lineStart: true, inherited: inherited)
    }

    /// What follows a sequence entry's `- `.
    mutating func afterDash(_ dash: Int, _ index: Int) throws {
        let l = lines[index]
        var q = dash + 1
        var tab: Int? = nil
        while q < l.end && isBlank(source[q]) {
            if source[q] == 0x09 && tab == nil { tab = q }
            q += 1
        }
        if q >= l.end || source[q] == UInt8(ascii: "#") {
            due = Due(owner: dash - l.start, afterKey: false, anchor: false, tag: false)
            return
        }
        if let tab, isDash(q, l.end) || YAMLDocument.key(in: source, at: q, lineEnd: l.end) != nil {
            throw Self.invalid("a tab between '-' and an entry nested on its line: a tab cannot be indentation; use spaces", tab)
        }
        try lineNode(at: q, index, inherited: nil)
    }

    /// The value after a key's `:` on its line.
    mutating func value(after colon: Int, _ index: Int, owner: Int) throws {
        let l = lines[index]
        var p = colon + 1
        while p < l.end && isBlank(source[p]) { p += 1 }
        if quickReadings && Self.plainValueEnds(source, p, l.end) {
            // What `node` does for it, and all it does: no property, no
            // key, no comment.
            rootStarted = true
            openPlain = stack.count
            return
        }
        if p >= l.end || source[p] == UInt8(ascii: "#") {
            due = Due(owner: owner, afterKey: true, anchor: false, tag: false)
            return
        }
        var afterProperties = p
        while afterProperties < l.end && (source[afterProperties] == UInt8(ascii: "&") || source[afterProperties] == UInt8(ascii: "!")) {
            while afterProperties < l.end && !isBlank(source[afterProperties]) { afterProperties += 1 }
            while afterProperties < l.end && isBlank(source[afterProperties]) { afterProperties += 1 }
        }
        if isDash(afterProperties, l.end) {
            throw Self.invalid("a block sequence cannot start on the line of its key ('key: - a'): put its entries on the lines below", afterProperties)
        }
        // An empty key (`key: : v`, `key: :`): no plain scalar starts with
        // `:` and a blank.
        if afterProperties < l.end && source[afterProperties] == UInt8(ascii: ":")
            && YAMLLines.isSpaceOrEnd(source, afterProperties + 1, l.end) {
            throw Self.invalid("an empty key (': ') on the line of a key: a mapping cannot start on the line of its key; put it on the lines below", afterProperties)
        }
        // (A key has its ':' on its line: most values have none.)
        if firstIndex(of: UInt8(ascii: ":"), in: source, from: p, to: l.end) != nil,
           YAMLDocument.key(in: source, at: p, lineEnd: l.end) != nil {
            throw Self.invalid("a second 'key:' on the line of a key: a mapping cannot start on the line of its key; put it on the lines below", p)
        }
        try node(at: p, index, owner: owner, afterKey: true, lineStart: false, inherited: nil)
    }

    /// Whether the value at `p` (after a key's `:` and blanks) is a plain
    /// scalar that ends its line, and nothing else: its first byte is no
    /// indicator, no `-`, `?` or `:`, and the line holds no `#` after it
    /// and no `:` before a blank or the line's end (so no key). Most
    /// values are (`name: svc-1`, `image: registry/app:1.0`); for them
    /// `value(after:_:owner:)` and `node` refuse nothing and only start a
    /// plain scalar.
    static func plainValueEnds(_ source: UnsafeRawBufferPointer, _ p: Int, _ end: Int) -> Bool {
        guard p < end else { return false }
        let first = source[p]
        guard first != UInt8(ascii: "-") && first != UInt8(ascii: "?") && first != UInt8(ascii: ":")
            && !YAMLLines.isIndicator(first) else { return false }
        var q = p + 1
        while true {
            q = YAMLLines.colonOrHash(source, from: q, to: end)
            if q == end { return true }
            if source[q] == UInt8(ascii: "#") || YAMLLines.isSpaceOrEnd(source, q + 1, end) { return false }
            q += 1
        }
    }

    /// Any node but a block collection that starts at `p`: properties, then
    /// a quoted scalar, a flow collection, an alias, a block scalar or a
    /// plain scalar; or only properties, for a node on the lines below.
    mutating func node(at p: Int, _ index: Int, owner: Int, afterKey: Bool, lineStart: Bool, inherited: Due?) throws {
        let l = lines[index]
        rootStarted = true
        let props = try properties(p, l.end, inFlow: false)
        var q = props.end
        // Properties on the line above and here are one node's, unless
        // this node is a key (`&map` then `&key [a]: b`).
        let twice = inherited.map { ($0.anchor && props.anchor) || ($0.tag && props.tag) } ?? false
        // (Made only when thrown: most nodes have no conflict.)
        let conflict: Conflict? = twice ? Conflict(anchors: props.anchor && inherited!.anchor, offset: p) : nil
        if let conflict, !lineStart { throw conflict.error }
        if q >= l.end || source[q] == UInt8(ascii: "#") {
            // Only properties here: no key, so both lines' are one node's.
            if let conflict { throw conflict.error }
            due = Due(owner: owner, afterKey: afterKey || (inherited?.afterKey ?? false),
                      anchor: props.anchor || (inherited?.anchor ?? false), tag: props.tag || (inherited?.tag ?? false))
            return
        }
        if isDash(q, l.end) {
            throw Self.invalid("an anchor or a tag before a '- ' entry on its line: put it on the line of the key or dash above, or on its own line", p)
        }
        let minimum = stack.last?.column ?? -1
        let byte = source[q]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let end = try quoted(from: q, minimum: minimum)
            try rest(after: end, nodeStart: q, index, lineStart: lineStart, conflict: conflict)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let end = try flow(from: q, minimum: minimum)
            try rest(after: end, nodeStart: q, index, lineStart: lineStart, conflict: conflict)
        case UInt8(ascii: "*"):
            if props.anchor || props.tag {
                throw Self.invalid("an alias with an anchor or a tag: an alias stands for a node that has its own", p)
            }
            let end = try alias(at: q, inFlow: false)
            try rest(after: end, nodeStart: q, index, lineStart: lineStart, conflict: conflict)
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            if let conflict { throw conflict.error }
            try blockScalar(at: q, index)
        default:
            if let conflict { throw conflict.error }
            try Self.plainStart(source, q, l.end, inFlow: false)
            openPlain = stack.count
            // A comment after it ends it with its line.
            while let hash = firstIndex(of: UInt8(ascii: "#"), in: source, from: q, to: l.end) {
                if isBlank(source[hash - 1]) {
                    openPlain = nil
                    break
                }
                q = hash + 1
            }
        }
    }

    /// A node with two anchors or two tags, one on the line above and one
    /// at `offset`: refused, unless the one here is a key's.
    struct Conflict {
        let anchors: Bool
        let offset: Int
        var error: FormatError {
            YAMLValidation.invalid("a node with two \(anchors ? "anchors" : "tags"), one on the line above and one here", offset)
        }
    }

    /// What may follow a quoted scalar, a flow collection or an alias on its
    /// last line: blanks, a comment after a blank, or (on one line, where a
    /// key may stand) the `:` of a key.
    mutating func rest(after end: Int, nodeStart: Int, _ index: Int, lineStart: Bool, conflict: Conflict? = nil) throws {
        let lastIndex = lineIndex(of: max(end - 1, nodeStart))
        let l = lines[lastIndex]
        if lastIndex > index { consumed = l.next }
        var p = end
        while p < l.end && isBlank(source[p]) { p += 1 }
        let isKey = p < l.end && source[p] == UInt8(ascii: ":") && isSpaceOrEnd(p + 1, l.end)
        if let conflict, !isKey { throw conflict.error }
        if p >= l.end { return }
        if source[p] == UInt8(ascii: "#") {
            if p == end {
                throw Self.invalid("a comment right after a value: a '#' starts a comment only after a blank", p)
            }
            return
        }
        if source[p] == UInt8(ascii: ":") && isSpaceOrEnd(p + 1, l.end) {
            if lastIndex > index {
                throw Self.invalid("a key on several lines: a key with its ':' stands on one line", nodeStart)
            }
            guard lineStart else {
                throw Self.invalid("a second key on the line of a key: a mapping cannot start on the line of its key; put it on the lines below", nodeStart)
            }
            let keyStart = lines[index].contentStart
            let column = keyStart - lines[index].start
            if !(stack.last.map { $0.column == column && !$0.isSequence } ?? false) {
                stack.append(Block(column: column, isSequence: false))
            }
            try value(after: p, index, owner: column)
            return
        }
        throw Self.invalid("text after the end of a \(source[nodeStart] == UInt8(ascii: "*") ? "alias" : source[nodeStart] == UInt8(ascii: "[") || source[nodeStart] == UInt8(ascii: "{") ? "flow collection" : "quoted scalar") on its line: only a comment (after a blank) may follow it", p)
    }

    /// The `:` of a key that is empty, or only properties (`: a`,
    /// `!!null : a`).
    func emptyKeyColon(_ p: Int, _ end: Int) -> Int? {
        var q = p
        while q < end && (source[q] == UInt8(ascii: "&") || source[q] == UInt8(ascii: "!")) {
            while q < end && !isBlank(source[q]) { q += 1 }
            while q < end && isBlank(source[q]) { q += 1 }
        }
        return q < end && source[q] == UInt8(ascii: ":") && isSpaceOrEnd(q + 1, end) ? q : nil
    }

    /// Whether `p` starts an alias used as a key (`*a : b`).
    func isAliasKey(_ p: Int, _ end: Int) -> Bool {
        guard p < end, source[p] == UInt8(ascii: "*") else { return false }
        var q = p + 1
        while q < end && !isBlank(source[q]) && !isFlowIndicator(source[q]) { q += 1 }
        while q < end && isBlank(source[q]) { q += 1 }
        return q < end && source[q] == UInt8(ascii: ":") && isSpaceOrEnd(q + 1, end)
    }

    // MARK: - Block scalars

    mutating func blockScalar(at p: Int, _ index: Int) throws {
        let l = lines[index]
        openPlain = nil
        var q = p + 1
        var digit = false, chomping = false
        while q < l.end {
            let byte = source[q]
            if byte == UInt8(ascii: "0") || ((0x31...0x39).contains(byte) && digit) {
                throw Self.invalid("a block scalar's indentation indicator is one digit from 1 to 9", q)
            } else if (0x31...0x39).contains(byte) {
                digit = true
            } else if (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")) && !chomping {
                chomping = true
            } else {
                break
            }
            q += 1
        }
        if q < l.end && !isBlank(source[q]) {
            throw Self.invalid(source[q] == UInt8(ascii: "#")
                ? "a comment right after a block scalar's header: a '#' starts a comment only after a blank"
                : "text after a block scalar's header ('|' or '>' and its indicators): the scalar's text starts on the next line", q)
        }
        while q < l.end && isBlank(source[q]) { q += 1 }
        if q < l.end && source[q] != UInt8(ascii: "#") {
            throw Self.invalid("text after a block scalar's header ('|' or '>' and its indicators): the scalar's text starts on the next line", q)
        }
        guard !digit else { return }
        // Its indentation is that of its first line of text: no blank line
        // before it may have more spaces, no line after it fewer.
        var first: Int? = nil
        var widestBlank: (spaces: Int, offset: Int)? = nil
        var next = index + 1
        while next < lines.count && lines[next].kind == .scalarBody {
            let body = lines[next]
            var textStart = body.start
            while textStart < body.end && isBlank(source[textStart]) { textStart += 1 }
            let isEmpty = textStart == body.end
            if first != nil {
                break
            } else if isEmpty {
                if body.indent > (widestBlank?.spaces ?? 0) { widestBlank = (body.indent, body.start + body.indent - 1) }
            } else {
                first = body.indent
                if let widestBlank, widestBlank.spaces > body.indent {
                    throw Self.invalid("a blank line at the start of a block scalar with more spaces than its first line of text", widestBlank.offset)
                }
            }
            next += 1
        }
    }

    // MARK: - Quoted scalars

    /// Where the quoted scalar that opens at `p` closes (after its quote);
    /// its lines after the first are indented more than `minimum`.
    func quoted(from p: Int, minimum: Int) throws -> Int {
        let quote = source[p]
        var q = p + 1
        while q < source.count {
            let byte = source[q]
            if byte == 0x0A {
                try lineBreakInside(q, minimum: minimum, what: "a quoted scalar")
                q += 1
                continue
            }
            if quote == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
                q += try escapeLength(at: q)
                continue
            }
            if byte == quote {
                if quote == UInt8(ascii: "'") && q + 1 < source.count && source[q + 1] == quote {
                    q += 2
                    continue
                }
                return q + 1
            }
            q += 1
        }
        throw Self.invalid("a quoted scalar that is not closed: its \(quote == UInt8(ascii: "'") ? "'" : "\"") has no closing match", p)
    }

    /// The length of the escape at `p` (a backslash) in a double-quoted
    /// scalar; a line break after it is read by the caller.
    func escapeLength(at p: Int) throws -> Int {
        guard p + 1 < source.count else { return 1 }
        let byte = source[p + 1]
        if Array("0abt\tnvfre \"/\\N_LP".utf8).contains(byte) { return 2 }
        if byte == 0x0A || byte == 0x0D { return 1 }
        let digits = byte == UInt8(ascii: "x") ? 2 : byte == UInt8(ascii: "u") ? 4 : byte == UInt8(ascii: "U") ? 8 : 0
        if digits > 0 && p + 1 + digits < source.count
            && (p + 2..<p + 2 + digits).allSatisfy({ isHexDigit(source[$0]) }) {
            return 2 + digits
        }
        throw Self.invalid("an escape that YAML does not have in a double-quoted scalar ('\\\(String(decoding: [byte], as: UTF8.self))'); write the character itself, or '\\\\' for a backslash", p)
    }

    func checkEscapes(_ range: Range<Int>) throws {
        var p = range.lowerBound + 1
        while p < range.upperBound - 1 {
            if source[p] == UInt8(ascii: "\\") { p += try escapeLength(at: p) } else { p += 1 }
        }
    }

    /// A line break at `p` inside a quoted scalar or a flow collection: the
    /// next line is no document marker, and if it holds text it is indented
    /// more than `minimum` (by spaces: a tab is no indentation).
    func lineBreakInside(_ p: Int, minimum: Int, what: String) throws {
        let start = p + 1
        if start + 3 <= source.count, let index = Optional(lineIndex(of: start)), lines[index].start == start,
           YAMLLines.isMarker(source, start, lines[index].end) {
            throw Self.invalid("a document marker ('---' or '...') at the start of a line inside \(what)", start)
        }
        var q = start
        while q < source.count && source[q] == 0x20 { q += 1 }
        let spaces = q - start
        var r = q
        while r < source.count && isBlank(source[r]) { r += 1 }
        guard r < source.count, source[r] != 0x0A, source[r] != 0x0D, source[r] != UInt8(ascii: "#") else { return }
        // A closing bracket at the column of its block's entries is not
        // YAML 1.2, but every loader reads it and files write it
        // (`test: [` … `]` under `test`): it is let be.
        let closes = source[r] == UInt8(ascii: "]") || source[r] == UInt8(ascii: "}")
        if spaces < minimum || (spaces == minimum && !(closes && spaces == r - start)) {
            throw Self.invalid("a line inside \(what) indented no more than the entries of its block\(spaces < r - start ? " (a tab is no indentation)" : ""): indent it with spaces", r)
        }
    }

    // MARK: - Flow collections

    struct FlowLevel {
        let isMapping: Bool
        var hasNode = false
        var hasColon = false
        var hasValue = false
        var explicit = false
        var properties = false
        /// An offset on the key's line, and whether it spans lines (a flow
        /// sequence's single pair has its key on one line, with its ':'):
        /// it does when `nodeSpansLines`, or when `nodeStart` (where
        /// `place` saw it start) is on another line. Lines are looked up
        /// only for a ':'.
        var nodeLineOffset = 0
        var nodeStart: Int? = nil
        var nodeSpansLines = false
        var isEmpty: Bool { !hasNode && !hasColon && !explicit && !properties }
        var slotIsOpen: Bool { (!hasNode && !hasColon) || (hasColon && !hasValue) }
        mutating func reset() { self = FlowLevel(isMapping: isMapping) }
    }

    /// Where the flow collection that opens at `p` closes (after its
    /// bracket).
    /// (`quick`: false only in tests, which compare it with the quick
    /// reading of `wordSequenceEnd`.)
    mutating func flow(from p: Int, minimum: Int, quick: Bool = true) throws -> Int {
        // Most flows are a short sequence of plain words on one line.
        if quick && quickReadings, let end = Self.wordSequenceEnd(source, from: p) { return end }
        // The array of the flow before, emptied: no allocation a flow.
        var levels = flowLevels
        flowLevels = []
        levels.removeAll(keepingCapacity: true)
        defer { flowLevels = levels }
        levels.append(FlowLevel(isMapping: source[p] == UInt8(ascii: "{")))
        var q = p + 1
        /// After a quoted scalar or a collection: a `:` right after it is
        /// a value indicator (`{"a":1}`).
        var jsonLike = false
        /// A plain scalar ended with its line and may go on.
        var plainGoesOn = false
        func place(_ levels: inout [FlowLevel], _ start: Int, _ end: Int) throws {
            var top = levels[levels.count - 1]
            guard top.slotIsOpen else {
                throw Self.invalid("two flow entries with no ',' between them", start)
            }
            if top.hasColon { top.hasValue = true } else {
                top.hasNode = true
                top.nodeLineOffset = max(end - 1, start)
                top.nodeStart = start
                top.nodeSpansLines = false
            }
            top.properties = false
            levels[levels.count - 1] = top
        }
        while q < source.count {
            let byte = source[q]
            switch byte {
            case 0x20, 0x09, 0x0D:
                q += 1
                continue
            case 0x0A:
                try lineBreakInside(q, minimum: minimum, what: "a flow collection")
                q += 1
                continue
            default:
                break
            }
            if plainGoesOn {
                plainGoesOn = false
                let isIndicator = isFlowIndicator(byte) || byte == UInt8(ascii: "#")
                    || (byte == UInt8(ascii: ":") && (q + 1 >= source.count || isBlankOrBreak(source[q + 1]) || isFlowIndicator(source[q + 1])))
                if !isIndicator {
                    // The plain scalar of the line above goes on here.
                    q = plainEnd(from: q, inFlow: true)
                    levels[levels.count - 1].nodeSpansLines = true
                    if !levels[levels.count - 1].hasColon { levels[levels.count - 1].nodeLineOffset = q - 1 }
                    plainGoesOn = q < source.count && (source[q] == 0x0A || source[q] == 0x0D)
                    continue
                }
            }
            let before: UInt8 = source[q - 1]
            let afterNode = jsonLike
            jsonLike = false
            switch byte {
            case UInt8(ascii: "#"):
                if !isBlankOrBreak(before) {
                    throw Self.invalid("a comment right after '\(String(decoding: [before], as: UTF8.self))': a '#' starts a comment only after a blank", q)
                }
                while q < source.count && source[q] != 0x0A { q += 1 }
                jsonLike = afterNode
            case UInt8(ascii: ","):
                if levels[levels.count - 1].isEmpty {
                    throw Self.invalid("a ',' with no flow entry before it", q)
                }
                levels[levels.count - 1].reset()
                q += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                let closesMapping = byte == UInt8(ascii: "}")
                if closesMapping != levels[levels.count - 1].isMapping {
                    throw Self.invalid("a '\(closesMapping ? "}" : "]")' that closes a '\(closesMapping ? "[" : "{")'", q)
                }
                levels.removeLast()
                q += 1
                if levels.isEmpty { return q }
                jsonLike = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                try place(&levels, q, q + 1)
                levels.append(FlowLevel(isMapping: byte == UInt8(ascii: "{")))
                q += 1
            case UInt8(ascii: ":") where q + 1 >= source.count || isBlankOrBreak(source[q + 1]) || isFlowIndicator(source[q + 1])
                || (afterNode && levels[levels.count - 1].hasNode && !levels[levels.count - 1].hasColon):
                var top = levels[levels.count - 1]
                if top.hasColon {
                    throw Self.invalid("a second ':' in one flow entry: a ',' is missing between entries", q)
                }
                if top.properties && !top.hasNode { top.hasNode = true; top.nodeLineOffset = q }
                if !top.isMapping && !top.explicit && top.hasNode && (top.nodeSpansLines
                    || top.nodeStart.map { lineIndex(of: $0) != lineIndex(of: top.nodeLineOffset) } ?? false
                    || lineIndex(of: top.nodeLineOffset) != lineIndex(of: q)) {
                    throw Self.invalid("a key of a flow sequence on several lines, or apart from its ':': such a key and its ':' stand on one line", q)
                }
                top.hasColon = true
                top.properties = false
                levels[levels.count - 1] = top
                q += 1
            case UInt8(ascii: "?") where q + 1 >= source.count || isBlankOrBreak(source[q + 1]):
                if !levels[levels.count - 1].isEmpty {
                    throw Self.invalid("a '?' inside a flow entry", q)
                }
                levels[levels.count - 1].explicit = true
                q += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let end = try quoted(from: q, minimum: minimum)
                try place(&levels, q, end)
                q = end
                jsonLike = true
            case UInt8(ascii: "&"), UInt8(ascii: "!"):
                if !levels[levels.count - 1].slotIsOpen {
                    throw Self.invalid("two flow entries with no ',' between them", q)
                }
                let props = try properties(q, source.count, inFlow: true)
                levels[levels.count - 1].properties = true
                q = props.end
            case UInt8(ascii: "*"):
                if levels[levels.count - 1].properties {
                    throw Self.invalid("an alias with an anchor or a tag: an alias stands for a node that has its own", q)
                }
                let end = try alias(at: q, inFlow: true)
                try place(&levels, q, end)
                q = end
            default:
                try Self.plainStart(source, q, source.count, inFlow: true)
                let end = plainEnd(from: q, inFlow: true)
                try place(&levels, q, end)
                q = end
                plainGoesOn = q < source.count && (source[q] == 0x0A || source[q] == 0x0D)
            }
        }
        throw Self.invalid("a flow collection that is not closed: its '\(levels.first!.isMapping ? "{" : "[")' has no '\(levels.first!.isMapping ? "}" : "]")'", p)
    }

    /// The end (after its `]`) of a flow sequence at `p` that is plain
    /// words on one line (`[80, 443]`, `[a.b, c-d]`, `[]`): each word
    /// starts with a letter or digit and holds only those and `._/-`;
    /// spaces around them, one `,` between two. nil for any other text,
    /// which `flow(from:minimum:)` reads in full. Where it is not nil,
    /// that reading would accept the sequence and end it at the same
    /// byte (`YAMLQuickReadingTests`).
    static func wordSequenceEnd(_ source: UnsafeRawBufferPointer, from p: Int) -> Int? {
        let end = source.count
        guard source[p] == UInt8(ascii: "[") else { return nil }
        @inline(__always) func isWordByte(_ byte: UInt8) -> Bool {
            let letter = byte | 0x20
            return (byte >= 0x30 && byte <= 0x39) || (letter >= 0x61 && letter <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-")
        }
        var q = p + 1
        while q < end && source[q] == 0x20 { q += 1 }
        if q < end && source[q] == UInt8(ascii: "]") { return q + 1 }
        while true {
            // A word: a letter or a digit first.
            guard q < end else { return nil }
            let first = source[q]
            guard first != UInt8(ascii: "-") && first != UInt8(ascii: ".") && first != UInt8(ascii: "_")
                && first != UInt8(ascii: "/") && isWordByte(first) else { return nil }
            q += 1
            while q < end && isWordByte(source[q]) { q += 1 }
            while q < end && source[q] == 0x20 { q += 1 }
            guard q < end else { return nil }
            if source[q] == UInt8(ascii: "]") { return q + 1 }
            guard source[q] == UInt8(ascii: ",") else { return nil }
            q += 1
            while q < end && source[q] == 0x20 { q += 1 }
        }
    }

    /// Where a plain scalar's text on its line ends in a flow collection:
    /// at a flow indicator, a value indicator, a comment or the line's end.
    func plainEnd(from p: Int, inFlow: Bool) -> Int {
        var q = p
        while q < source.count {
            let byte = source[q]
            if byte == 0x0A || byte == 0x0D { break }
            if inFlow && isFlowIndicator(byte) { break }
            if byte == UInt8(ascii: ":") && (q + 1 >= source.count || isBlankOrBreak(source[q + 1]) || (inFlow && isFlowIndicator(source[q + 1]))) { break }
            if byte == UInt8(ascii: "#") && q > p && isBlank(source[q - 1]) { break }
            q += 1
        }
        return q
    }

    /// A plain scalar cannot start with an indicator (but `-`, `?`, `:`
    /// before a character that is no blank).
    /// (Static, as what it calls: a method called from a mutating one
    /// was handed a copy of the validation, 136 bytes, on every scalar.)
    @inline(__always)
    static func plainStart(_ source: UnsafeRawBufferPointer, _ p: Int, _ end: Int, inFlow: Bool) throws {
        // Most scalars start with neither.
        let byte = source[p]
        guard byte == UInt8(ascii: "-") || YAMLLines.isIndicator(byte) else { return }
        try refusePlainStart(source, p, end, inFlow: inFlow)
    }

    static func refusePlainStart(_ source: UnsafeRawBufferPointer, _ p: Int, _ end: Int, inFlow: Bool) throws {
        func isBlankOrBreak(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func isFlowIndicator(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
        }
        let byte = source[p]
        if byte == UInt8(ascii: "-") && (p + 1 >= end || isBlankOrBreak(source[p + 1]) || (inFlow && isFlowIndicator(source[p + 1]))) {
            throw Self.invalid("a '-' alone inside a flow collection: a '- ' entry is a block sequence's, which cannot stand inside '[ ]' or '{ }'", p)
        }
        if YAMLLines.isIndicator(byte) {
            throw Self.invalid("'\(String(decoding: [byte], as: UTF8.self))' cannot start a plain scalar: quote the scalar", p)
        }
    }

    // MARK: - Properties and aliases

    /// Anchors and tags at `p`, with blanks after them.
    @inline(__always)
    mutating func properties(_ p: Int, _ end: Int, inFlow: Bool) throws -> (end: Int, anchor: Bool, tag: Bool) {
        // Most nodes have none.
        guard p < end, source[p] == UInt8(ascii: "&") || source[p] == UInt8(ascii: "!") else { return (p, false, false) }
        return try readProperties(p, end, inFlow: inFlow)
    }

    mutating func readProperties(_ p: Int, _ end: Int, inFlow: Bool) throws -> (end: Int, anchor: Bool, tag: Bool) {
        var q = p
        var anchor = false, tag = false
        while q < end && (source[q] == UInt8(ascii: "&") || source[q] == UInt8(ascii: "!")) {
            let start = q
            if source[q] == UInt8(ascii: "&") {
                if anchor { throw Self.invalid("a node with two anchors", q) }
                anchor = true
                q += 1
                while q < end && !isBlankOrBreak(source[q]) && !isFlowIndicator(source[q]) { q += 1 }
                let name = Array(source[start + 1..<q])
                if name.isEmpty { throw Self.invalid("an anchor ('&') with no name", start) }
                if anchors.contains(name) {
                    throw YAMLError.cannotDelimit(what: "the anchor '&\(String(decoding: name, as: UTF8.self))' defined a second time in one document (an alias would then name the node of whichever anchor comes before it, which moving entries changes)", offset: start)
                }
                anchors.insert(name)
            } else {
                if tag { throw Self.invalid("a node with two tags", q) }
                tag = true
                q = try self.tag(at: q, end)
            }
            guard q >= end || isBlankOrBreak(source[q]) || (inFlow && [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(source[q])) else {
                throw Self.invalid("\(source[start] == UInt8(ascii: "&") ? "an anchor" : "a tag") must be followed by a blank: '\(String(decoding: [source[q]], as: UTF8.self))' cannot stand in \(source[start] == UInt8(ascii: "&") ? "an anchor's name" : "a tag")", q)
            }
            while q < end && isBlank(source[q]) { q += 1 }
        }
        return (q, anchor, tag)
    }

    /// The end of the tag at `p`; its handle must be declared.
    func tag(at p: Int, _ end: Int) throws -> Int {
        var q = p + 1
        if q < end && source[q] == UInt8(ascii: "<") {
            while q < end && source[q] != UInt8(ascii: ">") && !isBlank(source[q]) { q += 1 }
            guard q < end, source[q] == UInt8(ascii: ">") else { throw Self.invalid("a verbatim tag ('!<') with no closing '>'", p) }
            try uriCharacters(p + 2..<q, verbatim: true)
            return q + 1
        }
        var runEnd = q
        while runEnd < end && !isBlankOrBreak(source[runEnd]) && !isFlowIndicator(source[runEnd]) { runEnd += 1 }
        guard let handleLength = Self.handle(source, p..<runEnd) else {
            throw Self.invalid("a tag with a '!' inside its name", p)
        }
        if handleLength > 2 {
            let handle = Array(source[p..<p + handleLength])
            if !handles.contains(handle) {
                throw Self.invalid("the tag handle '\(String(decoding: handle, as: UTF8.self))' is declared by no %TAG directive of this document (a directive holds for the one document after it)", p)
            }
        }
        q = p + handleLength
        if let bang = (q..<runEnd).first(where: { source[$0] == UInt8(ascii: "!") }) {
            throw Self.invalid("a '!' inside a tag's name", bang)
        }
        if handleLength == 2 && q == runEnd { throw Self.invalid("a tag '!!' with no name after it", p) }
        try uriCharacters(q..<runEnd, verbatim: false)
        return runEnd
    }

    /// A tag's name is made of URI characters (YAML 1.2 `ns-uri-char`; in a
    /// shorthand tag, no flow indicator: `ns-tag-char`).
    func uriCharacters(_ range: Range<Int>, verbatim: Bool) throws {
        var q = range.lowerBound
        while q < range.upperBound {
            let byte = source[q]
            if byte == UInt8(ascii: "%") {
                guard q + 2 < range.upperBound, isHexDigit(source[q + 1]), isHexDigit(source[q + 2]) else {
                    throw Self.invalid("a '%' in a tag not followed by two hexadecimal digits (an escaped URI character)", q)
                }
                q += 3
                continue
            }
            let isWord = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "-")
            let punctuation = Array("#;/?:@&=+$_.~*'()".utf8) + (verbatim ? Array(",[]!".utf8) : [])
            guard isWord || punctuation.contains(byte) else {
                throw Self.invalid("'\(String(decoding: [byte], as: UTF8.self))' cannot stand in a tag: a tag is made of URI characters (letters, digits and -#;/?:@&=+$_.~*'(), or '%' and two hexadecimal digits)", q)
            }
            q += 1
        }
    }

    /// The end of the alias at `p`; its anchor must come before it.
    func alias(at p: Int, inFlow: Bool) throws -> Int {
        var q = p + 1
        while q < source.count && !isBlankOrBreak(source[q]) && !isFlowIndicator(source[q]) { q += 1 }
        let name = Array(source[p + 1..<q])
        if name.isEmpty { throw Self.invalid("an alias ('*') with no name", p) }
        if !anchors.contains(name) {
            throw Self.invalid("the alias '*\(String(decoding: name, as: UTF8.self))' has no anchor '&\(String(decoding: name, as: UTF8.self))' before it in its document", p)
        }
        return q
    }

    // MARK: - Bytes

    func lineIndex(of offset: Int) -> Int {
        // The walk goes forward: the line asked last, or the one after it,
        // is almost always the one.
        let hint = lineHint.index
        for index in hint..<min(hint + 2, lines.count)
        where lines[index].next > offset && (index == 0 || lines[index - 1].next <= offset) {
            lineHint.index = index
            return index
        }
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].next <= offset { low = middle + 1 } else { high = middle }
        }
        let found = min(low, lines.count - 1)
        lineHint.index = max(found, 0)
        return found
    }

    /// The line `lineIndex(of:)` found last.
    final class LineHint { var index = 0 }
    let lineHint = LineHint()

    func isDash(_ p: Int, _ end: Int) -> Bool {
        p < end && source[p] == UInt8(ascii: "-") && isSpaceOrEnd(p + 1, end)
    }

    func isSpaceOrEnd(_ p: Int, _ end: Int) -> Bool { YAMLLines.isSpaceOrEnd(source, p, end) }
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    func isBlankOrBreak(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }
    func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
