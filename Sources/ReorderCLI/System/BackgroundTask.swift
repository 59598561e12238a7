#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReorderHeap
import ReorderKit

/// Work run on a thread of its own while the caller does something else;
/// `value()` waits for it. `reorder batch` reads its first input this way
/// while it reads and plans its script.
///
/// The work must not touch what the caller uses meanwhile: here it only
/// reads a file and builds a document of its own.
final class BackgroundTask<Value> {
    private var result: Result<Value, Error>?
    private var thread: pthread_t?
    private let work: () throws -> Value
    /// Whether a thread runs the work (else `value()` runs it).
    private(set) var started = false

    /// Starts `work`; when no thread can be started, `value()` runs it.
    init(_ work: @escaping () throws -> Value) {
        self.work = work
        thread = startThread { [self] in result = Result(catching: work) }
        started = thread != nil
    }

    /// What the work returned or threw, once it is done.
    func value() throws -> Value {
        wait()
        if result == nil { result = Result(catching: work) }
        return try result!.get()
    }

    /// Waits for the work, if it runs.
    func wait() {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
    }
}

extension ThreadLender {
    /// A new thread for each loan, on another processor, as a
    /// `BackgroundTask`'s: the core starts none of its own. When the core
    /// waits for it, it may move to the waiting thread's processor: held
    /// to the other one while that one ran another program, a sort of a
    /// million lines on two threads took longer than on one.
    static let newThread = ThreadLender { work in
        guard let thread = startThread(work) else { return nil }
        return {
            _ = reorder_thread_allow_anywhere(thread)
            _ = pthread_join(thread, nil)
        }
    }
}

private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// A new thread running `body`; nil when none could be started.
private func startThread(_ body: @escaping () -> Void) -> pthread_t? {
    // SAFETY: the retain is taken back exactly once: by the thread's takeRetainedValue, or by release below when no thread started.
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
    // Darwin: pthread_t is a pointer, nil until pthread_create sets it.
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    // On another processor than this one, which is busy with the caller's
    // half of the work: left to the scheduler, the new thread may first wait
    // in this one's queue for milliseconds.
    // (GNU's affinity calls, in ReorderHeap; Darwin: none, a no-op there.)
    _ = reorder_thread_attributes_elsewhere(&attributes)
    #if canImport(Darwin)
    // Darwin: the start routine's argument is not optional.
    let status = pthread_create(&thread, &attributes, { context in
        // SAFETY: `context` is the ThreadBody retained by startThread, for this thread alone.
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }, context)
    #else
    let status = pthread_create(&thread, &attributes, { context in
        // SAFETY: `context` is the ThreadBody retained by startThread, for this thread alone.
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    #endif
    guard status == 0 else {
        // SAFETY: no thread was started, so this is the retain's only release.
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return nil
    }
    return thread
}
