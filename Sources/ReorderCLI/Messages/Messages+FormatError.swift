import ReorderKit

/// Every `FormatError` (every format's), worded here, once: what differs
/// between the formats is only the words for their parts.
extension FormatError: FormatErrorWording {
    func message(_ context: FormatErrorContext) -> String {
        // `name: ` for an error of the whole input; `name:line:column: `
        // where the error has a place.
        let named = context.named, place = context.placed
        let words = format.words
        switch kind {
        case .invalid(let problem):
            return place + "not valid \(words.name) \(words.version): \(problem)" + words.invalidAdvice
        case .cannotDelimit(let what):
            return place + "\(what): reorder cannot tell where the \(words.items) begin and end here, so it edits nothing (it never guesses)"
        case .nothingAtPointer(let pointer, let reason):
            return named + "nothing at '\(pointer)': \(reason)"
        case .notAList(let pointer, let found, let suggestions):
            let choices = suggestions.isEmpty
                ? "" : "; choose a list with --pointer: " + suggestions.map { "-p '\($0)'" }.joined(separator: ", ")
            return place + "\(subject(pointer)) is \(found), not \(words.lists)" + choices
        case .invalidValue(let value, let reason):
            // The advice only for a format that takes --string.
            let asString = format.options.contains(FormatBoundOption.string.rawValue) ? "; to insert it as a string, use --string" : ""
            return named + "the value '\(Messages.oneLine(value))' is not \(words.oneValue): \(reason)\(asString)"
        case .keyExists(let key):
            return named + "the \(words.keyed) has the key '\(key)' already; delete or replace that \(words.member) instead (select it with =\(key))"
        case .redefined(let key, let reason):
            return place + "not valid \(words.name) \(words.version): '\(key)' cannot be defined here: \(reason)"
        case .resultInvalid(let problem):
            return named + "the edit would not give valid \(words.name) (\(problem)); nothing is written"
        case .insertIntoSections(let table):
            return named + "the list is the sub-tables of '\(table)', each written as sections; reorder inserts none: write the new '[\(table).NAME]' section with an editor"
        case .sectionsApart(let key, let header, let between):
            return place + "the section \(header) belongs to '\(key)' with the sections above it, but \(between) at \(context.secondPlace ?? "") stands between them, so reorder cannot tell which sections move with '\(key)' and edits nothing (it never guesses); put the sections of '\(key)' together"
        case .tooLarge(let limit):
            return named + "the document is \(Messages.size(limit)) or more; reorder reads \(words.name) documents under \(Messages.size(limit)) and edits nothing"
        case .severalDocuments(let count):
            return named + "the stream holds \(count) YAML documents; choose one with --document N (0 is the first, -1 the last)"
        case .noSuchDocument(let index, let count):
            return named + "there is no document \(index): the stream holds \(count) (valid: 0...\(count - 1), or -\(count)...-1 from the end)"
        case .mergeKey(let pointer, let mergeList):
            let list = mergeList ? ", or its merge list with -p '\(pointer)/<<' (in YAML 1.1 the mapping listed first wins)" : ""
            return place + "\(subject(pointer)) is a mapping with a merge key ('<<'), so some of its keys come from the mappings it merges; "
                + "YAML 1.1 lets its own keys win wherever '<<' stands, but not every loader does, so reordering its entries "
                + "could change the values a program reads, and reorder edits nothing: reorder the merged mappings themselves"
                + list
        case .wouldChangeData(let what):
            return place + "\(what), so the document would load to something else; reorder edits nothing"
        case .invalidPointer(let pointer, let problem):
            switch problem {
            case .missingLeadingSlash:
                return "'\(pointer)' is not a JSON Pointer: it must be empty (the root) or start with '/', as in '/\(pointer)'"
            case .jqPath(let suggestion, let role):
                let option = role == .list ? "-p" : "--key"
                let start = "'\(pointer)' is a jq path, not a JSON Pointer (RFC 6901); "
                if suggestion.isEmpty { return start + "the root is the empty pointer, which is \(option)'s default" }
                return start + "did you mean '\(option) \(suggestion)'?"
            case .invalidEscape:
                return "'\(pointer)' is not a JSON Pointer: '~' must be followed by '0' (for '~') or '1' (for '/')"
            }
        case .syntax(let problem):
            return syntaxPlace(context) + Messages.describe(problem)
        case .needsJSONWithComments(let problem):
            let input = context.input == nil || context.input == "<stdin>" ? "the input" : "the file"
            return syntaxPlace(context) + Messages.describe(problem)
                + "; \(input) is valid JSON with comments: read it with --format jsonc"
        case .duplicateKey(let key, let object):
            let owner = object.isEmpty ? "the root" : "'\(object)'"
            return syntaxPlace(context) + "\(owner) has the key '\(key)' twice, so the pointer is ambiguous"
        case .invalidValueSyntax(let value, let problem, let offset):
            // SAFETY: the bytes of `value` are only read inside the closure, and no pointer to them leaves it.
            let at = value.withUnsafeBytes { JSONPlace.of(offset, in: $0) }
            let detail = " (column \(at.column)" + (at.line > 1 ? " of line \(at.line)" : "") + ": " + Messages.describe(problem) + ")"
            return named + "the value '\(Messages.oneLine(value))' is not \(words.oneValue)\(detail); to insert it as a string, use --string"
        case .valueNotUTF8:
            return named + "the value is not valid UTF-8, so it cannot be a JSON string"
        case .invalidMember(let value, let problem, let offset, let memberCount):
            var detail = " (it reads as \(memberCount) members)"
            if let problem {
                // The place in `{VALUE}`, which was read, less its `{`.
                let wrapped = [UInt8(ascii: "{")] + value + [UInt8(ascii: "}")]
                // SAFETY: the bytes of `wrapped` are only read inside the closure, and no pointer to them leaves it.
                let at = wrapped.withUnsafeBytes { JSONPlace.of(offset, in: $0) }
                detail = " (" + Messages.describe(problem) + " at column \(at.column - 1))"
            }
            return named + "the value '\(Messages.oneLine(value))' is not one object \(words.member)\(detail); into an object, insert '\"key\": value', as in '\"lodash\": \"^4.17.21\"'"
        case .keyInsertedTwice(let key):
            return named + "the batch inserts two \(words.member)s with the key '\(key)'; an object's keys must differ"
        case .stringIntoObject:
            return named + "--string inserts a string element into an array, but the list is an object's members; insert '\"key\": \"value\"'"
        case .betweenLists(let problem):
            return place + problem + "; nothing is written"
        case .aliasBeforeAnchor(let anchor):
            return named + "the edit would put the alias '*\(anchor)' before its anchor '&\(anchor)' (or remove the anchor), and the document would no longer load; nothing is written"
        }
    }

