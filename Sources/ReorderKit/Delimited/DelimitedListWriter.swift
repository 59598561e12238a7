/// Writes an arrangement of a `DelimitedList`: the one bracket-and-separator
/// writer of JSON, JSONC and TOML inline arrays and tables.
///
/// - Items move with their main part and their trailing comment; the
///   bytes between items belong to positions and stay. An item moved
///   among the others to a place inside a line leaves its trailing
///   comment at its position (`trailingCommentsThatStay`).
/// - The separator after the last item is written as the list's policy
///   says, after the result's last item, whichever it is.
/// - A line comment (`//`, `#`) is never written right before bytes that
///   do not start a line: a line break (with the comment's indentation)
///   goes between, so that it cannot swallow a separator or a bracket.
/// - An item that owns comment lines above it starts a line, or they
///   would read back as the comments of the item before.
/// - Positions that go keep their own comments.
struct DelimitedListWriter {
    let list: DelimitedList

    init(_ list: DelimitedList) { self.list = list }

    /// One item of a result: a source item, or new bytes.
    enum Slot {
        case source(Int)
        case new(UnsafeRawBufferPointer)
    }

    /// The slots of `arrangement`, whose new items are in `itemBytes`.
    static func slots(_ arrangement: Arrangement, _ itemBytes: UnsafeRawBufferPointer) -> [Slot] {
        var slots: [Slot] = []
        slots.reserveCapacity(arrangement.count)
        for run in arrangement.runs {
            if run.isNewItem {
                // SAFETY: a range found in `itemBytes`, so within its bounds; the view is used no longer than `itemBytes` is valid.
                slots.append(.new(UnsafeRawBufferPointer(rebasing: itemBytes[run.newItemBytes])))
            } else {
                for index in run.start..<run.end { slots.append(.source(index)) }
            }
        }
        return slots
    }

    /// The window with `slots` as the list, passed to `emit` a piece at a
    /// time; bytes of the source are passed as slices of it.
    func write(_ slots: [Slot], _ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try withoutActuallyEscaping(emit) { emit in
            var output = Output(list: list, sink: ClosureSink(body: emit))
            try write(slots, &output)
        }
    }

