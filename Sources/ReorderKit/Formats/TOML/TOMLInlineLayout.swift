/// The list of a TOML array (`[…]`, on one line or several) or of an inline
/// table (`{ a = 1, b = 2 }`): its values or its `key = value` members,
/// moved with their exact bytes, by the layout rules of JSON with comments
/// (`JSONListLayout`):
///
/// - by the rule every format shares (`CommentOwnership`), comment lines
///   directly above a value (no blank line between) and the
///   comment after it on its own last line (after its comma) are its own;
///   everything else (a comment after `[` on the opening line, one before
///   `]`, one after a blank line) belongs to positions;
/// - a trailing comma after the last value stays after the last value,
///   whichever value that is.
///
/// Source item `i` is written as its main part (`starts[i] ..< valueEnds[i]`),
/// then position `p`'s comma, then its trailing comment, then what lies
/// between position `p` and the next:
///
///     select = [
///       # pyflakes          <- item "F" (leading)
///       "F",  # errors      <- item "F", position 0 (","), item "F" ("  # errors")
///
///       "E",                <- item "E"
///     ]                     <- the tail
struct TOMLInlineLayout: FormatLayout {
    let document: TOMLDocument
    let list: TOMLInlineList
    /// Members of an inline table rather than values of an array.
    let isTable: Bool
    var source: UnsafeRawBufferPointer { document.source }
    /// By source index: where the item starts (its leading comment lines
    /// included), where its value (or member's key) starts, where it ends.
    let starts: [Int]
    let valueStarts: [Int]
    let valueEnds: [Int]
    /// By source position: the comma after the value, if any.
    var commas: [Int?] { list.commas }
    /// By source index: the comment on the item's last line, and the blanks
    /// before it.
    let trailingComments: [Range<Int>?]
    /// By source position: where the position's line tail ends.
    let lineEnds: [Int]
    let hasTrailingComma: Bool
    /// Between a new position and the one before it (after the comma).
    let newBetween: [UInt8]
    let lineBreak: [UInt8]
    /// `sort --recursive`: the lists inside the items, sorted.
    let nested = NestedRegions()

    var count: Int { list.itemRanges.count }
    func itemRange(_ index: Int) -> Range<Int> { starts[index]..<valueEnds[index] }

    init(document: TOMLDocument, list: TOMLInlineList, isTable: Bool) {
        self.document = document
        self.list = list
        self.isTable = isTable
        let source = document.source
        lineBreak = TOMLLineLayout.lineBreak(of: source)
        let count = list.itemRanges.count
        let close = list.close
        valueEnds = list.itemRanges.map(\.upperBound)
        valueStarts = list.itemRanges.map(\.lowerBound)
        var trailingComments: [Range<Int>?] = [], lineEnds: [Int] = []
        for index in 0..<count {
            let end = list.itemRanges[index].upperBound
            let comma = list.commas[index]
            // The comment on the item's last line: after the comma when the
            // comma is on that line.
            var lineTail = end
            if let comma, firstIndex(of: 0x0A, in: source, from: end, to: comma) == nil { lineTail = comma + 1 }
            let comment = (comma == nil || lineTail > end)
                ? TOMLInlineLayout.ownership.trailingComments(at: lineTail, before: close, in: document) : nil
            trailingComments.append(comment)
            lineEnds.append(comment?.upperBound ?? (comma.map { $0 + 1 } ?? end))
        }
        var starts: [Int] = []
        for index in 0..<count {
            let floor = index == 0 ? list.open + 1 : lineEnds[index - 1]
            starts.append(TOMLInlineLayout.ownership.leadingStart(of: list.itemRanges[index].lowerBound, floor: floor, in: document))
        }
        self.starts = starts
        self.trailingComments = trailingComments
        self.lineEnds = lineEnds
        hasTrailingComma = count > 0 && list.commas[count - 1] != nil
        switch count {
        case 0:
            newBetween = [0x20]
        case 1:
            let region = list.open + 1..<starts[0]
            if document.hasComment(in: region) {
                newBetween = lineBreak + TOMLInlineLayout.indentation(source, at: starts[0])
            } else if region.isEmpty {
                newBetween = [0x20]
            } else {
                newBetween = Array(source[region])
            }
        default:
            let region = lineEnds[count - 2]..<starts[count - 1]
            if document.hasComment(in: region) {
                var p = region.upperBound
                while p > region.lowerBound && source[p - 1] != 0x0A { p -= 1 }
                if p > region.lowerBound {
                    var lineBreakStart = p - 1
                    if lineBreakStart > region.lowerBound && source[lineBreakStart - 1] == 0x0D { lineBreakStart -= 1 }
                    newBetween = Array(source[lineBreakStart..<region.upperBound])
                } else {
                    newBetween = [0x20]
                }
            } else {
                newBetween = Array(source[region])
            }
        }
    }

