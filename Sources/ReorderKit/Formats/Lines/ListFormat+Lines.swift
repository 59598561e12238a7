extension ListFormat {
    /// Items are lines (see `LinesLayout`).
    public static let lines = ListFormat(
        name: "lines",
        claims: LinesLayout.textExtensions.map(FileClaim.fileExtension),
        help: "Items are lines, each ending with LF or CRLF (with -z, NUL); every line keeps its terminator, the file keeps its final newline or its lack of one, and bytes are kept exactly (invalid UTF-8, trailing spaces). An input that holds a NUL byte looks binary and is refused, unless -z or --text. These extensions are lines whatever the file starts with: a .jsonl or .ndjson holds one JSON value a line.",
        declares: [.nulTerminated, .binaryAsText, .commentPrefix],
        words: FormatWords(name: "lines"),
        heapBytesPerByte: 2, oneListMovesBetweenFiles: true,
        read: { source, options in
            let layout = LinesLayout(source, terminator: options.nulTerminated ? .nul : .newline,
                                     fallbackTerminator: options.fallbackTerminator, lender: options.lender,
                                     findingNul: !options.nulTerminated && !options.binaryAsText)
            if let nul = layout.firstNul { throw LinesLayout.binaryInput(source, nulAt: nul) }
            // With comment headings, comment lines are the positions'.
            if options.commentHeadings { return HeadedLinesLayout(layout, prefixes: options.commentPrefixes) }
            return layout
        })
}

extension LinesLayout: FormatLayout {
    /// Extensions of text files whose items are lines, whatever their first
    /// byte: a `.log` or `.ini` that starts with `[` is still lines, and a
    /// `.jsonl` or `.ndjson` holds one JSON value a line.
    public static let textExtensions: [String] = [
        "txt", "text", "log", "ini", "cfg", "conf", "jsonl", "ndjson",
        "rst", "list", "lst", "in", "env", "properties",
    ]

    /// An input that holds a NUL byte looks binary, as `grep` and `diff`
    /// judge it: where the first one stands, its line and its byte in that
    /// line.
    static func binaryInput(_ source: UnsafeRawBufferPointer, nulAt offset: Int) -> ReorderError {
        var line = 1, lineStart = 0, position = 0
        while let newline = firstIndex(of: 0x0A, in: source, from: position, to: offset) {
            line += 1
            lineStart = newline + 1
            position = newline + 1
        }
        return .binaryInput(line: line, column: offset - lineStart + 1)
    }

    public var diffTerminator: UInt8 { terminator.byte }

    /// Through the `Renderer`, with the layout's lender: a large result's
    /// second half is copied on it while this thread writes the first.
    public func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        try Renderer(layout: self, source: source).write(arrangement, lender: lender, gathered: write)
    }

    /// Refuses a result whose first line starts with U+FEFF in a file that
    /// has no byte-order mark: a reader would take it for the file's mark.
    public func check(_ arrangement: Arrangement) throws {
        guard !hasByteOrderMark else { return }
        try arrangement.refuseByteOrderMarkFirst(in: source, itemRange: itemRange)
    }

    /// A line's value is the item: it must not hold the terminator.
    public func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        // SAFETY: the bytes of `value` are only read inside the closure, and no pointer to them leaves it.
        try value.withUnsafeBytes { try checkLineValue($0, 0..<value.count) }
        return value
    }

    /// The value where it is, so that a batch of many inserts copies none.
    public func newItem(valueIn buffer: inout [UInt8], at range: Range<Int>, asString: Bool) throws -> Range<Int> {
        // SAFETY: the bytes of `buffer` are only read inside the closure, and no pointer to them leaves it.
        try buffer.withUnsafeBytes { try checkLineValue($0, range) }
        return range
    }

    private func checkLineValue(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) throws {
        let terminator = self.terminator.byte
        if firstIndex(of: terminator, in: bytes, from: range.lowerBound, to: range.upperBound) != nil {
            throw ReorderError.valueContainsTerminator(terminator: terminator)
        }
        // A CR at the end of a line belongs to its terminator: it would not
        // read back as the value's.
        if self.terminator == .newline && range.upperBound > range.lowerBound && bytes[range.upperBound - 1] == 0x0D {
            throw ReorderError.valueEndsWithCarriageReturn
        }
    }

    /// A line's bytes, exactly, as a string.
    public func value(ofItem index: Int, at pointer: JSONPointer?) throws -> ItemValue? {
        .string(.source(itemRange(index)))
    }

    public func value(ofItemBytes item: UnsafeRawBufferPointer, at pointer: JSONPointer?) -> ItemValue? {
        .string(.source(0..<item.count))
    }

    /// A line has no values inside it.
    public func valuePointer(_ key: String) throws -> JSONPointer {
        throw SelectorError.keyNeedsFields(key: key, format: .lines)
    }

    /// Bytes (`LC_ALL=C sort -s`), or by leading number (`sortedByValue`).
    /// Plain bytes are sorted here rather than by `SortKey`s: the lines
    /// need no keys of their own, `StringSort` reads them where they stand
    /// (`ByteKeys.sortedOrder(lines:…)`: the layout's table of starts, and
    /// a length each unless every terminator has one length).
    public func sortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        if let key { throw SelectorError.keyNeedsFields(key: key, format: .lines) }
        if options.numeric { return try sortedByValue(options, key: nil) }
        let count = self.count
        guard count > 0, source.baseAddress != nil else { return [] }
        // Four thousand million lines: `SortKey`s, which compare.
        if count >= Int(UInt32.max) { return try sortedByValue(options, key: nil) }
        let ranges = self.ranges
        if let terminator = uniformTerminator {
            // Lengths from where lines start: no table of them to fill.
            return withExtendedLifetime(self) {
                ByteKeys.sortedOrder(lines: source, starts: ranges.starts, count: count, terminatorLength: terminator.count,
                                     lastLength: ranges.itemRange(count - 1).count, options)
            }
        }
        let order = withExtendedLifetime(self) {
            ByteKeys.sortedOrder(lines: source, starts: ranges.starts, count: count,
                                 length: { ranges.itemRange($0).count }, options)
        }
        // A line of 4 GiB: `SortKey`s, which compare.
        return try order ?? sortedByValue(options, key: nil)
    }
}
