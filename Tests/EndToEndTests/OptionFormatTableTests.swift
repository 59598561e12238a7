import Foundation
import XCTest
import ReorderCLI

/// Every option of every command, in every format: it changes the result
/// as documented, or the command exits 2 with a message that names the
/// option and the format. Never a silent no-op. The options come from the
/// command table, so a new option without a row here fails the test.
///
/// Each pair is run twice on the same input: without the option (`base`)
/// and with it. "Acts" is: the runs differ (status, output, messages or
/// the file), and the run with the option is no error. `pick` is left
/// out: it needs a terminal; its reading options are refused by the same
/// reading as the other commands'.
final class OptionFormatTableTests: XCTestCase {
    static let formats = ["lines", "json", "jsonc", "yaml", "toml", "csv", "tsv", "markdown"]

    /// Each format's input: a list whose items can show every option.
    static let inputs: [String: (name: String, text: String)] = [
        "lines": ("f.txt", "b\nB\na\n10\n9\nb\n"),
        "json": ("f.json", #"["b", "B", "a", "10", "9", "b", {"k": "c", "m": {"z": 1, "a": 2}}]"#),
        "jsonc": ("f.jsonc", "// list\n" + #"["b", "B", "a", "10", "9", "b", {"k": "c", "m": {"z": 1, "a": 2}}]"#),
        "yaml": ("f.yaml", "[b, B, a, \"10\", \"9\", b, {k: c, m: {z: 1, a: 2}}]\n"),
        "toml": ("f.toml", "l = [\"b\", \"B\", \"a\", \"10\", \"9\", \"b\", { k = \"c\", m = { z = 1, a = 2 } }]\n"),
        // A header, then rows of one field.
        "csv": ("f.csv", "h\nb\nB\na\n10\n9\nb\n"),
        "tsv": ("f.tsv", "h\nb\nB\na\n10\n9\nb\n"),
        // The document's one list under its heading; the last item holds
        // a list of its own (and no `b` or `c`, which `new` replaces: diff
        // refuses to print an insert of an item of several lines).
        "markdown": ("f.md", "# List\n\n- b\n- B\n- a\n- 10\n- 9\n- b\n- m\n  - z\n  - a\n"),
    ]

    /// The list of the input for each format (TOML has no root array).
    static func list(_ format: String) -> [String] { format == "toml" ? ["-p", "/l"] : [] }

    /// `-p` in the `pointer` row: the mapping or list inside the input's
    /// item 6 (Markdown: by the heading's path, then the item's number).
    static let nestedList: [String: [String]] = [
        "json": ["-p", "/6/m"], "jsonc": ["-p", "/6/m"], "yaml": ["-p", "/6/m"], "toml": ["-p", "/l/6/m"],
        "markdown": ["-p", "/List/6"],
    ]

    /// One option: its arguments, the formats it acts in (others must
    /// refuse it), and what else the two runs need.
    struct Row {
        var arguments: [String]
        var formats: Set<String> = Set(OptionFormatTableTests.formats)
        /// Given to both runs.
        var with: [String] = []
        /// Writes in place, so no `-o -` in either run.
        var inPlace = false
        /// Selects by index, not by `=a` (the input has no item `a`).
        var byIndex = false
        /// A different input for this row, by format.
        var input: [String: String] = [:]
        /// Instead of the format's list pointer.
        var pointer: [String]? = nil
        /// Not run in each format: why (the option chooses the format).
        var notRun: String? = nil
    }

    static let everywhere = Set(formats)
    static let structured: Set<String> = ["json", "jsonc", "yaml", "toml"]
    /// The formats whose lists `-p` names.
    static let pointed = structured.union(["markdown"])
    static let tables: Set<String> = ["csv", "tsv"]
    /// The lines input of a row read as lines (`--block`, `--line-range`),
    /// for the tables too.
    static func asLines(_ inputs: [String: String]) -> [String: String] {
        inputs.merging(["csv": inputs["lines"]!, "tsv": inputs["lines"]!]) { old, _ in old }
    }

    static let rows: [String: Row] = [
        "output": Row(arguments: ["-o", "out"], inPlace: true),
        "check": Row(arguments: ["--check"], inPlace: true),
        "diff": Row(arguments: ["--diff"], inPlace: true),
        "verbose": Row(arguments: ["-v"], inPlace: true),
        "color": Row(arguments: ["--color", "always"], with: ["--diff"], inPlace: true),
        "format": Row(arguments: ["--format", "lines"], notRun: "it chooses the format (FormatTests, LinesFileTests)"),
        "json": Row(arguments: ["--json"], notRun: "it chooses the format (JSONFileTests)"),
        "lines": Row(arguments: ["--lines"], notRun: "it chooses the format (LinesFileTests)"),
        "pointer": Row(arguments: ["-p", "/6/m"], formats: pointed, pointer: []),
        "null": Row(arguments: ["-z"], formats: ["lines"], byIndex: true, input: ["lines": "b\u{0}a\u{0}"]),
        "text": Row(arguments: ["--text"], formats: ["lines"], byIndex: true, input: [
            "lines": "b\n\u{0}a\n", "json": "[\"b\", \"a\"]", "jsonc": "[\"b\", \"a\"]", "yaml": "[b, a]\n",
            "toml": "l = [\"b\", \"a\"]\n",
        ]),
        "document": Row(arguments: ["--document", "1"], formats: ["yaml"], input: ["yaml": "[z]\n---\n[b, a]\n"]),
        "block": Row(arguments: ["--block", "0"], byIndex: true, input: asLines([
            "lines": "b\n# keep-sorted start\nd\nc\n# keep-sorted end\na\n",
            "json": "[\"b\",\n// keep-sorted start\n\"d\",\n\"c\",\n// keep-sorted end\n\"a\"]",
            "jsonc": "[\"b\",\n// keep-sorted start\n\"d\",\n\"c\",\n// keep-sorted end\n\"a\"]",
            "yaml": "- b\n# keep-sorted start\n- d\n- c\n# keep-sorted end\n- a\n",
            "toml": "l = [\"b\",\n# keep-sorted start\n\"d\",\n\"c\",\n# keep-sorted end\n\"a\"]\n",
            "markdown": "- b\n<!-- keep-sorted start -->\n- d\n- c\n<!-- keep-sorted end -->\n- a\n",
        ]), pointer: []),
        // The CSV header is lines 1 and 2 (a quoted line break), so that
        // the range's place 0 is not the list's (TSV: insert at -1).
        "line-range": Row(arguments: ["--line-range", "2...3"], byIndex: true, input: [
            "csv": "\"h\nh\"\nb\nd\nc\na\n", "tsv": "h\nb\nd\nc\na\n"].merging(asLines([
            "lines": "b\nd\nc\na\n", "json": "[\"b\",\n\"d\",\n\"c\",\n\"a\"]", "jsonc": "[\"b\",\n\"d\",\n\"c\",\n\"a\"]",
            "yaml": "- b\n- d\n- c\n- a\n", "toml": "l = [\"b\",\n\"d\",\n\"c\",\n\"a\"]\n",
            "markdown": "- b\n- d\n- c\n- a\n",
        ])) { table, _ in table }, pointer: []),
        "marker": Row(arguments: ["--marker", "ks"], with: ["--block", "0"], byIndex: true, input: asLines([
            "lines": "# ks start\nd\nc\n# ks end\n# keep-sorted start\nz\ny\n# keep-sorted end\n",
            "json": "[\n// ks start\n\"d\",\n\"c\",\n// ks end\n// keep-sorted start\n\"z\",\n\"y\"\n// keep-sorted end\n]",
            "jsonc": "[\n// ks start\n\"d\",\n\"c\",\n// ks end\n// keep-sorted start\n\"z\",\n\"y\"\n// keep-sorted end\n]",
            "yaml": "# ks start\n- d\n- c\n# ks end\n# keep-sorted start\n- z\n- y\n# keep-sorted end\n",
            "toml": "# ks start\nd = 1\nc = 1\n# ks end\n# keep-sorted start\nz = 1\ny = 1\n# keep-sorted end\n",
            "markdown": "<!-- ks start -->\n- d\n- c\n<!-- ks end -->\n<!-- keep-sorted start -->\n- z\n- y\n<!-- keep-sorted end -->\n",
        ]), pointer: []),
        "one-based": Row(arguments: ["--one-based"]),
        // A table's column k, whose order is not the rows': `=c` is no
        // row's text, but row 0's k.
        "key": Row(arguments: ["--key", "/k"], formats: structured.union(tables),
                   input: ["csv": "v,k\n1,c\n2,b\nc,z\n", "tsv": "v\tk\n1\tc\n2\tb\nc\tz\n"]),
        // A row that the default delimiter reads as three fields.
        "delimiter": Row(arguments: ["--delimiter", ";"], formats: tables, byIndex: true,
                         input: ["csv": "h;k\nb;1\na,b,c;2\n", "tsv": "h;k\nb;1\na\tb\tc;2\n"]),
        // The first row is a header, or an item.
        // 'b' first, in its own group, where plain sort puts 'a' first.
        "group-pattern": Row(arguments: ["--group-pattern", "b"]),
        "groups": Row(arguments: ["--groups", "comments"],
                      notRun: "it acts where a list has comment headings, in every format that has comments (CommentHeadingsTests, HeadedLinesLayoutTests, SortGroupsEndToEndTests, HeadedMovesEndToEndTests)"),
        "comment": Row(arguments: ["--comment", "#"],
                       notRun: "it acts with --groups comments only, and without it is refused in every format (CommentOptionTests)"),
        "no-header": Row(arguments: ["--no-header"], formats: tables, byIndex: true,
                         input: ["csv": "c\nb\na\n", "tsv": "c\nb\na\n"]),
        // Selectors that select nothing, and (sort, reverse, insert) a
        // block the file lacks; in every format's root list.
        "missing-ok": Row(arguments: ["--missing-ok"], pointer: []),
        "string": Row(arguments: ["--string"], formats: structured),
        "expression": Row(arguments: ["-e", "move 1 0"]),
        "file": Row(arguments: ["-f", "ops"]),
        "sequential": Row(arguments: ["--sequential"]),
        "reverse": Row(arguments: ["-r"]),
        "unique": Row(arguments: ["-u"]),
        "ignore-case": Row(arguments: ["-i"]),
        "numeric": Row(arguments: ["-n"]),
        "recursive": Row(arguments: ["--recursive"], formats: structured),
        "like": Row(arguments: ["--like", "ref"]),
        "missing-first": Row(arguments: ["--missing-first"], with: ["--like", "ref"]),
        "preset": Row(arguments: ["--preset", "requirements"],
                      notRun: "it reads the file as its preset's format and refuses -p and the other reading options (PresetEndToEndTests)"),
        "json-patch": Row(arguments: ["--json-patch"], formats: ["json", "jsonc"]),
        "stat": Row(arguments: ["--stat"]),
        "help": Row(arguments: ["--help"]),
        "from": Row(arguments: ["--from", "view"],
                    notRun: "it applies a view kept from this very file, in every format (EditViewTests)"),
        "to": Row(arguments: ["--to", "/6/m"], notRun: "it needs two lists in one file, which each format's input here has not (BetweenListsTests)"),
        "to-file": Row(arguments: ["--to-file", "other"], notRun: "it needs a second file, with a list for the item (BetweenFilesTests)"),
        "config": Row(arguments: ["--config", "policy.toml"], notRun: "fix and check only (PolicyEndToEndTests)"),
        "reporter": Row(arguments: ["--reporter", "json"], notRun: "fix and check only (PolicyEndToEndTests)"),
        "no-cache": Row(arguments: ["--no-cache"], notRun: "fix and check only (CacheEndToEndTests)"),
        "cache-dir": Row(arguments: ["--cache-dir", "cache"], notRun: "fix and check only (CacheEndToEndTests)"),
        "changed-since": Row(arguments: ["--changed-since", "HEAD"], notRun: "fix and check only, in a git repository, without FILEs (ChangedFilesTests)"),
        "staged": Row(arguments: ["--staged"], notRun: "fix and check only, in a git repository, without FILEs (ChangedFilesTests)"),
    ]

    /// What each command needs besides its options; `F` is the input.
    static func value(_ format: String) -> String {
        ["lines": "x", "json": "\"x\"", "jsonc": "\"x\"", "yaml": "x", "toml": "\"x\"", "csv": "x", "tsv": "x",
         "markdown": "x"][format]!
    }

    static func command(_ name: String, format: String) -> [String] {
        switch name {
        case "move": return ["move", "=a", "0"]
        case "swap": return ["swap", "0", "=a"]
        case "insert": return ["insert", "0", value(format)]
        case "delete": return ["delete", "=a"]
        case "batch": return ["batch", "-e", "move 0 -1"]
        case "diff": return ["diff", "F", "new"]
        default: return [name]
        }
    }

    /// Options whose effect shows only for some commands' arguments: the
    /// arguments to use then.
    static func command(_ name: String, format: String, option: String) -> [String] {
        switch (name, option) {
        case ("move", "one-based"), ("swap", "one-based"): return [name, "1", "2"]
        case ("delete", "one-based"): return ["delete", "1"]
        case ("move", "missing-ok"): return ["move", "=nothing", "0"]
        case ("swap", "missing-ok"): return ["swap", "=nothing", "0"]
        case ("delete", "missing-ok"): return ["delete", "=nothing"]
        case ("batch", "missing-ok"): return ["batch", "-e", "delete =nothing"]
        case ("sort", "missing-ok"), ("reverse", "missing-ok"): return [name, "--block", "3"]
        case ("insert", "missing-ok"): return ["insert", "0", "x", "--block", "3"]
        case ("batch", "one-based"): return ["batch", "-e", "move 1 2"]
        // sort counts only a CSV or TSV column by number ('#1': the first
        // with --one-based, none without).
        case ("sort", "one-based"): return ["sort", "--key", "#1"]
        case ("batch", "string"): return ["batch", "-e", "insert 0 x"]
        case ("move", "key"), ("swap", "key"), ("delete", "key"): return command(name, format: format).map { $0 == "=a" ? "=c" : $0 }
        case ("batch", "key"): return ["batch", "-e", "delete =c"]
        case ("batch", "expression"), ("batch", "file"): return ["batch"]
        case ("insert", "string"): return ["insert", "0", "x y"]
        // The sorted place's options: each puts the item elsewhere.
        case ("move", "reverse"): return ["move", "0", "sorted"]
        case ("move", "ignore-case"): return ["move", "1", "sorted"]
        case ("move", "numeric"): return ["move", "3", "sorted"]
        case ("insert", "reverse"): return ["insert", "sorted", value(format)]
        case ("insert", "ignore-case"): return ["insert", "sorted", value(format).replacingOccurrences(of: "x", with: "C")]
        case ("insert", "numeric"): return ["insert", "sorted", value(format).replacingOccurrences(of: "x", with: "5")]
        case ("insert", "key"):
            return ["insert", "sorted", ["csv": "3,a", "tsv": "3\ta"][format] ?? value(format)]
        case ("insert", "one-based"): return ["insert", "1", value(format)]
        case ("insert", "pointer"):
            return ["insert", "0", ["lines": "k", "json": #""k": 1"#, "jsonc": #""k": 1"#, "yaml": "k: 1", "toml": "k = 1", "csv": "k", "tsv": "k",
                                 "markdown": "k"][format]!]
        case ("insert", "delimiter"): return ["insert", "0", "x;y"]
        case ("delete", "no-header"): return ["delete", "0"]
        case ("insert", "line-range") where format == "tsv": return ["insert", "-1", "x"]
        case ("batch", "sequential"): return ["batch", "-e", "delete 0", "-e", "delete 0"]
        case ("diff", "key"): return ["diff", "F", "new"]
        default: return command(name, format: format)
        }
    }

    /// The pairs are independent (each its own directory), so they run on
    /// every processor at once; each failure names its pair, and all are
    /// reported here, on the test's thread, in the table's order.
    func testEveryOptionActsOrIsRefusedInEveryFormat() throws {
        var table: [(command: String, option: String, row: Row, format: String)] = []
        // `copy` takes move's options and needs --to or --to-file, which
        // are not run here: it is tested with them (BetweenFilesTests).
        for command in CommandTable.commands where !["help", "pick", "fix", "check", "init", "copy"].contains(command.name) {
            for option in command.optionNames {
                guard let row = OptionFormatTableTests.rows[option] else {
                    XCTFail("--\(option) of \(command.name) has no row in OptionFormatTableTests.rows")
                    continue
                }
                for format in OptionFormatTableTests.formats {
                    table.append((command.name, option, row, format))
                }
            }
        }
        let checks = table
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: checks.count) { index in
            let (command, option, row, format) = checks[index]
            do {
                failures.add(try Self.check(command: command, option: option, row: row, format: format), check: index)
            } catch {
                failures.add(["\(command) --\(option) (\(format)) could not run: \(error)"], check: index)
            }
        }
        for message in failures.inOrder() { XCTFail(message) }
        XCTAssertGreaterThan(checks.count, 300)
    }

    /// The failure messages of the checks, from every thread.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [(check: Int, message: String)] = []

        func add(_ found: [String], check: Int) {
            lock.withLock { messages += found.map { (check, $0) } }
        }

        /// In the order of the checks, each check's in the order found.
        func inOrder() -> [String] {
            lock.withLock { messages.enumerated().sorted { ($0.element.check, $0.offset) < ($1.element.check, $1.offset) }.map(\.element.message) }
        }
    }

