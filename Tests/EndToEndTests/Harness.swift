import Foundation
import XCTest

/// Runs the built `reorder` binary, as a user would, in a fresh temporary
/// directory per test.
final class Harness {
    let directory: URL

    /// SIGPIPE ignored in the test process, once.
    static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// `REORDER_TEST_TMPDIR` (which `make test` sets, and checks is empty
    /// again after the tests) becomes the tests' `TMPDIR`, and so that of
    /// every program they start.
    static let temporaryDirectory: Void = {
        if let directory = ProcessInfo.processInfo.environment["REORDER_TEST_TMPDIR"], !directory.isEmpty {
            setenv("TMPDIR", directory, 1)
        }
        // check's cache outside git, for every program the tests start
        // (a run's own Harness.run gives each test its own): a folder of
        // this process's, removed when it exits, never ~/.cache.
        let caches = NSTemporaryDirectory() + "reorder-tests-cache-\(getpid())"
        setenv("XDG_CACHE_HOME", caches, 1)
        atexit { _ = try? FileManager.default.removeItem(atPath: String(cString: getenv("XDG_CACHE_HOME"))) }
    }()

    init() throws {
        Harness.temporaryDirectory
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        directory = base.appendingPathComponent("reorder-e2e-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        // A test may have made the directory read-only.
        chmod(directory.path, 0o755)
        try? FileManager.default.removeItem(at: directory)
        try? FileManager.default.removeItem(at: directory.appendingPathExtension("cache"))
    }

    /// The `reorder` executable: `REORDER` from the environment, or the one
    /// built beside the test bundle.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["REORDER"] { return URL(fileURLWithPath: path) }
        var directory = Bundle(for: Harness.self).bundleURL
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("reorder")
    }

    /// The repository's root (this file is `Tests/EndToEndTests/Harness.swift`).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the repository's Python script `script` (`Tests/lsp/client.py`)
    /// with python3, `REORDER` naming `reorder` (the built binary unless
    /// said): its exit status, and its standard output and error together.
    static func python(_ script: String, _ arguments: [String] = [],
                       reorder: String = Harness.binary.path) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repository.appendingPathComponent(script).path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["REORDER"] = reorder
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let exited = exitSignal(of: process)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        exited.wait()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Signalled when `process` (not yet started) has exited and its
    /// status is set. Foundation's `waitUntilExit` polls every 50 ms, ten
    /// times as long as a run of `reorder`; the tests start thousands.
    static func exitSignal(of process: Process) -> DispatchSemaphore {
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        return exited
    }

    struct Result {
        let status: Int32
        let stdout: Data
        let stderr: String
        var out: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs `reorder arguments` in the test's directory.
    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
             executable: URL? = nil, prefix: [String] = []) throws -> Result {
        let process = Process()
        if prefix.isEmpty {
            process.executableURL = executable ?? Harness.binary
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: prefix[0])
            process.arguments = Array(prefix.dropFirst()) + [(executable ?? Harness.binary).path] + arguments
        }
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = NSTemporaryDirectory()
        env.removeValue(forKey: "NO_COLOR")
        // check's cache outside git: beside the test's directory, not in ~/.cache.
        env["XDG_CACHE_HOME"] = directory.appendingPathExtension("cache").path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        // Output goes to files beside (not in) the test's directory, so a
        // large output cannot fill a pipe while the test waits.
        let outURL = directory.appendingPathExtension("stdout")
        let errURL = directory.appendingPathExtension("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let input = Pipe()
        let output = try FileHandle(forWritingTo: outURL), error = try FileHandle(forWritingTo: errURL)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        let exited = Harness.exitSignal(of: process)
        try process.run()
        // A child that exits before it reads all of its input (a usage
        // error) closes the pipe: that is an EPIPE error to ignore here, not
        // a SIGPIPE that ends the whole test run.
        Harness.ignoreBrokenPipes
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
        try input.fileHandleForWriting.close()
        exited.wait()
        try output.close()
        try error.close()
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        return Result(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }

    func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    func write(_ name: String, _ bytes: [UInt8], mode: Int? = nil) throws {
        try Data(bytes).write(to: url(name))
        if let mode { chmod(url(name).path, mode_t(mode)) }
    }

    func write(_ name: String, _ text: String, mode: Int? = nil) throws {
        try write(name, Array(text.utf8), mode: mode)
    }

    func read(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(name))) }
    func text(_ name: String) throws -> String { String(decoding: try read(name), as: UTF8.self) }

    /// Names in the directory (to see that no temporary file was left).
    func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
