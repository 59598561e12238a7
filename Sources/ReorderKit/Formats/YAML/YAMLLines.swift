/// A YAML document's lines, each classified once by a pass that knows where
/// quoted scalars, flow collections and block scalars run, so that a `#` or
/// a `- ` inside one of them is never taken for a comment or an entry.
///
/// This is not a YAML parser: it finds lines and their indentation, and it
/// marks what it cannot read with certainty (`unsupported`) so that the
/// reader refuses rather than guesses.
struct YAMLLines {
    enum Kind: Equatable {
        /// Only blanks.
        case blank
        /// A comment line: blanks, then `#`.
        case comment
        /// A line that starts a node or an entry at `indent`.
        case content
        /// Inside a block scalar (`|`, `>`): content, whatever it holds.
        case scalarBody
        /// It starts inside a quoted scalar or a flow collection begun on
        /// an earlier line.
        case continuation
        /// `---` or `...` at column 0.
        case documentMarker
        /// `%YAML`, `%TAG` before a document.
        case directive
    }

    struct Line {
        /// Offsets: where it starts, where its indentation ends, where its
        /// text ends (before CR LF or LF), where the next line starts.
        let start: Int
        let contentStart: Int
        let end: Int
        let next: Int
        var kind: Kind
        /// The key at the start of the line's node, where the walk read a
        /// plain one there (`name: x`, `- name: x`; see `plainKey`), from
        /// the line's start: where it starts plus one (0: none read), and
        /// its `:` plus one (0: no key there). (In the room the struct
        /// has after `kind`: two bytes each; a longer line has none.)
        var plainKeyStart: UInt16 = 0
        var plainKeyColon: UInt16 = 0
        /// It goes on with a plain scalar of the lines above: text only.
        var continuesPlain = false
        var indent: Int { contentStart - start }

        /// `YAMLDocument.key(in:at:lineEnd:)` at `offset` on this line, as
        /// the walk read it; nil when the walk read none there.
        @inline(__always)
        func plainKey(at offset: Int, in source: UnsafeRawBufferPointer) -> YAMLDocument.Key?? {
            guard plainKeyStart != 0, offset == start + Int(plainKeyStart) - 1 else { return nil }
            guard plainKeyColon != 0 else { return .some(nil) }
            let colon = start + Int(plainKeyColon) - 1
            var keyEnd = colon
            while keyEnd > offset && (source[keyEnd - 1] == 0x20 || source[keyEnd - 1] == 0x09) { keyEnd -= 1 }
            return .some((range: offset..<keyEnd, colon: colon))
        }
    }

    /// Why a document cannot be read with certainty.
    enum Unsupported: Equatable {
        case tabIndentation
        case complexKey
        /// A CR not followed by LF: a line break in YAML, which the lines
        /// here (LF and CR LF) would not see.
        case loneCarriageReturn
    }

    let source: UnsafeRawBufferPointer
    /// The lines, in order: a table with huge pages, since a large
    /// document has millions. (Filled here, then only read.)
    typealias Table = TrivialTable<Line>
    let lines: Table
    /// A block scalar's header (`|`, `>`, with its indicators).
    struct BlockScalarHeader {
        /// Where its `|` or `>` is, and the index of its line.
        let offset: Int
        let line: Int
        /// The column of the entry or key whose value it is.
        let owner: Int
        /// Its indentation indicator (`|2`), or 0 when it has none.
        let indentation: Int
        /// Its chomping indicator: `+` (keep), `-` (strip), or 0 (clip).
        let chomping: UInt8
    }

    /// Every block scalar header, in document order.
    private(set) var blockScalars: [BlockScalarHeader] = []
    /// The first construct the reader does not support, and where.
    private(set) var unsupported: (Unsupported, Int)? = nil
    /// The text ends inside a quoted scalar, a flow collection or a block
    /// scalar header's body.
    private(set) var endsOpen = false

