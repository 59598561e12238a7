/// Byte order, as `LC_ALL=C sort` has it: bytes compare as unsigned
/// numbers, and a text that is a prefix of another comes first.
enum ByteOrder {
    /// Negative, zero or positive as `a` sorts before, with, or after `b`.
    /// With `foldingCase`, ASCII `a`…`z` compare as `A`…`Z` (as `sort -f`
    /// folds: so `_` sorts after letters, as it does after `Z`).
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, foldingCase: Bool) -> Int {
        let common = min(a.count, b.count)
        if foldingCase {
            for offset in 0..<common {
                let x = upper(a[offset]), y = upper(b[offset])
                if x != y { return x < y ? -1 : 1 }
            }
        } else if common > 0 {
            let order = memoryCompare(a.baseAddress!, b.baseAddress!, common)
            if order != 0 { return order < 0 ? -1 : 1 }
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// The first eight bytes of `bytes` as a big-endian number, zero-padded
    /// (folded with `foldingCase`). Where two prefixes differ, they order
    /// the two texts as `compare` does: the zero pad puts a text before any
    /// longer one it begins, as a prefix should be.
    static func prefix(_ bytes: UnsafeRawBufferPointer, foldingCase: Bool) -> UInt64 {
        var value: UInt64 = 0
        for offset in 0..<8 {
            var byte: UInt8 = offset < bytes.count ? bytes[offset] : 0
            if foldingCase { byte = upper(byte) }
            value = value << 8 | UInt64(byte)
        }
        return value
    }

    @inline(__always)
    static func upper(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte
    }
}

/// Bytes a value or a sort key holds: a stretch of the source document,
/// which is not copied, or bytes of its own (a decoded JSON string with
/// escapes).
public enum KeyBytes: Equatable, Sendable {
    case source(Range<Int>)
    case owned([UInt8])

    /// The bytes as a copy of their own.
    public func owned(in source: UnsafeRawBufferPointer) -> KeyBytes {
        switch self {
        case .source(let range): return .owned(Array(source[range]))
        case .owned: return self
        }
    }

    public func withBytes<R>(in source: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        switch self {
        // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
        case .source(let range): return body(UnsafeRawBufferPointer(rebasing: source[range]))
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        case .owned(let bytes): return bytes.withUnsafeBytes(body)
        }
    }
}
