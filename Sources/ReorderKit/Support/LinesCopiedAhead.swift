/// The lines a lent thread copies for the uniform-lines walk: runs
/// `first ..< end`, into `buffer`.
// SAFETY: the lent thread writes `buffer`, `end` and `length` before its wait returns; the walk reads them only after `wait()`.
final class LinesCopiedAhead: @unchecked Sendable {
    /// Fewer runs than this are written by one thread: a thread costs more
    /// than copying them.
    static let fewestRuns = 100_000

    let first: Int
    let capacity: Int
    let buffer: UnsafeMutableRawPointer
    /// Set by the lent thread before it ends.
    private(set) var end: Int
    private var length = 0
    private var waitForThread: (@Sendable () -> Void)?
    private var done = false

    init(first: Int, capacity: Int) {
        self.first = first
        self.capacity = capacity
        end = first
        buffer = allocateLarge(byteCount: capacity)
    }

    /// The lent thread's wait, or nil when there was no thread (nothing is
    /// copied: the walk writes every run itself).
    func started(_ wait: (@Sendable () -> Void)?) {
        waitForThread = wait
        if wait == nil { done = true }
    }

    func copied(end: Int, length: Int) {
        self.end = end
        self.length = length
    }

    /// Waits for the copy; its bytes.
    func wait() -> UnsafeRawBufferPointer {
        if !done {
            waitForThread?()
            done = true
        }
        // SAFETY: the first `length` bytes of `buffer`, written by the lent thread before the wait above.
        return UnsafeRawBufferPointer(start: buffer, count: length)
    }

    /// Waits, if the walk did not (it threw), and frees the buffer.
    func finish() {
        _ = wait()
        freeLarge(buffer)
    }
}
