/// What `reorder pick` shows and changes: the list's order as the user
/// drags items, without any terminal. The command line turns key presses
/// into `PickKey`s and draws the model; the model says which item stands
/// where, what is under the cursor, what is marked and what is being
/// dragged, and makes the batch that gives its order.
///
/// Items are named by their index in the list as read (the *original*
/// index); `order[position]` is the item shown at `position`.
public struct PickModel: Equatable, Sendable {
    /// What a key asks for. Movement keys move the cursor, or, while an
    /// item is grabbed, drag it (and the block it carries).
    public enum Key: Equatable, Sendable {
        case up, down, pageUp, pageDown, top, bottom
        /// Grab the item under the cursor (with every marked item, when it
        /// is marked), or drop what is grabbed.
        case grabOrDrop
        /// Put what is grabbed back where it was.
        case cancel
        /// Mark or unmark the item under the cursor.
        case mark
        case undo, redo
        /// Jump to the next item whose text holds the string (ASCII letters
        /// in either case); an empty string repeats the last search.
        case search(String)
        /// The last search again, forwards or backwards.
        case next, previous
    }

    /// What the last key did that is worth a word on the status line.
    public enum Message: Equatable, Sendable {
        case grabbed(count: Int)
        case dropped
        case droppedInPlace
        case cancelled
        case undone, redone
        case nothingToUndo, nothingToRedo
        case notFound(String)
        /// The search went past the end and on from the start (or back).
        case wrapped
        case noSearch
        /// Marks, searches, undo and redo wait until what is grabbed is
        /// dropped or put back.
        case dropFirst
    }

    /// What undo and redo restore.
    public struct Snapshot: Equatable, Sendable {
        public let order: [Int]
        public let cursor: Int
        public let marked: Set<Int>
    }

    /// An item (or block) being dragged.
    public struct Drag: Equatable, Sendable {
        /// How it all was at the grab, for `cancel` and undo.
        public let before: Snapshot
        /// The items carried, in their order, contiguous in `order`.
        public let block: [Int]
        /// Where in `block` the grabbed item is: the cursor stays on it.
        public let grabbedOffset: Int
        /// The block's first position in `order`.
        public fileprivate(set) var start: Int
    }

    public private(set) var order: [Int]
    public private(set) var cursor = 0
    /// Marked items, by original index.
    public private(set) var marked: Set<Int> = []
    public private(set) var drag: Drag?
    public private(set) var undoStack: [Snapshot] = []
    public private(set) var redoStack: [Snapshot] = []
    /// The last search's text.
    public private(set) var query: String?
    public private(set) var message: Message?
    /// How many items the order moves (`moveCount`), kept up to date.
    public private(set) var movedCount = 0
    /// How far PageUp and PageDown go: the lines the list shows, less one.
    public var pageSize = 10 {
        didSet { pageSize = max(pageSize, 1) }
    }
    /// Each item's text as searched, by original index: ASCII letters in
    /// lower case.
    private let searchTexts: [[UInt8]]

    /// A model of `count` items in their order; `texts` (by index) are what
    /// searches look in. Without texts, searches find nothing.
    public init(count: Int, texts: [[UInt8]] = []) {
        order = Array(0..<count)
        searchTexts = (0..<count).map { $0 < texts.count ? PickModel.folded(texts[$0]) : [] }
    }

    public var count: Int { order.count }
    public var isDragging: Bool { drag != nil }

    /// Whether the order is another than the list's (a gathered block that
    /// is still grabbed counts).
    public var changed: Bool { movedCount > 0 }

    /// Whether the item at `position` is being dragged.
    public func isGrabbed(at position: Int) -> Bool {
        guard let drag else { return false }
        return position >= drag.start && position < drag.start + drag.block.count
    }

    /// The batch script that gives this order (empty when nothing moved),
    /// as `reorder batch -f` reads it.
    public var batchScript: [UInt8] {
        ListOrder.batchScript(count: count, order: order.map { .item($0) })
    }

    public mutating func press(_ key: Key) {
        message = nil
        guard !order.isEmpty else { return }
        if drag != nil {
            dragging(key)
        } else {
            browsing(key)
        }
    }

    // MARK: - Browsing: the cursor moves

