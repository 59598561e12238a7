import ReorderKit

extension Messages {
    static func describe(_ error: SelectorError) -> String {
        String(describing: error)
    }
}
