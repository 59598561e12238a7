import ReorderKit

/// The one place that words every error: which text, for which input. Each
/// error type's facts become one line; the caller adds `reorder: ` and the
/// input's name.
enum Messages {
    /// A value the user gave, as a message shows it on its one line: a line
    /// break in it written `\n` (CR `\r`).
    static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        var shown = ""
        for character in text.unicodeScalars {
            switch character {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            default: shown.unicodeScalars.append(character)
            }
        }
        return shown
    }

    static func oneLine(_ bytes: [UInt8]) -> String { oneLine(String(decoding: bytes, as: UTF8.self)) }

    /// The message for `error`, with a `file:line:col: ` prefix where the
    /// error has a place in the input.
    static func describe(_ error: Error, input: String?) -> String {
        let prefix = input.map { $0 + ": " } ?? ""
        switch error {
        case let error as ErrorInInput: return describe(error.error, input: error.name)
        case let error as UsageError: return describe(error)
        case ReorderError.binaryInput(let line, let column):
            return (input.map { "\($0):" } ?? "") + "\(line):\(column): " + describe(error as! ReorderError)
        case ReorderError.lineWouldBecomeByteOrderMark(let line?):
            return (input.map { "\($0):" } ?? "") + "\(line):1: " + describe(error as! ReorderError)
        case ReorderError.optionNotForFormat(let option, let format, let region):
            return describe(option, format: format, region: region, input: input ?? "<stdin>")
        case let error as ReorderError: return prefix + describe(error)
        case let error as SystemError: return describe(error)
        case let error as PairWriteError: return error.message
        case let error as MissingDirectory:
            return "\(error.path): cannot write: the directory '\(error.directory)' does not exist; create it first"
        case let error as FileError: return describe(error)
        case let error as DiffError: return describe(error)
        case let error as EditError: return describe(error)
        case let error as PickError: return describe(error)
        case let error as SessionError: return describe(error)
        case let error as ErrorInSessionFile: return describe(error.error, input: error.path)
        case let error as ViewNotApplied: return describe(error)
        case let error as FormatErrorInInput:
            return describe(error.error, FormatErrorContext(input: error.name ?? input, place: error.place,
                                                            secondPlace: error.secondPlace))
        // Without the input's bytes, no place found here: an error of a
        // batch's operation (the batch's message says which input), or one
        // that reached here unwrapped.
        case let error as any FormatReadError:
            return describe(error, FormatErrorContext(input: input, place: nil, secondPlace: nil))
        case let error as AutoDetectedJSON: return describe(error, input: input)
        case let error as BatchError: return describe(error, input: input)
        case SectionedBatchError.emptyPath(let text):
            return prefix + "'\(text)' names a section but no item; write S:I (section, colon, item), as '1:0'"
        case SectionedBatchError.noSuchSection(let section, let count):
            return prefix + "there is no section \(section): the batch edits \(count == 1 ? "1 list" : "\(count) lists"), sections 0 to \(count - 1)"
        case let error as SelectorError: return prefix + describe(error)
        case let error as RegionError: return prefix + describe(error)
        case let error as PolicyFileError: return describe(error)
        case let error as PolicyRunError: return describe(error)
        case let error as ChangedFilesError: return error.message
        case let error as ListMissing:
            let pointer = error.pattern.isEmpty ? "the root" : "'\(error.pattern)'"
            let place = error.document.map { "document \($0) has no list at \(pointer)" } ?? "no list matches \(pointer)"
            return "\(error.input): \(place); check -p, or give --missing-ok to leave "
                + (error.document == nil ? "a file" : "a document") + " without it as it is"
        default:
            // Every error reorder throws has its sentence above; one that
            // has none is a bug, said as such rather than shown as a
            // Swift value.
            return prefix + "an error reorder has no message for (\(type(of: error))): please report this as a bug"
        }
    }

    static func describe(_ error: UsageError) -> String {
        switch error {
        case .missingCommand:
            return "no command given; try 'reorder --help'"
        case .unknownCommand(let name, let suggestion):
            return "'\(name)' is not a command" + didYouMean(suggestion) + "; see 'reorder --help'"
        case .unknownOption(let option, let command, let suggestion):
            let help = command.map { "reorder \($0) --help" } ?? "reorder --help"
            return "unknown option '\(option)'" + didYouMean(suggestion)
                + "; see '\(help)' (a value that starts with '-' goes after '--')"
        case .optionNotForCommand(let option, let command):
            return "'\(option)' is not an option of 'reorder \(command)'; see 'reorder \(command) --help'"
        case .missingOptionValue(let option):
            return "'\(option)' needs a value"
        case .unexpectedOptionValue(let option):
            return "'\(option)' takes no value"
        case .invalidChoice(let option, let value, let choices):
            return "'\(value)' is not a value of '\(option)'" + didYouMean(option == "--preset" ? Preset.suggestion(for: value) : NearestName.closest(to: value, among: choices))
                + "; use one of: " + choices.joined(separator: ", ")
        case .missingArgument(let name, let command):
            let usage = CommandTable.command(named: command).map(Help.usage) ?? command
            return "missing \(name); usage: \(usage)"
        case .conflictingOptions(let first, let second):
            return "'\(first)' and '\(second)' cannot be used together"
        case .conflictingOptionsBecause(let first, let second, let reason):
            return "'\(first)' and '\(second)' cannot be used together: \(reason)"
        case .invalidGroupPattern(let pattern, let reason, let offset):
            return "'--group-pattern \(pattern)' is not a pattern: \(reason) (at byte \(offset + 1) of it)"
        case .outputNeedsOneInput(let count):
            return "'--output' takes one input, but \(count) were given"
        case .batchNeedsOperations:
            return "batch needs operations: give -e OP or -f SCRIPT; see 'reorder help batch'"
        case .invalidPointerForKey(let pointer):
            return "'--key \(pointer)' is not a JSON Pointer: it must be empty or start with '/'"
        case .optionNeedsOther(let option, let needs):
            return "'\(option)' works only with '\(needs)'"
        case .wrongInputCount(let command, let expected, let given):
            let usage = CommandTable.command(named: command).map(Help.usage) ?? command
            return "\(command) takes \(expected), but \(given) \(given == 1 ? "was" : "were") given; usage: \(usage)"
        case .invalidDocumentIndex(let text):
            return "'--document \(text)' is not a document index: use a whole number (0 is the first document, -1 the last)"
        case .invalidFormatOptionValue(let error):
            if let message = error.message { return message }
            return "'--\(error.option) \(error.value)' is not \(error.isNot): give \(error.expected)"
        case .extraArgument(let argument, let command):
            let names = CommandTable.command(named: command)?.arguments.map(\.name) ?? []
            let takes = names.isEmpty ? "no arguments" : names.joined(separator: " and ")
            return "\(command) takes \(takes); '\(argument)' is one argument too many (no file has that name)"
        case .invalidBlockIndex(let text):
            return "'--block \(text)' is not a block number: use a whole number, 0 for the first block, -1 for the last"
        case .invalidLineRange(let text):
            return "'--line-range \(text)' is not a range of lines: use A...B (from line A through line B, counted from 1) or A... (to the end)"
        case .invalidMarker(let name):
            return "'--marker \(name)' is not a marker name: it must not be empty or hold a newline"
        case .markerWithoutBlock:
            return "'--marker' names the markers of 'reorder fix' and of --block; give --block N too"
        case .severalListsNotForCommand(let given, let command):
            return "\(given) names every list that matches it, but 'reorder \(command)' works on one list: "
                + "name one (-p with no '*' segment, --document N; a key that is '*' is written '~2')"
        case .invalidPointerPattern(let pointer, let reason):
            return "'-p \(pointer)' is not a pointer: \(reason)"
        case .optionNeedsSortedPlace(let option, let command, let place):
            return "'\(option)' says how the sorted place is found: it works only with 'sorted' as \(place) ('reorder \(command) ... sorted ...')"
        }
    }

    static func describe(_ error: ReorderError) -> String {
        switch error {
        case .invalidIndex(let text):
            return "'\(text)' is not an index: use a whole number (negative counts from the end)"
        case .zeroIndexWhenOneBased(let role):
            return "\(noun(role)) 0 does not exist with --one-based: the first item is 1"
        case .indexOutOfRange(let index, let count, let role, let base):
            let list = role == .source ? "the list has" : "the result has"
            let items = count == 1 ? "1 item" : "\(count) items"
            guard count > 0 else {
                return "\(noun(role)) \(index) is out of range: \(list) no items"
            }
            let low = base.offset, high = count - 1 + base.offset
            return "\(noun(role)) \(index) is out of range: \(list) \(items) (valid: \(low)...\(high), or -\(count)...-1 from the end)"
        case .valueEndsWithCarriageReturn:
            return "the value ends with a carriage return, which would read back as part of the line's terminator (a CRLF), not as the value's; leave it out"
        case .valueContainsTerminator(let terminator):
            let name = terminator == 0 ? "a NUL byte" : "a newline"
            return "the value holds \(name), which would make it more than one item; insert each line on its own"
        case .lineWouldBecomeByteOrderMark(let line):
            return (line == nil ? "the new first line" : "this line") + " starts with U+FEFF; first in a file without a byte-order mark it would read back as "
                + "the file's byte-order mark and the line would lose the character, so nothing is written; "
                + "keep another line first"
        case .binaryInput:
            return "the input holds a NUL byte, so it looks binary and is not edited as lines; use -z if its items end with NUL, or --text to edit its lines anyway"
        case .optionNotForFormat(let option, let format, let region):
            return describe(option, format: format, region: region, input: "the input")
        case .commentWithoutHeadings:
            return "--comment says which lines are group headings, so it needs --groups comments; add it, or leave --comment out"
        case .valueIsCommentLine:
            return "the value starts as a comment line does, so it would read back as a group heading, not an item; write it otherwise"
        case .sortedPlaceUnknown:
            return "the list with the new item does not read back as one item more, so its sorted place is not known; give an index instead of 'sorted'"
        }
    }

    /// `--pointer applies to JSON, YAML, TOML and Markdown; notes.txt is
    /// read as lines: leave --pointer out, or choose the format with
    /// --format` (a format's kin, JSON with comments, goes unnamed).
    static func describe(_ option: FormatBoundOption, format: ListFormat, region: Bool, input: String) -> String {
        let name = ListFormat.declaredOption(named: option.rawValue)?.shownAs ?? "--" + option.rawValue
        var names: [String] = []
        for format in option.formats where format.words.kin == nil { names.append(formatName(format)) }
        let applies = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        let how = region ? "read as lines (--block, --line-range)" : "read as \(formatName(format))"
        let fix = region ? "leave \(name) out" : "leave \(name) out, or choose the format with --format"
        return "\(name) applies to \(applies); \(input) is \(how): \(fix)"
    }

    /// A format as messages name it.
    static func formatName(_ format: ListFormat) -> String { format.words.name }

    static func describe(_ error: SystemError) -> String {
        // Without a path, the error is on a standard stream: a write is on
        // standard output (standard error's own failures are not reported),
        // anything else is on standard input.
        let subject = error.path ?? (error.operation == "write" ? "standard output" : "standard input")
        if error.operation == "write" && error.code == 13 /* EACCES */ {
            return "\(subject): cannot write: permission denied (the file is read-only; change its mode to edit it)"
        }
        if error.operation == "create a temporary file for" && error.code == 13 /* EACCES */ {
            return "\(subject): cannot write: permission denied in its directory, where the new file is made before it "
                + "replaces the old one"
        }
        if error.code == 30 /* EROFS */ {
            return "\(subject): cannot \(error.operation): read-only file system (it is mounted read-only; "
                + "remount it read-write or write the result elsewhere with -o)"
        }
        return "\(subject): cannot \(error.operation): \(error.reason)"
    }

    private static func noun(_ role: IndexRole) -> String {
        role == .source ? "index" : "destination"
    }

    static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}

