/// `reorder move FROM TO -p LIST --to-file OTHER [--to DEST] FILE` (and
/// `copy`): items of a list of one document moved (or copied) into a list
/// of another document. The items leave LIST as `delete` takes them out
/// (with the comments they own) and enter DEST with their own bytes,
/// re-indented as DEST's items are, where `insert` would put new items;
/// both results are read again and must hold what they should, and the
/// pair must lose nothing, or neither is given.
///
/// Into a document of another format, each item is written by DEST's
/// format's writer (what `insert` takes), from its value converted where
/// the conversion is certain (`BetweenFiles+ValueConversion.swift`); anything but
/// the value that would be lost (a comment, a tag, an anchor) is refused.
public struct BetweenFiles: Sendable {
    public typealias Place = BetweenLists.Place

    public var from: SourceSelector
    public var to: Place
    /// `copy`: the items stay in LIST too, and the source is not written.
    public var copy: Bool

    public init(from: SourceSelector, to: Place, copy: Bool) {
        self.from = from
        self.to = to
        self.copy = copy
    }

    /// Which of the two documents an error is about.
    public enum Side: Sendable { case source, destination }

    /// An error of one of the two documents: `error` is a `FormatError`, a
    /// selector's error, or any other error reading that document threw;
    /// its offsets are in that document's bytes.
    public struct Failure: Error {
        public let side: Side
        public let error: any Error
    }

    /// One of the two documents: its bytes, its format and how to read
    /// its list (the pointer of LIST, or of DEST).
    public struct Document {
        public var bytes: UnsafeRawBufferPointer
        public var format: ListFormat
        public var options: ReadOptions
        /// How messages name the file.
        public var name: String
        public init(bytes: UnsafeRawBufferPointer, format: ListFormat, options: ReadOptions, name: String) {
            self.bytes = bytes
            self.format = format
            self.options = options
            self.name = name
        }
    }

    /// Both new contents: `source` nil for a copy (the source unchanged).
    public struct Result: Sendable {
        public var source: [UInt8]?
        public var destination: [UInt8]
        /// How many items went.
        public var count: Int
    }

    /// The formats whose lists a move between files handles.
    public static func supports(_ format: ListFormat) -> Bool {
        BetweenLists.supports(format) || format.oneListMovesBetweenFiles
    }

