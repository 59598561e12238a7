
/// `reorder lsp`: the language server (`LSP/LSPServer.swift`) on standard
/// input and output; its log on standard error, one line a problem.
enum LSPCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        if let extra = parsed.positionals.first { throw UsageError.extraArgument(extra, command: "lsp") }
        // A client gone is the end of the input, not a signal.
        System.ignoreBrokenPipeSignal()
        let console = runner.console
        let transport = LSPTransport(input: 0, output: 1) { line in
            try? console.standardError.write("reorder lsp: " + line + "\n")
            try? console.standardError.flush()
        }
        return LSPServer(transport: transport).run()
    }
}
