/// What selectors and `sort` read of an object's members or of the
/// elements of a JSONC array, and how new members are checked.
extension JSONListLayout {
    /// The range of item `index`'s value in the scanned document: a
    /// member's value (after its key and colon), or the element.
    func valueRange(_ index: Int) -> Range<Int> {
        guard isObject else { return valueStarts[index]..<valueEnds[index] }
        let scanned = text.scanned
        var p = ValidatedJSON.skipWhitespace(scanned, keyRanges[index].upperBound, valueEnds[index])
        p = ValidatedJSON.skipWhitespace(scanned, p + 1, valueEnds[index])  // past ':'
        return p..<valueEnds[index]
    }

    /// The value at `pointer` inside item `index`'s value.
    func value(ofItem index: Int, at pointer: JSONPointer) -> JSONValueRef? {
        ValidatedJSON.value(text.scanned, in: valueRange(index), at: pointer.tokens)
    }

    /// A member's key (decoded), an element as in an array
    /// (`JSONLayout.itemValue`); with `pointer`, the value at it inside the
    /// item's value.
    public func value(ofItem index: Int, at pointer: JSONPointer?) throws -> ItemValue? {
        let scanned = text.scanned
        if let pointer { return value(ofItem: index, at: pointer).map { JSONLayout.itemValue($0, in: scanned) } }
        if isObject { return .string(JSONLayout.stringValue(scanned, keyRanges[index])) }
        return JSONLayout.itemValue(JSONValueRef(kind: ValidatedJSON.kind(startingWith: scanned[valueStarts[index]]),
                                                 range: valueStarts[index]..<valueEnds[index]), in: scanned)
    }

    /// Values are read in the text with its comments blanked.
    public var valueSource: UnsafeRawBufferPointer { text.scanned }

    /// The same for an item given by its bytes (comments and all); its
    /// value is a copy.
    public func value(ofItemBytes item: UnsafeRawBufferPointer, at pointer: JSONPointer?) -> ItemValue? {
        guard let text = try? JSONDocumentText(withComments: item) else { return nil }
        let scanned = text.scanned
        var p = ValidatedJSON.skipWhitespace(scanned, 0, scanned.count)
        guard p < scanned.count else { return nil }
        if isObject {
            let keyEnd = ValidatedJSON.stringEnd(scanned, p, scanned.count)
            if pointer == nil { return ItemValue.string(JSONLayout.stringValue(scanned, p..<keyEnd)).owned(in: scanned) }
            p = ValidatedJSON.skipWhitespace(scanned, keyEnd, scanned.count)
            p = ValidatedJSON.skipWhitespace(scanned, p + 1, scanned.count)
        }
        let end = ValidatedJSON.valueEnd(scanned, p, scanned.count)
        guard let value = ValidatedJSON.value(scanned, in: p..<end, at: pointer?.tokens ?? []) else { return nil }
        return withExtendedLifetime(text) { JSONLayout.itemValue(value, in: scanned).owned(in: scanned) }
    }

    /// A `--key` no item has: the keys the items do have where the pointer
    /// stops matching.
    public func keyInNoItem(_ key: String, _ pointer: JSONPointer) -> Error {
        JSONLayout.keyInNoItem(key: key, pointer: pointer, count: count, in: text.scanned) { value(ofItem: $0, at: $1) }
    }