extension Messages {
    static func describe(_ error: DiffError) -> String {
        switch error {
        case .bothOnStandardInput:
            return "OLD and NEW cannot both be standard input; give one of them as a file"
        case .itemSpansLines(let index, let input, let format, let multiline, let insertTakesIt):
            let name = formatName(format), words = format.words
            let instead = "'reorder diff --stat' counts the changes, and 'reorder sort --like \(input) OLD' puts the \(words.items) "
                + "OLD shares with it in its order (add the new item by hand)"
            guard multiline else {
                return "\(input): item \(index) has no form that \(name)'s 'insert' takes (\(words.oneValue)) and writes back as it is, "
                    + "so diff, which prints each operation on one line, cannot give it; " + instead
            }
            let head = "\(input): item \(index) spans several lines, and diff prints each operation on one line"
            if insertTakesIt {
                return head + "; \(name)'s 'insert' takes the item as \(input) writes it, line break included: give it to 'reorder insert' "
                    + "(or to an 'insert' of 'reorder batch -e') with $'…' in bash, and count the changes with 'reorder diff --stat'"
            }
            return head + ", but \(name)'s 'insert' takes \(words.oneValue); " + instead
        case .jsonPatchNeedsArray(let format):
            let read = format.options.contains(Option.jsonPatch.rawValue) ? "an object's members" : "a list read as \(formatName(format))"
            return "--json-patch needs a JSON array, not \(read): JSON Patch cannot reorder an object's members, and other formats have no JSON Patch"
        case .listInOneInputOnly(let pointer, let present, let absent):
            return "\(absent): no list at '\(pointer)', which \(present) has: with several lists, diff compares the same lists in OLD and NEW "
                + "(name the lists both have with -p)"
        case .listNamedTwice(let pointer):
            return "-p names the list '\(pointer)' twice: name each list once"
        case .patternNamesNoList(let pattern, let input):
            return "\(input): -p '\(pattern)' names no list"
        }
    }
}
