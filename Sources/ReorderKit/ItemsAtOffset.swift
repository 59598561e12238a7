/// The lists of a document around a byte offset, as an editor's cursor
/// asks: each list that has an item holding the offset, from the root down
/// to the innermost (a nested YAML entry, an element of an inner JSON
/// array), found by pointer as `Policy.expand` walks a document's lists.
public enum ItemsAtOffset {
    /// A list of the document, by its pointer, and its item at the offset.
    public struct Place: Equatable, Sendable {
        /// The list's pointer as tokens (`[]`: the root).
        public var tokens: [String]
        /// The document of a YAML stream; nil for a document of one.
        public var document: Int?
        /// The item holding the offset.
        public var item: Int
        /// How many items the list has.
        public var count: Int
        /// The bytes from the first item's start to the last's end (nil for
        /// an empty list).
        public var span: Range<Int>? = nil
        /// Whether the items are a mapping's (a table's, an object's) keyed
        /// members, not elements by index.
        public var keyed: Bool

        public var pointer: String { JSONPointer(tokens: tokens).text }
    }

    /// The options that read the list at `tokens`.
    public static func options(_ format: ListFormat, tokens: [String], document: Int?) -> ReadOptions {
        var options = ReadOptions(format: .named(format), pointer: JSONPointer(tokens: tokens).text)
        options.document = document
        return options
    }

    /// Whether item `index` of `list` holds `offset`: its bytes, the blanks
    /// before it on its first line, and on its last line what follows it up
    /// to the line's end when that is only blanks and a comma (a cursor at
    /// the end of the line is on the item).
    static func holds(_ list: ListDocument, _ index: Int, _ offset: Int, _ source: UnsafeRawBufferPointer) -> Bool {
        let range = list.layout.itemRange(index)
        var lower = range.lowerBound
        while lower > 0, source[lower - 1] == 0x20 || source[lower - 1] == 0x09 { lower -= 1 }
        guard lower <= offset else { return false }
        if offset < range.upperBound { return true }
        if range.upperBound > range.lowerBound, source[range.upperBound - 1] == 0x0A { return false }
        var end = range.upperBound
        while end < source.count, [0x20, 0x09, 0x0D, UInt8(ascii: ",")].contains(source[end]) { end += 1 }
        guard end == source.count || source[end] == 0x0A else { return offset == range.upperBound && range.isEmpty }
        return offset <= end
    }

    /// Each list that has an item holding `offset`, outermost first; empty
    /// when the offset is in no item. Throws the reader's error when the
    /// document cannot be read at all.
    public static func chain(at offset: Int, in source: [UInt8], format: ListFormat) throws -> [Place] {
        let nested = format.options.contains(FormatBoundOption.pointer.rawValue)
        var best: [Place] = []
        for document in try Policy.documents(source, format: format) {
            // SAFETY: the bytes of `source` are only read inside the closure, and no pointer to them leaves it.
            let found = try source.withUnsafeBytes { bytes -> [Place] in
                var chain: [Place] = []
                try walk(bytes, format: format, document: document, tokens: [], offset: offset, nested: nested,
                         root: true, chain: &chain)
                return chain
            }
            if found.count > best.count { best = found }
        }
        return best
    }

    private static func read(_ bytes: UnsafeRawBufferPointer, _ format: ListFormat, _ tokens: [String], _ document: Int?,
                             root: Bool) throws -> ListDocument? {
        do {
            return try ListDocument(bytes, format: format, options: options(format, tokens: tokens, document: document))
        } catch let error as FormatError {
            switch error.kind {
            case .nothingAtPointer, .notAList: return nil
            default:
                if root { throw error }
                return nil
            }
        } catch {
            if root { throw error }
            return nil
        }
    }

