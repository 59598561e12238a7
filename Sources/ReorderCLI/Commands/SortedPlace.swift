import ReorderKit

/// The sorted place, `sorted` as `move`'s TO or `insert`'s AT: the item
/// goes where `sort` with the same `-r -i -n --key` would put it among the
/// list's other items.
enum SortedPlace {
    static let word: [UInt8] = Array("sorted".utf8)

    /// The order `-r -i -n` give, when `argument` is `sorted`; nil, and
    /// those options refused, when it is an index.
    static func order(_ argument: [UInt8], _ parsed: ParsedArguments, place: String,
                      also: [Option] = []) throws -> SortOptions? {
        guard argument == word else {
            for option in [.reverse, .ignoreCase, .numeric] + also where parsed.has(option) {
                throw UsageError.optionNeedsSortedPlace(option.spelled, command: parsed.command.name, place: place)
            }
            return nil
        }
        return SortOptions(reverse: parsed.has(.reverse), ignoreCase: parsed.has(.ignoreCase), numeric: parsed.has(.numeric))
    }
}
