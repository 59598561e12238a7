/// The YAML flow sequences that keep-sorted's list options take when a
/// value needs a space, a comma or a bracket: `["* ", "* ["]`,
/// `['(?:int|bool) (.*)']`, and for `by_regex` a one-pair mapping,
/// `['REGEX': 'TEMPLATE']`.
///
/// What is read: plain, single-quoted (`''` is a quote) and double-quoted
/// (backslash escapes) scalars, separated by commas, an optional comma
/// before `]`, and `KEY: VALUE` entries. Nested lists and mappings in
/// braces are refused, as keep-sorted refuses them (its lists hold
/// strings).
enum KeepSortedFlowList {
    /// One entry: a scalar, or `KEY: VALUE`.
    struct Entry: Equatable {
        var key: [UInt8]
        var value: [UInt8]?
    }

    enum Failure: Error, Equatable {
        /// Starts with `[` but the list never closes (the text so far).
        case unterminated([UInt8])
        /// Not a list this reader takes (why, in plain words).
        case invalid(String)
    }

    /// When `text` starts with `[`: the list's text up to its `]`, which
    /// must end the value or be followed by a space, and the rest after
    /// that space. nil when `text` does not start with `[`. Quotes hide
    /// brackets, as keep-sorted's scan does.
    static func split(_ text: ArraySlice<UInt8>) throws(Failure) -> (list: ArraySlice<UInt8>, rest: ArraySlice<UInt8>)? {
        guard text.first == UInt8(ascii: "[") else { return nil }
        var quote: UInt8? = nil
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "["):
                if quote == nil { depth += 1 }
            case UInt8(ascii: "]"):
                guard quote == nil else { continue }
                if depth > 1 {
                    depth -= 1
                    continue
                }
                // The closing `]` ends the value or is followed by a space:
                // `key=[a]b` is no list.
                if index == text.endIndex || text[index] == UInt8(ascii: " ") {
                    let list = text[text.startIndex..<index]
                    let rest = index == text.endIndex ? text[index...] : text[(index + 1)...]
                    return (list, rest)
                }
                throw .unterminated(Array(text[text.startIndex..<index]))
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                if quote == byte { quote = nil } else if quote == nil { quote = byte }
            case UInt8(ascii: "\\"):
                if quote == UInt8(ascii: "\""), index < text.endIndex,
                   text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "\\") {
                    index += 1
                }
            default:
                break
            }
        }
        throw .unterminated(Array(text))
    }

    /// The entries of `list`, the text `split` found (with its brackets).
    static func entries(_ list: ArraySlice<UInt8>) throws(Failure) -> [Entry] {
        var reader = Reader(bytes: Array(list))
        return try reader.readList()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipBlanks() {
            while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        }

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func readList() throws(Failure) -> [Entry] {
            index = 1  // past `[`
            var entries: [Entry] = []
            skipBlanks()
            if peek() == UInt8(ascii: "]") { index += 1; return try finish(entries) }
            while true {
                skipBlanks()
                if peek() == UInt8(ascii: "]") {
                    // A comma before `]`.
                    index += 1
                    return try finish(entries)
                }
                var entry = Entry(key: try readScalar(), value: nil)
                skipBlanks()
                if peek() == UInt8(ascii: ":") {
                    index += 1
                    skipBlanks()
                    entry.value = try readScalar()
                    skipBlanks()
                }
                entries.append(entry)
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return try finish(entries)
                default:
                    throw .invalid("expected ',' or ']' after an entry")
                }
            }
        }

        func finish(_ entries: [Entry]) throws(Failure) -> [Entry] {
            guard index == bytes.count else { throw .invalid("text after the closing ']'") }
            return entries
        }

        mutating func readScalar() throws(Failure) -> [UInt8] {
            switch peek() {
            case UInt8(ascii: "'"): return try readSingleQuoted()
            case UInt8(ascii: "\""): return try readDoubleQuoted()
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                throw .invalid("a list or mapping inside the list; the entries must be strings")
            default: return try readPlain()
            }
        }

        /// Up to `,`, `]` or `: `, without trailing blanks.
        mutating func readPlain() throws(Failure) -> [UInt8] {
            let start = index
            while let byte = peek() {
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") { break }
                if byte == UInt8(ascii: ":"), index + 1 == bytes.count || [0x20, 0x09, UInt8(ascii: ","), UInt8(ascii: "]")].contains(bytes[index + 1]) {
                    break
                }
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
                    throw .invalid("'\(Character(Unicode.Scalar(byte)))' in an unquoted entry; quote it")
                }
                index += 1
            }
            var end = index
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            return Array(bytes[start..<end])
        }

        mutating func readSingleQuoted() throws(Failure) -> [UInt8] {
            index += 1
            var value: [UInt8] = []
            while let byte = peek() {
                index += 1
                if byte == UInt8(ascii: "'") {
                    if peek() == UInt8(ascii: "'") {
                        value.append(byte)
                        index += 1
                        continue
                    }
                    return value
                }
                value.append(byte)
            }
            throw .invalid("a quoted entry does not end")
        }

        mutating func readDoubleQuoted() throws(Failure) -> [UInt8] {
            index += 1
            var value: [UInt8] = []
            while let byte = peek() {
                index += 1
                if byte == UInt8(ascii: "\"") { return value }
                guard byte == UInt8(ascii: "\\") else {
                    value.append(byte)
                    continue
                }
                guard let escaped = peek() else { break }
                index += 1
                switch escaped {
                case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: " "): value.append(escaped)
                case UInt8(ascii: "n"): value.append(0x0A)
                case UInt8(ascii: "t"), 0x09: value.append(0x09)
                case UInt8(ascii: "r"): value.append(0x0D)
                case UInt8(ascii: "0"): value.append(0x00)
                case UInt8(ascii: "a"): value.append(0x07)
                case UInt8(ascii: "b"): value.append(0x08)
                case UInt8(ascii: "e"): value.append(0x1B)
                case UInt8(ascii: "f"): value.append(0x0C)
                case UInt8(ascii: "v"): value.append(0x0B)
                case UInt8(ascii: "x"): value += try readCodePoint(digits: 2)
                case UInt8(ascii: "u"): value += try readCodePoint(digits: 4)
                case UInt8(ascii: "U"): value += try readCodePoint(digits: 8)
                default:
                    throw .invalid("unknown escape '\\\(Character(Unicode.Scalar(escaped)))' in a double-quoted entry")
                }
            }
            throw .invalid("a quoted entry does not end")
        }

        mutating func readCodePoint(digits: Int) throws(Failure) -> [UInt8] {
            guard index + digits <= bytes.count,
                  let value = UInt32(String(decoding: bytes[index..<index + digits], as: UTF8.self), radix: 16),
                  let scalar = Unicode.Scalar(value)
            else { throw .invalid("a bad hexadecimal escape in a double-quoted entry") }
            index += digits
            return Array(String(Character(scalar)).utf8)
        }
    }
}
