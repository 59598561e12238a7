import ReorderKit

/// A list read for a command that only reads it (`diff`, `sort --like`,
/// `edit`'s view): its bytes and its document, alive together.
struct ListInput {
    let loaded: LoadedInput
    let name: String
    var document: ListDocument { loaded.document! }

    /// Reads `path` (`-`: standard input) as the list with `readOptions`.
    /// An error reading it carries the input's name (`<stdin>` for
    /// standard input, as a job's messages say).
    static func read(_ path: String, readOptions: ReadOptions, console: Console) throws -> ListInput {
        let standardInput = InputBytes.namesStandardInput(path)
        let name = standardInput ? "<stdin>" : path
        return try ErrorInInput.naming(name) {
            if standardInput {
                let loaded = try Job.load(content: try console.readStandardInput(), name: nil, readOptions: readOptions,
                                          edited: nil, readsList: true)
                return ListInput(loaded: loaded, name: name)
            }
            return ListInput(loaded: try Job.load(input: path, readOptions: readOptions, inPlace: false), name: name)
        }
    }
}

/// An error of one input, with the input's name: for a command that reads
/// several (`diff OLD NEW`, `sort --like REF`), whose errors reach the
/// runner with no job to name them.
struct ErrorInInput: Error {
    let error: any Error
    let name: String

    /// Runs `body`; an error it throws comes out with `name` (once: an
    /// error that has a name already keeps it).
    static func naming<T>(_ name: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ErrorInInput {
            throw error
        } catch {
            throw ErrorInInput(error: error, name: name)
        }
    }
}

