/// `sort --recursive` for the formats whose lists are read from one
/// document, each list by its own layout (YAML, TOML): the list asked for
/// is sorted as `sort` sorts it, and every mapping or table inside its
/// items is sorted by key, at any depth; a sequence or an array inside
/// keeps its order, and the mappings in it are sorted.
///
/// Each list inside is sorted by its own layout, so its comments travel by
/// the rule the format uses for a list of its own, and the result of each
/// is the bytes of a *region*: the stretch of the document its items and
/// the positions between them span. A region lies inside one item of the
/// list around it, so the outer list writes its items with the regions
/// inside them replaced. Nothing else is needed to put the results
/// together, and anything that breaks this (a region the outer list does
/// not write in one piece, a result that changes bytes outside its region)
/// is refused, never guessed at.
protocol NestedList: FormatLayout {
    /// The lists directly inside item `index`: the mapping or sequence that
    /// is its value; for a TOML section, the lines and sections of its table.
    func nestedLists(ofItem index: Int) throws -> [any NestedList]
    /// Lists beside this one whose regions the document's result also
    /// holds when it is the list `sort` was asked for (a TOML table's
    /// sub-table sections, beside its lines); inside, the list around
    /// both holds them (`nestedLists`).
    func siblingLists() throws -> [any NestedList]
    /// Mappings and tables are sorted by key; sequences and arrays keep
    /// their order.
    var sortsByKey: Bool { get }
    /// The bytes the items and the positions between them span; nil for a
    /// list without items.
    var itemsRegion: Range<Int>? { get }
    /// The list itself in sorted order, nothing inside it (by default
    /// `sortedByValue`).
    func ownSortedOrder(_ options: SortOptions, key: String?) throws -> [Int]
    /// Passes the result's bytes to `emit`, in order; bytes that are the
    /// source's are slices of the source.
    func emit(_ arrangement: Arrangement, _ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows
    /// The regions inside the items that `sort --recursive` replaced.
    var nested: NestedRegions { get }
    /// The format's error for a region that cannot be put in its place.
    func cannotSortInside(at offset: Int) -> Error
}

extension NestedList {
    func siblingLists() throws -> [any NestedList] { [] }

    func ownSortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        try sortedByValue(options, key: key)
    }
}

/// The sorted regions inside a list's items, by source range.
final class NestedRegions {
    var regions: [(range: Range<Int>, bytes: [UInt8])] = []
}

enum NestedSort {
    /// `sort` of `list`: with `options.recursive`, the lists inside its
    /// items (and beside it) are sorted first, their regions kept for the
    /// writer; then the list itself.
    static func sortedOrder(_ list: some NestedList, _ options: SortOptions, key: String?) throws -> [Int] {
        if options.recursive { list.nested.regions = try regions(of: list, options) }
        return try list.ownSortedOrder(options, key: key)
    }

