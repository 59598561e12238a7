#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file as the kernel knows it (device and inode), so that two names of
/// one file — `f` and `./f`, or a symlink and its target — are known to be
/// one.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file `path` names, symlinks followed; nil when
    /// there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
