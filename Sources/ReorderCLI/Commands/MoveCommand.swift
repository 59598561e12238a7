import ReorderKit

/// `reorder move FROM TO`: the item at FROM (or the block a selector
/// selects) ends at TO; TO `sorted`: each at its sorted place.
enum MoveCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        try runner.editEachInput(parsed) { arguments in
            let from = try SourceSelector(parsing: arguments[0])
            if let order = try SortedPlace.order(arguments[1], parsed, place: "TO") {
                return .moveSorted(from: from, order: order)
            }
            return .move(from: from, to: try UserIndex(parsing: String(decoding: arguments[1], as: UTF8.self)))
        }
    }
}
