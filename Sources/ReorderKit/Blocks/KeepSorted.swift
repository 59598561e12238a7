/// `reorder fix`: sorts every block between a `keep-sorted start [options]`
/// line and a `keep-sorted end` line as google/keep-sorted does, and
/// leaves every other byte of the document where it was.
///
/// keep-sorted's rules, in its order, for one block:
/// 1. the blocks inside it are sorted first, and it sees their result;
/// 2. blank lines just before the end marker stay there; `skip_lines`
///    leaves lines after the start marker and before the end marker in
///    place;
/// 3. the lines are split into items (`groupLines`), and comments stick to
///    the item below them;
/// 4. when every item but the last ends with a comma, the last gets one
///    while sorting and the item that ends up last loses it;
/// 5. `newline_separated` takes the blank lines between items out;
///    `remove_duplicates` (the default) keeps the first of items with the
///    same lines and comments;
/// 6. the items are sorted, stably, by `ItemKey`; a block already in order
///    (and with nothing removed) is left exactly as it was;
/// 7. `newline_separated` puts its blank lines back between the items.
///
/// Where `reorder` differs on purpose, each rule says so: a closing
/// bracket stays with its item (`groupLines`, keep-sorted#10), Markdown
/// bullets with different markers sort by their text (`ItemKeyMaker`,
/// keep-sorted#131), the lines keep their own bytes and each position
/// its terminator (a CRLF file stays CRLF; keep-sorted sorts the CR with
/// the text), and a block whose sorted lines group otherwise is sorted
/// again in the same run (`sort`), so that `fix` twice is `fix` once.
public enum KeepSorted {
    /// keep-sorted's marker name (its `--id`).
    public static let defaultMarker = "keep-sorted"

    /// A fixed document: pieces of the source and new bytes, in order, and
    /// what was wrong with the blocks.
    public struct Result {
        public let pieces: [Piece]
        public let warnings: [KeepSortedWarning]
    }

    /// Sorts every marked block of `source`.
    public static func fix(_ source: UnsafeRawBufferPointer, markers: KeepSortedMarkers = KeepSortedMarkers()) -> Result {
        var fixer = Fixer(MarkedLines(source, markers: markers))
        return fixer.run()
    }

    /// The bytes between each block's start marker line and its end marker
    /// line (the lines, with their terminators), in the order the start
    /// markers stand: a block inside another comes after it.
    public static func blockBodies(_ source: UnsafeRawBufferPointer,
                                   markers: KeepSortedMarkers = KeepSortedMarkers()) -> [Range<Int>] {
        let lines = MarkedLines(source, markers: markers)
        return lines.allBlocks.map { lines.start($0.startLine + 1)..<lines.start($0.endLine) }
    }

    /// The prefixes each block's start marker makes sticky (its comment
    /// marker unless `sticky_comments=no`, and `sticky_prefixes`), in the
    /// order of `blockBodies`.
    static func blockStickyPrefixes(_ source: UnsafeRawBufferPointer,
                                    markers: KeepSortedMarkers = KeepSortedMarkers()) -> [[[UInt8]]] {
        let lines = MarkedLines(source, markers: markers)
        return lines.allBlocks.map { block in
            let split = Fixer.split(lines.bytes(block.startLine), at: lines.markers.start)
            return KeepSortedOptions.parse(before: split.before, options: split.after, line: block.startLine + 1).0.stickyPrefixes
        }
    }
}

/// A block ready to sort: its options, the lines it sorts (0-based, end
/// excluded), and the blocks inside those lines.
private struct PreparedBlock {
    /// The start and end markers' lines.
    let startLine: Int
    let endLine: Int
    let options: KeepSortedOptions
    let lines: Range<Int>
    var nested: [PreparedBlock]
}

private struct Fixer {
    let lines: MarkedLines
    var warnings: [KeepSortedWarning] = []

    init(_ lines: MarkedLines) { self.lines = lines }

