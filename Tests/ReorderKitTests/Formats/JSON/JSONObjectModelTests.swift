import ReorderKit
import XCTest

/// The members of an object against a reference model: a list of members,
/// each its decoded key and its exact text (`"key": value`). For random
/// small objects in several layouts, inside several documents, every command
/// must leave the object's members as the model says, in the object's own
/// layout, and every byte outside the object as it was; the result must
/// read back (as strict JSON, and as JSONC).
final class JSONObjectModelTests: XCTestCase {
    // MARK: The model

    struct Member: Equatable, CustomStringConvertible {
        /// The key, decoded.
        var key: String
        /// The member's bytes: key, colon and value, as written.
        var text: String
        /// What `--key /x` finds in the value: its JSON text and, for a
        /// string, its decoded value; nil when the value has no `x`.
        var x: XValue?

        var description: String { text }
    }

    enum XValue: Equatable {
        case number(Int)
        case string(String)

        /// The texts `=TEXT` and `~REGEX` compare.
        var texts: [String] {
            switch self {
            case .number(let n): return [String(n)]
            case .string(let s): return [s, "\"" + s + "\""]
            }
        }
    }

    /// Why the model refuses an edit: the category the implementation's
    /// error must fall in.
    enum Refusal: Equatable {
        case outOfRange, nothingSelected, swapNeedsOne, keyExists, keyInNoItem
    }

    typealias Outcome = Result<[Member], RefusalError>
    struct RefusalError: Error, Equatable { let refusal: Refusal }

    static func refusal(of error: Error) -> Refusal? {
        switch error {
        case ReorderError.indexOutOfRange: return .outOfRange
        case SelectorError.nothingSelected: return .nothingSelected
        case SelectorError.swapNeedsOneItem: return .swapNeedsOne
        case SelectorError.keyInNoItem: return .keyInNoItem
        case let error as FormatError:
            if case .keyExists = error.kind { return .keyExists }
            return nil
        default: return nil
        }
    }

    /// A 0-based index as `UserIndex` resolves it among `count` places.
    static func resolve(_ value: Int, count: Int) -> Int? {
        let index = value < 0 ? count + value : value
        return index >= 0 && index < count ? index : nil
    }

    /// The members `selector` selects (an index, `=TEXT` or `~REGEX`), by
    /// key or, with `key`, by the value at `/x`.
    static func select(_ selector: String, in members: [Member], byX: Bool) throws -> [Int] {
        if let value = Int(selector) {
            guard let index = resolve(value, count: members.count) else { throw RefusalError(refusal: .outOfRange) }
            return [index]
        }
        if byX && !members.isEmpty && members.allSatisfy({ $0.x == nil }) { throw RefusalError(refusal: .keyInNoItem) }
        let body = String(selector.dropFirst())
        let test: (String) -> Bool
        if selector.hasPrefix("=") {
            test = { $0.utf8.elementsEqual(body.utf8) }
        } else {
            let regex = try Regex(body)
            test = { $0.contains(regex) }
        }
        let selected = members.indices.filter { index in
            byX ? (members[index].x?.texts.contains(where: test) ?? false) : test(members[index].key)
        }
        if selected.isEmpty { throw RefusalError(refusal: .nothingSelected) }
        return selected
    }

    enum Command: CustomStringConvertible {
        case move(String, Int)
        case swap(String, String)
        case delete(String)
        case insert(Int, Member)
        case reverse
        case sort(SortOptions)

        var description: String {
            switch self {
            case .move(let from, let to): return "move \(from) \(to)"
            case .swap(let i, let j): return "swap \(i) \(j)"
            case .delete(let selector): return "delete \(selector)"
            case .insert(let at, let member): return "insert \(at) \(member.text)"
            case .reverse: return "reverse"
            case .sort(let options):
                return "sort" + (options.reverse ? " -r" : "") + (options.ignoreCase ? " -i" : "") + (options.unique ? " -u" : "")
            }
        }

