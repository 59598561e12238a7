import ReorderKit
import XCTest

/// Random JSONC lists, with comments wherever whitespace may stand and now
/// and then a trailing comma: an edit of the JSONC document, with its
/// comments stripped afterwards, must equal the same edit of the document
/// stripped first and read as strict JSON; the result is always valid
/// JSONC, and holds no comment twice. `JSONC_SEED` and `JSONC_TRIALS` in
/// the environment run other or more cases.
final class JSONCRandomTests: XCTestCase {
    /// `text` with every comment and every trailing comma blanked to
    /// spaces (line breaks kept): strict JSON with each value where it was.
    /// Written here, not taken from the implementation.
    static func strip(_ text: [UInt8]) -> [UInt8] {
        var out = text
        var p = 0
        func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        func blank(_ range: Range<Int>) {
            for i in range where out[i] != 0x0A && out[i] != 0x0D { out[i] = 0x20 }
        }
        /// The end of the comment at `q`, or nil.
        func commentEnd(_ q: Int) -> Int? {
            guard q + 1 < text.count, text[q] == UInt8(ascii: "/") else { return nil }
            if text[q + 1] == UInt8(ascii: "/") {
                var e = q + 2
                while e < text.count && text[e] != 0x0A && text[e] != 0x0D { e += 1 }
                return e
            }
            if text[q + 1] == UInt8(ascii: "*") {
                var e = q + 2
                while !(text[e] == UInt8(ascii: "*") && text[e + 1] == UInt8(ascii: "/")) { e += 1 }
                return e + 2
            }
            return nil
        }
        while p < text.count {
            switch text[p] {
            case UInt8(ascii: "\""):
                p += 1
                while text[p] != UInt8(ascii: "\"") { p += text[p] == UInt8(ascii: "\\") ? 2 : 1 }
                p += 1
            case UInt8(ascii: "/"):
                let end = commentEnd(p)!
                blank(p..<end)
                p = end
            case UInt8(ascii: ","):
                var q = p + 1
                while q < text.count {
                    if isBlank(text[q]) { q += 1 } else if let end = commentEnd(q) { q = end } else { break }
                }
                if q < text.count && (text[q] == UInt8(ascii: "]") || text[q] == UInt8(ascii: "}")) { out[p] = 0x20 }
                p += 1
            default:
                p += 1
            }
        }
        return out
    }

    /// `text` without whitespace outside strings: two documents with the
    /// same values in the same order are equal so.
    static func canonical(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var p = 0
        while p < text.count {
            let byte = text[p]
            if byte == UInt8(ascii: "\"") {
                let start = p
                p += 1
                while text[p] != UInt8(ascii: "\"") { p += text[p] == UInt8(ascii: "\\") ? 2 : 1 }
                p += 1
                out.append(contentsOf: text[start..<p])
            } else {
                if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { out.append(byte) }
                p += 1
            }
        }
        return out
    }

    /// The comments of `text`, in order (each random comment's text is
    /// unique, so a comment written twice shows).
    static func comments(_ text: [UInt8]) -> [String] {
        let stripped = strip(text)
        var result: [String] = []
        var current: [UInt8] = []
        for (byte, kept) in zip(text, stripped) {
            if byte != kept && byte != UInt8(ascii: ",") {
                current.append(byte)
            } else if !current.isEmpty {
                result.append(String(decoding: current, as: UTF8.self))
                current = []
            }
        }
        if !current.isEmpty { result.append(String(decoding: current, as: UTF8.self)) }
        return result.flatMap { $0.split(separator: " ").filter { $0.hasPrefix("c") }.map(String.init) }
    }

    /// Whether `edit` deletes items (so that their comments go too).
    static func deletes(_ edit: Edit) -> Bool {
        switch edit {
        case .delete, .batch: return true
        case .sort(let options): return options.unique
        default: return false
        }
    }

    // MARK: Random documents

    struct Writer {
        var rng: SeededGenerator
        let lineBreak: String
        var serial = 0
        /// Whether trailing commas may be written.
        let trailingCommas: Bool