    /// `name:line:column: ` for an error of a document's syntax; a message
    /// without the input's name (a batch's, an edit's, which name it
    /// before) says `<input>` and the place.
    private func syntaxPlace(_ context: FormatErrorContext) -> String {
        (context.input ?? "<input>") + (context.place.map { ":" + $0 } ?? "") + ": "
    }

    /// A pointer as the subject of a sentence.
    private func subject(_ pointer: String) -> String {
        pointer.isEmpty ? "the document's root" : "'\(pointer)'"
    }
}

extension Messages {
    /// Why a document (or a value to insert) is not valid JSON.
    static func describe(_ problem: JSONProblem) -> String {
        switch problem {
        case .expected(let expectation, let found):
            let hint = found == UInt8(ascii: "'") ? " (JSON strings need double quotes)" : ""
            return "expected " + describe(expectation) + ", found " + describe(found: found) + hint
        case .trailingComma:
            return "a ',' must be followed by another element or member (JSON allows no trailing comma)"
        case .comment:
            return "JSON allows no comments"
        case .leadingZero:
            return "a number may not start with '0' followed by digits"
        case .invalidLiteral(let expected):
            return "expected '\(expected)'"
        case .invalidEscape(let byte):
            guard let byte else { return "the input ends inside an escape" }
            return "'\\\(printable(byte))' is not an escape; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
        case .loneSurrogate(let unit):
            let hex = String(unit, radix: 16, uppercase: true)
            return "'\\u\(hex)' is half of a UTF-16 surrogate pair without its other half"
        case .controlCharacterInString(let byte):
            let name: String
            switch byte {
            case 0x0A: name = "a line break (write \\n)"
            case 0x0D: name = "a carriage return (write \\r)"
            case 0x09: name = "a tab (write \\t)"
            default: name = "control character " + hexByte(byte)
            }
            return "\(name) inside a string; control characters must be escaped"
        case .invalidUTF8:
            return "invalid UTF-8"
        case .unterminatedString:
            return "the string that starts here has no closing '\"'"
        case .unterminatedComment:
            return "the comment that starts here has no closing '*/'"
        case .carriageReturnInComment:
            return "a carriage return without a line feed in a '//' comment: some readers end the comment there, "
                + "others do not; make it a line break (CR LF or LF) or remove it"
        }
    }

    private static func describe(_ expectation: JSONExpectation) -> String {
        switch expectation {
        case .value: return "a value"
        case .commaOrCloseBracket: return "',' or ']' after an array element"
        case .commaOrCloseBrace: return "',' or '}' after an object member"
        case .key: return "a string in double quotes as an object key"
        case .colon: return "':' after an object key"
        case .digit: return "a digit"
        case .hexDigit: return "a hex digit in a \\u escape"
        case .endOfDocument: return "the end of the document after the top-level value"
        }
    }

    private static func describe(found byte: UInt8?) -> String {
        guard let byte else { return "the end of the input" }
        if byte == UInt8(ascii: "'") { return "\"'\"" }
        if byte >= 0x21 && byte < 0x7F { return "'" + printable(byte) + "'" }
        return "byte " + hexByte(byte)
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(UnicodeScalar(byte)) : hexByte(byte)
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" : "") + hex
    }
}
