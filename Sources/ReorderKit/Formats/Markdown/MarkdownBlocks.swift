/// The block structure of a Markdown document, as far as lists need it:
/// where each list and each of its items is, the lists inside items, and
/// the headings that name lists (`-p '/Awesome Grep/Tools'`). It follows
/// CommonMark's rules for list items and lists, and reads the other
/// blocks (fenced and indented code, HTML blocks, block quotes, front
/// matter) only to know that what looks like a list inside them is none.
/// Lazy continuation lines (a paragraph's line without its item's
/// indentation) belong to the item whose paragraph they continue, and tabs
/// count to the next multiple of 4 columns, as CommonMark says. What it
/// cannot delimit with certainty, it refuses (`MarkdownError`): a line
/// ending with a lone carriage return.
struct MarkdownBlocks {
    /// One line: `start ..< end` is its text, `end ..< next` its
    /// terminator (LF, CRLF, or none at the end of the document).
    struct Line {
        let start: Int
        let end: Int
        let next: Int
    }

    /// A list item: the marker line and every line that belongs to it.
    struct Item {
        /// Where the line of its marker starts, and the marker itself.
        let lineStart: Int
        let markerStart: Int
        let markerEnd: Int
        /// The column of the marker, and where its content begins
        /// (CommonMark's W: continuation lines are indented this far).
        let markerColumn: Int
        let contentColumn: Int
        /// The item's bytes as they move: after the marker, to the end of
        /// its last line that is not blank (without its terminator).
        let range: Range<Int>
        /// The first line's text after the marker and its spaces.
        let firstLine: Range<Int>
        /// The lines after the first, by index into `MarkdownBlocks.lines`.
        let continuation: Range<Int>
        /// An ordered item's number.
        let number: Int?
        /// The lists directly inside the item.
        var lists: [List]
        /// Its last block (however deep) is a paragraph, which the line
        /// after it would continue as a lazy line unless a blank line or a
        /// block that interrupts a paragraph comes first.
        let endsInParagraph: Bool
    }

    /// A list: items with the same kind of marker (one bullet character,
    /// or numbers with one delimiter).
    struct List {
        var items: [Item]
        /// `-`, `*`, `+`, or the delimiter `.` / `)` of an ordered list.
        let marker: UInt8
        let ordered: Bool
        /// The list starts right after a paragraph's line: its first item
        /// interrupts the paragraph, so that item may not start with a
        /// blank line.
        let interruptsParagraph: Bool
        /// The column its container's content starts at (0 for the
        /// document, an item's content column for a list inside it).
        let base: Int
        /// The kind of marker (`marker`, `ordered`) of the list right
        /// before this one and of the one right after it in the same
        /// container, with only blank lines between: a list of the same
        /// kind on both sides would join into one without this list.
        var kindBefore: Kind?
        var kindAfter: Kind?

        struct Kind: Equatable {
            let marker: UInt8
            let ordered: Bool
        }

        var kind: Kind { Kind(marker: marker, ordered: ordered) }
    }

    /// A heading of the document itself (not inside a list or a quote).
    struct Heading {
        let level: Int
        /// Its text as `-p` names it (see `MarkdownInline.plainText`).
        let text: String
        let offset: Int
    }

    let source: UnsafeRawBufferPointer
    /// Read with comment headings (`ReadOptions.commentHeadings`): lists
    /// of one kind whose markers stand at one column, parted only by HTML
    /// comments on lines of their own (no further right than the markers)
    /// and blank lines, are one list, the comments in its gaps.
    let commentHeadings: Bool
    private(set) var lines: [Line] = []
    /// The lists of the document itself, in order.
    private(set) var lists: [List] = []
    private(set) var headings: [Heading] = []
    /// Where each top-level list starts (its first marker's line).
    var listOffsets: [Int] { lists.map { $0.items[0].lineStart } }

