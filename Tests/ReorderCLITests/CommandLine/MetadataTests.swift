import Foundation
@testable import ReorderCLI
import ReorderKit
import XCTest

/// Holds `--help`, the man page and the three completion scripts to the
/// command table, in both directions: every option of the table is in each
/// of them, for exactly the commands that take it, and none of them mentions
/// an option the table does not have.
final class MetadataTests: XCTestCase {
    /// Options outside the table: `--version` and `-V` stand only as the
    /// first argument, and the parser handles them before any command.
    static let topLevelOnly: Set<String> = ["--version", "-V"]

    /// The repository's root: this file is
    /// `Tests/ReorderCLITests/CommandLine/MetadataTests.swift`.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
    }

    // MARK: - What the table says

    /// `-o`, `--output`.
    static func spellings(_ option: OptionDescriptor) -> Set<String> {
        var spellings: Set<String> = ["--" + option.long]
        if let short = option.short { spellings.insert("-" + String(short)) }
        return spellings
    }

    static func spellings(_ options: [OptionDescriptor]) -> Set<String> {
        options.reduce(into: []) { $0.formUnion(spellings($1)) }
    }

    static var allLongOptions: Set<String> {
        Set(CommandTable.options.map { "--" + $0.long }).union(topLevelOnly.filter { $0.hasPrefix("--") })
    }

    /// The options that a completion script must know, described the same
    /// way whichever script they come from.
    struct OptionFacts: Equatable, CustomStringConvertible {
        var valueOptions: Set<String> = []
        var fileOptions: Set<String> = []
        var choices: [String: Set<String>] = [:]
        var description: String {
            "value: \(valueOptions.sorted()), files: \(fileOptions.sorted()), choices: \(choices.sorted { $0.key < $1.key })"
        }
    }

    static var expectedFacts: OptionFacts {
        var facts = OptionFacts()
        for option in CommandTable.options {
            let names = spellings(option)
            switch option.value {
            case .none: break
            case .text: facts.valueOptions.formUnion(names)
            case .path:
                facts.valueOptions.formUnion(names)
                facts.fileOptions.formUnion(names)
            case .choice, .format:
                facts.valueOptions.formUnion(names)
                for name in names { facts.choices[name] = Set(option.value.choices ?? []) }
            }
        }
        return facts
    }

    static var expectedCommandOptions: [String: Set<String>] {
        Dictionary(uniqueKeysWithValues: CommandTable.commands.map { ($0.name, spellings($0.options)) })
    }

    static let expectedTopLevel: Set<String> = spellings(CommandTable.option(named: "help")!).union(topLevelOnly)

    /// What one completion script says.
    struct ScriptFacts {
        var commandOptions: [String: Set<String>] = [:]
        var options = OptionFacts()
        var topLevel: Set<String> = []
        var commandNames: [String] = []
    }

    func assertMatchesTable(_ facts: ScriptFacts, _ script: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(facts.commandNames, CommandTable.commands.map(\.name), "\(script): commands", file: file, line: line)
        for (command, expected) in Self.expectedCommandOptions {
            let found = facts.commandOptions[command] ?? []
            XCTAssertEqual(found, expected,
                           "\(script): options of '\(command)': missing \(expected.subtracting(found).sorted()), not in the table \(found.subtracting(expected).sorted())",
                           file: file, line: line)
        }
        let unknown = Set(facts.commandOptions.keys).subtracting(Self.expectedCommandOptions.keys)
        XCTAssertEqual(unknown, [], "\(script): commands the table does not have", file: file, line: line)
        XCTAssertEqual(facts.options, Self.expectedFacts, "\(script): option values", file: file, line: line)
        XCTAssertEqual(facts.topLevel, Self.expectedTopLevel, "\(script): options before a command", file: file, line: line)
    }

    /// Every `--long` option the text mentions is one the table has.
    func assertMentionsOnlyTableOptions(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let mentioned = Set(Self.matches(of: #"(?<![\w-])--[a-zA-Z][a-zA-Z-]*"#, in: text).map { $0[0] })
        let unknown = mentioned.subtracting(Self.allLongOptions)
        XCTAssertEqual(unknown, [], "\(name) mentions options the command table does not have", file: file, line: line)
    }

    // MARK: - Small text tools

    /// Each match of `pattern`: the whole match, then its groups ("" for a
    /// group that did not take part).
    static func matches(of pattern: String, in text: String, options: NSRegularExpression.Options = []) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: options)
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { match in
            (0..<match.numberOfRanges).map { index in
                let range = match.range(at: index)
                return range.location == NSNotFound ? "" : ns.substring(with: range)
            }
        }
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "|" || $0 == "\t" }).map(String.init)
    }

    /// The option spellings (`-o`, `--output`) among `text`'s words.
    static func optionWords(_ text: String) -> Set<String> {
        Set(matches(of: #"(?<![\w-])--?[a-zA-Z][a-zA-Z-]*"#, in: text).map { $0[0] })
    }

    // MARK: - bash

    func bashFacts() throws -> ScriptFacts {
        let script = try text("completions/reorder.bash")
        var facts = ScriptFacts()
        for match in Self.matches(of: #"^\s*([a-z]+)\)\s+REPLY='([^']*)'"#, in: script, options: .anchorsMatchLines) {
            XCTAssertNil(facts.commandOptions[match[1]], "bash: '\(match[1])' twice")
            facts.commandOptions[match[1]] = Self.optionWords(match[2])
        }
        facts.commandNames = Self.matches(of: #"^_reorder_commands='([^']*)'"#, in: script, options: .anchorsMatchLines)
            .first.map { Self.words($0[1]) } ?? []
        facts.options.valueOptions = Self.matches(of: #"^_reorder_value_options='([^']*)'"#, in: script, options: .anchorsMatchLines)
            .first.map { Self.optionWords($0[1]) } ?? []
        for match in Self.matches(of: #"^\s*([-a-z |]+)\)\s*COMPREPLY=\(\$\(compgen -W '([^']*)'"#, in: script, options: .anchorsMatchLines) {
            for spelling in Self.optionWords(match[1]) { facts.options.choices[spelling] = Set(Self.words(match[2])) }
        }
        // Paths: files, or folders only (--cache-dir).
        for match in Self.matches(of: #"^\s*([-a-z |]+)\)\s*(?:_reorder_files\b|COMPREPLY=\(\$\(compgen -d\b)"#, in: script, options: .anchorsMatchLines) {
            facts.options.fileOptions.formUnion(Self.optionWords(match[1]))
        }
        // Before a command: `compgen -W '-h --help -V --version'`.
        facts.topLevel = Self.matches(of: #"compgen -W '(-[^']*)'"#, in: script).first.map { Self.optionWords($0[1]) } ?? []
        return facts
    }

    func testBashCompletionMatchesTable() throws {
        assertMatchesTable(try bashFacts(), "completions/reorder.bash")
        assertMentionsOnlyTableOptions(try text("completions/reorder.bash"), "completions/reorder.bash")
    }

    // MARK: - zsh

    /// What one `_arguments` spec (or a brace pair of them) describes.
    struct ZshSpec {
        var spellings: Set<String>
        var takesValue: Bool
        var choices: Set<String>?
        var offersFiles: Bool

        init(_ spec: String) {
            // Drop exclusion lists '(-o --output)', the repeat mark '*' and
            // descriptions [...]: what is left names the option and, after
            // the first ':', its value.
            var rest = spec.replacingOccurrences(of: #"'\([^)]*\)"#, with: "'", options: .regularExpression)
            rest = rest.replacingOccurrences(of: #"\[[^\]]*\]"#, with: "", options: .regularExpression)
            let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            spellings = MetadataTests.optionWords(String(parts[0]))
            takesValue = parts.count > 1
            let value = parts.count > 1 ? String(parts[1]) : ""
            choices = MetadataTests.matches(of: #":\(([^)]*)\)"#, in: value).first.map { Set(MetadataTests.words($0[1])) }
            offersFiles = value.contains("_files")
        }
    }

    func zshFacts() throws -> ScriptFacts {
        let script = try text("completions/_reorder")
        var specs: [String: ZshSpec] = [:]
        var facts = ScriptFacts()
        for match in Self.matches(of: #"^\s*\(([a-z-]+)\)\s+specs\+=\((.*)\)\s*;;\s*$"#, in: script, options: .anchorsMatchLines) {
            let spec = ZshSpec(match[2])
            XCTAssertTrue(spec.spellings.contains("--" + match[1]), "zsh: the spec of '\(match[1])' is for \(spec.spellings)")
            specs[match[1]] = spec
            if spec.takesValue { facts.options.valueOptions.formUnion(spec.spellings) }
            if spec.offersFiles { facts.options.fileOptions.formUnion(spec.spellings) }
            if let choices = spec.choices { for name in spec.spellings { facts.options.choices[name] = choices } }
        }
        for match in Self.matches(of: #"^\s*\(([a-z]+)\)\s*\n\s*_reorder_option_specs ([a-z -]+)$"#, in: script, options: .anchorsMatchLines) {
            var spellings: Set<String> = []
            for name in Self.words(match[2]) {
                guard let spec = specs[name] else {
                    XCTFail("zsh: '\(match[1])' takes '\(name)', which has no spec")
                    continue
                }
                spellings.formUnion(spec.spellings)
            }
            facts.commandOptions[match[1]] = spellings
        }
        facts.commandNames = Self.matches(of: #"^\s*'([a-z]+):[^']*'$"#, in: script, options: .anchorsMatchLines).map { $0[1] }
        // The first _arguments: the options before a command.
        if let top = Self.matches(of: #"_arguments -C((?:.|\n)*?)'1:"#, in: script).first {
            for spec in top[1].components(separatedBy: "\\\n") {
                facts.topLevel.formUnion(ZshSpec(spec).spellings)
            }
        }
        return facts
    }

    func testZshCompletionMatchesTable() throws {
        assertMatchesTable(try zshFacts(), "completions/_reorder")
        assertMentionsOnlyTableOptions(try text("completions/_reorder"), "completions/_reorder")
        XCTAssertTrue(try text("completions/_reorder").hasPrefix("#compdef reorder\n"))
    }

    // MARK: - fish

    func fishFacts() throws -> ScriptFacts {
        let script = try text("completions/reorder.fish")
        var facts = ScriptFacts()
        for line in script.split(separator: "\n").map(String.init) where line.hasPrefix("complete -c reorder ") {
            let condition = Self.matches(of: #" -n (?:'([^']*)'|(\S+))"#, in: line).first.map { $0[1] + $0[2] } ?? ""
            // Flags of `complete` itself, without the condition and the
            // description (which hold dashes of their own).
            let flags = line.replacingOccurrences(of: #" -[nd] (?:'[^']*'|\S+)"#, with: "", options: .regularExpression)
            if let argument = Self.matches(of: #" -a '?([a-z]+)'?$"#, in: flags).first, condition == "__reorder_wants_command" {
                facts.commandNames.append(argument[1])
                continue
            }
            var spellings: Set<String> = []
            for match in Self.matches(of: #" -s (\S)"#, in: flags) { spellings.insert("-" + match[1]) }
            for match in Self.matches(of: #" -l (\S+)"#, in: flags) { spellings.insert("--" + match[1]) }
            guard !spellings.isEmpty else { continue }
            let options = Self.words(flags)
            if options.contains("-r") || options.contains("-x") { facts.options.valueOptions.formUnion(spellings) }
            if options.contains("-F") || flags.contains("__fish_complete_directories") { facts.options.fileOptions.formUnion(spellings) }
            if let choices = Self.matches(of: #" -a '([^']*)'"#, in: flags).first, !choices[1].hasPrefix("(") {
                for name in spellings { facts.options.choices[name] = Set(Self.words(choices[1])) }
            }
            if let commands = Self.matches(of: #"^__reorder_command_is ([a-z ]+)$"#, in: condition).first {
                for command in Self.words(commands[1]) { facts.commandOptions[command, default: []].formUnion(spellings) }
            } else if condition == "test (count (commandline -opc)) -eq 1" {
                facts.topLevel.formUnion(spellings)
            } else {
                XCTFail("fish: options under a condition the test does not know: \(line)")
            }
        }
        return facts
    }

    func testFishCompletionMatchesTable() throws {
        assertMatchesTable(try fishFacts(), "completions/reorder.fish")
        assertMentionsOnlyTableOptions(try text("completions/reorder.fish"), "completions/reorder.fish")
    }

    // MARK: - The man page

    /// A `.TP` entry of the man page's OPTIONS section.
    struct ManOption {
        var heading: String
        var body: String
        var spellings: Set<String>
        /// From the body's "Commands: a, b." line.
        var commands: [String]?
    }

    /// roff text with `\-` as `-`.
    static func plain(_ roff: String) -> String {
        roff.replacingOccurrences(of: "\\-", with: "-")
    }

    func manOptions() throws -> [ManOption] {
        let page = try text("man/reorder.1")
        guard let start = page.range(of: "\n.SH OPTIONS\n") else {
            XCTFail("man page: no OPTIONS section")
            return []
        }
        let section = page[start.upperBound...].components(separatedBy: "\n.SH ")[0]
        return section.components(separatedBy: ".TP\n").dropFirst().map { entry in
            let lines = entry.components(separatedBy: "\n")
            let heading = Self.plain(lines[0])
            let body = Self.plain(lines.dropFirst().prefix { !$0.hasPrefix(".SS") }.joined(separator: "\n"))
            let commands = Self.matches(of: #"^Commands: ([a-z, ]+)\.$"#, in: body, options: .anchorsMatchLines).first
                .map { $0[1].components(separatedBy: ", ") }
            return ManOption(heading: heading, body: body, spellings: Self.optionWords(heading), commands: commands)
        }
    }

    func testManPageDocumentsEveryOptionForItsCommands() throws {
        let entries = try manOptions()
        for option in CommandTable.options {
            let spellings = Self.spellings(option)
            let matching = entries.filter { $0.spellings.contains("--" + option.long) }
            guard matching.count == 1, let entry = matching.first else {
                XCTFail("man page: --\(option.long) has \(matching.count) entries in OPTIONS")
                continue
            }
            XCTAssertEqual(entry.spellings, spellings, "man page: the heading of --\(option.long)")
            if let placeholder = option.value.placeholder {
                XCTAssertTrue(entry.heading.contains(placeholder), "man page: --\(option.long) takes \(placeholder): \(entry.heading)")
            } else {
                XCTAssertFalse(entry.heading.contains("\\fI"), "man page: --\(option.long) takes no value: \(entry.heading)")
            }
            if let choices = option.value.choices {
                for choice in choices {
                    XCTAssertTrue(entry.body.contains(".B \(choice)") || entry.body.contains(".BR \(choice) "),
                                  "man page: --\(option.long) does not name its choice \(choice)")
                }
            }
            let takers = CommandTable.commands.filter { $0.optionNames.contains(option.long) }.map(\.name)
            XCTAssertEqual(entry.commands, takers, "man page: the commands that take --\(option.long)")
        }
        let documented = entries.reduce(into: Set<String>()) { $0.formUnion($1.spellings) }
        let table = Self.spellings(CommandTable.options).union(Self.topLevelOnly)
        XCTAssertEqual(documented.subtracting(table), [], "man page: OPTIONS documents options the table does not have")
        XCTAssertEqual(table.subtracting(documented), [], "man page: OPTIONS misses options")
    }

    func testManPageMentionsOnlyTableOptions() throws {
        assertMentionsOnlyTableOptions(Self.plain(try text("man/reorder.1")), "man/reorder.1")
    }

    func testManPageCarriesTheVersionAndEveryCommand() throws {
        let page = try text("man/reorder.1")
        XCTAssertTrue(page.contains("\n.TH REORDER 1 "), "man page: no .TH")
        XCTAssertTrue(page.contains("\"reorder \(CommandTable.version)\""), "man page: .TH names another version than \(CommandTable.version)")
        for command in CommandTable.commands {
            XCTAssertTrue(page.contains(".B \"reorder \(command.name)\""), "man page: SYNOPSIS lacks \(command.name)")
            XCTAssertTrue(page.contains(".TP\n.B \(command.name)") || page.contains(".TP\n.BI \(command.name) "),
                          "man page: COMMANDS lacks \(command.name)")
        }
    }

    /// `--version` and `-V`, documented outside the table, are what the
    /// parser takes before a command.
    func testTopLevelOnlyOptionsAreWhatTheParserTakes() throws {
        for spelling in Self.topLevelOnly {
            XCTAssertEqual(try ArgumentParser.parse([spelling]), .version)
            XCTAssertNil(CommandTable.option(named: String(spelling.drop { $0 == "-" })))
        }
    }

    // MARK: - --help

    /// The option spellings in the "Options:" part of a command's help.
    static func helpOptions(_ help: String) -> Set<String> {
        guard let start = help.range(of: "\nOptions:\n") else { return [] }
        let labels = matches(of: #"^(?:  (-\w), |      )(--[a-z-]+)"#, in: String(help[start.upperBound...]), options: .anchorsMatchLines)
        return labels.reduce(into: []) { spellings, match in
            if !match[1].isEmpty { spellings.insert(match[1]) }
            spellings.insert(match[2])
        }
    }

    func testHelpOfEachCommandListsExactlyItsOptions() {
        for command in CommandTable.commands {
            let help = Help.command(command, width: 80)
            XCTAssertEqual(Self.helpOptions(help), Self.spellings(command.options), "reorder \(command.name) --help")
            for option in command.options {
                if let placeholder = option.value.placeholder {
                    XCTAssertTrue(help.contains("--\(option.long) \(placeholder)"), "reorder \(command.name) --help: --\(option.long) \(placeholder)")
                }
            }
        }
    }

    func testHelpOverviewListsEveryCommand() {
        let overview = Help.overview(width: 80)
        for command in CommandTable.commands {
            XCTAssertNotNil(overview.range(of: "\n  \(command.name) ", options: []), "reorder --help lacks \(command.name)")
        }
    }

    // MARK: - The formats, from ListFormat.all

    static var formatNames: [String] { ListFormat.all.map(\.name) }

    /// The spellings of the options a format declares as its own.
    static func ownSpellings(_ format: ListFormat) -> Set<String> {
        spellings(format.options.compactMap(CommandTable.option(named:)))
    }

    /// Every option a format declares is one the table has.
    func testFormatsDeclareOnlyTableOptions() {
        for format in ListFormat.all {
            for name in format.options {
                XCTAssertNotNil(CommandTable.option(named: name), "\(format.name) declares --\(name), which the table does not have")
            }
        }
    }

    /// `--format`'s help and the overview name exactly the formats, in order.
    func testHelpNamesExactlyTheFormats() {
        let formatHelp = CommandTable.option(named: "format")!.help
        let listed = Self.matches(of: #"\), ([a-z][a-z, ]*)\.$"#, in: formatHelp).first.map { $0[1].components(separatedBy: ", ") }
        XCTAssertEqual(listed, Self.formatNames, "--format's help")
        guard let choices = CommandTable.option(named: "format")!.value.choices else { return XCTFail("--format takes no choice") }
        XCTAssertEqual(choices, ["auto"] + Self.formatNames, "--format's choices")
        let overview = Help.overview(width: 1000)
        let inOverview = Self.matches(of: #"^Formats \(--format\): ([a-z, ]*);"#, in: overview, options: .anchorsMatchLines)
            .first.map { $0[1].components(separatedBy: ", ") }
        XCTAssertEqual(inOverview, Self.formatNames, "reorder --help: the formats")
    }

    /// `reorder help formats` shows every format with its claims, its own
    /// options and its paragraph, and no other format.
    func testHelpFormatsShowsEachFormatsDeclaration() throws {
        let text = Help.formats(width: 1000)
        XCTAssertEqual(try ArgumentParser.parse(["help", "formats"]), .helpFormats)
        // A heading: a line that starts with a letter, after the first
        // paragraph.
        let blocks = text.components(separatedBy: "\n\n").dropFirst()
        XCTAssertEqual(blocks.map { String($0.prefix { $0 != "\n" }) }, Self.formatNames, "reorder help formats: the headings")
        for (format, block) in zip(ListFormat.all, blocks) {
            let lines = block.components(separatedBy: "\n")
            let files = lines.first { $0.hasPrefix("  Files:") }.map { Self.words(String($0.dropFirst(8))) }
            XCTAssertEqual(files, format.claims.map(\.description), "reorder help formats: the files of \(format.name)")
            let options = lines.first { $0.hasPrefix("  Options:") }.map { Self.optionWords($0) } ?? []
            XCTAssertEqual(options, Self.ownSpellings(format), "reorder help formats: the options of \(format.name)")
            XCTAssertTrue(block.contains("\n  " + format.help), "reorder help formats: the help of \(format.name)")
        }
    }

    /// `reorder help presets` and the man page's PRESETS show every preset
    /// with its files and every one of its lists, and no other preset; the
    /// completions offer exactly the presets after `--preset`.
    func testHelpManAndCompletionsListExactlyThePresets() throws {
        XCTAssertEqual(try ArgumentParser.parse(["help", "presets"]), .helpPresets)
        let names = Preset.all.map(\.name)
        XCTAssertEqual(CommandTable.option(named: "preset")?.value.choices, names, "--preset's choices")
        let help = Help.presets(width: 1000)
        let blocks = help.components(separatedBy: "\n\n").dropFirst()
        XCTAssertEqual(blocks.map { String($0.prefix { $0 != "\n" }) }, names, "reorder help presets: the headings")
        for (preset, block) in zip(Preset.all, blocks) {
            XCTAssertTrue(block.contains("  Files:    " + preset.files.joined(separator: " ")), "reorder help presets: the files of \(preset.name)")
            for list in preset.lists {
                let name = list.list.isEmpty ? "\"\"" : list.list
                XCTAssertTrue(block.contains("\n  " + name + " ") || block.contains("\n  " + name + "\n"),
                              "reorder help presets: \(preset.name) lacks \(name)")
                XCTAssertTrue(block.contains(list.says), "reorder help presets: \(preset.name) \(name) says its order")
            }
        }
        let page = try text("man/reorder.1")
        guard let start = page.range(of: "\n.SH PRESETS\n") else { return XCTFail("man page: no PRESETS section") }
        let section = Self.plain(String(page[start.upperBound...].components(separatedBy: "\n.SH ")[0]))
        let entries = section.components(separatedBy: ".TP\n").dropFirst()
        XCTAssertEqual(entries.map { String($0.prefix { $0 != "\n" }).replacingOccurrences(of: ".B ", with: "") }, names,
                       "man page: the presets under PRESETS")
        for (preset, entry) in zip(Preset.all, entries) {
            for file in preset.files { XCTAssertTrue(entry.contains(file), "man page: \(preset.name) lacks its files \(file)") }
            for list in preset.lists where !list.list.isEmpty {
                // `/target/*/dependencies` is said once, as "their /target/*/ forms".
                let said = list.list.hasPrefix("/target/*/") ? "/target/*/" : list.list
                XCTAssertTrue(entry.contains(said), "man page: \(preset.name) lacks \(list.list)")
            }
        }
        for (script, facts) in [("bash", try bashFacts()), ("zsh", try zshFacts()), ("fish", try fishFacts())] {
            XCTAssertEqual(facts.options.choices["--preset"], Set(names), "\(script): the values of --preset")
        }
    }

    /// Each completion script offers exactly `auto` and the formats after
    /// `--format` (and `assertMatchesTable` holds them to the table).
    func testCompletionsOfferExactlyTheFormats() throws {
        let expected = Set(["auto"] + Self.formatNames)
        for (script, facts) in [("bash", try bashFacts()), ("zsh", try zshFacts()), ("fish", try fishFacts())] {
            XCTAssertEqual(facts.options.choices["--format"], expected, "\(script): the values of --format")
        }
    }

    /// The `.TP` entries of FORMATS' "Choosing the format": the name of
    /// each, and its text.
    func manFormatEntries() throws -> [(name: String, body: String)] {
        let page = try text("man/reorder.1")
        guard let formats = page.range(of: "\n.SH FORMATS\n"),
              let choosing = page.range(of: "\n.SS Choosing the format\n", range: formats.upperBound..<page.endIndex) else {
            XCTFail("man page: no 'Choosing the format' in FORMATS")
            return []
        }
        let section = page[choosing.upperBound...].components(separatedBy: "\n.S")[0].components(separatedBy: "\n.PP\n")[0]
        return section.components(separatedBy: ".TP\n").dropFirst().map { entry in
            let lines = entry.components(separatedBy: "\n")
            let name = lines[0].hasPrefix(".B ") ? String(lines[0].dropFirst(3)) : lines[0]
            return (name, Self.plain(lines.dropFirst().joined(separator: "\n")))
        }
    }

    /// The man page lists exactly the formats, each with every file it
    /// claims and its own options.
    func testManPageListsExactlyTheFormats() throws {
        let entries = try manFormatEntries()
        XCTAssertEqual(entries.map(\.name), Self.formatNames, "man page: the formats under 'Choosing the format'")
        for (format, entry) in zip(ListFormat.all, entries) where format.name == entry.name {
            let claims = Set(Self.matches(of: #"^\.BR? (\S+)"#, in: entry.body, options: .anchorsMatchLines).map { $0[1] })
                .subtracting(Self.optionWords(entry.body))
            XCTAssertEqual(claims, Set(format.claims.map(\.description)), "man page: the files \(format.name) claims")
            XCTAssertEqual(Self.optionWords(entry.body), Self.ownSpellings(format), "man page: the options of \(format.name)")
        }
        // --format in OPTIONS names auto and the formats, and nothing else.
        let entry = try manOptions().first { $0.spellings.contains("--format") }
        let named = Set(Self.matches(of: #"^\.BR? ([a-z]+)"#, in: entry?.body ?? "", options: .anchorsMatchLines).map { $0[1] })
        XCTAssertEqual(named, Set(["auto"] + Self.formatNames), "man page: the values of --format")
    }

    // MARK: - One version, written once

    /// Runs `arguments` (found on PATH by env) in the repository; its
    /// standard output, or a failure with its standard error.
    func output(of arguments: [String]) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = Self.repository
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            XCTFail("\(arguments.joined(separator: " ")): exit \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
            return nil
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// CHANGELOG.md has a section for the version the binary reports.
    func testChangelogHasAnEntryForTheCurrentVersion() throws {
        let changelog = try text("CHANGELOG.md")
        let heading = "## [\(CommandTable.version)]"
        XCTAssertTrue(changelog.split(separator: "\n").contains { $0.hasPrefix(heading) },
                      "CHANGELOG.md has no '\(heading)' section for reorder \(CommandTable.version)")
    }

    /// The Makefile and the packaging scripts read the version from
    /// CommandTable.swift, as `reorder --version` has it.
    func testMakefileAndPackagingReadTheVersionFromCommandTable() throws {
        XCTAssertEqual(try output(of: ["make", "-s", "--no-print-directory", "version"]), CommandTable.version, "make -s version")
        XCTAssertEqual(try output(of: ["python3", "-c", "import sys; sys.path.insert(0, 'packaging'); import wheelfile; print(wheelfile.version())"]),
                       CommandTable.version, "packaging/wheelfile.py")
    }

    /// ... and write it nowhere themselves: the number is typed once. The
    /// GitHub Action (action.yml) reads it too, from CommandTable.swift in
    /// its own checkout.
    func testTheVersionIsNotRepeatedInTheBuildAndPackagingFiles() throws {
        var paths = ["Makefile", "pyproject.toml", ".pre-commit-hooks.yaml", "bench/wheel-startup.sh", "action.yml"]
        // Every file below these folders (the Homebrew formula's template in its own).
        for folder in ["packaging", "Tests/packaging", ".github/workflows"] {
            let names = try FileManager.default.subpathsOfDirectory(atPath: Self.repository.appendingPathComponent(folder).path)
            paths += names.filter { name in
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent(folder + "/" + name).path, isDirectory: &isFolder)
                return !isFolder.boolValue && !name.split(separator: "/").contains { $0.hasPrefix(".") || $0 == "__pycache__" } && !name.hasSuffix(".pyc")
            }.map { folder + "/" + $0 }
        }
        XCTAssertTrue(paths.contains("packaging/wheel.py"), "\(paths)")
        XCTAssertTrue(paths.contains("packaging/homebrew/reorder.rb"), "\(paths)")
        for path in paths {
            let content = try text(path)
            for (number, line) in content.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(CommandTable.version) {
                XCTFail("\(path):\(number + 1) writes the version \(CommandTable.version); read it from CommandTable.swift: \(line)")
            }
        }
    }
}
