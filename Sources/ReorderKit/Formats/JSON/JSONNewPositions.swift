/// The layout of positions an array did not have: what goes between an
/// inserted element and the one before it, and around the elements of an
/// array that was empty.
///
/// - Two or more elements: the separator before the last element, so
///   appended elements look like the last one (without the blank lines
///   that part it from a group before it, unless all are parted so).
/// - One element: `,` and the whitespace between `[` and the element
///   (`[\n  1\n]` → `[\n  1,\n  2\n]`, `[ 1 ]` → `[ 1, 2 ]`). With no
///   whitespace there (`[1]`), the document's style: `,` in a compact
///   document (its first `,` or, lacking one, its first `:` is followed by
///   no space), `, ` otherwise.
/// - An empty array whose container is laid out one member per line (a line
///   break between the container's opening bracket and `[`), or which
///   holds a line break itself: one element per line, indented one level
///   deeper than the line of `[`. The level is what the line of `[` adds to
///   the line of its container; failing that the document's smallest
///   indentation; failing that two spaces. Line breaks are CRLF when the
///   document's are.
/// - Any other empty array (the root, or one inside a container written on
///   one line): inline, `[1]`, `[1, 2]` (or `[1,2]` in a compact document).
struct JSONNewPositions {
    /// What goes before a new position.
    let separator: Piece
    /// For an array that was empty: after `[` and before `]`.
    let emptyHead: [UInt8]
    let emptyArrayTail: [Piece]

    var emptyTail: [UInt8] {
        emptyArrayTail.flatMap { piece -> [UInt8] in
            if case .bytes(let bytes) = piece { return bytes } else { return [] }
        }
    }

    /// After the comma of a new position where the source shows nothing
    /// to copy (an array that was empty, or `[1]`).
    var inlineBetween: [UInt8] {
        if case .bytes(let separator) = separator { return Array(separator.dropFirst()) }
        return [0x20]
    }

    func emptyArrayHead(resultCount: Int) -> [Piece] {
        resultCount == 0 ? [] : [.bytes(emptyHead)]
    }

    init(source: UnsafeRawBufferPointer, scan: JSONScan) {
        (separator, emptyHead, emptyArrayTail) = JSONNewPositions.layout(source, scan)
    }

    private static func layout(
        _ source: UnsafeRawBufferPointer, _ scan: JSONScan
    ) -> (separator: Piece, emptyHead: [UInt8], emptyArrayTail: [Piece]) {
        let starts = scan.elementStarts
        let inlineSeparator: [UInt8] = isCompact(source, scan) ? [0x2C] : [0x2C, 0x20]
        switch starts.count {
        case 2...:
            let last = starts[starts.count - 1]
            var separatorStart = last
            // Back over the whitespace and the comma before the last element.
            while ValidatedJSON.isWhitespace(source[separatorStart - 1]) { separatorStart -= 1 }
            separatorStart -= 1
            while ValidatedJSON.isWhitespace(source[separatorStart - 1]) { separatorStart -= 1 }
            // Without the blank lines that part a group from the last one
            // (unless every element is parted so): the comma, the last
            // line break and the indentation.
            if !scan.separatorsAreUniform && lineFeedCount(source, separatorStart..<last) > 1 {
                var lineBreak = last
                while source[lineBreak - 1] != 0x0A { lineBreak -= 1 }
                lineBreak -= 1
                if source[lineBreak - 1] == 0x0D { lineBreak -= 1 }
                var comma = separatorStart
                while source[comma] != 0x2C { comma += 1 }
                // A comma that starts the last line (`\n, 3`) is in it.
                if comma > lineBreak { return (.source(lineBreak..<last), [], []) }
                // Before the comma, what stands on its line.
                var beforeComma = comma
                while beforeComma > separatorStart && source[beforeComma - 1] != 0x0A { beforeComma -= 1 }
                return (.bytes(Array(source[beforeComma...comma]) + Array(source[lineBreak..<last])), [], [])
            }
            return (.source(separatorStart..<last), [], [])
        case 1:
            let whitespace = Array(source[scan.openBracket + 1..<starts[0]])
            return (.bytes(whitespace.isEmpty ? inlineSeparator : [0x2C] + whitespace), [], [])
        default:
            let open = scan.openBracket
            let inner = source[open + 1..<scan.closeBracket]
            let parentIsMultiLine = scan.parentOpen.map { parent in
                source[parent..<open].contains(0x0A)
            } ?? false
            guard parentIsMultiLine || inner.contains(0x0A) else {
                return (.bytes(inlineSeparator), [], [])
            }
            let newline: [UInt8] = usesCRLF(source) ? [0x0D, 0x0A] : [0x0A]
            let indent = lineIndentation(source, at: open)
            var unit: [UInt8] = []
            if let parent = scan.parentOpen {
                let parentIndent = lineIndentation(source, at: parent)
                if indent.count > parentIndent.count && indent.starts(with: parentIndent) {
                    unit = Array(indent[parentIndent.count...])
                }
            }
            if unit.isEmpty { unit = smallestIndent(source) ?? [0x20, 0x20] }
            return (.bytes([0x2C] + newline + indent + unit), newline + indent + unit, [.bytes(newline + indent)])
        }
    }

    /// A compact document: its first `,` (or, with none, its first `:`) is
    /// followed by something other than whitespace.
    private static func isCompact(_ source: UnsafeRawBufferPointer, _ scan: JSONScan) -> Bool {
        guard let mark = scan.firstComma ?? scan.firstColon else { return false }
        return mark + 1 < source.count && !ValidatedJSON.isWhitespace(source[mark + 1])
    }

    /// The document's line breaks are CRLF when its first one is.
    private static func usesCRLF(_ source: UnsafeRawBufferPointer) -> Bool {
        guard let newline = firstIndex(of: 0x0A, in: source, from: 0, to: source.count) else { return false }
        return newline > 0 && source[newline - 1] == 0x0D
    }

    /// The shortest indentation of a line in the first 64 KiB (a raw line
    /// break is always whitespace between tokens: strings cannot hold one).
    private static func smallestIndent(_ source: UnsafeRawBufferPointer) -> [UInt8]? {
        let limit = min(source.count, 65_536)
        var best: [UInt8]? = nil
        var position = 0
        while let newline = firstIndex(of: 0x0A, in: source, from: position, to: limit) {
            var end = newline + 1
            while end < limit && (source[end] == 0x20 || source[end] == 0x09) { end += 1 }
            let length = end - newline - 1
            if length > 0 && end < limit && !ValidatedJSON.isWhitespace(source[end]) && length < (best?.count ?? Int.max) {
                best = Array(source[newline + 1..<end])
            }
            position = newline + 1
        }
        return best
    }
}
