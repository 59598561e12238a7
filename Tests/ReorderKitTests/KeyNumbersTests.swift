@testable import ReorderKit
import XCTest

/// The numbers `diff` matches items by: equal bytes, one number, by both
/// ways of finding them (in order, and by sorting), held to a dictionary.
final class KeyNumbersTests: XCTestCase {
    /// Calls `body` with the keys of the lines `old` and `new` (joined with
    /// `terminator`).
    func withKeys<T>(_ old: [String], _ new: [String], terminator: String = "\n",
                     _ body: (ItemKeyBytes, ItemKeyBytes) throws -> T) throws -> T {
        let oldText = Array(old.map { $0 + terminator }.joined().utf8)
        let newText = Array(new.map { $0 + terminator }.joined().utf8)
        return try oldText.withUnsafeBytes { oldBytes in
            try newText.withUnsafeBytes { newBytes in
                let oldDocument = try ListDocument(oldBytes, format: .lines, options: ReadOptions())
                let newDocument = try ListDocument(newBytes, format: .lines, options: ReadOptions())
                return try body(try ItemKeyBytes(oldDocument, key: nil), try ItemKeyBytes(newDocument, key: nil))
            }
        }
    }

    /// `numbers` gives equal keys one number and different keys different
    /// ones, and a new key the number of an old key with its bytes, or -1
    /// when no old key has them.
    func assertExact(_ numbers: KeyNumbers, _ old: [String], _ new: [String], _ context: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        let oldIDs = numbers.old
        XCTAssertEqual(oldIDs.count, old.count, context, file: file, line: line)
        XCTAssertEqual(numbers.new.count, new.count, context, file: file, line: line)
        var idOf: [String: Int] = [:]
        for (index, key) in old.enumerated() {
            XCTAssert(oldIDs[index] >= 0 && oldIDs[index] < numbers.idCount, context, file: file, line: line)
            if let id = idOf[key] {
                XCTAssertEqual(oldIDs[index], id, "\(context): old \(index) \(key)", file: file, line: line)
            } else {
                XCTAssertFalse(idOf.values.contains(oldIDs[index]), "\(context): old \(index) shares a number", file: file, line: line)
                idOf[key] = oldIDs[index]
            }
        }
        let newRepeatsAnOldKey = Set(new.filter { idOf[$0] != nil }).count < new.filter { idOf[$0] != nil }.count
        XCTAssertEqual(numbers.distinct, idOf.count == old.count && !newRepeatsAnOldKey, context, file: file, line: line)
        for (index, key) in new.enumerated() {
            XCTAssertEqual(Int(numbers.new[index]), idOf[key] ?? -1, "\(context): new \(index) \(key)", file: file, line: line)
        }
    }

    /// Pairs of lists: far apart or a few changes apart, with and without
    /// repeated keys, empty ones and ones that differ only at their end.
    func randomPair(_ generator: inout SeededGenerator) -> ([String], [String]) {
        let count = generator.below(4) == 0 ? generator.below(8) : generator.below(300)
        let repeats = generator.chance(30)
        let alphabet = repeats ? max(1, count / 3) : 1_000_000
        var seen = Set<String>()
        var old: [String] = []
        while old.count < count {
            let n = generator.below(alphabet)
            let key = generator.chance(5) ? "" : (generator.chance(20) ? "same-prefix-\(n)" : "k\(n)")
            if repeats || seen.insert(key).inserted { old.append(key) }
        }
        var new = old
        if generator.chance(20) {
            new.shuffle(using: &generator)
        } else {
            for _ in 0..<generator.below(6) where !new.isEmpty {
                let item = new.remove(at: generator.below(new.count))
                new.insert(item, at: generator.below(new.count + 1))
            }
            for _ in 0..<generator.below(3) where !new.isEmpty { new.remove(at: generator.below(new.count)) }
            for _ in 0..<generator.below(3) { new.insert("new\(generator.below(alphabet))", at: generator.below(new.count + 1)) }
            if generator.chance(10), !new.isEmpty { new.insert(new[generator.below(new.count)], at: generator.below(new.count + 1)) }
        }
        return (old, new)
    }

