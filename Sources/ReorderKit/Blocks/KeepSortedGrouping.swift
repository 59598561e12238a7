/// One line of a block as the sort sees it: its bytes, without the
/// terminator, and where they stand in the source while they are the
/// source's (nil once the sort changed them: a comma added or taken off,
/// or a blank line `newline_separated` added).
struct BlockLine {
    var bytes: [UInt8]
    var origin: Range<Int>?

    static let blank = BlockLine(bytes: [], origin: nil)

    func hasSuffix(_ byte: UInt8) -> Bool { bytes.last == byte }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
        origin = nil
    }

    mutating func trimSuffix(_ byte: UInt8) {
        guard bytes.last == byte else { return }
        bytes.removeLast()
        origin = nil
    }
}

/// One item of a block: its lines, and the comment lines above them that
/// stick to it.
struct LineGroup {
    var comment: [BlockLine]
    var lines: [BlockLine]

    var isCommentOnly: Bool { lines.isEmpty }

    /// A blank line on its own: what `newline_separated` takes out and puts
    /// back.
    var isBlankLine: Bool { comment.isEmpty && lines.count == 1 && isBlank(lines[0].bytes) }

    /// The item's lines as one text to compare, keep-sorted's way: each
    /// line without its indentation, a space between two lines only where
    /// a word character meets a word character.
    var joinedLines: [UInt8] {
        var joined: [UInt8] = []
        var last: ArraySlice<UInt8> = []
        for line in lines {
            let text = trimmedSpaces(line.bytes[...])
            if let end = last.last, let start = text.first, isWordByte(end), isWordByte(start) {
                joined.append(0x20)
            }
            joined += text
            last = text
        }
        return joined
    }

    /// The comment lines, one after another with a newline between.
    var joinedComment: [UInt8] {
        var joined: [UInt8] = []
        for (index, line) in comment.enumerated() {
            if index > 0 { joined.append(0x0A) }
            joined += line.bytes
        }
        return joined
    }

    var allLines: [BlockLine] { comment + lines }
}

/// The start and end markers' text (`keep-sorted start`, `keep-sorted
/// end`, or with another marker name).
public struct KeepSortedMarkers: Sendable {
    public let name: String
    let start: [UInt8]
    let end: [UInt8]

    public init(name: String = KeepSorted.defaultMarker) {
        self.name = name
        start = Array((name + " start").utf8)
        end = Array((name + " end").utf8)
    }

    /// Whether `source` may hold a marker: it holds the name. A file that
    /// does not has no block to sort and nothing to warn about.
    public func mayOccur(in source: UnsafeRawBufferPointer) -> Bool {
        contains(Array(name.utf8), in: source)
    }
}

/// The brackets and quotes an item's lines have opened, counted as
/// keep-sorted's `block=yes` counts them: `()`, `[]` and `{}` outside
/// quotes (`"`, `'`, `` ` `` and their triples; a single quote after a
/// backslash does not count), up to a comment that starts with the start
/// marker's comment marker.
struct OpenBrackets {
    /// `{`, `[`, `(` opened, and closed.
    private var opened = (0, 0, 0)
    private var closed = (0, 0, 0)
    private var quote: [UInt8]? = nil

    private static let quotes: [[UInt8]] = ["\"\"\"", "'''", "```", "\"", "'", "`"].map { Array($0.utf8) }

    /// True while a bracket or a quote is open: the next line continues
    /// the item (`block=yes`).
    var expectsContinuation: Bool {
        opened.0 != closed.0 || opened.1 != closed.1 || opened.2 != closed.2 || quote != nil
    }

    /// True when a bracket was opened more often than closed.
    var hasUnclosedBracket: Bool {
        opened.0 > closed.0 || opened.1 > closed.1 || opened.2 > closed.2
    }

