import ReorderKit

/// A YAML error with the name of its input and its place there, worked out
/// while the input's bytes are at hand.
struct YAMLErrorInInput: Error {
    let error: YAMLError
    let name: String
    /// `name:line:column: `, or `name: ` for an error with no place.
    let prefix: String

    init(_ error: YAMLError, name: String, source: UnsafeRawBufferPointer) {
        self.error = error
        self.name = name
        switch error {
        case .cannotDelimit(_, let offset), .notAList(_, _, let offset):
            let place = JSONPlace.of(min(offset, source.count), in: source)
            prefix = "\(name):\(place.line):\(place.column): "
        default:
            prefix = "\(name): "
        }
    }
}

extension Messages {
    static func describe(_ wrapped: YAMLErrorInInput) -> String {
        let name = wrapped.name
        func place(_ offset: Int) -> String { wrapped.prefix }
        switch wrapped.error {
        case .cannotDelimit(let what, let offset):
            return place(offset) + "\(what): reorder cannot tell where the entries begin and end here, so it edits nothing (it never guesses)"
        case .severalDocuments(let count):
            return "\(name): the stream holds \(count) YAML documents; choose one with --document N (0 is the first, -1 the last)"
        case .noSuchDocument(let index, let count):
            return "\(name): there is no document \(index): the stream holds \(count) (valid: 0...\(count - 1), or -\(count)...-1 from the end)"
        case .nothingAtPointer(let pointer, let reason):
            return "\(name): nothing at '\(pointer)': \(reason)"
        case .notAList(let pointer, let found, let offset):
            let subject = pointer.isEmpty ? "the document's root" : "'\(pointer)'"
            return place(offset) + "\(subject) is \(found), not a sequence or a mapping"
        case .invalidValue(let value, let reason):
            return "\(name): the value '\(String(decoding: value, as: UTF8.self))' is not one YAML value on one line: \(reason); to insert it as a string, use --string"
        case .keyExists(let key):
            return "\(name): the mapping has the key '\(key)' already; delete or replace that entry instead (select it with =\(key))"
        case .aliasBeforeAnchor(let anchor):
            return "\(name): the edit would put the alias '*\(anchor)' before its anchor '&\(anchor)' (or remove the anchor), and the document would no longer load; nothing is written"
        }
    }
}