    func testBothWaysNumberEveryPairExactly() throws {
        var generator = SeededGenerator(seed: 20)
        var inOrderTaken = 0, inOrderDeclined = 0
        for round in 0..<600 {
            let (old, new) = randomPair(&generator)
            let context = "round \(round): \(old) → \(new)"
            try withKeys(old, new) { oldKeys, newKeys in
                let numbers = KeyNumbers(old: oldKeys, new: newKeys)
                assertExact(numbers, old, new, context)
                // The diff of the numbers: as few moves as the diff of the
                // strings, and a script that gives the new list.
                let diff = ListDiff(numbers)
                XCTAssertEqual(diff.moveCount, ListDiff(old: old, new: new).moveCount, context)
                let script = diff.script(sequential: false) { Array(new[$0].utf8) }
                XCTAssertEqual(try ListDiffTests.apply(script, to: old, sequential: false), new, context)
                assertExact(KeyNumbers.sorted(oldKeys.access, newKeys.access), old, new, context + " (sorted)")
                // Past the budget of binary searches: the rest joined.
                for searches in [0, 3] {
                    assertExact(KeyNumbers.sorted(oldKeys.access, newKeys.access, searches: searches), old, new,
                                context + " (sorted, \(searches) searches)")
                }
                if let inOrder = KeyNumbers.inOrder(oldKeys.access, newKeys.access) {
                    inOrderTaken += 1
                    assertExact(inOrder, old, new, context + " (in order)")
                    XCTAssertEqual(Set(old).count, old.count, "in order takes only distinct old keys: \(context)")
                } else {
                    inOrderDeclined += 1
                }
            }
        }
        // Both ways were taken often enough to mean something.
        XCTAssertGreaterThan(inOrderTaken, 200)
        XCTAssertGreaterThan(inOrderDeclined, 100)
    }

    func testInOrderTakesListsAFewMovesApartAndDeclinesRepeatsAndShuffles() throws {
        let old = (0..<5000).map { "item \($0)" }
        var near = old
        near.insert(near.remove(at: 10), at: 4000)
        near.insert(near.remove(at: 4500), at: 3)
        near.remove(at: 100)
        near.insert("new", at: 2000)
        try withKeys(old, near) { oldKeys, newKeys in
            let numbers = try XCTUnwrap(KeyNumbers.inOrder(oldKeys.access, newKeys.access))
            assertExact(numbers, old, near, "near")
            XCTAssertEqual(ListDiff(numbers).moveCount, 2)
        }
        var generator = SeededGenerator(seed: 7)
        let shuffled = old.shuffled(using: &generator)
        try withKeys(old, shuffled) { oldKeys, newKeys in
            XCTAssert(KeyNumbers.inOrder(oldKeys.access, newKeys.access) == nil)
            assertExact(KeyNumbers(old: oldKeys, new: newKeys), old, shuffled, "shuffled")
        }
        let repeated = old + ["item 17"]
        try withKeys(repeated, near) { oldKeys, newKeys in
            XCTAssert(KeyNumbers.inOrder(oldKeys.access, newKeys.access) == nil)
            assertExact(KeyNumbers(old: oldKeys, new: newKeys), repeated, near, "repeated old")
        }
        // A new list that repeats an old key: declined too.
        let newRepeats = near + ["item 42"]
        try withKeys(old, newRepeats) { oldKeys, newKeys in
            XCTAssert(KeyNumbers.inOrder(oldKeys.access, newKeys.access) == nil)
            assertExact(KeyNumbers(old: oldKeys, new: newKeys), old, newRepeats, "repeated new")
        }
    }

    func testTheWalkAndTheTableOnTwoThreadsNumberAsOneThreadDoes() throws {
        // The two pieces of the work read the same keys side by side (run
        // under ThreadSanitizer by make test-tsan).
        let old = (0..<20_000).map { "item \($0)" }
        var new = old
        new.insert(new.remove(at: 5), at: 15_000)
        new.insert("new", at: 100)
        new.remove(at: 7_000)
        try withKeys(old, new) { oldKeys, newKeys in
            let twoThreads = KeyNumbers(old: oldKeys, new: newKeys) { first, second in
                withoutActuallyEscaping(first) { first in
                    withoutActuallyEscaping(second) { second in
                        nonisolated(unsafe) let work = [first, second]
                        DispatchQueue.concurrentPerform(iterations: 2) { work[$0]() }
                    }
                }
            }
            XCTAssertTrue(twoThreads.distinct)
            assertExact(twoThreads, old, new, "two threads")
            XCTAssertEqual(twoThreads.new, KeyNumbers(old: oldKeys, new: newKeys).new)
        }
    }