    mutating func run() -> KeepSorted.Result {
        for (line, isStart) in lines.unpaired {
            // The marker that is missing.
            let text = String(decoding: isStart ? lines.markers.end : lines.markers.start, as: UTF8.self)
            warnings.append(KeepSortedWarning(line: line + 1, isStart ? .missingEnd(marker: text) : .missingStart(marker: text)))
        }
        var topLevel: [PreparedBlock] = []
        for block in lines.blocks { topLevel += prepare(block) }

        // Each block that changes replaces its lines; blocks do not
        // overlap (one inside another is sorted with it).
        var replacements: [(lines: Range<Int>, with: [BlockLine])] = []
        for block in topLevel.sorted(by: { $0.lines.lowerBound < $1.lines.lowerBound }) {
            if let sorted = sort(block) { replacements.append((block.lines, sorted)) }
        }
        warnings = warnings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        return KeepSorted.Result(pieces: pieces(replacing: replacements), warnings: warnings)
    }

    /// `block` and the blocks inside it, ready to sort: as one block with
    /// the blocks inside the lines it sorts nested, and after it the ones
    /// that stand in lines it leaves alone (skipped), which are sorted on
    /// their own. A block that cannot be sorted gives a warning and its
    /// inner blocks in its place.
    mutating func prepare(_ block: MarkedBlock) -> [PreparedBlock] {
        let startText = lines.bytes(block.startLine)
        let split = Fixer.split(startText, at: lines.markers.start)
        let (options, optionWarnings) = KeepSortedOptions.parse(before: split.before, options: split.after,
                                                               line: block.startLine + 1)
        warnings += optionWarnings

        // Blank lines before the end marker stay there.
        var end = block.endLine
        while end > block.startLine + 1 && isBlank(lines.bytes(end - 1)) { end -= 1 }
        let first = block.startLine + 1 + options.skipAtStart
        let last = end - options.skipAtEnd
        var inner: [PreparedBlock] = []
        for child in block.children { inner += prepare(child) }
        guard block.startLine + options.skipAtStart < last else {
            warnings.append(KeepSortedWarning(line: block.startLine + 1, .skipsWholeBlock(
                skipAtStart: options.skipAtStart, skipAtEnd: options.skipAtEnd, lines: block.endLine - block.startLine - 1)))
            return inner
        }
        let sorted = first..<max(first, last)
        var prepared = PreparedBlock(startLine: block.startLine, endLine: block.endLine, options: options,
                                     lines: sorted, nested: [])
        var outside: [PreparedBlock] = []
        var across: PreparedBlock? = nil
        for child in inner {
            if sorted.contains(child.startLine) && sorted.contains(child.endLine) {
                prepared.nested.append(child)
            } else if child.endLine < sorted.lowerBound || child.startLine >= sorted.upperBound {
                outside.append(child)
            } else {
                across = across ?? child
                outside.append(child)
            }
        }
        if let across {
            warnings.append(KeepSortedWarning(line: block.startLine + 1, .nestedBlockAcrossSkippedLines(innerLine: across.startLine + 1)))
            return prepared.nested + outside
        }
        prepared.nested.sort { $0.lines.lowerBound < $1.lines.lowerBound }
        // An inner block whose lines this block's items split (`group=no`,
        // or a comment rule that takes its start marker for a comment):
        // sorting would move its markers apart, and each run again.
        if let split = splitNestedBlock(prepared) {
            warnings.append(KeepSortedWarning(line: block.startLine + 1, .nestedBlockSplit(innerLine: split + 1)))
            return prepared.nested + outside
        }
        return [prepared] + outside
    }

