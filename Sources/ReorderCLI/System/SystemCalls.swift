#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CXattr

/// A failed system call: its `errno`, and what was being done to which path.
public struct SystemError: Error, Equatable, Sendable {
    public let code: Int32
    public let operation: String
    public let path: String?

    public var reason: String { String(cString: strerror(code)) }
}

/// Thin wrappers over the system calls `reorder` makes: one shim a call,
/// `EINTR` retried in one place, failures as `SystemError`.
enum System {
    /// Runs `call` until it does not fail with EINTR; a result of -1 throws.
    @discardableResult
    static func retrying<T: BinaryInteger>(
        _ operation: String, path: String? = nil, _ call: () -> T
    ) throws -> T {
        while true {
            let result = call()
            if result != -1 { return result }
            let code = errno
            if code == EINTR { continue }
            throw SystemError(code: code, operation: operation, path: path)
        }
    }

    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) throws -> Int32 {
        try retrying("open", path: path) { Glibc.open(path, flags | O_CLOEXEC, mode) }
    }

    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    static func status(of fd: Int32, path: String?) throws -> stat {
        var info = stat()
        try retrying("stat", path: path) { fstat(fd, &info) }
        return info
    }

    static func linkStatus(_ path: String) throws -> stat {
        var info = stat()
        try retrying("stat", path: path) { lstat(path, &info) }
        return info
    }

    /// Writes all of `bytes`, however many calls the kernel needs.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String?) throws {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = try retrying("write", path: path) { Glibc.write(fd, pointer, remaining) }
            pointer += written
            remaining -= written
        }
    }

    /// Writes `slices` in order with `writev`, again from where it stopped
    /// when the descriptor takes only part of them. At most `IOV_MAX` (1024)
    /// slices.
    static func writeAll(_ fd: Int32, gathered slices: UnsafeBufferPointer<UnsafeRawBufferPointer>, path: String?) throws {
        try withUnsafeTemporaryAllocation(of: iovec.self, capacity: max(slices.count, 1)) { vectors in
            var count = 0
            for slice in slices where !slice.isEmpty {
                vectors[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: slice.baseAddress), iov_len: slice.count)
                count += 1
            }
            var first = 0
            while first < count {
                var written = try retrying("write", path: path) {
                    Glibc.writev(fd, vectors.baseAddress! + first, Int32(count - first))
                }
                // Skips what went out, whole slices first.
                while first < count && written >= vectors[first].iov_len {
                    written -= vectors[first].iov_len
                    first += 1
                }
                if written > 0 {
                    vectors[first].iov_base += written
                    vectors[first].iov_len -= written
                }
            }
        }
    }

    /// Reads at most `count` bytes into `buffer`; 0 at end of file.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, path: String?) throws -> Int {
        try retrying("read", path: path) { Glibc.read(fd, buffer, count) }
    }

    /// `stat`: symlinks followed.
    static func status(of path: String) throws -> stat {
        var info = stat()
        try retrying("stat", path: path) { stat(path, &info) }
        return info
    }

    /// Takes the `flock` exclusive lock on `fd` if no one holds it; false
    /// when someone does.
    static func tryLock(_ fd: Int32, path: String?) throws -> Bool {
        do {
            try retrying("lock", path: path) { flock(fd, LOCK_EX | LOCK_NB) }
            return true
        } catch let error as SystemError where error.code == EWOULDBLOCK {
            return false
        }
    }

    /// Changes the owner and group of `fd`; -1 (as `UInt32.max`) keeps one.
    static func changeOwner(_ fd: Int32, user: uid_t, group: gid_t, path: String?) throws {
        try retrying("change the owner of", path: path) { fchown(fd, user, group) }
    }

    static func changeMode(_ fd: Int32, _ mode: mode_t, path: String?) throws {
        try retrying("chmod", path: path) { fchmod(fd, mode) }
    }

    /// The names of `fd`'s extended attributes (those this process may see).
    static func attributeNames(_ fd: Int32, path: String?) throws -> [String] {
        let list = try sizedRead("list the attributes of", path: path) { flistxattr(fd, $0, $1) }
        return list.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    static func attribute(_ fd: Int32, _ name: String, path: String?) throws -> [UInt8] {
        try sizedRead("read the attribute \(name) of", path: path) { fgetxattr(fd, name, $0, $1) }
    }

    /// `attributeNames` of the file `path` names (symlinks followed).
    static func attributeNames(atPath path: String) throws -> [String] {
        let list = try sizedRead("list the attributes of", path: path) { listxattr(path, $0, $1) }
        return list.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    static func attribute(atPath path: String, _ name: String) throws -> [UInt8] {
        try sizedRead("read the attribute \(name) of", path: path) { getxattr(path, name, $0, $1) }
    }

    static func setAttribute(_ fd: Int32, _ name: String, _ value: [UInt8], path: String?) throws {
        try retrying("set the attribute \(name) of", path: path) { fsetxattr(fd, name, value, value.count, 0) }
    }

    static func removeAttribute(_ fd: Int32, _ name: String, path: String?) throws {
        try retrying("remove the attribute \(name) of", path: path) { fremovexattr(fd, name) }
    }

    /// Asks for the size, then reads; again when it grew in between (ERANGE).
    private static func sizedRead(
        _ operation: String, path: String?, _ call: (UnsafeMutablePointer<CChar>?, Int) -> Int
    ) throws -> [UInt8] {
        while true {
            let size = try retrying(operation, path: path) { call(nil, 0) }
            guard size > 0 else { return [] }
            var buffer = [CChar](repeating: 0, count: size)
            let result = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress, size) }
            if result >= 0 { return buffer[0..<result].map { UInt8(bitPattern: $0) } }
            let code = errno
            if code == ERANGE || code == EINTR { continue }
            throw SystemError(code: code, operation: operation, path: path)
        }
    }

    /// The names in directory `path`, without `.` and `..`.
    static func directoryEntries(_ path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw SystemError(code: errno, operation: "list", path: path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Seconds on a clock that only goes forward.
    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func fsync(_ fd: Int32, path: String?) throws {
        try retrying("fsync", path: path) { Glibc.fsync(fd) }
    }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The terminal's width in columns, or nil when `fd` is not a terminal.
    static func terminalWidth(_ fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
