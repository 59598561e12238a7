import ReorderKit
import XCTest

/// Runs edits on a document given as text, the way the commands do.
enum Fixture {
    /// The document after `edit`, as text.
    static func apply(
        _ edit: Edit, to text: String, format: ListFormat, options: EditOptions = EditOptions(), pointer: String = ""
    ) throws -> String {
        try Array(text.utf8).withUnsafeBytes { source in
            let document = try ListDocument(source, format: format, options: ReadOptions(pointer: pointer, binaryAsText: true))
            let arrangement = try document.arrangement(for: edit, options: options)
            return String(decoding: document.render(arrangement), as: UTF8.self)
        }
    }

    /// True when `edit` leaves the document byte for byte as it is.
    static func leavesUnchanged(
        _ edit: Edit, _ text: String, format: ListFormat, options: EditOptions = EditOptions()
    ) throws -> Bool {
        try Array(text.utf8).withUnsafeBytes { source in
            let document = try ListDocument(source, format: format, options: ReadOptions(binaryAsText: true))
            return document.resultEqualsSource(try document.arrangement(for: edit, options: options))
        }
    }

    /// The source indices `selector` selects.
    static func select(
        _ selector: String, in text: String, format: ListFormat, options: EditOptions = EditOptions()
    ) throws -> [Int] {
        let parsed = try SourceSelector(parsing: selector)
        return try Array(text.utf8).withUnsafeBytes { source in
            let document = try ListDocument(source, format: format, options: ReadOptions(binaryAsText: true))
            return try parsed.resolve(in: document, options: options)
        }
    }

    /// `lines`, each ended by a newline.
    static func lines(_ lines: [String]) -> String { lines.map { $0 + "\n" }.joined() }

    /// The lines of `text`, which ends with a newline.
    static func split(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static func move(_ selector: String, _ to: Int) throws -> Edit {
        .move(from: try SourceSelector(parsing: selector), to: UserIndex(to))
    }

    /// The error `body` throws, or nil.
    static func error(_ body: () throws -> Any) -> Error? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }
}


/// Swift's own sort of (key, index) pairs: a total order, so the result is
/// the stable sort whatever algorithm `sort` uses.
func referenceStableOrder<Key>(
    _ keys: [Key], reverse: Bool = false, unique: Bool = false, by less: (Key, Key) -> Bool
) -> [Int] {
    var pairs = Array(keys.enumerated())
    pairs.sort { a, b in
        let (x, y) = reverse ? (b.element, a.element) : (a.element, b.element)
        if less(x, y) { return true }
        if less(y, x) { return false }
        return a.offset < b.offset
    }
    var order = pairs.map(\.offset)
    if unique {
        var kept: [Int] = []
        for index in order {
            if let last = kept.last, !less(keys[last], keys[index]) && !less(keys[index], keys[last]) { continue }
            kept.append(index)
        }
        order = kept
    }
    return order
}
