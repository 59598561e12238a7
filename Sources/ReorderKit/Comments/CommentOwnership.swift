/// Where a format's comments are, as its own lexer found them: all the
/// comment-ownership rule needs to know of a format.
protocol CommentLexer {
    var source: UnsafeRawBufferPointer { get }
    /// The comment that ends at `offset` (its last byte is `offset - 1`).
    func comment(endingAt offset: Int) -> Range<Int>?
    /// The comment that starts at `offset`.
    func comment(startingAt offset: Int) -> Range<Int>?
    /// The end of the last comment that lies wholly within `range`.
    func lastCommentEnd(within range: Range<Int>) -> Int?
    /// Whether every comment runs from its start to the end of its line
    /// (`#` in TOML and YAML), so that none spans lines.
    var commentsAreLineComments: Bool { get }
}

extension CommentLexer {
    /// By default a comment may span lines (`/* */`).
    var commentsAreLineComments: Bool { false }

    /// By default, a walk back from the range's end.
    func lastCommentEnd(within range: Range<Int>) -> Int? {
        var p = range.upperBound
        while p > range.lowerBound {
            if let comment = comment(endingAt: p), comment.lowerBound >= range.lowerBound { return comment.upperBound }
            p -= 1
        }
        return nil
    }
}

/// **Comments belong to the item they sit on**: the one rule every format
/// that moves comments with items reads its items by.
///
/// 1. The comment lines directly above an item are its own: each line only
///    blanks and comments, no blank line between them and the item, none
///    before `floor` (where the item before ends), and, where the format's
///    columns matter (`minimumColumn`: YAML, at the entries' column), none
///    shallower than the item. Comments before the item on its own first
///    line (`/* x */ 2,` in JSON with comments) are its own too, when
///    nothing else stands before them there.
/// 2. The comments that end the item's last line are its own: every one of
///    them (`/* c */ // d`), up to one that runs over lines, when nothing
///    but blanks follows them on that line, whether or not other items
///    stand before it on that line (`1, 2, # numbers`: `2`'s). Where the
///    item lands is the writer's to judge (`DelimitedListWriter`): moved
///    among the list's own items to a place inside a line (not the last
///    of its line), it leaves them at its position, after the item that
///    lands there (reversed, `2, 1, # numbers`), so that an edit and its
///    inverse give back the source, whichever way the file was read:
///    `1, 2, # c` may be a comment on `2` or on the line.
/// 3. Everything else belongs to positions. When a position goes (the
///    list gets shorter), what stood between it and the next keeps its
///    comments: the bytes from the end of the item before to the end of
///    the last comment lying wholly between them stay (`keptComments`:
///    TOML tables and arrays of tables, YAML block lists). The bracket
///    writers of JSON with comments and TOML arrays keep the same bytes
///    their own way (`putComments`, and the comments not `isOwnedByItem`
///    when every item goes); keep-sorted blocks sort and never drop a
///    position.
///
/// Read with comment headings (`headings`, `ReadOptions.commentHeadings`),
/// rule 1 gives no comment line above an item to it: a comment on a line
/// of its own heads a group and, by rule 3, belongs to the position below
/// it, so that it stays on its line whatever moves (each format's
/// `groupHeading(before:)` finds it: `CommentOwnership.heading`). YAML
/// alone gives an entry the comment lines deeper than the entries that
/// follow its content (`YAMLLayout.deepTails`): by their indentation they
/// are inside its value.
///
/// Columns matter to YAML alone (`minimumColumn`): a comment line
/// shallower than the entries is not an entry's. Elsewhere a comment line
/// above an item is its own at any column. A format whose comments run to
/// the end of the line (TOML, YAML, keep-sorted) can have one comment on a
/// line at most, so rule 2's "every one of them" is JSON's alone in effect.
///
/// Who uses it: JSON with comments and TOML arrays and inline tables
/// (`ownedFrom: .comment`: an owned comment line's indentation stays with
/// the position), TOML tables and arrays of tables (`.line`, the items are
/// whole lines), YAML block lists (`.line`, and `minimumColumn`), and
/// keep-sorted blocks (`ownedLines`, over the block's lines, a comment line
/// being one that starts with a sticky prefix).
struct CommentOwnership {
    enum OwnedFrom {
        /// An owned comment line's bytes start at its first comment.
        case comment
        /// An owned comment line's bytes start at the line's start.
        case line
    }

