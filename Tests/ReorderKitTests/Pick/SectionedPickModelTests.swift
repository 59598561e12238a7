import ReorderKit
import XCTest

/// `reorder pick` with several lists: each a section under a header row;
/// the keys and the mouse move items across headers into other sections,
/// and the batch is one of index paths `S:I`.
final class SectionedPickModelTests: XCTestCase {
    typealias Key = PickModel.Key

    /// Sections of 2, 0 and 3 items: rows H0 0 1 H1 H2 2 3 4.
    static func model(_ keys: [Key], counts: [Int] = [2, 0, 3]) -> PickModel {
        var model = PickModel(sectionCounts: counts, texts: (0..<counts.reduce(0, +)).map { Array("item\($0)".utf8) })
        model.pageSize = 2
        for key in keys { model.press(key) }
        return model
    }

    func script(_ model: PickModel) -> String { String(decoding: model.batchScript, as: UTF8.self) }

    func testHeadersAreRowsTheCursorSkips() {
        var model = Self.model([])
        XCTAssertEqual(model.order, [-1, 0, 1, -2, -3, 2, 3, 4])
        XCTAssertEqual(model.cursor, 1)
        XCTAssertEqual(model.header(at: 3), 1)
        model.press(.up)
        XCTAssertEqual(model.cursor, 1, "nothing above the first item")
        model.press(.down)
        model.press(.down)
        XCTAssertEqual(model.cursor, 5, "both headers skipped")
        model.press(.top)
        XCTAssertEqual(model.cursor, 1)
        model.press(.bottom)
        XCTAssertEqual(model.cursor, 7)
        XCTAssertEqual(model.itemNumber(at: 7), 4)
        XCTAssertEqual(model.originalPath(of: 3).section, 2)
        XCTAssertEqual(model.originalPath(of: 3).index, 1)
    }

    func testDraggingPastAHeaderMovesIntoThatSection() {
        // Item 1 down past header 1: into the empty section 1.
        var model = Self.model([.down, .grabOrDrop, .down, .grabOrDrop])
        XCTAssertEqual(model.order, [-1, 0, -2, 1, -3, 2, 3, 4])
        XCTAssertEqual(model.sections, [[0], [1], [2, 3, 4]])
        XCTAssertEqual(script(model), "move 0:1 1:0\n")
        XCTAssertEqual(model.movedCount, 1)
        // On past header 2: first of section 2.
        model = Self.model([.down, .grabOrDrop, .down, .down, .grabOrDrop])
        XCTAssertEqual(model.sections, [[0], [], [1, 2, 3, 4]])
        XCTAssertEqual(script(model), "move 0:1 2:0\n")
        // Up from section 2 to the top: never above the first header.
        model = Self.model([.bottom, .grabOrDrop, .top, .up, .up, .grabOrDrop])
        XCTAssertEqual(model.order, [-1, 4, 0, 1, -2, -3, 2, 3])
        XCTAssertEqual(script(model), "move 2:2 0:0\n")
        // Undo and redo as for one list.
        model.press(.undo)
        XCTAssertEqual(model.order, [-1, 0, 1, -2, -3, 2, 3, 4])
        XCTAssertFalse(model.changed)
        model.press(.redo)
        XCTAssertEqual(model.sections, [[4, 0, 1], [], [2, 3]])
    }

    func testMarksGatherAcrossSections() {
        // Mark 0 and 3, grab 3: the block [0, 3] closes up around it in
        // section 2; dragged up past header 1 into section 1.
        var model = Self.model([.mark, .bottom, .up, .mark, .grabOrDrop])
        XCTAssertEqual(model.order, [-1, 1, -2, -3, 2, 0, 3, 4])
        XCTAssertEqual(model.drag?.block, [0, 3])
        model.press(.up)
        model.press(.up)
        model.press(.grabOrDrop)
        XCTAssertEqual(model.order, [-1, 1, -2, 0, 3, -3, 2, 4])
        XCTAssertEqual(model.marked, [])
        XCTAssertEqual(script(model), "move 0:0 1:0\nmove 2:1 1:1\n")
        XCTAssertEqual(model.movedCount, 2)
    }

