/// A way to read a document as a list: its name (`--format NAME`), the
/// file names it claims under `--format auto`, and how it reads a document
/// into its `FormatLayout`. Each format defines its value beside its layout,
/// in its own folder (`ListFormat.lines` in `Formats/Lines/`); `all` lists
/// them.
public struct ListFormat: Equatable, Sendable, CustomStringConvertible {
    /// What `--format` calls it.
    public let name: String
    /// Whether a file's name alone makes it this format under `--format
    /// auto` (its extension, or a name such as `tsconfig.json`). The path
    /// is as the user gave it; compare without case where extensions go.
    let claims: @Sendable (_ path: String) -> Bool
    /// Reads a whole document.
    let read: @Sendable (_ source: UnsafeRawBufferPointer, _ options: ReadOptions) throws -> any FormatLayout

    init(name: String, claims: @escaping @Sendable (String) -> Bool,
         read: @escaping @Sendable (UnsafeRawBufferPointer, ReadOptions) throws -> any FormatLayout) {
        self.name = name
        self.claims = claims
        self.read = read
    }

    public static func == (a: ListFormat, b: ListFormat) -> Bool { a.name == b.name }
    public var description: String { name }

    /// Every format, in the order their claims on a file name are asked:
    /// the first that claims a name reads it. Adding a format is adding it
    /// here.
    public static let all: [ListFormat] = [.lines, .json, .jsonc, .yaml, .toml]

    public static func named(_ name: String) -> ListFormat? { all.first { $0.name == name } }

    /// The format a file's name alone decides, or nil when no format claims
    /// it (then the content decides; see `FormatChoice.resolve`).
    public static func claiming(_ path: String) -> ListFormat? {
        all.first { $0.claims(path) }
    }

    /// The extension of the last component of `path`, lower-cased, without
    /// the dot; nil when there is none (a leading dot, as in `.gitignore`,
    /// starts no extension).
    static func fileExtension(_ path: String) -> String? {
        let base = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return nil }
        return base[base.index(after: dot)...].lowercased()
    }

    /// The last component of `path`.
    static func baseName(_ path: String) -> Substring {
        path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    }
}

/// What the user asked for with `--format`: `auto`, or one format by name.
public enum FormatChoice: Equatable, Sendable {
    case auto
    case named(ListFormat)

    public static var lines: FormatChoice { .named(.lines) }
    public static var json: FormatChoice { .named(.json) }

    /// `auto`, or the name of a format.
    public init?(rawValue: String) {
        if rawValue == "auto" {
            self = .auto
        } else if let format = ListFormat.named(rawValue) {
            self = .named(format)
        } else {
            return nil
        }
    }

    /// What `--format` accepts.
    public static var names: [String] { ["auto"] + ListFormat.all.map(\.name) }

    /// The format to read `source` with. `auto`: a name that a format
    /// claims decides (`.json` is JSON; `.txt`, `.jsonl` — one item a
    /// line — and the other text extensions are lines); for standard input
    /// (`name` nil) and other names, JSON when the first byte that is not
    /// blank (nor a byte-order mark) is `[` or `{`, lines if not.
    public func resolve(name: String?, source: UnsafeRawBufferPointer) -> ListFormat {
        switch self {
        case .named(let format): return format
        case .auto:
            if let name, let format = ListFormat.claiming(name) { return format }
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
