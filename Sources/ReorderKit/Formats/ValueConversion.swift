/// How a format reads an item's value as JSON text, and writes a value
/// given as JSON text as an item of its own, for a move into a file of
/// another format (`BetweenFiles`): JSON text is what every format that
/// converts can say (it is YAML flow text, and its scalars and arrays are
/// TOML values but for `null`). Each format that converts declares its own
/// beside its layout (`ValueConversion.yaml` in `Formats/YAML/`), as
/// `ListFormat.valueConversion`; only where the conversion is certain:
/// otherwise it throws `Uncertain`, and the move is refused.
public struct ValueConversion: Sendable {
    /// What a conversion is not certain of: the item's key, or its value.
    public enum Uncertain: Error, Sendable {
        case key
        case value
    }

    /// What else than its value an item's bytes hold (a comment, a tag, an
    /// anchor, an alias), named as a message says it ("a comment"); nil
    /// when nothing would be lost.
    let lostParts: @Sendable (_ item: [UInt8]) -> String?
    /// An item's key (a member's, as a JSON string; nil for an element)
    /// and value, as JSON text, from its bytes and its text as `insert`
    /// takes it (`FormatLayout.insertText(ofItem:)`, nil when it has
    /// none); `keyed` when the item is a member. Throws `Uncertain`.
    let read: @Sendable (_ item: [UInt8], _ insertText: [UInt8]?, _ keyed: Bool) throws -> (key: [UInt8]?, value: [UInt8])
    /// The VALUE `insert` takes in this format for `key` (a JSON string;
    /// nil for an element) and `value` (JSON text). Throws `Uncertain`.
    let write: @Sendable (_ key: [UInt8]?, _ value: [UInt8]) throws -> [UInt8]

    public init(lostParts: @escaping @Sendable (_ item: [UInt8]) -> String?,
                read: @escaping @Sendable (_ item: [UInt8], _ insertText: [UInt8]?, _ keyed: Bool) throws -> (key: [UInt8]?, value: [UInt8]),
                write: @escaping @Sendable (_ key: [UInt8]?, _ value: [UInt8]) throws -> [UInt8]) {
        self.lostParts = lostParts
        self.read = read
        self.write = write
    }

    /// The `read` of a format whose items are `key SEPARATOR scalar`
    /// lines (YAML's `key: value`, TOML's `key = value`) or scalars: the
    /// key and the value, each as JSON text by `key` and `scalar` (nil:
    /// not certain).
    static func readingLines(separator: [UInt8], key: @escaping @Sendable ([UInt8]) -> [UInt8]?,
                             scalar: @escaping @Sendable ([UInt8]) -> [UInt8]?)
        -> @Sendable (_ item: [UInt8], _ insertText: [UInt8]?, _ keyed: Bool) throws -> (key: [UInt8]?, value: [UInt8]) {
        return { _, insertText, keyed in
            guard var text = insertText else { throw Uncertain.value }
            var name: [UInt8]? = nil
            if keyed {
                guard let split = splitKey(text, separator: separator), let json = key(split.key) else { throw Uncertain.key }
                name = json
                text = split.value
            }
            guard let json = scalar(text) else { throw Uncertain.value }
            return (name, json)
        }
    }

    // MARK: - JSON text, which every conversion goes through

