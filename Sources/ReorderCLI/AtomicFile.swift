#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The temporary file being written, so that a signal handler can remove it.
/// A fixed C buffer: the handler may not allocate.
nonisolated(unsafe) private var pendingTemporaryPath = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
nonisolated(unsafe) private var hasPendingTemporary: Int32 = 0
nonisolated(unsafe) private var cleanupHandlersInstalled = false

private func removePendingTemporaryAndReraise(_ signal: Int32) {
    if hasPendingTemporary != 0 { unlink(pendingTemporaryPath) }
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}

/// Writes a file so that a reader sees the old content or the new, never a
/// mix: the new content goes to a temporary file in the same directory, is
/// flushed to disk, and renamed over the target; then the directory is
/// flushed. On any failure the temporary file is removed and the target is
/// untouched.
enum AtomicFile {
    /// What the caller learns about a path before replacing it.
    struct Target {
        /// The file to replace: `path` with every symlink resolved, so a
        /// symlink stays a symlink and its target is edited.
        let resolvedPath: String
        /// Mode bits and owner to give the new file, when the file exists.
        let existing: stat?
    }

    /// Resolves `path` for writing. `mustExist`: an in-place edit, where a
    /// file the user protected from writing is refused.
    static func target(for path: String, mustExist: Bool) throws -> Target {
        var resolved = path
        if let real = realpath(path, nil) {
            resolved = String(cString: real)
            free(real)
        } else if mustExist || errno != ENOENT {
            throw SystemError(code: errno, operation: "open", path: path)
        } else if let link = try? System.linkStatus(path), (link.st_mode & S_IFMT) == S_IFLNK {
            // Writing through a dangling symlink would create its target,
            // wherever it points: refused, as `cp` does.
            throw FileError.danglingSymlink(path: path, destination: try linkDestination(path))
        }
        var info = stat()
        guard stat(resolved, &info) == 0 else {
            if mustExist { throw SystemError(code: errno, operation: "open", path: path) }
            return Target(resolvedPath: resolved, existing: nil)
        }
        // root may write anything; like an editor, still respect a file whose
        // mode says it is not to be written.
        if access(resolved, W_OK) != 0 {
            throw SystemError(code: errno == EROFS ? EROFS : EACCES, operation: "write", path: path)
        }
        if geteuid() == 0 && info.st_mode & 0o222 == 0 {
            throw SystemError(code: EACCES, operation: "write", path: path)
        }
        return Target(resolvedPath: resolved, existing: info)
    }

    private static func linkDestination(_ path: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = try System.retrying("readlink", path: path) { readlink(path, &buffer, Int(PATH_MAX)) }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `/dev/stdout` and its aliases: standard output itself, so that
    /// `-o /dev/stdout >> log` appends as the shell arranged.
    static func isStandardOutput(_ path: String) -> Bool {
        ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].contains(path)
    }

    /// A descriptor open for writing when `path` exists and is not a regular
    /// file (a device, a FIFO): those are written to, never replaced.
    static func openIfNotRegularFile(_ path: String) throws -> Int32? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG else { return nil }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw SystemError(code: EISDIR, operation: "write", path: path) }
        return try System.open(path, O_WRONLY)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Replaces `target` with what `produce` writes to the file descriptor.
    /// `original`: the file edited in place, locked; it must not have
    /// changed since it was read.
    static func replace(_ target: Target, displayPath: String, original: EditedFile? = nil,
                        produce: (Int32) throws -> Void) throws {
        installCleanupHandlers()
        let path = target.resolvedPath
        let directory = directory(of: path)
        let name = path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...]
        var template = Array((directory + "/." + name.replacingOccurrences(of: "/", with: "") + ".reorder-XXXXXX").utf8CString)
        guard template.count <= Int(PATH_MAX) else {
            throw SystemError(code: ENAMETOOLONG, operation: "create a temporary file for", path: displayPath)
        }
        // Block the signals that clean up while the pending path changes.
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
        sigprocmask(SIG_BLOCK, &blocked, &previous)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let temporaryError = errno
        if fd >= 0 {
            template.withUnsafeBufferPointer { _ = strcpy(pendingTemporaryPath, $0.baseAddress!) }
            hasPendingTemporary = 1
        }
        sigprocmask(SIG_SETMASK, &previous, nil)
        guard fd >= 0 else {
            throw SystemError(code: temporaryError, operation: "create a temporary file for", path: displayPath)
        }
        let temporary = String(cString: pendingTemporaryPath)
        func forgetTemporary() {
            sigprocmask(SIG_BLOCK, &blocked, &previous)
            hasPendingTemporary = 0
            sigprocmask(SIG_SETMASK, &previous, nil)
        }
        do {
            if let existing = target.existing {
                if geteuid() == 0 { _ = fchown(fd, existing.st_uid, existing.st_gid) }
                try System.retrying("chmod", path: displayPath) { fchmod(fd, existing.st_mode & 0o7777) }
            } else {
                let mask = umask(0)
                umask(mask)
                try System.retrying("chmod", path: displayPath) { fchmod(fd, 0o666 & ~mask) }
            }
            try produce(fd)
            try System.fsync(fd, path: displayPath)
            try System.retrying("close", path: displayPath) { Glibc.close(fd) }
        } catch {
            _ = Glibc.close(fd)
            unlink(temporary)
            forgetTemporary()
            throw error
        }
        do {
            try original?.throwIfChanged(resolvedPath: path)
            try System.retrying("rename", path: displayPath) { rename(temporary, path) }
        } catch {
            unlink(temporary)
            forgetTemporary()
            throw error
        }
        forgetTemporary()
        // The rename is durable once the directory is.
        if let directoryFD = try? System.open(directory, O_RDONLY | O_DIRECTORY) {
            _ = Glibc.fsync(directoryFD)
            System.close(directoryFD)
        }
    }

    private static func installCleanupHandlers() {
        guard !cleanupHandlersInstalled else { return }
        cleanupHandlersInstalled = true
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            _ = Glibc.signal(signal) { removePendingTemporaryAndReraise($0) }
        }
    }
}

private extension Substring {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        String(self.split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement))
    }
}
