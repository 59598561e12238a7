/// A list being edited one operation at a time: a sequence of segments (runs
/// of source items, and new items) kept in a counted B+-tree ordered by
/// position, so that finding a position, cutting an item out and putting it
/// back elsewhere each cost O(log s) for s segments, however many items the
/// runs hold.
///
/// Positions here are indices into the list as it stands now (0-based).
/// Example: `RunSequence(sourceCount: 5)` is one run `0..<5`; after
/// `remove(1..<3)` and `insert(thatStretch, at: 3)` it is the runs
/// `0..<1, 3..<5, 1..<3`, that is `a d e b c`.
///
/// Why a B+-tree rather than a balanced binary tree: a batch of a hundred
/// thousand moves makes hundreds of thousands of segments, and a binary tree
/// over them misses the cache at almost every level. Here a node holds up to
/// 64 children's item counts side by side, and a leaf up to 64 segments, so
/// a lookup reads a few contiguous arrays.
struct RunSequence {
    /// One segment: source items `first ..< first + length`, or, when
    /// `first` is negative, new item `-first - 1` (and `length` is 1).
    struct Segment {
        var first: Int
        var length: Int
    }

    private let tree: RunTree
    /// The bytes new items are ranges of: at first `itemBytes` of `init`.
    var itemBytes: [UInt8]
    /// Where each new item's bytes are in `itemBytes`, by number.
    private var newItems: [Range<Int>] = []

    /// The source list of `sourceCount` items, whose new items will be
    /// ranges of `itemBytes` (a batch's script text, where its values are)
    /// and of bytes appended to it. `expectedItemUpdates` is about how many
    /// items will be cut out or put in, one at a time (for reserving room).
    init(sourceCount: Int, itemBytes: [UInt8] = [], expectedItemUpdates: Int = 0) {
        tree = RunTree(sourceCount: sourceCount, expectedUpdates: expectedItemUpdates)
        self.itemBytes = itemBytes
    }

    /// The number of items in the list now.
    var count: Int { tree.count }

    /// A stretch of the list, cut out by `remove`, to put back with `insert`.
    struct Stretch {
        fileprivate var segments: [Segment]
        static let empty = Stretch(segments: [])
    }

    /// Cuts the item at `position` out of the list.
    mutating func removeItem(at position: Int) -> Segment {
        tree.removeSpan(at: position, upTo: 1)
    }

    /// Puts `segment` back so that its first item ends at `position`, in
    /// `0 ... count`.
    mutating func insert(_ segment: Segment, at position: Int) {
        tree.insert(segment, at: position)
    }

    /// Exchanges the items at positions `i` and `j`.
    mutating func swapItems(_ i: Int, _ j: Int) {
        let (low, high) = (min(i, j), max(i, j))
        if low == high { return }
        // The later one first, so that cutting it leaves `low` where it is.
        let highItem = removeItem(at: high)
        let lowItem = removeItem(at: low)
        insert(highItem, at: low)
        insert(lowItem, at: high)
    }

    /// Cuts positions `range` out of the list.
    mutating func remove(_ range: Range<Int>) -> Stretch {
        var segments: [Segment] = []
        var left = range.count
        while left > 0 {
            let segment = tree.removeSpan(at: range.lowerBound, upTo: left)
            segments.append(segment)
            left -= segment.length
        }
        return Stretch(segments: segments)
    }

    /// Puts `stretch` back so that its first item ends at `position`, in
    /// `0 ... count`.
    mutating func insert(_ stretch: Stretch, at position: Int) {
        var position = position
        for segment in stretch.segments {
            tree.insert(segment, at: position)
            position += segment.length
        }
    }

    /// `first` followed by `second`.
    func joining(_ first: Stretch, _ second: Stretch) -> Stretch {
        Stretch(segments: first.segments + second.segments)
    }

    /// A new item whose bytes are `itemBytes[range]`, not yet in the list.
    mutating func newItemSegment(at range: Range<Int>) -> Segment {
        newItems.append(range)
        return RunSequence.newItemSegment(number: newItems.count - 1)
    }

