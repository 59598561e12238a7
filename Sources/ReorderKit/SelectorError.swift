/// Errors of selecting items by value.
public enum SelectorError: Error, Equatable, Sendable {
    case placeholder
}