    /// `fix` reads keep-sorted blocks: each of its options acts.
    func testEveryOptionOfFixActsOnKeepSortedBlocks() throws {
        let fix = CommandTable.command(named: "fix")!
        for option in fix.optionNames {
            XCTAssertNotNil(OptionFormatTableTests.rows[option], "--\(option) of fix has no row")
        }
        let h = try Harness()
        let input = "# ks start\nd\nc\n# ks end\n# keep-sorted start\nz\ny\n# keep-sorted end\n"
        let runs: [(String, [String])] = [
            ("output", ["-o", "out"]), ("check", ["--check"]), ("diff", ["--diff"]), ("verbose", ["-v"]),
            ("color", ["--diff", "--color", "always"]), ("marker", ["--marker", "ks"]), ("help", ["--help"]),
            // A policy that turns the markers off; the findings as JSON.
            ("config", ["--config", "policy.toml"]), ("reporter", ["--reporter", "json"]),
            // The cache is a policy's (CacheEndToEndTests): with policy.toml, a
            // cache folder that is a file is one warning; --no-cache reads none.
            ("no-cache", ["--config", "policy.toml", "--no-cache", "--cache-dir", "policy.toml"]),
            ("cache-dir", ["--config", "policy.toml", "--cache-dir", "policy.toml"]),
        ]
        try h.write("policy.toml", "markers = false\n")
        // --changed-since and --staged choose the files themselves and
        // refuse a FILE: ChangedFilesTests runs them in git repositories.
        XCTAssertEqual(Set(runs.map(\.0)).union(["changed-since", "staged"]), Set(fix.optionNames))
        for (option, arguments) in runs {
            try h.write("BUILD", input)
            let base = try h.run(["fix", "BUILD"] + (option == "color" ? ["--diff"] : []))
            let baseFile = try h.text("BUILD")
            try h.write("BUILD", input)
            try? FileManager.default.removeItem(at: h.url("out"))
            let with = try h.run(["fix", "BUILD"] + arguments)
            let file = try h.text("BUILD")
            let differs = with.status != base.status || with.stdout != base.stdout || with.stderr != base.stderr
                || file != baseFile
            XCTAssertTrue(differs && with.status != 2, "fix --\(option): \(with.stderr)")
        }
    }