    private mutating func browsing(_ key: Key) {
        let last = order.count - 1
        switch key {
        case .up: cursor = max(cursor - 1, 0)
        case .down: cursor = min(cursor + 1, last)
        case .pageUp: cursor = max(cursor - pageSize, 0)
        case .pageDown: cursor = min(cursor + pageSize, last)
        case .top: cursor = 0
        case .bottom: cursor = last
        case .grabOrDrop: grab()
        case .cancel: break
        case .mark:
            let item = order[cursor]
            if marked.remove(item) == nil { marked.insert(item) }
        case .undo:
            guard let snapshot = undoStack.popLast() else { message = .nothingToUndo; return }
            redoStack.append(self.snapshot)
            restore(snapshot)
            message = .undone
        case .redo:
            guard let snapshot = redoStack.popLast() else { message = .nothingToRedo; return }
            undoStack.append(self.snapshot)
            restore(snapshot)
            message = .redone
        case .search(let text):
            if !text.isEmpty { query = text }
            find(forwards: true)
        case .next: find(forwards: true)
        case .previous: find(forwards: false)
        }
    }

    private var snapshot: Snapshot { Snapshot(order: order, cursor: cursor, marked: marked) }

    private mutating func restore(_ snapshot: Snapshot) {
        order = snapshot.order
        cursor = snapshot.cursor
        marked = snapshot.marked
        movedCount = ListOrder.moveCount(order)
    }

    /// Takes the item under the cursor, with every marked item when it is
    /// marked: they close up around it, in their order, so that it stays
    /// where it is.
    private mutating func grab() {
        let item = order[cursor]
        let before = snapshot
        guard marked.contains(item), marked.count > 1 else {
            drag = Drag(before: before, block: [item], grabbedOffset: 0, start: cursor)
            message = .grabbed(count: 1)
            return
        }
        let marked = self.marked
        let block = order.filter { marked.contains($0) }
        let offset = order[..<cursor].filter { marked.contains($0) }.count
        let rest = order.filter { !marked.contains($0) }
        let start = cursor - offset
        order = Array(rest[..<start]) + block + Array(rest[start...])
        movedCount = ListOrder.moveCount(order)
        drag = Drag(before: before, block: block, grabbedOffset: offset, start: start)
        message = .grabbed(count: block.count)
    }

    // MARK: - Dragging: the block moves, the list shifts around it

    private mutating func dragging(_ key: Key) {
        guard let drag else { return }
        let lastStart = order.count - drag.block.count
        switch key {
        case .up: moveBlock(to: drag.start - 1)
        case .down: moveBlock(to: drag.start + 1)
        case .pageUp: moveBlock(to: drag.start - pageSize)
        case .pageDown: moveBlock(to: drag.start + pageSize)
        case .top: moveBlock(to: 0)
        case .bottom: moveBlock(to: lastStart)
        case .grabOrDrop:
            self.drag = nil
            if order == drag.before.order {
                message = .droppedInPlace
            } else {
                undoStack.append(drag.before)
                redoStack.removeAll()
                // The block is placed: its marks have done their work.
                if drag.block.count > 1 { marked.removeAll() }
                message = .dropped
            }
        case .cancel:
            self.drag = nil
            restore(drag.before)
            message = .cancelled
        case .mark, .undo, .redo, .search, .next, .previous:
            message = .dropFirst
        }
    }

    private mutating func moveBlock(to target: Int) {
        guard var drag else { return }
        let length = drag.block.count
        let start = min(max(target, 0), order.count - length)
        guard start != drag.start else { return }
        var rest = order
        rest.removeSubrange(drag.start..<drag.start + length)
        rest.insert(contentsOf: drag.block, at: start)
        order = rest
        drag.start = start
        cursor = start + drag.grabbedOffset
        self.drag = drag
        movedCount = ListOrder.moveCount(order)
    }

    // MARK: - Search

    static func folded(_ text: [UInt8]) -> [UInt8] {
        text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    /// Moves the cursor to the next (or previous) item holding the query,
    /// going round the end; the item under the cursor comes last.
    private mutating func find(forwards: Bool) {
        guard let query, !query.isEmpty else { message = .noSearch; return }
        let needle = PickModel.folded(Array(query.utf8))
        let count = order.count
        for step in 1...count {
            let position = forwards ? (cursor + step) % count : (cursor - step + count) % count
            if PickModel.contains(searchTexts[order[position]], needle) {
                if forwards ? position <= cursor : position >= cursor { message = .wrapped }
                cursor = position
                return
            }
        }
        message = .notFound(query)
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        let first = needle[0]
        var index = 0
        while index + needle.count <= haystack.count {
            if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
