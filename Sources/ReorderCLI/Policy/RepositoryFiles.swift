#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ReorderKit

/// The files a policy governs when no file is named: those git tracks
/// below the policy's folder, or, outside git, those below it that no
/// `.gitignore` ignores, hidden folders skipped but those a rule's
/// `files` names (`.github/`).
enum RepositoryFiles {
    /// Paths relative to `root`, each a regular file.
    static func list(root: String, policy: Policy, alsoHidden: Set<String> = []) throws -> [String] {
        let files = try gitFiles(root) ?? walk(root, policy: policy, alsoHidden: alsoHidden)
        return files.filter { System.isRegularFile(noFollow: PathNames.join(root, $0)) }
    }

    /// The files of a whole-repository run, as `list` finds them, on
    /// every core: each one a run looks at (`looksAt`: a rule covers it,
    /// or markers are on) is lstat'ed — kept when a regular file, with its
    /// identity for the cache; the others (markers off, no rule) are kept
    /// unread and unstat'ed, as the run opens them never.
    static func listForRun(root: String, policy: Policy) throws -> ListedFiles {
        let files = try gitFiles(root) ?? walk(root, policy: policy)
        let count = files.count
        // Per file: 0 dropped, 1 looked at (its identity in `found`), 2 not looked at.
        var kinds = [UInt8](repeating: 0, count: count)
        var found = [ResultCache.Identity](repeating: ResultCache.Identity(device: 0, inode: 0, size: 0, modified: 0, changed: 0),
                                           count: policy.markers ? count : 0)
        var sparse: [Int: ResultCache.Identity] = [:]
        let threads = min(System.processorCount, 8, max(1, count / 1024))
        var partial = [[Int: ResultCache.Identity]](repeating: [:], count: threads)
        // SAFETY: the threads given the storage of `kinds` each write only their own slots, and are joined before the closure returns.
        kinds.withUnsafeMutableBufferPointer { kindSlots in
            // SAFETY: the threads given the storage of `found` each write only their own slots, and are joined before the closure returns.
            found.withUnsafeMutableBufferPointer { foundSlots in
                // SAFETY: the threads given the storage of `partial` each write only their own slots, and are joined before the closure returns.
                partial.withUnsafeMutableBufferPointer { partialSlots in
                    let shared = ListSlots(kinds: kindSlots, found: foundSlots, partial: partialSlots)
                    // Each thread a run of consecutive files, so that the
                    // files of one folder are stat'ed from that folder's
                    // descriptor (the kernel walks one name, not the path).
                    func work(_ thread: Int) {
                        var local: [Int: ResultCache.Identity] = [:]
                        var cursor = FolderCursor(root: root)
                        let range = (count * thread / threads)..<(count * (thread + 1) / threads)
                        for index in range {
                            let path = files[index]
                            if !policy.markers && policy.rules(matching: path).isEmpty {
                                shared.kinds[index] = 2
                                continue
                            }
                            var status = stat()
                            let done = cursor.linkStatus(path, next: index + 1 < range.upperBound ? files[index + 1] : nil, into: &status)
                            guard done && status.st_mode & S_IFMT == S_IFREG else { continue }
                            shared.kinds[index] = 1
                            if policy.markers { shared.found[index] = ResultCache.Identity(status) } else { local[index] = ResultCache.Identity(status) }
                        }
                        shared.partial[thread] = local
                    }
                    let helpers = (1..<threads).map { thread in BackgroundTask { work(thread) } }
                    work(0)
                    for helper in helpers { helper.wait() }
                }
            }
        }
        for part in partial { sparse.merge(part) { a, _ in a } }
        var listed = ListedFiles()
        listed.paths.reserveCapacity(count)
        for index in 0..<count where kinds[index] != 0 {
            if kinds[index] == 1 {
                listed.identities.append(policy.markers ? found[index] : sparse[index]!)
                listed.identityOf.append(Int32(listed.identities.count - 1))
            } else {
                listed.identityOf.append(-1)
            }
            listed.paths.append(files[index])
        }
        return listed
    }

