/// XXH64 (Yann Collet's xxHash, 64-bit): a fast hash of bytes, not against
/// an adversary, against an accident. `check`'s cache keys each file's
/// content on it; the published test vectors pin it (`XXHash64Tests`).
public enum XXHash64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    @inline(__always) private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }

    @inline(__always) private static func round(_ acc: UInt64, _ input: UInt64) -> UInt64 {
        rotl(acc &+ input &* prime2, 31) &* prime1
    }

    @inline(__always) private static func merge(_ acc: UInt64, _ value: UInt64) -> UInt64 {
        (acc ^ round(0, value)) &* prime1 &+ prime4
    }

    /// The hash of `bytes` with `seed`.
    public static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        var index = 0
        var h: UInt64
        if count >= 32 {
            var v1 = seed &+ prime1 &+ prime2
            var v2 = seed &+ prime2
            var v3 = seed
            var v4 = seed &- prime1
            while index + 32 <= count {
                v1 = round(v1, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                v2 = round(v2, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)))
                v3 = round(v3, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)))
                v4 = round(v4, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)))
                index += 32
            }
            h = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
            h = merge(h, v1)
            h = merge(h, v2)
            h = merge(h, v3)
            h = merge(h, v4)
        } else {
            h = seed &+ prime5
        }
        h = h &+ UInt64(count)
        while index + 8 <= count {
            let k = round(0, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            h = rotl(h ^ k, 27) &* prime1 &+ prime4
            index += 8
        }
        if index + 4 <= count {
            let k = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self)))
            h = rotl(h ^ (k &* prime1), 23) &* prime2 &+ prime3
            index += 4
        }
        while index < count {
            h = rotl(h ^ (UInt64(bytes[index]) &* prime5), 11) &* prime1
            index += 1
        }
        h ^= h >> 33
        h = h &* prime2
        h ^= h >> 29
        h = h &* prime3
        h ^= h >> 32
        return h
    }

    /// The hash of `bytes` with `seed`.
    public static func hash(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        bytes.withUnsafeBytes { hash($0, seed: seed) }
    }
}
