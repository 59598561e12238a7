/// How the user counts: from 0 (the default) or from 1 (`--one-based`).
/// Negative indices count from the end either way: `-1` is the last.
public enum IndexBase: Equatable, Sendable {
    case zero
    case one

    public var offset: Int { self == .zero ? 0 : 1 }
}

/// An index as the user wrote it: a whole number, possibly negative.
public struct UserIndex: Equatable, Sendable, CustomStringConvertible {
    public var value: Int

    public init(_ value: Int) { self.value = value }

    /// Parses `-12`, `0`, `+3`. Anything else is `ReorderError.invalidIndex`.
    public init(parsing text: String) throws {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let magnitude = Int(digits)
        else { throw ReorderError.invalidIndex(text) }
        value = negative ? -magnitude : magnitude
    }

    public var description: String { String(value) }

    /// The 0-based index this names in a list of `count` items.
    ///
    /// For a source index, `count` is the length of the list before the
    /// operation; for a destination, the length of the result. Example, with
    /// `count == 4`: `0 → 0`, `3 → 3`, `-1 → 3`, `-4 → 0`; `4` and `-5` throw.
    public func resolved(count: Int, base: IndexBase, role: IndexRole) throws -> Int {
        let index: Int
        if value < 0 {
            index = count + value
        } else {
            if base == .one && value == 0 { throw ReorderError.zeroIndexWhenOneBased(role: role) }
            index = value - base.offset
        }
        guard index >= 0 && index < count else {
            throw ReorderError.indexOutOfRange(index: value, count: count, role: role, base: base)
        }
        return index
    }
}
