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
        return files.filter { path in
            var status = stat()
            return lstat(PathNames.join(root, path), &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
    }

    /// `git ls-files` in `root`: nil when git is missing or `root` is in
    /// no repository.
    static func gitFiles(_ root: String) throws -> [String]? {
        guard let output = run(["git", "-C", root, "ls-files", "-z", "--cached"]) else { return nil }
        return output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `arguments` (found on PATH) with standard input and error from
    /// and to /dev/null; its standard output, or nil when it could not be
    /// run or did not exit 0.
    static func run(_ arguments: [String]) -> [UInt8]? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &cArguments, environ)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { return nil }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[0..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited (the low 7 bits 0) with status 0.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
        return output
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
                var status = stat()
                guard lstat(PathNames.join(root, path), &status) == 0 else { continue }
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
private final class WalkQueue: @unchecked Sendable {
    enum Entry {
        case file(String)
        case folder(Int)
    }
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Each folder's path, the rules of the .gitignore files above it, and
    /// once read its entries (or why it could not be read).
    private var folders: [(path: String, ignores: [IgnoreRule], entries: Result<[Entry], Error>?)] = []
    private var waiting: [Int] = []
    /// Folders added and not yet read.
    private var pending = 0

    init() {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// Adds a folder to read; its node's index.
    func add(_ path: String, _ ignores: [IgnoreRule]) -> Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        folders.append((path, ignores, nil))
        waiting.append(folders.count - 1)
        pending += 1
        pthread_cond_signal(changed)
        return folders.count - 1
    }

    /// Reads folders with `read` until none is left to read, by this
    /// thread or another.
    func work(_ read: (String, [IgnoreRule]) throws -> [Entry]) {
        pthread_mutex_lock(lock)
        while true {
            while waiting.isEmpty && pending > 0 { pthread_cond_wait(changed, lock) }
            guard let index = waiting.popLast() else { break }
            let (path, ignores, _) = folders[index]
            pthread_mutex_unlock(lock)
            let entries = Result { try read(path, ignores) }
            pthread_mutex_lock(lock)
            folders[index].entries = entries
            folders[index].ignores = []
            pending -= 1
            if pending == 0 { pthread_cond_broadcast(changed) }
        }
        pthread_mutex_unlock(lock)
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