    /// The files git tracks below `root`, as `git ls-files` lists them
    /// (gitlinks left out): read from the index itself when it is a plain
    /// one (`GitIndex`), else from `git ls-files`; nil when git is missing
    /// or `root` is in no repository.
    static func gitFiles(_ root: String) throws -> [String]? {
        if let paths = GitIndex.trackedFiles(root: root) { return paths }
        return try gitLsFiles(root)
    }

    /// `git ls-files` in `root`: nil when git is missing or `root` is in
    /// no repository.
    static func gitLsFiles(_ root: String) throws -> [String]? {
        guard let output = Subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached"]) else { return nil }
        // Each path made straight from the output: no array of slices first.
        var paths: [String] = []
        // SAFETY: the bytes of `output` are only read inside the closure, and no pointer to them leaves it.
        output.withUnsafeBytes { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0 { end += 1 }
                // SAFETY: a range found in `bytes`, so within its bounds; the view is used no longer than `bytes` is valid.
                if end > start { paths.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)) }
                start = end + 1
            }
        }
        return paths
    }

    /// Outside git: every regular file below `root` that no `.gitignore`
    /// on the way ignores; hidden folders are skipped unless a rule's
    /// pattern names them. Sorted as a walk that visits each folder's
    /// entries in byte order, going into each folder where it stands; the
    /// folders are read on `threads` threads at once (`WalkQueue`).
    static func walk(_ root: String, policy: Policy, alsoHidden: Set<String> = [], threads: Int = 2) throws -> [String] {
        let named = alsoHidden.union(policy.rules.flatMap(\.files).flatMap { glob in
            glob.text.split(separator: "/").filter { $0.hasPrefix(".") && !$0.contains("*") }.map(String.init)
        })
        let queue = WalkQueue()
        /// One folder: its entries in order, each a file or a folder (the
        /// index of its own node).
        func visit(_ relative: String, _ ignores: [IgnoreRule]) throws -> [WalkQueue.Entry] {
            let directory = relative.isEmpty ? root : PathNames.join(root, relative)
            var ignores = ignores
            if let content = try? InputBytes.read(path: PathNames.join(directory, ".gitignore")) {
                ignores += withExtendedLifetime(content) { IgnoreRule.parse(Array(content.bytes), base: relative) }
            }
            var entries: [WalkQueue.Entry] = []
            for name in try System.directoryEntries(directory).sorted() {
                let path = relative.isEmpty ? name : relative + "/" + name
                guard let status = System.linkStatusIfAny(PathNames.join(root, path)) else { continue }
                let isDirectory = status.st_mode & S_IFMT == S_IFDIR
                if name == ".git" { continue }
                if isDirectory && name.hasPrefix(".") && !named.contains(name) { continue }
                if IgnoreRule.ignores(ignores, path, isDirectory: isDirectory) { continue }
                if isDirectory {
                    entries.append(.folder(queue.add(path, ignores)))
                } else if status.st_mode & S_IFMT == S_IFREG {
                    entries.append(.file(path))
                }
            }
            return entries
        }
        _ = queue.add("", [])
        let work = { queue.work { relative, ignores in try visit(relative, ignores) } }
        let helpers = (1..<max(1, threads)).map { _ in BackgroundTask { work() } }
        work()
        for helper in helpers { helper.wait() }
        return try queue.files()
    }
}

/// The folders of a walk still to read, shared by its threads: each takes
/// a folder, reads it, and adds the folders found in it.
// SAFETY: every use of the mutable state holds `lock` (a pthread mutex), and waits on `changed` under it.
private final class WalkQueue: @unchecked Sendable {
    enum Entry {
        case file(String)
        case folder(Int)
    }
    /// Its lock, and the condition "a folder was added, or none is left".
    private let lock = ConditionLock()
    /// Each folder's path, the rules of the .gitignore files above it, and
    /// once read its entries (or why it could not be read).
    private var folders: [(path: String, ignores: [IgnoreRule], entries: Result<[Entry], Error>?)] = []
    private var waiting: [Int] = []
    /// Folders added and not yet read.
    private var pending = 0

