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
        let fromIndent = try block.map { try indentation(of: list, item: $0, format: format) }
        let items = block.map { Array(list.itemBytes($0)) }
        try checkKeys(items, block: block, list: list, target: target, format: format, refuse: refuse)
        if format == .yaml { try checkMergeKeys(list: list, target: target, refuse: refuse) }

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
            let toIndent = dest.count > 0 ? try indentation(of: dest, item: 0, format: format) : nil
            for (index, item) in items.enumerated() {
                laid.append(try relaid(item, from: fromIndent[index], to: toIndent, format: format,
                                       offset: list.layout.itemRange(block[index]).lowerBound, refuse: refuse))
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
        var expected = BetweenLists.census(source)
        if copy { for item in items { for (byte, n) in BetweenLists.census(item).enumerated() { expected[byte] += n } } }
        let found = result.withUnsafeBytes { BetweenLists.census($0) }
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

    /// How often each byte stands in `bytes`, but blanks, line breaks and
    /// the separators and the brackets a writer adds or takes away (an
    /// emptied list written `[]`).
    static func census<Bytes: Collection>(_ bytes: Bytes) -> [Int] where Bytes.Element == UInt8 {
        var counts = [Int](repeating: 0, count: 256)
        for byte in bytes { counts[Int(byte)] += 1 }
        for byte in [0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5B, 0x5D, 0x7B, 0x7D] { counts[byte] = 0 }
        return counts
    }

    /// Where item `item`'s lines are indented: the blanks before it on its
    /// line (`outside`, which the list's writer puts there) and the whole
    /// indentation of its first line, those and the blanks that start its
    /// bytes (a format whose items are whole lines holds them inside).
    /// Nil when something else stands before it on its line (an inline
    /// list).
    struct Indentation {
        var outside: [UInt8]
        var full: [UInt8]
    }

    private func indentation(of document: ListDocument, item: Int, format: ListFormat) throws -> Indentation? {
        let range = document.layout.itemRange(item)
        let start = document.listRange.lowerBound + range.lowerBound
        let bytes = document.document
        var lineStart = start
        while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var outside = Array(bytes[lineStart..<start])
        // A Markdown item's marker stands before it, with the position: its
        // lines continue under the item's text, as far in as the marker is
        // wide.
        if format == .markdown && !outside.contains(0x09) {
            outside = [UInt8](repeating: 0x20, count: outside.count)
        }
        guard outside.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        var end = start
        while end < document.listRange.lowerBound + range.upperBound && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        return Indentation(outside: outside, full: outside + Array(bytes[start..<end]))
    }

    /// `item`'s bytes with its lines indented as DEST's items are: the
    /// item's own indentation `from` replaced by `to` on every line.
    private func relaid(_ item: [UInt8], from: Indentation?, to: Indentation?, format: ListFormat, offset: Int,
                        refuse: (String, Int?) -> FormatError) throws -> [UInt8] {
        guard let from, let to else {
            if !item.contains(0x0A) { return item }
            throw refuse("the item spans lines but it, or the list it goes to, does not start its lines; reorder cannot lay it out there", offset)
        }
        // The first line: the blanks inside the item, those of DEST's.
        let inside = from.full.count - from.outside.count
        guard to.full.starts(with: to.outside) else {
            throw refuse("reorder cannot tell how the items of '\(destination)' are indented", offset)
        }
        var result = Array(to.full.dropFirst(to.outside.count))
        result.reserveCapacity(item.count + 64)
        var index = inside
        var lineStart = false
        while index < item.count {
            if lineStart {
                // A line of blanks only (in a block scalar, say) stays.
                var end = index
                while end < item.count && (item[end] == 0x20 || item[end] == 0x09) { end += 1 }
                let blankLine = end == item.count || item[end] == 0x0A || item[end] == 0x0D
                if !blankLine {
                    guard item[index...].starts(with: from.full) else {
                        throw refuse("a line of the item is indented less than the item itself; reorder cannot re-indent it with certainty", offset)
                    }
                    result += to.full
                    index += from.full.count
                    lineStart = false
                    continue
                }
            }
            lineStart = item[index] == 0x0A
            result.append(item[index])
            index += 1
        }
        return result
    }

    /// A keyed list (an object, a mapping, a table) takes no key it has.
    private func checkKeys(_ items: [[UInt8]], block: [Int], list: ListDocument, target: ListDocument,
                           format: ListFormat, refuse: (String, Int?) -> FormatError) throws {
        guard list.layout.itemsAreKeyedMembers || target.layout.itemsAreKeyedMembers else { return }
        guard list.layout.itemsAreKeyedMembers == target.layout.itemsAreKeyedMembers else {
            throw refuse(list.layout.itemsAreKeyedMembers
                ? "'\(destination)' is a list of elements, and the item is a member with a key"
                : "'\(destination)' holds members with keys, and the item is an element without one", nil)
        }
        var keys: [[UInt8]: Int] = [:]
        for index in 0..<target.count {
            guard let value = try target.layout.value(ofItem: index, at: nil) else { continue }
            keys[value.primaryBytes.withBytes(in: target.layout.valueSource) { Array($0) }] = index
        }
        for index in block {
            guard let value = try list.layout.value(ofItem: index, at: nil) else { continue }
            let key = value.primaryBytes.withBytes(in: list.layout.valueSource) { Array($0) }
            if let found = keys[key] {
                throw refuse("'\(destination)' has the key '\(String(decoding: key, as: UTF8.self))' already (here); "
                    + "delete one of them first", target.listRange.lowerBound + target.layout.itemRange(found).lowerBound)
            }
            if key == Array("<<".utf8) && format == .yaml {
                throw refuse("the item is a merge key ('<<'): moving it changes the values of the keys it merges",
                             list.layout.itemRange(index).lowerBound)
            }
        }
    }

    /// YAML: a mapping with a merge key neither gives nor takes an entry:
    /// its own keys and the merged ones would trade places.
    private func checkMergeKeys(list: ListDocument, target: ListDocument, refuse: (String, Int?) -> FormatError) throws {
        for document in [list, target] where document.layout.itemsAreKeyedMembers {
            for index in 0..<document.count {
                guard let value = try document.layout.value(ofItem: index, at: nil) else { continue }
                if value.primaryBytes.withBytes(in: document.layout.valueSource, { Array($0) }) == Array("<<".utf8) {
                    throw refuse("the mapping has a merge key ('<<'): an entry moved out of it or into it could change the values a program reads",
                                 document.layout.itemRange(index).lowerBound)
                }
            }
        }
    }
}

extension FormatError.Kind {
    var isBetweenLists: Bool {
        if case .betweenLists = self { return true }
        return false
    }
}
