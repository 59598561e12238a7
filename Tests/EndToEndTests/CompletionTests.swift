import Foundation
import XCTest

/// The completion scripts in the real shells: bash with bash-completion,
/// zsh's completion system driven through a pseudo-terminal, and fish.
///
/// Each test asks a shell what TAB offers after a few command lines, in a
/// directory that holds `data.json`, `list.txt` and `ops.txt`. What the
/// commands and options should be comes from the built binary's `--help`,
/// which is rendered from the command table.
///
/// A missing shell fails the test (it is never skipped): `make test`, which
/// `.ci/run` runs, installs bash, bash-completion, zsh and fish.
final class CompletionTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let completions = repository.appendingPathComponent("completions")
    static let files = ["data.json", "list.txt", "ops.txt"]

    // MARK: - What to expect, from --help

    static func help(_ arguments: [String]) throws -> String {
        let result = try Harness().run(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.out
    }

    /// The commands listed by `reorder --help`.
    static func commands() throws -> [String] {
        let help = try help(["--help"])
        guard let start = help.range(of: "\nCommands:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// What `--format` takes: `auto` and the headings of `reorder help
    /// formats`, which lists `ListFormat.all`.
    static func formatChoices() throws -> [String] {
        let help = try help(["help", "formats"])
        let headings = help.split(separator: "\n").filter { $0.first?.isLowercase == true && !$0.contains(" ") }
        return (["auto"] + headings.map(String.init)).sorted()
    }

    /// The long options listed by `reorder COMMAND --help`.
    static func longOptions(of command: String) throws -> [String] {
        let help = try help([command, "--help"])
        guard let start = help.range(of: "\nOptions:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            // "  -o, --output PATH" or "      --diff"; not a wrapped line.
            guard line.count - trimmed.count <= 6 else { return nil }
            return trimmed.split(separator: " ").first { $0.hasPrefix("--") }.map(String.init)
        }.sorted()
    }

    // MARK: - Running shells

    /// Runs `executable arguments` in a fresh directory holding `files`;
    /// returns standard output.
    func runShell(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let fixture = try Harness()
        for name in Self.files { try fixture.write(name, "x\n") }
        let result = try runProgram(executable, arguments, in: fixture.directory, environment: environment)
        XCTAssertEqual(result.status, 0, "\(executable): \(result.stderr)")
        return result.stdout
    }

    /// Splits the drivers' output, "<<<LINE", matches one a line, ">>>", into
    /// the sorted matches of each line.
    static func parse(_ output: String, lines: [String]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var current: String?
        for row in output.components(separatedBy: "\n") {
            if row.hasPrefix("<<<") {
                current = String(row.dropFirst(3))
                result[current!] = []
            } else if row == ">>>" {
                current = nil
            } else if let line = current, !row.isEmpty {
                result[line]!.append(row)
            }
        }
        for line in lines where result[line] == nil { result[line] = ["(no answer)"] }
        return result.mapValues { $0.sorted() }
    }

    /// bash: bash-completion and the script sourced, then for each line
    /// COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT as bash sets them
    /// (the cursor at the end; no quoting), the function called, COMPREPLY
    /// printed.
    func bashComplete(_ lines: [String]) throws -> [String: [String]]? {
        guard let bash = try tool("bash", package: "bash") else { return nil }
        let bashCompletion = "/usr/share/bash-completion/bash_completion"
        guard FileManager.default.fileExists(atPath: bashCompletion) else {
            _ = try missing("\(bashCompletion) is missing (Debian package bash-completion)")
            return nil
        }
        let driver = """
            source \(bashCompletion) || exit 3
            source "$1" || exit 3
            shift
            for line; do
                # Split as bash does: at blanks and at '=', which is in
                # COMP_WORDBREAKS ('--color=al' is '--color' '=' 'al').
                read -ra COMP_WORDS <<<"${line//=/ = }"
                [[ $line == *' ' ]] && COMP_WORDS+=('')
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                COMP_LINE=$line
                COMP_POINT=${#line}
                COMPREPLY=()
                _reorder reorder "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                printf '<<<%s\\n' "$line"
                ((${#COMPREPLY[@]})) && printf '%s\\n' "${COMPREPLY[@]}"
                printf '>>>\\n'
            done
            """
        let script = Self.completions.appendingPathComponent("reorder.bash").path
        let output = try runShell(bash, ["--norc", "--noprofile", "-c", driver, "bash", script] + lines)
        return Self.parse(output, lines: lines)
    }

    /// zsh: for each line, a pseudo-terminal (the zsh/zpty module) runs the
    /// line editor (vared) with compinit loaded and `_reorder` first in
    /// $fpath; the line is typed and TAB pressed. TAB is bound to a
    /// completion widget that runs the completion system (_main_complete)
    /// while a compadd wrapper records every match added, prints them between
    /// two marker bytes, and exits.
    func zshComplete(_ lines: [String]) throws -> [String: [String]]? {
        guard let zsh = try tool("zsh", package: "zsh") else { return nil }
        let driver = #"""
            zmodload zsh/zpty || exit 3
            fpath=($1 $fpath)
            shift
            autoload -Uz compinit
            compinit -u -D

            reorder_complete() {
              typeset -aU matches=()
              compadd() {
                # A call that only asks for matches (-O, -A, -D) adds none.
                if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
                  builtin compadd "$@"
                  return
                fi
                local -a added
                builtin compadd -O added "$@"
                matches+=("${added[@]}")
                builtin compadd "$@"
              }
              list-matches() {
                unset 'compstate[vared]'
                _main_complete "$@"
                print -n $'\C-B'
                print -rl -- "${matches[@]}"
                print -n $'\C-C'
                exit
              }
              zle -C list-matches .complete-word list-matches
              bindkey '^I' list-matches
              # A new pseudo-terminal has no size; the line editor needs one.
              stty rows 40 cols 200
              local typed=
              vared typed
            }

            local line reply
            for line; do
              zpty completion reorder_complete
              zpty -w -n completion "$line"$'\t'
              zpty -r completion reply $'*\C-B'
              zpty -r completion reply $'*\C-C'
              zpty -d completion
              print -r -- "<<<$line"
              print -rn -- "${${reply%$'\C-C'}//$'\r'/}"
              print -r -- ">>>"
            done
            """#
        let output = try runShell(zsh, ["-f", "-c", driver, "zsh", Self.completions.path] + lines,
                                  environment: ["TERM": "xterm"])
        return Self.parse(output, lines: lines)
    }

    /// fish: the script sourced (and the completions directory the only
    /// place fish would load completions from), then `complete -C LINE`.
    func fishComplete(_ lines: [String]) throws -> [String: [String]]? {
        guard let fish = try tool("fish", package: "fish") else { return nil }
        let driver = """
            set -g fish_complete_path $argv[1]
            source $argv[1]/reorder.fish; or exit 3
            for line in $argv[2..-1]
                echo "<<<$line"
                complete -C"$line" | string replace -r '\\t.*' ''
                echo '>>>'
            end
            """
        let output = try runShell(fish, ["--no-config", "-c", driver, Self.completions.path] + lines)
        return Self.parse(output, lines: lines)
    }

    // MARK: - What every shell must do

    /// Command lines (the cursor at the end) and what TAB must offer there.
    func expectations() throws -> [(line: String, matches: [String])] {
        let commands = try Self.commands()
        XCTAssertEqual(commands.count, 16, "reorder --help lists \(commands)")
        var cases: [(String, [String])] = [
            ("reorder mo", ["move"]),
            ("reorder cop", ["copy"]),
            ("reorder ", commands.sorted()),
            ("reorder help ", (commands + ["formats", "presets"]).sorted()),
            ("reorder help fo", ["formats"]),
            ("reorder help re", ["reverse"]),
            ("reorder move --fo", ["--format"]),
            ("reorder move --format ", try Self.formatChoices()),
            ("reorder sort --color ", ["always", "auto", "never"]),
            ("reorder sort --nu", ["--null", "--numeric"]),
            ("reorder sort --groups ", ["blank-lines", "blank-lines,comments", "comments"]),
            ("reorder sort --group", ["--group-pattern", "--groups"]),
            ("reorder sort --group-pattern ", []),
            ("reorder sort --group-pattern '@*' ", Self.files),
            // Where an index, a selector or a value goes: nothing.
            ("reorder move ", []),
            ("reorder move 0 ", []),
            ("reorder move --json -1 ", []),
            ("reorder swap ", []),
            ("reorder insert 0 ", []),
            ("reorder delete ", []),
            ("reorder move -p ", []),
            ("reorder sort --key ", []),
            ("reorder batch -e ", []),
            ("reorder fix --marker ", []),
            ("reorder sort --block ", []),
            ("reorder sort --line-range ", []),
            // The value of every option that takes one is no argument.
            ("reorder move --to /b 0 ", []),
            ("reorder move --to-file other.txt 0 ", []),
            ("reorder edit --from ", Self.files),
            // After `--`, a negative index is no option, and still an index.
            ("reorder move -- ", []),
            ("reorder move 1 -- ", []),
            ("reorder insert -- -1 ", []),
            ("reorder move -o out.txt -- 1 ", []),
            ("reorder move -zo out.txt 1 -- ", []),
            ("reorder move --format json -1 -- ", []),
            // Where a file goes: files.
            ("reorder move 0 -1 ", Self.files),
            ("reorder swap -1 -2 ", Self.files),
            ("reorder delete =a ", Self.files),
            ("reorder insert -1 x --lines ", Self.files),
            ("reorder move -o out.txt 0 1 ", Self.files),
            ("reorder move -o ", Self.files),
            ("reorder batch -f ", Self.files),
            ("reorder batch -e 'delete 0' ", Self.files),
            ("reorder sort ", Self.files),
            ("reorder reverse -z ", Self.files),
            ("reorder sort li", ["list.txt"]),
            ("reorder move 1 -- -1 ", Self.files),
            ("reorder move -- -2 -1 ", Self.files),
            ("reorder delete -- -1 ", Self.files),
            ("reorder sort -- ", Self.files),
            ("reorder move -zoout.txt 1 -- 2 ", Self.files),
            ("reorder fix ", Self.files),
            ("reorder fix --check ", Self.files),
            ("reorder move --block 0 0 1 ", Self.files),
            ("reorder sort --line-range 2...9 ", Self.files),
        ]
        // Each command's long options, exactly.
        for command in commands {
            cases.append(("reorder \(command) --", try Self.longOptions(of: command)))
        }
        return cases
    }

    func check(_ shell: String, _ complete: ([String]) throws -> [String: [String]]?) throws {
        let cases = try expectations()
        guard let answers = try complete(cases.map(\.line)) else { return }
        for (line, expected) in cases {
            XCTAssertEqual(answers[line], expected, "\(shell): '\(line)<TAB>'")
        }
        // The examples of the issue, spelled out.
        XCTAssertEqual(answers["reorder mo"], ["move"])
        XCTAssertTrue(answers["reorder sort --"]?.contains("--numeric") == true, "\(shell): sort --numeric")
        XCTAssertFalse(answers["reorder sort --"]?.contains("--sequential") == true, "\(shell): sort offers --sequential")
    }

    func testBash() throws {
        try check("bash") { try bashComplete($0) }
    }

    func testZsh() throws {
        try check("zsh") { try zshComplete($0) }
    }

    func testFish() throws {
        try check("fish") { try fishComplete($0) }
    }

    /// A command that takes no file is offered none (zsh offers its
    /// options there, as it does wherever no argument goes).
    func testNoFileWhereACommandTakesNone() throws {
        let lines = ["reorder init ", "reorder lsp ", "reorder init -o out.toml "]
        for (shell, complete) in [("bash", bashComplete), ("zsh", zshComplete), ("fish", fishComplete)] {
            guard let answers = try complete(lines) else { continue }
            for line in lines {
                XCTAssertNotNil(answers[line], "\(shell): '\(line)<TAB>'")
                XCTAssertEqual(answers[line]?.filter(Self.files.contains), [], "\(shell): '\(line)<TAB>'")
            }
        }
    }

    /// `--option=VALUE` and flag clusters.
    func testAttachedValuesAndClusters() throws {
        let lines = ["reorder move --color=", "reorder move --color=al", "reorder sort -zo ", "reorder move --output=",
                     "reorder move --format=json 0 ", "reorder move -cz 0 1 "]
        for (shell, complete) in [("bash", bashComplete), ("zsh", zshComplete), ("fish", fishComplete)] {
            guard let answers = try complete(lines) else { continue }
            // Shells differ in whether a match repeats the '--color=' before it.
            func values(_ line: String) -> [String]? {
                answers[line]?.map { $0.replacingOccurrences(of: #"^--[a-z]+="#, with: "", options: .regularExpression) }
            }
            XCTAssertEqual(values("reorder move --color="), ["always", "auto", "never"], shell)
            XCTAssertEqual(values("reorder move --color=al"), ["always"], shell)
            XCTAssertEqual(values("reorder move --output="), Self.files, shell)
            XCTAssertEqual(answers["reorder sort -zo "], Self.files, shell)
            XCTAssertEqual(answers["reorder move --format=json 0 "], [], shell)
            XCTAssertEqual(answers["reorder move -cz 0 1 "], Self.files, shell)
        }
    }
}

/// Running the tools the tests need, shared by the end-to-end tests that
/// drive shells, make and man.
struct ProgramResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

extension XCTestCase {
    /// The path of `name` on PATH. When it is missing, the test fails (never
    /// skips: `make test` installs what the tests need) and the result is
    /// nil.
    func tool(_ name: String, package: String) throws -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return try missing("\(name) is not installed (Debian package \(package))")
    }

    /// Fails the test for `reason`, a program it needs that is missing, and
    /// returns nil.
    func missing(_ reason: String) throws -> String? {
        XCTFail(reason + "; run 'make test', which installs what the tests need")
        return nil
    }

    /// Runs `executable arguments` in `directory`, with HOME and the XDG
    /// directories in a temporary place so that no tool reads or writes the
    /// user's own files. A program that hangs is killed after `timeout`.
    func runProgram(_ executable: String, _ arguments: [String], in directory: URL,
                    environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> ProgramResult {
        let home = try Harness()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = home.directory.path
        env["XDG_CONFIG_HOME"] = home.directory.appendingPathComponent(".config").path
        env["XDG_DATA_HOME"] = home.directory.appendingPathComponent(".local/share").path
        env["XDG_CACHE_HOME"] = home.directory.appendingPathComponent(".cache").path
        for name in ["BASH_COMPLETION_USER_DIR", "ZDOTDIR", "MANPATH", "MANPAGER", "PAGER", "NO_COLOR", "MAKEFLAGS",
                     "COLUMNS", "LINES"] {
            env.removeValue(forKey: name)
        }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let outURL = home.directory.appendingPathExtension("stdout")
        let errURL = home.directory.appendingPathExtension("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let output = try FileHandle(forWritingTo: outURL), error = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            XCTFail("\(executable) \(arguments.prefix(3)) did not finish within \(Int(timeout)) s")
        }
        try output.close()
        try error.close()
        return ProgramResult(status: process.terminationStatus,
                             stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                             stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
