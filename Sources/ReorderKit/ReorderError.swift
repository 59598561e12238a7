/// Which index space an index lives in, for messages.
public enum IndexRole: Equatable, Sendable {
    /// Names an item of the list before the operation (move FROM, swap I J,
    /// delete AT, replace AT).
    case source
    /// Names a position in the list after the operation (move TO, insert AT).
    case destination
}

/// Errors of the index rules and of the single operations. Each case holds
/// the facts; the command-line layer turns them into one-line messages.
/// Formats, batches and selectors have error types of their own
/// (`FormatError`, `BatchError`, `SelectorError`).
public enum ReorderError: Error, Equatable, Sendable {
    /// `text` is not a whole number.
    case invalidIndex(String)
    /// `0` given with `--one-based`, where counting starts at 1.
    case zeroIndexWhenOneBased(role: IndexRole)
    /// `index`, as the user wrote it, is outside a list of `count` items.
    /// For a destination, `count` is the length of the result.
    case indexOutOfRange(index: Int, count: Int, role: IndexRole, base: IndexBase)
    /// A line to insert holds the byte that ends lines (`\n`, or NUL with
    /// `-z`), so it would become more than one item.
    case valueContainsTerminator(terminator: UInt8)
    /// A line to insert ends with a CR, which a LF after it would make part
    /// of the line's terminator.
    case valueEndsWithCarriageReturn
    /// An input read as lines holds a NUL byte, first at 1-based `line` and
    /// byte `column`: it looks binary, as `grep` and `diff` judge it, and is
    /// not edited unless `--text` says to.
    case binaryInput(line: Int, column: Int)
    /// Source line `line` (1-based; nil: a new line) starts with U+FEFF and
    /// the edit puts it first in a file that has no byte-order mark: it
    /// would read back as the file's byte-order mark, and the line would
    /// lose the character.
    case lineWouldBecomeByteOrderMark(line: Int?)
    /// `option` was given, but the input is read as `format` (as lines
    /// because of `--block` or `--line-range` when `region`), for which it
    /// means nothing: refused rather than ignored.
    case optionNotForFormat(option: FormatBoundOption, format: ListFormat, region: Bool)
    /// `--comment` without comment headings (`--groups comments`): a
    /// comment line means nothing else to a list of lines.
    case commentWithoutHeadings
    /// A new line of a list read with comment headings would read back
    /// as a comment line, not as an item.
    case valueIsCommentLine
    /// `insert sorted`: the list with the new item did not read back as
    /// one item more, so its sorted place is not known.
    case sortedPlaceUnknown
}
