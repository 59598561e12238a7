/// Where one operation of a batch came from, for messages.
public enum BatchOrigin: Equatable, Sendable {
    /// The `number`th `-e OP` of the command line, counted from 1.
    case expression(Int)
    /// Line `line` (counted from 1) of the script `name`; `<stdin>` for a
    /// script read from standard input.
    case script(name: String, line: Int)
}

/// One operation of a batch, as the user wrote it.
public struct BatchOperation: Equatable, Sendable {
    /// What it does (see `BatchLine`), on plain indices and selectors.
    public typealias Kind = BatchLine<SourceSelector, UserIndex>

    public var kind: Kind
    /// The operation as written (without a line's terminator), for messages.
    public var text: String
    public var origin: BatchOrigin

    public init(kind: Kind, text: String, origin: BatchOrigin) {
        self.kind = kind
        self.text = text
        self.origin = origin
    }

    /// The names of the operations, and how each is written.
    public static let usages: [(name: String, usage: String)] = [
        ("delete", "delete I"),
        ("insert", "insert AT VALUE"),
        ("move", "move FROM TO"),
        ("swap", "swap I J"),
        ("replace", "replace I VALUE"),
    ]

    /// Parses one operation: `delete I`, `insert AT VALUE`, `move FROM TO`,
    /// `swap I J` or `replace I VALUE`.
    ///
    /// Words are separated by spaces or tabs. VALUE is the rest of the line
    /// after the one space that follows AT (or I), verbatim: `insert 2  x `
    /// inserts ` x `, and `insert 2 ` inserts an empty item. The selector of
    /// `delete` is the rest of the line, and `move`'s FROM is everything
    /// before its last space, so `delete =two words` and `move =a b 0` work.
    public init(parsing line: [UInt8], origin: BatchOrigin) throws {
        let parsed = try BatchLine.parse(line, origin: origin, usage: { $0 }, source: parseSelector, destination: parseIndex)
        self.init(kind: parsed.line, text: parsed.text, origin: origin)
    }
}

/// One operation of the batch grammar, its arguments read by the
/// caller's parsers: plain indices and selectors for one list
/// (`BatchOperation`), index paths `S:I` for several
/// (`SectionedOperation`).
public enum BatchLine<Source, Destination> {
    /// Remove every selected item.
    case delete(Source)
    /// Add `value` so that it ends at `at`, a destination index.
    case insert(at: Destination, value: [UInt8])
    /// Give every selected item the new value `value`, in its place.
    case replace(Source, value: [UInt8])
    /// Take the selected items out; put them back together, in their
    /// order, so that the first ends at `to`, a destination index.
    case move(from: Source, to: Destination)
    /// Exchange two items: `move I J` plus `move J I`.
    case swap(Source, Source)

