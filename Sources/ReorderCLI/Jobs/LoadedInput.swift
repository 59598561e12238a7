import ReorderKit

/// An input read: its bytes and the document they are.
struct LoadedInput {
    let content: InputBytes
    /// The input read as a list (nil for `fix`, which reads no list).
    let document: ListDocument?
    /// The file being edited in place, locked since before it was read.
    let edited: EditedFile?
}