        /// What may stand between two tokens: blanks, line breaks, blank
        /// lines, comments of both kinds.
        mutating func trivia(_ percent: Int = 50) -> String {
            guard rng.chance(percent) else { return rng.pick(["", " ", lineBreak + "  "]) }
            var result = ""
            for _ in 0...rng.below(3) {
                serial += 1
                switch rng.below(7) {
                case 0: result += " "
                case 1: result += lineBreak + "  "
                case 2: result += lineBreak + lineBreak + "  "
                case 3, 4: result += rng.pick([" ", "", "  "]) + "// c\(serial)" + lineBreak + "  "
                default: result += rng.pick([" ", ""]) + "/* c\(serial) */" + rng.pick([" ", ""])
                }
            }
            return result
        }

        /// A list: its items as written, the brackets, trivia around each
        /// token, maybe a trailing comma.
        mutating func list(_ items: [String], object: Bool) -> String {
            var text = object ? "{" : "["
            for (index, item) in items.enumerated() {
                text += trivia() + item + trivia(30)
                if index < items.count - 1 || (trailingCommas && rng.chance(30)) { text += "," }
            }
            return text + trivia() + (object ? "}" : "]")
        }

        mutating func scalar() -> String {
            serial += 1
            return rng.pick(["\(rng.below(20))", "\"s\(rng.below(20))\"", "\"S\(rng.below(5))\"", "null", "true", "-1.5"])
        }

        /// A value: mostly a scalar; now and then an array or object with
        /// trivia of its own.
        mutating func value(depth: Int) -> String {
            guard depth < 2, rng.chance(25) else { return scalar() }
            let count = rng.below(4)
            if rng.chance(50) {
                return list((0..<count).map { _ in value(depth: depth + 1) }, object: false)
            }
            return list(members(count, depth: depth + 1), object: true)
        }

        /// `count` members with distinct keys.
        mutating func members(_ count: Int, depth: Int) -> [String] {
            var keys = ["a", "b", "B", "c", "d", "e", "f", "G", "h", "i"]
            return (0..<count).map { _ in
                let key = keys.remove(at: rng.below(keys.count))
                return "\"\(key)\"" + trivia(15) + ":" + trivia(15) + value(depth: depth)
            }
        }
    }

    /// A random edit, and how it is written on the command line.
    static func randomEdit(_ rng: inout SeededGenerator, count n: Int, object: Bool, serial: Int) throws -> (Edit, String) {
        let (edit, operations) = try randomEditAndOperations(&rng, count: n, object: object, serial: serial)
        guard case .batch(_, let sequential) = edit else { return (edit, "\(edit)") }
        return (edit, "batch\(sequential ? " --sequential" : "") \(operations)")
    }

    /// A random edit, and a batch's operations.
    static func randomEditAndOperations(_ rng: inout SeededGenerator, count n: Int, object: Bool,
                                        serial: Int) throws -> (Edit, [String]) {
        func index(_ c: Int) -> Int { rng.below(c + 2) - 1 }
        let newItem = object ? "\"new\(serial)\": \(serial)" : rng.pick(["\(serial)", "\"new\(serial)\"", "[\(serial), {}]"])
        switch rng.below(10) {
        case 0, 1: return (.move(from: .index(UserIndex(index(n))), to: UserIndex(index(n))), [])
        case 2: return (.swap(.index(UserIndex(index(n))), .index(UserIndex(index(n)))), [])
        case 3: return (.delete(.index(UserIndex(index(n)))), [])
        case 4: return (JSONEditing.insert(index(n + 1), newItem), [])
        case 5: return (.reverse, [])
        case 6: return (.sort(SortOptions(reverse: rng.chance(50), unique: rng.chance(30), ignoreCase: rng.chance(30))), [])
        case 7: return (.sort(SortOptions(reverse: rng.chance(30), recursive: true)), [])
        default:
            var operations: [String] = []
            for _ in 0...rng.below(3) {
                switch rng.below(4) {
                case 0: operations.append("delete \(rng.below(n + 1))")
                case 1: operations.append("insert \(rng.below(n + 1)) \(newItem.replacingOccurrences(of: "new", with: "n\(operations.count)"))")
                case 2: operations.append("move \(rng.below(n + 1)) \(rng.below(n + 1))")
                default: operations.append("replace \(rng.below(n + 1)) \(newItem.replacingOccurrences(of: "new", with: "r\(operations.count)"))")
                }
            }
            return (try JSONEditing.batch(operations, sequential: rng.chance(50)), operations)
        }
    }

