#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
import CXattr
#endif

// The C library's calls under names no member of `System` hides (at file
// scope `open` is the C library's; inside `System` it is `System.open`).
// POSIX: the same on Linux and Darwin.
private func cOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func cClose(_ fd: Int32) -> Int32 { close(fd) }
private func cRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func cWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func cFsync(_ fd: Int32) -> Int32 { fsync(fd) }
private func cRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func cUnlink(_ path: String) -> Int32 { unlink(path) }
private func cPoll(_ descriptor: inout pollfd, _ milliseconds: Int32) -> Int32 { poll(&descriptor, 1, milliseconds) }

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
            #if DEBUG
            // Tests only: a fault planned for this operation (`SystemFaults`).
            if let code = SystemFaults.takeError(operation, path: path) {
                if code == EINTR { continue }
                throw SystemError(code: code, operation: operation, path: path)
            }
            #endif
            let result = call()
            if result != -1 { return result }
            let code = errno
            if code == EINTR { continue }
            throw SystemError(code: code, operation: operation, path: path)
        }
    }

    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) throws -> Int32 {
        try retrying("open", path: path) { cOpen(path, flags | O_CLOEXEC, mode) }
    }

    static func close(_ fd: Int32) {
        _ = cClose(fd)
    }

    /// `close`, its failure reported (a file system that writes late, NFS,
    /// says so here). Not retried on EINTR: the descriptor is gone either way.
    static func closeReporting(_ fd: Int32, path: String?) throws {
        #if DEBUG
        if let code = SystemFaults.takeError("close", path: path), code != EINTR {
            _ = cClose(fd)
            throw SystemError(code: code, operation: "close", path: path)
        }
        #endif
        if cClose(fd) != 0 && errno != EINTR { throw SystemError(code: errno, operation: "close", path: path) }
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
        // SAFETY: `pointer` advances by what write took, never past bytes.count in all.
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            var asked = remaining
            #if DEBUG
            if let limit = SystemFaults.takeShortWrite() { asked = min(asked, limit) }
            #endif
            let written = try retrying("write", path: path) { [asked] in cWrite(fd, pointer, asked) }
            pointer += written
            remaining -= written
        }
    }

    /// Writes `slices` in order with `writev`, again from where it stopped
    /// when the descriptor takes only part of them. At most `IOV_MAX` (1024)
    /// slices.
    static func writeAll(_ fd: Int32, gathered slices: UnsafeBufferPointer<UnsafeRawBufferPointer>, path: String?) throws {
        // SAFETY: one vector a non-empty slice, within the capacity; the slices outlive the call.
        try withUnsafeTemporaryAllocation(of: iovec.self, capacity: max(slices.count, 1)) { vectors in
            var count = 0
            for slice in slices where !slice.isEmpty {
                // SAFETY: writev only reads through iov_base; the mutable type is the C declaration's.
                vectors[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: slice.baseAddress), iov_len: slice.count)
                count += 1
            }
            var first = 0
            while first < count {
                var written: Int
                #if DEBUG
                if let limit = SystemFaults.takeShortWrite() {
                    // A short write: part of the first slice only.
                    written = try retrying("write", path: path) { [first] in
                        cWrite(fd, vectors[first].iov_base!, min(limit, vectors[first].iov_len))
                    }
                } else {
                    written = try retrying("write", path: path) { [first] in
                        writev(fd, vectors.baseAddress! + first, Int32(count - first))
                    }
                }
                #else
                written = try retrying("write", path: path) {
                    writev(fd, vectors.baseAddress! + first, Int32(count - first))
                }
                #endif
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
        try retrying("read", path: path) { cRead(fd, buffer, count) }
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

    // Extended attributes. Linux: the calls of <sys/xattr.h> (CXattr),
    // ACLs among the attributes (`system.posix_acl_access`). Darwin: the
    // same names with a position (0) and options (0: symlinks followed by
    // the path forms, as on Linux) at the end; ACLs are not attributes
    // there (acl_get_fd / acl_set_fd would carry them), so an ACL is not
    // kept on macOS yet.

    /// The names of `fd`'s extended attributes (those this process may see).
    static func attributeNames(_ fd: Int32, path: String?) throws -> [String] {
        #if os(Linux)
        let list = try sizedRead("list the attributes of", path: path) { flistxattr(fd, $0, $1) }
        #else
        let list = try sizedRead("list the attributes of", path: path) { flistxattr(fd, $0, $1, 0) }
        #endif
        return list.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    static func attribute(_ fd: Int32, _ name: String, path: String?) throws -> [UInt8] {
        #if os(Linux)
        try sizedRead("read the attribute \(name) of", path: path) { fgetxattr(fd, name, $0, $1) }
        #else
        try sizedRead("read the attribute \(name) of", path: path) { fgetxattr(fd, name, $0, $1, 0, 0) }
        #endif
    }

    /// `attributeNames` of the file `path` names (symlinks followed).
    static func attributeNames(atPath path: String) throws -> [String] {
        #if os(Linux)
        let list = try sizedRead("list the attributes of", path: path) { listxattr(path, $0, $1) }
        #else
        let list = try sizedRead("list the attributes of", path: path) { listxattr(path, $0, $1, 0) }
        #endif
        return list.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    static func attribute(atPath path: String, _ name: String) throws -> [UInt8] {
        #if os(Linux)
        try sizedRead("read the attribute \(name) of", path: path) { getxattr(path, name, $0, $1) }
        #else
        try sizedRead("read the attribute \(name) of", path: path) { getxattr(path, name, $0, $1, 0, 0) }
        #endif
    }

    static func setAttribute(_ fd: Int32, _ name: String, _ value: [UInt8], path: String?) throws {
        #if os(Linux)
        try retrying("set the attribute \(name) of", path: path) { fsetxattr(fd, name, value, value.count, 0) }
        #else
        try retrying("set the attribute \(name) of", path: path) { fsetxattr(fd, name, value, value.count, 0, 0) }
        #endif
    }

    static func removeAttribute(_ fd: Int32, _ name: String, path: String?) throws {
        #if os(Linux)
        try retrying("remove the attribute \(name) of", path: path) { fremovexattr(fd, name) }
        #else
        try retrying("remove the attribute \(name) of", path: path) { fremovexattr(fd, name, 0) }
        #endif
    }

    /// Asks for the size, then reads; again when it grew in between (ERANGE).
    private static func sizedRead(
        _ operation: String, path: String?, _ call: (UnsafeMutablePointer<CChar>?, Int) -> Int
    ) throws -> [UInt8] {
        while true {
            let size = try retrying(operation, path: path) { call(nil, 0) }
            guard size > 0 else { return [] }
            var buffer = [CChar](repeating: 0, count: size)
            // SAFETY: the call writes at most `size` bytes, the buffer's count.
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
            // SAFETY: d_name is NUL-terminated within the dirent readdir returned, valid until the next readdir.
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                // SAFETY: d_name is an array of CChar: its first element's address, as CChar.
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
        try retrying("fsync", path: path) { cFsync(fd) }
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

    /// The processors online (at least 1).
    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `stat` of `path` (symlinks followed), or nil when it fails.
    static func statusIfAny(of path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    /// `lstat` of `path` (a symlink itself), or nil when it fails.
    static func linkStatusIfAny(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    /// Whether `path` is a regular file itself (not through a symlink).
    static func isRegularFile(noFollow path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Whether something (a dangling symlink aside) is at `path`.
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Why this user could not create a file in `directory` (its errno),
    /// or nil when it could.
    static func cannotCreateFile(in directory: String) -> Int32? {
        access(directory, W_OK | X_OK) == 0 ? nil : errno
    }

    /// `path` absolute, without symlinks, `.` or `..`; nil when it does
    /// not exist (`errno` says why).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static var effectiveUserID: uid_t { geteuid() }

    /// The time of day in nanoseconds since 1970, from the clock the kernel
    /// keeps per tick (a few milliseconds coarse, and cheap).
    static func coarseNanosecondsSince1970() -> Int64 {
        var now = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        #else
        // Darwin: no coarse clock; CLOCK_REALTIME (microseconds) instead.
        clock_gettime(CLOCK_REALTIME, &now)
        #endif
        return Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
    }

    /// `stat` of this executable as it lies on disk, or nil.
    static func executableStatus() -> stat? {
        #if os(Linux)
        return statusIfAny(of: "/proc/self/exe")
        #else
        // Darwin: no /proc; _NSGetExecutablePath names the executable.
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var path = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&path, &size) == 0 else { return nil }
        return statusIfAny(of: String(cString: path))
        #endif
    }

    /// A new file made from `template` (its last `suffixLength` bytes
    /// kept, the six `X` before them replaced) with `mkstemps`, never over
    /// another file: its descriptor (close-on-exec) and path.
    /// `directory`: what an error names.
    static func makeTemporaryFile(_ template: String, suffixLength: Int = 0, directory: String) throws -> (fd: Int32, path: String) {
        var bytes = Array(template.utf8CString)
        let fd = try retrying("create a temporary file in", path: directory) {
            // SAFETY: the template is NUL-terminated (utf8CString); mkstemps writes within it.
            bytes.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffixLength)) }
        }
        // SAFETY: the template, filled in by mkstemps, is still NUL-terminated.
        return (fd, bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    /// `rename(from, to)`: atomic within one file system; EXDEV across two.
    static func rename(_ from: String, to: String, path: String?) throws {
        try retrying("rename", path: path) { cRename(from, to) }
    }

    /// Removes the file `path`; a failure is not reported (a temporary
    /// file removed on the way out of an error).
    static func removeFile(_ path: String) {
        _ = cUnlink(path)
    }

    /// `mkdir path`; EEXIST is an error to the caller.
    static func makeDirectory(_ path: String, mode: mode_t = 0o755) throws {
        try retrying("create the folder", path: path) { mkdir(path, mode) }
    }

    /// `poll` of `fd` for reading within `milliseconds` (0: now; -1:
    /// waits), EINTR retried: 1 readable (bytes, its end or an error), 0
    /// not yet, -1 failed.
    static func pollReadable(_ fd: Int32, milliseconds: Int32) -> Int32 {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = cPoll(&descriptor, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready
        }
    }

    /// A closed pipe becomes an EPIPE error on write rather than a signal
    /// that ends the process.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }
}