    /// Members by key (decoded, code point order), elements by value; with
    /// `key`, by the value at that pointer inside each item's value (see
    /// `sortedByValue`). With `options.recursive`, every object inside is
    /// sorted by key too, and an array inside keeps its order; the list
    /// itself is sorted whatever it is, as without `--recursive`.
    public func sortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        try sortedOrder(options, key: key, isInside: false)
    }

    /// `isInside`: the list is a container inside an item of the list
    /// `sort --recursive` was asked for, so an array keeps its order.
    private func sortedOrder(_ options: SortOptions, key: String?, isInside: Bool) throws -> [Int] {
        if options.recursive {
            overrides.bytes = try recursiveOverrides(options)
            if !isObject && isInside { return Array(0..<count) }
        }
        return try sortedByValue(options, key: key)
    }

    /// `sort --recursive`: for each item whose value holds an object at any
    /// depth, its main part with every such object's members sorted by key.
    private func recursiveOverrides(_ options: SortOptions) throws -> [Int: [UInt8]] {
        var result: [Int: [UInt8]] = [:]
        for index in 0..<count {
            let value = valueRange(index)
            guard let sorted = try sortedContainer(at: value.lowerBound, options: options) else { continue }
            result[index] = Array(source[starts[index]..<value.lowerBound]) + sorted
        }
        return result
    }

    /// The container that starts at `open`, written with every object in it
    /// sorted by key; nil when that changes nothing (or it is no container).
    private func sortedContainer(at open: Int, options: SortOptions) throws -> [UInt8]? {
        let scanned = text.scanned
        guard scanned[open] == UInt8(ascii: "{") || scanned[open] == UInt8(ascii: "[") else { return nil }
        var inner = JSONListLayout(text: text, container: open, parentOpen: nil, firstComma: nil, firstColon: nil)
        inner.window = open..<inner.close + 1
        let order = try inner.sortedOrder(options, key: nil, isInside: true)
        guard order != Array(0..<inner.count) || !inner.overrides.bytes.isEmpty else { return nil }
        var bytes: [UInt8] = []
        inner.write(order.map { .source($0) }) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// A new element (as in an array), or a new member `"key": value`:
    /// one valid member (that no other member of the result has its key is
    /// `check`'s to say).
    public func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        guard isObject else { return try JSONLayout.newItem(value, asString: asString) }
        if asString { throw JSONErrors.stringIntoObject }
        let wrapped = [UInt8(ascii: "{")] + value + [UInt8(ascii: "}")]
        var members: [(Range<Int>, Range<Int>)] = []
        // SAFETY: the bytes of `wrapped` are only read inside the closure, and no pointer to them leaves it.
        try wrapped.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes, tokens: [])
            scanner.allowsByteOrderMark = false
            do {
                _ = try scanner.scan()
            } catch let error as FormatError {
                guard case .syntax(let problem) = error.kind, let offset = error.offset else { throw error }
                throw JSONErrors.invalidMember(value, problem: problem, at: offset)
            }
            ValidatedJSON.forEachMember(bytes, object: 0..<bytes.count) { key, value in
                members.append((key, value))
                return true
            }
        }
        guard members.count == 1 else { throw JSONErrors.invalidMember(value, problem: nil, memberCount: members.count) }
        let (key, member) = members[0]
        return Array(wrapped[key.lowerBound..<member.upperBound])
    }

    /// An object's result: no new member may have the key of a member it
    /// keeps (`keyExists`) or of another new member (`keyInsertedTwice`).
    /// Members the source has twice may stay so.
    public func check(_ arrangement: Arrangement) throws {
        guard isObject else { return }
        var newKeys: [[UInt8]] = []
        // SAFETY: the bytes of `arrangement.itemBytes` are only read inside the closure, and no pointer to them leaves it.
        arrangement.itemBytes.withUnsafeBytes { itemBytes in
            for run in arrangement.runs where run.isNewItem {
                // A new member's bytes start with its key (see `newItem`).
                let start = run.newItemBytes.lowerBound
                let keyEnd = ValidatedJSON.stringEnd(itemBytes, start, run.newItemBytes.upperBound)
                newKeys.append(JSONText.decodeString(itemBytes, start..<keyEnd))
            }
        }
        guard !newKeys.isEmpty else { return }
        var kept = Set<[UInt8]>()
        for run in arrangement.runs where !run.isNewItem {
            for index in run.start..<run.end { kept.insert(JSONText.decodeString(text.scanned, keyRanges[index])) }
        }
        var inserted = Set<[UInt8]>()
        for key in newKeys {
            if kept.contains(key) { throw JSONErrors.keyExists(key: String(decoding: key, as: UTF8.self)) }
            if !inserted.insert(key).inserted { throw JSONErrors.keyInsertedTwice(key: String(decoding: key, as: UTF8.self)) }
        }
    }
}
