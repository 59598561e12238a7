/// Where each list a policy's rules named was found in a file, so that an
/// editor that changed a few bytes checks again only the list around them
/// (`reorder lsp`).

/// One list a rule's pointer named, as `Policy.apply` read it.
public struct PolicyListSpan: Equatable, Sendable {
    /// The rule's number.
    public let rule: Int
    /// The list's concrete pointer (each `*` expanded), as tokens.
    public let tokens: [String]
    /// The document of a YAML stream, when the file has several.
    public let document: Int?
    /// A TOML table's sub-tables, read as lines.
    public let sections: Bool
    /// From its first item's first byte (the comments it owns included)
    /// to its last item's last; nil for a list without items.
    public let items: Range<Int>?
    /// Its finding's index in `PolicyFileResult.findings`; nil when it is
    /// in order (or the rule leaves it alone).
    public let finding: Int?
}

extension PolicyFinding {
    /// The finding of the same list where the file's bytes before it grew
    /// by `bytes` and its lines by `lines` (both may be negative): its
    /// line, its moved item's bytes, a group named by its first line, and
    /// with `batchArguments` those.
    public func relocated(bytes: Int, lines: Int, batchArguments: [String]? = nil) -> PolicyFinding {
        var moved = self
        moved.line += lines
        if let range = movedRange { moved.movedRange = (range.lowerBound + bytes)..<(range.upperBound + bytes) }
        if case .startingAtLine(let first)? = group?.section { moved.group?.section = .startingAtLine(first + lines) }
        if let batchArguments { moved.batchArguments = batchArguments }
        return moved
    }
}