    /// The line's operation, and its text for messages; `usage` gives the
    /// usage an incomplete operation is told (`move FROM TO`).
    static func parse(_ line: [UInt8], origin: BatchOrigin, usage: (String) -> String,
                      source: (ArraySlice<UInt8>) throws -> Source,
                      destination: (ArraySlice<UInt8>) throws -> Destination) throws -> (line: BatchLine, text: String) {
        let text = String(decoding: line, as: UTF8.self)
        var scanner = OperationScanner(bytes: line)
        scanner.skipBlanks()
        let name = scanner.word()
        let nameText = String(decoding: name, as: UTF8.self)
        let reference = BatchOperationReference(text: text, origin: origin)
        func incomplete() -> BatchError {
            let written = BatchOperation.usages.first { $0.name == nameText }!.usage
            return .incompleteOperation(usage: usage(written), operation: reference)
        }
        func argument<T>(_ parse: () throws -> T) throws -> T {
            do { return try parse() } catch { throw BatchError.invalidArgument(reference, underlying: error) }
        }

        switch nameText {
        case "delete":
            scanner.skipBlanks()
            let selector = scanner.rest()
            guard !selector.isEmpty else { throw incomplete() }
            return (.delete(try argument { try source(selector) }), text)
        case "insert", "replace":
            guard scanner.skipBlanks() else { throw incomplete() }
            let first = scanner.word()
            // VALUE starts after exactly one separator; it may be empty.
            guard !first.isEmpty, scanner.skipOneBlank() else { throw incomplete() }
            let value = Array(scanner.rest())
            if nameText == "insert" {
                return (.insert(at: try argument { try destination(first) }, value: value), text)
            }
            return (.replace(try argument { try source(first) }, value: value), text)
        case "move":
            scanner.skipBlanks()
            let arguments = scanner.rest()
            guard let lastBlank = arguments.lastIndex(where: isBlank) else { throw incomplete() }
            var from = arguments[..<lastBlank]
            while let last = from.last, isBlank(last) { from = from.dropLast() }
            let to = arguments[(lastBlank + 1)...]
            guard !from.isEmpty, !to.isEmpty else { throw incomplete() }
            return (.move(from: try argument { try source(from) }, to: try argument { try destination(to) }), text)
        case "swap":
            scanner.skipBlanks()
            let i = scanner.word()
            scanner.skipBlanks()
            let j = scanner.rest()
            guard !i.isEmpty, !j.isEmpty else { throw incomplete() }
            return (.swap(try argument { try source(i) }, try argument { try source(j) }), text)
        default:
            throw BatchError.unknownOperation(name: nameText, operation: reference)
        }
    }
}

/// Operations to apply as one (`reorder batch`), in the order given.
///
/// Without `sequential`, every source index (delete I, move FROM, swap I J,
/// replace I) names an item of the list before the batch, and every
/// destination (insert AT, move TO) a position in the list after it; the
/// order of the operations does not matter. With `a b c d e`:
///
///     delete 0; move 4 0; insert 2 x   →   e b x c d
///
/// `a` goes, `e` ends at 0, `x` at 2, and `b c d` fill the free positions in
/// their order. With `sequential`, each operation applies to the result of
/// the one before, with the indices of the single commands.
///
/// Storage: a script of a hundred thousand operations is read without a
/// single allocation per line. Its bytes are kept as they are, and each
/// operation is a `Step` of plain integers; only operations whose arguments
/// are not plain indices (selectors) keep a parsed `BatchOperation.Kind`.
public struct BatchScript: Sendable {
    /// The text of every operation: whole scripts as read, `-e` operations
    /// one after another. Steps point into it.
    private(set) var text: [UInt8] = []
    private(set) var steps: [Step] = []
    /// The kinds of `.general` steps, by `Step.first`.
    private var generalKinds: [BatchOperation.Kind] = []
    /// Where steps come from: a script's origin has line 0, and the line of
    /// each of its steps is counted in `text` when a message needs it.
    private var origins: [BatchOrigin] = []
    /// Where the text of each origin starts in `text`: a step is of the last
    /// origin that starts at or before it.
    private var originStarts: [Int] = []

    /// One operation. Plain forms (every argument a whole number) hold their
    /// indices as written (a `UserIndex`'s value); the rest are `.general`.
    ///
    /// 32 bytes: a script of a hundred thousand operations makes that many
    /// steps, and each page of them is a page fault; where a step comes
    /// from is looked up only for messages.
    struct Step {
        enum Code: UInt8 {
            /// `delete first`
            case delete
            /// `insert first VALUE`
            case insert
            /// `move first second`
            case move
            /// `swap first second`
            case swap
            /// `replace first VALUE`
            case replace
            /// `generalKinds[first]`
            case general
        }

        var code: Code
        var textLength: Int32
        var first: Int
        /// `move`, `swap`: the second index; `insert`, `replace`: where
        /// VALUE starts, counted from `textStart`.
        var second: Int
        /// Where the operation's text starts in `text`.
        var textStart: Int
    }