    /// A new item with the bytes `value`, not yet in the list.
    mutating func newItemSegment(_ value: [UInt8]) -> Segment {
        let start = itemBytes.count
        itemBytes.append(contentsOf: value)
        return newItemSegment(at: start..<itemBytes.count)
    }

    /// A stretch of one new item with the bytes `value`.
    mutating func newItem(_ value: [UInt8]) -> Stretch {
        Stretch(segments: [newItemSegment(value)])
    }

    /// A list length for a list whose length is not known yet: the list is
    /// its first n items, and the others are never touched (see
    /// `PreparedSequence`).
    static let unknownLength = 1 << 60

    /// New item `number`, whose bytes the caller keeps, as a segment.
    static func newItemSegment(number: Int) -> Segment { Segment(first: -(number + 1), length: 1) }

    /// The segments in list order, as an arrangement of the source.
    func arrangement() -> Arrangement {
        arrangement(sourceCount: Int.max, itemBytes: itemBytes, newItems: newItems)
    }

    /// The segments in list order, as an arrangement of a source of
    /// `sourceCount` items, leaving out source items from `sourceCount` on;
    /// new item i is `itemBytes[newItems[i]]`.
    func arrangement(sourceCount: Int, itemBytes: [UInt8], newItems: [Range<Int>]) -> Arrangement {
        var result = Arrangement(itemBytes: itemBytes)
        result.reserveCapacity(runs: tree.segmentCountEstimate)
        tree.forEachSegment { first, length in
            if first >= 0 {
                let end = min(first + length, sourceCount)
                if first < end { result.append(run: first..<end) }
            } else {
                result.append(itemAt: newItems[-first - 1])
            }
        }
        return result
    }

    /// For each position, the source index it holds, or `-(i + 1)` for new
    /// item `i`. O(count): for looking at every item, as a value selector does.
    func contents() -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        tree.forEachSegment { first, length in
            if first >= 0 {
                result.append(contentsOf: first..<first + length)
            } else {
                result.append(first)
            }
        }
        return result
    }

    /// The bytes of new item `-(code + 1)`, for a code from `contents()`.
    func newItemBytes(code: Int) -> ArraySlice<UInt8> { itemBytes[newItems[-code - 1]] }
}

/// The B+-tree behind `RunSequence`, in flat arrays of plain integers.
///
/// Internal node `n` has `childCounts[n]` children `children[n * fanout + i]`
/// holding `totals[n * fanout + i]` items each. Leaf `l` has
/// `leafCounts[l]` segments `segments[l * leafCapacity + j]`, and
/// `leafNext[l]` is the leaf after it (-1 after the last); leaf 0 is always
/// the first. Nodes are split on the way down when full, so an update never
/// walks back up except to add its change in item count to the path's totals.
/// Leaves may shrink to nothing and stay: they are never more than the
/// splits that made them.
final class RunTree {
    static let fanout = 64
    static let leafCapacity = 64
    static let reservedLeafLimit = (128 << 20) / (leafCapacity * MemoryLayout<RunSequence.Segment>.stride)

    private var children: UnsafeMutablePointer<Int32>
    private var totals: UnsafeMutablePointer<Int>
    private var childCounts: UnsafeMutablePointer<Int32>
    private var nodeCount = 0
    private var nodeCapacity = 0

    /// A segment's `first` and `length` side by side: finding a segment
    /// and reading it is one cache miss, and moving segments one copy.
    private var segments: UnsafeMutablePointer<RunSequence.Segment>
    private var leafCounts: UnsafeMutablePointer<Int32>
    private var leafNext: UnsafeMutablePointer<Int32>
    private var leafCount = 0
    private var leafCapacityCount = 0

    /// The root: a leaf when `height` is 0, an internal node otherwise.
    private var root: Int32 = 0
    /// The number of internal levels.
    private var height = 0
    private(set) var count = 0

    /// The internal nodes and slots of the last descent, root first.
    private var pathNodes: UnsafeMutablePointer<Int32>
    private var pathSlots: UnsafeMutablePointer<Int32>

