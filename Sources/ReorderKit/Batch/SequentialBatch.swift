/// Applies a batch's operations one after another (`--sequential`), each to
/// the result of the one before, with the indices of the single commands —
/// like JSON Patch and ed scripts. With `a b c d e`:
///
///     delete 0   →  b c d e
///     move 3 0   →  e b c d     (3 counts in `b c d e`)
///     insert 2 x →  e b x c d
///
/// The list is a `RunSequence`, so an operation on an index costs O(log s)
/// for s segments: O((n + k) log n) in all, never O(n · k). An operation
/// whose selector looks at values (`=TEXT`, `~REGEX`) reads every item of
/// the list as it stands then: O(n) for that operation.
struct SequentialBatch {
    let document: ListDocument
    let options: EditOptions
    private var list: RunSequence

    /// Starts from `document`'s list, to apply the steps of `script` (whose
    /// text holds their values); most steps cut out and put in an item.
    init(document: ListDocument, options: EditOptions, script: BatchScript) {
        self.document = document
        self.options = options
        list = RunSequence(sourceCount: document.count, itemBytes: script.text,
                           expectedItemUpdates: 2 * script.count)
    }

    func arrangement() -> Arrangement { list.arrangement() }

    /// Applies operation `index` of `script`.
    mutating func apply(_ script: BatchScript, _ index: Int) throws {
        let step = script.steps[index]
        let base = options.base
        func invalid(_ error: Error) -> BatchError {
            BatchError.invalidArgument(script.reference(of: index), underlying: error)
        }
        // Plain indices need no selector machinery.
        func source(_ value: Int) throws -> Int {
            let count = list.count
            if value >= 0 && value < count && base == .zero { return value }
            do {
                return try UserIndex(value).resolved(count: count, base: base, role: .source)
            } catch {
                throw invalid(error)
            }
        }
        func destination(_ value: Int, count: Int) throws -> Int {
            if value >= 0 && value < count && base == .zero { return value }
            do {
                return try UserIndex(value).resolved(count: count, base: base, role: .destination)
            } catch {
                throw invalid(error)
            }
        }
        func newItem() throws -> RunSequence.Segment {
            do {
                let range = try document.newItem(
                    valueIn: &list.itemBytes, at: script.valueRange(of: index), asString: options.valuesAreStrings)
                return list.newItemSegment(at: range)
            } catch {
                throw invalid(error)
            }
        }

        switch step.code {
        case .delete:
            _ = list.removeItem(at: try source(step.first))

        case .insert:
            let item = try newItem()
            let position = try destination(step.first, count: list.count + 1)
            list.insert(item, at: position)

        case .move:
            let from = try source(step.first)
            // Like the single command: the item ends at TO, among the count
            // places it can take.
            let to = try destination(step.second, count: list.count)
            if from == to { return }
            list.insert(list.removeItem(at: from), at: to)

        case .swap:
            list.swapItems(try source(step.first), try source(step.second))

        case .replace:
            let position = try source(step.first)
            let item = try newItem()
            _ = list.removeItem(at: position)
            list.insert(item, at: position)

        case .general:
            try apply(script.kind(of: index), reference: script.reference(of: index))
        }
    }

    /// Applies an operation whose arguments may be selectors.
    private mutating func apply(_ kind: BatchOperation.Kind, reference: BatchOperationReference) throws {
        func fail(_ error: Error) -> BatchError {
            if let error = error as? BatchError { return error }
            return BatchError.invalidArgument(reference, underlying: error)
        }
        do {
            switch kind {
            case .delete(let selector):
                for range in ranges(try resolve(selector)).reversed() { _ = list.remove(range) }

            case .insert(let at, let value):
                let item = try document.newItem(value, asString: options.valuesAreStrings)
                let position = try at.resolved(count: list.count + 1, base: options.base, role: .destination)
                list.insert(list.newItem(item), at: position)

            case .move(let from, let to):
                let block = try resolve(from)
                if block.isEmpty { return }
                // Like the single command: the first of the block ends at TO,
                // among the count - block.count + 1 places a block can start.
                let position = try to.resolved(
                    count: list.count - block.count + 1, base: options.base, role: .destination)
                var stretch = RunSequence.Stretch.empty
                for range in ranges(block).reversed() {
                    let cut = list.remove(range)
                    stretch = list.joining(cut, stretch)
                }
                list.insert(stretch, at: position)

            case .swap(let first, let second):
                let i = try resolve(first), j = try resolve(second)
                if i.isEmpty || j.isEmpty { return }
                guard i.count == 1 else {
                    throw BatchError.needsOneItem(argument: "I", selected: i.count, operation: reference)
                }
                guard j.count == 1 else {
                    throw BatchError.needsOneItem(argument: "J", selected: j.count, operation: reference)
                }
                list.swapItems(i[0], j[0])

            case .replace(let selector, let value):
                let positions = try resolve(selector)
                if positions.isEmpty { return }
                // One new item, in every selected place.
                let item = list.newItemSegment(try document.newItem(value, asString: options.valuesAreStrings))
                for position in positions {
                    _ = list.removeItem(at: position)
                    list.insert(item, at: position)
                }
            }
        } catch {
            throw fail(error)
        }
    }

    /// The positions `selector` selects in the list as it stands now,
    /// sorted.
    private func resolve(_ selector: SourceSelector) throws -> [Int] {
        if case .index(let index) = selector {
            return [try index.resolved(count: list.count, base: options.base, role: .source)]
        }
        // A selector that looks at values, ranges or lists: resolve it
        // among the items as they stand now, source items and new ones.
        let contents = list.contents()
        var newItems: [Int: [UInt8]] = [:]
        for code in contents where code < 0 { newItems[code] = Array(list.newItemBytes(code: code)) }
        return try withItemBuffers(contents, newItems) { items in
            try selector.resolve(
                count: items.count, values: try document.layout.selectableValues(ofItems: items, key: options.key),
                options: options)
        }
    }

    /// Calls `body` with the bytes of each item of `contents` (source
    /// indices, or new items' codes), valid until it returns.
    private func withItemBuffers<T>(
        _ contents: [Int], _ newItems: [Int: [UInt8]], _ body: ([UnsafeRawBufferPointer]) throws -> T
    ) throws -> T {
        // New items' bytes, one buffer for all, so the pointers stay valid.
        var storage: [UInt8] = []
        var ranges: [Int: Range<Int>] = [:]
        for (code, bytes) in newItems {
            ranges[code] = storage.count..<storage.count + bytes.count
            storage.append(contentsOf: bytes)
        }
        // SAFETY: the bytes of `storage` are only read inside the closure, and no pointer to them leaves it.
        return try storage.withUnsafeBytes { buffer in
            let items = contents.map { code -> UnsafeRawBufferPointer in
                if code >= 0 { return document.itemBytes(code) }
                // SAFETY: a range found in `buffer`, so within its bounds; the view is used no longer than `buffer` is valid.
                return UnsafeRawBufferPointer(rebasing: buffer[ranges[code]!])
            }
            return try body(items)
        }
    }

    /// Sorted, distinct positions as the fewest ranges: `[1, 2, 3, 7]` is
    /// `1..<4, 7..<8`.
    private func ranges(_ positions: [Int]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for position in positions {
            if let last = result.last, last.upperBound == position {
                result[result.count - 1] = last.lowerBound..<position + 1
            } else {
                result.append(position..<position + 1)
            }
        }
        return result
    }
}
