/// The pieces a move of items between lists is made of, shared by
/// `move --to` and the sectioned edits of `batch`, `pick` and `edit`: where
/// an item's lines are indented, the item laid out as another list's items
/// are, the census that proves nothing was lost, and the checks of keys.
enum ItemRelaying {
    /// How often each byte stands in `bytes`, but blanks, line breaks and
    /// the separators and the brackets a writer adds or takes away (an
    /// emptied list written `[]`).
    static func census<Bytes: Collection>(_ bytes: Bytes) -> [Int] where Bytes.Element == UInt8 {
        var counts = [Int](repeating: 0, count: 256)
        for byte in bytes { counts[Int(byte)] += 1 }
        for byte in [0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5B, 0x5D, 0x7B, 0x7D] { counts[byte] = 0 }
        return counts
    }

    /// Where item `item`'s lines are indented: the blanks before it on its
    /// line (`outside`, which the list's writer puts there) and the whole
    /// indentation of its first line, those and the blanks that start its
    /// bytes (a format whose items are whole lines holds them inside).
    /// Nil when something else stands before it on its line (an inline
    /// list).
    struct Indentation {
        var outside: [UInt8]
        var full: [UInt8]
    }

    static func indentation(of document: ListDocument, item: Int, format: ListFormat) throws -> Indentation? {
        let range = document.layout.itemRange(item)
        let start = document.listRange.lowerBound + range.lowerBound
        let bytes = document.document
        var lineStart = start
        while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var outside = Array(bytes[lineStart..<start])
        // A marker that stays with the position (a Markdown list's) stands
        // before the item: its lines continue under the item's text, as far
        // in as the marker is wide.
        if format.markersStayWithPositions && !outside.contains(0x09) {
            outside = [UInt8](repeating: 0x20, count: outside.count)
        }
        guard outside.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        var end = start
        while end < document.listRange.lowerBound + range.upperBound && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        return Indentation(outside: outside, full: outside + Array(bytes[start..<end]))
    }

    /// `item`'s bytes with its lines indented as DEST's items are: the
    /// item's own indentation `from` replaced by `to` on every line.
    static func relaid(_ item: [UInt8], from: Indentation?, to: Indentation?, format: ListFormat, offset: Int,
                       destination: String, refuse: (String, Int?) -> FormatError) throws -> [UInt8] {
        guard let from, let to else {
            if !item.contains(0x0A) { return item }
            throw refuse("the item spans lines but it, or the list it goes to, does not start its lines; reorder cannot lay it out there", offset)
        }
        // The first line: the blanks inside the item, those of DEST's.
        let inside = from.full.count - from.outside.count
        guard to.full.starts(with: to.outside) else {
            throw refuse("reorder cannot tell how the items of '\(destination)' are indented", offset)
        }
        var result = Array(to.full.dropFirst(to.outside.count))
        result.reserveCapacity(item.count + 64)
        var index = inside
        var lineStart = false
        while index < item.count {
            if lineStart {
                // A line of blanks only (in a block scalar, say) stays.
                var end = index
                while end < item.count && (item[end] == 0x20 || item[end] == 0x09) { end += 1 }
                let blankLine = end == item.count || item[end] == 0x0A || item[end] == 0x0D
                if !blankLine {
                    guard item[index...].starts(with: from.full) else {
                        throw refuse("a line of the item is indented less than the item itself; reorder cannot re-indent it with certainty", offset)
                    }
                    result += to.full
                    index += from.full.count
                    lineStart = false
                    continue
                }
            }
            lineStart = item[index] == 0x0A
            result.append(item[index])
            index += 1
        }
        return result
    }

    /// A keyed list (an object, a mapping, a table) takes no key it has.
    static func checkKeys(_ items: [[UInt8]], block: [Int], list: ListDocument, target: ListDocument,
                          format: ListFormat, destination: String, refuse: (String, Int?) -> FormatError) throws {
        guard list.layout.itemsAreKeyedMembers || target.layout.itemsAreKeyedMembers else { return }
        guard list.layout.itemsAreKeyedMembers == target.layout.itemsAreKeyedMembers else {
            throw refuse(list.layout.itemsAreKeyedMembers
                ? "'\(destination)' is a list of elements, and the item is a member with a key"
                : "'\(destination)' holds members with keys, and the item is an element without one", nil)
        }
        var keys: [[UInt8]: Int] = [:]
        for index in 0..<target.count {
            guard let value = try target.layout.value(ofItem: index, at: nil) else { continue }
            keys[value.primaryBytes.withBytes(in: target.layout.valueSource) { Array($0) }] = index
        }
        for index in block {
            guard let value = try list.layout.value(ofItem: index, at: nil) else { continue }
            let key = value.primaryBytes.withBytes(in: list.layout.valueSource) { Array($0) }
            if let found = keys[key] {
                throw refuse("'\(destination)' has the key '\(String(decoding: key, as: UTF8.self))' already (here); "
                    + "delete one of them first", target.listRange.lowerBound + target.layout.itemRange(found).lowerBound)
            }
            if let mergeKey = format.mergeKey, key == mergeKey {
                throw refuse("the item is a merge key ('\(String(decoding: mergeKey, as: UTF8.self))'): moving it changes the values of the keys it merges",
                             list.layout.itemRange(index).lowerBound)
            }
        }
    }

    /// A mapping with a merge key (`mergeKey`, YAML's `<<`) neither gives
    /// nor takes an entry: its own keys and the merged ones would trade
    /// places.
    static func checkMergeKeys(list: ListDocument, target: ListDocument, mergeKey: [UInt8],
                               refuse: (String, Int?) -> FormatError) throws {
        for document in [list, target] where document.layout.itemsAreKeyedMembers {
            for index in 0..<document.count {
                guard let value = try document.layout.value(ofItem: index, at: nil) else { continue }
                if value.primaryBytes.withBytes(in: document.layout.valueSource, { Array($0) }) == mergeKey {
                    throw refuse("the mapping has a merge key ('\(String(decoding: mergeKey, as: UTF8.self))'): an entry moved out of it or into it could change the values a program reads",
                                 document.layout.itemRange(index).lowerBound)
                }
            }
        }
    }
}
