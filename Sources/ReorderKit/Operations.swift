/// The single operations, as arrangements of a list of `count` items.
///
/// Every index here is already resolved (0-based, in range): `from`, `i`,
/// `j` and `at` of `deleting` are source indices, `to` and `at` of
/// `inserting` are positions in the result.
public enum Operations {
    /// Takes item `from` out and puts it back so that it ends at `to`
    /// (`UICollectionView.moveItem(at:to:)`, JSON Patch `move`).
    ///
    /// `moving(from: 0, to: 3, count: 5)`: `a b c d e → b c d a e`.
    public static func moving(from: Int, to: Int, count: Int) -> Arrangement {
        moving(block: [from], to: to, count: count)
    }

    /// Takes the items `block` (sorted, distinct source indices) out and puts
    /// them back together, in their order, so that the first ends at `to`, a
    /// position in `0 ... count - block.count`.
    ///
    /// `moving(block: [0, 2], to: 1, count: 5)`: `a b c d e → b a c d e`.
    public static func moving(block: [Int], to: Int, count: Int) -> Arrangement {
        var remaining = Arrangement()
        var start = 0
        for index in block {
            remaining.append(run: start..<index)
            start = index + 1
        }
        remaining.append(run: start..<count)

        var result = Arrangement()
        var position = 0
        func appendBlock() {
            for index in block { result.append(run: index..<index + 1) }
        }
        var placed = false
        for segment in remaining.segments {
            guard case .run(let range) = segment else { continue }
            if !placed && position + range.count > to {
                let split = range.lowerBound + (to - position)
                result.append(run: range.lowerBound..<split)
                appendBlock()
                placed = true
                result.append(run: split..<range.upperBound)
            } else {
                result.append(run: range)
            }
            position += range.count
        }
        if !placed { appendBlock() }
        return result
    }

    /// Exchanges items `i` and `j`.
    public static func swapping(_ i: Int, _ j: Int, count: Int) -> Arrangement {
        if i == j { return .identity(count: count) }
        let (low, high) = (min(i, j), max(i, j))
        var result = Arrangement()
        result.append(run: 0..<low)
        result.append(run: high..<high + 1)
        result.append(run: low + 1..<high)
        result.append(run: low..<low + 1)
        result.append(run: high + 1..<count)
        return result
    }

    /// Adds `item` so that it ends at position `at`, in `0 ... count`.
    public static func inserting(_ item: [UInt8], at: Int, count: Int) -> Arrangement {
        var result = Arrangement()
        result.append(run: 0..<at)
        result.append(item: item)
        result.append(run: at..<count)
        return result
    }

    /// Removes the items `indices` (sorted, distinct source indices).
    public static func deleting(_ indices: [Int], count: Int) -> Arrangement {
        var result = Arrangement()
        var start = 0
        for index in indices {
            result.append(run: start..<index)
            start = index + 1
        }
        result.append(run: start..<count)
        return result
    }

    /// The items in the opposite order.
    public static func reversing(count: Int) -> Arrangement {
        Arrangement(sourceOrder: (0..<count).reversed())
    }
}
