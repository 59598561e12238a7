import ReorderKit

/// `reorder copy FROM TO -p LIST (--to DEST | --to-file OTHER) FILE`: as
/// `move` between lists or files, and the item stays where it was (the
/// drop's copy operation).
enum CopyCommand {
    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        if let other = parsed.value(.toFile) {
            return try MoveCommand.runBetweenFiles(runner, parsed, other: other, copy: true)
        }
        guard let destination = parsed.value(.to) else {
            throw PairWriteError(message: "copy needs --to DEST (another list of the file) or --to-file OTHER (another file)")
        }
        return try MoveCommand.runBetweenLists(runner, parsed, destination: destination, copy: true)
    }
}
