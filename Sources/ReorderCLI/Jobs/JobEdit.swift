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

    var readsList: Bool {
        if case .list = self { return true }
        return false
    }
}
