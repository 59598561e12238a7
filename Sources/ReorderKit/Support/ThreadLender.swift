/// A thread the caller lends the core for work that can run beside its
/// own: the core starts no thread (it does no I/O and owns no resource of
/// the system). The JSON reader runs its first pass ahead on it for a large
/// document, the YAML reader validates a large file on it while it finds
/// the list (`ReadOptions.lender`); without a lender it reads on the
/// calling thread alone, with the same result.
public struct ThreadLender: Sendable {
    /// Runs `work` on another thread and returns what waits for it to
    /// finish, or nil when no thread can be had (then the core does the
    /// work itself).
    public let start: @Sendable (_ work: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)?

    public init(start: @escaping @Sendable (_ work: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)?) {
        self.start = start
    }
}


extension ThreadLender {
    /// Runs `mine` here and `theirs` on a lent thread at the same time, and
    /// returns when both are done (`theirs` here after `mine` when no
    /// thread can be had).
    func onBoth(_ mine: () -> Void, _ theirs: @escaping @Sendable () -> Void) {
        let wait = start(theirs)
        mine()
        if let wait { wait() } else { theirs() }
    }
}
