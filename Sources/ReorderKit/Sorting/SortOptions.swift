// Placeholder until sorting lands.
public struct SortOptions: Equatable, Sendable {
    public init() {}
}

extension ListDocument {
    public func sortedArrangement(_ options: SortOptions, key: String?) throws -> Arrangement {
        .identity(count: count)
    }
}
