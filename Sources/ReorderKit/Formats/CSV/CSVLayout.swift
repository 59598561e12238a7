/// The rows of a CSV (RFC 4180) or TSV file as a list.
///
/// Items are the data rows, without their terminators: index 0 is the first
/// row after the header. The head is the byte-order mark (if any), the
/// header row and its terminator; it stays first. Each position keeps the
/// terminator it had (LF or CRLF), and whether the file ends with one is a
/// property of the file, kept as it was, as in `LinesLayout`. A row's bytes
/// are never rewritten: its quoting, spacing and line breaks inside quotes
/// stay as they are.
///
/// What is refused, at its place: a row with another number of fields than
/// the header (or the first row, without one), an unterminated quote (at the
/// opening quote), a quote inside an unquoted field or text after a closing
/// quote (at that quote), a blank line (RFC 4180 has none: a row of one
/// empty field or spacing?), a CR outside quotes that is not before a LF,
/// and in TSV, which has no quoting, a field that starts with a quote.
///
/// Memory: one `Int` per row (where it starts); where a row ends is read
/// off the bytes before the next row's start, whose last one or two are its
/// terminator (a row never ends with a CR: outside quotes a CR must be
/// before a LF, and a quoted field ends with its quote).
public struct CSVLayout: ListLayout {
    public let source: UnsafeRawBufferPointer
    let dialect: CSVDialect
    /// Whether the first row is the header (not an item).
    let hasHeader: Bool
    /// `--key '#N'` counts from 1.
    let countsFromOne: Bool
    /// Where each row starts, header included.
    let starts: OffsetTable
    /// 1 when the first row is the header, else 0: item `i` is row `i + first`.
    private let first: Int
    /// Bytes of the byte-order mark, or an empty range at 0.
    let byteOrderMark: Range<Int>
    /// Where the last row's content ends.
    private let contentEnd: Int
    /// The last row's terminator; empty when the file does not end with one.
    let finalTerminator: Range<Int>
    /// The number of fields every row has (0 for a file without a row).
    let fieldCount: Int
    /// The terminator of new positions: the last terminated row's.
    let defaultTerminator: [UInt8]
    public let separatorsAreUniform: Bool

