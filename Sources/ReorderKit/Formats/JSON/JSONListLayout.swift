/// The list at a pointer of a JSON or JSONC document, in general: an
/// array's elements or an object's members (`"key": value`, moved with
/// their exact bytes), with the comments that belong to them. (Strict JSON
/// arrays are read by `JSONLayout`, which is faster and keeps less.)
///
/// **Comments belong to the item they sit on**, by one rule: comment lines
/// directly above an item (no blank line between) and a comment after it on
/// its own last line (after its comma) move with it and are deleted with
/// it. Everything else belongs to positions and stays: a comment separated
/// by a blank line, one after `[` or `{` on the opening line, one before the
/// closing bracket. A trailing comma after the last item stays after the
/// last item, whichever item that is.
///
/// Source item `i` is written as its main part (`starts[i] ..< valueEnds[i]`:
/// the leading comment lines and the value or member), then position `p`'s
/// comma, then its trailing comment with the blank before it, then what lies
/// between position `p` and the next. So:
///
///     {
///       // about a          <- item a (leading)
///       "a": 1, // one      <- item a ("a": 1), position 0 (","), item a (" // one")
///
///       // section          <- position 0 (a blank line before it)
///       "b": 2              <- item b
///     }                     <- the tail
public struct JSONListLayout: FormatLayout {
    let text: JSONDocumentText
    public var source: UnsafeRawBufferPointer { text.source }
    /// Members of an object rather than elements of an array.
    public let isObject: Bool
    /// Offsets of the brackets.
    let open: Int
    let close: Int
    /// By source index: where the item starts (its leading comment lines
    /// included), where its value (or member's key) starts, where it ends.
    let starts: [Int]
    let valueStarts: [Int]
    let valueEnds: [Int]
    /// Members: the key's range, quotes included; arrays: empty.
    let keyRanges: [Range<Int>]
    /// By source position: the comma after the value, if any.
    let commas: [Int?]
    /// By source index: the comment on the item's last line, and where the
    /// blank before it starts.
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
        var commas: [Int?] = [], trailingComments: [Range<Int>?] = [], lineEnds: [Int] = []
        for index in 0..<count {
            let end = valueEnds[index]
            let comma = JSONListLayout.comma(after: end, before: close, in: text)
            commas.append(comma)
            // The comment on the item's last line: after the comma when the
            // comma is on that line.
            var lineTail = end
            if let comma, !JSONListLayout.hasLineBreak(source, end..<comma) { lineTail = comma + 1 }
            let comment = (comma == nil || lineTail > end)
                ? JSONListLayout.lineEndComment(at: lineTail, before: close, in: text) : nil
            trailingComments.append(comment)
            lineEnds.append(comment?.upperBound ?? (comma.map { $0 + 1 } ?? end))
        }
        var starts: [Int] = []
        for index in 0..<count {
            let floor = index == 0 ? open + 1 : lineEnds[index - 1]
            starts.append(JSONListLayout.leadingCommentsStart(valueStarts[index], floor: floor, in: text))
        }
        self.valueStarts = valueStarts
        self.valueEnds = valueEnds
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

    /// A comment that starts at `start` after blanks on the same line and is
    /// the last thing on that line.
    private static func lineEndComment(at start: Int, before close: Int, in text: JSONDocumentText) -> Range<Int>? {
        let source = text.source
        var p = start
        while p < close && (source[p] == 0x20 || source[p] == 0x09) { p += 1 }
        guard let comment = text.comment(startingAt: p) else { return nil }
        var q = comment.upperBound
        while q < source.count && (source[q] == 0x20 || source[q] == 0x09) { q += 1 }
        guard q == source.count || source[q] == 0x0A || source[q] == 0x0D else { return nil }
        return start..<comment.upperBound
    }

    /// Where an item whose value starts at `valueStart` starts: at the first
    /// of the comment lines directly above it (each line only blanks and
    /// comments, no blank line between), or at the value. Never before
    /// `floor`, where the previous item's line ends.
    private static func leadingCommentsStart(_ valueStart: Int, floor: Int, in text: JSONDocumentText) -> Int {
        let source = text.source
        guard !text.comments.isEmpty else { return valueStart }
        func isBlank(_ offset: Int) -> Bool { source[offset] == 0x20 || source[offset] == 0x09 }
        var start = valueStart
        var lineStart = valueStart
        while lineStart > floor && isBlank(lineStart - 1) { lineStart -= 1 }
        // The value must begin its line for lines above to be its own.
        guard lineStart > floor, source[lineStart - 1] == 0x0A else { return valueStart }
        while true {
            // The line above, back from before its line break.
            var p = lineStart - 1
            if p > floor && source[p - 1] == 0x0D { p -= 1 }
            while p > floor && isBlank(p - 1) { p -= 1 }
            var first: Int? = nil
            while p > floor, let comment = text.comment(endingAt: p), comment.lowerBound >= floor {
                first = comment.lowerBound
                p = comment.lowerBound
                while p > floor && isBlank(p - 1) { p -= 1 }
            }
            // Nothing but comments on it, and it begins after `floor`.
            guard let first, p > floor, source[p - 1] == 0x0A else { return start }
            start = first
            lineStart = p
        }
    }

