import Foundation
import XCTest

/// An in-place edit that never surprises: special files, standard input's
/// other names, ACLs, attributes and group, dangling symlinks, concurrent
/// runs and writers, files that shrink, signals, stale temporary files,
/// endless input, and what the messages name (issue 15).
///
/// Some tests need root (a device node, a mount, another owner): CI runs as
/// root. Tools come from Debian packages that `.ci/run` installs; a missing
/// one fails the test with the package's name.
final class InPlaceSafetyTests: XCTestCase {
    // MARK: - Helpers

    /// A run started and not waited for.
    final class Running {
        let process = Process()
        let errURL: URL
        init(_ h: Harness, _ arguments: [String], executable: URL? = nil) throws {
            process.executableURL = executable ?? Harness.binary
            process.arguments = arguments
            process.currentDirectoryURL = h.directory
            errURL = h.directory.appendingPathExtension("stderr-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errURL)
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        deinit { try? FileManager.default.removeItem(at: errURL) }

        /// Waits at most `timeout` seconds; false (and the run killed) when
        /// it had not ended by then.
        func wait(timeout: TimeInterval = 60) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(2_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return false
            }
            process.waitUntilExit()
            return true
        }

        var stderr: String {
            defer { try? FileManager.default.removeItem(at: errURL) }
            return (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        }
    }

    func b(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// `/bin/sh -c script` in the test's directory, with the binary as `$0`.
    func shell(_ h: Harness, _ script: String, binary: URL = Harness.binary) throws -> Harness.Result {
        try h.run(["-c", script, binary.path], executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// The path of `tool`, or a failure naming the Debian package it is in.
    func requiredTool(_ name: String, package: String) -> String? {
        for directory in ["/usr/bin", "/bin", "/usr/sbin", "/sbin"] where FileManager.default.isExecutableFile(atPath: directory + "/" + name) {
            return directory + "/" + name
        }
        XCTFail("\(name) is needed: install the Debian package '\(package)' (.ci/run does)")
        return nil
    }

    /// Runs a tool to set up or inspect a file; its standard output.
    @discardableResult
    func runTool(_ path: String, _ arguments: [String], in h: Harness) throws -> String {
        let result = try h.run(arguments, executable: URL(fileURLWithPath: path))
        XCTAssertEqual(result.status, 0, "\(path) \(arguments): \(result.stderr)")
        return result.out
    }

    func temporaries(_ h: Harness, in folder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: h.url(folder).path).filter { $0.contains(".reorder-") }
    }

    /// Polls until a temporary file of the edit appears (the run is then
    /// writing it); false when the run ended first.
    func waitForTemporary(_ h: Harness, of run: Running) throws -> Bool {
        while run.process.isRunning {
            if try !temporaries(h).isEmpty { return true }
            usleep(500)
        }
        return false
    }

    /// A list of `count` lines, 12 bytes or so each.
    func lines(_ count: Int) -> String { (0..<count).map { "line \($0)\n" }.joined() }

    /// The unprivileged user the permission tests run as (root runs them).
    static let nobody: uid_t = 65534

    /// A copy of the binary every user may run (the build directory may sit
    /// under a private home).
    func binaryForOtherUsers(_ h: Harness) throws -> URL {
        let copy = h.directory.deletingLastPathComponent().appendingPathComponent("reorder-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Harness.binary, to: copy)
        chmod(copy.path, 0o755)
        addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
        return copy
    }

    /// As root: the prefix that runs a command as `nobody` with `groups`.
    func asNobody(_ h: Harness, groups: [gid_t]) -> [String]? {
        guard geteuid() == 0 else { return [] }
        guard let setpriv = requiredTool("setpriv", package: "util-linux") else { return nil }
        chmod(h.directory.path, 0o777)
        let groupOption = groups.isEmpty ? "--clear-groups" : "--groups=" + groups.map(String.init).joined(separator: ",")
        return [setpriv, "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", groupOption]
    }

    /// Holds the `flock` reorder takes, as another run would.
    func holdLock(_ path: String) -> Int32 {
        let fd = open(path, O_RDONLY)
        XCTAssertEqual(flock(fd, LOCK_EX), 0)
        return fd
    }

    // MARK: - Only a regular file is replaced

    func testAFIFOIsRefusedInPlaceWithoutOpeningIt() throws {
        let h = try Harness()
        XCTAssertEqual(mkfifo(h.url("fifo").path, 0o644), 0)
        // Opening a FIFO for reading waits for a writer: a run that opened
        // it would hang here.
        let run = try Running(h, ["insert", "0", "x", "fifo"])
        XCTAssertTrue(run.wait(timeout: 10), "reorder opened the FIFO and waited for a writer")
        XCTAssertEqual(run.process.terminationStatus, 2)
        XCTAssertEqual(run.stderr, "reorder: fifo: not a regular file (a FIFO); only a regular file is edited in place: "
                       + "read it with '<' or give '-o PATH' for the result\n")
        var info = stat()
        XCTAssertEqual(stat(h.url("fifo").path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO was replaced")
        XCTAssertEqual(try temporaries(h), [])
    }

    func testADeviceNodeOrSocketIsRefusedInPlaceAndStaysWhatItWas() throws {
        let h = try Harness()
        // As root, a node of its own (/dev/null's numbers); as anyone else,
        // /dev/null itself (which they could not replace anyway).
        let device: String
        if geteuid() == 0 {
            XCTAssertEqual(mknod(h.url("null").path, S_IFCHR | 0o666, dev_t(0x103) /* makedev(1, 3) */), 0)
            device = "null"
        } else {
            device = "/dev/null"
        }
        let result = try h.run(["insert", "0", "x", device])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("\(device): not a regular file (a character device)"), result.stderr)
        var info = stat()
        XCTAssertEqual(stat(device.hasPrefix("/") ? device : h.url(device).path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "the device node became something else")

        let socketPath = h.url("socket").path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(socketPath.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        defer { close(fd) }
        XCTAssertEqual(bound, 0)
        let onSocket = try h.run(["reverse", "socket"])
        XCTAssertEqual(onSocket.status, 2)
        XCTAssertTrue(onSocket.stderr.contains("socket: not a regular file (a socket)"), onSocket.stderr)
        XCTAssertEqual(lstat(socketPath, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK)
        XCTAssertEqual(try temporaries(h), [])
    }

    func testStandardInputsOtherNamesReadItAndLeaveTheFileItCameFromAlone() throws {
        let h = try Harness()
        for name in ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"] {
            try h.write("list.txt", "a\nb\n")
            let result = try shell(h, "exec \"$0\" insert 0 x \(name) < list.txt")
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertEqual(result.out, "x\na\nb\n", name)
            XCTAssertEqual(try h.text("list.txt"), "a\nb\n", "\(name): the file standard input came from was edited")
        }
        XCTAssertEqual(try h.listing(), ["list.txt"])
    }

    // MARK: - What the file was: ACL, attributes, group

    func testTheACLAndAUserAttributeAreKept() throws {
        guard let setfacl = requiredTool("setfacl", package: "acl"), let getfacl = requiredTool("getfacl", package: "acl"),
              let setfattr = requiredTool("setfattr", package: "attr"), let getfattr = requiredTool("getfattr", package: "attr")
        else { return }
        let h = try Harness()
        // As root, and as the file's owner when it is an ordinary user.
        var runs: [(String, [String], URL?)] = [("root", [], nil)]
        if geteuid() == 0, let prefix = asNobody(h, groups: []) {
            runs.append(("owner", prefix, try binaryForOtherUsers(h)))
        }
        for (who, prefix, binary) in runs {
            let name = "\(who).txt"
            try h.write(name, "a\nb\n", mode: 0o640)
            if who == "owner" { chown(h.url(name).path, Self.nobody, Self.nobody) }
            try runTool(setfacl, ["-m", "u:12345:r,g:12346:rw", name], in: h)
            try runTool(setfattr, ["-n", "user.origin", "-v", "kept", name], in: h)
            let acl = try runTool(getfacl, ["-p", name], in: h)
            XCTAssertTrue(acl.contains("mask::rw-"), acl)
            let result = try h.run(["move", "0", "1", name], executable: binary, prefix: prefix)
            XCTAssertEqual(result.status, 0, "\(who): \(result.stderr)")
            XCTAssertEqual(try h.text(name), "b\na\n", who)
            XCTAssertEqual(try runTool(getfacl, ["-p", name], in: h), acl, "\(who): the ACL changed")
            XCTAssertEqual(try runTool(getfattr, ["--only-values", "-n", "user.origin", name], in: h), "kept", who)
        }
    }

    /// A directory's default ACL would give a new file an ACL the edited
    /// file did not have: the new file gets the old one's (none).
    func testADefaultACLOfTheDirectoryIsNotAddedToTheFile() throws {
        guard let setfacl = requiredTool("setfacl", package: "acl"), let getfacl = requiredTool("getfacl", package: "acl") else { return }
        let h = try Harness()
        try FileManager.default.createDirectory(at: h.url("shared"), withIntermediateDirectories: true)
        try h.write("shared/list.txt", "a\nb\n", mode: 0o600)
        try runTool(setfacl, ["-d", "-m", "u:12345:rw", "shared"], in: h)
        let before = try runTool(getfacl, ["-p", "shared/list.txt"], in: h)
        XCTAssertFalse(before.contains("12345"), before)
        let result = try h.run(["reverse", "shared/list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try runTool(getfacl, ["-p", "shared/list.txt"], in: h), before)
    }

    func testEditInAFolderItCannotWriteInSaysSoAtTheStartAndKeepsTheView() throws {
        guard geteuid() == 0 else {
            return XCTFail("run the tests as root (CI does): the folder must belong to another user")
        }
        let h = try Harness()
        guard let user = asNobody(h, groups: []) else { return }
        let binary = try binaryForOtherUsers(h)
        // The file is the user's; the folder it is in is not.
        try FileManager.default.createDirectory(at: h.url("shared"), withIntermediateDirectories: true)
        chmod(h.url("shared").path, 0o755)
        try h.write("shared/list.txt", "a\nb\nc\n", mode: 0o644)
        chown(h.url("shared/list.txt").path, Self.nobody, Self.nobody)
        try FileManager.default.createDirectory(at: h.url("tmp"), withIntermediateDirectories: true)
        chmod(h.url("tmp").path, 0o777)
        try h.write("editor.sh", "#!/bin/sh\nsed -i -e '/^0 /{h;d}' -e '/^2 /G' \"$1\"\n", mode: 0o755)
        let result = try h.run(["edit", "shared/list.txt"], environment: ["EDITOR": h.url("editor.sh").path, "VISUAL": "",
                                                                          "TMPDIR": h.url("tmp").path],
                               executable: binary, prefix: user)
        XCTAssertEqual(result.status, 2, result.stderr)
        let kept = try FileManager.default.contentsOfDirectory(atPath: h.url("tmp").path)
        XCTAssertEqual(kept.count, 1, "\(kept)")
        let view = h.url("tmp").appendingPathComponent(kept.first ?? "").path
        let text = (try? String(contentsOfFile: view, encoding: .utf8)) ?? ""
        XCTAssertTrue(text.hasPrefix("# shared/list.txt cannot be written (its directory is not writable): your edit will be "
                                     + "kept in this file, to apply with\n# 'reorder edit --from VIEW FILE' once it can.\n1 b\n2 c\n0 a\n"),
                      text)
        XCTAssertEqual(result.stderr, "reorder: shared/list.txt cannot be written (its directory is not writable); your edit "
                       + "will be kept in a file to apply once it can\n"
                       + "reorder: shared/list.txt: cannot write: permission denied in its directory, where the new file is "
                       + "made before it replaces the old one; nothing is written; the edited view is kept in \(view) "
                       + "(apply it with 'reorder edit --from \(view) shared/list.txt')\n")
        XCTAssertEqual(try h.text("shared/list.txt"), "a\nb\nc\n")
        // Once the folder can be written in, the kept view applies.
        chmod(h.url("shared").path, 0o777)
        let applied = try h.run(["edit", "--from", view, "shared/list.txt"], executable: binary, prefix: user)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try h.text("shared/list.txt"), "b\nc\na\n")
    }

    func testAnOrdinaryUserKeepsTheGroupTheyAreAMemberOfAndANewGroupThatWouldWidenIsRefused() throws {
        guard geteuid() == 0 else {
            return XCTFail("run the tests as root (CI does): the file must belong to another user and group")
        }
        let h = try Harness()
        guard let member = asNobody(h, groups: [100]), let outsider = asNobody(h, groups: []) else { return }
        let binary = try binaryForOtherUsers(h)
        try h.write("team.txt", "a\nb\n", mode: 0o664)
        chown(h.url("team.txt").path, Self.nobody, 100)
        let kept = try h.run(["reverse", "team.txt"], executable: binary, prefix: member)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertEqual(try h.text("team.txt"), "b\na\n")
        var info = stat()
        XCTAssertEqual(stat(h.url("team.txt").path, &info), 0)
        XCTAssertEqual(info.st_gid, 100, "the group became the user's own")
        XCTAssertEqual(info.st_uid, Self.nobody)
        XCTAssertEqual(info.st_mode & 0o7777, 0o664)

        // Not a member: the new file would give the user's group rw-.
        let refused = try h.run(["reverse", "team.txt"], executable: binary, prefix: outsider)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("team.txt: cannot keep its group (GID 100)"), refused.stderr)
        XCTAssertEqual(try h.text("team.txt"), "b\na\n")
        XCTAssertEqual(stat(h.url("team.txt").path, &info), 0)
        XCTAssertEqual(info.st_gid, 100)
        // Nothing more for the group than for others: no widening, edited.
        chmod(h.url("team.txt").path, 0o644)
        let narrow = try h.run(["reverse", "team.txt"], executable: binary, prefix: outsider)
        XCTAssertEqual(narrow.status, 0, narrow.stderr)
        XCTAssertEqual(try h.text("team.txt"), "a\nb\n")
        XCTAssertEqual(try temporaries(h), [])
    }

    // MARK: - -o and symlinks

    func testOutputThroughADanglingSymlinkIsRefusedAndItsTargetNotCreated() throws {
        let h = try Harness()
        try h.write("in.txt", "a\nb\n")
        try FileManager.default.createDirectory(at: h.url("elsewhere"), withIntermediateDirectories: true)
        let absolute = h.url("elsewhere/created.txt").path
        for (link, destination) in [("relative.txt", "missing/target.txt"), ("absolute.txt", absolute)] {
            try FileManager.default.createSymbolicLink(atPath: h.url(link).path, withDestinationPath: destination)
            let result = try h.run(["reverse", "in.txt", "-o", link])
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.stderr, "reorder: \(link): is a symlink to '\(destination)', which does not exist; "
                           + "not creating it: create the target or remove the link first\n")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: absolute), "the link's target was created")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: h.url("elsewhere").path), [])
        // A link to a file that exists is still written through.
        try h.write("elsewhere/created.txt", "")
        XCTAssertEqual(try h.run(["reverse", "in.txt", "-o", "absolute.txt"]).status, 0)
        XCTAssertEqual(try h.text("elsewhere/created.txt"), "b\na\n")
    }

    // MARK: - Concurrent runs and writers

    func testTwoConcurrentRunsNeverBothSucceedWithAnUpdateLost() throws {
        let h = try Harness()
        let base = lines(20_000)
        var bothSucceeded = 0
        for round in 0..<50 {
            try h.write("list.txt", base)
            let first = try Running(h, ["insert", "0", "first \(round)", "list.txt"])
            let second = try Running(h, ["insert", "0", "second \(round)", "list.txt"])
            XCTAssertTrue(first.wait() && second.wait(), "round \(round): a run did not end")
            let text = try h.text("list.txt")
            let statuses = [first.process.terminationStatus, second.process.terminationStatus]
            let errors = first.stderr + second.stderr
            XCTAssertTrue(statuses.allSatisfy { $0 == 0 || $0 == 2 }, "round \(round): \(statuses) \(errors)")
            for (run, status) in zip(["first", "second"], statuses) where status == 0 {
                XCTAssertTrue(text.contains("\(run) \(round)\n"), "round \(round): the \(run) run's update was lost, yet it exited 0")
            }
            if statuses == [0, 0] { bothSucceeded += 1 }
        }
        // With the lock, the second run waits for the first.
        XCTAssertEqual(bothSucceeded, 50)
        XCTAssertEqual(try temporaries(h), [])
    }

    func testARunWaitsForTheLockAndThenReadsWhatTheHolderWrote() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\n")
        let fd = holdLock(h.url("list.txt").path)
        let run = try Running(h, ["insert", "0", "x", "list.txt"])
        usleep(500_000)
        XCTAssertTrue(run.process.isRunning, "the run did not wait for the lock")
        let appender = try FileHandle(forWritingTo: h.url("list.txt"))
        try appender.seekToEnd()
        try appender.write(contentsOf: Data("c\n".utf8))
        try appender.close()
        close(fd)
        XCTAssertTrue(run.wait())
        XCTAssertEqual(run.process.terminationStatus, 0, run.stderr)
        XCTAssertEqual(try h.text("list.txt"), "x\na\nb\nc\n")
    }

    func testALockHeldLongerThanTheWaitFailsNamingTheLock() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\n")
        let fd = holdLock(h.url("list.txt").path)
        defer { close(fd) }
        let start = Date()
        let result = try h.run(["insert", "0", "x", "list.txt"])
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 9.5, "it did not wait")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: list.txt: locked by another process (an flock on the file, as reorder "
                       + "takes while editing); waited 10 s: try again when it is done\n")
        XCTAssertEqual(try h.text("list.txt"), "a\nb\n")
        XCTAssertEqual(try temporaries(h), [])
    }

