import Foundation
import XCTest

/// `reorder batch` on real files: scripts from files and standard input,
/// every batch error as the user sees it, and nothing written on error.
final class BatchTests: XCTestCase {
    let five = "a\nb\nc\nd\ne\n"

    /// Runs a batch that must fail and checks that `list.txt` is untouched.
    func assertFails(_ arguments: [String], _ message: String, stdin: Data? = nil,
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let h = try Harness()
        try h.write("list.txt", five)
        try h.write("ops.txt", "")
        let result = try h.run(arguments, stdin: stdin)
        XCTAssertEqual(result.status, 2, file: file, line: line)
        XCTAssertEqual(result.stderr, message + "\n", file: file, line: line)
        XCTAssertEqual(result.out, "", file: file, line: line)
        XCTAssertEqual(try h.text("list.txt"), five, "nothing written on error", file: file, line: line)
    }

    func testWorkedExampleFromTheHelpInPlace() throws {
        let h = try Harness()
        try h.write("list.txt", five)
        let result = try h.run(["batch", "-e", "delete 0", "-e", "move 4 0", "-e", "insert 2 x", "list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("list.txt"), "e\nb\nx\nc\nd\n")
        XCTAssertEqual(try h.listing(), ["list.txt"])
    }

    func testScriptFromAFileWithCommentsBlankLinesAndVerbatimValues() throws {
        let h = try Harness()
        try h.write("list.txt", five)
        try h.write("ops.txt", """
            # indices count in the list as it is now
            move 4 0

            insert 1   three spaces before, two after  
              # an indented comment
            replace 2 # not a comment
            """)
        let result = try h.run(["batch", "-f", "ops.txt", "list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("list.txt"), "e\n  three spaces before, two after  \na\nb\n# not a comment\nd\n")
    }

    func testScriptWithCRLFLineEnds() throws {
        let h = try Harness()
        try h.write("list.txt", five)
        try h.write("ops.txt", "insert 0 x\r\ndelete 0\r\n")
        XCTAssertEqual(try h.run(["batch", "-f", "ops.txt", "list.txt", "-o", "-"]).out, "x\nb\nc\nd\ne\n")
    }

    func testScriptFromStandardInput() throws {
        let h = try Harness()
        try h.write("list.txt", five)
        let result = try h.run(["batch", "-f", "-", "list.txt"], stdin: Data("# swap the ends\nswap 0 -1\n".utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("list.txt"), "e\nb\nc\nd\na\n")
    }

    func testScriptAndListCannotBothBeStandardInput() throws {
        try assertFails(["batch", "-f", "-"],
                        "reorder: '-f -' reads the script from standard input, so the list must come from a FILE",
                        stdin: Data("delete 0\n".utf8))
    }

    func testExpressionsAndScriptsApplyInTheOrderGiven() throws {
        let h = try Harness()
        try h.write("list.txt", five)
        try h.write("ops.txt", "delete 0\n")
        XCTAssertEqual(try h.run(["batch", "--sequential", "-e", "move 0 -1", "-f", "ops.txt", "list.txt", "-o", "-"]).out,
                       "c\nd\ne\na\n")
        XCTAssertEqual(try h.run(["batch", "--sequential", "-f", "ops.txt", "-e", "move 0 -1", "list.txt", "-o", "-"]).out,
                       "c\nd\ne\nb\n")
    }

    func testSequentialUsesTheIndicesOfTheSingleCommands() throws {
        let h = try Harness()
        try h.write("list.txt", five)
        let arguments = ["-e", "delete 0", "-e", "move 3 0", "-e", "insert 2 x", "list.txt", "-o", "-"]
        XCTAssertEqual(try h.run(["batch", "--sequential"] + arguments).out, "e\nb\nx\nc\nd\n")
        // The same operations as one batch: 3 is d in the list before.
        XCTAssertEqual(try h.run(["batch"] + arguments).out, "d\nb\nx\nc\ne\n")
    }

    func testOneBased() throws {
        let h = try Harness()
        try h.write("list.txt", five)
        let result = try h.run(["batch", "--one-based", "-e", "delete 1", "-e", "move 5 1", "-e", "insert 3 x",
                                "list.txt", "-o", "-"])
        XCTAssertEqual(result.out, "e\nb\nx\nc\nd\n", result.stderr)
    }

    // MARK: Selectors in a batch

    func testSelectorsDeleteEveryMatchAndMoveABlock() throws {
        let h = try Harness()
        try h.write("list.txt", "keep1\ndrop1\nkeep2\ndrop2\nlast\n")
        XCTAssertEqual(try h.run(["batch", "-e", "delete ~^drop", "-e", "move =last 0", "list.txt", "-o", "-"]).out,
                       "last\nkeep1\nkeep2\n")
        // A block of several items keeps its order; its first item ends at TO.
        XCTAssertEqual(try h.run(["batch", "-e", "move 1...2 -1", "list.txt", "-o", "-"]).out,
                       "keep1\ndrop2\nlast\ndrop1\nkeep2\n")
    }

    func testSwapNeedsOneItemOnEachSide() throws {
        try assertFails(["batch", "-e", "swap ~^[a-c]$ 4", "list.txt"],
                        "reorder: list.txt: 'swap ~^[a-c]$ 4' needs one item for I, but it selects 3")
    }

    func testMissingOKDropsAnOperationThatSelectsNothing() throws {
        let h = try Harness()
        try h.write("list.txt", five)
        let arguments = ["batch", "-e", "delete =zzz", "-e", "move 0 -1", "list.txt", "-o", "-"]
        XCTAssertEqual(try h.run(arguments).status, 2)
        XCTAssertEqual(try h.run(arguments + ["--missing-ok"]).out, "b\nc\nd\ne\na\n")
    }

    // MARK: Errors, as the user sees them

    func testMisspelledOperationInAScriptNamesItsLine() throws {
        let h = try Harness()
        try h.write("list.txt", five)
        try h.write("ops.txt", "# fix the order\n\nmove 0 1\nmove 1 2\n\n# and then\nmvoe 2 3\n")
        let result = try h.run(["batch", "-f", "ops.txt", "list.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: ops.txt:7: 'mvoe' is not an operation; did you mean 'move'?\n")
        XCTAssertEqual(try h.text("list.txt"), five)
    }

    func testUnknownOperationInAnExpression() throws {
        try assertFails(["batch", "-e", "frob 1", "list.txt"],
                        "reorder: -e 'frob 1': 'frob' is not an operation; use one of: delete, insert, move, swap, replace")
    }

    func testIncompleteOperation() throws {
        try assertFails(["batch", "-e", "move 3", "list.txt"], "reorder: 'move 3' is incomplete; write 'move FROM TO'")
    }

    func testDestinationOutsideTheResult() throws {
        let h = try Harness()
        let ten = (0..<10).map { "item\($0)\n" }.joined()
        try h.write("list.txt", ten)
        let result = try h.run(["batch", "-e", "delete 0", "-e", "insert 12 x", "list.txt"])
        XCTAssertEqual(result.status, 2)
        // One deleted and one inserted: the batch leaves 10 items.
        XCTAssertEqual(result.stderr, "reorder: list.txt: the batch leaves 10 items; 'insert 12 x' needs at least 13\n")
        let shorter = try h.run(["batch", "-e", "delete 0", "-e", "delete 1", "-e", "insert 12 x", "list.txt"])
        XCTAssertEqual(shorter.stderr, "reorder: list.txt: the batch leaves 9 items; 'insert 12 x' needs at least 13\n")
        XCTAssertEqual(try h.text("list.txt"), ten)
    }

    func testItemUsedTwice() throws {
        try assertFails(["batch", "-e", "delete 2", "-e", "move 2 0", "list.txt"],
                        "reorder: list.txt: 'delete 2' and 'move 2 0' both use item 2")
    }

    func testTwoItemsClaimingOnePosition() throws {
        try assertFails(["batch", "-e", "insert 1 x", "-e", "move 3 1", "list.txt"],
                        "reorder: list.txt: 'insert 1 x' and 'move 3 1' both claim position 1")
    }

    func testClashInAScriptNamesTheLines() throws {
        let h = try Harness()
        try h.write("list.txt", five)
        try h.write("ops.txt", "delete 2\n# between\nmove 2 0\n")
        let result = try h.run(["batch", "-f", "ops.txt", "list.txt"])
        XCTAssertEqual(result.stderr,
                       "reorder: list.txt: 'delete 2' (ops.txt:1) and 'move 2 0' (ops.txt:3) both use item 2\n")
        XCTAssertEqual(try h.text("list.txt"), five)
    }

    func testOneBasedErrorsCountFromOne() throws {
        try assertFails(["batch", "--one-based", "-e", "delete 3", "-e", "move 3 1", "list.txt"],
                        "reorder: list.txt: 'delete 3' and 'move 3 1' both use item 3")
    }

    func testSourceOutOfRangeNamesTheOperation() throws {
        try assertFails(["batch", "-e", "delete 7", "list.txt"],
                        "reorder: list.txt: in 'delete 7': index 7 is out of range: the list has 5 items (valid: 0...4, or -5...-1 from the end)")
    }

    func testSequentialErrorNamesTheOperationAndWritesNothing() throws {
        try assertFails(["batch", "--sequential", "-e", "delete 0", "-e", "delete 4", "list.txt"],
                        "reorder: list.txt: in 'delete 4': index 4 is out of range: the list has 4 items (valid: 0...3, or -4...-1 from the end)")
    }

    func testNoOperations() throws {
        try assertFails(["batch", "list.txt"],
                        "reorder: batch needs operations: give -e OP or -f SCRIPT; see 'reorder help batch'")
    }

    func testMissingScript() throws {
        try assertFails(["batch", "-f", "missing.txt", "list.txt"],
                        "reorder: missing.txt: cannot open: No such file or directory")
    }

    // MARK: The file handling of the single commands

    func testCheckAndDiffWriteNothing() throws {
        let h = try Harness()
        try h.write("list.txt", five)
        let check = try h.run(["batch", "--check", "-e", "swap 0 1", "list.txt"])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.out, "list.txt\n")
        XCTAssertEqual(try h.run(["batch", "--check", "-e", "swap 1 1", "list.txt"]).status, 0)
        let diff = try h.run(["batch", "--diff", "--color", "never", "-e", "delete 4", "list.txt"])
        XCTAssertEqual(diff.status, 1)
        XCTAssertTrue(diff.out.contains("\n-e\n"), diff.out)
        XCTAssertEqual(try h.text("list.txt"), five)
    }

    func testOutputPathLeavesTheInputAlone() throws {
        let h = try Harness()
        try h.write("list.txt", five)
        XCTAssertEqual(try h.run(["batch", "-e", "move 0 -1", "list.txt", "-o", "out.txt"]).status, 0)
        XCTAssertEqual(try h.text("out.txt"), "b\nc\nd\ne\na\n")
        XCTAssertEqual(try h.text("list.txt"), five)
    }

    func testSeveralFilesEachOnItsOwn() throws {
        let h = try Harness()
        try h.write("one.txt", five)
        try h.write("two.txt", "a\nb\n")
        try h.write("three.txt", "x\ny\nz\n")
        let result = try h.run(["batch", "-e", "move 0 2", "one.txt", "two.txt", "three.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: two.txt: the batch leaves 2 items; 'move 0 2' needs at least 3\n")
        XCTAssertEqual(try h.text("one.txt"), "b\nc\na\nd\ne\n")
        XCTAssertEqual(try h.text("two.txt"), "a\nb\n")
        XCTAssertEqual(try h.text("three.txt"), "y\nz\nx\n")
    }

    func testStandardInputToStandardOutput() throws {
        let h = try Harness()
        let result = try h.run(["batch", "-e", "insert -1 f", "-e", "delete 0"], stdin: Data(five.utf8))
        XCTAssertEqual(result.out, "b\nc\nd\ne\nf\n", result.stderr)
    }

    func testHelpExplainsTheIndexRulesWithAnExample() throws {
        let h = try Harness()
        let help = try h.run(["help", "batch"]).out
        XCTAssertTrue(help.contains("performBatchUpdates"), help)
        XCTAssertTrue(help.contains("'e b x c d'"), help)
    }

    /// Scripts of a mebibyte or more get a heap set up for them (see
    /// `HeapTuning`): the same results as ever, from a model of the rules.
    func testLargeScriptsGiveTheResultsOfTheRules() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func below(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let padding = String(repeating: "-", count: 90)
        let h = try Harness()

        // One batch: every source counts in the list before it, every
        // destination in the list after it.
        let count = 100_000
        let source = (0..<count).map { "item \($0)" }
        try h.write("list.txt", source.map { $0 + "\n" }.joined())
        var operations: [String] = []
        var floating: [String] = []
        var claims: [Int: String] = [:]
        var movedValues: [String] = []
        for i in 0..<count {
            switch i % 10 {
            case 0: operations.append("delete \(i)")
            case 1:
                operations.append("replace \(i) replaced \(i) \(padding)")
                floating.append("replaced \(i) \(padding)")
            case 2:
                operations.append("move \(i) DESTINATION")
                movedValues.append(source[i])
            default: floating.append(source[i])
            }
        }
        let inserted = 10_000
        let resultCount = count - count / 10 + inserted
        var positions = Array(0..<resultCount)
        for k in positions.indices.reversed() { positions.swapAt(k, below(k + 1)) }
        var next = 0
        for (k, operation) in operations.enumerated() where operation.hasSuffix("DESTINATION") {
            operations[k] = operation.replacingOccurrences(of: "DESTINATION", with: "\(positions[next])")
            claims[positions[next]] = movedValues[next]
            next += 1
        }
        for k in 0..<inserted {
            operations.append("insert \(positions[next]) new \(k) \(padding)")
            claims[positions[next]] = "new \(k) \(padding)"
            next += 1
        }
        for k in operations.indices.reversed() { operations.swapAt(k, below(k + 1)) }
        var expected: [String] = []
        var nextFloating = 0
        for position in 0..<resultCount {
            if let claimed = claims[position] {
                expected.append(claimed)
            } else {
                expected.append(floating[nextFloating])
                nextFloating += 1
            }
        }
        let script = operations.joined(separator: "\n") + "\n"
        XCTAssertGreaterThan(script.utf8.count, 1 << 20)
        try h.write("ops.txt", script)
        let batch = try h.run(["batch", "-f", "ops.txt", "list.txt"])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertEqual(try h.text("list.txt"), expected.map { $0 + "\n" }.joined())

        // With --sequential: each operation on the list the one before left.
        let longPadding = padding + padding
        var list = (0..<5_000).map { "line \($0)" }
        try h.write("short.txt", list.map { $0 + "\n" }.joined())
        operations = []
        for k in 0..<20_000 {
            switch below(4) {
            case 0:
                let at = below(list.count + 1)
                operations.append("insert \(at) new \(k) \(longPadding)")
                list.insert("new \(k) \(longPadding)", at: at)
            case 1:
                let at = below(list.count)
                operations.append("delete \(at)")
                list.remove(at: at)
            case 2:
                let i = below(list.count), j = below(list.count)
                operations.append("swap \(i) \(j)")
                list.swapAt(i, j)
            default:
                let from = below(list.count), to = below(list.count)
                operations.append("move \(from) \(to)")
                list.insert(list.remove(at: from), at: to)
            }
        }
        let sequentialScript = operations.joined(separator: "\n") + "\n"
        XCTAssertGreaterThan(sequentialScript.utf8.count, 1 << 20)
        try h.write("seq.txt", sequentialScript)
        let sequential = try h.run(["batch", "--sequential", "-f", "seq.txt", "short.txt"])
        XCTAssertEqual(sequential.status, 0, sequential.stderr)
        XCTAssertEqual(try h.text("short.txt"), list.map { $0 + "\n" }.joined())
    }
}
