import ReorderKit

/// An input read: its bytes and the document they are.
struct LoadedInput {
    let content: InputBytes
    /// The input read as a list (nil for `fix`, which reads no list, for
    /// several lists, read in turn, and for an input that lacks the list).
    let document: ListDocument?
    /// The file being edited in place, locked since before it was read.
    let edited: EditedFile?
    /// With `--missing-ok`: nothing is at the pointer; the input is left
    /// as it is.
    var lacksList = false
}