    var ownedFrom: OwnedFrom = .comment
    /// The shallowest column (bytes from the line's start) an owned comment
    /// line's first comment may stand at; nil: any.
    var minimumColumn: Int? = nil
    /// Where the document's first line starts (after a byte-order mark).
    var documentStart: Int = 0
    /// Read with `ReadOptions.commentHeadings`: a comment line of its own
    /// heads a group and is never an item's, so rule 1 gives an item no
    /// line above it (the comments before it on its own first line stay
    /// its own).
    var headings = false

    /// Rule 1: where the item whose first byte is `itemStart` starts, its
    /// leading comments included; `itemStart` when it owns none.
    func leadingStart<Lexer: CommentLexer>(of itemStart: Int, floor: Int, in lexer: Lexer) -> Int {
        let source = lexer.source
        func isBlank(_ offset: Int) -> Bool { source[offset] == 0x20 || source[offset] == 0x09 }
        func isLineStart(_ offset: Int) -> Bool { offset == documentStart || (offset > 0 && source[offset - 1] == 0x0A) }
        /// Back from `offset` over blanks and comments (none before
        /// `floor`; with `oneLine`, none that runs over lines): the first
        /// comment passed, and where the walk stopped.
        func back(from offset: Int, oneLine: Bool) -> (first: Int?, stop: Int) {
            var p = offset, first: Int? = nil
            while true {
                if let comment = lexer.comment(endingAt: p), comment.lowerBound >= floor,
                   !(oneLine && CommentOwnership.hasLineBreak(source, comment)) {
                    first = comment.lowerBound
                    p = comment.lowerBound
                } else if p > floor && isBlank(p - 1) {
                    p -= 1
                } else {
                    return (first, p)
                }
            }
        }
        // Comments on the item's own line before it.
        let (firstOnLine, lineStart) = back(from: itemStart, oneLine: true)
        // The item (or those comments) must begin its line for them and the
        // lines above to be its own.
        guard lineStart >= floor, isLineStart(lineStart) else { return itemStart }
        var start = itemStart
        if let firstOnLine { start = ownedFrom == .line ? lineStart : firstOnLine }
        var line = lineStart
        // The lines above, while each holds only comments.
        while !headings && line > floor && line > documentStart {
            var p = line - 1
            if p > floor && source[p - 1] == 0x0D { p -= 1 }
            if lexer.commentsAreLineComments {
                // A line of line comments starts, after its blanks, with
                // one: the cheap test first.
                let lowest = max(floor, documentStart)
                var lineBegin = p <= lowest ? p : lastIndex(of: 0x0A, in: source, from: lowest, to: p).map { $0 + 1 } ?? lowest
                while lineBegin < p && isBlank(lineBegin) { lineBegin += 1 }
                guard lexer.comment(startingAt: lineBegin) != nil else { break }
            }
            let (first, stop) = back(from: p, oneLine: false)
            guard let first, stop >= floor, isLineStart(stop) else { break }
            if let minimumColumn, first - stop < minimumColumn { break }
            start = ownedFrom == .line ? stop : first
            line = stop
        }
        return start
    }

    /// Rule 1 for items taken in document order, with `cursor` over the
    /// format's comments: an item that owns a comment has one ending in
    /// what a walk back from it passes over (blanks, at most one line
    /// break, blanks again), and that comment is the last one starting
    /// before the item. Most items have none there; the walk over their
    /// line and the line above is then left out.
    func leadingStart<Lexer: CommentLexer>(of itemStart: Int, floor: Int, in lexer: Lexer,
                                           cursor: inout CommentCursor) -> Int {
        guard let comment = cursor.last(before: itemStart), comment.lowerBound >= floor else { return itemStart }
        let source = lexer.source
        func isBlank(_ offset: Int) -> Bool { source[offset] == 0x20 || source[offset] == 0x09 }
        var p = itemStart
        while p > floor && isBlank(p - 1) { p -= 1 }
        if p > floor && source[p - 1] == 0x0A {
            p -= 1
            if p > floor && source[p - 1] == 0x0D { p -= 1 }
            while p > floor && isBlank(p - 1) { p -= 1 }
        }
        // A lexer's comment may end before the blanks after it or with
        // them: anywhere in what the walk passed.
        guard comment.upperBound >= p && comment.upperBound <= itemStart else { return itemStart }
        return leadingStart(of: itemStart, floor: floor, in: lexer)
    }

