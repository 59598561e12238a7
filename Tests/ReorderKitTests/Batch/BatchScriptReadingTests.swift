import ReorderKit
import XCTest

/// A script read the fast way (usual lines straight from the bytes) reads as
/// each of its lines does through `BatchOperation(parsing:)`: the same
/// operations, texts and lines, or the same error.
final class BatchScriptReadingTests: XCTestCase {
    /// Each line of `text` parsed on its own, as the script's documented
    /// rules say: LF ends a line, a CR before it is dropped, blank lines and
    /// `#` lines are skipped.
    func reference(_ text: [UInt8], name: String) throws -> [BatchOperation] {
        var operations: [BatchOperation] = []
        let lines = text.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (number, rawLine) in lines.enumerated() {
            if number == lines.count - 1 && rawLine.isEmpty { break }
            var line = Array(rawLine)
            if line.last == 0x0D { line.removeLast() }
            guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }), first != UInt8(ascii: "#") else { continue }
            operations.append(try BatchOperation(parsing: line, origin: .script(name: name, line: number + 1)))
        }
        return operations
    }

    func randomLine(using rng: inout SeededGenerator) -> String {
        let names = ["move", "swap", "delete", "insert", "replace", "mvoe", "move", "move", "delete", "insert"]
        let blanks = [" ", " ", " ", " ", "  ", "\t", ""]
        let numbers = ["0", "7", "42", "-3", "-0", "+4", "123456789012345678", "1234567890123456789", "3x", "", "=x", "1...2"]
        let values = ["x", "", " padded ", "a b", "#", "12", "\t"]
        var line = rng.chance(10) ? rng.pick(blanks) : ""
        line += rng.pick(names)
        for _ in 0..<(1 + rng.below(3)) { line += rng.pick(blanks) + rng.pick(numbers) }
        if rng.chance(30) { line += rng.pick(blanks) + rng.pick(values) }
        if rng.chance(5) { line = rng.pick(["", "   ", "# comment", "  # indented"]) }
        return line
    }

    func testScriptsReadAsTheirLinesDo() throws {
        var rng = SeededGenerator(seed: 77)
        var outcomes = (read: 0, refused: 0)
        for trial in 0..<3_000 {
            var text = ""
            for _ in 0..<(1 + rng.below(6)) {
                text += randomLine(using: &rng) + rng.pick(["\n", "\n", "\n", "\r\n", "\r"])
            }
            if rng.chance(30) { text = String(text.dropLast()) }
            let bytes = Array(text.utf8)
            let expected = Result { try reference(bytes, name: "ops") }
            let read = Result { () throws -> [BatchOperation] in
                var script = BatchScript()
                try bytes.withUnsafeBytes { try script.append(script: $0, name: "ops") }
                return script.operations
            }
            switch (expected, read) {
            case (.success(let a), .success(let b)):
                XCTAssertEqual(a, b, "trial \(trial): \(text.debugDescription)")
                outcomes.read += 1
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual("\(a)", "\(b)", "trial \(trial): \(text.debugDescription)")
                outcomes.refused += 1
            default:
                XCTFail("trial \(trial): \(text.debugDescription): expected \(expected), read \(read)")
            }
        }
        XCTAssertGreaterThan(outcomes.read, 150)
        XCTAssertGreaterThan(outcomes.refused, 300)
    }

    func testUsualLinesAtTheEdgesOfTheScript() throws {
        for text in ["move 1 2", "move 1 2\n", "move 1 2\r\n", "move 1 2\r", "delete 3", "insert 0 x", "insert 0 x\r\n",
                     "insert 0 ", "insert 0 \n", "replace 5 y\ndelete 1", "swap 10 -20\n", "move -1 -2\n"] {
            let bytes = Array(text.utf8)
            var script = BatchScript()
            try bytes.withUnsafeBytes { try script.append(script: $0, name: "ops") }
            XCTAssertEqual(script.operations, try reference(bytes, name: "ops"), text.debugDescription)
        }
    }
}
