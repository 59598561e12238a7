/// Plans a batch with UIKit's delete-before-insert rules, in
/// O(n + k log k) for n items and k operations (less: the list itself is
/// never walked, only the operations' items are sorted).
///
/// Every source index names an item of the list before the batch; every
/// destination a position of the result, whose length is `n - deleted +
/// inserted`. Moved and inserted items are pinned to their positions; the
/// others ("floating": untouched or replaced) fill the free positions in
/// source order. With `a b c d e` and `delete 0; move 4 0; insert 2 x`:
///
///     result positions:  0  1  2  3  4
///     pinned:            e     x
///     floating:             b     c  d     →   e b x c d
///
/// The result is built as runs of floating items between pinned positions,
/// so a batch of k operations makes O(k) segments, whatever the list's size.
///
/// Everything is kept in a few arrays of plain integers, sorted by a radix
/// sort: a batch of a hundred thousand operations costs a few milliseconds,
/// and fresh memory (each page of it a page fault) is a good part of that.
struct BatchPlan {
    let script: BatchScript
    let document: ListDocument
    let options: EditOptions

    /// Items of the list before the batch that operations use, in the order
    /// the operations come, so that a stable sort by item sorts by item,
    /// then by operation.
    struct SourceUses {
        /// Source indices.
        var items: [Int] = []
        /// `operation << 1` (the operation's index in the script), plus 1
        /// for `replace`: the item keeps its place, as the operation's new
        /// item, rather than leaving it (deleted or moved).
        var tags: [Int] = []

        mutating func append(item: Int, operation: Int, replaces: Bool = false) {
            items.append(item)
            tags.append(operation << 1 | (replaces ? 1 : 0))
        }
    }

    /// Where an operation's items end.
    private enum DestinationKind: UInt8 {
        /// As the user wrote it (insert AT, move TO, swap with an index):
        /// `Placement.destination` is a `UserIndex`'s value.
        case index
        /// A 0-based position (swap with a selector: the other item's place).
        case position
    }

    /// Positions of the result claimed by operations, in the order of the
    /// operations: one for each item an operation puts somewhere. Which
    /// operation a claim is, needed only for messages, is found from its
    /// content (see `arrangement`), rather than kept for every claim.
    struct Claims {
        /// Until the result's length is known, what the operation wrote (see
        /// `Placement`); then the 0-based position.
        var positions: [Int] = []
        /// A source index, or `-(i + 1)` for `newItems[i]`.
        var contents: [Int] = []

        mutating func append(position: Int, content: Int) {
            positions.append(position)
            contents.append(content)
        }
    }

    /// The claims of an operation whose destination is not simply one item
    /// at an index (a move of several items, a swap with a selector):
    /// `claims[firstClaim ..< firstClaim + count]` start at `destination`.
    /// Every other claim is one item whose `Claims.positions` holds, until
    /// it is resolved, the index the operation wrote.
    private struct Placement {
        var operation: Int
        var kind: DestinationKind
        var destination: Int
        var firstClaim: Int
        var count: Int
    }