    /// Comments belong to the item they sit on (`CommentOwnership`), as in
    /// JSON with comments: an owned comment line's indentation stays with
    /// the position.
    static let ownership = CommentOwnership(ownedFrom: .comment)

    /// The blanks that start the line holding `offset`.
    static func indentation(_ source: UnsafeRawBufferPointer, at offset: Int) -> [UInt8] {
        var lineStart = offset
        while lineStart > 0 && source[lineStart - 1] != 0x0A { lineStart -= 1 }
        var end = lineStart
        while end < offset && (source[end] == 0x20 || source[end] == 0x09) { end += 1 }
        return Array(source[lineStart..<end])
    }

    // MARK: - Writing

    enum Slot {
        case source(Int)
        case new(UnsafeRawBufferPointer)
    }

    /// The document with `slots` as the list, a piece at a time.
    func write(_ slots: [Slot], _ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        let source = self.source
        func put(_ range: Range<Int>) throws {
            if !range.isEmpty { try emit(UnsafeRawBufferPointer(rebasing: source[range])) }
        }
        func put(_ bytes: [UInt8]) throws {
            if !bytes.isEmpty { try bytes.withUnsafeBytes { try emit($0) } }
        }
        let open = list.open, close = list.close
        let n = count, m = slots.count
        let whole = 0..<source.count
        if n == 0 {
            guard m > 0 else { return try put(whole) }
            var head: [UInt8] = [], between = newBetween, tail: [UInt8] = []
            var headEnd = open + 1
            if let last = document.comments.last(where: { $0.lowerBound > open && $0.upperBound <= close }) {
                // Into an empty array with comments: they stay, before the
                // values, which go one a line.
                headEnd = last.upperBound
                let indent = TOMLInlineLayout.indentation(source, at: open)
                head = lineBreak + indent + [0x20, 0x20, 0x20, 0x20]
                between = head
                tail = lineBreak + indent
            }
            try put(whole.lowerBound..<headEnd)
            try put(head)
            for (position, slot) in slots.enumerated() {
                try writeMain(slot, put, put)
                if position < m - 1 { try put([UInt8(ascii: ",")]) }
                try put(position < m - 1 ? between : tail)
            }
            return try put(close..<whole.upperBound)
        }
        if m == 0 {
            // Deleting every item: the brackets close up, and comments that
            // belonged to positions stay.
            let kept = document.comments.filter { $0.lowerBound > open && $0.upperBound <= close && !isOwnedByItem($0) }
            if !kept.isEmpty {
                try put(whole.lowerBound..<open + 1)
                var end = open + 1
                for comment in kept {
                    if firstIndex(of: 0x0A, in: source, from: end, to: comment.lowerBound) == nil {
                        try put(end..<comment.upperBound)
                    } else {
                        try put(lineBreak + TOMLInlineLayout.indentation(source, at: comment.lowerBound))
                        try put(comment)
                    }
                    end = comment.upperBound
                }
                try put(lineBreak + TOMLInlineLayout.indentation(source, at: close))
                return try put(close..<whole.upperBound)
            }
            try put(whole.lowerBound..<open + 1)
            return try put(close..<whole.upperBound)
        }
        try put(whole.lowerBound..<starts[0])
        for (position, slot) in slots.enumerated() {
            try writeMain(slot, put, put)
            if position < n, let comma = commas[position] {
                // What stands between the value and its comma belongs to
                // the position.
                try put(valueEnds[position]..<comma)
            }
            let isLast = position == m - 1
            if !isLast || hasTrailingComma {
                if position < n, let comma = commas[position] { try put(comma..<comma + 1) } else { try put([UInt8(ascii: ",")]) }
            }
            var following: Range<Int>? = nil
            var followingBytes: [UInt8] = []
            if !isLast {
                if position < n - 1 { following = lineEnds[position]..<starts[position + 1] } else { followingBytes = newBetween }
            } else {
                following = lineEnds[n - 1]..<whole.upperBound
            }
            // What follows on the line, after its blanks.
            let next = following.map { range in
                Array(source[range].drop { $0 == 0x20 || $0 == 0x09 }.prefix(2))
            } ?? Array(followingBytes.drop { $0 == 0x20 || $0 == 0x09 })
            if try writeComment(slot, followedBy: next, put, put) {
                // The line break added after the comment has the items'
                // indentation: the blanks that followed on the line go.
                func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
                if var range = following {
                    while range.lowerBound < range.upperBound && isBlank(source[range.lowerBound]) {
                        range = range.lowerBound + 1..<range.upperBound
                    }
                    following = range
                } else {
                    followingBytes = Array(followingBytes.drop(while: isBlank))
                }
            }
            if isLast && m < n {
                // Positions that go: their own comments stay.
                for dropped in position..<n - 1 {
                    let between = lineEnds[dropped]..<starts[dropped + 1]
                    if let last = document.comments.last(where: { between.contains($0.lowerBound) }) {
                        try put(between.lowerBound..<last.upperBound)
                    }
                }
            }
            if let following { try put(following) } else { try put(followingBytes) }
        }
    }

