import ReorderKit

/// What a job does to its input.
enum JobEdit {
    /// Every command but `fix`: an edit of the input's list.
    case list(PreparedEdit)
    /// `fix`: the input's marked blocks sorted; the edit makes the new
    /// bytes itself, as pieces of the input.
    case fixBlocks(KeepSortedMarkers)
    /// `fix` and `check` with a policy: the lists its rules name in each
    /// file, and the marked blocks; the findings go to the context.
    case policy(PolicyContext)
    /// `move --to`: items of one list moved into another of the file.
    case betweenLists(BetweenLists, EditOptions)
    /// `pick` and `edit` with several lists: each section's items as the
    /// session left them.
    case sections(SectionsEdit)
    /// `batch` over several lists (`-p A -p B`, or one `-p` with `*`): the
    /// lists are sections, the operations take `S:I` paths.
    case sectionedBatch(SectionedBatchJob)

    var readsList: Bool {
        if case .list = self { return true }
        return false
    }
}

/// A batch over several lists of each input.
struct SectionedBatchJob {
    let script: BatchScript
    let sequential: Bool
    let options: EditOptions
    /// Each `-p`, in order; one with `*` stands for the lists it names, in
    /// the document's order.
    let pointers: [String]

    /// The lists, each input's own.
    func sections(in source: UnsafeRawBufferPointer, format: ListFormat, readOptions: ReadOptions) throws -> [String] {
        var found: [String] = []
        for pointer in pointers {
            let wildcard = pointer.split(separator: "/", omittingEmptySubsequences: false).contains("*") || pointer.contains("~2")
            guard wildcard else {
                found.append(pointer)
                continue
            }
            let pattern: PointerPattern
            do {
                pattern = try PointerPattern(pointer)
            } catch {
                guard case .badPointer(_, let reason) = error else { throw error }
                throw UsageError.invalidPointerPattern(pointer, reason: reason)
            }
            found += try Policy.expand(pattern, in: Array(source), format: format, document: readOptions.document)
                .map { JSONPointer(tokens: $0).text }
        }
        return found
    }
}
