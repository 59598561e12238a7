import ReorderKit

/// `--help` text, rendered from the command table (and, for the formats,
/// from `ListFormat.all`) and wrapped to a width.
enum Help {
    /// `reorder help formats`.
    static let formatsTopic = "formats"
    /// `reorder help presets`.
    static let presetsTopic = "presets"

    /// The topics `reorder help` takes besides a command's name, each
    /// with what it shows (for the completions).
    static let topics: [(name: String, summary: String)] = [
        (formatsTopic, "The formats, the files each claims and its own options"),
        (presetsTopic, "The presets, their lists and orders"),
    ]

    /// `reorder NAME` and the command's operands as the table gives them;
    /// `[OPTIONS]` stands before the files.
    static func usage(_ command: CommandDescriptor) -> String {
        var parts = ["reorder", command.name]
        for operand in command.operands {
            switch operand {
            case .oneOf(let options):
                let alternatives = options.map { required in
                    let option = CommandTable.option(required.option)
                    let flag = option.short.map { "-\($0)" } ?? option.name.spelled
                    let value = option.value.placeholder.map { " " + $0 + (required.repeats ? "..." : "") } ?? ""
                    return flag + value
                }
                parts.append("(" + alternatives.joined(separator: " | ") + ")")
            case .argument(let argument):
                parts.append(argument.name)
            case .files(let names, let optional, let repeats):
                let shown = names.joined(separator: " ") + (repeats ? "..." : "")
                parts += ["[OPTIONS]", optional ? "[" + shown + "]" : shown]
            case .helpTopic:
                parts.append("[" + (["COMMAND"] + topics.map(\.name)).joined(separator: " | ") + "]")
            }
        }
        return parts.joined(separator: " ")
    }

    static func overview(width: Int) -> String {
        var out = ""
        out += wrap("reorder \(CommandTable.version) — change the order of a list kept in a file: the lines of a text file, the elements of a JSON array or the members of a JSON object (JSON with comments too, comments moving with their item), the entries of a YAML sequence or mapping, the values of a TOML array, the lines of a TOML table or the sections of an array of tables (pyproject.toml, Cargo.toml), the items of a Markdown list, the rows of a CSV or TSV file, the lines of a keep-sorted block in any file. Moves, swaps, inserts and deletes items one at a time or as one batch, and writes the result back in place.", width: width)
        out += "\nUsage: " + wrapLines("reorder COMMAND [ARGUMENTS] [OPTIONS] [FILE...]", width: max(width - 7, 20))
            .joined(separator: "\n       ") + "\n\nCommands:\n"
        let nameWidth = CommandTable.commands.map(\.name.count).max()! + 4
        for command in CommandTable.commands {
            out += twoColumns("  " + command.name, command.summary, column: nameWidth, width: width)
        }
        out += "\n"
        out += wrap("Formats (--format): " + ListFormat.all.map(\.name).joined(separator: ", ") + "; by default, the file's name or content decides. See 'reorder help formats'.", width: width)
        out += "\n"
        out += wrap("Indices count from 0; a negative index counts from the end (-1 is the last item). A source index (move FROM, swap I J, delete AT) names an item before the operation; a destination (move TO, insert AT) names the position the item has after it.", width: width)
        out += "\n"
        out += wrap("With no FILE, or '-', reads standard input and writes standard output. Each FILE is edited in place, atomically, and only when its content changes.", width: width)
        out += "\n"
        out += wrap("Exit status: 0 success, 1 --check or --diff found an input that would change, 2 an error.", width: width)
        out += "\nExamples:\n"
        for example in [
            "reorder move 0 -1 list.txt        # first line last",
            "reorder move =core 0 -p /plugins app.json",
            "reorder sort -p /dependencies package.json",
            "reorder sort -p /compilerOptions tsconfig.json",
            "reorder sort -p /repos --key /repo x.yaml",
            "reorder sort -p /project/dependencies pyproject.toml",
            "reorder sort -p /dependencies Cargo.toml",
            "reorder batch -f ops.txt list.txt",
            "reorder sort --check list.txt",
            "reorder fix BUILD               # the keep-sorted blocks",
        ] {
            out += exampleLines(example, width: width)
        }
        out += "\n"
        out += wrap("See 'reorder help COMMAND' for a command's options, 'reorder help formats' for the formats, 'reorder help presets' for the presets, and 'man reorder'.", width: width)
        return out
    }

