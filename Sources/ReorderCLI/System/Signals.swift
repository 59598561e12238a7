#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// What the signal handlers read is fixed C memory set up before they are
// installed: a handler may not allocate, take a lock or call into Swift's
// runtime.

/// The temporary file being written, so that a signal can remove it.
// SAFETY: allocated once, never freed; changed only with the cleanup signals blocked, read by their handlers.
nonisolated(unsafe) private var pendingTemporaryPath = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
// SAFETY: set only with the cleanup signals blocked (PendingTemporary), read by their handlers; an aligned Int32 is read whole.
nonisolated(unsafe) private var hasPendingTemporary: Int32 = 0

/// The signals that end a run and remove its temporary file on the way.
private let cleanupSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

/// The terminal `pick` has in raw mode and on its alternate screen, to be
/// given back as it was: its descriptor (-1: none), its modes before, and
/// the bytes that leave the screen.
// SAFETY: changed only with the cleanup signals blocked (TerminalRestore), so a handler never sees it half-set.
nonisolated(unsafe) private var terminalToRestore: Int32 = -1
// SAFETY: allocated once, never freed; written with the signals blocked, before terminalToRestore says it is valid.
nonisolated(unsafe) private var savedTerminalModes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
// SAFETY: allocated once, never freed; at most 64 bytes copied in, before terminalToRestore says they are valid.
nonisolated(unsafe) private var terminalLeaveBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
// SAFETY: written with terminalLeaveBytes, before terminalToRestore says both are valid.
nonisolated(unsafe) private var terminalLeaveCount = 0

private func removePendingTemporaryAndReraise(_ signal: Int32) {
    if hasPendingTemporary != 0 { unlink(pendingTemporaryPath) }
    // write and tcsetattr only: both are async-signal-safe.
    if terminalToRestore >= 0 {
        _ = write(terminalToRestore, terminalLeaveBytes, terminalLeaveCount)
        _ = tcsetattr(terminalToRestore, TCSANOW, savedTerminalModes)
    }
    var action = sigaction()
    action.plainHandler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
    // Delivered when the handler returns (it is blocked until then).
    raise(signal)
}

/// The temporary file a signal removes: at most one at a time. Changes to
/// it are made with the cleanup signals blocked, so a handler never sees
/// half a path.
enum PendingTemporary {
    /// Installs the handlers once; a signal ignored when `reorder` started
    /// (`nohup`, `trap '' HUP`) stays ignored. SIGQUIT is among them, so
    /// that it ends a run as SIGTERM does, not as a crash.
    static func installCleanupHandlers() {
        _ = cleanupHandlersInstalled
    }

    private static let cleanupHandlersInstalled: Bool = {
        for signal in cleanupSignals {
            var current = sigaction()
            sigaction(signal, nil, &current)
            // SAFETY: a C function pointer (optional) is one word; compared as a number, SIG_IGN being the value 1.
            if unsafeBitCast(current.plainHandler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                continue
            }
            var action = sigaction()
            action.plainHandler = { removePendingTemporaryAndReraise($0) }
            sigemptyset(&action.sa_mask)
            for other in cleanupSignals { sigaddset(&action.sa_mask, other) }
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        return true
    }()

    /// Runs `change` with the cleanup signals blocked.
    static func withSignalsBlocked<T>(_ change: () throws -> T) rethrows -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in cleanupSignals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try change()
    }

    /// `mkstemp(template)` with the result recorded for the handlers before
    /// any signal can come between; call with the signals blocked.
    static func create(_ template: inout [CChar]) -> Int32 {
        // SAFETY: the template is NUL-terminated (utf8CString) and mkstemp writes within it.
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd >= 0 {
            // SAFETY: the template is at most PATH_MAX bytes with its NUL (AtomicFile checks), the destination PATH_MAX + 1.
            template.withUnsafeBufferPointer { _ = strcpy(pendingTemporaryPath, $0.baseAddress!) }
            hasPendingTemporary = 1
        }
        return fd
    }

    /// The path `create` recorded.
    static var path: String { String(cString: pendingTemporaryPath) }

    static func forget() {
        withSignalsBlocked { hasPendingTemporary = 0 }
    }
}

/// The terminal a signal gives back before the run ends: `pick` registers
/// it before it changes the terminal's modes and forgets it once it has
/// restored them itself.
enum TerminalRestore {
    /// On SIGINT, SIGTERM, SIGHUP or SIGQUIT: `leave` is written to `fd`,
    /// then `modes` set again.
    static func register(fd: Int32, modes: termios, leave: [UInt8]) {
        PendingTemporary.installCleanupHandlers()
        PendingTemporary.withSignalsBlocked {
            savedTerminalModes.pointee = modes
            let count = min(leave.count, 64)
            for index in 0..<count { terminalLeaveBytes[index] = leave[index] }
            terminalLeaveCount = count
            terminalToRestore = fd
        }
    }

    static func forget() {
        PendingTemporary.withSignalsBlocked { terminalToRestore = -1 }
    }
}