    public init(operations: [BatchOperation] = []) {
        for operation in operations { append(operation) }
    }

    /// The operations, as parsed. Meant for messages and tests: it builds
    /// every operation's text.
    public var operations: [BatchOperation] {
        var lines = LineCount()
        return steps.indices.map {
            BatchOperation(kind: kind(of: $0), text: self.text(of: $0), origin: origin(of: $0, counting: &lines))
        }
    }

    /// The number of operations.
    var count: Int { steps.count }

    /// Operations read as those of a batch over several lists (`S:I`
    /// paths), into `sectionedOperations` rather than steps; set before
    /// anything is appended.
    public var sectioned = false

    /// The operations read while `sectioned`, in order.
    public private(set) var sectionedOperations: [SectionedOperation] = []

    /// The operation `index`, as written and where it came from.
    func reference(of index: Int) -> BatchOperationReference {
        var lines = LineCount()
        return BatchOperationReference(text: text(of: index), origin: origin(of: index, counting: &lines))
    }

    /// The operation `index` as written.
    private func text(of index: Int) -> String {
        let step = steps[index]
        return String(decoding: text[step.textStart..<step.textStart + Int(step.textLength)], as: UTF8.self)
    }

    /// VALUE of an `insert` or `replace` step.
    func value(of index: Int) -> [UInt8] {
        Array(text[valueRange(of: index)])
    }

    /// Where VALUE of an `insert` or `replace` step is in `text`.
    func valueRange(of index: Int) -> Range<Int> {
        let step = steps[index]
        return step.textStart + step.second ..< step.textStart + Int(step.textLength)
    }

    /// The parsed kind of operation `index`, whatever its form.
    func kind(of index: Int) -> BatchOperation.Kind {
        let step = steps[index]
        switch step.code {
        case .delete: return .delete(.index(UserIndex(step.first)))
        case .insert: return .insert(at: UserIndex(step.first), value: value(of: index))
        case .move: return .move(from: .index(UserIndex(step.first)), to: UserIndex(step.second))
        case .swap: return .swap(.index(UserIndex(step.first)), .index(UserIndex(step.second)))
        case .replace: return .replace(.index(UserIndex(step.first)), value: value(of: index))
        case .general: return generalKinds[step.first]
        }
    }

    /// Line feeds counted so far in a script's text, so that the lines of
    /// steps taken in order cost one pass over it.
    private struct LineCount {
        var origin = -1
        var position = 0
        var line = 0
    }

    /// Where operation `index` came from. For a step of a script, its line
    /// is one more than the line feeds before it in the script, counted
    /// on from `lines` when that is at an earlier step of the same script.
    private func origin(of index: Int, counting lines: inout LineCount) -> BatchOrigin {
        let start = steps[index].textStart
        var low = 0, high = originStarts.count
        while low < high {
            let middle = (low + high) / 2
            if originStarts[middle] <= start { low = middle + 1 } else { high = middle }
        }
        let origin = low - 1
        guard case .script(let name, 0) = origins[origin] else { return origins[origin] }
        if lines.origin != origin || lines.position > start {
            lines = LineCount(origin: origin, position: originStarts[origin], line: 1)
        }
        // SAFETY: the bytes of `text` are only read inside the closure, and no pointer to them leaves it.
        text.withUnsafeBytes { text in
            while let newline = firstIndex(of: 0x0A, in: text, from: lines.position, to: start) {
                lines.line += 1
                lines.position = newline + 1
            }
        }
        lines.position = start
        return .script(name: name, line: lines.line)
    }

    /// Appends a parsed operation.
    mutating func append(_ operation: BatchOperation) {
        let start = text.count
        text.append(contentsOf: operation.text.utf8)
        origins.append(operation.origin)
        originStarts.append(start)
        generalKinds.append(operation.kind)
        steps.append(Step(code: .general, textLength: Int32(text.count - start),
                          first: generalKinds.count - 1, second: 0, textStart: start))
    }

