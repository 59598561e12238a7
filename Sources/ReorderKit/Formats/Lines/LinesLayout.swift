/// The lines of a text file as a list.
///
/// Items are lines without their terminators. A line ends with LF or CRLF
/// (or NUL, with `-z`); each position keeps the terminator it had, and
/// whether the file ends with a terminator is a property of the file, kept as
/// it was. Every CR right before a LF (`a\r\r\n`), and CRs that end the file
/// without one, belong to the terminator, never to an item: an item that
/// ended with a CR would, at a position ending with a LF, read back as a
/// line with a CRLF terminator. So `?\n\n\r` reversed is `\n\n?\r`, and
/// reversed again is the input. A UTF-8 byte-order mark is the head, not part of the first item.
/// Bytes are never interpreted beyond finding terminators: invalid UTF-8,
/// NUL (in newline mode) and trailing spaces stay as they are.
///
/// Memory: one `Int` per line (where the line starts); where a line ends is
/// read off the bytes before the next line's start.
public struct LinesLayout: ListLayout {
    public enum Terminator: Equatable, Sendable {
        /// LF or CRLF.
        case newline
        /// NUL (`-z`).
        case nul

        var byte: UInt8 { self == .newline ? 0x0A : 0x00 }
    }

    public let terminator: Terminator
    /// Source offset where each line starts, by source index.
    private let starts: OffsetTable
    /// Bytes of the byte-order mark, or an empty range at 0.
    private let byteOrderMark: Range<Int>
    var hasByteOrderMark: Bool { !byteOrderMark.isEmpty }
    /// Where the last line's content ends.
    private let contentEnd: Int
    /// The last line's terminator; empty when the file does not end with one.
    private let finalTerminator: Range<Int>
    /// The terminator for positions the source did not have.
    public let defaultTerminator: [UInt8]
    public let separatorsAreUniform: Bool
    public let source: UnsafeRawBufferPointer
    /// A thread the writer may copy half of a large result on
    /// (`ReadOptions.lender`).
    let lender: ThreadLender?
    /// Where the first NUL byte is, when the reader was asked to find it.
    public let firstNul: Int?

    /// `fallbackTerminator`: what lines added to a list without a
    /// terminated line end with (LF when nil; CRLF for an empty region of
    /// a CRLF file). With `lender`, a large source's second half is read
    /// on a lent thread.
    ///
    /// With `findingNul`, `firstNul` is where the first NUL byte is, found
    /// by the threads that read the lines, each in its half.
    public init(_ source: UnsafeRawBufferPointer, terminator: Terminator = .newline,
                fallbackTerminator: [UInt8]? = nil, lender: ThreadLender? = nil, findingNul: Bool = false) {
        self.source = source
        self.terminator = terminator
        self.lender = lender
        let end = source.count
        let bomLength =
            end >= 3 && source[0] == 0xEF && source[1] == 0xBB && source[2] == 0xBF ? 3 : 0
        byteOrderMark = 0..<bomLength

        let terminatorByte = terminator.byte
        let starts = OffsetTable(
            capacity: LinesLayout.estimatedLineCount(source, from: bomLength, terminator: terminatorByte))
        var scan = Scan(source: source, terminator: terminator, end: end, findsNul: findingNul)
        // Halves that start a line each: the second read on a lent thread.
        if let lender, end - bomLength >= LinesLayout.twoThreadBytes,
           let found = firstIndex(of: terminatorByte, in: source, from: bomLength + (end - bomLength) / 2, to: end),
           found + 1 < end {
            let split = found + 1
            let second = SecondHalf(Scan(source: source, terminator: terminator, end: end, findsNul: findingNul),
                                    OffsetTable(capacity: starts.capacity / 2 + 16))
            let wait = lender.start { second.read(from: split, to: end) }
            scan.read(from: bomLength, to: split, into: starts)
            if let wait { wait() } else { second.read(from: split, to: end) }
            scan.append(second.scan)
            starts.append(contentsOf: second.starts)
        } else {
            scan.read(from: bomLength, to: end, into: starts)
        }
        let innerLF = scan.innerLF, innerCRLF = scan.innerCRLF, innerOther = scan.innerOther
        let lastWasCRLF = scan.lastWasCRLF
        let contentEnd = scan.contentEnd ?? bomLength
        let finalTerminator = scan.finalTerminator ?? bomLength..<bomLength
        firstNul = scan.firstNul
        self.starts = starts
        self.contentEnd = contentEnd
        self.finalTerminator = finalTerminator

        // New positions take the terminator of the last terminated line:
        // lines appended to a CRLF file end with CRLF.
        let lf: [UInt8] = [terminatorByte]
        let crlf: [UInt8] = [0x0D, 0x0A]
        let hasTerminatedLine = !finalTerminator.isEmpty || starts.count > 1
        defaultTerminator = hasTerminatedLine ? (lastWasCRLF ? crlf : lf) : (fallbackTerminator ?? lf)
        // A final terminator of CRs (`\r`, `\r\r\n`) is no LF or CRLF either.
        let finalIsRegular = finalTerminator.isEmpty || finalTerminator.count == 1 && source[finalTerminator.lowerBound] == terminatorByte
            || finalTerminator.count == 2 && lastWasCRLF && source[finalTerminator.upperBound - 1] == terminatorByte
        if innerOther > 0 || !finalIsRegular {
            separatorsAreUniform = false
        } else if innerCRLF == 0 {
            separatorsAreUniform = defaultTerminator == lf
        } else {
            separatorsAreUniform = innerLF == 0 && defaultTerminator == crlf
        }
    }

