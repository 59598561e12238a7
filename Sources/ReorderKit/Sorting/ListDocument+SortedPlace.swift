/// The sorted place (`move FROM sorted`, `insert sorted VALUE`): where
/// `sort` with the same options puts an item among the list's other
/// items, as they stand: the first position whose item sorts after it
/// (after the items equal to it). On a list that is sorted, the item ends
/// where `sort` would put it; on one that is not, the rule is the same,
/// so the place is always one and the same for one list and one item.
extension ListDocument {
    /// Each item's rank in `sort`'s order: equal items share a rank, and
    /// an item of a higher rank sorts after one of a lower rank. Items
    /// without a value at `key` sort last, each in a rank of its own, in
    /// their order, as `sort` leaves them.
    func sortRanks(_ options: SortOptions, key: String?) throws -> [Int] {
        var plain = options
        plain.unique = false
        plain.recursive = false
        plain.like = nil
        let order = try layout.sortedOrder(plain, key: key)
        var unique = plain
        unique.unique = true
        // `sort -u` keeps the first item of each run of equal ones: in the
        // stable order, an item it keeps starts a new rank.
        var firsts = [Bool](repeating: false, count: count)
        for index in try layout.sortedOrder(unique, key: key) { firsts[index] = true }
        var ranks = [Int](repeating: 0, count: count)
        var rank = -1
        for index in order {
            if firsts[index] || rank < 0 { rank += 1 }
            ranks[index] = rank
        }
        return ranks
    }

    /// The arrangement that takes the items `block` (sorted source indices)
    /// out and puts each back at its sorted place among the others, in the
    /// block's order.
    func movingToSortedPlaces(_ block: [Int], ranks: [Int]) -> Arrangement {
        var inBlock = [Bool](repeating: false, count: count)
        for index in block { inBlock[index] = true }
        var order = (0..<count).filter { !inBlock[$0] }
        for index in block {
            let place = order.firstIndex { ranks[$0] > ranks[index] } ?? order.count
            order.insert(index, at: place)
        }
        return Arrangement(sourceOrder: order)
    }

    /// The position a new item ends at in the sorted place: `item`, as
    /// `newItem` wrote it, is put last, the result read again as this
    /// document was, and its rank found among the others'.
    func sortedPlace(ofNewItem item: [UInt8], _ options: SortOptions, key: String?) throws -> Int {
        let last = Operations.inserting(item, at: count, count: count)
        try layout.check(last)
        let rendered = render(last)
        // SAFETY: the bytes of `rendered` are only read inside the closure, and no pointer to them leaves it.
        let ranks = try rendered.withUnsafeBytes { bytes -> [Int] in
            let again = try ListDocument(bytes, format: readFormat, options: readOptions)
            guard again.count == count + 1 else { throw ReorderError.sortedPlaceUnknown }
            return try again.sortRanks(options, key: key)
        }
        return (0..<count).firstIndex { ranks[$0] > ranks[count] } ?? count
    }
}
