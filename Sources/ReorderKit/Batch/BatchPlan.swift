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
struct BatchPlan {
    let script: BatchScript
    let document: ListDocument
    let options: EditOptions

    /// An item of the list before the batch that an operation uses.
    private struct SourceUse {
        /// A source index.
        var item: Int
        /// The operation's index in the script.
        var operation: Int
        /// For `replace`, the index of its value in `newItems`; -1 when the
        /// item leaves its place (deleted or moved).
        var replacement: Int
    }

    /// Where an operation's items end.
    private enum Destination {
        /// As the user wrote it (insert AT, move TO, swap with an index).
        case index(UserIndex)
        /// A 0-based position (swap with a selector: the other item's place).
        case position(Int)
    }

    private struct Placement {
        var operation: Int
        var destination: Destination
        /// What ends at the destination: a source index, or `-(i + 1)` for
        /// `newItems[i]`.
        var first: Int
        /// For a move of several items, all of them (source indices), in
        /// order; `first` is the first of them.
        var block: [Int]? = nil

        var count: Int { block?.count ?? 1 }
    }

    /// A position of the result claimed by an operation.
    private struct Claim {
        var position: Int
        var operation: Int
        var content: Int
    }

    func arrangement() throws -> Arrangement {
        let count = document.count
        let operations = script.operations
        var uses: [SourceUse] = []
        var placements: [Placement] = []
        var newItems: [[UInt8]] = []
        var deletedCount = 0
        var insertedCount = 0

        for (index, operation) in operations.enumerated() {
            func resolve(_ selector: SourceSelector) throws -> [Int] {
                do {
                    // An index needs no selector machinery (nor an array).
                    if case .index(let index) = selector {
                        return [try index.resolved(count: count, base: options.base, role: .source)]
                    }
                    return try selector.resolve(in: document, options: options)
                } catch {
                    throw BatchError.invalidArgument(operation.reference, underlying: error)
                }
            }
            func newItem(_ value: [UInt8]) throws -> Int {
                do {
                    newItems.append(try document.newItem(value, asString: options.valuesAreStrings))
                } catch {
                    throw BatchError.invalidArgument(operation.reference, underlying: error)
                }
                return newItems.count - 1
            }

            switch operation.kind {
            case .delete(let selector):
                let items = try resolve(selector)
                for item in items { uses.append(SourceUse(item: item, operation: index, replacement: -1)) }
                deletedCount += items.count

            case .insert(let at, let value):
                let item = try newItem(value)
                insertedCount += 1
                placements.append(Placement(operation: index, destination: .index(at), first: -(item + 1)))

            case .move(let from, let to):
                let block = try resolve(from)
                if block.isEmpty { continue }
                for item in block { uses.append(SourceUse(item: item, operation: index, replacement: -1)) }
                placements.append(Placement(operation: index, destination: .index(to), first: block[0],
                                            block: block.count > 1 ? block : nil))

            case .swap(let first, let second):
                let i = try resolve(first), j = try resolve(second)
                if i.isEmpty || j.isEmpty { continue }
                guard i.count == 1 else {
                    throw BatchError.needsOneItem(argument: "I", selected: i.count, operation: operation.reference)
                }
                guard j.count == 1 else {
                    throw BatchError.needsOneItem(argument: "J", selected: j.count, operation: operation.reference)
                }
                // `swap i i` changes nothing, and uses nothing.
                if i[0] == j[0] { continue }
                // swap I J is move I J plus move J I: each item ends where
                // the other's index points in the result.
                func destination(_ selector: SourceSelector, _ item: Int) -> Destination {
                    if case .index(let index) = selector { return .index(index) }
                    return .position(item)
                }
                uses.append(SourceUse(item: i[0], operation: index, replacement: -1))
                uses.append(SourceUse(item: j[0], operation: index, replacement: -1))
                placements.append(Placement(operation: index, destination: destination(second, j[0]), first: i[0]))
                placements.append(Placement(operation: index, destination: destination(first, i[0]), first: j[0]))

            case .replace(let selector, let value):
                let items = try resolve(selector)
                if items.isEmpty { continue }
                let replacement = try newItem(value)
                for item in items { uses.append(SourceUse(item: item, operation: index, replacement: replacement)) }
            }
        }

        uses.sort { ($0.item, $0.operation) < ($1.item, $1.operation) }
        for k in uses.indices.dropFirst() where uses[k].item == uses[k - 1].item {
            throw BatchError.sourceUsedTwice(
                item: uses[k].item, first: operations[uses[k - 1].operation].reference,
                second: operations[uses[k].operation].reference, base: options.base)
        }

        let resultCount = count - deletedCount + insertedCount
        var claims: [Claim] = []
        claims.reserveCapacity(placements.count)
        for placement in placements {
            let start = try resolveDestination(
                placement.destination, blockCount: placement.count, resultCount: resultCount,
                operation: operations[placement.operation].reference)
            if let block = placement.block {
                for (offset, item) in block.enumerated() {
                    claims.append(Claim(position: start + offset, operation: placement.operation, content: item))
                }
            } else {
                claims.append(Claim(position: start, operation: placement.operation, content: placement.first))
            }
        }
        claims.sort { ($0.position, $0.operation) < ($1.position, $1.operation) }
        for k in claims.indices.dropFirst() where claims[k].position == claims[k - 1].position {
            throw BatchError.destinationClaimedTwice(
                position: claims[k].position, first: operations[claims[k - 1].operation].reference,
                second: operations[claims[k].operation].reference, base: options.base)
        }

        // Floating items, in source order: runs of untouched items between
        // the used ones (`uses`, sorted), of which replaced ones stay as
        // their new value and the others are skipped.
        var result = Arrangement()
        var position = 0
        var cursor = 0
        var nextUse = 0
        func takeFloating(_ wanted: Int) {
            var wanted = wanted
            while wanted > 0 {
                let stop = nextUse < uses.count ? uses[nextUse].item : count
                let run = stop - cursor
                if run >= wanted {
                    result.append(run: cursor..<cursor + wanted)
                    cursor += wanted
                    return
                }
                result.append(run: cursor..<stop)
                wanted -= run
                precondition(nextUse < uses.count, "a batch's floating items ran out")
                let replacement = uses[nextUse].replacement
                if replacement >= 0 {
                    result.append(item: newItems[replacement])
                    wanted -= 1
                }
                cursor = stop + 1
                nextUse += 1
            }
        }
        for claim in claims {
            takeFloating(claim.position - position)
            if claim.content >= 0 {
                result.append(run: claim.content..<claim.content + 1)
            } else {
                result.append(item: newItems[-claim.content - 1])
            }
            position = claim.position + 1
        }
        takeFloating(resultCount - position)
        return result
    }

