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
    public enum Kind: Equatable, Sendable {
        /// Remove every selected item.
        case delete(SourceSelector)
        /// Add `value` so that it ends at `at`, a destination index.
        case insert(at: UserIndex, value: [UInt8])
        /// Take the selected items out; put them back together, in their
        /// order, so that the first ends at `to`, a destination index.
        case move(from: SourceSelector, to: UserIndex)
        /// Exchange two items: `move I J` plus `move J I`.
        case swap(SourceSelector, SourceSelector)
        /// Give every selected item the new value `value`, in its place.
        case replace(SourceSelector, value: [UInt8])
    }

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
        let text = String(decoding: line, as: UTF8.self)
        var scanner = OperationScanner(bytes: line)
        scanner.skipBlanks()
        let name = scanner.word()
        let nameText = String(decoding: name, as: UTF8.self)
        let reference = BatchOperationReference(text: text, origin: origin)
        func incomplete() -> BatchError {
            let usage = BatchOperation.usages.first { $0.name == nameText }!.usage
            return .incompleteOperation(usage: usage, operation: reference)
        }
        func argument<T>(_ parse: () throws -> T) throws -> T {
            do { return try parse() } catch { throw BatchError.invalidArgument(reference, underlying: error) }
        }

        let kind: Kind
        switch nameText {
        case "delete":
            scanner.skipBlanks()
            let selector = scanner.rest()
            guard !selector.isEmpty else { throw incomplete() }
            kind = .delete(try argument { try parseSelector(selector) })
        case "insert", "replace":
            guard scanner.skipBlanks() else { throw incomplete() }
            let first = scanner.word()
            // VALUE starts after exactly one separator; it may be empty.
            guard !first.isEmpty, scanner.skipOneBlank() else { throw incomplete() }
            let value = Array(scanner.rest())
            if nameText == "insert" {
                kind = .insert(at: try argument { try parseIndex(first) }, value: value)
            } else {
                kind = .replace(try argument { try parseSelector(first) }, value: value)
            }
        case "move":
            scanner.skipBlanks()
            let arguments = scanner.rest()
            guard let lastBlank = arguments.lastIndex(where: isBlank) else { throw incomplete() }
            var from = arguments[..<lastBlank]
            while let last = from.last, isBlank(last) { from = from.dropLast() }
            let to = arguments[(lastBlank + 1)...]
            guard !from.isEmpty, !to.isEmpty else { throw incomplete() }
            kind = .move(from: try argument { try parseSelector(from) }, to: try argument { try parseIndex(to) })
        case "swap":
            scanner.skipBlanks()
            let i = scanner.word()
            scanner.skipBlanks()
            let j = scanner.rest()
            guard !i.isEmpty, !j.isEmpty else { throw incomplete() }
            kind = .swap(try argument { try parseSelector(i) }, try argument { try parseSelector(j) })
        default:
            throw BatchError.unknownOperation(name: nameText, operation: reference)
        }
        self.init(kind: kind, text: text, origin: origin)
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
public struct BatchScript: Equatable, Sendable {
    public var operations: [BatchOperation]

    public init(operations: [BatchOperation] = []) {
        self.operations = operations
    }

    /// Appends the operations of a script: one a line (LF or CRLF); blank
    /// lines and lines whose first non-blank byte is `#` are skipped. `name`
    /// is the script's name in messages.
    public mutating func append(script: UnsafeRawBufferPointer, name: String) throws {
        var lineNumber = 0
        var start = 0
        let end = script.count
        while start < end {
            lineNumber += 1
            let newline = firstIndex(of: 0x0A, in: script, from: start, to: end) ?? end
            var lineEnd = newline
            if lineEnd > start && script[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            var first = start
            while first < lineEnd && isBlank(script[first]) { first += 1 }
            if first < lineEnd && script[first] != UInt8(ascii: "#") {
                let line = Array(script[start..<lineEnd])
                operations.append(try BatchOperation(parsing: line, origin: .script(name: name, line: lineNumber)))
            }
            start = newline + 1
        }
    }

    /// Appends one operation given with `-e`, which is the `number`th `-e`.
    public mutating func append(expression: [UInt8], number: Int) throws {
        operations.append(try BatchOperation(parsing: expression, origin: .expression(number)))
    }

    /// The arrangement this batch makes of `document`'s list.
    public func arrangement(in document: ListDocument, sequential: Bool, options: EditOptions) throws -> Arrangement {
        if sequential {
            var applier = SequentialBatch(document: document, options: options)
            for operation in operations { try applier.apply(operation) }
            return applier.arrangement()
        }
        return try BatchPlan(script: self, document: document, options: options).arrangement()
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

private struct OperationScanner {
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
    return try SourceSelector(parsing: String(decoding: bytes, as: UTF8.self))
}
