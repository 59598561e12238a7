/// What stands where a source index goes (move FROM, swap I J, delete AT):
/// an index, or a choice of items by value.
public enum SourceSelector: Equatable, Sendable {
    /// One item by index.
    case index(UserIndex)

    /// Parses a source argument.
    public init(parsing text: String) throws {
        self = .index(try UserIndex(parsing: text))
    }

    /// The source indices selected in `document`, sorted and distinct.
    public func resolve(in document: ListDocument, options: EditOptions) throws -> [Int] {
        switch self {
        case .index(let index):
            return [try index.resolved(count: document.count, base: options.base, role: .source)]
        }
    }
}
