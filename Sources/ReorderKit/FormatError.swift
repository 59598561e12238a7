/// An error of a format reading or editing a document, the one type every
/// format's reader throws: the format, what kind of error, the facts as
/// values, and where it is as byte offsets into the document's source.
/// The command line words every kind in one place and computes the
/// line:column of `offset` (`FormatReadError`).
public struct FormatError: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The document is not valid in the format (TOML 1.0, YAML 1.2):
        /// `problem` says what was expected or what is wrong.
        case invalid(problem: String)
        /// Something the reader cannot delimit with certainty; `what` says what.
        case cannotDelimit(what: String)
        /// Nothing at `pointer`: `reason` says what the deepest part holds.
        case nothingAtPointer(pointer: String, reason: String)
        /// The value at `pointer` is `found` (a string, a number), not a list.
        /// `suggestions`: pointers of a few lists inside it, to suggest.
        case notAList(pointer: String, found: String, suggestions: [String])
        /// A value to insert is not one item of the format.
        case invalidValue(value: [UInt8], reason: String)
        /// A key to insert is one the table or mapping has already.
        case keyExists(key: String)
        /// TOML: a key or table defined a second time, or a table extended
        /// where TOML does not allow it; `reason` says how.
        case redefined(key: String, reason: String)
        /// TOML: the edit would give a document that is not valid TOML.
        case resultInvalid(problem: String)
        /// TOML: `insert` into the list of sub-tables of `table`, which
        /// takes no new item: a new sub-table is sections of its own.
        case insertIntoSections(table: String)
        /// TOML: in a list of sections (the sub-tables of a table, each
        /// with all of its sections), the section `header` (at `offset`),
        /// one of the key `key`'s, stands apart from the key's earlier
        /// sections: `between` (at `secondOffset`) stands between them.
        case sectionsApart(key: String, header: String, between: String)
        /// TOML: the document is `limit` bytes or more, more than the
        /// reader keeps offsets for (32 bits).
        case tooLarge(limit: Int)
        /// YAML: the stream holds `count` documents and `--document` did
        /// not say which.
        case severalDocuments(count: Int)
        /// YAML: `--document N` is not one of the `count` documents.
        case noSuchDocument(index: Int, count: Int)
        /// YAML: the edit would put the alias `*name` before its anchor
        /// `&name`, or delete the anchor an alias needs.
        case aliasBeforeAnchor(name: String)
        /// YAML: the mapping at `pointer` has a merge key (`<<`) at
        /// `offset`: some of its keys come from the mappings it merges,
        /// and loaders differ on whether the position of `<<` among its
        /// entries matters, so its entries are not reordered. `mergeList`:
        /// the value of `<<` is a sequence, which `pointer + "/<<"` can
        /// reorder.
        case mergeKey(pointer: String, mergeList: Bool)
        /// YAML: the edit would change what the document loads to: `what`
        /// says how, `offset` is the place it names.
        case wouldChangeData(what: String)
        /// The `-p` or `--key` text is not an RFC 6901 JSON Pointer.
        case invalidPointer(pointer: String, problem: JSONPointerProblem)
        /// JSON: the document is not valid JSON; `offset` is where.
        case syntax(JSONProblem)
        /// JSON: a document read as strict JSON that is valid JSON with
        /// comments: `problem` (a comment, a trailing comma) at `offset` is
        /// why strict JSON refused it.
        case needsJSONWithComments(JSONProblem)
        /// JSON: the object at `object` has the key `key` more than once,
        /// and the pointer goes through it, so its target is ambiguous;
        /// `offset` is the second occurrence.
        case duplicateKey(key: String, object: String)
        /// JSON: a value to insert is not one JSON value: reading it found
        /// `problem` at byte `at` of `value`.
        case invalidValueSyntax(value: [UInt8], problem: JSONProblem, at: Int)
        /// A value to insert with `--string` is not UTF-8.
        case valueNotUTF8(value: [UInt8])
        /// JSON: a member to insert into an object is not `"key": value`:
        /// reading `{VALUE}` found `problem` at its byte `at`, or (nil) read
        /// it as an object of `memberCount` members instead of one.
        case invalidMember(value: [UInt8], problem: JSONProblem?, at: Int, memberCount: Int)
        /// JSON: a batch inserts two members with the key `key`.
        case keyInsertedTwice(key: String)
        /// JSON: `--string` for a list of object members, which takes
        /// `"key": value`.
        case stringIntoObject
        /// A move between two lists of a document (`move --to`) that
        /// cannot be made with certainty: `problem` says why.
        case betweenLists(problem: String)
    }

    public let format: ListFormat
    public let kind: Kind
    /// The byte offset the error is at; nil for an error with no place in
    /// the source (a value or pointer given on the command line).
    public let offset: Int?
    /// A second offset the error names (`sectionsApart`).
    public let secondOffset: Int?

    public init(_ format: ListFormat, _ kind: Kind, offset: Int? = nil, secondOffset: Int? = nil) {
        self.format = format
        self.kind = kind
        self.offset = offset
        self.secondOffset = secondOffset
    }
}

extension FormatError: FormatReadError {
    public var sourceOffset: Int? { offset }
    public var secondSourceOffset: Int? { secondOffset }

    /// Only JSON's syntax errors say that a document whose format was
    /// guessed may be in another.
    public var isSyntaxError: Bool {
        if case .syntax = kind { return true }
        return false
    }
}

/// A format's errors, made as its reader names them
/// (`TOMLError.cannotDelimit(what:offset:)`): the kinds every format has
/// are made here, once; a format adds its own beside its `format`.
public protocol FormatErrors {
    static var format: ListFormat { get }
}

extension FormatErrors {
    public static func cannotDelimit(what: String, offset: Int) -> FormatError {
        FormatError(format, .cannotDelimit(what: what), offset: offset)
    }

    public static func nothingAtPointer(pointer: String, reason: String) -> FormatError {
        FormatError(format, .nothingAtPointer(pointer: pointer, reason: reason))
    }

    public static func notAList(pointer: String, found: String, offset: Int, suggestions: [String] = []) -> FormatError {
        FormatError(format, .notAList(pointer: pointer, found: found, suggestions: suggestions), offset: offset)
    }

    public static func invalidValue(value: [UInt8], reason: String) -> FormatError {
        FormatError(format, .invalidValue(value: value, reason: reason))
    }

    public static func keyExists(key: String) -> FormatError {
        FormatError(format, .keyExists(key: key))
    }

    public static func valueNotUTF8(value: [UInt8]) -> FormatError {
        FormatError(format, .valueNotUTF8(value: value))
    }
}
