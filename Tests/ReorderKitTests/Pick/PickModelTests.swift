import ReorderKit
import XCTest

/// `reorder pick`'s model: key sequences against the orders they must
/// give, and random sequences whose batch, applied as `reorder batch`
/// applies it, gives the order the model shows.
final class PickModelTests: XCTestCase {
    typealias Key = PickModel.Key

    /// One letter a key: k j up down, K J page up and down, g G top and
    /// bottom, space grab or drop, x Esc (cancel), v mark, u undo, r redo,
    /// n N next and previous search.
    static func keys(_ text: String) -> [Key] {
        text.map { letter -> Key in
            switch letter {
            case "k": return .up
            case "j": return .down
            case "K": return .pageUp
            case "J": return .pageDown
            case "g": return .top
            case "G": return .bottom
            case " ": return .grabOrDrop
            case "x": return .cancel
            case "v": return .mark
            case "u": return .undo
            case "r": return .redo
            case "n": return .next
            case "N": return .previous
            default: preconditionFailure("no key '\(letter)'")
            }
        }
    }

    static func model(_ keys: [Key], count: Int = 5, pageSize: Int = 2, texts: [String] = []) -> PickModel {
        var model = PickModel(count: count, texts: texts.map { Array($0.utf8) })
        model.pageSize = pageSize
        for key in keys { model.press(key) }
        return model
    }

    func testKeySequencesGiveTheirOrderAndCursor() {
        // (keys, order, cursor, marked, dragging)
        let table: [(String, [Int], Int, Set<Int>, Bool)] = [
            ("", [0, 1, 2, 3, 4], 0, [], false),
            ("jj", [0, 1, 2, 3, 4], 2, [], false),
            ("kkk", [0, 1, 2, 3, 4], 0, [], false),
            ("jjjjjjj", [0, 1, 2, 3, 4], 4, [], false),
            // Grab, drag, drop.
            (" jj ", [1, 2, 0, 3, 4], 2, [], false),
            (" jj", [1, 2, 0, 3, 4], 2, [], true),
            // Past the end and past the start: it stops there.
            (" jjjjjjjj ", [1, 2, 3, 4, 0], 4, [], false),
            ("G kkkkkkkk ", [4, 0, 1, 2, 3], 0, [], false),
            ("jj G ", [0, 1, 3, 4, 2], 4, [], false),
            ("jj g ", [2, 0, 1, 3, 4], 0, [], false),
            // Pages of 2.
            ("J", [0, 1, 2, 3, 4], 2, [], false),
            ("JJJ", [0, 1, 2, 3, 4], 4, [], false),
            ("JK", [0, 1, 2, 3, 4], 0, [], false),
            (" J ", [1, 2, 0, 3, 4], 2, [], false),
            ("G K ", [0, 1, 4, 2, 3], 2, [], false),
            // Cancel puts it back, cursor and all.
            (" jjx", [0, 1, 2, 3, 4], 0, [], false),
            ("jj jx", [0, 1, 2, 3, 4], 2, [], false),
            ("x", [0, 1, 2, 3, 4], 0, [], false),
            // Marks; a marked item grabbed carries every marked one.
            ("v", [0, 1, 2, 3, 4], 0, [0], false),
            ("vv", [0, 1, 2, 3, 4], 0, [], false),
            ("vjjv ", [1, 0, 2, 3, 4], 2, [0, 2], true),
            ("vjjv j ", [1, 3, 0, 2, 4], 3, [], false),
            ("vjjv jx", [0, 1, 2, 3, 4], 2, [0, 2], false),
            ("jjjvjv g ", [3, 4, 0, 1, 2], 1, [], false),
            ("vjjvG g ", [4, 0, 1, 2, 3], 0, [0, 2], false),
            ("vGv G ", [1, 2, 3, 0, 4], 4, [], false),
            // A grabbed unmarked item goes alone.
            ("vj jj ", [0, 2, 3, 1, 4], 3, [0], false),
            // Marks, undo and searches wait while dragging.
            (" v", [0, 1, 2, 3, 4], 0, [], true),
            (" jju", [1, 2, 0, 3, 4], 2, [], true),
            // Undo and redo.
            (" jj u", [0, 1, 2, 3, 4], 0, [], false),
            (" jj ur", [1, 2, 0, 3, 4], 2, [], false),
            (" j  j u", [1, 0, 2, 3, 4], 1, [], false),
            (" j  j uu", [0, 1, 2, 3, 4], 0, [], false),
            (" j  j uurr", [1, 2, 0, 3, 4], 2, [], false),
            ("vjjv j u", [0, 1, 2, 3, 4], 2, [0, 2], false),
            ("vjjv j ur", [1, 3, 0, 2, 4], 3, [], false),
        ]
        for (keys, order, cursor, marked, dragging) in table {
            let model = Self.model(Self.keys(keys))
            XCTAssertEqual(model.order, order, "'\(keys)': order")
            XCTAssertEqual(model.cursor, cursor, "'\(keys)': cursor")
            XCTAssertEqual(model.marked, marked, "'\(keys)': marked")
            XCTAssertEqual(model.isDragging, dragging, "'\(keys)': dragging")
            XCTAssertEqual(model.movedCount, ListOrder.moveCount(model.order), "'\(keys)': moved")
        }
    }

