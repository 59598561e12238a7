#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's memchr and memcmp are vectorised; the core uses them for
// searching and comparing bytes, and for nothing else (no I/O here).

@inline(__always)
func memoryEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ length: Int) -> Bool {
    memcmp(a, b, length) == 0
}

/// `memcmp`: negative, zero or positive as `a` sorts before, with or after
/// `b`, byte by byte as unsigned numbers.
@inline(__always)
func memoryCompare(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ length: Int) -> Int32 {
    memcmp(a, b, length)
}

/// Whether `needle` occurs in `buffer`: memchr for its first byte, memcmp
/// for the rest.
func contains(_ needle: [UInt8], in buffer: UnsafeRawBufferPointer) -> Bool {
    guard let first = needle.first else { return true }
    guard let base = buffer.baseAddress, buffer.count >= needle.count else { return false }
    let last = buffer.count - needle.count
    var at = 0
    // SAFETY: the bytes of `needle` are only read inside the closure, and no pointer to them leaves it.
    return needle.withUnsafeBytes { needleBytes in
        while at <= last, let found = firstIndex(of: first, in: buffer, from: at, to: last + 1) {
            if memoryEqual(base + found, needleBytes.baseAddress!, needle.count) { return true }
            at = found + 1
        }
        return false
    }
}

/// Eight bytes at a time: the bytes of `word` (little-endian) that are zero
/// have their high bit set in the result. The lowest byte flagged is the
/// first zero; higher flags may be false ones (a borrow), never missing.
@inline(__always)
func zeroByteFlags(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
}

/// The same for the bytes of `word` below `limit` (at most 0x80).
@inline(__always)
func byteBelowFlags(_ word: UInt64, _ limit: UInt8) -> UInt64 {
    (word &- UInt64(limit) &* 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
}

/// The zero bytes of `word` exactly: the high bit of each byte that is
/// zero, and no other bit (no borrow crosses bytes), so that the highest
/// flag is the last zero byte.
@inline(__always)
func exactZeroByteFlags(_ word: UInt64) -> UInt64 {
    ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word | 0x7F7F_7F7F_7F7F_7F7F)
}

/// The last offset of `byte` in `start ..< end`, or nil, 8 bytes at a time
/// back from `end` (a line's start, looked for back from an item).
@inline(__always)
func lastIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
    guard start < end, let base = buffer.baseAddress else { return nil }
    let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
    var position = end
    while position - start >= 8 {
        position -= 8
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self)) ^ pattern
        let flags = exactZeroByteFlags(word)
        if flags != 0 { return position + (63 - flags.leadingZeroBitCount) / 8 }
    }
    while position > start {
        position -= 1
        if base.load(fromByteOffset: position, as: UInt8.self) == byte { return position }
    }
    return nil
}

/// The first offset of `byte` in `start ..< end`; a short range (a key, a
/// name) is looked at in a loop, which costs less than the call.
@inline(__always)
func firstIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
    guard start < end, let base = buffer.baseAddress else { return nil }
    let length = end - start
    if length < 8 {
        var position = start
        while position < end {
            if base.load(fromByteOffset: position, as: UInt8.self) == byte { return position }
            position += 1
        }
        return nil
    }
    if length <= 32 {
        // 8 bytes at a time, the last word overlapping the one before.
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        var position = start
        while true {
            if position > end - 8 { position = end - 8 }
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self)) ^ pattern
            let flags = zeroByteFlags(word)
            if flags != 0 { return position + flags.trailingZeroBitCount / 8 }
            if position == end - 8 { return nil }
            position += 8
        }
    }
    guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
    // SAFETY: memchr returned a pointer inside `base + start ..< base + end`.
    return UnsafeRawPointer(found) - base
}

