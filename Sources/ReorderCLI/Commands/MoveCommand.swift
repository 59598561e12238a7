import ReorderKit

/// `reorder move FROM TO`: the item at FROM (or the block a selector
/// selects) ends at TO.
enum MoveCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        try runner.editEachInput(parsed) { arguments in
            .move(from: try SourceSelector(parsing: arguments[0]),
                  to: try UserIndex(parsing: String(decoding: arguments[1], as: UTF8.self)))
        }
    }
}
