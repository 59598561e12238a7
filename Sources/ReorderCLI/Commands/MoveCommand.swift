import ReorderKit

/// `reorder move FROM TO`: the item at FROM (or the block a selector
/// selects) ends at TO; TO `sorted`: each at its sorted place. With
/// `--to DEST`, into the list DEST of the same file.
enum MoveCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        if let destination = parsed.value(.to) { return try runBetweenLists(runner, parsed, destination: destination, copy: false) }
        return try runner.editEachInput(parsed) { arguments in
            let from = try SourceSelector(parsing: arguments[0])
            if let order = try SortedPlace.order(arguments[1], parsed, place: "TO") {
                return .moveSorted(from: from, order: order)
            }
            return .move(from: from, to: try UserIndex(parsing: String(decoding: arguments[1], as: UTF8.self)))
        }
    }

    /// `move FROM TO -p LIST --to DEST`: one list's items into another
    /// list of the same file, written once.
    static func runBetweenLists(_ runner: Runner, _ parsed: ParsedArguments, destination: String,
                                copy: Bool) throws -> Int32 {
        // One list to take from, one to put in.
        if try parsed.listTargets() != nil { throw parsed.severalListsRefused(by: parsed.command.name + " --to") }
        if destination.contains("*") || destination.contains("~2") {
            throw UsageError.severalListsNotForCommand("--to '\(destination)'", command: parsed.command.name + " --to")
        }
        let readOptions = try parsed.readOptions()
        let options = EditOptions(base: parsed.has(.oneBased) ? .one : .zero, missingOK: parsed.has(.missingOk),
                                  key: parsed.value(.key))
        return try runner.eachInput(parsed) { arguments in
            let from = try SourceSelector(parsing: arguments[0])
            let place: BetweenLists.Place
            if let order = try SortedPlace.order(arguments[1], parsed, place: "TO") {
                place = .sorted(order)
            } else {
                place = .index(try UserIndex(parsing: String(decoding: arguments[1], as: UTF8.self)))
            }
            let move = BetweenLists(from: from, to: place, destination: destination, copy: copy)
            return (.betweenLists(move, options), readOptions)
        }
    }
}