    func testEditsOfRandomJSONCEqualTheSameEditsOfTheStrippedDocument() throws {
        var rng = SeededGenerator(seed: UInt64(ProcessInfo.processInfo.environment["JSONC_SEED"] ?? "16005")!)
        var outcomes = (applied: 0, refused: 0)
        for trial in 0..<Int(ProcessInfo.processInfo.environment["JSONC_TRIALS"] ?? "2500")! {
            var writer = Writer(rng: SeededGenerator(seed: rng.next()), lineBreak: rng.chance(25) ? "\r\n" : "\n",
                                trailingCommas: rng.chance(60))
            let object = rng.chance(50)
            let n = rng.below(7)
            let items = object ? writer.members(n, depth: 0) : (0..<n).map { _ in writer.value(depth: 0) }
            let list = writer.list(items, object: object)
            // The list at the root, or inside a document with comments of
            // its own.
            let (before, after, pointer) = rng.chance(50)
                ? ("// top" + writer.lineBreak, writer.lineBreak, "")
                : ("{ /* a */ \"x\": [1, // one" + writer.lineBreak + "2], \"list\" // key" + writer.lineBreak + ": ",
                   writer.trivia() + "}" + writer.lineBreak, "/list")
            let source = Array((before + list + after).utf8)
            let stripped = Self.strip(source)
            let (edit, written) = try Self.randomEdit(&rng, count: n, object: object, serial: trial)
            let context = "trial \(trial): \(written) on \(String(decoding: source, as: UTF8.self).debugDescription)"

            let withComments = Result { try JSONEditing.apply(edit, to: source, format: .jsonc, pointer: pointer) }
            let strict = Result { try JSONEditing.apply(edit, to: stripped, format: .json, pointer: pointer) }
            switch (withComments, strict) {
            case (.success(let output), .success(let expected)):
                outcomes.applied += 1
                // Valid JSONC, whose comment-free reading is valid JSON.
                XCTAssertNoThrow(try JSONEditing.items(of: output, format: .jsonc, pointer: pointer), context)
                let outputStripped = Self.strip(output)
                XCTAssertNoThrow(try JSONEditing.items(of: outputStripped, format: .json, pointer: pointer), context)
                XCTAssertEqual(String(decoding: Self.canonical(outputStripped), as: UTF8.self),
                               String(decoding: Self.canonical(expected), as: UTF8.self), context)
                // Items move verbatim: each one's bytes, comments blanked,
                // are the strict result's (sort --recursive rewrites inside
                // items, so only their data is compared, above).
                if case .sort(let options) = edit, options.recursive { continue }
                XCTAssertEqual(try JSONEditing.items(of: outputStripped, format: .json, pointer: pointer)
                                   .map { String($0.drop { $0 == " " || $0 == "\n" || $0 == "\r" }) },
                               try JSONEditing.items(of: expected, format: .json, pointer: pointer), context)
                // No comment is written twice, or lost by an edit that
                // deletes nothing.
                let sourceComments = Self.comments(source), outputComments = Self.comments(output)
                XCTAssertEqual(Set(outputComments).count, outputComments.count, "a comment written twice: \(context)")
                XCTAssertTrue(Set(outputComments).isSubset(of: sourceComments), context)
                if !Self.deletes(edit) {
                    XCTAssertEqual(outputComments.sorted(), sourceComments.sorted(), context)
                }
                // Everything outside the list is as it was.
                XCTAssertTrue(output.starts(with: Array(before.utf8)), context)
                XCTAssertTrue(output.reversed().starts(with: Array(after.utf8).reversed()), context)
            case (.failure(let error), .failure(let expected)):
                outcomes.refused += 1
                XCTAssertEqual("\(error)", "\(expected)", context)
            default:
                XCTFail("\(context): with comments \(withComments), strict \(strict)")
            }
        }
        XCTAssertGreaterThan(outcomes.applied, 1500)
        XCTAssertGreaterThan(outcomes.refused, 200)
    }
}