    /// `FormatLayout.write`: the result as one slice (these lists are
    /// configuration files, and the pieces of a line, a separator or a
    /// comment, are small).
    func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        try withRendered(arrangement) { bytes in
            // SAFETY: the allocation lives only inside the closure, which hands it to a write that keeps no slice past the call.
            try withUnsafeTemporaryAllocation(of: UnsafeRawBufferPointer.self, capacity: 1) { slices in
                slices[0] = bytes
                // SAFETY: the one slice just initialised, valid during the write call.
                try write(UnsafeBufferPointer(slices))
            }
        }
    }

    /// Calls `body` with the result of `arrangement`, copied piece by piece
    /// into one buffer that lives for the call.
    private func withRendered<R>(_ arrangement: Arrangement, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var output = Output(list: list, sink: BufferSink(capacity: list.source.count + arrangement.itemBytes.count + 64))
        defer { output.sink.deallocate() }
        // SAFETY: the bytes of `arrangement.itemBytes` are only read inside the closure, and no pointer to them leaves it.
        arrangement.itemBytes.withUnsafeBytes { itemBytes in
            // A buffer never refuses a piece.
            try! write(DelimitedListWriter.slots(arrangement, itemBytes), &output, plan: arrangement.gapPlan)
        }
        return try body(output.sink.bytes)
    }

    /// Compared piece by piece as the walk makes them: the walk stops at
    /// the first piece that differs (a sort's first moved item), and no
    /// copy of the result is made.
    func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        var output = Output(list: list, sink: ComparingSink(source: list.source))
        do {
            // SAFETY: the bytes of `arrangement.itemBytes` are only read inside the closure, and no pointer to them leaves it.
            try arrangement.itemBytes.withUnsafeBytes { itemBytes in
                try write(DelimitedListWriter.slots(arrangement, itemBytes), &output, plan: arrangement.gapPlan)
            }
        } catch {
            return false
        }
        return output.sink.offset == list.source.count
    }

    // MARK: - The walk

    /// `plan`: the result's gaps as its arrangement gives them
    /// (`Arrangement.gapPlan`), instead of as `PositionGaps` plans them.
    private func write<Sink: PieceSink>(_ slots: [Slot], _ out: inout Output<Sink>, plan given: PositionGaps? = nil) throws {
        let list = self.list
        let n = list.count, m = slots.count
        if n == 0 { return try writeIntoEmpty(slots, &out) }
        if m == 0 { return try writeEmptied(&out) }
        if let plan = given ?? positionGaps(slots) { return try write(slots, plan, &out) }
        let writesTrailing = list.trailingSeparator == .asInSource && list.separators[n - 1] != nil
        // What new positions (past the source's last) are written with.
        let newBeforeSeparator = m > n ? list.newBeforeSeparator : []
        let newBetween = m > n ? list.newBetween : []
        let stays = trailingCommentsThatStay(slots)
        try out.put(list.window.lowerBound..<list.starts[0])
        for (position, slot) in slots.enumerated() {
            let isLast = position == m - 1
            let writesSeparator = !isLast || writesTrailing
            try writeMain(slot, &out)
            try writeSeparator(ofPosition: position < n ? position : nil, writesSeparator, newBeforeSeparator, &out)
            // The item's trailing comment, or the one that stays at this
            // position while its item stands inside a line elsewhere.
            var owner: Int? = nil
            if case .source(let index) = slot, list.trailingComments[index] != nil,
               stays.isEmpty || !stays.leftBy[position] {
                owner = index
            } else if !stays.isEmpty, let stayed = stays.hosted[position] {
                owner = stayed
            }
            if let owner { try writeTrailingComment(of: owner, &out) }
            if !isLast {
                if position < n - 1 {
                    try out.put(list.lineEnds[position]..<list.starts[position + 1])
                } else {
                    try out.put(newBetween)
                }
                continue
            }
            // Positions that go: their own comments stay.
            for dropped in position..<max(position, n - 1) {
                try out.putComments(list.lineEnds[dropped]..<list.starts[dropped + 1])
                if let separator = list.separators[dropped + 1] {
                    try out.putComments(list.mainEnds[dropped + 1]..<separator)
                }
            }
            try out.put(list.lineEnds[n - 1]..<list.window.upperBound)
        }
    }

    /// The result's gaps when it removes or adds positions and keeps its
    /// source items in source order (`PositionGaps`); nil otherwise.
    private func positionGaps(_ slots: [Slot]) -> PositionGaps? {
        let list = self.list, n = list.count
        guard slots.count != n || slots.contains(where: { if case .new = $0 { true } else { false } }) else { return nil }
        let order = slots.map { slot -> Int in if case .source(let index) = slot { index } else { -1 } }
        return PositionGaps.make(order, sourceCount: n) { gap in
            lineFeedCount(list.source, list.mainEnds[gap]..<(list.separators[gap] ?? list.mainEnds[gap]))
                + lineFeedCount(list.source, list.lineEnds[gap]..<list.starts[gap + 1])
        }
    }

    /// What stands between a position's main part and the next (the
    /// bytes before its separator, and the separator when one is written):
    /// source position `position`'s, or a new position's.
    @inline(__always)
    private func writeSeparator<Sink: PieceSink>(
        ofPosition position: Int?, _ writesSeparator: Bool, _ newBeforeSeparator: [UInt8], _ out: inout Output<Sink>
    ) throws {
        if let position, let separator = list.separators[position] {
            // What stands between the item and its separator belongs to
            // the position, and its comments stay without the separator.
            let beforeSeparator = list.mainEnds[position]..<separator
            if writesSeparator {
                try out.put(beforeSeparator)
                try out.put(separator..<separator + 1)
            } else {
                try out.putComments(beforeSeparator)
            }
        } else if writesSeparator {
            try out.put(newBeforeSeparator)
            try out.put([list.separator])
        }
    }

    /// What a dropped gap keeps: the comments before its removed
    /// position's separator, and those between it and the next.
    private func putDropped<Sink: PieceSink>(_ gap: Int, _ plan: PositionGaps, _ out: inout Output<Sink>) throws {
        if !plan.kept[gap], let separator = list.separators[gap] {
            try out.putComments(list.mainEnds[gap]..<separator)
        }
        try out.putComments(list.lineEnds[gap]..<list.starts[gap + 1])
    }

    /// `range`, with the kept comments of `dropped` gaps before its last
    /// line break (after it, when it has none).
    private func putSplit<Sink: PieceSink>(
        _ range: Range<Int>, _ dropped: [Int], _ plan: PositionGaps, _ out: inout Output<Sink>, isHead: Bool = false
    ) throws {
        guard !dropped.isEmpty else { return try out.put(range) }
        // In the head, only a line break inside the brackets.
        let floor = isHead ? list.open + 1 : range.lowerBound
        var lastLineBreak = range.upperBound
        while lastLineBreak > floor && list.source[lastLineBreak - 1] != 0x0A { lastLineBreak -= 1 }
        if lastLineBreak > floor {
            lastLineBreak -= 1
            if lastLineBreak > floor && list.source[lastLineBreak - 1] == 0x0D { lastLineBreak -= 1 }
        } else {
            lastLineBreak = range.upperBound
        }
        try out.put(range.lowerBound..<lastLineBreak)
        for gap in dropped { try putDropped(gap, plan, &out) }
        // Before the first item, what stood after the last comment kept
        // (a blank line that keeps it the position's, not the item's),
        // when it was the rest of its gap.
        if isHead, let gap = dropped.last(where: { list.hasComment(in: list.lineEnds[$0]..<list.starts[$0 + 1]) }),
           let last = list.lastComment(in: list.lineEnds[gap]..<list.starts[gap + 1]) {
            var end = last.upperBound
            while end < list.starts[gap + 1] && isBlankOrLineBreak(list.source[end]) { end += 1 }
            if end == list.starts[gap + 1] { return try out.put(last.upperBound..<end) }
        }
        try out.put(lastLineBreak..<range.upperBound)
    }

    private func writeTrailingComment<Sink: PieceSink>(of owner: Int, _ out: inout Output<Sink>) throws {
        guard let trailing = list.trailingComments[owner] else { return }
        try out.put(trailing)
        if list.isLineComment(list.lastComment(in: trailing)!) {
            out.openLineComment = list.valueStarts[owner]
        }
    }

    /// The walk of a result that removes or adds positions: each kept
    /// item at its own position, the gaps as `plan` says.
    private func write<Sink: PieceSink>(_ slots: [Slot], _ plan: PositionGaps, _ out: inout Output<Sink>) throws {
        let list = self.list
        let n = list.count, m = slots.count
        let writesTrailing = list.trailingSeparator == .asInSource && list.separators[n - 1] != nil
        let newBeforeSeparator = list.newBeforeSeparator
        let newBetween = list.newBetween
        // Positions that went before the first item: their own comments
        // stay there, on lines of their own when the head ends a line.
        try putSplit(list.window.lowerBound..<list.starts[0], plan.leading, plan, &out, isHead: true)
        for (position, slot) in slots.enumerated() {
            let isLast = position == m - 1
            try writeMain(slot, &out)
            var own: Int? = nil
            if case .source(let index) = slot { own = index }
            try writeSeparator(ofPosition: own, !isLast || writesTrailing, newBeforeSeparator, &out)
            if let own { try writeTrailingComment(of: own, &out) }
            if !isLast {
                for gap in plan.before[position] ?? [] { try putDropped(gap, plan, &out) }
                let gap = plan.gaps[position]
                guard gap >= 0 else {
                    try out.put(newBetween)
                    continue
                }
                if !plan.kept[gap], let separator = list.separators[gap] {
                    try out.putComments(list.mainEnds[gap]..<separator)
                }
                // The dropped gaps after this one keep their comments on
                // lines of their own, before the next item's line.
                try putSplit(list.lineEnds[gap]..<list.starts[gap + 1], plan.inside[position] ?? [], plan, &out)
                continue
            }
            // Positions that went after the last item: their own comments
            // stay, before the tail.
            for gap in plan.atEnd { try putDropped(gap, plan, &out) }
            if !plan.kept[n - 1], let separator = list.separators[n - 1] {
                try out.putComments(list.mainEnds[n - 1]..<separator)
            }
            try out.put(list.lineEnds[n - 1]..<list.window.upperBound)
        }
    }

    /// The trailing comments that stay at their source position, by
    /// result position: an item that owns the comments ending its line
    /// (`CommentOwnership`, rule 2) and lands where the line goes on after
    /// it (not the last of its line) leaves them behind (`leftBy`), and
    /// they are written after the item that lands at its source position
    /// (`hosted`), which ended its line. Reversed, `1, 2, # c` is
    /// `2, 1, # c`, and reversed again the source, as is an item alone on
    /// its line moved among others on one line and back. Only where the
    /// result is the source's items in another order (reverse, sort,
    /// move): an item inserted or deleted shifts the others without moving
    /// them past one another, and each keeps its comments. An item keeps
    /// them too (a line break is then added after them) where the item
    /// landing at its position owns such comments itself. Empty when no
    /// item leaves any.
    private struct StayingComments {
        var leftBy: [Bool] = []
        var hosted: [Int?] = []
        var isEmpty: Bool { leftBy.isEmpty }
    }

    private func trailingCommentsThatStay(_ slots: [Slot]) -> StayingComments {
        let list = self.list, source = list.source
        let n = list.count, m = slots.count
        var stays = StayingComments()
        guard m == n, !slots.contains(where: { if case .new = $0 { true } else { false } }) else { return stays }
        /// Whether the line ends after position `q`: what the writer puts
        /// after it (what stood after it in the source) holds a line break.
        func endsLine(_ q: Int) -> Bool {
            CommentOwnership.hasLineBreak(source, list.lineEnds[q]..<(q == n - 1 ? list.close : list.starts[q + 1]))
        }
        for (q, slot) in slots.enumerated() {
            // `p`: the owner's source position, where its comments stay.
            guard case .source(let p) = slot, p != q, list.trailingComments[p] != nil, !endsLine(q) else { continue }
            if case .source(let host) = slots[p], list.trailingComments[host] != nil { continue }
            if stays.isEmpty {
                stays.leftBy = Array(repeating: false, count: m)
                stays.hosted = Array(repeating: nil, count: m)
            }
            stays.leftBy[q] = true
            stays.hosted[p] = p
        }
        return stays
    }

    /// Into a list that was empty: its comments stay, before the items,
    /// which then go one a line.
    private func writeIntoEmpty<Sink: PieceSink>(_ slots: [Slot], _ out: inout Output<Sink>) throws {
        let list = self.list, m = slots.count
        guard m > 0 else { return try out.put(list.window) }
        var head = list.emptyHead, between = list.newBetween, tail = list.emptyTail
        var headEnd = list.open + 1
        if let last = list.lastComment(in: list.open + 1..<list.close) {
            headEnd = last.upperBound
            let indent = list.indentation(at: list.open)
            if !startsWithLineBreak(head) { head = list.lineBreak + indent + list.commentedEmptyIndent }
            if !startsWithLineBreak(between) { between = head }
            if !startsWithLineBreak(tail) { tail = list.lineBreak + indent }
        }
        try out.put(list.window.lowerBound..<headEnd)
        try out.put(head)
        for (position, slot) in slots.enumerated() {
            try writeMain(slot, &out)
            if position < m - 1 { try out.put([list.separator]) }
            try out.put(position < m - 1 ? between : tail)
        }
        try out.put(list.close..<list.window.upperBound)
    }

    /// Deleting every item: the brackets close up, and comments that
    /// belong to positions stay, each with the blanks before it.
    private func writeEmptied<Sink: PieceSink>(_ out: inout Output<Sink>) throws {
        let list = self.list, source = list.source
        try out.put(list.window.lowerBound..<list.open + 1)
        var kept = false
        for comment in list.commentsInside where comment.lowerBound > list.open && !list.isOwnedByItem(comment) {
            var blanks = comment.lowerBound
            while blanks > list.open + 1 && isBlankOrLineBreak(source[blanks - 1]) { blanks -= 1 }
            try out.put(blanks..<comment.upperBound)
            if list.isLineComment(comment) { out.openLineComment = comment.lowerBound }
            kept = true
        }
        if kept { try out.put(list.lineBreak + list.indentation(at: list.close)) }
        try out.put(list.close..<list.window.upperBound)
    }

    /// A slot's main part: a source item's leading comments, value or
    /// member, and comment before its separator; or a new item's bytes.
    @inline(__always)
    private func writeMain<Sink: PieceSink>(_ slot: Slot, _ out: inout Output<Sink>) throws {
        switch slot {
        case .source(let index):
            if list.starts[index] < list.valueStarts[index] && !out.atLineStart {
                try out.put(list.lineBreak + list.indentation(at: list.starts[index]))
            }
            if !list.replacedItems.isEmpty, let replaced = list.replacedItems[index] {
                try out.put(replaced)
                try out.put(list.valueEnds[index]..<list.mainEnds[index])
            } else {
                try out.put(list.starts[index]..<list.mainEnds[index])
            }
        case .new(let bytes):
            try out.put(bytes)
        }
    }
}

