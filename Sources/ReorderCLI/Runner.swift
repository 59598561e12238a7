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

/// What to do with each result.
enum OutputMode: Equatable {
    /// Edit each FILE in place; standard input goes to standard output.
    case write
    /// `-o PATH`.
    case output(String)
    /// `--check`, optionally with `--diff`.
    case check(diff: Bool)
}

/// One run of `reorder`: the command line, taken apart, applied to each input.
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
            case .run(let parsed):
                status = try execute(parsed)
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

    private func execute(_ parsed: ParsedArguments) throws -> Int32 {
        let command = parsed.command
        switch command.name {
        case "diff": return try DiffCommand(parsed: parsed, readOptions: try readOptions(parsed), console: console).run()
        case "edit": return try EditCommand(parsed: parsed, readOptions: try readOptions(parsed), console: console).run(self)
        case "pick": return try PickCommand(parsed: parsed, readOptions: try readOptions(parsed), console: console).run()
        default: break
        }
        let argumentCount = command.arguments.count
        guard parsed.positionals.count >= argumentCount else {
            throw UsageError.missingArgument(command.arguments[parsed.positionals.count].name, command: command.name)
        }
        let arguments = Array(parsed.rawPositionals.prefix(argumentCount))
        var inputs = try Runner.distinctInputs(Array(parsed.positionals.dropFirst(argumentCount)), command: command)
        if inputs.isEmpty { inputs = ["-"] }

        // A batch's first input, when it is a file, is read on another
        // thread while the script is read and planned: for a large list and
        // many operations, the two take about as long.
        var firstInput: BackgroundTask<LoadedInput>? = nil
        if command.name == "batch" {
            HeapTuning.prepare(forScripts: parsed.values("file"))
            if let options = try? readOptions(parsed), let mode = try? outputMode(parsed, inputs: inputs),
               InputBytes.isRegularFile(inputs[0]) {
                let input = inputs[0]
                firstInput = BackgroundTask { try Job.load(input: input, readOptions: options, inPlace: mode == .write) }
            }
        }
        defer { firstInput?.wait() }

        let edit: JobEdit
        let readOptions: ReadOptions
        if command.name == "fix" {
            edit = .fixBlocks(try FixCommand.markers(parsed))
            readOptions = ReadOptions()
        } else {
            let editOptions = EditOptions(
                base: parsed.has("one-based") ? .one : .zero,
                missingOK: parsed.has("missing-ok"),
                valuesAreStrings: parsed.has("string"),
                key: parsed.value("key"))
            edit = .list(PreparedEdit(try makeEdit(command: command.name, arguments: arguments, parsed: parsed),
                                      options: editOptions))
            readOptions = try self.readOptions(parsed)
        }

        let mode = try outputMode(parsed, inputs: inputs)
        if parsed.has("color") && !parsed.has("diff") {
            // Only the diff is coloured: without it, --color would do nothing.
            throw UsageError.optionNeedsOther("--color", needs: "--diff")
        }
        let color: Bool
        switch parsed.value("color") ?? "auto" {
        case "always": color = true
        case "never": color = false
        default: color = console.outputIsTerminal && !console.noColor
        }

        let verbose = parsed.has("verbose")
        var status = ExitStatus.success
        for (number, input) in inputs.enumerated() {
            let job = Job(input: input, edit: edit, readOptions: readOptions,
                          mode: mode, color: color, verbose: verbose, console: console)
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

    private func outputMode(_ parsed: ParsedArguments, inputs: [String]) throws -> OutputMode {
        if parsed.has("check") || parsed.has("diff") {
            if parsed.has("output") { throw UsageError.conflictingOptions(parsed.has("check") ? "--check" : "--diff", "--output") }
            return .check(diff: parsed.has("diff"))
        } else if let output = parsed.value("output") {
            guard inputs.count == 1 else { throw UsageError.outputNeedsOneInput(count: inputs.count) }
            return .output(output)
        }
        return .write
    }

    func readOptions(_ parsed: ParsedArguments) throws -> ReadOptions {
        var options = ReadOptions()
        options.nulTerminated = parsed.has("null")
        options.pointer = parsed.value("pointer") ?? ""
        options.format = try formatChoice(parsed)
        options.binaryAsText = parsed.has("text")
        options.editsInsideItems = parsed.has("recursive")
        options.lender = .newThread
        let bound: [(String, FormatBoundOption)] = [
            ("pointer", .pointer), ("null", .null), ("text", .text), ("document", .document),
            ("recursive", .recursive), ("string", .string),
        ]
        for (long, option) in bound where parsed.has(long) { options.formatBound.insert(option) }
        if let document = parsed.value("document") {
            guard let index = Int(document) else { throw UsageError.invalidDocumentIndex(document) }
            options.document = index
        }
        options.region = try FixCommand.region(parsed)
        return options
    }

    private func formatChoice(_ parsed: ParsedArguments) throws -> FormatChoice {
        var choices: [(String, FormatChoice)] = []
        if let format = parsed.value("format") { choices.append(("--format", FormatChoice(rawValue: format)!)) }
        if parsed.has("json") { choices.append(("--json", .json)) }
        if parsed.has("lines") { choices.append(("--lines", .lines)) }
        if let first = choices.first, let other = choices.first(where: { $0.1 != first.1 }) {
            throw UsageError.conflictingOptions(first.0, other.0)
        }
        return choices.first?.1 ?? .auto
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

    private func makeEdit(command: String, arguments: [[UInt8]], parsed: ParsedArguments) throws -> Edit {
        func index(_ bytes: [UInt8]) throws -> UserIndex { try UserIndex(parsing: String(decoding: bytes, as: UTF8.self)) }
        switch command {
        case "move":
            return .move(from: try SourceSelector(parsing: arguments[0]), to: try index(arguments[1]))
        case "swap":
            return .swap(try SourceSelector(parsing: arguments[0]), try SourceSelector(parsing: arguments[1]))
        case "insert":
            return .insert(at: try index(arguments[0]), value: arguments[1])
        case "delete":
            return .delete(try SourceSelector(parsing: arguments[0]))
        case "reverse":
            return .reverse
        case "batch":
            return try BatchCommand.edit(parsed, console: console)
        case "sort":
            return try SortCommand.edit(parsed, readOptions: try readOptions(parsed), console: console)
        default:
            preconditionFailure("command '\(command)' is in the table but not run")
        }
    }
}

/// An input read: its bytes and the document they are.
struct LoadedInput {
    let content: InputBytes
    /// The input read as a list (nil for `fix`, which reads no list).
    let document: ListDocument?
    /// The file being edited in place, locked since before it was read.
    let edited: EditedFile?
}

/// What a job does to its input.
enum JobEdit {
    /// Every command but `fix`: an edit of the input's list.
    case list(PreparedEdit)
    /// `fix`: the input's marked blocks sorted; the edit makes the new
    /// bytes itself, as pieces of the input.
    case fixBlocks(KeepSortedMarkers)

    var readsList: Bool {
        if case .list = self { return true }
        return false
    }
}

/// What an edit made of one input, however it made it.
struct EditOutcome {
    let unchanged: Bool
    /// The byte a diff of the result splits lines at.
    let terminator: UInt8
    /// Writes the result as batches of slices.
    let write: ((UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void) throws -> Void
    /// `fix` warned about the input: its exit status is 1.
    var warned = false

    func render() throws -> [UInt8] {
        var bytes: [UInt8] = []
        try write { slices in for slice in slices { bytes.append(contentsOf: slice) } }
        return bytes
    }
}

/// One input through one edit.
struct Job {
    let input: String
    let edit: JobEdit
    let readOptions: ReadOptions
    let mode: OutputMode
    let color: Bool
    /// `-v`: say on standard error which files were rewritten in place.
    var verbose = false
    let console: Console
    /// `pick` and `edit`: the file as the session read it. The job reads
    /// the file again (locked, for in place) and writes nothing unless it
    /// is still that; the rename then checks that it stayed so.
    var expected: FileSnapshot? = nil

    /// `-`, `/dev/stdin` and the other names of descriptor 0.
    var isStandardInput: Bool { InputBytes.namesStandardInput(input) }
    var displayName: String { input == "-" ? "<stdin>" : input }

    /// Reads the file `input` (not standard input) as a document. `inPlace`:
    /// it is to be edited in place, so it must be a regular file, and it is
    /// locked before it is read.
    /// `readsList`: read it as a list (false for `fix`: the bytes only).
    static func load(input: String, readOptions: ReadOptions, inPlace: Bool, readsList: Bool = true) throws -> LoadedInput {
        guard inPlace else {
            return try load(content: try InputBytes.read(path: input), name: input, readOptions: readOptions,
                            edited: nil, readsList: readsList)
        }
        let edited = try EditedFile.open(input)
        return try load(content: try InputBytes.read(fd: edited.fd, path: input), name: input,
                        readOptions: readOptions, edited: edited, readsList: readsList)
    }

    /// Reads `content`, from the file `name` (nil: standard input).
    static func load(content: InputBytes, name: String?, readOptions: ReadOptions,
                             edited: EditedFile?, readsList: Bool) throws -> LoadedInput {
        guard readsList else { return LoadedInput(content: content, document: nil, edited: edited) }
        let source = content.bytes
        let format = readOptions.format.resolve(name: name, source: source)
        do {
            let document = try ListDocument(source, format: format, options: readOptions)
            try content.throwIfShrank()
            return LoadedInput(content: content, document: document, edited: edited)
        } catch let error as any FormatReadError {
            try content.throwIfShrank()
            // Standard input (nil) is named as the job names it.
            let placed = FormatErrorInInput(error, name: name, source: source)
            if readOptions.format == .auto && error.isSyntaxError && (format == .json || format == .jsonc) {
                throw AutoDetectedJSON(error: placed, byName: name.flatMap(ListFormat.claiming) == .json)
            }
            throw placed
        } catch {
            // Zeros stood in for what went: the error may be about them.
            try content.throwIfShrank()
            throw error
        }
    }

    /// Applies the edit; returns true when `--check` or `--diff` found a
    /// change, or `fix` warned (either makes the exit status 1).
    /// `preloaded`, when given, is the input being read already; its value
    /// is the input, or the error reading it threw.
    func run(preloaded: BackgroundTask<LoadedInput>? = nil) throws -> Bool {
        let read: LoadedInput
        if let preloaded {
            read = try preloaded.value()
        } else if isStandardInput {
            read = try Job.load(content: try console.readStandardInput(), name: nil, readOptions: readOptions,
                                edited: nil, readsList: edit.readsList)
        } else {
            read = try Job.load(input: input, readOptions: readOptions, inPlace: mode == .write, readsList: edit.readsList)
        }
        // The document's bytes are the input's: mapped until `read` goes.
        // The lock goes when the job is done, though a preloaded `read`
        // lives on (the same file may come again).
        defer {
            read.edited?.finish()
            withExtendedLifetime(read) {}
        }
        if let expected, FileSnapshot(read.content) != expected {
            throw FileError.changedSinceRead(path: input)
        }
        do {
            return try apply(to: read)
        } catch let error as any FormatReadError {
            try read.content.throwIfShrank()
            throw FormatErrorInInput(error, name: displayName, source: read.content.bytes)
        } catch {
            // A file that shrank: reading past its end was caught, or
            // writing its missing bytes failed ("Bad address").
            try read.content.throwIfShrank()
            throw error
        }
    }

    /// What the edit makes of `read`. `fix` reports its warnings here,
    /// before anything is written.
    private func outcome(of read: LoadedInput) throws -> EditOutcome {
        switch edit {
        case .list(let prepared):
            let document = read.document!
            let arrangement = try document.arrangement(for: prepared)
            return EditOutcome(unchanged: document.resultEqualsSource(arrangement), terminator: document.itemTerminator,
                               write: { try document.write(arrangement, gathered: $0) })
        case .fixBlocks(let markers):
            let result = KeepSorted.fix(read.content.bytes, markers: markers)
            try read.content.throwIfShrank()
            if !result.warnings.isEmpty {
                try? console.standardOutput.flush()
                for warning in result.warnings {
                    try? console.standardError.write(
                        "reorder: \(displayName):\(warning.line): " + Messages.describe(warning, markers: markers) + "\n")
                }
                try? console.standardError.flush()
            }
            let output = PieceOutput(source: read.content.bytes, pieces: result.pieces)
            var outcome = EditOutcome(unchanged: output.equalsSource(), terminator: 0x0A,
                                      write: { try output.write(gathered: $0) })
            outcome.warned = !result.warnings.isEmpty
            return outcome
        }
    }

    private func apply(to read: LoadedInput) throws -> Bool {
        let content = read.content
        let source = content.bytes
        let outcome = try outcome(of: read)
        let unchanged = outcome.unchanged
        /// Writes the result to `sink`; throws if the input shrank meanwhile.
        func write(to sink: FileDescriptorSink) throws {
            try outcome.write { try sink.write(gathered: $0) }
            try sink.flush()
            try content.throwIfShrank()
        }

        switch mode {
        case .check(let diff):
            try content.throwIfShrank()
            guard !unchanged else { return outcome.warned }
            if diff {
                let result = try outcome.render()
                try content.throwIfShrank()
                try result.withUnsafeBytes { new in
                    try DiffPrinter(sink: console.standardOutput, color: color)
                        .print(old: source, new: new, name: displayName, terminator: outcome.terminator)
                }
            } else {
                try console.standardOutput.write(displayName + "\n")
            }
            return true

        case .output(let path) where path != "-" && !AtomicFile.isStandardOutput(path):
            if let fd = try AtomicFile.openIfNotRegularFile(path) {
                // A device or a pipe (`-o /dev/null`, a FIFO) is written to;
                // only a regular file is replaced.
                defer { System.close(fd) }
                try write(to: FileDescriptorSink(fd: fd, path: path))
                return outcome.warned
            }
            let target = try AtomicFile.target(for: path, mustExist: false)
            try AtomicFile.replace(target, displayPath: path) { fd in
                try write(to: FileDescriptorSink(fd: fd, path: path))
            }
            return outcome.warned

        case .output, .write:
            if isStandardInput || mode != .write {
                try outcome.write { try console.standardOutput.write(gathered: $0) }
                try content.throwIfShrank()
                return outcome.warned
            }
            // In place: an unchanged file is not rewritten; its time stays.
            guard !unchanged else { return outcome.warned }
            let target = try AtomicFile.target(for: input, mustExist: true)
            try AtomicFile.replace(target, displayPath: input, original: read.edited) { fd in
                try write(to: FileDescriptorSink(fd: fd, path: input))
            }
            if verbose {
                try? console.standardOutput.flush()
                try? console.standardError.write("reorder: \(input): rewritten\n")
                try? console.standardError.flush()
            }
            return outcome.warned
        }
    }
}

/// A JSON syntax error (a `FormatErrorInInput`) in an input that
/// `--format auto` chose to read as JSON.
struct AutoDetectedJSON: Error {
    let error: FormatErrorInInput
    /// Chosen for its `.json` name, not for its first byte.
    let byName: Bool
}

/// Prints a unified diff, coloured on request.
struct DiffPrinter {
    let sink: ByteSink
    let color: Bool

    /// A diff of lines ending with `terminator` (NUL for `-z`).
    func print(old: UnsafeRawBufferPointer, new: UnsafeRawBufferPointer, name: String, terminator: UInt8) throws {
        try UnifiedDiff.lines(old: old, new: new, oldLabel: name, newLabel: name, terminator: terminator) { kind, line in
            var bytes: [UInt8] = []
            let code: String?
            switch kind {
            case .header: code = color ? "\u{1B}[1m" : nil
            case .hunk: code = color ? "\u{1B}[36m" : nil
            case .removed: code = color ? "\u{1B}[31m" : nil
            case .added: code = color ? "\u{1B}[32m" : nil
            case .context, .note: code = nil
            }
            if let code { bytes += Array(code.utf8) }
            bytes += line
            if code != nil { bytes += Array("\u{1B}[0m".utf8) }
            bytes.append(0x0A)
            try bytes.withUnsafeBytes { try sink.write($0) }
        }
    }
}