/// `reorder diff OLD NEW`: the fewest operations from OLD's list to NEW's.
struct DiffCommand {
    let parsed: ParsedArguments
    let readOptions: ReadOptions
    let console: Console

    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        // Several lists (`-p` twice, or a `*`) are read by `runSections`.
        let command = DiffCommand(parsed: parsed, readOptions: try parsed.readOptions(severalLists: true), console: runner.console)
        if parsed.value(.document) == "*" { throw parsed.severalListsRefused(by: "diff") }
        return try command.run()
    }

    func run() throws -> Int32 {
        let inputs = parsed.positionals
        guard inputs.count == 2 else {
            throw UsageError.wrongInputCount(command: "diff", expected: "OLD and NEW", given: inputs.count)
        }
        if InputBytes.namesStandardInput(inputs[0]) && InputBytes.namesStandardInput(inputs[1]) {
            throw DiffError.bothOnStandardInput
        }
        return try namesSeveralLists ? runSections() : runOneList()
    }

    /// `diff` of one list in each input.
    func runOneList() throws -> Int32 {
        let inputs = parsed.positionals
        let key = parsed.value(.key)
        HeapTuning.prepare(forLists: inputs)
        // NEW, a file, is read on another thread while OLD is read, in the
        // format it would be read in alone; NEW is read in OLD's format, so
        // it is read again in the rare case that the two differ.
        let options = readOptions, console = console, newPath = inputs[1]
        let newInFormatOfItsOwn = InputBytes.isRegularFile(newPath)
            ? BackgroundTask { try ListInput.read(newPath, readOptions: options, console: console) } : nil
        defer { newInFormatOfItsOwn?.wait() }
        let old = try ListInput.read(inputs[0], readOptions: readOptions, console: console)
        var newOptions = readOptions
        newOptions.format = .named(old.document.format)
        let new: ListInput
        if let early = try? newInFormatOfItsOwn?.value(), early.document.format == old.document.format {
            new = early
        } else {
            new = try ListInput.read(newPath, readOptions: newOptions, console: console)
        }
        return try withExtendedLifetime((old, new)) {
            // Keys as numbers: equal bytes, one number.
            let oldKeys = try describing(old) { try ItemKeyBytes(old.document, key: key) }
            let newKeys = try describing(new) { try ItemKeyBytes(new.document, key: key) }
            let numbers = KeyNumbers(old: oldKeys, new: newKeys, concurrently: DiffCommand.concurrently)
            func text(_ document: ListDocument, _ index: Int) -> [UInt8] {
                document.layout.valueText(ofItem: index) ?? Array(document.itemBytes(index))
            }
            // With --key, a matched item may have changed beyond its key.
            let diff = ListDiff(numbers, changed: key == nil ? nil : { a, b in
                text(old.document, a) != text(new.document, b)
            })
            let sequential = parsed.has(.sequential)
            let operations = sequential || parsed.has(.jsonPatch) ? diff.sequentialOperations : diff.batchOperations
            if operations.isEmpty { return ExitStatus.success }
            func value(_ index: Int) throws -> [UInt8] {
                guard let value = new.document.layout.insertText(ofItem: index) else {
                    let item = Array(new.document.itemBytes(index))
                    // Whether `insert` writes the item's own bytes, line
                    // breaks and all, back as they are (a CSV row with a
                    // quoted line break): then it can be given there.
                    let inserted = try? new.document.layout.newItem(item, asString: false)
                    throw DiffError.itemSpansLines(index: "\(index)", input: new.name, format: new.document.format,
                                                   multiline: item.contains(0x0A) || item.contains(0x0D),
                                                   insertTakesIt: inserted == item)
                }
                return value
            }
            var out: [UInt8] = []
            if parsed.has(.stat) {
                let moves = operations.filter { if case .move = $0 { return true } else { return false } }.count
                out = Array(DiffCommand.stat(moves: moves, inserts: diff.inserted.count, deletes: diff.deleted.count,
                                             replaces: diff.replaced.count).utf8)
            } else if parsed.has(.jsonPatch) {
                out = try jsonPatch(operations, document: new.document, value: value)
            } else {
                var values: [Int: [UInt8]] = [:]
                for index in diff.inserted { values[index] = try value(index) }
                for match in diff.replaced { values[match.new] = try value(match.new) }
                out = diff.script(sequential: sequential, base: parsed.has(.oneBased) ? 1 : 0) { values[$0]! }
            }
            try console.standardOutput.write(String(decoding: out, as: UTF8.self))
            return ExitStatus.wouldChange
        }
    }

    /// `--stat`'s line.
    static func stat(moves: Int, inserts: Int, deletes: Int, replaces: Int) -> String {
        func counted(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return [counted(moves, "move"), counted(inserts, "insert"), counted(deletes, "delete"), counted(replaces, "replace")]
            .joined(separator: ", ") + "\n"
    }

    /// Runs `first` here and `second` on another thread, and returns when
    /// both are done (both here, one after the other, when no thread can be
    /// started).
    static func concurrently(_ first: () -> Void, _ second: () -> Void) {
        withoutActuallyEscaping(second) { second in
            let task = BackgroundTask { second() }
            first()
            try? task.value()
        }
    }

    /// Errors about one input, with its name (and a format error's place).
    private func describing<T>(_ input: ListInput, _ body: () throws -> T) throws -> T {
        try ErrorInInput.naming(input.name) {
            do {
                return try body()
            } catch let error as any FormatReadError {
                throw FormatErrorInInput(error, name: input.name, source: input.loaded.content.bytes)
            }
        }
    }

    /// RFC 6902 operations for the sequential change of a JSON array.
    private func jsonPatch(_ operations: [DiffOperation], document: ListDocument, value: (Int) throws -> [UInt8]) throws -> [UInt8] {
        guard document.format.options.contains(Option.jsonPatch.rawValue), !document.layout.itemsAreKeyedMembers else {
            throw DiffError.jsonPatchNeedsArray(format: document.format)
        }
        let base = readOptions.pointer
        func path(_ index: Int) -> String { "\"" + base.replacingEscapes() + "/\(index)\"" }
        var lines: [String] = []
        for operation in operations {
            switch operation {
            case .delete(let index):
                lines.append("{\"op\": \"remove\", \"path\": \(path(index))}")
            case .move(let from, let to):
                lines.append("{\"op\": \"move\", \"from\": \(path(from)), \"path\": \(path(to))}")
            case .insert(let at, let new):
                lines.append("{\"op\": \"add\", \"path\": \(path(at)), \"value\": \(String(decoding: try value(new), as: UTF8.self))}")
            case .replace(let at, let new):
                lines.append("{\"op\": \"replace\", \"path\": \(path(at)), \"value\": \(String(decoding: try value(new), as: UTF8.self))}")
            }
        }
        return Array(("[\n  " + lines.joined(separator: ",\n  ") + "\n]\n").utf8)
    }
}

/// Errors of `diff`.
enum DiffError: Error, Equatable {
    case bothOnStandardInput
    /// NEW's item `index` (of a list read as `format`) cannot be given as
    /// a one-line VALUE: it spans several lines (`multiline`) or its
    /// format has no one-line form of it; `insertTakesIt`: `insert` takes
    /// its bytes, line breaks and all, as they are.
    case itemSpansLines(index: String, input: String, format: ListFormat, multiline: Bool, insertTakesIt: Bool)
    /// The list is not a JSON array: an object's members, or `format`'s.
    case jsonPatchNeedsArray(format: ListFormat)
    /// With several lists: `pointer`, a list that `present` has and
    /// `absent` lacks (the lists a `*` of -p names differ).
    case listInOneInputOnly(pointer: String, present: String, absent: String)
    /// With several lists: -p names `pointer` twice.
    case listNamedTwice(String)
    /// A `*` of -p that names no list in `input`.
    case patternNamesNoList(pattern: String, input: String)
}

extension String {
    /// The pointer as the text of a JSON string (`"` and `\` escaped).
    func replacingEscapes() -> String {
        var out = ""
        for character in self {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
