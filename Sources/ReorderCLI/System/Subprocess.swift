#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The programs `reorder` starts: git (the files of a repository, what
/// changed, the index's blobs) and the user's editor. Every child is
/// started here, with `posix_spawnp` (POSIX: the same on Linux and Darwin).
enum Subprocess {
    #if canImport(Darwin)
    // Darwin: the actions are an opaque pointer, set by their init.
    typealias Actions = posix_spawn_file_actions_t?
    #else
    typealias Actions = posix_spawn_file_actions_t
    #endif

    /// Empty spawn actions, to be given to `posix_spawn_file_actions_init`.
    private static func noActions() -> Actions {
        #if canImport(Darwin)
        return nil
        #else
        return posix_spawn_file_actions_t()
        #endif
    }

    /// This process's environment, for the child.
    private static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        // Darwin: `environ` is not visible to Swift; _NSGetEnviron gives it.
        return _NSGetEnviron().pointee
        #else
        return environ
        #endif
    }

    /// Runs `arguments` (found on PATH) with `input` on its standard input
    /// (nil: /dev/null), written from a second thread so that neither side
    /// waits for the other with a full pipe; standard error goes to
    /// /dev/null. Its standard output, or nil when it could not be run or
    /// did not exit 0. Reads and writes are retried on EINTR; a program that
    /// stops reading (EPIPE) is judged by its exit status.
    static func run(_ arguments: [String], input: [UInt8]? = nil) -> [UInt8]? {
        var outPipe: [Int32] = [0, 0], inPipe: [Int32] = [-1, -1]
        if input != nil {
            guard pipe(&inPipe) == 0 else { return nil }
        }
        guard pipe(&outPipe) == 0 else {
            for fd in inPipe where fd >= 0 { close(fd) }
            return nil
        }
        var actions = noActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for fd in inPipe + outPipe where fd >= 0 { posix_spawn_file_actions_addclose(&actions, fd) }
        let spawned = spawn(arguments, actions: &actions)
        if inPipe[0] >= 0 { close(inPipe[0]) }
        close(outPipe[1])
        defer { close(outPipe[0]) }
        guard let pid = spawned else {
            if inPipe[1] >= 0 { close(inPipe[1]) }
            return nil
        }
        var writer: BackgroundTask<Void>?
        if let input {
            let writeEnd = inPipe[1]
            let task = BackgroundTask<Void> {
                // EPIPE: the program ended; its status says how.
                // SAFETY: `input` lives for the closure; writeAll reads within its count.
                _ = try? input.withUnsafeBytes { try System.writeAll(writeEnd, $0, path: nil) }
                close(writeEnd)
            }
            guard task.started else {
                // Nothing would feed the program: end it rather than wait.
                close(writeEnd)
                kill(pid, SIGKILL)
                _ = waitForExit(pid)
                return nil
            }
            writer = task
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            // SAFETY: the buffer holds 65 536 bytes; read writes at most `count` of them.
            let count = buffer.withUnsafeMutableBytes { (try? System.read(outPipe[0], into: $0.baseAddress!, count: $0.count, path: nil)) ?? 0 }
            if count == 0 { break }
            output += buffer[0..<count]
        }
        writer?.wait()
        guard waitForExit(pid) == 0 else { return nil }
        return output
    }

    /// Runs `arguments` (the first a path, or found on PATH) with this
    /// process's standard input, output and error (an editor); its exit
    /// status, 128 + the signal that ended it, or 127 when it could not be
    /// started.
    static func runAttached(_ arguments: [String]) -> Int32 {
        var actions = noActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard let pid = spawn(arguments, actions: &actions) else { return 127 }
        return waitForExit(pid)
    }

    /// Starts `arguments[0]` with `actions`; its process id, or nil.
    private static func spawn(_ arguments: [String], actions: inout Actions) -> pid_t? {
        // SAFETY: each strdup'ed argument lives until the defer frees it,
        // after posix_spawnp returned (the child has its own copy by then).
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid = pid_t()
        guard posix_spawnp(&pid, arguments[0], &actions, nil, &cArguments, environment) == 0 else { return nil }
        return pid
    }

    /// Waits for `pid` (EINTR retried); its exit status, or 128 + the
    /// signal that ended it.
    private static func waitForExit(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited: the low 7 bits 0 (WIFEXITED), the status above them.
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        return 128 + (status & 0x7F)
    }
}
