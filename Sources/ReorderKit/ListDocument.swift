/// How to read a document's list.
public struct ReadOptions: Sendable {
    public var format: FormatChoice = .auto
    /// `-p`: the RFC 6901 pointer to the JSON array; empty is the root.
    public var pointer = ""
    /// The edit writes inside items (`sort --recursive`): a format whose
    /// fastest reading cannot do that (JSON's of a large root array) reads
    /// the general way.
    public var editsInsideItems = false
    /// YAML: `--document N`, the document of a stream to edit (counted as
    /// indices are; nil: the stream must hold one).
    public var document: Int? = nil
    /// TOML: the list is the sub-tables written as sections of the table
    /// at `pointer` (`[dependencies.x]` of `[dependencies]`), not its
    /// lines (a preset's; `PolicyList.sections`).
    public var subTables = false
    /// `--block`, `--line-range`: the list is the lines of this part of
    /// the document; the rest stays as it is.
    public var region: ListRegion? = nil
    /// The terminator of lines added to a list of lines that has no
    /// terminated line (a region's: its neighbour's), instead of LF.
    var fallbackTerminator: [UInt8]? = nil
    /// The bytes were read whole once already, as this format, and found
    /// valid (another list of the same document): a reader may skip a
    /// pass that only validates (YAML's).
    var alreadyValidated = false
    /// What one read of the bytes found that another read of the same
    /// bytes may use (several lists of one document, read one after
    /// another).
    var sharedReading: SharedReading? = nil
    /// The options given that mean something only for some formats: the
    /// document is refused when it is read as a format one of them does
    /// not apply to, rather than the option doing nothing.
    public var formatBound: Set<FormatBoundOption> = []
    /// A thread the reader may run part of its work on (see
    /// `ThreadLender`); nil: it reads on the calling thread alone.
    public var lender: ThreadLender? = nil
    /// The values of the options the formats declare as their own
    /// (`FormatOption`: CSV's `--delimiter`), as each format read them;
    /// each format reads its own back (`Formats/<Format>/`).
    public var formatValues = FormatOptionValues()
    /// `--groups comments`: a comment on a line of its own heads a group
    /// and belongs to the position below it (`FormatLayout.groupHeading`),
    /// not to the item below it as comment rule 1 would give it; an item's
    /// own end-of-line comment still travels with it.
    public var commentHeadings = false
    /// `--one-based`: a format that names parts of an item by number
    /// (CSV's `--key '#N'`) counts them from 1, as indices are counted.
    public var countsFromOne = false

    public init(format: FormatChoice = .auto, nulTerminated: Bool = false, pointer: String = "",
                binaryAsText: Bool = false) {
        self.format = format
        self.nulTerminated = nulTerminated
        self.pointer = pointer
        self.binaryAsText = binaryAsText
    }
}

/// A document's bytes read as a list: the seam between the formats and the
/// operations. Every format is read into a `FormatLayout`; nothing here
/// knows which. The source buffer must outlive the document.
public struct ListDocument {
    /// The list's bytes: the document's, or a region's (`options.region`).
    public let source: UnsafeRawBufferPointer
    public let layout: any FormatLayout
    public let format: ListFormat
    /// The whole document, and where `source` lies in it.
    public let document: UnsafeRawBufferPointer
    public let listRange: Range<Int>
    /// How the document was read: the format and options it was read
    /// with, to read a result again (the sorted place of a new item).
    let readFormat: ListFormat
    let readOptions: ReadOptions

    /// Reads `source` as `format`; with `options.region`, only that part of
    /// it, as lines.
    public init(_ source: UnsafeRawBufferPointer, format: ListFormat, options: ReadOptions) throws {
        document = source
        readFormat = format
        readOptions = options
        let readAs = options.region == nil ? format : .plain
        for option in FormatBoundOption.allCases where options.formatBound.contains(option) && !option.formats.contains(readAs) {
            throw ReorderError.optionNotForFormat(option: option, format: readAs, region: options.region != nil)
        }
        if !options.commentPrefixes.isEmpty && !options.commentHeadings { throw ReorderError.commentWithoutHeadings }
        guard let region = options.region else {
            self.source = source
            self.format = format
            listRange = 0..<source.count
            layout = try format.read(source, options)
            return
        }
        listRange = try region.range(in: source)
        // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
        self.source = UnsafeRawBufferPointer(rebasing: source[listRange])
        self.format = .plain
        var options = options
        options.fallbackTerminator = region.terminatorBefore(listRange, in: source)
        // A keep-sorted block's comment lines are those its marker makes
        // sticky.
        if options.commentHeadings && options.commentPrefixes.isEmpty {
            options.commentPrefixes = region.stickyPrefixes(in: source)
        }
        layout = try ListFormat.plain.read(self.source, options)
    }

    /// The byte a diff of this document's text splits it at: the lines'
    /// terminator (NUL with `-z`), or a newline.
    public var itemTerminator: UInt8 { layout.diffTerminator }

    /// The number of items.
    public var count: Int { layout.count }

