import ReorderKit

/// `reorder insert AT VALUE`: a new item, VALUE as the shell passed it,
/// ends at AT.
enum InsertCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        try runner.editEachInput(parsed) { arguments in
            .insert(at: try UserIndex(parsing: String(decoding: arguments[0], as: UTF8.self)), value: arguments[1])
        }
    }
}