    func testTheMouseDragsToTheRowUnderThePointer() {
        // Press on item 0 (row 1), drag over rows 2 and 3, release on row 4
        // (header 2's row as it stands while dragging): item 0 is there, the
        // first of section 2.
        var model = Self.model([.press(1), .dragTo(2), .dragTo(3), .release(4)])
        XCTAssertEqual(model.order, [-1, 1, -2, -3, 0, 2, 3, 4])
        XCTAssertFalse(model.isDragging)
        XCTAssertEqual(script(model), "move 0:0 2:0\n")
        // Dragged up onto header 1's row: the last of section 0.
        model = Self.model([.press(6), .release(3)])
        XCTAssertEqual(model.order, [-1, 0, 1, 3, -2, -3, 2, 4])
        // A press on a header grabs nothing; a click is a drop in place.
        model = Self.model([.press(3)])
        XCTAssertFalse(model.isDragging)
        model = Self.model([.press(6), .release(6)])
        XCTAssertEqual(model.cursor, 6)
        XCTAssertEqual(model.message, .droppedInPlace)
        XCTAssertFalse(model.changed)
        // The same with one list.
        var plain = PickModel(count: 4)
        for key: Key in [.press(0), .dragTo(1), .dragTo(2), .release(2)] { plain.press(key) }
        XCTAssertEqual(plain.order, [1, 2, 0, 3])
    }

    /// Random keys and mouse events over random sections: the headers keep
    /// their order, header 0 first; the batch, applied by an independent
    /// reading of UIKit's rules, gives the sections the model shows; undo
    /// of every drop gives the lists as read.
    func testRandomKeysGiveSectionsTheirBatchMakes() {
        var random = SeededGenerator(seed: 45)
        let keys: [Key] = [.up, .down, .pageUp, .pageDown, .top, .bottom, .grabOrDrop, .grabOrDrop, .grabOrDrop,
                           .cancel, .mark, .mark, .undo, .redo, .down, .up]
        for round in 0..<300 {
            let counts = (0..<1 + random.below(4)).map { _ in random.below(4) }
            var model = Self.model([], counts: counts)
            let total = counts.reduce(0, +)
            var pressed: [Key] = []
            for _ in 0..<random.below(50) {
                let key: Key
                switch random.below(10) {
                case 0: key = .press(random.below(model.count + 1))
                case 1: key = .dragTo(random.below(model.count + 1))
                case 2: key = .release(random.below(model.count + 1))
                default: key = random.pick(keys)
                }
                pressed.append(key)
                model.press(key)
                XCTAssertEqual(model.order.filter { $0 < 0 }, (0..<counts.count).map { PickModel.header($0) },
                               "round \(round): \(pressed)")
                XCTAssertEqual(model.order.first, -1)
                XCTAssertEqual(model.order.filter { $0 >= 0 }.sorted(), Array(0..<total))
                if total > 0 { XCTAssertGreaterThanOrEqual(model.order[model.cursor], 0, "round \(round): \(pressed)") }
            }
            if model.isDragging { model.press(.grabOrDrop) }
            // The lists as read, each item by its number.
            var lists: [[Int]] = []
            var next = 0
            for count in counts {
                lists.append(Array(next..<next + count))
                next += count
            }
            let script = String(decoding: model.batchScript, as: UTF8.self)
            XCTAssertEqual(Self.apply(script, to: lists), model.sections, "round \(round): \(pressed)\n\(script)")
            XCTAssertEqual(script.split(separator: "\n").count, model.movedCount)
            XCTAssertEqual(model.changed, model.sections != lists)
            while !model.undoStack.isEmpty { model.press(.undo) }
            XCTAssertEqual(model.sections, lists, "round \(round): undo of all")
        }
    }

    /// Moves `move S:I T:J` as UIKit reads a batch of moves: every source
    /// in the lists before, every destination in the lists after; the
    /// items not moved keep their order and fill the other places.
    static func apply(_ script: String, to lists: [[Int]]) -> [[Int]] {
        var moves: [(from: (Int, Int), to: (Int, Int))] = []
        for line in script.split(separator: "\n") {
            let words = line.split(separator: " ")
            func path(_ word: Substring) -> (Int, Int) {
                let parts = word.split(separator: ":")
                return (Int(parts[0])!, Int(parts[1])!)
            }
            moves.append((path(words[1]), path(words[2])))
        }
        var staying = lists
        for move in moves.sorted(by: { $0.from > $1.from }) { staying[move.from.0].remove(at: move.from.1) }
        var result = staying
        for move in moves.sorted(by: { $0.to < $1.to }) {
            result[move.to.0].insert(lists[move.from.0][move.from.1], at: move.to.1)
        }
        return result
    }
}