    /// The tree of one segment, the source items `0 ..< sourceCount`, with
    /// room for `expectedUpdates` calls of `insert` and `removeSpan`.
    ///
    /// Growing the storage copies it to fresh memory, whose every page is a
    /// page fault, so room for every leaf and node those updates can make
    /// is reserved up front: it costs address space, not memory, until it
    /// is used. An update adds at most two segments, and a leaf is split
    /// only when full, into halves that each need `leafCapacity / 2 - 1`
    /// more segments to fill again, so there are at most `1 + 2 * updates /
    /// (leafCapacity / 2 - 1)` leaves, and nodes likewise per leaf split.
    /// The reservation stops at `reservedLeafLimit` leaves (128 MiB of
    /// them), beyond which the storage grows as it needs.
    init(sourceCount: Int, expectedUpdates: Int) {
        let refill = RunTree.leafCapacity / 2 - 1
        let leaves = min(1 + 2 * expectedUpdates / refill, RunTree.reservedLeafLimit)
        let nodes = 1 + leaves / (RunTree.fanout / 2 - 1) + 1
        // SAFETY: freed in deinit; grown (see `grown`) before an index reaches its capacity.
        children = .allocate(capacity: nodes * RunTree.fanout)
        // SAFETY: freed in deinit; grown (see `grown`) before an index reaches its capacity.
        totals = .allocate(capacity: nodes * RunTree.fanout)
        // SAFETY: freed in deinit; grown (see `grown`) before an index reaches its capacity.
        childCounts = .allocate(capacity: nodes)
        nodeCapacity = nodes
        // SAFETY: freed in deinit; grown (see `grown`) before an index reaches its capacity.
        segments = .allocate(capacity: leaves * RunTree.leafCapacity)
        // SAFETY: freed in deinit; grown (see `grown`) before an index reaches its capacity.
        leafCounts = .allocate(capacity: leaves)
        // SAFETY: freed in deinit; grown (see `grown`) before an index reaches its capacity.
        leafNext = .allocate(capacity: leaves)
        leafCapacityCount = leaves
        // SAFETY: freed in deinit; a path is at most 64 levels deep (a fanout-wide tree of Int-many runs).
        pathNodes = .allocate(capacity: 64)
        // SAFETY: freed in deinit; a path is at most 64 levels deep (a fanout-wide tree of Int-many runs).
        pathSlots = .allocate(capacity: 64)
        let leaf = makeLeaf()
        if sourceCount > 0 {
            segments[0] = RunSequence.Segment(first: 0, length: sourceCount)
            leafCounts[Int(leaf)] = 1
        }
        count = sourceCount
    }

    deinit {
        children.deallocate()
        totals.deallocate()
        childCounts.deallocate()
        segments.deallocate()
        leafCounts.deallocate()
        leafNext.deallocate()
        pathNodes.deallocate()
        pathSlots.deallocate()
    }

    /// About how many segments there are (for reserving room).
    var segmentCountEstimate: Int { leafCount * RunTree.leafCapacity * 3 / 4 + 1 }

    /// Removes items from the segment at `position`: from `position` to the
    /// segment's end, or `limit` of them if fewer. Returns what it removed.
    func removeSpan(at position: Int, upTo limit: Int) -> RunSequence.Segment {
        let (leaf, offsetInLeaf) = descend(to: position)
        let base = Int(leaf) * RunTree.leafCapacity
        var j = base
        var offset = offsetInLeaf
        while offset >= segments[j].length {
            offset -= segments[j].length
            j += 1
        }
        let first = segments[j].first, length = segments[j].length
        let taken = min(length - offset, limit)
        let removed = RunSequence.Segment(first: first >= 0 ? first + offset : first, length: taken)
        if offset == 0 && taken == length {
            let end = base + Int(leafCounts[Int(leaf)])
            (segments + j).update(from: segments + j + 1, count: end - j - 1)
            leafCounts[Int(leaf)] -= 1
        } else if offset == 0 {
            segments[j] = RunSequence.Segment(first: first + taken, length: length - taken)
        } else if offset + taken == length {
            segments[j].length = offset
        } else {
            segments[j].length = offset
            insertEntry(leaf: leaf, at: j + 1, first: first + offset + taken, length: length - offset - taken)
        }
        addToPath(-taken)
        return removed
    }

