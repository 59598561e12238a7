/// An item of a sectioned document: section (the list, by the order the
/// lists were given) and item (its index in that list), both 0-based.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (a: ItemPath, b: ItemPath) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }

    public var description: String { "\(section):\(item)" }
}

/// One item of a section's result.
public enum SectionedItem: Hashable, Sendable {
    /// An item of the document, by its path before the edit.
    case existing(ItemPath)
    /// A new item's text, as `insert` takes it (written by the section's
    /// format's writer).
    case new([UInt8])
}

/// Several lists of one document: sections 0, 1, … in the order given.
///
/// Each list is read once from the source; an edit is one arrangement a
/// section (its own items as runs, items from other sections and new ones
/// as bytes, laid out as the section's items are), each section's list
/// written and spliced into the document in one pass (the lists are
/// disjoint: none is another, or inside another's item), and the result
/// read back once: every section holds what it should, nothing else was
/// lost (the census), no keyed list holds a key twice.
public struct SectionedDocument {
    public let source: UnsafeRawBufferPointer
    public let format: ListFormat
    public let options: ReadOptions
    public let pointers: [String]
    let lists: [ListDocument]
    /// Each section's number of items.
    let counts: [Int]
    /// New items' texts are the format's strings (`--string`), not values.
    public var newItemsAreStrings = false

    public init(_ source: UnsafeRawBufferPointer, format: ListFormat, options: ReadOptions,
                pointers: [String]) throws {
        try self.init(source, format: format, options: options, pointers: pointers, unchecked: ())
        try checkApart()
    }

    /// The sections read, not yet checked apart (`checkApart`).
    init(_ source: UnsafeRawBufferPointer, format: ListFormat, options: ReadOptions,
         pointers: [String], unchecked: Void) throws {
        self.source = source
        self.format = format
        self.options = options
        self.pointers = pointers
        func refuse(_ problem: String, at offset: Int? = nil) -> FormatError {
            FormatError(format, .betweenLists(problem: problem), offset: offset)
        }
        if pointers.count > 1 {
            guard BetweenLists.supports(format), options.region == nil else {
                throw refuse("moving between lists is not supported for \(format.words.name) yet")
            }
        }
        let lists = try SectionedDocument.read(source, format: format, options: options, pointers: pointers)
        self.lists = lists
        counts = lists.map(\.count)
    }

    /// No list twice, none inside another's item.
    func checkApart() throws {
        // No list twice, none inside another's item: their regions of the
        // document must be apart, to be written in one pass.
        guard pointers.count > 1 else { return }
        let tokens = try pointers.map { try JSONPointer(parsing: $0).tokens }
        func start(_ s: Int) -> Int? {
            lists[s].count > 0 ? lists[s].listRange.lowerBound + lists[s].layout.itemRange(0).lowerBound : nil
        }
        func span(_ s: Int) -> Range<Int>? {
            guard lists[s].count > 0 else { return nil }
            let layout = lists[s].layout
            return lists[s].listRange.lowerBound + layout.itemRange(0).lowerBound
                ..< lists[s].listRange.lowerBound + layout.itemRange(layout.count - 1).upperBound
        }
        for a in 0..<pointers.count {
            for b in 0..<pointers.count where a != b {
                if tokens[a] == tokens[b] {
                    if a < b { throw refuse("'\(pointers[b])' is given twice; a list can be one section only", at: start(a)) }
                    continue
                }
                let inside = format.longerPointersNameInnerLists && tokens[b].count > tokens[a].count && tokens[b].starts(with: tokens[a])
                var overlaps = false
                if let outer = span(a), let inner = span(b), outer.lowerBound <= inner.lowerBound,
                   inner.lowerBound < outer.upperBound, a < b || outer.lowerBound < inner.lowerBound {
                    overlaps = true
                }
                if inside || overlaps {
                    throw refuse("'\(pointers[b])' is inside an item of '\(pointers[a])'; the sections must be lists apart",
                                 at: start(b) ?? start(a))
                }
            }
        }
    }

    public var sectionCount: Int { lists.count }

    public func count(ofSection section: Int) -> Int { counts[section] }

    /// One section's list.
    public func list(_ section: Int) -> ListDocument { lists[section] }