    /// Another program (which takes no lock) appends while reorder edits.
    /// Whenever the append lands, it is never lost with exit 0; landing
    /// between the read and the rename, it is reported.
    func testAChangeByAnotherProgramDuringTheEditIsDetectedAndNothingIsWritten() throws {
        let h = try Harness()
        let old = lines(1_000_000)
        let oldData = Data(old.utf8)
        try oldData.write(to: h.url("timing.txt"))
        let start = Date()
        XCTAssertEqual(try h.run(["reverse", "timing.txt"]).status, 0)
        let duration = Date().timeIntervalSince(start)
        var detected = 0
        for attempt in 0..<30 where detected < 3 {
            try oldData.write(to: h.url("list.txt"))
            let run = try Running(h, ["reverse", "list.txt"])
            usleep(useconds_t(duration * Double(attempt % 10 + 1) / 11 * 1_000_000))
            let appender = try FileHandle(forWritingTo: h.url("list.txt"))
            try appender.seekToEnd()
            try appender.write(contentsOf: Data("appended\n".utf8))
            try appender.close()
            XCTAssertTrue(run.wait())
            let status = run.process.terminationStatus, stderr = run.stderr
            let text = try h.text("list.txt")
            XCTAssertTrue(text.contains("appended\n"), "attempt \(attempt): the append was lost (exit \(status))")
            if status == 2 {
                XCTAssertEqual(stderr, "reorder: list.txt: changed by another program while reorder was editing it; "
                               + "nothing written: run again\n")
                XCTAssertEqual(text, old + "appended\n")
                detected += 1
            } else {
                XCTAssertEqual(status, 0, stderr)
            }
            XCTAssertEqual(try temporaries(h), [], "attempt \(attempt)")
        }
        XCTAssertGreaterThan(detected, 0, "no append landed during an edit in 30 attempts: the test tested nothing")
    }

