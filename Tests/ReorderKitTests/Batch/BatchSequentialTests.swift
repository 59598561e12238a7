import ReorderKit
import XCTest

/// `batch --sequential` against a naive model: an array, changed one
/// operation at a time with the single commands' index rules.
final class BatchSequentialTests: XCTestCase {
    struct OutOfRange: Error {}

    /// Applies `operations` (as written) to `list`, one at a time.
    func model(_ operations: [String], _ list: [String], oneBased: Bool) throws -> [String] {
        var list = list
        func resolve(_ text: Substring, count: Int) throws -> Int {
            let value = Int(text)!
            let index = value < 0 ? count + value : value - (oneBased ? 1 : 0)
            guard index >= 0 && index < count && !(oneBased && value == 0) else { throw OutOfRange() }
            return index
        }
        for operation in operations {
            let words = operation.split(separator: " ", maxSplits: 2)
            switch words[0] {
            case "delete":
                list.remove(at: try resolve(words[1], count: list.count))
            case "insert":
                list.insert(String(words[2]), at: try resolve(words[1], count: list.count + 1))
            case "move":
                let from = try resolve(words[1], count: list.count)
                let to = try resolve(words[2], count: list.count)
                list.insert(list.remove(at: from), at: to)
            case "swap":
                list.swapAt(try resolve(words[1], count: list.count), try resolve(words[2], count: list.count))
            case "replace":
                list[try resolve(words[1], count: list.count)] = String(words[2])
            default:
                XCTFail("unknown operation \(operation)")
            }
        }
        return list
    }

    func randomOperations(count: Int, length: Int, outOfRange: Bool,
                          using rng: inout SeededGenerator, serial: inout Int) -> [String] {
        var length = length
        var operations: [String] = []
        // An index in -(c + 1) ... c + 1: mostly in range, now and then not;
        // or always in range (when there is one).
        func index(_ c: Int) -> Int {
            if outOfRange || c == 0 { return Int.random(in: -(c + 1)...(c + 1), using: &rng) }
            let i = Int.random(in: 0..<c, using: &rng)
            return Bool.random(using: &rng) ? i : i - c
        }
        for _ in 0..<count {
            serial += 1
            switch Int.random(in: 0..<5, using: &rng) {
            case 0:
                operations.append("delete \(index(length))")
                length = max(length - 1, 0)
            case 1:
                operations.append("insert \(index(length + 1)) new\(serial)")
                length += 1
            case 2: operations.append("move \(index(length)) \(index(length))")
            case 3: operations.append("swap \(index(length)) \(index(length))")
            default: operations.append("replace \(index(length)) value\(serial)")
            }
        }
        return operations
    }

    func check(lengths: ClosedRange<Int>, trials: Int, operations: ClosedRange<Int>, outOfRange: Bool, seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var serial = 0
        var outcomes = (applied: 0, refused: 0)
        for n in lengths {
            let list = (0..<n).map { "item\($0)" }
            for trial in 0..<trials {
                let oneBased = trial % 4 == 3
                let written = randomOperations(
                    count: Int.random(in: operations, using: &rng), length: n, outOfRange: outOfRange,
                    using: &rng, serial: &serial)
                let options = EditOptions(base: oneBased ? .one : .zero)
                let context = "n=\(n) trial=\(trial) oneBased=\(oneBased) \(written)"
                if let expected = try? model(written, list, oneBased: oneBased) {
                    XCTAssertEqual(try BatchHarness.apply(written, to: list, sequential: true, options: options),
                                   expected, context)
                    outcomes.applied += 1
                } else {
                    XCTAssertNotNil(BatchHarness.error(written, on: list, sequential: true, options: options),
                                    "reorder accepted what the model refuses: \(context)")
                    outcomes.refused += 1
                }
            }
        }
        XCTAssertGreaterThan(outcomes.applied, trials * lengths.count / 5)
        if outOfRange { XCTAssertGreaterThan(outcomes.refused, 0) }
    }

    func testRandomOperationsMatchTheModelForLengthsZeroToSix() {
        check(lengths: 0...6, trials: 1500, operations: 0...8, outOfRange: true, seed: 7)
    }

    /// Longer lists and longer scripts: runs are cut and joined many times.
    func testLongRandomScriptsMatchTheModel() {
        check(lengths: 40...44, trials: 60, operations: 50...200, outOfRange: false, seed: 11)
    }

    func testWorkedExampleFromTheHelp() throws {
        let list = ["a", "b", "c", "d", "e"]
        XCTAssertEqual(try BatchHarness.apply(["delete 0", "move 3 0", "insert 2 x"], to: list, sequential: true),
                       ["e", "b", "x", "c", "d"])
    }

    func testSwapOfAnItemWithItselfChangesNothing() throws {
        XCTAssertEqual(try BatchHarness.apply(["swap 1 1", "swap -2 1"], to: ["a", "b", "c"], sequential: true),
                       ["a", "b", "c"])
    }

    func testErrorNamesTheOperationThatFailed() {
        let error = BatchHarness.error(["delete 0", "delete 0", "move 1 0"], on: ["a", "b"], sequential: true)
        XCTAssertEqual(error as? BatchError, .invalidArgument(
            reference("move 1 0", .expression(3)),
            underlying: ReorderError.indexOutOfRange(index: 1, count: 0, role: .source, base: .zero)))
    }
}
