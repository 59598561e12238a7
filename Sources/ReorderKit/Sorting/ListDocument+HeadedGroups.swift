/// A list read with comment headings (`ReadOptions.commentHeadings`) whose
/// items move across its headings: the headings stay on their lines, and
/// the items between them change, as a collection view's section headers
/// stay while items move between sections. A sort within groups needs none
/// of this (each group keeps its positions); a move, a swap, a batch, or
/// what `pick` and `edit` give does.
extension ListDocument {
    /// The source gaps that hold a heading (gap `g`: between source items
    /// `g` and `g + 1`), in order; empty when the list was not read with
    /// comment headings or has none between its items.
    func headingGaps() -> [Int] {
        guard readOptions.commentHeadings, count > 1 else { return [] }
        return (1..<count).filter { layout.groupHeading(before: $0) != nil }.map { $0 - 1 }
    }

    /// The number of groups the headings between items make (one more
    /// than those headings), and each source item's group.
    public func headedGroups() -> (count: Int, groupOfItem: [Int]) {
        let gaps = headingGaps()
        var groupOfItem = [Int](repeating: 0, count: count)
        var group = 0, next = 0
        for index in 0..<count {
            if next < gaps.count && gaps[next] == index - 1 {
                group += 1
                next += 1
            }
            groupOfItem[index] = group
        }
        return (gaps.count + 1, groupOfItem)
    }

    /// Read with comment headings and holding one at least: each group's
    /// number of items and its title (its heading as written, or
    /// `(no heading)` for the items above the first heading), as `pick`
    /// and `edit` show them; nil for a list without headings.
    public func headedGroupTitles() -> [(count: Int, title: String)]? {
        guard readOptions.commentHeadings, count > 0 else { return nil }
        let (groupCount, groupOfItem) = headedGroups()
        let firstHeading = groupHeading(ofItem: 0)
        guard groupCount > 1 || firstHeading != nil else { return nil }
        var groups = [(count: Int, title: String)](repeating: (0, ""), count: groupCount)
        for (index, group) in groupOfItem.enumerated() {
            if groups[group].count == 0 { groups[group].title = groupHeading(ofItem: index) ?? "(no heading)" }
            groups[group].count += 1
        }
        return groups
    }

    /// The arrangement that gives group `g` (as `headedGroups` numbers
    /// them) the items `groups[g]`, in that order, each a source index or
    /// a new item's bytes: the heading of every group stays on its line,
    /// above the group's first item (when a group is left empty, its
    /// heading stands right above the next group's); the other gaps are
    /// the source's in order, then the list's usual separator.
    public func headedArrangement(_ groups: [[SectionedItemValue]]) -> Arrangement {
        let headings = headingGaps()
        var arrangement = Arrangement()
        var kept = [Bool](repeating: false, count: count)
        for group in groups {
            for item in group {
                switch item {
                case .source(let index):
                    arrangement.append(run: index..<index + 1)
                    kept[index] = true
                case .new(let bytes):
                    arrangement.append(item: bytes)
                }
            }
        }
        let m = arrangement.count
        guard !headings.isEmpty, m > 0, count > 0 else { return arrangement }
        // Where each heading goes: the result gap before its group's first
        // position; before the first item or after the last when every
        // group before it, or from it on, is empty.
        var gaps = [Int](repeating: -2, count: max(m - 1, 0))
        var before: [Int: [Int]] = [:]
        var leading: [Int] = [], atEnd: [Int] = []
        var start = groups[0].count
        for (number, gap) in headings.enumerated() {
            let group = number + 1
            if start == 0 {
                leading.append(gap)
            } else if start >= m {
                atEnd.append(gap)
            } else if gaps[start - 1] >= 0 {
                // An empty group before: its heading stays above this one.
                before[start - 1, default: []].append(gaps[start - 1])
                gaps[start - 1] = gap
            } else {
                gaps[start - 1] = gap
            }
            start += group < groups.count ? groups[group].count : 0
        }
        // The other result gaps: the source's other gaps in order, then the
        // usual separator; the source's gaps left over are dropped (their
        // comments, if any, stay after the last item).
        let isHeading = Set(headings)
        var others = (0..<count - 1).filter { !isHeading.contains($0) }[...]
        for r in gaps.indices where gaps[r] == -2 {
            gaps[r] = others.popFirst() ?? -1
        }
        atEnd += others
        arrangement.gapPlan = PositionGaps(gaps: gaps, before: before, inside: [:], leading: leading,
                                           atEnd: atEnd, kept: kept)
        return arrangement
    }

    /// `arrangement` (a move, a swap, a batch) made to keep this list's
    /// headings between the same items: the source items not in `moved`
    /// (the items the user named; nil: those outside a longest run of
    /// source items the result keeps in their order) stay in their groups,
    /// and every other item
    /// joins the group of the staying item it lands right before (the one
    /// after a heading: below it), or, with none after it, that of the
    /// last staying item. Unchanged for a list without headings between
    /// its items.
    /// A result that keeps its source items in their order (a delete, an
    /// insert) is the writer's to plan (`PositionGaps`), as without
    /// headings: they stand between the same items already.
    func keepingHeadings(_ arrangement: Arrangement, moved: Set<Int>? = nil) -> Arrangement {
        var lastSource = -1
        let inOrder = arrangement.segments.allSatisfy { segment in
            guard case .run(let range) = segment else { return true }
            defer { lastSource = range.upperBound - 1 }
            return range.lowerBound > lastSource
        }
        guard !inOrder else { return arrangement }
        let (groupCount, groupOfItem) = headedGroups()
        guard groupCount > 1 else { return arrangement }
        let items = arrangement.segments.flatMap { segment -> [SectionedItemValue] in
            switch segment {
            case .run(let range): return range.map { .source($0) }
            case .item(let bytes): return [.new(bytes)]
            }
        }
        // The staying items: a longest increasing run of source indices,
        // among those the user did not name.
        var candidates: [Int] = [], values: [Int] = []
        for (position, item) in items.enumerated() {
            if case .source(let index) = item, !(moved?.contains(index) ?? false) {
                candidates.append(position)
                values.append(index)
            }
        }
        var group = [Int?](repeating: nil, count: items.count)
        for k in longestIncreasingRun(values) { group[candidates[k]] = groupOfItem[values[k]] }
        // The others: the group of the next staying item, or the last one.
        var next: Int? = nil
        for position in items.indices.reversed() {
            if let own = group[position] { next = own } else if let next { group[position] = next }
        }
        let last = group.compactMap { $0 }.last ?? groupCount - 1
        var groups = [[SectionedItemValue]](repeating: [], count: groupCount)
        for (position, item) in items.enumerated() { groups[group[position] ?? last].append(item) }
        // The groups only grow along the result, so they hold its items in
        // the order the edit gave.
        return headedArrangement(groups)
    }
}

/// One item of a result given group by group: a source item by index, or
/// a new item's bytes.
public enum SectionedItemValue: Equatable, Sendable {
    case source(Int)
    case new([UInt8])
}
