/// An edit with the work done that needs no list, so that it can be done
/// once, before any input is read, and shared by every input.
///
/// That is a batch of plain indices: its plan (`PreparedPlan`) or, with
/// `--sequential`, its operations applied to a list of unknown length
/// (`PreparedSequence`). A hundred thousand operations cost as much as
/// reading a list of a million lines, and the two can run side by side: the
/// command line reads its first input on another thread meanwhile.
///
/// The prepared work assumes every index is in range and every value valid.
/// When an input shows otherwise, the input gets the edit's ordinary path,
/// which finds the same first error as ever and reports it.
public struct PreparedEdit {
    public let edit: Edit
    public let options: EditOptions
    private let batch: PreparedBatch?

    public init(_ edit: Edit, options: EditOptions) {
        self.edit = edit
        self.options = options
        guard case .batch(let script, let sequential) = edit else {
            batch = nil
            return
        }
        if sequential {
            batch = PreparedSequence(script: script, options: options).map { .sequence($0) }
        } else {
            batch = PreparedPlan(script: script, options: options).map { .plan($0) }
        }
    }
}

extension PreparedEdit {
    /// Whether work was done ahead: false for anything but a batch of
    /// plain indices none of which is negative.
    public var isPrepared: Bool { batch != nil }
}

extension ListDocument {
    /// The arrangement `prepared`'s edit makes of this document's list.
    public func arrangement(for prepared: PreparedEdit) throws -> Arrangement {
        if var result = prepared.preparedArrangement(in: self) {
            if readOptions.commentHeadings { result = keepingHeadings(result) }
            try layout.check(result)
            return result
        }
        return try arrangement(for: prepared.edit, options: prepared.options)
    }
}

extension PreparedEdit {
    /// The prepared work finished for `document`; nil when there is none,
    /// or when an index is out of range or a value invalid there.
    fileprivate func preparedArrangement(in document: ListDocument) -> Arrangement? {
        switch batch {
        case .none: return nil
        case .plan(let plan): return plan.arrangement(in: document, options: options)
        case .sequence(let sequence): return sequence.arrangement(in: document, options: options)
        }
    }
}

private enum PreparedBatch {
    case plan(PreparedPlan)
    case sequence(PreparedSequence)
}

/// New items of a batch as the ranges of the script's text where their
/// values are, turned into items of a document's format when it is known.
private func newItems(
    values: [Range<Int>], script: BatchScript, document: ListDocument, options: EditOptions
) -> (itemBytes: [UInt8], ranges: [Range<Int>])? {
    var itemBytes = script.text
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(values.count)
    for value in values {
        guard let range = try? document.newItem(valueIn: &itemBytes, at: value, asString: options.valuesAreStrings)
        else { return nil }
        ranges.append(range)
    }
    return (itemBytes, ranges)
}

/// A batch's plan (see `BatchPlan`) made before the list's length is known:
/// for plain operations whose indices are not negative, the items used and
/// the positions claimed are the indices as written, so both can be sorted
/// and checked for clashes already. What is left for a list of n items:
/// that every source is below n and every position below the result's
/// length, then the merge, O(k) for k operations.
struct PreparedPlan {
    private let script: BatchScript
    private var uses = BatchPlan.SourceUses()
    private var claims = BatchPlan.Claims()
    /// Where each new item's value is in the script's text, by number.
    private var values: [Range<Int>] = []
    private var replacingOperations: [Int] = []
    private var replacementItems: [Int] = []
    private var deletedCount = 0
    private var insertedCount = 0
    /// Whether two operations use one item, or claim one position.
    private var clashes = false
    /// The largest source index, -1 when there is none.
    private var largestSource = -1
    /// The merge, done for a list of `RunSequence.unknownLength` items, for
    /// the first list to take (see `Arrangement.resolve`).
    private let merged = MergeForUnknownLength()

    /// Nil when an operation is not plain, or an index is negative (or 0,
    /// counting from 1): those need the list, or are errors.
    init?(script: BatchScript, options: EditOptions) {
        self.script = script
        let offset = options.base.offset
        uses.items.reserveCapacity(script.count)
        uses.tags.reserveCapacity(script.count)
        claims.positions.reserveCapacity(script.count)
        claims.contents.reserveCapacity(script.count)
        values.reserveCapacity(script.count)
        for index in 0..<script.count {
            let step = script.steps[index]
            if step.code == .general { return nil }
            let first = step.first - offset
            guard first >= 0 else { return nil }
            if step.code != .insert { largestSource = max(largestSource, first) }
            switch step.code {
            case .delete:
                uses.append(item: first, operation: index)
                deletedCount += 1
            case .insert:
                values.append(script.valueRange(of: index))
                insertedCount += 1
                claims.append(position: first, content: -values.count)
            case .move:
                let to = step.second - offset
                guard to >= 0 else { return nil }
                uses.append(item: first, operation: index)
                claims.append(position: to, content: first)
            case .swap:
                let second = step.second - offset
                guard second >= 0 else { return nil }
                largestSource = max(largestSource, second)
                if first == second { continue }
                uses.append(item: first, operation: index)
                uses.append(item: second, operation: index)
                claims.append(position: second, content: first)
                claims.append(position: first, content: second)
            case .replace:
                values.append(script.valueRange(of: index))
                uses.append(item: first, operation: index, replaces: true)
                replacingOperations.append(index)
                replacementItems.append(values.count - 1)
            case .general:
                return nil
            }
        }
        var scratch = RadixScratch()
        radixSort(&uses.items, carrying: &uses.tags, scratch: &scratch)
        radixSort(&claims.positions, carrying: &claims.contents, scratch: &scratch)
        clashes = hasRepeats(uses.items) || hasRepeats(claims.positions)
        // The merge needs the list's length only for its last run: it is
        // done now, while the list is still being read, for a list longer
        // than any, with placeholders for the new items.
        if !clashes {
            let assumedCount = RunSequence.unknownLength
            merged.arrangement = BatchPlan.merge(
                count: assumedCount, resultCount: assumedCount - deletedCount + insertedCount,
                usedItems: uses.items, useTags: uses.tags,
                claimedPositions: claims.positions, claimedContents: claims.contents,
                newItems: values.indices.map { $0..<$0 + 1 },
                replacingOperations: replacingOperations, replacementItems: replacementItems, itemBytes: [])
        }
    }

