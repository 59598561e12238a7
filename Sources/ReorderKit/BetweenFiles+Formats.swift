/// An item moved into a file of another format: its value, converted
/// only where the conversion is certain, as the VALUE `insert` takes in
/// DEST's format. The value goes through JSON text, which every one of
/// JSON, JSON with comments, YAML and TOML can say: JSON text is YAML flow
/// text, and JSON's scalars and arrays are TOML values but for `null`.
/// Anything but the value the item holds (a comment, a YAML tag, anchor or
/// alias) is refused, named, rather than lost.
extension BetweenFiles {
    static let convertible: [ListFormat] = [.json, .jsonc, .yaml, .toml]

    /// The VALUE that `insert` into `target` takes for source item `index`.
    static func converted(item index: Int, of list: ListDocument, into target: ListDocument,
                          refuse: (String) -> Failure) throws -> [UInt8] {
        let from = list.format, to = target.format
        guard convertible.contains(from), convertible.contains(to) else {
            throw refuse("an item goes from a \(from.words.name) file into a \(to.words.name) file only between JSON, JSON with comments, YAML and TOML files")
        }
        let keyed = list.layout.itemsAreKeyedMembers
        guard keyed == target.layout.itemsAreKeyedMembers else {
            throw refuse(keyed ? "the list it goes to is a list of elements, and the item is a member with a key"
                               : "the list it goes to holds members with keys, and the item is an element without one")
        }
        let bytes = Array(list.itemBytes(index))
        if let lost = lostParts(bytes, format: from) {
            throw refuse("the item holds \(lost), which a \(to.words.name) file would not keep; a move into another format carries the value only")
        }
        func uncertain(_ what: String = "its value") -> Failure {
            let text = list.layout.insertText(ofItem: index).map { " ('" + String(decoding: $0, as: UTF8.self) + "')" } ?? ""
            return refuse("reorder cannot write \(what)\(text) in \(to.words.name) with certainty (it would read as another value, or as none, there); move it by hand")
        }
        // The value (and the key) as JSON text.
        var key: [UInt8]? = nil
        var value: [UInt8]
        switch from {
        case .json, .jsonc:
            guard let tokens = JSONTokens(bytes) else { throw uncertain() }
            if keyed {
                guard tokens.list.count >= 3, tokens.list[0].first == 0x22, tokens.list[1] == [0x3A] else { throw uncertain() }
                key = tokens.list[0]
                value = JSONTokens.compact(tokens.list.dropFirst(2))
            } else {
                value = JSONTokens.compact(tokens.list[...])
            }
        case .yaml:
            guard var text = list.layout.insertText(ofItem: index) else { throw uncertain() }
            if keyed {
                guard let split = splitKey(text, separator: [0x3A, 0x20]), let name = yamlScalarAsJSON(split.key),
                      name.first == 0x22 else { throw uncertain("its key") }
                key = name
                text = split.value
            }
            guard let json = yamlScalarAsJSON(text) else { throw uncertain() }
            value = json
        default:  // TOML
            guard var text = list.layout.insertText(ofItem: index) else { throw uncertain() }
            if keyed {
                guard let split = splitKey(text, separator: [0x3D]), let name = tomlKeyAsJSON(split.key) else { throw uncertain("its key") }
                key = name
                text = split.value
            }
            guard let json = tomlScalarAsJSON(text) else { throw uncertain() }
            value = json
        }
        // Written in DEST's format.
        switch to {
        case .json, .jsonc:
            return key.map { $0 + Array(": ".utf8) + value } ?? value
        case .yaml:
            guard let tokens = JSONTokens(value), tokens.list.allSatisfy(yamlReadsAsJSON) else { throw uncertain() }
            let written = tokens.list.count == 1 ? yamlPlain(tokens.list[0]) : value
            return key.map { yamlPlain($0) + Array(": ".utf8) + written } ?? written
        default:  // TOML
            guard let tokens = JSONTokens(value), tokens.list.allSatisfy(tomlReadsAsJSON) else { throw uncertain() }
            guard let key else { return value }
            guard tomlReadsAsJSON(key) else { throw uncertain("its key") }
            let bare = key.dropFirst().dropLast()
            let name = !bare.isEmpty && bare.allSatisfy({ isLetterOrDigit($0) || $0 == 0x5F || $0 == 0x2D }) ? Array(bare) : key
            return name + Array(" = ".utf8) + value
        }
    }

    /// What else than its value an item holds, named; nil when nothing.
    static func lostParts(_ bytes: [UInt8], format: ListFormat) -> String? {
        switch format {
        case .json, .jsonc:
            return JSONTokens(bytes) == nil ? "a comment" : nil
        case .yaml:
            var quote: UInt8? = nil
            for (index, byte) in bytes.enumerated() {
                if let open = quote {
                    if byte == open { quote = nil }
                    continue
                }
                let previous: UInt8 = index == 0 ? 0x20 : bytes[index - 1]
                let apart = previous == 0x20 || previous == 0x09 || previous == 0x0A || previous == 0x5B || previous == 0x7B || previous == 0x2C
                guard apart else { continue }
                switch byte {
                case 0x22, 0x27: quote = byte
                case UInt8(ascii: "#"): return "a comment"
                case UInt8(ascii: "&"): return "an anchor"
                case UInt8(ascii: "*"): return "an alias"
                case UInt8(ascii: "!"): return "a tag"
                default: continue
                }
            }
            return nil
        default:  // TOML
            var quote: UInt8? = nil
            var escaped = false
            for byte in bytes {
                if let open = quote {
                    if escaped { escaped = false } else if byte == 0x5C && open == 0x22 { escaped = true } else if byte == open { quote = nil }
                    continue
                }
                if byte == 0x22 || byte == 0x27 { quote = byte } else if byte == UInt8(ascii: "#") { return "a comment" }
            }
            return nil
        }
    }

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
                let key = trimmed(text[..<index]), value = trimmed(text[(index + separator.count).clamped(to: text.count)...])
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

