#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An input's bytes: a regular file is mapped, not copied (a 1 GB file costs
/// page-cache pages, not a second gigabyte); a pipe or terminal is read,
/// up to `streamLimit` bytes.
///
/// A mapped file that another program shortens while it is read would end
/// the process with SIGBUS; `MappingGuard` catches that, and `shrank` tells.
final class InputBytes {
    // SAFETY: valid from init until deinit calls `release` (the mapping, the malloc'ed buffer or the copy), which nothing else calls.
    let bytes: UnsafeRawBufferPointer
    /// The file's name in messages (nil: standard input).
    private let path: String?
    /// A mapped file: a descriptor of it (to see its size again) and the
    /// guard of its range.
    private let mapped: (fd: Int32, registration: MappingGuard.Registration?)?
    private let release: () -> Void
    /// `fstat` of a regular file, taken just before its bytes were read
    /// (nil for a pipe, a terminal, bytes held in memory): what `pick` and
    /// `edit` remember of the file they show (`FileSnapshot`).
    private(set) var fileStatus: stat?

    private init(bytes: UnsafeRawBufferPointer, path: String?,
                 mapped: (fd: Int32, registration: MappingGuard.Registration?)? = nil,
                 release: @escaping () -> Void) {
        self.bytes = bytes
        self.path = path
        self.mapped = mapped
        self.release = release
    }

    deinit { release() }

    /// Names that mean standard input as a FILE operand: `-`, and the
    /// system's names for descriptor 0 (reading them by name would read the
    /// file standard input was redirected from, and edit it in place).
    static func namesStandardInput(_ path: String) -> Bool {
        // Darwin: no /proc; /dev/fd/0 is its name there (the /proc one is
        // only never given).
        ["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"].contains(path)
    }

    /// Whether `path` names a regular file (after symlinks): one that can
    /// be read ahead of time, as a pipe cannot without taking its bytes.
    static func isRegularFile(_ path: String) -> Bool { regularFileSize(path) != nil }

    /// The size of `path` when it is a regular file (not standard input),
    /// else nil.
    static func regularFileSize(_ path: String) -> Int? {
        guard !namesStandardInput(path) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The bytes of the file `path`; symlinks are followed.
    static func read(path: String) throws -> InputBytes {
        let fd = try System.open(path, O_RDONLY)
        defer { System.close(fd) }
        return try read(fd: fd, path: path)
    }

    /// Files up to this size are read into memory, larger ones mapped.
    static let smallFile = 64 << 10

    /// The bytes readable from `fd`, which stays open.
    static func read(fd: Int32, path: String?) throws -> InputBytes {
        let info = try System.status(of: fd, path: path)
        let isRegular = (info.st_mode & S_IFMT) == S_IFREG
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw SystemError(code: EISDIR, operation: "read", path: path)
        }
        let bytes: InputBytes
        // A small file is read: mapping it costs more (a mapping to make
        // and unmake, and on unmapping a flush of every processor's TLB,
        // which a run over a whole repository on several threads pays for
        // every file).
        if isRegular && info.st_size > smallFile, let mapping = map(fd: fd, length: Int(info.st_size), path: path) {
            bytes = mapping
        } else {
            bytes = try readStream(fd, sizeHint: isRegular ? Int(info.st_size) : 0, path: path)
        }
        if isRegular { bytes.fileStatus = info }
        return bytes
    }

    private static func map(fd: Int32, length: Int, path: String?) -> InputBytes? {
        let kept = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard kept >= 0 else { return nil }
        #if os(Linux)
        // The pages read ahead now, in one call.
        let flags = MAP_PRIVATE | MAP_POPULATE
        #else
        // Darwin: no MAP_POPULATE; the pages come in as they are first read
        // (MADV_SEQUENTIAL below still reads ahead).
        let flags = MAP_PRIVATE
        #endif
        guard let address = mmap(nil, length, PROT_READ, flags, fd, 0), address != MAP_FAILED else {
            System.close(kept)
            return nil
        }
        _ = madvise(address, length, MADV_SEQUENTIAL)
        let registration = MappingGuard.register(start: address, count: length)
        // SAFETY: `length` bytes are mapped at `address` until the release closure unmaps them.
        return InputBytes(bytes: UnsafeRawBufferPointer(start: address, count: length), path: path,
                          mapped: (kept, registration)) {
            if let registration { MappingGuard.release(registration) }
            munmap(address, length)
            System.close(kept)
        }
    }

