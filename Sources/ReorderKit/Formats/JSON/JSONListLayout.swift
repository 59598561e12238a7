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
/// Read with comment headings (`ReadOptions.commentHeadings`), no comment
/// line above an item is its own: each stays with the position below it,
/// and `groupHeading(before:)` names the last of them (a group's heading).
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
    /// What new positions look like.
    let newPositions: JSONNewPositions
    /// Read with comment headings (`ReadOptions.commentHeadings`): comment
    /// lines above an item are not its own but the position's, headings.
    let commentHeadings: Bool
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
    init(text: JSONDocumentText, container open: Int, parentOpen: Int?, firstComma: Int?, firstColon: Int?,
         commentHeadings: Bool = false) {
        self.text = text
        self.commentHeadings = commentHeadings
        var ownership = JSONListLayout.ownership
        ownership.headings = commentHeadings
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
        commas.reserveCapacity(count)
        trailingComments.reserveCapacity(count)
        lineEnds.reserveCapacity(count)
        mainEnds.reserveCapacity(count)
        let hasComments = !text.comments.isEmpty
        for index in 0..<count {
            let end = valueEnds[index]
            guard hasComments else {
                // Nothing but whitespace between a value and its comma.
                let p = ValidatedJSON.skipWhitespace(scanned, end, close)
                let comma = p < close && scanned[p] == UInt8(ascii: ",") ? p : nil
                commas.append(comma)
                mainEnds.append(end)
                trailingComments.append(nil)
                lineEnds.append(comma.map { $0 + 1 } ?? end)
                continue
            }
            let comma = JSONListLayout.comma(after: end, before: close, in: text)
            commas.append(comma)
            // `"strict": true /* why */,`: the comment is the item's.
            var mainEnd = end
            // So is one after the last, before the closing bracket on its
            // line (`"b": 2 /* why */}`): moved, it goes along, as it
            // would before a comma, and back, it reads as the item's again.
            let mainLimit = comma ?? close
            if let last = text.lastComment(in: end..<mainLimit), !JSONListLayout.hasLineBreak(source, end..<mainLimit) {
                mainEnd = last.upperBound
            }
            mainEnds.append(mainEnd)
            // The comment on the item's last line: after the comma when the
            // comma is on that line.
            var lineTail = mainEnd
            if let comma, !JSONListLayout.hasLineBreak(source, end..<comma) { lineTail = comma + 1 }
            let comment = (comma == nil || lineTail > end)
                ? JSONListLayout.ownership.trailingComments(at: lineTail, before: close, in: text) : nil
            trailingComments.append(comment)
            lineEnds.append(comment?.upperBound ?? (comma.map { $0 + 1 } ?? mainEnd))
        }
        // Without comments an item starts at its value: the same array.
        var starts = valueStarts
        if hasComments {
            var cursor = CommentCursor(text.comments)
            for index in 0..<count {
                let floor = index == 0 ? open + 1 : lineEnds[index - 1]
                starts[index] = ownership.leadingStart(of: valueStarts[index], floor: floor, in: text,
                                                       cursor: &cursor)
            }
        }
        self.valueStarts = valueStarts
        self.valueEnds = valueEnds
        self.mainEnds = mainEnds
        self.keyRanges = keyRanges
        self.commas = commas
        self.trailingComments = trailingComments
        self.lineEnds = lineEnds
        self.starts = starts

        var scan = JSONScan()
        scan.openBracket = open
        scan.closeBracket = close
        scan.parentOpen = parentOpen
        scan.firstComma = firstComma
        scan.firstColon = firstColon
        scan.elementStarts = Array(valueStarts.prefix(1))
        newPositions = JSONNewPositions(source: scanned, scan: scan)
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

    /// The last comment on a line of its own between the item before
    /// `index` (its line's end) or the opening bracket and the item.
    public func groupHeading(before index: Int) -> Range<Int>? {
        guard commentHeadings, index >= 0, index < count, !text.comments.isEmpty else { return nil }
        let floor = index == 0 ? open + 1 : lineEnds[index - 1]
        return CommentOwnership.heading(in: floor..<starts[index], in: text)
    }

    private static func hasLineBreak(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        firstIndex(of: 0x0A, in: source, from: range.lowerBound, to: range.upperBound) != nil
    }

    // MARK: - Writing

    typealias Slot = DelimitedListWriter.Slot

    /// The list as the delimited-list writer takes it.
    var delimited: DelimitedListWriter {
        DelimitedListWriter(DelimitedList(
            source: source, open: open, close: close, window: window,
            starts: starts, valueStarts: valueStarts, valueEnds: valueEnds, mainEnds: mainEnds,
            trailingComments: trailingComments, separators: commas, lineEnds: lineEnds,
            separator: UInt8(ascii: ","), trailingSeparator: text.allowsComments ? .asInSource : .never,
            comments: text.comments, commentSyntax: .slashes,
            inlineBetween: newPositions.inlineBetween,
            emptyHead: newPositions.emptyHead, emptyTail: newPositions.emptyTail,
            commentedEmptyIndent: [0x20, 0x20], replacedItems: overrides.bytes))
    }

    /// The document with `slots` as the list, passed to `emit` a piece at a
    /// time.
    func write(_ slots: [Slot], _ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try delimited.write(slots, emit)
    }

    public func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        try delimited.write(arrangement, gathered: write)
    }

    public func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        delimited.outputEqualsSource(arrangement)
    }
}
