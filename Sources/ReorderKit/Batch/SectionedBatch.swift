/// A batch over several lists of one document (`batch -p A -p B …`): the
/// lists are sections 0, 1, … in the order given, and an operation names
/// an item by its index path `S:I` (section, colon, item): `move 1:4 0:0`,
/// `delete 0:2`, `insert 1:0 VALUE`, `swap 0:1 1:3`, `replace 1:2 VALUE`.
/// A negative item counts from the end of its section; a selector may
/// follow `S:` (`move 1:=typescript 0:0`).
///
/// UIKit's rules across sections, as `BatchPlan`'s within one list: every
/// source path names an item of the lists before the batch, every
/// destination path a position of the lists after it.

/// A source argument: the items a selector selects in one section. A
/// plain selector (no `S:`), which a batch over several lists refuses, has
/// no section.
public struct SectionedSource: Equatable, Sendable {
    public var section: Int?
    public var selector: SourceSelector

    public init(section: Int?, selector: SourceSelector) {
        self.section = section
        self.selector = selector
    }
}

/// A destination argument: an index of one section's result.
public struct SectionedDestination: Equatable, Sendable {
    public var section: Int?
    public var index: UserIndex

    public init(section: Int?, index: UserIndex) {
        self.section = section
        self.index = index
    }
}

/// One operation of a batch over several lists, as the user wrote it.
public struct SectionedOperation: Equatable, Sendable {
    /// What it does (see `BatchLine`), on index paths.
    public typealias Kind = BatchLine<SectionedSource, SectionedDestination>

    public var kind: Kind
    public var text: String
    public var origin: BatchOrigin

    public init(kind: Kind, text: String, origin: BatchOrigin) {
        self.kind = kind
        self.text = text
        self.origin = origin
    }

    var reference: BatchOperationReference { BatchOperationReference(text: text, origin: origin) }

    /// An argument without `S:`.
    public var usesPlainIndex: Bool {
        switch kind {
        case .delete(let a), .replace(let a, _): return a.section == nil
        case .insert(let at, _): return at.section == nil
        case .move(let from, let to): return from.section == nil || to.section == nil
        case .swap(let a, let b): return a.section == nil || b.section == nil
        }
    }

    /// An argument with `S:`.
    public var usesPath: Bool {
        switch kind {
        case .delete(let a), .replace(let a, _): return a.section != nil
        case .insert(let at, _): return at.section != nil
        case .move(let from, let to): return from.section != nil || to.section != nil
        case .swap(let a, let b): return a.section != nil || b.section != nil
        }
    }

    /// Every source names its items by value (`=TEXT`, `~REGEX`), so a
    /// script made for another content of the file still means the same.
    var namesItemsByValue: Bool {
        func byValue(_ selector: SourceSelector) -> Bool {
            if case .text = selector { return true }
            return false
        }
        switch kind {
        case .delete(let a), .replace(let a, _): return byValue(a.selector)
        case .insert: return true
        case .move(let from, _): return byValue(from.selector)
        case .swap(let a, let b): return byValue(a.selector) && byValue(b.selector)
        }
    }

    /// Parses one operation, as `BatchOperation(parsing:)` does, each index
    /// or selector perhaps preceded by `S:`.
    public init(parsing line: [UInt8], origin: BatchOrigin) throws {
        let parsed = try BatchLine.parse(line, origin: origin, usage: { $0.replacingPaths },
                                         source: parseSource, destination: parseDestination)
        self.init(kind: parsed.line, text: parsed.text, origin: origin)
    }
}

private extension String {
    /// `move FROM TO` as `move S:FROM S:TO`.
    var replacingPaths: String {
        split(separator: " ").enumerated().map { $0.offset == 0 || $0.element == "VALUE" ? String($0.element) : "S:" + $0.element }
            .joined(separator: " ")
    }
}

/// `S:` at the start of `bytes`: the section and the rest; nil when
/// `bytes` does not start with digits and a colon.
private func splitPath(_ bytes: ArraySlice<UInt8>) -> (section: Int, rest: ArraySlice<UInt8>)? {
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > bytes.startIndex, colon - bytes.startIndex <= 9,
          bytes[..<colon].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return (Int(String(decoding: bytes[..<colon], as: UTF8.self))!, bytes[(colon + 1)...])
}

private func parseSource(_ bytes: ArraySlice<UInt8>) throws -> SectionedSource {
    if let (section, rest) = splitPath(bytes) {
        guard !rest.isEmpty else { throw SectionedBatchError.emptyPath(String(decoding: bytes, as: UTF8.self)) }
        return SectionedSource(section: section, selector: try SourceSelector(parsing: Array(rest)))
    }
    return SectionedSource(section: nil, selector: try SourceSelector(parsing: Array(bytes)))
}

