/// What `reorder pick` shows and changes: the list's order as the user
/// drags items, without any terminal. The command line turns key presses
/// into `PickKey`s and draws the model; the model says which item stands
/// where, what is under the cursor, what is marked and what is being
/// dragged, and makes the batch that gives its order.
///
/// Items are named by their index in the list as read (the *original*
/// index); `order[position]` is the item shown at `position`.
///
/// With several lists (sections), items are numbered across them, section
/// 0's first (`sectionStarts[s]` is section s's first item), and `order`
/// holds a header row for each section (`PickModel.header(s)`, a negative
/// number) before its items: header 0 stays first, the headers keep their
/// order, and an item dragged past a header is in that header's section.
/// The cursor never rests on a header.
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
        /// The mouse: a press on the row at a position (grabs the item
        /// there, or drops what is grabbed there), a motion with the button
        /// held (drags what is grabbed to that row), a release (drops it
        /// there). A press on a header, or past the end, only drops.
        case press(Int), dragTo(Int), release(Int)
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
    /// Several lists: the first item of each section (empty for one list,
    /// which has no headers).
    public let sectionStarts: [Int]
    /// The number of items (headers not counted).
    public let itemCount: Int

    /// A model of `count` items in their order; `texts` (by index) are what
    /// searches look in. Without texts, searches find nothing.
    public init(count: Int, texts: [[UInt8]] = []) {
        order = Array(0..<count)
        itemCount = count
        sectionStarts = []
        searchTexts = (0..<count).map { $0 < texts.count ? PickModel.folded(texts[$0]) : [] }
    }

    /// A model of several lists, each a section under a header:
    /// `sectionCounts[s]` items in section s, numbered across the sections.
    public init(sectionCounts: [Int], texts: [[UInt8]] = []) {
        var order: [Int] = []
        var starts: [Int] = []
        var next = 0
        for (section, count) in sectionCounts.enumerated() {
            starts.append(next)
            order.append(PickModel.header(section))
            order += next..<next + count
            next += count
        }
        self.order = order
        itemCount = next
        sectionStarts = starts
        searchTexts = (0..<next).map { $0 < texts.count ? PickModel.folded(texts[$0]) : [] }
        cursor = order.firstIndex { $0 >= 0 } ?? 0
    }

    /// The row that stands for section `section`'s header in `order`.
    public static func header(_ section: Int) -> Int { -1 - section }

    /// Whether the list has sections (and header rows).
    public var hasSections: Bool { !sectionStarts.isEmpty }
    /// The rows: items and headers.
    public var count: Int { order.count }
    public var isDragging: Bool { drag != nil }

    /// The section whose header is at `position`, nil for an item.
    public func header(at position: Int) -> Int? {
        order[position] < 0 ? -1 - order[position] : nil
    }

    /// Where item `item` was as read: its section and its index there.
    public func originalPath(of item: Int) -> (section: Int, index: Int) {
        guard hasSections else { return (0, item) }
        var section = 0
        while section + 1 < sectionStarts.count && sectionStarts[section + 1] <= item { section += 1 }
        return (section, item - sectionStarts[section])
    }

    /// Each section's items in their order now (one section without
    /// sections).
    public var sections: [[Int]] {
        guard hasSections else { return [order] }
        var result: [[Int]] = []
        for row in order {
            if row < 0 { result.append([]) } else { result[result.count - 1].append(row) }
        }
        return result
    }

    /// How many items come before `position` (1 more is the position's
    /// number among the items).
    public func itemNumber(at position: Int) -> Int {
        hasSections ? order[..<min(position, order.count)].filter { $0 >= 0 }.count : position
    }

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
    /// With sections, operations on index paths `S:I`, every source path
    /// in the lists before the batch, every destination path in the lists
    /// after it; `source`, when given, names an item by value (a selector,
    /// after `S:`).
    public var batchScript: [UInt8] { batchScript(source: nil) }

    public func batchScript(source: ((Int) -> [UInt8]?)?) -> [UInt8] {
        guard hasSections else { return ListOrder.batchScript(count: count, order: order.map { .item($0) }, source: source) }
        let counts = sectionStarts.indices.map {
            ($0 + 1 < sectionStarts.count ? sectionStarts[$0 + 1] : itemCount) - sectionStarts[$0]
        }
        return SectionedOrder.batchScript(counts: counts, result: sectionedItems, source: source.map { source in
            { path in source(sectionStarts[path.section] + path.item) }
        })
    }

    /// Each section's items now, by their paths as read.
    public var sectionedItems: [[SectionedItem]] {
        sections.map { items in
            items.map { item in
                let path = originalPath(of: item)
                return .existing(ItemPath(section: path.section, item: path.index))
            }
        }
    }

    /// How many items the order moves, with sections: those not in a
    /// longest run that stays in its section.
    private func countMoves() -> Int {
        guard hasSections else { return ListOrder.moveCount(order) }
        var staying = 0
        for (section, items) in sectionedItems.enumerated() {
            staying += SectionedOrder.staying(items, in: section).count
        }
        return itemCount - staying
    }

    public mutating func press(_ key: Key) {
        message = nil
        guard itemCount > 0 else { return }
        switch key {
        case .press(let position):
            if drag != nil {
                dragging(.dragTo(position))
                dragging(.grabOrDrop)
            } else if position >= 0, position < order.count, order[position] >= 0 {
                cursor = position
                grab()
            }
            return
        case .dragTo(let position):
            if drag != nil { dragging(.dragTo(position)) }
            return
        case .release(let position):
            if drag != nil {
                dragging(.dragTo(position))
                dragging(.grabOrDrop)
            }
            return
        default: break
        }
        if drag != nil {
            dragging(key)
        } else {
            browsing(key)
        }
    }

    // MARK: - Browsing: the cursor moves

    /// The item row nearest `position`, looking first in `forwards`'s
    /// direction (a header is skipped), within the rows.
    private func itemRow(near position: Int, forwards: Bool) -> Int {
        let position = min(max(position, 0), order.count - 1)
        let ahead = forwards ? Array(position..<order.count) : Array((0...position).reversed())
        if let row = ahead.first(where: { order[$0] >= 0 }) { return row }
        let behind = forwards ? Array((0...position).reversed()) : Array(position..<order.count)
        return behind.first(where: { order[$0] >= 0 }) ?? cursor
    }

    private mutating func browsing(_ key: Key) {
        let last = order.count - 1
        switch key {
        case .up:
            let row = itemRow(near: cursor - 1, forwards: false)
            if row < cursor { cursor = row }
        case .down:
            let row = itemRow(near: cursor + 1, forwards: true)
            if row > cursor { cursor = row }
        case .pageUp: cursor = itemRow(near: cursor - pageSize, forwards: false)
        case .pageDown: cursor = itemRow(near: cursor + pageSize, forwards: true)
        case .top: cursor = itemRow(near: 0, forwards: true)
        case .bottom: cursor = itemRow(near: last, forwards: false)
        case .press, .dragTo, .release: break
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
        movedCount = countMoves()
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
        movedCount = countMoves()
        drag = Drag(before: before, block: block, grabbedOffset: offset, start: start)
        message = .grabbed(count: block.count)
    }

    // MARK: - Dragging: the block moves, the list shifts around it

    private mutating func dragging(_ key: Key) {
        guard let drag else { return }
        let lastStart = order.count - drag.block.count
        switch key {
        case .dragTo(let position): moveBlock(to: position - drag.grabbedOffset)
        case .press, .release: break
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
        // Nothing goes above the first header.
        let start = min(max(target, hasSections ? 1 : 0), order.count - length)
        guard start != drag.start else { return }
        var rest = order
        rest.removeSubrange(drag.start..<drag.start + length)
        rest.insert(contentsOf: drag.block, at: start)
        order = rest
        drag.start = start
        cursor = start + drag.grabbedOffset
        self.drag = drag
        movedCount = countMoves()
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
            if order[position] < 0 { continue }
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
