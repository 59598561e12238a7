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
    public var number: Int
    /// Where its `[[rule]]` header is.
    public var offset: Int
    public var files: [Glob] = []
    public var lists: [PolicyList] = []
    public var order: PolicyOrder = .sorted
    public var ignoreCase = false
    public var unique = false
    /// `key`: the pointer inside each item to compare.
    public var key: String? = nil
    public var first: [String] = []
    public var last: [String] = []
    /// `groups` (`"blank-lines"`, `"comments"`, both in an array, or
    /// `"none"`) and `group-patterns`: the groups the list sorts within
    /// (see `Grouping`); with comments, the list is read with comment
    /// headings.
    public var grouping = Grouping()
    /// `format`: when the file's name does not say it.
    public var format: ListFormat? = nil
    /// `missing = "ok"`: a matched file may lack the list.
    public var missingOK = false
    /// `preset`: the preset this rule is one list of (see `Preset`).
    public var preset: String? = nil
    /// What an item is called for sorting (a preset's; by default its key
    /// or value).
    public var naming: PolicyNaming = .asWritten
    /// Which neighbouring items travel together as one (a preset's).
    public var units: PolicyUnits = .items
    /// Items whose name starts with `_` come after all the others, sorted
    /// the same way (sort-package-json's private fields).
    public var privateLast = false
    /// Items that come before the sorted ones, in the order written.
    public var keptFirst: PolicyKeptFirst? = nil
    /// A preset's list is one of keyed members (an object, a table) or of
    /// elements (an array); a value of the other kind, or no list, is left
    /// as it is (sort-package-json leaves a `dependencies` that is no
    /// object alone). Nil: any list.
    public var keyed: Bool? = nil

    public init(number: Int, offset: Int) {
        self.number = number
        self.offset = offset
    }

    /// Whether the order needs the preset's way (names, units, pinned
    /// kinds of items) rather than the plain one.
    var ordersByUnits: Bool {
        naming != .asWritten || units != .items || privateLast || keptFirst != nil
            || order == .prePost || order == .scripts
    }
}

/// What a preset's items are called when they are compared.
public enum PolicyNaming: Equatable, Sendable {
    /// The member's key, or the item's value (decoded).
    case asWritten
    /// A requirement string's project name, normalized as PEP 503 says
    /// (case, and runs of `-`, `_` and `.`, folded): `Foo_Bar[x]>=1` is
    /// `foo-bar`.
    case projectName
    /// A requirements file's line, named as pre-commit-hooks'
    /// requirements-txt-fixer names it: lower-cased, up to the first
    /// blank or `;`, then up to a version comparison; after `#egg=` when
    /// the line has one.
    case requirement
}

/// Which neighbouring items travel together.
public enum PolicyUnits: Equatable, Sendable {
    /// Each item alone.
    case items
    /// A JSON member whose key is `//` (npm's comment convention) travels
    /// with the member after it.
    case commentMembers
    /// A comment line travels with the line below it, and a line ending
    /// with `\` with the line it continues on (requirements files).
    case commentLines
    /// TOML lines whose dotted keys start with the same key
    /// (`x.workspace = true`, `x.features = […]`) are one item, named by
    /// that key.
    case dottedKeys
}

/// Which items come first, in the order written.
public enum PolicyKeptFirst: Equatable, Sendable {
    /// Lines that start with `-` (pip's options: `-r`, `-c`, `--index-url`).
    case optionLines
    /// Items that are not strings (PEP 735's `{include-group = …}`).
    case nonStrings
}

/// Which list of a file a rule is about.
public enum PolicyList: Equatable, Sendable {
    /// `list = "/a/*/b"`: a pointer whose segments may be `*`.
    case pointer(PointerPattern)
    /// `block = "NAME"`: the keep-sorted-style blocks of that marker name.
    case block(String)
    /// The sub-tables written as sections of the TOML table at the
    /// pointer (`[dependencies.x]` of `[dependencies]`), which are a list
    /// beside the table's lines (a preset's).
    case sections(PointerPattern)

    /// How the policy file writes it (and a preset's `skip` names it).
    public var text: String {
        switch self {
        case .pointer(let pattern), .sections(let pattern): return pattern.text
        case .block(let name): return "block " + name
        }
    }
}

/// `order`.
public enum PolicyOrder: Equatable, Sendable {
    case sorted, natural, numeric, version, reversed, kept
    /// `order = "like"` with `like = "PATH"`.
    case like(String)
    /// package.json's `scripts = "pre-post"`: as written, but each
    /// `preX` and `postX` moved next to `X`.
    case prePost
    /// package.json's `scripts = "sorted"`: sort-package-json's order of
    /// scripts (names compared `:` part by `:` part, `preX` and `postX`
    /// beside `X`).
    case scripts

    /// The values of `order`, each with its order; `like` takes its path
    /// from the rule's `like`.
    static let named: [(name: String, order: PolicyOrder?)] = [
        ("sorted", .sorted), ("natural", .natural), ("numeric", .numeric), ("version", .version),
        ("reversed", .reversed), ("kept", .kept), ("like", nil),
    ]

    static let names = named.map(\.name)
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
            // `~3` first: a Markdown heading whose text is a number (the
            // Markdown format reads the `~3` that this segment is written
            // back with).
            if chars.count >= 2 && chars[0] == "~" && chars[1] == "3" {
                out = "~3"
                index = 2
            }
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

    /// Concrete tokens (no `*`) as a policy's `list` writes them: the
    /// inverse of `init`. `~` is `~0`, `/` is `~1`, a key that is `*` is
    /// `~2`, and a token that starts with `~3` (a Markdown heading that is
    /// a number) keeps it: `["Releases", "~32024"]` is
    /// `/Releases/~32024`, not the RFC 6901 pointer `/Releases/~032024`.
    public static func text(of tokens: [String]) -> String {
        tokens.map { token in
            if token == "*" { return "/~2" }
            if token.hasPrefix("~3") { return "/~3" + JSONPointer.escape(String(token.dropFirst(2))) }
            return "/" + JSONPointer.escape(token)
        }.joined()
    }
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
        /// A `group-patterns` pattern that is not one.
        case badGroupPattern(pattern: String, reason: String)
        case badPointer(pointer: String, reason: String)
        case missingKey(key: String, rule: Int)
        case both(key: String, other: String, rule: Int)
        case likeWithoutPath(rule: Int)
        /// A key a rule with `preset` cannot have.
        case notWithPreset(key: String, rule: Int)
        /// `order`, `first` or `last` with a preset that has no main list,
        /// and no `list` to say which of its lists they change.
        case presetNeedsList(rule: Int, preset: String)
        /// `scripts` in a rule that is not package.json's preset.
        case scriptsWithoutPreset(rule: Int)
        /// Two rules claim one list of the files two patterns both match
        /// (`files`: those patterns, quoted; `example`: a path both
        /// match, when one names one path).
        case conflict(list: String, files: String, example: String?, first: Int, second: Int)
    }

    public let kind: Kind
    public let offset: Int?
    /// A second place (the other rule of a conflict).
    public let secondOffset: Int?
}
