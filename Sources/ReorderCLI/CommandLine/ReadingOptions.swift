import ReorderKit

extension ParsedArguments {
    /// How the command line says to read each list: the format, the part
    /// of the document (`-p`, `--document`, `--block`...) and the options
    /// that only some formats take, which the others refuse.
    func readOptions() throws -> ReadOptions {
        var options = ReadOptions()
        options.nulTerminated = has(.null)
        options.pointer = value(.pointer) ?? ""
        options.format = try formatChoice()
        options.binaryAsText = has(.text)
        options.editsInsideItems = has(.recursive)
        options.lender = .newThread
        let bound: [(Option, FormatBoundOption)] = [
            (.pointer, .pointer), (.null, .null), (.text, .text), (.document, .document),
            (.recursive, .recursive), (.string, .string),
        ]
        for (option, bound) in bound where has(option) { options.formatBound.insert(bound) }
        if let document = value(.document) {
            guard let index = Int(document) else { throw UsageError.invalidDocumentIndex(document) }
            options.document = index
        }
        options.region = try FixCommand.region(self)
        return options
    }

    /// `--format`, `--json` and `--lines`, which must agree.
    private func formatChoice() throws -> FormatChoice {
        var choices: [(String, FormatChoice)] = []
        if let format = value(.format) { choices.append((Option.format.spelled, FormatChoice(rawValue: format)!)) }
        if has(.json) { choices.append((Option.json.spelled, .json)) }
        if has(.lines) { choices.append((Option.lines.spelled, .lines)) }
        if let first = choices.first, let other = choices.first(where: { $0.1 != first.1 }) {
            throw UsageError.conflictingOptions(first.0, other.0)
        }
        return choices.first?.1 ?? .auto
    }
}
