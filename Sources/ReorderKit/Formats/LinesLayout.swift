/// The lines of a text file as a list.
///
/// Items are lines without their terminators. A line ends with LF or CRLF
/// (or NUL, with `-z`); each position keeps the terminator it had, and
/// whether the file ends with a terminator is a property of the file, kept as
/// it was. A UTF-8 byte-order mark is the head, not part of the first item.
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
    /// Where the last line's content ends.
    private let contentEnd: Int
    /// The last line's terminator; empty when the file does not end with one.
    private let finalTerminator: Range<Int>
    /// The terminator for positions the source did not have.
    public let defaultTerminator: [UInt8]
    public let separatorsAreUniform: Bool
    private let source: UnsafeRawBufferPointer

    public init(_ source: UnsafeRawBufferPointer, terminator: Terminator = .newline) {
        self.source = source
        self.terminator = terminator
        let end = source.count
        let bomLength =
            end >= 3 && source[0] == 0xEF && source[1] == 0xBB && source[2] == 0xBF ? 3 : 0
        byteOrderMark = 0..<bomLength

        let terminatorByte = terminator.byte
        let starts = OffsetTable(
            capacity: LinesLayout.estimatedLineCount(source, from: bomLength, terminator: terminatorByte))
        // Terminator kinds seen after lines other than the last.
        var innerLF = 0
        var innerCRLF = 0
        var lastWasCRLF = false
        var contentEnd = bomLength
        var finalTerminator = bomLength..<bomLength
        var position = bomLength
        while position < end {
            starts.append(position)
            guard let found = firstIndex(of: terminatorByte, in: source, from: position, to: end) else {
                contentEnd = end
                finalTerminator = end..<end
                break
            }
            let isCRLF = terminator == .newline && found > position && source[found - 1] == 0x0D
            let lineEnd = isCRLF ? found - 1 : found
            position = found + 1
            if position == end {
                contentEnd = lineEnd
                finalTerminator = lineEnd..<end
            } else {
                if isCRLF { innerCRLF += 1 } else { innerLF += 1 }
            }
            lastWasCRLF = isCRLF
        }
        self.starts = starts
        self.contentEnd = contentEnd
        self.finalTerminator = finalTerminator

        // New positions take the terminator of the last terminated line:
        // lines appended to a CRLF file end with CRLF.
        let lf: [UInt8] = [terminatorByte]
        let crlf: [UInt8] = [0x0D, 0x0A]
        let hasTerminatedLine = !finalTerminator.isEmpty || starts.count > 1
        defaultTerminator = hasTerminatedLine && lastWasCRLF ? crlf : lf
        if innerCRLF == 0 {
            separatorsAreUniform = defaultTerminator == lf
        } else {
            separatorsAreUniform = innerLF == 0 && defaultTerminator == crlf
        }
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
    func itemStart(_ index: Int) -> Int { starts[index] }

    public func itemRange(_ index: Int) -> Range<Int> {
        let start = starts[index]
        if index + 1 == starts.count { return start..<contentEnd }
        let next = starts[index + 1]
        // next - 1 is the terminator byte; a CR before it belongs to a CRLF.
        var end = next - 1
        if terminator == .newline && end > start && source[end - 1] == 0x0D { end -= 1 }
        return start..<end
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
