// Placeholder until batches land.
public struct BatchScript: Equatable, Sendable {
    public init() {}

    public func arrangement(in document: ListDocument, sequential: Bool, options: EditOptions) throws -> Arrangement {
        throw BatchError.notImplemented
    }
}

public enum BatchError: Error, Equatable, Sendable {
    case notImplemented
}
