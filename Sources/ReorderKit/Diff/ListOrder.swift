/// One place of a list's new order: an item of the list by its index, or a
/// new item given by its value (as `insert` takes it).
public enum ListOrderEntry: Equatable, Sendable {
    case item(Int)
    case new([UInt8])
}

/// A new order of a list as the batch that makes it: what `reorder edit`
/// and `reorder pick` apply, and what `pick --print` prints.
public enum ListOrder {
    /// The batch script (as `reorder batch -f` reads it, UIKit's index rules)
    /// that turns a list of `count` items into `order`: the items `order`
    /// leaves out are deleted, its new items inserted, and the fewest moves
    /// put the rest in place. Empty when `order` is the list as it is.
    ///
    /// `source(i)`, when given, names item `i` where an operation takes it
    /// (a selector such as `=VALUE`; nil: by its index), as the kept script
    /// of `pick` and `edit` names the items it can by value.
    public static func batchScript(count: Int, order: [ListOrderEntry], source: ((Int) -> [UInt8]?)? = nil) -> [UInt8] {
        var newValues: [Int: [UInt8]] = [:]
        let newKeys = order.enumerated().map { (position, entry) -> ListItemKey in
            switch entry {
            case .item(let index): return .unique(index)
            case .new(let value):
                newValues[position] = value
                return .text(value)
            }
        }
        let diff = ListDiff(old: (0..<count).map { ListItemKey.unique($0) }, new: newKeys)
        return diff.script(sequential: false, source: source) { newValues[$0]! }
    }

    /// How many items `order` (a permutation of `0..<order.count`) moves:
    /// the moves of `batchScript`, the list's length less a longest
    /// increasing run of indices.
    public static func moveCount(_ order: [Int]) -> Int {
        ListDiff(distinctOldCount: order.count, newIDs: order, changed: nil).moveCount
    }
}