    // MARK: - A file that shrinks while it is read

    func testAFileThatShrinksWhileReadGivesExitTwoNotACrash() throws {
        let h = try Harness()
        let json = "[" + (0..<150_000).map { "{\"key\": \($0), \"value\": \"item number \($0)\"}" }.joined(separator: ",\n") + "]\n"
        let cases: [(String, Data, [String])] = [
            ("list.txt", Data(lines(1_000_000).utf8), ["reverse", "list.txt", "-o", "out.txt"]),
            ("list.json", Data(json.utf8), ["reverse", "list.json", "-o", "out.json"]),
            ("list.txt", Data(lines(1_000_000).utf8), ["reverse", "list.txt"]),
        ]
        for (name, data, arguments) in cases {
            try data.write(to: h.url(name))
            let start = Date()
            XCTAssertEqual(try h.run(arguments).status, 0)
            let duration = Date().timeIntervalSince(start)
            // A truncation that lands before reorder opens the file gives what an empty file gives
            // (for JSON, exit 2 and "expected a value"): a slow start, as under a sanitizer, makes that likely.
            try Data().write(to: h.url(name))
            let empty = try h.run(arguments)
            var caught = 0
            for attempt in 0..<40 where caught < 2 {
                try data.write(to: h.url(name))
                let run = try Running(h, arguments)
                usleep(useconds_t(duration * Double(attempt % 8 + 1) / 12 * 1_000_000))
                XCTAssertEqual(truncate(h.url(name).path, 0), 0)
                XCTAssertTrue(run.wait())
                let status = run.process.terminationStatus, stderr = run.stderr
                let label = "\(arguments.joined(separator: " ")), attempt \(attempt)"
                XCTAssertEqual(run.process.terminationReason, Process.TerminationReason.exit, "\(label): killed by signal \(status)")
                XCTAssertFalse(stderr.contains("Bad address"), "\(label): \(stderr)")
                if status == 2 && stderr.contains("became shorter while it was read") {
                    XCTAssertEqual(stderr, "reorder: \(name): became shorter while it was read; nothing written: "
                                   + "run again once it stays put\n", label)
                    caught += 1
                } else if status == 2 && empty.status == 2 && stderr == empty.stderr {
                    // Truncated before it was opened: read as the empty file it then was.
                } else if status == 2 {
                    // In place, a truncation after the read is a change.
                    XCTAssertTrue(stderr.contains("changed by another program"), "\(label): \(stderr)")
                } else {
                    XCTAssertEqual(status, 0, "\(label): \(stderr)")
                }
                XCTAssertEqual(try temporaries(h), [], label)
            }
            XCTAssertGreaterThan(caught, 0, "\(arguments): no truncation landed while the file was read: the test tested nothing")
        }
    }

