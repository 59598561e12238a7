import ReorderKit

/// What a job does to its input.
enum JobEdit {
    /// Every command but `fix`: an edit of the input's list.
    case list(PreparedEdit)
    /// `fix`: the input's marked blocks sorted; the edit makes the new
    /// bytes itself, as pieces of the input.
    case fixBlocks(KeepSortedMarkers)

    var readsList: Bool {
        if case .list = self { return true }
        return false
    }
}
