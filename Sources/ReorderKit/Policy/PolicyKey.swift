/// The keys of `.reorder.toml`, each once, with its type, its default and
/// what it does: the reader checks every value by its key's type and
/// suggests the nearest key for an unknown one from here, the man page's
/// POLICY section lists exactly these keys with these types (a test holds
/// it to that), and `reorder init` writes its rules with these names.
public struct PolicyKey: Sendable {
    /// A key's name as TOML writes it: the code names a key by its case,
    /// so that a misspelled key fails to compile.
    public enum Name: String, CaseIterable, Sendable {
        case markers, rule
        case files, list, lists, block, order, like
        case ignoreCase = "ignore-case"
        case unique, key, first, last, groups
        case groupPatterns = "group-patterns"
        case format, missing, preset, skip, scripts
    }

    /// Where a key stands.
    public enum Place: Sendable {
        /// At the top of the file.
        case policy
        /// In a `[[rule]]`.
        case rule
    }

    public let name: Name
    public let place: Place
    public let type: PolicyValueType
    /// The value when the key is left out, as TOML writes it; nil where
    /// leaving it out means something else (no such list, the preset's
    /// files, the format the file's name says).
    public let defaultValue: String?
    /// One line on what it does.
    public let help: String
    /// Whether a rule with `preset` takes it.
    public let withPreset: Bool

    init(_ name: Name, _ place: Place, _ type: PolicyValueType, default defaultValue: String? = nil,
         withPreset: Bool = false, help: String) {
        self.name = name
        self.place = place
        self.type = type
        self.defaultValue = defaultValue
        self.help = help
        self.withPreset = withPreset
    }

    /// Every key, in the order the man page lists them. Computed: the
    /// formats `format` names may be added to while a test runs.
    public static var all: [PolicyKey] {
        [
            .init(.markers, .policy, .boolean, default: "true",
                  help: "Whether the keep-sorted blocks of the files the policy governs are sorted too."),
            .init(.rule, .policy, .tables,
                  help: "The rules, each a [[rule]] table: which lists of which files stay in which order."),
            .init(.files, .rule, .strings, withPreset: true,
                  help: "The files the rule governs: patterns as .gitignore writes them."),
            .init(.list, .rule, .string, withPreset: true,
                  help: "The list, as a JSON Pointer ('*': every key or index there)."),
            .init(.lists, .rule, .strings, withPreset: true,
                  help: "Several lists, each as list names one."),
            .init(.block, .rule, .string,
                  help: "Instead of a list, the keep-sorted block with id NAME, in every file."),
            .init(.order, .rule, .choice(PolicyOrder.names), default: "\"sorted\"", withPreset: true,
                  help: "The order the list stays in."),
            .init(.like, .rule, .string, withPreset: true,
                  help: "With order = \"like\": the file whose list's order to follow."),
            .init(.ignoreCase, .rule, .boolean, default: "false",
                  help: "Compare ASCII letters without case (sort -i)."),
            .init(.unique, .rule, .boolean, default: "false",
                  help: "Keep only the first of equal items (sort -u)."),
            .init(.key, .rule, .string,
                  help: "Compare the value at this pointer inside each item (a CSV column's name)."),
            .init(.first, .rule, .strings, withPreset: true,
                  help: "The items that come first, in this order."),
            .init(.last, .rule, .strings, withPreset: true,
                  help: "The items that come last, in this order."),
            .init(.groups, .rule, .choices(one: ["blank-lines", "comments", "none"], each: ["blank-lines", "comments"]),
                  default: "\"none\"", help: "Sort within groups, which stay where they are (sort --groups)."),
            .init(.groupPatterns, .rule, .strings,
                  help: "Put the items each pattern matches together, in the patterns' order (sort --group-pattern)."),
            .init(.format, .rule, .choice(ListFormat.all.map(\.name)),
                  help: "Read the files as this format, not by their names."),
            .init(.missing, .rule, .choice(["ok", "error"]), default: "\"error\"",
                  help: "Whether a file may lack the list."),
            .init(.preset, .rule, .choice(Preset.all.map(\.name)), withPreset: true,
                  help: "The lists and orders of a preset, for the rule's files or the preset's own."),
            .init(.skip, .rule, .strings, withPreset: true,
                  help: "With preset: the preset's lists to leave alone."),
            .init(.scripts, .rule, .choice(["kept", "sorted", "pre-post"]), default: "\"kept\"", withPreset: true,
                  help: "With preset = \"package.json\": the order of its scripts."),
        ]
    }

    /// The row of `name` where it stands in `place`; nil for a key that is
    /// not one there.
    public static func named(_ name: String, in place: Place) -> PolicyKey? {
        all.first { $0.name.rawValue == name && $0.place == place }
    }

    /// The key's row.
    public static func row(_ name: Name) -> PolicyKey {
        all.first { $0.name == name }!
    }

    /// The names of the keys in `place`, for messages and the nearest name.
    public static func names(in place: Place) -> [String] {
        all.filter { $0.place == place }.map(\.name.rawValue)
    }

    /// The keys of a rule that set its order, which a rule with a preset
    /// applies to the preset's lists.
    public static let orderKeys: [Name] = [.order, .like, .first, .last]

    /// `name = value`, a line of a policy file.
    public static func line(_ name: Name, _ value: String) -> String {
        name.rawValue + " = " + value + "\n"
    }
}

/// What a policy key's value must be.
public enum PolicyValueType: Equatable, Sendable {
    /// `true` or `false`.
    case boolean
    /// A string.
    case string
    /// A string, or an array of strings.
    case strings
    /// One of these strings.
    case choice([String])
    /// One of `one`, or an array of some of `each`.
    case choices(one: [String], each: [String])
    /// An array of tables, written `[[rule]]`.
    case tables

    /// As the man page names it: `string or array of strings`.
    public var name: String {
        switch self {
        case .boolean: return "boolean"
        case .string, .choice: return "string"
        case .strings, .choices: return "string or array of strings"
        case .tables: return "array of tables"
        }
    }

    /// What a value of another type is told it must be.
    var expected: String {
        switch self {
        case .boolean: return "true or false"
        case .string, .choice: return "a string"
        case .strings, .choices: return "a string or an array of strings"
        case .tables: return "an array of tables, written [[rule]]"
        }
    }
}

extension Policy {
    /// The keys at the top of a policy file.
    public static var topKeys: [String] { PolicyKey.names(in: .policy) }
    /// The keys of a `[[rule]]`.
    public static var ruleKeys: [String] { PolicyKey.names(in: .rule) }
    /// The keys a rule with `preset` may have besides it.
    public static var presetRuleKeys: [String] {
        PolicyKey.all.filter { $0.withPreset && $0.name != .preset }.map(\.name.rawValue)
    }
}