    /// The start line of the first inner block of `block` whose lines do
    /// not all fall in one of its items, or nil.
    func splitNestedBlock(_ block: PreparedBlock) -> Int? {
        guard !block.nested.isEmpty else { return nil }
        let content = block.lines.map { BlockLine(bytes: lines.bytes($0), origin: lines.content($0)) }
        var item: [Int] = []
        for (index, group) in groupLines(content, block.options, lines.markers).enumerated() {
            item += repeatElement(index, count: group.comment.count + group.lines.count)
        }
        guard item.count == content.count else { return block.nested.first?.startLine }
        let base = block.lines.lowerBound
        return block.nested.first { item[$0.startLine - base] != item[$0.endLine - base] }?.startLine
    }

    /// The text before and after the first `marker` in `line`.
    static func split(_ line: [UInt8], at marker: [UInt8]) -> (before: ArraySlice<UInt8>, after: ArraySlice<UInt8>) {
        var index = 0
        while index + marker.count <= line.count {
            if line[index..<index + marker.count].elementsEqual(marker) {
                return (line[..<index], line[(index + marker.count)...])
            }
            index += 1
        }
        return (line[...], [])
    }

    /// The sorted lines of `block`, or nil when it is in order already
    /// (and the blocks inside it too).
    func sort(_ block: PreparedBlock) -> [BlockLine]? {
        var content = block.lines.map { BlockLine(bytes: lines.bytes($0), origin: lines.content($0)) }
        // Inner blocks first: this block sorts their result.
        var innerChanged = false
        var merged: [BlockLine] = []
        var cursor = block.lines.lowerBound
        for inner in block.nested {
            guard let sorted = sort(inner) else { continue }
            innerChanged = true
            merged += content[(cursor - block.lines.lowerBound)..<(inner.lines.lowerBound - block.lines.lowerBound)]
            merged += sorted
            cursor = inner.lines.upperBound
        }
        if innerChanged {
            merged += content[(cursor - block.lines.lowerBound)...]
            content = merged
        }

        // Sorting can change how the result's lines group (the block's
        // first line, whose indentation says which lines continue an item,
        // or whether every item is a list bullet): the result is sorted
        // again until it is in order as it groups, so that a second run
        // changes nothing. (A handful of rounds settle every block seen;
        // one that has not settled by then is left as the last round gave.)
        var current = content
        var changed = innerChanged
        for round in 0..<8 {
            guard let next = sortOnce(current, block.options, force: round == 0 && innerChanged) else { break }
            if round > 0 && next.map(\.bytes) == current.map(\.bytes) { break }
            current = next
            changed = true
        }
        return changed ? current : nil
    }

