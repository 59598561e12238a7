import ReorderKit

/// `reorder reverse`: the items in the opposite order.
enum ReverseCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        try runner.editEachInput(parsed) { _ in .reverse }
    }
}