    init(_ source: UnsafeRawBufferPointer, commentHeadings: Bool = false) throws {
        self.source = source
        self.commentHeadings = commentHeadings
        var position = 0
        let count = source.count
        while position < count {
            let newline = firstIndex(of: 0x0A, in: source, from: position, to: count)
            var end = newline ?? count
            let next = newline.map { $0 + 1 } ?? count
            if newline != nil && end > position && source[end - 1] == 0x0D { end -= 1 }
            if let cr = firstIndex(of: 0x0D, in: source, from: position, to: end) {
                throw MarkdownError.cannotDelimit(what: "a carriage return that ends a line without a line feed", offset: cr)
            }
            lines.append(Line(start: position, end: end, next: next))
            position = next
        }
        var first = 0
        if let frontMatterEnd = frontMatterEnd() { first = frontMatterEnd }
        let all = (first..<lines.count).map { Span(line: $0, position: lines[$0].start, column: 0) }
        lists = try parse(all, base: 0, topLevel: true).lists
    }

    // MARK: - Lines as a container sees them

    /// A line as a container (the document, or an item's content) sees
    /// it: from `position`, which is at `column`. An item's first line is
    /// seen from after its marker.
    struct Span {
        let line: Int
        let position: Int
        let column: Int
    }

    /// What a span holds after its leading spaces.
    struct Lead {
        /// The column of the first byte that is not a space or tab.
        let column: Int
        /// Where that byte is (the line's end when blank).
        let offset: Int
        let isBlank: Bool
        /// A tab among the leading spaces.
        let hasTab: Bool
    }

    func lead(_ span: Span) -> Lead {
        let line = lines[span.line]
        var column = span.column, offset = span.position, hasTab = false
        while offset < line.end {
            let byte = source[offset]
            if byte == 0x20 {
                column += 1
            } else if byte == 0x09 {
                column += 4 - column % 4
                hasTab = true
            } else {
                break
            }
            offset += 1
        }
        return Lead(column: column, offset: offset, isBlank: offset == line.end, hasTab: hasTab)
    }

    private func byte(_ offset: Int, in line: Line) -> UInt8? { offset < line.end ? source[offset] : nil }

    // MARK: - Front matter

    /// A YAML front matter block (`---` on the first line, to the next
    /// `---` or `...`): the index of the line after it.
    private func frontMatterEnd() -> Int? {
        guard let first = lines.first, text(first) == "---" else { return nil }
        for index in 1..<lines.count where text(lines[index]) == "---" || text(lines[index]) == "..." {
            return index + 1
        }
        return nil
    }

    private func text(_ line: Line) -> String {
        var end = line.end
        while end > line.start && (source[end - 1] == 0x20 || source[end - 1] == 0x09) { end -= 1 }
        return String(decoding: source[line.start..<end], as: UTF8.self)
    }

    // MARK: - Blocks

    /// A list marker at `offset`: its kind, its end, its number.
    struct Marker {
        let marker: UInt8
        let ordered: Bool
        let end: Int
        let number: Int?
        /// The rest of the line after it is blank.
        let emptyRest: Bool
    }

