/// What the TOML reader builds: tables with their entries in document
/// order, inline arrays with their elements' places, and the sections
/// (`[table]`, `[[array]]`) and key/value lines of the document.

/// A table: the root, one opened by a header, one made by the path of a
/// header or of a dotted key, an element of an array of tables, or an
/// inline table.
final class TOMLTable {
    enum Origin: Equatable {
        case root
        /// Defined by a `[header]`.
        case header
        /// Made by a header's path (`a` of `[a.b]`); a later `[a]` defines it.
        case implicit
        /// Made by a dotted key in the section or inline table `scope`.
        case dotted(scope: Int)
        /// An inline table `{…}`: closed to every later addition.
        case inline
        /// An element of an array of tables (`[[a]]`).
        case element
    }

    var origin: Origin
    unowned(unsafe) var parent: TOMLTable?
    // The reader appends to these once a line; nothing else holds an
    // access to them across a call, so the run-time exclusivity check (an
    // eighth of the reader's instructions on a table of 100 000 keys) is
    // left out.
    /// Keys in document order.
    @exclusivity(unchecked) private(set) var keys: [String] = []
    /// What each key holds, in the order of `keys`.
    @exclusivity(unchecked) private(set) var entries: [TOMLEntry] = []
    /// Each key's index in `keys`: the dictionary holds 4 bytes a key
    /// besides the key, not the entry (a table of 100 000 keys is a
    /// dictionary of 262 144 places).
    @exclusivity(unchecked) private var places: [String: Int32] = [:]
    /// Header tables and elements: the section the header opens.
    var section: Int? = nil
    /// The key/value lines that define something in this table, directly
    /// or by a dotted key through it (indices into `TOMLDocument.lines`).
    @exclusivity(unchecked) var lines: [Int] = []
    /// Inline tables: the braces, the members and the comma after each.
    var inline: TOMLInlineList? = nil
    /// Where the table was first named (for messages).
    var offset: Int

    init(origin: Origin, parent: TOMLTable?, offset: Int) {
        self.origin = origin
        self.parent = parent
        self.offset = offset
    }

    /// What `key` holds, or nil.
    subscript(key: String) -> TOMLEntry? {
        places[key].map { entries[Int($0)] }
    }

    /// Adds `key` with `entry`; the caller knows it is new.
    func set(_ key: String, _ entry: TOMLEntry) {
        let added = add(key, entry)
        assert(added, "a key set twice")
    }

    /// Adds `key` with `entry`, unless the table has it already: then
    /// false, and the table is not to be used again (the document is in
    /// error); one look-up either way.
    @inline(__always)
    func add(_ key: String, _ entry: consuming TOMLEntry) -> Bool {
        guard places.updateValue(Int32(truncatingIfNeeded: keys.count), forKey: key) == nil else { return false }
        keys.append(key)
        entries.append(entry)
        return true
    }

    /// Room for `count` more keys at once, rather than a table that grows
    /// (and hashes every key again) as they come.
    func reserveCapacity(adding count: Int) {
        places.reserveCapacity(keys.count + count)
        keys.reserveCapacity(keys.count + count)
        entries.reserveCapacity(keys.count + count)
    }
}

/// One key's content.
enum TOMLEntry {
    case value(TOMLValue)
    case table(TOMLTable)
    case tableArray(TOMLTableArray)
}

/// An array of tables, made by `[[a]]` headers.
final class TOMLTableArray {
    var elements: [TOMLTable] = []
}

/// A value written after `=` or in an array.
struct TOMLValue {
    enum Kind: Equatable { case string, integer, float, boolean, offsetDateTime, localDateTime, localDate, localTime, array, table }
    let kind: Kind
    /// Its bytes in the document.
    let range: Range<Int>
    /// Strings: the decoded value, as the source's bytes between the quotes
    /// when they are the value (no escape, one line), else a copy.
    var decoded: KeyBytes = .owned([])
    var array: TOMLInlineList? = nil
    var table: TOMLTable? = nil

    /// A string's value as a Swift string.
    func string(in source: UnsafeRawBufferPointer) -> String {
        decoded.withBytes(in: source) { String(decoding: $0, as: UTF8.self) }
    }
}

/// The items of an inline array or an inline table, between its brackets.
final class TOMLInlineList {
    let open: Int
    var close = 0
    // Set while the reader reads the list and read once an item after: no
    // run-time exclusivity check (as for `TOMLTable`'s keys).
    /// Arrays: each element's bytes; tables: each member's, key to value.
    @exclusivity(unchecked) var itemRanges: [Range<Int>] = []
    /// The comma after each item, if any.
    @exclusivity(unchecked) var commas: [Int?] = []
    /// The elements, or the members' values.
    @exclusivity(unchecked) var values: [TOMLValue] = []
    /// Tables: each member's key segments, decoded.
    @exclusivity(unchecked) var memberKeys: [TOMLKeyPath] = []
    init(open: Int) { self.open = open }
}

/// A `[table]` or `[[array]]` header and the lines under it; the root
/// section (before any header) has none.
struct TOMLSection {
    /// From its `[` to after its last `]` (empty for the root).
    let header: Range<Int>
    let isArray: Bool
    /// The header's keys, decoded.
    let path: TOMLKeyPath
    /// The table it opens.
    let table: TOMLTable
    /// Its key/value lines (indices into `TOMLDocument.lines`).
    var lines: Range<Int>
}

/// A `key = value` line.
struct TOMLLine {
    /// From the key's first byte to the end of the value.
    let range: Range<Int>
    /// The key's segments, decoded.
    let keys: TOMLKeyPath
    let value: TOMLValue
    let section: Int
}

/// A key's segments, decoded: `a` of `a = 1`, `a`, `b` of `a.b = 1`. Most
/// keys have one segment, kept without an array of its own (an allocation
/// a line on a table of many keys).
struct TOMLKeyPath: RandomAccessCollection, Equatable {
    private let head: String
    private let rest: [String]
    let count: Int

    /// The root's: no segment.
    init() {
        head = ""
        rest = []
        count = 0
    }

    init(_ head: String, _ rest: [String] = []) {
        self.head = head
        self.rest = rest
        count = rest.count + 1
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> String {
        precondition(position >= 0 && position < count, "a key segment out of range")
        return position == 0 ? head : rest[position - 1]
    }
}
