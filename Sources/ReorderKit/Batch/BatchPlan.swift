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
/// Everything is kept in arrays of plain integers and sorted by a radix sort
/// of packed keys, so a batch of a hundred thousand operations costs a few
/// milliseconds.
struct BatchPlan {
    let script: BatchScript
    let document: ListDocument
    let options: EditOptions

    /// Items of the list before the batch that operations use, in the order
    /// the operations come (so sorting by item, then by use, is sorting by
    /// item, then by operation).
    private struct SourceUses {
        /// Source indices.
        var items: [Int] = []
        /// The operation's index in the script.
        var operations: [Int] = []
        /// For `replace`, the number of its value in `newItems`; -1 when the
        /// item leaves its place (deleted or moved).
        var replacements: [Int] = []

        mutating func append(item: Int, operation: Int, replacement: Int) {
            items.append(item)
            operations.append(operation)
            replacements.append(replacement)
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

    private struct Placement {
        var operation: Int
        var kind: DestinationKind
        var destination: Int
        /// What ends at the destination: a source index, or `-(i + 1)` for
        /// `newItems[i]`.
        var first: Int
        /// For a move of several items, all of them (source indices), in
        /// order, are `blocks[blockStart..<blockStart + count]`; for one
        /// item, `blockStart` is -1 and `count` 1.
        var blockStart: Int = -1
        var count: Int = 1
    }

    /// Positions of the result claimed by operations, in the order made.
    private struct Claims {
        var positions: [Int] = []
        var operations: [Int] = []
        /// A source index, or `-(i + 1)` for `newItems[i]`.
        var contents: [Int] = []

        mutating func append(position: Int, operation: Int, content: Int) {
            positions.append(position)
            operations.append(operation)
            contents.append(content)
        }
    }

    func arrangement() throws -> Arrangement {
        let count = document.count
        let base = options.base
        var uses = SourceUses()
        var placements: [Placement] = []
        var blocks: [Int] = []
        // New items are ranges of one buffer: the script's text, where the
        // values of plain inserts and replaces already are (and JSON
        // encodings after it).
        var itemBytes = script.text
        var newItems: [Range<Int>] = []
        var deletedCount = 0
        var insertedCount = 0
        uses.items.reserveCapacity(script.count)
        uses.operations.reserveCapacity(script.count)
        uses.replacements.reserveCapacity(script.count)
        placements.reserveCapacity(script.count)

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
                uses.append(item: try source(step.first), operation: index, replacement: -1)
                deletedCount += 1

            case .insert:
                let item = try newItem(valueAt: script.valueRange(of: index))
                insertedCount += 1
                placements.append(Placement(operation: index, kind: .index, destination: step.first,
                                            first: -(item + 1)))

            case .move:
                let item = try source(step.first)
                uses.append(item: item, operation: index, replacement: -1)
                placements.append(Placement(operation: index, kind: .index, destination: step.second, first: item))

            case .swap:
                let i = try source(step.first), j = try source(step.second)
                // `swap i i` changes nothing, and uses nothing.
                if i == j { continue }
                // swap I J is move I J plus move J I: each item ends where
                // the other's index points in the result.
                uses.append(item: i, operation: index, replacement: -1)
                uses.append(item: j, operation: index, replacement: -1)
                placements.append(Placement(operation: index, kind: .index, destination: step.second, first: i))
                placements.append(Placement(operation: index, kind: .index, destination: step.first, first: j))

            case .replace:
                let item = try source(step.first)
                let replacement = try newItem(valueAt: script.valueRange(of: index))
                uses.append(item: item, operation: index, replacement: replacement)

            case .general:
                switch script.kind(of: index) {
                case .delete(let selector):
                    let items = try resolve(selector)
                    for item in items { uses.append(item: item, operation: index, replacement: -1) }
                    deletedCount += items.count

                case .insert(let at, let value):
                    let item = try newItem(value)
                    insertedCount += 1
                    placements.append(Placement(operation: index, kind: .index, destination: at.value,
                                                first: -(item + 1)))

                case .move(let from, let to):
                    let block = try resolve(from)
                    if block.isEmpty { continue }
                    for item in block { uses.append(item: item, operation: index, replacement: -1) }
                    var placement = Placement(operation: index, kind: .index, destination: to.value, first: block[0])
                    if block.count > 1 {
                        placement.blockStart = blocks.count
                        placement.count = block.count
                        blocks.append(contentsOf: block)
                    }
                    placements.append(placement)

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
                    let operation = index
                    func placement(_ selector: SourceSelector, _ item: Int, _ other: Int) -> Placement {
                        if case .index(let userIndex) = selector {
                            return Placement(operation: operation, kind: .index, destination: userIndex.value,
                                             first: other)
                        }
                        return Placement(operation: operation, kind: .position, destination: item, first: other)
                    }
                    uses.append(item: i[0], operation: index, replacement: -1)
                    uses.append(item: j[0], operation: index, replacement: -1)
                    placements.append(placement(second, j[0], i[0]))
                    placements.append(placement(first, i[0], j[0]))

                case .replace(let selector, let value):
                    let items = try resolve(selector)
                    if items.isEmpty { continue }
                    let replacement = try newItem(value)
                    for item in items { uses.append(item: item, operation: index, replacement: replacement) }
                }
            }
        }

