import ReorderKit

/// `reorder batch`: placeholder until batches land.
enum BatchCommand {
    static func edit(_ parsed: ParsedArguments, console: Console) throws -> Edit {
        throw UsageError.batchNeedsOperations
    }
}