@inline(__always)
private func isBlankOrLineBreak(_ byte: UInt8) -> Bool { isBlank(byte) || byte == 0x0A || byte == 0x0D }

/// The writer's output: what it has written so far decides what must go
/// before the next bytes.
private struct Output<Sink: PieceSink> {
    let list: DelimitedList
    var sink: Sink
    /// After a line comment: before the next bytes, unless they start a
    /// line themselves, a line break goes in with the indentation of the
    /// line that holds this offset (the comment's, or its item's).
    var openLineComment: Int? = nil
    /// Whether only blanks were written since the last line break.
    private(set) var atLineStart = false
    /// Blanks written after a line comment, held until what follows them
    /// tells whether the line ends there (they stay) or a line break goes
    /// in (they go: the new line has the items' indentation).
    private var blanksAfterLineComment: [UInt8] = []

    init(list: DelimitedList, sink: Sink) {
        self.list = list
        self.sink = sink
    }

    @inline(__always)
    mutating func put(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        var bytes = bytes
        if let indentedLike = openLineComment {
            var start = 0
            while start < bytes.count && isBlank(bytes[start]) { start += 1 }
            if start == bytes.count {
                blanksAfterLineComment += Array(bytes)
                return
            }
            openLineComment = nil
            let startsLine = bytes[start] == 0x0A
                || (bytes[start] == 0x0D && start + 1 < bytes.count && bytes[start + 1] == 0x0A)
            if !startsLine {
                // SAFETY: the bytes are only read inside the closure.
                try (list.lineBreak + list.indentation(at: indentedLike)).withUnsafeBytes { try sink.emit($0) }
                // SAFETY: a range found in `bytes`, so within its bounds; the view is used no longer than `bytes` is valid.
                bytes = UnsafeRawBufferPointer(rebasing: bytes[start...])
                atLineStart = true
            } else if !blanksAfterLineComment.isEmpty {
                // SAFETY: the bytes of `blanksAfterLineComment` are only read inside the closure, and no pointer to them leaves it.
                try blanksAfterLineComment.withUnsafeBytes { try sink.emit($0) }
            }
            blanksAfterLineComment = []
        }
        try sink.emit(bytes)
        var p = bytes.count
        while p > 0 && isBlank(bytes[p - 1]) { p -= 1 }
        if p > 0 { atLineStart = bytes[p - 1] == 0x0A }
    }

