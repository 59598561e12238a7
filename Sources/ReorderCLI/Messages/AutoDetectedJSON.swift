import ReorderKit

/// A JSON syntax error (a `FormatErrorInInput`) in an input that
/// `--format auto` chose to read as JSON.
struct AutoDetectedJSON: Error {
    let error: FormatErrorInInput
    /// Chosen for its `.json` name, not for its first byte.
    let byName: Bool
}
