/// One command's change to a list, with its arguments as the user wrote them.
public enum Edit: Equatable, Sendable {
    /// Take the selected items out; put them back together so the first ends
    /// at `to` (a destination index).
    case move(from: SourceSelector, to: UserIndex)
    /// Take the selected items out; put each back at its sorted place: the
    /// first position whose item sorts after it under `order` (and
    /// `EditOptions.key`), as `sort` compares (`move FROM sorted`).
    case moveSorted(from: SourceSelector, order: SortOptions)
    /// Exchange two items.
    case swap(SourceSelector, SourceSelector)
    /// Add `value` so that it ends at `at` (a destination index).
    case insert(at: UserIndex, value: [UInt8])
    /// Add `value` at its sorted place (`insert sorted VALUE`).
    case insertSorted(value: [UInt8], order: SortOptions)
    /// Remove the selected items.
    case delete(SourceSelector)
    /// The items in the opposite order.
    case reverse
    /// Many operations as one (`reorder batch`).
    case batch(BatchScript, sequential: Bool)
    /// A stable sort (`reorder sort`).
    case sort(SortOptions)
    /// The items of each group of a list read with comment headings, group
    /// by group (`ListDocument.headedGroups`: a path's section is the
    /// group, its item the index in that group as read; a new item's value
    /// as `insert` takes it): what `pick` and `edit` give such a list. The
    /// headings stay on their lines, each above its group's items.
    case groups([[SectionedItem]])
}

/// Options that change how an edit reads its arguments.
public struct EditOptions: Equatable, Sendable {
    public var base: IndexBase = .zero
    /// `--missing-ok`: a selector that selects nothing changes nothing.
    public var missingOK = false
    /// `--string`: JSON values are strings to encode, not JSON text.
    public var valuesAreStrings = false
    /// `--key`: selectors compare the value at this pointer in each element.
    public var key: String? = nil

    public init(base: IndexBase = .zero, missingOK: Bool = false, valuesAreStrings: Bool = false, key: String? = nil) {
        self.base = base
        self.missingOK = missingOK
        self.valuesAreStrings = valuesAreStrings
        self.key = key
    }
}

extension ListDocument {
    /// The arrangement `edit` makes of this document's list.
    public func arrangement(for edit: Edit, options: EditOptions) throws -> Arrangement {
        var arrangement = try uncheckedArrangement(for: edit, options: options)
        switch edit {
        case .sort, .groups:
            // A sort keeps each group's positions, and a result by groups
            // places its headings already.
            break
        default:
            guard readOptions.commentHeadings else { break }
            // The items the user named move; the others stay in their groups.
            var moved: Set<Int>? = nil
            switch edit {
            case .move(let from, _), .moveSorted(let from, _):
                moved = Set(try from.resolve(in: self, options: options))
            case .swap(let first, let second):
                moved = Set([try first.resolveOne(in: self, options: options),
                             try second.resolveOne(in: self, options: options)].compactMap { $0 })
            default:
                break
            }
            arrangement = keepingHeadings(arrangement, moved: moved)
        }
        try layout.check(arrangement)
        return arrangement
    }

    /// The same before the format has checked the result.
    private func uncheckedArrangement(for edit: Edit, options: EditOptions) throws -> Arrangement {
        let count = self.count
        switch edit {
        case .move(let from, let to):
            let block = try from.resolve(in: self, options: options)
            if block.isEmpty { return .identity(count: count) }
            // The block's first item can end at 0 ... count - block.count;
            // a negative destination counts back from the last of those.
            let destination = try to.resolved(
                count: count - block.count + 1, base: options.base, role: .destination)
            return Operations.moving(block: block, to: destination, count: count)

        case .moveSorted(let from, let order):
            let block = try from.resolve(in: self, options: options)
            if block.isEmpty { return .identity(count: count) }
            return movingToSortedPlaces(block, ranks: try sortRanks(order, key: options.key))

        case .insertSorted(let value, let order):
            let item = try newItem(value, asString: options.valuesAreStrings)
            let destination = try sortedPlace(ofNewItem: item, order, key: options.key)
            return Operations.inserting(item, at: destination, count: count)

        case .swap(let first, let second):
            // Each side must select one item (nothing, with --missing-ok).
            guard let i = try first.resolveOne(in: self, options: options),
                  let j = try second.resolveOne(in: self, options: options)
            else { return .identity(count: count) }
            return Operations.swapping(i, j, count: count)

        case .insert(let at, let value):
            let item = try newItem(value, asString: options.valuesAreStrings)
            let destination = try at.resolved(count: count + 1, base: options.base, role: .destination)
            return Operations.inserting(item, at: destination, count: count)

        case .delete(let selector):
            let indices = try selector.resolve(in: self, options: options)
            return Operations.deleting(indices, count: count)

        case .reverse:
            return Operations.reversing(count: count)

        case .batch(let script, let sequential):
            return try script.arrangement(in: self, sequential: sequential, options: options)

        case .sort(let sortOptions):
            return try sortedArrangement(sortOptions, key: options.key)

        case .groups(let groups):
            let groupOfItem = headedGroups().groupOfItem
            var starts: [Int] = []
            for (index, group) in groupOfItem.enumerated() where group == starts.count { starts.append(index) }
            return headedArrangement(try groups.map { items in
                try items.map { item -> SectionedItemValue in
                    switch item {
                    case .existing(let path): return .source(starts[path.section] + path.item)
                    case .new(let value): return .new(try newItem(value, asString: options.valuesAreStrings))
                    }
                }
            })
        }
    }
}