    @inline(__always)
    mutating func put(_ range: Range<Int>) throws {
        // SAFETY: a range found in `list.source`, so within its bounds; the view is used no longer than `list.source` is valid.
        try put(UnsafeRawBufferPointer(rebasing: list.source[range]))
    }

    mutating func put(_ bytes: [UInt8]) throws {
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        try bytes.withUnsafeBytes { try put($0) }
    }

    /// `range` up to its last comment, when it has one: the comments of a
    /// position that goes, without the blanks that went with it.
    mutating func putComments(_ range: Range<Int>) throws {
        guard let last = list.lastComment(in: range) else { return }
        try put(range.lowerBound..<last.upperBound)
        if list.isLineComment(last) { openLineComment = last.lowerBound }
    }
}

/// A line break is LF or CR LF: a CR alone would be read as part of a
/// comment.
private func startsWithLineBreak(_ bytes: [UInt8]) -> Bool { bytes.first == 0x0A || bytes.first == 0x0D }

/// Where the walk's pieces go: a caller's closure, one buffer, or a
/// comparison with the source. Generic, so that a piece costs no call
/// through a closure.
private protocol PieceSink {
    mutating func emit(_ bytes: UnsafeRawBufferPointer) throws
}

private struct ClosureSink: PieceSink {
    let body: (UnsafeRawBufferPointer) throws -> Void