    private static func hasLineBreak(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        firstIndex(of: 0x0A, in: source, from: range.lowerBound, to: range.upperBound) != nil
    }

    /// What lies between two positions, without comments: the bytes
    /// themselves when they hold none, else from their last line break on.
    private static func plain(_ range: Range<Int>, in text: JSONDocumentText) -> [UInt8] {
        let source = text.source
        guard text.hasComment(in: range) else { return Array(source[range]) }
        var p = range.upperBound
        while p > range.lowerBound && source[p - 1] != 0x0A { p -= 1 }
        if p > range.lowerBound {
            var lineBreak = p - 1
            if lineBreak > range.lowerBound && source[lineBreak - 1] == 0x0D { lineBreak -= 1 }
            return Array(source[lineBreak..<range.upperBound])
        }
        return [0x20]
    }

    static func lineBreak(of source: UnsafeRawBufferPointer) -> [UInt8] {
        guard let newline = firstIndex(of: 0x0A, in: source, from: 0, to: source.count) else { return [0x0A] }
        return newline > 0 && source[newline - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }

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
        func put(_ range: Range<Int>) throws {
            if !range.isEmpty { try emit(UnsafeRawBufferPointer(rebasing: source[range])) }
        }
        func put(_ bytes: [UInt8]) throws {
            if !bytes.isEmpty { try bytes.withUnsafeBytes { try emit($0) } }
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
            if let last = text.comments.last(where: { inner.contains($0.lowerBound) }) {
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
                try writeMain(slot, put, put)
                if position < m - 1 { try put([UInt8(ascii: ",")]) }
                try put(position < m - 1 ? between : tail)
            }
            return try put(close..<window.upperBound)
        }
        if m == 0 {
            // Deleting every item: the brackets close up, and comments that
            // belonged to positions stay.
            let kept = text.comments.filter { $0.lowerBound > open && $0.upperBound <= close && !isOwnedByItem($0) }
            if let last = kept.last {
                try put(window.lowerBound..<last.upperBound)
                try put(JSONListLayout.lineBreak(of: source) + JSONListLayout.indentation(source, at: close))
                return try put(close..<window.upperBound)
            }
            try put(window.lowerBound..<open + 1)
            return try put(close..<window.upperBound)
        }
        try put(window.lowerBound..<starts[0])
        for (position, slot) in slots.enumerated() {
            try writeMain(slot, put, put)
            if position < n, let comma = commas[position] {
                // What stands between the value and its comma belongs to
                // the position.
                try put(valueEnds[position]..<comma)
            }
            let isLast = position == m - 1
            if !isLast || hasTrailingComma {
                if position < n, let comma = commas[position] { try put(comma..<comma + 1) } else { try put([UInt8(ascii: ",")]) }
            }
            // What follows this position's line.
            var following: Range<Int>? = nil
            var followingBytes: [UInt8] = []
            if !isLast {
                if position < n - 1 { following = lineEnds[position]..<starts[position + 1] } else { followingBytes = newBetween }
            } else {
                following = lineEnds[n - 1]..<window.upperBound
            }
            let next = following.map { Array(source[$0.lowerBound..<min($0.upperBound, $0.lowerBound + 2)]) } ?? followingBytes
            try writeComment(slot, followedBy: next, put, put)
            if isLast && m < n {
                // Positions that go: their own comments stay.
                for dropped in position..<n - 1 {
                    let between = lineEnds[dropped]..<starts[dropped + 1]
                    if let last = text.comments.last(where: { between.contains($0.lowerBound) }) {
                        try put(between.lowerBound..<last.upperBound)
                    }
                }
            }
            if let following { try put(following) } else { try put(followingBytes) }
        }
    }

    /// Whether `comment` moves with an item (leading or trailing).
    private func isOwnedByItem(_ comment: Range<Int>) -> Bool {
        for index in 0..<count {
            if comment.lowerBound >= starts[index] && comment.upperBound <= valueEnds[index] { return true }
            if let trailing = trailingComments[index], trailing.contains(comment.lowerBound) { return true }
        }
        return false
    }

    private func writeMain(
        _ slot: Slot, _ putRange: (Range<Int>) throws -> Void, _ putBytes: ([UInt8]) throws -> Void
    ) rethrows {
        switch slot {
        case .source(let index):
            if let replaced = overrides.bytes[index] { try putBytes(replaced) } else { try putRange(starts[index]..<valueEnds[index]) }
        case .new(let bytes):
            try putBytes(Array(bytes))
        }
    }

    /// A source item's trailing comment, and after a `//` comment a line
    /// break when what follows (`next`, its first bytes) does not start with
    /// one: a line comment must never swallow a comma or a bracket.
    private func writeComment(
        _ slot: Slot, followedBy next: [UInt8],
        _ putRange: (Range<Int>) throws -> Void, _ putBytes: ([UInt8]) throws -> Void
    ) rethrows {
        guard case .source(let index) = slot, let trailing = trailingComments[index] else { return }
        try putRange(trailing)
        let comment = text.comment(endingAt: trailing.upperBound)!
        let isLineComment = source[comment.lowerBound + 1] == UInt8(ascii: "/")
        if isLineComment && next.first != 0x0A && next.first != 0x0D {
            try putBytes(JSONListLayout.lineBreak(of: source) + JSONListLayout.indentation(source, at: valueStarts[index]))
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

