import ReorderKit

/// The one table of commands and options. Parsing, `--help`, and the tests
/// that hold the man page and the completion scripts to the code all read it.

/// What an option takes after it.
public enum OptionValue: Equatable, Sendable {
    /// A flag: nothing.
    case none
    /// Free text, shown in help as `placeholder`.
    case text(placeholder: String)
    /// One of fixed words.
    case choice(placeholder: String, choices: [String])
    /// `auto` or the name of a format of `ListFormat.all` as it is when
    /// the arguments are read (a format may be added: see
    /// `ListFormat.adding`).
    case format(placeholder: String)
    /// A path to a file (completions offer files).
    case path(placeholder: String)

    public var placeholder: String? {
        switch self {
        case .none: return nil
        case .text(let p), .choice(let p, _), .format(let p), .path(let p): return p
        }
    }

    /// The words it may be; nil for a flag, text or a path.
    public var choices: [String]? {
        switch self {
        case .choice(_, let choices): return choices
        case .format: return FormatChoice.names
        case .none, .text, .path: return nil
        }
    }
}

/// Every option's name, once: the table's rows and the code that reads a
/// parsed command line both name an option by its static member
/// (`parsed.has(.key)`), so that a name misspelled fails to compile. The
/// raw value is the long name without the dashes: `output` for `--output`.
/// The options a format declares as its own (`FormatOption`, CSV's
/// `--delimiter`) are named by their `FormatOption` and read by the format
/// (`ReadOptions`); no member names them here.
public struct Option: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    init(_ rawValue: String) { self.rawValue = rawValue }
    /// A format's own option.
    init(_ option: FormatOption) { self.rawValue = option.name }

    public static let output = Option("output")
    public static let check = Option("check")
    public static let diff = Option("diff")
    public static let verbose = Option("verbose")
    public static let color = Option("color")
    public static let format = Option("format")
    public static let json = Option("json")
    public static let lines = Option("lines")
    public static let pointer = Option("pointer")
    public static let document = Option("document")
    public static let oneBased = Option("one-based")
    public static let key = Option("key")
    public static let missingOk = Option("missing-ok")
    public static let string = Option("string")
    public static let expression = Option("expression")
    public static let file = Option("file")
    public static let sequential = Option("sequential")
    public static let reverse = Option("reverse")
    public static let unique = Option("unique")
    public static let ignoreCase = Option("ignore-case")
    public static let numeric = Option("numeric")
    public static let recursive = Option("recursive")
    public static let like = Option("like")
    public static let preset = Option("preset")
    public static let missingFirst = Option("missing-first")
    public static let groups = Option("groups")
    public static let groupPattern = Option("group-pattern")
    public static let jsonPatch = Option("json-patch")
    public static let stat = Option("stat")
    public static let block = Option("block")
    public static let lineRange = Option("line-range")
    public static let marker = Option("marker")
    public static let print = Option("print")
    public static let from = Option("from")
    public static let to = Option("to")
    public static let toFile = Option("to-file")
    public static let config = Option("config")
    public static let reporter = Option("reporter")
    public static let noCache = Option("no-cache")
    public static let cacheDir = Option("cache-dir")
    public static let changedSince = Option("changed-since")
    public static let staged = Option("staged")
    public static let help = Option("help")

    /// Every option of the table: its own rows', then those the formats
    /// declare.
    public static var allCases: [Option] { CommandTable.options.map(\.name) }

    /// As typed, long: `--output`.
    public var spelled: String { "--" + rawValue }
    public var description: String { rawValue }
}

public struct OptionDescriptor: Equatable, Sendable {
    public let name: Option
    /// Without the dash: `o` for `-o`.
    public let short: Character?
    public let value: OptionValue
    public let help: String

    init(_ name: Option, short: Character?, value: OptionValue, help: String) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
    }

    /// The row of an option a format declares (`FormatOption`).
    init(_ option: FormatOption) {
        self.init(Option(option), short: option.short,
                  value: option.placeholder.map { .text(placeholder: $0) } ?? .none, help: option.help)
    }

    /// Without the dashes: `output` for `--output`.
    public var long: String { name.rawValue }
}

/// What a positional argument holds; completions offer nothing for these.
public enum ArgumentKind: Equatable, Sendable {
    /// An item of the list before the operation: an index or a selector.
    case source
    /// A position in the list after the operation.
    case destination
    /// A new item's value.
    case value
}

public struct ArgumentDescriptor: Equatable, Sendable {
    public let name: String
    public let kind: ArgumentKind
    public let help: String
}

/// One of the options a command needs one of, in its usage line: batch's
/// `-e OP...`.
public struct RequiredOption: Equatable, Sendable {
    public let option: Option
    /// Given several times, each adds: shown as `OP...`.
    public var repeats = false
}

/// What follows a command's name, in the order its usage line shows it:
/// `Help.usage` renders these and nothing else, and the completion
/// scripts are generated from them (`Completions.swift`).
public enum Operand: Equatable, Sendable {
    /// One of these options must be given: `(-e OP... | -f SCRIPT)`.
    case oneOf([RequiredOption])
    /// An argument of the command's own (an index, a selector, a value),
    /// before its files; listed under "Arguments:" in its help.
    case argument(ArgumentDescriptor)
    /// Paths, after `[OPTIONS]`: `[FILE...]` (optional and repeated),
    /// `[FILE]`, `FILE`, `OLD NEW`. Completions offer files.
    case files(names: [String], optional: Bool, repeats: Bool)
    /// `help`'s topic: a command's name or one of `Help.topics`.
    case helpTopic

    /// Files that may be left out and given many times: `[FILE...]`.
    static let anyFiles = Operand.files(names: ["FILE"], optional: true, repeats: true)
}

public struct CommandDescriptor: Equatable, Sendable {
    public let name: String
    /// What follows the name, in order: the usage line, the arguments
    /// counted before the files, what completions offer where.
    public let operands: [Operand]
    /// One line, for the command list.
    public let summary: String
    /// Paragraphs for `reorder help COMMAND`.
    public let discussion: [String]
    /// Command lines shown under "Examples:", each with an optional comment.
    public var examples: [String] = []
    /// The options this command takes.
    public let takes: [Option]
    /// What the command does (`Commands/<Name>Command.swift`); nil for
    /// `help`, which the parser answers.
    let run: Run?
    /// An option's help where this command gives the option a meaning of
    /// its own (`init -o`).
    var optionHelp: [Option: String] = [:]

    /// A command's run: the runner (its console) and the command line.
    typealias Run = @Sendable (Runner, ParsedArguments) throws -> Int32

    /// The command's own arguments, which come before its files.
    public var arguments: [ArgumentDescriptor] {
        operands.compactMap { operand in
            if case .argument(let argument) = operand { return argument }
            return nil
        }
    }