        // Uses sorted by item, then by operation; what the walk below reads
        // of them, gathered in that order.
        let (usedItems, useOrder) = stableSort(uses.items)
        for k in usedItems.indices.dropFirst() where usedItems[k] == usedItems[k - 1] {
            throw BatchError.sourceUsedTwice(
                item: usedItems[k], first: script.reference(of: uses.operations[useOrder[k - 1]]),
                second: script.reference(of: uses.operations[useOrder[k]]), base: base)
        }
        let usedReplacements = useOrder.map { uses.replacements[$0] }

        let resultCount = count - deletedCount + insertedCount
        var claims = Claims()
        claims.positions.reserveCapacity(placements.count)
        claims.operations.reserveCapacity(placements.count)
        claims.contents.reserveCapacity(placements.count)
        for placement in placements {
            let start = try resolveDestination(placement, resultCount: resultCount)
            if placement.blockStart >= 0 {
                for offset in 0..<placement.count {
                    claims.append(position: start + offset, operation: placement.operation,
                                  content: blocks[placement.blockStart + offset])
                }
            } else {
                claims.append(position: start, operation: placement.operation, content: placement.first)
            }
        }
        // Claims sorted by position, then by operation.
        let (claimedPositions, claimOrder) = stableSort(claims.positions)
        for k in claimedPositions.indices.dropFirst() where claimedPositions[k] == claimedPositions[k - 1] {
            throw BatchError.destinationClaimedTwice(
                position: claimedPositions[k], first: script.reference(of: claims.operations[claimOrder[k - 1]]),
                second: script.reference(of: claims.operations[claimOrder[k]]), base: base)
        }
        let claimedContents = claimOrder.map { claims.contents[$0] }

        // Floating items, in source order: runs of untouched items between
        // the used ones, of which replaced ones stay as their new value and
        // the others are skipped.
        var result = Arrangement(itemBytes: itemBytes)
        result.reserveCapacity(runs: 2 * claimedPositions.count + usedItems.count + 1)
        var position = 0
        var cursor = 0
        var nextUse = 0
        func takeFloating(_ wanted: Int) {
            var wanted = wanted
            while wanted > 0 {
                let stop = nextUse < usedItems.count ? usedItems[nextUse] : count
                let run = stop - cursor
                if run >= wanted {
                    result.append(run: cursor..<cursor + wanted)
                    cursor += wanted
                    return
                }
                result.append(run: cursor..<stop)
                wanted -= run
                precondition(nextUse < usedItems.count, "a batch's floating items ran out")
                let replacement = usedReplacements[nextUse]
                if replacement >= 0 {
                    result.append(itemAt: newItems[replacement])
                    wanted -= 1
                }
                cursor = stop + 1
                nextUse += 1
            }
        }
        for (claimed, content) in zip(claimedPositions, claimedContents) {
            takeFloating(claimed - position)
            if content >= 0 {
                result.append(run: content..<content + 1)
            } else {
                result.append(itemAt: newItems[-content - 1])
            }
            position = claimed + 1
        }
        takeFloating(resultCount - position)
        return result
    }

