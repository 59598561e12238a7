/// A list being edited one operation at a time: a sequence of segments (runs
/// of source items, and new items) kept in an implicit treap ordered by
/// position, so that splitting at a position, cutting a stretch out and
/// putting it back elsewhere each cost O(log s) for s segments, however many
/// items the runs hold.
///
/// Positions here are indices into the list as it stands now (0-based).
/// Example: `RunSequence(sourceCount: 5)` is one run `0..<5`; after
/// `remove(1..<3)` and `insert(thatStretch, at: 3)` it is the runs
/// `0..<1, 3..<5, 1..<3`, that is `a d e b c`.
struct RunSequence {
    private struct Node {
        var left: Int32 = 0
        var right: Int32 = 0
        var priority: UInt32 = 0
        /// The number of items in this node's subtree.
        var total: Int = 0
        /// A run's first source index, or `-(i + 1)` for new item `i`.
        var first: Int = 0
        /// The number of items of this node's own segment.
        var length: Int = 0
    }

    /// Node 0 is the empty tree.
    private var nodes: [Node] = [Node()]
    private var root: Int32 = 0
    private var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
    /// The values of new items, by number.
    private(set) var newItems: [[UInt8]] = []

    init(sourceCount: Int) {
        if sourceCount > 0 { root = makeNode(first: 0, length: sourceCount) }
    }

    /// The number of items in the list now.
    var count: Int { nodes[Int(root)].total }

    /// A stretch of the list, cut out by `remove`, to put back with `insert`.
    struct Stretch {
        fileprivate var tree: Int32
        static let empty = Stretch(tree: 0)
    }

    /// Cuts positions `range` out of the list.
    mutating func remove(_ range: Range<Int>) -> Stretch {
        let (before, rest) = split(root, range.lowerBound)
        let (middle, after) = split(rest, range.count)
        root = merge(before, after)
        return Stretch(tree: middle)
    }

    /// Puts `stretch` back so that its first item ends at `position`, in
    /// `0 ... count`.
    mutating func insert(_ stretch: Stretch, at position: Int) {
        let (before, after) = split(root, position)
        root = merge(merge(before, stretch.tree), after)
    }

    /// `first` followed by `second`.
    mutating func joining(_ first: Stretch, _ second: Stretch) -> Stretch {
        Stretch(tree: merge(first.tree, second.tree))
    }

    /// A stretch of one new item with the bytes `value`.
    mutating func newItem(_ value: [UInt8]) -> Stretch {
        newItems.append(value)
        return Stretch(tree: makeNode(first: -newItems.count, length: 1))
    }

    /// The segments in list order, as an arrangement of the source.
    func arrangement() -> Arrangement {
        var result = Arrangement()
        // An explicit stack: the walk costs no recursion.
        var stack: [Int32] = []
        var node = root
        while node != 0 || !stack.isEmpty {
            while node != 0 {
                stack.append(node)
                node = nodes[Int(node)].left
            }
            let current = nodes[Int(stack.removeLast())]
            if current.first >= 0 {
                result.append(run: current.first..<current.first + current.length)
            } else {
                result.append(item: newItems[-current.first - 1])
            }
            node = current.right
        }
        return result
    }

    /// For each position, the source index it holds, or `-(i + 1)` for new
    /// item `i`. O(count): for looking at every item, as a value selector does.
    func contents() -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        var stack: [Int32] = []
        var node = root
        while node != 0 || !stack.isEmpty {
            while node != 0 {
                stack.append(node)
                node = nodes[Int(node)].left
            }
            let current = nodes[Int(stack.removeLast())]
            if current.first >= 0 {
                result.append(contentsOf: current.first..<current.first + current.length)
            } else {
                result.append(current.first)
            }
            node = current.right
        }
        return result
    }

    /// The bytes of new item `-(code + 1)`, for a code from `contents()`.
    func newItemBytes(code: Int) -> [UInt8] { newItems[-code - 1] }

    // MARK: - The treap

    private mutating func makeNode(first: Int, length: Int) -> Int32 {
        nodes.append(Node(left: 0, right: 0, priority: UInt32(truncatingIfNeeded: random.next() >> 32),
                          total: length, first: first, length: length))
        return Int32(nodes.count - 1)
    }

    @inline(__always)
    private mutating func update(_ node: Int32) {
        let n = Int(node)
        nodes[n].total = nodes[Int(nodes[n].left)].total + nodes[n].length + nodes[Int(nodes[n].right)].total
    }

    /// Splits `tree` into its first `position` items and the rest, cutting a
    /// run in two where `position` falls inside it.
    private mutating func split(_ tree: Int32, _ position: Int) -> (Int32, Int32) {
        if tree == 0 { return (0, 0) }
        let t = Int(tree)
        let leftTotal = nodes[Int(nodes[t].left)].total
        if position <= leftTotal {
            let (a, b) = split(nodes[t].left, position)
            nodes[t].left = b
            update(tree)
            return (a, tree)
        }
        let ownEnd = leftTotal + nodes[t].length
        if position >= ownEnd {
            let (a, b) = split(nodes[t].right, position - ownEnd)
            nodes[t].right = a
            update(tree)
            return (tree, b)
        }
        // `position` falls inside this node's run: the part after it becomes
        // a node of its own, in front of the right subtree.
        let cut = position - leftTotal
        let tail = makeNode(first: nodes[t].first + cut, length: nodes[t].length - cut)
        nodes[t].length = cut
        let right = merge(tail, nodes[t].right)
        nodes[t].right = 0
        update(tree)
        return (tree, right)
    }

    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        if a == 0 { return b }
        if b == 0 { return a }
        if nodes[Int(a)].priority > nodes[Int(b)].priority {
            nodes[Int(a)].right = merge(nodes[Int(a)].right, b)
            update(a)
            return a
        } else {
            nodes[Int(b)].left = merge(a, nodes[Int(b)].left)
            update(b)
            return b
        }
    }
}

/// A small, seeded generator: the tree's shape is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
