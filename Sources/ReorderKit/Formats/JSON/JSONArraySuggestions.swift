/// Arrays to suggest when `--pointer` names an object: a few arrays inside
/// it, the shallowest first, with their pointers.
enum JSONArraySuggestions {
    /// At most `limit` pointers of arrays inside the (validated) object at
    /// `range`, whose own pointer is `base`. Searches breadth-first through
    /// objects and through the first element of arrays of objects (so
    /// `/plugins/0/dependencies` is found), and stops after a bounded number
    /// of values so that a huge document costs little.
    static func arrays(
        in source: UnsafeRawBufferPointer, _ range: Range<Int>, under base: JSONPointer, limit: Int = 5
    ) -> [String] {
        var found: [String] = []
        var queue: [(range: Range<Int>, tokens: [String])] = [(range, base.tokens)]
        var budget = 2_000
        var next = 0
        while next < queue.count && found.count < limit && budget > 0 {
            let (objectRange, tokens) = queue[next]
            next += 1
            ValidatedJSON.forEachMember(source, object: objectRange) { keyRange, valueRange in
                budget -= 1
                let key = String(decoding: JSONText.decodeString(source, keyRange), as: UTF8.self)
                switch source[valueRange.lowerBound] {
                case UInt8(ascii: "["):
                    let pointer = JSONPointer(tokens: tokens + [key]).text
                    // A key given twice is one suggestion.
                    if !found.contains(pointer) { found.append(pointer) }
                    // Arrays inside the first element, when it is an object.
                    ValidatedJSON.forEachElement(source, array: valueRange) { element in
                        if source[element.lowerBound] == UInt8(ascii: "{") {
                            queue.append((element, tokens + [key, "0"]))
                        }
                        return false
                    }
                case UInt8(ascii: "{"):
                    queue.append((valueRange, tokens + [key]))
                default:
                    break
                }
                return found.count < limit && budget > 0
            }
        }
        return found
    }
}
