import ReorderKit
import XCTest

/// Every operation, for every list length 0…7 and every index combination,
/// against a naive model on arrays — through the lines format, so the
/// renderer and the layout are exercised too.
final class OperationsTests: XCTestCase {
    func items(_ n: Int) -> [String] { (0..<n).map { "item\($0)" } }

    /// Applies `edit` to a document of `list`'s lines and returns its items.
    func apply(_ edit: Edit, to list: [String], base: IndexBase = .zero) throws -> [String] {
        let text = list.map { $0 + "\n" }.joined()
        return try Array(text.utf8).withUnsafeBytes { source in
            let document = try ListDocument(source, format: .lines, options: ReadOptions())
            let arrangement = try document.arrangement(for: edit, options: EditOptions(base: base))
            let output = String(decoding: document.render(arrangement), as: UTF8.self)
            XCTAssertTrue(output.isEmpty || output.hasSuffix("\n"))
            return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    func referenceMove(_ list: [String], _ from: Int, _ to: Int) -> [String] {
        var result = list
        let item = result.remove(at: from)
        result.insert(item, at: to)
        return result
    }

    func testMoveMatchesReferenceForEveryIndexPair() throws {
        for n in 0...7 {
            let list = items(n)
            for from in -n..<n {
                for to in -n..<n {
                    let expected = referenceMove(list, (from + n) % n, (to + n) % n)
                    let edit = Edit.move(from: .index(UserIndex(from)), to: UserIndex(to))
                    XCTAssertEqual(try apply(edit, to: list), expected, "n=\(n) move \(from) \(to)")
                }
            }
        }
    }

    func testSwapMatchesReferenceForEveryIndexPair() throws {
        for n in 0...7 {
            let list = items(n)
            for i in -n..<n {
                for j in -n..<n {
                    var expected = list
                    expected.swapAt((i + n) % n, (j + n) % n)
                    let edit = Edit.swap(.index(UserIndex(i)), .index(UserIndex(j)))
                    XCTAssertEqual(try apply(edit, to: list), expected, "n=\(n) swap \(i) \(j)")
                }
            }
        }
    }

    func testInsertMatchesReferenceForEveryPosition() throws {
        for n in 0...7 {
            let list = items(n)
            // Destinations name positions in the result of n + 1 items.
            for at in -(n + 1)...n {
                var expected = list
                expected.insert("new", at: (at + n + 1) % (n + 1))
                let edit = Edit.insert(at: UserIndex(at), value: Array("new".utf8))
                XCTAssertEqual(try apply(edit, to: list), expected, "n=\(n) insert \(at)")
            }
        }
    }

    func testDeleteMatchesReferenceForEveryIndex() throws {
        for n in 0...7 {
            let list = items(n)
            for at in -n..<n {
                var expected = list
                expected.remove(at: (at + n) % n)
                XCTAssertEqual(try apply(.delete(.index(UserIndex(at))), to: list), expected, "n=\(n) delete \(at)")
            }
        }
    }

    func testReverseMatchesReference() throws {
        for n in 0...7 {
            XCTAssertEqual(try apply(.reverse, to: items(n)), items(n).reversed())
        }
    }

    func testOneBasedCountsFromOneAndNegativeStillFromEnd() throws {
        for n in 1...7 {
            let list = items(n)
            for from in 1...n {
                for to in 1...n {
                    let edit = Edit.move(from: .index(UserIndex(from)), to: UserIndex(to))
                    XCTAssertEqual(try apply(edit, to: list, base: .one), referenceMove(list, from - 1, to - 1))
                }
            }
            let last = Edit.move(from: .index(UserIndex(-1)), to: UserIndex(1))
            XCTAssertEqual(try apply(last, to: list, base: .one), referenceMove(list, n - 1, 0))
        }
        XCTAssertThrowsError(try apply(.delete(.index(UserIndex(0))), to: items(3), base: .one)) {
            XCTAssertEqual($0 as? ReorderError, .zeroIndexWhenOneBased(role: .source))
        }
    }

    func testOutOfRangeSourceIndicesAreRejectedWithTheListLength() throws {
        for n in 0...7 {
            let list = items(n)
            for index in [n, n + 1, -n - 1, -n - 2] {
                XCTAssertThrowsError(try apply(.delete(.index(UserIndex(index))), to: list)) {
                    XCTAssertEqual($0 as? ReorderError,
                                   .indexOutOfRange(index: index, count: n, role: .source, base: .zero))
                }
                XCTAssertThrowsError(try apply(.move(from: .index(UserIndex(index)), to: UserIndex(0)), to: list))
                XCTAssertThrowsError(try apply(.swap(.index(UserIndex(0)), .index(UserIndex(index))), to: list))
            }
        }
    }

    func testOutOfRangeDestinationsAreRejectedWithTheResultLength() throws {
        for n in 1...7 {
            let list = items(n)
            for to in [n, n + 1, -n - 1] {
                XCTAssertThrowsError(try apply(.move(from: .index(UserIndex(0)), to: UserIndex(to)), to: list)) {
                    XCTAssertEqual($0 as? ReorderError,
                                   .indexOutOfRange(index: to, count: n, role: .destination, base: .zero))
                }
            }
        }
        for n in 0...7 {
            for at in [n + 1, -n - 2] {
                XCTAssertThrowsError(try apply(.insert(at: UserIndex(at), value: [0x78]), to: items(n))) {
                    XCTAssertEqual($0 as? ReorderError,
                                   .indexOutOfRange(index: at, count: n + 1, role: .destination, base: .zero))
                }
            }
        }
    }

    func testBlockMoveKeepsOrderAndPutsFirstAtDestination() {
        // a b c d e: move b and d so that b ends at 0 → b d a c e.
        let arrangement = Operations.moving(block: [1, 3], to: 0, count: 5)
        XCTAssertEqual(arrangement.sourceIndices, [1, 3, 0, 2, 4])
        XCTAssertEqual(Operations.moving(block: [0, 2], to: 3, count: 5).sourceIndices, [1, 3, 4, 0, 2])
    }

    /// A sort's order as an array builds the arrangement in place: the same
    /// runs as appending each item, for orders with runs of every length.
    func testArrangementFromAnArrayOfIndicesEqualsAppendingThem() {
        var generator = SeededGenerator(seed: 0xA11A)
        for round in 0..<200 {
            let count = generator.below(round < 20 ? 4 : 300)
            var order = Array(0..<count)
            for k in stride(from: count - 1, to: 0, by: -1) where generator.below(3) == 0 {
                order.swapAt(k, generator.below(k + 1))
            }
            var appended = Arrangement()
            for index in order { appended.append(run: index..<index + 1) }
            let built = Arrangement(sourceOrder: order)
            XCTAssertEqual(built, appended, "round \(round): \(order)")
            XCTAssertEqual(built.count, count)
            XCTAssertEqual(built.sourceIndices, order.map { Optional($0) })
        }
    }

    func testMoveToSamePlaceIsIdentityArrangement() {
        for n in 1...7 {
            for i in 0..<n {
                XCTAssertTrue(Operations.moving(from: i, to: i, count: n).isIdentity(sourceCount: n))
                XCTAssertTrue(Operations.swapping(i, i, count: n).isIdentity(sourceCount: n))
            }
        }
    }

    func testAMoveOfOneItemInALongListIsAFewSegments() {
        let arrangement = Operations.moving(from: 0, to: 9_999_999, count: 10_000_000)
        XCTAssertEqual(arrangement.segments, [.run(1..<10_000_000), .run(0..<1)])
        XCTAssertEqual(arrangement.count, 10_000_000)
    }

    func testUserIndexParsing() throws {
        XCTAssertEqual(try UserIndex(parsing: "-12").value, -12)
        XCTAssertEqual(try UserIndex(parsing: "+3").value, 3)
        for bad in ["", "-", "1.5", "x", "1e3", " 1", "0x10", "99999999999999999999999"] {
            XCTAssertThrowsError(try UserIndex(parsing: bad), bad) {
                XCTAssertEqual($0 as? ReorderError, .invalidIndex(bad))
            }
        }
    }
}
