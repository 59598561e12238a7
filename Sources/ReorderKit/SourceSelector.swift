/// What stands where a source index goes (move FROM, swap I J, delete AT):
/// an index, or a choice of items by value or by range.
///
/// | written    | selects                                                    |
/// |------------|------------------------------------------------------------|
/// | `2`, `-1`  | the item at that source index                              |
/// | `=TEXT`    | every item whose text is TEXT (everything after the first  |
/// |            | `=` is literal: `==x` selects `=x`, `=42` the item `42`)   |
/// | `~REGEX`   | every item that REGEX matches somewhere (Swift `Regex`)    |
/// | `A...B`    | source indices A through B; `A...` to the end, `...B`      |
/// | `A..<B`    | source indices A up to, not including, B; also `..<B`      |
/// | `I,J,K`    | every item any part selects                                |
///
/// In a list, a part that starts with `=` or `~` takes the rest of the
/// argument, commas included: `0,=a,b` is index 0 and the item `a,b`. So a
/// list holds at most one value part, at its end; to select several values,
/// use one regex (`~^(core|utils)$`).
///
/// Lines: `=TEXT` compares the line's bytes, without its terminator, exactly;
/// `~REGEX` matches the line read as UTF-8, where a byte that is not valid
/// UTF-8 reads as U+FFFD (so `~^caf.$` matches `caf\xE9`).
///
/// JSON: `=TEXT` selects a string element whose decoded value is TEXT, or an
/// element whose JSON text is TEXT (`=42` selects `42` and `"42"`, `=null`
/// selects `null` and `"null"`); `~REGEX` selects an element when REGEX
/// matches its decoded string value or its JSON text. With `--key PTR`, both
/// look at the value at PTR inside each element instead; an element without
/// it is never selected.
public enum SourceSelector: Equatable, Sendable, CustomStringConvertible {
    /// One item by index.
    case index(UserIndex)
    /// `=TEXT`: items whose text is `text`: the argument's own bytes, which
    /// need not be UTF-8 (`=caf\xE9` selects a Latin-1 line).
    case text([UInt8])
    /// `~REGEX`: items `pattern` matches. Compiled when parsed, to report a
    /// bad pattern before any file is read, and again when resolved
    /// (`Regex` is not `Sendable`).
    case pattern(String)
    /// `A...B` (`closed`) or `A..<B`; a missing bound is the list's start or
    /// end.
    case range(from: UserIndex?, to: UserIndex?, closed: Bool)
    /// `I,J,K`: every item any part selects.
    case list([SourceSelector])

    /// Parses a source argument. A lone word that is none of the forms is
    /// `SelectorError.notASelector`.
    public init(parsing text: String) throws {
        try self.init(parsing: Array(text.utf8))
    }

    /// Parses a source argument given as the bytes the user passed: `=TEXT`
    /// keeps them as they are; the other forms are ASCII, or a regex read
    /// as UTF-8.
    public init(parsing bytes: [UInt8]) throws {
        let equals = UInt8(ascii: "="), tilde = UInt8(ascii: "~"), comma = UInt8(ascii: ",")
        let whole = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(comma), bytes.first != equals, bytes.first != tilde else {
            self = try SourceSelector(parsingPart: bytes[...], of: whole)
            return
        }
        var parts: [SourceSelector] = []
        var rest = bytes[...]
        while true {
            if rest.first == equals || rest.first == tilde {
                parts.append(try SourceSelector(parsingPart: rest, of: whole))
                break
            }
            let end = rest.firstIndex(of: comma)
            parts.append(try SourceSelector(parsingPart: rest[..<(end ?? rest.endIndex)], of: whole))
            guard let end else { break }
            rest = rest[(end + 1)...]
        }
        self = .list(parts)
    }

    /// One part of a list, or the whole argument: `whole`, for messages.
    private init(parsingPart bytes: ArraySlice<UInt8>, of whole: String) throws {
        if bytes.first == UInt8(ascii: "=") {
            self = .text(Array(bytes.dropFirst()))
            return
        }
        if bytes.first == UInt8(ascii: "~") {
            let pattern = String(decoding: bytes.dropFirst(), as: UTF8.self)
            _ = try SourceSelector.compile(pattern)
            self = .pattern(pattern)
            return
        }
        let part = Substring(String(decoding: bytes, as: UTF8.self))
        let isWhole = part.utf8.count == whole.utf8.count
        func invalid() -> Error {
            isWhole
                ? SelectorError.notASelector(whole)
                : SelectorError.invalidListElement(selector: whole, element: String(part))
        }
        func bound(_ text: Substring) throws -> UserIndex? {
            if text.isEmpty { return nil }
            guard let index = try? UserIndex(parsing: String(text)) else { throw invalid() }
            return index
        }
        if let dots = part.firstRange(of: "...") {
            let low = try bound(part[..<dots.lowerBound]), high = try bound(part[dots.upperBound...])
            // `...` alone: a range needs at least one bound.
            if low == nil && high == nil { throw invalid() }
            self = .range(from: low, to: high, closed: true)
        } else if let dots = part.firstRange(of: "..<") {
            let low = try bound(part[..<dots.lowerBound])
            // `A..<` has no end to stop before.
            guard let high = try bound(part[dots.upperBound...]) else { throw invalid() }
            self = .range(from: low, to: high, closed: false)
        } else {
            // An empty part: `1,,2` or a trailing comma.
            guard let index = try bound(part) else { throw invalid() }
            self = .index(index)
        }
    }

    static func compile(_ pattern: String) throws -> Regex<AnyRegexOutput> {
        do {
            return try Regex(pattern)
        } catch {
            throw SelectorError.invalidRegex(pattern: pattern, reason: String(describing: error))
        }
    }