private func parseDestination(_ bytes: ArraySlice<UInt8>) throws -> SectionedDestination {
    if let (section, rest) = splitPath(bytes) {
        guard !rest.isEmpty else { throw SectionedBatchError.emptyPath(String(decoding: bytes, as: UTF8.self)) }
        return SectionedDestination(section: section, index: try UserIndex(parsing: String(decoding: rest, as: UTF8.self)))
    }
    return SectionedDestination(section: nil, index: try UserIndex(parsing: String(decoding: bytes, as: UTF8.self)))
}

/// The errors of a path argument itself.
public enum SectionedBatchError: Error, Equatable, Sendable {
    /// `S:` with nothing after the colon.
    case emptyPath(String)
    /// Section `section` of a document with `count` sections.
    case noSuchSection(section: Int, count: Int)
}

// MARK: - Resolution: UIKit's rules across sections

/// An operation with its items found (0-based paths), for `SectionedPlan`.
public enum SectionedStep: Equatable, Sendable {
    /// Remove these items.
    case delete([ItemPath])
    /// A new item (its text as `insert` takes it) that ends at `at` in
    /// section `section`.
    case insert(section: Int, at: UserIndex, value: [UInt8])
    /// Take these items out; put them back together, in their order, the
    /// first at `at` in section `section`.
    case move([ItemPath], section: Int, at: UserIndex)
    /// Exchange two items: each ends where the other's argument points:
    /// the index written (`UserIndex`, in the other's section after the
    /// batch), or, for a selector (nil), the other's place.
    case swap(ItemPath, ItemPath, first: UserIndex?, second: UserIndex?)
    /// These items get the new value, each in its place.
    case replace([ItemPath], value: [UInt8])
}

/// The result of a sectioned batch, by UIKit's rules: a pure function of
/// the sections' lengths and the operations.
public enum SectionedPlan {
    /// Each section's items after the batch. `references[k]` names step
    /// `k` in messages.
    public static func resolve(counts: [Int], steps: [SectionedStep], references: [BatchOperationReference],
                               base: IndexBase) throws -> [[SectionedItem]] {
        // Every item used once at most.
        var uses: [ItemPath: Int] = [:]
        var replaced: [ItemPath: [UInt8]] = [:]
        var twice: (path: ItemPath, first: Int, second: Int)? = nil
        func use(_ path: ItemPath, _ step: Int) {
            if let first = uses[path] {
                if twice == nil || path < twice!.path { twice = (path, first, step) }
                return
            }
            uses[path] = step
        }
        // Claims: where each item put somewhere ends. A claim's position is
        // resolved once every section's length after the batch is known.
        enum Destination { case index(UserIndex, block: Int, offset: Int), position(Int) }
        struct Claim { var section: Int; var destination: Destination; var content: SectionedItem; var step: Int }
        var claims: [Claim] = []
        var taken = [Int](repeating: 0, count: counts.count)
        for (k, step) in steps.enumerated() {
            switch step {
            case .delete(let paths):
                for path in paths { use(path, k); taken[path.section] += 1 }
            case .insert(let section, let at, let value):
                claims.append(Claim(section: section, destination: .index(at, block: 1, offset: 0), content: .new(value), step: k))
            case .move(let paths, let section, let at):
                for (offset, path) in paths.enumerated() {
                    use(path, k)
                    taken[path.section] += 1
                    claims.append(Claim(section: section, destination: .index(at, block: paths.count, offset: offset),
                                        content: .existing(path), step: k))
                }
            case .swap(let i, let j, let first, let second):
                if i == j { continue }
                use(i, k)
                use(j, k)
                taken[i.section] += 1
                taken[j.section] += 1
                claims.append(Claim(section: j.section, destination: second.map { .index($0, block: 1, offset: 0) } ?? .position(j.item),
                                    content: .existing(i), step: k))
                claims.append(Claim(section: i.section, destination: first.map { .index($0, block: 1, offset: 0) } ?? .position(i.item),
                                    content: .existing(j), step: k))
            case .replace(let paths, let value):
                for path in paths {
                    use(path, k)
                    replaced[path] = value
                }
            }
        }
        if let twice {
            throw BatchError.pathUsedTwice(twice.path, first: references[twice.first], second: references[twice.second], base: base)
        }
        var resultCounts = counts
        for s in counts.indices { resultCounts[s] -= taken[s] }
        for claim in claims { resultCounts[claim.section] += 1 }

        // Each claim's position, in the order of the operations.
        var positions: [[Int: Int]] = counts.map { _ in [:] }  // position: claim
        var clash: (path: ItemPath, first: Int, second: Int)? = nil
        for (c, claim) in claims.enumerated() {
            let count = resultCounts[claim.section]
            let position: Int
            switch claim.destination {
            case .position(let p):
                guard p < count else {
                    throw BatchError.destinationOutsideSection(section: claim.section, resultCount: count, needed: UInt(p) + 1,
                                                               operation: references[claim.step])
                }
                position = p
            case .index(let index, let block, let offset):
                let value = index.value
                var start: Int
                if value < 0 {
                    start = count - block + 1 + value
                    guard start >= 0 else {
                        throw BatchError.destinationOutsideSection(section: claim.section, resultCount: count,
                                                                   needed: UInt(block - 1) + value.magnitude,
                                                                   operation: references[claim.step])
                    }
                } else {
                    if base == .one && value == 0 {
                        throw BatchError.invalidArgument(references[claim.step],
                                                         underlying: ReorderError.zeroIndexWhenOneBased(role: .destination))
                    }
                    start = value - base.offset
                    guard start <= count - block else {
                        throw BatchError.destinationOutsideSection(section: claim.section, resultCount: count,
                                                                   needed: UInt(start) + UInt(block), operation: references[claim.step])
                    }
                }
                position = start + offset
            }
            if let other = positions[claim.section][position] {
                let path = ItemPath(section: claim.section, item: position)
                if clash == nil || path < clash!.path { clash = (path, claims[other].step, claim.step) }
            } else {
                positions[claim.section][position] = c
            }
        }
        if let clash {
            throw BatchError.pathClaimedTwice(clash.path, first: references[clash.first], second: references[clash.second], base: base)
        }

        // The floating items (untouched or replaced) fill the free
        // positions of their section, in order.
        var result: [[SectionedItem]] = []
        result.reserveCapacity(counts.count)
        for s in counts.indices {
            var items: [SectionedItem] = []
            items.reserveCapacity(resultCounts[s])
            var next = 0
            func nextFloating() -> SectionedItem {
                while true {
                    let path = ItemPath(section: s, item: next)
                    next += 1
                    if let value = replaced[path] { return .new(value) }
                    if uses[path] == nil { return .existing(path) }
                }
            }
            if positions[s].isEmpty && uses.isEmpty {
                for item in 0..<counts[s] { items.append(.existing(ItemPath(section: s, item: item))) }
            } else {
                for position in 0..<resultCounts[s] {
                    if let c = positions[s][position] {
                        items.append(claims[c].content)
                    } else {
                        items.append(nextFloating())
                    }
                }
            }
            result.append(items)
        }
        return result
    }
}

