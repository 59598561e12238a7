import ReorderKit
import XCTest

/// A pre-commit hook runs its fix on every commit, so the fix must be
/// idempotent: for random lists, running each fix twice equals running it
/// once, and the second run leaves the bytes as they are (so the file is not
/// rewritten and `--check` exits 0).
final class SortIdempotenceTests: XCTestCase {
    /// The fixes a hook would run, as (edit, options).
    func fixes() throws -> [(String, Edit, EditOptions)] {
        let missingOK = EditOptions(missingOK: true)
        var fixes: [(String, Edit, EditOptions)] = []
        for reverse in [false, true] {
            for unique in [false, true] {
                for ignoreCase in [false, true] {
                    for numeric in [false, true] {
                        let options = SortOptions(reverse: reverse, unique: unique, ignoreCase: ignoreCase, numeric: numeric)
                        fixes.append(("sort \(options)", .sort(options), EditOptions()))
                    }
                }
            }
        }
        for (selector, to) in [("=b", 0), ("=b", -1), ("=B", 1), ("~^[ab]", 0), ("~a", -1), ("~^b$", 2), ("=10", 0), ("=zz", 0)] {
            fixes.append(("move \(selector) \(to)", try Fixture.move(selector, to), missingOK))
        }
        fixes.append(("delete ~a", .delete(try SourceSelector(parsing: "~a")), missingOK))
        fixes.append(("delete =b", .delete(try SourceSelector(parsing: "=b")), missingOK))
        return fixes
    }

    func assertIdempotent(_ text: String, format: ListFormat, fixes: [(String, Edit, EditOptions)], line: UInt = #line) throws {
        for (name, edit, options) in fixes {
            let once: String
            do {
                once = try Fixture.apply(edit, to: text, format: format, options: options)
            } catch {
                // A destination out of range for this list is not a fix.
                continue
            }
            let twice = try Fixture.apply(edit, to: once, format: format, options: options)
            XCTAssertEqual(twice, once, "\(name) on \(text.debugDescription)", line: line)
            XCTAssertTrue(try Fixture.leavesUnchanged(edit, once, format: format, options: options),
                          "\(name) on \(text.debugDescription)", line: line)
        }
    }

    func testFixesOnRandomLinesAreIdempotent() throws {
        var generator = SeededGenerator(seed: 2024)
        let words = ["a", "b", "B", "ab", "10", "9", " 2", "-1", "", "a b"]
        let fixes = try self.fixes()
        for _ in 0..<150 {
            let count = Int.random(in: 0...8, using: &generator)
            let lines = (0..<count).map { _ in words.randomElement(using: &generator)! }
            var text = lines.map { $0 + (Int.random(in: 0...4, using: &generator) == 0 ? "\r\n" : "\n") }.joined()
            if Bool.random(using: &generator), text.hasSuffix("\n"), !text.hasSuffix("\n\n"), !text.hasSuffix("\r\n") {
                text.removeLast()
            }
            try assertIdempotent(text, format: .lines, fixes: fixes)
        }
    }

    func testFixesOnRandomJSONArraysAreIdempotent() throws {
        var generator = SeededGenerator(seed: 77)
        let values = [#""a""#, #""b""#, #""\u0062""#, #""B""#, "10", "1e1", "-0.0", "0", "null", "true", "[1]",
                      #"{"n": "b"}"#, #"{"n": "a"}"#, #"{"m": 1}"#, #""10""#]
        let separators = [", ", ",\n  ", ","]
        var fixes = try self.fixes()
        for key in ["/n"] {
            fixes.append(("sort --key \(key)", .sort(SortOptions()), EditOptions(key: key)))
            fixes.append(("sort -ru --key \(key)", .sort(SortOptions(reverse: true, unique: true)), EditOptions(key: key)))
            fixes.append(("move =b 0 --key \(key)", try Fixture.move("=b", 0), EditOptions(missingOK: true, key: key)))
        }
        for _ in 0..<150 {
            let count = Int.random(in: 0...8, using: &generator)
            var text = "["
            for index in 0..<count {
                if index > 0 { text += separators.randomElement(using: &generator)! }
                text += values.randomElement(using: &generator)!
            }
            text += "]\n"
            try assertIdempotent(text, format: .json, fixes: fixes)
        }
    }
}
