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
        format.takesPointer
    }

    /// The document with the items moved; nil when nothing changes (a
    /// selector that selects nothing with `--missing-ok`).
    public func apply(to source: UnsafeRawBufferPointer, format: ListFormat, options: ReadOptions,
                      editOptions: EditOptions) throws -> [UInt8]? {
        guard BetweenLists.supports(format), options.region == nil else {
            throw FormatError(format, .betweenLists(problem: "moving between lists is not supported for \(format.words.name) yet"))
        }
        if try JSONPointer(parsing: options.pointer).tokens == JSONPointer(parsing: destination).tokens {
            throw FormatError(format, .betweenLists(problem: "--to names the list -p names; to move within one list, leave --to out"))
        }
        let document = try SectionedDocument(source, format: format, options: options,
                                             pointers: [options.pointer, destination], unchecked: ())
        let list = document.list(0)
        do {
            return try apply(to: document, editOptions: editOptions)
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

    /// Two sections, LIST (0) and DEST (1): LIST without the items (or
    /// with them, for a copy), DEST with them at their place.
    private func apply(to document: SectionedDocument, editOptions: EditOptions) throws -> [UInt8]? {
        let format = document.format
        func refuse(_ problem: String, at offset: Int? = nil) -> FormatError {
            FormatError(format, .betweenLists(problem: problem), offset: offset)
        }
        let list = document.list(0)
        let target = document.list(1)
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
        try document.checkApart()
        let moved = block.map { SectionedItem.existing(ItemPath(section: 0, item: $0)) }
        var left: [SectionedItem] = []
        if copy {
            left = (0..<list.count).map { .existing(ItemPath(section: 0, item: $0)) }
        } else {
            var inBlock = [Bool](repeating: false, count: list.count)
            for index in block { inBlock[index] = true }
            left.reserveCapacity(list.count)
            for index in 0..<list.count where !inBlock[index] { left.append(.existing(ItemPath(section: 0, item: index))) }
        }
        var into: [SectionedItem] = []
        into.reserveCapacity(target.count + moved.count)
        switch to {
        case .index(let index):
            let position = try index.resolved(count: target.count + 1, base: editOptions.base, role: .destination)
            for item in 0..<position { into.append(.existing(ItemPath(section: 1, item: item))) }
            into += moved
            for item in position..<target.count { into.append(.existing(ItemPath(section: 1, item: item))) }
        case .sorted(let order):
            // DEST with the items last, read again: each item's rank among
            // DEST's, and its sorted place.
            var last = Arrangement.identity(count: target.count)
            for index in block { last.append(item: try document.laid(ItemPath(section: 0, item: index), into: 1)) }
            try target.layout.check(last)
            let rendered = target.render(last)
            // SAFETY: the bytes of `rendered` are only read inside the closure, and no pointer to them leaves it.
            let ranks = try rendered.withUnsafeBytes { buffer -> [Int] in
                var destinationOptions = document.options
                destinationOptions.pointer = destination
                let again = try ListDocument(buffer, format: format, options: destinationOptions)
                guard again.count == target.count + block.count else {
                    throw refuse("the items would not read back as items of '\(destination)'")
                }
                return try again.sortRanks(order, key: editOptions.key)
            }
            var order = Array(0..<target.count)
            for k in block.indices {
                let added = target.count + k
                let place = order.firstIndex { ranks[$0] > ranks[added] } ?? order.count
                order.insert(added, at: place)
            }
            into = order.map { $0 < target.count ? .existing(ItemPath(section: 1, item: $0)) : moved[$0 - target.count] }
        }
        return try document.apply([left, into])
    }
}

extension FormatError.Kind {
    var isBetweenLists: Bool {
        if case .betweenLists = self { return true }
        return false
    }
}
