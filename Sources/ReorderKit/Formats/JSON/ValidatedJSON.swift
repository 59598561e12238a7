/// Walking JSON text the scanner has already validated: finding where a
/// value ends and looking up members, without checking anything again.
/// Offsets are offsets into the source document.
enum ValidatedJSON {
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte <= 0x20 && (byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09)
    }

    /// The first offset at or after `position` that is not whitespace.
    @inline(__always)
    static func skipWhitespace(_ source: UnsafeRawBufferPointer, _ position: Int, _ end: Int) -> Int {
        var position = position
        while position < end && isWhitespace(source[position]) { position += 1 }
        return position
    }

    /// The kind of the value that starts with `byte`.
    static func kind(startingWith byte: UInt8) -> JSONKind {
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"): return .true
        case UInt8(ascii: "f"): return .false
        case UInt8(ascii: "n"): return .null
        default: return .number
        }
    }

    /// The offset just after the string whose opening quote is at `start`.
    static func stringEnd(_ source: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Int {
        var position = start + 1
        // Most strings (keys, names) end within a few words, where looking
        // at 8 bytes at a time costs less than a call.
        let near = min(end, position + 32)
        while position + 8 <= near {
            let word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let flags = zeroByteFlags(word ^ 0x2222_2222_2222_2222)
            if flags == 0 {
                position += 8
                continue
            }
            let quote = position + flags.trailingZeroBitCount / 8
            if !isEscaped(source, quote: quote, after: start) { return quote + 1 }
            position = quote + 1
        }
        while let quote = firstIndex(of: UInt8(ascii: "\""), in: source, from: position, to: end) {
            if !isEscaped(source, quote: quote, after: start) { return quote + 1 }
            position = quote + 1
        }
        return end
    }

    /// A quote is escaped when an odd number of backslashes precede it
    /// (after the string's opening quote at `start`).
    @inline(__always)
    private static func isEscaped(_ source: UnsafeRawBufferPointer, quote: Int, after start: Int) -> Bool {
        var backslashes = 0
        while quote - backslashes - 1 > start && source[quote - backslashes - 1] == UInt8(ascii: "\\") {
            backslashes += 1
        }
        return backslashes % 2 == 1
    }

    /// The offset just after the value that starts at `start`.
    static func valueEnd(_ source: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Int {
        switch source[start] {
        case UInt8(ascii: "\""):
            return stringEnd(source, start, end)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var position = start
            while position < end {
                switch source[position] {
                case UInt8(ascii: "\""):
                    position = stringEnd(source, position, end)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return position + 1 }
                default:
                    break
                }
                position += 1
            }
            return end
        case UInt8(ascii: "t"), UInt8(ascii: "n"):
            return start + 4
        case UInt8(ascii: "f"):
            return start + 5
        default:
            var position = start
            while position < end {
                switch source[position] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                     UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                    position += 1
                default:
                    return position
                }
            }
            return position
        }
    }

    /// Calls `body` with each element's range of the array at `range`, in
    /// order, until it returns false.
    static func forEachElement(
        _ source: UnsafeRawBufferPointer, array range: Range<Int>, _ body: (Range<Int>) -> Bool
    ) {
        let end = range.upperBound - 1
        var position = skipWhitespace(source, range.lowerBound + 1, end)
        while position < end {
            let valueEnd = valueEnd(source, position, end)
            if !body(position..<valueEnd) { return }
            position = skipWhitespace(source, valueEnd, end)
            if position < end && source[position] == UInt8(ascii: ",") {
                position = skipWhitespace(source, position + 1, end)
            }
        }
    }

    /// Calls `body` with each member's key range (quotes included) and value
    /// range of the object at `range`, in order, until it returns false.
    static func forEachMember(
        _ source: UnsafeRawBufferPointer, object range: Range<Int>, _ body: (Range<Int>, Range<Int>) -> Bool
    ) {
        let end = range.upperBound - 1
        var position = skipWhitespace(source, range.lowerBound + 1, end)
        while position < end {
            let keyEnd = stringEnd(source, position, end)
            var valueStart = skipWhitespace(source, keyEnd, end)
            valueStart = skipWhitespace(source, valueStart + 1, end)  // past ':'
            let valueEnd = valueEnd(source, valueStart, end)
            if !body(position..<keyEnd, valueStart..<valueEnd) { return }
            position = skipWhitespace(source, valueEnd, end)
            if position < end && source[position] == UInt8(ascii: ",") {
                position = skipWhitespace(source, position + 1, end)
            }
        }
    }

    /// The value at `tokens` inside the value at `range`, or nil. Where an
    /// object has a key more than once, the last one counts, as in
    /// JavaScript, Python and jq.
    static func value(
        _ source: UnsafeRawBufferPointer, in range: Range<Int>, at tokens: [String]
    ) -> JSONValueRef? {
        var current = range
        for token in tokens {
            var found: Range<Int>? = nil
            switch source[current.lowerBound] {
            case UInt8(ascii: "{"):
                var token = token
                token.withUTF8 { key in
                    // SAFETY: the token's UTF-8 storage, read only inside the withUTF8 closure.
                    let key = UnsafeRawBufferPointer(key)
                    forEachMember(source, object: current) { keyRange, valueRange in
                        if JSONText.string(source, keyRange, equals: key) { found = valueRange }
                        return true
                    }
                }
            case UInt8(ascii: "["):
                guard var remaining = JSONPointer.arrayIndex(token) else { return nil }
                forEachElement(source, array: current) { element in
                    if remaining == 0 {
                        found = element
                        return false
                    }
                    remaining -= 1
                    return true
                }
            default:
                return nil
            }
            guard let next = found else { return nil }
            current = next
        }
        return JSONValueRef(kind: kind(startingWith: source[current.lowerBound]), range: current)
    }
}
