import Foundation
@testable import ReorderKit
import XCTest

/// `StringSort` (lines, and byte keys through `SortKey`) against a naive
/// reference: Swift's lexicographic order on `[UInt8]` (unsigned bytes, a
/// prefix first), ties by index, for every combination of `-i`, `-r`, `-u`.
final class StringSortTests: XCTestCase {
    /// The orders the comparison sort gave (and `LC_ALL=C sort -s` gives):
    /// ascending, or descending with equal items still in index order;
    /// with `unique`, the first (lowest index) of equal items.
    static func reference(_ items: [[UInt8]], ignoreCase: Bool, reverse: Bool, unique: Bool) -> [Int] {
        let keys = ignoreCase ? items.map { $0.map(ByteOrder.upper) } : items
        let order = items.indices.sorted { a, b in
            if keys[a] == keys[b] { return a < b }
            return reverse ? keys[b].lexicographicallyPrecedes(keys[a]) : keys[a].lexicographicallyPrecedes(keys[b])
        }
        guard unique else { return order }
        var kept: [Int] = []
        for index in order where kept.last.map({ keys[$0] != keys[index] }) ?? true { kept.append(index) }
        return kept
    }

    static let optionSets: [(ignoreCase: Bool, reverse: Bool, unique: Bool)] =
        [false, true].flatMap { i in [false, true].flatMap { r in [false, true].map { u in (i, r, u) } } }

    /// Runs a sort directly on `items`, as `LinesLayout` does.
    static func stringSort(_ items: [[UInt8]], ignoreCase: Bool, reverse: Bool, unique: Bool,
                           lender: ThreadLender? = nil, parallelThreshold: Int = StringSort.parallelThreshold) -> [Int] {
        var bytes: [UInt8] = [], starts: [Int] = [], lengths: [UInt32] = []
        for item in items {
            starts.append(bytes.count)
            lengths.append(UInt32(item.count))
            bytes += item
        }
        // One element more of each, so that every array has an address.
        bytes.append(0)
        starts.append(0)
        lengths.append(0)
        return bytes.withUnsafeBufferPointer { base in
            starts.withUnsafeBufferPointer { starts in
                lengths.withUnsafeBufferPointer { lengths in
                    StringSort.sortedOrder(
                        StringSort.Items(base: base.baseAddress!, starts: starts.baseAddress!,
                                         lengths: lengths.baseAddress!, count: items.count),
                        ignoreCase: ignoreCase, reverse: reverse, unique: unique,
                        lender: lender, parallelThreshold: parallelThreshold)
                }
            }
        }
    }

    /// Random items built to stress the sort: long shared prefixes (longer
    /// than one seven-byte key, or two), many equal items, empty ones, NUL,
    /// high bytes, letters of both cases and `_` (which `-i` puts after
    /// the letters).
    static func items(_ count: Int, _ random: inout SeededGenerator, alphabet: [UInt8] = defaultAlphabet) -> [[UInt8]] {
        let prefixes: [[UInt8]] = (0..<random.below(6) + 1).map { _ in
            (0..<random.pick([0, 1, 6, 7, 8, 13, 14, 15, 30])).map { _ in random.pick(alphabet) }
        }
        let pool: [[UInt8]] = (0..<random.below(5) + 1).map { _ in
            random.pick(prefixes) + (0..<random.below(4)).map { _ in random.pick(alphabet) }
        }
        return (0..<count).map { _ in
            switch random.below(10) {
            case 0: return []
            case 1, 2, 3: return random.pick(pool)
            default:
                return random.pick(prefixes) + (0..<random.below(20)).map { _ in random.pick(alphabet) }
            }
        }
    }

    static let defaultAlphabet: [UInt8] = [0x00, 0x01, 0x20, 0x41, 0x42, 0x5A, 0x5F, 0x61, 0x62, 0x7A, 0x7F, 0x80, 0xC3, 0xFF]

    func testEmptyAndOneItem() {
        for options in Self.optionSets {
            XCTAssertEqual(Self.stringSort([], ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique), [])
            XCTAssertEqual(Self.stringSort([[]], ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique), [0])
            XCTAssertEqual(Self.stringSort([[0x61]], ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique), [0])
        }
    }

    /// A prefix before what it begins, a NUL after the end of a shorter
    /// item, high bytes after ASCII, `_` after letters with `-i`.
    func testEdgesOfByteOrder() {
        let items: [[UInt8]] = [Array("abcdefgh".utf8), Array("abcdefg".utf8), Array("abcdefg".utf8) + [0],
                                Array("abcdefg".utf8) + [0, 0], [0xFF], [0x80], Array("_".utf8), Array("a".utf8),
                                Array("A".utf8), [], Array("abcdefghijklmno".utf8), Array("abcdefghijklmnn".utf8)]
        for options in Self.optionSets {
            XCTAssertEqual(Self.stringSort(items, ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique),
                           Self.reference(items, ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique),
                           "\(options)")
        }
    }