    /// Adds a folder to read; its node's index.
    func add(_ path: String, _ ignores: [IgnoreRule]) -> Int {
        lock.lock()
        defer { lock.unlock() }
        folders.append((path, ignores, nil))
        waiting.append(folders.count - 1)
        pending += 1
        lock.signal()
        return folders.count - 1
    }

    /// Reads folders with `read` until none is left to read, by this
    /// thread or another.
    func work(_ read: (String, [IgnoreRule]) throws -> [Entry]) {
        lock.lock()
        while true {
            while waiting.isEmpty && pending > 0 { lock.wait() }
            guard let index = waiting.popLast() else { break }
            let (path, ignores, _) = folders[index]
            lock.unlock()
            let entries = Result { try read(path, ignores) }
            lock.lock()
            folders[index].entries = entries
            folders[index].ignores = []
            pending -= 1
            if pending == 0 { lock.broadcast() }
        }
        lock.unlock()
    }

    /// The files, in the order of a walk from the first folder; the first
    /// error in that order is thrown.
    func files() throws -> [String] {
        var files: [String] = []
        var stack: [(folder: Int, next: Int)] = [(0, 0)]
        while let (folder, next) = stack.popLast() {
            let entries = try folders[folder].entries!.get()
            guard next < entries.count else { continue }
            stack.append((folder, next + 1))
            switch entries[next] {
            case .file(let path): files.append(path)
            case .folder(let child): stack.append((child, 0))
            }
        }
        return files
    }
}

/// The files of a whole-repository run: their paths (relative to the
/// root) and, for each one the run looks at, its identity as lstat saw it.
struct ListedFiles {
    var paths: [String] = []
    /// Per path: its index in `identities`, or -1 (not looked at).
    var identityOf: [Int32] = []
    var identities: [ResultCache.Identity] = []

    func identity(_ index: Int) -> ResultCache.Identity? {
        let at = identityOf[index]
        return at < 0 ? nil : identities[Int(at)]
    }
}

/// The slots `listForRun`'s threads write, each its own.
// SAFETY: each thread writes only its own run of files and its own `partial` slot; the arrays outlive the joined threads.
private struct ListSlots: @unchecked Sendable {
    let kinds: UnsafeMutableBufferPointer<UInt8>
    let found: UnsafeMutableBufferPointer<ResultCache.Identity>
    let partial: UnsafeMutableBufferPointer<[Int: ResultCache.Identity]>
}

/// One line of a `.gitignore`: a pattern relative to its folder, or with
/// `!` one that brings back what an earlier one ignored.
struct IgnoreRule {
    let glob: Glob
    let negated: Bool
    let directoriesOnly: Bool
    /// The folder of the `.gitignore`, relative to the root ("" for it).
    let base: String

    static func parse(_ bytes: [UInt8], base: String) -> [IgnoreRule] {
        var rules: [IgnoreRule] = []
        for rawLine in bytes.split(separator: 0x0A) {
            var line = String(decoding: rawLine, as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            // Trailing blanks go unless quoted with a backslash.
            while line.hasSuffix(" ") && !line.hasSuffix("\\ ") { line.removeLast() }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            var negated = false
            if line.hasPrefix("!") {
                negated = true
                line.removeFirst()
            }
            let directoriesOnly = line.hasSuffix("/")
            if directoriesOnly { line.removeLast() }
            guard !line.isEmpty, let glob = try? Glob(line) else { continue }
            rules.append(IgnoreRule(glob: glob, negated: negated, directoriesOnly: directoriesOnly, base: base))
        }
        return rules
    }

    /// Whether the last rule that matches `path` (relative to the root)
    /// ignores it.
    static func ignores(_ rules: [IgnoreRule], _ path: String, isDirectory: Bool) -> Bool {
        var ignored = false
        for rule in rules where !rule.directoriesOnly || isDirectory {
            let relative: String
            if rule.base.isEmpty {
                relative = path
            } else {
                guard path.hasPrefix(rule.base + "/") else { continue }
                relative = String(path.dropFirst(rule.base.count + 1))
            }
            if rule.glob.matches(relative) { ignored = !rule.negated }
        }
        return ignored
    }
}
