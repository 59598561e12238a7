/// How a document's list is read.
public enum ListFormat: String, Equatable, Sendable, CaseIterable {
    /// Items are lines.
    case lines
    /// Items are the elements of a JSON array.
    case json
}

/// What the user asked for with `--format`.
public enum FormatChoice: String, Equatable, Sendable, CaseIterable {
    case auto
    case lines
    case json

    /// The format to read `source` with. `auto`: a name whose extension
    /// `reorder` knows decides (`.json` is JSON; `.txt`, `.jsonl` — one
    /// item a line — and the other text extensions of `linesExtensions`
    /// are lines); for standard input (`name` nil) and other names, JSON
    /// when the first byte that is not blank (nor a byte-order mark) is `[`
    /// or `{`, lines if not.
    public func resolve(name: String?, source: UnsafeRawBufferPointer) -> ListFormat {
        switch self {
        case .lines: return .lines
        case .json: return .json
        case .auto:
            if let name, let format = FormatChoice.format(byName: name) { return format }
            var position = 0
            if source.count >= 3 && source[0] == 0xEF && source[1] == 0xBB && source[2] == 0xBF {
                position = 3
            }
            while position < source.count {
                switch source[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                case UInt8(ascii: "["), UInt8(ascii: "{"): return .json
                default: return .lines
                }
            }
            return .lines
        }
    }

    /// Extensions of text files whose items are lines, whatever their first
    /// byte: a `.log` or `.csv` that starts with `[` is still lines, and a
    /// `.jsonl` or `.ndjson` holds one JSON value a line.
    public static let linesExtensions: Set<String> = [
        "txt", "text", "log", "ini", "cfg", "conf", "csv", "tsv", "jsonl", "ndjson",
        "md", "markdown", "rst", "list", "lst", "in", "env", "properties",
    ]

    /// The format a file's name alone decides: by its extension, compared
    /// without case (`.JSON` is JSON); nil when the name has none that
    /// `reorder` knows. A leading dot (`.gitignore`) is not an extension.
    public static func format(byName name: String) -> ListFormat? {
        let base = name.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return nil }
        let ext = base[base.index(after: dot)...].lowercased()
        if ext == "json" { return .json }
        if linesExtensions.contains(ext) { return .lines }
        return nil
    }
}
