#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The files git tracks, read from `.git/index` itself rather than from a
/// `git ls-files` child (which, on a million files, needs more memory than
/// the whole run). Only the plain case is read here: a repository found by
/// walking up to a `.git` folder, owned by this user, with no setting in the
/// environment or in its config that moves the work tree or the index, and
/// an index of version 2, 3 or 4 with no split or sparse part. For anything
/// else `trackedFiles` answers nil and the caller asks git.
enum GitIndex {
    /// The paths of the index's entries below `root` (relative to it), in
    /// the index's order, as `git -C root ls-files -z --cached` lists them
    /// (a conflicted path once), gitlinks (submodules) left out; nil when
    /// this repository or index is one to leave to git.
    static func trackedFiles(root: String) -> [String]? {
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES",
                     "GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG"] where System.environment(name) != nil {
            return nil
        }
        guard let found = repository(root) else { return nil }
        return read(indexPath: found.gitDirectory + "/index", prefix: Array(found.prefix.utf8))
    }

    /// The `.git` folder above `root` and `root`'s path below the work
    /// tree's top ("" or ending in "/"); nil when git's own discovery
    /// could decide otherwise.
    static func repository(_ root: String) -> (gitDirectory: String, prefix: String)? {
        guard let real = System.realPath(root) else { return nil }
        guard real.hasPrefix("/"), !real.split(separator: "/").contains(".git") else { return nil }
        guard let rootStatus = System.statusIfAny(of: real) else { return nil }
        var top = real
        while true {
            let candidate = (top == "/" ? "" : top) + "/.git"
            if let status = System.linkStatusIfAny(candidate) {
                // A `.git` file (a linked worktree, a submodule) or link: git's.
                guard status.st_mode & S_IFMT == S_IFDIR else { return nil }
                guard System.linkStatusIfAny(candidate + "/HEAD") != nil, let topStatus = System.statusIfAny(of: top),
                      status.st_uid == System.effectiveUserID, topStatus.st_uid == System.effectiveUserID,
                      plainConfig(candidate + "/config") else { return nil }
                let prefix = real == top ? "" : String(real.dropFirst(top == "/" ? 1 : top.count + 1)) + "/"
                return (candidate, prefix)
            }
            guard top != "/" else { return nil }
            top = top.utf8.lastIndex(of: UInt8(ascii: "/")).map { $0 == top.startIndex ? "/" : String(top[..<$0]) } ?? "/"
            // Git stops at a file system's boundary.
            guard let upper = System.statusIfAny(of: top), upper.st_dev == rootStatus.st_dev else { return nil }
        }
    }

    /// Whether the repository's config sets nothing that moves the work
    /// tree or the index, or changes the hash (read as text, and anything
    /// that could do so, an include among them, counts).
    static func plainConfig(_ path: String) -> Bool {
        guard let content = try? InputBytes.read(path: path) else { return false }
        let text = withExtendedLifetime(content) { String(decoding: content.bytes, as: UTF8.self) }.lowercased()
            .filter { $0 != " " && $0 != "\t" }
        return !["worktree", "objectformat", "include", "bare=true", "bare=yes", "bare=on", "bare=1", "bare\n"].contains { text.contains($0) }
    }

    /// The index file at `indexPath` read as `trackedFiles` says, keeping
    /// the paths that start with `prefix` (without it); nil when it is not
    /// an index of version 2, 3 or 4 as this reader knows it.
    static func read(indexPath: String, prefix: [UInt8]) -> [String]? {
        guard let fd = try? System.open(indexPath, O_RDONLY) else { return nil }
        defer { System.close(fd) }
        guard let status = try? System.status(of: fd, path: indexPath), status.st_mode & S_IFMT == S_IFREG else { return nil }
        var reader = StreamReader(fd: fd, size: Int(status.st_size))
        defer { reader.release() }
        let hashSize = 20
        guard reader.size >= 12 + hashSize, reader.ensure(12),
              reader.byte(0) == UInt8(ascii: "D"), reader.byte(1) == UInt8(ascii: "I"),
              reader.byte(2) == UInt8(ascii: "R"), reader.byte(3) == UInt8(ascii: "C") else { return nil }
        let version = reader.uint32(4)
        let count = Int(reader.uint32(8))
        guard (2...4).contains(version) else { return nil }
        reader.consume(12)
        var paths: [String] = []
        var previous: [UInt8] = []  // v4: the last entry's path
        var path: [UInt8] = []
        var lastKept: [UInt8]? = nil
        for _ in 0..<count {
            guard reader.ensure(62) else { return nil }
            let mode = reader.uint32(24)
            let flags = Int(reader.uint16(60))
            var fixed = 62
            if flags & 0x4000 != 0 {
                guard version >= 3 else { return nil }
                fixed = 64
            }
            guard reader.ensure(fixed) else { return nil }
            reader.consume(fixed)
            if version == 4 {
                guard let strip = reader.varint(), strip <= previous.count, let suffix = reader.cString() else { return nil }
                previous.removeLast(strip)
                previous.append(contentsOf: suffix)
                path = previous
            } else {
                let length = flags & 0xFFF
                guard let name = reader.cString(), length == 0xFFF ? name.count >= 0xFFF : name.count == length else { return nil }
                path = name
                // Padded with NULs to a multiple of 8 (the one ending the name counted).
                let padding = (fixed + name.count + 8) & ~7 - (fixed + name.count + 1)
                guard reader.ensure(padding) else { return nil }
                reader.consume(padding)
            }
            switch mode & 0o170000 {
            case 0o100000, 0o120000: break
            case 0o160000: continue  // a gitlink: a submodule's folder
            default: return nil  // a sparse index's folder, or unknown
            }
            guard path != lastKept, prefix.isEmpty || path.count > prefix.count && path.starts(with: prefix) else { continue }
            lastKept = path
            paths.append(String(decoding: path[prefix.count...], as: UTF8.self))
        }
        // The extensions, up to the trailing hash: optional ones (an
        // uppercase first letter) are skipped; a required one (a split
        // index's `link`, a sparse index's `sdir`, any other) is git's.
        while reader.offset < reader.size - hashSize {
            guard reader.ensure(8), (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(reader.byte(0)) else { return nil }
            let length = Int(reader.uint32(4))
            reader.consume(8)
            guard length <= reader.size - hashSize - reader.offset, reader.skip(length) else { return nil }
        }
        guard reader.offset == reader.size - hashSize else { return nil }
        return paths
    }
}

