/// How `reorder sort` orders items.
public struct SortOptions: Equatable, Sendable {
    /// `-r`: descending; equal items still keep their order.
    public var reverse = false
    /// `-u`: keep only the first (in the list's order) of equal items.
    public var unique = false
    /// `-i`: ASCII letters compare without case (folded to upper case, as
    /// `sort -f` does).
    public var ignoreCase = false
    /// `-n`: lines, and JSON strings, compare by their leading number (see
    /// `DecimalNumber.leadingNumber`). JSON numbers always compare by value.
    public var numeric = false
    /// `--recursive` (JSON): the members of every object at or below the
    /// list are sorted by key too; arrays keep their order.
    public var recursive = false
    /// `--like REF`: the keys of REF's items, in REF's order; the list is
    /// put in that order (the k-th of equal items where REF has its k-th),
    /// and items REF does not have keep their order after them, or before
    /// them with `likeMissingFirst`.
    public var like: [ListItemKey]? = nil
    public var likeMissingFirst = false
    /// `--groups`, `--group-pattern`: the groups the list sorts within
    /// (see `Grouping`).
    public var grouping = Grouping()
    /// A thread a large sort of byte strings may run half its work on (see
    /// `StringSort`); the CLI lends the one it lends the reader
    /// (`ReadOptions.lender`). nil: the calling thread alone, with the same
    /// result. Not part of what makes two options equal.
    public var lender: ThreadLender? = nil

    public init(reverse: Bool = false, unique: Bool = false, ignoreCase: Bool = false, numeric: Bool = false,
                recursive: Bool = false) {
        self.reverse = reverse
        self.unique = unique
        self.ignoreCase = ignoreCase
        self.numeric = numeric
        self.recursive = recursive
    }
}

extension SortOptions {
    public static func == (a: SortOptions, b: SortOptions) -> Bool {
        a.reverse == b.reverse && a.unique == b.unique && a.ignoreCase == b.ignoreCase && a.numeric == b.numeric
            && a.recursive == b.recursive && a.like == b.like && a.likeMissingFirst == b.likeMissingFirst
            && a.grouping == b.grouping
    }
}

extension ListDocument {
    /// The list sorted: stable (equal items keep their order, with
    /// `reverse` too), with `O(n log n)` comparisons of the items where they
    /// stand in the source.
    ///
    /// Items compare by their values (`ItemValue`, see
    /// `FormatLayout.sortedByValue`): lines as bytes (`LC_ALL=C sort -s`),
    /// or by leading number; JSON elements by value, kinds in jq's order;
    /// with `key`, by the value at that pointer inside each item, and items
    /// without it go last, in their order, whatever the direction.
    public func sortedArrangement(_ options: SortOptions, key: String?) throws -> Arrangement {
        let order = try sortedOrder(options, key: key)
        return Arrangement(sourceOrder: try groupedOrder(order, options.grouping, ignoreCase: options.ignoreCase, key: key))
    }

    /// The source indices in sorted order (with `unique`, the kept ones).
    func sortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        if let like = options.like { return try orderLike(like, missingFirst: options.likeMissingFirst, key: key) }
        return try layout.sortedOrder(options, key: key)
    }

    /// The order of `reference`'s items (see `SortOptions.like`).
    private func orderLike(_ reference: [ListItemKey], missingFirst: Bool, key: String?) throws -> [Int] {
        var places: [ListItemKey: [Int]] = [:]
        for (index, item) in reference.enumerated() { places[item, default: []].append(index) }
        var used: [ListItemKey: Int] = [:]
        let ranks = try itemKeys(key: key).map { item -> Int? in
            let next = used[item, default: 0]
            guard let found = places[item], next < found.count else { return nil }
            used[item] = next + 1
            return found[next]
        }
        let present = ranks.indices.filter { ranks[$0] != nil }.sorted { ranks[$0]! < ranks[$1]! }
        let missing = ranks.indices.filter { ranks[$0] == nil }
        return missingFirst ? missing + present : present + missing
    }
}

/// The stable sort and the `--unique` pass, on source indices.
enum Sorting {
    /// Sorts `order` by `compare` (negative, zero, positive), ascending or
    /// descending; equal items keep their relative order either way. Swift's
    /// `sort` does not promise stability, so ties are broken by index,
    /// which makes the order total.
    static func sort(_ order: inout [Int], reverse: Bool, by compare: (Int, Int) -> Int) {
        if reverse {
            order.sort { a, b in
                let c = compare(a, b)
                return c != 0 ? c > 0 : a < b
            }
        } else {
            order.sort { a, b in
                let c = compare(a, b)
                return c != 0 ? c < 0 : a < b
            }
        }
    }

    /// `sorted` without the items equal to the one before them: the first
    /// of each run of equal items stays, which, the sort being stable, is
    /// the first of them in the list.
    static func firstOfEqualRuns(_ sorted: [Int], by compare: (Int, Int) -> Int) -> [Int] {
        guard var kept = sorted.first.map({ [$0] }) else { return [] }
        for index in sorted.dropFirst() where compare(kept[kept.count - 1], index) != 0 {
            kept.append(index)
        }
        return kept
    }
}