    /// Whether `comment` moves with an item (leading or trailing).
    private func isOwnedByItem(_ comment: Range<Int>) -> Bool {
        for index in 0..<count {
            if comment.lowerBound >= starts[index] && comment.upperBound <= valueEnds[index] { return true }
            if let trailing = trailingComments[index], trailing.contains(comment.lowerBound) { return true }
        }
        return false
    }

    private func writeMain(
        _ slot: Slot, _ putRange: (Range<Int>) throws -> Void, _ putBytes: ([UInt8]) throws -> Void
    ) rethrows {
        switch slot {
        case .source(let index): try putRange(starts[index]..<valueEnds[index])
        case .new(let bytes): try putBytes(Array(bytes))
        }
    }

    /// A source item's trailing comment, then a line break when what
    /// follows (`next`, its first bytes) does not start with one: a comment
    /// must never swallow a comma or a bracket.
    /// Returns whether it added a line break.
    private func writeComment(
        _ slot: Slot, followedBy next: [UInt8],
        _ putRange: (Range<Int>) throws -> Void, _ putBytes: ([UInt8]) throws -> Void
    ) rethrows -> Bool {
        guard case .source(let index) = slot, let trailing = trailingComments[index] else { return false }
        try putRange(trailing)
        guard next.first != 0x0A && next.first != 0x0D else { return false }
        try putBytes(lineBreak + TOMLInlineLayout.indentation(source, at: valueStarts[index]))
        return true
    }

    func slots(_ arrangement: Arrangement, _ itemBytes: UnsafeRawBufferPointer) -> [Slot] {
        var slots: [Slot] = []
        slots.reserveCapacity(arrangement.count)
        for run in arrangement.runs {
            if run.isNewItem {
                slots.append(.new(UnsafeRawBufferPointer(rebasing: itemBytes[run.newItemBytes])))
            } else {
                for index in run.start..<run.end { slots.append(.source(index)) }
            }
        }
        return slots
    }

    func render(_ arrangement: Arrangement) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(source.count + 64)
        arrangement.itemBytes.withUnsafeBytes { itemBytes in
            write(slots(arrangement, itemBytes)) { output.append(contentsOf: $0) }
        }
        return output
    }

    func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        if !nested.regions.isEmpty { return try NestedSort.write(self, arrangement, gathered: write) }
        let output = render(arrangement)
        try output.withUnsafeBytes { bytes in
            try withUnsafeTemporaryAllocation(of: UnsafeRawBufferPointer.self, capacity: 1) { slices in
                slices[0] = bytes
                try write(UnsafeBufferPointer(slices))
            }
        }
    }

    func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        if !nested.regions.isEmpty { return NestedSort.outputEqualsSource(self, arrangement) }
        let output = render(arrangement)
        guard output.count == source.count else { return false }
        guard !output.isEmpty else { return true }
        return output.withUnsafeBytes { memoryEqual($0.baseAddress!, source.baseAddress!, source.count) }
    }

    /// The result must read as TOML again; nothing is written when not.
    func check(_ arrangement: Arrangement) throws {
        try NestedSort.check(self, arrangement)
        try TOMLCheck.reads(self, arrangement)
    }
}

/// The last safeguard of every TOML edit: the result is read again, and an
/// edit whose result is not valid TOML writes nothing.
enum TOMLCheck {
    static func reads(_ layout: some FormatLayout, _ arrangement: Arrangement) throws {
        var output: [UInt8] = []
        layout.write(arrangement) { slices in
            for slice in slices { output.append(contentsOf: slice) }
        }
        do {
            _ = try output.withUnsafeBytes { try TOMLDocument($0) }
        } catch let error as TOMLError {
            let problem: String
            switch error {
            case .syntax(let text, _): problem = text
            case .redefined(let key, let reason, _): problem = "'\(key)': \(reason)"
            case .cannotDelimit(let what, _): problem = what
            case .notAList(let pointer, let found, _): problem = "'\(pointer)' is \(found)"
            case .nothingAtPointer(let pointer, let reason): problem = "nothing at '\(pointer)': \(reason)"
            case .invalidValue(_, let reason): problem = reason
            case .keyExists(let key): problem = "the key '\(key)' twice"
            case .resultInvalid(let inner): problem = inner
            case .insertIntoSections(let table): problem = "a new item among the sections of '\(table)'"
            case .sectionsApart(let key, let header, _, let between, _):
                problem = "the section \(header) of '\(key)' apart from the others, \(between) between them"
            }
            throw TOMLError.resultInvalid(problem: problem)
        }
    }
}
