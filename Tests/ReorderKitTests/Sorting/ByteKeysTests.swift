@testable import ReorderKit
import XCTest

/// `ByteKeys`, the one builder of the keys `StringSort` sorts (lines, CSV
/// rows and columns, values by text), against the reference order and
/// against `StringSort` run on keys copied together, as the builders of
/// lines, CSV and `SortKey` each did before there was one: keys given as
/// ranges of a source, as copies of their own, or both mixed (a first
/// owned key after source keys turns them all into copies), built in one
/// part or in two joined, on one thread or two.
final class ByteKeysTests: XCTestCase {
    /// A source holding `items` one after another, with a random byte
    /// between each two (so that a key is a range inside other bytes), and
    /// where each item starts in it.
    private static func source(_ items: [[UInt8]], _ random: inout SeededGenerator) -> (bytes: [UInt8], starts: [Int]) {
        var bytes: [UInt8] = [], starts: [Int] = []
        for item in items {
            bytes.append(random.pick(StringSortTests.defaultAlphabet))
            starts.append(bytes.count)
            bytes += item
        }
        bytes.append(0)
        return (bytes, starts)
    }

    func testKeysOfSourceRangesAndCopiesSortAsTheReference() {
        var random = SeededGenerator(seed: 0x5EED_B17E)
        for round in 0..<100 {
            let items = StringSortTests.items(random.pick([0, 1, 2, 17, 300, 1_000]), &random)
            let (bytes, starts) = Self.source(items, &random)
            // 0: all ranges; 1: all copies; 2: mixed; one key in 3 owned.
            let ownedShare = random.pick([0, 1, 2])
            let owned = items.indices.map { _ in ownedShare == 1 || ownedShare == 2 && random.chance(33) }
            let split = items.isEmpty ? 0 : random.below(items.count + 1)
            let joined = random.chance(50)
            let twoThreads = random.chance(50)
            for options in StringSortTests.optionSets {
                var sortOptions = SortOptions(reverse: options.reverse, unique: options.unique, ignoreCase: options.ignoreCase)
                sortOptions.lender = twoThreads ? .realThread : nil
                let got: [Int] = bytes.withUnsafeBytes { source in
                    func keys(_ range: Range<Int>) -> ByteKeys {
                        var keys = ByteKeys(source: source, count: range.count)!
                        for index in range {
                            let key: KeyBytes = owned[index]
                                ? .owned(items[index]) : .source(starts[index]..<starts[index] + items[index].count)
                            XCTAssertTrue(keys.append(key))
                        }
                        return keys
                    }
                    var all: ByteKeys
                    if joined {
                        all = keys(0..<split)
                        XCTAssertTrue(all.append(contentsOf: keys(split..<items.count)))
                    } else {
                        all = keys(0..<items.count)
                    }
                    XCTAssertEqual(all.count, items.count)
                    return all.sortedOrder(sortOptions, parallelThreshold: twoThreads ? 64 : StringSort.parallelThreshold)
                }
                let want = StringSortTests.reference(items, ignoreCase: options.ignoreCase, reverse: options.reverse,
                                                     unique: options.unique)
                let copiedTogether = StringSortTests.stringSort(items, ignoreCase: options.ignoreCase,
                                                                reverse: options.reverse, unique: options.unique)
                if got != want || got != copiedTogether {
                    XCTFail("round \(round): \(items.count) keys, owned \(ownedShare), split \(joined ? split : -1), \(options)")
                    return
                }
            }
        }
    }

    /// Lines with terminators of one length (LF, or CR LF), sorted where
    /// they stand without a table of lengths, as a file of lines is.
    func testUniformLinesSortAsTheReference() {
        var random = SeededGenerator(seed: 0x5EED_11E5)
        let alphabet = StringSortTests.defaultAlphabet.filter { $0 != 0x0A && $0 != 0x0D }
        for round in 0..<60 {
            let items = StringSortTests.items(random.pick([1, 2, 17, 300, 1_000]), &random, alphabet: alphabet)
            let terminator: [UInt8] = random.chance(50) ? [0x0A] : [0x0D, 0x0A]
            let endsWithTerminator = random.chance(50)
            var bytes: [UInt8] = [], starts: [Int] = []
            for (index, item) in items.enumerated() {
                starts.append(bytes.count)
                bytes += item
                if index + 1 < items.count || endsWithTerminator { bytes += terminator }
            }
            // An empty file's one empty line still needs an address.
            if bytes.isEmpty { bytes.append(0) }
            for options in StringSortTests.optionSets {
                let sortOptions = SortOptions(reverse: options.reverse, unique: options.unique, ignoreCase: options.ignoreCase)
                let got = bytes.withUnsafeBytes { source in
                    starts.withUnsafeBufferPointer { starts in
                        ByteKeys.sortedOrder(lines: source, starts: starts.baseAddress!, count: items.count,
                                             terminatorLength: terminator.count, lastLength: items.last!.count, sortOptions)
                    }
                }
                let want = StringSortTests.reference(items, ignoreCase: options.ignoreCase, reverse: options.reverse,
                                                     unique: options.unique)
                if got != want {
                    XCTFail("round \(round): \(items.count) lines, terminator \(terminator), \(options)")
                    return
                }
            }
        }
    }

    /// Lines with terminators of different lengths (LF and CR LF mixed),
    /// sorted where they stand with a table of lengths.
    func testLinesOfMixedTerminatorsSortAsTheReference() {
        var random = SeededGenerator(seed: 0x5EED_C21F)
        let alphabet = StringSortTests.defaultAlphabet.filter { $0 != 0x0A && $0 != 0x0D }
        for round in 0..<60 {
            let items = StringSortTests.items(random.pick([1, 2, 17, 300, 1_000]), &random, alphabet: alphabet)
            var bytes: [UInt8] = [], starts: [Int] = []
            for item in items {
                starts.append(bytes.count)
                bytes += item
                bytes += random.chance(50) ? [0x0A] : [0x0D, 0x0A]
            }
            for options in StringSortTests.optionSets {
                let sortOptions = SortOptions(reverse: options.reverse, unique: options.unique, ignoreCase: options.ignoreCase)
                let got = bytes.withUnsafeBytes { source in
                    starts.withUnsafeBufferPointer { starts in
                        ByteKeys.sortedOrder(lines: source, starts: starts.baseAddress!, count: items.count,
                                             length: { items[$0].count }, sortOptions)
                    }
                }
                let want = StringSortTests.reference(items, ignoreCase: options.ignoreCase, reverse: options.reverse,
                                                     unique: options.unique)
                if got != want {
                    XCTFail("round \(round): \(items.count) lines, \(options)")
                    return
                }
            }
        }
    }

    /// A source with no address (an empty buffer) holds only empty keys;
    /// copies beside them still sort.
    func testKeysOfASourceWithoutAnAddress() {
        let none = UnsafeRawBufferPointer(start: nil, count: 0)
        var keys = ByteKeys(source: none, count: 3)!
        XCTAssertTrue(keys.append(.source(0..<0)))
        XCTAssertTrue(keys.append(.owned([0x62])))
        XCTAssertTrue(keys.append(.owned([0x61])))
        XCTAssertEqual(keys.sortedOrder(SortOptions()), [0, 2, 1])
        var empty = ByteKeys(source: none, count: 2)!
        XCTAssertTrue(empty.append(.source(0..<0)))
        XCTAssertTrue(empty.append(.source(0..<0)))
        XCTAssertEqual(empty.sortedOrder(SortOptions(reverse: true)), [0, 1])
        XCTAssertEqual(empty.sortedOrder(SortOptions(unique: true)), [0])
    }
}