/// A file read front to back through a buffer of a fixed size (grown only
/// for a longer item), so that a large index is never wholly in memory.
private struct StreamReader {
    let fd: Int32
    let size: Int
    var buffer: UnsafeMutableRawBufferPointer
    /// The unread bytes are buffer[start..<end].
    var start = 0
    var end = 0
    /// The file offset of buffer[start].
    var offset = 0

    init(fd: Int32, size: Int) {
        self.fd = fd
        self.size = size
        // SAFETY: freed by release(); ensure() grows it before a read past its end.
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 8)
    }

    func release() { buffer.deallocate() }

    /// Makes `count` bytes from the current one readable; false at the end.
    mutating func ensure(_ count: Int) -> Bool {
        if end - start >= count { return true }
        if count > buffer.count {
            // SAFETY: at least `count` bytes; the unread bytes move over and the old buffer is freed.
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, buffer.count * 2), alignment: 8)
            // SAFETY: a range found in `buffer`, so within its bounds; the view is used no longer than `buffer` is valid.
            larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
            buffer.deallocate()
            buffer = larger
            end -= start
            start = 0
        } else if start > 0 {
            if end > start { memmove(buffer.baseAddress!, buffer.baseAddress! + start, end - start) }
            end -= start
            start = 0
        }
        while end - start < count {
            let got = (try? System.read(fd, into: buffer.baseAddress! + end, count: buffer.count - end, path: nil)) ?? 0
            if got == 0 { return false }
            end += got
        }
        return true
    }

    func byte(_ at: Int) -> UInt8 { buffer[start + at] }
    func uint16(_ at: Int) -> UInt16 { UInt16(byte(at)) << 8 | UInt16(byte(at + 1)) }
    func uint32(_ at: Int) -> UInt32 { UInt32(uint16(at)) << 16 | UInt32(uint16(at + 2)) }

    mutating func consume(_ count: Int) {
        start += count
        offset += count
    }

    /// Passes over `count` bytes; false at the end.
    mutating func skip(_ count: Int) -> Bool {
        var left = count
        while left > 0 {
            let step = min(left, buffer.count)
            guard ensure(step) else { return false }
            consume(step)
            left -= step
        }
        return true
    }

    /// The bytes up to the next NUL, which is passed over; nil at the end.
    mutating func cString() -> [UInt8]? {
        var searched = 0
        while true {
            // SAFETY: a range found in `buffer`, so within its bounds; the view is used no longer than `buffer` is valid.
            if let nul = UnsafeRawBufferPointer(rebasing: buffer[(start + searched)..<end]).firstIndex(of: 0) {
                let length = searched + nul
                // SAFETY: a range found in `buffer`, so within its bounds; the view is used no longer than `buffer` is valid.
                let bytes = Array(UnsafeRawBufferPointer(rebasing: buffer[start..<(start + length)]))
                consume(length + 1)
                return bytes
            }
            searched = end - start
            guard ensure(searched + 1) else { return nil }
        }
    }

    /// Git's offset encoding (index v4's count of bytes to strip); nil at
    /// the end or when it overflows.
    mutating func varint() -> Int? {
        guard ensure(1) else { return nil }
        var byte = self.byte(0)
        consume(1)
        var value = Int(byte & 0x7F)
        while byte & 0x80 != 0 {
            guard ensure(1), value < Int.max >> 8 else { return nil }
            byte = self.byte(0)
            consume(1)
            value = ((value + 1) << 7) | Int(byte & 0x7F)
        }
        return value
    }
}
