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

    /// The format to read `source` with. `auto`: a name ending in `.json` is
    /// JSON; otherwise JSON when the first byte that is not blank (nor a
    /// byte-order mark) is `[` or `{`, lines if not.
    public func resolve(name: String?, source: UnsafeRawBufferPointer) -> ListFormat {
        switch self {
        case .lines: return .lines
        case .json: return .json
        case .auto:
            if let name, name.hasSuffix(".json") { return .json }
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
}