    func arrangement() throws -> Arrangement {
        let count = document.count
        let base = options.base
        var uses = SourceUses()
        var claims = Claims()
        var placements: [Placement] = []
        // New items are ranges of one buffer: the script's text, where the
        // values of plain inserts and replaces already are (and JSON
        // encodings after it).
        var itemBytes = script.text
        var newItems: [Range<Int>] = []
        // The operation that made each new item.
        var newItemOperations: [Int] = []
        // The new item of each replace operation, by operation (in order).
        var replacingOperations: [Int] = []
        var replacementItems: [Int] = []
        var deletedCount = 0
        var insertedCount = 0
        uses.items.reserveCapacity(script.count)
        uses.tags.reserveCapacity(script.count)
        claims.positions.reserveCapacity(script.count)
        claims.contents.reserveCapacity(script.count)

        for index in 0..<script.count {
            let step = script.steps[index]
            func invalid(_ error: Error) -> BatchError {
                BatchError.invalidArgument(script.reference(of: index), underlying: error)
            }
            func source(_ value: Int) throws -> Int {
                // Plain indices need no selector machinery.
                if value >= 0 && value < count && base == .zero { return value }
                do {
                    return try UserIndex(value).resolved(count: count, base: base, role: .source)
                } catch {
                    throw invalid(error)
                }
            }
            func resolve(_ selector: SourceSelector) throws -> [Int] {
                do {
                    if case .index(let index) = selector {
                        return [try index.resolved(count: count, base: base, role: .source)]
                    }
                    return try selector.resolve(in: document, options: options)
                } catch {
                    throw invalid(error)
                }
            }
            func newItem(valueAt range: Range<Int>) throws -> Int {
                do {
                    newItems.append(
                        try document.newItem(valueIn: &itemBytes, at: range, asString: options.valuesAreStrings))
                    newItemOperations.append(index)
                } catch {
                    throw invalid(error)
                }
                return newItems.count - 1
            }
            func newItem(_ value: [UInt8]) throws -> Int {
                let start = itemBytes.count
                itemBytes.append(contentsOf: value)
                return try newItem(valueAt: start..<itemBytes.count)
            }

            switch step.code {
            case .delete:
                uses.append(item: try source(step.first), operation: index)
                deletedCount += 1

            case .insert:
                let item = try newItem(valueAt: script.valueRange(of: index))
                insertedCount += 1
                claims.append(position: step.first, content: -(item + 1))

            case .move:
                let item = try source(step.first)
                uses.append(item: item, operation: index)
                claims.append(position: step.second, content: item)

            case .swap:
                let i = try source(step.first), j = try source(step.second)
                // `swap i i` changes nothing, and uses nothing.
                if i == j { continue }
                // swap I J is move I J plus move J I: each item ends where
                // the other's index points in the result.
                uses.append(item: i, operation: index)
                uses.append(item: j, operation: index)
                claims.append(position: step.second, content: i)
                claims.append(position: step.first, content: j)

            case .replace:
                let item = try source(step.first)
                let replacement = try newItem(valueAt: script.valueRange(of: index))
                uses.append(item: item, operation: index, replaces: true)
                replacingOperations.append(index)
                replacementItems.append(replacement)

            case .general:
                switch script.kind(of: index) {
                case .delete(let selector):
                    let items = try resolve(selector)
                    for item in items { uses.append(item: item, operation: index) }
                    deletedCount += items.count

                case .insert(let at, let value):
                    let item = try newItem(value)
                    insertedCount += 1
                    claims.append(position: at.value, content: -(item + 1))

                case .move(let from, let to):
                    let block = try resolve(from)
                    if block.isEmpty { continue }
                    if block.count > 1 {
                        placements.append(Placement(operation: index, kind: .index, destination: to.value,
                                                    firstClaim: claims.positions.count, count: block.count))
                    }
                    for item in block {
                        uses.append(item: item, operation: index)
                        claims.append(position: to.value, content: item)
                    }

                case .swap(let first, let second):
                    let i = try resolve(first), j = try resolve(second)
                    if i.isEmpty || j.isEmpty { continue }
                    let reference = script.reference(of: index)
                    guard i.count == 1 else {
                        throw BatchError.needsOneItem(argument: "I", selected: i.count, operation: reference)
                    }
                    guard j.count == 1 else {
                        throw BatchError.needsOneItem(argument: "J", selected: j.count, operation: reference)
                    }
                    if i[0] == j[0] { continue }
                    uses.append(item: i[0], operation: index)
                    uses.append(item: j[0], operation: index)
                    // Each item ends where the other's selector points: at
                    // the index written, or at the other's place.
                    for (selector, place, item) in [(second, j[0], i[0]), (first, i[0], j[0])] {
                        if case .index(let userIndex) = selector {
                            claims.append(position: userIndex.value, content: item)
                        } else {
                            placements.append(Placement(operation: index, kind: .position, destination: place,
                                                        firstClaim: claims.positions.count, count: 1))
                            claims.append(position: place, content: item)
                        }
                    }

                case .replace(let selector, let value):
                    let items = try resolve(selector)
                    if items.isEmpty { continue }
                    let replacement = try newItem(value)
                    for item in items { uses.append(item: item, operation: index, replaces: true) }
                    replacingOperations.append(index)
                    replacementItems.append(replacement)
                }
            }
        }

        // Uses sorted by item, then by operation.
        var scratch = RadixScratch()
        radixSort(&uses.items, carrying: &uses.tags, scratch: &scratch)
        for k in uses.items.indices.dropFirst() where uses.items[k] == uses.items[k - 1] {
            throw BatchError.sourceUsedTwice(
                item: uses.items[k], first: script.reference(of: uses.tags[k - 1] >> 1),
                second: script.reference(of: uses.tags[k] >> 1), base: base)
        }

        // The operation a claim is, from what it puts somewhere: a source
        // item it uses (each is used once, and the uses are sorted by item
        // now), or a new item it made.
        func operation(claiming content: Int) -> Int {
            if content < 0 { return newItemOperations[-content - 1] }
            return uses.tags[binarySearch(uses.items, content)] >> 1
        }

        // Every claim's position, in the order of the operations (so that
        // the first destination outside the result is the one reported).
        let resultCount = count - deletedCount + insertedCount
        var nextPlacement = 0
        var claim = 0
        while claim < claims.positions.count {
            if nextPlacement < placements.count && placements[nextPlacement].firstClaim == claim {
                let placement = placements[nextPlacement]
                let start = try resolveDestination(
                    placement.kind, placement.destination, blockCount: placement.count,
                    operation: placement.operation, resultCount: resultCount)
                for offset in 0..<placement.count { claims.positions[claim + offset] = start + offset }
                claim += placement.count
                nextPlacement += 1
            } else {
                claims.positions[claim] = try resolveDestination(
                    .index, claims.positions[claim], blockCount: 1,
                    operation: operation(claiming: claims.contents[claim]), resultCount: resultCount)
                claim += 1
            }
        }
        // Claims sorted by position, then by operation.
        radixSort(&claims.positions, carrying: &claims.contents, scratch: &scratch)
        let claimedPositions = claims.positions, claimedContents = claims.contents
        for k in claimedPositions.indices.dropFirst() where claimedPositions[k] == claimedPositions[k - 1] {
            throw BatchError.destinationClaimedTwice(
                position: claimedPositions[k],
                first: script.reference(of: operation(claiming: claimedContents[k - 1])),
                second: script.reference(of: operation(claiming: claimedContents[k])), base: base)
        }

        return BatchPlan.merge(
            count: count, resultCount: resultCount, usedItems: uses.items, useTags: uses.tags,
            claimedPositions: claimedPositions, claimedContents: claimedContents, newItems: newItems,
            replacingOperations: replacingOperations, replacementItems: replacementItems, itemBytes: itemBytes)
    }

