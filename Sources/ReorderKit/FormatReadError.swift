/// An error of a format reading or editing a document, as the command line
/// needs it without knowing the format: `FormatError` (every format's)
/// conforms, and the command line catches this one type,
/// finds the error's place in the input once, and words the error through
/// it.
public protocol FormatReadError: Error {
    /// The byte offset in the document's source that the error is at, for
    /// a `file:line:column: ` prefix; nil for an error with no place in the
    /// source (a value or pointer given on the command line, the whole
    /// stream).
    var sourceOffset: Int? { get }

    /// A second offset in the source that the error names (as
    /// `line:column`); nil when there is none.
    var secondSourceOffset: Int? { get }

    /// True when the error says the document is not in the format at all
    /// (its syntax), so a document whose format was guessed may be in
    /// another; false for an error about a document of the format.
    var isSyntaxError: Bool { get }
}

extension FormatReadError {
    public var sourceOffset: Int? { nil }
    public var secondSourceOffset: Int? { nil }
    public var isSyntaxError: Bool { false }
}
