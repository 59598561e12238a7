import ReorderKit

/// `reorder move FROM TO`: the item at FROM (or the block a selector
/// selects) ends at TO; TO `sorted`: each at its sorted place. With
/// `--to DEST`, into the list DEST of the same file; with `--to-file
/// OTHER`, into a list of OTHER.
enum MoveCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        if let other = parsed.value(.toFile) { return try runBetweenFiles(runner, parsed, other: other, copy: false) }
        if let destination = parsed.value(.to) { return try runBetweenLists(runner, parsed, destination: destination, copy: false) }
        return try runner.editEachInput(parsed) { arguments in
            let from = try SourceSelector(parsing: arguments[0])
            if let order = try SortedPlace.order(arguments[1], parsed, place: "TO") {
                return .moveSorted(from: from, order: order)
            }
            return .move(from: from, to: try UserIndex(parsing: String(decoding: arguments[1], as: UTF8.self)))
        }
    }

    /// `move FROM TO -p LIST --to DEST`: one list's items into another
    /// list of the same file, written once.
    static func runBetweenLists(_ runner: Runner, _ parsed: ParsedArguments, destination: String,
                                copy: Bool) throws -> Int32 {
        // One list to take from, one to put in.
        if try parsed.listTargets() != nil { throw parsed.severalListsRefused(by: parsed.command.name + " --to") }
        if destination.contains("*") || destination.contains("~2") {
            throw UsageError.severalListsNotForCommand("--to '\(destination)'", command: parsed.command.name + " --to")
        }
        let readOptions = try parsed.readOptions()
        let options = EditOptions(base: parsed.has(.oneBased) ? .one : .zero, missingOK: parsed.has(.missingOk),
                                  key: parsed.value(.key))
        return try runner.eachInput(parsed) { arguments in
            let from = try SourceSelector(parsing: arguments[0])
            let place: BetweenLists.Place
            if let order = try SortedPlace.order(arguments[1], parsed, place: "TO") {
                place = .sorted(order)
            } else {
                place = .index(try UserIndex(parsing: String(decoding: arguments[1], as: UTF8.self)))
            }
            let move = BetweenLists(from: from, to: place, destination: destination, copy: copy)
            return (.betweenLists(move, options), readOptions)
        }
    }
}