    func listMarker(at offset: Int, in line: Line) -> Marker? {
        guard let first = byte(offset, in: line) else { return nil }
        var end = offset
        var number: Int? = nil
        let marker: UInt8
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            marker = first
            end = offset + 1
        } else {
            var value = 0
            while end < line.end, end - offset < 9, let digit = byte(end, in: line), digit >= 0x30 && digit <= 0x39 {
                value = value * 10 + Int(digit - 0x30)
                end += 1
            }
            guard end > offset, let delimiter = byte(end, in: line),
                  delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")") else { return nil }
            marker = delimiter
            number = value
            end += 1
        }
        if let after = byte(end, in: line), after != 0x20 && after != 0x09 { return nil }
        var rest = end
        while rest < line.end && (source[rest] == 0x20 || source[rest] == 0x09) { rest += 1 }
        return Marker(marker: marker, ordered: number != nil, end: end, number: number, emptyRest: rest == line.end)
    }

    /// `***`, `---`, `___` (three or more, spaces between).
    func isThematicBreak(at offset: Int, in line: Line) -> Bool {
        guard let first = byte(offset, in: line),
              first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "_") else { return false }
        var count = 0
        for position in offset..<line.end {
            let byte = source[position]
            if byte == first { count += 1 } else if byte != 0x20 && byte != 0x09 { return false }
        }
        return count >= 3
    }

    /// A setext underline: `=` or `-` only, then spaces.
    func setextLevel(at offset: Int, in line: Line) -> Int? {
        guard let first = byte(offset, in: line), first == UInt8(ascii: "=") || first == UInt8(ascii: "-") else { return nil }
        var position = offset
        while position < line.end && source[position] == first { position += 1 }
        while position < line.end && (source[position] == 0x20 || source[position] == 0x09) { position += 1 }
        return position == line.end ? (first == UInt8(ascii: "=") ? 1 : 2) : nil
    }

    /// An ATX heading's level.
    func atxLevel(at offset: Int, in line: Line) -> Int? {
        var position = offset
        while position < line.end && source[position] == UInt8(ascii: "#") { position += 1 }
        let level = position - offset
        guard level >= 1 && level <= 6 else { return nil }
        if let after = byte(position, in: line), after != 0x20 && after != 0x09 { return nil }
        return level
    }

    /// A code fence's character and length.
    func fence(at offset: Int, in line: Line) -> (UInt8, Int)? {
        guard let first = byte(offset, in: line), first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
        var position = offset
        while position < line.end && source[position] == first { position += 1 }
        let length = position - offset
        guard length >= 3 else { return nil }
        if first == UInt8(ascii: "`") && firstIndex(of: first, in: source, from: position, to: line.end) != nil { return nil }
        return (first, length)
    }

    func closesFence(_ fence: (UInt8, Int), at offset: Int, in line: Line) -> Bool {
        var position = offset
        while position < line.end && source[position] == fence.0 { position += 1 }
        guard position - offset >= fence.1 else { return false }
        while position < line.end && (source[position] == 0x20 || source[position] == 0x09) { position += 1 }
        return position == line.end
    }

    /// The kind (1 to 7) of an HTML block starting at `offset`
    /// (CommonMark's start conditions, as its reference implementation
    /// reads them); kind 7 only where it may start. An autolink
    /// (`<https://example.com>`) starts none: it is a paragraph.
    func htmlStart(at offset: Int, in line: Line, paragraphOpen: Bool) -> Int? {
        guard byte(offset, in: line) == UInt8(ascii: "<") else { return nil }
        let rest = Array(source[offset..<line.end])
        let lower = rest.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        func starts(_ text: String, _ bytes: [UInt8] = rest) -> Bool { bytes.starts(with: Array(text.utf8)) }
        for tag in ["<script", "<pre", "<style"] where starts(tag, lower) {
            let after = lower.count > tag.utf8.count ? lower[tag.utf8.count] : nil
            if after == nil || after == UInt8(ascii: ">") || MarkdownBlocks.isSpace(after!) { return 1 }
        }
        if starts("<!--") { return 2 }
        if starts("<?") { return 3 }
        if rest.count > 2 && rest[1] == UInt8(ascii: "!") && rest[2] >= 0x41 && rest[2] <= 0x5A { return 4 }
        if starts("<![CDATA[") { return 5 }
        var name = 1
        if lower.count > 1 && lower[1] == UInt8(ascii: "/") { name = 2 }
        var nameEnd = name
        while nameEnd < lower.count, MarkdownBlocks.isTagNameByte(lower[nameEnd]) { nameEnd += 1 }
        if MarkdownBlocks.blockTags.contains(String(decoding: lower[name..<nameEnd], as: UTF8.self)) {
            let after = lower[nameEnd...]
            if after.isEmpty || MarkdownBlocks.isSpace(after.first!) || after.starts(with: [0x3E]) || after.starts(with: [0x2F, 0x3E]) {
                return 6
            }
        }
        if !paragraphOpen, let end = MarkdownBlocks.tagEnd(rest), rest[end...].allSatisfy(MarkdownBlocks.isSpace) { return 7 }
        return nil
    }

    func endsHTML(kind: Int, _ line: Line, from offset: Int) -> Bool {
        let text = String(decoding: source[offset..<line.end], as: UTF8.self)
        switch kind {
        case 1:
            let lower = text.lowercased()
            return ["</script>", "</pre>", "</style>"].contains { lower.contains($0) }
        case 2: return text.contains("-->")
        case 3: return text.contains("?>")
        case 4: return text.contains(">")
        case 5: return text.contains("]]>")
        default: return false
        }
    }

    /// The tag names of an HTML block of kind 6, as CommonMark's
    /// reference implementation (commonmark.py, spec 0.29) has them:
    /// `source` and no `search` (kind 1 has no `textarea` either), with
    /// `h2` to `h6`, which the spec names and its pattern leaves out.
    static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
        "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup",
        "option", "p", "param", "section", "source", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "title", "tr", "track", "ul",
    ]

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    static func isTagNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
    }

    /// Where a complete open tag (`<name attribute="value" …>`, `/>`) or
    /// closing tag (`</name>`) at the start of `text` ends, as CommonMark
    /// writes them; nil when it starts with none.
    static func tagEnd(_ text: [UInt8]) -> Int? {
        func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) }
        var index = 1
        let closing = text.count > 1 && text[1] == UInt8(ascii: "/")
        if closing { index = 2 }
        guard index < text.count, isLetter(text[index]) else { return nil }
        while index < text.count && isTagNameByte(text[index]) { index += 1 }
        func skipSpaces() -> Int {
            let start = index
            while index < text.count && isSpace(text[index]) { index += 1 }
            return index - start
        }
        if closing {
            _ = skipSpaces()
            return index < text.count && text[index] == UInt8(ascii: ">") ? index + 1 : nil
        }
        func isNameStart(_ byte: UInt8) -> Bool { isLetter(byte) || byte == 0x5F || byte == 0x3A }
        func isName(_ byte: UInt8) -> Bool { isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2D }
        while true {
            let spaces = skipSpaces()
            guard index < text.count else { return nil }
            if spaces > 0 && isNameStart(text[index]) {
                while index < text.count && isName(text[index]) { index += 1 }
                // A value, if `=` follows.
                let afterName = index
                _ = skipSpaces()
                guard index < text.count, text[index] == UInt8(ascii: "=") else {
                    index = afterName
                    continue
                }
                index += 1
                _ = skipSpaces()
                guard index < text.count else { return nil }
                let quote = text[index]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = text[(index + 1)...].firstIndex(of: quote) else { return nil }
                    index = close + 1
                } else {
                    let start = index
                    while index < text.count, text[index] > 0x20, !"\"'=<>`".utf8.contains(text[index]) { index += 1 }
                    if index == start { return nil }
                }
                continue
            }
            if text[index] == UInt8(ascii: "/") { index += 1 }
            return index < text.count && text[index] == UInt8(ascii: ">") ? index + 1 : nil
        }
    }

    /// Whether a line (seen at `lead`) starts a block that interrupts a
    /// paragraph, so that it cannot be a paragraph's continuation.
    func interruptsParagraph(_ lead: Lead, _ line: Line, base: Int) -> Bool {
        guard lead.column - base < 4 else { return false }
        let offset = lead.offset
        if isThematicBreak(at: offset, in: line) || atxLevel(at: offset, in: line) != nil
            || fence(at: offset, in: line) != nil || byte(offset, in: line) == UInt8(ascii: ">")
            || htmlStart(at: offset, in: line, paragraphOpen: true) != nil {
            return true
        }
        if let marker = listMarker(at: offset, in: line), !marker.emptyRest, !marker.ordered || marker.number == 1 {
            return true
        }
        return false
    }

    /// Whether a line (seen at `lead`) that does not continue an item or
    /// a block quote starts a block rather than continue, as a lazy line,
    /// the paragraph inside them: a block that interrupts a paragraph, or
    /// any list item (a lazy line's container is the list, or the quote's,
    /// never the paragraph: `2.` or an empty item starts a list there).
    func startsBlockAfterContainer(_ lead: Lead, _ line: Line, base: Int) -> Bool {
        interruptsParagraph(lead, line, base: base)
            || (lead.column - base < 4 && listMarker(at: lead.offset, in: line) != nil)
    }

    // MARK: - Containers

    /// The blocks of a container (the document from `spans[0]`, or an
    /// item's content, whose lines are indented `base` columns or more):
    /// the lists directly inside it. With `topLevel`, the headings too.
    /// What a container's last block is, as far as a lazy line cares.
    private enum Tip {
        case other
        case paragraph
        /// A block quote: what its content ends in.
        case quote
        /// A list: whether its last item ends in a paragraph.
        case list(Bool)
    }

    /// A block quote's line as its content sees it: after the `>` and
    /// the one space (or tab) after it. (Columns count from there: a tab
    /// inside the quote's content may be a column off, which tells a
    /// paragraph from another block no differently.)
    private func quoteContent(_ lead: Lead, _ span: Span) -> Span {
        let line = lines[span.line]
        var position = lead.offset + 1
        if position < line.end && (source[position] == 0x20 || source[position] == 0x09) { position += 1 }
        return Span(line: span.line, position: position, column: 0)
    }

    /// Whether the content `spans` (of an item, at `base`, or of a block
    /// quote) ends in a paragraph that a lazy line would continue.
    private func endsInParagraph(_ spans: [Span], base: Int) throws -> Bool {
        var copy = self
        return try copy.parse(spans, base: base, topLevel: false).endsInParagraph
    }

    /// The blocks of a container (the document from `spans[0]`, or an
    /// item's content, whose lines are indented `base` columns or more, but
    /// for its lazy lines): the lists directly inside it, and whether it
    /// ends in a paragraph (see `Item.endsInParagraph`). With `topLevel`,
    /// the headings too.
    private mutating func parse(_ spans: [Span], base: Int, topLevel: Bool) throws -> (lists: [List], endsInParagraph: Bool) {
        var found: [List] = []
        var paragraph: [Span] = []
        var fence: (UInt8, Int)? = nil
        var html: Int? = nil
        var indentedCode = false
        var quote: [Span]? = nil
        var tip = Tip.other
        // The last list found, while only blank lines follow it.
        var listBefore: Int? = nil
        var index = 0
        while index < spans.count {
            let span = spans[index]
            let line = lines[span.line]
            let lead = self.lead(span)
            let relative = lead.column - base
            index += 1
            if let open = fence {
                if !lead.isBlank && relative < 4 && closesFence(open, at: lead.offset, in: line) { fence = nil }
                continue
            }
            if let kind = html {
                if kind <= 5 {
                    if endsHTML(kind: kind, line, from: span.position) { html = nil }
                } else if lead.isBlank {
                    html = nil
                }
                continue
            }
            if lead.isBlank {
                paragraph = []
                if quote != nil {
                    quote = nil
                    listBefore = nil
                }
                tip = .other
                continue
            }
            if indentedCode && relative >= 4 { continue }
            indentedCode = false
            if let content = quote {
                if lead.column >= base && relative < 4 && byte(lead.offset, in: line) == UInt8(ascii: ">") {
                    quote!.append(quoteContent(lead, span))
                    continue
                }
                // A lazy line of the quote's paragraph: one that the item
                // around passed on as lazy, or one that starts no block
                // after a quote whose content ends in a paragraph.
                let lazy = try lead.column < base
                    || (!startsBlockAfterContainer(lead, line, base: base) && endsInParagraph(content, base: 0))
                if lazy {
                    quote!.append(Span(line: span.line, position: span.position, column: 0))
                    continue
                }
                quote = nil
                listBefore = nil
                tip = .other
            }
            if lead.column < base {
                // A lazy line that the item around passed on: it continues
                // this container's paragraph.
                guard !paragraph.isEmpty else {
                    throw MarkdownError.cannotDelimit(what: "a line that continues a list item without its indentation (a lazy continuation line) but no paragraph", offset: lead.offset)
                }
                paragraph.append(span)
                continue
            }
            if relative >= 4 {
                if paragraph.isEmpty {
                    indentedCode = true
                    tip = .other
                    listBefore = nil
                } else {
                    paragraph.append(span)
                }
                continue
            }
            let offset = lead.offset
            // Every block below but a list ends what came before it.
            if listMarker(at: offset, in: line) == nil || isThematicBreak(at: offset, in: line) { listBefore = nil }
            tip = .other
            if let open = self.fence(at: offset, in: line) {
                fence = open
                paragraph = []
                listBefore = nil
                continue
            }
            if let level = atxLevel(at: offset, in: line) {
                if topLevel { headings.append(Heading(level: level, text: atxText(line, from: offset + level), offset: offset)) }
                paragraph = []
                continue
            }
            if !paragraph.isEmpty, let level = setextLevel(at: offset, in: line) {
                if topLevel {
                    let first = paragraph[0]
                    var text: [UInt8] = []
                    for part in paragraph {
                        let partLead = self.lead(part)
                        if !text.isEmpty { text.append(0x20) }
                        text += source[partLead.offset..<lines[part.line].end]
                    }
                    headings.append(Heading(level: level, text: MarkdownInline.plainText(text, droppingImages: true), offset: self.lead(first).offset))
                }
                paragraph = []
                continue
            }
            if isThematicBreak(at: offset, in: line) {
                paragraph = []
                continue
            }
            if byte(offset, in: line) == UInt8(ascii: ">") {
                quote = [quoteContent(lead, span)]
                tip = .quote
                paragraph = []
                continue
            }
            if let kind = htmlStart(at: offset, in: line, paragraphOpen: !paragraph.isEmpty) {
                html = kind
                if kind <= 5 && endsHTML(kind: kind, line, from: offset) { html = nil }
                paragraph = []
                continue
            }
            if let marker = listMarker(at: offset, in: line) {
                let interrupts = !paragraph.isEmpty
                if !interrupts || (!marker.emptyRest && (!marker.ordered || marker.number == 1)) {
                    var (list, next) = try parseList(spans, from: index - 1, base: base, interrupts: interrupts)
                    if let before = listBefore, !interrupts {
                        list.kindBefore = found[before].kind
                        found[before].kindAfter = list.kind
                    }
                    found.append(list)
                    listBefore = found.count - 1
                    tip = .list(list.items[list.items.count - 1].endsInParagraph)
                    index = next
                    paragraph = []
                    continue
                }
            }
            listBefore = nil
            paragraph.append(span)
            tip = .paragraph
        }
        let ends: Bool
        switch tip {
        case .other: ends = false
        case .paragraph: ends = true
        case .list(let last): ends = last
        case .quote: ends = try endsInParagraph(quote ?? [], base: 0)
        }
        return (found, ends)
    }

    /// The text of an ATX heading: without its `#`s, its closing `#`s and
    /// the spaces around.
    private func atxText(_ line: Line, from offset: Int) -> String {
        var start = offset, end = line.end
        while start < end && (source[start] == 0x20 || source[start] == 0x09) { start += 1 }
        while end > start && (source[end - 1] == 0x20 || source[end - 1] == 0x09) { end -= 1 }
        var hashes = end
        while hashes > start && source[hashes - 1] == UInt8(ascii: "#") { hashes -= 1 }
        if hashes == start {
            end = start
        } else if hashes < end && (source[hashes - 1] == 0x20 || source[hashes - 1] == 0x09) {
            end = hashes
            while end > start && (source[end - 1] == 0x20 || source[end - 1] == 0x09) { end -= 1 }
        }
        return MarkdownInline.plainText(Array(source[start..<end]), droppingImages: true)
    }

    /// With comment headings: when `spans[first]` starts an HTML comment
    /// (`<!--`) at a column from `base` to `column` (no further right than
    /// the markers around it, so that no item's content takes it in) that
    /// ends on a line with nothing after its `-->`, the index of the span
    /// after that line; nil otherwise.
    func commentLinesEnd(_ spans: [Span], from first: Int, base: Int, column: Int) -> Int? {
        let lead = self.lead(spans[first])
        let line = lines[spans[first].line]
        guard lead.column >= base, lead.column <= column,
              source[lead.offset..<line.end].starts(with: "<!--".utf8) else { return nil }
        var index = first
        var from = lead.offset
        while index < spans.count {
            let current = lines[spans[index].line]
            if endsHTML(kind: 2, current, from: from) {
                var end = current.end
                while end > from && (source[end - 1] == 0x20 || source[end - 1] == 0x09) { end -= 1 }
                return end - from >= 3 && source[(end - 3)..<end].elementsEqual("-->".utf8) ? index + 1 : nil
            }
            index += 1
            if index < spans.count { from = spans[index].position }
        }
        return nil
    }

    /// The list whose first item's marker is on `spans[first]`, and the
    /// index of the span after it.
    private mutating func parseList(_ spans: [Span], from first: Int, base: Int, interrupts: Bool) throws -> (List, Int) {
        var items: [Item] = []
        var index = first
        var kind: (UInt8, Bool)? = nil
        while index < spans.count {
            let span = spans[index]
            let line = lines[span.line]
            let lead = self.lead(span)
            guard lead.column >= base, lead.column - base < 4, !lead.isBlank, !isThematicBreak(at: lead.offset, in: line),
                  let marker = listMarker(at: lead.offset, in: line),
                  kind == nil || (kind! == (marker.marker, marker.ordered)) else { break }
            kind = (marker.marker, marker.ordered)
            // The content column: after the marker and its spaces (one when
            // the line is blank after the marker, or when five or more
            // spaces begin an indented code block).
            let markerColumn = lead.column
            let markerWidth = marker.end - lead.offset
            // Spaces and tabs after the marker, in columns (a tab to the
            // next multiple of 4).
            var padding = 0, position = marker.end
            while position < line.end && (source[position] == 0x20 || source[position] == 0x09) {
                let column = markerColumn + markerWidth + padding
                padding += source[position] == 0x09 ? 4 - column % 4 : 1
                position += 1
            }
            let contentColumn = markerColumn + markerWidth + (marker.emptyRest || padding >= 5 ? 1 : padding)
            let firstLineText = marker.emptyRest ? line.end..<line.end : position..<line.end
            if marker.emptyRest && items.isEmpty && interrupts {
                throw MarkdownError.cannotDelimit(what: "an empty list item after a paragraph", offset: lead.offset)
            }
            var contentSpans = [Span(line: span.line, position: marker.end, column: markerColumn + markerWidth)]
            var last = index
            var next = index + 1
            var previousBlank = false
            // An item that starts with a blank line ends at a second one.
            let endsAtBlank = marker.emptyRest
            while next < spans.count {
                let nextSpan = spans[next]
                let nextLine = lines[nextSpan.line]
                let nextLead = self.lead(nextSpan)
                if nextLead.isBlank {
                    if endsAtBlank && last == index { break }
                    previousBlank = true
                    next += 1
                    continue
                }
                // At the content's column, or a lazy line that the item
                // around this list passed on (it continues this item's
                // paragraph).
                if nextLead.column >= contentColumn || nextLead.column < base {
                    for blank in (last + 1)..<next { contentSpans.append(spans[blank]) }
                    contentSpans.append(nextSpan)
                    last = next
                    next += 1
                    previousBlank = false
                    continue
                }
                // Less indented than the content: the next item, or the
                // end of the list.
                let relative = nextLead.column - base
                if relative < 4, !isThematicBreak(at: nextLead.offset, in: nextLine),
                   let nextMarker = listMarker(at: nextLead.offset, in: nextLine),
                   nextMarker.marker == marker.marker && nextMarker.ordered == marker.ordered {
                    break
                }
                // A lazy line continues the item's paragraph; any other
                // line ends the list.
                let ends = try previousBlank || startsBlockAfterContainer(nextLead, nextLine, base: base)
                    || !endsInParagraph(contentSpans, base: contentColumn)
                if ends { break }
                for blank in (last + 1)..<next { contentSpans.append(spans[blank]) }
                contentSpans.append(nextSpan)
                last = next
                next += 1
            }
            let lastLine = lines[spans[last].line]
            let continuation = (spans[index].line + 1)..<(spans[last].line + 1)
            let inner = try parse(contentSpans, base: contentColumn, topLevel: false)
            items.append(Item(
                lineStart: line.start, markerStart: lead.offset, markerEnd: marker.end, markerColumn: markerColumn,
                contentColumn: contentColumn, range: marker.end..<max(marker.end, lastLine.end), firstLine: firstLineText,
                continuation: continuation, number: marker.number, lists: inner.lists, endsInParagraph: inner.endsInParagraph))
            // Blank lines (with comment headings, and comment lines), then
            // perhaps the next item.
            index = last + 1
            var peek = index
            var pastComment = false
            while peek < spans.count {
                if self.lead(spans[peek]).isBlank {
                    peek += 1
                } else if commentHeadings, let end = commentLinesEnd(spans, from: peek, base: base, column: markerColumn) {
                    peek = end
                    pastComment = true
                } else {
                    break
                }
            }
            guard peek < spans.count else { break }
            let peekLead = self.lead(spans[peek])
            let peekLine = lines[spans[peek].line]
            guard peekLead.column >= base, peekLead.column - base < 4, !isThematicBreak(at: peekLead.offset, in: peekLine),
                  let peekMarker = listMarker(at: peekLead.offset, in: peekLine),
                  peekMarker.marker == marker.marker && peekMarker.ordered == marker.ordered else { break }
            // Past a comment, only a marker at the same column goes on.
            if pastComment && peekLead.column != markerColumn { break }
            index = peek
        }
        let list = List(items: items, marker: kind!.0, ordered: kind!.1, interruptsParagraph: interrupts, base: base)
        return (list, index)
    }
}
