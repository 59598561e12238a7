/// A JSON value of the language server's messages, decoded: ReorderKit's
/// JSON reader finds the places of a document's values without decoding
/// them (it keeps byte ranges), so the server has this small strict one.
enum LSPJSON: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([LSPJSON])
    case object([String: LSPJSON])

    subscript(key: String) -> LSPJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var string: String? { if case .string(let s) = self { return s }; return nil }
    var int: Int? {
        if case .number(let n) = self, n == n.rounded(), abs(n) < 9e15 { return Int(n) }
        return nil
    }
    var array: [LSPJSON]? { if case .array(let a) = self { return a }; return nil }
    var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    var isNull: Bool { self == .null }

    /// Why a text is not JSON, at which byte.
    struct ParseError: Error {
        let offset: Int
        let problem: String
    }

    /// `bytes` read as one JSON value (RFC 8259), whitespace around it.
    static func parse(_ bytes: [UInt8]) throws -> LSPJSON {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.at == bytes.count else { throw ParseError(offset: parser.at, problem: "text after the value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var at = 0

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
        }

        func fail(_ problem: String) -> ParseError { ParseError(offset: at, problem: problem) }

        mutating func expect(_ word: String) throws {
            for byte in word.utf8 {
                guard at < bytes.count, bytes[at] == byte else { throw fail("expected '\(word)'") }
                at += 1
            }
        }

        mutating func value(depth: Int) throws -> LSPJSON {
            guard depth < 512 else { throw fail("nested too deeply") }
            guard at < bytes.count else { throw fail("unexpected end") }
            switch bytes[at] {
            case UInt8(ascii: "{"):
                at += 1
                var members: [String: LSPJSON] = [:]
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    skipSpace()
                    members[key] = try value(depth: depth + 1)
                    skipSpace()
                    guard at < bytes.count else { throw fail("unexpected end") }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
                    throw fail("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                at += 1
                var elements: [LSPJSON] = []
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(elements) }
                while true {
                    skipSpace()
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    guard at < bytes.count else { throw fail("unexpected end") }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(elements) }
                    throw fail("expected ',' or ']'")
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "n"): try expect("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(try number())
            default:
                throw fail("unexpected character")
            }
        }

        mutating func number() throws -> Double {
            let start = at
            func digit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
            if bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digit(at) else { throw fail("expected a digit") }
            if bytes[at] == UInt8(ascii: "0") { at += 1 } else { while digit(at) { at += 1 } }
            if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
                at += 1
                guard digit(at) else { throw fail("expected a digit") }
                while digit(at) { at += 1 }
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
                at += 1
                if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                guard digit(at) else { throw fail("expected a digit") }
                while digit(at) { at += 1 }
            }
            guard let value = Double(String(decoding: bytes[start..<at], as: UTF8.self)) else { throw fail("bad number") }
            return value
        }

        mutating func hex4() throws -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard at < bytes.count else { throw fail("unexpected end") }
                let b = bytes[at]
                let d: UInt32
                switch b {
                case 0x30...0x39: d = UInt32(b - 0x30)
                case 0x41...0x46: d = UInt32(b - 0x41 + 10)
                case 0x61...0x66: d = UInt32(b - 0x61 + 10)
                default: throw fail("bad \\u escape")
                }
                value = value << 4 | d
                at += 1
            }
            return value
        }

        mutating func string() throws -> String {
            at += 1  // the opening quote
            var out: [UInt8] = []
            var runStart = at
            while true {
                guard at < bytes.count else { throw fail("unterminated string") }
                let b = bytes[at]
                if b == UInt8(ascii: "\"") {
                    out.append(contentsOf: bytes[runStart..<at])
                    at += 1
                    break
                }
                if b < 0x20 { throw fail("control character in a string") }
                if b != UInt8(ascii: "\\") { at += 1; continue }
                out.append(contentsOf: bytes[runStart..<at])
                at += 1
                guard at < bytes.count else { throw fail("unterminated string") }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        // A high surrogate: its low one must follow.
                        guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                            throw fail("lone surrogate")
                        }
                        at += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("lone surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw fail("lone surrogate")
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                default:
                    throw fail("bad escape")
                }
                runStart = at
            }
            guard let text = String(validating: out, as: UTF8.self) else { throw fail("string not UTF-8") }
            return text
        }
    }

    /// As JSON text (members by key, for a stable output).
    var serialized: String {
        var out: [UInt8] = []
        serialize(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func serialize(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let n):
            if n == n.rounded(), abs(n) < 9e15 { out += Array(String(Int(n)).utf8) } else { out += Array(String(n).utf8) }
        case .string(let s): LSPJSON.serialize(string: s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, e) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                e.serialize(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                LSPJSON.serialize(string: key, into: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.serialize(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func serialize(string: String, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(0x22)
        for b in string.utf8 {
            switch b {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0..<0x20: out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]]
            default: out.append(b)
            }
        }
        out.append(0x22)
    }
}

extension LSPJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
                   ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: LSPJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, LSPJSON)...) {
        var members: [String: LSPJSON] = [:]
        for (k, v) in elements { members[k] = v }
        self = .object(members)
    }
    init(_ int: Int) { self = .number(Double(int)) }
}