    func testMessagesSayWhatTheKeyDid() {
        XCTAssertEqual(Self.model(Self.keys("u")).message, .nothingToUndo)
        XCTAssertEqual(Self.model(Self.keys("r")).message, .nothingToRedo)
        XCTAssertEqual(Self.model(Self.keys("  u")).message, .nothingToUndo, "a drop in place is no change to undo")
        XCTAssertEqual(Self.model(Self.keys("  ")).message, .droppedInPlace)
        XCTAssertEqual(Self.model(Self.keys(" j ")).message, .dropped)
        XCTAssertEqual(Self.model(Self.keys(" jx")).message, .cancelled)
        XCTAssertEqual(Self.model(Self.keys(" v")).message, .dropFirst)
        XCTAssertEqual(Self.model(Self.keys("vjv ")).message, .grabbed(count: 2))
        // A new drop clears what undo left to redo.
        XCTAssertEqual(Self.model(Self.keys(" j u jj r")).message, .nothingToRedo)
        XCTAssertEqual(Self.model(Self.keys("n")).message, .noSearch)
    }

    func testSearchJumpsToTheNextItemHoldingTheText() {
        let texts = ["apple", "Banana", "cherry", "band", "date"]
        var model = Self.model([.search("BAN")], texts: texts)
        XCTAssertEqual(model.cursor, 1)
        XCTAssertNil(model.message)
        model.press(.next)
        XCTAssertEqual(model.cursor, 3)
        model.press(.next)
        XCTAssertEqual(model.cursor, 1)
        XCTAssertEqual(model.message, .wrapped)
        model.press(.previous)
        XCTAssertEqual(model.cursor, 3)
        XCTAssertEqual(model.message, .wrapped)
        model.press(.previous)
        XCTAssertEqual(model.cursor, 1)
        model.press(.search("zzz"))
        XCTAssertEqual(model.cursor, 1)
        XCTAssertEqual(model.message, .notFound("zzz"))
        // An empty search repeats the last one.
        model.press(.search(""))
        XCTAssertEqual(model.query, "zzz")
        model.press(.search("e"))
        XCTAssertEqual(model.cursor, 2)
        // The search follows items where they moved.
        model = Self.model(Self.keys(" G ") + [.search("apple")], texts: texts)
        XCTAssertEqual(model.order, [1, 2, 3, 4, 0])
        XCTAssertEqual(model.cursor, 4)
        // While dragging, it waits.
        model = Self.model(Self.keys(" ") + [.search("date")], texts: texts)
        XCTAssertEqual(model.cursor, 0)
        XCTAssertEqual(model.message, .dropFirst)
    }

    func testAnEmptyListTakesEveryKey() {
        let model = Self.model(Self.keys("kjKJgG xvurnN") + [.search("a")], count: 0)
        XCTAssertEqual(model.order, [])
        XCTAssertEqual(model.batchScript, [])
        XCTAssertFalse(model.changed)
    }