    /// Inserts `segment` so that its first item ends at `position`.
    func insert(_ segment: RunSequence.Segment, at position: Int) {
        let (leaf, offsetInLeaf) = descend(to: position)
        let base = Int(leaf) * RunTree.leafCapacity
        let end = base + Int(leafCounts[Int(leaf)])
        var j = base
        var offset = offsetInLeaf
        while j < end && offset >= segments[j].length {
            offset -= segments[j].length
            j += 1
        }
        let first = segment.first
        if offset > 0 {
            // Inside segment j: it becomes two, with the new one between.
            let oldFirst = segments[j].first, oldLength = segments[j].length
            segments[j].length = offset
            insertEntry(leaf: leaf, at: j + 1, first: oldFirst + offset, length: oldLength - offset)
            insertEntry(leaf: leaf, at: j + 1, first: first, length: segment.length)
        } else if first >= 0 && j > base && segments[j - 1].first >= 0
                    && segments[j - 1].first + segments[j - 1].length == first {
            // Continues the segment before.
            segments[j - 1].length += segment.length
        } else if first >= 0 && j < end && segments[j].first >= 0 && first + segment.length == segments[j].first {
            // Runs into the segment after.
            segments[j].first = first
            segments[j].length += segment.length
        } else {
            insertEntry(leaf: leaf, at: j, first: first, length: segment.length)
        }
        addToPath(segment.length)
    }

    /// Calls `body` with each segment, in list order.
    func forEachSegment(_ body: (_ first: Int, _ length: Int) -> Void) {
        var leaf: Int32 = 0
        while leaf >= 0 {
            let base = Int(leaf) * RunTree.leafCapacity
            for j in base..<base + Int(leafCounts[Int(leaf)]) { body(segments[j].first, segments[j].length) }
            leaf = leafNext[Int(leaf)]
        }
    }

    // MARK: - Descending, splitting on the way

    /// The leaf holding `position` (or, at a boundary, the one that starts
    /// there; at `count`, the last) and `position` within it. Every node on
    /// the way has room for one more child, and the leaf for two more
    /// segments; the path is in `pathNodes`/`pathSlots`.
    @inline(__always)
    private func descend(to position: Int) -> (leaf: Int32, offset: Int) {
        if height == 0 {
            if Int(leafCounts[Int(root)]) > RunTree.leafCapacity - 2 { growRoot() }
        } else if Int(childCounts[Int(root)]) == RunTree.fanout {
            growRoot()
        }
        var node = root
        var position = position
        for level in 0..<height {
            let base = Int(node) * RunTree.fanout
            let last = base + Int(childCounts[Int(node)]) - 1
            var i = base
            while i < last && position >= totals[i] {
                position -= totals[i]
                i += 1
            }
            let child = children[i]
            let childIsFull = level == height - 1
                ? Int(leafCounts[Int(child)]) > RunTree.leafCapacity - 2
                : Int(childCounts[Int(child)]) == RunTree.fanout
            if childIsFull {
                if level == height - 1 { splitLeaf(parent: node, slot: i - base) } else { splitNode(parent: node, slot: i - base) }
                if position >= totals[i] {
                    position -= totals[i]
                    i += 1
                }
            }
            pathNodes[level] = node
            pathSlots[level] = Int32(i - base)
            node = children[i]
        }
        return (node, position)
    }

    @inline(__always)
    private func addToPath(_ delta: Int) {
        for level in 0..<height {
            totals[Int(pathNodes[level]) * RunTree.fanout + Int(pathSlots[level])] += delta
        }
        count += delta
    }

    /// Inserts a segment at `index` (an index into `segments`) of `leaf`,
    /// which has room.
    @inline(__always)
    private func insertEntry(leaf: Int32, at index: Int, first: Int, length: Int) {
        let end = Int(leaf) * RunTree.leafCapacity + Int(leafCounts[Int(leaf)])
        (segments + index + 1).update(from: segments + index, count: end - index)
        segments[index] = RunSequence.Segment(first: first, length: length)
        leafCounts[Int(leaf)] += 1
    }

    /// A new root above the old one, which is then split.
    private func growRoot() {
        let node = makeNode()
        children[Int(node) * RunTree.fanout] = root
        totals[Int(node) * RunTree.fanout] = count
        childCounts[Int(node)] = 1
        if height == 0 { splitLeaf(parent: node, slot: 0) } else { splitNode(parent: node, slot: 0) }
        root = node
        height += 1
    }