    /// For the list `sort --recursive` was asked for: the sorted regions
    /// inside its items and beside it, in document order.
    static func regions(of list: some NestedList, _ options: SortOptions) throws -> [(range: Range<Int>, bytes: [UInt8])] {
        var inside = options
        inside.like = nil
        var regions: [(range: Range<Int>, bytes: [UInt8])] = []
        for index in 0..<list.count {
            for child in try list.nestedLists(ofItem: index) {
                if let region = try sortedRegion(child, inside) { regions.append(region) }
            }
        }
        for sibling in try list.siblingLists() {
            if let region = try sortedRegion(sibling, inside) { regions.append(region) }
        }
        return regions.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// `list`'s region with the list sorted (when it sorts by key) and
    /// every list inside it too; nil when that changes nothing.
    static func sortedRegion(_ list: any NestedList, _ options: SortOptions) throws -> (range: Range<Int>, bytes: [UInt8])? {
        guard let region = list.itemsRegion else { return nil }
        let order = list.sortsByKey ? try list.ownSortedOrder(options, key: nil) : Array(0..<list.count)
        var inner: [(range: Range<Int>, bytes: [UInt8])] = []
        for index in 0..<list.count {
            for child in try list.nestedLists(ofItem: index) {
                if let found = try sortedRegion(child, options) { inner.append(found) }
            }
        }
        guard order != Array(0..<list.count) || !inner.isEmpty else { return nil }
        inner.sort { $0.range.lowerBound < $1.range.lowerBound }
        let arrangement = Arrangement(sourceOrder: order)
        try list.check(arrangement)
        let output = try render(list, arrangement, inner)
        // The list's result may differ from the document only inside its
        // region.
        let source = list.source
        let suffix = source.count - region.upperBound
        guard output.count >= region.lowerBound + suffix,
              output[..<region.lowerBound].elementsEqual(source[..<region.lowerBound]),
              output[(output.count - suffix)...].elementsEqual(source[region.upperBound...]) else {
            throw list.cannotSortInside(at: region.lowerBound)
        }
        return (region, Array(output[region.lowerBound..<(output.count - suffix)]))
    }

    /// `list`'s result of `arrangement`, with `regions` (in document order,
    /// none inside another) in place of the source bytes they replace.
    static func render(_ list: some NestedList, _ arrangement: Arrangement,
                       _ regions: [(range: Range<Int>, bytes: [UInt8])]) throws -> [UInt8] {
        let source = list.source
        var output: [UInt8] = []
        output.reserveCapacity(source.count + 64)
        guard !regions.isEmpty, let base = source.baseAddress else {
            list.emit(arrangement) { output.append(contentsOf: $0) }
            return output
        }
        try list.emit(arrangement) { slice in
            guard let start = slice.baseAddress, start >= base, start < base + source.count else {
                output.append(contentsOf: slice)
                return
            }
            var from = start - base
            let end = from + slice.count
            // The first region that ends after the slice starts.
            var low = 0, high = regions.count
            while low < high {
                let middle = (low + high) / 2
                if regions[middle].range.upperBound <= from { low = middle + 1 } else { high = middle }
            }
            var index = low
            while index < regions.count && regions[index].range.lowerBound < end {
                let region = regions[index]
                guard region.range.lowerBound >= from && region.range.upperBound <= end else {
                    throw list.cannotSortInside(at: region.range.lowerBound)
                }
                output.append(contentsOf: source[from..<region.range.lowerBound])
                output.append(contentsOf: region.bytes)
                from = region.range.upperBound
                index += 1
            }
            output.append(contentsOf: source[from..<end])
        }
        return output
    }

    /// Throws when `list`'s result of `arrangement` cannot hold its nested
    /// regions: every edit is checked so before it is written.
    static func check(_ list: some NestedList, _ arrangement: Arrangement) throws {
        guard !list.nested.regions.isEmpty else { return }
        _ = try render(list, arrangement, list.nested.regions)
    }

    /// Writes `list`'s result, with its nested regions, as one slice.
    /// A positional nested list's `write`: as any list's, unless `sort
    /// --recursive` sorted lists inside its items.
    static func write<List: NestedList & ListLayout>(positional list: List, _ arrangement: Arrangement,
                      gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void) rethrows {
        guard !list.nested.regions.isEmpty else {
            return try Renderer(layout: list, source: list.source).write(arrangement, gathered: write)
        }
        try self.write(list, arrangement, gathered: write)
    }

    static func write(_ list: some NestedList, _ arrangement: Arrangement,
                      gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void) rethrows {
        // `check` rendered this arrangement already, without an error.
        let output = try! render(list, arrangement, list.nested.regions)
        // SAFETY: the bytes of `output` are only read inside the closure, and no pointer to them leaves it.
        try output.withUnsafeBytes { bytes in
            // SAFETY: the allocation lives only inside the closure, which hands it to a write that keeps no slice past the call.
            try withUnsafeTemporaryAllocation(of: UnsafeRawBufferPointer.self, capacity: 1) { slices in
                slices[0] = bytes
                // SAFETY: the one slice just initialised, valid during the write call.
                try write(UnsafeBufferPointer(slices))
            }
        }
    }

    static func outputEqualsSource(_ list: some NestedList, _ arrangement: Arrangement) -> Bool {
        guard let output = try? render(list, arrangement, list.nested.regions) else { return false }
        return output.elementsEqual(list.source)
    }
}