        var edit: Edit {
            get throws {
                switch self {
                case .move(let from, let to): return try JSONEditing.move(from, to)
                case .swap(let i, let j): return try JSONEditing.swap(i, j)
                case .delete(let selector): return try JSONEditing.delete(selector)
                case .insert(let at, let member): return JSONEditing.insert(at, member.text)
                case .reverse: return .reverse
                case .sort(let options): return .sort(options)
                }
            }
        }
    }

    /// `command` applied to `members` as the model has it.
    static func model(_ command: Command, _ members: [Member], byX: Bool) -> Outcome {
        Result {
            var members = members
            switch command {
            case .move(let from, let to):
                let block = try select(from, in: members, byX: byX)
                let moved = block.map { members[$0] }
                guard let destination = resolve(to, count: members.count - block.count + 1) else {
                    throw RefusalError(refusal: .outOfRange)
                }
                for index in block.reversed() { members.remove(at: index) }
                members.insert(contentsOf: moved, at: destination)
            case .swap(let first, let second):
                let i = try select(first, in: members, byX: byX)
                guard i.count == 1 else { throw RefusalError(refusal: .swapNeedsOne) }
                let j = try select(second, in: members, byX: byX)
                guard j.count == 1 else { throw RefusalError(refusal: .swapNeedsOne) }
                members.swapAt(i[0], j[0])
            case .delete(let selector):
                for index in try select(selector, in: members, byX: byX).reversed() { members.remove(at: index) }
            case .insert(let at, let member):
                guard let destination = resolve(at, count: members.count + 1) else {
                    throw RefusalError(refusal: .outOfRange)
                }
                if members.contains(where: { $0.key == member.key }) { throw RefusalError(refusal: .keyExists) }
                members.insert(member, at: destination)
            case .reverse:
                members.reverse()
            case .sort(let options):
                if byX && !members.isEmpty && members.allSatisfy({ $0.x == nil }) {
                    throw RefusalError(refusal: .keyInNoItem)
                }
                members = sorted(members, options, byX: byX)
            }
            return members
        }.mapError { $0 as! RefusalError }
    }

