/// An RFC 6901 JSON Pointer: `""` is the whole document, `/a/0/b~1c` is key
/// `a`, then element 0, then key `b/c`. Every format names a place in its
/// document with one (`-p`, `--key`, a policy's `list`), and the seam
/// (`FormatLayout`, `ListDocument`) speaks in them: it is the core's, not
/// JSON's, though its syntax is JSON's RFC.
public struct JSONPointer: Equatable, Sendable {
    /// The reference tokens, unescaped (`~1` is `/`, `~0` is `~`).
    public let tokens: [String]

    /// What a pointer is given for: `-p` (the list) or `--key` (a value
    /// inside each item).
    public enum Role: Equatable, Sendable {
        case list
        case key
    }

    /// Parses `text`, given for `role`. Throws an `invalidPointer` `FormatError`
    /// when it is neither empty nor starts with `/` (`.jqPath` when it is a
    /// jq path), or holds a `~` not followed by `0` or `1`.
    public init(parsing text: String, role: Role = .list) throws {
        if text.isEmpty {
            tokens = []
            return
        }
        guard text.utf8.first == UInt8(ascii: "/") else {
            if let pointer = JSONPointer(jqPath: text) {
                throw JSONErrors.invalidPointer(text, .jqPath(pointer: pointer.text, role: role))
            }
            throw JSONErrors.invalidPointer(text, .missingLeadingSlash)
        }
        var tokens: [String] = []
        var current: [UInt8] = []
        var bytes = text.utf8.dropFirst().makeIterator()
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "/"):
                tokens.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            case UInt8(ascii: "~"):
                switch bytes.next() {
                case UInt8(ascii: "0"): current.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): current.append(UInt8(ascii: "/"))
                default: throw JSONErrors.invalidPointer(text, .invalidEscape)
                }
            default:
                current.append(byte)
            }
        }
        tokens.append(String(decoding: current, as: UTF8.self))
        self.tokens = tokens
    }

    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// The pointer to what the jq path `text` names: `.` the root, `.a.b`,
    /// `.a[0]`, `."a b"`, `.["a b"]`; nil for anything else (jq's `[]`,
    /// pipes, functions), and for a quoted key with an escape.
    init?(jqPath text: String) {
        var rest = Substring(text)
        guard rest.first == "." else { return nil }
        var tokens: [String] = []
        func quoted() -> String? {
            guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else { return nil }
            let key = rest[rest.index(after: rest.startIndex)..<end]
            guard !key.contains("\\") else { return nil }
            rest = rest[rest.index(after: end)...]
            return String(key)
        }
        func isNameCharacter(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-") }
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                if rest.first == "\"" {
                    guard let key = quoted() else { return nil }
                    tokens.append(key)
                } else {
                    let name = rest.prefix(while: isNameCharacter)
                    // `.` alone, or `.` before `[`.
                    guard !name.isEmpty || rest.isEmpty || rest.first == "[" else { return nil }
                    if !name.isEmpty { tokens.append(String(name)) }
                    rest = rest.dropFirst(name.count)
                }
            } else if first == "[" {
                rest = rest.dropFirst()
                if rest.first == "\"" {
                    guard let key = quoted() else { return nil }
                    tokens.append(key)
                } else {
                    let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
                    guard !digits.isEmpty else { return nil }
                    tokens.append(String(digits))
                    rest = rest.dropFirst(digits.count)
                }
                guard rest.first == "]" else { return nil }
                rest = rest.dropFirst()
            } else {
                return nil
            }
        }
        self.tokens = tokens
    }

    /// The pointer as text, with `~` and `/` in tokens escaped.
    public var text: String {
        tokens.map { "/" + JSONPointer.escape($0) }.joined()
    }

    /// The pointer made of the first `count` tokens, as text.
    func prefixText(_ count: Int) -> String {
        JSONPointer(tokens: Array(tokens.prefix(count))).text
    }

    /// `token` escaped for a pointer: `~` as `~0`, `/` as `~1`.
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return token
        }
        var result = ""
        for character in token.unicodeScalars {
            switch character {
            case "~": result += "~0"
            case "/": result += "~1"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// `token` as an array index: digits without a leading zero (RFC 6901
    /// §4). `-`, which names the position after the last element, is not
    /// an element here, so it is nil like any other non-index.
    static func arrayIndex(_ token: String) -> Int? {
        let bytes = Array(token.utf8)
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        if bytes.count > 1 && bytes[0] == UInt8(ascii: "0") { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

/// Why a JSON Pointer cannot be parsed.
public enum JSONPointerProblem: Equatable, Sendable {
    /// A non-empty pointer must start with `/`.
    case missingLeadingSlash
    /// The text is a jq path (`.plugins`, `.a[0].b`), which names the
    /// value that `pointer` does; `role` says which option it was given to.
    case jqPath(pointer: String, role: JSONPointer.Role)
    /// `~` followed by something other than `0` or `1`.
    case invalidEscape
}
