extension AnchorsAndAliases {
    /// The anchors (`&name`, with the rest of their line) and the aliases
    /// (`*name`) a YAML text holds, found as a reader of the text sees
    /// them, outside comments; a `&` or `*` inside a quoted scalar may be
    /// counted too, which only makes a move refused that could have been
    /// made.
    @Sendable static func yaml(_ bytes: UnsafeRawBufferPointer) -> AnchorsAndAliases {
        var names = AnchorsAndAliases()
        var index = 0
        let count = bytes.count
        func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        func ends(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || isBreak(byte) || byte == 0x2C || byte == 0x5B || byte == 0x5D || byte == 0x7B || byte == 0x7D
        }
        while index < count {
            let byte = bytes[index]
            let previous: UInt8 = index == 0 ? 0x0A : bytes[index - 1]
            let standsApart = previous == 0x20 || previous == 0x09 || isBreak(previous) || previous == 0x2C
                || previous == 0x5B || previous == 0x7B
            if byte == UInt8(ascii: "#") && standsApart {
                while index < count && !isBreak(bytes[index]) { index += 1 }
                continue
            }
            if (byte == UInt8(ascii: "&") || byte == UInt8(ascii: "*")) && standsApart {
                var end = index + 1
                while end < count && !ends(bytes[end]) { end += 1 }
                let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                if !name.isEmpty {
                    if byte == UInt8(ascii: "&") {
                        // The anchored node's text: the rest of its line and
                        // the lines after it indented deeper than that line.
                        var lineStart = index
                        while lineStart > 0 && !isBreak(bytes[lineStart - 1]) { lineStart -= 1 }
                        var indent = 0
                        while lineStart + indent < count && bytes[lineStart + indent] == 0x20 { indent += 1 }
                        var nodeEnd = end
                        while nodeEnd < count && !isBreak(bytes[nodeEnd]) { nodeEnd += 1 }
                        while nodeEnd < count {
                            var next = nodeEnd
                            while next < count && isBreak(bytes[next]) { next += 1 }
                            var spaces = 0
                            while next + spaces < count && bytes[next + spaces] == 0x20 { spaces += 1 }
                            guard next + spaces < count, spaces > indent || isBreak(bytes[next + spaces]) else { break }
                            nodeEnd = next + spaces
                            while nodeEnd < count && !isBreak(bytes[nodeEnd]) { nodeEnd += 1 }
                        }
                        names.anchors[name] = Array(bytes[end..<nodeEnd])
                    } else {
                        names.aliases.insert(name)
                    }
                }
                index = end
                continue
            }
            index += 1
        }
        return names
    }
}
