/// What `reorder diff`, `sort --like` and `edit` match items by.
public enum ListItemKey: Hashable, Sendable {
    /// The item's text, or the value at `--key` inside it.
    case text([UInt8])
    /// An item without a value at `--key`: matches nothing else.
    case unique(Int)
}

extension ListDocument {
    /// Each source item's key: its one-line value text as `insert` takes it
    /// (so that a JSON element's layout or a comment above it does not make
    /// it another item), or its bytes; with `key`, the first text selectors
    /// compare at that pointer inside it (a string's decoded value).
    public func itemKeys(key: String?) throws -> [ListItemKey] {
        guard let key else {
            return (0..<count).map { index in .text(layout.valueText(ofItem: index) ?? Array(itemBytes(index))) }
        }
        let values = try layout.selectableValues(key: key)
        return (0..<count).map { index in
            var first: [UInt8]? = nil
            _ = values.anyText(index) { bytes in
                first = Array(bytes)
                return true
            }
            return first.map(ListItemKey.text) ?? .unique(index)
        }
    }

    /// The items' texts as `insert` takes them (nil: not on one line).
    public func itemValues() -> [[UInt8]?] {
        (0..<count).map { layout.valueText(ofItem: $0) }
    }
}

/// Numbers for byte strings: equal bytes, one number; kept in one buffer
/// and an open-addressing table, so that a million keys cost no allocation
/// each and no `Hashable` witness calls.
public struct KeyInterner {
    private var storage: [UInt8] = []
    /// By number: where its bytes start in `storage` (they end where the
    /// next number's start).
    private var starts: [Int] = [0]
    /// A slot: the hash and the number + 1 (0: empty), side by side, so
    /// that a probe costs one cache line.
    private struct Slot {
        var hash: UInt64
        var id: Int
    }
    private var slots: [Slot]
    private var used = 0
    /// Numbers given to items without bytes (`unique`).
    private var extra = 0

    public init(capacity: Int = 0) {
        var size = 1024
        while size < capacity * 2 { size *= 2 }
        slots = [Slot](repeating: Slot(hash: 0, id: 0), count: size)
        starts.reserveCapacity(capacity + 1)
    }

    /// How many numbers were given.
    public var count: Int { used + extra }

    /// The number of `bytes`; with `insert`, a new one when they are new,
    /// else -1.
    public mutating func number(of bytes: UnsafeRawBufferPointer, insert: Bool) -> Int {
        let hash = KeyInterner.hash(bytes)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash >> 20) & mask
        let found: Int? = slots.withUnsafeBufferPointer { slots in
            storage.withUnsafeBytes { stored in
                while slots[index].id != 0 {
                    let slot = slots[index]
                    if slot.hash == hash {
                        let id = slot.id - 1
                        let start = starts[id], end = starts[id + 1]
                        if end - start == bytes.count
                            && (bytes.isEmpty || memoryEqual(stored.baseAddress! + start, bytes.baseAddress!, bytes.count)) {
                            return id
                        }
                    }
                    index = (index + 1) & mask
                }
                return nil
            }
        }
        if let found { return found }
        guard insert else { return -1 }
        let id = used
        used += 1
        storage.append(contentsOf: bytes)
        starts.append(storage.count)
        slots[index] = Slot(hash: hash, id: id + 1)
        if used * 2 > slots.count { grow() }
        return id
    }

    /// A number no bytes have (an item without a value at `--key`).
    public mutating func uniqueNumber() -> Int {
        extra += 1
        return Int(Int32.max) - extra
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(hash: 0, id: 0), count: slots.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.id != 0 {
            var index = Int(truncatingIfNeeded: slot.hash >> 20) & mask
            while slots[index].id != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// 64-bit FNV-1a over eight bytes at a time, then mixed.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        var p = 0
        let count = bytes.count
        while p + 8 <= count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: p, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
            p += 8
        }
        while p < count {
            hash = (hash ^ UInt64(bytes[p])) &* 0x0000_0100_0000_01B3
            p += 1
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        return hash
    }
}

extension ListDocument {
    /// Calls `body` with each item's key bytes (see `itemKeys`): for lines,
    /// the item where it stands, with no copy; nil for an item without a
    /// value at `key`.
    public func forEachItemKey(key: String?, _ body: (Int, UnsafeRawBufferPointer?) -> Void) throws {
        if let key {
            let values = try layout.selectableValues(key: key)
            for index in 0..<count {
                var found = false
                _ = values.anyText(index) { bytes in
                    body(index, bytes)
                    found = true
                    return true
                }
                if !found { body(index, nil) }
            }
            return
        }
        if layout is LinesLayout {
            for index in 0..<count { body(index, itemBytes(index)) }
            return
        }
        for index in 0..<count {
            if let text = layout.valueText(ofItem: index) {
                text.withUnsafeBytes { body(index, $0) }
            } else {
                body(index, itemBytes(index))
            }
        }
    }
}
