import ReorderKit

/// `reorder sort`: the options, read into `SortOptions`; `--key` travels in
/// `EditOptions` like the selectors' one.
enum SortCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        if let name = parsed.value(.preset) { return try runPreset(runner, parsed, name) }
        return try runner.editEachInput(parsed) { _ in
            try edit(parsed, readOptions: try parsed.readOptions(severalLists: true), console: runner.console)
        }
    }

    /// `sort --preset NAME`: the preset's rules, as a policy for every
    /// input, each read as the preset's format.
    static func runPreset(_ runner: Runner, _ parsed: ParsedArguments, _ name: String) throws -> Int32 {
        let own: [Option] = [.reverse, .unique, .ignoreCase, .numeric, .key, .recursive, .like, .missingFirst, .missingOk]
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