    func testALineIsItsKeyWithoutItsTerminator() throws {
        // CRLF and LF lines with the same text are the same key.
        let old = ["a", "b", "c"], new = ["c", "a", "b"]
        let oldText = Array("a\r\nb\r\nc".utf8), newText = Array("c\na\nb\n".utf8)
        try oldText.withUnsafeBytes { oldBytes in
            try newText.withUnsafeBytes { newBytes in
                let oldKeys = try ItemKeyBytes(try ListDocument(oldBytes, format: .lines, options: ReadOptions()), key: nil)
                let newKeys = try ItemKeyBytes(try ListDocument(newBytes, format: .lines, options: ReadOptions()), key: nil)
                assertExact(KeyNumbers(old: oldKeys, new: newKeys), old, new, "CRLF")
            }
        }
    }

    func testJSONValuesAndKeysAreCopiedKeys() throws {
        let old = Array(#"[{"id": 1, "n": "a"}, {"id": 2}, {"n": "b"}]"#.utf8)
        let new = Array(#"[{"id": 2}, {"id": 1, "n": "a"}, {"n": "c"}]"#.utf8)
        try old.withUnsafeBytes { oldBytes in
            try new.withUnsafeBytes { newBytes in
                let oldDocument = try ListDocument(oldBytes, format: .json, options: ReadOptions())
                let newDocument = try ListDocument(newBytes, format: .json, options: ReadOptions())
                // By value: the elements' one-line texts.
                let byValue = KeyNumbers(old: try ItemKeyBytes(oldDocument, key: nil), new: try ItemKeyBytes(newDocument, key: nil))
                XCTAssertEqual(byValue.new, [1, 0, -1])
                // By --key /id: the third item of each has none, and
                // matches nothing.
                let byID = KeyNumbers(old: try ItemKeyBytes(oldDocument, key: "/id"), new: try ItemKeyBytes(newDocument, key: "/id"))
                XCTAssertEqual(byID.new, [1, 0, -1])
                XCTAssertEqual(Set(byID.old).count, 3)
            }
        }
    }

    /// The path for distinct keys and the general one find as few moves,
    /// and their scripts give the new list.
    func testTheDistinctPathAgreesWithTheGeneralOne() throws {
        var generator = SeededGenerator(seed: 11)
        for round in 0..<300 {
            let count = generator.below(200)
            let old = Array(0..<count)
            var new = generator.chance(30) ? old.shuffled(using: &generator) : old
            for _ in 0..<generator.below(8) where !new.isEmpty {
                let item = new.remove(at: generator.below(new.count))
                new.insert(item, at: generator.below(new.count + 1))
            }
            for _ in 0..<generator.below(3) where !new.isEmpty { new.remove(at: generator.below(new.count)) }
            let newIDs = new.map { generator.chance(3) ? -1 : $0 }
            let distinct = ListDiff(distinctOldCount: count, newIDs: newIDs, changed: nil)
            let general = ListDiff(oldIDs: old, newIDs: newIDs, idCount: count)
            XCTAssertEqual(distinct.moveCount, general.moveCount, "round \(round)")
            XCTAssertEqual(distinct.deleted, general.deleted, "round \(round)")
            XCTAssertEqual(distinct.inserted, general.inserted, "round \(round)")
            let oldText = old.map(String.init), newText = newIDs.enumerated().map { $0.element < 0 ? "x\($0.offset)" : String($0.element) }
            for sequential in [false, true] {
                let script = distinct.script(sequential: sequential) { Array(newText[$0].utf8) }
                XCTAssertEqual(try ListDiffTests.apply(script, to: oldText, sequential: sequential), newText, "round \(round)")
            }
        }
    }
}
