/// Errors of selecting items by value or by range. Each case holds the facts;
/// the command-line layer words them.
public enum SelectorError: Error, Equatable, Sendable {
    /// `selector` selects no item of the list (and `--missing-ok` was not
    /// given). `key` is the `--key` pointer the values were read at, if any;
    /// `suggestedKey`, a `--key` at which some item holds the text of
    /// `=TEXT` (given without `--key`).
    case nothingSelected(selector: String, key: String?, suggestedKey: String? = nil)
    /// A source argument that is neither an index nor any selector form.
    case notASelector(String)
    /// `element`, one part of the list `selector` (`I,J,K`), is neither an
    /// index, a range, `=TEXT` nor `~REGEX`.
    case invalidListElement(selector: String, element: String)
    /// A range whose end, resolved to 0-based `end`, comes before its start
    /// `start`.
    case reversedRange(selector: String, start: Int, end: Int)
    /// `pattern` after `~` is not a regular expression; `reason` is the
    /// regex parser's own message.
    case invalidRegex(pattern: String, reason: String)
    /// `swap` needs one item on each side, but `selector` selects `count`.
    case swapNeedsOneItem(selector: String, count: Int)
    /// `--key` was given for a list of `format`, whose items have no
    /// fields (lines, Markdown); it reads a member of each element (JSON,
    /// YAML, TOML) or a column (CSV, TSV).
    case keyNeedsFields(key: String, format: ListFormat)
    /// No item of the list has a value at `--key key`. `keys` are the keys
    /// the items' objects do have at `at`, the deepest part of `key` that
    /// some item has (empty: the items themselves), in the order first met.
    case keyInNoItem(key: String, at: String, keys: [String])
    /// `--key key` names no column of a table (CSV): `columns` are the
    /// header's names, or `#N` for each without a header.
    case noSuchColumn(key: String, columns: [String])
    /// `--key key` is the name of more than one column: `numbers`, counted
    /// as `--key '#N'` counts.
    case columnNamedTwice(key: String, numbers: [Int])
}
