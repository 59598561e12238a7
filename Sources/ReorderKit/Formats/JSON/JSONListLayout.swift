/// The list at a pointer of a JSON or JSONC document, in general: an
/// array's elements or an object's members (`"key": value`, moved with
/// their exact bytes), with the comments that belong to them. (Strict JSON
/// arrays are read by `JSONLayout`, which is faster and keeps less.)
///
/// **Comments belong to the item they sit on**, by the rule every format
/// shares (`CommentOwnership`): comment lines
/// directly above an item (no blank line between them and it), comments
/// before it on its own line when nothing else stands before them there
/// (`/* x */ 2,`), and the comments after it on its own last line (a
/// `/* */` before its comma, comments after its comma, `/* c */ // d`) move
/// with it and are deleted with it.
/// Everything else belongs to positions and stays: a comment with a blank
/// line between it and the item below, one after `[` or `{` on the opening
/// line, one before the closing bracket. A trailing comma after the last
/// item stays after the last item, whichever item that is.
///
/// Source item `i` is written as its main part (`starts[i] ..< mainEnds[i]`:
/// the leading comment lines, the value or member, a comment before its
/// comma), then position `p`'s comma, then its trailing comment with the
/// blank before it, then what lies between position `p` and the next. So:
///
///     {
///       // about a          <- item a (leading)
///       "a": 1, // one      <- item a ("a": 1), position 0 (","), item a (" // one")
///
///       // header           <- position 0 (a blank line below it)
///
///       // about b          <- item b (leading)
///       "b": 2 /* two */,   <- item b ("b": 2 /* two */), position 1 (",")
///       "c": 3              <- item c
///     }                     <- the tail
///
/// A `//` comment is never written right before bytes that do not start a
/// line: a line break goes between, so it cannot swallow a comma or a
/// bracket.
public struct JSONListLayout: FormatLayout {
    let text: JSONDocumentText
    public var source: UnsafeRawBufferPointer { text.source }
    /// Members of an object rather than elements of an array.
    public let isObject: Bool

    /// An object's members are keyed; an array's elements are not.
    public var itemsAreKeyedMembers: Bool { isObject }
    /// Offsets of the brackets.
    let open: Int
    let close: Int
    /// By source index: where the item starts (its leading comment lines
    /// included), where its value (or member's key) starts, where it ends,
    /// and where its main part ends: after the comments between the value
    /// and its comma when the comma is on the value's last line, else at
    /// the value's end.
    let starts: [Int]
    let valueStarts: [Int]
    let valueEnds: [Int]
    let mainEnds: [Int]
    /// Members: the key's range, quotes included; arrays: empty.
    let keyRanges: [Range<Int>]
    /// By source position: the comma after the value, if any.
    let commas: [Int?]
    /// By source index: the comments that end the item's last line, and
    /// where the blank before them starts.
    let trailingComments: [Range<Int>?]
    /// By source position: where the line tail of the position ends (the
    /// trailing comment, the comma, or the value).
    let lineEnds: [Int]
    /// A comma after the last item.
    let hasTrailingComma: Bool
    /// Between a new position and the one before it.
    let newBetween: [UInt8]
    /// For a list that was empty.
    let emptyPositions: JSONNewPositions?
    /// `sort --recursive`: new bytes for the main part of source items.
    let overrides = Overrides()
    /// The bytes written around the list: the whole document, or for a
    /// container inside an item (`sort --recursive`), the container.
    var window: Range<Int>

    final class Overrides {
        var bytes: [Int: [UInt8]] = [:]
    }

