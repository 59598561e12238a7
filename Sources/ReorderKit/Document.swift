/// How to read a document's list.
public struct ReadOptions: Equatable, Sendable {
    public var format: FormatChoice = .auto
    /// `-z`: lines end with NUL.
    public var nulTerminated = false
    /// `-p`: the RFC 6901 pointer to the JSON array; empty is the root.
    public var pointer = ""
    /// `--text`: read lines that hold a NUL byte (binary-looking input)
    /// instead of refusing them.
    public var binaryAsText = false

    public init(format: FormatChoice = .auto, nulTerminated: Bool = false, pointer: String = "",
                binaryAsText: Bool = false) {
        self.format = format
        self.nulTerminated = nulTerminated
        self.pointer = pointer
        self.binaryAsText = binaryAsText
    }
}

/// A document's bytes read as a list: the seam between the formats and the
/// operations. The source buffer must outlive the document.
public struct ListDocument {
    public enum Layout {
        case lines(LinesLayout)
        case json(JSONLayout)
    }

    public let source: UnsafeRawBufferPointer
    public let layout: Layout

    /// Reads `source` as `format`.
    public init(_ source: UnsafeRawBufferPointer, format: ListFormat, options: ReadOptions) throws {
        self.source = source
        switch format {
        case .lines:
            if !options.nulTerminated && !options.binaryAsText,
               let nul = firstIndex(of: 0, in: source, from: 0, to: source.count) {
                throw ListDocument.binaryInput(source, nulAt: nul)
            }
            layout = .lines(LinesLayout(source, terminator: options.nulTerminated ? .nul : .newline))
        case .json:
            layout = .json(try JSONLayout(source, pointer: options.pointer))
        }
    }

    /// Where the first NUL byte stands: its line, and its byte in that line.
    private static func binaryInput(_ source: UnsafeRawBufferPointer, nulAt offset: Int) -> ReorderError {
        var line = 1, lineStart = 0, position = 0
        while let newline = firstIndex(of: 0x0A, in: source, from: position, to: offset) {
            line += 1
            lineStart = newline + 1
            position = newline + 1
        }
        return .binaryInput(line: line, column: offset - lineStart + 1)
    }

    public var format: ListFormat {
        switch layout {
        case .lines: return .lines
        case .json: return .json
        }
    }

    /// The byte a diff of this document's text splits it at: the lines'
    /// terminator (NUL with `-z`), or a newline (JSON is diffed by its lines).
    public var itemTerminator: UInt8 {
        if case .lines(let lines) = layout { return lines.terminator.byte }
        return UInt8(ascii: "\n")
    }

    /// The number of items.
    public var count: Int {
        switch layout {
        case .lines(let lines): return lines.count
        case .json(let json): return json.count
        }
    }

    /// The bytes of source item `index`, as they stand in the document.
    public func itemBytes(_ index: Int) -> UnsafeRawBufferPointer {
        let range: Range<Int>
        switch layout {
        case .lines(let lines): range = lines.itemRange(index)
        case .json(let json): range = json.itemRange(index)
        }
        return UnsafeRawBufferPointer(rebasing: source[range])
    }

    /// The bytes a new item with `value` is written with. Lines: the value
    /// itself, which must not hold a terminator. JSON: the value, which must
    /// be one valid JSON value, or with `asString`, the value encoded as a
    /// JSON string.
    public func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        switch layout {
        case .lines(let lines):
            try value.withUnsafeBytes { try ListDocument.checkLineValue($0, 0..<value.count, lines) }
            return value
        case .json(let json):
            return try json.newItem(value, asString: asString)
        }
    }

    /// `newItem` for a value that is `buffer[range]`, as a batch's values
    /// are ranges of its script: the range of `buffer` that holds the new
    /// item's bytes. Lines: the value where it is, so that a batch of many
    /// inserts copies none of them. JSON: `newItem`'s bytes, appended.
    func newItem(valueIn buffer: inout [UInt8], at range: Range<Int>, asString: Bool) throws -> Range<Int> {
        switch layout {
        case .lines(let lines):
            try buffer.withUnsafeBytes { try ListDocument.checkLineValue($0, range, lines) }
            return range
        case .json(let json):
            let bytes = try json.newItem(Array(buffer[range]), asString: asString)
            let start = buffer.count
            buffer.append(contentsOf: bytes)
            return start..<buffer.count
        }
    }

    /// A line's value is one item: it must not hold the terminator.
    private static func checkLineValue(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ lines: LinesLayout) throws {
        let terminator = lines.terminator.byte
        if firstIndex(of: terminator, in: bytes, from: range.lowerBound, to: range.upperBound) != nil {
            throw ReorderError.valueContainsTerminator(terminator: terminator)
        }
    }

    /// Calls `write` with the bytes of the result as slices, in order, up to
    /// 1024 at a time (for `writev`); stretches of the source are slices of
    /// it, never copies. The slices are valid until `write` returns.
    public func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        switch layout {
        case .lines(let lines): try Renderer(layout: lines, source: source).write(arrangement, gathered: write)
        case .json(let json): try Renderer(layout: json, source: source).write(arrangement, gathered: write)
        }
    }

    /// Calls `write` with the bytes of the result, in order, a slice at a
    /// time.
    public func write(_ arrangement: Arrangement, to write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try self.write(arrangement, gathered: { slices in
            for slice in slices { try write(slice) }
        })
    }

    /// The result as one array.
    public func render(_ arrangement: Arrangement) -> [UInt8] {
        var output: [UInt8] = []
        write(arrangement) { output.append(contentsOf: $0) }
        return output
    }

    /// True when the result is byte-identical to the source.
    public func resultEqualsSource(_ arrangement: Arrangement) -> Bool {
        switch layout {
        case .lines(let lines): return Renderer(layout: lines, source: source).outputEqualsSource(arrangement)
        case .json(let json): return Renderer(layout: json, source: source).outputEqualsSource(arrangement)
        }
    }
}
