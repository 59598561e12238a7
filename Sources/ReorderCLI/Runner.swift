#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ReorderKit

/// Exit statuses.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// `--check` or `--diff`: some input would change.
    public static let wouldChange: Int32 = 1
    public static let failure: Int32 = 2
}

/// One run of `reorder`: the command line, taken apart, and the command's
/// run from its row in the command table (`CommandTable.swift`).
public struct Runner {
    var console: Console

    public init(console: Console) { self.console = console }

    /// Runs `arguments` (without the program name) and returns the exit
    /// status. Messages go to the console's standard error.
    public func run(_ arguments: [String]) -> Int32 {
        run(raw: arguments.map { Array($0.utf8) })
    }

    /// Runs `arguments` given as the bytes the shell passed (which need not
    /// be UTF-8) and returns the exit status.
    public func run(raw arguments: [[UInt8]]) -> Int32 {
        let status: Int32
        do {
            switch try ArgumentParser.parse(raw: arguments) {
            case .version:
                try console.standardOutput.write("reorder \(CommandTable.version)\n")
                status = ExitStatus.success
            case .help(let command):
                let text = command.map { Help.command($0, width: console.width) } ?? Help.overview(width: console.width)
                try console.standardOutput.write(text)
                status = ExitStatus.success
            case .helpFormats:
                try console.standardOutput.write(Help.formats(width: console.width))
                status = ExitStatus.success
            case .helpPresets:
                try console.standardOutput.write(Help.presets(width: console.width))
                status = ExitStatus.success
            case .run(let parsed):
                guard let run = parsed.command.run else {
                    preconditionFailure("'\(parsed.command.name)' is answered by the parser, not run")
                }
                // A command whose row names no operand takes no argument.
                if parsed.command.operands.isEmpty, let extra = parsed.positionals.first {
                    throw UsageError.extraArgument(extra, command: parsed.command.name)
                }
                status = try run(self, parsed)
            }
        } catch let error as SystemError where error.code == EPIPE {
            return ExitStatus.success
        } catch let error as EditError where error.cancels {
            // `edit` cancelled: as an editor's own cancel, status 1.
            report(error, input: nil)
            status = ExitStatus.wouldChange
        } catch let error as PickError where error.cancels {
            // `pick` left without writing: as `edit`'s cancel, status 1.
            report(error, input: nil)
            status = ExitStatus.wouldChange
        } catch {
            report(error, input: nil)
            status = ExitStatus.failure
        }
        do {
            try console.standardOutput.flush()
        } catch let error as SystemError where error.code == EPIPE {
        } catch {
            report(error, input: nil)
            return ExitStatus.failure
        }
        return status
    }

    func report(_ error: Error, input: String?) {
        try? console.standardOutput.flush()
        try? console.standardError.write("reorder: " + Messages.describe(error, input: input) + "\n")
        try? console.standardError.flush()
    }
}