    /// The list at `tokens` and the lists below it that hold `offset`,
    /// appended to `chain`; whether one was found.
    @discardableResult
    private static func walk(_ bytes: UnsafeRawBufferPointer, format: ListFormat, document: Int?, tokens: [String],
                             offset: Int, nested: Bool, root: Bool, chain: inout [Place]) throws -> Bool {
        let list = try read(bytes, format, tokens, document, root: root)
        var held: Int? = nil
        if let list {
            held = (0..<list.count).first { holds(list, $0, offset, bytes) }
            if let held {
                chain.append(Place(tokens: tokens, document: document, item: held, count: list.count,
                                   span: list.layout.itemRange(0).lowerBound..<list.layout.itemRange(list.count - 1).upperBound,
                                   keyed: list.layout.itemsAreKeyedMembers))
            }
        }
        guard nested else { return held != nil }
        // The lists below: a format that names them itself (a TOML table's
        // sub-tables, a Markdown heading's lists) is asked; otherwise the
        // list's item at the offset is the one to look in.
        var children: [String] = []
        if let named = format.children {
            // A Markdown heading's lists, a TOML table's sub-tables.
            children = (try? named(bytes, options(format, tokens: tokens, document: document))) ?? []
        }
        if let list, let held {
            var child: String? = String(held)
            if list.layout.itemsAreKeyedMembers {
                child = (try? list.itemNames(key: nil))?[held].map { String(decoding: $0, as: UTF8.self) }
            }
            if let child, !children.contains(child) { children.append(child) }
        }
        for child in children {
            var below: [Place] = []
            if try walk(bytes, format: format, document: document, tokens: tokens + [child], offset: offset,
                        nested: nested, root: false, chain: &below) {
                chain += below
                return true
            }
        }
        return held != nil
    }

    /// The keys of a list's items when they are keyed members (a mapping's,
    /// a table's, an object's); nil for elements by index.
    public static func keys(_ list: ListDocument) -> [[UInt8]?]? {
        guard list.layout.itemsAreKeyedMembers else { return nil }
        return try? list.itemNames(key: nil)
    }

    /// What each item is called: a keyed member's key, another item's
    /// value (a string decoded); nil for an item without one.
    public static func names(_ list: ListDocument) -> [[UInt8]?] {
        (try? list.itemNames(key: nil)) ?? [[UInt8]?](repeating: nil, count: list.count)
    }

    /// The lists near the innermost of `chain` (which `chain(at:)` gave):
    /// the lists beside it (its parent's other children), then those beside
    /// each list above, and the lists above themselves, nearest first; at
    /// most `limit`, after at most `reads` readings of the document.
    public static func nearby(_ chain: [Place], in source: [UInt8], format: ListFormat, limit: Int, reads: Int) -> [Place] {
        guard let innermost = chain.last, format.options.contains(FormatBoundOption.pointer.rawValue) else { return [] }
        var out: [Place] = []
        var seen: Set<[String]> = [innermost.tokens]
        var spans: [Range<Int>] = []
        var budget = reads
        // SAFETY: the bytes of `source` are only read inside the closure, and no pointer to them leaves it.
        source.withUnsafeBytes { bytes in
            func place(_ tokens: [String]) -> Place? {
                guard budget > 0 else { return nil }
                budget -= 1
                guard let list = try? read(bytes, format, tokens, innermost.document, root: false) else { return nil }
                let span = list.count == 0 ? nil : list.layout.itemRange(0).lowerBound..<list.layout.itemRange(list.count - 1).upperBound
                return Place(tokens: tokens, document: innermost.document, item: 0, count: list.count,
                             span: span, keyed: list.layout.itemsAreKeyedMembers)
            }
            func add(_ found: Place) {
                // A list two pointers name (Markdown's root and its first list) once.
                if let span = found.span {
                    guard !spans.contains(span) else { return }
                    spans.append(span)
                }
                out.append(found)
            }
            if let span = innermost.span { spans.append(span) }
            var parentTokens = innermost.tokens
            while !parentTokens.isEmpty, out.count < limit, budget > 0 {
                parentTokens.removeLast()
                var children: [String] = []
                if let named = format.children {
                    children = (try? named(bytes, options(format, tokens: parentTokens, document: innermost.document))) ?? []
                }
                if let parent = try? read(bytes, format, parentTokens, innermost.document, root: false) {
                    let items = parent.layout.itemsAreKeyedMembers
                        ? ((try? parent.itemNames(key: nil)) ?? []).map { String(decoding: $0 ?? [], as: UTF8.self) }
                        : (0..<parent.count).map(String.init)
                    children += items.filter { !children.contains($0) }
                }
                // The children nearest the chain's first.
                let own = chain.first { $0.tokens.count == parentTokens.count + 1 && $0.tokens.starts(with: parentTokens) }
                let ownIndex = own.flatMap { children.firstIndex(of: $0.tokens.last!) } ?? 0
                let ordered = children.indices.sorted { abs($0 - ownIndex) < abs($1 - ownIndex) || (abs($0 - ownIndex) == abs($1 - ownIndex) && $0 < $1) }
                for index in ordered where out.count < limit && budget > 0 {
                    let tokens = parentTokens + [children[index]]
                    guard seen.insert(tokens).inserted, let found = place(tokens) else { continue }
                    add(found)
                }
                if out.count < limit, seen.insert(parentTokens).inserted, let found = place(parentTokens) { add(found) }
            }
        }
        return out
    }
}
