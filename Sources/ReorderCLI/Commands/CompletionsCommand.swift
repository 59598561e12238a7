/// `reorder completions bash|zsh|fish`: the completion script of a shell,
/// generated from the command table (`CommandLine/Completions.swift`), on
/// standard output. Not listed: `make completions` runs it to write
/// `completions/`.
enum CompletionsCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        let shells = Completions.Shell.allCases.map(\.rawValue)
        guard let name = parsed.positionals.first else {
            throw UsageError.missingArgument("SHELL", command: "completions")
        }
        if parsed.positionals.count > 1 {
            throw UsageError.extraArgument(parsed.positionals[1], command: "completions")
        }
        guard let shell = Completions.Shell(rawValue: name) else {
            throw UsageError.invalidChoice(option: "SHELL", value: name, choices: shells)
        }
        try runner.console.standardOutput.write(Completions.script(for: shell))
        return ExitStatus.success
    }
}