    /// `reorder help formats`: each format of `ListFormat.all`, with the
    /// file names it claims, the options that are its alone, and its help
    /// paragraph. Nothing here names a format.
    static func formats(width: Int) -> String {
        var out = ""
        out += wrap("Formats, as --format names them. With --format auto, the default, a file's name decides when a format claims it (a claim on a name, as tsconfig*.json, before a claim on an extension, as *.json; names and extensions compared without case, a folder exactly); for standard input and names no format claims, the content decides: JSON when its first byte that is not blank is '[' or '{', lines if not.", width: width)
        for format in ListFormat.all {
            out += "\n" + format.name + "\n"
            out += twoColumns("  Files:", format.claims.map(\.description).joined(separator: " "), column: 12, width: width)
            let options = format.options.compactMap(CommandTable.option(named:))
            if !options.isEmpty {
                let labels = options.map { option in
                    (option.short.map { "-\($0), " } ?? "") + "--" + option.long
                        + (option.value.placeholder.map { " " + $0 } ?? "")
                }
                out += twoColumns("  Options:", labels.joined(separator: "; "), column: 12, width: width)
            }
            out += wrapLines(format.help, width: max(width - 2, 16)).map { "  " + $0 + "\n" }.joined()
        }
        return out
    }

    /// `reorder help presets`: each preset of `Preset.all`, with its files
    /// and each of its lists with its order.
    static func presets(width: Int) -> String {
        var out = ""
        out += wrap("Presets, as 'reorder sort --preset NAME FILE' and 'preset = \"NAME\"' in a .reorder.toml rule name them. Each puts the lists below in the order that file's tools give them, by moving items: every other byte stays, and comments move with their item. A list the file lacks, or a value of another kind where a list is named (a dependencies that is no object), is left alone. A rule may leave lists out (skip = [\"/scripts\"]) and change a list's order, first and last (list = \"/scripts\" with order = \"sorted\"; without list, those of the preset's first list, which Cargo.toml's rules must name).", width: width)
        for preset in Preset.all {
            out += "\n" + preset.name + "\n"
            out += twoColumns("  Files:", preset.files.joined(separator: " ") + " (read as " + preset.format.name + ")", column: 12, width: width)
            out += wrapLines(preset.about, width: max(width - 2, 16)).map { "  " + $0 + "\n" }.joined()
            for list in preset.lists {
                out += twoColumns("  " + (list.list.isEmpty ? "\"\"" : list.list), list.says, column: 30, width: width)
            }
        }
        return out
    }

    static func command(_ command: CommandDescriptor, width: Int) -> String {
        let usageLines = wrapLines(usage(command), width: max(width - 7, 20))
        var out = "Usage: " + usageLines.joined(separator: "\n       ") + "\n\n"
        out += wrap(command.summary, width: width)
        for paragraph in command.discussion {
            out += "\n" + wrap(paragraph, width: width)
        }
        if !command.examples.isEmpty {
            out += "\nExamples:\n"
            for example in command.examples { out += exampleLines(example, width: width) }
        }
        if !command.arguments.isEmpty {
            out += "\nArguments:\n"
            let column = command.arguments.map(\.name.count).max()! + 4
            for argument in command.arguments {
                out += twoColumns("  " + argument.name, argument.help, column: column, width: width)
            }
        }
        let options = command.options
        if !options.isEmpty {
            out += "\nOptions:\n"
            let labels = options.map(label)
            let column = min(labels.map(\.count).max()! + 4, 30)
            for (option, label) in zip(options, labels) {
                out += twoColumns(label, option.help, column: column, width: width)
            }
        }
        return out
    }

    /// An example command line, indented; when it does not fit, its comment
    /// goes on the line below. The command itself is never broken: it must
    /// stay something to copy into a shell.
    static func exampleLines(_ example: String, width: Int) -> String {
        if example.count + 2 <= width { return "  " + example + "\n" }
        guard let hash = example.firstRange(of: " #") else { return "  " + example + "\n" }
        let command = String(example[..<hash.lowerBound]).trimmingTrailingSpaces()
        let comment = String(example[hash.upperBound...]).trimmingLeadingSpaces()
        return "  " + command + "\n" + wrapLines(comment, width: max(width - 6, 16)).map { "    # " + $0 + "\n" }.joined()
    }

    /// `  -o, --output PATH`
    static func label(_ option: OptionDescriptor) -> String {
        var text = option.short.map { "  -\($0), " } ?? "      "
        text += "--" + option.long
        if let placeholder = option.value.placeholder { text += " " + placeholder }
        return text
    }

    static func twoColumns(_ left: String, _ right: String, column: Int, width: Int) -> String {
        // On a narrow terminal the text goes below its label, less indented.
        let column = width - column < 24 ? min(column, 8) : column
        let indent = String(repeating: " ", count: column)
        let lines = wrapLines(right, width: max(width - column, 16))
        var out = ""
        if left.count + 2 > column {
            out += left + "\n"
            for line in lines { out += indent + line + "\n" }
        } else {
            for (index, line) in lines.enumerated() {
                let start = index == 0 ? left + String(repeating: " ", count: column - left.count) : indent
                out += start + line + "\n"
            }
        }
        return out
    }

    static func wrap(_ text: String, width: Int) -> String {
        wrapLines(text, width: width).map { $0 + "\n" }.joined()
    }

    /// Words of `text` in lines of at most `width` characters (a longer word
    /// stands alone).
    static func wrapLines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }

    func trimmingLeadingSpaces() -> String {
        String(drop(while: { $0 == " " }))
    }
}