    /// The result of a valid batch: each claimed position (sorted, distinct)
    /// holds its content, a source index or `-(i + 1)` for `newItems[i]`;
    /// the floating items fill the other positions in source order. They
    /// are the source items that no use (sorted by item, distinct; a tag as
    /// in `SourceUses`) takes away, and replaced items, as the new item of
    /// their operation (`replacementItems[i]` for `replacingOperations[i]`,
    /// in operation order).
    static func merge(
        count: Int, resultCount: Int, usedItems: [Int], useTags: [Int],
        claimedPositions: [Int], claimedContents: [Int], newItems: [Range<Int>],
        replacingOperations: [Int], replacementItems: [Int], itemBytes: [UInt8]
    ) -> Arrangement {
        // Floating items, in source order: runs of untouched items between
        // the used ones, of which replaced ones stay as their new value and
        // the others are skipped.
        var result = Arrangement(itemBytes: itemBytes)
        result.reserveCapacity(runs: 2 * claimedPositions.count + usedItems.count + 1)
        var position = 0
        var cursor = 0
        var nextUse = 0
        for k in 0...claimedPositions.count {
            // Floating items up to claim k's position (after the last
            // claim, up to the end).
            let claimed = k < claimedPositions.count ? claimedPositions[k] : resultCount
            var wanted = claimed - position
            while wanted > 0 {
                let stop = nextUse < usedItems.count ? usedItems[nextUse] : count
                let run = stop - cursor
                if run >= wanted {
                    result.append(run: cursor..<cursor + wanted)
                    cursor += wanted
                    break
                }
                result.append(run: cursor..<stop)
                wanted -= run
                precondition(nextUse < usedItems.count, "a batch's floating items ran out")
                let tag = useTags[nextUse]
                if tag & 1 != 0 {
                    let replacement = binarySearch(replacingOperations, tag >> 1)
                    result.append(itemAt: newItems[replacementItems[replacement]])
                    wanted -= 1
                }
                cursor = stop + 1
                nextUse += 1
            }
            guard k < claimedPositions.count else { break }
            let content = claimedContents[k]
            if content >= 0 {
                result.append(run: content..<content + 1)
            } else {
                result.append(itemAt: newItems[-content - 1])
            }
            position = claimed + 1
        }
        return result
    }

