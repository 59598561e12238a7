import ReorderKit

/// `reorder delete AT`: the item at AT, or every item a selector selects,
/// goes.
enum DeleteCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        try runner.editEachInput(parsed) { arguments in .delete(try SourceSelector(parsing: arguments[0])) }
    }
}
