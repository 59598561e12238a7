/// A run of output bytes: either a range of the source document, copied
/// verbatim, or bytes the edit made (an inserted value, a separator for a new
/// position).
public enum Piece: Equatable, Sendable {
    /// Bytes `range` of the source document.
    case source(Range<Int>)
    /// Bytes that are not in the source.
    case bytes([UInt8])
}

#if compiler(>=6.2)
/// What every `ListLayout`'s metatype is: one that may cross threads.
public typealias ListLayoutMetatype = SendableMetatype
#else
/// Before Swift 6.2 every metatype may cross threads.
public protocol ListLayoutMetatype {}
#endif

/// Where a list's items sit in a document, and what lies before, between and
/// after them.
///
/// A document is `head, item, separator, item, separator, …, item, tail`.
/// Items move; the head, the separators and the tail belong to *positions*,
/// not to items, so a result keeps the layout of the source: the separator
/// after result position `p` is the one the source had after position `p`.
///
/// Item indices here are source indices (`0..<count`); positions are indices
/// into the result, whose length is `resultCount`.
///
/// A layout's type may be used from a lent thread (`Renderer` copies a
/// large list of lines on two), so its metatype is `Sendable`: a
/// conformance isolated to an actor cannot be one.
public protocol ListLayout: ListLayoutMetatype {
    /// The number of items in the source list.
    var count: Int { get }

    /// The bytes of source item `index`, without any separator.
    func itemRange(_ index: Int) -> Range<Int>

    /// What comes before result position 0.
    func head(resultCount: Int) -> [Piece]

    /// What comes between result positions `position` and `position + 1`,
    /// for `position` in `0 ..< resultCount - 1`.
    func separator(afterPosition position: Int, resultCount: Int) -> Piece

    /// What comes after the last result position. `lastItemIsEmpty` tells
    /// whether the result's last item has no bytes.
    func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece]

    /// True when every separator `separator(afterPosition:resultCount:)` can
    /// return is the same bytes as the source's separator after any item, so
    /// a run of consecutive source items can be copied as one byte range.
    var separatorsAreUniform: Bool { get }

    /// The bytes that end every item but perhaps the last, when they are
    /// all the same and are all that lies between items (lines whose
    /// terminators are all alike); nil otherwise. Then source items
    /// `s ..< e` with the separators between them are the source bytes
    /// from `itemStart(s)` to `itemStart(e)`, less one terminator, and the
    /// renderer copies a run of items as one range.
    var uniformTerminator: [UInt8]? { get }

    /// Where source item `index` starts: `itemRange(index).lowerBound`,
    /// perhaps without finding where it ends.
    func itemStart(_ index: Int) -> Int
}

extension ListLayout {
    public var uniformTerminator: [UInt8]? { nil }

    public func itemStart(_ index: Int) -> Int { itemRange(index).lowerBound }
}

/// The list seam: a format's reading of a document, which every operation
/// works through. A format is one folder under `Formats/` with one type that
/// conforms to this protocol and one `ListFormat` value that reads it;
/// `ListFormat.all` is the one place formats are chosen. Besides where the
/// items and positions are (`ListLayout`), it answers what each item's value is
/// (`ItemValue`), how a new item is written, and how the result is written.
public protocol FormatLayout {
    /// The number of items in the source list.
    var count: Int { get }

    /// The bytes of source item `index` as they stand (what `--diff` and a
    /// sequential batch's selectors see of it).
    func itemRange(_ index: Int) -> Range<Int>

    /// The document's bytes.
    var source: UnsafeRawBufferPointer { get }

    /// True when the items are lines: one after another in the source,
    /// each followed by its terminator (but perhaps the last), nothing
    /// else between them, and without `--key` each its own key as it
    /// stands (`itemRange`). A diff then reads the keys where they are and
    /// copies none, and takes source bytes equal from one item's start to a
    /// later one's as that many equal items. False by default: keys are
    /// made from the items (`valueText(ofItem:)`).
    var itemsAreLines: Bool { get }

    /// True when the list's items are an object's members, each with its
    /// key, not elements addressed by index (a JSON object, a YAML mapping,
    /// a TOML table): a pointer names them by key, and JSON Patch cannot
    /// reorder them. False by default.
    var itemsAreKeyedMembers: Bool { get }

    /// Where the list is opened on a line of its own above its items, when
    /// the format writes one (a TOML table's `[header]`): a policy's
    /// findings point there. Nil (the default): at the first item.
    var headerOffset: Int? { get }

    /// A keyed member written with a dotted key (TOML's `x.workspace =
    /// true`): its key's segments, from the list's own; nil (the default)
    /// when the item's key is one segment or it has none.
    func keyPath(ofItem index: Int) -> [String]?

    /// Read with `ReadOptions.commentHeadings`: the comment heading that
    /// stands on lines of its own before item `index`, among the bytes of
    /// the position before it (for item 0, what precedes it: the list's
    /// head), the last one when there are several; nil (the default) when
    /// none does, or the list was read without comment headings. A heading
    /// starts a group that `sort --groups comments` sorts within.
    func groupHeading(before index: Int) -> Range<Int>?