    /// The 0-based result position where the first of `blockCount` items
    /// ends, for a destination of `kind`. A negative index counts from the
    /// end, so that `-1` puts the block last: it is resolved among the
    /// `resultCount - blockCount + 1` places a block can start at.
    private func resolveDestination(
        _ kind: DestinationKind, _ destination: Int, blockCount: Int, operation index: @autoclosure () -> Int,
        resultCount: Int
    ) throws -> Int {
        func operation() -> BatchOperationReference { script.reference(of: index()) }
        // An index may be as large as an Int holds (or as small, negated),
        // so the number of items it needs is counted in a UInt, and the
        // test against the result is made on the result's side.
        switch kind {
        case .position:
            let position = destination
            guard position < resultCount else {
                throw BatchError.destinationOutsideResult(
                    resultCount: resultCount, needed: UInt(position) + 1, operation: operation())
            }
            return position
        case .index:
            let value = destination
            if value < 0 {
                let start = resultCount - blockCount + 1 + value
                guard start >= 0 else {
                    throw BatchError.destinationOutsideResult(
                        resultCount: resultCount, needed: UInt(blockCount - 1) + value.magnitude, operation: operation())
                }
                return start
            }
            if options.base == .one && value == 0 {
                throw BatchError.invalidArgument(
                    operation(), underlying: ReorderError.zeroIndexWhenOneBased(role: .destination))
            }
            let start = value - options.base.offset
            guard start <= resultCount - blockCount else {
                throw BatchError.destinationOutsideResult(
                    resultCount: resultCount, needed: UInt(start) + UInt(blockCount), operation: operation())
            }
            return start
        }
    }
}

/// The index of `value` in `sorted`, which holds it.
func binarySearch(_ sorted: [Int], _ value: Int) -> Int {
    var low = 0, high = sorted.count
    while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
}

/// Room a radix sort reuses from one sort to the next: fresh memory costs
/// a page fault a page.
struct RadixScratch {
    var keys: [Int] = []
    var values: [Int] = []
}

/// Sorts `keys`, which are not negative, and `values` alongside them, by
/// key and stably: equal keys keep their order. Least significant digit
/// first, 11 bits a pass, as many passes as the largest key needs: O(k)
/// for k keys.
func radixSort(_ keys: inout [Int], carrying values: inout [Int], scratch: inout RadixScratch) {
    let count = keys.count
    precondition(values.count == count)
    guard count > 1, let maxKey = keys.max(), maxKey > 0 else { return }
    precondition(keys.min()! >= 0, "radixSort sorts non-negative keys")
    let significantBits = Int.bitWidth - maxKey.leadingZeroBitCount
    let digitBits = 11
    if scratch.keys.count < count {
        scratch.keys = Array(repeating: 0, count: count)
        scratch.values = Array(repeating: 0, count: count)
    }
    var shift = 0
    while shift < significantBits {
        // SAFETY: the storage of `keys` is only read inside the closure, and no pointer to it leaves it.
        keys.withUnsafeBufferPointer { fromKeys in
            // SAFETY: the storage of `values` is only read inside the closure, and no pointer to it leaves it.
            values.withUnsafeBufferPointer { fromValues in
                // SAFETY: the closure has the storage of `scratch.keys` to itself (exclusive access), and no pointer to it leaves it.
                scratch.keys.withUnsafeMutableBufferPointer { toKeys in
                    // SAFETY: the closure has the storage of `scratch.values` to itself (exclusive access), and no pointer to it leaves it.
                    scratch.values.withUnsafeMutableBufferPointer { toValues in
                        radixPass(fromKeys, fromValues, toKeys, toValues, shift: shift, digitBits: digitBits)
                    }
                }
            }
        }
        // The sorted-so-far arrays change places with the scratch ones,
        // which may be longer (from an earlier, larger sort).
        swap(&keys, &scratch.keys)
        swap(&values, &scratch.values)
        if keys.count > count {
            keys.removeLast(keys.count - count)
            values.removeLast(values.count - count)
        }
        shift += digitBits
    }
}

/// One pass of `radixSort`: the first `fromKeys.count` keys and values,
/// into `toKeys` and `toValues` in the order of their digit at `shift`,
/// stably.
private func radixPass(
    _ fromKeys: UnsafeBufferPointer<Int>, _ fromValues: UnsafeBufferPointer<Int>,
    _ toKeys: UnsafeMutableBufferPointer<Int>, _ toValues: UnsafeMutableBufferPointer<Int>,
    shift: Int, digitBits: Int
) {
    let buckets = 1 << digitBits
    let mask = buckets - 1
    // SAFETY: the allocation lives only inside the closure, which hands it to a write that keeps no slice past the call.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: buckets) { histogram in
        histogram.initialize(repeating: 0)
        for key in fromKeys { histogram[(key >> shift) & mask] += 1 }
        var total = 0
        for b in 0..<buckets {
            let n = histogram[b]
            histogram[b] = total
            total += n
        }
        for k in 0..<fromKeys.count {
            let b = (fromKeys[k] >> shift) & mask
            toKeys[histogram[b]] = fromKeys[k]
            toValues[histogram[b]] = fromValues[k]
            histogram[b] += 1
        }
    }
}
