/// A run of output bytes: either a range of the source document, copied
/// verbatim, or bytes the edit made (an inserted value, a separator for a new
/// position).
public enum Piece: Equatable, Sendable {
    /// Bytes `range` of the source document.
    case source(Range<Int>)
    /// Bytes that are not in the source.
    case bytes([UInt8])
}

/// Where a list's items sit in a document, and what lies before, between and
/// after them.
///
/// A document is `head, item, separator, item, separator, …, item, tail`.
/// Items move; the head, the separators and the tail belong to *positions*,
/// not to items, so a result keeps the layout of the source: the separator
/// after result position `p` is the one the source had after position `p`.
///
/// Item indices here are source indices (`0..<count`); positions are indices
/// into the result, whose length is `resultCount`.
public protocol ListLayout {
    /// The number of items in the source list.
    var count: Int { get }

    /// The bytes of source item `index`, without any separator.
    func itemRange(_ index: Int) -> Range<Int>

    /// What comes before result position 0.
    func head(resultCount: Int) -> [Piece]

    /// What comes between result positions `position` and `position + 1`,
    /// for `position` in `0 ..< resultCount - 1`.
    func separator(afterPosition position: Int, resultCount: Int) -> Piece

    /// What comes after the last result position. `lastItemIsEmpty` tells
    /// whether the result's last item has no bytes.
    func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece]

    /// True when every separator `separator(afterPosition:resultCount:)` can
    /// return is the same bytes as the source's separator after any item, so
    /// a run of consecutive source items can be copied as one byte range.
    var separatorsAreUniform: Bool { get }
}