    /// The two new contents; nil when nothing moves (a selector that
    /// selects nothing, with `--missing-ok`).
    public func apply(from origin: Document, into other: Document, editOptions: EditOptions) throws -> Result? {
        func onSource<T>(_ body: () throws -> T) throws -> T {
            do { return try body() } catch let error as Failure { throw error } catch { throw Failure(side: .source, error: error) }
        }
        func onDestination<T>(_ body: () throws -> T) throws -> T {
            do { return try body() } catch let error as Failure { throw error } catch { throw Failure(side: .destination, error: error) }
        }
        func refuse(_ side: Side, _ format: ListFormat, _ problem: String, at offset: Int? = nil) -> Failure {
            Failure(side: side, error: FormatError(format, .betweenLists(problem: problem), offset: offset))
        }
        let format = origin.format, destinationFormat = other.format
        for (side, document) in [(Side.source, origin), (.destination, other)] {
            guard BetweenFiles.supports(document.format) else {
                throw refuse(side, document.format, "moving between files is not supported for \(document.format.words.name) yet")
            }
            guard document.options.region == nil else {
                throw refuse(side, document.format, "moving between files does not take --block or --line-range")
            }
        }
        let list = try onSource { try ListDocument(origin.bytes, format: format, options: origin.options) }
        let target = try onDestination { try ListDocument(other.bytes, format: destinationFormat, options: other.options) }
        let block = try onSource { try from.resolve(in: list, options: editOptions) }
        if block.isEmpty { return nil }
        let at = list.layout.itemRange(block[0]).lowerBound
        let destinationName = other.options.pointer.isEmpty ? "the list" : "'\(other.options.pointer)'"

        // Rows under a header (CSV, TSV): the rows of one table go into a
        // table with the same header; the header never moves.
        if format == destinationFormat && format.rowsHaveAHeader && !origin.options.noHeader {
            let ours = BetweenFiles.headerRow(of: list), theirs = BetweenFiles.headerRow(of: target)
            if ours != theirs {
                throw refuse(.destination, destinationFormat, "its header row ('\(String(decoding: theirs, as: UTF8.self))') is not the header row of \(origin.name) ('\(String(decoding: ours, as: UTF8.self))'); rows go only between files with the same header", at: 0)
            }
        }

        // The items as DEST will hold them.
        let items = block.map { Array(list.itemBytes($0)) }
        var laid: [[UInt8]] = []
        if format == destinationFormat {
            func formatError(_ problem: String, _ offset: Int?) -> FormatError {
                FormatError(format, .betweenLists(problem: problem), offset: offset)
            }
            let pointer = other.options.pointer.isEmpty ? "/" : other.options.pointer
            do {
                try ItemRelaying.checkKeys(items, block: block, list: list, target: target, format: format,
                                           destination: pointer, refuse: formatError)
            } catch let error as FormatError {
                // A key DEST has is said at DEST's item.
                if case .betweenLists(let problem) = error.kind, problem.hasPrefix("'\(pointer)' has the key") {
                    throw Failure(side: .destination, error: error)
                }
                throw Failure(side: .source, error: error)
            }
            if let mergeKey = format.mergeKey {
                try onSource { try ItemRelaying.checkMergeKeys(list: list, target: list, mergeKey: mergeKey, refuse: formatError) }
                try onDestination { try ItemRelaying.checkMergeKeys(list: target, target: target, mergeKey: mergeKey, refuse: formatError) }
            }
            if let scan = format.anchorsAndAliases {
                try checkAnchors(list: list, block: block, items: items, origin: origin, other: other, scan: scan)
            }
            let toIndent = try onDestination { target.count > 0 ? try ItemRelaying.indentation(of: target, item: 0, format: format) : nil }
            for (position, index) in block.enumerated() {
                let fromIndent = try onSource { try ItemRelaying.indentation(of: list, item: index, format: format) }
                laid.append(try onSource {
                    try ItemRelaying.relaid(items[position], from: fromIndent, to: toIndent, format: format,
                                            offset: list.layout.itemRange(index).lowerBound, destination: destinationName) { problem, offset in
                        FormatError(format, .betweenLists(problem: problem), offset: offset)
                    }
                })
            }
        } else {
            for index in block {
                let value = try BetweenFiles.converted(item: index, of: list, into: target, refuse: { problem in
                    refuse(.source, format, problem, at: list.layout.itemRange(index).lowerBound)
                })
                laid.append(try onDestination { try target.newItem(value, asString: false) })
            }
            if target.layout.itemsAreKeyedMembers {
                // The keys DEST has, and the items' keys, read as DEST reads them.
                try checkConvertedKeys(laid, target: target, at: at, refuse: refuse)
            }
        }

        // Out of LIST, unless copied.
        var newSource: [UInt8]? = nil
        if !copy {
            newSource = try onSource {
                let out = Operations.deleting(block, count: list.count)
                try list.layout.check(out)
                return list.render(out)
            }
        }
        // Into DEST, last; then to their place as DEST reads now.
        let appended: [UInt8] = try onDestination {
            var last = Arrangement()
            last.append(run: 0..<target.count)
            for item in laid { last.append(item: item) }
            try target.layout.check(last)
            return target.render(last)
        }
        // SAFETY: the bytes of `appended` are only read inside the closure, and no pointer to them leaves it.
        let newDestination: [UInt8] = try appended.withUnsafeBytes { buffer in
            let dest: ListDocument
            do { dest = try ListDocument(buffer, format: destinationFormat, options: other.options) } catch {
                throw refuse(.source, format, "the \(destinationFormat.words.items) would not read back as \(destinationFormat.words.items) of \(destinationName) in \(other.name)", at: at)
            }
            let count = dest.count
            let added = Array(count - laid.count..<count)
            guard count == target.count + laid.count,
                  added.enumerated().allSatisfy({ Array(dest.itemBytes($0.element)) == laid[$0.offset] })
            else { throw refuse(.source, format, "the items would not read back as items of \(destinationName) in \(other.name)", at: at) }
            return try onDestination {
                let arrangement: Arrangement
                switch to {
                case .index(let index):
                    let position = try index.resolved(count: count - added.count + 1, base: editOptions.base, role: .destination)
                    arrangement = Operations.moving(block: added, to: position, count: count)
                case .sorted(let order):
                    arrangement = dest.movingToSortedPlaces(added, ranks: try dest.sortRanks(order, key: editOptions.key))
                }
                try dest.layout.check(arrangement)
                return dest.render(arrangement)
            }
        }

        // Nothing lost across the pair: every byte but blanks and
        // separators stands in the two results as often as in the two
        // sources (and the items' once more, for a copy). Across formats
        // the items were converted; their values are checked below.
        if format == destinationFormat && !format.markersStayWithPositions {
            var expected = ItemRelaying.census(origin.bytes)
            for (byte, n) in ItemRelaying.census(other.bytes).enumerated() { expected[byte] += n }
            if copy { for item in items { for (byte, n) in ItemRelaying.census(item).enumerated() { expected[byte] += n } } }
            var found = newSource.map { ItemRelaying.census($0) } ?? ItemRelaying.census(origin.bytes)
            // SAFETY: the bytes of `newDestination` are only read inside the closure, and no pointer to them leaves it.
            for (byte, n) in newDestination.withUnsafeBytes({ ItemRelaying.census($0) }).enumerated() { found[byte] += n }
            if expected != found {
                throw refuse(.source, format, "the item has a comment after its separator, which a move between files does not carry yet; "
                    + "put the comment above the item, or move it by hand", at: at)
            }
        }
        // Both results read, with the counts they should have.
        if let newSource {
            // SAFETY: the bytes of `newSource` are only read inside the closure, and no pointer to them leaves it.
            try newSource.withUnsafeBytes { buffer in
                guard let again = try? ListDocument(buffer, format: format, options: origin.options), again.count == list.count - block.count else {
                    throw refuse(.source, format, "the list would not read back without the items", at: at)
                }
            }
        }
        // SAFETY: the bytes of `newDestination` are only read inside the closure, and no pointer to them leaves it.
        try newDestination.withUnsafeBytes { buffer in
            guard let again = try? ListDocument(buffer, format: destinationFormat, options: other.options),
                  again.count == target.count + block.count else {
                throw refuse(.source, format, "the items would not read back as items of \(destinationName) in \(other.name)", at: at)
            }
        }
        return Result(source: newSource, destination: newDestination, count: block.count)
    }

