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

/// Why a JSON Pointer cannot be parsed.
public enum JSONPointerProblem: Equatable, Sendable {
    /// A non-empty pointer must start with `/`.
    case missingLeadingSlash
    /// The text is a jq path (`.plugins`, `.a[0].b`), which names the
    /// value that `pointer` does; `role` says which option it was given to.
    case jqPath(pointer: String, role: JSONPointer.Role)
    /// `~` followed by something other than `0` or `1`.
    case invalidEscape
}

/// Why there is nothing at a pointer: what the deepest part of the path that
/// exists holds instead.
public enum JSONMissing: Equatable, Sendable {
    /// The object at `parent` has no key `key`.
    case noKey(key: String, parent: String)
    /// The array at `parent` has `count` elements; `token` is not one of
    /// their indices (too large, not a number, or `-`).
    case noIndex(token: String, parent: String, count: Int)
    /// The value at `parent` is a `kind`, which has no members.
    case scalar(kind: JSONKind, parent: String)
}

/// Errors of the JSON format. Each case holds the facts; the command-line
/// layer words them.
public indirect enum JSONError: Error, Equatable, Sendable {
    /// The document is not valid JSON.
    case syntax(JSONProblem, at: JSONPlace)
    /// The `--pointer` text is not an RFC 6901 JSON Pointer.
    case invalidPointer(String, JSONPointerProblem)
    /// Nothing is at `pointer`.
    case nothingAtPointer(pointer: String, reason: JSONMissing)
    /// The value at `pointer` is a `found`, not an array. `arrays` are
    /// pointers of a few arrays inside it (when it is an object or array),
    /// to suggest.
    case notAnArray(pointer: String, found: JSONKind, at: JSONPlace, arrays: [String])
    /// The object at `object` has the key `key` more than once, and the
    /// pointer goes through it, so its target is ambiguous. `at` is the
    /// second occurrence.
    case duplicateKey(key: String, object: String, at: JSONPlace)
    /// A value to insert is not one JSON value; `problem` is where reading
    /// it failed (line and column within the value).
    case invalidValue(value: [UInt8], problem: JSONError)
    /// A value to insert with `--string` is not UTF-8.
    case valueNotUTF8(value: [UInt8])
    /// A member to insert into an object is not `"key": value`: `problem`
    /// is where reading `{VALUE}` failed, nil when it read as an object of
    /// `memberCount` members instead of one.
    case invalidMember(value: [UInt8], problem: JSONError?, memberCount: Int)
    /// A member to insert has a key the object has already (and keeps).
    case keyExists(key: String)
    /// A batch inserts two members with the key `key`.
    case keyInsertedTwice(key: String)
    /// `--string` for a list of object members, which takes `"key": value`.
    case stringIntoObject
    /// A document read as strict JSON that is valid JSON with comments:
    /// `error` is why strict JSON refused it (a comment, a trailing comma).
    case needsJSONWithComments(JSONError)
}

/// A JSON error's places are found as the document is read (`JSONPlace`),
/// so it gives no offset for the command line to place.
extension JSONError: FormatReadError {
    public var isSyntaxError: Bool {
        if case .syntax = self { return true }
        return false
    }
}
