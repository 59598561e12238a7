/// A JSON or JSONC document's bytes as the readers see them.
///
/// JSON with comments (`--format jsonc`) is read by the strict scanner too:
/// `scanned` is a copy of the document in which every comment and every
/// trailing comma is blanked to spaces (line breaks kept), so offsets (an
/// error's too), lines and the scanner's every check are the same as in
/// the source, and
/// `comments` and `trailingCommas` say where the blanked bytes were. For
/// strict JSON, `scanned` is the source itself and both lists are empty.
final class JSONDocumentText {
    let source: UnsafeRawBufferPointer
    let scanned: UnsafeRawBufferPointer
    /// Comments, in order: `//` up to (not including) the line break, or
    /// `/*` through `*/`.
    let comments: [Range<Int>]
    /// Offsets of commas that stood before `]` or `}`.
    let trailingCommas: Set<Int>
    /// Comment ranges by where they end, and by where they start.
    private let commentEndingAt: [Int: Int]
    private let commentStartingAt: [Int: Int]
    private let ownedCopy: UnsafeMutableRawBufferPointer?

    var allowsComments: Bool { ownedCopy != nil }

    /// Strict JSON: nothing blanked.
    init(strict source: UnsafeRawBufferPointer) {
        self.source = source
        scanned = source
        comments = []
        trailingCommas = []
        commentEndingAt = [:]
        commentStartingAt = [:]
        ownedCopy = nil
    }

    /// JSON with comments: `//` and `/* */` comments wherever whitespace may
    /// stand, and a comma after the last element or member. An unterminated
    /// `/*` is an error; everything else is left to the scanner.
    init(withComments source: UnsafeRawBufferPointer) throws {
        self.source = source
        // SAFETY: owned by `ownedCopy` and freed in deinit (or freed here on each early exit).
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
        if source.count > 0 { copy.copyMemory(from: source) }
        let end = source.count
        var comments: [Range<Int>] = []
        var trailingCommas = Set<Int>()
        var p = 0
        func blank(_ range: Range<Int>) {
            for i in range where source[i] != 0x0A && source[i] != 0x0D { copy[i] = 0x20 }
        }
        /// The end of the comment that starts at `start`, or nil when none
        /// does; throws for an unterminated `/*`.
        func commentEnd(at start: Int) throws -> Int? {
            guard start + 1 < end, source[start] == UInt8(ascii: "/") else { return nil }
            var q = start + 2
            if source[start + 1] == UInt8(ascii: "/") {
                while q < end && source[q] != 0x0A {
                    // A CR alone ends the comment for JavaScript and VS Code,
                    // but not for every reader: which bytes the comment
                    // owns would be a guess.
                    if source[q] == 0x0D && (q + 1 == end || source[q + 1] != 0x0A) {
                        copy.deallocate()
                        throw JSONErrors.syntax(.carriageReturnInComment, offset: q)
                    }
                    q += 1
                }
                // A CR before the line break belongs to the line break.
                if q < end && q > start + 2 && source[q - 1] == 0x0D { q -= 1 }
            } else if source[start + 1] == UInt8(ascii: "*") {
                while q + 1 < end && !(source[q] == UInt8(ascii: "*") && source[q + 1] == UInt8(ascii: "/")) { q += 1 }
                guard q + 1 < end else {
                    copy.deallocate()
                    throw JSONErrors.syntax(.unterminatedComment, offset: start)
                }
                q += 2
            } else {
                return nil
            }
            if let bad = UTF8Validation.firstInvalid(source, in: start..<q) {
                copy.deallocate()
                throw JSONErrors.syntax(.invalidUTF8, offset: bad)
            }
            return q
        }
        // The last byte before `p` that is neither whitespace nor in a
        // comment: a comma after `[`, `{` or another comma follows no value,
        // so it is no trailing comma (`[,]` is not JSONC).
        var previousSignificant: UInt8 = 0
        while p < end {
            let byte = source[p]
            if byte == UInt8(ascii: "\"") {
                // Skip the string; the scanner judges it.
                p += 1
                while p < end && source[p] != UInt8(ascii: "\"") && source[p] != 0x0A {
                    p += source[p] == UInt8(ascii: "\\") ? 2 : 1
                }
                p += 1
                previousSignificant = byte
            } else if byte == UInt8(ascii: "/"), let commentEnd = try commentEnd(at: p) {
                comments.append(p..<commentEnd)
                blank(p..<commentEnd)
                p = commentEnd
            } else if byte == UInt8(ascii: ",") {
                // A trailing comma: only whitespace and comments before `]`
                // or `}`.
                var q = p + 1
                while q < end {
                    if ValidatedJSON.isWhitespace(source[q]) {
                        q += 1
                    } else if let commentEnd = try commentEnd(at: q) {
                        q = commentEnd
                    } else {
                        break
                    }
                }
                let followsValue = previousSignificant != UInt8(ascii: "[") && previousSignificant != UInt8(ascii: "{")
                    && previousSignificant != UInt8(ascii: ",")
                if q < end && (source[q] == UInt8(ascii: "]") || source[q] == UInt8(ascii: "}")) && followsValue {
                    trailingCommas.insert(p)
                    copy[p] = 0x20
                }
                p += 1
                previousSignificant = byte
            } else {
                if !ValidatedJSON.isWhitespace(byte) { previousSignificant = byte }
                p += 1
            }
        }
        self.comments = comments
        self.trailingCommas = trailingCommas
        var ending: [Int: Int] = [:], starting: [Int: Int] = [:]
        for (index, comment) in comments.enumerated() {
            ending[comment.upperBound] = index
            starting[comment.lowerBound] = index
        }
        commentEndingAt = ending
        commentStartingAt = starting
        ownedCopy = copy
        // SAFETY: the copy holds max(source.count, 1) bytes and lives as long as this text.
        scanned = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<source.count])
    }

    deinit { ownedCopy?.deallocate() }

    /// The comment that ends at `offset`, if any.
    func comment(endingAt offset: Int) -> Range<Int>? { commentEndingAt[offset].map { comments[$0] } }

    /// The comment that starts at `offset`, if any.
    func comment(startingAt offset: Int) -> Range<Int>? {
        // Only a `/` starts one: most offsets need no look-up.
        guard !comments.isEmpty, offset < source.count, source[offset] == UInt8(ascii: "/") else { return nil }
        return commentStartingAt[offset].map { comments[$0] }
    }

    /// Whether any comment lies within `range`.
    func hasComment(in range: Range<Int>) -> Bool {
        guard !comments.isEmpty, !range.isEmpty else { return false }
        let first = comments.firstIndex(endingAfter: range.lowerBound)
        return first < comments.count && comments[first].lowerBound < range.upperBound
    }

    /// The last comment that lies within `range`, if any.
    func lastComment(in range: Range<Int>) -> Range<Int>? { comments.last(in: range) }

    /// Whether `comment` is a `//` comment, which ends at a line break.
    func isLineComment(_ comment: Range<Int>) -> Bool {
        source[comment.lowerBound + 1] == UInt8(ascii: "/")
    }
}

extension JSONDocumentText: CommentLexer {}
