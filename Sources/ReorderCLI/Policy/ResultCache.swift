#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ReorderKit

/// What `check` and `fix` remember between runs of one policy: for each
/// file (by its path relative to the policy's folder) that came out clean
/// — no list out of order, no warning, no list missing — the file's
/// identity (device, inode, size, modification and change times in
/// nanoseconds), the XXH64 hash of its bytes, and what the run needs of its
/// result (how many lists, the rules that found a list in it, the rules
/// that matched it). A file with findings is not remembered: it is read
/// and checked again (it is the one the user is about to fix), and so is a
/// file a rule with `order = "like"` covers (its result depends on
/// another file).
///
/// The file's header binds it to this build of `reorder` (its version and
/// its executable's size and times), the policy's bytes, its folder and
/// `--marker`; any other header is a cache of something else, read as
/// empty. A file whose identity is unchanged is not read; one whose
/// identity changed but whose hash did not is read, not parsed. An entry
/// whose modification time is not older than the moment the run that
/// stored it started is trusted by its hash only (a write within the same
/// timestamp tick keeps size and time).
///
/// Layout (little-endian): a 64-byte header — magic `RDRCACHE`, format,
/// total length, XXH64 of everything after the first 32 bytes, key, the
/// start of the run that wrote it (ns), entry count — then the entries,
/// sorted by their paths' bytes: path length (u16), path, device, inode,
/// size, mtime ns, ctime ns, hash (8 bytes each), lists (u32), found and
/// matched counts (u16 each), then those rule numbers (u32 each). Written
/// to a temporary file in the same folder and renamed over the old one:
/// two runs at once each write a whole file, the last one wins.
// SAFETY: `load` fills it before a run's threads start; they only read it (`lookup`), and `save` runs after they are joined.
final class ResultCache: @unchecked Sendable {
    /// A file as it stood when its result was stored.
    typealias Identity = FileStamp

    /// One file's entry.
    struct Entry {
        var identity: Identity
        var hash: UInt64
        var lists: Int
        var found: [Int]
        var matched: [Int]
    }

    static let magic: [UInt8] = Array("RDRCACHE".utf8)
    static let format: UInt32 = 1
    static let headerSize = 64
    /// Beyond this size the cache is not written (nor read).
    static let sizeLimit = 256 << 20

    /// The cache file.
    let path: String
    /// The hash of what the results depend on besides each file's bytes.
    let key: UInt64
    /// The moment this run started (CLOCK_REALTIME_COARSE, ns): entries
    /// stored by it are trusted by identity next time only when modified
    /// before it.
    let started: Int64
    /// The stored file's bytes and each entry's offset in them, sorted
    /// by path.
    private var stored: [UInt8] = []
    private var offsets: [Int] = []
    private var storedTrustedBefore: Int64 = 0
    /// Why the cache could not be used; said once, on standard error.
    private(set) var problem: String?

    /// The cache for the policy `loaded` (nil without a policy: FILEs
    /// checked against markers only are not cached), in `directory` when
    /// `--cache-dir` names one.
    init(path: String, key: UInt64) {
        self.path = path
        self.key = key
        started = System.coarseNanosecondsSince1970()
    }

