import ReorderKit
import XCTest

/// Reading operations, the batch's rules, and its errors with their facts.
final class BatchScriptTests: XCTestCase {
    let five = ["a", "b", "c", "d", "e"]

    func parse(_ text: String) throws -> BatchOperation {
        try BatchOperation(parsing: Array(text.utf8), origin: .expression(1))
    }

    func script(_ text: String, name: String = "ops.txt") throws -> BatchScript {
        var script = BatchScript()
        try Array(text.utf8).withUnsafeBytes { try script.append(script: $0, name: name) }
        return script
    }

    // MARK: Reading operations

    func testParsesEveryOperation() throws {
        XCTAssertEqual(try parse("delete -1").kind, .delete(.index(UserIndex(-1))))
        XCTAssertEqual(try parse("insert 2 x").kind, .insert(at: UserIndex(2), value: Array("x".utf8)))
        XCTAssertEqual(try parse("move 0 -1").kind, .move(from: .index(UserIndex(0)), to: UserIndex(-1)))
        XCTAssertEqual(try parse("swap 1 3").kind, .swap(.index(UserIndex(1)), .index(UserIndex(3))))
        XCTAssertEqual(try parse("replace 4 new").kind, .replace(.index(UserIndex(4)), value: Array("new".utf8)))
    }

    func testValueIsTheRestOfTheLineVerbatim() throws {
        XCTAssertEqual(try parse("insert 0  two  spaces ").kind,
                       .insert(at: UserIndex(0), value: Array(" two  spaces ".utf8)))
        XCTAssertEqual(try parse("insert 0 # not a comment").kind,
                       .insert(at: UserIndex(0), value: Array("# not a comment".utf8)))
        XCTAssertEqual(try parse("replace 1 ").kind, .replace(.index(UserIndex(1)), value: []))
        XCTAssertEqual(try parse("insert\t3\tx\ty").kind, .insert(at: UserIndex(3), value: Array("x\ty".utf8)))
    }

    func testWordsMayBeSeparatedBySeveralBlanks() throws {
        XCTAssertEqual(try parse("  move   2   0").kind, .move(from: .index(UserIndex(2)), to: UserIndex(0)))
        XCTAssertEqual(try parse("swap 1   2").kind, .swap(.index(UserIndex(1)), .index(UserIndex(2))))
    }

    func testScriptSkipsBlankAndCommentLinesAndKeepsLineNumbers() throws {
        let batch = try script("# header\n\n   \nmove 0 1\r\n  # indented comment\ndelete 2")
        XCTAssertEqual(batch.operations.map(\.text), ["move 0 1", "delete 2"])
        XCTAssertEqual(batch.operations.map(\.origin), [.script(name: "ops.txt", line: 4), .script(name: "ops.txt", line: 6)])
    }

    func testMisspelledOperationNamesItsLine() {
        XCTAssertThrowsError(try script("move 0 1\n\nmvoe 1 2\n")) { error in
            XCTAssertEqual(error as? BatchError, .unknownOperation(
                name: "mvoe", operation: reference("mvoe 1 2", .script(name: "ops.txt", line: 3))))
        }
    }

    func testIncompleteOperations() {
        for (text, usage) in [("move 3", "move FROM TO"), ("insert 2", "insert AT VALUE"), ("delete", "delete I"),
                              ("swap 1", "swap I J"), ("replace 0", "replace I VALUE"), ("move", "move FROM TO")] {
            XCTAssertThrowsError(try parse(text), text) { error in
                XCTAssertEqual(error as? BatchError, .incompleteOperation(usage: usage, operation: reference(text)))
            }
        }
    }

    func testIndexThatIsNotANumberIsAnInvalidArgument() {
        XCTAssertThrowsError(try parse("insert x 1")) { error in
            XCTAssertEqual(error as? BatchError, .invalidArgument(
                reference("insert x 1"), underlying: ReorderError.invalidIndex("x")))
        }
    }

    // MARK: The batch's rules

    func testWorkedExampleFromTheHelp() throws {
        XCTAssertEqual(try BatchHarness.apply(["delete 0", "move 4 0", "insert 2 x"], to: five),
                       ["e", "b", "x", "c", "d"])
    }

    func testOrderOfOperationsDoesNotMatter() throws {
        let operations = ["delete 0", "move 4 0", "insert 2 x", "replace 2 C", "swap 1 3"]
        let expected = try BatchHarness.apply(operations, to: five)
        XCTAssertEqual(expected, ["e", "d", "x", "b", "C"])
        for rotation in 1..<operations.count {
            let rotated = Array(operations[rotation...] + operations[..<rotation])
            XCTAssertEqual(try BatchHarness.apply(rotated, to: five), expected)
        }
        XCTAssertEqual(try BatchHarness.apply(operations.reversed(), to: five), expected)
    }

    func testSwapIsTwoMoves() throws {
        XCTAssertEqual(try BatchHarness.apply(["swap 0 -1"], to: five), ["e", "b", "c", "d", "a"])
        XCTAssertEqual(try BatchHarness.apply(["move 0 -1", "move -1 0"], to: five), ["e", "b", "c", "d", "a"])
        // With a delete, -1 as a destination is the end of the shorter result.
        XCTAssertEqual(try BatchHarness.apply(["swap 0 -1", "delete 2"], to: five), ["e", "b", "d", "a"])
    }

    func testSwapOfAnItemWithItselfChangesNothingAndUsesNothing() throws {
        XCTAssertEqual(try BatchHarness.apply(["swap 2 2"], to: five), five)
        XCTAssertEqual(try BatchHarness.apply(["swap 2 -3", "delete 2"], to: five), ["a", "b", "d", "e"])
    }

