/// The elements of a JSON array as a list: the document's root array, or
/// the one at an RFC 6901 pointer.
///
/// The head is the document up to the first element (the whitespace after
/// `[` included); a separator is the exact bytes between two elements (the
/// comma and the whitespace around it); the tail is the whitespace before
/// `]`, the `]`, and the rest of the document. Elements move through these
/// positions verbatim, so everything outside the array, and the layout of
/// the array itself, stays byte-identical. See `JSONNewPositions` for the
/// layout of positions the source did not have.
///
/// Memory: one `Int` per element (where it starts); where an element ends is
/// read off the separator that follows it.
public struct JSONLayout: ListLayout {
    public let source: UnsafeRawBufferPointer
    /// Source offset where each element starts, by source index.
    private let starts: [Int]
    /// Offsets of the array's `[` and `]`.
    let openBracket: Int
    let closeBracket: Int
    /// Where the last element ends.
    private let lastEnd: Int
    private let newPositions: JSONNewPositions
    public let separatorsAreUniform: Bool

    /// Reads `source`, which must be one valid JSON document, and finds the
    /// array at `pointer` (RFC 6901; empty is the root).
    public init(_ source: UnsafeRawBufferPointer, pointer: String) throws {
        let parsed = try JSONPointer(parsing: pointer)
        let scanner = JSONScanner(source, tokens: parsed.tokens)
        let scan = try scanner.scanRootArrayQuickly() ?? scanner.scan()
        if let error = scan.pointerError { throw error }
        guard let kind = scan.targetKind else {
            preconditionFailure("a valid document has a value at the pointer or a pointer error")
        }
        guard kind == .array else {
            throw JSONLayout.notAList(source, scan: scan, pointer: parsed, kind: kind)
        }
        self.init(source, arrayScan: scan)
    }

    /// The array a scan of `source` found at its pointer.
    init(_ source: UnsafeRawBufferPointer, arrayScan scan: JSONScan) {
        self.source = source
        starts = scan.elementStarts
        openBracket = scan.openBracket
        closeBracket = scan.closeBracket
        lastEnd = starts.isEmpty ? scan.openBracket + 1 : JSONLayout.valueEnd(before: scan.closeBracket, in: source)
        newPositions = JSONNewPositions(source: source, scan: scan)

        // New positions take the last separator, so when every source
        // separator is the same bytes, all are.
        separatorsAreUniform = scan.separatorsAreUniform
    }

    /// The error for a pointer at a value that is no list.
    static func notAList(_ source: UnsafeRawBufferPointer, scan: JSONScan, pointer: JSONPointer, kind: JSONKind) -> FormatError {
        let range = scan.targetStart..<ValidatedJSON.valueEnd(source, scan.targetStart, source.count)
        return JSONErrors.notAList(
            pointer: pointer.text, found: JSONErrors.article(kind), offset: scan.targetStart,
            suggestions: kind == .object || kind == .array ? JSONArraySuggestions.arrays(in: source, range, under: pointer) : [])
    }

    /// Where the value before the separator or `]` that ends at `offset`
    /// ends: back over whitespace, a comma, and whitespace again. Values
    /// never end in whitespace, so this is exact.
    private static func valueEnd(before offset: Int, in source: UnsafeRawBufferPointer) -> Int {
        var position = offset
        while ValidatedJSON.isWhitespace(source[position - 1]) { position -= 1 }
        if source[position - 1] == UInt8(ascii: ",") {
            position -= 1
            while ValidatedJSON.isWhitespace(source[position - 1]) { position -= 1 }
        }
        return position
    }

    public var count: Int { starts.count }

    public func itemRange(_ index: Int) -> Range<Int> {
        let start = starts[index]
        if index + 1 == starts.count { return start..<lastEnd }
        return start..<JSONLayout.valueEnd(before: starts[index + 1], in: source)
    }

    public func head(resultCount: Int) -> [Piece] {
        if resultCount == 0 || starts.isEmpty { return [.source(0..<openBracket + 1)] + newPositions.emptyArrayHead(resultCount: resultCount) }
        return [.source(0..<starts[0])]
    }

    public func separator(afterPosition position: Int, resultCount: Int) -> Piece {
        if position + 1 < starts.count {
            return .source(itemRange(position).upperBound..<starts[position + 1])
        }
        return newPositions.separator
    }

    public func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] {
        let end = source.count
        if starts.isEmpty {
            // The source's whitespace inside `[]` stays only when the
            // array stays empty.
            if resultCount == 0 { return [.source(openBracket + 1..<end)] }
            return newPositions.emptyArrayTail + [.source(closeBracket..<end)]
        }
        // Deleting every element leaves `[]`.
        if resultCount == 0 { return [.source(closeBracket..<end)] }
        return [.source(lastEnd..<end)]
    }

    /// The bytes a new element with `value` is written with: `value` itself,
    /// without surrounding whitespace, when it is one JSON value; with
    /// `asString`, `value` encoded as a JSON string.
    public func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        try JSONLayout.newItem(value, asString: asString)
    }

    public static func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        if asString {
            guard let encoded = JSONText.encodeString(value) else { throw JSONErrors.valueNotUTF8(value: value) }
            return encoded
        }
        // SAFETY: the bytes of `value` are only read inside the closure, and no pointer to them leaves it.
        try value.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes, tokens: [])
            scanner.allowsByteOrderMark = false
            do {
                _ = try scanner.scan()
            } catch let error as FormatError {
                guard case .syntax(let problem) = error.kind, let offset = error.offset else { throw error }
                throw JSONErrors.invalidValue(value, problem: problem, at: offset)
            }
        }
        var start = 0, end = value.count
        while start < end && ValidatedJSON.isWhitespace(value[start]) { start += 1 }
        while end > start && ValidatedJSON.isWhitespace(value[end - 1]) { end -= 1 }
        return Array(value[start..<end])
    }
}
