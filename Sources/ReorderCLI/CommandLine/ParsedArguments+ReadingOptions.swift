import ReorderKit

extension ParsedArguments {
    /// How the command line says to read each list: the format, the part
    /// of the document (`-p`, `--document`, `--block`...) and the options
    /// that only some formats take, which the others refuse.
    /// `severalLists`: the command edits every list a `*` in `-p` or
    /// `--document '*'` names (see `listTargets`); without it, they are
    /// refused (`pick`, `edit`, `diff`: one list each).
    func readOptions(severalLists: Bool = false) throws -> ReadOptions {
        var options = ReadOptions()
        let targets = try listTargets()
        if targets != nil && !severalLists { throw severalListsRefused(by: command.name) }
        // Several lists: each job finds them in its input (`ListTargets`).
        options.pointer = targets == nil ? value(.pointer) ?? "" : ""
        options.format = try formatChoice()
        options.editsInsideItems = has(.recursive)
        options.lender = .newThread
        if let kinds = value(.groups) {
            // Comment headings belong to positions, not items: every command
            // that takes --groups reads them so; only sort sorts within
            // groups, so the others take 'comments' alone.
            let names = kinds.split(separator: ",")
            if command.name != "sort" && names != ["comments"] {
                throw UsageError.invalidChoice(option: Option.groups.spelled, value: kinds, choices: ["comments"])
            }
            options.commentHeadings = names.contains("comments")
        }
        let bound: [(Option, FormatBoundOption)] = [
            (.pointer, .pointer), (.document, .document),
            (.recursive, .recursive), (.string, .string),
        ]
        // `-p ""` is the root: the whole document, which a format without
        // pointers (lines, CSV) reads as its one list, so it takes it too.
        for (option, bound) in bound where has(option) && !(option == .pointer && value(.pointer) == "") {
            options.formatBound.insert(bound)
        }
        if let document = value(.document), document != "*" {
            guard let index = Int(document) else { throw UsageError.invalidDocumentIndex(document) }
            options.document = index
        }
        // The options the formats declare as their own: each format reads
        // its values (and refuses a bad one); the other formats refuse it.
        for declared in ListFormat.declaredOptions where has(Option(declared)) {
            options.formatBound.insert(FormatBoundOption(rawValue: declared.name))
            do {
                let values = FormatOption.Values(texts: values(Option(declared)), raw: rawValues(Option(declared)))
                try declared.read(values, into: &options)
            } catch let error as FormatOptionError {
                throw UsageError.invalidFormatOptionValue(error)
            }
        }
        options.countsFromOne = has(.oneBased)
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

/// The lists `-p` names with a `*` segment (or a `~2`, a key that is `*`),
/// or `--document '*'`: found anew in each input, each edited in turn.
struct ListTargets: Sendable {
    /// `-p` (the root when not given).
    let pattern: PointerPattern
    /// `--document '*'`: every document of a YAML stream.
    let allDocuments: Bool
}

extension ParsedArguments {
    /// The error for a pattern given to `command`, which works on one list.
    func severalListsRefused(by command: String) -> UsageError {
        .severalListsNotForCommand(
            value(.document) == "*" ? "--document '*'" : "-p '\(value(.pointer) ?? "")'", command: command)
    }

    /// Nil for one list: a `-p` without `*` (or `~2`) segments and no
    /// `--document '*'`.
    func listTargets() throws -> ListTargets? {
        let pointer = value(.pointer) ?? ""
        let allDocuments = value(.document) == "*"
        let wildcard = pointer.split(separator: "/", omittingEmptySubsequences: false).contains("*")
            || pointer.contains("~2")
        guard wildcard || allDocuments else { return nil }
        do {
            return ListTargets(pattern: try PointerPattern(pointer), allDocuments: allDocuments)
        } catch {
            guard case .badPointer(_, let reason) = error else { throw error }
            throw UsageError.invalidPointerPattern(pointer, reason: reason)
        }
    }
}
