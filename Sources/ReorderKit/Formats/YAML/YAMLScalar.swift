/// Reading scalars for comparison (selectors, sort, pointer keys): the text
/// a scalar stands for, as a YAML loader reads it. Never written back.
enum YAMLScalar {
    /// The value of the flow scalar `range` (plain, single- or
    /// double-quoted): quotes removed, escapes decoded, lines folded.
    static func decode(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> [UInt8] {
        guard !range.isEmpty else { return [] }
        let first = source[range.lowerBound]
        let last = source[range.upperBound - 1]
        if (first == UInt8(ascii: "'") || first == UInt8(ascii: "\"")) && last == first && range.count >= 2 {
            let inner = range.lowerBound + 1..<range.upperBound - 1
            return quoted(source, inner, double: first == UInt8(ascii: "\"")) ?? Array(source[inner])
        }
        return plain(source, range)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// From a line break at `start` (LF or CR LF) inside a flow scalar: the
    /// offset after the run of line breaks and blanks that follows, and how
    /// many line breaks it holds.
    private static func breaks(_ source: UnsafeRawBufferPointer, from start: Int, _ end: Int) -> (next: Int, count: Int) {
        var p = start
        var count = 0
        while p < end {
            let byte = source[p]
            if byte == 0x0A {
                count += 1
                p += 1
            } else if byte == 0x0D || isBlank(byte) {
                p += 1
            } else {
                break
            }
        }
        return (p, count)
    }

    /// A folded line break: one becomes a space, more become all but one.
    private static func fold(_ count: Int, into out: inout [UInt8]) {
        if count == 1 { out.append(0x20) } else { out.append(contentsOf: repeatElement(UInt8(0x0A), count: count - 1)) }
    }

    /// A plain scalar: its lines folded, each without its blanks around it.
    static func plain(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> [UInt8] {
        // Most plain scalars are one line without a comment or blanks at
        // the end: their value is their bytes.
        var simple = !range.isEmpty && !isBlank(source[range.upperBound - 1])
        if simple {
            for byte in source[range] where byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "#") {
                simple = false
                break
            }
        }
        if simple { return Array(source[range]) }
        var out: [UInt8] = []
        var p = range.lowerBound
        while p < range.upperBound {
            let byte = source[p]
            if byte == 0x0A || byte == 0x0D {
                while let last = out.last, isBlank(last) { out.removeLast() }
                let (next, count) = breaks(source, from: p, range.upperBound)
                if next >= range.upperBound { break }
                fold(count, into: &out)
                p = next
                continue
            }
            if byte == UInt8(ascii: "#") && p > range.lowerBound && (isBlank(source[p - 1]) || source[p - 1] == 0x0A) { break }
            out.append(byte)
            p += 1
        }
        while let last = out.last, isBlank(last) { out.removeLast() }
        return out
    }

    /// A quoted scalar's body `inner`: escapes (`''`, or a double-quoted
    /// string's) decoded and lines folded; nil when an escape is invalid.
    static func quoted(_ source: UnsafeRawBufferPointer, _ inner: Range<Int>, double: Bool) -> [UInt8]? {
        var out: [UInt8] = []
        // Blanks before this offset of `out` came from escapes: kept.
        var kept = 0
        var p = inner.lowerBound
        let end = inner.upperBound
        while p < end {
            let byte = source[p]
            if byte == 0x0A || byte == 0x0D {
                while out.count > kept, let last = out.last, isBlank(last) { out.removeLast() }
                let (next, count) = breaks(source, from: p, end)
                fold(count, into: &out)
                kept = out.count
                p = next
                continue
            }
            if !double {
                out.append(byte)
                p += byte == UInt8(ascii: "'") && p + 1 < end && source[p + 1] == byte ? 2 : 1
                continue
            }
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                p += 1
                continue
            }
            guard p + 1 < end else { return nil }
            let escape = source[p + 1]
            p += 2
            switch escape {
            case 0x0A, 0x0D:
                // An escaped line break: the lines join; empty lines after
                // it stay line breaks.
                let (next, count) = breaks(source, from: p - 1, end)
                out.append(contentsOf: repeatElement(UInt8(0x0A), count: max(count - 1, 0)))
                p = next
            case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                let digits = escape == UInt8(ascii: "x") ? 2 : escape == UInt8(ascii: "u") ? 4 : 8
                guard p + digits <= end else { return nil }
                var value: UInt32 = 0
                for q in p..<p + digits {
                    guard let digit = JSONText.hexValue(source[q]) else { return nil }
                    value = value << 4 | UInt32(digit)
                }
                p += digits
                // A UTF-16 surrogate pair written as two `\u` escapes.
                if (0xD800..<0xDC00).contains(value), p + 6 <= end, source[p] == UInt8(ascii: "\\"), source[p + 1] == UInt8(ascii: "u") {
                    var low: UInt32 = 0
                    var valid = true
                    for q in p + 2..<p + 6 {
                        guard let digit = JSONText.hexValue(source[q]) else { valid = false; break }
                        low = low << 4 | UInt32(digit)
                    }
                    if valid && (0xDC00..<0xE000).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        p += 6
                    }
                }
                guard let scalar = Unicode.Scalar(value) else { return nil }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                let simple: [UInt8: [UInt8]] = [
                    UInt8(ascii: "0"): [0], UInt8(ascii: "a"): [7], UInt8(ascii: "b"): [8], UInt8(ascii: "t"): [9], 0x09: [9],
                    UInt8(ascii: "n"): [0x0A], UInt8(ascii: "v"): [0x0B], UInt8(ascii: "f"): [0x0C], UInt8(ascii: "r"): [0x0D],
                    UInt8(ascii: "e"): [0x1B], 0x20: [0x20], UInt8(ascii: "\""): [0x22], UInt8(ascii: "/"): [0x2F],
                    UInt8(ascii: "\\"): [0x5C], UInt8(ascii: "N"): [0xC2, 0x85], UInt8(ascii: "_"): [0xC2, 0xA0],
                    UInt8(ascii: "L"): [0xE2, 0x80, 0xA8], UInt8(ascii: "P"): [0xE2, 0x80, 0xA9],
                ]
                guard let bytes = simple[escape] else { return nil }
                out.append(contentsOf: bytes)
            }
            kept = out.count
        }
        return out
    }

