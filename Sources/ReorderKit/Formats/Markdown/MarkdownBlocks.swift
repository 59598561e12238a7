/// The block structure of a Markdown document, as far as lists need it:
/// where each list and each of its items is, the lists inside items, and
/// the headings that name lists (`-p '/Awesome Grep/Tools'`). It follows
/// CommonMark's rules for list items and lists, and reads the other
/// blocks (fenced and indented code, HTML blocks, block quotes, front
/// matter) only to know that what looks like a list inside them is none.
/// What it cannot delimit with certainty, it refuses (`MarkdownError`):
/// lazy continuation lines, tabs where they decide a list's indentation,
/// a line ending with a lone carriage return.
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
    }

    /// A heading of the document itself (not inside a list or a quote).
    struct Heading {
        let level: Int
        /// Its text as `-p` names it (see `MarkdownInline.plainText`).
        let text: String
        let offset: Int
    }

    let source: UnsafeRawBufferPointer
    private(set) var lines: [Line] = []
    /// The lists of the document itself, in order.
    private(set) var lists: [List] = []
    private(set) var headings: [Heading] = []
    /// Where each top-level list starts (its first marker's line).
    var listOffsets: [Int] { lists.map { $0.items[0].lineStart } }

    init(_ source: UnsafeRawBufferPointer) throws {
        self.source = source
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
        lists = try parse(all, base: 0, topLevel: true)
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
    /// (CommonMark's start conditions); kind 7 only where it may start.
    func htmlStart(at offset: Int, in line: Line, paragraphOpen: Bool) -> Int? {
        guard byte(offset, in: line) == UInt8(ascii: "<") else { return nil }
        let rest = String(decoding: source[offset..<line.end], as: UTF8.self)
        let lower = rest.lowercased()
        for tag in ["<script", "<pre", "<style", "<textarea"] where lower.hasPrefix(tag) {
            let after = lower.dropFirst(tag.count).first
            if after == nil || after == " " || after == ">" || after == "\t" { return 1 }
        }
        if rest.hasPrefix("<!--") { return 2 }
        if rest.hasPrefix("<?") { return 3 }
        if rest.hasPrefix("<![CDATA[") { return 5 }
        if rest.hasPrefix("<!"), let letter = rest.dropFirst(2).first, letter.isASCII && letter.isLetter { return 4 }
        var name = lower.dropFirst()
        if name.hasPrefix("/") { name = name.dropFirst() }
        let tagName = name.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        let after = name.dropFirst(tagName.count)
        if MarkdownBlocks.blockTags.contains(String(tagName)),
           after.isEmpty || after.first == " " || after.first == "\t" || after.hasPrefix(">") || after.hasPrefix("/>") {
            return 6
        }
        if !paragraphOpen, let first = tagName.first, first.isLetter, MarkdownBlocks.isCompleteTag(rest) { return 7 }
        return nil
    }

    func endsHTML(kind: Int, _ line: Line, from offset: Int) -> Bool {
        let text = String(decoding: source[offset..<line.end], as: UTF8.self)
        switch kind {
        case 1:
            let lower = text.lowercased()
            return ["</script>", "</pre>", "</style>", "</textarea>"].contains { lower.contains($0) }
        case 2: return text.contains("-->")
        case 3: return text.contains("?>")
        case 4: return text.contains(">")
        case 5: return text.contains("]]>")
        default: return false
        }
    }

    static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
        "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup",
        "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "title", "tr", "track", "ul",
    ]

    /// One open or closing tag, then only spaces (an HTML block of kind 7).
    static func isCompleteTag(_ text: String) -> Bool {
        let trimmed = text.drop { $0 != ">" }
        guard !trimmed.isEmpty else { return false }
        let tag = text[..<trimmed.startIndex]
        if tag.contains("<") && tag.dropFirst().contains("<") { return false }
        return trimmed.dropFirst().allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// Whether a line (seen at `lead`) starts a block that interrupts a
    /// paragraph, so that it cannot be a paragraph's continuation.
    private func interruptsParagraph(_ lead: Lead, _ line: Line, base: Int) -> Bool {
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

    // MARK: - Containers

    /// The blocks of a container (the document from `spans[0]`, or an
    /// item's content, whose lines are indented `base` columns or more):
    /// the lists directly inside it. With `topLevel`, the headings too.
    private mutating func parse(_ spans: [Span], base: Int, topLevel: Bool) throws -> [List] {
        var found: [List] = []
        var paragraph: [Span] = []
        var fence: (UInt8, Int)? = nil
        var html: Int? = nil
        var indentedCode = false
        var quote = false, quoteEndsAtLine = false
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
                quoteEndsAtLine = true
                continue
            }
            if indentedCode && relative >= 4 { continue }
            indentedCode = false
            if quote {
                let isQuoteLine = relative < 4 && byte(lead.offset, in: line) == UInt8(ascii: ">")
                if isQuoteLine {
                    var rest = lead.offset + 1
                    while rest < line.end && (source[rest] == 0x20 || source[rest] == 0x09) { rest += 1 }
                    quoteEndsAtLine = rest == line.end
                    continue
                }
                if !quoteEndsAtLine && !interruptsParagraph(lead, line, base: base) {
                    if relative < 4, listMarker(at: lead.offset, in: line) != nil {
                        throw MarkdownError.cannotDelimit(what: "a list item right after a block quote, which may continue the quote", offset: lead.offset)
                    }
                    continue // a lazy line of the quote's paragraph
                }
                quote = false
            }
            if relative >= 4 {
                if paragraph.isEmpty { indentedCode = true } else { paragraph.append(span) }
                continue
            }
            if lead.hasTab && base > 0 {
                throw MarkdownError.cannotDelimit(what: "a tab in the indentation of a list item's line", offset: span.position)
            }
            let offset = lead.offset
            if let open = self.fence(at: offset, in: line) {
                fence = open
                paragraph = []
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
                quote = true
                var rest = offset + 1
                while rest < line.end && (source[rest] == 0x20 || source[rest] == 0x09) { rest += 1 }
                quoteEndsAtLine = rest == line.end
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
                    let (list, next) = try parseList(spans, from: index - 1, base: base, interrupts: interrupts)
                    found.append(list)
                    index = next
                    paragraph = []
                    continue
                }
            }
            paragraph.append(span)
        }
        return found
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
            guard lead.column - base < 4, !lead.isBlank, !isThematicBreak(at: lead.offset, in: line),
                  let marker = listMarker(at: lead.offset, in: line),
                  kind == nil || (kind! == (marker.marker, marker.ordered)) else { break }
            if lead.hasTab {
                throw MarkdownError.cannotDelimit(what: "a tab before a list marker", offset: span.position)
            }
            kind = (marker.marker, marker.ordered)
            // The content column: after the marker and its spaces (one when
            // the line is blank after the marker, or when five or more
            // spaces begin an indented code block).
            let markerColumn = lead.column
            let markerWidth = marker.end - lead.offset
            var padding = 0, position = marker.end
            while position < line.end && source[position] == 0x20 { padding += 1; position += 1 }
            if position < line.end && source[position] == 0x09 {
                throw MarkdownError.cannotDelimit(what: "a tab after a list marker", offset: position)
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
                if nextLead.column >= contentColumn {
                    if nextLead.hasTab && tabBefore(column: contentColumn, in: nextSpan) {
                        throw MarkdownError.cannotDelimit(what: "a tab in the indentation of a list item's line", offset: nextSpan.position)
                    }
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
                if previousBlank || interruptsParagraph(nextLead, nextLine, base: base) { break }
                throw MarkdownError.cannotDelimit(
                    what: "a line that continues a list item without its indentation (a lazy continuation line)",
                    offset: nextLead.offset)
            }
            let lastLine = lines[spans[last].line]
            let continuation = (spans[index].line + 1)..<(spans[last].line + 1)
            let inner = try parse(contentSpans, base: contentColumn, topLevel: false)
            items.append(Item(
                lineStart: line.start, markerStart: lead.offset, markerEnd: marker.end, markerColumn: markerColumn,
                contentColumn: contentColumn, range: marker.end..<max(marker.end, lastLine.end), firstLine: firstLineText,
                continuation: continuation, number: marker.number, lists: inner))
            // Blank lines, then perhaps the next item.
            index = last + 1
            var peek = index
            while peek < spans.count && self.lead(spans[peek]).isBlank { peek += 1 }
            guard peek < spans.count else { break }
            let peekLead = self.lead(spans[peek])
            let peekLine = lines[spans[peek].line]
            guard peekLead.column - base < 4, !isThematicBreak(at: peekLead.offset, in: peekLine),
                  let peekMarker = listMarker(at: peekLead.offset, in: peekLine),
                  peekMarker.marker == marker.marker && peekMarker.ordered == marker.ordered else { break }
            index = peek
        }
        let list = List(items: items, marker: kind!.0, ordered: kind!.1, interruptsParagraph: interrupts)
        return (list, index)
    }

    /// Whether a tab stands within the first `column` columns of a span.
    private func tabBefore(column limit: Int, in span: Span) -> Bool {
        let line = lines[span.line]
        var column = span.column, offset = span.position
        while offset < line.end && column < limit {
            let byte = source[offset]
            if byte == 0x09 { return true }
            guard byte == 0x20 else { return false }
            column += 1
            offset += 1
        }
        return false
    }
}