    /// The 0-based result position where the first of `blockCount` items
    /// ends. A negative index counts from the end, so that `-1` puts the
    /// block last: it is resolved among the `resultCount - blockCount + 1`
    /// places a block can start at.
    private func resolveDestination(
        _ destination: Destination, blockCount: Int, resultCount: Int, operation: BatchOperationReference
    ) throws -> Int {
        switch destination {
        case .position(let position):
            guard position < resultCount else {
                throw BatchError.destinationOutsideResult(
                    resultCount: resultCount, needed: position + 1, operation: operation)
            }
            return position
        case .index(let index):
            if index.value < 0 {
                let start = resultCount - blockCount + 1 + index.value
                guard start >= 0 else {
                    throw BatchError.destinationOutsideResult(
                        resultCount: resultCount, needed: blockCount - 1 - index.value, operation: operation)
                }
                return start
            }
            if options.base == .one && index.value == 0 {
                throw BatchError.invalidArgument(
                    operation, underlying: ReorderError.zeroIndexWhenOneBased(role: .destination))
            }
            let start = index.value - options.base.offset
            guard start + blockCount <= resultCount else {
                throw BatchError.destinationOutsideResult(
                    resultCount: resultCount, needed: start + blockCount, operation: operation)
            }
            return start
        }
    }
}
