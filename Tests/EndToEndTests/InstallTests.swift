import Foundation
import XCTest

/// `make install` and `make uninstall`, as a new user runs them:
/// `make install PREFIX=$HOME/.local`, then `man reorder` and TAB in each
/// shell. The binary installed is the one the tests built (BINARY=), so the
/// test does not wait for a release build.
final class InstallTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What `make install` puts under PREFIX: path, mode, source in the
    /// repository (nil: the binary).
    static let installed: [(path: String, mode: Int, source: String?)] = [
        ("bin/reorder", 0o755, nil),
        ("share/man/man1/reorder.1", 0o644, "man/reorder.1"),
        ("share/bash-completion/completions/reorder", 0o644, "completions/reorder.bash"),
        ("share/zsh/site-functions/_reorder", 0o644, "completions/_reorder"),
        ("share/fish/vendor_completions.d/reorder.fish", 0o644, "completions/reorder.fish"),
    ]

    func make(_ arguments: [String]) throws -> ProgramResult? {
        guard let make = try tool("make", package: "make") else { return nil }
        let result = try runProgram(make, arguments, in: Self.repository)
        XCTAssertEqual(result.status, 0, "make \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    func testInstallForOneUserThenUninstall() throws {
        guard let man = try tool("man", package: "man-db") else { return }
        let home = try Harness()
        let prefix = home.directory.appendingPathComponent(".local")
        guard try make(["install", "PREFIX=\(prefix.path)", "BINARY=\(Harness.binary.path)"]) != nil else { return }

        for file in Self.installed {
            let path = prefix.appendingPathComponent(file.path).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, file.mode, file.path)
            let source = file.source.map { Self.repository.appendingPathComponent($0) } ?? Harness.binary
            XCTAssertEqual(FileManager.default.contents(atPath: path), FileManager.default.contents(atPath: source.path), file.path)
        }
        let bin = prefix.appendingPathComponent("bin")
        let version = try runProgram(bin.appendingPathComponent("reorder").path, ["--version"], in: home.directory)
        XCTAssertTrue(version.stdout.hasPrefix("reorder "), version.stdout + version.stderr)

        // The man page renders from the installed tree, named explicitly ...
        let page = try runProgram(man, ["-M", prefix.appendingPathComponent("share/man").path, "reorder"], in: home.directory,
                                  environment: ["MANPAGER": "cat", "MANWIDTH": "80", "LC_ALL": "C.UTF-8"])
        XCTAssertEqual(page.status, 0, page.stderr)
        XCTAssertTrue(page.stdout.contains("REORDER(1)"), page.stdout)
        XCTAssertTrue(page.stdout.contains("BATCH SEMANTICS"), page.stdout)
        XCTAssertFalse(page.stderr.contains("warning"), page.stderr)
        // ... and as `man reorder`, found from PATH.
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let found = try runProgram(man, ["-w", "reorder"], in: home.directory, environment: ["PATH": path, "HOME": home.directory.path])
        XCTAssertEqual(found.stdout.trimmingCharacters(in: .newlines),
                       prefix.appendingPathComponent("share/man/man1/reorder.1").path, found.stderr)

        try checkShellsFindCompletions(home: home.directory, prefix: prefix, path: path)

        guard try make(["uninstall", "PREFIX=\(prefix.path)"]) != nil else { return }
        for file in Self.installed {
            XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file.path).path), file.path)
        }
    }

    /// Each shell, started as the user's would be, finds the installed
    /// completion by itself (zsh once PREFIX's site-functions is in $fpath).
    func checkShellsFindCompletions(home: URL, prefix: URL, path: String) throws {
        let environment = [
            "HOME": home.path, "PATH": path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
        ]
        if let bash = try tool("bash", package: "bash") {
            let loaded = try runProgram(bash, ["--norc", "--noprofile", "-c",
                                               "source /usr/share/bash-completion/bash_completion; __load_completion reorder && complete -p reorder"],
                                        in: home, environment: environment)
            XCTAssertEqual(loaded.stdout, "complete -F _reorder reorder\n", "bash: " + loaded.stderr)
        }
        if let zsh = try tool("zsh", package: "zsh") {
            let site = prefix.appendingPathComponent("share/zsh/site-functions").path
            let loaded = try runProgram(zsh, ["-f", "-c", "fpath=(\(site) $fpath); autoload -Uz compinit; compinit -u -D; print -r -- $_comps[reorder]"],
                                        in: home, environment: environment)
            XCTAssertEqual(loaded.stdout, "_reorder\n", "zsh: " + loaded.stderr)
        }
        if let fish = try tool("fish", package: "fish") {
            let loaded = try runProgram(fish, ["-c", "complete -C'reorder mo'"], in: home, environment: environment)
            XCTAssertTrue(loaded.stdout.hasPrefix("move\t"), "fish: " + loaded.stdout + loaded.stderr)
        }
    }

    func testInstallHonoursDestdir() throws {
        let stage = try Harness()
        guard try make(["install", "DESTDIR=\(stage.directory.path)", "PREFIX=/usr", "BINARY=\(Harness.binary.path)"]) != nil else { return }
        for file in Self.installed {
            XCTAssertTrue(FileManager.default.fileExists(atPath: stage.directory.path + "/usr/" + file.path), file.path)
        }
        guard try make(["uninstall", "DESTDIR=\(stage.directory.path)", "PREFIX=/usr"]) != nil else { return }
        for file in Self.installed {
            XCTAssertFalse(FileManager.default.fileExists(atPath: stage.directory.path + "/usr/" + file.path), file.path)
        }
    }

    /// Without BINARY=, install builds the release binary first.
    func testInstallBuildsTheReleaseBinaryFirst() throws {
        guard let plan = try make(["-n", "install", "PREFIX=/nowhere", "SWIFT=echo"]) else { return }
        let lines = plan.stdout.split(separator: "\n")
        let build = lines.firstIndex { $0.contains("echo build -c release --static-swift-stdlib -Xswiftc -static-executable") }
        let install = lines.firstIndex { $0.contains("/nowhere/bin/reorder") }
        XCTAssertNotNil(build, plan.stdout)
        XCTAssertNotNil(install, plan.stdout)
        if let build, let install { XCTAssertLessThan(build, install, plan.stdout) }
    }

    /// The man page is clean for both formatters that render it.
    func testManPageLintsClean() throws {
        let page = Self.repository.appendingPathComponent("man/reorder.1").path
        if let mandoc = try tool("mandoc", package: "mandoc") {
            // Above style level: warnings, errors, unsupported.
            let lint = try runProgram(mandoc, ["-Tlint", "-Wwarning", page], in: Self.repository)
            XCTAssertEqual(lint.status, 0, lint.stdout + lint.stderr)
            XCTAssertEqual(lint.stdout + lint.stderr, "")
        }
        if let groff = try tool("groff", package: "groff-base") {
            let check = try runProgram(groff, ["-man", "-ww", "-z", "-Tutf8", page], in: Self.repository)
            XCTAssertEqual(check.status, 0, check.stderr)
            XCTAssertEqual(check.stderr, "")
        }
    }
}
