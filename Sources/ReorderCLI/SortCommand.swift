import ReorderKit

/// `reorder sort`: the options, read into `SortOptions`; `--key` travels in
/// `EditOptions` like the selectors' one.
enum SortCommand {
    static func edit(_ parsed: ParsedArguments) throws -> Edit {
        .sort(SortOptions(
            reverse: parsed.has("reverse"),
            unique: parsed.has("unique"),
            ignoreCase: parsed.has("ignore-case"),
            numeric: parsed.has("numeric"),
            recursive: parsed.has("recursive")))
    }
}
