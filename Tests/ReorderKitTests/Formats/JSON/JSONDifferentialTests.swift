import Foundation
import ReorderKit
import XCTest

/// The reader against Foundation's `JSONSerialization` on generated
/// documents: both accept the same documents, and every element the
/// operations move re-parses to the value it had.
///
/// Exclusions, where Foundation is known to differ from RFC 8259 or from
/// this reader on purpose:
/// - trailing commas (`[1,]`, `{"a":1,}`): Foundation on Linux accepts them,
///   the RFC does not. A mutated document that only Foundation accepts and
///   that the reader rejects for a trailing comma is skipped;
///   `JSONReaderTests.testRejectsStructuralMistakes` checks the rule.
/// - numbers outside the range of `Double` (`1e400`, 30-digit integers):
///   Foundation rejects what the RFC allows ("is not representable");
///   the reader keeps their text, which `JSONLayoutTests` checks. The
///   generator makes none, and a mutated document that Foundation rejects
///   for this reason is skipped.
/// - nesting deeper than 8: Foundation limits the depth (512); the reader
///   does not, which `JSONReaderTests.testDeepNestingIsReadWithoutRecursion`
///   checks.
/// - a byte-order mark: Foundation reads it as a hint of the encoding, and
///   also accepts UTF-16 and UTF-32 documents, which are not UTF-8 JSON.
///   The generator makes none; `JSONReaderTests` checks the mark.
final class JSONDifferentialTests: XCTestCase {
    /// A JSON text generator with varied whitespace, escapes, non-ASCII and
    /// odd (but representable) numbers.
    struct Generator {
        var random: SeededGenerator

        mutating func whitespace() -> String {
            random.chance(60) ? "" : random.pick([" ", "\n", "  ", "\t", "\r\n", "\n    ", " \n\t "])
        }

        mutating func number() -> String {
            var text = random.chance(30) ? "-" : ""
            text += random.chance(20) ? "0" : String(random.below(1_000_000) + 1)
            if random.chance(40) { text += "." + String(random.below(100_000)) }
            if random.chance(30) {
                text += random.pick(["e", "E"]) + random.pick(["", "+", "-"]) + String(random.below(300))
            }
            return text
        }

        mutating func string() -> String {
            var text = "\""
            for _ in 0..<random.below(12) {
                switch random.below(14) {
                case 0: text += random.pick(["\\n", "\\t", "\\r", "\\b", "\\f", "\\/", "\\\\", "\\\""])
                case 1: text += String(format: "\\u%04x", random.pick([0, 0x1F, 0x41, 0xE9, 0x2028, 0xFFFF, 0x7FF]))
                case 2: text += random.pick(["\\uD834\\uDD1E", "\\ud83d\\ude00"])
                case 3: text += random.pick(["é", "ü", "日本", "𝄞", "😀", "\u{7F}", "\u{FEFF}"])
                case 4: text += random.pick([" ", "[", "]", "{", "}", ",", ":", "'", "/"])
                default: text += String(UnicodeScalar(UInt8(random.below(26)) + 97))
                }
            }
            return text + "\""
        }

        mutating func value(depth: Int) -> String {
            let choice = depth >= 8 ? random.below(5) : random.below(8)
            switch choice {
            case 0: return number()
            case 1, 2: return string()
            case 3: return random.pick(["true", "false", "null"])
            case 4: return number()
            case 5: return array(depth: depth + 1)
            default:
                var members: [String] = []
                for _ in 0..<random.below(5) {
                    members.append(whitespace() + string() + whitespace() + ":" + whitespace() + value(depth: depth + 1) + whitespace())
                }
                return "{" + (members.isEmpty ? whitespace() : members.joined(separator: ",")) + "}"
            }
        }

        mutating func array(depth: Int, count: Int? = nil) -> String {
            var elements: [String] = []
            for _ in 0..<(count ?? random.below(6)) {
                elements.append(whitespace() + value(depth: depth) + whitespace())
            }
            return "[" + (elements.isEmpty ? whitespace() : elements.joined(separator: ",")) + "]"
        }
    }

    /// Nil when the reader accepts `bytes`, else its problem.
    func readerProblem(_ bytes: [UInt8]) -> JSONProblem? {
        bytes.withUnsafeBytes { source in
            do {
                _ = try JSONLayout(source, pointer: "")
            } catch let error as FormatError {
                if case .syntax(let problem) = error.kind { return problem }
            } catch {
                // Valid JSON whose root is not an array.
            }
            return nil
        }
    }

    func readerAccepts(_ bytes: [UInt8]) -> Bool { readerProblem(bytes) == nil }

