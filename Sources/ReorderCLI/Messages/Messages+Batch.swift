import ReorderKit

extension Messages {
    /// Batch errors. A mistake in writing an operation comes before any list
    /// is read, so it starts with where the operation is
    /// (`ops.txt:7: 'mvoe' is not an operation; did you mean 'move'?`); a
    /// clash within the batch names the operations, with their script line
    /// (`'delete 2' and 'move 2 0' (ops.txt:4) both use item 2`).
    static func describe(_ error: BatchError, input: String?) -> String {
        let prefix = input.map { $0 + ": " } ?? ""
        switch error {
        case .unknownOperation(let name, let operation):
            let names = BatchOperation.usages.map(\.name)
            let advice = ArgumentParser.closest(to: name, among: names).map { "did you mean '\($0)'?" }
                ?? "use one of: " + names.joined(separator: ", ")
            return prefix + place(operation) + "'\(name)' is not an operation; " + advice
        case .incompleteOperation(let usage, let operation):
            if case .expression = operation.origin {
                return prefix + "'\(shown(operation.text))' is incomplete; write '\(usage)'"
            }
            return prefix + place(operation) + "'\(shown(operation.text))' is incomplete; write '\(usage)'"
        case .invalidArgument(let operation, let underlying):
            return prefix + "in " + quoted(operation) + ": " + describe(underlying, input: nil)
        case .sourceUsedTwice(let item, let first, let second, let base):
            return prefix + quoted(first) + " and " + quoted(second) + " both use item \(item + base.offset)"
        case .destinationClaimedTwice(let position, let first, let second, let base):
            return prefix + quoted(first) + " and " + quoted(second) + " both claim position \(position + base.offset)"
        case .destinationOutsideResult(let resultCount, let needed, let operation):
            let items = resultCount == 1 ? "1 item" : "\(resultCount) items"
            return prefix + "the batch leaves \(items); " + quoted(operation) + " needs at least \(needed)"
        case .needsOneItem(let argument, let selected, let operation):
            return prefix + quoted(operation) + " needs one item for \(argument), but it selects \(selected)"
        case .pathUsedTwice(let path, let first, let second, let base):
            return prefix + quoted(first) + " and " + quoted(second) + " both use item \(path.section):\(path.item + base.offset)"
        case .pathClaimedTwice(let path, let first, let second, let base):
            return prefix + quoted(first) + " and " + quoted(second) + " both claim position \(path.section):\(path.item + base.offset)"
        case .destinationOutsideSection(let section, let resultCount, let needed, let operation):
            let items = resultCount == 1 ? "1 item" : "\(resultCount) items"
            return prefix + "the batch leaves \(items) in section \(section); " + quoted(operation) + " needs at least \(needed)"
        case .needsPath(let sections, let operation):
            return prefix + quoted(operation) + " gives a plain index, but the batch edits \(sections) lists; "
                + "name each item by its index path S:I (section, colon, item; sections counted from 0 in the order of -p), "
                + "as 'move 1:4 0:0'"
        case .scriptAndListOnStandardInput:
            return "'-f -' reads the script from standard input, so the list must come from a FILE"
        case .invalidContentClaim(let line):
            return place(line) + "'\(shown(line.text))' must give the content's hash as 16 hexadecimal digits; "
                + "nothing is written"
        case .madeForOtherContent(let claim):
            return prefix + "the script \(claim.script) was made for another content of the file (its line \(claim.line)), "
                + "and an operation names an item by position, which would now be another item; nothing is written "
                + "(name every item by value, '=VALUE', or make the order again)"
        }
    }

    /// `ops.txt:7: ` for a script's line; `-e 'OP': ` for an expression.
    private static func place(_ operation: BatchOperationReference) -> String {
        switch operation.origin {
        case .script(let name, let line): return "\(name):\(line): "
        case .expression: return "-e '\(shown(operation.text))': "
        }
    }

    /// `'insert 12 x'`, and `(ops.txt:7)` after it for a script's line.
    private static func quoted(_ operation: BatchOperationReference) -> String {
        let text = "'\(shown(operation.text))'"
        if case .script(let name, let line) = operation.origin { return text + " (\(name):\(line))" }
        return text
    }

    /// An operation's text, shortened when its value is long.
    private static func shown(_ text: String) -> String {
        let text = oneLine(text)
        let limit = 60
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 3)) + "..."
    }
}
