import ReorderKit
import Synchronization

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

/// The input the last job read, kept until the next job is done or the
/// process ends: a large document's model (a TOML table of 100 000 keys
/// is that many strings and arrays) then goes with the process, as a
/// compiler's does, instead of being freed piece by piece after its
/// result is written. Only one is kept, so a run over many files holds
/// no more than one document at a time.
enum RetiredInput {
    private static let lock = Mutex<Void>(())
    // SAFETY: read and written only under `lock`.
    nonisolated(unsafe) private static var last: LoadedInput? = nil

    static func keep(_ input: LoadedInput) {
        lock.withLock { _ in last = input }
    }
}
