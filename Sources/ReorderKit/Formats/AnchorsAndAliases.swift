/// The anchors (`&name`, each with the text of the value it names) and the
/// aliases (`*name`) a text holds, as a format that has them finds them
/// (`ListFormat.anchorsAndAliases`: YAML's). A move of items into another
/// document checks them, so that an alias means there what it meant.
public struct AnchorsAndAliases: Sendable {
    /// Each anchor's name, and the text of the value it names.
    public var anchors: [String: [UInt8]] = [:]
    /// The names the aliases repeat.
    public var aliases: Set<String> = []

    public init() {}
}