// MARK: - A batch's operations on a document's sections

extension SectionedDocument {
    /// Each section's items after `operations`: without `sequential`, by
    /// UIKit's rules (`SectionedPlan`), every selector read in the lists
    /// before the batch; with it, each operation on the result of the one
    /// before, as the single commands do.
    public func result(of operations: [SectionedOperation], sequential: Bool,
                       options: EditOptions) throws -> [[SectionedItem]] {
        for operation in operations where operation.usesPlainIndex {
            throw BatchError.needsPath(sections: sectionCount, operation: operation.reference)
        }
        if sequential { return try sequentialResult(of: operations, options: options) }
        var steps: [SectionedStep] = []
        steps.reserveCapacity(operations.count)
        for operation in operations {
            let reference = operation.reference
            func invalid(_ error: Error) -> Error {
                if error is BatchError { return error }
                return BatchError.invalidArgument(reference, underlying: error)
            }
            func section(_ s: Int?) throws -> Int {
                guard let s, s < sectionCount else { throw invalid(SectionedBatchError.noSuchSection(section: s ?? -1, count: sectionCount)) }
                return s
            }
            func resolve(_ source: SectionedSource) throws -> [ItemPath] {
                let s = try section(source.section)
                do {
                    return try source.selector.resolve(in: list(s), options: options).map { ItemPath(section: s, item: $0) }
                } catch {
                    throw invalid(error)
                }
            }
            func checked(_ value: [UInt8], in s: Int) throws -> [UInt8] {
                do { _ = try list(s).newItem(value, asString: options.valuesAreStrings) } catch { throw invalid(error) }
                return value
            }
            switch operation.kind {
            case .delete(let source):
                steps.append(.delete(try resolve(source)))
            case .insert(let at, let value):
                let s = try section(at.section)
                steps.append(.insert(section: s, at: at.index, value: try checked(value, in: s)))
            case .move(let from, let to):
                let block = try resolve(from)
                let s = try section(to.section)
                steps.append(.move(block, section: s, at: to.index))
            case .swap(let first, let second):
                let i = try resolve(first), j = try resolve(second)
                if i.isEmpty || j.isEmpty {
                    steps.append(.delete([]))
                    continue
                }
                guard i.count == 1 else { throw BatchError.needsOneItem(argument: "I", selected: i.count, operation: reference) }
                guard j.count == 1 else { throw BatchError.needsOneItem(argument: "J", selected: j.count, operation: reference) }
                func index(_ selector: SourceSelector) -> UserIndex? {
                    if case .index(let index) = selector { return index }
                    return nil
                }
                steps.append(.swap(i[0], j[0], first: index(first.selector), second: index(second.selector)))
            case .replace(let source, let value):
                let paths = try resolve(source)
                steps.append(.replace(paths, value: paths.isEmpty ? value : try checked(value, in: paths[0].section)))
            }
        }
        return try SectionedPlan.resolve(counts: (0..<sectionCount).map { count(ofSection: $0) }, steps: steps,
                                         references: operations.map(\.reference), base: options.base)
    }

