/// How selectors and `sort` read JSON elements: by value, where the format
/// itself only moves their text.
extension JSONLayout {
    /// Kinds in the order `sort` puts them when a list mixes them (jq's
    /// order): null, false, true, numbers, strings, arrays, objects.
    static func sortRank(_ kind: JSONKind) -> Int {
        switch kind {
        case .null: return 0
        case .false: return 1
        case .true: return 2
        case .number: return 3
        case .string: return 4
        case .array: return 5
        case .object: return 6
        }
    }

    /// A string's value without copying when it has no escape: the bytes
    /// between its quotes; else the decoded copy.
    static func stringValue(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> KeyBytes {
        let body = range.lowerBound + 1..<range.upperBound - 1
        if firstIndex(of: UInt8(ascii: "\\"), in: source, from: body.lowerBound, to: body.upperBound) == nil {
            return .source(body)
        }
        return .owned(JSONText.decodeString(source, range))
    }

    /// What `value` is worth to selectors and `sort`: a string its decoded
    /// value (written in its quotes, which selectors compare too), a number
    /// its text (compared by exact value), another kind its text as it
    /// stands, in `sortRank`'s place (to sort objects by a field, use
    /// `--key`).
    static func itemValue(_ value: JSONValueRef, in source: UnsafeRawBufferPointer) -> ItemValue {
        switch value.kind {
        case .string: return .string(stringValue(source, value.range), written: .source(value.range))
        case .number: return .number(text: .source(value.range))
        case .null, .true, .false, .array, .object: return .other(kindRank: sortRank(value.kind), text: .source(value.range))
        }
    }

    /// The element, or with `pointer` the value at it inside the element.
    public func value(ofItem index: Int, at pointer: JSONPointer?) throws -> ItemValue? {
        ValidatedJSON.value(source, in: itemRange(index), at: pointer?.tokens ?? []).map { JSONLayout.itemValue($0, in: source) }
    }

    /// The same for an element given by its bytes alone.
    public func value(ofItemBytes item: UnsafeRawBufferPointer, at pointer: JSONPointer?) -> ItemValue? {
        guard !item.isEmpty else { return nil }
        return ValidatedJSON.value(item, in: 0..<item.count, at: pointer?.tokens ?? []).map { JSONLayout.itemValue($0, in: item) }
    }

    /// A `--key` no element has: the keys the elements do have where the
    /// pointer stops matching.
    public func keyInNoItem(_ key: String, _ pointer: JSONPointer) -> Error {
        JSONLayout.keyInNoItem(key: key, pointer: pointer, count: count, in: source) { value(ofItem: $0, at: $1) }
    }
}

extension JSONLayout {
    /// `SelectorError.keyInNoItem` for `key`, which none of `count` items
    /// whose values `value(index, pointer)` finds in `source` (valid JSON)
    /// has: with the keys the items do have, where the pointer stops
    /// matching (at the deepest prefix of it that some item has).
    static func keyInNoItem(
        key: String, pointer: JSONPointer, count: Int, in source: UnsafeRawBufferPointer,
        value: (Int, JSONPointer) -> JSONValueRef?
    ) -> Error {
        var depth = pointer.tokens.count - 1
        var keys: [String] = []
        while depth >= 0 && keys.isEmpty {
            let prefix = JSONPointer(tokens: Array(pointer.tokens.prefix(depth)))
            var seen = Set<String>()
            for index in 0..<count {
                guard let container = value(index, prefix), container.kind == .object else { continue }
                ValidatedJSON.forEachMember(source, object: container.range) { keyRange, _ in
                    let name = String(decoding: JSONText.decodeString(source, keyRange), as: UTF8.self)
                    if seen.insert(name).inserted { keys.append(name) }
                    return true
                }
            }
            if keys.isEmpty { depth -= 1 }
        }
        return SelectorError.keyInNoItem(
            key: key, at: depth >= 0 ? JSONPointer(tokens: Array(pointer.tokens.prefix(depth))).text : "",
            keys: keys)
    }
}