/// Copies `count` bytes from `source` to `target` (which do not overlap)
/// inline when they are few, with loads and stores that may overlap each
/// other within the range (two of 16 bytes for 16 to 32 bytes, and so on):
/// a line or a member is most of what the writer copies, and a call to
/// `memcpy` for each costs more than the copy.
@inline(__always)
func copyBytes(_ target: UnsafeMutableRawPointer, _ source: UnsafeRawPointer, _ count: Int) {
    switch count {
    case 0: return
    case 1..<4:
        target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
        target.storeBytes(of: source.load(fromByteOffset: count / 2, as: UInt8.self), toByteOffset: count / 2, as: UInt8.self)
        target.storeBytes(of: source.load(fromByteOffset: count - 1, as: UInt8.self), toByteOffset: count - 1, as: UInt8.self)
    case 4..<8:
        let first = source.loadUnaligned(as: UInt32.self), last = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        target.storeBytes(of: first, as: UInt32.self)
        target.storeBytes(of: last, toByteOffset: count - 4, as: UInt32.self)
    case 8..<16:
        let first = source.loadUnaligned(as: UInt64.self), last = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        target.storeBytes(of: first, as: UInt64.self)
        target.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
    case 16...32:
        let first = source.loadUnaligned(as: SIMD16<UInt8>.self)
        let last = source.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self)
        target.storeBytes(of: first, as: SIMD16<UInt8>.self)
        target.storeBytes(of: last, toByteOffset: count - 16, as: SIMD16<UInt8>.self)
    case 33...64:
        let a = source.loadUnaligned(as: SIMD16<UInt8>.self)
        let b = source.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
        let c = source.loadUnaligned(fromByteOffset: count - 32, as: SIMD16<UInt8>.self)
        let d = source.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self)
        target.storeBytes(of: a, as: SIMD16<UInt8>.self)
        target.storeBytes(of: b, toByteOffset: 16, as: SIMD16<UInt8>.self)
        target.storeBytes(of: c, toByteOffset: count - 32, as: SIMD16<UInt8>.self)
        target.storeBytes(of: d, toByteOffset: count - 16, as: SIMD16<UInt8>.self)
    default:
        target.copyMemory(from: source, byteCount: count)
    }
}

/// A growable array of offsets for lists of millions of items (a file's
/// lines, a CSV file's rows).
typealias OffsetTable = TrivialTable<Int>

/// A growable array of trivial values (offsets, a YAML document's lines)
/// for lists of millions of items: one allocation, advised to use huge
/// pages when large, so that filling it costs dozens of page faults rather
/// than tens of thousands; read as a collection once filled.
final class TrivialTable<Element>: RandomAccessCollection {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        precondition(_isPOD(Element.self), "a TrivialTable holds trivial values only")
        self.capacity = Swift.max(capacity, 16)
        // SAFETY: freed in deinit (or by grow); elements are written only below `count`, which stays at most `capacity`.
        base = TrivialTable.allocate(self.capacity)
    }

    deinit { free(base) }

    @inline(__always)
    func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends `other`'s elements, in one copy.
    func append(contentsOf other: TrivialTable) {
        if count + other.count > capacity { grow(toHold: count + other.count) }
        (base + count).initialize(from: other.base, count: other.count)
        count += other.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    var indices: Range<Int> { 0..<count }

    @inline(__always)
    subscript(index: Int) -> Element { base[index] }

    /// Doubles the capacity until it holds `needed` elements.
    private func grow(toHold needed: Int = 0) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        // SAFETY: the old block is moved here and freed; the new one holds `newCapacity` >= needed elements.
        let bigger = TrivialTable.allocate(newCapacity)
        bigger.moveInitialize(from: base, count: count)
        free(base)
        base = bigger
        capacity = newCapacity
    }

    private static func allocate(_ count: Int) -> UnsafeMutablePointer<Element> {
        // SAFETY: fresh memory of count * stride bytes, aligned by malloc or posix_memalign, bound once to Element.
        allocateLarge(byteCount: count * MemoryLayout<Element>.stride).bindMemory(to: Element.self, capacity: count)
    }
}

/// Memory for `byteCount` bytes, freed with `free`: when large, aligned to
/// and advised to use huge pages, so that filling it costs a page fault per
/// 2 MiB rather than per 4 KiB (above 32 MiB the heap would map it in small
/// pages of its own).
func allocateLarge(byteCount bytes: Int) -> UnsafeMutableRawPointer {
    let hugePage = 2 << 20
    var raw: UnsafeMutableRawPointer? = nil
    if bytes >= 2 * hugePage {
        guard posix_memalign(&raw, hugePage, bytes) == 0, let raw else { fatalError("out of memory") }
        #if os(Linux)
        _ = madvise(raw, bytes, 14 /* MADV_HUGEPAGE */)
        #endif
        return raw
    }
    guard let small = malloc(Swift.max(bytes, 1)) else { fatalError("out of memory") }
    return small
}

/// Frees what `allocateLarge` gave.
func freeLarge(_ memory: UnsafeMutableRawPointer) { free(memory) }

/// The line break a document writes: CR LF when its first line ends so,
/// else LF (also for a document of one line). New lines take it.
func documentLineBreak(_ source: UnsafeRawBufferPointer) -> [UInt8] {
    guard let newline = firstIndex(of: 0x0A, in: source, from: 0, to: source.count) else { return [0x0A] }
    return newline > 0 && source[newline - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
}
