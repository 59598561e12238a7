import ReorderKit

/// The bash, zsh and fish completion scripts, generated from the command
/// table as swift-argument-parser generates its tools' scripts: the
/// commands and their summaries, each command's options and operands (how
/// many arguments come before its files, which take files at all), which
/// options take a value and what that value may be. `reorder completions
/// SHELL` prints one; `make completions` writes the three into
/// `completions/`, and `CompletionScriptTests` fails when a committed
/// script differs from what this generates.
///
/// What the table does not say about an option, and only the menus need,
/// is in `hints`: a short description, the options it excludes, whether it
/// may be given several times, what its value is called.
enum Completions {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish

        /// Where the script is kept in the repository.
        var path: String {
            switch self {
            case .bash: return "completions/reorder.bash"
            case .zsh: return "completions/_reorder"
            case .fish: return "completions/reorder.fish"
            }
        }
    }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: return bash()
        case .zsh: return zsh()
        case .fish: return fish()
        }
    }

    /// What the menus say of an option, beyond its row in the table.
    struct Hint {
        /// A few words, for the menu.
        var brief: String
        /// The long names of the options that cannot go with this one.
        var excludes: [String] = []
        /// Given several times, each adds (`-e`, `--group-pattern`).
        var repeats = false
        /// What its value is called (zsh shows it where nothing is offered).
        var value: String?
        /// A path that must be a folder.
        var folder = false
        /// A git revision: bash offers the repository's branches and tags.
        var gitRevision = false
        /// Shown alone: nothing else is offered with it (`--help`).
        var alone = false
    }

    /// By long name; `CompletionScriptTests` holds every key to an option
    /// of the table. An option without one is described by its help's
    /// first sentence.
    static let hints: [String: Hint] = [
        "output": Hint(brief: "Write the result to PATH and leave the input alone", excludes: ["check", "diff"], value: "path"),
        "check": Hint(brief: "Write nothing; list the inputs that would change", excludes: ["output"]),
        "diff": Hint(brief: "Write nothing; print a unified diff of what would change", excludes: ["output"]),
        "verbose": Hint(brief: "Say which files were rewritten in place"),
        "color": Hint(brief: "Colour the diff and the pick screen", value: "when"),
        "format": Hint(brief: "How to read the list", excludes: ["json", "lines"], value: "format"),
        "json": Hint(brief: "Read the list as JSON", excludes: ["format", "lines"]),
        "lines": Hint(brief: "Read the list as lines", excludes: ["format", "json"]),
        "pointer": Hint(brief: "The list to edit, as a JSON Pointer (a segment * is each key or index)", value: "JSON pointer"),
        "document": Hint(brief: "YAML: the document of a stream to edit (* for each)", value: "document index"),
        "one-based": Hint(brief: "Count indices from 1"),
        "key": Hint(brief: "Compare the value at this JSON Pointer inside each item (CSV: a column)", value: "JSON pointer or column"),
        "missing-ok": Hint(brief: "An input without the list, or a selector that selects nothing, changes nothing"),
        "string": Hint(brief: "Insert VALUE as a string"),
        "expression": Hint(brief: "Add one operation to the batch", repeats: true, value: "operation"),
        "file": Hint(brief: "Read batch operations from SCRIPT", repeats: true, value: "script"),
        "sequential": Hint(brief: "Apply the operations one after another"),
        "reverse": Hint(brief: "Sort in descending order"),
        "unique": Hint(brief: "Keep only the first of equal items"),
        "ignore-case": Hint(brief: "Compare ASCII letters without case"),
        "numeric": Hint(brief: "Compare numbers by value"),
        "recursive": Hint(brief: "Also sort the members of every object inside by key"),
        "like": Hint(brief: "Put the items in the order REF has them", value: "reference list"),
        "preset": Hint(brief: "Sort the lists of a known file as its tools do", value: "preset"),
        "missing-first": Hint(brief: "With --like: items REF lacks go first"),
        "groups": Hint(brief: "Sort within groups, which stay where they are", value: "groups"),
        "group-pattern": Hint(brief: "A group of the items PATTERN matches (repeatable)", repeats: true, value: "pattern (glob, or ~regex)"),
        "json-patch": Hint(brief: "Print RFC 6902 JSON Patch operations"),
        "stat": Hint(brief: "Print only the counts"),
        "block": Hint(brief: "Work on the lines of the N-th marked block", excludes: ["line-range"], value: "block number (from 0)"),
        "line-range": Hint(brief: "Work on lines A through B (A...B, from 1)", excludes: ["block"], value: "lines (A...B, from 1)"),
        "marker": Hint(brief: "The marker name of the blocks (keep-sorted)", value: "marker name"),
        "print": Hint(brief: "Print the new order as a batch script instead of writing it"),
        "from": Hint(brief: "Apply a kept edit view instead of opening the editor", value: "view"),
        "to": Hint(brief: "Move into the list DEST of the same file", value: "list (a pointer or heading path)"),
        "to-file": Hint(brief: "Move into a list of the file OTHER", value: "other file"),
        "config": Hint(brief: "The policy file to apply", value: "policy file"),
        "reporter": Hint(brief: "How to report the lists out of order", value: "reporter"),
        "no-cache": Hint(brief: "Read every file, no cache of results", excludes: ["cache-dir"]),
        "cache-dir": Hint(brief: "Keep the cache of results in DIR", excludes: ["no-cache"], value: "cache folder", folder: true),
        "changed-since": Hint(brief: "Only the files changed since a git revision", excludes: ["staged"],
                              value: "git revision (a commit, branch or tag)", gitRevision: true),
        "staged": Hint(brief: "Only the staged files, as the index holds them", excludes: ["changed-since"]),
        "help": Hint(brief: "Show help and exit", alone: true),
    ]

    /// `-V`, `--version`: read by the parser before any command, so in no
    /// row of the table.
    static let version = (short: "V", long: "version", brief: "Show the version and exit")

    // MARK: - What the scripts are made of

    static func hint(_ option: OptionDescriptor) -> Hint {
        if let hint = hints[option.long] { return hint }
        // A format's own option says it beside its format.
        if let declared = ListFormat.declaredOption(named: option.long), let brief = declared.brief {
            return Hint(brief: brief, repeats: declared.repeats, value: declared.valueName ?? option.value.placeholder?.lowercased())
        }
        let sentence = option.help.split(separator: ".", maxSplits: 1).first.map(String.init) ?? option.help
        return Hint(brief: sentence, value: option.value.placeholder?.lowercased())
    }

    /// `-o --output`.
    static func spellings(_ option: OptionDescriptor) -> [String] {
        (option.short.map { ["-\($0)"] } ?? []) + ["--" + option.long]
    }

    static func spellings(_ options: [OptionDescriptor]) -> String {
        options.flatMap { spellings($0) }.joined(separator: " ")
    }

    /// What an option's value may be.
    enum Value {
        case none, text, files, folders, choices([String]), gitRevision
    }

    static func value(of option: OptionDescriptor) -> Value {
        let hint = hint(option)
        switch option.value {
        case .none: return .none
        case .path: return hint.folder ? .folders : .files
        case .choice, .format: return .choices(option.value.choices ?? [])
        case .text: return hint.gitRevision ? .gitRevision : .text
        }
    }

    static var valueOptions: [OptionDescriptor] { CommandTable.options.filter { $0.value != .none } }

    /// The commands the menus offer (not the hidden ones).
    static var commands: [CommandDescriptor] { CommandTable.commands }

    /// How many of the command's own arguments come before its files; nil
    /// for a command that takes no files.
    static func argumentsBeforeFiles(_ command: CommandDescriptor) -> Int? {
        command.takesFiles ? command.arguments.count : nil
    }

    /// The commands whose operand is `help`'s topic.
    static var topicCommands: [String] {
        commands.filter { $0.operands.contains(.helpTopic) }.map(\.name)
    }

    /// A description for a menu: no final period, typographic apostrophes
    /// (each shell's quotes stay simple), `lower` for zsh's lower case.
    static func described(_ text: String, lower: Bool = false) -> String {
        var text = text.replacingAll("'", with: "\u{2019}")
        if text.hasSuffix(".") { text.removeLast() }
        if lower, let first = text.first, first.isUppercase,
           text.dropFirst().first.map({ !$0.isUppercase }) ?? true {
            text = first.lowercased() + text.dropFirst()
        }
        return text
    }

    /// Groups `commands` by `key`, in the order each key first appears.
    static func grouped<Key: Equatable>(_ commands: [CommandDescriptor], by key: (CommandDescriptor) -> Key) -> [(Key, [String])] {
        var groups: [(Key, [String])] = []
        for command in commands {
            let k = key(command)
            if let index = groups.firstIndex(where: { $0.0 == k }) {
                groups[index].1.append(command.name)
            } else {
                groups.append((k, [command.name]))
            }
        }
        return groups
    }

    // MARK: - bash

    static func bash() -> String {
        let names = commands.map(\.name)
        let labelWidth = names.map(\.count).max()! + 1
        var commandOptions = ""
        for command in commands {
            let label = (command.name + ")").padding(to: labelWidth)
            commandOptions += "        \(label) REPLY='\(spellings(command.options))' ;;\n"
        }
        commandOptions += "        " + "*)".padding(to: labelWidth) + " REPLY='' ;;\n"
        var argumentCounts = ""
        for (count, group) in grouped(commands, by: argumentsBeforeFiles) where count != 0 {
            argumentCounts += "        \(group.joined(separator: " | "))) REPLY=\(count.map(String.init) ?? "''") ;;\n"
        }
        var optionValues = ""
        var files: [String] = []
        for option in valueOptions {
            let label = spellings(option).joined(separator: " | ") + ")"
            switch value(of: option) {
            case .choices(let words):
                optionValues += "        \(label) COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\")) ;;\n"
            case .gitRevision:
                optionValues += "        \(label) COMPREPLY=($(compgen -W \"$(git for-each-ref --format='%(refname:short)' 2>/dev/null)\" -- \"$cur\")) ;;\n"
            case .folders:
                optionValues += "        \(label) COMPREPLY=($(compgen -d -- \"$cur\")) ;;\n"
            case .files:
                files += spellings(option)
            case .text, .none:
                break
            }
        }
        if !files.isEmpty { optionValues += "        \(files.joined(separator: " | "))) _reorder_files ;;\n" }
        let topics = (["$_reorder_commands"] + Help.topics.map(\.name)).joined(separator: " ")
        let help = CommandTable.option(.help)
        let topLevel = (spellings(help) + ["-" + version.short, "--" + version.long]).joined(separator: " ")
        return #"""
            # bash completion for reorder                              -*- shell-script -*-
            #
            # Install as share/bash-completion/completions/reorder (`make install` does),
            # or source this file from ~/.bashrc.
            #
            # Generated from the command table (Sources/ReorderCLI/CommandLine/CommandTable.swift)
            # by `reorder completions bash`; `make completions` writes it again. Do not
            # edit: CompletionScriptTests fails when this file is not what is generated.

            _reorder_commands='\#(names.joined(separator: " "))'

            # Options that take a value: the word after one is that value, never an
            # argument or a file.
            _reorder_value_options='\#(spellings(valueOptions))'

            # The options of each command.
            _reorder_command_options()
            {
                case $1 in
            \#(commandOptions)    esac
            }

            # How many of the command's own arguments (indices, selectors, values) come
            # before its files; empty for a command that takes no files.
            _reorder_argument_count()
            {
                case $1 in
            \#(argumentCounts)        *) REPLY=0 ;;
                esac
            }

            _reorder_files()
            {
                if declare -F _filedir >/dev/null; then
                    _filedir
                else
                    compopt -o filenames 2>/dev/null
                    local IFS=$'\n'
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }

            # Completes the value of option $1; the options not named take text,
            # where there is nothing to offer.
            _reorder_option_value()
            {
                case $1 in
            \#(optionValues)        *) COMPREPLY=() ;;
                esac
            }

            _reorder()
            {
                local cur prev words cword split=false
                if declare -F _init_completion >/dev/null; then
                    _init_completion -s || return
                else
                    cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
                    words=("${COMP_WORDS[@]}") cword=$COMP_CWORD
                fi
                COMPREPLY=()

                if ((cword == 1)); then
                    if [[ $cur == -* ]]; then
                        COMPREPLY=($(compgen -W '\#(topLevel)' -- "$cur"))
                    else
                        COMPREPLY=($(compgen -W "$_reorder_commands" -- "$cur"))
                    fi
                    return
                fi

                local command=${words[1]} REPLY
                _reorder_command_options "$command"
                local options=$REPLY
                [[ -n $options ]] || return

                # Count the arguments before the cursor, skipping options and their
                # values; note whether the word at the cursor is an option's value.
                local i j word letter value_option='' ended=false arguments=0
                for ((i = 2; i < cword; i++)); do
                    word=${words[i]}
                    if [[ -n $value_option ]]; then
                        value_option=''
                    elif $ended || [[ $word == - || $word != -* || $word == -[0-9]* ]]; then
                        ((arguments++))
                    elif [[ $word == -- ]]; then
                        ended=true
                    elif [[ $word == --* ]]; then
                        [[ $word != *=* && " $_reorder_value_options " == *" $word "* ]] && value_option=$word
                    else
                        # -x, -xVALUE, or a cluster of flags such as -cz.
                        for ((j = 1; j < ${#word}; j++)); do
                            letter=-${word:j:1}
                            if [[ " $_reorder_value_options " == *" $letter "* ]]; then
                                ((j == ${#word} - 1)) && value_option=$letter
                                break
                            fi
                        done
                    fi
                done
                if $split && ! $ended; then
                    value_option=$prev
                fi

                if [[ -n $value_option ]]; then
                    _reorder_option_value "$value_option"
                    return
                fi

                if ! $ended && [[ $cur == -* && $cur != -[0-9]* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                    return
                fi

                if [[ " \#(topicCommands.joined(separator: " ")) " == *" $command "* ]]; then
                    ((arguments == 0)) && COMPREPLY=($(compgen -W "\#(topics)" -- "$cur"))
                    return
                fi

                # An index, a selector or a value: nothing to offer. Then files, for a
                # command that takes them.
                _reorder_argument_count "$command"
                [[ -n $REPLY ]] && ((arguments >= REPLY)) && _reorder_files
            } &&
                complete -F _reorder reorder

            # ex: filetype=sh

            """#
    }

    // MARK: - zsh

    /// Quoted for zsh's single quotes.
    static func zshQuoted(_ text: String) -> String {
        text.replacingAll("'", with: "'\\''")
    }

    /// The `_arguments` spec of one option: `'(-o --output -c --check
    /// --diff)'{-o+,--output=}'[write ...]:path:_files'`,
    /// `'--color=[colour ...]:when:(auto always never)'`.
    static func zshSpec(_ option: OptionDescriptor) -> String {
        let hint = hint(option)
        var prefix = ""
        if hint.alone {
            prefix = "(- *)"
        } else if hint.repeats {
            prefix = "*"
        } else if option.short != nil || !hint.excludes.isEmpty {
            let excluded = spellings(option) + hint.excludes.compactMap(CommandTable.option(named:)).flatMap { spellings($0) }
            prefix = "(" + excluded.joined(separator: " ") + ")"
        }
        let takesValue = option.value != .none
        var rest = "[" + described(hint.brief, lower: true) + "]"
        if takesValue {
            let name = hint.value ?? option.value.placeholder?.lowercased() ?? "value"
            switch value(of: option) {
            case .choices(let words): rest += ":\(name):(\(words.joined(separator: " ")))"
            case .files: rest += ":\(name):_files"
            case .folders: rest += ":\(name):_files -/"
            case .text, .gitRevision, .none: rest += ":\(name): "
            }
        }
        if let short = option.short {
            let names = "{-\(short)\(takesValue ? "+" : ""),--\(option.long)\(takesValue ? "=" : "")}"
            return (prefix.isEmpty ? "" : "'" + prefix + "'") + names + "'" + zshQuoted(rest) + "'"
        }
        return "'" + prefix + "--" + option.long + (takesValue ? "=" : "") + zshQuoted(rest) + "'"
    }

    /// What zsh says where an argument goes.
    static func zshMessage(_ argument: ArgumentDescriptor) -> String {
        switch argument.kind {
        case .source: return "\(argument.name) (an index or a selector)"
        case .destination: return "\(argument.name) (an index in the result, or sorted)"
        case .value: return "\(argument.name) (the new item)"
        }
    }

    static func zsh() -> String {
        let nameWidth = CommandTable.options.map(\.long.count).max()! + 2
        var optionSpecs = ""
        for option in CommandTable.options {
            optionSpecs += "      (\(option.long))".padding(to: nameWidth + 8) + " specs+=(\(zshSpec(option))) ;;\n"
        }
        var commandList = ""
        for command in commands {
            commandList += "    '\(command.name):\(described(command.summary, lower: true).replacingAll(":", with: "\\:"))'\n"
        }
        let topics = Help.topics.map { "'\($0.name):\(described($0.summary, lower: true))'" }.joined(separator: " ")
        var cases = ""
        for command in commands {
            cases += "    (\(command.name))\n"
            cases += "      _reorder_option_specs \(command.optionNames.joined(separator: " "))\n"
            var specs: [String] = []
            for operand in command.operands {
                switch operand {
                case .oneOf: break
                case .argument(let argument): specs.append("':\(zshMessage(argument)): '")
                case .files(let names, _, let repeats):
                    specs += repeats ? ["'*:file:_files'"] : names.map { "':\($0):_files'" }
                case .helpTopic: specs.append("'1: :_reorder_help_topics'")
                }
            }
            cases += specs.isEmpty ? "      ;;\n" : "      specs+=(\(specs.joined(separator: " "))) ;;\n"
        }
        let help = CommandTable.option(.help)
        let topLevel = [
            "'(- *)'{-\(help.short!),--\(help.long)}'[\(described(hint(help).brief, lower: true))]'",
            "'(- *)'{-\(version.short),--\(version.long)}'[\(described(version.brief, lower: true))]'",
        ]
        let topicTest = topicCommands.map { "$words[1] == \($0)" }.joined(separator: " || ")
        return #"""
            #compdef reorder
            #
            # zsh completion for reorder. Install as share/zsh/site-functions/_reorder
            # (`make install` does), or put this file in a directory of $fpath before
            # compinit runs.
            #
            # Generated from the command table (Sources/ReorderCLI/CommandLine/CommandTable.swift)
            # by `reorder completions zsh`; `make completions` writes it again. Do not
            # edit: CompletionScriptTests fails when this file is not what is generated.

            # Appends to $specs the _arguments specs of the options named (long names).
            _reorder_option_specs() {
              local name
              for name; do
                case $name in
            \#(optionSpecs)    esac
              done
            }

            _reorder_commands() {
              local -a commands=(
            \#(commandList)  )
              _describe -t commands 'reorder command' commands
            }

            # After `help`: a command, or a topic.
            _reorder_help_topics() {
              local -a topics=(\#(topics))
              _reorder_commands
              _describe -t topics 'help topic' topics
            }

            _reorder() {
              local curcontext=$curcontext state line ret=1
              local -A opt_args
              local -a specs

              _arguments -C \
                \#(topLevel.joined(separator: " \\\n    ")) \
                '1: :_reorder_commands' \
                '*:: :->command' && ret=0
              [[ $state == command ]] || return ret

              curcontext=${curcontext%:*:*}:reorder-$words[1]:
              # An index, a selector or a value takes the message as its only action:
              # nothing is offered there.
              case $words[1] in
            \#(cases)    (*)
                  _message 'unknown command'
                  return 1 ;;
              esac
              # After `--`, every word is an argument: _arguments -S would count the
              # `--` itself as one when an argument comes before it, so the arguments
              # are counted here.
              local dashes=${words[(i)--]}
              if (( dashes > 1 && dashes < CURRENT )); then
                _reorder_after_dashes $dashes
                return
              fi
              # -s: single-letter flags cluster (-cz); -S: nothing after -- is an
              # option.
              _arguments -s -S : $specs && ret=0
              return ret
            }

            # Completes the word at $CURRENT, after the `--` at $words[$1]: an index,
            # selector or value (nothing is offered), or a file. What the command's
            # arguments are called, and which options take a value, are read from
            # $specs, which _reorder set up for _arguments.
            _reorder_after_dashes() {
              local dashes=$1 word spec
              local -a valued names
              for spec in $specs; do
                spec=${spec#\(*\)}
                case $spec in
                  (:*) names+=(${${spec#:}%: }) ;;           # ':FROM (…): '
                  (-*|\*-*) spec=${${spec#\*}%%\[*}         # '-o+[…]…', '*--file=[…]…'
                            [[ $spec == *[+=] ]] && valued+=(${spec%?}) ;;
                esac
              done
              local -i count=0 k=2
              # The arguments before `--`: words that are neither options nor an
              # option's value (a negative number is an index, not an option).
              while (( k < dashes )); do
                word=$words[k]
                if (( ${valued[(Ie)$word]} )); then
                  (( k++ ))
                elif [[ $word == -[0-9]* || $word != -?* ]]; then
                  (( count++ ))
                elif [[ $word != --* ]]; then
                  # Flags clustered (-zo): the first that takes a value takes the
                  # rest of the word, or the next word when it is last.
                  word=${word#-}
                  while [[ -n $word ]]; do
                    if (( ${valued[(Ie)-$word[1]]} )); then
                      (( $#word == 1 )) && (( k++ ))
                      break
                    fi
                    word=${word[2,-1]}
                  done
                fi
                (( k++ ))
              done
              (( count += CURRENT - dashes ))
              if [[ \#(topicTest) ]]; then
                _reorder_commands
              elif (( count <= $#names )); then
                _message $names[count]
              else
                _files
              fi
            }

            # Autoloaded from $fpath: complete now. Sourced (after compinit): register.
            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
              _reorder "$@"
            else
              compdef _reorder reorder
            fi

            """#
    }

    // MARK: - fish

    static func fish() -> String {
        var commandLines = ""
        for command in commands {
            commandLines += "complete -c reorder -n __reorder_wants_command -a \(command.name) -d '\(described(command.summary))'\n"
        }
        let topicCondition = "'__reorder_command_is \(topicCommands.joined(separator: " ")); and test (__reorder_argument_count) = 0'"
        for topic in Help.topics {
            commandLines += "complete -c reorder -n \(topicCondition) -a \(topic.name) -d '\(described(topic.summary))'\n"
        }
        var wantsFile = ""
        for (count, group) in grouped(commands, by: argumentsBeforeFiles) {
            guard let count else { continue }
            wantsFile += "        case \(group.joined(separator: " "))\n"
            wantsFile += count == 0 ? "            true\n" : "            test $arguments -ge \(count)\n"
        }
        var optionLines = ""
        for option in CommandTable.options {
            let takers = commands.filter { $0.allTakes.contains(option.name) }.map(\.name)
            guard !takers.isEmpty else { continue }
            var line = "complete -c reorder -n '__reorder_command_is \(takers.joined(separator: " "))'"
            if let short = option.short { line += " -s \(short)" }
            line += " -l \(option.long)"
            switch value(of: option) {
            case .none: break
            case .files: line += " -r -F"
            case .folders: line += " -x -a '(__fish_complete_directories)'"
            case .choices(let words): line += " -x -a '\(words.joined(separator: " "))'"
            case .text, .gitRevision: line += " -x"
            }
            optionLines += line + " -d '\(described(hint(option).brief))'\n"
        }
        let help = CommandTable.option(.help)
        let before = "'test (count (commandline -opc)) -eq 1'"
        let topLevel = """
            complete -c reorder -n \(before) -s \(help.short!) -l \(help.long) -d '\(described(hint(help).brief))'
            complete -c reorder -n \(before) -s \(version.short) -l \(version.long) -d '\(described(version.brief))'
            """
        let wantsCommand = topicCommands.map { "__reorder_command_is \($0); and test (__reorder_argument_count) = 0" }
            .joined(separator: "; or ")
        return #"""
            # fish completion for reorder. Install as
            # share/fish/vendor_completions.d/reorder.fish (`make install` does), or copy
            # it to ~/.config/fish/completions/.
            #
            # Generated from the command table (Sources/ReorderCLI/CommandLine/CommandTable.swift)
            # by `reorder completions fish`; `make completions` writes it again. Do not
            # edit: CompletionScriptTests fails when this file is not what is generated.

            # Options that take a value: the word after one is that value.
            set -g __reorder_value_options \#(spellings(valueOptions))

            # The words after `reorder` up to the cursor, the first being the command;
            # prints nothing until a command is given.
            function __reorder_words
                set -l words (commandline -opc)[2..-1]
                if test (count $words) -gt 0; and not string match -q -- '-*' $words[1]
                    printf '%s\n' $words
                end
            end

            # True when the command given is one of $argv (and options may still come).
            function __reorder_command_is
                set -l words (__reorder_words)
                test (count $words) -gt 0; or return 1
                contains -- $words[1] $argv; or return 1
                not contains -- -- $words[2..-1]
            end

            # Prints how many arguments (not options, not option values) follow the
            # command, up to the cursor.
            function __reorder_argument_count
                set -l words (__reorder_words)
                set -l count 0
                set -l ended false
                set -l value_next false
                for word in $words[2..-1]
                    if test $value_next = true
                        set value_next false
                    else if test $ended = true; or test "$word" = -; or not string match -q -- '-*' $word; or string match -qr -- '^-[0-9]' $word
                        set count (math $count + 1)
                    else if test "$word" = --
                        set ended true
                    else if string match -q -- '--*' $word
                        if not string match -q -- '*=*' $word; and contains -- $word $__reorder_value_options
                            set value_next true
                        end
                    else
                        # -x, -xVALUE, or a cluster of flags such as -cz.
                        set -l letters (string split '' -- (string sub -s 2 -- $word))
                        for i in (seq (count $letters))
                            if contains -- -$letters[$i] $__reorder_value_options
                                test $i -eq (count $letters); and set value_next true
                                break
                            end
                        end
                    end
                end
                # The word at the cursor is an option's value, not an argument.
                test $value_next = true; and return 1
                echo $count
            end

            # True when the word at the cursor is a FILE: after the command's own
            # arguments (indices, selectors, values), which get nothing.
            function __reorder_wants_file
                set -l words (__reorder_words)
                test (count $words) -gt 0; or return 1
                set -l arguments (__reorder_argument_count); or return 1
                switch $words[1]
            \#(wantsFile)        case '*'
                        false
                end
            end

            # True where a command name goes: first, or after `help`.
            function __reorder_wants_command
                test (count (commandline -opc)) -eq 1; and return
                \#(wantsCommand)
            end

            # No files unless a FILE goes here.
            complete -c reorder -f
            complete -c reorder -n __reorder_wants_file -F

            \#(commandLines)
            # Before a command.
            \#(topLevel)

            # The options of each command.
            \#(optionLines)
            """#
    }
}

private extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }

    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
