import ReorderKit

extension Messages {
    /// JSON errors carry a place: `file:line:col: message`.
    static func describe(_ error: JSONError, input: String?) -> String {
        (input.map { $0 + ": " } ?? "") + String(describing: error)
    }

    static func describe(_ error: AutoDetectedJSON, input: String?) -> String {
        describe(error.error, input: input) + "; it was read as JSON, use --lines to read it as lines"
    }
}
