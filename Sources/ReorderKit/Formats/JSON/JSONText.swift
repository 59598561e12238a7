/// JSON strings: decoding a string's source text to its value, and encoding
/// a value as a JSON string.
public enum JSONText {
    /// The value of the JSON string at `range` of `source` (quotes included,
    /// already validated), as UTF-8. Escapes are decoded; a `\u` surrogate
    /// pair becomes one character.
    public static func decodeString(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> [UInt8] {
        let bodyStart = range.lowerBound + 1
        let bodyEnd = range.upperBound - 1
        guard bodyStart <= bodyEnd else { return [] }
        // Most strings have no escape: their value is their body.
        guard let firstEscape = firstIndex(of: UInt8(ascii: "\\"), in: source, from: bodyStart, to: bodyEnd) else {
            return Array(source[bodyStart..<bodyEnd])
        }
        var result: [UInt8] = []
        result.reserveCapacity(bodyEnd - bodyStart)
        result.append(contentsOf: source[bodyStart..<firstEscape])
        var position = firstEscape
        while position < bodyEnd {
            let byte = source[position]
            guard byte == UInt8(ascii: "\\"), position + 1 < bodyEnd else {
                result.append(byte)
                position += 1
                continue
            }
            let escape = source[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hexUnit(source, position, bodyEnd) else {
                    result.append(contentsOf: [UInt8(ascii: "\\"), escape])
                    continue
                }
                position += 4
                var scalar = UInt32(unit)
                if (0xD800..<0xDC00).contains(unit) {
                    if position + 6 <= bodyEnd, source[position] == UInt8(ascii: "\\"),
                       source[position + 1] == UInt8(ascii: "u"),
                       let low = hexUnit(source, position + 2, bodyEnd), (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        position += 6
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00..<0xE000).contains(unit) {
                    scalar = 0xFFFD
                }
                appendUTF8(scalar, to: &result)
            default:
                // `"`, `\` and `/` stand for themselves.
                result.append(escape)
            }
        }
        return result
    }

    /// `value` (UTF-8) as a JSON string, quotes included: `"` and `\` are
    /// escaped, control characters use their short escapes (`\n`, `\t`, …)
    /// or `\u00XX`; everything else, non-ASCII included, is kept as it is.
    /// Nil when `value` is not valid UTF-8.
    public static func encodeString(_ value: [UInt8]) -> [UInt8]? {
        guard String(validating: value, as: UTF8.self) != nil else { return nil }
        var result: [UInt8] = [UInt8(ascii: "\"")]
        result.reserveCapacity(value.count + 2)
        let hex = Array("0123456789abcdef".utf8)
        for byte in value {
            switch byte {
            case UInt8(ascii: "\""): result += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): result += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: result += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: result += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: result += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: result += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: result += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00..<0x20:
                result += Array("\\u00".utf8)
                result += [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: result.append(byte)
            }
        }
        result.append(UInt8(ascii: "\""))
        return result
    }

    /// True when the JSON string at `range` (quotes included, validated)
    /// has the value `expected` (UTF-8). Compares the source bytes directly
    /// when the string has no escape.
    static func string(_ source: UnsafeRawBufferPointer, _ range: Range<Int>, equals expected: [UInt8]) -> Bool {
        // SAFETY: the bytes of `expected` are only read inside the closure, and no pointer to them leaves it.
        expected.withUnsafeBytes { string(source, range, equals: $0) }
    }

    /// The same for bytes of the caller's: an escape only shortens a
    /// string, so a body shorter than `expected` never equals it, one of
    /// its length equals it only byte for byte and without an escape, and
    /// only a longer one with an escape is decoded.
    static func string(
        _ source: UnsafeRawBufferPointer, _ range: Range<Int>, equals expected: UnsafeRawBufferPointer
    ) -> Bool {
        let bodyStart = range.lowerBound + 1
        let bodyEnd = range.upperBound - 1
        let length = bodyEnd - bodyStart
        if length < expected.count { return false }
        // A first byte that is no escape and differs settles most keys.
        if length > 0, expected.count > 0, source[bodyStart] != UInt8(ascii: "\\"), source[bodyStart] != expected[0] {
            return false
        }
        if length == expected.count {
            return bytesEqual(expected, 0, source, bodyStart, length)
                && firstIndex(of: UInt8(ascii: "\\"), in: source, from: bodyStart, to: bodyEnd) == nil
        }
        guard firstIndex(of: UInt8(ascii: "\\"), in: source, from: bodyStart, to: bodyEnd) != nil else { return false }
        // SAFETY: the bytes of `decodeString(source, range)` are only read inside the closure, and no pointer to them leaves it.
        return decodeString(source, range).withUnsafeBytes { decoded in
            decoded.count == expected.count && bytesEqual(decoded, 0, expected, 0, decoded.count)
        }
    }

    private static func hexUnit(_ source: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> UInt16? {
        guard start + 4 <= end else { return nil }
        var unit: UInt16 = 0
        for index in start..<start + 4 {
            guard let digit = hexValue(source[index]) else { return nil }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func appendUTF8(_ scalar: UInt32, to result: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            result.append(UInt8(scalar))
        case 0x80..<0x800:
            result += [UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F)]
        case 0x800..<0x10000:
            result += [UInt8(0xE0 | scalar >> 12), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F)]
        default:
            result += [UInt8(0xF0 | scalar >> 18), UInt8(0x80 | scalar >> 12 & 0x3F),
                       UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F)]
        }
    }
}