    /// Appends the operations of a script: one a line (LF or CRLF); blank
    /// lines and lines whose first non-blank byte is `#` are skipped. `name`
    /// is the script's name in messages.
    public mutating func append(script: UnsafeRawBufferPointer, name: String) throws {
        let base = text.count
        text.append(contentsOf: script)
        origins.append(.script(name: name, line: 0))
        originStarts.append(base)
        let origin = origins.count - 1
        // About one operation per dozen bytes, as in `move 123456 654321`.
        steps.reserveCapacity(steps.count + script.count / 12 + 1)
        var lineNumber = 0
        var start = 0
        let end = script.count
        while start < end {
            lineNumber += 1
            if !sectioned, let line = canonicalPlainLine(script, start, end), line.end - start <= Int(Int32.max) {
                steps.append(Step(code: line.code, textLength: Int32(line.end - start), first: line.first,
                                  second: line.second, textStart: base + start))
                start = line.next
                continue
            }
            let newline = firstIndex(of: 0x0A, in: script, from: start, to: end) ?? end
            var lineEnd = newline
            if lineEnd > start && script[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            var first = start
            while first < lineEnd && isBlank(script[first]) { first += 1 }
            if first < lineEnd && script[first] != UInt8(ascii: "#") {
                try appendLine(script, start, lineEnd, textStart: base + start, origin: origin, line: lineNumber)
            } else if first < lineEnd, let claim = try contentClaim(script, first, lineEnd, name: name, line: lineNumber) {
                contentClaims.append(claim)
            }
            start = newline + 1
        }
    }

    /// A script's claim that it was made for one content of its list's
    /// file: a comment line `# reorder: content HASH`, HASH 16 hexadecimal
    /// digits (the hash the command line computes of the file's bytes).
    /// `pick` and `edit` write it at the top of the script they keep when
    /// the file changed under them; `reorder batch` then refuses a file
    /// whose content hashes otherwise, unless every operation names its
    /// items by value (`namesItemsByValue`).
    public struct ContentClaim: Equatable, Sendable {
        public let hash: UInt64
        /// The script's name and the claim's line in it, counted from 1.
        public let script: String
        public let line: Int

        public init(hash: UInt64, script: String, line: Int) {
            self.hash = hash
            self.script = script
            self.line = line
        }
    }

    /// The content claims of the scripts read, in order.
    public private(set) var contentClaims: [ContentClaim] = []

    /// How a content claim's line starts.
    public static let contentClaimPrefix = "# reorder: content "

    /// The claim on the comment line `bytes[start..<end]` (`start` at its
    /// `#`), nil for any other comment; a claim whose hash does not read is
    /// an error, not a comment, so that a damaged line never lifts the
    /// check.
    private func contentClaim(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, name: String,
                              line: Int) throws -> ContentClaim? {
        let prefix = Array(Self.contentClaimPrefix.utf8)
        guard end - start >= prefix.count, Array(bytes[start..<start + prefix.count]) == prefix else { return nil }
        var last = end
        while last > start + prefix.count && isBlank(bytes[last - 1]) { last -= 1 }
        let digits = bytes[(start + prefix.count)..<last]
        guard digits.count == 16, let hash = UInt64(String(decoding: digits, as: UTF8.self), radix: 16) else {
            throw BatchError.invalidContentClaim(
                BatchOperationReference(text: String(decoding: bytes[start..<end], as: UTF8.self),
                                        origin: .script(name: name, line: line)))
        }
        return ContentClaim(hash: hash, script: name, line: line)
    }

    /// Appends one operation given with `-e`, which is the `number`th `-e`.
    public mutating func append(expression: [UInt8], number: Int) throws {
        let base = text.count
        text.append(contentsOf: expression)
        origins.append(.expression(number))
        originStarts.append(base)
        let origin = origins.count - 1
        // SAFETY: the bytes of `expression` are only read inside the closure, and no pointer to them leaves it.
        try expression.withUnsafeBytes { bytes in
            try appendLine(bytes, 0, bytes.count, textStart: base, origin: origin, line: 0)
        }
    }

    /// Appends the operation in `bytes[start..<end]`, whose copy in `text`
    /// starts at `textStart`; `line` is its line in a script, for a message
    /// about it here.
    private mutating func appendLine(
        _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, textStart: Int, origin: Int, line: Int
    ) throws {
        let length = Int32(truncatingIfNeeded: end - start)
        if sectioned {
            let operationOrigin: BatchOrigin
            if case .script(let name, _) = origins[origin] {
                operationOrigin = .script(name: name, line: line)
            } else {
                operationOrigin = origins[origin]
            }
            sectionedOperations.append(try SectionedOperation(parsing: Array(bytes[start..<end]), origin: operationOrigin))
            return
        }
        if let plain = plainOperation(bytes, start, end), end - start <= Int(Int32.max) {
            let second = plain.code == .insert || plain.code == .replace ? plain.valueStart - start : plain.second
            steps.append(Step(code: plain.code, textLength: length, first: plain.first, second: second,
                              textStart: textStart))
            return
        }
        let operationOrigin: BatchOrigin
        if case .script(let name, _) = origins[origin] {
            operationOrigin = .script(name: name, line: line)
        } else {
            operationOrigin = origins[origin]
        }
        let operation = try BatchOperation(parsing: Array(bytes[start..<end]), origin: operationOrigin)
        generalKinds.append(operation.kind)
        steps.append(Step(code: .general, textLength: length, first: generalKinds.count - 1, second: 0,
                          textStart: textStart))
    }

    /// The arrangement this batch makes of `document`'s list.
    public func arrangement(in document: ListDocument, sequential: Bool, options: EditOptions) throws -> Arrangement {
        if sequential {
            var applier = SequentialBatch(document: document, options: options, script: self)
            for index in steps.indices { try applier.apply(self, index) }
            return applier.arrangement()
        }
        return try BatchPlan(script: self, document: document, options: options).arrangement()
    }
}

extension BatchScript: Equatable {
    public static func == (a: BatchScript, b: BatchScript) -> Bool {
        a.operations == b.operations && a.sectionedOperations == b.sectionedOperations
    }
}

/// An operation in a message: its text and where it came from.
public struct BatchOperationReference: Equatable, Sendable {
    public var text: String
    public var origin: BatchOrigin

