/// The options of the CSV family, declared here and nowhere else: the
/// command line lists them in its table, help and refusals from
/// `ListFormat.csv.declares`, and every other format refuses them.
extension FormatOption {
    /// `--delimiter C`: the byte between fields, instead of `,` (CSV) or a
    /// tab (TSV).
    static let delimiter = FormatOption(
        name: "delimiter", placeholder: "C",
        help: "CSV, TSV: the byte between fields, instead of ',' (CSV) or a tab (TSV): one byte, not a quote or a line break ('\\t' is a tab). Refused for other formats.",
        listedAfter: "document", brief: "CSV, TSV: the byte between fields", valueName: "delimiter (one byte)"
    ) { values, options in
        guard let text = values.last else { return }
        let byte: UInt8? = text == "\\t" ? 0x09 : text.utf8.count == 1 ? text.utf8.first : nil
        guard let byte, CSVDialect.canDelimit(byte) else {
            throw FormatOptionError(option: "delimiter", value: text, isNot: "a delimiter",
                                    expected: "one byte that is not a quote or a line break (',', ';', '|', or $'\\t' or '\\t' for a tab)")
        }
        options.delimiter = byte
    }

    /// `--no-header`: the first row is an item like the others.
    static let noHeader = FormatOption(
        name: "no-header",
        help: "CSV, TSV: the first row is an item like the others, not a header. Refused for other formats.",
        listedAfter: "delimiter", brief: "CSV, TSV: the first row is an item, not a header"
    ) { _, options in
        options.noHeader = true
    }
}

extension ReadOptions {
    /// CSV, TSV: `--delimiter C`, the byte between fields (nil: the
    /// format's own, `,` or a tab).
    public var delimiter: UInt8? {
        get { formatValues[FormatOption.delimiter.name] }
        set { formatValues[FormatOption.delimiter.name] = newValue }
    }

    /// CSV, TSV: `--no-header`: the first row is an item, not the header.
    public var noHeader: Bool {
        get { formatValues[FormatOption.noHeader.name] ?? false }
        set { formatValues[FormatOption.noHeader.name] = newValue }
    }
}

extension CSVDialect {
    /// Whether `byte` may part fields: not a quote, nor a line break. The
    /// one rule, for `--delimiter` and for the reader.
    static func canDelimit(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: "\"") && byte != 0x0A && byte != 0x0D
    }
}
