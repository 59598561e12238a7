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
        read: { source, _ in try PathListLayout(source) })
}

/// Where the fields of a colon-separated line are.
public struct PathListLayout: ListLayout, FormatLayout {
    public let source: UnsafeRawBufferPointer
    /// The fields' ranges, in order.
    let fields: [Range<Int>]
    /// Where the line's terminator starts (`source.count` without one).
    let end: Int

    init(_ source: UnsafeRawBufferPointer) throws {
        self.source = source
        var end = source.count
        if let newline = source.firstIndex(of: 0x0A) {
            guard newline == source.count - 1 else {
                // Any byte after the first line's terminator is a second line.
                throw ReorderError.valueContainsTerminator(terminator: 0x0A)
            }
            end = newline > 0 && source[newline - 1] == 0x0D ? newline - 1 : newline
        }
        self.end = end
        var fields = [Range<Int>](), start = 0
        for offset in 0..<end where source[offset] == UInt8(ascii: ":") {
            fields.append(start..<offset)
            start = offset + 1
        }
        fields.append(start..<end)
        self.fields = end == 0 && source.isEmpty ? [] : fields
    }

    public var count: Int { fields.count }

    public func itemRange(_ index: Int) -> Range<Int> { fields[index] }

    public func head(resultCount: Int) -> [Piece] { [] }

    public func separator(afterPosition position: Int, resultCount: Int) -> Piece { .bytes([UInt8(ascii: ":")]) }

    public func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] {
        end < source.count ? [.source(end..<source.count)] : []
    }

    public var separatorsAreUniform: Bool { true }

    /// A field holds no colon and no line break.
    public func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        for byte in value where byte == UInt8(ascii: ":") || byte == 0x0A || byte == 0x0D {
            throw ReorderError.valueContainsTerminator(terminator: byte)
        }
        return value
    }

    /// A field's bytes.
    public func selectableValues(key: String?) throws -> SelectableValues {
        if let key { throw SelectorError.keyNeedsJSON(key: key) }
        return SelectableValues { index, test in test(UnsafeRawBufferPointer(rebasing: source[fields[index]])) }
    }

    public func selectableValues(ofItems items: [UnsafeRawBufferPointer], key: String?) throws -> SelectableValues {
        if let key { throw SelectorError.keyNeedsJSON(key: key) }
        return SelectableValues { index, test in test(items[index]) }
    }

    /// Fields in byte order, equal ones keeping theirs.
    public func sortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        if let key { throw SelectorError.keyNeedsJSON(key: key) }
        func bytes(_ index: Int) -> [UInt8] {
            let field = Array(source[fields[index]])
            return options.ignoreCase ? field.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 } : field
        }
        let keys = (0..<count).map(bytes)
        var order = Array(0..<count)
        order.sort { a, b in
            let (x, y) = options.reverse ? (keys[b], keys[a]) : (keys[a], keys[b])
            return x.lexicographicallyPrecedes(y) || (x == y && a < b)
        }
        if options.unique {
            var seen = Set<[UInt8]>()
            order = order.filter { seen.insert(keys[$0]).inserted }
        }
        return order
    }
}
