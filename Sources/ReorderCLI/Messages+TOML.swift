import ReorderKit

/// A TOML error with the name of its input and its place there, worked out
/// while the input's bytes are at hand.
struct TOMLErrorInInput: Error {
    let error: TOMLError
    /// nil inside a message that names the input already (a batch's).
    let name: String?
    /// `name:line:column: `, or `name: ` for an error with no place; empty
    /// without a name.
    let prefix: String
    /// A second place the error names, `line:column`.
    var otherPlace = ""

    /// `source`: the input's bytes, to find the error's place in; nil for
    /// an error without a name.
    init(_ error: TOMLError, name: String?, source: UnsafeRawBufferPointer?) {
        self.error = error
        self.name = name
        guard let name, let source else {
            prefix = name.map { $0 + ": " } ?? ""
            return
        }
        switch error {
        case .syntax(_, let offset), .redefined(_, _, let offset), .cannotDelimit(_, let offset), .notAList(_, _, let offset):
            let place = JSONPlace.of(min(offset, source.count), in: source)
            prefix = "\(name):\(place.line):\(place.column): "
        case .sectionsApart(_, _, let offset, _, let betweenOffset):
            let place = JSONPlace.of(min(offset, source.count), in: source)
            prefix = "\(name):\(place.line):\(place.column): "
            let other = JSONPlace.of(min(betweenOffset, source.count), in: source)
            otherPlace = "\(other.line):\(other.column)"
        default:
            prefix = "\(name): "
        }
    }
}

extension Messages {
    static func describe(_ wrapped: TOMLErrorInInput) -> String {
        // `name: ` for an error of the whole input; `name:line:column: `
        // where the error has a place.
        let named = wrapped.name.map { $0 + ": " } ?? "", place = wrapped.prefix
        switch wrapped.error {
        case .syntax(let problem, _):
            return place + "not valid TOML 1.0: \(problem)"
        case .redefined(let key, let reason, _):
            return place + "not valid TOML 1.0: '\(key)' cannot be defined here: \(reason)"
        case .cannotDelimit(let what, _):
            return place + "\(what): reorder cannot tell where the items begin and end here, so it edits nothing (it never guesses)"
        case .nothingAtPointer(let pointer, let reason):
            return named + "nothing at '\(pointer)': \(reason)"
        case .notAList(let pointer, let found, _):
            let subject = pointer.isEmpty ? "the document's root" : "'\(pointer)'"
            return place + "\(subject) is \(found), not an array or a table"
        case .invalidValue(let value, let reason):
            return named + "the value '\(String(decoding: value, as: UTF8.self))' is not one TOML item: \(reason); to insert it as a string, use --string"
        case .keyExists(let key):
            return named + "the table has the key '\(key)' already; delete or replace that line instead (select it with =\(key))"
        case .resultInvalid(let problem):
            return named + "the edit would not give valid TOML (\(problem)); nothing is written"
        case .insertIntoSections(let table):
            return named + "the list is the sub-tables of '\(table)', each written as sections; reorder inserts none: write the new '[\(table).NAME]' section with an editor"
        case .sectionsApart(let key, let header, _, let between, _):
            return place + "the section \(header) belongs to '\(key)' with the sections above it, but \(between) at \(wrapped.otherPlace) stands between them, so reorder cannot tell which sections move with '\(key)' and edits nothing (it never guesses); put the sections of '\(key)' together"
        }
    }
}