    func emit(_ bytes: UnsafeRawBufferPointer) throws { try body(bytes) }
}

/// The pieces copied one after another into memory of this sink's own,
/// which grows as needed; `deallocate` frees it.
private struct BufferSink: PieceSink {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        // SAFETY: freed by deallocate(); emit grows it before writing past `capacity`.
        base = .allocate(byteCount: self.capacity, alignment: 16)
    }

    // SAFETY: the `count` bytes written so far, valid until the next emit or deallocate.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func emit(_ bytes: UnsafeRawBufferPointer) {
        if bytes.isEmpty { return }
        if bytes.count > capacity - count { grow(to: count + bytes.count) }
        (base + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        count += bytes.count
    }

    private mutating func grow(to needed: Int) {
        capacity = max(needed, capacity * 2)
        // SAFETY: at least `needed` bytes; the old bytes are copied over and the old block freed.
        let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        grown.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = grown
    }

    func deallocate() { base.deallocate() }
}

/// Compares the pieces with the source as they come; throws at the first
/// that differs.
private struct ComparingSink: PieceSink {
    struct Differs: Error {}
    let source: UnsafeRawBufferPointer
    /// How much of the source the pieces matched.
    private(set) var offset = 0

    init(source: UnsafeRawBufferPointer) { self.source = source }

    @inline(__always)
    mutating func emit(_ bytes: UnsafeRawBufferPointer) throws {
        if bytes.isEmpty { return }
        guard bytes.count <= source.count - offset else { throw Differs() }
        if bytes.baseAddress != source.baseAddress! + offset
            && !memoryEqual(bytes.baseAddress!, source.baseAddress! + offset, bytes.count) {
            throw Differs()
        }
        offset += bytes.count
    }
}
