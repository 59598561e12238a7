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

/// The offset of the first `byte` in `buffer[start..<end]`, or nil.
@inline(__always)
func firstIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
    guard start < end, let base = buffer.baseAddress else { return nil }
    guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
    return UnsafeRawPointer(found) - base
}