    func testPointerOnALinesFileIsRefusedAndNothingIsWritten() throws {
        let h = try Harness()
        try h.write("notes.txt", "b\na\n")
        let result = try h.run(["sort", "-p", "/0", "notes.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: --pointer applies to JSON, YAML, TOML and Markdown; notes.txt is read as lines: leave --pointer out, or choose the format with --format\n")
        XCTAssertEqual(try h.text("notes.txt"), "b\na\n")
        XCTAssertEqual(try h.listing(), ["notes.txt"])
    }

    /// What is wrong with one pair: nothing when the option acts, or is
    /// refused with a message that names it and the format.
    static func check(command: String, option: String, row: Row, format: String) throws -> [String] {
        let h = try Harness()
        guard row.notRun == nil else { return [] }
        let (name, text) = OptionFormatTableTests.inputs[format]!
        let input = row.input[format] ?? text
        let list = row.pointer ?? OptionFormatTableTests.list(format)
        var arguments = OptionFormatTableTests.command(command, format: format, option: option)
            .map { $0 == "F" ? name : $0 == "=a" && row.byIndex ? "-1" : $0 } + list + row.with
        if !arguments.contains(name) { arguments.append(name) }
        if !row.inPlace && command != "diff" && command != "edit" { arguments += ["-o", "-"] }
        // What some options and commands read.
        try h.write("ops", "move 1 0\n")
        let referenceName = "ref." + (name.split(separator: ".").last.map(String.init) ?? "txt")
        try h.write(String(referenceName), input.replacingOccurrences(of: "\"a\"", with: "\"a0\"")
            .replacingOccurrences(of: "\na\n", with: "\na0\n").replacingOccurrences(of: ", a,", with: ", a0,")
            .replacingOccurrences(of: "\n- a\n", with: "\n- a0\n"))
        arguments = arguments.map { $0 == "ref" ? referenceName : $0 }
        try h.write("new", input.replacingOccurrences(of: "b", with: "q").replacingOccurrences(of: "c", with: "q"))
        let editor = h.url("editor.sh").path
        try h.write("editor.sh", "#!/bin/sh\ntac \"$1\" > \"$1.new\" && mv \"$1.new\" \"$1\"\n", mode: 0o755)
        let environment = ["EDITOR": editor, "VISUAL": ""]

        try h.write(name, input)
        let base = try h.run(arguments, environment: environment)
        let baseFile = try h.read(name)
        try h.write(name, input)
        try? FileManager.default.removeItem(at: h.url("out"))
        var optionArguments = row.arguments.map { $0 == "ref" ? referenceName : $0 }
        if option == "pointer", let pointer = OptionFormatTableTests.nestedList[format] { optionArguments = pointer }
        if option == "file" && command == "batch" { optionArguments = ["-f", "ops"] }
        let with = try h.run(optionArguments + arguments, environment: environment)
        let pair = "\(command) --\(option) (\(format))"
        var failures: [String] = []
        if command == "sort" && option == "one-based" && !tables.contains(format) {
            // '#1' is a column of CSV and TSV alone: elsewhere it is no
            // JSON Pointer, and lines and Markdown items have no fields.
            if with.status != 2 || !(with.stderr.contains("'#1'") || with.stderr.contains("'--key #1'")) {
                failures.append("sort --one-based (\(format)) is not refused: \(with.stderr)")
            }
        } else if row.formats.contains(format) || option == "help" {
            let file = try h.read(name)
            let differs = with.status != base.status || with.stdout != base.stdout || with.stderr != base.stderr
                || file != baseFile || FileManager.default.fileExists(atPath: h.url("out").path)
            if !differs { failures.append("\(pair) changes nothing: \(optionArguments + arguments)\n\(with.out)\(with.stderr)") }
            if with.status == 2 { failures.append("\(pair) fails: \(optionArguments + arguments)\n\(with.stderr)") }
        } else {
            let spelled = ["null": "-z", "text": "--text"][option] ?? "--" + option
            let formatName = ["lines": "lines", "json": "JSON", "jsonc": "JSON with comments", "yaml": "YAML", "toml": "TOML",
                              "csv": "CSV", "tsv": "TSV", "markdown": "Markdown"][format]!
            if with.status != 2 { failures.append("\(pair) is not refused: \(optionArguments + arguments)\n\(with.out)") }
            if !(with.stderr.contains(spelled) && (with.stderr.contains(formatName) || format == "jsonc" && with.stderr.contains("JSON"))) {
                failures.append("\(pair): the message names the option and the format: \(with.stderr)")
            }
        }
        return failures
    }
}
