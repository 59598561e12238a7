import Foundation
import ReorderKit

/// Lenders for the tests of code that runs on two threads: one that lends
/// a real thread, one that runs the work at once (before the caller's own
/// half), and one that has no thread (the caller does it all).
extension ThreadLender {
    static let realThread = ThreadLender { work in
        let done = DispatchSemaphore(value: 0)
        Thread {
            work()
            done.signal()
        }.start()
        return { done.wait() }
    }
    static let runsAtOnce = ThreadLender { work in
        work()
        return {}
    }
    static let noThread = ThreadLender { _ in nil }
}
