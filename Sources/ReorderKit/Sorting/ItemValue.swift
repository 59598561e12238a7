/// What an item is worth to selectors (`=TEXT`, `~REGEX`), `sort` (`-n`,
/// `-i`, `-u`, `--key`), `diff`'s and `sort --like`'s keys with `--key`:
/// the one answer a format gives about an item's value
/// (`FormatLayout.value(ofItem:at:)`). Every format's items are strings
/// (a line, a YAML scalar, a TOML value's text, a key), but JSON's: its
/// numbers compare by value and its other kinds in jq's order.
///
/// Bytes held as `.source` are a range of the buffer the item was read
/// from: the layout's `valueSource`, or the item's own bytes.
public enum ItemValue: Equatable, Sendable {
    /// A string, decoded. `written` is the string as the document writes it
    /// when selectors compare that too (a JSON string in its quotes).
    case string(KeyBytes, written: KeyBytes? = nil)
    /// A number as written (a JSON number): `sort` compares it by exact
    /// value, with or without `-n`; selectors compare its text.
    case number(text: KeyBytes)
    /// A value of another kind, by its text as it stands; `kindRank` places
    /// its kind among the others (see `ItemValue.numberRank`).
    case other(kindRank: Int, text: KeyBytes)

    /// Where numbers and strings stand among the kinds: a kind ranked
    /// lower sorts before numbers (JSON's null, false, true), higher after
    /// strings (JSON's arrays, objects).
    public static let numberRank = 3
    public static let stringRank = 4

    /// The text the value is matched by first: a string's decoded value,
    /// another value's text (what `diff --key` matches items by).
    public var primaryBytes: KeyBytes {
        switch self {
        case .string(let bytes, _): return bytes
        case .number(let text), .other(_, let text): return text
        }
    }

    /// The value with every byte a copy of its own.
    public func owned(in source: UnsafeRawBufferPointer) -> ItemValue {
        switch self {
        case .string(let bytes, let written): return .string(bytes.owned(in: source), written: written?.owned(in: source))
        case .number(let text): return .number(text: text.owned(in: source))
        case .other(let rank, let text): return .other(kindRank: rank, text: text.owned(in: source))
        }
    }

    /// Calls `test` with each text `=TEXT` and `~REGEX` compare (a string's
    /// decoded value, then its written text; another value's text) until
    /// one passes.
    func anyText(in source: UnsafeRawBufferPointer, _ test: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        switch self {
        case .string(let bytes, let written):
            if bytes.withBytes(in: source, test) { return true }
            return written?.withBytes(in: source, test) ?? false
        case .number(let text), .other(_, let text):
            return text.withBytes(in: source, test)
        }
    }
}

extension SortKey {
    /// What `value` sorts by: a number by exact value; a string by its
    /// bytes, or with `numeric` by its leading number (as `sort -n` reads
    /// a line); another kind by its text; kinds first by rank.
    init(_ value: ItemValue, in source: UnsafeRawBufferPointer, numeric: Bool) {
        switch value {
        case .number(let text):
            switch text {
            case .source(let range):
                self = .number(rank: ItemValue.numberRank, DecimalNumber.read(
                    // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
                    UnsafeRawBufferPointer(rebasing: source[range]), from: 0, allowingExponent: true,
                    sourceOffset: range.lowerBound))
            case .owned(let bytes):
                // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
                self = .number(rank: ItemValue.numberRank, bytes.withUnsafeBytes {
                    DecimalNumber.read($0, from: 0, allowingExponent: true, sourceOffset: nil)
                })
            }
        case .string(let bytes, _):
            guard numeric else {
                self = .bytes(rank: ItemValue.stringRank, bytes)
                return
            }
            switch bytes {
            case .source(let range):
                self = .number(rank: ItemValue.stringRank, DecimalNumber.leadingNumber(
                    // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
                    of: UnsafeRawBufferPointer(rebasing: source[range]), sourceOffset: range.lowerBound))
            case .owned(let bytes):
                // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
                self = .number(rank: ItemValue.stringRank, bytes.withUnsafeBytes {
                    DecimalNumber.leadingNumber(of: $0, sourceOffset: nil)
                })
            }
        case .other(let rank, let text):
            self = .bytes(rank: rank, text)
        }
    }
}