    /// The list of the container (`[` or `{`) that starts at `open`, a value
    /// of `text`'s document.
    init(text: JSONDocumentText, container open: Int, parentOpen: Int?, firstComma: Int?, firstColon: Int?) {
        self.text = text
        let scanned = text.scanned, source = text.source
        window = 0..<source.count
        self.open = open
        let close = ValidatedJSON.valueEnd(scanned, open, scanned.count) - 1
        self.close = close
        isObject = scanned[open] == UInt8(ascii: "{")
        var valueStarts: [Int] = [], valueEnds: [Int] = [], keyRanges: [Range<Int>] = []
        if isObject {
            ValidatedJSON.forEachMember(scanned, object: open..<close + 1) { key, value in
                keyRanges.append(key)
                valueStarts.append(key.lowerBound)
                valueEnds.append(value.upperBound)
                return true
            }
        } else {
            ValidatedJSON.forEachElement(scanned, array: open..<close + 1) { element in
                valueStarts.append(element.lowerBound)
                valueEnds.append(element.upperBound)
                return true
            }
        }
        let count = valueStarts.count
        var commas: [Int?] = [], trailingComments: [Range<Int>?] = [], lineEnds: [Int] = [], mainEnds: [Int] = []
        for index in 0..<count {
            let end = valueEnds[index]
            let comma = JSONListLayout.comma(after: end, before: close, in: text)
            commas.append(comma)
            // `"strict": true /* why */,`: the comment is the item's.
            var mainEnd = end
            if let comma, let last = text.lastComment(in: end..<comma), !JSONListLayout.hasLineBreak(source, end..<comma) {
                mainEnd = last.upperBound
            }
            mainEnds.append(mainEnd)
            // The comment on the item's last line: after the comma when the
            // comma is on that line.
            var lineTail = end
            if let comma, !JSONListLayout.hasLineBreak(source, end..<comma) { lineTail = comma + 1 }
            let comment = (comma == nil || lineTail > end)
                ? JSONListLayout.ownership.trailingComments(at: lineTail, before: close, in: text) : nil
            trailingComments.append(comment)
            lineEnds.append(comment?.upperBound ?? (comma.map { $0 + 1 } ?? end))
        }
        var starts: [Int] = []
        for index in 0..<count {
            let floor = index == 0 ? open + 1 : lineEnds[index - 1]
            starts.append(text.comments.isEmpty ? valueStarts[index]
                : JSONListLayout.ownership.leadingStart(of: valueStarts[index], floor: floor, in: text))
        }
        self.valueStarts = valueStarts
        self.valueEnds = valueEnds
        self.mainEnds = mainEnds
        self.keyRanges = keyRanges
        self.commas = commas
        self.trailingComments = trailingComments
        self.lineEnds = lineEnds
        self.starts = starts
        hasTrailingComma = count > 0 && commas[count - 1] != nil

        var scan = JSONScan()
        scan.openBracket = open
        scan.closeBracket = close
        scan.parentOpen = parentOpen
        scan.firstComma = firstComma
        scan.firstColon = firstColon
        scan.elementStarts = Array(valueStarts.prefix(1))
        let positions = JSONNewPositions(source: scanned, scan: scan)
        emptyPositions = count == 0 ? positions : nil
        switch count {
        case 0:
            if case .bytes(let separator) = positions.separator { newBetween = Array(separator.dropFirst()) } else { newBetween = [0x20] }
        case 1:
            let region = open + 1..<starts[0]
            if text.hasComment(in: region) {
                newBetween = JSONListLayout.lineBreak(of: source) + JSONListLayout.indentation(source, at: starts[0])
            } else if region.isEmpty {
                if case .bytes(let separator) = positions.separator { newBetween = Array(separator.dropFirst()) } else { newBetween = [] }
            } else {
                newBetween = Array(source[region])
            }
        default:
            newBetween = JSONListLayout.plain(lineEnds[count - 2]..<starts[count - 1], in: text)
        }
    }

    public var count: Int { valueStarts.count }

    /// The item's bytes without its trailing comment: its leading comment
    /// lines and the value or member.
    public func itemRange(_ index: Int) -> Range<Int> { starts[index]..<valueEnds[index] }

    // MARK: - Reading the layout

