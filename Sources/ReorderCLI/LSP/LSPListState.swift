import ReorderKit

/// What a document's last full check found, list by list, so that a
/// change checks again only the list it falls in; the others keep their
/// findings, those after it moved by the bytes and lines the change added.
///
/// Only where that is provably what a full check would find:
/// - keep-sorted blocks, when the policy names no list in the document: a
///   block is its lines from its start marker to its end marker, and is
///   checked alone; a change inside its body lines that writes no marker
///   (no line it touches has the marker's name) changes no other block;
/// - lists of a JSON or JSONC document a rule's pointer names, none inside
///   another, and no pattern that could name a list inside one of them: a
///   change between a list's first item's first byte and its last item's
///   last is checked by reading that one list in the whole new document,
///   and stays local only if the list is read back from the same first
///   byte to the last byte moved by the change (what lies between is then
///   a whole sequence of items, and the rest of the document reads as it
///   did). Each list's fix must move items only (its fixed text as long as
///   its items), so that the full check's later lists are read at the
///   same bytes as here.
///
/// Anything else (a change between lists, on a marker, over two lists, a
/// list whose reading changed shape, a warning, a missing list, a rule
/// whose order is another file's, another format: YAML, TOML, Markdown,
/// lines, CSV) is a full check.
struct LSPListState {
    enum Kind {
        /// Keep-sorted blocks of these markers.
        case blocks(KeepSortedMarkers)
        /// Lists of a JSON or JSONC document named by the rules' pointers.
        case pointers
    }

    struct List {
        /// Blocks: from the start marker line's first byte to the end
        /// marker line's end (its "\n" included). Pointers: the items.
        var span: Range<Int>
        /// Where a change stays inside the list: blocks, the body's lines
        /// less the last "\n"; pointers, the items.
        var inside: ClosedRange<Int>
        /// Pointers: the rule and the list's pointer.
        var rule: Int = 0
        var tokens: [String] = []
        var finding: PolicyFinding?
        /// Its finding's diagnostic, serialized; nil until made, and when
        /// its place changed.
        var published: [UInt8]? = nil
        /// Changed since checked: to be checked again.
        var dirty = false
    }

    let kind: Kind
    var lists: [List]
    /// The marker's name, which a change must not write (nor remove).
    let markerName: [UInt8]

    /// The state after a full check's `result` of `text`, nil where a
    /// change could not be checked list by list.
    init?(result: PolicyFileResult, text: LSPText, format: ListFormat?, matching: [PolicyRule], markers: KeepSortedMarkers,
          markersOn: Bool) {
        markerName = Array(markers.name.utf8)
        guard result.missing.isEmpty, result.warnings.isEmpty else { return nil }
        // A rule that orders by another file's list reads that file at each
        // check: its lists are checked whole each time.
        guard !matching.contains(where: { if case .like = $0.order { return true } else { return false } }) else { return nil }
        // SAFETY: the bytes of `text.bytes` are only read inside the closure, and no pointer to them leaves it.
        let hasMarkers = markersOn && text.bytes.withUnsafeBytes { markers.mayOccur(in: $0) }
        if matching.isEmpty {
            guard hasMarkers else { return nil }
            kind = .blocks(markers)
            // SAFETY: the bytes of `text.bytes` are only read inside the closure, and no pointer to them leaves it.
            let bodies = text.bytes.withUnsafeBytes { KeepSorted.blockBodies($0, markers: markers) }
            guard bodies.count == result.lists else { return nil }
            var lists: [List] = []
            for body in bodies {
                let startLine = text.line(of: body.lowerBound) - 1
                let endLine = text.line(of: body.upperBound)
                guard startLine >= 0, body.upperBound == text.lineStarts[endLine] else { return nil }
                let end = endLine + 1 < text.lineCount ? text.lineStarts[endLine + 1] : text.bytes.count
                let span = text.lineStarts[startLine]..<end
                // An empty body: nothing is inside it.
                let inside = body.isEmpty ? (Int.max...Int.max) : body.lowerBound...(body.upperBound - 1)
                lists.append(List(span: span, inside: inside))
            }
            // Each finding to its block, by the block's number.
            for finding in result.findings {
                guard finding.rule == 0, let at = finding.batchArguments.firstIndex(of: "--block"), at + 1 < finding.batchArguments.count,
                      let index = Int(finding.batchArguments[at + 1]), index < lists.count, lists[index].finding == nil,
                      finding.movedRange != nil else { return nil }
                lists[index].finding = finding
            }
            self.lists = lists
            return
        }
        // Lists named by pointers, in JSON or JSONC, no marker, no block rule.
        guard !hasMarkers, let format, format.listsStandAlone,
              matching.allSatisfy({ rule in (rule.format ?? format) == format && rule.lists.allSatisfy {
                  if case .pointer = $0 { return true } else { return false } } }) else { return nil }
        kind = .pointers
        var lists: [List] = []
        for span in result.listSpans {
            guard span.document == nil, !span.sections else { return nil }
            // A list without items: a change in it is in no list here.
            guard let items = span.items else {
                guard span.finding == nil else { return nil }
                continue
            }
            var list = List(span: items, inside: items.lowerBound...items.upperBound, rule: span.rule, tokens: span.tokens)
            if let index = span.finding {
                let finding = result.findings[index]
                guard finding.movedRange != nil, finding.fixed.count == items.count else { return nil }
                list.finding = finding
            }
            lists.append(list)
        }
        guard result.findings.count == lists.filter({ $0.finding != nil }).count else { return nil }
        // None inside another.
        let sorted = lists.map(\.span).sorted { $0.lowerBound < $1.lowerBound }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.upperBound >= b.lowerBound { return nil }
        // No pattern that could name a list inside one of them, empty ones
        // included (a change inside could make one appear).
        for rule in matching {
            for case .pointer(let pattern) in rule.lists {
                for span in result.listSpans where pattern.segments.count > span.tokens.count {
                    if zip(pattern.segments, span.tokens).allSatisfy({ $0 == nil || $0 == $1 }) { return nil }
                }
            }
        }
        self.lists = lists
    }

