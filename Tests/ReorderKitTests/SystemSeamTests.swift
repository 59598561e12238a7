import Foundation
import XCTest

/// The command line's door to the operating system, read from the source
/// tree: outside `Sources/ReorderCLI/System/` no file calls the C library's
/// system functions (files, processes, signals, terminals, clocks, the
/// environment, threads' locks) and none asks which platform it is built
/// for; the C library is imported there only by the files the list below
/// names, for its types and constants.
final class SystemSeamTests: XCTestCase {
    static let cli = SeamTests.root.appendingPathComponent("Sources/ReorderCLI")
    static let systemFolder = cli.appendingPathComponent("System").standardizedFileURL.path + "/"

    /// The C library's functions that reach the operating system, by their
    /// Glibc names (byte functions such as memcmp are not among them).
    static let systemCalls: Set<String> = [
        "open", "openat", "creat", "read", "pread", "readv", "write", "pwrite", "writev", "close",
        "stat", "lstat", "fstat", "fstatat", "statx", "access", "faccessat", "rename", "renameat", "unlink", "unlinkat",
        "mkdir", "mkdirat", "rmdir", "mkstemp", "mkstemps", "mkdtemp", "realpath", "readlink", "symlink", "link",
        "chmod", "fchmod", "chown", "fchown", "fsync", "fdatasync", "flock", "fcntl", "ioctl", "lseek", "ftruncate", "truncate",
        "mmap", "munmap", "madvise", "posix_fadvise", "mprotect", "opendir", "fdopendir", "readdir", "closedir",
        "getcwd", "chdir", "posix_spawn", "posix_spawnp", "fork", "execv", "execve", "execvp", "waitpid", "wait",
        "kill", "raise", "signal", "sigaction", "sigprocmask", "pthread_sigmask", "pipe", "pipe2", "dup", "dup2",
        "poll", "select", "isatty", "tcgetattr", "tcsetattr", "sysconf", "getrlimit", "setrlimit",
        "getenv", "setenv", "unsetenv", "clock_gettime", "gettimeofday", "nanosleep", "usleep", "sleep",
        "geteuid", "getuid", "getpid", "umask", "getxattr", "setxattr", "listxattr", "removexattr",
        "fgetxattr", "fsetxattr", "flistxattr", "fremovexattr", "copy_file_range", "sendfile",
        "pthread_create", "pthread_join", "pthread_mutex_init", "pthread_mutex_lock", "pthread_mutex_unlock",
        "pthread_cond_init", "pthread_cond_wait", "pthread_cond_signal", "pthread_cond_broadcast", "mallopt",
    ]

    /// The files outside `System/` that still import the C library, and
    /// what for: none of them calls a system function (the test below).
    static let importsForTypes: [String: String] = [
        "Commands/InitCommand.swift": "errno, for the SystemError of a path that does not resolve",
        "Commands/PickCommand.swift": "stat (FileSnapshot's fields) and EROFS, ENOENT",
        "Commands/Session.swift": "ENOENT",
        "Jobs/Runner+EachInput.swift": "EPIPE",
        "LSP/LSPText.swift": "memchr (a byte search, no system call)",
        "Messages/FileError.swift": "mode_t, gid_t and the S_IF* file types, for the messages",
        "Policy/GitIndex.swift": "stat's fields, S_IF*, O_RDONLY and memmove",
        "Policy/LoadedPolicy.swift": "errno, for the SystemError of a path that does not resolve",
        "Policy/PolicyContext.swift": "EPIPE",
        "Policy/RepositoryFiles.swift": "stat and S_IF*, read from FolderCursor and System.linkStatusIfAny",
        "Policy/ResultCache.swift": "stat (the cache's identity of a file), O_RDONLY, ENOENT, ENOTDIR, EEXIST, memcmp",
        "Runner.swift": "EPIPE",
    ]

