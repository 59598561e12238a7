import ReorderKit

/// A JSON syntax error (a `FormatErrorInInput`) in an input that
/// `--format auto` chose to read as JSON.
struct AutoDetectedJSON: Error {
    let error: FormatErrorInInput
    /// Chosen for its `.json` name, not for its first byte.
    let byName: Bool
}

extension Messages {
    /// (Only a document that is not JSON may have been meant as lines: a
    /// syntax error.)
    static func describe(_ error: AutoDetectedJSON, input: String?) -> String {
        let reason = error.byName
            ? "it was read as JSON because its name ends in '.json'"
            : "it was read as JSON because it starts with '[' or '{'"
        return describe(error.error as Error, input: input) + "; \(reason): use --lines to read it as lines"
    }
}