/// Selecting, sorting and keys by value, once for every format: a format
/// answers only what item `i`'s value is (`value(ofItem:at:)`).
extension FormatLayout {
    public var valueSource: UnsafeRawBufferPointer { source }

    public var valuesAreReadableOnTwoThreads: Bool { false }

    public func valuePointer(_ key: String) throws -> JSONPointer {
        try JSONPointer(parsing: key, role: .key)
    }

    public func keyInNoItem(_ key: String, _ pointer: JSONPointer) -> Error {
        SelectorError.keyInNoItem(key: key, at: "", keys: [])
    }

    /// The pointer `--key` names, and whether some item has a value there:
    /// a misspelt `--key` would otherwise sort nothing and select nothing,
    /// and a hook would pass for ever. Some items having it is fine (those
    /// without go last, or are never selected).
    func checkedPointer(_ key: String?) throws -> JSONPointer? {
        guard let key else { return nil }
        let pointer = try valuePointer(key)
        guard count > 0 else { return pointer }
        for index in 0..<count where try value(ofItem: index, at: pointer) != nil { return pointer }
        throw keyInNoItem(key, pointer)
    }

    /// What `=TEXT` and `~REGEX` compare, by source index (see
    /// `ItemValue.anyText`); with `key`, the value at that pointer inside
    /// each item (an item without it matches nothing).
    public func selectableValues(key: String?) throws -> SelectableValues {
        let pointer = try checkedPointer(key)
        let source = valueSource
        return SelectableValues { index, test in
            guard let value = try value(ofItem: index, at: pointer) else { return false }
            return value.anyText(in: source, test)
        }
    }

    /// The same for items given by their bytes alone (the list as a
    /// sequential batch has made it, new items included).
    public func selectableValues(ofItems items: [UnsafeRawBufferPointer], key: String?) throws -> SelectableValues {
        let pointer = try key.map { try valuePointer($0) }
        return SelectableValues { index, test in
            guard let value = value(ofItemBytes: items[index], at: pointer) else { return false }
            return value.anyText(in: items[index], test)
        }
    }

    public func sortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        try sortedByValue(options, key: key)
    }

    /// The source indices sorted by value (`SortKey`): stable, with
    /// `options.unique` the first of equal items kept; with `key`, items
    /// without a value at it go last, in their order, whatever the
    /// direction.
    public func sortedByValue(_ options: SortOptions, key: String?) throws -> [Int] {
        let pointer = try key.map { try valuePointer($0) }
        let source = valueSource
        if let order = try sortedBySourceStrings(options, key: key, pointer: pointer) { return order }
        var keys: [SortKey?] = []
        keys.reserveCapacity(count)
        var someHasValue = false
        for index in 0..<count {
            guard let value = try value(ofItem: index, at: pointer) else {
                keys.append(nil)
                continue
            }
            someHasValue = true
            keys.append(SortKey(value, in: source, numeric: options.numeric))
        }
        if let key, let pointer, count > 0, !someHasValue { throw keyInNoItem(key, pointer) }
        return SortKey.sortedOrder(keys, source: source, options: options)
    }
}