    /// `quick`: read plain text and keys by the quick walk first (false
    /// only in tests, which compare the two).
    init(_ source: UnsafeRawBufferPointer, from start: Int = 0, quick: Bool = true) {
        self.source = source
        let end = source.count
        // Room for lines of 24 bytes on average; pages never written cost
        // nothing.
        let lines = Table(capacity: (end - min(start, end)) / 24 + 16)
        self.lines = lines
        var p = start
        // Lexer state that crosses lines.
        var flowDepth = 0
        var quote: UInt8? = nil
        var blockScalarOwner: Int? = nil
        // The column of its text, once its first line (or its indentation
        // indicator) tells: a line less indented ends it.
        var blockScalarIndent: Int? = nil
        // The column of the key or dash whose node is due on the lines
        // below (`key:`, `- ` or properties, and nothing else on its line).
        var dueOwner: Int? = nil
        // The column of the key or dash that owns a plain scalar ending its
        // line (no comment after it): a line indented more goes on with
        // it, and holds text only (`k: c` then ` "x`: a quote there opens
        // nothing, as YAML reads it). A comment line ends it.
        var plainOwner: Int? = nil
        // The next CR at or after the line's start (`end`: none, or no
        // more to look for): most documents have none.
        var nextCR = firstIndex(of: 0x0D, in: source, from: p, to: end) ?? end
        while p < end {
            let lineEnd = firstIndex(of: 0x0A, in: source, from: p, to: end) ?? end
            let next = lineEnd < end ? lineEnd + 1 : end
            var textEnd = lineEnd
            if textEnd > p && source[textEnd - 1] == 0x0D { textEnd -= 1 }
            if nextCR < next {
                // A CR in the line's text is a lone one; one that ends
                // the line's text is its CR LF's.
                if nextCR < textEnd {
                    if unsupported == nil { unsupported = (.loneCarriageReturn, nextCR) }
                    nextCR = end
                } else {
                    nextCR = firstIndex(of: 0x0D, in: source, from: next, to: end) ?? end
                }
            }
            var contentStart = p
            while contentStart < textEnd && source[contentStart] == 0x20 { contentStart += 1 }
            var blankEnd = contentStart
            while blankEnd < textEnd && (source[blankEnd] == 0x20 || source[blankEnd] == 0x09) { blankEnd += 1 }
            let isBlank = blankEnd == textEnd
            let indent = contentStart - p

            var kind: Kind
            // A document marker ends a block scalar, even a root one.
            if let owner = blockScalarOwner, isBlank || indent > owner,
               !(indent == 0 && YAMLLines.isMarker(source, p, textEnd)),
               isBlank || indent >= (blockScalarIndent ?? owner + 1) {
                if !isBlank && blockScalarIndent == nil { blockScalarIndent = indent }
                kind = .scalarBody
                lines.append(Line(start: p, contentStart: contentStart, end: textEnd, next: next, kind: kind))
                p = next
                continue
            }
            blockScalarOwner = nil
            blockScalarIndent = nil
            if flowDepth > 0 || quote != nil {
                kind = .continuation
            } else if isBlank {
                kind = .blank
            } else if source[contentStart] == UInt8(ascii: "#") {
                kind = .comment
            } else if indent == 0 && YAMLLines.isMarker(source, p, textEnd) {
                kind = .documentMarker
            } else if indent == 0 && source[p] == UInt8(ascii: "%") {
                kind = .directive
            } else {
                kind = .content
                if source[contentStart] == 0x09 && unsupported == nil { unsupported = (.tabIndentation, contentStart) }
            }
            if kind == .comment || kind == .documentMarker { plainOwner = nil }
            if kind == .blank || kind == .comment || kind == .directive {
                lines.append(Line(start: p, contentStart: contentStart, end: textEnd, next: next, kind: kind))
                p = next
                continue
            }
            // Walk the line's text for quotes, flow brackets, comments and
            // block scalar headers. (The line is kept after the walk, with
            // the key it reads: it will be line `lines.count`.)
            var q = kind == .documentMarker ? p + 3 : contentStart
            // A node may start here (line start, after `- `, `? `, `: `, or
            // in a flow collection after `[`, `{`, `,`).
            // A line that goes on with the plain scalar of the lines above
            // starts in its text.
            let continuesPlain = kind == .content && plainOwner.map { indent > $0 } ?? false
            if !continuesPlain { plainOwner = nil }
            var nodeStart = !continuesPlain
            // Whether the line's last node so far is a plain scalar's text.
            var inPlain = continuesPlain
            // The column of the entry or key that owns a node starting here.
            // (-1 for a root node: on a `---` line, or at column 0 before
            // any `- ` or key, where a block scalar's text may be at
            // column 0.)
            var ownerColumn = kind == .documentMarker || (indent == 0 && dueOwner == nil) ? -1 : dueOwner ?? indent
            var keyColumn = indent
            // Plain text, `key: ` and `- ` (most lines hold nothing else),
            // on a line that starts outside quotes and brackets, read
            // without the walk's state for them: the walk below goes on
            // from the first byte that is neither, in the same state.
            // (Each step is the one the walk's `switch` takes for that
            // byte outside quotes and brackets.)
            let quickWalk = quick && flowDepth == 0 && quote == nil
            // The first node on the line that starts with a byte the walk
            // takes as text: the key there is what the walk finds next,
            // as `YAMLDocument.key(in:at:lineEnd:)` reads a plain key (the
            // first `:` before a blank or the end, unless a comment comes
            // first). Kept in the line when its offsets fit.
            var pendingKeyStart: Int? = nil
            let keyFits = textEnd - p < Int(UInt16.max) - 1
            var keyRead = false
            var keptKeyStart: UInt16 = 0, keptKeyColon: UInt16 = 0
            quick: while quickWalk && q < textEnd {
                if nodeStart {
                    let byte = source[q]
                    if byte == UInt8(ascii: "-") && YAMLLines.isSpaceOrEnd(source, q + 1, textEnd) {
                        ownerColumn = q - p
                        keyColumn = q - p + 2
                        q += 1
                        while q < textEnd && (source[q] == 0x20 || source[q] == 0x09) { q += 1 }
                        continue
                    }
                    if YAMLLines.mayChangeState(byte) { break quick }
                    if !keyRead && keyFits {
                        keyRead = true
                        if YAMLLines.isIndicator(byte) {
                            // (`*`, `%`, `@`, the backquote: no plain key.)
                            keptKeyStart = UInt16(q - p + 1)
                        } else {
                            pendingKeyStart = q
                        }
                    }
                    nodeStart = false
                    inPlain = true
                    q += 1
                }
                q = YAMLLines.colonOrHash(source, from: q, to: textEnd)
                if q == textEnd { break }
                if source[q] == UInt8(ascii: "#") && (q == contentStart || source[q - 1] == 0x20 || source[q - 1] == 0x09) {
                    inPlain = false
                    q = textEnd
                    break
                }
                if source[q] == UInt8(ascii: ":") && YAMLLines.isSpaceOrEnd(source, q + 1, textEnd) {
                    ownerColumn = keyColumn
                    nodeStart = true
                    inPlain = false
                    if let keyStart = pendingKeyStart {
                        keptKeyStart = UInt16(keyStart - p + 1)
                        keptKeyColon = UInt16(q - p + 1)
                        pendingKeyStart = nil
                    }
                }
                q += 1
                while q < textEnd && (source[q] == 0x20 || source[q] == 0x09) { q += 1 }
            }
            // No key's `:` before the line's end or its comment.
            if let keyStart = pendingKeyStart, q >= textEnd { keptKeyStart = UInt16(keyStart - p + 1) }
            while q < textEnd {
                if quote == nil && !nodeStart && flowDepth == 0 {
                    // Inside plain text outside brackets only `:` (a key's
                    // end) and `#` (a comment) can change anything.
                    q = YAMLLines.colonOrHash(source, from: q, to: textEnd)
                    if q == textEnd { break }
                }
                let byte = source[q]
                if let open = quote {
                    if open == UInt8(ascii: "'") {
                        if byte == open {
                            if q + 1 < textEnd && source[q + 1] == open { q += 2; continue }
                            quote = nil
                        }
                    } else if byte == UInt8(ascii: "\\") {
                        q += 2
                        continue
                    } else if byte == open {
                        quote = nil
                    }
                    q += 1
                    continue
                }
                if !YAMLLines.mayChangeState(byte) {
                    // Text: what the switch's `default` does.
                    if nodeStart && flowDepth == 0 { inPlain = true }
                    nodeStart = false
                    q += 1
                    continue
                }
                switch byte {
                case 0x20, 0x09:
                    q += 1
                    continue
                case UInt8(ascii: "#") where q == contentStart || source[q - 1] == 0x20 || source[q - 1] == 0x09:
                    inPlain = false
                    q = textEnd
                    continue
                case _ where (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) && (nodeStart):
                    quote = byte
                    nodeStart = false
                    inPlain = false
                case _ where (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")) && (nodeStart || flowDepth > 0):
                    flowDepth += 1
                    nodeStart = true
                    inPlain = false
                case _ where (byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")) && (flowDepth > 0):
                    flowDepth -= 1
                    nodeStart = false
                case UInt8(ascii: ",") where flowDepth > 0:
                    nodeStart = true
                case UInt8(ascii: "-") where flowDepth == 0 && nodeStart && YAMLLines.isSpaceOrEnd(source, q + 1, textEnd):
                    // A sequence entry: what follows is its node.
                    ownerColumn = q - p
                    keyColumn = q - p + 2
                    nodeStart = true
                    inPlain = false
                case UInt8(ascii: "?") where flowDepth == 0 && nodeStart && YAMLLines.isSpaceOrEnd(source, q + 1, textEnd):
                    if unsupported == nil { unsupported = (.complexKey, q) }
                    nodeStart = true
                case UInt8(ascii: ":") where YAMLLines.isSpaceOrEnd(source, q + 1, textEnd)
                    || flowDepth > 0 && q + 1 < textEnd && [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(source[q + 1]):
                    if flowDepth == 0 { ownerColumn = keyColumn }
                    nodeStart = true
                    inPlain = false
                case _ where (byte == UInt8(ascii: "|") || byte == UInt8(ascii: ">")) && (nodeStart && flowDepth == 0):
                    // A block scalar header: indicators, then blanks or a
                    // comment to the end of the line.
                    var r = q + 1
                    var chomping: UInt8 = 0
                    var indentation = 0
                    while r < textEnd, let indicator = Optional(source[r]),
                          indicator == UInt8(ascii: "+") || indicator == UInt8(ascii: "-") || (0x31...0x39).contains(indicator) {
                        if (0x31...0x39).contains(indicator) { indentation = Int(indicator - 0x30) } else { chomping = indicator }
                        r += 1
                    }
                    if r == textEnd || source[r] == 0x20 || source[r] == 0x09 {
                        blockScalars.append(BlockScalarHeader(offset: q, line: lines.count, owner: ownerColumn,
                                                              indentation: indentation, chomping: chomping))
                        blockScalarOwner = ownerColumn
                        blockScalarIndent = indentation > 0 ? ownerColumn + indentation : nil
                        inPlain = false
                        q = textEnd
                        continue
                    }
                    nodeStart = false
                case _ where (byte == UInt8(ascii: "&") || byte == UInt8(ascii: "!")) && (nodeStart):
                    // An anchor or a tag: the node starts after it.
                    while q < textEnd && source[q] != 0x20 && source[q] != 0x09 { q += 1 }
                    continue
                default:
                    if nodeStart && flowDepth == 0 { inPlain = true }
                    nodeStart = false
                }
                q += 1
                // Blanks change nothing (in a quote just opened neither):
                // the next node or text is where the walk goes on.
                while q < textEnd && (source[q] == 0x20 || source[q] == 0x09) { q += 1 }
            }
            lines.append(Line(start: p, contentStart: contentStart, end: textEnd, next: next, kind: kind,
                              plainKeyStart: keptKeyStart, plainKeyColon: keptKeyColon, continuesPlain: continuesPlain))
            dueOwner = nodeStart && blockScalarOwner == nil && flowDepth == 0 && quote == nil ? ownerColumn : nil
            if inPlain && flowDepth == 0 && quote == nil && blockScalarOwner == nil {
                if !continuesPlain { plainOwner = ownerColumn }
            } else {
                plainOwner = nil
            }
            p = next
        }
        endsOpen = flowDepth > 0 || quote != nil || blockScalarOwner != nil
    }

    /// Whether the walk over a line's text does more at `byte` than take
    /// it as text: a blank, or one of `!"#&',-:>?[]{|}`. (The cases of its
    /// `switch`; every other byte is its `default`.)
    @inline(__always)
    static func mayChangeState(_ byte: UInt8) -> Bool {
        guard byte < 0x80 else { return false }
        let set: UInt64 = byte < 0x40 ? 0xC400_30CF_0000_0200 : 0x3800_0000_2800_0000
        return (set >> UInt64(byte & 0x3F)) & 1 != 0
    }

    /// The offset of the first `:` or `#` in `start ..< end`, or `end`;
    /// eight bytes at a time.
    @inline(__always)
    static func colonOrHash(_ source: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int {
        var q = start
        if let base = source.baseAddress {
            while q + 8 <= end {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: q, as: UInt64.self))
                // The lowest byte flagged is a match: a false flag lies
                // above a true one of its own kind.
                let flags = zeroByteFlags(word ^ 0x3A3A_3A3A_3A3A_3A3A) | zeroByteFlags(word ^ 0x2323_2323_2323_2323)
                if flags != 0 { return q + flags.trailingZeroBitCount / 8 }
                q += 8
            }
        }
        while q < end && source[q] != UInt8(ascii: ":") && source[q] != UInt8(ascii: "#") { q += 1 }
        return q
    }

    /// `---` or `...` followed by a blank or the end of the line.
    static func isMarker(_ source: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        guard end - start >= 3 else { return false }
        let first = source[start]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
        guard source[start + 1] == first && source[start + 2] == first else { return false }
        return isSpaceOrEnd(source, start + 3, end)
    }

    /// A byte that cannot start a plain scalar: `,[]{}#&*!|>'"%@` and the
    /// backquote.
    @inline(__always)
    static func isIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
             UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
             UInt8(ascii: "`"):
            return true
        default:
            return false
        }
    }