    /// Rule 2: the comments that end the item's last line, from `start`
    /// (after the item, or after its comma on that line) to the end of the
    /// last of them; nil when there are none, or when something other
    /// than blanks follows them on the line. Blanks before `limit` only.
    func trailingComments<Lexer: CommentLexer>(at start: Int, before limit: Int, in lexer: Lexer) -> Range<Int>? {
        let source = lexer.source
        var p = start
        var end: Int? = nil
        while true {
            while p < limit && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
            guard let comment = lexer.comment(startingAt: p) else { break }
            end = comment.upperBound
            p = comment.upperBound
            // A comment that runs over lines ends the item's line.
            if CommentOwnership.hasLineBreak(source, comment) { break }
        }
        guard let end else { return nil }
        var q = end
        while q < source.count && (source[q] == 0x20 || source[q] == 0x09) { q += 1 }
        guard q == source.count || source[q] == 0x0A || source[q] == 0x0D else { return nil }
        return start..<end
    }

    /// Rule 3: of the bytes between two items, those that stay when the
    /// position goes: from the start of `between` to the end of the last
    /// comment lying wholly within it; nil when none does.
    static func keptComments<Lexer: CommentLexer>(of between: Range<Int>, in lexer: Lexer) -> Range<Int>? {
        lexer.lastCommentEnd(within: between).map { between.lowerBound..<$0 }
    }

    /// Rule 1 over lines, for a format whose items and comments are whole
    /// lines (keep-sorted blocks): the first of the comment lines directly
    /// above `line` (none before `floor`), or `line`.
    static func ownedLines(above line: Int, floor: Int, isCommentLine: (Int) -> Bool) -> Int {
        var first = line
        while first - 1 >= floor && isCommentLine(first - 1) { first -= 1 }
        return first
    }

    /// The last comment in `gap` that stands on a line of its own: only
    /// blanks before it on its line (or `gap`'s start at a line's start)
    /// and only blanks after it to the end of its line; its bytes alone
    /// (`# web`, `/* web */`), not its indentation or line break. nil when
    /// none does.
    static func heading<Lexer: CommentLexer>(in gap: Range<Int>, in lexer: Lexer, documentStart: Int = 0) -> Range<Int>? {
        let source = lexer.source
        func isBlank(_ offset: Int) -> Bool { source[offset] == 0x20 || source[offset] == 0x09 }
        var p = gap.upperBound
        while p > gap.lowerBound {
            guard let comment = lexer.comment(endingAt: p), comment.lowerBound >= gap.lowerBound else {
                p -= 1
                continue
            }
            var before = comment.lowerBound
            while before > gap.lowerBound && isBlank(before - 1) { before -= 1 }
            let startsLine = before == documentStart || (before > 0 && source[before - 1] == 0x0A)
            var after = comment.upperBound
            while after < source.count && isBlank(after) { after += 1 }
            let endsLine = after == source.count || source[after] == 0x0A
                || (source[after] == 0x0D && (after + 1 == source.count || source[after + 1] == 0x0A))
            if startsLine && endsLine { return comment }
            p = comment.lowerBound
        }
        return nil
    }

    static func hasLineBreak(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        firstIndex(of: 0x0A, in: source, from: range.lowerBound, to: range.upperBound) != nil
    }
}

/// A format's comments in document order, and how far a walk over its
/// items has come: the last comment before an item, found in constant time
/// on the whole when items are asked for in order (any order is answered).
struct CommentCursor {
    private let comments: [Range<Int>]
    /// The first comment that starts at or after the last offset asked.
    private var next = 0

    init(_ comments: [Range<Int>]) { self.comments = comments }

    /// The last comment that starts before `offset`, if any.
    mutating func last(before offset: Int) -> Range<Int>? {
        while next > 0 && comments[next - 1].lowerBound >= offset { next -= 1 }
        while next < comments.count && comments[next].lowerBound < offset { next += 1 }
        return next > 0 ? comments[next - 1] : nil
    }
}