extension FormatLayout {
    /// `sortedByValue` where every value is a string that stands in
    /// `valueSource` without an escape (the keys of a JSON object, names at
    /// a `--key`), compared as bytes: sorted where they stand, with no
    /// `SortKey` made. Nil, for the general way, at the first value that is
    /// not such a string, or with `--numeric`.
    private func sortedBySourceStrings(_ options: SortOptions, key: String?, pointer: JSONPointer?) throws -> [Int]? {
        let source = valueSource
        guard !options.numeric, count > 0, count < Int(UInt32.max), source.baseAddress != nil else { return nil }
        // A long list whose values can be read on any thread: its second
        // half on the lent one (a YAML mapping's value is a walk over its
        // lines, about 1 000 instructions an item).
        var strings: SourceStrings
        if valuesAreReadableOnTwoThreads, let lender = options.lender, count >= twoThreadValues {
            let half = count / 2..<count
            let second = SecondHalfValues()
            // SAFETY: the lent thread only reads the layout and the pointer, and onBoth waits for it before this returns.
            let layout = UncheckedSendable((self, pointer))
            var first: Result<SourceStrings?, Error> = .success(nil)
            lender.onBoth({ first = Result { try sourceStrings(0..<half.lowerBound, pointer: pointer) } }, {
                second.result = Result { try layout.value.0.sourceStrings(half, pointer: layout.value.1) }
            })
            // The first half's answer first, as one pass would give it.
            guard let firstPart = try first.get(), let secondPart = try second.result!.get() else { return nil }
            strings = firstPart
            guard strings.append(secondPart) else { return nil }
        } else {
            guard let all = try sourceStrings(0..<count, pointer: pointer) else { return nil }
            strings = all
        }
        let missing = strings.missing
        if missing.count == count {
            if let key, let pointer { throw keyInNoItem(key, pointer) }
            return missing
        }
        let order = strings.keys.sortedOrder(options)
        if missing.isEmpty { return order }
        // Indices among the present ones back to source indices; the
        // missing go last, in their order.
        var present: [Int] = []
        present.reserveCapacity(count - missing.count)
        var next = 0
        for index in 0..<count {
            if next < missing.count && missing[next] == index { next += 1 } else { present.append(index) }
        }
        return order.map { present[$0] } + missing
    }

    /// The values of the items in `range` where each is a string that
    /// stands in `valueSource` without an escape: where each starts and
    /// its length, in order, and the items without a value. Nil at the
    /// first value that is not such a string.
    private func sourceStrings(_ range: Range<Int>, pointer: JSONPointer?) throws -> SourceStrings? {
        guard var part = SourceStrings(source: valueSource, count: range.count) else { return nil }
        for index in range {
            guard let value = try value(ofItem: index, at: pointer) else {
                part.missing.append(index)
                continue
            }
            guard case .string(.source(let found), _) = value, part.keys.append(sourceRange: found) else { return nil }
        }
        return part
    }
}

/// What `sourceStrings` finds in part of a list: the keys of the items
/// with a value, and the items without one.
private struct SourceStrings {
    var keys: ByteKeys
    var missing: [Int] = []

    init?(source: UnsafeRawBufferPointer, count: Int) {
        guard let keys = ByteKeys(source: source, count: count) else { return nil }
        self.keys = keys
    }

    /// The part after this one; false when the keys together are too many.
    mutating func append(_ next: SourceStrings) -> Bool {
        missing += next.missing
        return keys.append(contentsOf: next.keys)
    }
}

/// The second half's values, read on a lent thread; read by its starter
/// once it is done.
// SAFETY: the lent thread writes `result` before its wait returns, and the starter reads it only after that wait.
private final class SecondHalfValues: @unchecked Sendable {
    var result: Result<SourceStrings?, Error>? = nil
}

/// Lists this long or longer read their values on two threads, where the
/// format allows (`FormatLayout.valuesAreReadableOnTwoThreads`).
private let twoThreadValues = 16_384

extension SortKey {
    /// `values` (strings of their own: a list's texts a format computes
    /// for one sort) in sorted order, as `FormatLayout.sortedByValue`.
    static func sortedOrder(ofTexts texts: [[UInt8]?], _ options: SortOptions) -> [Int] {
        // SAFETY: an empty buffer with no address: only empty ranges and owned keys are read through it.
        let none = UnsafeRawBufferPointer(start: nil, count: 0)
        let keys = texts.map { text in text.map { SortKey(.string(.owned($0)), in: none, numeric: options.numeric) } }
        return SortKey.sortedOrder(keys, source: none, options: options)
    }
}