    /// Whether a quote at `p` opens a quoted scalar: only where a node
    /// starts (after `[`, `{`, `,`, a `: `, a `- `, properties, or, out of
    /// a flow collection, first on its line). In the middle of a plain
    /// scalar (`a 'b`) it is text. Nothing before `lowerBound` is looked
    /// at: a quote there opens one.
    static func quoteOpens(_ source: UnsafeRawBufferPointer, at p: Int, from lowerBound: Int, inFlow: Bool) -> Bool {
        @inline(__always) func isBlank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || (inFlow && (byte == 0x0A || byte == 0x0D))
        }
        var q = p
        while q > lowerBound && isBlank(source[q - 1]) { q -= 1 }
        if q == lowerBound { return true }
        let before = source[q - 1]
        switch before {
        case 0x0A, 0x0D:
            return true
        case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","):
            return true
        case UInt8(ascii: ":"):
            // An indicator: a blank after it, or right after a quoted key
            // or a collection (`"a":'b'`).
            if q < p { return true }
            return q - 2 >= lowerBound && [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(source[q - 2])
        case UInt8(ascii: "-"), UInt8(ascii: "?"):
            guard !inFlow, q < p else { return false }
            return q - 1 == lowerBound || [0x20, 0x09, 0x0A, 0x0D].contains(source[q - 2])
        default:
            // After an anchor or a tag that starts a node.
            var t = q - 1
            while t > lowerBound && !isBlank(source[t - 1]) && source[t - 1] != 0x0A && source[t - 1] != 0x0D { t -= 1 }
            guard q < p, source[t] == UInt8(ascii: "&") || source[t] == UInt8(ascii: "!") else { return false }
            return quoteOpens(source, at: t, from: lowerBound, inFlow: inFlow)
        }
    }

    static func isSpaceOrEnd(_ source: UnsafeRawBufferPointer, _ offset: Int, _ end: Int) -> Bool {
        offset >= end || source[offset] == 0x20 || source[offset] == 0x09
    }
}

