extension ListFormat {
    /// Items are the elements of the JSON array, or the members of the
    /// object, at `-p` (see `JSONLayout`, `JSONListLayout`). Strict: RFC
    /// 8259.
    public static let json = ListFormat(
        name: "json",
        claims: [.fileExtension("json")],
        help: "Strict JSON, as RFC 8259 defines it: no comments, no trailing commas. Items are the elements of the array, or the members of the object, at -p (default: the root); every byte outside the items stays as it was, and each item keeps its exact text. A document refused only for a comment or a trailing comma gets a message that says to use --format jsonc.",
        options: ["pointer", "recursive", "string", "json-patch"],
        words: FormatWords(name: "JSON", lists: "an array or an object", oneValue: "one JSON value", keyed: "object",
                           member: "member"),
        heapBytesPerByte: 2, listsStandAlone: true, valueConversion: .json,
        read: { source, options in try JSONFormatReader.read(source, options, withComments: false) })

    /// JSON with comments: `//` and `/* */` comments and trailing commas,
    /// as editors read `tsconfig.json` and `.vscode/settings.json`.
    public static let jsonc = ListFormat(
        name: "jsonc",
        claims: JSONFormatReader.namesWithComments,
        help: "JSON with comments, as editors read tsconfig.json and .vscode/settings.json: // and /* */ comments wherever whitespace may stand, and a comma after the last item. Items as in JSON. Comment lines directly above an item (no blank line between) and a comment after it on its last line move with it; other comments, and a trailing comma, stay where they are. Sorted by comment groups (groups = \"comments\"), a comment on a line of its own heads a group and stays on its line.",
        options: ["pointer", "recursive", "string", "json-patch"],
        words: FormatWords(name: "JSON with comments", lists: "an array or an object", oneValue: "one JSON value",
                           keyed: "object", member: "member", kin: "json"),
        listsStandAlone: true, valueConversion: .json,
        read: { source, options in try JSONFormatReader.read(source, options, withComments: true) })
}

extension JSONLayout: FormatLayout {}

/// Reads JSON and JSONC documents into the layout of the list at `-p`.
enum JSONFormatReader {
    /// The names that editors read as JSON with comments. Those that end
    /// in `.json` are claims on a name, so they win over JSON's `*.json`.
    static let namesWithComments: [FileClaim] = [
        .fileExtension("jsonc"), .fileExtension("code-workspace"),
        .fileNamePrefix("tsconfig", fileExtension: "json"), .fileNamePrefix("jsconfig", fileExtension: "json"),
        .inFolder(".vscode", fileExtension: "json"),
        .fileName("devcontainer.json"), .fileName(".devcontainer.json"),
    ]

    static func read(_ source: UnsafeRawBufferPointer, _ options: ReadOptions, withComments: Bool) throws -> any FormatLayout {
        let text = withComments ? try JSONDocumentText(withComments: source) : JSONDocumentText(strict: source)
        let pointer = try JSONPointer(parsing: options.pointer)
        let scanner = JSONScanner(text.scanned, tokens: pointer.tokens)
        let scan: JSONScan
        do {
            scan = try (withComments || options.editsInsideItems ? nil : scanner.scanRootArrayQuickly(lender: options.lender)) ?? scanner.scan()
        } catch let error as FormatError {
            if !withComments, case .syntax(let problem) = error.kind, problem == .comment || problem == .trailingComma,
               let offset = error.offset, isValidWithComments(source) {
                throw JSONErrors.needsJSONWithComments(problem, offset: offset)
            }
            throw error
        }
        if let error = scan.pointerError { throw error }
        guard let kind = scan.targetKind else {
            preconditionFailure("a valid document has a value at the pointer or a pointer error")
        }
        switch kind {
        case .array where !withComments && !options.editsInsideItems:
            return JSONLayout(source, arrayScan: scan)
        case .array, .object:
            return JSONListLayout(text: text, container: scan.targetStart, parentOpen: scan.parentOpen,
                                  firstComma: scan.firstComma, firstColon: scan.firstColon,
                                  commentHeadings: withComments && options.commentHeadings)
        default:
            throw JSONLayout.notAList(text.scanned, scan: scan, pointer: pointer, kind: kind)
        }
    }

    /// Whether `source` is valid JSON with comments.
    private static func isValidWithComments(_ source: UnsafeRawBufferPointer) -> Bool {
        guard let text = try? JSONDocumentText(withComments: source) else { return false }
        return (try? JSONScanner(text.scanned, tokens: []).scan()) != nil
    }
}

extension JSONText {
    /// A JSON value's text on one line: every run of whitespace outside
    /// strings that holds a line break becomes one space. The same value.
    static func oneLine(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var p = 0
        var inString = false
        while p < bytes.count {
            let byte = bytes[p]
            if inString {
                out.append(byte)
                if byte == UInt8(ascii: "\\"), p + 1 < bytes.count {
                    out.append(bytes[p + 1])
                    p += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                p += 1
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            if ValidatedJSON.isWhitespace(byte) {
                var q = p
                var breaks = false
                while q < bytes.count && ValidatedJSON.isWhitespace(bytes[q]) {
                    if bytes[q] == 0x0A || bytes[q] == 0x0D { breaks = true }
                    q += 1
                }
                if breaks {
                    // No space right after an opening or before a closing bracket.
                    let previous = out.last
                    let next = q < bytes.count ? bytes[q] : 0
                    let tight = previous == UInt8(ascii: "[") || previous == UInt8(ascii: "{")
                        || next == UInt8(ascii: "]") || next == UInt8(ascii: "}") || next == UInt8(ascii: ",")
                    if !tight { out.append(0x20) }
                } else {
                    out.append(contentsOf: bytes[p..<q])
                }
                p = q
                continue
            }
            out.append(byte)
            p += 1
        }
        return out
    }
}

extension JSONLayout {
    public func valueText(ofItem index: Int) -> [UInt8]? {
        // SAFETY: a range found in `source`, so within its bounds; the view is used no longer than `source` is valid.
        JSONText.oneLine(UnsafeRawBufferPointer(rebasing: source[itemRange(index)]))
    }
}

extension JSONListLayout {
    /// The element or `"key": value`, without its comments (they are blanked
    /// in the scanned text), on one line.
    public func valueText(ofItem index: Int) -> [UInt8]? {
        // SAFETY: a range found in `text.scanned`, so within its bounds; the view is used no longer than `text.scanned` is valid.
        var bytes = JSONText.oneLine(UnsafeRawBufferPointer(rebasing: text.scanned[valueStarts[index]..<valueEnds[index]]))
        // Blanked comments leave runs of spaces: fold them too.
        var folded: [UInt8] = []
        var inString = false
        var previousWasSpace = false
        var escape = false
        for byte in bytes {
            if inString {
                folded.append(byte)
                if escape { escape = false } else if byte == UInt8(ascii: "\\") { escape = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            if byte == 0x20 {
                if previousWasSpace { continue }
                previousWasSpace = true
            } else {
                previousWasSpace = false
            }
            folded.append(byte)
        }
        bytes = folded
        return bytes
    }
}

/// A delete or an insert removes or adds positions, and the others keep
/// their gaps (`PositionGaps`).
extension JSONLayout: PositionGapLayout {
    public func write(
        _ arrangement: Arrangement, gathered write: (UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void
    ) rethrows {
        try Renderer(layout: GapMapped(self, arrangement), source: source).write(arrangement, gathered: write)
    }

    public func outputEqualsSource(_ arrangement: Arrangement) -> Bool {
        Renderer(layout: GapMapped(self, arrangement), source: source).outputEqualsSource(arrangement)
    }
}