    /// Where the content of the line in `start..<end` ends: `end` less every
    /// CR right before it (newline mode). The CRs belong to the terminator,
    /// so that no item ends with a CR that the LF of another position would
    /// turn into a CRLF, and reading a result again gives the same items.
    @inline(__always)
    static func contentEnd(
        _ source: UnsafeRawBufferPointer, from start: Int, before end: Int, _ terminator: Terminator
    ) -> Int {
        guard terminator == .newline else { return end }
        var contentEnd = end
        while contentEnd > start && source[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        return contentEnd
    }

    /// Sources this large are read on two threads.
    static let twoThreadBytes = 4 << 20

    /// Reading lines: where each starts, and the terminators seen.
    struct Scan {
        let source: UnsafeRawBufferPointer
        let terminator: Terminator
        /// The end of the source (the last line's terminator is its own).
        let end: Int
        /// Terminator kinds seen after lines other than the last.
        var innerLF = 0
        var innerCRLF = 0
        var innerOther = 0
        var lastWasCRLF = false
        /// Where the last line's content ends and its terminator: set by
        /// the scan that reads the source's end.
        var contentEnd: Int? = nil
        var finalTerminator: Range<Int>? = nil
        let findsNul: Bool
        var firstNul: Int? = nil

        init(source: UnsafeRawBufferPointer, terminator: Terminator, end: Int, findsNul: Bool) {
            self.source = source
            self.terminator = terminator
            self.end = end
            self.findsNul = findsNul
        }

        /// Reads the lines that start in `start ..< limit` (`limit` is
        /// where a line starts, or the end).
        mutating func read(from start: Int, to limit: Int, into starts: OffsetTable) {
            let terminatorByte = terminator.byte
            if findsNul { firstNul = firstIndex(of: 0, in: source, from: start, to: limit) }
            var position = start
            while position < limit {
                starts.append(position)
                guard let found = firstIndex(of: terminatorByte, in: source, from: position, to: limit) else {
                    // CRs that end the file without an LF are the file's own
                    // ending, as a final terminator is, not the last line's
                    // content.
                    let lineEnd = LinesLayout.contentEnd(source, from: position, before: limit, terminator)
                    contentEnd = lineEnd
                    finalTerminator = lineEnd..<limit
                    break
                }
                let lineEnd = LinesLayout.contentEnd(source, from: position, before: found, terminator)
                let isCRLF = found - lineEnd == 1
                position = found + 1
                if position == end {
                    contentEnd = lineEnd
                    finalTerminator = lineEnd..<end
                } else {
                    if found == lineEnd { innerLF += 1 } else if isCRLF { innerCRLF += 1 } else { innerOther += 1 }
                }
                lastWasCRLF = isCRLF
            }
        }

        /// Adds what a scan of the lines after these saw.
        mutating func append(_ next: Scan) {
            innerLF += next.innerLF
            innerCRLF += next.innerCRLF
            innerOther += next.innerOther
            lastWasCRLF = next.lastWasCRLF
            firstNul = firstNul ?? next.firstNul
            contentEnd = next.contentEnd
            finalTerminator = next.finalTerminator
        }
    }

    /// The second half of a large source, read on a lent thread: the
    /// caller reads neither until that thread is done.
    // SAFETY: the lent thread alone fills `scan` and `starts`; the caller reads them only after its wait returns.
    final class SecondHalf: @unchecked Sendable {
        var scan: Scan
        let starts: OffsetTable

        init(_ scan: Scan, _ starts: OffsetTable) {
            self.scan = scan
            self.starts = starts
        }

        func read(from start: Int, to limit: Int) { scan.read(from: start, to: limit, into: starts) }
    }

    /// A guess at the number of lines from their density in the first 64 KiB,
    /// so that the offsets array is allocated once for typical files.
    private static func estimatedLineCount(
        _ source: UnsafeRawBufferPointer, from start: Int, terminator: UInt8
    ) -> Int {
        let sampleEnd = min(source.count, start + 65_536)
        var lines = 0
        var position = start
        while let found = firstIndex(of: terminator, in: source, from: position, to: sampleEnd) {
            lines += 1
            position = found + 1
        }
        let sampled = sampleEnd - start
        guard sampled > 0, lines > 0 else { return 16 }
        let total = source.count - start
        return Int(Double(total) / Double(sampled) * Double(lines) * 1.02) + 16
    }

    public var count: Int { starts.count }

    /// Where line `index` starts: `itemRange(index).lowerBound`, without
    /// reading the bytes to find where it ends.
    @inline(__always)
    public func itemStart(_ index: Int) -> Int { starts[index] }

    public var uniformTerminator: [UInt8]? { separatorsAreUniform ? defaultTerminator : nil }

    public var itemsAreLines: Bool { true }

    public func itemRange(_ index: Int) -> Range<Int> { ranges.itemRange(index) }

    /// `itemRange` without the layout around it: plain pointers and
    /// numbers, for loops over a million lines (valid while the layout
    /// lives).
    struct Ranges {
        let starts: UnsafePointer<Int>
        let count: Int
        let contentEnd: Int
        let source: UnsafeRawBufferPointer
        let terminator: Terminator

        @inline(__always)
        func itemRange(_ index: Int) -> Range<Int> {
            let start = starts[index]
            if index + 1 == count { return start..<contentEnd }
            let next = starts[index + 1]
            // next - 1 is the terminator byte; CRs before it belong to it.
            return start..<LinesLayout.contentEnd(source, from: start, before: next - 1, terminator)
        }
    }

    var ranges: Ranges {
        // SAFETY: the table's storage, read only while the layout (which owns the table) lives; see Ranges.
        Ranges(starts: UnsafePointer(starts.base), count: starts.count, contentEnd: contentEnd, source: source, terminator: terminator)
    }

    public func head(resultCount: Int) -> [Piece] {
        [.source(byteOrderMark)]
    }

    public func separator(afterPosition position: Int, resultCount: Int) -> Piece {
        if position + 1 < starts.count {
            return .source(itemRange(position).upperBound..<starts[position + 1])
        }
        return .bytes(defaultTerminator)
    }

    public func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] {
        guard resultCount > 0 else { return [] }
        // An empty file counts as a text file that ends with a terminator:
        // a line added to it ends with one, as `echo x >> file` would.
        if starts.count == 0 { return [.bytes(defaultTerminator)] }
        // A last item that is empty and unterminated would vanish on the
        // next read, so it gets a terminator.
        if finalTerminator.isEmpty && lastItemIsEmpty { return [.bytes(defaultTerminator)] }
        return [.source(finalTerminator)]
    }
}