    mutating func append(_ line: [UInt8], commentMarker: [UInt8]) {
        var index = 0
        while index < line.count {
            if quote == nil {
                switch line[index] {
                case UInt8(ascii: "{"): opened.0 += 1
                case UInt8(ascii: "}"): closed.0 += 1
                case UInt8(ascii: "["): opened.1 += 1
                case UInt8(ascii: "]"): closed.1 += 1
                case UInt8(ascii: "("): opened.2 += 1
                case UInt8(ascii: ")"): closed.2 += 1
                default: break
                }
                // A trailing comment: the rest of the line does not count.
                if !commentMarker.isEmpty && line[index...].starts(with: commentMarker) { break }
            }
            let byte = line[index]
            // Only a quote character can start or end a quote.
            let found = byte == 0x22 || byte == 0x27 || byte == 0x60 ? OpenBrackets.quote(in: line, at: index) : nil
            if quote == nil, let found {
                quote = found
                index += found.count
                continue
            } else if let open = quote, found == open {
                quote = nil
                index += open.count
                continue
            }
            index += 1
        }
    }

    /// The first quote of `quotes` that stands at `index`.
    private static func quote(in line: [UInt8], at index: Int) -> [UInt8]? {
        for quote in quotes where line.count - index >= quote.count {
            if quote.count == 1 && index > 0 && line[index - 1] == UInt8(ascii: "\\") { continue }
            if line[index..<index + quote.count].elementsEqual(quote) { return quote }
        }
        return nil
    }
}

extension KeepSortedOptions {
    /// True when `line`, without its indentation, starts with one of
    /// `prefixes` (without case, when the block sorts without case).
    func hasPrefix(_ line: [UInt8], _ prefixes: [[UInt8]]) -> Bool {
        firstPrefix(of: line[...], in: prefixes) != nil
    }

    /// The first of `prefixes` that `text` starts with, after its
    /// indentation (keep-sorted's `cutFirstPrefix`).
    func firstPrefix(of text: ArraySlice<UInt8>, in prefixes: [[UInt8]]) -> [UInt8]? {
        let trimmed = trimmedSpaces(text)
        if caseSensitive {
            return prefixes.first { trimmed.starts(with: $0) }
        }
        let folded = lowercased(trimmed)
        return prefixes.first { folded.starts(with: lowercased($0[...])) }
    }
}