/// The comment-ownership rule's view of a YAML document: its comment lines
/// (`#` first on the line, after spaces), each a comment from its `#` to
/// the end of its text. A comment after a line's content needs no place
/// here: an entry's lines are its own to their ends.
extension YAMLDocument: CommentLexer {
    var commentsAreLineComments: Bool { true }

    func comment(endingAt offset: Int) -> Range<Int>? {
        guard !line.isEmpty else { return nil }
        let l = line[lineIndex(of: offset)]
        guard l.kind == .comment, l.end == offset else { return nil }
        return l.contentStart..<l.end
    }

    func comment(startingAt offset: Int) -> Range<Int>? {
        // Only a `#` starts one: most offsets need no look-up.
        guard !line.isEmpty, offset < source.count, source[offset] == UInt8(ascii: "#") else { return nil }
        let l = line[lineIndex(of: offset)]
        guard l.kind == .comment, l.contentStart == offset else { return nil }
        return l.contentStart..<l.end
    }

    /// The comment lines that lie wholly within `range`, by the lines.
    func lastCommentEnd(within range: Range<Int>) -> Int? {
        guard !line.isEmpty, !range.isEmpty else { return nil }
        var last: Int? = nil
        var index = lineIndex(of: range.lowerBound)
        while index < line.count && line[index].start < range.upperBound {
            let l = line[index]
            if l.kind == .comment && l.contentStart >= range.lowerBound && l.end <= range.upperBound { last = l.end }
            index += 1
        }
        return last
    }
}
