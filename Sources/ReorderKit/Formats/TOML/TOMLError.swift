/// The TOML format's errors, each a `FormatError` (`offset` is a byte
/// offset into the document); the kinds every format has come from
/// `FormatErrors`, TOML's own are here.
public enum TOMLError: FormatErrors {
    public static var format: ListFormat { .toml }

    /// The document is not valid TOML 1.0: `problem` says what was
    /// expected at `offset` or what is wrong there.
    public static func syntax(problem: String, offset: Int) -> FormatError {
        FormatError(format, .invalid(problem: problem), offset: offset)
    }

    public static func redefined(key: String, reason: String, offset: Int) -> FormatError {
        FormatError(format, .redefined(key: key, reason: reason), offset: offset)
    }

    public static func resultInvalid(problem: String) -> FormatError {
        FormatError(format, .resultInvalid(problem: problem))
    }

    public static func insertIntoSections(table: String) -> FormatError {
        FormatError(format, .insertIntoSections(table: table))
    }

    /// A document of `TOMLDocument.largest` + 1 bytes or more.
    public static func tooLarge(limit: Int) -> FormatError {
        FormatError(format, .tooLarge(limit: limit))
    }

    public static func sectionsApart(key: String, header: String, offset: Int, between: String, betweenOffset: Int) -> FormatError {
        FormatError(format, .sectionsApart(key: key, header: header, between: between), offset: offset, secondOffset: betweenOffset)
    }
}