    init(_ source: UnsafeRawBufferPointer, dialect: CSVDialect, header: Bool, countsFromOne: Bool) throws {
        self.source = source
        self.dialect = dialect
        self.hasHeader = header
        self.countsFromOne = countsFromOne
        let delimiter = dialect.delimiter
        guard CSVDialect.canDelimit(delimiter) else {
            throw FormatError(dialect.format, .cannotDelimit(what: "a delimiter that is a quote or a line break"))
        }
        let end = source.count
        let bomLength = end >= 3 && source[0] == 0xEF && source[1] == 0xBB && source[2] == 0xBF ? 3 : 0
        byteOrderMark = 0..<bomLength
        let starts = OffsetTable(capacity: CSVLayout.estimatedRowCount(source, from: bomLength))
        var fieldCount = -1
        var innerLF = 0, innerCRLF = 0
        var lastWasCRLF = false
        var contentEnd = bomLength
        var finalTerminator = bomLength..<bomLength
        // SAFETY: the source's memory is read only as bytes, within `source.count`.
        guard let base = source.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            self.starts = starts
            first = 0
            self.contentEnd = 0
            self.finalTerminator = 0..<0
            self.fieldCount = 0
            defaultTerminator = [0x0A]
            separatorsAreUniform = true
            return
        }
        let quote = UInt8(ascii: "\""), lf: UInt8 = 0x0A, cr: UInt8 = 0x0D
        let quoting = dialect.quoting
        // Bytes that end an unquoted field or are refused in one.
        var special = [Bool](repeating: false, count: 256)
        special[Int(delimiter)] = true
        special[Int(lf)] = true
        special[Int(cr)] = true
        if quoting { special[Int(quote)] = true }
        var position = bomLength
        var row = 0
        // SAFETY: the storage of `special` is only read inside the closure, and no pointer to it leaves it.
        try special.withUnsafeBufferPointer { special in
            while position < end {
                let rowStart = position
                starts.append(rowStart)
                var fields = 0
                // One field a turn; `position` is where the field starts.
                while true {
                    fields += 1
                    if position < end && base[position] == quote {
                        if !quoting { throw CSVError.quoteInTSV(dialect, offset: position) }
                        let opening = position
                        position += 1
                        while true {
                            guard let closing = firstIndex(of: quote, in: source, from: position, to: end) else {
                                throw CSVError.unterminatedQuote(dialect, offset: opening)
                            }
                            if closing + 1 < end && base[closing + 1] == quote {
                                position = closing + 2
                                continue
                            }
                            position = closing + 1
                            if position < end {
                                let next = base[position]
                                if next != delimiter && next != lf && !(next == cr && position + 1 < end && base[position + 1] == lf) {
                                    throw CSVError.textAfterClosingQuote(dialect, offset: closing)
                                }
                            }
                            break
                        }
                    } else {
                        while position < end && !special[Int(base[position])] { position += 1 }
                        if position < end && base[position] == quote { throw CSVError.quoteInUnquotedField(dialect, offset: position) }
                    }
                    if position < end && base[position] == delimiter {
                        position += 1
                        continue
                    }
                    break
                }
                // The row's end: the file's, a LF or a CRLF.
                let rowEnd = position
                if position == end {
                    contentEnd = rowEnd
                    finalTerminator = end..<end
                } else {
                    if base[position] == cr {
                        guard position + 1 < end && base[position + 1] == lf else {
                            throw CSVError.bareCarriageReturn(dialect, offset: position)
                        }
                        position += 2
                        lastWasCRLF = true
                    } else {
                        position += 1
                        lastWasCRLF = false
                    }
                    if rowEnd == rowStart { throw CSVError.blankLine(dialect, offset: rowStart) }
                    if position == end {
                        contentEnd = rowEnd
                        finalTerminator = rowEnd..<end
                    } else if row > 0 || !header {
                        // Between two items (the header's terminator is the head's).
                        if lastWasCRLF { innerCRLF += 1 } else { innerLF += 1 }
                    }
                }
                if fieldCount < 0 {
                    fieldCount = fields
                } else if fields != fieldCount {
                    throw CSVError.wrongFieldCount(dialect, row: row, found: fields, expected: fieldCount, header: header, offset: rowStart)
                }
                row += 1
            }
        }
        self.starts = starts
        first = header && starts.count > 0 ? 1 : 0
        self.contentEnd = contentEnd
        self.finalTerminator = finalTerminator
        self.fieldCount = max(fieldCount, 0)
        let lfBytes: [UInt8] = [lf], crlf: [UInt8] = [cr, lf]
        let hasTerminatedRow = !finalTerminator.isEmpty || starts.count > 1
        defaultTerminator = hasTerminatedRow && lastWasCRLF ? crlf : lfBytes
        separatorsAreUniform = innerCRLF == 0 && defaultTerminator == lfBytes || innerLF == 0 && defaultTerminator == crlf
    }

    /// A guess at the number of rows from the lines in the first 64 KiB.
    private static func estimatedRowCount(_ source: UnsafeRawBufferPointer, from start: Int) -> Int {
        let sampleEnd = min(source.count, start + 65_536)
        var lines = 0, position = start
        while let found = firstIndex(of: 0x0A, in: source, from: position, to: sampleEnd) {
            lines += 1
            position = found + 1
        }
        let sampled = sampleEnd - start
        guard sampled > 0, lines > 0 else { return 16 }
        return Int(Double(source.count - start) / Double(sampled) * Double(lines) * 1.02) + 16
    }

    /// The number of data rows.
    public var count: Int { starts.count - first }

    /// Source row `row` (the header is row 0 when there is one).
    func rowRange(_ row: Int) -> Range<Int> {
        let start = starts[row]
        if row + 1 == starts.count { return start..<contentEnd }
        let next = starts[row + 1]
        // next - 1 is the LF; a CR before it is the terminator's.
        let end = next - 1 > start && source[next - 2] == 0x0D ? next - 2 : next - 1
        return start..<end
    }

    public func itemRange(_ index: Int) -> Range<Int> { rowRange(index + first) }

    @inline(__always)
    public func itemStart(_ index: Int) -> Int { starts[index + first] }

    public var uniformTerminator: [UInt8]? { separatorsAreUniform ? defaultTerminator : nil }

    /// The header row's bytes, or nil without one.
    var headerRange: Range<Int>? { first == 1 ? rowRange(0) : nil }

    public func head(resultCount: Int) -> [Piece] {
        guard let header = headerRange else { return [.source(byteOrderMark)] }
        var pieces: [Piece] = [.source(byteOrderMark), .source(header)]
        if resultCount == 0 {
            // No row left: the header ends as the file did, with its own
            // terminator or without one.
            if !finalTerminator.isEmpty {
                pieces.append(.source(count > 0 ? header.upperBound..<starts[1] : finalTerminator))
            }
        } else if count > 0 {
            pieces.append(.source(header.upperBound..<starts[1]))
        } else {
            // The header is the last row: new rows follow its terminator,
            // or one of their own when it had none.
            pieces.append(finalTerminator.isEmpty ? .bytes(defaultTerminator) : .source(finalTerminator))
        }
        return pieces
    }

    public func separator(afterPosition position: Int, resultCount: Int) -> Piece {
        if position + 1 < count {
            return .source(itemRange(position).upperBound..<itemStart(position + 1))
        }
        return .bytes(defaultTerminator)
    }

    public func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] {
        if resultCount == 0 { return [] }
        if count > 0 { return [.source(finalTerminator)] }
        // Rows added to a file that had none: an empty file, or a header
        // without a terminator (then the file still ends without one), or
        // with one (then so does the last row).
        if headerRange != nil && finalTerminator.isEmpty { return [] }
        return [.bytes(defaultTerminator)]
    }
}
