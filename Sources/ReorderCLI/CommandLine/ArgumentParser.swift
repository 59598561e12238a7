import ReorderKit
/// Command-line errors: each holds the facts; `Messages` words them.
public enum UsageError: Error, Equatable, Sendable {
    case missingCommand
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, command: String?, suggestion: String?)
    case optionNotForCommand(String, command: String)
    case missingOptionValue(String)
    case unexpectedOptionValue(String)
    case invalidChoice(option: String, value: String, choices: [String])
    case missingArgument(String, command: String)
    case conflictingOptions(String, String)
    case outputNeedsOneInput(count: Int)
    case batchNeedsOperations
    case invalidPointerForKey(String)
    /// An operand after the command's own arguments that is not an existing
    /// file and reads as an index: `move 0 1 2 list.txt`.
    case extraArgument(String, command: String)
    /// `--document` takes a whole number.
    case invalidDocumentIndex(String)
    /// A value a format refuses for an option it declares as its own
    /// (`--delimiter '"'`).
    case invalidFormatOptionValue(FormatOptionError)
    /// `option` means something only with `needs`.
    case optionNeedsOther(String, needs: String)
    /// `command` takes `expected` inputs (`diff`: OLD and NEW; `edit`: one).
    case wrongInputCount(command: String, expected: String, given: Int)
    /// `--block N` with an N that is no whole number.
    case invalidBlockIndex(String)
    /// `--line-range` that is not `A...B` or `A...` with 1 <= A <= B.
    case invalidLineRange(String)
    /// `--marker` with an empty name or a newline in it.
    case invalidMarker(String)
    /// `--marker` on a command other than `fix`, without `--block`.
    case markerWithoutBlock
    /// A `*` in `-p`, or `--document '*'`, to a command that edits one list
    /// (`pick`, `edit`, `diff`, `sort --like`).
    case severalListsNotForCommand(String, command: String)
    /// `-p` with a `*` segment that is no pointer otherwise.
    case invalidPointerPattern(String, reason: String)
    /// An option of the sorted place (`-r`, `-i`, `-n`; `--key` for
    /// `insert`) given to `command` whose `place` argument is not `sorted`.
    case optionNeedsSortedPlace(String, command: String, place: String)
    /// Two options that cannot be used together, and why.
    case conflictingOptionsBecause(String, String, reason: String)
    /// `--group-pattern PATTERN` that is not one: `reason`, at byte
    /// `offset` of it.
    case invalidGroupPattern(String, reason: String, offset: Int)
}

/// The command line, taken apart by the command table.
public struct ParsedArguments: Equatable, Sendable {
    public var command: CommandDescriptor
    /// The command's own arguments, then the files, in order.
    public var positionals: [String] = []
    /// `positionals` as the bytes the shell passed, which need not be UTF-8:
    /// `=TEXT` and VALUE compare and insert these, never a repaired copy.
    public var rawPositionals: [[UInt8]] = []
    /// Every value given to each option, in order; a flag given is present
    /// with an empty list.
    public var options: [Option: [String]] = [:]
    /// `options`' values as the bytes the shell passed.
    public var rawOptions: [Option: [[UInt8]]] = [:]
    /// Each option given with a value, in command-line order (`batch` reads
    /// `-e` and `-f` interleaved, in the order given).
    public var valueOrder: [Option] = []

    public func has(_ option: Option) -> Bool { options[option] != nil }
    public func value(_ option: Option) -> String? { options[option]?.last }
    public func values(_ option: Option) -> [String] { options[option] ?? [] }
    public func rawValues(_ option: Option) -> [[UInt8]] { rawOptions[option] ?? [] }
}

/// What the command line asks for.
public enum ParsedCommandLine: Equatable, Sendable {
    case run(ParsedArguments)
    /// `--help`, `help`, `help COMMAND`, `COMMAND --help`.
    case help(command: CommandDescriptor?)
    /// `help formats`: the formats, from `ListFormat.all`.
    case helpFormats
    case helpPresets
    case version
}

