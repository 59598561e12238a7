/// A regular expression of a block option (`by_regex`, `group_start_regex`,
/// `group_end_regex`), compiled to behave as keep-sorted's RE2 ones do: `.`
/// also matches a newline (keep-sorted adds the `s` flag; `(?-s)` takes it
/// away), a character is a Unicode scalar, and `\w`, `\d`, `\s` and `\b`
/// are ASCII. Swift's `Regex` reads the RE2 syntax the options use
/// (`(?:…)`, `(?i)`, `(?P<name>…)`, `(?<name>…)`, classes, anchors).
struct KeepSortedPattern {
    let pattern: String
    let regex: Regex<AnyRegexOutput>
    /// `by_regex=['REGEX': 'TEMPLATE']`: the key is TEMPLATE with `$1`,
    /// `${name}`, … replaced by what the groups matched (Go's
    /// `Regexp.Expand`).
    let template: String?

    /// Compiles `pattern`; throws the compiler's reason when it does not.
    init(_ pattern: String, template: String? = nil) throws {
        self.pattern = pattern
        self.template = template
        regex = try Regex(pattern)
            .dotMatchesNewlines()
            .matchingSemantics(.unicodeScalar)
            .asciiOnlyWordCharacters()
            .asciiOnlyDigits()
            .asciiOnlyWhitespace()
            .wordBoundaryKind(.simple)
    }

    /// True when the pattern matches somewhere in `text`.
    func matches(_ text: String) -> Bool {
        ((try? regex.firstMatch(in: text)) ?? nil) != nil
    }

    /// What `by_regex` sorts by in `text`: the expanded template; else the
    /// text of each capturing group (empty for a group that took no part),
    /// or the whole match when there are none. nil when there is no match.
    func keyParts(of text: String) -> [[UInt8]]? {
        guard let found = (try? regex.firstMatch(in: text)) ?? nil else { return nil }
        let output = found.output
        if let template {
            return [expand(template, output)]
        }
        guard output.count > 1 else { return [bytes(output[0].substring)] }
        return (1..<output.count).map { bytes(output[$0].substring) }
    }

    /// `template` with `$$` as `$`, and `$N`, `${N}`, `$name`, `${name}` as
    /// the text of that group; a group that does not exist or took no part
    /// is empty, and a `$` that starts no reference stays as it is. As in
    /// Go, `$1x` names the group `1x`: use `${1}x`.
    private func expand(_ template: String, _ output: AnyRegexOutput) -> [UInt8] {
        let bytes = Array(template.utf8)
        var result: [UInt8] = []
        var index = 0
        func isNameByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39)
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "$"), index + 1 < bytes.count else {
                result.append(byte)
                index += 1
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "$") {
                result.append(byte)
                index += 2
                continue
            }
            let braced = bytes[index + 1] == UInt8(ascii: "{")
            var end = index + (braced ? 2 : 1)
            let nameStart = end
            while end < bytes.count && isNameByte(bytes[end]) { end += 1 }
            let name = Array(bytes[nameStart..<end])
            if name.isEmpty || (braced && (end == bytes.count || bytes[end] != UInt8(ascii: "}"))) {
                result.append(byte)
                index += 1
                continue
            }
            index = braced ? end + 1 : end
            result += groupText(named: String(decoding: name, as: UTF8.self), output)
        }
        return result
    }

    private func groupText(named name: String, _ output: AnyRegexOutput) -> [UInt8] {
        if name.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard let number = Int(name), number < output.count else { return [] }
            return bytes(output[number].substring)
        }
        for index in 0..<output.count where output[index].name == name {
            return bytes(output[index].substring)
        }
        return []
    }
}

/// What a group matched, as bytes; empty when it took no part.
private func bytes(_ text: Substring?) -> [UInt8] {
    text.map { Array($0.utf8) } ?? []
}
