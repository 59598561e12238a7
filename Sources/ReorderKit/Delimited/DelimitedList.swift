/// A list written between brackets with a separator byte between its items
/// (a JSON or JSONC array or object, a TOML inline array or table), as a
/// format has read it: where each item and each position is, and what the
/// format's comments and new positions look like. `DelimitedListWriter`
/// writes any arrangement of it.
///
/// Source item `i` is written as its main part (`starts[i] ..< mainEnds[i]`:
/// the comment lines it owns above it, the value or member, a comment it
/// owns before its separator), then position `p`'s separator, then the
/// item's trailing comment, then what lies between position `p` and the
/// next (`lineEnds[p] ..< starts[p + 1]`).
struct DelimitedList {
    /// The document's bytes.
    let source: UnsafeRawBufferPointer
    /// Offsets of the opening and the closing bracket.
    let open: Int
    let close: Int
    /// The bytes written around the list: the whole document, or a
    /// container inside an item (`sort --recursive` of JSON).
    let window: Range<Int>

    /// By source index: where the item starts (the comment lines it owns
    /// included), where its value or member starts and ends, and where its
    /// main part ends (after a comment it owns before its separator, else
    /// at the value's end).
    let starts: [Int]
    let valueStarts: [Int]
    let valueEnds: [Int]
    let mainEnds: [Int]
    /// By source index: the comments that end the item's last line, from
    /// the blanks before them.
    let trailingComments: [Range<Int>?]

    /// By source position: the separator after the value, if any, and
    /// where the position's line tail ends (the trailing comment, the
    /// separator or the value).
    let separators: [Int?]
    let lineEnds: [Int]

    /// The byte between items (`,`).
    let separator: UInt8
    let trailingSeparator: TrailingSeparatorPolicy

    /// The comment lexer's answer: every comment of the document, in order.
    let comments: [Range<Int>]
    let commentSyntax: CommentSyntax

    /// Between a new position and the one before it (after the separator)
    /// where the source shows none: in a list that was empty, and after a
    /// single item that stands right after the bracket.
    let inlineBetween: [UInt8]
    /// A list that was empty: what goes after the opening bracket and
    /// before the closing one around the new items.
    let emptyHead: [UInt8]
    let emptyTail: [UInt8]
    /// A list that was empty but held comments: the indentation, beyond
    /// the bracket's line, of the new items, which go one a line.
    let commentedEmptyIndent: [UInt8]

    /// New bytes for the main part of source items up to the value's end
    /// (`sort --recursive` of JSON, with the objects inside sorted).
    let replacedItems: [Int: [UInt8]]

    var count: Int { valueStarts.count }
}

/// Whether the separator after the last item is written.
enum TrailingSeparatorPolicy {
    /// Never (strict JSON).
    case never
    /// When the source has one after its last item, after the result's
    /// last item, whichever it is (JSONC, TOML).
    case asInSource
}

/// The comments a format has, as the writer must treat them.
enum CommentSyntax {
    /// `//` to the end of the line and `/* */` (JSONC).
    case slashes
    /// `#` to the end of the line (TOML).
    case hash

    /// Whether `comment` runs to the end of its line, so that a line break
    /// must follow it before anything else.
    func isLineComment(_ comment: Range<Int>, in source: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .hash: return true
        case .slashes: return source[comment.lowerBound + 1] == UInt8(ascii: "/")
        }
    }
}

extension DelimitedList {
    /// The last comment within `range`, if any.
    func lastComment(in range: Range<Int>) -> Range<Int>? { comments.last(in: range) }

    func hasComment(in range: Range<Int>) -> Bool { lastComment(in: range) != nil }

    /// The comments between the brackets, in order.
    var commentsInside: ArraySlice<Range<Int>> {
        var end = comments.firstIndex(endingAfter: open + 1)
        let start = end
        while end < comments.count && comments[end].upperBound <= close { end += 1 }
        return comments[start..<end]
    }

    func isLineComment(_ comment: Range<Int>) -> Bool { commentSyntax.isLineComment(comment, in: source) }

    func hasLineBreak(_ range: Range<Int>) -> Bool {
        firstIndex(of: 0x0A, in: source, from: range.lowerBound, to: range.upperBound) != nil
    }

    var lineBreak: [UInt8] { documentLineBreak(source) }

    /// The blanks that start the line holding `offset`.
    func indentation(at offset: Int) -> [UInt8] { lineIndentation(source, at: offset) }

    /// Whether `comment` moves with an item (leading, before its
    /// separator, or trailing).
    func isOwnedByItem(_ comment: Range<Int>) -> Bool {
        for index in 0..<count {
            if comment.lowerBound >= starts[index] && comment.upperBound <= mainEnds[index] { return true }
            if let trailing = trailingComments[index], trailing.contains(comment.lowerBound) { return true }
        }
        return false
    }

    /// Between a new position and the one before it: as between the last
    /// two source positions (without their comments, and without blank
    /// lines unless every item is parted by them: the last line break and
    /// the blanks after it), or as between the bracket and a single item.
    var newBetween: [UInt8] {
        switch count {
        case 0:
            return inlineBetween
        case 1:
            let region = open + 1..<starts[0]
            if hasComment(in: region) { return lineBreak + indentation(at: starts[0]) }
            return region.isEmpty ? inlineBetween : Array(source[region])
        default:
            let region = lineEnds[count - 2]..<starts[count - 1]
            guard hasComment(in: region) || (lineFeedCount(source, region) > 1 && !everyGapHasBlankLines)
            else { return Array(source[region]) }
            var p = region.upperBound
            while p > region.lowerBound && source[p - 1] != 0x0A { p -= 1 }
            guard p > region.lowerBound else { return [0x20] }
            var lineBreakStart = p - 1
            if lineBreakStart > region.lowerBound && source[lineBreakStart - 1] == 0x0D { lineBreakStart -= 1 }
            while p < region.upperBound && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
            return Array(source[lineBreakStart..<p])
        }
    }

    private var everyGapHasBlankLines: Bool {
        (0..<count - 1).allSatisfy { lineFeedCount(source, lineEnds[$0]..<starts[$0 + 1]) > 1 }
    }

    /// Before a new position's separator: what the source has before the
    /// separator of its last position but one, when that is only blanks
    /// on one line (the ` ` of `{ "a": 1 , "b": 2 }`).
    var newBeforeSeparator: [UInt8] {
        guard count >= 2, let separator = separators[count - 2] else { return [] }
        let range = mainEnds[count - 2]..<separator
        guard !hasComment(in: range), !hasLineBreak(range) else { return [] }
        return Array(source[range])
    }
}

/// The spaces and tabs that start the line holding `offset`.
func lineIndentation(_ source: UnsafeRawBufferPointer, at offset: Int) -> [UInt8] {
    var lineStart = offset
    while lineStart > 0 && source[lineStart - 1] != 0x0A { lineStart -= 1 }
    var end = lineStart
    while end < offset && (source[end] == 0x20 || source[end] == 0x09) { end += 1 }
    return Array(source[lineStart..<end])
}