/// SIGWINCH as a byte on a pipe, for a loop that polls: the handler only
/// writes.
// SAFETY: set on the main thread while SIGWINCH's handler is installed or removed; an aligned Int32 is read whole.
nonisolated(unsafe) private var resizePipeWrite: Int32 = -1

enum ResizeSignal {
    /// Starts writing a byte to `fd` on each SIGWINCH.
    static func notify(_ fd: Int32) {
        resizePipeWrite = fd
        var action = sigaction()
        action.plainHandler = { _ in
            let saved = errno
            var byte: UInt8 = 1
            if resizePipeWrite >= 0 { _ = write(resizePipeWrite, &byte, 1) }
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &action, nil)
    }

    /// SIGWINCH ignored again, as by default.
    static func stop() {
        var action = sigaction()
        action.plainHandler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(SIGWINCH, &action, nil)
        resizePipeWrite = -1
    }
}

// MARK: - A mapped file that shrinks

/// A mapped input's address range; `faulted` is set when a read beyond the
/// file's end was caught.
private struct GuardedRange {
    var start: UInt = 0
    var end: UInt = 0
    var faulted: Int32 = 0
}

private let guardedRangeCount = 16
// SAFETY: set once (slotLock's initializer) before the SIGBUS handler is installed; slots changed under slotLock.
nonisolated(unsafe) private var guardedRanges: UnsafeMutablePointer<GuardedRange>? = nil
// SAFETY: set once, with the handler's installation, and never freed.
nonisolated(unsafe) private var previousBusAction: UnsafeMutablePointer<sigaction>? = nil

/// A read of a mapped page past the end of a file that shrank raises
/// SIGBUS. When the page is one of ours, the whole range becomes zero pages
/// (so the read, and every later one, finds memory) and the range is marked;
/// the reader checks the mark when it is done and reports the shrinking as
/// an error. Any other SIGBUS goes to the handler there was before.
private func catchReadBeyondEnd(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    // SAFETY: the kernel passes a valid siginfo_t to an SA_SIGINFO handler.
    let address = UInt(bitPattern: info?.pointee.faultAddress)
    if let ranges = guardedRanges {
        for index in 0..<guardedRangeCount {
            let range = ranges[index]
            guard range.end > range.start, address >= range.start, address < range.end else { continue }
            // SAFETY: MAP_FIXED over our own mapping's range only: zero pages where the file's pages were.
            _ = mmap(UnsafeMutableRawPointer(bitPattern: range.start), Int(range.end - range.start),
                     PROT_READ, MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            ranges[index].faulted = 1
            return
        }
    }
    // Not ours: the fault happens again on return, under the old handler.
    if let previousBusAction { sigaction(SIGBUS, previousBusAction, nil) }
}

/// The mapped inputs being read, so that one that shrinks meanwhile is an
/// error rather than a crash.
enum MappingGuard {
    /// A registered range: which slot, to ask and to release.
    struct Registration {
        fileprivate let slot: Int
    }

    // SAFETY: a static let is initialized once, thread-safely; the mutex and the ranges it allocates are never freed.
    nonisolated(unsafe) private static let slotLock: UnsafeMutablePointer<pthread_mutex_t> = {
        // SAFETY: never freed: the SIGBUS handler may read the ranges at any time.
        let ranges = UnsafeMutablePointer<GuardedRange>.allocate(capacity: guardedRangeCount)
        ranges.initialize(repeating: GuardedRange(), count: guardedRangeCount)
        guardedRanges = ranges
        // SAFETY: never freed: the handler may restore the previous action at any time.
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
        previous.initialize(to: sigaction())
        var action = sigaction()
        action.infoHandler = { catchReadBeyondEnd($0, $1, $2) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO
        sigaction(SIGBUS, &action, previous)
        previousBusAction = previous
        // SAFETY: never freed; initialized here, before any use.
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// Guards `count` bytes mapped at `start`; nil when every slot is taken
    /// (the mapping is then read unguarded, as before).
    static func register(start: UnsafeRawPointer, count: Int) -> Registration? {
        let lock = slotLock
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard let ranges = guardedRanges else { return nil }
        for index in 0..<guardedRangeCount where ranges[index].end == 0 {
            ranges[index].faulted = 0
            // SAFETY: an address kept as a number, compared by the handler; never dereferenced from it.
            ranges[index].start = UInt(bitPattern: start)
            ranges[index].end = UInt(bitPattern: start) + UInt(count)
            return Registration(slot: index)
        }
        return nil
    }

    /// Whether a read past the file's end was caught in the range.
    static func faulted(_ registration: Registration) -> Bool {
        guardedRanges![registration.slot].faulted != 0
    }

    /// Before the range is unmapped.
    static func release(_ registration: Registration) {
        pthread_mutex_lock(slotLock)
        guardedRanges![registration.slot].end = 0
        guardedRanges![registration.slot].start = 0
        pthread_mutex_unlock(slotLock)
    }
}
