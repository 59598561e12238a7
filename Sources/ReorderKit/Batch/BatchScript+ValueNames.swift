extension ListDocument {
    /// For each item, the selector `=TEXT` that names it by value in a
    /// batch script, where there is one: TEXT is the item's value (a
    /// string's decoded value, another value's text), no other item's
    /// `=TEXT` compares equal to it (`=42` would select both `42` and
    /// `"42"`: neither is named so), and a script's line holds it as it is
    /// (no line break, no blank at its end, which `move` would drop). Nil
    /// for an item that can only be named by its index.
    ///
    /// A script that names its items so selects the same items in the
    /// list after another program moved, added or removed some: what the
    /// kept script of `pick` and `edit` needs (see `BatchScript.contentClaims`).
    public func valueNames() -> [[UInt8]?] {
        guard let values = try? selectableValues(key: nil) else { return Array(repeating: nil, count: count) }
        var texts: [[[UInt8]]] = []
        texts.reserveCapacity(count)
        // How many items each text selects.
        var selecting: [[UInt8]: Int] = [:]
        for index in 0..<count {
            var own: [[UInt8]] = []
            _ = try? values.anyText(index) { bytes in
                let text = Array(bytes)
                if !own.contains(text) { own.append(text) }
                return false
            }
            for text in own { selecting[text, default: 0] += 1 }
            texts.append(own)
        }
        return texts.map { own in
            guard let text = own.first, selecting[text] == 1, ListDocument.holdsOnALine(text) else { return nil }
            return [UInt8(ascii: "=")] + text
        }
    }

    /// Whether `text` after `=` reads back as itself from a script's line.
    private static func holdsOnALine(_ text: [UInt8]) -> Bool {
        if text.contains(0x0A) || text.contains(0x0D) { return false }
        if let last = text.last, isBlank(last) { return false }
        return true
    }
}

extension BatchScript {
    /// Whether every operation that takes an item of the list names it by
    /// value (`=TEXT`) rather than by position: such a batch means the same
    /// items in a list that changed since it was made. `insert`, which
    /// takes none, qualifies.
    public var namesItemsByValue: Bool {
        func byValue(_ selector: SourceSelector) -> Bool {
            if case .text = selector { return true }
            return false
        }
        if sectionedOperations.contains(where: { !$0.namesItemsByValue }) { return false }
        for index in steps.indices {
            switch kind(of: index) {
            case .insert: continue
            case .delete(let selector), .move(let selector, _), .replace(let selector, _):
                if !byValue(selector) { return false }
            case .swap(let i, let j):
                if !byValue(i) || !byValue(j) { return false }
            }
        }
        return true
    }
}
