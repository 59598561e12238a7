extension ValueConversion {
    /// YAML: an entry's value is a scalar whose reading is certain (see
    /// `yamlScalarAsJSON`); a value is written as JSON flow text, a string
    /// plain where that reads as the same string. A comment, an anchor, an
    /// alias or a tag would be lost.
    static let yaml = ValueConversion(
        lostParts: { item in
            var quote: UInt8? = nil
            for (index, byte) in item.enumerated() {
                if let open = quote {
                    if byte == open { quote = nil }
                    continue
                }
                let previous: UInt8 = index == 0 ? 0x20 : item[index - 1]
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
        },
        // A key must read as a string.
        read: readingLines(separator: [0x3A, 0x20], key: { yamlScalarAsJSON($0).flatMap { $0.first == 0x22 ? $0 : nil } },
                           scalar: yamlScalarAsJSON),
        write: { key, value in
            guard let tokens = JSONTokens(value), tokens.list.allSatisfy(yamlReadsAsJSON) else { throw Uncertain.value }
            let written = tokens.list.count == 1 ? yamlPlain(tokens.list[0]) : value
            return key.map { yamlPlain($0) + Array(": ".utf8) + written } ?? written
        })

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
}
