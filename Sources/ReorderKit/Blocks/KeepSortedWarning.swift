/// Something `fix` found wrong with a marked block, at the 1-based `line` of
/// the marker it is about. The facts only; the command line words them.
///
/// keep-sorted reports the same problems (its log lines end with
/// `line=N`); like keep-sorted, `fix` still sorts what it can: an option
/// with a bad value is left out and the block is sorted without it, a block
/// whose markers do not pair up is left as it is.
public struct KeepSortedWarning: Equatable, Sendable {
    /// 1-based: the start marker's line, or the end marker's for an end
    /// without a start.
    public let line: Int
    public let problem: Problem

    public init(line: Int, _ problem: Problem) {
        self.line = line
        self.problem = problem
    }

    public enum Problem: Equatable, Sendable {
        /// `key=` on the start line is no option (`KeepSortedOptionKeys`
        /// lists those there are).
        case unknownOption(String)
        /// `key=value`: the value is not of the option's kind (`expected`
        /// says what it takes).
        case invalidValue(option: String, value: String, expected: ValueKind)
        /// A value that starts as a YAML list (`[`) but never ends.
        case unterminatedList(option: String, text: String)
        /// A YAML list that could not be read (`reason`: why).
        case invalidList(option: String, text: String, reason: String)
        /// A regular expression that does not compile.
        case invalidRegex(option: String, pattern: String, reason: String)
        /// `skip_lines` with two values that skip at the same end.
        case conflictingSkipLines([Int])
        /// `group_prefixes` with `group=no`: the prefixes are left out.
        case groupPrefixesWithoutGroup
        /// `by_regex` with `ignore_prefixes`: the prefixes are left out;
        /// `suggestion` is the regex group that would do their work.
        case byRegexWithIgnorePrefixes(suggestion: String)
        /// `group_start_regex` with `group_end_regex`: the end one is left
        /// out.
        case bothGroupRegexes
        /// `skip_lines` skips at least every line between the markers
        /// (`lines`): the block is left as it is.
        case skipsWholeBlock(skipAtStart: Int, skipAtEnd: Int, lines: Int)
        /// A start marker without an end marker after it.
        case missingEnd(marker: String)
        /// An end marker without a start marker before it.
        case missingStart(marker: String)
        /// The block has a block inside it (at `innerLine`) whose markers
        /// stand on both sides of the edge of what its `skip_lines` leaves
        /// to sort: sorting it would move one marker without the other, so
        /// it is left as it is (the inner block is sorted on its own).
        case nestedBlockAcrossSkippedLines(innerLine: Int)
        /// The block has a block inside it (at `innerLine`) whose lines it
        /// would sort as more than one item (`group=no`, or its start
        /// marker taken for a comment): sorting would take its markers
        /// apart, so the block is left as it is (the inner one is sorted).
        case nestedBlockSplit(innerLine: Int)
    }

    /// What an option's value must be.
    public enum ValueKind: Equatable, Sendable {
        case bool
        case integer
        case integerOrBool
        case skipLines
        case order
    }
}

/// The keys a start marker's line may give (`group`, `skip_lines`, …).
public enum KeepSortedOptionKeys {
    public static var all: [String] { KeepSortedOptions.keys }
}
