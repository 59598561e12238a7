#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ReorderKit

/// A command that applies one edit to each input in turn (`move`, `sort`,
/// `fix`...): the inputs, how the results go out, and a job for each.
extension Runner {
    /// An edit of each input's list: `edit` makes it from the command's own
    /// arguments (as the shell passed them), once, before any input is
    /// read. `preloadsFirstInput`: the first input, a file, is read on
    /// another thread while the edit is made (`batch`, whose scripts take
    /// about as long to read and plan as a large list).
    func editEachInput(_ parsed: ParsedArguments, preloadsFirstInput: Bool = false,
                       edit: ([[UInt8]]) throws -> Edit) throws -> Int32 {
        try eachInput(parsed, preloadsFirstInput: preloadsFirstInput) { arguments in
            let options = EditOptions(
                base: parsed.has(.oneBased) ? .one : .zero,
                missingOK: parsed.has(.missingOk),
                valuesAreStrings: parsed.has(.string),
                key: parsed.value(.key))
            let edit = JobEdit.list(PreparedEdit(try edit(arguments), options: options))
            return (edit, try parsed.readOptions(severalLists: true))
        }
    }

    /// Runs the job `plan` makes (the edit, and how each input is read) on
    /// each input: the FILE arguments after the command's own, or standard
    /// input. An input that fails is reported and the others still run.
    func eachInput(_ parsed: ParsedArguments, preloadsFirstInput: Bool = false,
                   plan: ([[UInt8]]) throws -> (JobEdit, ReadOptions)) throws -> Int32 {
        let command = parsed.command
        let argumentCount = command.arguments.count
        guard parsed.positionals.count >= argumentCount else {
            throw UsageError.missingArgument(command.arguments[parsed.positionals.count].name, command: command.name)
        }
        let arguments = Array(parsed.rawPositionals.prefix(argumentCount))
        var inputs = try Runner.distinctInputs(Array(parsed.positionals.dropFirst(argumentCount)), command: command)
        if inputs.isEmpty { inputs = ["-"] }

        var firstInput: BackgroundTask<LoadedInput>? = nil
        if preloadsFirstInput {
            HeapTuning.prepare(forScripts: parsed.values(.file))
            if let options = try? parsed.readOptions(), let mode = try? outputMode(parsed, inputs: inputs),
               InputBytes.isRegularFile(inputs[0]) {
                let input = inputs[0]
                let missingOK = parsed.has(.missingOk)
                firstInput = BackgroundTask {
                    try Job.load(input: input, readOptions: options, inPlace: mode == .write, missingOK: missingOK)
                }
            }
        }
        defer { firstInput?.wait() }

        let (edit, readOptions) = try plan(arguments)
        let mode = try outputMode(parsed, inputs: inputs)
        let color = try diffColor(parsed)

        let verbose = parsed.has(.verbose)
        let targets = try parsed.listTargets()
        var status = ExitStatus.success
        for (number, input) in inputs.enumerated() {
            let job = Job(input: input, edit: edit, readOptions: readOptions,
                          mode: mode, color: color, verbose: verbose, console: console,
                          targets: targets, missingOK: parsed.has(.missingOk))
            do {
                if try job.run(preloaded: number == 0 ? firstInput : nil) { status = max(status, ExitStatus.wouldChange) }
            } catch let error as SystemError where error.code == EPIPE && error.path == nil {
                throw error
            } catch {
                report(error, input: job.displayName)
                status = ExitStatus.failure
            }
        }
        return status
    }

    /// Whether `--diff` is coloured (`--color WHEN`; by default when
    /// standard output is a terminal and NO_COLOR is not set).
    func diffColor(_ parsed: ParsedArguments) throws -> Bool {
        if parsed.has(.color) && !parsed.has(.diff) {
            // Only the diff is coloured: without it, --color would do nothing.
            throw UsageError.optionNeedsOther(Option.color.spelled, needs: Option.diff.spelled)
        }
        switch parsed.value(.color) ?? "auto" {
        case "always": return true
        case "never": return false
        default: return console.outputIsTerminal && !console.noColor
        }
    }

    private func outputMode(_ parsed: ParsedArguments, inputs: [String]) throws -> OutputMode {
        if parsed.has(.check) || parsed.has(.diff) {
            if parsed.has(.output) {
                throw UsageError.conflictingOptions((parsed.has(.check) ? Option.check : .diff).spelled, Option.output.spelled)
            }
            return .check(diff: parsed.has(.diff))
        } else if let output = parsed.value(.output) {
            guard inputs.count == 1 else { throw UsageError.outputNeedsOneInput(count: inputs.count) }
            return .output(output)
        }
        return .write
    }

    /// The inputs to process, each once. An operand that names no file and
    /// reads as an index or a selector is a usage error (`move 0 1 2 list.txt`: one
    /// argument too many), found before any file is written. A file named
    /// twice (`f ./f`, or through a symlink) is edited once, at its first
    /// naming; standard input is read once.
    static func distinctInputs(_ inputs: [String], command: CommandDescriptor) throws -> [String] {
        var seen = Set<FileIdentity>()
        var sawStandardInput = false
        var distinct: [String] = []
        for input in inputs {
            if input == "-" {
                if !sawStandardInput { distinct.append(input) }
                sawStandardInput = true
                continue
            }
            guard let identity = FileIdentity(path: input) else {
                // An index, a range or a selector: `2`, `-1`, `0...3`, `=x`.
                if (try? SourceSelector(parsing: input)) != nil {
                    throw UsageError.extraArgument(input, command: command.name)
                }
                distinct.append(input)
                continue
            }
            if seen.insert(identity).inserted { distinct.append(input) }
        }
        return distinct
    }
}