    func arrangement(in document: ListDocument, options: EditOptions) -> Arrangement? {
        let count = document.count
        let resultCount = count - deletedCount + insertedCount
        guard !clashes,
              largestSource < count,
              (claims.positions.last ?? -1) < resultCount,
              let (itemBytes, newItems) = newItems(values: values, script: script, document: document, options: options)
        else { return nil }
        if var result = merged.take() {
            result.resolve(assumedCount: RunSequence.unknownLength, sourceCount: count,
                           newItems: newItems, itemBytes: itemBytes)
            return result
        }
        return BatchPlan.merge(
            count: count, resultCount: resultCount, usedItems: uses.items, useTags: uses.tags,
            claimedPositions: claims.positions, claimedContents: claims.contents, newItems: newItems,
            replacingOperations: replacingOperations, replacementItems: replacementItems, itemBytes: itemBytes)
    }
}

/// A prepared plan's merge, which the first list to use it takes, so that
/// it is finished in place rather than copied; later lists merge again.
private final class MergeForUnknownLength {
    var arrangement: Arrangement?

    func take() -> Arrangement? {
        defer { arrangement = nil }
        return arrangement
    }
}

/// Whether sorted `values` hold one value twice.
private func hasRepeats(_ values: [Int]) -> Bool {
    // SAFETY: the storage of `values` is only read inside the closure, and no pointer to it leaves it.
    values.withUnsafeBufferPointer { values in
        for k in values.indices.dropFirst() where values[k] == values[k - 1] { return true }
        return false
    }
}

/// A `--sequential` batch applied before the list's length n is known, to
/// a list of `RunSequence.unknownLength` items whose first n are the list.
///
/// An operation whose indices are in range for the list as it stands then
/// only ever touches items before the list's end, so the items from n on
/// stay where they were, after all the others: the result is the segments
/// in order, cut off at source item n. Whether the indices were in range
/// depends on n alone: operation t needs n + (its list's length less n,
/// which is known) above each index, and the largest such need is kept.
struct PreparedSequence {
    private let script: BatchScript
    private var list: RunSequence
    /// Where each new item's value is in the script's text, by number.
    private var values: [Range<Int>] = []
    /// The least n for which every operation's indices are in range.
    private var neededCount = 0

    /// Nil when an operation is not plain, or an index is negative (or 0,
    /// counting from 1).
    init?(script: BatchScript, options: EditOptions) {
        self.script = script
        list = RunSequence(sourceCount: RunSequence.unknownLength, expectedItemUpdates: 2 * script.count)
        let offset = options.base.offset
        // The list's length now, less n.
        var growth = 0
        for index in 0..<script.count {
            let step = script.steps[index]
            let first = step.first - offset
            let second = step.second - offset
            guard first >= 0 else { return nil }
            // An index i of the list as it is needs n + growth > i.
            func need(_ index: Int) { neededCount = max(neededCount, index - growth + 1) }
            switch step.code {
            case .delete:
                need(first)
                _ = list.removeItem(at: first)
                growth -= 1
            case .insert:
                // AT is in 0 ... the length.
                need(first - 1)
                values.append(script.valueRange(of: index))
                list.insert(RunSequence.newItemSegment(number: values.count - 1), at: first)
                growth += 1
            case .move:
                guard second >= 0 else { return nil }
                need(first)
                need(second)
                if first != second { list.insert(list.removeItem(at: first), at: second) }
            case .swap:
                guard second >= 0 else { return nil }
                need(first)
                need(second)
                list.swapItems(first, second)
            case .replace:
                need(first)
                values.append(script.valueRange(of: index))
                _ = list.removeItem(at: first)
                list.insert(RunSequence.newItemSegment(number: values.count - 1), at: first)
            case .general:
                return nil
            }
        }
    }

    func arrangement(in document: ListDocument, options: EditOptions) -> Arrangement? {
        let count = document.count
        guard count >= neededCount,
              let (itemBytes, newItems) = newItems(values: values, script: script, document: document, options: options)
        else { return nil }
        return list.arrangement(sourceCount: count, itemBytes: itemBytes, newItems: newItems)
    }
}
