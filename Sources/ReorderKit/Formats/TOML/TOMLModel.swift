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
    /// Its key in `parent` (an element of an array of tables: the array's;
    /// the root's: empty).
    var name: String
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
    @exclusivity(unchecked) var lines = TOMLIndices()
    /// Inline tables: the braces, the members and the comma after each.
    var inline: TOMLInlineList? = nil
    /// Where the table was first named (for messages).
    var offset: Int

    init(origin: Origin, parent: TOMLTable?, name: String, offset: Int) {
        self.origin = origin
        self.parent = parent
        self.name = name
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

/// A value written after `=` or in an array: 24 bytes (its offsets as
/// `Int32`, the document being under 2 GiB; one reference for what it
/// holds). A key's value is kept in its table's entry, which its line
/// names; an array's elements in the array's list.
struct TOMLValue {
    enum Kind: UInt8, Equatable { case string, integer, float, boolean, offsetDateTime, localDateTime, localDate, localTime, array, table }
    /// What the value holds besides its bytes: an array's elements, an
    /// inline table, or a string's decoded copy (one reference for each).
    private enum Held {
        case nothing
        case array(TOMLInlineList)
        case table(TOMLTable)
        case decoded([UInt8])
    }

    private let held: Held
    private let start: Int32
    private let end: Int32
    let kind: Kind
    /// A string whose value is its source bytes between the quotes.
    private let isInPlace: Bool

    /// `decoded`: a string's value, either the source's bytes between its
    /// quotes (`range` less one byte at each end) or a copy; other values
    /// hold none. The offsets are under 2 GiB (`TOMLDocument.largest`).
    init(kind: Kind, range: Range<Int>, decoded: KeyBytes = .source(0..<0), array: TOMLInlineList? = nil, table: TOMLTable? = nil) {
        self.kind = kind
        start = Int32(truncatingIfNeeded: range.lowerBound)
        end = Int32(truncatingIfNeeded: range.upperBound)
        var isInPlace = false
        if let array {
            held = .array(array)
        } else if let table {
            held = .table(table)
        } else {
            switch decoded {
            case .owned(let bytes): held = .decoded(bytes)
            case .source(let between):
                precondition(between.isEmpty || between == range.lowerBound + 1..<range.upperBound - 1,
                             "a string's value in place is the bytes between its quotes")
                isInPlace = kind == .string
                held = .nothing
            }
        }
        self.isInPlace = isInPlace
    }

    /// Its bytes in the document.
    var range: Range<Int> { Int(start)..<Int(end) }

    /// Strings: the decoded value, as the source's bytes between the quotes
    /// when they are the value (no escape, one line), else a copy; other
    /// values: nothing.
    var decoded: KeyBytes {
        if case .decoded(let bytes) = held { return .owned(bytes) }
        return isInPlace ? .source(Int(start) + 1..<Int(end) - 1) : .source(0..<0)
    }

    /// An array's elements.
    var array: TOMLInlineList? {
        if case .array(let list) = held { return list }
        return nil
    }

    /// An inline table.
    var table: TOMLTable? {
        if case .table(let table) = held { return table }
        return nil
    }

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
    /// Tables: where each member's key starts (an array's element starts
    /// where its value does).
    @exclusivity(unchecked) var memberStarts = TOMLIndices()
    /// The comma after each item, if any.
    @exclusivity(unchecked) var commas: [Int?] = []
    /// The elements, or the members' values.
    @exclusivity(unchecked) var values: [TOMLValue] = []
    /// Tables: each member's key segments, decoded.
    @exclusivity(unchecked) var memberKeys: [TOMLKeyPath] = []
    init(open: Int) { self.open = open }

    /// Arrays: each element's bytes; tables: each member's, key to value.
    var itemRanges: [Range<Int>] { values.indices.map(itemRange) }

    /// Item `index`'s bytes (see `itemRanges`).
    func itemRange(_ index: Int) -> Range<Int> {
        let value = values[index].range
        return memberStarts.isEmpty ? value : memberStarts[index]..<value.upperBound
    }
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

/// A `key = value` line: 24 bytes. Its key and value are kept once, as
/// the entry the line defines in its table (for a dotted key, the
/// innermost of the tables it makes).
struct TOMLLine {
    /// The table the line's last key segment is defined in (unretained:
    /// the document's root holds every table its lines define keys in).
    unowned(unsafe) let table: TOMLTable
    /// The key's index in `table`.
    private let entry: Int32
    private let keyStart: Int32
    private let valueEnd: Int32
    /// A bare key of one segment: its length in bytes; any other key: minus
    /// the number of its segments.
    private let keyShape: Int32

    /// `bareKeyLength`: the key's length when it is one bare segment, else 0.
    init(table: TOMLTable, entry: Int, range: Range<Int>, segments: Int, bareKeyLength: Int) {
        self.table = table
        self.entry = Int32(truncatingIfNeeded: entry)
        keyStart = Int32(truncatingIfNeeded: range.lowerBound)
        valueEnd = Int32(truncatingIfNeeded: range.upperBound)
        keyShape = Int32(truncatingIfNeeded: bareKeyLength > 0 ? bareKeyLength : -segments)
    }

    /// How many segments the key has (1 but for a dotted key).
    var segments: Int { keyShape > 0 ? 1 : -Int(keyShape) }

    /// The key's bytes where it stands, when it is one bare segment (its
    /// value then, with no escape to decode).
    var bareKey: Range<Int>? { keyShape > 0 ? Int(keyStart)..<Int(keyStart) + Int(keyShape) : nil }

    /// The key's first byte.
    var start: Int { Int(keyStart) }

    /// From the key's first byte to the end of the value.
    var range: Range<Int> { Int(keyStart)..<Int(valueEnd) }

    /// The key's last segment, decoded.
    var key: String { table.keys[Int(entry)] }

    /// The key's segments, decoded: the names of the tables a dotted key
    /// makes, then `key`.
    var keys: TOMLKeyPath {
        if segments == 1 { return TOMLKeyPath(key) }
        var names: [String] = []
        var current = table
        for _ in 1..<segments {
            names.append(current.name)
            current = current.parent!
        }
        names.reverse()
        return TOMLKeyPath(names[0], Array(names.dropFirst()) + [key])
    }

    var value: TOMLValue {
        switch table.entries[Int(entry)] {
        case .value(let value): return value
        case .table(let inline): return TOMLValue(kind: .table, range: inline.inline!.open..<inline.inline!.close + 1, table: inline)
        case .tableArray: preconditionFailure("a line's key holds a value")
        }
    }
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
    /// Each slot: 0 when empty, else the key's index + 1 in the low
    /// `indexBits` bits and as many of its hash's high bits as fit above
    /// (4 bytes a slot; a table has fewer keys than half its slots).
    private var slots: [UInt32] = []
    /// log2 of the slots' count: an index + 1 is below 1 << indexBits.
    private var indexBits = 0
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
                // SAFETY: `offset + 8 <= bytes.count`: the eight bytes lie inside the key, read unaligned.
                hash = mix(hash ^ UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            if offset == bytes.count { return mix(hash) }
            if bytes.count >= 8 {
                // The last eight bytes, overlapping those hashed already.
                // SAFETY: `bytes.count >= 8`: the last eight bytes lie inside the key, read unaligned.
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

    /// The hash's bits kept in a slot, above the index's (the slot's place
    /// is the hash's low bits: these are others).
    @inline(__always)
    private func tag(_ hash: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: hash >> 32) & ~(UInt32.max >> (32 - indexBits))
    }

    /// The index of `key` in `keys`, or nil.
    func index(of key: String, in keys: [String]) -> Int? {
        if slots.isEmpty { return keys.firstIndex(of: key) }
        let hash = TOMLKeyIndex.hash(key)
        let tag = tag(hash), indexMask = UInt32.max >> (32 - indexBits)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry & ~indexMask == tag, keys[Int(entry & indexMask) - 1] == key { return Int(entry & indexMask) - 1 }
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
        let tag = tag(hash), indexMask = UInt32.max >> (32 - indexBits)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 {
                slots[slot] = tag | UInt32(truncatingIfNeeded: keys.count + 1)
                return true
            }
            if entry & ~indexMask == tag, keys[Int(entry & indexMask) - 1] == key { return false }
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
        indexBits = 4
        while size < capacity {
            size *= 2
            indexBits += 1
        }
        // An index + 1 and at least one bit of hash in 32 bits: a document
        // under 2 GiB has fewer keys than that.
        precondition(indexBits < 32, "a table of 2^31 keys")
        slots = [UInt32](repeating: 0, count: size)
        let mask = size - 1
        for (index, key) in keys.enumerated() {
            let hash = TOMLKeyIndex.hash(key)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = tag(hash) | UInt32(truncatingIfNeeded: index + 1)
        }
    }
}

/// Indices or offsets into a TOML document kept as `Int32` (the document
/// is under 2 GiB, `TOMLDocument.largest`): half the memory of `[Int]`, a
/// table's line indices for one.
struct TOMLIndices: RandomAccessCollection, Equatable {
    private var storage: [Int32] = []

    init() {}

    init(_ values: some Sequence<Int>) {
        storage = values.map { Int32(truncatingIfNeeded: $0) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }
    subscript(position: Int) -> Int { Int(storage[position]) }

    mutating func append(_ value: Int) { storage.append(Int32(truncatingIfNeeded: value)) }
    mutating func reserveCapacity(_ count: Int) { storage.reserveCapacity(count) }
}

/// Ranges of a TOML document's bytes kept as `Int32` pairs (see
/// `TOMLIndices`): 8 bytes a range rather than 16.
struct TOMLRanges: RandomAccessCollection {
    private var storage: [Range<Int32>] = []

    init() {}

    init(_ ranges: some Sequence<Range<Int>>) {
        storage = ranges.map { Int32(truncatingIfNeeded: $0.lowerBound)..<Int32(truncatingIfNeeded: $0.upperBound) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }
    subscript(position: Int) -> Range<Int> { Int(storage[position].lowerBound)..<Int(storage[position].upperBound) }

    mutating func append(_ range: Range<Int>) {
        storage.append(Int32(truncatingIfNeeded: range.lowerBound)..<Int32(truncatingIfNeeded: range.upperBound))
    }

    mutating func reserveCapacity(_ count: Int) { storage.reserveCapacity(count) }
}