/// Splits a block's lines into its items, as keep-sorted does, with one
/// addition.
///
/// In order, a line:
/// 1. continues the item when `block=yes` and the item has a bracket or a
///    quote open;
/// 2. with `group=yes`, continues it when it is indented deeper than the
///    block's first line (a blank line counts as indented as the next line
///    that is not), or while a nested block's start marker in the item has
///    no end yet; or when it starts with one of `group_prefixes`;
/// 3. with `group=yes`, continues it when it starts with a closing bracket
///    and the item has a bracket open: the `]` that closes
///    `"key" = [` in TOML, or the `}` of a JSON object, belongs to the
///    item above it (keep-sorted makes it an item of its own, and then
///    removes it as a duplicate: keep-sorted#10);
/// 4. is a comment that sticks to the next item when it starts with one of
///    `sticky_prefixes` (the start marker's comment marker among them): the
///    comment lines directly above an item are its own, by the rule every
///    format shares (`CommentOwnership`), and a blank line or the end of
///    the block leaves them an item of their own;
/// 5. with `group_start_regex`, continues the item unless a regex matches
///    it; with `group_end_regex`, continues it, and ends it when a regex
///    matches it; a blank line never continues an item this way;
/// 6. starts a new item.
func groupLines(_ lines: [BlockLine], _ options: KeepSortedOptions, _ markers: KeepSortedMarkers) -> [LineGroup] {
    var groups: [LineGroup] = []
    var commentStart = 0, commentEnd = 0
    var lineStart = 0, lineEnd = 0
    // The lines that stuck as comments (rule 4), and where the group being
    // made began: the comment lines directly above an item, from there on,
    // are its own (`CommentOwnership`).
    var isComment = [Bool](repeating: false, count: lines.count)
    var groupFloor = 0
    var hasLines: Bool { lineEnd > lineStart }
    let indents = options.group ? calculateIndents(lines) : []
    // The indentation of the block's first line: keep-sorted sets it once,
    // at the first line of an item. A nested block's start marker counts
    // when it comes first, though it is read as a comment: else sorting
    // its block first would change how the lines after it group, and every
    // run would sort them again.
    let firstLine = lines.indices.first { !isBlank(lines[$0].bytes) }
    var initialIndent: Int? = options.group
        ? firstLine.flatMap { contains(lines[$0].bytes, markers.start) ? indents[$0] : nil } : nil
    var unmatchedStarts = 0
    var brackets = OpenBrackets()
    let regexGrouping = !options.groupStartRegex.isEmpty || !options.groupEndRegex.isEmpty

    func countMarkers(_ line: [UInt8]) {
        if contains(line, markers.start) {
            unmatchedStarts += 1
        } else if contains(line, markers.end) {
            unmatchedStarts -= 1
        }
    }
    func appendLine(_ index: Int) {
        if !hasLines {
            lineStart = index
            commentStart = CommentOwnership.ownedLines(above: index, floor: groupFloor) { isComment[$0] }
            commentEnd = index
        }
        lineEnd = index + 1
        brackets.append(lines[index].bytes, commentMarker: options.commentMarker)
        if options.group {
            countMarkers(lines[index].bytes)
            if initialIndent == nil { initialIndent = indents[index] }
        }
    }
    func appendComment(_ index: Int) {
        isComment[index] = true
    }
    func finishGroup() {
        groups.append(LineGroup(comment: Array(lines[commentStart..<commentEnd]),
                                lines: hasLines ? Array(lines[lineStart..<lineEnd]) : []))
        groupFloor = lineEnd
        commentStart = 0; commentEnd = 0; lineStart = 0; lineEnd = 0
        brackets = OpenBrackets()
    }
    func regexText(_ line: [UInt8]) -> String { String(decoding: trimmedSpaces(line[...]), as: UTF8.self) }

    for index in lines.indices {
        let line = lines[index].bytes
        if options.block && hasLines && brackets.expectsContinuation {
            appendLine(index)
        } else if options.group
                    && (hasLines && initialIndent != nil && indents[index] > initialIndent! || unmatchedStarts > 0) {
            appendLine(index)
        } else if options.group, let prefixes = options.groupPrefixes, options.hasPrefix(line, prefixes) {
            appendLine(index)
        } else if options.group && hasLines && brackets.hasUnclosedBracket && startsWithClosingBracket(line) {
            appendLine(index)
        } else if options.hasPrefix(line, options.stickyPrefixes) {
            if hasLines { finishGroup() }
            appendComment(index)
            // A nested block's start marker in a comment: its lines join
            // the item that follows.
            if options.group && contains(line, markers.start) { unmatchedStarts += 1 }
        } else if regexGrouping && hasLines && !isBlank(line)
                    && (options.groupStartRegex.isEmpty || !options.groupStartRegex.contains { $0.matches(regexText(line)) }) {
            appendLine(index)
        } else {
            if hasLines { finishGroup() }
            appendLine(index)
        }
        if !options.groupEndRegex.isEmpty && hasLines && lineEnd == index + 1 && unmatchedStarts == 0
            && !(options.block && brackets.expectsContinuation)
            && options.groupEndRegex.contains(where: { $0.matches(regexText(line)) }) {
            finishGroup()
        }
    }
    if hasLines {
        finishGroup()
    } else if groupFloor < lines.count {
        // Comment lines that no item follows: an item of their own.
        groups.append(LineGroup(comment: Array(lines[groupFloor...]), lines: []))
    }
    return groups
}

/// True when `line`, after its indentation, starts with `)`, `]` or `}`.
private func startsWithClosingBracket(_ line: [UInt8]) -> Bool {
    guard let first = trimmedSpaces(line[...]).first else { return false }
    return first == UInt8(ascii: ")") || first == UInt8(ascii: "]") || first == UInt8(ascii: "}")
}

/// Each line's indentation in characters; a blank line takes that of the
/// next line that is not blank, or -1 when none follows.
private func calculateIndents(_ lines: [BlockLine]) -> [Int] {
    var indents = lines.map { line -> Int in
        let (characters, hasText) = indentation(line.bytes)
        return hasText ? characters : -1
    }
    var next = -1
    for index in indents.indices.reversed() {
        if indents[index] == -1 { indents[index] = next } else { next = indents[index] }
    }
    return indents
}