    /// Nil when Foundation accepts `bytes`, else its error's description.
    func foundationError(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            return nil
        } catch {
            return "\(error)"
        }
    }

    func foundationAccepts(_ bytes: [UInt8]) -> Bool { foundationError(bytes) == nil }

    func testAcceptsWhatFoundationAcceptsOnGeneratedDocuments() {
        var generator = Generator(random: SeededGenerator(seed: 20_260_001))
        var valid = 0, broken = 0, disagreements: [String] = []
        for _ in 0..<3_000 {
            let document = generator.whitespace() + generator.value(depth: 0) + generator.whitespace()
            let bytes = Array(document.utf8)
            XCTAssertTrue(foundationAccepts(bytes), "generator made invalid JSON: \(document)")
            if !readerAccepts(bytes) { disagreements.append("rejected valid: " + document) }
            valid += 1

            // Broken variants: a byte removed, inserted, replaced; a cut.
            for _ in 0..<4 {
                var mutated = bytes
                let position = generator.random.below(mutated.count + 1)
                let noise: [UInt8] = Array(",:[]{}\"\\0-.eE +tfn/\n\t".utf8) + [0x00, 0x01, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]
                switch generator.random.below(4) {
                case 0 where !mutated.isEmpty: mutated.remove(at: min(position, mutated.count - 1))
                case 1: mutated.insert(generator.random.pick(noise), at: position)
                case 2 where !mutated.isEmpty: mutated[min(position, mutated.count - 1)] = generator.random.pick(noise)
                default: mutated = Array(mutated.prefix(position))
                }
                let foundationError = foundationError(mutated)
                let readerProblem = readerProblem(mutated)
                if foundationError == nil && readerProblem == .trailingComma { continue }
                if foundationError?.contains("not representable") == true { continue }
                let foundation = foundationError == nil
                if (readerProblem == nil) != foundation {
                    disagreements.append((foundation ? "rejected: " : "accepted: ") + String(decoding: mutated, as: UTF8.self))
                }
                broken += 1
            }
        }
        XCTAssertEqual(disagreements, [], "\(disagreements.count) of \(valid + broken) documents")
        XCTAssertGreaterThan(broken, 10_000)
    }

    func testEveryMovedElementReparsesToTheValueItHad() throws {
        var generator = Generator(random: SeededGenerator(seed: 99))
        for round in 0..<400 {
            let count = generator.random.below(7) + 1
            var text = generator.array(depth: 1, count: count)
            var pointer = ""
            if round % 3 == 0 {
                // The same array inside a document, beside other values.
                text = "{" + generator.whitespace() + "\"before\": " + generator.value(depth: 2)
                    + ", \"list\":" + generator.whitespace() + text + generator.whitespace()
                    + ", \"after\": " + generator.value(depth: 2) + "}"
                pointer = "/list"
            }
            let source = Array(text.utf8)
            let original = try XCTUnwrap(list(in: source, pointer: pointer), text)

            let from = generator.random.below(count), to = generator.random.below(count)
            let edits: [Edit] = [
                .move(from: .index(UserIndex(from)), to: UserIndex(to)),
                .swap(.index(UserIndex(from)), .index(UserIndex(to))),
                .reverse,
                .delete(.index(UserIndex(from))),
                .insert(at: UserIndex(to), value: Array(generator.value(depth: 3).utf8)),
            ]
            for edit in edits {
                let (output, sources) = try source.withUnsafeBytes { bytes in
                    let document = try ListDocument(bytes, format: .json, options: ReadOptions(format: .json, pointer: pointer))
                    let arrangement = try document.arrangement(for: edit, options: EditOptions())
                    return (document.render(arrangement), arrangement.sourceIndices)
                }
                let result = try XCTUnwrap(list(in: output, pointer: pointer),
                                           "\(edit) made invalid JSON of \(text): \(String(decoding: output, as: UTF8.self))")
                XCTAssertEqual(result.count, sources.count)
                for (position, sourceIndex) in sources.enumerated() {
                    guard let sourceIndex else { continue }
                    XCTAssertTrue(same(result[position], original[sourceIndex]),
                                  "\(edit): element \(sourceIndex) of \(text) changed: \(String(decoding: output, as: UTF8.self))")
                }
            }
        }
    }

    /// Deep equality of two values Foundation read: the same structure, and
    /// scalars of the same type with the same text (strings by their UTF-8,
    /// not by canonical equivalence).
    func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case let (a as [Any], b as [Any]):
            return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case let (a as [String: Any], b as [String: Any]):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
        case let (a as String, b as String):
            return a.utf8.elementsEqual(b.utf8)
        default:
            return type(of: a) == type(of: b) && String(describing: a) == String(describing: b)
        }
    }

    /// The array at `pointer`, as Foundation reads it.
    func list(in bytes: [UInt8], pointer: String) -> [Any]? {
        guard let root = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return nil }
        if pointer.isEmpty { return root as? [Any] }
        return (root as? [String: Any])?[String(pointer.dropFirst())] as? [Any]
    }
}