    /// The system functions `line` calls: `name(` with an argument and no
    /// label (a C function's call), not after a dot (a method) or `func`;
    /// `bound` are names the file gives its own functions or closures'
    /// parameters (`{ write in`, `_ read:`), which are not the C library's.
    /// Comments and string literals are left out.
    static func systemCalls(in line: Substring, bound: Set<String>) -> [String] {
        var code = String(line)
        if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
        code = code.replacing(#/"(?:[^"\\]|\\.)*"/#, with: "\"\"")
        var found: [String] = []
        for match in code.matches(of: #/(?:^|[^\w.])(func\s+)?([a-z_][a-z0-9_]*)\(\s*([A-Za-z_][A-Za-z0-9_]*\s*:(?!:))?/#) {
            let name = String(match.output.2)
            guard match.output.1 == nil, match.output.3 == nil, systemCalls.contains(name), !bound.contains(name) else { continue }
            // `stat()`: the structure's initializer, not the call.
            let after = code[match.range.upperBound...]
            if after.first == ")" { continue }
            found.append(name)
        }
        return found
    }

    /// The names a file binds itself: closure parameters, unlabelled
    /// parameters and functions whose first parameter has no label.
    static func boundNames(in text: String) -> Set<String> {
        var names: Set<String> = []
        for match in text.matches(of: #/\{\s*(?:\[[^\]]*\]\s*)?([A-Za-z_][A-Za-z0-9_]*)\s+in\b/#) { names.insert(String(match.output.1)) }
        for match in text.matches(of: #/\b_\s+([A-Za-z_][A-Za-z0-9_]*)\s*:/#) { names.insert(String(match.output.1)) }
        for match in text.matches(of: #/func\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*_\s/#) { names.insert(String(match.output.1)) }
        return names
    }

    func testTheCallsTheCheckLooksForAreFound() {
        let calls = [
            "let fd = open(path, O_RDONLY | O_CLOEXEC)": ["open"],
            "guard lstat(PathNames.join(root, path), &status) == 0 else { continue }": ["lstat"],
            "let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &cArguments, environ)": ["posix_spawnp"],
            "while waitpid(pid, &status, 0) < 0 && errno == EINTR {}": ["waitpid"],
            "let processors = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))": ["sysconf"],
            "if let xdg = getenv(\"XDG_CACHE_HOME\").map({ String(cString: $0) }) {": ["getenv"],
            "clock_gettime(CLOCK_MONOTONIC, &now)": ["clock_gettime"],
            "if failure != nil { unlink(temporary) }": ["unlink"],
        ]
        for (line, expected) in calls {
            XCTAssertEqual(Self.systemCalls(in: line[...], bound: []), expected, line)
        }
        let fine = [
            "var status = stat()",
            "try System.writeAll(fd, bytes, path: path)",
            "static func stat(moves: Int, inserts: Int) -> String {",
            "return read(indexPath: found.gitDirectory + \"/index\", prefix: prefix)",
            "// a comment that says open(path, flags)",
            "let text = \"read(fd, buffer, count)\"",
            "func write(_ bytes: UnsafeRawBufferPointer) throws",
        ]
        for line in fine {
            XCTAssertEqual(Self.systemCalls(in: line[...], bound: []), [], line)
        }
        XCTAssertEqual(Self.systemCalls(in: "try write($0)", bound: Self.boundNames(in: "write: { write in try write($0) }")), [])
        XCTAssertEqual(Self.systemCalls(in: "try read(path, ignores)", bound: Self.boundNames(in: "func work(_ read: (String) -> Void)")), [])
    }

    /// Every system call of the command line goes through `System/`.
    func testNoSystemCallOutsideTheSystemFolder() throws {
        let files = try SeamTests.swiftFiles(under: Self.cli)
        XCTAssertGreaterThan(files.count, 50, "too few Swift files under \(Self.cli.path)")
        for file in files where !file.url.standardizedFileURL.path.hasPrefix(Self.systemFolder) {
            let text = try String(contentsOf: file.url, encoding: .utf8)
            let bound = Self.boundNames(in: text)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for name in Self.systemCalls(in: line, bound: bound) {
                    XCTFail("\(file.path):\(index + 1): \(name)() is a system call outside Sources/ReorderCLI/System/; "
                        + "call it through System (System.swift) or a type of that folder: \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
    }

    /// Only `System/` knows which platform it is built for, and the C
    /// library is imported elsewhere only for the types and constants the
    /// list above names.
    func testOnlyTheSystemFolderAsksForThePlatform() throws {
        let cliPath = Self.cli.standardizedFileURL.path + "/"
        var importing: Set<String> = []
        for file in try SeamTests.swiftFiles(under: Self.cli) where !file.url.standardizedFileURL.path.hasPrefix(Self.systemFolder) {
            let relative = String(file.url.standardizedFileURL.path.dropFirst(cliPath.count))
            let text = try String(contentsOf: file.url, encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("#if os(") || code.hasPrefix("#elseif os(") || code.contains("canImport(Darwin)") || code == "import Darwin" {
                    XCTFail("\(file.path):\(index + 1): a platform test outside System/; put the platform's code in System/: \(code)")
                }
                if code == "import Glibc" || code == "import Musl" { importing.insert(relative) }
            }
        }
        for file in importing.subtracting(Self.importsForTypes.keys).sorted() {
            XCTFail("Sources/ReorderCLI/\(file) imports the C library: call System/ instead, or add the file to importsForTypes with what it needs")
        }
        for file in Set(Self.importsForTypes.keys).subtracting(importing).sorted() {
            XCTFail("Sources/ReorderCLI/\(file) no longer imports the C library: take it out of importsForTypes")
        }
    }
}
