/// One longest strictly increasing run (subsequence) of `values`: the
/// positions in `values` of its members, in order (patience sorting,
/// O(n log n)). Of the items a new order keeps where they were, this is
/// the largest set that can stay: what `pick` and `edit` leave in place
/// in each list, and what keeps its group when items move across headings.
func longestIncreasingRun(_ values: [Int]) -> [Int] {
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for k in values.indices {
        var low = 0, high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < values[k] { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[k] = tails[low - 1] }
        if low == tails.count { tails.append(k) } else { tails[low] = k }
    }
    var run: [Int] = []
    var k = tails.last ?? -1
    while k >= 0 {
        run.append(k)
        k = previous[k]
    }
    return run.reversed()
}
