/// The list of a TOML array (`[…]`, on one line or several) or of an inline
/// table (`{ a = 1, b = 2 }`): its values or its `key = value` members,
/// moved with their exact bytes, by the layout rules of JSON with comments
/// (`JSONListLayout`), and written by the same `DelimitedListWriter`:
///
/// - by the rule every format shares (`CommentOwnership`), comment lines
///   directly above a value (no blank line between) and the
///   comment after it on its own last line (after its comma) are its own;
///   everything else (a comment after `[` on the opening line, one before
///   `]`, one after a blank line) belongs to positions;
/// - a trailing comma after the last value stays after the last value,
///   whichever value that is;
/// - read with comment headings (`ReadOptions.commentHeadings`), no
///   comment line above a value is its own: it stays with the position
///   below it and heads a group (`groupHeading(before:)`).
///
/// Source item `i` is written as its main part (`starts[i] ..< valueEnds[i]`),
/// then position `p`'s comma, then its trailing comment, then what lies
/// between position `p` and the next:
///
///     select = [
///       # pyflakes          <- item "F" (leading)
///       "F",  # errors      <- item "F", position 0 (","), item "F" ("  # errors")
///
///       "E",                <- item "E"
///     ]                     <- the tail
struct TOMLInlineLayout: FormatLayout {
    let document: TOMLDocument
    let list: TOMLInlineList
    /// Members of an inline table rather than values of an array.
    let isTable: Bool
    var itemsAreKeyedMembers: Bool { isTable }
    var source: UnsafeRawBufferPointer { document.source }
    /// By source index: where the item starts (its leading comment lines
    /// included), where its value (or member's key) starts, where it ends.
    let starts: [Int]
    let valueStarts: [Int]
    let valueEnds: [Int]
    /// By source position: the comma after the value, if any.
    var commas: [Int?] { list.commas }
    /// By source index: the comment on the item's last line, and the blanks
    /// before it.
    let trailingComments: [Range<Int>?]
    /// By source position: where the position's line tail ends.
    let lineEnds: [Int]
    /// Read with comment headings (`ReadOptions.commentHeadings`): comment
    /// lines above an item are the position's, headings.
    let commentHeadings: Bool
    /// `sort --recursive`: the lists inside the items, sorted.
    let nested = NestedRegions()

    var count: Int { valueStarts.count }
    func itemRange(_ index: Int) -> Range<Int> { starts[index]..<valueEnds[index] }

    init(document: TOMLDocument, list: TOMLInlineList, isTable: Bool, commentHeadings: Bool = false) {
        self.document = document
        self.commentHeadings = commentHeadings
        self.list = list
        self.isTable = isTable
        let source = document.source
        // Read out of the list once: each access to a class's array is
        // checked for exclusivity.
        let values = list.values, memberStarts = list.memberStarts, commas = list.commas
        let count = values.count
        let close = list.close
        // An array's element is its value; a table's member runs from its
        // key to its value's end.
        valueEnds = values.map(\.range.upperBound)
        valueStarts = isTable ? Array(memberStarts) : values.map(\.range.lowerBound)
        var trailingComments: [Range<Int>?] = [], lineEnds: [Int] = []
        trailingComments.reserveCapacity(count)
        lineEnds.reserveCapacity(count)
        for index in 0..<count {
            let end = valueEnds[index]
            let comma = commas[index]
            // The comment on the item's last line: after the comma when the
            // comma is on that line.
            var lineTail = end
            if let comma, firstIndex(of: 0x0A, in: source, from: end, to: comma) == nil { lineTail = comma + 1 }
            let comment = (comma == nil || lineTail > end)
                ? TOMLInlineLayout.ownership.trailingComments(at: lineTail, before: close, in: document) : nil
            trailingComments.append(comment)
            lineEnds.append(comment?.upperBound ?? (comma.map { $0 + 1 } ?? end))
        }
        var starts: [Int] = []
        starts.reserveCapacity(count)
        var cursor = CommentCursor(document.comments)
        var ownership = TOMLInlineLayout.ownership
        ownership.headings = commentHeadings
        for index in 0..<count {
            let floor = index == 0 ? list.open + 1 : lineEnds[index - 1]
            starts.append(ownership.leadingStart(of: valueStarts[index], floor: floor, in: document, cursor: &cursor))
        }
        self.starts = starts
        self.trailingComments = trailingComments
        self.lineEnds = lineEnds
    }

    /// Comments belong to the item they sit on (`CommentOwnership`), as in
    /// JSON with comments: an owned comment line's indentation stays with
    /// the position.
    static let ownership = CommentOwnership(ownedFrom: .comment)

