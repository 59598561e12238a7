import ReorderKit

extension Messages {
    /// Who gave the key a message names: the command line's `--key`, or a
    /// policy rule's `key`.
    enum KeyGiver {
        case option, rule

        /// The key as the user wrote it: `'--key name'`, `key = "name"`.
        func quoted(_ key: String) -> String {
            self == .option ? "'--key \(key)'" : "key = \"\(key)\""
        }

        /// A key to write instead: `--key '#1'`, `key = "#1"`.
        func choice(_ key: String) -> String {
            self == .option ? "--key '\(key)'" : "key = \"\(key)\""
        }

        /// How to do without a key, or read the list so that it has one.
        var withoutKey: String {
            self == .option ? "leave --key out, or choose the format with --format"
                : "leave key out of the rule, or say its files' format with format = \"csv\" (or another)"
        }
    }

    static func describe(_ error: SelectorError, key giver: KeyGiver = .option) -> String {
        switch error {
        case .nothingSelected(let selector, nil, let suggestedKey?):
            return "'\(Messages.oneLine(selector))' selects no item, but an item has '\(selector.dropFirst())' at '\(suggestedKey)': did you mean '--key \(suggestedKey)'?"
        case .nothingSelected(let selector, let key, _):
            let place = key.map { " (comparing the value at --key \($0))" } ?? ""
            return "'\(Messages.oneLine(selector))' selects no item\(place); add --missing-ok to change nothing instead"
        case .notASelector(let text):
            return "'\(text)' is not an index or a selector: use a whole number (negative counts from the end), or '=\(text)' for the item whose text is \(text)"
        case .invalidListElement(let selector, let element):
            let shown = element.isEmpty ? "an empty part" : "'\(element)'"
            return "'\(Messages.oneLine(selector))' is not a selector: \(shown) is not an index, a range (A...B, A..<B), =TEXT or ~REGEX"
        case .reversedRange(let selector, _, _):
            return "range '\(Messages.oneLine(selector))' ends before it starts; write the smaller index first (a negative index counts from the end)"
        case .invalidRegex(let pattern, let reason):
            return "'~\(pattern)' is not a valid regular expression: \(reason)"
        case .swapNeedsOneItem(let selector, let count):
            return "swap needs one item on each side, but '\(Messages.oneLine(selector))' selects \(count); use 'move' to move several items together"
        case .keyInNoItem(let key, let at, let keys):
            let whose = at.isEmpty ? "the items" : "the items' '\(at)'"
            let shown = keys.prefix(12).map { "'" + JSONPointer.escape($0) + "'" }.joined(separator: ", ")
                + (keys.count > 12 ? ", …" : "")
            let have = keys.isEmpty ? "\(whose) are not objects" : "\(whose) have: \(shown)"
            let last = (try? JSONPointer(parsing: key))?.tokens.last ?? ""
            let suggestion = ArgumentParser.closest(to: last, among: keys)
                .map { "; did you mean \(giver.quoted(at + "/" + JSONPointer.escape($0)))?" } ?? ""
            return "no item has a value at \(giver.quoted(key)); \(have)\(suggestion)"
        case .noSuchColumn(let key, let columns):
            let shown = columns.prefix(20).map { "'" + $0 + "'" }.joined(separator: ", ") + (columns.count > 20 ? ", …" : "")
            let suggestion = ArgumentParser.closest(to: key, among: columns).map { "; did you mean \(giver.quoted($0))?" } ?? ""
            return "\(giver.quoted(key)) names no column; the columns are: \(shown.isEmpty ? "none (the file has no row)" : shown)\(suggestion)"
        case .columnNamedTwice(let key, let numbers):
            let choices = numbers.map { giver.choice("#\($0)") }.joined(separator: " or ")
            return "\(giver.quoted(key)) names \(numbers.count) columns of the header; choose one by number: \(choices)"
        case .keyNeedsFields(let key, let format):
            return "\(giver.quoted(key)) reads fields of items (a JSON, YAML or TOML element's members, a CSV or TSV row's columns), "
                + "but the list is read as \(formatName(format)), whose items have none: \(giver.withoutKey)"
        }
    }
}
