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

    func testTheWalkComparesStretchesOfLinesWhateverTheirTerminators() throws {
        // Stretches of the same bytes are compared at once; a line's key is
        // still its text without its terminator: LF and CRLF lines with the
        // same text match, a last line without a terminator matches one
        // with, and a file of one line has no stretch before its last.
        var generator = SeededGenerator(seed: 31)
        var stretches = 0
        for round in 0..<400 {
            var (old, new) = randomPair(&generator)
            if generator.chance(30) {
                // Long runs in the same order: the stretches are most.
                old = (0..<generator.below(400)).map { "line \($0)" }
                new = old
                for _ in 0..<generator.below(4) where !new.isEmpty {
                    new.insert(new.remove(at: generator.below(new.count)), at: generator.below(new.count + 1))
                }
            }
            func text(_ lines: [String], crlf: Int) -> [UInt8] {
                var text = ""
                for (index, line) in lines.enumerated() {
                    text += line
                    if index + 1 < lines.count || !generator.chance(30) {
                        text += generator.chance(crlf) ? "\r\n" : "\n"
                    }
                }
                return Array(text.utf8)
            }
            let crlf = [0, 5, 50, 100][generator.below(4)]
            let oldText = text(old, crlf: crlf), newText = text(new, crlf: generator.chance(50) ? crlf : 0)
            try oldText.withUnsafeBytes { oldBytes in
                try newText.withUnsafeBytes { newBytes in
                    let oldDocument = try ListDocument(oldBytes, format: .lines, options: ReadOptions())
                    let newDocument = try ListDocument(newBytes, format: .lines, options: ReadOptions())
                    // A key that is empty reads as no line at the end.
                    let oldKeys = try ItemKeyBytes(oldDocument, key: nil), newKeys = try ItemKeyBytes(newDocument, key: nil)
                    let oldLines = (0..<oldDocument.count).map { String(decoding: oldKeys[$0]!, as: UTF8.self) }
                    let newLines = (0..<newDocument.count).map { String(decoding: newKeys[$0]!, as: UTF8.self) }
                    let context = "round \(round): \(String(decoding: oldText, as: UTF8.self).debugDescription) → \(String(decoding: newText, as: UTF8.self).debugDescription)"
                    XCTAssertEqual(oldLines.filter { $0.contains("\r") }, [], context)
                    assertExact(KeyNumbers(old: oldKeys, new: newKeys), oldLines, newLines, context)
                    if let inOrder = KeyNumbers.inOrder(oldKeys.access, newKeys.access) {
                        assertExact(inOrder, oldLines, newLines, context + " (in order)")
                    }
                    if oldDocument.count > 2 && newDocument.count > 2
                        && KeyNumbers.Walk.sameLines(oldKeys.access, 0, newKeys.access, 0) > 0 {
                        stretches += 1
                    }
                }
            }
        }
        // Stretches were compared often enough to mean something.
        XCTAssertGreaterThan(stretches, 50)
    }

    func testAStretchEndsWhereTheBytesDifferAndCountsWholeLines() throws {
        func stretch(_ old: String, _ new: String, _ i: Int = 0, _ j: Int = 0) throws -> Int {
            let oldText = Array(old.utf8), newText = Array(new.utf8)
            return try oldText.withUnsafeBytes { oldBytes in
                try newText.withUnsafeBytes { newBytes in
                    let oldKeys = try ItemKeyBytes(try ListDocument(oldBytes, format: .lines, options: ReadOptions()), key: nil)
                    let newKeys = try ItemKeyBytes(try ListDocument(newBytes, format: .lines, options: ReadOptions()), key: nil)
                    return KeyNumbers.Walk.sameLines(oldKeys.access, i, newKeys.access, j)
                }
            }
        }
        XCTAssertEqual(try stretch("a\nb\nc\nd\n", "a\nb\nc\nd\n"), 3, "the last line is left to the keys")
        XCTAssertEqual(try stretch("a\nb\nc\nd\n", "a\nb\nx\nd\n"), 2)
        XCTAssertEqual(try stretch("a\nbc\nd\ne\n", "a\nb\nd\ne\n"), 1, "b is a prefix of bc: not the same line")
        XCTAssertEqual(try stretch("a\nb\r\nc\nd\n", "a\nb\nc\nd\n"), 1, "the terminators differ: the keys decide")
        XCTAssertEqual(try stretch("x\na\nb\nc\n", "a\nb\nc\nz\n", 1, 0), 2)
        XCTAssertEqual(try stretch("a\n", "a\n"), 0)
        let long = (0..<5000).map { "item \($0)\n" }.joined()
        XCTAssertEqual(try stretch(long, long), 4999)
        XCTAssertEqual(try stretch(long + "tail", long + "other\n"), 5000)
        XCTAssertEqual(try stretch(long, (0..<5000).map { $0 == 3210 ? "item x\n" : "item \($0)\n" }.joined()), 3210)
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

    func testTheWalkAndTheHashesOnTwoThreadsNumberAsOneThreadDoes() throws {
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
