/// Errors of a batch. Each names the operations involved, as written and
/// where they came from; the command-line layer words them.
///
/// Item numbers and positions are 0-based here (`item` is a source index,
/// `position` an index into the result); `base` is how the user counts, so a
/// message can show them as the user wrote them.
public enum BatchError: Error, Sendable {
    /// The first word of an operation is not an operation's name.
    case unknownOperation(name: String, operation: BatchOperationReference)
    /// An operation lacks an argument; `usage` is how it is written
    /// (`move FROM TO`).
    case incompleteOperation(usage: String, operation: BatchOperationReference)
    /// An argument of an operation is not valid for the list: not an index,
    /// out of range, a bad selector, a value the format cannot hold.
    case invalidArgument(BatchOperationReference, underlying: any Error)
    /// Two operations use the same source item (deleted and moved, moved
    /// twice, …). `first` comes before `second` in the batch.
    case sourceUsedTwice(item: Int, first: BatchOperationReference, second: BatchOperationReference, base: IndexBase)
    /// Two items would end at the same position of the result.
    case destinationClaimedTwice(position: Int, first: BatchOperationReference, second: BatchOperationReference, base: IndexBase)
    /// The result has `resultCount` items, but `operation`'s destination
    /// needs at least `needed` (a UInt: an index of `Int.max` needs one
    /// more).
    case destinationOutsideResult(resultCount: Int, needed: UInt, operation: BatchOperationReference)
    /// `swap` needs one item on each side; its argument `argument` (`I` or
    /// `J`) selects `selected`.
    case needsOneItem(argument: String, selected: Int, operation: BatchOperationReference)
    /// `-f -` reads the script from standard input, so the list cannot come
    /// from there too.
    case scriptAndListOnStandardInput
    /// A `# reorder: content HASH` line whose HASH is not 16 hexadecimal
    /// digits.
    case invalidContentClaim(BatchOperationReference)
    /// The script says it was made for another content of the file
    /// (`BatchScript.ContentClaim`), and some operation names an item by
    /// position, which would now be another item.
    case madeForOtherContent(BatchScript.ContentClaim)
    /// Several lists: two operations use the item at `path`.
    case pathUsedTwice(ItemPath, first: BatchOperationReference, second: BatchOperationReference, base: IndexBase)
    /// Several lists: two items would end at position `path.item` of
    /// section `path.section`.
    case pathClaimedTwice(ItemPath, first: BatchOperationReference, second: BatchOperationReference, base: IndexBase)
    /// Several lists: section `section` has `resultCount` items after the
    /// batch, but `operation`'s destination needs at least `needed`.
    case destinationOutsideSection(section: Int, resultCount: Int, needed: UInt, operation: BatchOperationReference)
    /// Several lists: `operation` gives a plain index or selector, which
    /// names no list; `sections` lists there are.
    case needsPath(sections: Int, operation: BatchOperationReference)
}

extension BatchError: Equatable {
    public static func == (a: BatchError, b: BatchError) -> Bool {
        switch (a, b) {
        case let (.unknownOperation(n1, o1), .unknownOperation(n2, o2)): return n1 == n2 && o1 == o2
        case let (.incompleteOperation(u1, o1), .incompleteOperation(u2, o2)): return u1 == u2 && o1 == o2
        case let (.invalidArgument(o1, e1), .invalidArgument(o2, e2)):
            return o1 == o2 && String(reflecting: e1) == String(reflecting: e2)
        case let (.sourceUsedTwice(i1, f1, s1, b1), .sourceUsedTwice(i2, f2, s2, b2)):
            return i1 == i2 && f1 == f2 && s1 == s2 && b1 == b2
        case let (.destinationClaimedTwice(p1, f1, s1, b1), .destinationClaimedTwice(p2, f2, s2, b2)):
            return p1 == p2 && f1 == f2 && s1 == s2 && b1 == b2
        case let (.destinationOutsideResult(c1, n1, o1), .destinationOutsideResult(c2, n2, o2)):
            return c1 == c2 && n1 == n2 && o1 == o2
        case let (.needsOneItem(a1, n1, o1), .needsOneItem(a2, n2, o2)):
            return a1 == a2 && n1 == n2 && o1 == o2
        case (.scriptAndListOnStandardInput, .scriptAndListOnStandardInput): return true
        case let (.invalidContentClaim(o1), .invalidContentClaim(o2)): return o1 == o2
        case let (.madeForOtherContent(c1), .madeForOtherContent(c2)): return c1 == c2
        case let (.pathUsedTwice(p1, f1, s1, b1), .pathUsedTwice(p2, f2, s2, b2)):
            return p1 == p2 && f1 == f2 && s1 == s2 && b1 == b2
        case let (.pathClaimedTwice(p1, f1, s1, b1), .pathClaimedTwice(p2, f2, s2, b2)):
            return p1 == p2 && f1 == f2 && s1 == s2 && b1 == b2
        case let (.destinationOutsideSection(s1, c1, n1, o1), .destinationOutsideSection(s2, c2, n2, o2)):
            return s1 == s2 && c1 == c2 && n1 == n2 && o1 == o2
        case let (.needsPath(s1, o1), .needsPath(s2, o2)): return s1 == s2 && o1 == o2
        default: return false
        }
    }
}
