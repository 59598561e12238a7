/// Whether bytes are UTF-8, for the readers that must refuse what is not:
/// TOML everywhere, and the comments of JSONC and YAML (a comment is text;
/// reorder moves it, and a reader that re-encodes it would change it).
enum UTF8Validation {
    /// The offset of the first byte in `range` of `source` that does not
    /// start a valid UTF-8 sequence (overlong forms and surrogates are
    /// invalid), or nil.
    static func firstInvalid(_ source: UnsafeRawBufferPointer, in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let end = range.upperBound
        guard let base = source.baseAddress else { return nil }
        while index < end {
            // ASCII, the most of most documents, 8 bytes at a time.
            while end - index >= 8,
                  base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < end else { break }
            let byte = source[index]
            if byte < 0x80 { index += 1; continue }
            var need = 0
            var value: UInt32
            var minimum: UInt32
            if byte & 0xE0 == 0xC0 {
                need = 1; value = UInt32(byte & 0x1F); minimum = 0x80
            } else if byte & 0xF0 == 0xE0 {
                need = 2; value = UInt32(byte & 0x0F); minimum = 0x800
            } else if byte & 0xF8 == 0xF0 {
                need = 3; value = UInt32(byte & 0x07); minimum = 0x10000
            } else {
                return index
            }
            guard index + need < end else { return index }
            for k in 1...need {
                let next = source[index + k]
                guard next & 0xC0 == 0x80 else { return index }
                value = value << 6 | UInt32(next & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return index }
            index += need + 1
        }
        return nil
    }
}