    func testReplaceKeepsThePlaceAmongTheUntouchedItems() throws {
        XCTAssertEqual(try BatchHarness.apply(["replace 2 C", "delete 0", "insert 0 x"], to: five),
                       ["x", "b", "C", "d", "e"])
        XCTAssertEqual(try BatchHarness.apply(["replace -1 E", "move 0 1"], to: five), ["b", "a", "c", "d", "E"])
    }

    func testMoveToTheSamePlaceChangesNothing() throws {
        XCTAssertEqual(try BatchHarness.apply(["move 3 3"], to: five), five)
    }

    func testEmptyScriptChangesNothing() throws {
        XCTAssertEqual(try BatchHarness.apply([], to: five), five)
        XCTAssertEqual(try BatchHarness.apply([], to: []), [])
    }

    func testInsertIntoAnEmptyList() throws {
        XCTAssertEqual(try BatchHarness.apply(["insert 1 b", "insert -2 a"], to: []), ["a", "b"])
    }

    func testOneBasedCountsSourcesAndDestinationsFromOne() throws {
        let options = EditOptions(base: .one)
        XCTAssertEqual(try BatchHarness.apply(["delete 1", "move 5 1", "insert 3 x"], to: five, options: options),
                       ["e", "b", "x", "c", "d"])
        let error = BatchHarness.error(["insert 0 x"], on: five, options: options)
        XCTAssertEqual(error as? BatchError, .invalidArgument(
            reference("insert 0 x"), underlying: ReorderError.zeroIndexWhenOneBased(role: .destination)))
    }

    // MARK: Errors, with the operations that clash

    func testItemUsedTwiceAsASource() {
        let cases: [[String]] = [["delete 2", "move 2 0"], ["move 2 0", "move -3 1"], ["replace 2 x", "delete 2"],
                                 ["swap 1 2", "delete 2"], ["delete 2", "delete 2"]]
        for operations in cases {
            XCTAssertEqual(BatchHarness.error(operations, on: five) as? BatchError, .sourceUsedTwice(
                item: 2, first: reference(operations[0], .expression(1)),
                second: reference(operations[1], .expression(2)), base: .zero), "\(operations)")
        }
    }

    func testTwoItemsClaimingOnePosition() {
        XCTAssertEqual(BatchHarness.error(["insert 1 x", "move 3 1"], on: five) as? BatchError,
                       .destinationClaimedTwice(position: 1, first: reference("insert 1 x", .expression(1)),
                                                second: reference("move 3 1", .expression(2)), base: .zero))
        // -1 and 4 are the same place in a result of five.
        XCTAssertEqual(BatchHarness.error(["move 0 -1", "move 1 4"], on: five) as? BatchError,
                       .destinationClaimedTwice(position: 4, first: reference("move 0 -1", .expression(1)),
                                                second: reference("move 1 4", .expression(2)), base: .zero))
    }

    func testDestinationOutsideTheResult() {
        let nine = (0..<10).map { "item\($0)" }
        XCTAssertEqual(BatchHarness.error(["delete 0", "insert 12 x", "delete 1"], on: nine) as? BatchError,
                       .destinationOutsideResult(resultCount: 9, needed: 13, operation: reference("insert 12 x", .expression(2))))
        XCTAssertEqual(BatchHarness.error(["move 0 -6"], on: five) as? BatchError,
                       .destinationOutsideResult(resultCount: 5, needed: 6, operation: reference("move 0 -6")))
        // Deleting makes the result shorter than the list.
        XCTAssertEqual(BatchHarness.error(["move 0 4", "delete 1"], on: five) as? BatchError,
                       .destinationOutsideResult(resultCount: 4, needed: 5, operation: reference("move 0 4")))
    }

    /// The largest destination an index can hold, and the smallest for a
    /// block of two, are outside the result, with the exact count needed:
    /// the fuzz target `batch` found `move -1 09223372036854775807`
    /// trapping on an arithmetic overflow instead.
    func testDestinationAtTheEdgeOfIntIsOutsideTheResultNotAnOverflow() {
        let largest = String(Int.max), needed = UInt(Int.max) + 1
        XCTAssertEqual(BatchHarness.error(["move 0 \(largest)"], on: five) as? BatchError,
                       .destinationOutsideResult(resultCount: 5, needed: needed, operation: reference("move 0 \(largest)")))
        XCTAssertEqual(BatchHarness.error(["insert \(largest) x"], on: five) as? BatchError,
                       .destinationOutsideResult(resultCount: 6, needed: needed, operation: reference("insert \(largest) x")))
        XCTAssertEqual(BatchHarness.error(["move 0,1 -\(largest)"], on: five) as? BatchError,
                       .destinationOutsideResult(resultCount: 5, needed: needed, operation: reference("move 0,1 -\(largest)")))
        XCTAssertEqual(BatchHarness.error(["move 1 \(largest)"], on: five, options: EditOptions(base: .one)) as? BatchError,
                       .destinationOutsideResult(resultCount: 5, needed: UInt(Int.max), operation: reference("move 1 \(largest)")))
    }

    func testSourceOutOfRange() {
        XCTAssertEqual(BatchHarness.error(["delete 5"], on: five) as? BatchError, .invalidArgument(
            reference("delete 5"), underlying: ReorderError.indexOutOfRange(index: 5, count: 5, role: .source, base: .zero)))
    }

    func testValueWithANewlineIsRefused() {
        XCTAssertEqual(BatchHarness.error(["insert 0 a\nb"], on: five) as? BatchError, .invalidArgument(
            reference("insert 0 a\nb"), underlying: ReorderError.valueContainsTerminator(terminator: 0x0A)))
    }
}
