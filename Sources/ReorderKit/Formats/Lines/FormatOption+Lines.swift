/// The options of lines, declared here and nowhere else: the command line
/// lists them in its table, help and refusals from `ListFormat.lines.declares`,
/// and every other format refuses them.
extension FormatOption {
    /// `-z`: items end with NUL.
    static let nulTerminated = FormatOption(
        name: "null", short: "z",
        help: "Lines: items end with NUL instead of a newline. Refused for other formats.",
        listedAfter: "pointer", shownAs: "-z", takenByRegions: false, brief: "Lines: items end with NUL"
    ) { _, options in
        options.nulTerminated = true
    }

    /// `--text`, `-a`: lines that hold a NUL byte are read anyway.
    static let binaryAsText = FormatOption(
        name: "text", short: "a",
        help: "Lines: edit an input that holds a NUL byte as lines anyway (without it, such an input looks binary and is refused). Refused for other formats.",
        listedAfter: "null", brief: "Lines: edit an input that holds NUL bytes anyway"
    ) { _, options in
        options.binaryAsText = true
    }

    /// `--comment PREFIX` (sort, with `--groups comments`): what a comment
    /// line starts with, after blanks.
    static let commentPrefix = FormatOption(
        name: "comment", placeholder: "PREFIX",
        help: "Lines (and --block, --line-range), with --groups comments: a line whose first bytes after blanks are PREFIX is a comment heading, not an item (repeatable; default: keep-sorted's comment markers //, #, /*, --, ; and <!--, or a keep-sorted block's sticky prefixes). Refused for other formats, and without --groups comments.",
        commands: .named(["sort"]), listedAfter: "preset",
        brief: "Lines, in comment groups: what a heading line starts with", valueName: "comment prefix", repeats: true
    ) { values, options in
        options.commentPrefixes = values.raw
        if values.raw.contains(where: \.isEmpty) {
            throw FormatOptionError(option: "comment", value: "", message: "--comment takes the bytes a comment line starts with, and an empty prefix would make every line one; give at least one character")
        }
    }
}

extension FormatBoundOption {
    /// `--comment PREFIX`: what a comment line of a list of lines starts
    /// with.
    public static let comment = FormatBoundOption(rawValue: FormatOption.commentPrefix.name)
    /// `-z`, `--text`: how lines end, and lines with NUL.
    public static let null = FormatBoundOption(rawValue: FormatOption.nulTerminated.name)
    public static let text = FormatBoundOption(rawValue: FormatOption.binaryAsText.name)
}

extension ReadOptions {
    /// Lines: `-z`, lines end with NUL.
    public var nulTerminated: Bool {
        get { formatValues[FormatOption.nulTerminated.name] ?? false }
        set { formatValues[FormatOption.nulTerminated.name] = newValue }
    }

    /// Lines: `--text`, read lines that hold a NUL byte (binary-looking
    /// input) instead of refusing them.
    public var binaryAsText: Bool {
        get { formatValues[FormatOption.binaryAsText.name] ?? false }
        set { formatValues[FormatOption.binaryAsText.name] = newValue }
    }
}

extension ReadOptions {
    /// Lines: `--comment PREFIX`, what a comment line starts with (after
    /// blanks); empty: the format's own, for lines keep-sorted's (`//`, `#`).
    public var commentPrefixes: [[UInt8]] {
        get { formatValues[FormatOption.commentPrefix.name] ?? [] }
        set { formatValues[FormatOption.commentPrefix.name] = newValue }
    }
}
