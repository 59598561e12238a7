/// An item moved into a file of another format: its value, converted
/// only where the conversion is certain, as the VALUE `insert` takes in
/// DEST's format. The value goes through JSON text, which each format that
/// converts reads and writes by its own `ValueConversion`
/// (`ListFormat.valueConversion`). Anything but the value the item holds
/// (a comment, a YAML tag, anchor or alias) is refused, named, rather than
/// lost.
extension BetweenFiles {
    /// The VALUE that `insert` into `target` takes for source item `index`.
    static func converted(item index: Int, of list: ListDocument, into target: ListDocument,
                          refuse: (String) -> Failure) throws -> [UInt8] {
        let from = list.format, to = target.format
        guard let reading = from.valueConversion, let writing = to.valueConversion else {
            throw refuse("an item goes from a \(from.words.name) file into a \(to.words.name) file only between \(convertingFormats) files")
        }
        let keyed = list.layout.itemsAreKeyedMembers
        guard keyed == target.layout.itemsAreKeyedMembers else {
            throw refuse(keyed ? "the list it goes to is a list of elements, and the item is a member with a key"
                               : "the list it goes to holds members with keys, and the item is an element without one")
        }
        let bytes = Array(list.itemBytes(index))
        if let lost = reading.lostParts(bytes) {
            throw refuse("the item holds \(lost), which a \(to.words.name) file would not keep; a move into another format carries the value only")
        }
        func uncertain(_ what: ValueConversion.Uncertain) -> Failure {
            let text = list.layout.insertText(ofItem: index).map { " ('" + String(decoding: $0, as: UTF8.self) + "')" } ?? ""
            return refuse("reorder cannot write \(what == .key ? "its key" : "its value")\(text) in \(to.words.name) with certainty (it would read as another value, or as none, there); move it by hand")
        }
        do {
            // The value (and the key) as JSON text, then in DEST's format.
            let (key, value) = try reading.read(bytes, list.layout.insertText(ofItem: index), keyed)
            return try writing.write(key, value)
        } catch let error as ValueConversion.Uncertain {
            throw uncertain(error)
        }
    }

    /// The names of the formats that convert, as a message lists them:
    /// "JSON, JSON with comments, YAML and TOML".
    static var convertingFormats: String {
        let names = ListFormat.all.filter { $0.valueConversion != nil }.map(\.words.name)
        guard names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
