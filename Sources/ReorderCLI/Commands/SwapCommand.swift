import ReorderKit

/// `reorder swap I J`: the two items exchange places.
enum SwapCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        try runner.editEachInput(parsed) { arguments in
            .swap(try SourceSelector(parsing: arguments[0]), try SourceSelector(parsing: arguments[1]))
        }
    }
}
