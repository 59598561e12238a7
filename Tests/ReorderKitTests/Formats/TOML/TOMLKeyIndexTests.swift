@testable import ReorderKit
import XCTest

/// A table's key index against Swift's own dictionary: keys of every
/// length around a word (0 to 20 bytes, so that the hash's overlapping
/// last word and its short tail are both taken), keys that differ in one
/// byte only, non-ASCII keys, repeats, and tables that cross from the
/// searched list to the hashed one, with and without room reserved.
final class TOMLKeyIndexTests: XCTestCase {
    func testTheIndexFindsWhatADictionaryFinds() {
        var generator = SeededGenerator(seed: 21)
        let alphabet = Array("ab-_0é".unicodeScalars)
        for round in 0..<300 {
            var index = TOMLKeyIndex()
            var keys: [String] = []
            var reference: [String: Int] = [:]
            let count = generator.below(round % 10 == 0 ? 2_000 : 40)
            if round % 3 == 0 { index.reserveCapacity(generator.below(3_000), in: keys) }
            for _ in 0..<count {
                var key = String(String.UnicodeScalarView((0..<generator.below(21)).map { _ in generator.pick(alphabet) }))
                // Now and then a key that is a known one with its last
                // byte changed, or a known one again.
                if !keys.isEmpty && generator.below(4) == 0 {
                    key = generator.pick(keys)
                    if generator.below(2) == 0 { key += "x" }
                }
                let isNew = reference[key] == nil
                XCTAssertEqual(index.add(key, in: keys), isNew, "adding \(key) to \(keys.count) keys")
                if isNew {
                    reference[key] = keys.count
                    keys.append(key)
                }
            }
            for (key, position) in reference {
                XCTAssertEqual(index.index(of: key, in: keys), position, key)
            }
            for _ in 0..<50 {
                let absent = String(generator.below(1_000_000)) + "?"
                XCTAssertNil(index.index(of: absent, in: keys), absent)
            }
        }
    }

    func testATableKeepsItsKeysInOrderAndRefusesARepeat() {
        let table = TOMLTable(origin: .root, parent: nil, name: "", offset: 0)
        let names = (0..<1_000).map { "crate-\($0)" }
        for (number, name) in names.enumerated() {
            if number == 300 { table.reserveCapacity(adding: 700) }
            XCTAssertTrue(table.add(name, .value(TOMLValue(kind: .integer, range: number..<number + 1))))
        }
        XCTAssertFalse(table.add("crate-17", .value(TOMLValue(kind: .integer, range: 0..<1))))
        XCTAssertEqual(table.keys, names)
        guard case .value(let value)? = table["crate-999"] else { return XCTFail("crate-999 is a value") }
        XCTAssertEqual(value.range, 999..<1_000)
        XCTAssertNil(table["crate-1000"])
    }
}
