extension ValueConversion {
    /// TOML: a line's key and value, or an array's value, where JSON says
    /// the same (see `tomlScalarAsJSON`, `tomlReadsAsJSON`); a key is
    /// written bare where it may be. A comment would be lost.
    static let toml = ValueConversion(
        lostParts: { item in
            var quote: UInt8? = nil
            var escaped = false
            for byte in item {
                if let open = quote {
                    if escaped { escaped = false } else if byte == 0x5C && open == 0x22 { escaped = true } else if byte == open { quote = nil }
                    continue
                }
                if byte == 0x22 || byte == 0x27 { quote = byte } else if byte == UInt8(ascii: "#") { return "a comment" }
            }
            return nil
        },
        read: readingLines(separator: [0x3D], key: tomlKeyAsJSON, scalar: tomlScalarAsJSON),
        write: { key, value in
            guard let tokens = JSONTokens(value), tokens.list.allSatisfy(tomlReadsAsJSON) else { throw Uncertain.value }
            guard let key else { return value }
            guard tomlReadsAsJSON(key) else { throw Uncertain.key }
            let bare = key.dropFirst().dropLast()
            let name = !bare.isEmpty && bare.allSatisfy({ isLetterOrDigit($0) || $0 == 0x5F || $0 == 0x2D }) ? Array(bare) : key
            return name + Array(" = ".utf8) + value
        })

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