    func testRandomItemsEqualTheReference() {
        var random = SeededGenerator(seed: 0x5EED_0001)
        for round in 0..<150 {
            let count = random.pick([2, 3, 5, 16, 17, 30, 100, 400, 1000])
            let items = Self.items(count, &random)
            for options in Self.optionSets {
                let got = Self.stringSort(items, ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique)
                let want = Self.reference(items, ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique)
                if got != want {
                    XCTFail("round \(round), \(count) items, \(options)")
                    return
                }
            }
        }
    }

    /// Equal lines longer than many keys, and a shared prefix of hundreds
    /// of bytes before they differ (the one pass that skips it).
    func testLongEqualItemsAndLongSharedPrefixes() {
        var random = SeededGenerator(seed: 0x5EED_0002)
        for _ in 0..<16 {
            let shared = (0..<random.below(600)).map { _ in random.pick(Self.defaultAlphabet) }
            let items = (0..<random.pick([10, 40, 200])).map { _ -> [UInt8] in
                random.chance(30) ? shared : shared + (0..<random.below(3)).map { _ in random.pick(Self.defaultAlphabet) }
            }
            for options in Self.optionSets {
                XCTAssertEqual(Self.stringSort(items, ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique),
                               Self.reference(items, ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique))
            }
        }
    }

    /// The two-thread path (lowered threshold): with a lender that runs the
    /// work at once, one that lends a real thread, and one that has none.
    func testTwoThreadsGiveTheSameOrder() {
        let inline = ThreadLender.runsAtOnce, none = ThreadLender.noThread, thread = ThreadLender.realThread
        var random = SeededGenerator(seed: 0x5EED_0003)
        for round in 0..<8 {
            let items = Self.items(random.pick([300, 1000, 3000]), &random)
            for lender in [inline, none, thread] {
                for options in Self.optionSets {
                    let got = Self.stringSort(items, ignoreCase: options.ignoreCase, reverse: options.reverse,
                                              unique: options.unique, lender: lender, parallelThreshold: 100)
                    let want = Self.reference(items, ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique)
                    if got != want {
                        XCTFail("round \(round), \(items.count) items, \(options)")
                        return
                    }
                }
            }
        }
    }

    /// Lines through the format: LF and CRLF endings (a CR before the LF
    /// is the terminator's, not the line's), NUL and high bytes (`--text`).
    func testLinesDocumentEqualsTheReference() throws {
        var random = SeededGenerator(seed: 0x5EED_0004)
        let alphabet = Self.defaultAlphabet.filter { $0 != 0x0A && $0 != 0x0D }
        for round in 0..<60 {
            let items = Self.items(random.pick([0, 1, 2, 20, 200, 1500]), &random, alphabet: alphabet)
            var source: [UInt8] = []
            // All LF, all CR LF (lengths read off where lines start), or
            // mixed (a length each).
            for item in items {
                source += item + (round % 3 == 0 || round % 3 == 2 && random.chance(50) ? [0x0D, 0x0A] : [0x0A])
            }
            if round % 4 == 3, let last = items.last, !last.isEmpty { source.removeLast(round % 3 == 0 ? 2 : 1) }
            try source.withUnsafeBytes { source in
                let document = try ListDocument(source, format: .lines, options: ReadOptions(binaryAsText: true))
                XCTAssertEqual(document.count, items.count)
                for options in Self.optionSets {
                    let sortOptions = SortOptions(reverse: options.reverse, unique: options.unique, ignoreCase: options.ignoreCase)
                    let got = try document.sortedOrder(sortOptions, key: nil)
                    let want = Self.reference(items, ignoreCase: options.ignoreCase, reverse: options.reverse, unique: options.unique)
                    if got != want {
                        XCTFail("round \(round), \(items.count) lines, \(options)")
                        return
                    }
                }
            }
        }
    }

    /// Byte keys of other formats (`SortKey`): texts, some missing (last,
    /// in their order, all kept by `-u`).
    func testSortKeyTextsEqualTheReference() {
        var random = SeededGenerator(seed: 0x5EED_0005)
        for round in 0..<150 {
            let items = Self.items(random.pick([0, 1, 2, 20, 300]), &random)
            let texts: [[UInt8]?] = items.map { random.chance(10) ? nil : $0 }
            let present = texts.indices.filter { texts[$0] != nil }
            let missing = texts.indices.filter { texts[$0] == nil }
            for options in Self.optionSets {
                let sortOptions = SortOptions(reverse: options.reverse, unique: options.unique, ignoreCase: options.ignoreCase)
                let got = SortKey.sortedOrder(ofTexts: texts, sortOptions)
                let want = Self.reference(present.map { texts[$0]! }, ignoreCase: options.ignoreCase,
                                          reverse: options.reverse, unique: options.unique).map { present[$0] } + missing
                if got != want {
                    XCTFail("round \(round), \(items.count) texts, \(options)")
                    return
                }
            }
        }
    }
}
