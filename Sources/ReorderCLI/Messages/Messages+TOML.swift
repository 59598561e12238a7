import ReorderKit

extension TOMLError: FormatErrorWording {
    func message(_ context: FormatErrorContext) -> String {
        // `name: ` for an error of the whole input; `name:line:column: `
        // where the error has a place.
        let named = context.named, place = context.placed
        switch self {
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
            return place + "the section \(header) belongs to '\(key)' with the sections above it, but \(between) at \(context.secondPlace ?? "") stands between them, so reorder cannot tell which sections move with '\(key)' and edits nothing (it never guesses); put the sections of '\(key)' together"
        }
    }
}