    /// Whether the file became shorter than what was mapped while it was
    /// read: a read past its new end was caught, or it is shorter now. (The
    /// bytes read are then not the file's: zeros stand in for what went.)
    var shrank: Bool {
        guard let mapped else { return false }
        if let registration = mapped.registration, MappingGuard.faulted(registration) { return true }
        var info = stat()
        return fstat(mapped.fd, &info) == 0 && Int(info.st_size) < bytes.count
    }

    /// Throws `FileError.shrankWhileReading` when `shrank`.
    func throwIfShrank() throws {
        if shrank { throw FileError.shrankWhileReading(path: path) }
    }

    /// The most bytes held from a pipe, a terminal or a device: half the
    /// memory this process may use (the machine's, or less under
    /// `ulimit -v` or `-d`), so that endless input (`< /dev/zero`) ends with
    /// a message rather than an allocation failure or the OOM killer.
    static let streamLimit: Int = {
        var limit = Int(sysconf(Int32(_SC_PHYS_PAGES))) &* Int(sysconf(Int32(_SC_PAGESIZE)))
        if limit <= 0 { limit = Int.max }
        #if canImport(Glibc)
        let resources = [RLIMIT_AS, RLIMIT_DATA].map { __rlimit_resource_t($0.rawValue) }
        #else
        // Darwin: the resources are plain Int32 constants.
        let resources = [RLIMIT_AS, RLIMIT_DATA]
        #endif
        for resource in resources {
            var bound = rlimit()
            if getrlimit(resource, &bound) == 0 && bound.rlim_cur != rlim_t.max {  // RLIM_INFINITY
                limit = min(limit, Int(clamping: bound.rlim_cur))
            }
        }
        return max(limit / 2, 1 << 20)
    }()

    /// Reads `fd` to its end, refusing more than `streamLimit` bytes.
    private static func readStream(_ fd: Int32, sizeHint: Int, path: String?) throws -> InputBytes {
        let limit = streamLimit
        var capacity = min(max(sizeHint + 1, 65_536), limit + 1)
        guard var buffer = malloc(capacity) else { throw SystemError(code: ENOMEM, operation: "read", path: path) }
        var length = 0
        do {
            while true {
                if length == capacity {
                    guard capacity <= limit else { throw FileError.inputTooLarge(path: path, limit: limit) }
                    let larger = min(capacity * 2, limit + 1)
                    guard let grown = realloc(buffer, larger) else {
                        throw SystemError(code: ENOMEM, operation: "read", path: path)
                    }
                    buffer = grown
                    capacity = larger
                }
                // SAFETY: `length < capacity`: the read stays within the `capacity` bytes allocated.
                let count = try System.read(fd, into: buffer + length, count: capacity - length, path: path)
                if count == 0 { break }
                length += count
            }
        } catch {
            free(buffer)
            throw error
        }
        let start = buffer
        // SAFETY: `length` bytes were read into `start`, which only the release closure frees.
        return InputBytes(bytes: UnsafeRawBufferPointer(start: start, count: length), path: path) { free(start) }
    }

    /// Bytes held in memory (tests, and standard input given as bytes).
    static func copying(_ array: [UInt8]) -> InputBytes {
        // SAFETY: allocated here, freed only by the release closure, read only through `bytes`.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(array.count, 1), alignment: 16)
        buffer.copyBytes(from: array)
        // SAFETY: the first array.count bytes of the buffer, copied above; freed by the release closure only.
        return InputBytes(bytes: UnsafeRawBufferPointer(rebasing: buffer[0..<array.count]), path: nil) { buffer.deallocate() }
    }
}
