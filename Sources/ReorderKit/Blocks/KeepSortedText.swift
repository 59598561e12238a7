// Byte-level versions of the string functions keep-sorted's rules are
// written with (Go's `unicode.IsSpace`, `strings.TrimLeftFunc`,
// `strings.ToLower`, `strings.Contains`). Text is UTF-8 where it matters;
// other bytes are compared as they are.

/// The length in bytes of the white space character at `index` of `bytes`
/// (Go's `unicode.IsSpace`: ASCII blanks and line breaks, U+0085, U+00A0,
/// U+1680, U+2000…U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), or 0.
@inline(__always)
func spaceLength<C: RandomAccessCollection>(_ bytes: C, at index: C.Index) -> Int where C.Element == UInt8 {
    let byte = bytes[index]
    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return 1 }
    guard byte >= 0xC2 else { return 0 }
    func at(_ offset: Int) -> UInt8? {
        let position = bytes.index(index, offsetBy: offset, limitedBy: bytes.endIndex)
        guard let position, position < bytes.endIndex else { return nil }
        return bytes[position]
    }
    switch byte {
    case 0xC2:
        if let next = at(1), next == 0x85 || next == 0xA0 { return 2 }
    case 0xE1:
        if at(1) == 0x9A && at(2) == 0x80 { return 3 }
    case 0xE2:
        if at(1) == 0x80, let third = at(2), third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF { return 3 }
        if at(1) == 0x81 && at(2) == 0x9F { return 3 }
    case 0xE3:
        if at(1) == 0x80 && at(2) == 0x80 { return 3 }
    default:
        break
    }
    return 0
}

/// `bytes` without the white space it starts with.
func trimmedSpaces(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var index = bytes.startIndex
    while index < bytes.endIndex {
        let length = spaceLength(bytes, at: index)
        if length == 0 { break }
        index += length
    }
    return bytes[index...]
}

/// How many white space characters (not bytes) `bytes` starts with, and
/// whether anything else follows them.
func indentation(_ bytes: [UInt8]) -> (characters: Int, hasText: Bool) {
    var index = 0, characters = 0
    while index < bytes.count {
        let length = spaceLength(bytes, at: index)
        if length == 0 { return (characters, true) }
        index += length
        characters += 1
    }
    return (characters, false)
}

/// True when `bytes` is empty or only white space.
func isBlank(_ bytes: [UInt8]) -> Bool { !indentation(bytes).hasText }

/// Go's `\w` in RE2: an ASCII letter, digit or underscore.
@inline(__always)
func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
}

/// `bytes` in lower case: ASCII letters directly, other text as Unicode
/// lower-cases it (Go's `strings.ToLower`).
func lowercased(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    if bytes.allSatisfy({ $0 < 0x80 }) {
        return bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }
    return Array(String(decoding: bytes, as: UTF8.self).lowercased().utf8)
}

/// True when `needle` occurs in `haystack` (`needle` not empty).
func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    // SAFETY: the bytes of `haystack` are only read inside the closure, and no pointer to them leaves it.
    haystack.withUnsafeBytes { firstOffset(of: needle, in: $0, from: 0, to: $0.count) != nil }
}

/// The offset of the first `needle` in `haystack[start..<end]`, or nil:
/// `memchr` finds each candidate first byte, `memcmp` checks the rest.
func firstOffset(of needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
    guard let first = needle.first, end - start >= needle.count else { return nil }
    // SAFETY: the bytes of `needle` are only read inside the closure, and no pointer to them leaves it.
    return needle.withUnsafeBytes { pattern in
        var position = start
        let lastStart = end - needle.count
        while position <= lastStart,
              let found = firstIndex(of: first, in: haystack, from: position, to: lastStart + 1) {
            if memoryEqual(haystack.baseAddress! + found, pattern.baseAddress!, needle.count) { return found }
            position = found + 1
        }
        return nil
    }
}
