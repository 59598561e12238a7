#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The directory a file was to be written in does not exist (`-o
/// nodir/out.txt`).
struct MissingDirectory: Error, Equatable {
    let path: String
    let directory: String
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
        if System.effectiveUserID == 0 && info.st_mode & 0o222 == 0 {
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
        // Darwin: no /proc; /dev/fd/1 is its name there.
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

    /// The hidden temporary files of `name`: `.NAME.reorder-XXXXXX`.
    private static func temporaryPrefix(of name: Substring) -> String {
        "." + name.replacingOccurrences(of: "/", with: "") + ".reorder-"
    }

    /// Replaces `target` with what `produce` writes to the file descriptor.
    /// `original`: the file edited in place, locked; it must not have
    /// changed since it was read, and temporary files an earlier run left
    /// (killed with SIGKILL) are removed first.
    static func replace(_ target: Target, displayPath: String, original: EditedFile? = nil,
                        produce: (Int32) throws -> Void) throws {
        let prepared = try prepare(target, displayPath: displayPath, original: original, produce: produce)
        try commit(prepared)
    }

    /// A new content written, flushed, and waiting beside its target for
    /// its rename (`commit`), or to be removed (`abandon`).
    final class Prepared {
        let target: Target
        let displayPath: String
        let original: EditedFile?
        let temporary: String
        fileprivate(set) var fd: Int32
        init(target: Target, displayPath: String, original: EditedFile?, temporary: String, fd: Int32) {
            self.target = target
            self.displayPath = displayPath
            self.original = original
            self.temporary = temporary
            self.fd = fd
        }
    }

    /// The first half of `replace`: the temporary file beside `target`,
    /// written by `produce` and flushed to disk; on any failure it is
    /// removed and the target is untouched.
    static func prepare(_ target: Target, displayPath: String, original: EditedFile? = nil,
                        produce: (Int32) throws -> Void) throws -> Prepared {
        PendingTemporary.installCleanupHandlers()
        let path = target.resolvedPath
        let directory = directory(of: path)
        let name = path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...]
        let prefix = temporaryPrefix(of: name)
        if original != nil { removeStaleTemporaries(in: directory, prefix: prefix) }
        var template = Array((directory + "/" + prefix + "XXXXXX").utf8CString)
        guard template.count <= Int(PATH_MAX) else {
            throw SystemError(code: ENAMETOOLONG, operation: "create a temporary file for", path: displayPath)
        }
        // The temporary file is locked from its first moment to its rename,
        // so that a later run knows it is not stale.
        let (fd, temporaryError) = PendingTemporary.withSignalsBlocked {
            let fd = PendingTemporary.create(&template)
            let error = errno
            if fd >= 0 { _ = flock(fd, LOCK_EX | LOCK_NB) }
            return (fd, error)
        }
        guard fd >= 0 else {
            if temporaryError == ENOENT || temporaryError == ENOTDIR {
                throw MissingDirectory(path: displayPath, directory: AtomicFile.directory(of: displayPath))
            }
            throw SystemError(code: temporaryError, operation: "create a temporary file for", path: displayPath)
        }
        let prepared = Prepared(target: target, displayPath: displayPath, original: original,
                                temporary: PendingTemporary.path, fd: fd)
        do {
            if let existing = target.existing {
                try FileMetadata.copy(existing, from: original.map { .descriptor($0.fd) } ?? .path(path),
                                      to: fd, displayPath: displayPath)
            } else {
                let mask = umask(0)
                umask(mask)
                try System.changeMode(fd, 0o666 & ~mask, path: displayPath)
            }
            try produce(fd)
            try System.fsync(fd, path: displayPath)
        } catch {
            abandon(prepared)
            throw error
        }
        return prepared
    }

    /// The second half of `replace`: unless the file changed since it was
    /// read, the temporary file renamed over the target, and the
    /// directory flushed. On a failure the temporary file is removed.
    static func commit(_ prepared: Prepared) throws {
        let path = prepared.target.resolvedPath
        do {
            try prepared.original?.throwIfChanged(resolvedPath: path)
            try System.retrying("rename", path: prepared.displayPath) { rename(prepared.temporary, path) }
        } catch {
            abandon(prepared)
            throw error
        }
        forgetPending(prepared)
        // Closed only now: until the rename its lock said "in use". (What
        // it wrote is on disk already: fsync succeeded.)
        System.close(prepared.fd)
        prepared.fd = -1
        // The rename is durable once the directory is.
        if let directoryFD = try? System.open(directory(of: path), O_RDONLY | O_DIRECTORY) {
            _ = try? System.fsync(directoryFD, path: nil)
            System.close(directoryFD)
        }
    }

    /// Removes a prepared temporary file; the target stays as it was.
    static func abandon(_ prepared: Prepared) {
        guard prepared.fd >= 0 else { return }
        unlink(prepared.temporary)
        forgetPending(prepared)
        System.close(prepared.fd)
        prepared.fd = -1
    }

    /// The signal handlers remove one pending temporary file, the last
    /// created; it is forgotten once renamed or removed.
    private static func forgetPending(_ prepared: Prepared) {
        if PendingTemporary.path == prepared.temporary { PendingTemporary.forget() }
    }

    /// Removes the temporary files named with `prefix` in `directory` that
    /// no running `reorder` holds (their lock can be taken): left by a run
    /// killed with SIGKILL, or by a crash.
    private static func removeStaleTemporaries(in directory: String, prefix: String) {
        guard let names = try? System.directoryEntries(directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6 {
            let path = directory + "/" + name
            guard let fd = try? System.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) else { continue }
            defer { System.close(fd) }
            guard let info = try? System.status(of: fd, path: path), (info.st_mode & S_IFMT) == S_IFREG,
                  (try? System.tryLock(fd, path: path)) == true,
                  let named = try? System.linkStatus(path), named.st_dev == info.st_dev, named.st_ino == info.st_ino
            else { continue }
            unlink(path)
        }
    }
}

private extension Substring {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        String(self.split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement))
    }
}
