import ReorderKit

extension Messages {
    /// `fix`'s warning about a block, without the `FILE:LINE: ` before it.
    static func describe(_ warning: KeepSortedWarning, markers: KeepSortedMarkers) -> String {
        let start = "'\(markers.name) start'", end = "'\(markers.name) end'"
        switch warning.problem {
        case .unknownOption(let key):
            let suggestion = ArgumentParser.closest(to: key, among: KeepSortedOptionKeys.all)
            return "unknown option '\(key)' on the \(start) line" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
                + "; it is left out"
        case .invalidValue(let option, let value, let expected):
            return "'\(option)=\(value)': \(option) takes \(describe(expected)); the option is left out"
        case .unterminatedList(let option, let text):
            return "'\(option)=\(text)' starts a YAML list that does not end with ']'; the option is left out"
        case .invalidList(let option, let text, let reason):
            return "'\(option)=\(text)' is not a list reorder can read (\(reason)); the option is left out"
        case .invalidRegex(let option, let pattern, let reason):
            return "'\(option)' is given '\(pattern)', which is not a regular expression (\(reason)); the option is left out"
        case .conflictingSkipLines(let values):
            return "skip_lines=\(values.map(String.init).joined(separator: ",")) skips twice at the same end "
                + "(a positive value skips lines after the start marker, a negative one before the end marker); no line is skipped"
        case .groupPrefixesWithoutGroup:
            return "group_prefixes needs group=yes; the prefixes are left out"
        case .byRegexWithIgnorePrefixes(let suggestion):
            return "by_regex and ignore_prefixes cannot go together; ignore_prefixes is left out "
                + "(start the regex with a group that matches the prefixes instead: \(suggestion))"
        case .bothGroupRegexes:
            return "group_start_regex and group_end_regex cannot go together; group_end_regex is left out"
        case .skipsWholeBlock(let atStart, let atEnd, let lines):
            let values = (atStart > 0 ? ["\(atStart)"] : []) + (atEnd > 0 ? ["-\(atEnd)"] : [])
            let lineCount = lines == 1 ? "1 line" : "\(lines) lines"
            return "skip_lines=\(values.joined(separator: ",")) skips every line of the block (it has \(lineCount)); "
                + "the block is left as it is"
        case .missingEnd:
            return "\(start) has no \(end) after it; the lines after it are left as they are"
        case .missingStart:
            return "\(end) has no \(start) before it"
        case .nestedBlockAcrossSkippedLines(let innerLine):
            return "the block inside it at line \(innerLine) has one marker among the lines skip_lines skips and one among "
                + "those it sorts; the block is left as it is (the one inside is sorted)"
        case .nestedBlockSplit(let innerLine):
            return "the block inside it at line \(innerLine) would be sorted as more than one item (group=no, or its "
                + "start line read as a comment), which would take its markers apart; the block is left as it is "
                + "(the one inside is sorted)"
        }
    }

    private static func describe(_ kind: KeepSortedWarning.ValueKind) -> String {
        switch kind {
        case .bool: return "yes or no"
        case .integer: return "a whole number"
        case .integerOrBool: return "yes, no or a number of blank lines"
        case .skipLines: return "whole numbers: N skips N lines after the start marker, -N skips N lines before the end marker"
        case .order: return "asc or desc"
        }
    }

    static func describe(_ error: RegionError) -> String {
        switch error {
        case .noSuchBlock(let index, let count, let marker):
            guard count > 0 else {
                return "--block \(index): there is no block marked '\(marker) start' ... '\(marker) end'"
            }
            let blocks = count == 1 ? "is 1 block" : "are \(count) blocks"
            return "--block \(index) is out of range: there \(blocks) marked '\(marker) start' ... '\(marker) end' "
                + "(valid: 0...\(count - 1), or -\(count)...-1 from the end)"
        case .linesOutOfRange(let first, let last, let count):
            let range = "\(first)..." + (last.map(String.init) ?? "")
            let lines = count == 1 ? "1 line" : "\(count) lines"
            return "--line-range \(range) is out of range: the file has \(lines) (counted from 1)"
        }
    }
}
