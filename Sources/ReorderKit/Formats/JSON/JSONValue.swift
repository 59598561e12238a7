/// What a JSON value is.
public enum JSONKind: Sendable {
    case object, array, string, number, `true`, `false`, null
}

/// A value inside the source document: its kind and its bytes (for a string,
/// quotes included). Nothing is copied or decoded.
public struct JSONValueRef: Equatable, Sendable {
    public let kind: JSONKind
    /// Offsets into the source document.
    public let range: Range<Int>

    public init(kind: JSONKind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

extension JSONLayout {
    /// The element at source index `index`, or the value at `pointer` inside
    /// it (an empty pointer is the element itself); nil when there is
    /// nothing at `pointer`. Looks the value up in the element's bytes each
    /// time; an object with a key twice yields the last.
    ///
    /// Example: for `[{"name": "b"}, {"name": "a"}]`,
    /// `value(ofItem: 1, at: JSONPointer(parsing: "/name"))` is the string
    /// `"a"` (range of its source bytes, quotes included).
    public func value(ofItem index: Int, at pointer: JSONPointer) -> JSONValueRef? {
        ValidatedJSON.value(source, in: itemRange(index), at: pointer.tokens)
    }
}