    /// The bytes of source item `index`, as they stand in the document.
    public func itemBytes(_ index: Int) -> UnsafeRawBufferPointer {
        // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
        UnsafeRawBufferPointer(rebasing: source[layout.itemRange(index)])
    }

    /// The bytes a new item with `value` is written with. Lines: the value
    /// itself, which must not hold a terminator. JSON: the value, which must
    /// be one valid JSON value, or with `asString`, the value encoded as a
    /// JSON string.
    public func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        try layout.newItem(value, asString: asString)
    }

    /// `newItem` for a value that is `buffer[range]`, as a batch's values
    /// are ranges of its script: the range of `buffer` that holds the new
    /// item's bytes. Lines: the value where it is, so that a batch of many
    /// inserts copies none of them. JSON: `newItem`'s bytes, appended.
    func newItem(valueIn buffer: inout [UInt8], at range: Range<Int>, asString: Bool) throws -> Range<Int> {
        try layout.newItem(valueIn: &buffer, at: range, asString: asString)
    }

    /// Calls `write` with the bytes of the result as slices, in order, up to
    /// 1024 at a time (for `writev`); stretches of the source are slices of
    /// it, never copies. The slices are valid until `write` returns.
    public func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        // A region's list: the document before and after it, as it is.
        if listRange.lowerBound > 0 {
            // SAFETY: a range found in `document`, so within its bounds; the view is used no longer than `document` is valid.
            try [UnsafeRawBufferPointer(rebasing: document[..<listRange.lowerBound])].withUnsafeBufferPointer { try write($0) }
        }
        try layout.write(arrangement, gathered: write)
        if listRange.upperBound < document.count {
            // SAFETY: a range found in `document`, so within its bounds; the view is used no longer than `document` is valid.
            try [UnsafeRawBufferPointer(rebasing: document[listRange.upperBound...])].withUnsafeBufferPointer { try write($0) }
        }
    }

    /// Calls `write` with the bytes of the result, in order, a slice at a
    /// time.
    public func write(_ arrangement: Arrangement, to write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try self.write(arrangement, gathered: { slices in
            for slice in slices { try write(slice) }
        })
    }

    /// The result as one array.
    public func render(_ arrangement: Arrangement) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(document.count + 64)
        write(arrangement) { output.append(contentsOf: $0) }
        return output
    }

    /// True when the result is byte-identical to the source.
    public func resultEqualsSource(_ arrangement: Arrangement) -> Bool {
        layout.outputEqualsSource(arrangement)
    }
}


/// An option that means something for some formats only (`--pointer`
/// for documents with structure, `-z` for lines, and every option a
/// format declares as its own, as CSV's `--delimiter`): the formats that do
/// not apply it refuse it. Named by the option's long name.
public struct FormatBoundOption: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// `-p`: a place in a JSON (with comments or not), YAML or TOML
    /// document, or a list of a Markdown document (by heading or index).
    public static let pointer = FormatBoundOption(rawValue: "pointer")
    /// `--document`: a document of a YAML stream.
    public static let document = FormatBoundOption(rawValue: "document")
    /// `sort --recursive`: the mappings inside items.
    public static let recursive = FormatBoundOption(rawValue: "recursive")
    /// `--string`: a value written as the format's string.
    public static let string = FormatBoundOption(rawValue: "string")

    /// The options several formats apply, which the command line reads
    /// itself (before the formats' own).
    static let shared: [FormatBoundOption] = [.pointer, .document, .recursive, .string]

    /// Every one, in the order a document's refusal looks at them: the
    /// shared ones, with those the formats declare
    /// (`ListFormat.declaredOptions`) each after the one it is
    /// `listedAfter` (else last).
    public static var allCases: [FormatBoundOption] {
        var all = shared
        for declared in ListFormat.declaredOptions {
            let after = declared.listedAfter.flatMap { name in all.firstIndex { $0.rawValue == name } }
            all.insert(FormatBoundOption(rawValue: declared.name), at: after.map { $0 + 1 } ?? all.count)
        }
        return all
    }

    /// The formats it applies to: those that declare it
    /// (`ListFormat.options`).
    public var formats: [ListFormat] { ListFormat.all.filter { $0.options.contains(rawValue) } }

    public var description: String { rawValue }
}

/// What a reader found in a document that a second read of the same bytes
/// (another list of it) need not find again: YAML's lines. Used by one
/// thread at a time (the reads of `SectionedDocument` that share one are
/// made one after another).
// SAFETY: one thread at a time uses it: the reads that share one are made one after another, never at once.
final class SharedReading: @unchecked Sendable {
    private var source: (UnsafeRawPointer?, Int)? = nil
    private var lines: YAMLLines? = nil

    init() {}

    func yamlLines(of bytes: UnsafeRawBufferPointer) -> YAMLLines? {
        guard let source, source.0 == bytes.baseAddress && source.1 == bytes.count else { return nil }
        return lines
    }

    func keep(yamlLines: YAMLLines, of bytes: UnsafeRawBufferPointer) {
        // SAFETY: the address is kept only to recognise the same buffer again, never read through.
        source = (UnsafeRawPointer(bytes.baseAddress), bytes.count)
        lines = yamlLines
    }
}
