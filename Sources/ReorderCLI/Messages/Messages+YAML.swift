import ReorderKit

extension YAMLError: FormatErrorWording {
    func message(_ context: FormatErrorContext) -> String {
        // `name: ` for an error of the whole input; `name:line:column: `
        // where the error has a place.
        let named = context.named, place = context.placed
        switch self {
        case .cannotDelimit(let what, _):
            return place + "\(what): reorder cannot tell where the entries begin and end here, so it edits nothing (it never guesses)"
        case .invalid(let reason, _):
            return place + "not valid YAML 1.2: \(reason); a YAML loader would reject it or read it otherwise, so reorder edits nothing: correct the file first"
        case .severalDocuments(let count):
            return named + "the stream holds \(count) YAML documents; choose one with --document N (0 is the first, -1 the last)"
        case .noSuchDocument(let index, let count):
            return named + "there is no document \(index): the stream holds \(count) (valid: 0...\(count - 1), or -\(count)...-1 from the end)"
        case .nothingAtPointer(let pointer, let reason):
            return named + "nothing at '\(pointer)': \(reason)"
        case .notAList(let pointer, let found, _):
            let subject = pointer.isEmpty ? "the document's root" : "'\(pointer)'"
            return place + "\(subject) is \(found), not a sequence or a mapping"
        case .invalidValue(let value, let reason):
            return named + "the value '\(String(decoding: value, as: UTF8.self))' is not one YAML value on one line: \(reason); to insert it as a string, use --string"
        case .keyExists(let key):
            return named + "the mapping has the key '\(key)' already; delete or replace that entry instead (select it with =\(key))"
        case .mergeKey(let pointer, _, let mergeList):
            let subject = pointer.isEmpty ? "the document's root" : "'\(pointer)'"
            let list = mergeList ? ", or its merge list with -p '\(pointer)/<<' (in YAML 1.1 the mapping listed first wins)" : ""
            return place + "\(subject) is a mapping with a merge key ('<<'), so some of its keys come from the mappings it merges; "
                + "YAML 1.1 lets its own keys win wherever '<<' stands, but not every loader does, so reordering its entries "
                + "could change the values a program reads, and reorder edits nothing: reorder the merged mappings themselves"
                + list
        case .wouldChangeData(let what, _):
            return place + "\(what), so the document would load to something else; reorder edits nothing"
        case .aliasBeforeAnchor(let anchor):
            return named + "the edit would put the alias '*\(anchor)' before its anchor '&\(anchor)' (or remove the anchor), and the document would no longer load; nothing is written"
        }
    }
}
