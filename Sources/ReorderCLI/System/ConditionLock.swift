#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex and a condition on it (POSIX threads: the same on Linux and
/// Darwin), for threads that take work from a shared queue and wait for
/// more.
// SAFETY: the mutex and the condition are thread-safe C objects at fixed addresses (allocated once, freed in deinit).
final class ConditionLock: @unchecked Sendable {
    // SAFETY: both are initialized in init and destroyed and freed in deinit, when no thread can hold them.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    // SAFETY: as the mutex: initialized in init, destroyed and freed in deinit.
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        // SAFETY: destroyed just above; the lock is gone with its last user.
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for `signal` or `broadcast`, the lock given up meanwhile; held
    /// again on return (and perhaps woken for nothing: test again).
    func wait() { pthread_cond_wait(condition, mutex) }
    func signal() { pthread_cond_signal(condition) }
    func broadcast() { pthread_cond_broadcast(condition) }
}
