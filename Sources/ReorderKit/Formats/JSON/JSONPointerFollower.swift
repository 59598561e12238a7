/// Follows a JSON Pointer while the scanner reads the document: it is told
/// where values start, which keys objects have and where containers close,
/// and works out where the target is, or why there is none.
///
/// Depths count open containers: the root value starts at depth 0, the
/// members of the root container at depth 1. Token `k` is looked up in the
/// container at depth `k + 1`; the target starts at depth `tokens.count`.
/// The scanner calls in only at the depths this struct names
/// (`watched`), so a
/// document's other values cost one comparison each.
struct JSONPointerFollower {
    private let tokens: [String]
    private let tokenBytes: [[UInt8]]
    private let tokenIndices: [Int?]

    /// What was found; the scanner adds the element starts.
    private(set) var scan = JSONScan()

    /// Value starts at this depth go to `noteValueStart`.
    private(set) var watchDepth = 0
    /// Keys of the object at this depth go to `noteKey` (-1: none).
    private(set) var keyDepth = -1
    /// Value starts at this depth are elements of the target array (-1:
    /// the target is not open).
    private(set) var elementDepth = -1

    /// How many containers on the pointer's path are open; the deepest is
    /// at depth `pathOpen`.
    private var pathOpen = 0
    private var pathOpenOffsets: [Int] = []
    /// Elements seen so far in each open path container that is an array.
    private var pathCounts: [Int] = []
    /// Whether the deepest open path container has shown the member its
    /// token names (for "nothing there", and for a key seen twice).
    private var deepestFound = false
    /// Whether the value that starts next is the member the deepest path
    /// container's token names.
    private var slotMatches = true

    init(tokens: [String]) {
        self.tokens = tokens
        tokenBytes = tokens.map { Array($0.utf8) }
        tokenIndices = tokens.map(JSONPointer.arrayIndex)
    }

    private var pointerText: String { JSONPointer(tokens: tokens).text }

    private func prefixText(_ count: Int) -> String {
        JSONPointer(tokens: Array(tokens.prefix(count))).text
    }

    /// A value of `kind` starts at `offset`, at `depth` (== `watchDepth`).
    mutating func noteValueStart(_ offset: Int, depth: Int, kind: JSONKind, stack: ContainerStack) {
        // After a key seen twice the target is ambiguous: stop looking.
        guard scan.pointerError == nil else { return }
        if pathOpen > 0 && stack.isArray(at: pathOpen) {
            slotMatches = pathCounts[pathOpen - 1] == tokenIndices[pathOpen - 1]
            pathCounts[pathOpen - 1] += 1
        }
        guard slotMatches else { return }
        slotMatches = false
        deepestFound = true
        if depth == tokens.count {
            scan.targetKind = kind
            scan.targetStart = offset
            scan.parentOpen = pathOpenOffsets.last
            if kind == .array {
                scan.openBracket = offset
                elementDepth = depth + 1
            }
        } else if kind == .object || kind == .array {
            pathOpen += 1
            pathOpenOffsets.append(offset)
            pathCounts.append(0)
            deepestFound = false
            watchDepth = pathOpen
            keyDepth = kind == .object ? pathOpen : -1
        } else {
            scan.pointerError = JSONErrors.nothingAtPointer(
                pointer: pointerText,
                reason: "\(Self.subject(prefixText(depth))) is \(JSONErrors.article(kind)), which has no members")
        }
    }

    /// The object at `depth` (== `keyDepth`) has the key at `keyRange`.
    mutating func noteKey(_ keyRange: Range<Int>, depth: Int, source: UnsafeRawBufferPointer) {
        let matches = JSONText.string(source, keyRange, equals: tokenBytes[depth - 1])
        if matches && deepestFound && scan.pointerError == nil {
            scan.pointerError = JSONErrors.duplicateKey(
                key: tokens[depth - 1], object: prefixText(depth - 1), offset: keyRange.lowerBound)
        }
        slotMatches = matches
    }

    /// The depths at which the scanner must call in.
    struct WatchedDepths {
        /// Value starts here go to `noteValueStart`.
        let watchDepth: Int
        /// Keys of the object at this depth go to `noteKey` (-1: none).
        let keyDepth: Int
        /// Value starts here are elements of the target array (-1: none).
        let elementDepth: Int
        /// Containers closing here go to `noteClose` (-1: none).
        let pathDepth: Int

        /// Whether the container closing at `depth` is the target or on the path.
        @inline(__always)
        func closes(depth: Int) -> Bool { depth == elementDepth || depth == pathDepth }
    }

    var watched: WatchedDepths {
        WatchedDepths(watchDepth: watchDepth, keyDepth: keyDepth, elementDepth: elementDepth,
                      pathDepth: pathOpen > 0 ? pathOpen : -1)
    }

    /// The container at `depth` closes with the bracket at `offset`.
    mutating func noteClose(_ offset: Int, depth: Int, stack: ContainerStack) {
        if depth == elementDepth {
            scan.closeBracket = offset
            elementDepth = -1
            return
        }
        // The deepest path container closes: back to its parent.
        if !deepestFound && scan.pointerError == nil {
            let token = tokens[depth - 1]
            let parent = prefixText(depth - 1)
            let reason = stack.isArray(at: depth)
                ? Self.noIndex(token: token, parent: parent, count: pathCounts[depth - 1])
                : "\(Self.subject(parent)) is an object without the key '\(token)'"
            scan.pointerError = JSONErrors.nothingAtPointer(pointer: pointerText, reason: reason)
        }
        pathOpen -= 1
        pathOpenOffsets.removeLast()
        pathCounts.removeLast()
        deepestFound = true
        slotMatches = false
        watchDepth = pathOpen
        keyDepth = pathOpen > 0 && !stack.isArray(at: pathOpen) ? pathOpen : -1
    }

    /// A pointer as the subject of a sentence.
    private static func subject(_ pointer: String) -> String {
        pointer.isEmpty ? "the root" : "'\(pointer)'"
    }

    /// Why the array at `parent`, of `count` elements, has none at `token`.
    private static func noIndex(token: String, parent: String, count: Int) -> String {
        let elements = count == 1 ? "1 element" : "\(count) elements"
        let range = count == 0 ? "" : " (indices 0...\(count - 1))"
        if token == "-" { return "\(subject(parent)) is an array of \(elements)\(range); '-' names no element here" }
        return "\(subject(parent)) is an array of \(elements)\(range), so '\(token)' is not one of its indices"
    }
}
