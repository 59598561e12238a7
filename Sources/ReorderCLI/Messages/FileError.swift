#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a file is not read or not replaced, beyond what a failed system call
/// says: each case holds the facts its message needs (`Messages+Files`).
enum FileError: Error, Equatable {
    /// In place, only a regular file is replaced; `kind` is what `path` is.
    case notRegularFile(path: String, kind: SpecialFileKind)
    /// `-o` onto a symlink whose target does not exist.
    case danglingSymlink(path: String, destination: String)
    /// Another process held the `flock` on `path` for all of `seconds`.
    case locked(path: String, seconds: Int)
    /// `path` was changed, replaced or removed by another program between
    /// the read and the rename.
    case changedWhileEditing(path: String)
    /// The content of `path` is no longer what `pick` or `edit` read when
    /// it started (`FileSnapshot`), as read again to be written.
    case changedSinceRead(path: String)
    /// The file (nil: standard input) became shorter while it was read.
    case shrankWhileReading(path: String?)
    /// More than `limit` bytes came from a pipe, a terminal or a device
    /// (nil: standard input).
    case inputTooLarge(path: String?, limit: Int)
    /// An extended attribute (or the ACL, `system.posix_acl_access`) could
    /// not be given to the new file.
    case cannotKeepAttribute(path: String, name: String, code: Int32)
    /// The group could not be kept, and the mode gives the group more than
    /// others: the new file's group would get it.
    case cannotKeepGroup(path: String, group: gid_t)
}

/// What a file that is not a regular file is.
enum SpecialFileKind: Equatable {
    case fifo, characterDevice, blockDevice, socket, other

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }
}