    /// The lists `pointers` name in `source`, read at once: all but the
    /// first on lent threads (`options.lender`), each a whole read of the
    /// document. The first error, by section, is thrown.
    static func read(_ source: UnsafeRawBufferPointer, format: ListFormat, options: ReadOptions,
                     pointers: [String]) throws -> [ListDocument] {
        try reading(source, format: format, options: options, pointers: pointers).map { try $0!.get() }
    }

    /// `wanted`: the sections to read (nil: all); the others' results
    /// are nil. The first one read validates the document; the others
    /// skip a pass that only validates (their results are used only when
    /// the first's is a list).
    static func reading(_ source: UnsafeRawBufferPointer, format: ListFormat, options: ReadOptions,
                        pointers allPointers: [String], wanted: [Bool]? = nil) -> [Result<ListDocument, Error>?] {
        let indices = allPointers.indices.filter { wanted?[$0] ?? true }
        let pointers = indices.map { allPointers[$0] }
        func spread(_ results: [Result<ListDocument, Error>]) -> [Result<ListDocument, Error>?] {
            var all = [Result<ListDocument, Error>?](repeating: nil, count: allPointers.count)
            for (k, index) in indices.enumerated() { all[index] = results[k] }
            return all
        }
        func read(_ pointer: String, validating: Bool) -> Result<ListDocument, Error> {
            var sectionOptions = options
            sectionOptions.pointer = pointer
            sectionOptions.alreadyValidated = !validating
            return Result { try ListDocument(source, format: format, options: sectionOptions) }
        }
        // A format that shares its reading (YAML): one after another, the
        // later reads taking what the first found (YAML's lines).
        let shared = format.sharesReadingAcrossLists ? SharedReading() : nil
        guard pointers.count > 1, shared == nil, let lender = options.lender, source.count >= SectionedDocument.twoThreadBytes else {
            var results: [Result<ListDocument, Error>] = []
            var options = options
            options.sharedReading = shared
            func read(_ pointer: String, validating: Bool) -> Result<ListDocument, Error> {
                var sectionOptions = options
                sectionOptions.pointer = pointer
                sectionOptions.alreadyValidated = !validating
                return Result { try ListDocument(source, format: format, options: sectionOptions) }
            }
            for (k, pointer) in pointers.enumerated() {
                // Once the first has read (and validated) the document.
                let first = k == 0 || (try? results[0].get()) == nil
                results.append(read(pointer, validating: first))
            }
            return spread(results)
        }
        // SAFETY: each Reading is run by one thread, and its result read only after that thread's wait returns.
        final class Reading: @unchecked Sendable {
            var result: Result<ListDocument, Error>? = nil
            let work: () -> Result<ListDocument, Error>
            init(_ work: @escaping () -> Result<ListDocument, Error>) { self.work = work }
            func run() { result = work() }
        }
        let readings = pointers.dropFirst().map { pointer in Reading { read(pointer, validating: false) } }
        var waits: [@Sendable () -> Void] = []
        for reading in readings {
            if let wait = lender.start({ reading.run() }) { waits.append(wait) } else { reading.run() }
        }
        let first = read(pointers[0], validating: true)
        for wait in waits { wait() }
        if case .failure = first { return spread([first] + pointers.dropFirst().map { _ in first }) }
        return spread([first] + readings.map { $0.result! })
    }

    /// Below this size a document's lists are read one after another:
    /// a thread costs more than the read.
    static let twoThreadBytes = 1 << 18

    func refuse(_ problem: String, at offset: Int? = nil) -> FormatError {
        FormatError(format, .betweenLists(problem: problem), offset: offset)
    }

    /// Where item `path` starts in the document.
    func offset(of path: ItemPath) -> Int {
        lists[path.section].listRange.lowerBound + lists[path.section].layout.itemRange(path.item).lowerBound
    }

    /// The indentation a section's items have (nil: an empty list, or an
    /// inline one).
    func indentation(ofSection section: Int) throws -> ItemRelaying.Indentation? {
        guard lists[section].count > 0 else { return nil }
        return try ItemRelaying.indentation(of: lists[section], item: 0, format: format)
    }