    /// The comma after a value that ends at `end`, skipping whitespace and
    /// comments; nil when `]` or `}` comes first.
    private static func comma(after end: Int, before close: Int, in text: JSONDocumentText) -> Int? {
        var p = end
        let source = text.source
        while p < close {
            if source[p] == UInt8(ascii: ",") { return p }
            if let comment = text.comment(startingAt: p) { p = comment.upperBound; continue }
            guard ValidatedJSON.isWhitespace(source[p]) else { return nil }
            p += 1
        }
        return nil
    }

    /// Comments belong to the item they sit on (`CommentOwnership`); an
    /// owned comment line's indentation stays with the position.
    static let ownership = CommentOwnership(ownedFrom: .comment)

    private static func hasLineBreak(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        firstIndex(of: 0x0A, in: source, from: range.lowerBound, to: range.upperBound) != nil
    }

    /// What lies between two positions, without comments: the bytes
    /// themselves when they hold none, else their last line break and the
    /// blanks that start the line after it (a comment on that line, as in
    /// `⏎  /* x */ "b"`, is not copied).
    private static func plain(_ range: Range<Int>, in text: JSONDocumentText) -> [UInt8] {
        let source = text.source
        guard text.hasComment(in: range) else { return Array(source[range]) }
        var p = range.upperBound
        while p > range.lowerBound && source[p - 1] != 0x0A { p -= 1 }
        guard p > range.lowerBound else { return [0x20] }
        var lineBreak = p - 1
        if lineBreak > range.lowerBound && source[lineBreak - 1] == 0x0D { lineBreak -= 1 }
        while p < range.upperBound && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
        return Array(source[lineBreak..<p])
    }

    static func lineBreak(of source: UnsafeRawBufferPointer) -> [UInt8] { documentLineBreak(source) }

    /// The blanks that start the line holding `offset`.
    static func indentation(_ source: UnsafeRawBufferPointer, at offset: Int) -> [UInt8] {
        var lineStart = offset
        while lineStart > 0 && source[lineStart - 1] != 0x0A { lineStart -= 1 }
        var end = lineStart
        while end < offset && (source[end] == 0x20 || source[end] == 0x09) { end += 1 }
        return Array(source[lineStart..<end])
    }

    // MARK: - Writing

    /// One item of a result: a source item, or new bytes.
    enum Slot {
        case source(Int)
        case new(UnsafeRawBufferPointer)
    }

