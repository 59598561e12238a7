/// A repository's ordering policy, read from `.reorder.toml` by the strict
/// TOML reader: which lists, in which files, follow which order.
///
/// ```toml
/// markers = true            # keep-sorted blocks in every file (default)
///
/// [[rule]]
/// files = ["package.json"]
/// list = "/dependencies"
///
/// [[rule]]
/// files = ["**/Cargo.toml"]
/// lists = ["/dependencies", "/dev-dependencies"]
/// groups = "blank-lines"
///
/// [[rule]]
/// files = ["package.json"]
/// list = ""
/// order = "kept"
/// first = ["name", "version", "description"]
/// ```
public struct Policy: Equatable, Sendable {
    /// `markers`: whether keep-sorted blocks are applied in every file.
    public var markers = true
    public var rules: [PolicyRule] = []

    /// No rule; markers on.
    public init() {}
}

/// One `[[rule]]`.
public struct PolicyRule: Equatable, Sendable {
    /// Its number, from 1, in the file's order.
    public let number: Int
    /// Where its `[[rule]]` header is.
    public let offset: Int
    public var files: [Glob] = []
    public var lists: [PolicyList] = []
    public var order: PolicyOrder = .sorted
    public var ignoreCase = false
    public var unique = false
    /// `key`: the pointer inside each item to compare.
    public var key: String? = nil
    public var first: [String] = []
    public var last: [String] = []
    /// `groups = "blank-lines"`: sort within each run of items between
    /// blank lines.
    public var groupsByBlankLines = false
    /// `format`: when the file's name does not say it.
    public var format: ListFormat? = nil
    /// `missing = "ok"`: a matched file may lack the list.
    public var missingOK = false
}

/// Which list of a file a rule is about.
public enum PolicyList: Equatable, Sendable {
    /// `list = "/a/*/b"`: a pointer whose segments may be `*`.
    case pointer(PointerPattern)
    /// `block = "NAME"`: the keep-sorted-style blocks of that marker name.
    case block(String)
}

/// `order`.
public enum PolicyOrder: Equatable, Sendable {
    case sorted, natural, numeric, version, reversed, kept
    /// `order = "like"` with `like = "PATH"`.
    case like(String)

    static let names = ["sorted", "natural", "numeric", "version", "reversed", "kept", "like"]
}

/// An RFC 6901 pointer in which a segment that is exactly `*` stands for
/// every key or index at that level; a key that is `*` itself is written
/// `~2` (our extension of RFC 6901's `~0` and `~1`).
public struct PointerPattern: Equatable, Sendable, CustomStringConvertible {
    /// The segments, unescaped; nil for `*`.
    public let segments: [String?]
    public let text: String
    public var description: String { text }

    public init(_ text: String) throws(PolicyError.Kind) {
        self.text = text
        guard !text.isEmpty else {
            segments = []
            return
        }
        guard text.first == "/" else { throw .badPointer(pointer: text, reason: "a pointer starts with '/' (\"\" is the root)") }
        var segments: [String?] = []
        for part in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            if part == "*" {
                segments.append(nil)
                continue
            }
            var out = "", chars = Array(part), index = 0
            while index < chars.count {
                if chars[index] == "~" {
                    guard index + 1 < chars.count, let escaped = ["0": "~", "1": "/", "2": "*"][chars[index + 1]] else {
                        throw .badPointer(pointer: text, reason: "'~' is written '~0' ('/' is '~1', a key that is '*' is '~2')")
                    }
                    out.append(escaped)
                    index += 2
                } else {
                    out.append(chars[index])
                    index += 1
                }
            }
            segments.append(out)
        }
        self.segments = segments
    }

    /// Whether a segment is `*`.
    public var hasWildcards: Bool { segments.contains(nil) }
}

/// What is wrong with a policy file, at byte `offset` of it.
public struct PolicyError: Error, Equatable, Sendable {
    public enum Kind: Error, Equatable, Sendable {
        /// Not valid TOML: the reader's own error.
        case invalidTOML(FormatError)
        case unknownKey(key: String, in: String, suggestion: String?)
        case wrongType(key: String, expected: String)
        case unknownValue(key: String, value: String, expected: [String], suggestion: String?)
        case badGlob(pattern: String, reason: String)
        case badPointer(pointer: String, reason: String)
        case missingKey(key: String, rule: Int)
        case both(key: String, other: String, rule: Int)
        case likeWithoutPath(rule: Int)
        /// Two rules claim one list of one file pattern.
        case conflict(list: String, files: String, first: Int, second: Int)
    }

    public let kind: Kind
    public let offset: Int?
    /// A second place (the other rule of a conflict).
    public let secondOffset: Int?
}