    /// Item `path` laid out as section `section`'s items are.
    func laid(_ path: ItemPath, into section: Int, indentation to: ItemRelaying.Indentation?) throws -> [UInt8] {
        let list = lists[path.section]
        let bytes = Array(list.itemBytes(path.item))
        let from = try ItemRelaying.indentation(of: list, item: path.item, format: format)
        return try ItemRelaying.relaid(bytes, from: from, to: to, format: format, offset: offset(of: path),
                                       destination: pointers[section], refuse: { refuse($0, at: $1) })
    }

    /// The indentation an empty section's writer gives a new item: item
    /// `path`, given as `insert` takes it, written there and read again;
    /// nil when it cannot be told (an inline list: the item must then be
    /// on one line).
    func writtenIndentation(ofSection s: Int, for path: ItemPath) -> ItemRelaying.Indentation? {
        let list = lists[s]
        guard let value = lists[path.section].layout.insertText(ofItem: path.item),
              let item = try? list.newItem(value, asString: false) else { return nil }
        var arrangement = Arrangement()
        arrangement.append(item: item)
        guard (try? list.layout.check(arrangement)) != nil else { return nil }
        let rendered = list.render(arrangement)
        // SAFETY: the bytes of `rendered` are only read inside the closure, and no pointer to them leaves it.
        return rendered.withUnsafeBytes { buffer -> ItemRelaying.Indentation? in
            var sectionOptions = options
            sectionOptions.pointer = pointers[s]
            guard let again = try? ListDocument(buffer, format: format, options: sectionOptions), again.count == 1 else { return nil }
            return (try? ItemRelaying.indentation(of: again, item: 0, format: format)) ?? nil
        }
    }

    /// Item `path` laid out as section `section`'s items are.
    func laid(_ path: ItemPath, into section: Int) throws -> [UInt8] {
        let to = lists[section].count > 0 ? try indentation(ofSection: section) : writtenIndentation(ofSection: section, for: path)
        return try laid(path, into: section, indentation: to)
    }

    /// What one section's result is made of: its arrangement, and what each
    /// position must read back as.
    struct Plan {
        var arrangement = Arrangement()
        /// Per position: the source item (`>= 0`) of this section, or
        /// `-1 - k` for `laid[k]`.
        var expected: [Int] = []
        var laid: [[UInt8]] = []
        /// Per laid item, the path it came from (nil: new).
        var origins: [ItemPath?] = []
        var changes = false
    }

    /// The document with each section holding exactly `result[s]`, in that
    /// order (an existing item used twice is a copy); items moved into
    /// another section are re-laid as that section's items are
    /// (ItemRelaying); checked as every edit is (nothing lost, keys, merge
    /// keys, read back); nil when nothing changes.
    public func apply(_ result: [[SectionedItem]]) throws -> [UInt8]? {
        guard result.count == lists.count else {
            throw refuse("the edit names \(result.count) lists; the document has \(lists.count) sections")
        }
        // How often each item is used, and whether an item changes list.
        var uses = counts.map { [Int](repeating: 0, count: $0) }
        var crosses = [Bool](repeating: false, count: lists.count)
        for (s, items) in result.enumerated() {
            for item in items {
                switch item {
                case .existing(let path):
                    guard path.section >= 0, path.section < lists.count, path.item >= 0, path.item < counts[path.section] else {
                        throw refuse("no item \(path) in the document")
                    }
                    uses[path.section][path.item] += 1
                    if path.section != s { crosses[s] = true; crosses[path.section] = true }
                case .new:
                    break
                }
            }
        }
        // Keys and merge keys, before anything is made.
        try checkKeys(result, crosses: crosses)

        var plans: [Plan] = []
        plans.reserveCapacity(lists.count)
        for (s, items) in result.enumerated() {
            let list = lists[s]
            var plan = Plan()
            plan.expected.reserveCapacity(items.count)
            var indentation: ItemRelaying.Indentation??
            var next = 0
            for item in items {
                switch item {
                case .existing(let path) where path.section == s:
                    plan.arrangement.append(run: path.item..<path.item + 1)
                    plan.expected.append(path.item)
                    if path.item != next { plan.changes = true }
                    next = path.item + 1
                case .existing(let path):
                    if indentation == nil {
                        // An empty list: as its writer lays out a new item.
                        indentation = .some(list.count > 0 ? try self.indentation(ofSection: s)
                                                           : writtenIndentation(ofSection: s, for: path))
                    }
                    let bytes = try laid(path, into: s, indentation: indentation!)
                    plan.arrangement.append(item: bytes)
                    plan.expected.append(-1 - plan.laid.count)
                    plan.laid.append(bytes)
                    plan.origins.append(path)
                    plan.changes = true
                case .new(let value):
                    let bytes = try list.newItem(value, asString: newItemsAreStrings)
                    plan.arrangement.append(item: bytes)
                    plan.expected.append(-1 - plan.laid.count)
                    plan.laid.append(bytes)
                    plan.origins.append(nil)
                    plan.changes = true
                }
            }
            if next != list.count || items.count != list.count { plan.changes = true }
            if plan.changes { try list.layout.check(plan.arrangement) }
            plans.append(plan)
        }
        guard plans.contains(where: { $0.changes }) else { return nil }

        let output = try write(plans)
        do {
            try verify(output.bytes, census: output.census, plans: plans, uses: uses, result: result)
        } catch let error as FormatError where error.offset != nil && !error.kind.isBetweenLists {
            // An error of the result read again: its offset is in bytes the
            // file does not hold; said at the first item that changes list.
            let problem: String
            if case .invalid(let text) = error.kind { problem = text } else { throw error }
            throw refuse("the result would not be valid \(format.words.name): \(problem)", at: firstCrossing(result))
        }
        return output.bytes
    }

