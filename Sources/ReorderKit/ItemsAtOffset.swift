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

    /// Every list of the document (its pointer as tokens), in the
    /// document's order, the root's first; at most `limit`.
    public static func lists(in source: [UInt8], format: ListFormat, document: Int?, limit: Int) -> [Place] {
        guard format.options.contains(FormatBoundOption.pointer.rawValue) else { return [] }
        var out: [Place] = []
        // Each pointer read costs a reading of the document: a document of
        // many values is looked at in part.
        var reads = 0
        source.withUnsafeBytes { bytes in
            func visit(_ tokens: [String], depth: Int) {
                guard out.count < limit, depth < 32, reads < 4 * limit else { return }
                reads += 1
                let list = try? read(bytes, format, tokens, document, root: false)
                if let list {
                    let span = list.count == 0 ? nil : list.layout.itemRange(0).lowerBound..<list.layout.itemRange(list.count - 1).upperBound
                    out.append(Place(tokens: tokens, document: document, item: 0, count: list.count,
                                     span: span, keyed: list.layout.itemsAreKeyedMembers))
                }
                var children: [String] = []
                if let named = format.children {
                    children = (try? named(bytes, options(format, tokens: tokens, document: document))) ?? []
                }
                if let list {
                    var items: [String]
                    if list.layout.itemsAreKeyedMembers {
                        items = ((try? list.itemNames(key: nil)) ?? []).map { String(decoding: $0 ?? [], as: UTF8.self) }
                    } else {
                        items = (0..<list.count).map(String.init)
                    }
                    children += items.filter { !children.contains($0) }
                }
                for child in children { visit(tokens + [child], depth: depth + 1) }
            }
            visit([], depth: 0)
        }
        // A list that two pointers name (Markdown's root, its first list)
        // is said once, by the longer.
        return out.enumerated().filter { index, place in
            guard let span = place.span else { return true }
            return !out.enumerated().contains { other, found in
                other != index && found.span == span && found.document == place.document
                    && (found.tokens.count > place.tokens.count || (found.tokens.count == place.tokens.count && other < index))
            }
        }.map(\.element)
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
}
