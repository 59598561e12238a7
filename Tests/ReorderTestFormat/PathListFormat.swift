import ReorderKit

/// A format that exists only for the tests: the fields of one
/// colon-separated line, as in `PATH` (`/usr/local/bin:/usr/bin:/bin`).
/// It is not shipped. It shows that a format needs nothing but its own
/// folder: it is defined outside `ReorderKit`, added with
/// `ListFormat.adding`, and then passes the contract suite
/// (`FormatContractTests`) and works through the command line's own code
/// paths (`TestFormatThroughCommandLineTests`), with no file of
/// `Sources/ReorderCLI/` knowing it.
///
/// The document is one line: its fields are the items, the colons between
/// them the separators, and the line's terminator (LF or CRLF, or none) the
/// tail. An empty field is an item. A second line is refused: the reader
/// cannot tell which line's fields are the list, so it does not guess.
public enum PathList {
    public static let format = ListFormat(
        name: "pathlist",
        claims: [.fileExtension("pathlist")],
        help: "Items are the fields of one colon-separated line, as in PATH; the line's terminator stays at the end. (A format of the tests only.)",
        declares: [separator],
        // What the core asks of a format rather than naming one: its one
        // list moves between files (`move --to-file`).
        oneListMovesBetweenFiles: true,
        read: read)

    /// Reads a document as the format does: for tests that define another
    /// format with this reader and other capabilities.
    @Sendable public static func read(_ source: UnsafeRawBufferPointer, _ options: ReadOptions) throws -> any FormatLayout {
        try PathListLayout(source, separator: options.formatValues[separator.name] ?? UInt8(ascii: ":"))
    }

    /// `--separator C`: the byte between fields instead of a colon (`;`,
    /// as Windows' PATH has it): an option of this format's own, which the
    /// command line lists, reads and refuses for other formats though no
    /// file of it names the option.
    public static let separator = FormatOption(
        name: "separator", placeholder: "C",
        help: "PATHLIST: the byte between fields, instead of ':'. Refused for other formats."
    ) { values, options in
        guard let text = values.last else { return }
        guard text.utf8.count == 1, let byte = text.utf8.first, byte != 0x0A, byte != 0x0D else {
            throw FormatOptionError(option: "separator", value: text, isNot: "a separator",
                                    expected: "one byte that is not a line break")
        }
        options.formatValues["separator"] = byte
    }
}

/// Where the fields of a colon-separated line are.
public struct PathListLayout: ListLayout, FormatLayout {
    public let source: UnsafeRawBufferPointer
    /// The fields' ranges, in order.
    let fields: [Range<Int>]
    /// Where the line's terminator starts (`source.count` without one).
    let end: Int
    /// The byte between fields: `:`, or `--separator`'s.
    let separatorByte: UInt8

    init(_ source: UnsafeRawBufferPointer, separator: UInt8 = UInt8(ascii: ":")) throws {
        self.source = source
        separatorByte = separator
        var end = source.count
        if let newline = source.firstIndex(of: 0x0A) {
            guard newline == source.count - 1 else {
                // Any byte after the first line's terminator is a second
                // line: which line's fields are the list?
                throw FormatError(PathList.format, .cannotDelimit(what: "a second line"), offset: newline + 1)
            }
            end = newline > 0 && source[newline - 1] == 0x0D ? newline - 1 : newline
        }
        self.end = end
        var fields = [Range<Int>](), start = 0
        for offset in 0..<end where source[offset] == separatorByte {
            fields.append(start..<offset)
            start = offset + 1
        }
        fields.append(start..<end)
        self.fields = end == 0 && source.isEmpty ? [] : fields
    }

    public var count: Int { fields.count }

    public func itemRange(_ index: Int) -> Range<Int> { fields[index] }

    public func head(resultCount: Int) -> [Piece] { [] }

    public func separator(afterPosition position: Int, resultCount: Int) -> Piece { .bytes([separatorByte]) }

    public func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] {
        end < source.count ? [.source(end..<source.count)] : []
    }

    public var separatorsAreUniform: Bool { true }

    /// A field holds no separator and no line break.
    public func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        if value.contains(where: { $0 == separatorByte || $0 == 0x0A || $0 == 0x0D }) {
            let separator = separatorByte == UInt8(ascii: ":") ? "colon" : "'" + String(UnicodeScalar(separatorByte)) + "'"
            throw FormatError(PathList.format, .invalidValue(value: value, reason: "a field holds no \(separator) and no line break"))
        }
        return value
    }

    /// A field's value: its bytes, as a string; the core selects and sorts
    /// by it.
    public func value(ofItem index: Int, at pointer: JSONPointer?) throws -> ItemValue? {
        .string(.source(fields[index]))
    }

    public func value(ofItemBytes item: UnsafeRawBufferPointer, at pointer: JSONPointer?) -> ItemValue? {
        .string(.source(0..<item.count))
    }

    /// A field has no values inside it.
    public func valuePointer(_ key: String) throws -> JSONPointer {
        throw SelectorError.keyNeedsFields(key: key, format: PathList.format)
    }
}
