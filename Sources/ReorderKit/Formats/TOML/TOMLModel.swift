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
    /// Each key's index in `keys`.
    @exclusivity(unchecked) private var places = TOMLKeyIndex()
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
        places.index(of: key, in: keys).map { entries[$0] }
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
        guard places.add(key, in: keys) else { return false }
        keys.append(key)
        entries.append(entry)
        return true
    }

    /// Room for `count` more keys at once, rather than a table that grows
    /// (and hashes every key again) as they come.
    func reserveCapacity(adding count: Int) {
        places.reserveCapacity(keys.count + count, in: keys)
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
    /// when they are the value (no escape, one line), else a copy; other
    /// values: nothing (and nothing to retain when a value is copied).
    var decoded: KeyBytes = .source(0..<0)
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

/// Where each key of a table is in its list of keys: a short list is
/// searched, a long one hashed (open addressing, linear probing). The hash
/// is of the key's bytes, eight at a time, with a seed drawn once a run, so
/// that no file can be written to make every key collide; Swift's own
/// dictionary spends twice the instructions a key on SipHash and more.
struct TOMLKeyIndex {
    /// Each slot: 0 when empty, else the key's index + 1 in the low 32
    /// bits and the high 32 bits of its hash above.
    private var slots: [UInt64] = []
    /// A table this short is searched in order.
    static let searched = 8

    private static let seed = UInt64.random(in: 0...UInt64.max) | 1

    static func hash(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { bytes in
            var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
            guard let base = bytes.baseAddress else { return mix(hash) }
            var offset = 0
            while offset + 8 <= bytes.count {
                hash = mix(hash ^ UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            if offset == bytes.count { return mix(hash) }
            if bytes.count >= 8 {
                // The last eight bytes, overlapping those hashed already.
                return mix(hash ^ UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)))
            }
            var tail: UInt64 = 0
            while offset < bytes.count {
                tail = tail << 8 | UInt64(base[offset])
                offset += 1
            }
            return mix(hash ^ tail)
        }
    }

    /// One round of a 64-bit mixer (a multiply and two xor-shifts).
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = x &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 29)
    }

    /// The index of `key` in `keys`, or nil.
    func index(of key: String, in keys: [String]) -> Int? {
        if slots.isEmpty { return keys.firstIndex(of: key) }
        let hash = TOMLKeyIndex.hash(key)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry >> 32 == hash >> 32, keys[Int(entry & 0xFFFF_FFFF) - 1] == key { return Int(entry & 0xFFFF_FFFF) - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Records that `key` is `keys.count`, the next in `keys`, unless
    /// `keys` has it already: then false.
    mutating func add(_ key: String, in keys: [String]) -> Bool {
        if slots.isEmpty {
            if keys.count < TOMLKeyIndex.searched { return !keys.contains(key) }
            rebuild(capacity: 2 * (keys.count + 1), keys)
        } else if 2 * (keys.count + 1) > slots.count {
            rebuild(capacity: 2 * (keys.count + 1), keys)
        }
        let hash = TOMLKeyIndex.hash(key)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 {
                slots[slot] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(keys.count + 1)
                return true
            }
            if entry >> 32 == hash >> 32, keys[Int(entry & 0xFFFF_FFFF) - 1] == key { return false }
            slot = (slot + 1) & mask
        }
    }

    /// Room for `count` keys in all.
    mutating func reserveCapacity(_ count: Int, in keys: [String]) {
        if count >= TOMLKeyIndex.searched && 2 * count > slots.count { rebuild(capacity: 2 * count, keys) }
    }

    /// Slots for `keys`, at least `capacity` of them (a power of two).
    private mutating func rebuild(capacity: Int, _ keys: [String]) {
        var size = 16
        while size < capacity { size *= 2 }
        slots = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        for (index, key) in keys.enumerated() {
            let hash = TOMLKeyIndex.hash(key)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(index + 1)
        }
    }
}
