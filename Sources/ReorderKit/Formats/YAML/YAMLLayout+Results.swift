/// What a result must keep that its pieces alone do not: the lines a block
/// scalar reads as its own, the line break at its end, the file's
/// byte-order mark, and comment lines that start a line.
extension YAMLLayout {
    /// A block scalar (`|`, `>`) at the end of an entry: the lines after
    /// the entry that are more indented than `contentIndent` (or, when its
    /// content does not say, than `owner`) would be its text.
    struct ScalarEnd {
        /// Where its header is.
        let header: Int
        /// The column of the entry or key it belongs to.
        let owner: Int
        /// The column of its content; nil when it has no line to tell.
        let contentIndent: Int?
        /// It has content and does not strip its final line break (`|`,
        /// `>`, not `|-`): its text ends in a line break only when one
        /// follows its last line.
        let endsInLineBreak: Bool
    }

    /// For each entry, the block scalar it ends in, or nil.
    /// (`lastLines`: each entry's last line; one that ends in comment
    /// lines after its scalar, read with comment headings, ends in none.)
    static func scalarEnds(of entries: [YAMLEntry], lastLines: [Int], _ ranges: [Range<Int>], _ document: YAMLDocument) -> [ScalarEnd?] {
        let headers = document.lines.blockScalars
        guard !headers.isEmpty else { return Array(repeating: nil, count: entries.count) }
        let lines = document.line
        return entries.indices.map { index -> ScalarEnd? in
            let last = lastLines[index]
            // The last header before the entry's end.
            var low = 0, high = headers.count
            while low < high {
                let middle = (low + high) / 2
                if headers[middle].offset < lines[last].end { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return nil }
            let header = headers[low - 1]
            guard header.offset >= ranges[index].lowerBound,
                  header.line == last || lines[last].kind == .scalarBody else { return nil }
            var contentIndent: Int? = header.indentation > 0 ? header.owner + header.indentation : nil
            var hasContent = false
            if header.line < last {
                for line in header.line + 1...last where !document.isBlank(lines[line]) {
                    hasContent = true
                    if contentIndent == nil { contentIndent = lines[line].indent }
                    break
                }
            }
            return ScalarEnd(header: header.offset, owner: header.owner, contentIndent: contentIndent,
                             endsInLineBreak: hasContent && header.chomping != UInt8(ascii: "-"))
        }
    }

    /// The bytes that follow result position `position` up to the first
    /// line with content, which ends any block scalar: its separator and
    /// the next entry's comment lines, or the tail. Each byte with its
    /// source offset (-1 for bytes the edit makes). `next`: the next
    /// entry's bytes, as a piece.
    private func following(_ position: Int, resultCount: Int, sourceList: Bool, next: Piece?,
                           result: GapMapped<YAMLLayout>? = nil) -> (bytes: [UInt8], offsets: [Int], toEnd: Bool) {
        var pieces: [Piece]
        var toEnd = false
        if position + 1 < resultCount {
            pieces = [sourceList ? .source(ranges[position].upperBound..<ranges[position + 1].lowerBound)
                      : (result?.separator(afterPosition: position, resultCount: resultCount)
                         ?? separator(afterPosition: position, resultCount: resultCount))]
            if let next { pieces.append(next) }
            toEnd = true
        } else {
            pieces = sourceList ? [.source(ranges[ranges.count - 1].upperBound..<source.count)]
                : (result?.tail(resultCount: resultCount, lastItemIsEmpty: false)
                   ?? tail(resultCount: resultCount, lastItemIsEmpty: false))
            toEnd = true
        }
        var bytes: [UInt8] = [], offsets: [Int] = []
        // Up to the first line with content: no scalar goes on past it.
        // (The bytes start at the end of the entry's own last line.)
        var lineStart = false
        for piece in pieces {
            let range: Range<Int>
            let made: [UInt8]?
            switch piece {
            case .bytes(let generated): made = generated; range = 0..<generated.count
            case .source(let part): made = nil; range = part
            }
            for p in range {
                let byte = made?[p] ?? source[p]
                if lineStart && byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 && byte != UInt8(ascii: "#") {
                    // What stands before the content is its indentation.
                    return (bytes, offsets, false)
                }
                if byte == 0x0A { lineStart = true } else if byte != 0x20 && byte != 0x09 { lineStart = false }
                bytes.append(byte)
                offsets.append(made == nil ? p : -1)
            }
        }
        return (bytes, offsets, toEnd)
    }

    /// How many of `bytes` (what follows an entry that ends in `scalar`)
    /// the scalar reads as its own text, as PyYAML does: comment lines and
    /// lines of blanks more indented than its content, with the lines
    /// between them. (Without content to tell its column, any line more
    /// indented than the entry counts.) Returns the length of that stretch
    /// and where its first such line is.
    static func joined(_ scalar: ScalarEnd, _ bytes: [UInt8], toEnd: Bool) -> (length: Int, first: Int?) {
        var length = 0
        var first: Int? = nil
        // Skip the rest of the entry's own last line.
        guard var p = bytes.firstIndex(of: 0x0A).map({ $0 + 1 }) else { return (0, nil) }
        while p < bytes.count {
            var end = p
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            // The last piece of a separator is the next entry's
            // indentation, not a line.
            if end == bytes.count && !toEnd { break }
            var textEnd = end
            if textEnd > p && bytes[textEnd - 1] == 0x0D { textEnd -= 1 }
            var spaces = p
            while spaces < textEnd && bytes[spaces] == 0x20 { spaces += 1 }
            let indent = spaces - p
            var joins: Bool
            if spaces == textEnd {
                // Spaces alone: text when more than the content's column.
                joins = indent > (scalar.contentIndent ?? scalar.owner)
            } else if bytes[spaces] == 0x09 && bytes[spaces..<textEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                joins = true
            } else if bytes[spaces] == UInt8(ascii: "#") {
                joins = scalar.contentIndent.map { indent >= $0 } ?? (indent > scalar.owner)
                if !joins { break }
            } else {
                break
            }
            if joins {
                // With its line break, if it has one.
                length = end < bytes.count ? end + 1 : end
                if first == nil { first = p }
            }
            p = end + 1
        }
        return (length, first)
    }

    /// Refuses a result in which a block scalar would read other lines as
    /// its text than it does in the source (a comment, or a line of blanks,
    /// that the edit puts after it, or that it leaves behind), or would
    /// gain the final line break it has not at the end of the file.
    func checkBlockScalars(_ arrangement: Arrangement) throws {
        guard scalarEnds.contains(where: { $0 != nil }) else { return }
        let resultCount = arrangement.count
        let result = GapMapped(self, arrangement)
        // The result's entries as pieces, to find what follows each.
        var pieces: [Piece] = []
        var items: [Int?] = []
        for run in arrangement.runs {
            if run.isNewItem {
                pieces.append(.bytes(Array(arrangement.itemBytes[run.newItemBytes])))
                items.append(nil)
            } else {
                for item in run.start..<run.end {
                    pieces.append(.source(ranges[item]))
                    items.append(item)
                }
            }
        }
        for (position, item) in items.enumerated() {
            guard let item, let scalar = scalarEnds[item] else { continue }
            let after = following(position, resultCount: resultCount, sourceList: false,
                                  next: position + 1 < pieces.count ? pieces[position + 1] : nil, result: result)
            let before = following(item, resultCount: count, sourceList: true,
                                   next: item + 1 < count ? .source(ranges[item + 1]) : nil)
            let now = YAMLLayout.joined(scalar, after.bytes, toEnd: after.toEnd)
            let was = YAMLLayout.joined(scalar, before.bytes, toEnd: before.toEnd)
            if !after.bytes[..<now.length].elementsEqual(before.bytes[..<was.length]) {
                // The line named: the first that changes hands.
                let (bytes, offsets, first) = now.first != nil ? (after.bytes, after.offsets, now.first!) : (before.bytes, before.offsets, was.first!)
                var text = first
                while text < bytes.count && bytes[text] == 0x20 { text += 1 }
                let what = text < bytes.count && bytes[text] == UInt8(ascii: "#") ? "a comment" : "blanks"
                let line = offsets[first] >= 0 ? "line \(document.lineIndex(of: offsets[first]) + 1) (\(what))" : "a line of \(what)"
                throw YAMLError.wouldChangeData(
                    what: now.first != nil
                        ? "the edit would put \(line) after this block scalar, whose text it would become"
                        : "the edit would take \(line), which this block scalar reads as its text, away from it",
                    offset: scalar.header)
            }
            if scalar.endsInLineBreak && !before.bytes.contains(0x0A) && after.bytes.contains(0x0A) {
                throw YAMLError.wouldChangeData(
                    what: "this block scalar ends the file without a line break, so its text ends without one; "
                        + "moved before other lines it would end with one", offset: scalar.header)
            }
        }
    }

    /// Whether the result must end with a line break the source has not:
    /// its last entry ends in a block scalar whose text ends in a line
    /// break, and it comes to stand at the end of a file that has no final
    /// line break.
    func needsFinalLineBreak(_ arrangement: Arrangement) -> Bool {
        guard isBlock, let last = arrangement.runs.last, !last.isNewItem, let scalar = scalarEnds[last.end - 1],
              scalar.endsInLineBreak, last.end - 1 != count - 1 || arrangement.count < count else { return false }
        let after = following(arrangement.count - 1, resultCount: arrangement.count, sourceList: false, next: nil,
                              result: GapMapped(self, arrangement))
        let before = following(last.end - 1, resultCount: count, sourceList: true, next: nil)
        return before.bytes.contains(0x0A) && !after.bytes.contains(0x0A)
    }

    /// Refuses a result whose first entry starts with U+FEFF at the very
    /// start of the file: a reader would take it for the file's byte-order
    /// mark.
    func checkByteOrderMark(_ arrangement: Arrangement) throws {
        guard isBlock, let start = ranges.first?.lowerBound, start == 0, let first = arrangement.runs.first else { return }
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if first.isNewItem {
            guard arrangement.itemBytes[first.newItemBytes].starts(with: mark) else { return }
            throw YAMLError.wouldChangeData(
                what: "the new entry starts with U+FEFF, and at the start of the file it would be read as the file's byte-order mark",
                offset: 0)
        }
        guard source[ranges[first.start]].starts(with: mark) else { return }
        throw YAMLError.wouldChangeData(
            what: "this entry starts with U+FEFF, and at the start of the file it would be read as the file's byte-order mark",
            offset: ranges[first.start].lowerBound)
    }

    /// Whether the result's first entry has comment lines of its own and
    /// would stand after its parent's `- `, where they would not start a
    /// line (a mapping that starts after its dash).
    func needsLineBreakBeforeFirst(_ arrangement: Arrangement) -> Bool {
        guard node.inlineStart != nil, let first = arrangement.runs.first, !first.isNewItem else { return false }
        return ranges[first.start].lowerBound < entries[first.start].start
    }

    /// The layout of one result: the list's own, with a line break after
    /// the head or at the end where the result needs one.
    struct Planned: PositionGapLayout {
        let base: YAMLLayout
        let breakBeforeFirst: Bool
        let finalBreak: Bool

        var source: UnsafeRawBufferPointer { base.source }
        func keptPieces(ofGap gap: Int) -> [Piece] { base.keptPieces(ofGap: gap) }
        var count: Int { base.count }
        func itemRange(_ index: Int) -> Range<Int> { base.itemRange(index) }
        var separatorsAreUniform: Bool { false }
        func separator(afterPosition position: Int, resultCount: Int) -> Piece {
            base.separator(afterPosition: position, resultCount: resultCount)
        }

        func head(resultCount: Int) -> [Piece] {
            guard breakBeforeFirst, resultCount > 0 else { return base.head(resultCount: resultCount) }
            // `- ` without its blanks, then a line break and the entries'
            // indentation.
            var end = base.ranges[0].lowerBound
            while end > 0 && (base.source[end - 1] == 0x20 || base.source[end - 1] == 0x09) { end -= 1 }
            return [.source(0..<end), .bytes(base.lineBreak + [UInt8](repeating: 0x20, count: base.node.column))]
        }

        func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] {
            base.tail(resultCount: resultCount, lastItemIsEmpty: lastItemIsEmpty) + (finalBreak ? [.bytes(base.lineBreak)] : [])
        }
    }

    /// The layout of one result, its gaps as `PositionGaps` plans them.
    func planned(_ arrangement: Arrangement) -> GapMapped<Planned> {
        GapMapped(Planned(base: self, breakBeforeFirst: needsLineBreakBeforeFirst(arrangement),
                          finalBreak: needsFinalLineBreak(arrangement)), arrangement)
    }
}

/// A block list's entries that go keep their comments; a flow list's keep
/// nothing of their gaps (the commas between them).
extension YAMLLayout: PositionGapLayout {
    func keptPieces(ofGap gap: Int) -> [Piece] {
        guard isBlock else { return [] }
        let between = ranges[gap].upperBound..<ranges[gap + 1].lowerBound
        return CommentOwnership.keptComments(of: between, in: document).map { [.source($0)] } ?? []
    }
}