    /// The 0-based result position where the first of a placement's items
    /// ends. A negative index counts from the end, so that `-1` puts the
    /// block last: it is resolved among the `resultCount - blockCount + 1`
    /// places a block can start at.
    private func resolveDestination(_ placement: Placement, resultCount: Int) throws -> Int {
        let blockCount = placement.count
        func operation() -> BatchOperationReference { script.reference(of: placement.operation) }
        switch placement.kind {
        case .position:
            let position = placement.destination
            guard position < resultCount else {
                throw BatchError.destinationOutsideResult(
                    resultCount: resultCount, needed: position + 1, operation: operation())
            }
            return position
        case .index:
            let value = placement.destination
            if value < 0 {
                let start = resultCount - blockCount + 1 + value
                guard start >= 0 else {
                    throw BatchError.destinationOutsideResult(
                        resultCount: resultCount, needed: blockCount - 1 - value, operation: operation())
                }
                return start
            }
            if options.base == .one && value == 0 {
                throw BatchError.invalidArgument(
                    operation(), underlying: ReorderError.zeroIndexWhenOneBased(role: .destination))
            }
            let start = value - options.base.offset
            guard start + blockCount <= resultCount else {
                throw BatchError.destinationOutsideResult(
                    resultCount: resultCount, needed: start + blockCount, operation: operation())
            }
            return start
        }
    }
}

/// `keys` sorted, and the index in `keys` of each: stably, so that equal
/// keys keep their order. Non-negative keys; a radix sort of packed `key,
/// index` pairs, O(k) for k keys below 2^(64 - log2 k), which gives both
/// the keys and their order without reading `keys` again.
func stableSort(_ keys: [Int]) -> (keys: [Int], order: [Int]) {
    let count = keys.count
    if count < 2 { return (keys, Array(0..<count)) }
    let indexBits = Int.bitWidth - (count - 1).leadingZeroBitCount
    let maxKey = keys.max()!
    let keyBits = maxKey == 0 ? 0 : Int.bitWidth - maxKey.leadingZeroBitCount
    guard keyBits + indexBits <= 64, keys.min()! >= 0 else {
        let order = (0..<count).sorted { (keys[$0], $0) < (keys[$1], $1) }
        return (order.map { keys[$0] }, order)
    }
    var packed = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
        for index in 0..<count { buffer[index] = UInt64(keys[index]) << UInt64(indexBits) | UInt64(index) }
        initialized = count
    }
    radixSort(&packed, significantBits: keyBits + indexBits)
    let mask = (UInt64(1) << UInt64(indexBits)) - 1
    return (packed.map { Int($0 >> UInt64(indexBits)) }, packed.map { Int($0 & mask) })
}

/// Sorts `keys`, whose values are below 2^`significantBits`: least
/// significant digit first, 11 bits a pass.
func radixSort(_ keys: inout [UInt64], significantBits: Int) {
    let count = keys.count
    let digitBits = 11
    let buckets = 1 << digitBits
    var other = [UInt64](repeating: 0, count: count)
    var histogram = [Int](repeating: 0, count: buckets)
    var shift = 0
    while shift < significantBits {
        let s = UInt64(shift)
        let mask = UInt64(buckets - 1)
        keys.withUnsafeBufferPointer { from in
            other.withUnsafeMutableBufferPointer { to in
                histogram.withUnsafeMutableBufferPointer { histogram in
                    for b in 0..<buckets { histogram[b] = 0 }
                    for key in from { histogram[Int((key >> s) & mask)] += 1 }
                    var total = 0
                    for b in 0..<buckets {
                        let n = histogram[b]
                        histogram[b] = total
                        total += n
                    }
                    for key in from {
                        let b = Int((key >> s) & mask)
                        to[histogram[b]] = key
                        histogram[b] += 1
                    }
                }
            }
        }
        swap(&keys, &other)
        shift += digitBits
    }
}
