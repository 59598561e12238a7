extension ListFormat {
    /// Items are the items of a Markdown list (see `MarkdownLayout`).
    public static let markdown = ListFormat(
        name: "markdown",
        claims: [.fileExtension("md"), .fileExtension("markdown")],
        help: "Items are the items of a Markdown list (CommonMark: -, *, + bullets, 1. or 1) numbers), each with every line that belongs to it (lazy lines too, nested lists, code, quotes; a tab counts to the next multiple of 4 columns), so a nested list travels with its item; blank lines between items and an ordered list's numbers stay with their positions. -p names the list by its heading path from the first heading (-p '/Awesome Grep/Tools': the first list under that heading; * is each heading there, as in -p '/Changelog/*/Added'; a heading that is a number is written ~3 then the number), or by its index among the top-level lists (-p /3); a number after a list names the list inside that item (-p '/Tools/2'). Without -p, the document's one list. Items sort and select by their first line's text without its marker, task box ([ ], [x]) or link markup ([Foo](url) is Foo). Lists inside code, HTML blocks, block quotes and front matter are not lists; a problem in one list refuses no other.",
        options: ["pointer"],
        words: FormatWords(
            name: "Markdown", invalidAdvice: "", items: "items", lists: "a list",
            oneValue: "one item's text on one line", keyed: "list", member: "item"),
        markersStayWithPositions: true, longerPointersNameInnerLists: false,
        read: { source, options in
            try MarkdownLayout(source, pointer: options.pointer, commentHeadings: options.commentHeadings)
        },
        children: { source, options in
            try MarkdownLayout.children(source, pointer: options.pointer, commentHeadings: options.commentHeadings)
        })
}

/// Markdown's errors.
enum MarkdownError: FormatErrors {
    static var format: ListFormat { .markdown }

    /// An edit whose result would read back otherwise: `what` says how,
    /// at `offset`.
    static func wouldChange(what: String, offset: Int) -> FormatError {
        FormatError(format, .wouldChangeData(what: what), offset: offset)
    }
}