    /// The value of the block scalar whose header (`|`, `>`) starts
    /// `range`, which ends at its last line with content: `owner` is the
    /// column of the entry or key it belongs to, `lineBreakAfter` whether
    /// a line break follows that line. As PyYAML reads it.
    static func block(_ source: UnsafeRawBufferPointer, _ range: Range<Int>, owner: Int, lineBreakAfter: Bool) -> [UInt8] {
        let folded = source[range.lowerBound] == UInt8(ascii: ">")
        var p = range.lowerBound + 1
        var chomping: UInt8 = 0
        var indicator = 0
        while p < range.upperBound, source[p] != 0x20, source[p] != 0x09, source[p] != 0x0A, source[p] != 0x0D {
            if (0x31...0x39).contains(source[p]) { indicator = Int(source[p] - 0x30) } else { chomping = source[p] }
            p += 1
        }
        while p < range.upperBound && source[p] != 0x0A { p += 1 }
        // The body's lines, without their line breaks.
        var lines: [ArraySlice<UInt8>] = []
        if p < range.upperBound {
            let body = Array(source[(p + 1)..<range.upperBound])
            lines = body.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
                line.last == 0x0D ? line.dropLast() : line
            }
        }
        func spaces(_ line: ArraySlice<UInt8>) -> Int { line.prefix { $0 == 0x20 }.count }
        func isAllSpaces(_ line: ArraySlice<UInt8>) -> Bool { line.allSatisfy { $0 == 0x20 } }
        var indent: Int
        if indicator > 0 {
            indent = owner + indicator
        } else {
            indent = owner + 1
            for line in lines {
                indent = max(indent, spaces(line))
                if !isAllSpaces(line) { break }
            }
        }
        func isEmpty(_ line: ArraySlice<UInt8>) -> Bool { isAllSpaces(line) && line.count <= indent }
        func isContent(_ line: ArraySlice<UInt8>) -> Bool { spaces(line) >= indent && line.count > indent }
        var out: [UInt8] = []
        var index = 0
        var breaks = 0
        while index < lines.count && isEmpty(lines[index]) { breaks += 1; index += 1 }
        var lineBreak = false
        while index < lines.count && isContent(lines[index]) {
            out.append(contentsOf: repeatElement(UInt8(0x0A), count: breaks))
            let text = lines[index].dropFirst(indent)
            let leadingNonSpace = !isBlank(text.first ?? 0x20)
            out.append(contentsOf: text)
            lineBreak = index + 1 < lines.count || lineBreakAfter
            index += 1
            breaks = 0
            while index < lines.count && isEmpty(lines[index]) { breaks += 1; index += 1 }
            guard index < lines.count && isContent(lines[index]) else { break }
            if folded && lineBreak && leadingNonSpace && !isBlank(lines[index].dropFirst(indent).first ?? 0x20) {
                if breaks == 0 { out.append(0x20) }
            } else if lineBreak {
                out.append(0x0A)
            }
        }
        if chomping != UInt8(ascii: "-") && lineBreak { out.append(0x0A) }
        if chomping == UInt8(ascii: "+") { out.append(contentsOf: repeatElement(UInt8(0x0A), count: breaks)) }
        return out
    }
}