    public init(text: String, origin: BatchOrigin) {
        self.text = text
        self.origin = origin
    }
}

extension BatchOperation {
    var reference: BatchOperationReference { BatchOperationReference(text: text, origin: origin) }
}

// MARK: - Scanning an operation's words

@inline(__always)
func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

struct OperationScanner {
    let bytes: [UInt8]
    var position = 0

    /// Skips spaces and tabs; true when there were any.
    @discardableResult
    mutating func skipBlanks() -> Bool {
        let start = position
        while position < bytes.count && isBlank(bytes[position]) { position += 1 }
        return position > start
    }

    /// Skips one space or tab; true when there was one.
    mutating func skipOneBlank() -> Bool {
        guard position < bytes.count, isBlank(bytes[position]) else { return false }
        position += 1
        return true
    }

    /// The bytes up to the next blank or the end.
    mutating func word() -> ArraySlice<UInt8> {
        let start = position
        while position < bytes.count && !isBlank(bytes[position]) { position += 1 }
        return bytes[start..<position]
    }

    /// Everything that is left.
    mutating func rest() -> ArraySlice<UInt8> {
        defer { position = bytes.count }
        return bytes[position...]
    }
}

/// A plain whole number (`12`, `-1`) without going through text.
private func plainInteger(_ bytes: ArraySlice<UInt8>) -> Int? {
    var digits = bytes
    var negative = false
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
        negative = sign == UInt8(ascii: "-")
        digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 18 else { return nil }
    var value = 0
    for byte in digits {
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
    }
    return negative ? -value : value
}

private func parseIndex(_ bytes: ArraySlice<UInt8>) throws -> UserIndex {
    if let value = plainInteger(bytes) { return UserIndex(value) }
    return try UserIndex(parsing: String(decoding: bytes, as: UTF8.self))
}

private func parseSelector(_ bytes: ArraySlice<UInt8>) throws -> SourceSelector {
    // A plain number is always an index; skip the selector grammar for it.
    if let value = plainInteger(bytes) { return .index(UserIndex(value)) }
    return try SourceSelector(parsing: Array(bytes))
}

// MARK: - Plain operations, read straight from the bytes

/// The operation in `bytes[start..<end]` when it is a plain form, every
/// argument a whole number as `plainInteger` reads it, parsed exactly as
/// `BatchOperation(parsing:)` would; nil for anything else, which that
/// parser then reads (or reports).
private func plainOperation(
    _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int
) -> (code: BatchScript.Step.Code, first: Int, second: Int, valueStart: Int)? {
    var position = start
    func skipBlanks() { while position < end && isBlank(bytes[position]) { position += 1 } }
    func skipWord() { while position < end && !isBlank(bytes[position]) { position += 1 } }
    skipBlanks()
    let nameStart = position
    skipWord()
    let nameLength = position - nameStart
    func nameIs(_ name: StaticString) -> Bool {
        nameLength == name.utf8CodeUnitCount
            // SAFETY: a static string's UTF-8 bytes, `nameLength` of them (checked equal to its count first).
            && memoryEqual(bytes.baseAddress! + nameStart, UnsafeRawPointer(name.utf8Start), nameLength)
    }
    if nameLength == 6 && nameIs("delete") {
        skipBlanks()
        guard let item = plainInteger(bytes, position, end) else { return nil }
        return (.delete, item, 0, end)
    }
    if (nameLength == 6 && nameIs("insert")) || (nameLength == 7 && nameIs("replace")) {
        let wordEnd = position
        skipBlanks()
        guard position > wordEnd else { return nil }
        let argumentStart = position
        skipWord()
        guard let index = plainInteger(bytes, argumentStart, position), position < end else { return nil }
        // VALUE starts after exactly one blank (the word ended at one).
        return (nameLength == 6 ? .insert : .replace, index, 0, position + 1)
    }
    if nameLength == 4 && nameIs("move") {
        skipBlanks()
        let argumentStart = position
        var lastBlank = end - 1
        while lastBlank >= argumentStart && !isBlank(bytes[lastBlank]) { lastBlank -= 1 }
        guard lastBlank >= argumentStart else { return nil }
        var fromEnd = lastBlank
        while fromEnd > argumentStart && isBlank(bytes[fromEnd - 1]) { fromEnd -= 1 }
        guard let from = plainInteger(bytes, argumentStart, fromEnd),
              let to = plainInteger(bytes, lastBlank + 1, end)
        else { return nil }
        return (.move, from, to, end)
    }
    if nameLength == 4 && nameIs("swap") {
        skipBlanks()
        let iStart = position
        skipWord()
        let iEnd = position
        skipBlanks()
        guard let i = plainInteger(bytes, iStart, iEnd), let j = plainInteger(bytes, position, end) else { return nil }
        return (.swap, i, j, end)
    }
    return nil
}

/// The line at `start` of a script when it is written the usual way: the
/// operation's name at the start of the line, one space before each
/// argument, whole numbers (`-` allowed) of up to 18 digits, and the line
/// ending right after the last number (or VALUE), with LF, CRLF or the end
/// of the script. The step is the one `plainOperation` makes of it (`second`
/// as `Step.second` holds it); `end` is where the line's text ends and
/// `next` where the next line starts. Nil for any other line, which the
/// general path then reads: this one only saves a script of a hundred
/// thousand such lines a call to find each line's end and a pass over its
/// words.
@inline(__always)
private func canonicalPlainLine(
    _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int
) -> (code: BatchScript.Step.Code, first: Int, second: Int, end: Int, next: Int)? {
    let base = bytes.baseAddress!
    // The longest name and its space, and one digit.
    guard end - start >= 9 else { return nil }
    var position = start
    /// The whole number at `position` (an optional `-`, then 1 to 18
    /// digits), or nil.
    @inline(__always)
    func number() -> Int? {
        var negative = false
        if position < end && base.load(fromByteOffset: position, as: UInt8.self) == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        let digitsStart = position
        var value = 0
        while position < end {
            let digit = base.load(fromByteOffset: position, as: UInt8.self) &- 0x30
            if digit > 9 { break }
            value = value &* 10 &+ Int(digit)
            position += 1
        }
        let digits = position - digitsStart
        guard digits > 0 && digits <= 18 else { return nil }
        return negative ? -value : value
    }
    @inline(__always)
    func space() -> Bool {
        guard position < end, base.load(fromByteOffset: position, as: UInt8.self) == 0x20 else { return false }
        position += 1
        return true
    }
    /// The line ends here: where its text ends and the next line starts.
    @inline(__always)
    func lineEnd() -> (end: Int, next: Int)? {
        if position == end { return (end, end) }
        let byte = base.load(fromByteOffset: position, as: UInt8.self)
        if byte == 0x0A { return (position, position + 1) }
        if byte == 0x0D && position + 1 < end && base.load(fromByteOffset: position + 1, as: UInt8.self) == 0x0A {
            return (position, position + 2)
        }
        return nil
    }
    // The name and its space, as little-endian words.
    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    let four = word & 0xFF_FFFF_FFFF
    let seven = word & 0xFF_FFFF_FFFF_FFFF
    if four == 0x20_6576_6F6D /* "move " */ {
        position = start + 5
        guard let from = number(), space(), let to = number(), let line = lineEnd() else { return nil }
        return (.move, from, to, line.end, line.next)
    }
    if four == 0x20_7061_7773 /* "swap " */ {
        position = start + 5
        guard let i = number(), space(), let j = number(), let line = lineEnd() else { return nil }
        return (.swap, i, j, line.end, line.next)
    }
    if seven == 0x20_6574_656C_6564 /* "delete " */ {
        position = start + 7
        guard let item = number(), let line = lineEnd() else { return nil }
        return (.delete, item, 0, line.end, line.next)
    }
    let code: BatchScript.Step.Code
    if seven == 0x20_7472_6573_6E69 /* "insert " */ {
        code = .insert
        position = start + 7
    } else if word == 0x2065_6361_6C70_6572 /* "replace " */ {
        code = .replace
        position = start + 8
    } else {
        return nil
    }
    // VALUE is the rest of the line after the one space after the index.
    guard let index = number(), space() else { return nil }
    let valueStart = position
    let newline = firstIndex(of: 0x0A, in: bytes, from: valueStart, to: end) ?? end
    var lineEnd = newline
    if lineEnd > valueStart && base.load(fromByteOffset: lineEnd - 1, as: UInt8.self) == 0x0D { lineEnd -= 1 }
    return (code, index, valueStart - start, lineEnd, newline == end ? end : newline + 1)
}

/// `plainInteger` on `bytes[start..<end]`.
@inline(__always)
private func plainInteger(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Int? {
    var position = start
    var negative = false
    if position < end, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
        negative = bytes[position] == UInt8(ascii: "-")
        position += 1
    }
    guard position < end, end - position <= 18 else { return nil }
    var value = 0
    while position < end {
        let digit = bytes[position] &- 0x30
        guard digit <= 9 else { return nil }
        value = value * 10 + Int(digit)
        position += 1
    }
    return negative ? -value : value
}

extension BatchLine: Equatable where Source: Equatable, Destination: Equatable {}
extension BatchLine: Sendable where Source: Sendable, Destination: Sendable {}