    /// Whether paths follow the command's own arguments.
    public var takesFiles: Bool {
        operands.contains { operand in
            if case .files = operand { return true }
            return false
        }
    }

    /// Long names of the options this command takes.
    public var optionNames: [String] { allTakes.map(\.rawValue) }

    /// The options this command takes: its row's, with the options the
    /// formats declare (`FormatOption`) that it takes, each after the
    /// option it is `listedAfter`, else after the reading options every
    /// format shares (`-p`, `--document`).
    public var allTakes: [Option] {
        let reading = takes.contains(.format)
        var all = takes
        for declared in ListFormat.declaredOptions where declared.isTaken(by: name, reading: reading) {
            let after = declared.listedAfter.flatMap { all.firstIndex(of: Option($0)) }
                ?? all.lastIndex(where: { $0 == .pointer || $0 == .document })
            all.insert(Option(declared), at: after.map { $0 + 1 } ?? all.firstIndex(of: .help) ?? all.count)
        }
        return all
    }

    public var options: [OptionDescriptor] {
        allTakes.map { name in
            let option = CommandTable.option(name)
            guard let help = optionHelp[name] else { return option }
            return OptionDescriptor(option.name, short: option.short, value: option.value, help: help)
        }
    }

    /// Commands are told apart by name: no two rows share one.
    public static func == (a: CommandDescriptor, b: CommandDescriptor) -> Bool { a.name == b.name }
}

public enum CommandTable {
    public static let version = "0.1.0"

    /// Every option: the table's own rows, with those of the options the
    /// formats declare (`ListFormat.declaredOptions`), as the formats are
    /// when it is asked (a format may be added: see `ListFormat.adding`).
    /// Each declared option stands after the option it is `listedAfter`
    /// (else last), as in a command's list.
    public static var options: [OptionDescriptor] {
        var all = rows
        for declared in ListFormat.declaredOptions {
            let after = declared.listedAfter.flatMap { name in all.firstIndex { $0.long == name } }
            all.insert(OptionDescriptor(declared), at: after.map { $0 + 1 } ?? all.count)
        }
        return all
    }

    /// The options that are no format's own.
    static let rows: [OptionDescriptor] = [
        .init(.output, short: "o", value: .path(placeholder: "PATH"),
              help: "Write the result to PATH ('-': standard output) and leave the input alone. One input only."),
        .init(.check, short: "c", value: .none,
              help: "Write nothing; print the name of each input that would change, and exit 1 if any would."),
        .init(.diff, short: nil, value: .none,
              help: "Write nothing; print a unified diff of what would change, and exit 1 if anything would."),
        .init(.verbose, short: "v", value: .none,
              help: "Print a line on standard error for each file rewritten in place (none for a file left as it was); with a policy, check (and fix --check, --diff) also prints one for each file named that nothing covers, and last how many lists in how many files were looked at."),
        .init(.color, short: nil, value: .choice(placeholder: "WHEN", choices: ["auto", "always", "never"]),
              help: "Colour the diff (with --diff), and pick's screen: auto (when standard output, for pick the screen, is a terminal and NO_COLOR is not set), always, never."),
        .init(.format, short: nil, value: .format(placeholder: "FORMAT"),
              help: "How to read the list: auto (the default: by the file's name, as 'reorder help formats' lists; for standard input and names no format claims, JSON when it starts with '[' or '{', lines if not), "
                + ListFormat.all.map(\.name).joined(separator: ", ") + "."),
        .init(.json, short: nil, value: .none, help: "Same as --format json."),
        .init(.lines, short: nil, value: .none, help: "Same as --format lines."),
        .init(.pointer, short: "p", value: .text(placeholder: "PTR"),
              help: "JSON, YAML, TOML: the array or object (sequence or mapping; array, table, or a table's sub-table sections) to edit, as an RFC 6901 JSON Pointer (default: the root); a segment '*' stands for every key or index there, and each list it names is edited ('~2' is a key '*'). batch takes several -p: the lists are sections, named by index paths S:I (see 'reorder help batch'). Refused for lines."),
        .init(.document, short: nil, value: .text(placeholder: "N"),
              help: "YAML: edit document N of a stream of several (counted from 0; negative from the end), or '*': each document. Refused for other formats."),
        .init(.oneBased, short: nil, value: .none,
              help: "Count indices from 1 instead of 0 (-1 is still the last item; diff prints its script so, for 'batch --one-based'), and the columns of CSV's --key '#N' (from 0 without it)."),
        .init(.key, short: nil, value: .text(placeholder: "PTR"),
              help: "JSON, YAML, TOML: compare the value at PTR inside each item, or each member's value (selectors, sort, diff). CSV, TSV: the column named PTR in the header, or '#N', the column N."),
        .init(.missingOk, short: nil, value: .none,
              help: "An input that lacks the list (nothing at -p, no list matching a '*' of -p, a document of --document '*' without it, no block N for --block N) is left as it is, and a selector that selects nothing changes nothing, instead of failing."),
        .init(.string, short: nil, value: .none,
              help: "JSON, YAML, TOML: insert VALUE as the format's string instead of parsing it. Refused for lines."),
        .init(.expression, short: "e", value: .text(placeholder: "OP"),
              help: "Add one operation to the batch (repeatable)."),
        .init(.file, short: "f", value: .path(placeholder: "SCRIPT"),
              help: "Read batch operations from SCRIPT, one a line ('-': standard input)."),
        .init(.sequential, short: nil, value: .none,
              help: "Apply the batch's operations one after another, each with the indices of the single commands."),
        .init(.reverse, short: "r", value: .none, help: "Sort in descending order."),
        .init(.unique, short: "u", value: .none, help: "Keep only the first of equal items."),
        .init(.ignoreCase, short: "i", value: .none, help: "Compare ASCII letters without case."),
        .init(.numeric, short: "n", value: .none, help: "Compare numbers by value."),
        .init(.recursive, short: nil, value: .none,
              help: "JSON, YAML, TOML: sort the list, and every object, mapping and table inside it by key (TOML: a table's sub-table sections too); arrays and sequences inside keep their order. Refused for lines and with --like."),
        .init(.like, short: nil, value: .path(placeholder: "REF"),
              help: "Put the items in the order REF has them (matched by text, or by --key); items REF lacks keep their order after them."),
        .init(.preset, short: nil, value: .choice(placeholder: "NAME", choices: Preset.all.map(\.name)),
              help: "Put the lists of NAME's file in the order of that file's tools: package.json, Cargo.toml, pyproject.toml, requirements (see 'reorder help presets')."),
        .init(.missingFirst, short: nil, value: .none,
              help: "With --like: items REF lacks go before the others, not after."),
        .init(.groups, short: nil, value: .choice(placeholder: "KINDS", choices: ["blank-lines", "comments", "blank-lines,comments"]),
              help: "sort: sort within groups, which stay where they are: blank-lines (a blank line starts a group), comments (a comment on a line of its own heads a group and never moves; the items below it, up to the next heading, sort among themselves), or both. move, swap, insert, delete, batch, pick, edit: comments, the headings stay on their lines while items move across them (pick and edit show them as header rows)."),
        .init(.groupPattern, short: nil, value: .text(placeholder: "PATTERN"),
              help: "Repeatable: each item falls into the group of the first PATTERN that matches its sort key (a glob over the whole key, '/' an ordinary byte; '~REGEX' matches anywhere); the groups come in the patterns' order, each sorted, and the items no pattern matches last."),
        .init(.jsonPatch, short: nil, value: .none,
              help: "Print RFC 6902 JSON Patch operations (move, remove, add, replace) instead of a batch script."),
        .init(.stat, short: nil, value: .none,
              help: "Print only how many moves, inserts, deletes and replaces the change takes."),
        .init(.block, short: nil, value: .text(placeholder: "N"),
              help: "Work on the lines of the N-th block marked 'keep-sorted start' ... 'keep-sorted end' (counted from 0 in the order the start markers stand, negative from the end; a block inside another counts after it), read as lines; the rest of the file stays as it is."),
        .init(.lineRange, short: nil, value: .text(placeholder: "A...B"),
              help: "Work on lines A through B of the file (counted from 1, as sed and editors count them; 'A...' runs to the end), read as lines; the rest of the file stays as it is."),
        .init(.marker, short: nil, value: .text(placeholder: "NAME"),
              help: "The marker's name: blocks run from a line holding 'NAME start' to one holding 'NAME end' (default: keep-sorted; keep-sorted's id flag)."),
        .init(.print, short: nil, value: .none,
              help: "Print the new order as a batch script (as 'reorder diff' prints it, for 'reorder batch -f') instead of writing it."),
        .init(.from, short: nil, value: .path(placeholder: "VIEW"),
              help: "Apply VIEW, an edit view that an earlier 'reorder edit' kept (and you fixed), instead of opening the editor; only to the list it was made from, unchanged since."),
        .init(.to, short: nil, value: .text(placeholder: "DEST"),
              help: "Move FROM out of the list -p names into the list DEST names (a pointer, or a Markdown heading path) in the same file (with --to-file, in OTHER); TO is its index there, or 'sorted'. JSON, YAML, TOML, Markdown."),
        .init(.toFile, short: nil, value: .path(placeholder: "OTHER"),
              help: "Move FROM out of FILE into the list of OTHER that --to names (without --to: the list -p names, or the whole list for lines, CSV and TSV); both files are written as a pair, both or neither. Into another format, the value only (JSON, YAML, TOML)."),
        .init(.config, short: nil, value: .path(placeholder: "PATH"),
              help: "The policy file to apply (default: .reorder.toml in the working directory or the nearest folder above it that has one); its rules' files are then relative to the repository's top (git's work tree root, or outside git the working directory), not to PATH's folder."),
        .init(.reporter, short: nil, value: .choice(placeholder: "FORMAT", choices: ["text", "json", "github", "sarif"]),
              help: "How to report the lists out of order: text (the default: 'FILE:LINE: LIST (rule N): ...', one a line), json (one document, {\"findings\": [...]}), github (workflow annotations), sarif (SARIF 2.1.0)."),
        .init(.noCache, short: nil, value: .none,
              help: "Read every file and remember nothing: no cache of results is read or written."),
        .init(.cacheDir, short: nil, value: .path(placeholder: "DIR"),
              help: "Keep the cache of results in DIR (default: .git/reorder/ in a git repository, else $XDG_CACHE_HOME/reorder/ or ~/.cache/reorder/)."),
        .init(.changedSince, short: nil, value: .text(placeholder: "REF"),
              help: "Only the files that changed since REF (a commit, branch or tag git knows): those that differ between the work tree and the commit where HEAD's history meets REF's (git diff $(git merge-base REF HEAD); a rename is its new path, a deleted file nothing), and the untracked files .gitignore does not ignore, that the policy covers. Not with FILEs; the checks of rules that match no file, or whose lists no file has, need the whole repository and are left out."),
        .init(.staged, short: nil, value: .none,
              help: "Only the files with staged changes, as the index holds them (what 'git commit' would commit, not the work tree). fix writes a file only when its work tree equals the index (else an error for that file, nothing written) and never touches the index. Not with FILEs; the checks of rules that match no file, or whose lists no file has, are left out."),
        .init(.help, short: "h", value: .none, help: "Show help and exit."),
    ]

