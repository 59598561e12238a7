/// Errors of the TOML format. Each case holds the facts; the command-line
/// layer words them. `offset` is a byte offset into the document.
public enum TOMLError: Error, Equatable, Sendable {
    /// The document is not valid TOML 1.0: `problem` says what was
    /// expected at `offset` or what is wrong there.
    case syntax(problem: String, offset: Int)
    /// A key or table defined a second time, or a table extended where TOML
    /// does not allow it; `reason` says how.
    case redefined(key: String, reason: String, offset: Int)
    /// Something the reader cannot delimit with certainty; `what` says what.
    case cannotDelimit(what: String, offset: Int)
    /// Nothing at `pointer`: `reason` says what the deepest part holds.
    case nothingAtPointer(pointer: String, reason: String)
    /// The value at `pointer` is `found` (a string, a number), not a list.
    case notAList(pointer: String, found: String, offset: Int)
    /// A value to insert is not one TOML value (or `key = value` line).
    case invalidValue(value: [UInt8], reason: String)
    /// A key to insert is one the table has already.
    case keyExists(key: String)
    /// The edit would give a document that is not valid TOML; nothing is
    /// written.
    case resultInvalid(problem: String)
    /// A list of sections (the sub-tables of a table, each with all of its
    /// sections) where the section `header` (at `offset`), one of the key
    /// `key`'s, stands apart from the key's earlier sections: `between`
    /// (at `betweenOffset`) stands between them.
    /// `insert` into the list of sub-tables of `table`, which takes no new
    /// item: a new sub-table is sections of its own.
    case insertIntoSections(table: String)
    case sectionsApart(key: String, header: String, offset: Int, between: String, betweenOffset: Int)
}

extension TOMLError: FormatReadError {
    public var sourceOffset: Int? {
        switch self {
        case .syntax(_, let offset), .redefined(_, _, let offset), .cannotDelimit(_, let offset), .notAList(_, _, let offset),
             .sectionsApart(_, _, let offset, _, _):
            return offset
        default:
            return nil
        }
    }

    /// `sectionsApart`: where what stands between the sections is.
    public var secondSourceOffset: Int? {
        if case .sectionsApart(_, _, _, _, let betweenOffset) = self { return betweenOffset }
        return nil
    }
}