    /// A YAML scalar as JSON text, where what YAML 1.2's core schema
    /// reads it as (and YAML 1.1, as PyYAML reads it) is certain: a
    /// quoted string, a JSON number, true, false, null, or a plain string
    /// of letters, digits and `_ - . / @` and spaces that no schema reads
    /// as another type.
    static func yamlScalarAsJSON(_ text: [UInt8]) -> [UInt8]? {
        guard let first = text.first else { return nil }
        if first == 0x22 { return isPlainJSONString(text) ? text : nil }
        if first == 0x27 {
            guard text.count >= 2, text.last == 0x27 else { return nil }
            var content: [UInt8] = []
            var index = 1
            while index < text.count - 1 {
                if text[index] == 0x27 {
                    guard index + 1 < text.count - 1, text[index + 1] == 0x27 else { return nil }
                    index += 1
                }
                content.append(text[index])
                index += 1
            }
            return jsonString(content[...])
        }
        if isJSONNumber(text) && !text.contains(where: { $0 == 0x65 || $0 == 0x45 }) { return text }
        if ["true", "false", "null"].contains(String(decoding: text, as: UTF8.self)) { return text }
        return yamlPlainString(text) ? jsonString(text[...]) : nil
    }

    /// A plain YAML scalar every loader reads as this string.
    static func yamlPlainString(_ text: [UInt8]) -> Bool {
        guard let first = text.first, isLetterOrDigit(first) && !(first >= 0x30 && first <= 0x39) || first == 0x5F || first == 0x2F || first >= 0x80,
              text.last != 0x20 else { return false }
        let words = ["y", "n", "yes", "no", "on", "off", "true", "false", "null"]
        if words.contains(String(decoding: text, as: UTF8.self).lowercased()) { return false }
        return text.allSatisfy { isLetterOrDigit($0) || $0 >= 0x80 || [0x5F, 0x2D, 0x2E, 0x2F, 0x40, 0x20].contains($0) }
    }

    /// A JSON token written in YAML flow text: a string, plain where that
    /// reads as the same string.
    static func yamlPlain(_ token: [UInt8]) -> [UInt8] {
        guard token.first == 0x22, !token.contains(0x5C) else { return token }
        let content = Array(token.dropFirst().dropLast())
        return yamlPlainString(content) ? content : token
    }

    /// A JSON token that YAML (1.2, and 1.1 as PyYAML reads it) reads as
    /// JSON does: not a number with an exponent, which YAML 1.1 reads as
    /// a string.
    static func yamlReadsAsJSON(_ token: [UInt8]) -> Bool {
        guard let first = token.first, first == 0x2D || (first >= 0x30 && first <= 0x39) else { return true }
        return !token.contains(where: { $0 == 0x65 || $0 == 0x45 })
    }

    /// A JSON token that TOML reads as JSON does: no object (`{`), no
    /// `null`, a string without the escape `\/` or a DEL, an integer in
    /// 64 bits.
    static func tomlReadsAsJSON(_ token: [UInt8]) -> Bool {
        guard let first = token.first else { return false }
        switch first {
        case 0x7B, 0x7D: return false
        case 0x22: return isPlainJSONString(token, escapes: Array("\"\\bfnrtu".utf8)) && !token.contains(0x7F)
        case UInt8(ascii: "n"): return false
        case 0x2D, 0x30...0x39:
            let integer = !token.contains(where: { $0 == 0x2E || $0 == 0x65 || $0 == 0x45 })
            return !integer || token.count <= 18
        default: return true
        }
    }

    /// A TOML key (bare or a basic string) as a JSON string.
    static func tomlKeyAsJSON(_ key: [UInt8]) -> [UInt8]? {
        if key.first == 0x22 { return isPlainJSONString(key, escapes: Array("\"\\bfnrtu".utf8)) ? key : nil }
        if key.first == 0x27 { return key.count >= 2 && key.last == 0x27 ? jsonString(key.dropFirst().dropLast()) : nil }
        guard !key.isEmpty, key.allSatisfy({ isLetterOrDigit($0) || $0 == 0x5F || $0 == 0x2D }) else { return nil }
        return jsonString(key[...])
    }

    /// A TOML scalar as JSON text: a one-line basic string with JSON's
    /// escapes, a literal string, true, false, a number JSON writes alike.
    static func tomlScalarAsJSON(_ text: [UInt8]) -> [UInt8]? {
        guard let first = text.first else { return nil }
        if text.starts(with: [0x22, 0x22, 0x22]) || text.starts(with: [0x27, 0x27, 0x27]) { return nil }
        if first == 0x22 { return isPlainJSONString(text, escapes: Array("\"\\bfnrtu".utf8)) ? text : nil }
        if first == 0x27 {
            guard text.count >= 2, text.last == 0x27, !text.dropFirst().dropLast().contains(0x27) else { return nil }
            return jsonString(text.dropFirst().dropLast())
        }
        if text == Array("true".utf8) || text == Array("false".utf8) { return text }
        return isJSONNumber(text) ? text : nil
    }
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
                guard BetweenFiles.isJSONNumber(word) || ["true", "false", "null"].contains(String(decoding: word, as: UTF8.self))
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

private extension Int {
    func clamped(to limit: Int) -> Int { Swift.min(self, limit) }
}
