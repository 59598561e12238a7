import ReorderKit
import XCTest

/// A batch prepared before its list is read (`PreparedEdit`), as the command
/// line runs it: the same result as the ordinary path, and the same error
/// when an index is out of range or a value invalid for the list it meets.
/// (`BatchHarness` holds every batch test to both paths; these tests make
/// sure the prepared path is the one taken, on lists where it matters.)
final class PreparedBatchTests: XCTestCase {
    func script(_ operations: [String]) throws -> BatchScript {
        var script = BatchScript()
        for (number, operation) in operations.enumerated() {
            try script.append(expression: Array(operation.utf8), number: number + 1)
        }
        return script
    }

    func prepared(_ operations: [String], sequential: Bool, base: IndexBase = .zero) throws -> PreparedEdit {
        PreparedEdit(.batch(try script(operations), sequential: sequential), options: EditOptions(base: base))
    }

    func lines(_ count: Int) -> [UInt8] { Array((0..<count).map { "item \($0)\n" }.joined().utf8) }

    func testPlainIndicesArePreparedAndOthersAreNot() throws {
        for sequential in [false, true] {
            XCTAssertTrue(try prepared(["delete 1", "insert 0 x", "move 2 3", "swap 4 5", "replace 6 y"],
                                       sequential: sequential).isPrepared)
            XCTAssertTrue(try prepared([], sequential: sequential).isPrepared)
            XCTAssertFalse(try prepared(["move -1 0"], sequential: sequential).isPrepared)
            XCTAssertFalse(try prepared(["move 1 -1"], sequential: sequential).isPrepared)
            XCTAssertFalse(try prepared(["delete =item 3"], sequential: sequential).isPrepared)
            XCTAssertFalse(try prepared(["delete 0"], sequential: sequential, base: .one).isPrepared)
            XCTAssertTrue(try prepared(["delete 1"], sequential: sequential, base: .one).isPrepared)
        }
        XCTAssertFalse(PreparedEdit(.move(from: .index(UserIndex(0)), to: UserIndex(1)), options: EditOptions()).isPrepared)
    }

    /// One prepared batch, several lists: one long enough, one too short
    /// for an index, and the messages of the ordinary path for the latter.
    func testOnePreparationServesListsOfEveryLength() throws {
        for sequential in [false, true] {
            let operations = ["move 7 0", "delete 3", "insert 5 new", "swap 1 2", "replace 4 changed"]
            let edit = Edit.batch(try script(operations), sequential: sequential)
            let prepared = PreparedEdit(edit, options: EditOptions())
            XCTAssertTrue(prepared.isPrepared)
            for count in [0, 3, 7, 8, 9, 20] {
                try lines(count).withUnsafeBytes { source in
                    let document = try ListDocument(source, format: .lines, options: ReadOptions())
                    let ordinary = Result { try document.arrangement(for: edit, options: EditOptions()) }
                    let fast = Result { try document.arrangement(for: prepared) }
                    switch (ordinary, fast) {
                    case (.success(let a), .success(let b)): XCTAssertEqual(a, b, "count \(count)")
                    case (.failure(let a), .failure(let b)): XCTAssertEqual("\(a)", "\(b)", "count \(count)")
                    default: XCTFail("count \(count): \(ordinary) and \(fast)")
                    }
                    // Item 7 is needed: shorter lists are refused.
                    if case .success = fast { XCTAssertGreaterThanOrEqual(count, 8) } else { XCTAssertLessThan(count, 8) }
                }
            }
        }
    }

    /// A long script of plain operations on a long list, against an array.
    func testALongSequentialScriptOfPlainIndicesMatchesAnArray() throws {
        var rng = SeededGenerator(seed: 41)
        let count = 4_000
        var model = (0..<count).map { "item \($0)" }
        var operations: [String] = []
        for serial in 0..<8_000 {
            let n = model.count
            switch rng.below(5) {
            case 0:
                let i = rng.below(n)
                operations.append("delete \(i)")
                model.remove(at: i)
            case 1:
                let i = rng.below(n + 1)
                operations.append("insert \(i) new \(serial)")
                model.insert("new \(serial)", at: i)
            case 2:
                let i = rng.below(n), j = rng.below(n)
                operations.append("swap \(i) \(j)")
                model.swapAt(i, j)
            case 3:
                let i = rng.below(n)
                operations.append("replace \(i) replaced \(serial)")
                model[i] = "replaced \(serial)"
            default:
                let from = rng.below(n), to = rng.below(n)
                operations.append("move \(from) \(to)")
                model.insert(model.remove(at: from), at: to)
            }
        }
        XCTAssertTrue(try prepared(operations, sequential: true).isPrepared)
        XCTAssertEqual(try BatchHarness.apply(operations, to: (0..<count).map { "item \($0)" }, sequential: true), model)
    }

    /// JSON values are checked when the list is met: a value that is not
    /// JSON is the ordinary path's error, naming its operation.
    func testValuesAreCheckedForTheFormatOfTheList() throws {
        for sequential in [false, true] {
            let good = PreparedEdit(.batch(try script(["insert 1 {\"a\": 1}", "replace 0 \"z\""]), sequential: sequential),
                                    options: EditOptions())
            let bad = PreparedEdit(.batch(try script(["insert 1 {\"a\": 1}", "replace 0 nope"]), sequential: sequential),
                                   options: EditOptions())
            XCTAssertTrue(good.isPrepared && bad.isPrepared)
            let json = Array("[1, 2, 3]\n".utf8)
            try json.withUnsafeBytes { source in
                let document = try ListDocument(source, format: .json, options: ReadOptions())
                XCTAssertEqual(String(decoding: document.render(try document.arrangement(for: good)), as: UTF8.self),
                               "[\"z\", {\"a\": 1}, 2, 3]\n")
                let fast = Result { try document.arrangement(for: bad) }
                let ordinary = Result { try document.arrangement(for: bad.edit, options: bad.options) }
                guard case .failure(let error) = fast, case .failure(let expected) = ordinary else {
                    return XCTFail("a value that is not JSON was accepted: \(fast), \(ordinary)")
                }
                XCTAssertEqual("\(error)", "\(expected)")
                XCTAssertTrue("\(error)".contains("replace 0 nope"), "\(error)")
            }
            // As lines, the same values are fine.
            let text = Array("1\n2\n3\n".utf8)
            try text.withUnsafeBytes { source in
                let document = try ListDocument(source, format: .lines, options: ReadOptions())
                XCTAssertEqual(String(decoding: document.render(try document.arrangement(for: bad)), as: UTF8.self),
                               "nope\n{\"a\": 1}\n2\n3\n")
            }
        }
    }
}
