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
}

/// The command line, taken apart by the command table.
public struct ParsedArguments: Equatable, Sendable {
    public var command: CommandDescriptor
    /// The command's own arguments, then the files, in order.
    public var positionals: [String] = []
    /// Every value given to each option, by long name, in order; a flag
    /// given is present with an empty list.
    public var options: [String: [String]] = [:]
    /// The long name of each option given with a value, in command-line
    /// order (`batch` reads `-e` and `-f` interleaved, in the order given).
    public var valueOrder: [String] = []

    public func has(_ long: String) -> Bool { options[long] != nil }
    public func value(_ long: String) -> String? { options[long]?.last }
    public func values(_ long: String) -> [String] { options[long] ?? [] }
}

/// What the command line asks for.
public enum ParsedCommandLine: Equatable, Sendable {
    case run(ParsedArguments)
    /// `--help`, `help`, `help COMMAND`, `COMMAND --help`.
    case help(command: CommandDescriptor?)
    case version
}

public enum ArgumentParser {
    /// Parses `arguments` (without the program name).
    ///
    /// Options may stand anywhere before `--`. An argument that starts with
    /// `-` and a digit is a positional (a negative index or range), never an
    /// option; `-` alone is standard input. `--name=value`, `--name value`,
    /// `-xVALUE`, `-x VALUE` and flag clusters (`-cz`) are all accepted.
    public static func parse(_ arguments: [String]) throws -> ParsedCommandLine {
        guard let first = arguments.first else { throw UsageError.missingCommand }
        switch first {
        case "-h", "--help": return .help(command: nil)
        case "--version", "-V": return .version
        default: break
        }
        if first.hasPrefix("-") && first.count > 1 && !startsLikeNumber(first) {
            let name = first.split(separator: "=", maxSplits: 1)[0]
            throw UsageError.unknownOption(String(name), command: nil, suggestion: nil)
        }
        guard let command = CommandTable.command(named: first) else {
            throw UsageError.unknownCommand(
                first, suggestion: closest(to: first, among: CommandTable.commands.map(\.name)))
        }
        var parsed = ParsedArguments(command: command)
        var index = 1
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") || startsLikeNumber(argument) {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            func takeValue(for option: OptionDescriptor, spelled: String, attached: String?) throws {
                if option.value == .none {
                    if attached != nil { throw UsageError.unexpectedOptionValue(spelled) }
                    parsed.options[option.long, default: []] = parsed.options[option.long] ?? []
                    return
                }
                let value: String
                if let attached {
                    value = attached
                } else {
                    guard index < arguments.count else { throw UsageError.missingOptionValue(spelled) }
                    value = arguments[index]
                    index += 1
                }
                if case .choice(_, let choices) = option.value, !choices.contains(value) {
                    throw UsageError.invalidChoice(option: spelled, value: value, choices: choices)
                }
                parsed.options[option.long, default: []].append(value)
                parsed.valueOrder.append(option.long)
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0])
                let option = try lookUp(long: name, in: command)
                try takeValue(for: option, spelled: "--" + name, attached: parts.count > 1 ? String(parts[1]) : nil)
            } else {
                // -x, -xVALUE, or a cluster of flags -cz.
                var characters = Substring(argument.dropFirst())
                while let letter = characters.first {
                    characters = characters.dropFirst()
                    let option = try lookUp(short: letter, in: command)
                    if option.value == .none {
                        try takeValue(for: option, spelled: "-" + String(letter), attached: nil)
                    } else {
                        try takeValue(for: option, spelled: "-" + String(letter),
                                      attached: characters.isEmpty ? nil : String(characters))
                        break
                    }
                }
            }
        }
        if parsed.has("help") { return .help(command: command) }
        if command.name == "help" {
            guard let name = parsed.positionals.first else { return .help(command: nil) }
            guard let target = CommandTable.command(named: name) else {
                throw UsageError.unknownCommand(
                    name, suggestion: closest(to: name, among: CommandTable.commands.map(\.name)))
            }
            return .help(command: target)
        }
        return .run(parsed)
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

    /// The candidate nearest to `word` by edit distance, when it is near
    /// enough to be a likely typo.
    static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (String, Int)? = nil
        for candidate in candidates {
            let distance = editDistance(Array(word.utf8), Array(candidate.utf8))
            if distance <= max(1, candidate.utf8.count / 3), best == nil || distance < best!.1 {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Damerau–Levenshtein distance (optimal string alignment), so that a
    /// transposition like 'mvoe' is one edit from 'move'.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
