import ReorderKit

/// Every `FormatError` (the TOML and YAML readers'), worded here, once:
/// what differs between the formats is only the words for their parts.
extension FormatError: FormatErrorWording {
    func message(_ context: FormatErrorContext) -> String {
        // `name: ` for an error of the whole input; `name:line:column: `
        // where the error has a place.
        let named = context.named, place = context.placed
        let words = format.words
        switch kind {
        case .invalid(let problem):
            return place + "not valid \(words.name) \(words.version): \(problem)" + words.invalidAdvice
        case .cannotDelimit(let what):
            return place + "\(what): reorder cannot tell where the \(words.items) begin and end here, so it edits nothing (it never guesses)"
        case .nothingAtPointer(let pointer, let reason):
            return named + "nothing at '\(pointer)': \(reason)"
        case .notAList(let pointer, let found):
            return place + "\(subject(pointer)) is \(found), not \(words.lists)"
        case .invalidValue(let value, let reason):
            return named + "the value '\(String(decoding: value, as: UTF8.self))' is not \(words.oneValue): \(reason); to insert it as a string, use --string"
        case .keyExists(let key):
            return named + "the \(words.keyed) has the key '\(key)' already; delete or replace that \(words.member) instead (select it with =\(key))"
        case .redefined(let key, let reason):
            return place + "not valid \(words.name) \(words.version): '\(key)' cannot be defined here: \(reason)"
        case .resultInvalid(let problem):
            return named + "the edit would not give valid \(words.name) (\(problem)); nothing is written"
        case .insertIntoSections(let table):
            return named + "the list is the sub-tables of '\(table)', each written as sections; reorder inserts none: write the new '[\(table).NAME]' section with an editor"
        case .sectionsApart(let key, let header, let between):
            return place + "the section \(header) belongs to '\(key)' with the sections above it, but \(between) at \(context.secondPlace ?? "") stands between them, so reorder cannot tell which sections move with '\(key)' and edits nothing (it never guesses); put the sections of '\(key)' together"
        case .severalDocuments(let count):
            return named + "the stream holds \(count) YAML documents; choose one with --document N (0 is the first, -1 the last)"
        case .noSuchDocument(let index, let count):
            return named + "there is no document \(index): the stream holds \(count) (valid: 0...\(count - 1), or -\(count)...-1 from the end)"
        case .mergeKey(let pointer, let mergeList):
            let list = mergeList ? ", or its merge list with -p '\(pointer)/<<' (in YAML 1.1 the mapping listed first wins)" : ""
            return place + "\(subject(pointer)) is a mapping with a merge key ('<<'), so some of its keys come from the mappings it merges; "
                + "YAML 1.1 lets its own keys win wherever '<<' stands, but not every loader does, so reordering its entries "
                + "could change the values a program reads, and reorder edits nothing: reorder the merged mappings themselves"
                + list
        case .wouldChangeData(let what):
            return place + "\(what), so the document would load to something else; reorder edits nothing"
        case .aliasBeforeAnchor(let anchor):
            return named + "the edit would put the alias '*\(anchor)' before its anchor '&\(anchor)' (or remove the anchor), and the document would no longer load; nothing is written"
        }
    }

    /// A pointer as the subject of a sentence.
    private func subject(_ pointer: String) -> String {
        pointer.isEmpty ? "the document's root" : "'\(pointer)'"
    }
}
