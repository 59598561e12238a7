import ReorderKit

/// `reorder sort`: the options, read into `SortOptions`; `--key` travels in
/// `EditOptions` like the selectors' one.
enum SortCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        if let name = parsed.value(.preset) { return try runPreset(runner, parsed, name) }
        return try runner.editEachInput(parsed) { _ in
            // With --groups comments, read with comment headings (see
            // `readOptions`), as the list itself is.
            try edit(parsed, readOptions: try parsed.readOptions(severalLists: true), console: runner.console)
        }
    }

    /// `--groups KINDS` and `--group-pattern PATTERN` (in order).
    static func grouping(_ parsed: ParsedArguments) throws -> Grouping {
        var grouping = Grouping()
        if let kinds = parsed.value(.groups) {
            let names = kinds.split(separator: ",").map(String.init)
            grouping.blankLines = names.contains("blank-lines")
            grouping.comments = names.contains("comments")
        }
        for text in parsed.values(.groupPattern) {
            do {
                grouping.patterns.append(try GroupPattern(text))
            } catch {
                throw UsageError.invalidGroupPattern(text, reason: error.reason, offset: error.offset)
            }
        }
        return grouping
    }

    /// `sort --preset NAME`: the preset's rules, as a policy for every
    /// input, each read as the preset's format.
    static func runPreset(_ runner: Runner, _ parsed: ParsedArguments, _ name: String) throws -> Int32 {
        let own: [Option] = [.reverse, .unique, .ignoreCase, .numeric, .key, .recursive, .like, .missingFirst, .missingOk]
        for option in [Option.groups, .groupPattern] where parsed.has(option) {
            throw UsageError.conflictingOptionsBecause(
                Option.preset.spelled, option.spelled, reason: "a preset sets each list's groups as its file's tools keep them")
        }
        for option in own + CommandTable.reading where parsed.has(option) {
            throw UsageError.conflictingOptions(Option.preset.spelled, option.spelled)
        }
        guard let preset = Preset.named(name) else {
            throw UsageError.invalidChoice(option: Option.preset.spelled, value: name, choices: Preset.all.map(\.name))
        }
        var policy = Policy()
        policy.markers = false
        policy.rules = preset.rules(number: 1, offset: 0, files: [])
        let context = PolicyContext(policy: policy, loaded: nil, markers: KeepSortedMarkers())
        context.reportsFindings = false
        for input in parsed.positionals { context.relativePaths[input] = input }
        context.relativePaths["-"] = "-"
        return try runner.eachInput(parsed) { _ in (.policy(context), ReadOptions()) }
    }

    static func edit(_ parsed: ParsedArguments, readOptions: ReadOptions, console: Console) throws -> Edit {
        var options = SortOptions(
            reverse: parsed.has(.reverse),
            unique: parsed.has(.unique),
            ignoreCase: parsed.has(.ignoreCase),
            numeric: parsed.has(.numeric),
            recursive: parsed.has(.recursive))
        options.lender = readOptions.lender
        options.grouping = try grouping(parsed)
        if parsed.has(.like), let option = [Option.groups, .groupPattern].first(where: parsed.has) {
            // --like sets the whole order from REF, groups and all.
            throw UsageError.conflictingOptionsBecause(
                Option.like.spelled, option.spelled, reason: "--like puts the whole list in REF's order, which leaves no groups to sort within")
        }
        if parsed.has(.oneBased) && !(parsed.value(.key)?.hasPrefix("#") ?? false) {
            // sort has no index to count: only a CSV or TSV column '#N'.
            throw UsageError.optionNeedsOther(Option.oneBased.spelled, needs: "--key #N")
        }
        if parsed.has(.like) && parsed.has(.recursive) {
            // --like sets the order of the list from REF and sorts nothing
            // inside; --recursive would be ignored.
            throw UsageError.conflictingOptions(Option.like.spelled, Option.recursive.spelled)
        }
        if let reference = parsed.value(.like) {
            // REF's list is the one -p names: one list, not a pattern.
            if try parsed.listTargets() != nil { throw parsed.severalListsRefused(by: "sort --like") }
            // REF is read as the list is, with the same options.
            let input = try ListInput.read(reference, readOptions: readOptions, console: console)
            options.like = try withExtendedLifetime(input) { try input.document.itemKeys(key: parsed.value(.key)) }
            options.likeMissingFirst = parsed.has(.missingFirst)
        } else if parsed.has(.missingFirst) {
            throw UsageError.optionNeedsOther(Option.missingFirst.spelled, needs: Option.like.spelled)
        }
        return .sort(options)
    }
}
