/// Where in a document something is: a byte offset, and the line and column
/// a user sees in an editor. Lines and columns count from 1; a column counts
/// characters (UTF-8 sequences, a tab is one), and a byte-order mark at the
/// start of the document is not counted.
public struct JSONPlace: Equatable, Sendable {
    public let offset: Int
    public let line: Int
    public let column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The place of byte `offset` of `source`. Counts from the start, so it
    /// is for errors only.
    public static func of(_ offset: Int, in source: UnsafeRawBufferPointer) -> JSONPlace {
        var line = 1
        var lineStart = 0
        if source.count >= 3 && source[0] == 0xEF && source[1] == 0xBB && source[2] == 0xBF {
            lineStart = 3
        }
        let end = min(offset, source.count)
        var position = lineStart
        while let newline = firstIndex(of: 0x0A, in: source, from: position, to: end) {
            line += 1
            lineStart = newline + 1
            position = newline + 1
        }
        var column = 1
        var index = lineStart
        while index < end {
            // Continuation bytes (10xxxxxx) belong to the character before.
            if source[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return JSONPlace(offset: offset, line: line, column: column)
    }
}

/// What the reader wanted to see where it found something else.
public enum JSONExpectation: Equatable, Sendable {
    /// The start of a value: an object, array, string, number, `true`,
    /// `false` or `null`.
    case value
    /// `,` or `]` after an array element.
    case commaOrCloseBracket
    /// `,` or `}` after an object member's value.
    case commaOrCloseBrace
    /// A string key (after `{` or after `,` in an object).
    case key
    /// `:` after an object key.
    case colon
    /// A digit (after `-`, after `.`, in an exponent).
    case digit
    /// Four hex digits after `\u`.
    case hexDigit
    /// Nothing but whitespace after the top-level value.
    case endOfDocument
}

/// Why a document is not valid JSON.
public enum JSONProblem: Equatable, Sendable {
    /// `expected` was wanted; `found` is the byte there, nil at the end of
    /// the input.
    case expected(JSONExpectation, found: UInt8?)
    /// `,` right before `]` or `}`.
    case trailingComma
    /// `//` or `/*`.
    case comment
    /// A number with a zero before other digits (`012`).
    case leadingZero
    /// A word that starts like `true`, `false` or `null` but is not it.
    case invalidLiteral(expected: String)
    /// A backslash followed by `escape`, which is not one of `"\/bfnrtu`
    /// (nil at the end of the input).
    case invalidEscape(UInt8?)
    /// A `\u` escape of a UTF-16 surrogate without its other half.
    case loneSurrogate(UInt16)
    /// A byte below 0x20 (a raw tab or newline, say) inside a string.
    case controlCharacterInString(UInt8)
    /// Bytes that are not UTF-8 inside a string, or any byte of 0x80 and
    /// above outside one.
    case invalidUTF8
    /// The input ends inside a string.
    case unterminatedString
    /// JSON with comments: a `/*` without its `*/`.
    case unterminatedComment
    /// A carriage return without a line feed in a `//` comment.
    case carriageReturnInComment
}

/// JSON's errors (JSON with comments' too), `FormatError`s made as the
/// reader names them; their offsets are into the document's source (a
/// JSONC document's blanked copy keeps every offset), and the command line
/// finds their line:column. The words are the same for both formats.
public enum JSONErrors: FormatErrors {
    public static var format: ListFormat { .json }

    /// The document is not valid JSON: `problem` at `offset`.
    public static func syntax(_ problem: JSONProblem, offset: Int) -> FormatError {
        FormatError(format, .syntax(problem), offset: offset)
    }

    /// Strict JSON refused the document only for `problem` (a comment, a
    /// trailing comma) at `offset`, and it is valid JSON with comments.
    public static func needsJSONWithComments(_ problem: JSONProblem, offset: Int) -> FormatError {
        FormatError(format, .needsJSONWithComments(problem), offset: offset)
    }

    public static func invalidPointer(_ pointer: String, _ problem: JSONPointerProblem) -> FormatError {
        FormatError(format, .invalidPointer(pointer: pointer, problem: problem))
    }

    /// The key `key` a second time (at `offset`) in the object at `object`.
    public static func duplicateKey(key: String, object: String, offset: Int) -> FormatError {
        FormatError(format, .duplicateKey(key: key, object: object), offset: offset)
    }

    /// A value to insert is not one JSON value: reading it found `problem`
    /// at its byte `at`.
    public static func invalidValue(_ value: [UInt8], problem: JSONProblem, at: Int) -> FormatError {
        FormatError(format, .invalidValueSyntax(value: value, problem: problem, at: at))
    }

    /// A member to insert is not `"key": value`: reading `{VALUE}` found
    /// `problem` at its byte `at`, or (nil) `memberCount` members.
    public static func invalidMember(_ value: [UInt8], problem: JSONProblem?, at: Int = 0, memberCount: Int = 0) -> FormatError {
        FormatError(format, .invalidMember(value: value, problem: problem, at: at, memberCount: memberCount))
    }

    public static func keyInsertedTwice(key: String) -> FormatError {
        FormatError(format, .keyInsertedTwice(key: key))
    }

    public static var stringIntoObject: FormatError { FormatError(format, .stringIntoObject) }

    /// A value's kind as the subject of a sentence: `an object`, `true`.
    static func article(_ kind: JSONKind) -> String {
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
