import ReorderKit

/// A JSON error carries its places as line and column already.
extension JSONError: FormatErrorWording {
    func message(_ context: FormatErrorContext) -> String {
        Messages.describe(self, input: context.input)
    }
}

extension Messages {
    /// JSON errors carry a place: `file:line:col: message`.
    static func describe(_ error: JSONError, input: String?) -> String {
        let name = input ?? "<input>"
        // Errors of a value, not of a place in the input: inside a batch's
        // message, which names the input already, none.
        let inputPrefix = input.map { $0 + ": " } ?? ""
        switch error {
        case .syntax(let problem, let place):
            return "\(name):\(place.line):\(place.column): " + describe(problem)
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
        case .nothingAtPointer(let pointer, let reason):
            let prefix = "\(name): nothing at '\(pointer)': "
            switch reason {
            case .noKey(let key, let parent):
                return prefix + "\(place(parent)) is an object without the key \(quoted(key))"
            case .noIndex(let token, let parent, let count):
                let elements = count == 1 ? "1 element" : "\(count) elements"
                let range = count == 0 ? "" : " (indices 0...\(count - 1))"
                if token == "-" {
                    return prefix + "\(place(parent)) is an array of \(elements)\(range); '-' names no element here"
                }
                return prefix + "\(place(parent)) is an array of \(elements)\(range), so \(quoted(token)) is not one of its indices"
            case .scalar(let kind, let parent):
                return prefix + "\(place(parent)) is \(article(kind)), which has no members"
            }
        case .notAnArray(let pointer, let found, let place, let arrays):
            let location = "\(name):\(place.line):\(place.column): "
            let subject = pointer.isEmpty ? "the document's root" : "'\(pointer)'"
            var message = location + "\(subject) is \(article(found)), not an array or an object"
            if !arrays.isEmpty {
                let choices = arrays.map { "-p '\($0)'" }.joined(separator: ", ")
                message += "; choose a list with --pointer: " + choices
            }
            return message
        case .duplicateKey(let key, let object, let place):
            return "\(name):\(place.line):\(place.column): \(self.place(object)) has the key \(quoted(key)) twice, so the pointer is ambiguous"
        case .invalidValue(let value, let problem):
            let text = String(decoding: value, as: UTF8.self)
            var detail = ""
            if case .syntax(let problem, let place) = problem {
                detail = " (column \(place.column)" + (place.line > 1 ? " of line \(place.line)" : "") + ": " + describe(problem) + ")"
            }
            return inputPrefix + "the value \(quoted(text)) is not one JSON value\(detail); to insert it as a string, use --string"
        case .valueNotUTF8:
            return inputPrefix + "the value is not valid UTF-8, so it cannot be a JSON string"
        case .invalidMember(let value, let problem, let memberCount):
            let text = String(decoding: value, as: UTF8.self)
            var detail = ""
            if case .syntax(let problem, let place)? = problem {
                detail = " (" + describe(problem) + " at column \(place.column - 1))"
            } else if problem == nil {
                detail = " (it reads as \(memberCount) members)"
            }
            return inputPrefix + "the value \(quoted(text)) is not one object member\(detail); into an object, insert '\"key\": value', as in '\"lodash\": \"^4.17.21\"'"
        case .keyExists(let key):
            return inputPrefix + "the object has the key \(quoted(key)) already; delete or replace that member instead (select it with =\(key))"
        case .keyInsertedTwice(let key):
            return inputPrefix + "the batch inserts two members with the key \(quoted(key)); an object's keys must differ"
        case .stringIntoObject:
            return inputPrefix + "--string inserts a string element into an array, but the list is an object's members; insert '\"key\": \"value\"'"
        case .needsJSONWithComments(let strict):
            return describe(strict, input: input) + "; \(input == nil || input == "<stdin>" ? "the input" : "the file") is valid JSON with comments: read it with --format jsonc"
        }
    }

    /// (Only a document that is not JSON may have been meant as lines: a
    /// syntax error.)
    static func describe(_ error: AutoDetectedJSON, input: String?) -> String {
        let reason = error.byName
            ? "it was read as JSON because its name ends in '.json'"
            : "it was read as JSON because it starts with '[' or '{'"
        return describe(error.error, input: input) + "; \(reason): use --lines to read it as lines"
    }

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

    /// A pointer as the subject of a sentence.
    private static func place(_ pointer: String) -> String {
        pointer.isEmpty ? "the root" : "'\(pointer)'"
    }

    private static func quoted(_ text: String) -> String {
        "'" + text + "'"
    }

    private static func article(_ kind: JSONKind) -> String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .true: return "true"
        case .false: return "false"
        case .null: return "null"
        }
    }
}
