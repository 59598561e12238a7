import ReorderKit

extension Messages {
    static func describe(_ error: BatchError, input: String?) -> String {
        (input.map { $0 + ": " } ?? "") + String(describing: error)
    }
}