    /// One round of `sort`: the lines of `content` as `options` group and
    /// order them, or nil when they are in order (and not `force`).
    func sortOnce(_ content: [BlockLine], _ options: KeepSortedOptions, force innerChanged: Bool) -> [BlockLine]? {
        var groups = groupLines(content, options, lines.markers)

        // A list whose items all end with a comma but the last: the last
        // gets one while sorting, and the item that ends up last loses it.
        // A blank line is no item here: keep-sorted counts it, so a comma
        // list with blank lines between its items is not seen as one (its
        // commas end up out of place), and a blank line last of the items
        // gets the comma (`newline_separated` with a comment after the
        // list, run twice).
        let withLines = groups.indices.filter { !groups[$0].lines.isEmpty && !groups[$0].isBlankLine }
        var commaAdded = false
        let comma = UInt8(ascii: ",")
        if withLines.count > 1,
           withLines.dropLast().allSatisfy({ groups[$0].lines.last!.hasSuffix(comma) }),
           !groups[withLines.last!].lines.last!.hasSuffix(comma) {
            let last = withLines.last!
            groups[last].lines[groups[last].lines.count - 1].append(comma)
            commaAdded = true
        }

        var wasNewlineSeparated = true
        if options.newlineSeparated > 0 {
            // A blank line that an item continues over (`group_end_regex`
            // ends items at a line, not at a blank) is a separator all the
            // same: left in the item, every run would add one more.
            groups = groups.flatMap { group -> [LineGroup] in
                var group = group
                var blanks: [LineGroup] = []
                if group.comment.isEmpty {
                    while group.lines.count > 1 && isBlank(group.lines[0].bytes) {
                        blanks.append(LineGroup(comment: [], lines: [group.lines.removeFirst()]))
                    }
                } else {
                    while !group.comment.isEmpty && isBlank(group.comment[0].bytes) {
                        blanks.append(LineGroup(comment: [], lines: [group.comment.removeFirst()]))
                    }
                }
                return blanks + [group]
            }
            wasNewlineSeparated = Fixer.isNewlineSeparated(groups, by: options.newlineSeparated)
            groups.removeAll { $0.isBlankLine }
        }

        var removedDuplicate = false
        if options.removeDuplicates {
            var seen = Set<ItemIdentity>()
            groups = groups.filter { group in
                let identity = ItemIdentity(bytes: group.joinedLines + [0x0A] + group.joinedComment)
                if seen.insert(identity).inserted { return true }
                removedDuplicate = true
                return false
            }
        }

        let maker = ItemKeyMaker(options: options, groups: groups)
        let keys = groups.map(maker.key)
        let order = ItemKey.withComparison(keys, descending: options.descending) { compare -> [Int]? in
            let inOrder = keys.indices.dropFirst().allSatisfy { compare($0, $0 - 1) >= 0 }
            if !innerChanged && wasNewlineSeparated && !removedDuplicate && inOrder { return nil }
            // Stable: equal items keep their order.
            return keys.indices.sorted { a, b in
                let c = compare(a, b)
                return c != 0 ? c < 0 : a < b
            }
        }
        guard let order else { return nil }
        var sortedGroups = order.map { groups[$0] }
        if commaAdded, let last = sortedGroups.lastIndex(where: { !$0.lines.isEmpty && !$0.isBlankLine }) {
            sortedGroups[last].lines[sortedGroups[last].lines.count - 1].trimSuffix(comma)
        }

        var result: [BlockLine] = []
        result.reserveCapacity(content.count)
        for (index, group) in sortedGroups.enumerated() {
            if index > 0 {
                for _ in 0..<options.newlineSeparated { result.append(.blank) }
            }
            result += group.comment
            result += group.lines
        }
        return result
    }

    /// True when `groups` are items with `count` blank lines between each
    /// two, and none before the first or after the last.
    static func isNewlineSeparated(_ groups: [LineGroup], by count: Int) -> Bool {
        var index = 0
        while index < groups.count {
            if groups[index].isBlankLine { return false }
            index += 1
            guard index < groups.count else { return true }
            for _ in 0..<count {
                guard index < groups.count, groups[index].isBlankLine else { return false }
                index += 1
            }
            guard index < groups.count else { return false }
        }
        return true
    }

    /// The document with each range of lines replaced. Each new line is
    /// written with the terminator of the line that stood at its position
    /// (past the old lines' end, with the last one's).
    func pieces(replacing replacements: [(lines: Range<Int>, with: [BlockLine])]) -> [Piece] {
        var pieces: [Piece] = []
        var copied = 0
        for (range, newLines) in replacements where !range.isEmpty {
            pieces.append(.source(copied..<lines.start(range.lowerBound)))
            for (index, line) in newLines.enumerated() {
                if let origin = line.origin {
                    pieces.append(.source(origin))
                } else if !line.bytes.isEmpty {
                    pieces.append(.bytes(line.bytes))
                }
                pieces.append(.source(lines.terminator(min(range.lowerBound + index, range.upperBound - 1))))
            }
            copied = lines.start(range.upperBound)
        }
        pieces.append(.source(copied..<lines.source.count))
        return pieces.filter {
            if case .source(let range) = $0 { return !range.isEmpty }
            return true
        }
    }
}

/// An item's lines and comment, hashed as one run of bytes (an array of
/// bytes hashes byte by byte).
private struct ItemIdentity: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
