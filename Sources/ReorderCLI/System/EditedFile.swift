#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file being edited in place: open, locked, and known by what it was
/// when it was read, from before the read until after the rename.
///
/// The lock is `flock` on the file itself, not a `NAME.lock` beside it: the
/// kernel drops it when the process ends, however it ends, so a `kill -9`
/// leaves nothing stale behind, and it needs nothing written to take. The
/// rename puts a new inode at the path, and a run that waited for the old
/// one's lock sees that and locks the new one.
final class EditedFile {
    /// The path as given.
    let path: String
    /// Open for reading, holding the lock (-1 once `finish` released it).
    private(set) var fd: Int32
    /// The file when it was locked, before it was read.
    let identity: stat

    /// How long a run waits for another to finish with the file.
    static let lockWaitSeconds = 10

    private init(path: String, fd: Int32, identity: stat) {
        self.path = path
        self.fd = fd
        self.identity = identity
    }

    deinit { finish() }

    /// Releases the lock: a copy of the descriptor (the input's mapping
    /// keeps one) would otherwise hold it.
    func finish() {
        guard fd >= 0 else { return }
        _ = flock(fd, LOCK_UN)
        System.close(fd)
        fd = -1
    }

    /// Opens and locks `path`, waiting up to `lockWaitSeconds` for another
    /// process that holds the lock. Anything but a regular file is refused
    /// before it is opened (opening a FIFO would wait for a writer).
    static func open(_ path: String) throws -> EditedFile {
        let deadline = System.monotonicSeconds() + Double(lockWaitSeconds)
        while true {
            try refuseUnlessRegular(try status(of: path), path: path)
            // Non-blocking: should a FIFO take the name after the check,
            // opening it does not wait; the check below then refuses it.
            let fd = try System.open(path, O_RDONLY | O_NONBLOCK)
            do {
                try refuseUnlessRegular(try System.status(of: fd, path: path), path: path)
                while try !System.tryLock(fd, path: path) {
                    if System.monotonicSeconds() >= deadline {
                        throw FileError.locked(path: path, seconds: lockWaitSeconds)
                    }
                    usleep(20_000)
                }
            } catch {
                System.close(fd)
                throw error
            }
            // The lock is on the inode opened; the run that held it may
            // have renamed a new file to the path meanwhile.
            let locked = try System.status(of: fd, path: path)
            if let current = try? status(of: path), current.st_dev == locked.st_dev, current.st_ino == locked.st_ino {
                return EditedFile(path: path, fd: fd, identity: locked)
            }
            System.close(fd)
        }
    }

    /// `stat(path)`, failing as opening it would ("cannot open").
    private static func status(of path: String) throws -> stat {
        do {
            return try System.status(of: path)
        } catch let error as SystemError {
            throw SystemError(code: error.code, operation: "open", path: path)
        }
    }

    private static func refuseUnlessRegular(_ info: stat, path: String) throws {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw SystemError(code: EISDIR, operation: "read", path: path)
        default: throw FileError.notRegularFile(path: path, kind: SpecialFileKind(mode: info.st_mode))
        }
    }

    /// Throws `FileError.changedWhileEditing` unless `resolvedPath` still
    /// names the file that was read, as it was: same device and inode, same
    /// size, modification and change times (to the nanosecond). Called just
    /// before the rename.
    func throwIfChanged(resolvedPath: String) throws {
        let unchanged: Bool
        if let now = try? System.status(of: fd, path: path), let named = try? System.status(of: resolvedPath) {
            unchanged = named.st_dev == identity.st_dev && named.st_ino == identity.st_ino
                && now.st_size == identity.st_size
                && now.modifiedTime.tv_sec == identity.modifiedTime.tv_sec && now.modifiedTime.tv_nsec == identity.modifiedTime.tv_nsec
                && now.changedTime.tv_sec == identity.changedTime.tv_sec && now.changedTime.tv_nsec == identity.changedTime.tv_nsec
        } else {
            unchanged = false
        }
        if !unchanged { throw FileError.changedWhileEditing(path: path) }
    }
}