    /// The document with `slots` as the list, passed to `emit` a piece at a
    /// time.
    func write(_ slots: [Slot], _ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        let source = self.source
        // After a `//` comment: the line break (and indentation) to write
        // before the next bytes unless they start a line themselves.
        var openLineComment: [UInt8]? = nil
        // Whether only blanks were written since the last line break: an
        // item's leading comment lines must start a line, or they would
        // read back as the comments of the item before.
        var atLineStart = false
        // Blanks written after a `//` comment, held until what follows them
        // tells whether the line ends there (they stay) or a line break
        // goes in (they go: the new line has the items' indentation).
        var blanksAfterLineComment: [UInt8] = []
        func emitChecked(_ bytes: UnsafeRawBufferPointer) throws {
            guard !bytes.isEmpty else { return }
            var bytes = bytes
            if let lineBreak = openLineComment {
                var start = 0
                while start < bytes.count && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
                if start == bytes.count {
                    blanksAfterLineComment += Array(bytes)
                    return
                }
                openLineComment = nil
                // A line break is LF or CR LF: a CR alone would be read as
                // part of the comment.
                let startsLine = bytes[start] == 0x0A
                    || (bytes[start] == 0x0D && start + 1 < bytes.count && bytes[start + 1] == 0x0A)
                if !startsLine {
                    try lineBreak.withUnsafeBytes { try emit($0) }
                    bytes = UnsafeRawBufferPointer(rebasing: bytes[start...])
                    atLineStart = true
                } else if !blanksAfterLineComment.isEmpty {
                    try blanksAfterLineComment.withUnsafeBytes { try emit($0) }
                }
                blanksAfterLineComment = []
            }
            try emit(bytes)
            var p = bytes.count
            while p > 0 && (bytes[p - 1] == 0x20 || bytes[p - 1] == 0x09) { p -= 1 }
            if p > 0 { atLineStart = bytes[p - 1] == 0x0A }
        }
        func put(_ range: Range<Int>) throws {
            try emitChecked(UnsafeRawBufferPointer(rebasing: source[range]))
        }
        func put(_ bytes: [UInt8]) throws {
            try bytes.withUnsafeBytes { try emitChecked($0) }
        }
        /// `range` up to its last comment, when it has one: the comments of
        /// a position that goes, without the blanks that went with it.
        func putComments(_ range: Range<Int>) throws {
            guard let last = text.lastComment(in: range) else { return }
            try put(range.lowerBound..<last.upperBound)
            if text.isLineComment(last) { openLineComment = lineBreak(before: last) }
        }
        let n = count, m = slots.count
        if n == 0 {
            guard m > 0, let empty = emptyPositions else { return try put(window) }
            let inner = open + 1..<close
            var head = empty.emptyArrayHead(resultCount: m).flatMap { piece -> [UInt8] in
                if case .bytes(let bytes) = piece { return bytes } else { return [] }
            }
            var between = newBetween
            var tail = empty.emptyArrayTail.flatMap { piece -> [UInt8] in
                if case .bytes(let bytes) = piece { return bytes } else { return [] }
            }
            var headEnd = open + 1
            if let last = text.lastComment(in: inner) {
                // Into an empty list with comments: they stay, before the
                // items, which go one a line.
                headEnd = last.upperBound
                let lineBreak = JSONListLayout.lineBreak(of: source)
                let indent = JSONListLayout.indentation(source, at: open)
                if head.first != 0x0A && head.first != 0x0D { head = lineBreak + indent + [0x20, 0x20] }
                if between.first != 0x0A && between.first != 0x0D { between = head }
                if tail.first != 0x0A && tail.first != 0x0D { tail = lineBreak + indent }
            }
            try put(window.lowerBound..<headEnd)
            try put(head)
            for (position, slot) in slots.enumerated() {
                try writeMain(slot, put, put, atLineStart: { atLineStart })
                if position < m - 1 { try put([UInt8(ascii: ",")]) }
                try put(position < m - 1 ? between : tail)
            }
            return try put(close..<window.upperBound)
        }
        if m == 0 {
            // Deleting every item: the brackets close up, and comments that
            // belong to positions stay, each with the blanks before it.
            try put(window.lowerBound..<open + 1)
            var kept = false
            for comment in text.comments where comment.lowerBound > open && comment.upperBound <= close && !isOwnedByItem(comment) {
                var blanks = comment.lowerBound
                while blanks > open + 1 && ValidatedJSON.isWhitespace(source[blanks - 1]) { blanks -= 1 }
                try put(blanks..<comment.upperBound)
                if text.isLineComment(comment) { openLineComment = lineBreak(before: comment) }
                kept = true
            }
            if kept { try put(JSONListLayout.lineBreak(of: source) + JSONListLayout.indentation(source, at: close)) }
            return try put(close..<window.upperBound)
        }
        try put(window.lowerBound..<starts[0])
        for (position, slot) in slots.enumerated() {
            let isLast = position == m - 1
            let writesComma = !isLast || hasTrailingComma
            try writeMain(slot, put, put, atLineStart: { atLineStart })
            if position < n, let comma = commas[position] {
                // What stands between the item and its comma belongs to the
                // position, and its comments stay without the comma.
                let beforeComma = mainEnds[position]..<comma
                if writesComma {
                    try put(beforeComma)
                    try put(comma..<comma + 1)
                } else {
                    try putComments(beforeComma)
                }
            } else if writesComma {
                try put(newBeforeComma)
                try put([UInt8(ascii: ",")])
            }
            if case .source(let index) = slot, let trailing = trailingComments[index] {
                try put(trailing)
                if text.isLineComment(text.comment(endingAt: trailing.upperBound)!) {
                    openLineComment = JSONListLayout.lineBreak(of: source) + JSONListLayout.indentation(source, at: valueStarts[index])
                }
            }
            if !isLast {
                if position < n - 1 { try put(lineEnds[position]..<starts[position + 1]) } else { try put(newBetween) }
                continue
            }
            // Positions that go: their own comments stay.
            for dropped in position..<max(position, n - 1) {
                try putComments(lineEnds[dropped]..<starts[dropped + 1])
                if let comma = commas[dropped + 1] { try putComments(mainEnds[dropped + 1]..<comma) }
            }
            try put(lineEnds[n - 1]..<window.upperBound)
        }
    }

