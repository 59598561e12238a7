/// Where `reorder` writes standard output and standard error: a file
/// descriptor, or memory (in-process tests).
public protocol ByteSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
    /// Writes `slices` in order, in one gathering write where it can.
    func write(gathered slices: UnsafeBufferPointer<UnsafeRawBufferPointer>) throws
    func flush() throws
}

extension ByteSink {
    public func write(gathered slices: UnsafeBufferPointer<UnsafeRawBufferPointer>) throws {
        for slice in slices { try write(slice) }
    }

    public func write(_ text: String) throws {
        var text = text
        // SAFETY: the UTF-8 bytes are valid for the closure, and write(_:) copies or writes them before returning.
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }
}

/// Buffers small writes; large chunks (a stretch of the source) go straight
/// to the descriptor.
public final class FileDescriptorSink: ByteSink {
    let fd: Int32
    let path: String?
    private var buffer: UnsafeMutableRawBufferPointer
    private var used = 0

    public init(fd: Int32, path: String? = nil) {
        self.fd = fd
        self.path = path
        // SAFETY: owned by this sink alone, freed in deinit.
        buffer = .allocate(byteCount: 65_536, alignment: 16)
    }

    deinit { buffer.deallocate() }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        if used + bytes.count > buffer.count { try flush() }
        if bytes.count >= buffer.count / 2 {
            try System.writeAll(fd, bytes, path: path)
            return
        }
        guard bytes.count > 0 else { return }
        // SAFETY: flushed above when it would not fit: used + bytes.count <= buffer.count; bytes is not empty.
        (buffer.baseAddress! + used).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        used += bytes.count
    }

    /// What was buffered, then `slices`, in one `writev` (or a few, when
    /// the descriptor takes part of it).
    public func write(gathered slices: UnsafeBufferPointer<UnsafeRawBufferPointer>) throws {
        try flush()
        try System.writeAll(fd, gathered: slices, path: path)
    }

    public func flush() throws {
        guard used > 0 else { return }
        let pending = used
        used = 0
        // SAFETY: the first `pending` bytes were written by write(_:), within the buffer.
        try System.writeAll(fd, UnsafeRawBufferPointer(rebasing: buffer[0..<pending]), path: path)
    }
}

/// Collects what is written (tests).
public final class MemorySink: ByteSink {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }
    public func flush() throws {}

    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
