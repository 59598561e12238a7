/// What `reorder diff`, `sort --like` and `edit` match items by.
public enum ItemKey: Hashable, Sendable {
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
    public func itemKeys(key: String?) throws -> [ItemKey] {
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
            return first.map(ItemKey.text) ?? .unique(index)
        }
    }

    /// The items' texts as `insert` takes them (nil: not on one line).
    public func itemValues() -> [[UInt8]?] {
        (0..<count).map { layout.valueText(ofItem: $0) }
    }
}