    /// Read with comment headings: the last comment on a line of its own
    /// between the item before (its line's end) or `[` and the item.
    func groupHeading(before index: Int) -> Range<Int>? {
        guard commentHeadings, index >= 0, index < count, !document.comments.isEmpty else { return nil }
        let floor = index == 0 ? list.open + 1 : lineEnds[index - 1]
        return CommentOwnership.heading(in: floor..<starts[index], in: document)
    }

    // MARK: - Writing

    typealias Slot = DelimitedListWriter.Slot

    /// The list as the delimited-list writer takes it: `#` comments, a
    /// trailing comma kept as the source has it, new items in a list that
    /// was empty with comments indented four spaces.
    var delimited: DelimitedListWriter {
        DelimitedListWriter(DelimitedList(
            source: source, open: list.open, close: list.close, window: 0..<source.count,
            starts: starts, valueStarts: valueStarts, valueEnds: valueEnds, mainEnds: valueEnds,
            trailingComments: trailingComments, separators: commas, lineEnds: lineEnds,
            separator: UInt8(ascii: ","), trailingSeparator: .asInSource,
            comments: document.comments, commentSyntax: .hash,
            inlineBetween: [0x20], emptyHead: [], emptyTail: [],
            commentedEmptyIndent: [0x20, 0x20, 0x20, 0x20], replacedItems: [:]))
    }

    /// The document with `slots` as the list, a piece at a time.
    func write(_ slots: [Slot], _ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try delimited.write(slots, emit)
    }

    func slots(_ arrangement: Arrangement, _ itemBytes: UnsafeRawBufferPointer) -> [Slot] {
        DelimitedListWriter.slots(arrangement, itemBytes)
    }

    func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        if !nested.regions.isEmpty { return try NestedSort.write(self, arrangement, gathered: write) }
        try delimited.write(arrangement, gathered: write)
    }

    func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        if !nested.regions.isEmpty { return NestedSort.outputEqualsSource(self, arrangement) }
        return delimited.outputEqualsSource(arrangement)
    }

    /// The result must read as TOML again; nothing is written when not.
    func check(_ arrangement: Arrangement) throws {
        try NestedSort.check(self, arrangement)
        try TOMLCheck.reads(self, arrangement)
    }
}

/// The last safeguard of every TOML edit: the result is read again, and an
/// edit whose result is not valid TOML writes nothing.
enum TOMLCheck {
    /// The result must read as TOML when it holds a new item (its key may
    /// clash with a table defined elsewhere) or lacks one (a table made by
    /// it would be gone). The same items in another order are whole keys'
    /// lines, whole values between commas, whole keys' sections or whole
    /// elements moved between positions that stay: they define the same
    /// keys and tables, so that result is not read a second time.
    static func reads(_ layout: some FormatLayout, _ arrangement: Arrangement) throws {
        if arrangement.isPermutation(ofCount: layout.count) { return }
        var output: [UInt8] = []
        layout.write(arrangement) { slices in
            for slice in slices { output.append(contentsOf: slice) }
        }
        do {
            // SAFETY: the bytes of `output` are only read inside the closure, and no pointer to them leaves it.
            _ = try output.withUnsafeBytes { try TOMLDocument($0) }
        } catch let error as FormatError {
            let problem: String
            switch error.kind {
            case .invalid(let text): problem = text
            case .redefined(let key, let reason): problem = "'\(key)': \(reason)"
            case .cannotDelimit(let what): problem = what
            case .notAList(let pointer, let found, _): problem = "'\(pointer)' is \(found)"
            case .nothingAtPointer(let pointer, let reason): problem = "nothing at '\(pointer)': \(reason)"
            case .invalidValue(_, let reason): problem = reason
            case .keyExists(let key): problem = "the key '\(key)' twice"
            case .resultInvalid(let inner): problem = inner
            case .insertIntoSections(let table): problem = "a new item among the sections of '\(table)'"
            case .sectionsApart(let key, let header, let between):
                problem = "the section \(header) of '\(key)' apart from the others, \(between) between them"
            case .tooLarge, .severalDocuments, .noSuchDocument, .aliasBeforeAnchor, .mergeKey, .wouldChangeData,
                 .invalidPointer, .syntax, .needsJSONWithComments, .duplicateKey, .invalidValueSyntax, .valueNotUTF8,
                 .invalidMember, .keyInsertedTwice, .stringIntoObject, .betweenLists:
                // Other formats' kinds: not the TOML reader's.
                throw error
            }
            throw TOMLError.resultInvalid(problem: problem)
        }
    }
}