    /// `key SEPARATOR value`, the key plain or quoted (without a dot, a
    /// TOML dotted key), both trimmed.
    static func splitKey(_ text: [UInt8], separator: [UInt8]) -> (key: [UInt8], value: [UInt8])? {
        var index = 0
        if let open = text.first, open == 0x22 || open == 0x27 {
            index = 1
            while index < text.count && text[index] != open {
                if text[index] == 0x5C && open == 0x22 { index += 1 }
                index += 1
            }
            index += 1
            guard index <= text.count else { return nil }
        }
        while index < text.count {
            if text[index...].starts(with: separator) || (separator == [0x3A, 0x20] && index == text.count - 1 && text[index] == 0x3A) {
                let key = trimmed(text[..<index]), value = trimmed(text[Swift.min(index + separator.count, text.count)...])
                return key.isEmpty || key.contains(0x2E) && separator == [0x3D] && key.first != 0x22 ? nil : (key, value)
            }
            index += 1
        }
        return nil
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
        return Array(slice)
    }

    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// `text` matches JSON's number grammar.
    static func isJSONNumber(_ text: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count && text[index] >= 0x30 && text[index] <= 0x39 { index += 1 }
            return index - start
        }
        if index < text.count && text[index] == 0x2D { index += 1 }
        guard index < text.count else { return false }
        if text[index] == 0x30 { index += 1 } else if digits() == 0 { return false }
        if index < text.count && text[index] == 0x2E {
            index += 1
            if digits() == 0 { return false }
        }
        if index < text.count && (text[index] == 0x65 || text[index] == 0x45) {
            index += 1
            if index < text.count && (text[index] == 0x2B || text[index] == 0x2D) { index += 1 }
            if digits() == 0 { return false }
        }
        return index == text.count
    }

    /// A JSON string's text, `"…"`, whose escapes are JSON's and which
    /// holds no control character.
    static func isPlainJSONString(_ text: [UInt8], escapes: [UInt8] = Array("\"\\/bfnrtu".utf8)) -> Bool {
        guard text.count >= 2, text.first == 0x22, text.last == 0x22 else { return false }
        var index = 1
        while index < text.count - 1 {
            let byte = text[index]
            if byte < 0x20 || byte == 0x22 { return false }
            if byte == 0x5C {
                guard index + 1 < text.count - 1, escapes.contains(text[index + 1]) else { return false }
                if text[index + 1] == UInt8(ascii: "u") {
                    guard index + 5 < text.count - 1,
                          text[(index + 2)...(index + 5)].allSatisfy({ isLetterOrDigit($0) && ($0 <= 0x39 || $0 | 0x20 <= 0x66) })
                    else { return false }
                    index += 4
                }
                index += 1
            }
            index += 1
        }
        return true
    }

    /// `content` as a JSON string.
    static func jsonString(_ content: ArraySlice<UInt8>) -> [UInt8]? {
        var result: [UInt8] = [0x22]
        for byte in content {
            if byte < 0x20 || byte == 0x7F { return nil }
            if byte == 0x22 || byte == 0x5C { result.append(0x5C) }
            result.append(byte)
        }
        return result + [0x22]
    }

    /// JSON text cut into its tokens: strings, numbers and words, and the
    /// punctuation; nil when it holds a comment or anything else.
    struct JSONTokens {
        var list: [[UInt8]] = []

        init?(_ bytes: [UInt8]) {
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D:
                    index += 1
                case 0x5B, 0x5D, 0x7B, 0x7D, 0x2C, 0x3A:
                    list.append([byte])
                    index += 1
                case 0x22:
                    var end = index + 1
                    while end < bytes.count && bytes[end] != 0x22 {
                        if bytes[end] == 0x5C { end += 1 }
                        end += 1
                    }
                    guard end < bytes.count else { return nil }
                    list.append(Array(bytes[index...end]))
                    index = end + 1
                case 0x2D, 0x2B, 0x2E, 0x30...0x39, 0x61...0x7A, 0x41...0x5A:
                    var end = index
                    while end < bytes.count, case let b = bytes[end],
                          b == 0x2D || b == 0x2B || b == 0x2E || (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) {
                        end += 1
                    }
                    let word = Array(bytes[index..<end])
                    guard ValueConversion.isJSONNumber(word) || ["true", "false", "null"].contains(String(decoding: word, as: UTF8.self))
                    else { return nil }
                    list.append(word)
                    index = end
                default:
                    return nil  // a comment (`//`, `/*`), or no JSON
                }
            }
            if list.isEmpty { return nil }
        }

        /// The tokens on one line, `, ` after a comma and `: ` after a colon.
        static func compact(_ tokens: ArraySlice<[UInt8]>) -> [UInt8] {
            var result: [UInt8] = []
            for token in tokens {
                result += token
                if token == [0x2C] || token == [0x3A] { result.append(0x20) }
            }
            return result
        }
    }
}