    /// Moves the upper half of leaf `parent`'s child `slot` to a new leaf
    /// after it.
    private func splitLeaf(parent: Int32, slot: Int) {
        let leaf = children[Int(parent) * RunTree.fanout + slot]
        let newLeaf = makeLeaf()
        let count = Int(leafCounts[Int(leaf)])
        let kept = count / 2
        let from = Int(leaf) * RunTree.leafCapacity + kept
        let to = Int(newLeaf) * RunTree.leafCapacity
        var moved = 0
        for k in 0..<count - kept {
            segments[to + k] = segments[from + k]
            moved += segments[from + k].length
        }
        leafCounts[Int(leaf)] = Int32(kept)
        leafCounts[Int(newLeaf)] = Int32(count - kept)
        leafNext[Int(newLeaf)] = leafNext[Int(leaf)]
        leafNext[Int(leaf)] = newLeaf
        insertChild(parent: parent, slot: slot + 1, child: newLeaf, total: moved)
        totals[Int(parent) * RunTree.fanout + slot] -= moved
    }

    /// Moves the upper half of node `parent`'s child `slot` to a new node
    /// after it.
    private func splitNode(parent: Int32, slot: Int) {
        let node = children[Int(parent) * RunTree.fanout + slot]
        let newNode = makeNode()
        let count = Int(childCounts[Int(node)])
        let kept = count / 2
        let from = Int(node) * RunTree.fanout + kept
        let to = Int(newNode) * RunTree.fanout
        var moved = 0
        for k in 0..<count - kept {
            children[to + k] = children[from + k]
            totals[to + k] = totals[from + k]
            moved += totals[from + k]
        }
        childCounts[Int(node)] = Int32(kept)
        childCounts[Int(newNode)] = Int32(count - kept)
        insertChild(parent: parent, slot: slot + 1, child: newNode, total: moved)
        totals[Int(parent) * RunTree.fanout + slot] -= moved
    }

    private func insertChild(parent: Int32, slot: Int, child: Int32, total: Int) {
        let base = Int(parent) * RunTree.fanout
        let end = base + Int(childCounts[Int(parent)])
        let index = base + slot
        (children + index + 1).update(from: children + index, count: end - index)
        (totals + index + 1).update(from: totals + index, count: end - index)
        children[index] = child
        totals[index] = total
        childCounts[Int(parent)] += 1
    }

    // MARK: - Storage

    private func makeNode() -> Int32 {
        if nodeCount == nodeCapacity {
            let capacity = max(16, nodeCapacity * 2)
            children = grown(children, from: nodeCapacity * RunTree.fanout, to: capacity * RunTree.fanout)
            totals = grown(totals, from: nodeCapacity * RunTree.fanout, to: capacity * RunTree.fanout)
            childCounts = grown(childCounts, from: nodeCapacity, to: capacity)
            nodeCapacity = capacity
        }
        childCounts[nodeCount] = 0
        nodeCount += 1
        return Int32(nodeCount - 1)
    }

    private func makeLeaf() -> Int32 {
        if leafCount == leafCapacityCount {
            let capacity = max(64, leafCapacityCount * 2)
            segments = grown(
                segments, from: leafCapacityCount * RunTree.leafCapacity, to: capacity * RunTree.leafCapacity)
            leafCounts = grown(leafCounts, from: leafCapacityCount, to: capacity)
            leafNext = grown(leafNext, from: leafCapacityCount, to: capacity)
            leafCapacityCount = capacity
        }
        leafCounts[leafCount] = 0
        leafNext[leafCount] = -1
        leafCount += 1
        return Int32(leafCount - 1)
    }

    private func grown<T>(_ pointer: UnsafeMutablePointer<T>, from old: Int, to new: Int) -> UnsafeMutablePointer<T> {
        // SAFETY: `new` >= `old`: the old elements move here and the old block is freed.
        let bigger = UnsafeMutablePointer<T>.allocate(capacity: new)
        bigger.moveInitialize(from: pointer, count: old)
        pointer.deallocate()
        return bigger
    }
}