public enum ArgumentParser {
    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String]) throws -> ParsedCommandLine {
        try parse(raw: arguments.map { Array($0.utf8) })
    }

    /// Parses `arguments` (without the program name), each as the bytes the
    /// shell passed.
    ///
    /// Options may stand anywhere before `--`, before the command too
    /// (`reorder -z swap 0 1`, as `git -C dir status` or `sort -r file`
    /// are typed). An argument that starts with `-` and a digit is a
    /// positional (a negative index or range), never an option; `-` alone is
    /// standard input. `--name=value`, `--name value`, `-xVALUE`, `-x VALUE`
    /// and flag clusters (`-cz`) are all accepted.
    public static func parse(raw arguments: [[UInt8]]) throws -> ParsedCommandLine {
        let given = arguments.map { String(decoding: $0, as: UTF8.self) }
        // Options before the command: skip them (and their values) to find
        // the command, then read them as if they followed it.
        var commandIndex = 0
        while commandIndex < given.count {
            let argument = given[commandIndex]
            switch argument {
            case "-h", Option.help.spelled: return .help(command: nil)
            case "--version", "-V": return .version
            default: break
            }
            guard argument.hasPrefix("-") && argument.count > 1 && !startsLikeNumber(argument) else { break }
            commandIndex += try leadingOptionWidth(given, at: commandIndex)
        }
        guard commandIndex < given.count else { throw UsageError.missingCommand }
        let first = given[commandIndex]
        guard let command = CommandTable.command(named: first) else {
            throw UsageError.unknownCommand(
                first, suggestion: closest(to: first, among: CommandTable.commands.map(\.name)))
        }
        let order = Array(0..<commandIndex) + Array(commandIndex + 1..<given.count)
        let texts = order.map { given[$0] }
        let arguments = order.map { arguments[$0] }
        var parsed = ParsedArguments(command: command)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = texts[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") || startsLikeNumber(argument) {
                parsed.positionals.append(argument)
                parsed.rawPositionals.append(arguments[index - 1])
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            /// `attached`: the value's bytes within the option's argument.
            func takeValue(for option: OptionDescriptor, spelled: String, attached: [UInt8]?) throws {
                if option.value == .none {
                    if attached != nil { throw UsageError.unexpectedOptionValue(spelled) }
                    parsed.options[option.name, default: []] = parsed.options[option.name] ?? []
                    return
                }
                let raw: [UInt8]
                if let attached {
                    raw = attached
                } else {
                    guard index < arguments.count else { throw UsageError.missingOptionValue(spelled) }
                    raw = arguments[index]
                    index += 1
                }
                let value = String(decoding: raw, as: UTF8.self)
                if let choices = option.value.choices, !choices.contains(value) {
                    throw UsageError.invalidChoice(option: spelled, value: value, choices: choices)
                }
                parsed.options[option.name, default: []].append(value)
                parsed.rawOptions[option.name, default: []].append(raw)
                parsed.valueOrder.append(option.name)
            }
            let bytes = arguments[index - 1]
            if argument.hasPrefix("--") {
                let equals = bytes.firstIndex(of: UInt8(ascii: "="))
                let name = String(decoding: bytes[2..<(equals ?? bytes.count)], as: UTF8.self)
                let option = try lookUp(long: name, in: command)
                try takeValue(for: option, spelled: "--" + name, attached: equals.map { Array(bytes[($0 + 1)...]) })
            } else {
                // -x, -xVALUE, or a cluster of flags -cz. Option letters are
                // ASCII, so the value starts at the byte after the letter.
                var offset = 1
                while offset < bytes.count {
                    let letter = Character(Unicode.Scalar(bytes[offset]))
                    offset += 1
                    let option = try lookUp(short: letter, in: command)
                    if option.value == .none {
                        try takeValue(for: option, spelled: "-" + String(letter), attached: nil)
                    } else {
                        try takeValue(for: option, spelled: "-" + String(letter),
                                      attached: offset == bytes.count ? nil : Array(bytes[offset...]))
                        break
                    }
                }
            }
        }
        if parsed.has(.help) { return .help(command: command) }
        if command.name == "help" {
            guard let name = parsed.positionals.first else { return .help(command: nil) }
            if name == Help.formatsTopic { return .helpFormats }
            if name == Help.presetsTopic { return .helpPresets }
            guard let target = CommandTable.command(named: name) else {
                throw UsageError.unknownCommand(
                    name, suggestion: closest(to: name, among: CommandTable.commands.map(\.name) + [Help.formatsTopic, Help.presetsTopic]))
            }
            return .help(command: target)
        }
        return .run(parsed)
    }

    /// How many arguments the option at `texts[index]`, before the command,
    /// takes up: 1, or 2 when its value is the next argument. Which command
    /// it goes with is not known yet, so it is looked up among all options;
    /// whether the command takes it is checked when it is read again after
    /// the command.
    private static func leadingOptionWidth(_ texts: [String], at index: Int) throws -> Int {
        let argument = texts[index]
        let option: OptionDescriptor?
        var valueAttached = false
        if argument.hasPrefix("--") {
            let parts = argument.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            option = CommandTable.option(named: String(parts[0]))
            valueAttached = parts.count > 1
            if option == nil {
                let suggestion = closest(to: String(parts[0]), among: CommandTable.options.map(\.long)).map { "--" + $0 }
                throw UsageError.unknownOption("--" + parts[0], command: nil, suggestion: suggestion)
            }
        } else {
            // A cluster: the first letter that takes a value takes the rest.
            var found: OptionDescriptor? = nil
            for (offset, letter) in argument.dropFirst().enumerated() {
                guard let candidate = CommandTable.options.first(where: { $0.short == letter }) else {
                    throw UsageError.unknownOption("-" + String(letter), command: nil, suggestion: nil)
                }
                found = candidate
                if candidate.value != .none {
                    valueAttached = offset < argument.count - 2
                    break
                }
            }
            option = found
        }
        guard let option, option.value != .none, !valueAttached else { return 1 }
        guard index + 1 < texts.count else { throw UsageError.missingOptionValue(argument) }
        return 2
    }

    /// `-1`, `-12`, `-3...-1`: a negative index or range, not an option.
    static func startsLikeNumber(_ argument: String) -> Bool {
        let utf8 = argument.utf8
        guard utf8.count >= 2, utf8.first == UInt8(ascii: "-") else { return false }
        let second = utf8[utf8.index(after: utf8.startIndex)]
        return second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9")
    }

    private static func lookUp(long name: String, in command: CommandDescriptor) throws -> OptionDescriptor {
        if let option = command.options.first(where: { $0.long == name }) { return option }
        if CommandTable.option(named: name) != nil {
            throw UsageError.optionNotForCommand("--" + name, command: command.name)
        }
        let suggestion = closest(to: name, among: command.options.map(\.long)).map { "--" + $0 }
        throw UsageError.unknownOption("--" + name, command: command.name, suggestion: suggestion)
    }

    private static func lookUp(short letter: Character, in command: CommandDescriptor) throws -> OptionDescriptor {
        if let option = command.options.first(where: { $0.short == letter }) { return option }
        if CommandTable.options.contains(where: { $0.short == letter }) {
            throw UsageError.optionNotForCommand("-" + String(letter), command: command.name)
        }
        throw UsageError.unknownOption("-" + String(letter), command: command.name, suggestion: nil)
    }

    /// The candidate nearest to `word`, if one is near (`NearestName`).
    static func closest(to word: String, among candidates: [String]) -> String? {
        NearestName.closest(to: word, among: candidates)
    }
}