    // MARK: - Signals and temporary files

    func testAnIgnoredHangupStaysIgnoredUnderNohup() throws {
        guard let nohup = requiredTool("nohup", package: "coreutils") else { return }
        let h = try Harness()
        let old = lines(1_000_000)
        var hungUp = false
        for _ in 0..<10 where !hungUp {
            try h.write("list.txt", old)
            let run = try Running(h, [Harness.binary.path, "reverse", "list.txt"], executable: URL(fileURLWithPath: nohup))
            // nohup execs reorder: the same process.
            if try waitForTemporary(h, of: run) {
                kill(run.process.processIdentifier, SIGHUP)
                hungUp = true
            }
            XCTAssertTrue(run.wait())
            XCTAssertEqual(run.process.terminationReason, Process.TerminationReason.exit, "a hangup ended the edit")
            XCTAssertEqual(run.process.terminationStatus, 0, run.stderr)
        }
        XCTAssertTrue(hungUp, "no run was caught writing: the test tested nothing")
        XCTAssertEqual(try h.text("list.txt"), old.split(separator: "\n").reversed().map { $0 + "\n" }.joined())
        XCTAssertEqual(try temporaries(h), [])
    }

    func testQuitRemovesTheTemporaryFileAndEndsTheRunLikeTerminate() throws {
        let h = try Harness()
        let old = lines(1_000_000)
        var quit = false
        for _ in 0..<10 where !quit {
            try h.write("list.txt", old)
            let run = try Running(h, ["reverse", "list.txt"])
            if try waitForTemporary(h, of: run) {
                kill(run.process.processIdentifier, SIGQUIT)
                quit = true
            }
            XCTAssertTrue(run.wait())
            if quit {
                XCTAssertEqual(run.process.terminationReason, .uncaughtSignal)
                XCTAssertEqual(run.process.terminationStatus, SIGQUIT)
                let stderr = run.stderr
                XCTAssertFalse(stderr.contains("crashed"), stderr)
                XCTAssertEqual(try h.text("list.txt"), old)
            }
        }
        XCTAssertTrue(quit, "no run was caught writing: the test tested nothing")
        XCTAssertEqual(try temporaries(h), [], "SIGQUIT left the temporary file")
    }