    /// The cache file of the policy whose folder is `root`: in
    /// `directory` (`--cache-dir`), else under the git directory of the
    /// repository `root` is in (`.git/reorder/`), else in
    /// `$XDG_CACHE_HOME/reorder/` (`~/.cache/reorder/`); one file per
    /// policy folder, named by the hash of its path.
    static func location(root: String, directory: String?) -> String? {
        let name = "cache-" + FileSnapshot.hex(XXHash64.hash(Array(root.utf8)))
        if let directory { return PathNames.join(directory, name) }
        if let git = gitDirectory(from: root) { return PathNames.join(PathNames.join(git, "reorder"), name) }
        if let xdg = System.environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") {
            return PathNames.join(PathNames.join(xdg, "reorder"), name)
        }
        guard let home = System.environment("HOME"), !home.isEmpty else { return nil }
        return PathNames.join(PathNames.join(PathNames.join(home, ".cache"), "reorder"), name)
    }

    /// The git directory of the repository `start` is in: the nearest
    /// `.git` folder above, or the folder a `.git` file's `gitdir:` line
    /// names (a worktree, a submodule).
    static func gitDirectory(from start: String) -> String? {
        var directory = start
        while true {
            let candidate = PathNames.join(directory, ".git")
            if let info = System.statusIfAny(of: candidate) {
                if info.st_mode & S_IFMT == S_IFDIR { return candidate }
                if info.st_mode & S_IFMT == S_IFREG, let content = try? InputBytes.read(path: candidate) {
                    var text = withExtendedLifetime(content) { String(decoding: content.bytes, as: UTF8.self) }
                    guard text.hasPrefix("gitdir:") else { return nil }
                    text.removeFirst("gitdir:".count)
                    let target = text.trimmingBlanks()
                    guard !target.isEmpty else { return nil }
                    return target.hasPrefix("/") ? target : PathNames.join(directory, target)
                }
            }
            if directory == "/" || directory.isEmpty { return nil }
            directory = PathNames.parent(directory)
        }
    }

    /// The key of a run: this build of `reorder`, the policy's bytes and
    /// folder, and the markers.
    static func key(policySource: [UInt8], root: String, markers: KeepSortedMarkers, markersOn: Bool) -> UInt64 {
        var text = "reorder \(CommandTable.version)\n\(buildIdentity)\nroot \(root)\nmarker \(markers.name) \(markersOn)\npolicy "
        text += FileSnapshot.hex(XXHash64.hash(policySource))
        return XXHash64.hash(Array(text.utf8))
    }

    /// This executable as it lies on disk (its inode, size and times):
    /// a rebuilt binary of the same version is another.
    static let buildIdentity: String = {
        if let info = System.executableStatus() {
            let identity = Identity(info)
            return "build \(identity.device) \(identity.inode) \(identity.size) \(identity.modified) \(identity.changed)"
        }
        return "build unknown"
    }()

    // MARK: Reading

    /// Reads the cache file: a missing one, or one of another key, is an
    /// empty cache; one that cannot be read, or is damaged, too, with
    /// `problem` saying why.
    func load() {
        let fd: Int32
        do {
            fd = try System.open(path, O_RDONLY)
        } catch let error as SystemError {
            if error.code != ENOENT && error.code != ENOTDIR { problem = error.reason }
            if error.code == ENOTDIR { problem = "not a directory" }
            return
        } catch {
            return
        }
        defer { System.close(fd) }
        let info: stat
        do { info = try System.status(of: fd, path: path) } catch { problem = (error as? SystemError)?.reason; return }
        guard info.st_mode & S_IFMT == S_IFREG else { problem = "not a regular file"; return }
        let size = Int(info.st_size)
        guard size <= ResultCache.sizeLimit else { return }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        do {
            // SAFETY: System.read writes within `size - done` bytes of `done`, inside the closure.
            try bytes.withUnsafeMutableBytes { buffer in
                while done < size {
                    let count = try System.read(fd, into: buffer.baseAddress! + done, count: size - done, path: path)
                    if count == 0 { break }
                    done += count
                }
            }
        } catch {
            problem = (error as? SystemError)?.reason
            return
        }
        bytes.removeSubrange(done...)
        if let reason = parse(bytes) { problem = reason }
    }

    /// Takes `bytes` as the stored cache; nil, or why it is not one.
    func parse(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= ResultCache.headerSize, Array(bytes[0..<8]) == ResultCache.magic else {
            return bytes.isEmpty ? "empty" : "damaged (not a cache file)"
        }
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        return bytes.withUnsafeBytes { raw -> String? in
            func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
            func u32(_ at: Int) -> UInt32 { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
            func u16(_ at: Int) -> UInt16 { UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt16.self)) }
            // Another format or another key: a cache of something else, started afresh.
            guard u32(8) == ResultCache.format else { return nil }
            guard u64(16) == UInt64(bytes.count) else { return "damaged (truncated)" }
            // SAFETY: the header checked above says the buffer holds more than 32 bytes.
            guard u64(24) == XXHash64.hash(UnsafeRawBufferPointer(rebasing: raw[32...])) else { return "damaged (checksum)" }
            guard u64(32) == key else { return nil }
            let count = Int(truncatingIfNeeded: u64(48))
            guard count >= 0, count <= bytes.count else { return "damaged (count)" }
            var offsets: [Int] = []
            offsets.reserveCapacity(count)
            var at = ResultCache.headerSize
            for _ in 0..<count {
                guard at + 2 <= bytes.count else { return "damaged (entries)" }
                let length = Int(u16(at))
                let fixed = at + 2 + length
                guard fixed + 56 <= bytes.count else { return "damaged (entries)" }
                let numbers = Int(u16(fixed + 52)) + Int(u16(fixed + 54))
                let end = fixed + 56 + 4 * numbers
                guard end <= bytes.count else { return "damaged (entries)" }
                offsets.append(at)
                at = end
            }
            guard at == bytes.count else { return "damaged (entries)" }
            self.stored = bytes
            self.offsets = offsets
            self.storedTrustedBefore = Int64(bitPattern: u64(40))
            return nil
        }
    }

    /// How many entries were read.
    var storedCount: Int { offsets.count }

    /// The stored entry of `relative`, and whether its identity may be
    /// trusted without reading the file; nil when there is none. `hint`
    /// is where the search starts and, after, where the entry was (or
    /// would be): a caller asking for paths in increasing order passes
    /// the same `hint` each time and finds each entry in a comparison or
    /// two, not a binary search's seventeen.
    func lookup(_ relative: String, hint: inout Int) -> (entry: Entry, trusted: Bool)? {
        guard !offsets.isEmpty else { return nil }
        var relative = relative
        return relative.withUTF8 { path -> (Entry, Bool)? in
            // SAFETY: the bytes of `stored` are only read inside the closure, and no pointer to them leaves it.
            stored.withUnsafeBytes { raw -> (Entry, Bool)? in
                func order(_ position: Int) -> Int {
                    let at = offsets[position]
                    let length = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
                    // SAFETY: `offsets` were checked by `parse` to hold each path's length and bytes within `stored`.
                    return ResultCache.compare(UnsafeRawBufferPointer(rebasing: raw[(at + 2)..<(at + 2 + length)]),
                                               // SAFETY: the path's UTF-8 storage, read only inside the withUTF8 closure.
                                               UnsafeRawBufferPointer(path))
                }
                // Gallop from the hint to a range that holds the path, then halve it.
                var (low, high) = (0, offsets.count)
                let start = min(max(hint, 0), offsets.count)
                if start < offsets.count && order(start) < 0 {
                    low = start + 1
                    var step = 1
                    while low + step - 1 < offsets.count && order(low + step - 1) < 0 {
                        low += step
                        step *= 2
                    }
                    high = min(offsets.count, low + step)
                } else {
                    high = start
                    if start < offsets.count && order(start) == 0 { low = start; high = start + 1 }
                }
                while low < high {
                    let middle = (low + high) / 2
                    let compared = order(middle)
                    if compared < 0 {
                        low = middle + 1
                    } else if compared > 0 {
                        high = middle
                    } else {
                        hint = middle + 1
                        let at = offsets[middle]
                        let length = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
                        let entry = ResultCache.decode(raw, at: at + 2 + length)
                        return (entry, entry.identity.modified < storedTrustedBefore)
                    }
                }
                hint = low
                return nil
            }
        }
    }

    /// `lookup(_:hint:)` from no hint.
    func lookup(_ relative: String) -> (entry: Entry, trusted: Bool)? {
        var hint = 0
        return lookup(relative, hint: &hint)
    }

    /// Byte order of two paths (memcmp, then the shorter first).
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let order = memcmp(a.baseAddress!, b.baseAddress!, common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }

    private static func decode(_ raw: UnsafeRawBufferPointer, at: Int) -> Entry {
        func u64(_ offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + offset, as: UInt64.self)) }
        func u32(_ offset: Int) -> UInt32 { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + offset, as: UInt32.self)) }
        func u16(_ offset: Int) -> UInt16 { UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: at + offset, as: UInt16.self)) }
        let identity = Identity(device: u64(0), inode: u64(8), size: Int64(bitPattern: u64(16)),
                                modified: Int64(bitPattern: u64(24)), changed: Int64(bitPattern: u64(32)))
        let foundCount = Int(u16(52)), matchedCount = Int(u16(54))
        let found = (0..<foundCount).map { Int(u32(56 + 4 * $0)) }
        let matched = (0..<matchedCount).map { Int(u32(56 + 4 * (foundCount + $0))) }
        return Entry(identity: identity, hash: u64(40), lists: Int(u32(48)), found: found, matched: matched)
    }

    // MARK: Writing

    /// The bytes of a cache holding `entries` (sorted by path here).
    func encode(_ entries: [(path: String, entry: Entry)]) -> [UInt8] {
        var entries = entries
        let sorted = zip(entries, entries.dropFirst()).allSatisfy { ResultCache.less($0.path, $1.path) }
        if !sorted { entries.sort { ResultCache.less($0.path, $1.path) } }
        var out: [UInt8] = []
        out.reserveCapacity(ResultCache.headerSize + entries.count * 96)
        // SAFETY: the integer's bytes, copied out inside the closure.
        func put64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        // SAFETY: the integer's bytes, copied out inside the closure.
        func put32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        // SAFETY: the integer's bytes, copied out inside the closure.
        func put16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        out += ResultCache.magic
        put32(ResultCache.format)
        put32(0)
        put64(0)  // length, set below
        put64(0)  // checksum, set below
        put64(key)
        put64(UInt64(bitPattern: started))
        put64(UInt64(entries.count))
        put64(0)
        var previous: String?
        var written = 0
        for (path, entry) in entries {
            // The same path twice (a FILE named twice): once. (Sorted by
            // bytes: a path equal to the last is the last, byte for byte.)
            if let previous, !ResultCache.less(previous, path) { continue }
            previous = path
            written += 1
            put16(UInt16(path.utf8.count))
            out.append(contentsOf: path.utf8)
            put64(entry.identity.device)
            put64(entry.identity.inode)
            put64(UInt64(bitPattern: entry.identity.size))
            put64(UInt64(bitPattern: entry.identity.modified))
            put64(UInt64(bitPattern: entry.identity.changed))
            put64(entry.hash)
            put32(UInt32(entry.lists))
            put16(UInt16(entry.found.count))
            put16(UInt16(entry.matched.count))
            for number in entry.found { put32(UInt32(number)) }
            for number in entry.matched { put32(UInt32(number)) }
        }
        // SAFETY: the bytes of `out` are written only inside the closure, within their count.
        out.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: UInt64(written).littleEndian, toByteOffset: 48, as: UInt64.self)
            raw.storeBytes(of: UInt64(raw.count).littleEndian, toByteOffset: 16, as: UInt64.self)
            // SAFETY: the header written above makes the buffer longer than 32 bytes.
            let checksum = XXHash64.hash(UnsafeRawBufferPointer(rebasing: raw[32...]))
            raw.storeBytes(of: checksum.littleEndian, toByteOffset: 24, as: UInt64.self)
        }
        return out
    }

    /// Byte order of two paths.
    static func less(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        // SAFETY: both strings' UTF-8 storage, read only inside the withUTF8 closures.
        return a.withUTF8 { x in b.withUTF8 { y in compare(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) < 0 } }
    }

    /// The entries kept from the stored cache (all of them): for a run
    /// over named files, whose other entries stay.
    func storedEntries() -> [(path: String, entry: Entry)] {
        // SAFETY: the bytes of `stored` are only read inside the closure, and no pointer to them leaves it.
        stored.withUnsafeBytes { raw in
            offsets.map { at in
                let length = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
                // SAFETY: `offsets` were checked by `parse` to hold each path's length and bytes within `stored`.
                let path = String(decoding: UnsafeRawBufferPointer(rebasing: raw[(at + 2)..<(at + 2 + length)]), as: UTF8.self)
                return (path, ResultCache.decode(raw, at: at + 2 + length))
            }
        }
    }

    /// Writes `entries` as the cache, atomically; nil, or why it could not.
    func save(_ entries: [(path: String, entry: Entry)]) -> String? {
        let bytes = encode(entries)
        guard bytes.count <= ResultCache.sizeLimit else { return nil }
        let folder = PathNames.parent(path)
        if let reason = ResultCache.makeFolder(folder) { return reason }
        let fd: Int32, temporary: String
        do {
            (fd, temporary) = try System.makeTemporaryFile(PathNames.join(folder, ".tmp-cache-XXXXXX"), directory: folder)
        } catch {
            return (error as? SystemError)?.reason ?? "\(error)"
        }
        var failure: String?
        do {
            // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
            try bytes.withUnsafeBytes { try System.writeAll(fd, $0, path: temporary) }
        } catch {
            failure = (error as? SystemError)?.reason ?? "\(error)"
        }
        do { try System.closeReporting(fd, path: temporary) } catch { failure = failure ?? (error as? SystemError)?.reason }
        if failure == nil {
            do { try System.rename(temporary, to: path, path: path) } catch { failure = (error as? SystemError)?.reason ?? "\(error)" }
        }
        if failure != nil { System.removeFile(temporary) }
        return failure
    }

    /// `mkdir -p folder`; nil, or why it could not.
    private static func makeFolder(_ folder: String) -> String? {
        if let info = System.statusIfAny(of: folder) { return info.st_mode & S_IFMT == S_IFDIR ? nil : "not a directory" }
        if errno == ENOTDIR { return "not a directory" }
        let parent = PathNames.parent(folder)
        if parent != folder, let reason = makeFolder(parent) { return reason }
        do {
            try System.makeDirectory(folder, mode: 0o755)
        } catch let error as SystemError where error.code != EEXIST {
            return error.reason
        } catch {}
        return nil
    }
}

private extension String {
    func trimmingBlanks() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\n" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