    private static let output: [Option] = [.output, .check, .diff, .color, .verbose]
    static let reading: [Option] = [.format, .json, .lines, .pointer, .document, .block, .lineRange, .marker]

    public static let commands: [CommandDescriptor] = [
        .init(name: "move",
              operands: [
                .argument(.init(name: "FROM", kind: .source, help: "The item to move: an index, or a selector (=TEXT, ~REGEX, A...B, A..<B, I,J,K).")),
                .argument(.init(name: "TO", kind: .destination, help: "The index the item has after the move, or 'sorted': its sorted place.")),
                .anyFiles,
              ],
              summary: "Move an item so that it ends at TO.",
              discussion: [
                "Takes the item at FROM out and puts it back so that it ends at index TO of the result, like UICollectionView's moveItem(at:to:) and JSON Patch 'move'. 'move 0 -1' sends the first item to the end; 'move i i' changes nothing.",
                "Several selected items move together and keep their order; the first of them ends at TO, and a negative TO counts back from the last place the block can start, so -1 puts the block at the end. A move by value is idempotent: run again, it changes nothing.",
                "TO 'sorted' puts the item where 'reorder sort' with the same -r, -i, -n and --key would put it among the other items: at the first position whose item sorts after it, after the items equal to it. On a sorted list it keeps the list sorted; on a list that is not, the rule is the same (the first item that sorts after it), so the place is always one. Several selected items each go to their own sorted place, in their order.",
                "With --to DEST, the items leave the list -p names and enter the list DEST names in the same file (JSON, YAML, TOML, Markdown by heading path), ending at TO there (or 'sorted'): each keeps its bytes and the comments it owns above it, its lines re-indented as DEST's items are, with DEST's separators. Refused, with nothing written: a key DEST has already, an alias that would come before its anchor, a mapping with a merge key, a comment after the item's separator (not carried yet).",
                "With --to-file OTHER, the items leave FILE and enter the list of OTHER that --to names (without --to: the list -p names, or the whole list of a lines, CSV or TSV file); CSV and TSV rows go only into a file with the same header. Both files are locked and read once, and written as a pair: both new contents go to temporary files first, then OTHER is renamed, then FILE, so that a failure between the two leaves the items in both files, never in neither, and the message says which file holds what. Into a file of another format (JSON, YAML, TOML), each item's value is written as 'insert' writes it there, where the conversion is certain; an item that holds anything else (a comment, a tag, an anchor) is refused, naming it.",
                "A selector may stand for FROM: =TEXT (the item whose text is TEXT; everything after '=' is literal, so ==x is the item =x), ~REGEX (every item it matches, Swift Regex syntax), A...B and A..<B (ranges of indices), I,J,K (a list; a part starting with '=' or '~' takes the rest of the argument). In a JSON array, =TEXT matches a string's decoded value or an element's JSON text; in a JSON object, a member's key; with --key PTR, '=' and '~' look at the value at PTR inside each element or member's value. Selecting nothing is an error unless --missing-ok is given.",
              ],
              examples: [
                "reorder move 0 -1 list.txt      # first line last",
                "reorder move =core 0 list.txt   # 'core' first",
                "reorder move '~^test_' -1 list.txt",
                "reorder move =a 0 -p /deps --key /name x.json",
                "reorder move =zod 0 -p /deps package.json",
                "reorder move =zod sorted -p /deps x.json",
                "reorder move =zod 0 -p /dev --to /deps x.json",
                "reorder move 0 0 --to-file done.txt todo.txt",
              ],
              takes: output + reading + [.to, .toFile, .oneBased, .key, .reverse, .ignoreCase, .numeric, .groups, .missingOk, .help], run: MoveCommand.run),
        .init(name: "copy",
              operands: [
                .argument(.init(name: "FROM", kind: .source, help: "The item to copy: an index, or a selector (=TEXT, ~REGEX, A...B, A..<B, I,J,K).")),
                .argument(.init(name: "TO", kind: .destination, help: "The index the copy has in DEST, or 'sorted': its sorted place.")),
                .anyFiles,
              ],
              summary: "Copy an item into another list, or another file.",
              discussion: [
                "As 'move' with --to DEST or --to-file OTHER (see 'reorder help move'), and the item stays where it was: its bytes and the comments it owns above it are written again in DEST, laid out as DEST's items are, ending at TO (or 'sorted'). With --to-file, only OTHER is written. Refused, with nothing written, where move would refuse, and when DEST has the key already.",
              ],
              examples: [
                "reorder copy =lodash 0 -p /dependencies --to /peerDependencies package.json",
                "reorder copy =API_URL sorted -p /env --to-file values-prod.yaml values.yaml",
              ],
              takes: output + reading + [.to, .toFile, .oneBased, .key, .reverse, .ignoreCase, .numeric, .missingOk, .help], run: CopyCommand.run),
        .init(name: "swap",
              operands: [
                .argument(.init(name: "I", kind: .source, help: "One item: an index or a selector.")),
                .argument(.init(name: "J", kind: .source, help: "The other item: an index or a selector.")),
                .anyFiles,
              ],
              summary: "Exchange two items.",
              discussion: [
                "Exchanges the items at I and J. 'swap i i' changes nothing. I and J may be selectors (see 'reorder help move'), each selecting one item.",
              ],
              examples: ["reorder swap 0 -1 list.txt", "reorder swap =alpha =omega list.txt"],
              takes: output + reading + [.oneBased, .key, .groups, .missingOk, .help], run: SwapCommand.run),
        .init(name: "insert",
              operands: [
                .argument(.init(name: "AT", kind: .destination, help: "The index the new item has after the insert; -1 appends; 'sorted': its sorted place.")),
                .argument(.init(name: "VALUE", kind: .value, help: "The new item: a line, or one JSON value (a JSON string with --string).")),
                .anyFiles,
              ],
              summary: "Insert VALUE so that it ends at AT.",
              discussion: [
                "Adds VALUE so that it ends at index AT of the result: 'insert 0 x' prepends, 'insert -1 x' appends. In a JSON array, VALUE must be one valid JSON value, or use --string; into a JSON object, one member '\"key\": value' whose key the object has not. It takes the layout of its neighbours.",
                "AT 'sorted' puts VALUE where 'reorder sort' with the same -r, -i, -n and --key would put it: at the first position whose item sorts after it, after the items equal to it (see 'reorder help move'), so that adding one item keeps a sorted list sorted.",
              ],
              examples: [
                "reorder insert -1 'new line' list.txt",
                "reorder insert 0 '{\"id\": 1}' -p /deps x.json",
                "reorder insert 0 --string 'a \"b\"' words.json",
                "reorder insert -1 '\"zod\": 3' -p /deps x.json",
                "reorder insert sorted '\"zod\": 3' -p /deps x.json",
              ],
              takes: output + reading + [.oneBased, .string, .key, .reverse, .ignoreCase, .numeric, .groups, .missingOk, .help], run: InsertCommand.run),
        .init(name: "delete",
              operands: [
                .argument(.init(name: "AT", kind: .source, help: "The item to delete: an index or a selector.")),
                .anyFiles,
              ],
              summary: "Delete an item.",
              discussion: [
                "Removes the item at AT, or every item a selector selects (see 'reorder help move').",
              ],
              examples: [
                "reorder delete -1 list.txt      # the last line",
                "reorder delete 0,-1 list.txt    # first and last",
                "reorder delete =old --missing-ok *.txt",
              ],
              takes: output + reading + [.oneBased, .key, .groups, .missingOk, .help], run: DeleteCommand.run),
        .init(name: "batch",
              operands: [.oneOf([.init(option: .expression, repeats: true), .init(option: .file)]), .anyFiles],
              summary: "Apply many operations as one, with UIKit's batch-update index rules.",
              discussion: [
                "Operations: 'delete I', 'insert AT VALUE', 'move FROM TO', 'swap I J', 'replace I VALUE', from -e OP (repeatable) and -f SCRIPT ('-': standard input), in the order given. In a script, one operation a line; blank lines and lines starting with '#' are skipped; VALUE is the rest of the line after the space that follows AT (or I), verbatim.",
                "Every source index (delete I, move FROM, swap I and J, replace I) counts in the list before the batch; every destination index (insert AT, move TO) counts in the list after it, and a negative one from the end of that result, as in UICollectionView's performBatchUpdates. The order of the operations does not matter. 'swap I J' is 'move I J' plus 'move J I'; 'replace I VALUE' gives item I a new value in its place.",
                "Example: the list 'a b c d e' with 'delete 0', 'move 4 0' and 'insert 2 x' becomes 'e b x c d': a is deleted, e ends at 0, x ends at 2, and b, c, d fill the other places in their order.",
                "An item used twice as a source, two items claiming one destination, or a destination outside the result is an error, and nothing is written. With selectors, delete and replace act on every selected item, move takes them as a block whose first item ends at TO, and swap needs one item on each side; with --missing-ok, an operation whose selector selects nothing is dropped.",
                "With --sequential, the operations apply one after another instead, each to the result of the one before, with the indices of the single commands: 'delete 0', 'move 3 0', 'insert 2 x' also turns 'a b c d e' into 'e b x c d'.",
                "Several lists (JSON, JSONC, YAML, TOML, Markdown): with several -p options, or one -p with a '*' segment and operations that use index paths, the lists are sections 0, 1, ... (in the order of the -p options; the lists a '*' names, in the document's order), and every index is an index path S:I, section, colon, item: 'move 1:4 0:0', 'delete 0:2', 'insert 1:0 VALUE', 'swap 0:1 1:3'. A negative item counts from the end of its section; a selector may follow 'S:' ('move 1:=typescript 0:0'). The same rules hold across sections: sources count in the lists before the batch, destinations in the lists after it. An item that changes list keeps its bytes and its comments, laid out as the other list's items are; a key that list has already is refused. A plain index with several lists is an error; one -p with '*' and plain indices edits each list in turn.",
                "A script line '# reorder: content HASH' (HASH: 16 hexadecimal digits) says which content of the file the script was made for; pick and edit write it at the top of the order they keep when the file changed under them, and name the items there by value ('move =item2 4') where a value names one item alone. On a file whose content is another, such a script is refused (exit status 2, nothing written) unless every operation names its items by value ('=VALUE'): a position would name another item there. A damaged content line is an error, not a comment.",
              ],
              examples: [
                "reorder batch -e 'delete 0' -e 'move 4 0' f.txt",
                "reorder batch -f ops.txt list.txt",
                "make-ops | reorder batch -f - -o - list.txt",
                "reorder batch -p /dependencies -p /devDependencies -e 'move 1:=typescript 0:0' package.json",
              ],
              takes: [.expression, .file, .sequential] + output + reading + [.oneBased, .key, .groups, .missingOk, .string, .help], run: BatchCommand.run),
        .init(name: "sort",
              operands: [.anyFiles],
              summary: "Sort the items (stable; byte order by default).",
              discussion: [
                "A stable sort, in byte order by default (like LC_ALL=C sort -s). -r sorts descending and stays stable; -u keeps the first of items that compare equal; -i folds ASCII letters to upper case, as sort -f does; -n compares leading numbers, as sort -n does, exactly however long.",
                "JSON strings compare by their decoded value and JSON numbers by their exact value (12345678901234567890123 > 1e22; numbers are never re-printed). Mixed kinds: null < false < true < numbers < strings < arrays < objects. The members of a JSON object, a YAML mapping and a TOML table sort by key (decoded, code point order). With --key PTR, items sort by the value at PTR inside them and those without it go last, in their order; a PTR that no item has is an error. --recursive sorts the list as without it, and also every object, mapping, table and inline table inside it by key, each by the rule its format has for a list (comments travel with their item); arrays and sequences inside keep their order. In TOML, a table's key/value lines are sorted, and its sub-tables' sections after them. A second run changes nothing.",
                "--groups and --group-pattern sort within groups, and the groups stay where they are. --groups blank-lines: a blank line starts a group. --groups comments: a comment on a line of its own (in lines with a comment prefix, JSONC, YAML, TOML, Markdown's <!-- -->) heads a group, and never moves; an item's own end-of-line comment still travels with it. --group-pattern PATTERN (repeatable): within those groups, each item falls into the first pattern that matches its sort key (with --key, the value at PTR; a string's decoded value or a number's text; any other item, and one without the key, matches none), a glob over the whole key ('*', '?', '[a-z]', '[!a]', '\\' escapes; '/' is a byte like another) or, starting with '~', a regular expression that matches anywhere; the patterns' groups come in their order, each sorted by the options, and the items no pattern matches form one last group. -i matches the patterns without case. With -u, the first of equal items over the whole list stays, whatever its group. Neither takes --like or --preset (those set the whole order).",
                "--preset NAME sorts the lists of a package.json, Cargo.toml, pyproject.toml or requirements file as that file's tools do (sort-package-json, cargo-sort in its grouped mode, pyproject-fmt, requirements-txt-fixer), moving items only: 'reorder help presets' lists each preset's lists and orders. It reads the file as the preset's format and takes no other sorting option.",
              ],
              examples: [
                "reorder sort -u list.txt",
                "reorder sort --check list.txt   # 1: not sorted",
                "reorder sort -p /deps --key /name x.json",
                "reorder sort -p /dependencies package.json",
                "reorder sort --recursive .vscode/settings.json",
                "reorder sort --like order.txt list.txt",
                "reorder sort -p '/repos/*/hooks' --key /id .pre-commit-config.yaml",
                "reorder sort --groups blank-lines,comments -p /project/dependencies pyproject.toml",
                "reorder sort --group-pattern '@myorg/*' --group-pattern '@*' -p /dependencies package.json",
                "reorder sort --preset package.json package.json",
                "reorder sort --preset requirements --check requirements.txt",
                "reorder sort -p /items --document '*' --missing-ok stream.yaml",
              ],
              takes: [.reverse, .unique, .ignoreCase, .numeric, .key, .recursive, .like, .missingFirst, .groups, .groupPattern, .preset] + output + reading + [.oneBased, .missingOk, .help], run: SortCommand.run),
        .init(name: "reverse",
              operands: [.anyFiles],
              summary: "Reverse the order of the items.",
              discussion: ["Puts the items in the opposite order."],
              takes: output + reading + [.missingOk, .help], run: ReverseCommand.run),
        .init(name: "diff",
              operands: [.files(names: ["OLD", "NEW"], optional: false, repeats: false)],
              summary: "Print the fewest operations that turn OLD's list into NEW's.",
              discussion: [
                "Reads OLD and NEW (either may be '-') in the same format, with the same options, matches their items by text (or by the value at --key), and prints a script that 'reorder batch -f' applies to OLD to give NEW: items only in OLD are deleted, items only in NEW inserted with NEW's text, and the fewest moves put the rest in NEW's order (n minus a longest common subsequence). With --key, an item whose key matches but whose text changed is replaced where it stays, and deleted and inserted where it also moves.",
                "The script uses UIKit's batch index rules, which 'reorder batch' reads: deletes and move sources count in OLD, inserts and move destinations in NEW. --sequential prints the same change as operations applied one after another, each with the indices of the single commands (JSON Patch's order); --json-patch prints RFC 6902 operations for a JSON array; --stat prints only the counts.",
                "With several lists (-p given more than once, or a -p with a '*' segment: the lists it names in OLD, in the document's order), each list is a section, numbered from 0 in that order, and each place in the script is an index path S:I (section, colon, item), as 'reorder batch' reads it with the same -p: an item that changed list is one move ('move 1:4 0:0'), not a delete and an insert; the items that stay in a list are a longest common subsequence of its old and new items, and the other matched items move. NEW must have the same lists as OLD: a list that one of them lacks is an error that names it. --json-patch prints a move between two lists as one RFC 6902 move, 'from' in one list and 'path' in the other; an object's member is named by its key (a move inside one object, whose order JSON's data does not keep, is left out). A pattern that names one list gives that list's script, with plain indices.",
                "Exit status as diff's: 0 when the lists are equal (nothing printed), 1 when operations were printed, 2 on an error.",
              ],
              examples: [
                "reorder diff old.txt new.txt",
                "reorder diff old.txt new.txt | reorder batch -f - old.txt",
                "reorder diff --json-patch -p /deps a.json b.json",
                "reorder diff --stat --key /name a.json b.json",
                "reorder diff -p /dependencies -p /devDependencies old/package.json package.json",
                "reorder diff -p '/Doing' -p '/Done' old/TODO.md TODO.md | reorder batch -p '/Doing' -p '/Done' -f - old/TODO.md",
              ],
              takes: [.sequential, .jsonPatch, .stat, .key] + reading + [.oneBased, .help], run: DiffCommand.run),
        .init(name: "edit",
              operands: [.files(names: ["FILE"], optional: false, repeats: false)],
              summary: "Reorder the list in your editor, as git rebase -i does.",
              discussion: [
                "Writes the list to a temporary file (a view), one item a line as 'INDEX TEXT', and opens $VISUAL, or $EDITOR, or vi on it. Reorder the lines, delete a line to delete its item, add a line '+ VALUE' to insert a new item (VALUE as insert takes it). When the editor exits with status 0, the new order is applied to FILE as one batch, with every rule of 'reorder batch': every byte outside the items stays, and every item keeps its exact bytes. An item longer than a line is shown shortened with '…', on one line, and moves by its index; a text that starts with '#', '+' or '\\' is shown after a '\\'.",
                "The view is read as git rebase -i reads its list: each line is 'INDEX TEXT' with TEXT as shown (trailing blanks aside), '+ VALUE', a line starting with '#', or blank. Any other line — an index damaged or lost, a text changed, a shortened text given as a value — is an error that names the line: nothing is written, exit status 2, and the view is kept in $TMPDIR (or /tmp); fix it, then apply it with 'reorder edit --from VIEW FILE' (with the same read options), which checks that FILE is still what the view was made from.",
                "Should FILE's content change while the editor is open (another program, git checkout), or FILE be removed, nothing is written, exit status 2, and the new order is kept as a batch script, reorder-edit-XXXXXX.batch in $TMPDIR (or /tmp); the message says how to apply it ('reorder batch -f SCRIPT FILE'). The script names the items by value where a value names one item alone, and says which content it was made for: batch refuses it on another content unless every item is named by value. A touch, or the same bytes written again, is no change.",
                "On a FILE edit cannot write (its mode, a read-only file system, a directory it cannot write in), it says so before the editor opens, and at the top of the view. Whenever applying the edited view fails, the view is kept, and the message names it and the command that applies it ('reorder edit --from VIEW FILE').",
                "An editor that exits with another status, or a file left with no item, cancels: nothing is written, exit status 1; a view changed before the editor failed is kept, and the message says where. A view that comes back as it was shown (an editor that returns at once, such as 'code' without '--wait') writes nothing and says 'no change', exit status 0.",
                "Several lists (-p given more than once, or a -p pattern with '*', each list it names in document order; JSON, JSONC, YAML, TOML, Markdown): the view shows each list under a header line '## LIST' (its pointer or heading path), its items as 'S:I TEXT' (item I of list S, counted from 0). Move a line under another header to move its item into that list, where it is re-laid as that list's items are; '+ VALUE' adds a new item to the list it is under. The header lines must stay as they are, one each, in their order: a view whose headers were removed, changed or reordered is refused as a damaged line is (nothing written, the view kept for --from). The lists are written as one edit, and an order kept after FILE changed names items by index path ('move 0:=react 1:1').",
              ],
              examples: [
                "reorder edit list.txt",
                "reorder edit -p /plugins app.json",
                "reorder edit -p /dependencies -p /devDependencies package.json",
                "reorder edit --from /tmp/reorder-edit-ab12cd.txt list.txt",
                "EDITOR=nano reorder edit .pre-commit-config.yaml -p /repos",
              ],
              takes: [.from, .verbose, .groups] + reading + [.help], run: EditCommand.run),
        .init(name: "pick",
              operands: [.files(names: ["FILE"], optional: true, repeats: false)],
              summary: "Reorder the list by dragging its items in the terminal.",
              discussion: [
                "Shows the list full-screen on the terminal, one item a line with its index, and lets you grab an item and drag it: Space or Enter grabs the item under the cursor, Up and Down (or k and j) drag it, the list shifting around it, and Space or Enter drops it; Esc puts it back. v marks items: grabbing a marked item drags every marked item as one block, in their order. w writes the new order as one batch, with every rule of 'reorder batch': every byte outside the items stays, and every item keeps its exact bytes.",
                "Keys: Up Down k j (move; while dragging, drag), PgUp PgDn Ctrl-B Ctrl-F (a page), g G Home End (top, bottom), Space Enter (grab, drop), Esc (put back), v (mark), u Ctrl-R (undo, redo a drop), / n N (search, next, previous), ? (the keys), w (write and leave), q (leave; with changes, asks whether to write them), Q Ctrl-C (leave without writing), Ctrl-Z (suspend).",
                "The mouse, where the terminal reports it (xterm's SGR mouse reports, which xterm, tmux, iTerm2, GNOME Terminal, kitty and Windows Terminal send): press on an item (with the marked items, when it is marked), drag, and release to drop it on the row under the pointer; the wheel moves three rows (dragging, while an item is grabbed). The keys work as ever, and the mouse reports are turned off on every way out (w, q, Ctrl-C, a signal, an error).",
                "Several lists (-p given more than once, or a -p pattern with '*', each list it names in document order; JSON, JSONC, YAML, TOML, Markdown): each list is a section under a header line (its pointer or heading path, and its item count), and its items show their index path S:I as read. The cursor skips the headers; an item dragged past a header, with the keys or the mouse, moves into that list, and is re-laid as its items are when written. Marks gather items from any list. w writes every list as one edit; --print and the order kept after FILE changed are batch scripts of index paths ('move 0:1 1:0', as 'reorder batch -p A -p B' reads them). A terminal kanban: 'reorder pick -p /Todo -p /Doing -p /Done TODO.md'.",
                "q without a change leaves with status 0 and writes nothing. Q, Ctrl-C, or n to q's question leave without writing, with exit status 1. With FILE '-', or no FILE and standard input not a terminal, the list comes from standard input and the result goes to standard output; the keys always come from the terminal (/dev/tty), and the screen is drawn there. --print prints the new order as a batch script instead of writing it. Colours as elsewhere (--color, NO_COLOR); without them, '>' marks the cursor, '*' a marked item, '=' what is being dragged.",
                "Should FILE's content change while pick is open (another program, a second pick, git checkout), or FILE be removed, the status line says so at the next drop, w writes nothing, exit status 2, and the new order is kept as a batch script, reorder-pick-XXXXXX.batch in $TMPDIR (or /tmp), its items named by value where a value names one item alone; the message says how to apply it ('reorder batch -f SCRIPT FILE'). A touch, or the same bytes written again, is no change. On a file pick cannot write (permissions, a read-only file system, a directory it cannot write in), the status line says so at the start, and w asks 'read-only: [o]ther file, [p]rint the batch script, Esc': o writes the new list to a path you type (one that cannot be written is said, and the session stays), p leaves and prints the batch script on standard output.",
              ],
              examples: [
                "reorder pick list.txt",
                "reorder pick -p /repos .pre-commit-config.yaml",
                "reorder pick -p /dependencies -p /devDependencies package.json",
                "reorder pick -p /Todo -p /Doing -p /Done TODO.md",
                "reorder pick - < list.txt > sorted.txt",
                "reorder pick --print list.txt > ops.txt",
              ],
              takes: [.print, .color, .verbose, .groups] + reading + [.help], run: PickCommand.run),
        .init(name: "fix",
              operands: [.anyFiles],
              summary: "Put the lists of the policy and the keep-sorted blocks in order.",
              discussion: [
                "With no FILE, every file of the repository that the policy file (.reorder.toml, found in the working directory or the nearest folder above it; --config names another) governs: the files git tracks below the policy file's folder (with --config, the repository's top), or, outside git, the files below it that .gitignore does not ignore (hidden folders skipped, but those a rule's files name). With FILEs, those files. '-' filters standard input to standard output, markers only. Each rule of the policy names files (gitignore-style patterns), lists (JSON Pointers, where a segment '*' is every key or index) or blocks, and an order: see POLICY in the man page.",
                "Each list out of order is fixed, in place and atomically, and reported with the fewest moves that fix it: 'FILE:LINE: LIST (rule N): 'ITEM' belongs after 'OTHER' — K moves'. A rule with groups = \"blank-lines\", \"comments\" or [\"blank-lines\", \"comments\"] sorts within them, and group-patterns = [\"@myorg/*\", \"@*\"] puts each pattern's items together, in the patterns' order (as sort --groups and --group-pattern); the moves then stay within groups, and the message names the item's group: 'in group '# web'' (its heading), 'in group '@myorg/*'' (its pattern), 'in the group no pattern matches', 'in the group starting at line N' (between blank lines). A file that lacks a list a rule names is an error (exit status 2, nothing written to it) unless the rule says missing = \"ok\"; in a run over the whole repository, so is a rule that matches no file, or whose lists no file has.",
                "With --changed-since REF, only the files of the repository that changed since REF (what a pull request changed: 'git diff $(git merge-base REF HEAD)', from the merge base to the work tree, renamed files by their new path, deleted ones left out, and the untracked files .gitignore does not ignore); with --staged, only the files with staged changes, each read from the index (what the commit would hold), so that a change not staged is neither checked nor fixed; fix --staged writes a file only when its work tree equals the index (else exit status 2 for that file: stage it, or 'git stash -k' first) and never changes the index. Both need git and no FILE; a rule that matches none of the changed files is not reported, nor one whose lists they lack (those checks need the whole repository). A REF git does not know is an error (exit status 2): fetch it first.",
                "Finds every line holding 'keep-sorted start' (in any comment syntax, anywhere on the line: '// keep-sorted start', '# keep-sorted start', '<!-- keep-sorted start -->') and the next line holding 'keep-sorted end', and sorts the lines between them as google/keep-sorted does, with its defaults: indented lines continue the line above, comments stick to the line below, duplicates go, a comma missing after the last item of a comma-separated list is handled. Blocks nest: a block inside another is sorted first. With --marker NAME, the markers are 'NAME start' and 'NAME end'. A policy with markers = false at its top turns this off for the files it governs.",
                "Options stand on the start line, as keep-sorted reads them: group=no, block=yes (brackets and quotes must balance), group_prefixes=and,with, group_start_regex=REGEX, group_end_regex=REGEX, sticky_comments=no, sticky_prefixes=@,/**, skip_lines=N (negative: at the end), case=no, numeric=yes, by_regex=REGEX, prefix_order=INIT_,,FINAL_, ignore_prefixes=fs.set, order=desc, remove_duplicates=no, newline_separated=yes (or a number of blank lines). A list may be a YAML flow sequence: prefix_order=[\"* \", \"* [\"].",
                "An unknown option, a bad value, a start without an end and the like are warnings, in keep-sorted's way: 'reorder: FILE:LINE: ...' on standard error, the rest sorted as keep-sorted sorts it, and exit status 1 (the file is still fixed in place).",
                "Unlike keep-sorted, every byte of the file outside the lines it moves stays as it was (a CRLF file stays CRLF, a missing final newline stays missing, a byte-order mark stays), the closing ']' or '}' of an item stays with it (keep-sorted#10), Markdown bullets with different markers sort by their text (keep-sorted#131), and the file is written atomically.",
                "Like check, fix keeps a cache of results (see 'reorder help check'): files that came out clean last time and have not changed since are not read again; --no-cache reads every file.",
              ],
              examples: [
                "reorder fix                       # the whole repository, by .reorder.toml",
                "reorder fix BUILD src/*.java      # in place",
                "reorder fix --check $(git ls-files)   # 1: a block is out of order",
                "reorder fix --changed-since main  # what the branch changed",
                "reorder fix --marker keep-sorted-test - < test.in",
              ],
              takes: output + [.marker, .config, .reporter, .noCache, .cacheDir, .changedSince, .staged, .help], run: FixCommand.run),
        .init(name: "check",
              operands: [.anyFiles],
              summary: "Report the lists out of order; write nothing.",
              discussion: [
                "The same run as 'reorder fix' (the policy's lists and the keep-sorted blocks, of FILEs, of the whole repository, or of the files that changed with --changed-since REF or --staged), writing nothing: each list out of order is reported with the fewest moves that would fix it, and the exit status is 1 if any is, 0 if none, 2 on an error (a file that cannot be read, a list a rule names that a file lacks, over the whole repository a rule that matches nothing).",
                "--reporter json prints one JSON document, {\"findings\": [...]}: each finding with path, line, column, rule (its number; 0 for a keep-sorted block), list (the pointer or block), group (for a rule with groups: the group of the first item out of order, as the message names it: group '# web', group '@myorg/*', the group no pattern matches, the group starting at line N), moves, script (the batch script that fixes that list), command (the command that applies the script, read on standard input, to the file: 'reorder batch -p LIST -f - FILE', or with --block N, or --line-range A...B for a TOML table's [x.y] sections; run in the findings' order, they write what fix writes), fixed (the list's text once fixed) and message (the text reporter's sentence). --reporter github prints GitHub workflow annotations ('::error file=...,line=...::...'); --reporter sarif prints SARIF 2.1.0 for code scanning.",
                "A cache of results makes the next run read only what changed: each file that came out clean is remembered by its identity (device, inode, size, times to the nanosecond) and the hash of its bytes, in .git/reorder/ (outside git, $XDG_CACHE_HOME/reorder/ or ~/.cache/reorder/; --cache-dir DIR elsewhere). A file whose identity is unchanged is not read; one touched but not changed is read, not parsed; files with findings are read every time. A changed policy, --marker or reorder binary makes the next run a full one. --no-cache reads every file. A cache that cannot be read or written is one warning on standard error, never an error.",
              ],
              examples: [
                "reorder check                     # the whole repository, by .reorder.toml",
                "reorder check --diff package.json",
                "reorder check --reporter github   # in a GitHub workflow",
                "reorder check --changed-since main   # what the branch changed",
                "reorder check --staged            # what the commit holds",
              ],
              takes: [.diff, .color, .verbose, .marker, .config, .reporter, .noCache, .cacheDir, .changedSince, .staged, .help], run: FixCommand.runCheck),
        .init(name: "init",
              operands: [],
              summary: "Write a starting .reorder.toml from the lists already in order.",
              discussion: [
                "Looks at the files of the repository (those git tracks, or outside git those .gitignore does not ignore). When every file of a preset's kind is in that preset's order already (see 'reorder help presets'), the preset is one rule. Else, for the lists the peers' conventions name: a package.json's dependencies, devDependencies, peerDependencies, optionalDependencies and keywords (not workspaces, whose order sort-package-json leaves alone on purpose); a Cargo.toml's dependencies, dev-dependencies, build-dependencies, workspace members and dependencies and features; a pyproject.toml's dependencies, optional dependencies, classifiers, dependency groups and Poetry's dependencies; each hook list of a .pre-commit-config.yaml (by id); a tsconfig.json's lib, include and exclude. A list that is in order in every file that has it (two items or more in one at least) becomes a rule, with the first order that holds: byte order, then ignore-case, then natural, then within groups between blank lines; missing = \"ok\" when some files lack it. Keep-sorted blocks are covered by markers = true, unless some are out of order now: then markers = false, with a comment naming the files ('reorder fix FILE' sorts their blocks; then set markers = true), so that 'reorder check' passes at once.",
                "Writes .reorder.toml in the working directory (-o PATH: elsewhere; -o -: standard output), and refuses to replace one that exists. Then 'reorder check' holds the repository to it.",
              ],
              examples: [
                "reorder init && reorder check",
                "reorder init -o -                 # print it",
              ],
              takes: [.output, .help], run: InitCommand.run,
              optionHelp: [.output: "Write the policy to PATH instead of .reorder.toml in the working directory ('-': standard output); a file that exists is refused. With a PATH elsewhere, 'reorder check --config PATH' applies it, its files relative to the repository's top."]),
        .init(name: "lsp",
              operands: [],
              summary: "Serve diagnostics and fixes of the lists out of order to an editor.",
              discussion: [
                "Speaks the Language Server Protocol (JSON-RPC 2.0 framed by Content-Length headers) on standard input and output, for an editor to start. Each open document is checked as 'reorder check' checks it, in the text the editor holds: the lists of the policy (.reorder.toml, the nearest in the document's folder or above) and the keep-sorted blocks. Each list out of order is a warning on the item that must move (its bytes, with the comments it owns); a document the policy covers that cannot be read gets one error, its reader's, at its place and worded as 'reorder check' words it; the policy file, when open, gets its own errors.",
                "The code action 'Sort this list' (quickfix) fixes one list; the source action source.fixAll.reorder, and formatting, fix the whole document. Their edits change only the lines that move. A change of the policy file, in the editor or on disk, checks every open document again: the server looks at the policy files on disk every half second while documents are open, so that a change no editor reports (a 'git pull' under an editor that watches no file) is seen too.",
                "In any file reorder reads, with or without a policy, the code actions 'Move ITEM up', 'down', 'to top', 'to bottom' and 'to LIST' (refactor.move; LIST one of the nearest other lists of the same kind, at most 8, the item going last there) move the innermost list item at the cursor, or the items a selection spans, as 'reorder move' does. The command reorder.moveItem (workspace/executeCommand) does the same for a key binding: one argument {\"uri\", \"position\" or \"range\", \"direction\": \"up\", \"down\", \"top\" or \"bottom\"} or {..., \"to\": INDEX}, and \"version\" to refuse a document that changed since; the server applies it with workspace/applyEdit.",
                "Problems with the messages are logged on standard error, one line each. The exit status is 0 after 'shutdown' and 'exit', 1 when the input ends first or on 'exit' without 'shutdown'.",
              ],
              examples: [
                "reorder lsp                       # started by the editor",
              ],
              takes: [.help], run: LSPCommand.run),
        .init(name: "help",
              operands: [.helpTopic],
              summary: "Show help for reorder, for one command, the formats or the presets.",
              discussion: [
                "'reorder help COMMAND' shows the help of COMMAND. 'reorder help formats' shows each format --format takes: the files it claims under --format auto, the options that are its alone, and what its items are.",
              ],
              takes: [.help], run: nil),
    ]

    public static func option(named long: String) -> OptionDescriptor? {
        rows.first { $0.long == long } ?? ListFormat.declaredOption(named: long).map(OptionDescriptor.init)
    }

    /// `option`'s row (every option has one: `MetadataTests` holds the
    /// table to that).
    public static func option(_ option: Option) -> OptionDescriptor {
        self.option(named: option.rawValue)!
    }

    /// Commands for the build, not for users: in no list, help or
    /// completion, but run and answered by `help` like the others.
    static let hiddenCommands: [CommandDescriptor] = [
        .init(name: "completions",
              operands: [
                .argument(.init(name: "SHELL", kind: .value, help: "bash, zsh or fish.")),
              ],
              summary: "Print the completion script of a shell, generated from the command table.",
              discussion: [
                "Prints the bash, zsh or fish completion script, as completions/ in the source holds it ('make completions' writes them).",
              ],
              takes: [.help], run: CompletionsCommand.run),
    ]

    public static func command(named name: String) -> CommandDescriptor? {
        commands.first { $0.name == name } ?? hiddenCommands.first { $0.name == name }
    }
}