    /// The selector as the user would write it.
    public var description: String {
        switch self {
        case .index(let index): return index.description
        case .text(let text): return "=" + String(decoding: text, as: UTF8.self)
        case .pattern(let pattern): return "~" + pattern
        case .range(let from, let to, let closed):
            return (from?.description ?? "") + (closed ? "..." : "..<") + (to?.description ?? "")
        case .list(let parts): return parts.map(\.description).joined(separator: ",")
        }
    }

    /// The source indices selected in `document`, sorted and distinct.
    ///
    /// Selecting nothing is `SelectorError.nothingSelected`, or, with
    /// `options.missingOK`, an empty result. An index or a range bound out of
    /// range is `ReorderError.indexOutOfRange` either way.
    public func resolve(in document: ListDocument, options: EditOptions) throws -> [Int] {
        if case .index(let index) = self {
            return [try index.resolved(count: document.count, base: options.base, role: .source)]
        }
        do {
            return try resolve(count: document.count, values: document.selectableValues(key: options.key), options: options)
        } catch SelectorError.nothingSelected(let selector, nil, nil) {
            // `=core` where an item is `{"name": "core"}`: the user meant
            // `--key /name`.
            guard case .text(let text) = self, let suggestion = document.layout.keySuggestion(forText: text) else {
                throw SelectorError.nothingSelected(selector: selector, key: nil)
            }
            throw SelectorError.nothingSelected(selector: selector, key: nil, suggestedKey: suggestion)
        }
    }

    /// The indices selected among `count` items whose texts `values` gives.
    func resolve(count: Int, values: @autoclosure () throws -> SelectableValues, options: EditOptions) throws -> [Int] {
        if case .index(let index) = self {
            return [try index.resolved(count: count, base: options.base, role: .source)]
        }
        var selected = [Bool](repeating: false, count: count)
        try mark(&selected, count: count, values: try values(), options: options)
        var indices: [Int] = []
        for (index, isSelected) in selected.enumerated() where isSelected { indices.append(index) }
        if indices.isEmpty && !options.missingOK {
            throw SelectorError.nothingSelected(selector: description, key: options.key)
        }
        return indices
    }

    /// The one item `swap` exchanges, or nil when nothing is selected and
    /// `options.missingOK` allows it. More than one is
    /// `SelectorError.swapNeedsOneItem`.
    public func resolveOne(in document: ListDocument, options: EditOptions) throws -> Int? {
        let indices = try resolve(in: document, options: options)
        guard indices.count <= 1 else {
            throw SelectorError.swapNeedsOneItem(selector: description, count: indices.count)
        }
        return indices.first
    }

    private func mark(
        _ selected: inout [Bool], count: Int, values: SelectableValues, options: EditOptions
    ) throws {
        switch self {
        case .index(let index):
            selected[try index.resolved(count: count, base: options.base, role: .source)] = true

        case .range(let from, let to, let closed):
            let start = try from.map { try Self.position($0, count: count, base: options.base) } ?? 0
            var end = count
            if let to {
                // `A...B` ends after item B; `A..<B` before position B.
                end = closed
                    ? try to.resolved(count: count, base: options.base, role: .source) + 1
                    : try Self.position(to, count: count, base: options.base)
            }
            guard start <= end else {
                throw SelectorError.reversedRange(selector: description, start: start, end: closed ? end - 1 : end)
            }
            for index in start..<end { selected[index] = true }

        case .text(let text):
            // SAFETY: the bytes of `text` are only read inside the closure, and no pointer to them leaves it.
            try text.withUnsafeBytes { wanted in
                for index in 0..<count where !selected[index] {
                    selected[index] = try values.anyText(index) { memoryEqual(wanted, $0) }
                }
            }

        case .pattern(let pattern):
            let regex = try Self.compile(pattern)
            for index in 0..<count where !selected[index] {
                selected[index] = try values.anyText(index) { bytes in
                    String(decoding: bytes, as: UTF8.self).contains(regex)
                }
            }

        case .list(let parts):
            for part in parts { try part.mark(&selected, count: count, values: values, options: options) }
        }
    }

    /// A range's start or a `..<` end: a position in `0 ... count`, where
    /// `count` is just past the last item (`3..<3`, `len..<len` are empty).
    private static func position(_ index: UserIndex, count: Int, base: IndexBase) throws -> Int {
        if index.value < 0 { return try index.resolved(count: count, base: base, role: .source) }
        do {
            return try index.resolved(count: count + 1, base: base, role: .source)
        } catch ReorderError.indexOutOfRange(let value, _, let role, let base) {
            throw ReorderError.indexOutOfRange(index: value, count: count, role: role, base: base)
        }
    }
}

private func memoryEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard a.count > 0 else { return true }
    return memoryEqual(a.baseAddress!, b.baseAddress!, a.count)
}

/// The texts `=TEXT` and `~REGEX` compare, item by item: each item's
/// `ItemValue` (see `FormatLayout.selectableValues`).
public struct SelectableValues {
    /// Calls `test` with each text of source item `index` until one passes;
    /// false when none does or the item has no value (`--key` missing).
    let anyText: (_ index: Int, _ test: (UnsafeRawBufferPointer) -> Bool) throws -> Bool

    init(anyText: @escaping (_ index: Int, _ test: (UnsafeRawBufferPointer) -> Bool) throws -> Bool) {
        self.anyText = anyText
    }
}

extension ListDocument {
    /// What selectors compare in this document: each item's value.
    func selectableValues(key: String?) throws -> SelectableValues {
        try layout.selectableValues(key: key)
    }
}
