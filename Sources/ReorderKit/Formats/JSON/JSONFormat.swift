extension ListFormat {
    /// Items are the elements of the JSON array at `-p` (see `JSONLayout`).
    public static let json = ListFormat(
        name: "json",
        claims: { path in ListFormat.fileExtension(path) == "json" },
        read: { source, options in try JSONLayout(source, pointer: options.pointer) })
}

extension JSONLayout: FormatLayout {}
