import ReorderKit

/// `reorder batch`: gathers the operations of `-e OP` and `-f SCRIPT`, in
/// the order given on the command line, into one `BatchScript`.
enum BatchCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        try runner.editEachInput(parsed, preloadsFirstInput: true) { _ in try edit(parsed, console: runner.console) }
    }

    static func edit(_ parsed: ParsedArguments, console: Console) throws -> Edit {
        var script = BatchScript()
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
                try script.append(expression: expression, number: expressionNumber)
            case .file:
                guard let path = files.next() else { continue }
                sawOperationSource = true
                if path == "-" {
                    // The list's FILE arguments follow: batch has no
                    // arguments of its own.
                    let inputs = parsed.positionals
                    if inputs.isEmpty || inputs.contains(where: InputBytes.namesStandardInput) { throw BatchError.scriptAndListOnStandardInput }
                    let content = try console.readStandardInput()
                    try script.append(script: content.bytes, name: "<stdin>")
                } else {
                    let content = try InputBytes.read(path: path)
                    try script.append(script: content.bytes, name: path)
                }
            default:
                continue
            }
        }
        guard sawOperationSource else { throw UsageError.batchNeedsOperations }
        return .batch(script, sequential: parsed.has(.sequential))
    }
}
