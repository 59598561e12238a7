import ReorderKit

/// `reorder sort`: placeholder until sorting lands.
enum SortCommand {
    static func edit(_ parsed: ParsedArguments) throws -> Edit {
        .sort(SortOptions())
    }
}