extension MoveCommand {
    /// `move FROM TO -p LIST --to-file OTHER [--to DEST] FILE` (and
    /// `copy`): one list's items into a list of another file. Both files
    /// are locked, read once, and written as a pair (`PairWrite`).
    static func runBetweenFiles(_ runner: Runner, _ parsed: ParsedArguments, other: String, copy: Bool) throws -> Int32 {
        let command = parsed.command
        let name = command.name + " --to-file"
        if try parsed.listTargets() != nil { throw parsed.severalListsRefused(by: name) }
        let readOptions = try parsed.readOptions()
        let destination = parsed.value(.to) ?? readOptions.pointer
        if destination.contains("*") || destination.contains("~2") {
            throw UsageError.severalListsNotForCommand("--to '\(destination)'", command: name)
        }
        let argumentCount = command.arguments.count
        guard parsed.positionals.count >= argumentCount else {
            throw UsageError.missingArgument(command.arguments[parsed.positionals.count].name, command: command.name)
        }
        let files = Array(parsed.positionals.dropFirst(argumentCount))
        guard files.count == 1, !InputBytes.namesStandardInput(files[0]) else {
            throw PairWriteError(message: "\(name) takes one FILE, the file the items leave (not standard input), and OTHER, the file they enter; "
                + (files.isEmpty ? "no FILE was given" : "\(files.count) were given"))
        }
        if InputBytes.namesStandardInput(other) {
            throw PairWriteError(message: "--to-file names standard input; OTHER must be a file, written in place")
        }
        if parsed.has(.output) {
            throw PairWriteError(message: "--to-file writes both files in place; -o is not taken with it (use --diff to see the change)")
        }
        let source = files[0]
        let sourceIdentity = FileIdentity(path: source), otherIdentity = FileIdentity(path: other)
        if let sourceIdentity, sourceIdentity == otherIdentity {
            throw PairWriteError(message: "--to-file '\(other)' names FILE itself; to move between lists of one file, give --to DEST without --to-file")
        }
        let arguments = Array(parsed.rawPositionals.prefix(argumentCount))
        let from = try SourceSelector(parsing: arguments[0])
        let place: BetweenFiles.Place
        if let order = try SortedPlace.order(arguments[1], parsed, place: "TO") {
            place = .sorted(order)
        } else {
            place = .index(try UserIndex(parsing: String(decoding: arguments[1], as: UTF8.self)))
        }
        let options = EditOptions(base: parsed.has(.oneBased) ? .one : .zero, missingOK: parsed.has(.missingOk),
                                  key: parsed.value(.key))
        let checking = parsed.has(.check) || parsed.has(.diff)
        let color = try runner.diffColor(parsed)

        // Locked in one order, the files' identities', so that two runs
        // over one pair in opposite directions do not wait on each other.
        let sourceFirst = (sourceIdentity.map { ($0.device, $0.inode) } ?? (0, 0))
            <= (otherIdentity.map { ($0.device, $0.inode) } ?? (0, 0))
        func load(_ path: String) throws -> LoadedInput {
            try Job.load(input: path, readOptions: readOptions, inPlace: !checking, readsList: false)
        }
        let first = try load(sourceFirst ? source : other)
        let second = try load(sourceFirst ? other : source)
        let (read, readOther) = sourceFirst ? (first, second) : (second, first)
        defer {
            read.edited?.finish()
            readOther.edited?.finish()
        }
        let sourceBytes = read.content.bytes, otherBytes = readOther.content.bytes
        let sourceFormat = readOptions.format.resolve(name: source, source: sourceBytes)
        let otherFormat = readOptions.format.resolve(name: other, source: otherBytes)
        var otherOptions = readOptions
        otherOptions.pointer = destination
        let move = BetweenFiles(from: from, to: place, copy: copy)
        let result: BetweenFiles.Result?
        do {
            result = try move.apply(from: .init(bytes: sourceBytes, format: sourceFormat, options: readOptions, name: source),
                                    into: .init(bytes: otherBytes, format: otherFormat, options: otherOptions, name: other),
                                    editOptions: options)
        } catch let failure as BetweenFiles.Failure {
            try read.content.throwIfShrank()
            try readOther.content.throwIfShrank()
            let (path, bytes) = failure.side == .source ? (source, sourceBytes) : (other, otherBytes)
            if let error = failure.error as? any FormatReadError { throw FormatErrorInInput(error, name: path, source: bytes) }
            throw ErrorInInput(error: failure.error, name: path)
        }
        try read.content.throwIfShrank()
        try readOther.content.throwIfShrank()
        guard let result else { return ExitStatus.success }

        if checking {
            if parsed.has(.diff) {
                let printer = DiffPrinter(sink: runner.console.standardOutput, color: color)
                if let new = result.source {
                    // SAFETY: the bytes of `new` are only read inside the closure, and no pointer to them leaves it.
                    try new.withUnsafeBytes { try printer.print(old: sourceBytes, new: $0, name: source, terminator: 0x0A) }
                }
                // SAFETY: the bytes of `result.destination` are only read inside the closure, and no pointer to them leaves it.
                try result.destination.withUnsafeBytes { try printer.print(old: otherBytes, new: $0, name: other, terminator: 0x0A) }
            } else {
                if result.source != nil { try runner.console.standardOutput.write(source + "\n") }
                try runner.console.standardOutput.write(other + "\n")
            }
            return ExitStatus.wouldChange
        }
        let items = result.count == 1 ? "the item" : "the \(result.count) items"
        try PairWrite.write(
            destination: PairWrite.File(path: other, edited: readOther.edited!, content: result.destination),
            source: result.source.map { PairWrite.File(path: source, edited: read.edited!, content: $0) },
            items: items)
        if parsed.has(.verbose) {
            try? runner.console.standardOutput.flush()
            for path in (result.source == nil ? [other] : [other, source]) {
                try? runner.console.standardError.write("reorder: \(path): rewritten\n")
            }
            try? runner.console.standardError.flush()
        }
        return ExitStatus.success
    }
}
