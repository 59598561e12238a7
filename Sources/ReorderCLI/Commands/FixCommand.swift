import ReorderKit

/// `reorder fix`: each input's marked blocks sorted; and its marker
/// option, and `--block` / `--line-range`, which make any other command
/// work on a part of a file.
enum FixCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        // Standard input: its marked blocks, as a filter. FILEs outside
        // any policy, without --reporter: their marked blocks, each file
        // named by --check as before there were policies.
        // --changed-since and --staged choose the files: never with FILEs
        // or '-', whatever else the run would be.
        _ = try ChangedFiles.selection(parsed)
        let standardInput = parsed.positionals.contains { InputBytes.namesStandardInput($0) }
        let loaded = standardInput ? nil : try LoadedPolicy.find(config: parsed.value(.config))
        if standardInput || (loaded == nil && !parsed.positionals.isEmpty && !parsed.has(.reporter)) {
            if standardInput {
                for option in [Option.config, .reporter] where parsed.has(option) {
                    throw UsageError.conflictingOptions(option.spelled, "-")
                }
            }
            // The input is read as bytes, not as a list.
            return try runner.eachInput(parsed) { _ in (.fixBlocks(try markers(parsed)), ReadOptions()) }
        }
        return try runPolicy(runner, parsed, loaded, check: false)
    }

    /// The markers `--marker NAME` names (`keep-sorted` by default).
    static func markers(_ parsed: ParsedArguments) throws -> KeepSortedMarkers {
        let name = parsed.value(.marker) ?? KeepSorted.defaultMarker
        guard !name.isEmpty, !name.contains("\n") else { throw UsageError.invalidMarker(name) }
        return KeepSortedMarkers(name: name)
    }

    /// The region `--block N` or `--line-range A...B` names, or nil. The
    /// region is read as lines, so options that choose another reading
    /// cannot go with it.
    static func region(_ parsed: ParsedArguments) throws -> ListRegion? {
        let block = parsed.value(.block), lines = parsed.value(.lineRange)
        guard block != nil || lines != nil else {
            if parsed.has(.marker) { throw UsageError.markerWithoutBlock }
            return nil
        }
        let given = (block != nil ? Option.block : .lineRange).spelled
        if block != nil && lines != nil { throw UsageError.conflictingOptions(Option.block.spelled, Option.lineRange.spelled) }
        if parsed.has(.marker) && block == nil { throw UsageError.markerWithoutBlock }
        // A part of the file is read as lines, ending with newlines.
        let refused = [Option.json, .pointer] + ListFormat.declaredOptions.filter { !$0.takenByRegions }.map(Option.init)
        for option in refused where parsed.has(option) {
            throw UsageError.conflictingOptions(given, option.spelled)
        }
        if let format = parsed.value(.format), format != ListFormat.plain.name && format != "auto" {
            throw UsageError.conflictingOptions(given, Option.format.spelled + " " + format)
        }
        if let block {
            guard let index = Int(block) else { throw UsageError.invalidBlockIndex(block) }
            return .block(index: index, marker: try markers(parsed).name)
        }
        return try lineRange(lines!)
    }

    /// `A...B` or `A...`: line numbers from 1.
    static func lineRange(_ text: String) throws -> ListRegion {
        guard let dots = text.firstRange(of: "...") else { throw UsageError.invalidLineRange(text) }
        let firstText = text[..<dots.lowerBound], lastText = text[dots.upperBound...]
        guard let first = Int(firstText), first >= 1 else { throw UsageError.invalidLineRange(text) }
        if lastText.isEmpty { return .lines(first: first, last: nil) }
        guard let last = Int(lastText), last >= first else { throw UsageError.invalidLineRange(text) }
        return .lines(first: first, last: last)
    }
}
