/// `--key` to suggest when `=TEXT` selects no item of a list whose items
/// are objects: the pointer, inside an item, of a member whose value is the
/// string TEXT (`=core` on `[{"name": "core"}]` suggests `--key /name`).
enum JSONKeySuggestion {
    /// The pointer of the shallowest member whose value is the string
    /// `text` (the first item's, of those equally deep), among `count`
    /// items whose values are `value(index)`, ranges of the validated
    /// `source`; nil when there is none. Bounded, so that a huge list costs
    /// little on its way to an error.
    static func pointer(
        toText text: [UInt8], count: Int, in source: UnsafeRawBufferPointer, value: (Int) -> Range<Int>
    ) -> String? {
        var budget = 100_000
        // Breadth-first through every item's objects at once.
        var queue: [(range: Range<Int>, tokens: [String])] = (0..<min(count, budget)).map { (value($0), []) }
        var next = 0
        while next < queue.count && budget > 0 {
            let (range, tokens) = queue[next]
            next += 1
            budget -= 1
            guard source[range.lowerBound] == UInt8(ascii: "{") else { continue }
            var found: String? = nil
            ValidatedJSON.forEachMember(source, object: range) { keyRange, valueRange in
                budget -= 1
                switch source[valueRange.lowerBound] {
                case UInt8(ascii: "\""):
                    if JSONText.decodeString(source, valueRange) == text {
                        let key = String(decoding: JSONText.decodeString(source, keyRange), as: UTF8.self)
                        found = JSONPointer(tokens: tokens + [key]).text
                    }
                case UInt8(ascii: "{"):
                    let key = String(decoding: JSONText.decodeString(source, keyRange), as: UTF8.self)
                    queue.append((valueRange, tokens + [key]))
                default:
                    break
                }
                return found == nil && budget > 0
            }
            if let found { return found }
        }
        return nil
    }
}

extension JSONLayout {
    public func keySuggestion(forText text: [UInt8]) -> String? {
        JSONKeySuggestion.pointer(toText: text, count: count, in: source) { itemRange($0) }
    }
}

extension JSONListLayout {
    public func keySuggestion(forText wanted: [UInt8]) -> String? {
        JSONKeySuggestion.pointer(toText: wanted, count: count, in: text.scanned) { valueRange($0) }
    }
}
