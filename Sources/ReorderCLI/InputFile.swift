#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An input's bytes: a regular file is mapped, not copied (a 1 GB file costs
/// page-cache pages, not a second gigabyte); a pipe or terminal is read.
final class InputBytes {
    let bytes: UnsafeRawBufferPointer
    private let release: () -> Void

    private init(bytes: UnsafeRawBufferPointer, release: @escaping () -> Void) {
        self.bytes = bytes
        self.release = release
    }

    deinit { release() }

    /// Whether `path` names a regular file (after symlinks): one that can
    /// be read ahead of time, as a pipe cannot without taking its bytes.
    static func isRegularFile(_ path: String) -> Bool { regularFileSize(path) != nil }

    /// The size of `path` when it is a regular file (not `-`), else nil.
    static func regularFileSize(_ path: String) -> Int? {
        guard path != "-" else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The bytes of the file `path`; symlinks are followed.
    static func read(path: String) throws -> InputBytes {
        let fd = try System.open(path, O_RDONLY)
        defer { System.close(fd) }
        return try read(fd: fd, path: path)
    }

    /// The bytes readable from `fd`, which stays open.
    static func read(fd: Int32, path: String?) throws -> InputBytes {
        let info = try System.status(of: fd, path: path)
        let isRegular = (info.st_mode & S_IFMT) == S_IFREG
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw SystemError(code: EISDIR, operation: "read", path: path)
        }
        if isRegular && info.st_size > 0 {
            let length = Int(info.st_size)
            if let address = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), address != MAP_FAILED {
                _ = madvise(address, length, MADV_SEQUENTIAL)
                return InputBytes(bytes: UnsafeRawBufferPointer(start: address, count: length)) {
                    munmap(address, length)
                }
            }
        }
        let buffer = try System.readAll(fd, sizeHint: isRegular ? Int(info.st_size) : 0, path: path)
        return InputBytes(bytes: UnsafeRawBufferPointer(buffer)) { buffer.deallocate() }
    }

    /// Bytes held in memory (tests, and standard input given as bytes).
    static func copying(_ array: [UInt8]) -> InputBytes {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(array.count, 1), alignment: 16)
        buffer.copyBytes(from: array)
        return InputBytes(bytes: UnsafeRawBufferPointer(rebasing: buffer[0..<array.count])) { buffer.deallocate() }
    }
}
