extension ListFormat {
    /// Items are the rows of an RFC 4180 file after its header (see
    /// `CSVLayout`).
    public static let csv = ListFormat(
        name: "csv",
        claims: [.fileExtension("csv")],
        help: "Comma-separated values (RFC 4180; --delimiter C for another byte, as ';'). Items are the rows after the header row, which stays first (--no-header: every row is an item); a quoted field may hold the delimiter, quotes (written \"\") and line breaks. Each row keeps its bytes and quoting, each position its terminator (LF or CRLF), the file its final newline or its lack of one and its byte-order mark. --key NAME (a header's name) or --key '#N' (a column by number, counted as indices are) compares the column's decoded text; without it, a row's bytes. A row with another number of fields than the header, a blank line, an unterminated quote or a quote inside an unquoted field is refused.",
        declares: [.delimiter, .noHeader],
        words: FormatWords(name: "CSV", version: "(RFC 4180)", items: "rows", lists: "a table", oneValue: "one CSV row",
                           member: "row"),
        oneListMovesBetweenFiles: true, rowsHaveAHeader: true,
        read: { source, options in
            try CSVLayout(source, dialect: CSVDialect(tab: false, delimiter: options.delimiter ?? UInt8(ascii: ","), quoting: true),
                          header: !options.noHeader, countsFromOne: options.countsFromOne)
        })

    /// Items are the rows of a tab-separated file after its header (see
    /// `CSVLayout`): the IANA text/tab-separated-values type, which has no
    /// quoting.
    public static let tsv = ListFormat(
        name: "tsv",
        claims: [.fileExtension("tsv")],
        help: "Tab-separated values (IANA text/tab-separated-values; --delimiter C for another byte): as csv, but a field holds no tab and no line break and there is no quoting, so a field that starts with '\"' is refused (some tools quote in TSV and some do not: which is it?); read a file that quotes like CSV with --format csv --delimiter $'\\t'.",
        declares: [.delimiter, .noHeader],
        words: FormatWords(name: "TSV", version: "(text/tab-separated-values)", items: "rows", lists: "a table",
                           oneValue: "one TSV row", member: "row"),
        oneListMovesBetweenFiles: true, rowsHaveAHeader: true,
        read: { source, options in
            try CSVLayout(source, dialect: CSVDialect(tab: true, delimiter: options.delimiter ?? 0x09, quoting: false),
                          header: !options.noHeader, countsFromOne: options.countsFromOne)
        })
}

/// How a file of the CSV family separates and quotes its fields.
struct CSVDialect: Sendable {
    /// TSV, not CSV: whose words its errors use.
    let tab: Bool
    var format: ListFormat { tab ? .tsv : .csv }
    /// The byte between fields.
    let delimiter: UInt8
    /// RFC 4180's quoting: a field in `"` may hold the delimiter, `""`
    /// and line breaks. Without it (TSV), a field that starts with `"` is
    /// refused: it may be quoting or data.
    let quoting: Bool
}

/// The errors of the CSV family, each at the byte it names.
enum CSVError {
    static func wrongFieldCount(_ dialect: CSVDialect, row: Int, found: Int, expected: Int, header: Bool, offset: Int) -> FormatError {
        let against = header ? "the header has \(expected)" : "the first row has \(expected)"
        return FormatError(dialect.format, .invalid(problem: "this row has \(found) field\(found == 1 ? "" : "s"), but \(against)"),
                           offset: offset)
    }

    static func unterminatedQuote(_ dialect: CSVDialect, offset: Int) -> FormatError {
        FormatError(dialect.format, .invalid(problem: "the quoted field that starts here has no closing quote"), offset: offset)
    }

    static func quoteInUnquotedField(_ dialect: CSVDialect, offset: Int) -> FormatError {
        FormatError(dialect.format, .invalid(problem: "a quote inside a field that does not start with one; quote the whole field and write the quote twice (\"a\"\"b\")"),
                    offset: offset)
    }

    static func textAfterClosingQuote(_ dialect: CSVDialect, offset: Int) -> FormatError {
        FormatError(dialect.format, .invalid(problem: "this quote closes the quoted field, but the field goes on after it; a quote inside a quoted field is written twice (\"\")"),
                    offset: offset)
    }

    static func blankLine(_ dialect: CSVDialect, offset: Int) -> FormatError {
        FormatError(dialect.format, .cannotDelimit(what: "a blank line (a row of one empty field, or spacing? write an empty field as \"\", or remove the line)"),
                    offset: offset)
    }

    static func bareCarriageReturn(_ dialect: CSVDialect, offset: Int) -> FormatError {
        FormatError(dialect.format, .cannotDelimit(what: "a carriage return that is not before a line feed, outside quotes"), offset: offset)
    }

    static func quoteInTSV(_ dialect: CSVDialect, offset: Int) -> FormatError {
        FormatError(dialect.format, .cannotDelimit(what: "a field that starts with a quote (TSV has no quoting, but some tools quote: is it data? read a file quoted as CSV with --format csv --delimiter $'\\t')"),
                    offset: offset)
    }
}
