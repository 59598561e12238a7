import ReorderKit

/// `reorder batch`: gathers the operations of `-e OP` and `-f SCRIPT`, in
/// the order given on the command line, into one `BatchScript`.
enum BatchCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        let pointers = parsed.values(.pointer)
        let targets = try parsed.listTargets()
        let wildcard = pointers.count == 1 && parsed.value(.document) != "*" && targets != nil
        guard pointers.count > 1 || wildcard else {
            return try runner.editEachInput(parsed, preloadsFirstInput: true) { _ in try edit(parsed, console: runner.console) }
        }
        // Several lists: their items are named by index paths S:I. One -p
        // with '*' and a script of plain indices edits each list it names
        // in turn, as before.
        let sources = try gather(parsed, console: runner.console)
        var sectioned = BatchScript()
        sectioned.sectioned = true
        try append(sources, to: &sectioned)
        if wildcard && !sectioned.sectionedOperations.contains(where: \.usesPath) {
            var script = BatchScript()
            try append(sources, to: &script)
            return try runner.editEachInput(parsed) { _ in .batch(script, sequential: parsed.has(.sequential)) }
        }
        let options = EditOptions(base: parsed.has(.oneBased) ? .one : .zero, missingOK: parsed.has(.missingOk),
                                  valuesAreStrings: parsed.has(.string), key: parsed.value(.key))
        let job = SectionedBatchJob(script: sectioned, sequential: parsed.has(.sequential), options: options, pointers: pointers)
        var readOptions = try parsed.readOptions(severalLists: true)
        readOptions.pointer = ""
        return try runner.eachInput(parsed) { _ in (.sectionedBatch(job), readOptions) }
    }

    static func edit(_ parsed: ParsedArguments, console: Console) throws -> Edit {
        var script = BatchScript()
        try append(try gather(parsed, console: console), to: &script)
        return .batch(script, sequential: parsed.has(.sequential))
    }

    /// Where the operations come from, in the order given.
    enum Source {
        case expression([UInt8], number: Int)
        case script([UInt8], name: String)
    }

    static func append(_ sources: [Source], to script: inout BatchScript) throws {
        for source in sources {
            switch source {
            case .expression(let bytes, let number): try script.append(expression: bytes, number: number)
            // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
            case .script(let bytes, let name): try bytes.withUnsafeBytes { try script.append(script: $0, name: name) }
            }
        }
    }

    /// The `-e OP` and `-f SCRIPT` of the command line, read.
    static func gather(_ parsed: ParsedArguments, console: Console) throws -> [Source] {
        var sources: [Source] = []
        var expressions = parsed.rawValues(.expression).makeIterator()
        var files = parsed.values(.file).makeIterator()
        var expressionNumber = 0
        var sawOperationSource = false
        for option in parsed.valueOrder {
            switch option {
            case .expression:
                guard let expression = expressions.next() else { continue }
                expressionNumber += 1
                sawOperationSource = true
                sources.append(.expression(expression, number: expressionNumber))
            case .file:
                guard let path = files.next() else { continue }
                sawOperationSource = true
                if path == "-" {
                    // The list's FILE arguments follow: batch has no
                    // arguments of its own.
                    let inputs = parsed.positionals
                    if inputs.isEmpty || inputs.contains(where: InputBytes.namesStandardInput) { throw BatchError.scriptAndListOnStandardInput }
                    let content = try console.readStandardInput()
                    sources.append(.script(Array(content.bytes), name: "<stdin>"))
                } else {
                    let content = try InputBytes.read(path: path)
                    sources.append(.script(Array(content.bytes), name: path))
                }
            default:
                continue
            }
        }
        guard sawOperationSource else { throw UsageError.batchNeedsOperations }
        return sources
    }
}