    func testATemporaryFileLeftByKillMinusNineIsRemovedByTheNextRunButOneInUseIsNot() throws {
        let h = try Harness()
        try h.write("list.txt", lines(1_000_000))
        var left: [String] = []
        for _ in 0..<10 where left.isEmpty {
            let run = try Running(h, ["reverse", "list.txt"])
            if try waitForTemporary(h, of: run) { kill(run.process.processIdentifier, SIGKILL) }
            _ = run.wait()
            left = try temporaries(h)
        }
        XCTAssertEqual(left.count, 1, "no run was killed while writing: the test tested nothing")
        // One a running reorder holds (its lock taken), and one of another file.
        try h.write(".list.txt.reorder-Held01", "")
        let held = holdLock(h.url(".list.txt.reorder-Held01").path)
        defer { close(held) }
        try h.write(".other.txt.reorder-Stale1", "")
        try h.write("short.txt", "a\nb\n")
        let result = try h.run(["move", "0", "-1", "list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try temporaries(h).sorted(), [".list.txt.reorder-Held01", ".other.txt.reorder-Stale1"])
    }

    // MARK: - Messages

    func testAWriteErrorOnStandardOutputNamesStandardOutput() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\n")
        let result = try shell(h, "exec \"$0\" reverse list.txt -o - > /dev/full")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: standard output: cannot write: No space left on device\n")
        let piped = try shell(h, "exec \"$0\" reverse < list.txt > /dev/full")
        XCTAssertEqual(piped.stderr, "reorder: standard output: cannot write: No space left on device\n")
    }

    func testAReadOnlyMountSaysReadOnlyFileSystem() throws {
        guard geteuid() == 0 else { return XCTFail("run the tests as root (CI does): a bind mount needs it") }
        guard let mount = requiredTool("mount", package: "mount"), let umount = requiredTool("umount", package: "mount") else { return }
        let h = try Harness()
        try FileManager.default.createDirectory(at: h.url("ro"), withIntermediateDirectories: true)
        try h.write("ro/list.txt", "a\nb\n", mode: 0o644)
        try runTool(mount, ["--bind", "ro", "ro"], in: h)
        // Unmounted before the harness removes its directory; the harness
        // goes once the test case does, so the directory is removed here.
        addTeardownBlock {
            _ = try? h.run(["ro"], executable: URL(fileURLWithPath: umount))
            try? FileManager.default.removeItem(at: h.directory)
        }
        try runTool(mount, ["-o", "remount,ro,bind", "ro"], in: h)
        let result = try h.run(["reverse", "ro/list.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: ro/list.txt: cannot write: read-only file system (it is mounted read-only; "
                       + "remount it read-write or write the result elsewhere with -o)\n")
        XCTAssertEqual(try h.text("ro/list.txt"), "a\nb\n")
    }

    // MARK: - Endless input

    func testEndlessInputEndsWithExitTwoAndSaysHowMuchIsTooMuch() throws {
        let h = try Harness()
        // Under a 2 GiB address-space limit reorder holds at most 1 GiB.
        let limit = "ulimit -v 2097152; "
        for script in ["exec \"$0\" sort < /dev/zero", "exec \"$0\" sort /dev/zero -o out.txt"] {
            let result = try shell(h, limit + script)
            XCTAssertEqual(result.status, 2, "\(script): \(result.stderr)")
            let name = script.contains("-o") ? "/dev/zero" : "standard input"
            // Half the machine's memory, when that is less.
            let size = ProcessInfo.processInfo.physicalMemory >= 2 << 30 ? "1 GiB" : ""
            XCTAssertTrue(result.stderr.hasPrefix("reorder: \(name): more than \(size)"), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix(", half the memory reorder may use, and a list from a pipe or device "
                                                  + "is held in memory: save it to a file and give the file\n"), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.url("out.txt").path))
    }
}
