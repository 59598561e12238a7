/// What an item of a block is compared by, worked out once per item, in
/// keep-sorted's order:
/// 1. items that are only comments go last;
/// 2. the key parts (the item's joined lines, or what each `by_regex`
///    finds in them; an item a regex does not match goes after those it
///    does): each by its `prefix_order` weight (the first part of each
///    regex only), then by its text less an `ignore_prefixes` prefix, in
///    lower case with `case=no`, and with `numeric=yes` as text and
///    numbers;
/// 3. the joined lines as they are, then the comment lines.
///
/// `order=desc` reverses all but the first rule.
struct ItemKey {
    var commentOnly: Bool
    /// One entry per regex (one in all without `by_regex`); nil where the
    /// regex does not match.
    var parts: [[KeyPart]?]
    var joinedLines: [UInt8]
    var joinedComment: [UInt8]
    /// The one text compared when that is all there is to compare (no
    /// `by_regex`, `prefix_order` weight or `numeric` runs): most blocks'
    /// items, compared with one `memcmp`.
    var flat: [UInt8]? = nil

    struct KeyPart {
        var weight: Int
        var tokens: NumericTokens
    }

    /// Calls `body` with a comparison of `keys` by index. When every key
    /// has one flat text, the texts are laid out in one buffer and compared
    /// there with `memcmp`, without touching the keys (whose arrays a
    /// comparison would retain and release); ties go to `compare`.
    static func withComparison<R>(_ keys: [ItemKey], descending: Bool, _ body: ((Int, Int) -> Int) -> R) -> R {
        guard keys.allSatisfy({ $0.flat != nil }) else {
            return body { compare(keys[$0], keys[$1], descending: descending) }
        }
        var texts: [UInt8] = []
        var starts: [Int] = [], ends: [Int] = []
        var commentOnly: [Bool] = []
        for key in keys {
            starts.append(texts.count)
            texts += key.flat!
            ends.append(texts.count)
            commentOnly.append(key.commentOnly)
        }
        // SAFETY: the bytes of `texts` are only read inside the closure, and no pointer to them leaves it.
        return texts.withUnsafeBytes { texts in
            body { a, b in
                if commentOnly[a] != commentOnly[b] { return commentOnly[a] ? 1 : -1 }
                let x = ends[a] - starts[a], y = ends[b] - starts[b]
                let common = min(x, y)
                var order = common == 0 ? 0 : Int(memoryCompare(texts.baseAddress! + starts[a], texts.baseAddress! + starts[b], common))
                if order == 0 && x != y { order = x < y ? -1 : 1 }
                if order == 0 { return compare(keys[a], keys[b], descending: descending) }
                return descending ? (order < 0 ? 1 : -1) : (order < 0 ? -1 : 1)
            }
        }
    }

    static func compare(_ a: ItemKey, _ b: ItemKey, descending: Bool) -> Int {
        if a.commentOnly != b.commentOnly { return a.commentOnly ? 1 : -1 }
        let order = compareRest(a, b)
        return descending ? -order : order
    }

    private static func compareRest(_ a: ItemKey, _ b: ItemKey) -> Int {
        if let x = a.flat, let y = b.flat {
            let order = compareBytes(x, y)
            if order != 0 { return order }
            let lines = compareBytes(a.joinedLines, b.joinedLines)
            return lines != 0 ? lines : compareBytes(a.joinedComment, b.joinedComment)
        }
        for (x, y) in zip(a.parts, b.parts) {
            switch (x, y) {
            case (nil, nil): continue
            case (nil, _): return 1
            case (_, nil): return -1
            case let (x?, y?):
                for (p, q) in zip(x, y) {
                    if p.weight != q.weight { return p.weight < q.weight ? -1 : 1 }
                    let order = p.tokens.compare(q.tokens)
                    if order != 0 { return order }
                }
                if x.count != y.count { return x.count < y.count ? -1 : 1 }
            }
        }
        if a.parts.count != b.parts.count { return a.parts.count < b.parts.count ? -1 : 1 }
        let lines = compareBytes(a.joinedLines, b.joinedLines)
        if lines != 0 { return lines }
        return compareBytes(a.joinedComment, b.joinedComment)
    }
}

/// Bytes as unsigned numbers; a prefix first (Go's string order).
func compareBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
    let common = min(a.count, b.count)
    if common > 0 {
        // SAFETY: the bytes of `a` are only read inside the closure, and no pointer to them leaves it.
        let order = a.withUnsafeBytes { x in b.withUnsafeBytes { y in memoryCompare(x.baseAddress!, y.baseAddress!, common) } }
        if order != 0 { return order < 0 ? -1 : 1 }
    }
    return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}

/// A text as runs of digits and of other bytes, for `numeric=yes`: runs of
/// digits compare by their value, however long; without `numeric`, one run
/// of text. The first run is always text (empty when the text starts with a
/// digit), so that two texts compare run by run.
struct NumericTokens {
    /// Text runs at even positions, numbers (digits without leading zeros)
    /// at odd ones.
    var runs: [[UInt8]]

