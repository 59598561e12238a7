/// `reorder move FROM TO -p LIST --to DEST` (and `copy`): items of one
/// list of a document moved (or copied) into another list of the same
/// document. Two list edits in one document: the items leave LIST as
/// `delete` takes them out (with the comments they own), and enter DEST
/// with their own bytes, re-indented as DEST's items are, where `insert`
/// would put new items; the result is read again and must hold them
/// there, or nothing is written.
public struct BetweenLists: Sendable {
    /// Where the items end in DEST.
    public enum Place: Equatable, Sendable {
        /// The index the first of them has in DEST after the move.
        case index(UserIndex)
        /// Each at its sorted place among DEST's items (`sorted`).
        case sorted(SortOptions)
    }

    public var from: SourceSelector
    public var to: Place
    /// DEST's pointer (`--to`).
    public var destination: String
    /// `copy`: the items stay in LIST too.
    public var copy: Bool

    public init(from: SourceSelector, to: Place, destination: String, copy: Bool) {
        self.from = from
        self.to = to
        self.destination = destination
        self.copy = copy
    }

    /// The formats whose lists a move between lists handles: the ones
    /// whose lists a pointer names.
    public static func supports(_ format: ListFormat) -> Bool {
        [ListFormat.json, .jsonc, .yaml, .toml, .markdown].contains(format)
    }

    /// The document with the items moved; nil when nothing changes (a
    /// selector that selects nothing with `--missing-ok`).
    public func apply(to source: UnsafeRawBufferPointer, format: ListFormat, options: ReadOptions,
                      editOptions: EditOptions) throws -> [UInt8]? {
        guard BetweenLists.supports(format), options.region == nil else {
            throw FormatError(format, .betweenLists(problem: "moving between lists is not supported for \(format.words.name) yet"))
        }
        let list = try ListDocument(source, format: format, options: options)
        do {
            return try apply(to: source, list: list, format: format, options: options, editOptions: editOptions)
        } catch let error as FormatError where error.offset != nil && !(error.kind.isBetweenLists) {
            // An error of a result read again: its offset is in bytes the
            // file does not hold; said at the item that moves.
            let block = (try? from.resolve(in: list, options: editOptions)) ?? []
            let at = block.first.map { list.layout.itemRange($0).lowerBound }
            let problem: String
            if case .invalid(let text) = error.kind { problem = text } else { throw error }
            throw FormatError(format, .betweenLists(problem: "the result would not be valid \(format.words.name): \(problem)"), offset: at)
        }
    }

    private func apply(to source: UnsafeRawBufferPointer, list: ListDocument, format: ListFormat, options: ReadOptions,
                       editOptions: EditOptions) throws -> [UInt8]? {
        func refuse(_ problem: String, at offset: Int? = nil) -> FormatError {
            FormatError(format, .betweenLists(problem: problem), offset: offset)
        }
        guard BetweenLists.supports(format), options.region == nil else {
            throw refuse("moving between lists is not supported for \(format.words.name) yet")
        }
        var destinationOptions = options
        destinationOptions.pointer = destination
        let target = try ListDocument(source, format: format, options: destinationOptions)
        if try JSONPointer(parsing: options.pointer).tokens == JSONPointer(parsing: destination).tokens {
            throw refuse("--to names the list -p names; to move within one list, leave --to out")
        }
        let block = try from.resolve(in: list, options: editOptions)
        if block.isEmpty { return nil }
        // A list inside a moved item, or DEST inside one, would move with it.
        for index in block {
            let range = list.layout.itemRange(index)
            if target.layout.count > 0 {
                let first = target.layout.itemRange(0).lowerBound
                if range.contains(first) { throw refuse("--to names a list inside the item that moves", at: range.lowerBound) }
            }
        }
        let fromIndent = try block.map { try ItemRelaying.indentation(of: list, item: $0, format: format) }
        let items = block.map { Array(list.itemBytes($0)) }
        try ItemRelaying.checkKeys(items, block: block, list: list, target: target, format: format,
                                   destination: destination, refuse: refuse)
        if format == .yaml { try ItemRelaying.checkMergeKeys(list: list, target: target, refuse: refuse) }

        // Out of LIST (unless copied), read again.
        var current: [UInt8]
        if copy {
            current = Array(source)
        } else {
            let out = Operations.deleting(block, count: list.count)
            try list.layout.check(out)
            current = list.render(out)
        }
        // Into DEST, last, re-indented as its items are.
        var laid: [[UInt8]] = []
        try current.withUnsafeBytes { buffer in
            let dest = try ListDocument(buffer, format: format, options: destinationOptions)
            let toIndent = dest.count > 0 ? try ItemRelaying.indentation(of: dest, item: 0, format: format) : nil
            for (index, item) in items.enumerated() {
                laid.append(try ItemRelaying.relaid(item, from: fromIndent[index], to: toIndent, format: format,
                                                     offset: list.layout.itemRange(block[index]).lowerBound,
                                                     destination: destination, refuse: refuse))
            }
            var last = Arrangement()
            last.append(run: 0..<dest.count)
            for item in laid { last.append(item: item) }
            try dest.layout.check(last)
            current = dest.render(last)
        }
        // Then to their place in DEST, as the list reads now.
        let result: [UInt8] = try current.withUnsafeBytes { buffer in
            let dest = try ListDocument(buffer, format: format, options: destinationOptions)
            let count = dest.count
            let added = Array(count - laid.count..<count)
            guard count == target.count + laid.count,
                  added.enumerated().allSatisfy({ Array(dest.itemBytes($0.element)) == laid[$0.offset] })
            else { throw refuse("the items would not read back as items of '\(destination)'") }
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
        // Nothing lost: every byte but blanks and separators is in the
        // result as often as in the source (and the items' once more, for
        // a copy): a comment after an item's separator, which DEST's
        // writer does not carry, is refused, not dropped.
        var expected = ItemRelaying.census(source)
        if copy { for item in items { for (byte, n) in ItemRelaying.census(item).enumerated() { expected[byte] += n } } }
        let found = result.withUnsafeBytes { ItemRelaying.census($0) }
        // (Markdown has no comment a writer drops; its markers and
        // numbers belong to the positions, and DEST's are written.)
        if expected != found && format != .markdown {
            throw refuse("the item has a comment after its separator, which a move between lists does not carry yet; "
                + "put the comment above the item, or move it by hand", at: list.layout.itemRange(block[0]).lowerBound)
        }
        // The whole result reads, and DEST holds the items with the values
        // they had.
        try result.withUnsafeBytes { buffer in
            let dest = try ListDocument(buffer, format: format, options: destinationOptions)
            guard dest.count == target.count + laid.count else {
                throw refuse("the items would not read back as items of '\(destination)'")
            }
            var values: [[UInt8]] = []
            for index in 0..<dest.count {
                if let value = try dest.layout.value(ofItem: index, at: nil) {
                    values.append(value.primaryBytes.withBytes(in: dest.layout.valueSource) { Array($0) })
                }
            }
            // (An item re-indented has another text; its lines are the
            // same, and the reading above found it whole.)
            for (position, index) in block.enumerated() where laid[position] == items[position] {
                guard let value = try list.layout.value(ofItem: index, at: nil) else { continue }
                let bytes = value.primaryBytes.withBytes(in: list.layout.valueSource) { Array($0) }
                if !values.contains(bytes) {
                    throw refuse("the item would not read back with its value in '\(destination)'",
                                 at: list.layout.itemRange(index).lowerBound)
                }
            }
        }
        return result
    }
}

extension FormatError.Kind {
    var isBetweenLists: Bool {
        if case .betweenLists = self { return true }
        return false
    }
}
