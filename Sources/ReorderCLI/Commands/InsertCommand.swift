import ReorderKit

/// `reorder insert AT VALUE`: a new item, VALUE as the shell passed it,
/// ends at AT; AT `sorted`: at its sorted place.
enum InsertCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        try runner.editEachInput(parsed) { arguments in
            if let order = try SortedPlace.order(arguments[0], parsed, place: "AT", also: [.key]) {
                return .insertSorted(value: arguments[1], order: order)
            }
            return .insert(at: try UserIndex(parsing: String(decoding: arguments[0], as: UTF8.self)), value: arguments[1])
        }
    }
}
