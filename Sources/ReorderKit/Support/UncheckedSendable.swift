/// A value handed to another thread that only reads it.
// SAFETY: only for values the other thread reads and nobody writes until the lender's wait returns (see each use).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
