/// An option of the command line that a format declares as its own, beside
/// its layout (CSV's `--delimiter` in `Formats/CSV/`), as ripgrep's flags
/// are each a value: its name, its help, which commands take it, and how
/// its values are read into `ReadOptions`. The command table, `--help`,
/// the man page's and the completion scripts' tests, and the parser read
/// them from `ListFormat.all` (`ListFormat.declaredOptions`); the format
/// reads back what it stored (`ReadOptions.formatValues`). Every other
/// format refuses it (it is a `FormatBoundOption` named after it).
public struct FormatOption: Sendable, CustomStringConvertible {
    /// Which commands take an option.
    public enum Commands: Equatable, Sendable {
        /// Every command that reads a list (those that take `--format`).
        case reading
        /// These commands alone, by name.
        case named([String])
    }

    /// The long name, without the dashes: `delimiter` for `--delimiter`.
    public let name: String
    /// The one-letter name, without the dash: `z` for `-z`; nil for none.
    public let short: Character?
    /// What help shows for its value (`C`); nil for a flag.
    public let placeholder: String?
    /// Its help, one paragraph (the formats it applies to first, as in
    /// "CSV, TSV: ...").
    public let help: String
    /// The commands that take it.
    public let commands: Commands
    /// The option it follows in a command's list of options (help's
    /// order), by long name; nil: after the reading options every format
    /// shares (`-p`, `--document`).
    public let listedAfter: String?
    /// How messages name it: `--delimiter`, or `-z` for lines' `--null`.
    public let shownAs: String
    /// Whether it may go with `--block` or `--line-range`, which read a
    /// part of any file as lines.
    public let takenByRegions: Bool
    /// What the shell completions say of it, in a few words
    /// (`CSV, TSV: the byte between fields`); nil: its help's first
    /// sentence.
    public let brief: String?
    /// What the completions call its value (`delimiter (one byte)`); nil:
    /// its placeholder.
    public let valueName: String?
    /// Given several times, each adds (`--comment`).
    public let repeats: Bool
    /// Reads the values given (in order; none for a flag) into `options`.
    private let reader: @Sendable (_ values: Values, _ options: inout ReadOptions) throws -> Void

    /// The values given to an option, in command-line order: as text, and
    /// as the bytes the shell passed (which need not be UTF-8).
    public struct Values: Sendable {
        public let texts: [String]
        public let raw: [[UInt8]]

        public init(texts: [String], raw: [[UInt8]]) {
            self.texts = texts
            self.raw = raw
        }

        /// The last one given, as text: the one that counts for an option
        /// given once.
        public var last: String? { texts.last }
    }

    /// An option: `reader` reads every value given (a flag: none) into
    /// `options`, usually into `options.formatValues` under a key of the
    /// format's, and throws a `FormatOptionError` for a value it refuses.
    public init(name: String, short: Character? = nil, placeholder: String? = nil, help: String,
                commands: Commands = .reading, listedAfter: String? = nil, shownAs: String? = nil,
                takenByRegions: Bool = true, brief: String? = nil, valueName: String? = nil, repeats: Bool = false,
                read reader: @escaping @Sendable (_ values: Values, _ options: inout ReadOptions) throws -> Void) {
        self.name = name
        self.short = short
        self.listedAfter = listedAfter
        self.shownAs = shownAs ?? "--" + name
        self.takenByRegions = takenByRegions
        self.brief = brief
        self.valueName = valueName
        self.repeats = repeats
        self.placeholder = placeholder
        self.help = help
        self.commands = commands
        self.reader = reader
    }

    /// Reads `values` (a flag given: none) into `options`; throws a
    /// `FormatOptionError` for a value the format refuses.
    public func read(_ values: Values, into options: inout ReadOptions) throws {
        try reader(values, &options)
    }

    /// Whether the command named `command`, which reads a list or not,
    /// takes it.
    public func isTaken(by command: String, reading: Bool) -> Bool {
        switch commands {
        case .reading: return reading
        case .named(let names): return names.contains(command)
        }
    }

    /// As typed: `--delimiter`.
    public var description: String { "--" + name }
}

/// A value given to a format's option that the format refuses: `'--NAME
/// VALUE' is not WHAT: give EXPECTED` (worded by the command line), or,
/// when that does not say it, the format's own sentence.
public struct FormatOptionError: Error, Equatable, Sendable {
    /// The option's long name, without the dashes.
    public let option: String
    /// The value as given.
    public let value: String
    /// What the value should have been: `a delimiter`.
    public let isNot: String
    /// What to give instead: `one byte that is not a quote or a line break`.
    public let expected: String
    /// The whole message, for a refusal the words above do not fit; nil
    /// for those.
    public let message: String?

    public init(option: String, value: String, isNot: String, expected: String) {
        self.option = option
        self.value = value
        self.isNot = isNot
        self.expected = expected
        self.message = nil
    }

    /// A refusal in the format's own words: `message`, one sentence.
    public init(option: String, value: String, message: String) {
        self.option = option
        self.value = value
        self.isNot = ""
        self.expected = ""
        self.message = message
    }
}

/// The values the formats' own options were read into, each under a key
/// its format chose (the option's name), of the format's own type: only the
/// format that declared it reads it back (`ReadOptions.delimiter` in
/// `Formats/CSV/`).
public struct FormatOptionValues: Sendable {
    private var values: [String: any Sendable] = [:]

    public init() {}

    /// The value stored under `key`, if it is a `T`.
    public subscript<T: Sendable>(key: String, as type: T.Type = T.self) -> T? {
        get { values[key] as? T }
        set { values[key] = newValue }
    }
}

extension ListFormat {
    /// The options the formats declare as their own (`FormatOption`), each
    /// once (CSV and TSV share `--delimiter`), in the order of `all`.
    public static var declaredOptions: [FormatOption] {
        var seen: Set<String> = []
        var options: [FormatOption] = []
        for format in all {
            for option in format.declares where seen.insert(option.name).inserted {
                options.append(option)
            }
        }
        return options
    }

    /// The declared option named `name` (without the dashes), if a format
    /// declares one.
    public static func declaredOption(named name: String) -> FormatOption? {
        for format in all {
            if let option = format.declares.first(where: { $0.name == name }) { return option }
        }
        return nil
    }
}