    /// A CSV or TSV table's header row, without its terminator or a
    /// byte-order mark.
    static func headerRow(of list: ListDocument) -> [UInt8] {
        let end = list.count > 0 ? list.listRange.lowerBound + list.layout.itemRange(0).lowerBound : list.document.count
        var row = Array(list.document[0..<end])
        if row.starts(with: [0xEF, 0xBB, 0xBF]) { row.removeFirst(3) }
        while let last = row.last, last == 0x0A || last == 0x0D { row.removeLast() }
        return row
    }

    /// Keys in DEST of items converted from another format.
    private func checkConvertedKeys(_ laid: [[UInt8]], target: ListDocument, at: Int,
                                    refuse: (Side, ListFormat, String, Int?) -> Failure) throws {
        var keys: [[UInt8]: Int] = [:]
        for index in 0..<target.count {
            guard let value = try? target.layout.value(ofItem: index, at: nil) else { continue }
            keys[value.primaryBytes.withBytes(in: target.layout.valueSource) { Array($0) }] = index
        }
        for item in laid {
            // SAFETY: the bytes of `item` are only read inside the closure, and no pointer to them leaves it.
            let key: [UInt8]? = item.withUnsafeBytes { bytes in
                target.layout.value(ofItemBytes: bytes, at: nil).map { value in
                    value.primaryBytes.withBytes(in: bytes) { Array($0) }
                }
            }
            if let key, let found = keys[key] {
                throw refuse(.destination, target.format, "'\(target.pointerText)' has the key '\(String(decoding: key, as: UTF8.self))' already (here); delete one of them first",
                             target.listRange.lowerBound + target.layout.itemRange(found).lowerBound)
            }
        }
    }

    /// A format with anchors and aliases (YAML's, found by `scan`): an
    /// anchor or an alias goes into another document only where it means
    /// there what it meant: an alias whose anchor is not in DEST (or is
    /// another there), an anchor DEST has already, or an anchor the rest of
    /// the source still uses, is refused.
    private func checkAnchors(list: ListDocument, block: [Int], items: [[UInt8]], origin: Document, other: Document,
                              scan: (UnsafeRawBufferPointer) -> AnchorsAndAliases) throws {
        let destination = scan(other.bytes)
        let rest: AnchorsAndAliases
        if copy {
            rest = AnchorsAndAliases()
        } else {
            // The source without the items.
            var bytes = Array(origin.bytes)
            for index in block.reversed() {
                let range = list.layout.itemRange(index)
                let start = list.listRange.lowerBound + range.lowerBound
                bytes.removeSubrange(start..<(list.listRange.lowerBound + range.upperBound))
            }
            // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
            rest = bytes.withUnsafeBytes { scan($0) }
        }
        let sourceNames = scan(origin.bytes)
        for (position, item) in items.enumerated() {
            // SAFETY: the bytes of `item` are only read inside the closure, and no pointer to them leaves it.
            let names = item.withUnsafeBytes { scan($0) }
            let offset = list.layout.itemRange(block[position]).lowerBound
            func refuse(_ problem: String) -> Failure {
                Failure(side: .source, error: FormatError(origin.format, .betweenLists(problem: problem), offset: offset))
            }
            for alias in names.aliases where names.anchors[alias] == nil {
                guard let there = destination.anchors[alias] else {
                    throw refuse("the item holds the alias '*\(alias)', whose anchor '&\(alias)' is not in \(other.name); write the value out, or move it by hand")
                }
                if there != sourceNames.anchors[alias] {
                    throw refuse("the item holds the alias '*\(alias)', and the anchor '&\(alias)' of \(other.name) is another value than \(origin.name)'s")
                }
            }
            for anchor in names.anchors.keys.sorted() {
                if destination.anchors[anchor] != nil {
                    throw refuse("the item holds the anchor '&\(anchor)', and \(other.name) has an anchor '&\(anchor)' already; rename one of them first")
                }
                if rest.aliases.contains(anchor) {
                    throw refuse("the item holds the anchor '&\(anchor)', and an alias '*\(anchor)' of \(origin.name) needs it; it cannot leave")
                }
            }
        }
    }
}

private extension ListDocument {
    /// How messages name the list: its pointer, `/` for the whole document.
    var pointerText: String { readOptions.pointer.isEmpty ? "/" : readOptions.pointer }
}