    /// The byte a diff of the document splits it at (a newline, or NUL for
    /// lines with `-z`).
    var diffTerminator: UInt8 { get }

    /// Source item `index` on one line, as `pick` and `edit` show it and
    /// `insert` mostly takes it; nil when the item cannot be given on one
    /// line.
    func valueText(ofItem index: Int) -> [UInt8]?

    /// The VALUE that `insert` takes to write source item `index` again
    /// with the same data (what `reorder diff` prints for an item to
    /// insert); nil when there is none on one line. By default
    /// `valueText`.
    func insertText(ofItem index: Int) -> [UInt8]?

    /// The bytes a new item with `value` is written with (validated for the
    /// format), or with `asString`, `value` as the format's string.
    func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8]

    /// `newItem` for a value that is `buffer[range]`: the range of `buffer`
    /// that holds the new item's bytes (appended, unless the value can be
    /// used where it is).
    func newItem(valueIn buffer: inout [UInt8], at range: Range<Int>, asString: Bool) throws -> Range<Int>

    /// The one question selectors, `sort`, `diff --key` and `sort --like
    /// --key` ask a format: what source item `index` is worth (see
    /// `ItemValue`); with `pointer` (`--key`, read by `valuePointer`), the
    /// value at that pointer inside it, nil when it has none there.
    /// Selecting, sorting and matching by value are done once, on these
    /// answers (`Sorting/ItemValue.swift`).
    func value(ofItem index: Int, at pointer: JSONPointer?) throws -> ItemValue?

    /// The same for an item given by its bytes alone (the list as a
    /// sequential batch has made it, new items included); `.source` ranges
    /// are of `item`. Nil when it has no value there, or does not read.
    func value(ofItemBytes item: UnsafeRawBufferPointer, at pointer: JSONPointer?) -> ItemValue?

    /// The buffer whose bytes `value(ofItem:at:)`'s `.source` ranges are:
    /// `source` by default.
    var valueSource: UnsafeRawBufferPointer { get }

    /// Whether `value(ofItem:at:)` may be asked on two threads at once (it
    /// reads and changes nothing shared): a sort of a long list then reads
    /// half its values on a lent thread. False by default.
    var valuesAreReadableOnTwoThreads: Bool { get }

    /// The pointer `--key KEY` names; throws when KEY is no pointer, or the
    /// format's items have no values inside them (lines).
    func valuePointer(_ key: String) throws -> JSONPointer

    /// The error for a `--key` at which no item has a value (by default
    /// `SelectorError.keyInNoItem` naming no keys).
    func keyInNoItem(_ key: String, _ pointer: JSONPointer) -> Error

    /// For `=TEXT` that selects no item: a `--key` pointer at which some
    /// item's value holds TEXT, to suggest; nil when there is none.
    func keySuggestion(forText text: [UInt8]) -> String?

    /// The source indices in sorted order (with `options.unique`, the kept
    /// ones). By default `sortedByValue`; a format overrides it for a
    /// faster way to the same order, or for `--recursive`.
    func sortedOrder(_ options: SortOptions, key: String?) throws -> [Int]

    /// Calls `write` with the result's bytes as slices, up to 1024 at a time.
    func write(_ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void) rethrows

    /// True when the result is byte-identical to the source.
    func outputEqualsSource(_ arrangement: Arrangement) -> Bool

    /// Throws when the result would not read back as the edit means, and
    /// nothing is written: a JSON object in which a new member has the key
    /// of another member of the result (a new item is checked alone when it
    /// is made; what it may not clash with is known only when the result
    /// is), a YAML alias moved before its anchor.
    func check(_ arrangement: Arrangement) throws
}

extension FormatLayout {
    public var diffTerminator: UInt8 { UInt8(ascii: "\n") }

    public func insertText(ofItem index: Int) -> [UInt8]? { valueText(ofItem: index) }

    public var itemsAreLines: Bool { false }

    public var itemsAreKeyedMembers: Bool { false }

    public var headerOffset: Int? { nil }

    public func keyPath(ofItem index: Int) -> [String]? { nil }

    public func groupHeading(before index: Int) -> Range<Int>? { nil }

    public func valueText(ofItem index: Int) -> [UInt8]? {
        let range = itemRange(index)
        let bytes = Array(source[range])
        return bytes.contains(0x0A) || bytes.contains(0x0D) ? nil : bytes
    }

    public func check(_ arrangement: Arrangement) throws {}

    public func keySuggestion(forText text: [UInt8]) -> String? { nil }

    public func newItem(valueIn buffer: inout [UInt8], at range: Range<Int>, asString: Bool) throws -> Range<Int> {
        let bytes = try newItem(Array(buffer[range]), asString: asString)
        let start = buffer.count
        buffer.append(contentsOf: bytes)
        return start..<buffer.count
    }
}

/// A format whose positions are a head, separators and a tail writes
/// through the `Renderer`.
extension FormatLayout where Self: ListLayout {
    // Through a generic `Renderer` specialised for the concrete layout: the
    // one dynamic call is this one, not one per item.
    public func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        try Renderer(layout: self, source: source).write(arrangement, gathered: write)
    }

    public func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        Renderer(layout: self, source: source).outputEqualsSource(arrangement)
    }
}