    /// Stable sort by key (code point order: UTF-8 bytes), or by the value
    /// at `/x` (numbers before strings; members without one last, in their
    /// order); `--unique` keeps the first of equal keys.
    static func sorted(_ members: [Member], _ options: SortOptions, byX: Bool) -> [Member] {
        func fold(_ s: String) -> [UInt8] {
            s.utf8.map { options.ignoreCase && $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        }
        func compare(_ a: Member, _ b: Member) -> Int {
            if byX {
                switch (a.x!, b.x!) {
                case (.number(let m), .number(let n)): return m < n ? -1 : m > n ? 1 : 0
                case (.number, .string): return -1
                case (.string, .number): return 1
                case (.string(let s), .string(let t)): return byteOrder(fold(s), fold(t))
                }
            }
            return byteOrder(fold(a.key), fold(b.key))
        }
        func byteOrder(_ a: [UInt8], _ b: [UInt8]) -> Int {
            a.lexicographicallyPrecedes(b) ? -1 : a == b ? 0 : 1
        }
        let keyed = byX ? members.filter { $0.x != nil } : members
        let missing = byX ? members.filter { $0.x == nil } : []
        // Insertion sort: stable by construction.
        var result: [Member] = []
        for member in keyed {
            var position = result.count
            while position > 0 {
                let c = compare(result[position - 1], member)
                if options.reverse ? c >= 0 : c <= 0 { break }
                position -= 1
            }
            result.insert(member, at: position)
        }
        if options.unique {
            var kept: [Member] = []
            var k = 0
            while k < result.count {
                // A run of equal members: the first in the list's order.
                var end = k + 1
                while end < result.count && compare(result[k], result[end]) == 0 { end += 1 }
                let run = result[k..<end]
                kept.append(run.min { members.firstIndex(of: $0)! < members.firstIndex(of: $1)! }!)
                k = end
            }
            result = kept
        }
        return result + missing
    }

    // MARK: Objects and documents

    /// How an object's members are laid out.
    struct ObjectLayout {
        let name: String
        let open: String
        let separator: String
        let close: String

        func render(_ members: [Member]) -> String {
            members.isEmpty ? "{}" : open + members.map(\.text).joined(separator: separator) + close
        }
    }

    static let layouts = [
        ObjectLayout(name: "one per line", open: "{\n  ", separator: ",\n  ", close: "\n}"),
        ObjectLayout(name: "CRLF, tabs", open: "{\r\n\t", separator: ",\r\n\t", close: "\r\n}"),
        ObjectLayout(name: "inline", open: "{", separator: ", ", close: "}"),
        ObjectLayout(name: "inline, padded", open: "{ ", separator: " , ", close: " }"),
        ObjectLayout(name: "compact", open: "{", separator: ",", close: "}"),
    ]

    /// The object's place: the bytes before and after it, and its pointer.
    static let documents: [(before: String, after: String, pointer: String)] = [
        ("", "", ""),
        ("", "\n", ""),
        ("{\n  \"name\": \"demo\",\n  \"dependencies\": ", ",\n  \"after\": [1, {\"k\": 2}]\n}\n", "/dependencies"),
        ("[true, {\"deep\": ", "}]\r\n", "/1/deep"),
        ("{\"a/b\": [], \"a~b\": ", ", \"x\": {}}", "/a~0b"),
    ]

    static let keys: [(decoded: String, literal: String)] = [
        ("a", "\"a\""), ("b", "\"b\""), ("B", "\"B\""), ("c", "\"c\""), ("dep", "\"dep\""),
        ("dep-two", "\"dep-two\""), ("é", "\"é\""), ("Zeta", "\"Zeta\""), ("a b", "\"a b\""),
        ("kA", "\"k\\u0041\""), ("ab", "\"ab\""), ("A", "\"A\""), ("x/y", "\"x/y\""),
    ]

    static let values: [(text: String, x: XValue?)] = [
        ("1", nil), ("\"one\"", nil), ("null", nil), ("true", nil), ("[1, 2]", nil), ("-0.5e3", nil),
        ("\"with, comma\"", nil), ("\"q\\\"uote\"", nil), ("[]", nil), ("{}", nil), ("{\"y\": 1}", nil),
        ("{\"x\": 3}", .number(3)), ("{\"x\": 10, \"z\": {}}", .number(10)), ("{\"x\": -2}", .number(-2)),
        ("{\"x\": \"core\", \"y\": [true]}", .string("core")), ("{\"x\": \"Alpha\"}", .string("Alpha")),
        ("{\n    \"x\": 3\n  }", .number(3)),
    ]

    static func randomMember(_ rng: inout SeededGenerator, key: (decoded: String, literal: String)) -> Member {
        let value = rng.pick(values)
        let colon = rng.pick([": ", ":", " : "])
        return Member(key: key.decoded, text: key.literal + colon + value.text, x: value.x)
    }

    static func randomMembers(_ rng: inout SeededGenerator, count: Int, distinct: Bool) -> [Member] {
        var pool = keys
        return (0..<count).map { _ in
            let key = distinct ? pool.remove(at: rng.below(pool.count)) : rng.pick(keys)
            return randomMember(&rng, key: key)
        }
    }

    static func randomSelector(_ rng: inout SeededGenerator, _ members: [Member], byX: Bool) -> String {
        let n = members.count
        switch rng.below(10) {
        case 0..<3:
            return String(rng.below(2 * n + 3) - n - 1)
        case 3..<6:
            if byX { return "=" + rng.pick(["3", "10", "core", "Alpha", "\"core\"", "4"]) }
            if n > 0 && rng.chance(80) { return "=" + rng.pick(members).key }
            return "=" + rng.pick(keys).decoded
        default:
            if byX { return "~" + rng.pick(["^1", "o", "^-", "[A-Z]", "^\""]) }
            return "~" + rng.pick(["^a", "b$", "[A-Z]", "-", "é", "^.$", "/", "zz"])
        }
    }

    static func randomCommand(_ rng: inout SeededGenerator, _ members: [Member], byX: Bool, serial: Int) -> Command {
        let n = members.count
        func destination(_ count: Int) -> Int { rng.below(2 * count + 2) - count - 1 }
        switch rng.below(12) {
        case 0, 1, 2: return .move(randomSelector(&rng, members, byX: byX), destination(n))
        case 3: return .swap(randomSelector(&rng, members, byX: byX), randomSelector(&rng, members, byX: byX))
        case 4, 5: return .delete(randomSelector(&rng, members, byX: byX))
        case 6, 7:
            // A new key, or now and then one the object has (in range then,
            // so that the model's one refusal is the key).
            if n > 0 && rng.chance(25) {
                let existing = rng.pick(members)
                let literal = keys.first { $0.decoded == existing.key }!.literal
                return .insert(rng.below(n + 1), randomMember(&rng, key: (existing.key, literal)))
            }
            return .insert(destination(n + 1), randomMember(&rng, key: ("new\(serial)", "\"new\(serial)\"")))
        case 8: return .reverse
        default:
            return .sort(SortOptions(reverse: rng.chance(40), unique: rng.chance(40), ignoreCase: rng.chance(40)))
        }
    }

    // MARK: The tests

    func testEveryCommandOnRandomObjectsMatchesTheModel() throws {
        var rng = SeededGenerator(seed: 16_001)
        var outcomes = (applied: 0, refused: 0)
        for trial in 0..<3000 {
            let n = rng.below(9)
            let byX = trial % 5 == 4
            let members = Self.randomMembers(&rng, count: n, distinct: rng.chance(75))
            let layout = rng.pick(Self.layouts)
            let place = rng.pick(Self.documents)
            let command = Self.randomCommand(&rng, members, byX: byX, serial: trial)
            let source = place.before + layout.render(members) + place.after
            let context = "trial \(trial): \(command)\(byX ? " --key /x" : "") on \(layout.name): \(source.debugDescription)"
            let expected = Self.model(command, members, byX: byX)
            let options = EditOptions(key: byX ? "/x" : nil)
            for format in [ListFormat.json, .jsonc] {
                let result = Result { try JSONEditing.apply(try command.edit, to: source, format: format, pointer: place.pointer, options: options) }
                switch (expected, result) {
                case (.success(let members), .success(let output)):
                    try check(output, members: members, source: (n, source), layout: layout, place: place, context: context)
                    outcomes.applied += 1
                case (.failure(let refusal), .failure(let error)):
                    XCTAssertEqual(Self.refusal(of: error), refusal.refusal, "\(context): \(error)")
                    outcomes.refused += 1
                case (.success(let members), .failure(let error)):
                    XCTFail("\(context): expected \(members), got \(error)")
                case (.failure(let refusal), .success(let output)):
                    XCTFail("\(context): expected \(refusal.refusal), got \(output.debugDescription)")
                }
            }
        }
        XCTAssertGreaterThan(outcomes.applied, 3000)
        XCTAssertGreaterThan(outcomes.refused, 500)
    }

    /// The result's members are `members` (read back with both formats),
    /// the bytes around the object are the source's, and, where the
    /// source's layout decides every position, the object is `members` in
    /// that layout, byte for byte.
    func check(_ output: String, members: [Member], source: (count: Int, text: String), layout: ObjectLayout,
               place: (before: String, after: String, pointer: String), context: String) throws {
        let bytes = Array(output.utf8)
        for format in [ListFormat.json, .jsonc] {
            XCTAssertEqual(try JSONEditing.items(of: bytes, format: format, pointer: place.pointer),
                           members.map(\.text), "\(context): members (read back as \(format))")
        }
        XCTAssertTrue(bytes.starts(with: Array(place.before.utf8)), "\(context): the bytes before the object changed")
        XCTAssertTrue(bytes.reversed().starts(with: Array(place.after.utf8).reversed()),
                      "\(context): the bytes after the object changed")
        // One member has no separator to copy; none has no layout at all.
        if source.count >= 2 || (source.count == 1 && members.count <= 1) || members.isEmpty {
            XCTAssertEqual(output, place.before + layout.render(members) + place.after, context)
        }
    }

    /// Batches of index operations and `=KEY` selectors, both index rules:
    /// UIKit's against `CollectionDifference`, `--sequential` against one
    /// operation at a time on the model.
    func testRandomBatchesOnObjectsMatchTheModelUnderBothIndexRules() throws {
        var rng = SeededGenerator(seed: 16_002)
        var outcomes = (applied: 0, refused: 0)
        var serial = 0
        for trial in 0..<1200 {
            let n = rng.below(7)
            let members = Self.randomMembers(&rng, count: n, distinct: true)
            let layout = rng.pick(Self.layouts)
            let place = rng.pick(Self.documents)
            let source = place.before + layout.render(members) + place.after
            let sequential = trial % 2 == 1
            let (operations, expected) = sequential
                ? Self.randomSequentialBatch(&rng, members, serial: &serial)
                : Self.randomBatch(&rng, members, serial: &serial)
            let context = "trial \(trial) \(sequential ? "--sequential " : "")\(operations) on \(source.debugDescription)"
            let result = Result {
                try JSONEditing.apply(try JSONEditing.batch(operations, sequential: sequential), to: source,
                                      format: .json, pointer: place.pointer)
            }
            switch (expected, result) {
            case (.some(let members), .success(let output)):
                try check(output, members: members, source: (n, source), layout: layout, place: place, context: context)
                outcomes.applied += 1
            case (.none, .failure):
                outcomes.refused += 1
            case (.some(let members), .failure(let error)):
                XCTFail("\(context): expected \(members), got \(error)")
            case (.none, .success(let output)):
                XCTFail("\(context): expected a refusal, got \(output.debugDescription)")
            }
        }
        XCTAssertGreaterThan(outcomes.applied, 600)
        XCTAssertGreaterThan(outcomes.refused, 100)
    }

    /// A member's selector: its index, or `=KEY` (a key without a space:
    /// `swap` takes words).
    static func spell(_ index: Int, in members: [Member], _ rng: inout SeededGenerator) -> String {
        if index < members.count && !members[index].key.contains(" ") && rng.chance(50) { return "=" + members[index].key }
        return String(index)
    }

    /// A batch under UIKit's rule, and what `CollectionDifference` makes of
    /// it (nil when it refuses it).
    static func randomBatch(_ rng: inout SeededGenerator, _ members: [Member], serial: inout Int) -> ([String], [Member]?) {
        let n = members.count
        var changes: [CollectionDifference<Member>.Change] = []
        var operations: [String] = []
        var inserted: [Member] = []
        for _ in 0..<rng.below(5) {
            serial += 1
            func member(_ i: Int) -> Member { i < n ? members[i] : Member(key: "?", text: "?") }
            switch rng.below(4) {
            case 0:
                let i = rng.below(n + 1)
                operations.append("delete \(spell(i, in: members, &rng))")
                changes.append(.remove(offset: i, element: member(i), associatedWith: nil))
            case 1:
                let at = rng.below(n + 2)
                let new = randomMember(&rng, key: ("new\(serial)", "\"new\(serial)\""))
                inserted.append(new)
                operations.append("insert \(at) \(new.text)")
                changes.append(.insert(offset: at, element: new, associatedWith: nil))
            case 2:
                let from = rng.below(n + 1), to = rng.below(n + 1)
                operations.append("move \(spell(from, in: members, &rng)) \(to)")
                changes.append(.remove(offset: from, element: member(from), associatedWith: to))
                changes.append(.insert(offset: to, element: member(from), associatedWith: from))
            default:
                let i = rng.below(max(n, 1)), j = rng.below(max(n, 1))
                guard n > 0, i != j else { continue }
                operations.append("swap \(i) \(j)")
                changes.append(.remove(offset: i, element: member(i), associatedWith: j))
                changes.append(.insert(offset: j, element: member(i), associatedWith: i))
                changes.append(.remove(offset: j, element: member(j), associatedWith: i))
                changes.append(.insert(offset: i, element: member(j), associatedWith: j))
            }
        }
        guard let difference = CollectionDifference(changes) else { return (operations, nil) }
        return (operations, members.applying(difference))
    }

    /// A batch under `--sequential`, made against the model as it goes (a
    /// `=KEY` names the member the index holds at that point).
    static func randomSequentialBatch(_ rng: inout SeededGenerator, _ members: [Member], serial: inout Int) -> ([String], [Member]?) {
        var list: [Member]? = members
        var operations: [String] = []
        for _ in 0..<rng.below(6) {
            serial += 1
            let current = list ?? []
            let c = current.count
            // Now and then one past the end, to be refused.
            func index(_ count: Int) -> Int { rng.chance(10) ? count : rng.below(max(count, 1)) }
            switch rng.below(4) {
            case 0:
                let i = index(c)
                operations.append("delete \(spell(i, in: current, &rng))")
                if i < c { list?.remove(at: i) } else { list = nil }
            case 1:
                let at = index(c + 1)
                let new = randomMember(&rng, key: ("new\(serial)", "\"new\(serial)\""))
                operations.append("insert \(at) \(new.text)")
                if at <= c { list?.insert(new, at: at) } else { list = nil }
            case 2:
                let from = index(c), to = index(c)
                operations.append("move \(spell(from, in: current, &rng)) \(to)")
                if from < c && to < c, var moved = list {
                    moved.insert(moved.remove(at: from), at: to)
                    list = moved
                } else {
                    list = nil
                }
            default:
                let i = index(c), j = index(c)
                operations.append("swap \(spell(i, in: current, &rng)) \(spell(j, in: current, &rng))")
                if i < c && j < c { list?.swapAt(i, j) } else { list = nil }
            }
        }
        return (operations, list)
    }

    /// `--key PTR` sorts members by a value inside theirs; `sort` keys are
    /// decoded before they compare.
    func testSortByKeyAndByValueInsideMembers() throws {
        let source = """
            {
              "zeta": {"rank": 2},
              "\\u0061lpha": {"rank": 10},
              "Beta": {"other": 1},
              "beta": {"rank": -1}
            }
            """
        XCTAssertEqual(try JSONEditing.apply(.sort(SortOptions()), to: source, format: .json), """
            {
              "Beta": {"other": 1},
              "\\u0061lpha": {"rank": 10},
              "beta": {"rank": -1},
              "zeta": {"rank": 2}
            }
            """)
        XCTAssertEqual(try JSONEditing.apply(.sort(SortOptions()), to: source, format: .json,
                                             options: EditOptions(key: "/rank")), """
            {
              "beta": {"rank": -1},
              "zeta": {"rank": 2},
              "\\u0061lpha": {"rank": 10},
              "Beta": {"other": 1}
            }
            """)
        XCTAssertEqual(try JSONEditing.apply(.sort(SortOptions(unique: true, ignoreCase: true)), to: source, format: .json), """
            {
              "\\u0061lpha": {"rank": 10},
              "Beta": {"other": 1},
              "zeta": {"rank": 2}
            }
            """)
    }

    /// Moving a member of `/dependencies` leaves every byte before its `{`
    /// and after its `}` as it was, odd spacing, other objects and all.
    func testBytesOutsideTheObjectAreUntouched() throws {
        let before = "\u{FEFF}{ \"name\" :\"demo\",\t\"version\":  \"1.0.0\" ,\n\n  \"dependencies\" :\t"
        let object = "{\"zod\": \"^3\",  \"react\": \"^18\",\n     \"axios\": {\"v\": [1,2]} }"
        let after = " ,\"devDependencies\": {\"b\": 1, \"a\": 2} }\r\n\n"
        let source = before + object + after
        for edit in [try JSONEditing.move("=axios", 0), .reverse, .sort(SortOptions()), try JSONEditing.delete("=react"),
                     JSONEditing.insert(1, "\"lodash\": \"^4\""), .sort(SortOptions(recursive: true))] {
            let output = try JSONEditing.apply(edit, to: source, format: .json, pointer: "/dependencies")
            XCTAssertTrue(output.hasPrefix(before), "\(edit): \(output.debugDescription)")
            XCTAssertTrue(output.hasSuffix(after), "\(edit): \(output.debugDescription)")
            XCTAssertNotEqual(output, source)
        }
        XCTAssertEqual(try JSONEditing.apply(try JSONEditing.move("=axios", 0), to: source, format: .json, pointer: "/dependencies"),
                       before + "{\"axios\": {\"v\": [1,2]},  \"zod\": \"^3\",\n     \"react\": \"^18\" }" + after)
    }

    // MARK: Keys of new members

    /// A new member may not have the key of a member the result keeps, nor
    /// that of another new member; the key of a member the edit deletes or
    /// replaces is free again. Regressions: `replace =a "a": 5` and
    /// `delete =a` + `insert 0 "a": 5` were refused (the check looked at
    /// the source's keys), and `--sequential` inserted one key twice.
    func testNewMembersKeysAgainstTheResult() throws {
        let source = #"{"a": 1, "b": 2}"#
        for sequential in [false, true] {
            func batch(_ operations: [String]) throws -> String {
                try JSONEditing.apply(try JSONEditing.batch(operations, sequential: sequential), to: source, format: .json)
            }
            XCTAssertEqual(try batch([#"replace =a "a": 5"#]), #"{"a": 5, "b": 2}"#)
            XCTAssertEqual(try batch(["delete =a", #"insert 0 "a": 5"#]), #"{"a": 5, "b": 2}"#)
            XCTAssertEqual(try batch([#"replace 1 "b": 3"#]), #"{"a": 1, "b": 3}"#)
            XCTAssertThrowsError(try batch([#"insert 0 "c": 5"#, #"insert 1 "c": 6"#])) {
                XCTAssertEqual($0 as? FormatError, JSONErrors.keyInsertedTwice(key: "c"), "sequential: \(sequential)")
            }
            XCTAssertThrowsError(try batch([#"insert 0 "b": 5"#])) {
                XCTAssertEqual($0 as? FormatError, JSONErrors.keyExists(key: "b"), "sequential: \(sequential)")
            }
            XCTAssertThrowsError(try batch([#"replace =a "b": 5"#])) {
                XCTAssertEqual($0 as? FormatError, JSONErrors.keyExists(key: "b"), "sequential: \(sequential)")
            }
        }
        XCTAssertThrowsError(try JSONEditing.apply(JSONEditing.insert(0, #""a": 0"#), to: source, format: .jsonc)) {
            XCTAssertEqual($0 as? FormatError, JSONErrors.keyExists(key: "a"))
        }
        // A source that has a key twice may keep it so.
        XCTAssertEqual(try JSONEditing.apply(.reverse, to: #"{"a": 1, "a": 2}"#, format: .json), #"{"a": 2, "a": 1}"#)
        XCTAssertEqual(try JSONEditing.apply(JSONEditing.insert(2, #""c": 3"#), to: #"{"a": 1, "a": 2}"#, format: .json),
                       #"{"a": 1, "a": 2, "c": 3}"#)
    }
}