    func firstCrossing(_ result: [[SectionedItem]]) -> Int? {
        for (s, items) in result.enumerated() {
            for case .existing(let path) in items where path.section != s { return offset(of: path) }
        }
        return nil
    }

    /// The result's bytes; and the census of the bytes written minus that
    /// of the bytes they replaced, when only regions were rewritten (nil:
    /// the census is of the whole result).
    struct Output {
        var bytes: [UInt8]
        var census: [Int]?
    }

    /// Each changed section's list written, and spliced into the document
    /// in one pass; when two sections' rewritten regions would meet, one
    /// section after another on the result of the one before.
    func write(_ plans: [Plan]) throws -> Output {
        guard let base = source.baseAddress else { return try writeInTurn(plans) }
        // Per changed section: the source range its list rewrites, and the
        // bytes written there.
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        for (s, plan) in plans.enumerated() where plan.changes {
            // The slices are valid only while they are handed over: those
            // of the source are kept as offsets, the others copied.
            var pieces: [(offset: Int, range: Range<Int>)] = []  // offset -1: `made[range]`
            var made: [UInt8] = []
            let end0 = base + source.count
            lists[s].write(plan.arrangement, gathered: { slices in
                for slice in slices where !slice.isEmpty {
                    // SAFETY: addresses compared, not read, to tell slices of the source from others.
                    if let address = slice.baseAddress, address >= UnsafeRawPointer(base), address + slice.count <= end0 {
                        // SAFETY: the slice lies within the source (checked just above), so the offset is in range.
                        let offset = address - UnsafeRawPointer(base)
                        pieces.append((offset, offset..<offset + slice.count))
                    } else {
                        let at = made.count
                        made.append(contentsOf: slice)
                        pieces.append((-1, at..<made.count))
                    }
                }
            })
            // A piece the writer made whose bytes are the source's where it
            // stands (a separator written again) continues the source too.
            func same(_ k: Int, at offset: Int) -> Bool {
                let piece = pieces[k]
                if piece.offset == offset { return true }
                guard piece.offset < 0, offset >= 0, offset + piece.range.count <= source.count else { return false }
                // SAFETY: `made` holds every piece's range (appended when the piece was copied).
                return made.withUnsafeBytes { memoryEqual($0.baseAddress! + piece.range.lowerBound, base + offset, piece.range.count) }
            }
            var start = 0
            var i = 0
            while i < pieces.count, same(i, at: start) {
                start += pieces[i].range.count
                i += 1
            }
            var end = source.count
            var j = pieces.count - 1
            while j >= i, end - pieces[j].range.count >= start, same(j, at: end - pieces[j].range.count) {
                end -= pieces[j].range.count
                j -= 1
            }
            var bytes: [UInt8] = []
            if i <= j {
                for k in i...j {
                    if pieces[k].offset < 0 {
                        bytes.append(contentsOf: made[pieces[k].range])
                    } else {
                        // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
                        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: source[pieces[k].range]))
                    }
                }
            }
            // A writer that makes its separators (not slices of the
            // source) rewrites the whole list: the bytes it wrote that are
            // the source's as they stand, at either end, are left out.
            var front = 0, back = 0
            // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
            bytes.withUnsafeBytes { written in
                let most = min(written.count, end - start)
                front = commonLength(written.baseAddress, base + start, most, fromEnd: false)
                back = commonLength(written.baseAddress.map { $0 + written.count }, base + end, most - front, fromEnd: true)
            }
            if front > 0 || back > 0 {
                bytes = Array(bytes[front..<bytes.count - back])
                start += front
                end -= back
            }
            edits.append((start..<end, bytes))
        }
        edits.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        for k in edits.indices.dropFirst() where edits[k - 1].range.upperBound > edits[k].range.lowerBound {
            return try writeInTurn(plans)
        }
        var output: [UInt8] = []
        output.reserveCapacity(source.count + edits.reduce(0) { $0 + $1.bytes.count })
        var census = [Int](repeating: 0, count: 256)
        var at = 0
        for edit in edits {
            // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: source[at..<edit.range.lowerBound]))
            output.append(contentsOf: edit.bytes)
            at = edit.range.upperBound
            for (byte, n) in ItemRelaying.census(edit.bytes).enumerated() { census[byte] += n }
            // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
            for (byte, n) in ItemRelaying.census(UnsafeRawBufferPointer(rebasing: source[edit.range])).enumerated() {
                census[byte] -= n
            }
        }
        // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: source[at...]))
        return Output(bytes: output, census: census)
    }

    /// One section after another, each list read again in the result of
    /// the one before (its items are the same: only another list changed).
    func writeInTurn(_ plans: [Plan]) throws -> Output {
        var current = Array(source)
        for (s, plan) in plans.enumerated() where plan.changes {
            // SAFETY: the bytes of `current` are only read inside the closure, and no pointer to them leaves it.
            current = try current.withUnsafeBytes { buffer in
                var sectionOptions = options
                sectionOptions.pointer = pointers[s]
                let list = try ListDocument(buffer, format: format, options: sectionOptions)
                guard list.count == lists[s].count else {
                    throw refuse("'\(pointers[s])' would not read back as it was; reorder cannot write these lists at once")
                }
                return list.render(plan.arrangement)
            }
        }
        return Output(bytes: current, census: nil)
    }

    /// The result read once: each section holds the items it should, with
    /// their bytes (or, where a writer changed them, their values); the
    /// census shows nothing lost.
    func verify(_ output: [UInt8], census: [Int]?, plans: [Plan], uses: [[Int]],
                result: [[SectionedItem]]) throws {
        // Nothing lost: every byte but blanks and separators is in the
        // result as often as in the source, less the items deleted, plus
        // the copies and the new items. (Where markers stay with the
        // positions, Markdown's, there is no comment a writer drops; the
        // markers and numbers belong to the positions, and the list's are
        // written.)
        if !format.markersStayWithPositions {
            var expected = [Int](repeating: 0, count: 256)
            for (s, list) in lists.enumerated() {
                for (item, n) in uses[s].enumerated() where n != 1 {
                    for (byte, k) in ItemRelaying.census(list.itemBytes(item)).enumerated() { expected[byte] += (n - 1) * k }
                }
            }
            for plan in plans {
                for (k, origin) in plan.origins.enumerated() where origin == nil {
                    for (byte, n) in ItemRelaying.census(plan.laid[k]).enumerated() { expected[byte] += n }
                }
            }
            var found: [Int]
            if let census {
                found = census
            } else {
                // SAFETY: the bytes of `output` are only read inside the closure, and no pointer to them leaves it.
                found = output.withUnsafeBytes { ItemRelaying.census($0) }
                for (byte, n) in ItemRelaying.census(source).enumerated() { found[byte] -= n }
            }
            if expected != found {
                throw refuse("the item has a comment after its separator, which a move between lists does not carry yet; "
                    + "put the comment above the item, or move it by hand", at: firstCrossing(result))
            }
        }
        // SAFETY: the bytes of `output` are only read inside the closure, and no pointer to them leaves it.
        try output.withUnsafeBytes { buffer in
            // The sections that take items from elsewhere (other lists'
            // or new ones) are read back; those that only keep, reorder or
            // lose their own are written as any edit within one list is.
            // At least one is: the whole result is read once.
            var wanted = plans.map { !$0.laid.isEmpty }
            if !wanted.contains(true), let first = plans.firstIndex(where: { $0.changes }) { wanted[first] = true }
            let readings = SectionedDocument.reading(buffer, format: format, options: options, pointers: pointers,
                                                     wanted: wanted)
            for (s, plan) in plans.enumerated() {
                guard let reading = readings[s] else { continue }
                let again: ListDocument
                do {
                    again = try reading.get()
                } catch where plan.expected.isEmpty && plan.changes {
                    // A list emptied may be no list any more (a Markdown
                    // heading with nothing under it).
                    continue
                }
                guard plan.changes else {
                    guard again.count == counts[s] else { throw refuse("'\(pointers[s])' would not read back as it was") }
                    continue
                }
                guard again.count == plan.expected.count else {
                    throw refuse("the items would not read back as items of '\(pointers[s])'", at: firstCrossing(result))
                }
                let list = lists[s]
                let layout = list.layout, againLayout = again.layout
                let listBase = list.source.baseAddress, againBase = again.source.baseAddress
                var position = 0
                let expectedCount = plan.expected.count
                while position < expectedCount {
                    let expected = plan.expected[position]
                    // A run of the section's own items, in order: the bytes
                    // from its first item's start to its last one's end the
                    // same in both (most often all of them at once).
                    if expected >= 0 {
                        var end = position + 1
                        while end < expectedCount && plan.expected[end] == expected + (end - position) { end += 1 }
                        if end - position > 1 {
                            let a = againLayout.itemRange(position).lowerBound..<againLayout.itemRange(end - 1).upperBound
                            let b = layout.itemRange(expected).lowerBound..<layout.itemRange(expected + (end - position) - 1).upperBound
                            if a.count == b.count && memoryEqual(againBase! + a.lowerBound, listBase! + b.lowerBound, a.count) {
                                position = end
                                continue
                            }
                        }
                    }
                    defer { position += 1 }
                    let found = againLayout.itemRange(position)
                    if expected >= 0 {
                        let was = layout.itemRange(expected)
                        if found.count == was.count
                            && (was.isEmpty || memoryEqual(againBase! + found.lowerBound, listBase! + was.lowerBound, was.count)) { continue }
                        try sameValue(again, position, list, expected, at: offset(of: ItemPath(section: s, item: expected)))
                    } else {
                        let laid = plan.laid[-1 - expected]
                        // SAFETY: the bytes of `laid` are only read inside the closure, and no pointer to them leaves it.
                        let same = laid.withUnsafeBytes { laid in
                            found.count == laid.count && (laid.isEmpty || memoryEqual(againBase! + found.lowerBound, laid.baseAddress!, laid.count))
                        }
                        if same { continue }
                        guard let origin = plan.origins[-1 - expected] else {
                            // A new item: its value as written alone.
                            // SAFETY: the bytes of `laid` are only read inside the closure, and no pointer to them leaves it.
                            let wanted = laid.withUnsafeBytes { buffer in
                                again.layout.value(ofItemBytes: buffer, at: nil).map { $0.primaryBytes.withBytes(in: buffer) { Array($0) } }
                            }
                            let got = try again.layout.value(ofItem: position, at: nil)
                                .map { $0.primaryBytes.withBytes(in: again.layout.valueSource) { Array($0) } }
                            if got != wanted {
                                throw refuse("the new item would not read back as an item of '\(pointers[s])'")
                            }
                            continue
                        }
                        try sameValue(again, position, lists[origin.section], origin.item, at: offset(of: origin))
                    }
                }
            }
        }
    }

    /// Result item `position` of `again` has the value source item `item`
    /// of `list` has.
    func sameValue(_ again: ListDocument, _ position: Int, _ list: ListDocument, _ item: Int, at offset: Int) throws {
        let was = try list.layout.value(ofItem: item, at: nil)
        let now = try again.layout.value(ofItem: position, at: nil)
        let a = was.map { $0.primaryBytes.withBytes(in: list.layout.valueSource) { Array($0) } }
        let b = now.map { $0.primaryBytes.withBytes(in: again.layout.valueSource) { Array($0) } }
        // (An item re-laid has other bytes; its lines are the same, and
        // the reading above found it whole.)
        if a != b && !(a == nil && b == nil) {
            throw refuse("the item would not read back with its value", at: offset)
        }
    }

    /// A keyed list (an object, a mapping, a table) takes no key it has,
    /// and no element; merge keys (`ListFormat.mergeKey`, YAML's) neither give
    /// nor take.
    func checkKeys(_ result: [[SectionedItem]], crosses: [Bool]) throws {
        for (s, items) in result.enumerated() {
            let target = lists[s]
            let incoming = items.contains { item in
                if case .existing(let path) = item { return path.section != s }
                return false
            }
            if crosses[s], let mergeKey = format.mergeKey {
                try ItemRelaying.checkMergeKeys(list: target, target: target, mergeKey: mergeKey, refuse: { refuse($0, at: $1) })
            }
            guard incoming else { continue }
            for item in items {
                guard case .existing(let path) = item, path.section != s else { continue }
                let from = lists[path.section]
                if from.layout.itemsAreKeyedMembers != target.layout.itemsAreKeyedMembers {
                    throw refuse(from.layout.itemsAreKeyedMembers
                        ? "'\(pointers[s])' is a list of elements, and the item is a member with a key"
                        : "'\(pointers[s])' holds members with keys, and the item is an element without one")
                }
                if let mergeKey = format.mergeKey, let value = try from.layout.value(ofItem: path.item, at: nil),
                   value.primaryBytes.withBytes(in: from.layout.valueSource, { Array($0) }) == mergeKey {
                    throw refuse("the item is a merge key ('\(String(decoding: mergeKey, as: UTF8.self))'): moving it changes the values of the keys it merges", at: offset(of: path))
                }
            }
            guard target.layout.itemsAreKeyedMembers else { continue }
            // Every key the section ends with, once: the one it had first.
            var keys: [[UInt8]: ItemPath] = [:]
            var ordered: [(ItemPath, [UInt8])] = []
            for item in items {
                guard case .existing(let path) = item else { continue }
                let list = lists[path.section]
                guard let value = try list.layout.value(ofItem: path.item, at: nil) else { continue }
                ordered.append((path, value.primaryBytes.withBytes(in: list.layout.valueSource) { Array($0) }))
            }
            // The section's own items first: a clash names the key it had.
            ordered = ordered.filter { $0.0.section == s } + ordered.filter { $0.0.section != s }
            for (path, key) in ordered {
                if let found = keys[key] {
                    throw refuse("'\(pointers[s])' has the key '\(String(decoding: key, as: UTF8.self))' already (here); "
                        + "delete one of them first", at: offset(of: found))
                }
                keys[key] = path
            }
        }
    }
}

/// How many bytes `a` and `b` have in common from their starts (or, with
/// `fromEnd`, before the ends they point at), up to `limit`: memcmp over
/// blocks, then byte by byte.
private func commonLength(_ a: UnsafeRawPointer?, _ b: UnsafeRawPointer, _ limit: Int, fromEnd: Bool) -> Int {
    guard let a, limit > 0 else { return 0 }
    let block = 256
    var n = 0
    while n + block <= limit {
        let x = fromEnd ? a - n - block : a + n
        let y = fromEnd ? b - n - block : b + n
        if !memoryEqual(x, y, block) { break }
        n += block
    }
    while n < limit {
        let x = fromEnd ? a.load(fromByteOffset: -n - 1, as: UInt8.self) : a.load(fromByteOffset: n, as: UInt8.self)
        let y = fromEnd ? b.load(fromByteOffset: -n - 1, as: UInt8.self) : b.load(fromByteOffset: n, as: UInt8.self)
        if x != y { break }
        n += 1
    }
    return n
}