    /// Before a new position's comma: what the source has before the comma
    /// of its last position but one, when that is only blanks on one line
    /// (the ` ` of `{ "a": 1 , "b": 2 }`).
    private var newBeforeComma: [UInt8] {
        guard count >= 2, let comma = commas[count - 2] else { return [] }
        let range = mainEnds[count - 2]..<comma
        guard !text.hasComment(in: range), !JSONListLayout.hasLineBreak(source, range) else { return [] }
        return Array(source[range])
    }

    /// The line break to write after the `//` comment `comment` when what
    /// follows it does not start a line: the document's, and the comment's
    /// indentation.
    private func lineBreak(before comment: Range<Int>) -> [UInt8] {
        JSONListLayout.lineBreak(of: source) + JSONListLayout.indentation(source, at: comment.lowerBound)
    }

    /// Whether `comment` moves with an item (leading, before its comma, or
    /// trailing).
    private func isOwnedByItem(_ comment: Range<Int>) -> Bool {
        for index in 0..<count {
            if comment.lowerBound >= starts[index] && comment.upperBound <= mainEnds[index] { return true }
            if let trailing = trailingComments[index], trailing.contains(comment.lowerBound) { return true }
        }
        return false
    }

    /// A slot's main part: a source item's leading comments, value or
    /// member, and comment before its comma; or a new item's bytes.
    private func writeMain(
        _ slot: Slot, _ putRange: (Range<Int>) throws -> Void, _ putBytes: ([UInt8]) throws -> Void,
        atLineStart: () -> Bool
    ) rethrows {
        switch slot {
        case .source(let index):
            if starts[index] < valueStarts[index] && !atLineStart() {
                try putBytes(JSONListLayout.lineBreak(of: source) + JSONListLayout.indentation(source, at: starts[index]))
            }
            if let replaced = overrides.bytes[index] {
                try putBytes(replaced)
                try putRange(valueEnds[index]..<mainEnds[index])
            } else {
                try putRange(starts[index]..<mainEnds[index])
            }
        case .new(let bytes):
            try putBytes(Array(bytes))
        }
    }

    /// The slots of `arrangement`.
    func slots(_ arrangement: Arrangement, _ itemBytes: UnsafeRawBufferPointer) -> [Slot] {
        var slots: [Slot] = []
        slots.reserveCapacity(arrangement.count)
        for run in arrangement.runs {
            if run.isNewItem {
                slots.append(.new(UnsafeRawBufferPointer(rebasing: itemBytes[run.newItemBytes])))
            } else {
                for index in run.start..<run.end { slots.append(.source(index)) }
            }
        }
        return slots
    }

    public func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        // The result in one buffer: these lists are configuration files,
        // and the pieces of a line (comma, comment) are small.
        let output = render(arrangement)
        try output.withUnsafeBytes { bytes in
            try withUnsafeTemporaryAllocation(of: UnsafeRawBufferPointer.self, capacity: 1) { slices in
                slices[0] = bytes
                try write(UnsafeBufferPointer(slices))
            }
        }
    }

    func render(_ arrangement: Arrangement) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(source.count + 64)
        arrangement.itemBytes.withUnsafeBytes { itemBytes in
            write(slots(arrangement, itemBytes)) { output.append(contentsOf: $0) }
        }
        return output
    }

    public func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        let output = render(arrangement)
        guard output.count == source.count else { return false }
        guard !output.isEmpty else { return true }
        return output.withUnsafeBytes { memoryEqual($0.baseAddress!, source.baseAddress!, source.count) }
    }
}

