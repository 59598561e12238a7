/// What one item sorts by. Items compare by `rank` first (the kind of JSON
/// value), then by bytes or by number within it.
enum SortKey {
    /// Bytes, in byte order (folding case with `--ignore-case`).
    case bytes(rank: Int, KeyBytes)
    /// A number, by exact value.
    case number(rank: Int, DecimalNumber)

    var rank: Int {
        switch self {
        case .bytes(let rank, _), .number(let rank, _): return rank
        }
    }

    static func compare(_ a: SortKey, _ b: SortKey, in source: UnsafeRawBufferPointer, foldingCase: Bool) -> Int {
        if a.rank != b.rank { return a.rank < b.rank ? -1 : 1 }
        switch (a, b) {
        case (.bytes(_, let x), .bytes(_, let y)):
            return x.withBytes(in: source) { x in
                y.withBytes(in: source) { y in ByteOrder.compare(x, y, foldingCase: foldingCase) }
            }
        case (.number(_, let x), .number(_, let y)):
            return DecimalNumber.compare(x, y, in: source)
        case (.number, .bytes):
            return -1
        case (.bytes, .number):
            return 1
        }
    }

    /// The source indices of `keys` in sorted order; nil keys (no value at
    /// `--key`) go last, in their order, and `--unique` keeps them all.
    static func sortedOrder(_ keys: [SortKey?], source: UnsafeRawBufferPointer, options: SortOptions) -> [Int] {
        var order: [Int] = []
        var missing: [Int] = []
        order.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() {
            if key == nil { missing.append(index) } else { order.append(index) }
        }
        if let sorted = sortedAsBytes(keys, present: order, source: source, options: options) {
            return sorted + missing
        }
        let fold = options.ignoreCase
        let compare = { (a: Int, b: Int) in SortKey.compare(keys[a]!, keys[b]!, in: source, foldingCase: fold) }
        Sorting.sort(&order, reverse: options.reverse, by: compare)
        if options.unique { order = Sorting.firstOfEqualRuns(order, by: compare) }
        return order + missing
    }

    /// `present`'s keys sorted by `StringSort`, when they are all bytes of
    /// one rank (a list by text with an escape somewhere, values of another
    /// kind by their text; strings that all stand in the source take
    /// `FormatLayout.sortedBySourceStrings` before this); nil otherwise.
    /// The keys are `ByteKeys`: ranges of the source, or copied together
    /// from the first that is not one. The order is the one the comparison
    /// gives: bytes, stable, `reverse` keeping equal ones in their order,
    /// `unique` the first of them.
    private static func sortedAsBytes(_ keys: [SortKey?], present: [Int], source: UnsafeRawBufferPointer,
                                      options: SortOptions) -> [Int]? {
        guard let first = present.first, case .bytes(let rank, _) = keys[first]!,
              var byteKeys = ByteKeys(source: source, count: present.count) else { return nil }
        for index in present {
            guard case .bytes(rank, let key) = keys[index]!, byteKeys.append(key) else { return nil }
        }
        return byteKeys.sortedOrder(options).map { present[$0] }
    }
}