    /// After the text `old` became `new` by bytes `range` of `old`
    /// replaced by `count` bytes: the lists moved, the one the change is
    /// inside marked to be checked again; false when the change is not
    /// inside exactly one list (a full check then).
    mutating func changed(_ range: Range<Int>, count: Int, old: LSPText, new: LSPText) -> Bool {
        let delta = count - range.count
        let lineDelta = new.line(of: range.lowerBound + count) - old.line(of: range.upperBound)
        // No line the change touches, before or after, has the marker's name.
        func lines(_ text: LSPText, _ low: Int, _ high: Int) -> Range<Int> {
            let first = text.lineStarts[text.line(of: low)]
            let last = text.line(of: high)
            return first..<(last + 1 < text.lineCount ? text.lineStarts[last + 1] : text.bytes.count)
        }
        if LSPListState.contains(markerName, old.bytes, lines(old, range.lowerBound, range.upperBound))
            || LSPListState.contains(markerName, new.bytes, lines(new, range.lowerBound, range.lowerBound + count)) {
            return false
        }
        var inside = 0
        for index in lists.indices {
            var list = lists[index]
            if range.lowerBound >= list.inside.lowerBound && range.upperBound <= list.inside.upperBound {
                inside += 1
                list.span = list.span.lowerBound..<(list.span.upperBound + delta)
                list.inside = list.inside.lowerBound...(list.inside.upperBound + delta)
                list.finding = nil
                list.published = nil
                list.dirty = true
            } else if list.span.upperBound < range.lowerBound
                        || (isBlocks && list.span.upperBound == range.lowerBound && old.bytes[range.lowerBound - 1] == 0x0A) {
                // Before the change: as it was.
            } else if list.span.lowerBound > range.upperBound {
                // Its diagnostic moved by lines only, or not at all, unless
                // it starts on the change's last line.
                if lineDelta != 0 || old.line(of: list.span.lowerBound) == old.line(of: range.upperBound) { list.published = nil }
                list.span = (list.span.lowerBound + delta)..<(list.span.upperBound + delta)
                if list.inside.lowerBound != Int.max {
                    list.inside = (list.inside.lowerBound + delta)...(list.inside.upperBound + delta)
                }
                list.finding = list.finding?.relocated(bytes: delta, lines: lineDelta)
            } else {
                return false
            }
            lists[index] = list
        }
        return inside == 1
    }

    private var isBlocks: Bool {
        if case .blocks = kind { return true }
        return false
    }

    /// Whether `bytes[range]` holds `needle`.
    static func contains(_ needle: [UInt8], _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard !needle.isEmpty, range.count >= needle.count else { return false }
        let first = needle[0]
        var at = range.lowerBound
        while at + needle.count <= range.upperBound {
            if bytes[at] == first && bytes[at..<(at + needle.count)].elementsEqual(needle) { return true }
            at += 1
        }
        return false
    }

    /// Each list marked checked again in `text`: `check(index, list)` is
    /// what the policy finds of it and where its items are now, or nil
    /// when it cannot be told alone. False when one could not (a full
    /// check then).
    mutating func recheck(_ text: LSPText, check: (Int, List) throws -> (found: PolicyFinding?, items: Range<Int>)?) -> Bool {
        for index in lists.indices where lists[index].dirty {
            guard let checked = try? check(index, lists[index]), checked.items == lists[index].span || isBlocks else { return false }
            if let found = checked.found {
                guard found.movedRange != nil, isBlocks || found.fixed.count == checked.items.count else { return false }
            }
            lists[index].finding = checked.found
            lists[index].dirty = false
        }
        return true
    }

    /// The diagnostics of the lists' findings, in the full check's order,
    /// serialized: those not made yet made by `make` (nil: it cannot be).
    mutating func diagnostics(_ make: (PolicyFinding) -> LSPJSON?) -> [[UInt8]]? {
        var out: [[UInt8]] = []
        for index in lists.indices {
            guard let finding = lists[index].finding else { continue }
            if lists[index].published == nil {
                guard let diagnostic = make(finding) else { return nil }
                var bytes: [UInt8] = []
                diagnostic.serialize(into: &bytes)
                lists[index].published = bytes
            }
            out.append(lists[index].published!)
        }
        return out
    }
}
