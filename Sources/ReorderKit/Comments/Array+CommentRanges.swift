/// Where comments are, for a format's comment lexer and the delimited
/// writer: ranges of the source in order, none overlapping another, found
/// by binary search.
extension Array where Element == Range<Int> {
    /// The index of the first range that ends after `offset` (`count`:
    /// none).
    func firstIndex(endingAfter offset: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the first range that starts at or after `offset`
    /// (`count`: none).
    func firstIndex(startingAtOrAfter offset: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The last range that starts before `range` ends and ends after it
    /// starts (a comment within it, or overlapping it); nil when there is
    /// none or `range` is empty.
    func last(in range: Range<Int>) -> Range<Int>? {
        guard !range.isEmpty else { return nil }
        var low = firstIndex(endingAfter: range.lowerBound), high = count
        guard low < high, self[low].lowerBound < range.upperBound else { return nil }
        while high - low > 1 {
            let middle = (low + high) / 2
            if self[middle].lowerBound < range.upperBound { low = middle } else { high = middle }
        }
        return self[low]
    }
}
