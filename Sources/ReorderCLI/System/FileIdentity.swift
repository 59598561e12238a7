#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
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

/// A file as it stands: which file (device and inode), its size, and the
/// times of its last change (nanoseconds): another one when the file is
/// written, replaced, created or removed. The policy's watch in the editor
/// server and the cache of results (`ResultCache.Identity`) compare it.
struct FileStamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64

    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        (self.device, self.inode, self.size, self.modified, self.changed) = (device, inode, size, modified, changed)
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.modifiedTime.tv_sec) &* 1_000_000_000 &+ Int64(info.modifiedTime.tv_nsec)
        changed = Int64(info.changedTime.tv_sec) &* 1_000_000_000 &+ Int64(info.changedTime.tv_nsec)
    }

    /// The stamp of the file `path` names, symlinks followed; nil when
    /// there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }
}

/// What `pick` and `edit` read of their file when they started: the file
/// (device and inode), its size and modification time, and a hash of its
/// bytes. Their moves name items by position in those bytes, so they are
/// written only onto a file whose content is still this one, by its hash
/// (`Job.expected`): another program's write, a second `pick`, a `git
/// checkout` would make the same positions name other items, while a
/// `touch` or the same bytes written again change nothing. The rest tells
/// `pick` cheaply that nothing moved since it last looked (`FileWatch`).
struct FileSnapshot: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    let hash: UInt64

    /// The snapshot of `content`, read from a regular file; nil for
    /// standard input or bytes held in memory.
    init?(_ content: InputBytes) {
        guard let info = content.fileStatus else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int(info.modifiedTime.tv_sec)
        modifiedNanoseconds = Int(info.modifiedTime.tv_nsec)
        hash = FileSnapshot.hash(content.bytes)
    }

    /// A 64-bit hash of `bytes`, eight bytes a step (a gigabyte in well
    /// under a second): not against an adversary, against an accident
    /// whose size and time both came out the same.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var index = 0
        while index + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = (hash ^ word) &* prime
            hash ^= hash >> 29
            index += 8
        }
        while index < bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* prime
            index += 1
        }
        hash ^= hash >> 32
        return hash &* 0x9E37_79B9_7F4A_7C15
    }

    /// `hash` as 16 hexadecimal digits, as the edit view records it.
    static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