    func testTheBatchIsTheFewestMoves() {
        let model = Self.model(Self.keys(" jj "))
        XCTAssertEqual(String(decoding: model.batchScript, as: UTF8.self), "move 0 2\n")
        XCTAssertEqual(model.movedCount, 1)
        XCTAssertTrue(model.changed)
        XCTAssertEqual(Self.model(Self.keys(" jj u")).batchScript, [])
    }

    /// Random keys: the order stays a permutation, its batch applied by
    /// the batch code gives it, undoing every drop gives the list as it
    /// was, and redoing them gives the order back.
    func testRandomKeysGiveAnOrderTheirBatchMakes() throws {
        var generator = SeededGenerator(seed: 21)
        let all: [Key] = [.up, .down, .pageUp, .pageDown, .top, .bottom, .grabOrDrop, .grabOrDrop, .grabOrDrop,
                          .cancel, .mark, .mark, .undo, .redo, .next, .previous, .down, .down, .up]
        for round in 0..<300 {
            let count = generator.below(13)
            let texts = (0..<count).map { "i\($0)" + String(repeating: "ab", count: generator.below(3)) }
            var model = PickModel(count: count, texts: texts.map { Array($0.utf8) })
            model.pageSize = 1 + generator.below(4)
            var keys: [Key] = []
            for _ in 0..<generator.below(60) {
                let key = generator.chance(5) ? Key.search(generator.pick(["ab", "i1", "x", ""])) : generator.pick(all)
                keys.append(key)
                model.press(key)
                XCTAssertEqual(model.order.sorted(), Array(0..<count), "round \(round): \(keys)")
                XCTAssertTrue(model.order.indices.contains(model.cursor) || count == 0, "round \(round): \(keys)")
                if let drag = model.drag {
                    XCTAssertEqual(Array(model.order[drag.start..<drag.start + drag.block.count]), drag.block)
                    XCTAssertEqual(model.order[model.cursor], drag.block[drag.grabbedOffset])
                }
            }
            if generator.chance(50), model.isDragging { model.press(.grabOrDrop) }

            let script = String(decoding: model.batchScript, as: UTF8.self)
            let operations = script.split(separator: "\n").map(String.init)
            let applied = try BatchHarness.apply(operations, to: texts)
            XCTAssertEqual(applied, model.order.map { texts[$0] }, "round \(round): \(keys)\n\(script)")
            XCTAssertEqual(operations.count, model.movedCount, "round \(round)")
            XCTAssertEqual(model.changed, model.order != Array(0..<count))

            // Undo every drop: the list as it was; redo them: back again.
            if model.isDragging { model.press(.cancel) }
            let final = model.order
            let redoable = model.redoStack.count
            var undone = 0
            while !model.undoStack.isEmpty {
                model.press(.undo)
                undone += 1
            }
            XCTAssertEqual(model.order, Array(0..<count), "round \(round): undo of all")
            XCTAssertEqual(model.movedCount, 0)
            for _ in 0..<undone { model.press(.redo) }
            XCTAssertEqual(model.order, final, "round \(round): redo after undo")
            // What was left to redo before is left still.
            XCTAssertEqual(model.redoStack.count, redoable, "round \(round)")
        }
    }

    func testMoveCountIsTheLengthLessALongestIncreasingRun() {
        XCTAssertEqual(ListOrder.moveCount([]), 0)
        XCTAssertEqual(ListOrder.moveCount([0, 1, 2]), 0)
        XCTAssertEqual(ListOrder.moveCount([2, 1, 0]), 2)
        XCTAssertEqual(ListOrder.moveCount([1, 2, 0, 3]), 1)
        XCTAssertEqual(ListOrder.moveCount([3, 0, 1, 2, 5, 4]), 2)
    }

    func testTheOrderScriptIsWhatEditApplies() throws {
        let script = ListOrder.batchScript(count: 3, order: [.item(2), .new(Array("x".utf8)), .item(0)])
        let operations = String(decoding: script, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(operations.count, 3, "a delete, an insert and one move: \(operations)")
        XCTAssertEqual(try BatchHarness.apply(operations, to: ["a", "b", "c"]), ["c", "x", "a"])
        XCTAssertEqual(ListOrder.batchScript(count: 2, order: [.item(0), .item(1)]), [])
    }
}
