extension ValueConversion {
    /// JSON (with comments or not): an item's value is its own text, on
    /// one line; a member's key is its string. An item that holds a comment
    /// would lose it.
    static let json = ValueConversion(
        lostParts: { item in JSONTokens(item) == nil ? "a comment" : nil },
        read: { item, _, keyed in
            guard let tokens = JSONTokens(item) else { throw Uncertain.value }
            guard keyed else { return (nil, JSONTokens.compact(tokens.list[...])) }
            guard tokens.list.count >= 3, tokens.list[0].first == 0x22, tokens.list[1] == [0x3A] else { throw Uncertain.value }
            return (tokens.list[0], JSONTokens.compact(tokens.list.dropFirst(2)))
        },
        write: { key, value in key.map { $0 + Array(": ".utf8) + value } ?? value })
}
