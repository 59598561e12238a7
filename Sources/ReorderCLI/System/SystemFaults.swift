#if DEBUG
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Faults the tests plan for the system calls `System` makes, in the
/// manner of swift-system's mocking: in debug builds only (a release build
/// has none of this), a planned fault makes the next matching call fail
/// with the chosen `errno` before it reaches the kernel, or makes a write
/// take fewer bytes than asked. An EINTR fault is retried as a real one
/// is, so that a test sees the retry.
///
/// A fault names the operation as `System` names it: "open", "read",
/// "write", "fsync", "rename", "close", "create a temporary file in",
/// "create the folder", "stat", "lock"...
enum SystemFaults {
    private struct Planned {
        let operation: String
        /// Only for a path that holds this (nil: any path).
        let pathContaining: String?
        /// nil: a short write of `limit` bytes.
        let code: Int32?
        let limit: Int
        /// Matching calls let through before this one fails.
        var skip: Int
        var times: Int
    }

    private static let planned = Mutex<[Planned]>([])

    /// The next `times` calls of `operation` (on a path holding
    /// `pathContaining`, when given), after `skip` that succeed, fail with
    /// `code`.
    static func fail(_ operation: String, with code: Int32, pathContaining: String? = nil, skip: Int = 0, times: Int = 1) {
        planned.withLock {
            $0.append(Planned(operation: operation, pathContaining: pathContaining, code: code, limit: 0, skip: skip, times: times))
        }
    }

    /// The next `times` writes, after `skip`, take at most `limit` bytes.
    static func shortWrite(_ limit: Int, skip: Int = 0, times: Int = 1) {
        planned.withLock { $0.append(Planned(operation: "write", pathContaining: nil, code: nil, limit: limit, skip: skip, times: times)) }
    }

    /// The faults planned and not yet made (0: each happened).
    static var pending: Int { planned.withLock { $0.reduce(0) { $0 + $1.times } } }

    /// Forgets every fault planned.
    static func reset() { planned.withLock { $0.removeAll() } }

    /// The errno of a fault planned for this call of `operation`.
    static func takeError(_ operation: String, path: String? = nil) -> Int32? {
        take { fault in
            fault.operation == operation && fault.code != nil
                && fault.pathContaining.map { part in path.map { $0.contains(part) } ?? false } ?? true
        }?.code
    }

    /// The byte limit of a short write planned for this write.
    static func takeShortWrite() -> Int? {
        take { $0.code == nil }?.limit
    }

    private static func take(_ matches: (Planned) -> Bool) -> Planned? {
        planned.withLock { list in
            guard let at = list.firstIndex(where: matches) else { return nil }
            if list[at].skip > 0 {
                list[at].skip -= 1
                return nil
            }
            let fault = list[at]
            list[at].times -= 1
            if list[at].times == 0 { list.remove(at: at) }
            return fault
        }
    }
}
#endif