    /// `--sequential`: each operation on the lists as the one before left
    /// them.
    func sequentialResult(of operations: [SectionedOperation], options: EditOptions) throws -> [[SectionedItem]] {
        var current: [[SectionedItem]] = (0..<sectionCount).map { s in
            (0..<count(ofSection: s)).map { .existing(ItemPath(section: s, item: $0)) }
        }
        for operation in operations {
            let reference = operation.reference
            func invalid(_ error: Error) -> Error {
                if error is BatchError { return error }
                return BatchError.invalidArgument(reference, underlying: error)
            }
            func section(_ s: Int?) throws -> Int {
                guard let s, s < sectionCount else { throw invalid(SectionedBatchError.noSuchSection(section: s ?? -1, count: sectionCount)) }
                return s
            }
            func written(_ value: [UInt8], in s: Int) throws -> [UInt8] {
                do { return try list(s).newItem(value, asString: options.valuesAreStrings) } catch { throw invalid(error) }
            }
            // The positions a selector selects in section `s` as it stands.
            func resolve(_ source: SectionedSource) throws -> (Int, [Int]) {
                let s = try section(source.section)
                let items = current[s]
                do {
                    if case .index(let index) = source.selector {
                        return (s, [try index.resolved(count: items.count, base: options.base, role: .source)])
                    }
                    var storage: [UInt8] = []
                    var ranges: [Range<Int>?] = []
                    for item in items {
                        if case .new(let value) = item {
                            let bytes = try written(value, in: s)
                            ranges.append(storage.count..<storage.count + bytes.count)
                            storage += bytes
                        } else {
                            ranges.append(nil)
                        }
                    }
                    // SAFETY: the bytes of `storage` are only read inside the closure, and no pointer to them leaves it.
                    let positions = try storage.withUnsafeBytes { buffer in
                        let pointers = items.enumerated().map { k, item -> UnsafeRawBufferPointer in
                            if case .existing(let path) = item { return list(path.section).itemBytes(path.item) }
                            // SAFETY: a range found in `buffer`, so within its bounds; the view is used no longer than `buffer` is valid.
                            return UnsafeRawBufferPointer(rebasing: buffer[ranges[k]!])
                        }
                        return try source.selector.resolve(
                            count: items.count, values: try list(s).layout.selectableValues(ofItems: pointers, key: options.key),
                            options: options)
                    }
                    return (s, positions)
                } catch {
                    throw invalid(error)
                }
            }
            do {
                switch operation.kind {
                case .delete(let source):
                    let (s, positions) = try resolve(source)
                    for position in positions.reversed() { current[s].remove(at: position) }
                case .insert(let at, let value):
                    let s = try section(at.section)
                    _ = try written(value, in: s)
                    let position = try at.index.resolved(count: current[s].count + 1, base: options.base, role: .destination)
                    current[s].insert(.new(value), at: position)
                case .move(let from, let to):
                    let (s, block) = try resolve(from)
                    if block.isEmpty { continue }
                    let t = try section(to.section)
                    let count = current[t].count - (s == t ? block.count : 0) + 1
                    let position = try to.index.resolved(count: count, base: options.base, role: .destination)
                    let items = block.map { current[s][$0] }
                    for index in block.reversed() { current[s].remove(at: index) }
                    current[t].insert(contentsOf: items, at: position)
                case .swap(let first, let second):
                    let (s, i) = try resolve(first), (t, j) = try resolve(second)
                    if i.isEmpty || j.isEmpty { continue }
                    guard i.count == 1 else { throw BatchError.needsOneItem(argument: "I", selected: i.count, operation: reference) }
                    guard j.count == 1 else { throw BatchError.needsOneItem(argument: "J", selected: j.count, operation: reference) }
                    let a = current[s][i[0]]
                    current[s][i[0]] = current[t][j[0]]
                    current[t][j[0]] = a
                case .replace(let source, let value):
                    let (s, positions) = try resolve(source)
                    if positions.isEmpty { continue }
                    _ = try written(value, in: s)
                    for position in positions { current[s][position] = .new(value) }
                }
            } catch {
                throw invalid(error)
            }
        }
        return current
    }
}
