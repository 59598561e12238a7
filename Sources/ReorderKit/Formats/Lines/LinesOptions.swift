/// The options of lines, declared here and nowhere else: the command line
/// lists them in its table, help and refusals from `ListFormat.lines.declares`,
/// and every other format refuses them.
extension FormatOption {
    /// `-z`: items end with NUL.
    static let nulTerminated = FormatOption(
        name: "null", short: "z",
        help: "Lines: items end with NUL instead of a newline. Refused for other formats.",
        listedAfter: "pointer", shownAs: "-z", takenByRegions: false
    ) { _, options in
        options.nulTerminated = true
    }

    /// `--text`, `-a`: lines that hold a NUL byte are read anyway.
    static let binaryAsText = FormatOption(
        name: "text", short: "a",
        help: "Lines: edit an input that holds a NUL byte as lines anyway (without it, such an input looks binary and is refused). Refused for other formats.",
        listedAfter: "null"
    ) { _, options in
        options.binaryAsText = true
    }
}

extension FormatBoundOption {
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
