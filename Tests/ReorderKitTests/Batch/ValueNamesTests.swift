import ReorderKit
import XCTest

/// The script `pick` and `edit` keep when their file changed: items named
/// by value where a value names one item alone, and a claim of the content
/// it was made for, which the batch reads.
final class ValueNamesTests: XCTestCase {
    func names(_ text: String, _ format: ListFormat) throws -> [String?] {
        try Array(text.utf8).withUnsafeBytes { source in
            try ListDocument(source, format: format, options: ReadOptions()).valueNames()
                .map { $0.map { String(decoding: $0, as: UTF8.self) } }
        }
    }

    func testAValueNamesAnItemOnlyWhereItSelectsItAloneAndALineHoldsIt() throws {
        XCTAssertEqual(try names("a\nb\na\n c\nd \nx y\n=e\n", .lines), [nil, "=b", nil, "= c", nil, "=x y", "==e"])
        // `=42` selects the number and the string; a string with a line
        // break cannot be written on a script's line.
        XCTAssertEqual(try names(##"[42, "42", "x", "a\nb", {"k": 1}, "#y"]"##, .json),
                       [nil, nil, "=x", nil, #"={"k": 1}"#, "=#y"])
    }

    func testANamedScriptMakesThePositionalScriptsOrderAndMeansTheSameItemsAfterAChange() throws {
        var rng = SeededGenerator(seed: 44)
        for _ in 0..<300 {
            let count = 1 + Int(rng.next() % 8)
            // Some values twice: those are named by position.
            let list = (0..<count).map { _ in "v\(rng.next() % 10)" + (rng.next() % 4 == 0 ? " x" : "") }
            var order = Array(0..<count).shuffled(using: &rng)
            if order.count > 1 && rng.next() % 3 == 0 { order.removeLast() }
            let entries = order.map { ListOrderEntry.item($0) }
            let text = list.map { $0 + "\n" }.joined()
            let named = try Array(text.utf8).withUnsafeBytes { source -> [UInt8] in
                let document = try ListDocument(source, format: .lines, options: ReadOptions())
                let names = document.valueNames()
                return ListOrder.batchScript(count: count, order: entries) { names[$0] }
            }
            let operations = String(decoding: named, as: UTF8.self).split(separator: "\n").map(String.init)
            let expected = order.map { list[$0] }
            XCTAssertEqual(try BatchHarness.apply(operations, to: list), expected, "\(list) \(operations)")

            var script = BatchScript()
            try named.withUnsafeBytes { try script.append(script: $0, name: "kept") }
            let unique = Set(list.filter { value in list.filter { $0 == value }.count == 1 })
            let takes = operations.filter { $0.hasPrefix("move ") || $0.hasPrefix("delete ") }
            XCTAssertEqual(script.namesItemsByValue, takes.allSatisfy { $0.contains("=") }, "\(operations)")
            // Every item an operation takes whose value is unique is named by it.
            for operation in takes where operation.contains("=") {
                let value = operation.hasPrefix("move ")
                    ? String(operation.dropFirst("move =".count).prefix { _ in true }.split(separator: " ").dropLast().joined(separator: " "))
                    : String(operation.dropFirst("delete =".count))
                XCTAssertTrue(unique.contains(value), "\(operation) in \(list)")
            }
        }
    }

    func testAContentClaimIsReadAndADamagedOneRefused() throws {
        var script = BatchScript()
        let text = "# a comment\n# reorder: content 00ff00FF00ff00ff  \nmove =a 1\n"
        try Array(text.utf8).withUnsafeBytes { try script.append(script: $0, name: "kept.batch") }
        XCTAssertEqual(script.contentClaims, [BatchScript.ContentClaim(hash: 0x00ff_00ff_00ff_00ff, script: "kept.batch", line: 2)])
        XCTAssertTrue(script.namesItemsByValue)
        for damaged in ["# reorder: content 00ff", "# reorder: content 00ff00ff00ff00fg", "# reorder: content "] {
            var other = BatchScript()
            XCTAssertThrowsError(try Array((damaged + "\nmove 0 1\n").utf8).withUnsafeBytes {
                try other.append(script: $0, name: "kept.batch")
            }, damaged) { error in
                XCTAssertEqual(error as? BatchError, .invalidContentClaim(
                    BatchOperationReference(text: damaged, origin: .script(name: "kept.batch", line: 1))))
            }
        }
        // Anything else after '#' is a comment, as before.
        var plain = BatchScript()
        try Array("#reorder: content x\n# reorder content x\nswap =a 0\n".utf8).withUnsafeBytes {
            try plain.append(script: $0, name: "s")
        }
        XCTAssertEqual(plain.contentClaims, [])
        XCTAssertFalse(plain.namesItemsByValue)
    }
}
