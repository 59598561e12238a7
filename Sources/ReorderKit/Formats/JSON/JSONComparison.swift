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

    /// What `=TEXT` and `~REGEX` compare: a string's decoded value, and any
    /// element's JSON text as it stands; with `key`, those of the value at
    /// that pointer inside each element (an element without it matches
    /// nothing; no element having it is an error).
    public func selectableValues(key: String?) throws -> SelectableValues {
        if let key { try checkSomeItemHas(key: key, source: source) }
        let pointer = try JSONPointer(parsing: key ?? "", role: .key)
        let source = self.source
        return SelectableValues { index, test in
            guard let value = value(ofItem: index, at: pointer) else { return false }
            return JSONLayout.anyText(of: value, in: source, test)
        }
    }

    /// The same for elements given by their bytes alone.
    public func selectableValues(ofItems items: [UnsafeRawBufferPointer], key: String?) throws -> SelectableValues {
        let pointer = try JSONPointer(parsing: key ?? "", role: .key)
        return SelectableValues { index, test in
            let item = items[index]
            guard !item.isEmpty, let value = ValidatedJSON.value(item, in: 0..<item.count, at: pointer.tokens) else {
                return false
            }
            return JSONLayout.anyText(of: value, in: item, test)
        }
    }

    /// Calls `test` with a string's decoded value, then with the value's
    /// JSON text, until one passes.
    static func anyText(
        of value: JSONValueRef, in source: UnsafeRawBufferPointer, _ test: (UnsafeRawBufferPointer) -> Bool
    ) -> Bool {
        if value.kind == .string {
            let decoded = JSONLayout.stringValue(source, value.range)
            if decoded.withBytes(in: source, test) { return true }
        }
        return test(UnsafeRawBufferPointer(rebasing: source[value.range]))
    }

    /// By value (see `sortKeys`); with `key`, elements without a value at
    /// it go last, in their order.
    public func sortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        if let key { try checkSomeItemHas(key: key, source: source) }
        let keys = try sortKeys(source: source, key: key, numeric: options.numeric)
        return SortKey.sortedOrder(keys, source: source, options: options)
    }

    /// Each element's sort key, by source index; nil for an element without
    /// a value at `key`.
    ///
    /// Numbers compare by exact value (`DecimalNumber`), strings by their
    /// decoded UTF-8 bytes (code point order), or with `numeric` by their
    /// leading number as lines do; arrays and objects by their JSON text as
    /// it stands (to sort objects by a field, use `key`). Kinds compare in
    /// `sortRank` order.
    func sortKeys(source: UnsafeRawBufferPointer, key: String?, numeric: Bool) throws -> [SortKey?] {
        let pointer = try JSONPointer(parsing: key ?? "", role: .key)
        return (0..<count).map { index in
            value(ofItem: index, at: pointer).map { JSONLayout.sortKey(of: $0, in: source, numeric: numeric) }
        }
    }

    /// The sort key of `value`, a value of the valid JSON `source`.
    static func sortKey(of value: JSONValueRef, in source: UnsafeRawBufferPointer, numeric: Bool) -> SortKey {
        let rank = JSONLayout.sortRank(value.kind)
        switch value.kind {
        case .number:
            let text = UnsafeRawBufferPointer(rebasing: source[value.range])
            return .number(rank: rank, DecimalNumber.read(
                text, from: 0, allowingExponent: true, sourceOffset: value.range.lowerBound))
        case .string:
            let string = JSONLayout.stringValue(source, value.range)
            guard numeric else { return .bytes(rank: rank, string) }
            switch string {
            case .source(let body):
                return .number(rank: rank, DecimalNumber.leadingNumber(
                    of: UnsafeRawBufferPointer(rebasing: source[body]), sourceOffset: body.lowerBound))
            case .owned(let bytes):
                return .number(rank: rank, bytes.withUnsafeBytes {
                    DecimalNumber.leadingNumber(of: $0, sourceOffset: nil)
                })
            }
        case .null, .true, .false:
            return .bytes(rank: rank, .owned([]))
        case .array, .object:
            return .bytes(rank: rank, .source(value.range))
        }
    }
}

extension JSONLayout {
    /// Throws `SelectorError.keyInNoItem` when the list has items and none
    /// has a value at `key`: a misspelt `--key` would otherwise sort nothing
    /// and select nothing, and a hook would pass for ever. Some items having
    /// it is fine (those without go last, or are never selected).
    func checkSomeItemHas(key: String, source: UnsafeRawBufferPointer) throws {
        try JSONLayout.checkSomeItemHas(key: key, count: count, in: source) { value(ofItem: $0, at: $1) }
    }

    /// The same for `count` items whose values `value(index, pointer)`
    /// finds in `source` (valid JSON).
    static func checkSomeItemHas(
        key: String, count: Int, in source: UnsafeRawBufferPointer, value: (Int, JSONPointer) -> JSONValueRef?
    ) throws {
        let pointer = try JSONPointer(parsing: key, role: .key)
        guard count > 0, !pointer.tokens.isEmpty else { return }
        for index in 0..<count where value(index, pointer) != nil { return }
        // The keys the items do have, where the pointer stops matching: at
        // the deepest prefix of it that some item has.
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
        throw SelectorError.keyInNoItem(
            key: key, at: depth >= 0 ? JSONPointer(tokens: Array(pointer.tokens.prefix(depth))).text : "",
            keys: keys)
    }
}