    init(_ text: [UInt8], numeric: Bool) {
        guard numeric else {
            runs = [text]
            return
        }
        runs = []
        var index = 0
        while index < text.count {
            let isDigit = text[index] >= 0x30 && text[index] <= 0x39
            var end = index
            while end < text.count && (text[end] >= 0x30 && text[end] <= 0x39) == isDigit { end += 1 }
            if isDigit {
                if runs.isEmpty { runs.append([]) }
                var start = index
                while start < end - 1 && text[start] == 0x30 { start += 1 }
                runs.append(Array(text[start..<end]))
            } else {
                runs.append(Array(text[index..<end]))
            }
            index = end
        }
    }

    func compare(_ other: NumericTokens) -> Int {
        for index in 0..<min(runs.count, other.runs.count) {
            let a = runs[index], b = other.runs[index]
            if index % 2 == 1 && a.count != b.count { return a.count < b.count ? -1 : 1 }
            let order = compareBytes(a, b)
            if order != 0 { return order }
        }
        return runs.count == other.runs.count ? 0 : (runs.count < other.runs.count ? -1 : 1)
    }
}

/// How a block's items are keyed: its options, and whether list markers
/// are skipped.
struct ItemKeyMaker {
    let options: KeepSortedOptions
    /// `prefix_order`'s prefixes, longest first, and each one's weight:
    /// negative, in the order given, so that matching items come before
    /// the rest (weight 0); a prefix given twice takes its last place.
    private let prefixes: [[UInt8]]
    private let weights: [[UInt8]: Int]
    /// Skip a leading `-`, `*` or `+` list marker (see `skipsListMarkers`).
    let skipsListMarkers: Bool

    init(options: KeepSortedOptions, groups: [LineGroup]) {
        self.options = options
        var weights: [[UInt8]: Int] = [:]
        for (index, prefix) in options.prefixOrder.enumerated() {
            weights[prefix] = index - options.prefixOrder.count
        }
        self.weights = weights
        prefixes = options.prefixOrder.enumerated()
            .sorted { $0.element.count != $1.element.count ? $0.element.count > $1.element.count : $0.offset < $1.offset }
            .map(\.element)
        skipsListMarkers = ItemKeyMaker.skipsListMarkers(groups, options)
    }

    /// Markdown bullets with different markers (`- a`, `* b`) sort by
    /// their text, as a person reads the list: when every item that is not
    /// blank or only comments starts with a list marker (`-`, `*` or `+`
    /// and a blank), and the items use more than one marker, the marker is
    /// skipped. keep-sorted compares the marker's byte, so every `*` item
    /// comes before every `-` one (keep-sorted#131). Not with
    /// `ignore_prefixes` or `by_regex`, which say themselves what to
    /// compare.
    private static func skipsListMarkers(_ groups: [LineGroup], _ options: KeepSortedOptions) -> Bool {
        guard options.ignorePrefixes.isEmpty && options.byRegex.isEmpty else { return false }
        var markers = Set<UInt8>()
        for group in groups where !group.isCommentOnly && !group.isBlankLine {
            guard let first = group.lines.first, let marker = listMarker(trimmedSpaces(first.bytes[...])) else {
                return false
            }
            markers.insert(marker)
        }
        return markers.count > 1
    }

    /// The list marker `text` starts with, when it starts with one and a
    /// blank.
    private static func listMarker(_ text: ArraySlice<UInt8>) -> UInt8? {
        guard text.count >= 2, let first = text.first,
              first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+")
        else { return nil }
        let second = text[text.startIndex + 1]
        return second == 0x20 || second == 0x09 ? first : nil
    }

    func key(_ group: LineGroup) -> ItemKey {
        let joined = group.joinedLines
        let matches: [[[UInt8]]?]
        if options.byRegex.isEmpty {
            matches = [[joined]]
        } else {
            let text = String(decoding: joined, as: UTF8.self)
            matches = options.byRegex.map { $0.keyParts(of: text) }
        }
        let parts = matches.map { found in
            found.map { texts in
                texts.enumerated().map { index, text in
                    ItemKey.KeyPart(weight: index == 0 ? weight(of: text) : 0, tokens: tokens(of: text))
                }
            }
        }
        var key = ItemKey(commentOnly: group.isCommentOnly, parts: parts, joinedLines: joined,
                          joinedComment: group.joinedComment)
        if parts.count == 1, let only = parts[0], only.count == 1, only[0].weight == 0, only[0].tokens.runs.count == 1 {
            key.flat = only[0].tokens.runs[0]
        }
        return key
    }

    private func weight(of text: [UInt8]) -> Int {
        guard !prefixes.isEmpty, let prefix = options.firstPrefix(of: text[...], in: prefixes) else { return 0 }
        return weights[prefix] ?? 0
    }

    private func tokens(of text: [UInt8]) -> NumericTokens {
        var rest = text[...]
        if let prefix = options.firstPrefix(of: rest, in: options.ignorePrefixes) {
            rest = trimmedSpaces(trimmedSpaces(rest).dropFirst(prefix.count))
        } else if skipsListMarkers, ItemKeyMaker.listMarker(trimmedSpaces(rest)) != nil {
            rest = trimmedSpaces(trimmedSpaces(rest).dropFirst())
        }
        let folded = options.caseSensitive ? Array(rest) : lowercased(rest)
        return NumericTokens(folded, numeric: options.numeric)
    }
}
