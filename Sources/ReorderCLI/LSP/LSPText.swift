#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A position of LSP: a line (from 0) and a character, counted in UTF-16
/// code units of that line.
struct LSPPosition: Equatable {
    var line: Int
    var character: Int

    var json: LSPJSON { ["line": LSPJSON(line), "character": LSPJSON(character)] }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: LSPJSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }
}

struct LSPRange: Equatable {
    var start: LSPPosition
    var end: LSPPosition

    var json: LSPJSON { ["start": start.json, "end": end.json] }

    init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    init?(_ json: LSPJSON?) {
        guard let start = LSPPosition(json?["start"]), let end = LSPPosition(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}

/// A document's text as bytes (UTF-8), and its lines: lines end with
/// "\n" ("\r\n" is a line whose last byte before "\n" is "\r").
struct LSPText {
    let bytes: [UInt8]
    /// The byte offset of each line's start; a text ending with "\n" has
    /// an empty last line after it.
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = LSPText.lineStarts(bytes)
    }

    private init(bytes: [UInt8], lineStarts: [Int]) {
        self.bytes = bytes
        self.lineStarts = lineStarts
    }

    /// The text with bytes `range` replaced by `replacement`, its line
    /// starts found again only in the lines the change touched (those
    /// after it shifted): a keystroke costs a copy, not a search of every
    /// line.
    func replacing(bytes range: Range<Int>, with replacement: [UInt8]) -> LSPText {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count - range.count + replacement.count)
        out.append(contentsOf: bytes[..<range.lowerBound])
        out.append(contentsOf: replacement)
        out.append(contentsOf: bytes[range.upperBound...])
        let delta = replacement.count - range.count
        // Lines that start at or before the change's start stay; those
        // that start after its end move by `delta`; between, the new
        // text's own.
        let kept = line(of: range.lowerBound) + 1
        var starts = Array(lineStarts[..<kept])
        starts.reserveCapacity(lineStarts.count + 16)
        for (index, byte) in replacement.enumerated() where byte == 0x0A { starts.append(range.lowerBound + index + 1) }
        var after = kept
        while after < lineStarts.count && lineStarts[after] <= range.upperBound { after += 1 }
        for index in after..<lineStarts.count { starts.append(lineStarts[index] + delta) }
        return LSPText(bytes: out, lineStarts: starts)
    }

    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var at = 0
            while at < buffer.count, let found = memchr(base + at, 0x0A, buffer.count - at) {
                // SAFETY: memchr returned a pointer inside the buffer; only the distance is taken.
                let offset = base.distance(to: UnsafeRawPointer(found))
                starts.append(offset + 1)
                at = offset + 1
            }
        }
        return starts
    }

    var lineCount: Int { lineStarts.count }

    /// How many "\n" `bytes` holds.
    static func newlines(in bytes: [UInt8]) -> Int {
        // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var count = 0, at = 0
            while at < buffer.count, let found = memchr(base + at, 0x0A, buffer.count - at) {
                count += 1
                // SAFETY: memchr returned a pointer inside the buffer; only the distance is taken.
                at = base.distance(to: UnsafeRawPointer(found)) + 1
            }
            return count
        }
    }

    /// The end of line `line`'s content: before its "\n" (and a "\r"
    /// before that).
    func contentEnd(ofLine line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > lineStarts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The byte offset of `position`: a character past the line's end is
    /// its end, a line past the last is the text's end, and a position
    /// inside a character (between the halves of a surrogate pair) is
    /// that character's start.
    func offset(of position: LSPPosition) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let end = contentEnd(ofLine: position.line)
        var at = lineStarts[position.line]
        var units = 0
        while at < end {
            let lead = bytes[at]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let width = length == 4 ? 2 : 1
            if units + width > position.character { break }
            units += width
            at = min(at + length, end)
        }
        return at
    }

    /// The line holding byte `offset` (offsets at a line's start belong to
    /// that line).
    func line(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The position of byte `offset`.
    func position(of offset: Int) -> LSPPosition {
        let offset = min(max(offset, 0), bytes.count)
        let line = line(of: offset)
        var at = lineStarts[line], units = 0
        while at < offset {
            let lead = bytes[at]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            at += length
        }
        return LSPPosition(line: line, character: units)
    }

    /// The UTF-16 length of line `line`'s content.
    func endOfContent(ofLine line: Int) -> LSPPosition {
        position(of: contentEnd(ofLine: line))
    }

    /// The text with `range` replaced by `replacement`.
    func replacing(_ range: LSPRange, with replacement: [UInt8]) -> [UInt8] {
        let start = offset(of: range.start), end = max(start, offset(of: range.end))
        var out = bytes
        out.replaceSubrange(start..<end, with: replacement)
        return out
    }
}

/// One changed run of lines: old lines `old` became new lines `new`.
struct LineHunk: Equatable {
    let old: Range<Int>
    let new: Range<Int>
}

/// A line diff of two texts: the lines they share in order, found by
/// matching equal lines (the k-th of a text in one with the k-th in the
/// other) and keeping the longest increasing run of those matches, so
/// that a list whose lines only moved shows as the moved lines, whatever
/// its length (O(n log n)); common first and last lines are set aside
/// first.
enum LineDiff {
    static func hunks(_ a: LSPText, _ b: LSPText) -> [LineHunk] {
        let aCount = lineCount(a), bCount = lineCount(b)
        // The common lines at the start and at the end.
        var prefix = 0
        while prefix < aCount && prefix < bCount && equal(a, prefix, b, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < aCount - prefix && suffix < bCount - prefix && equal(a, aCount - 1 - suffix, b, bCount - 1 - suffix) { suffix += 1 }
        let aEnd = aCount - suffix, bEnd = bCount - suffix
        if prefix == aEnd && prefix == bEnd { return [] }
        // Each line of b's middle, by its hash: the lines of a hash chained
        // in order (`nextLine`, from `prefix`), `cursors` at the first not
        // yet matched.
        var buckets = LineHashTable(capacity: bEnd - prefix)
        var cursors: [Int32] = []
        var lastLines: [Int32] = []
        var nextLine = [Int32](repeating: -1, count: bEnd - prefix)
        for j in prefix..<bEnd {
            let h = hash(b, j)
            if let bucket = buckets[h] {
                nextLine[Int(lastLines[bucket]) - prefix] = Int32(truncatingIfNeeded: j)
                lastLines[bucket] = Int32(truncatingIfNeeded: j)
            } else {
                buckets.insert(h, cursors.count)
                cursors.append(Int32(truncatingIfNeeded: j))
                lastLines.append(Int32(truncatingIfNeeded: j))
            }
        }
        // a's middle lines matched to b's, in a's order.
        var pairs: [(Int, Int)] = []
        for i in prefix..<aEnd {
            guard let bucket = buckets[hash(a, i)], cursors[bucket] >= 0 else { continue }
            let j = Int(cursors[bucket])
            guard equal(a, i, b, j) else { continue }
            cursors[bucket] = nextLine[j - prefix]
            pairs.append((i, j))
        }
        // The longest run of pairs whose b lines increase, found from the
        // last pair back (as a run whose b lines decrease), so that of
        // runs as long, the one that keeps the earlier lines of a stays:
        // the line that moves is the one `ListDiff` moves, which the
        // finding's message names.
        var tails: [Int] = []  // pair index of the largest last b line of each length
        var previous = [Int](repeating: -1, count: pairs.count)
        for index in pairs.indices.reversed() {
            let value = pairs[index].1
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if pairs[tails[mid]].1 > value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var anchors: [(Int, Int)] = []
        var link = tails.last ?? -1
        while link >= 0 { anchors.append(pairs[link]); link = previous[link] }
        anchors.append((aEnd, bEnd))
        var hunks: [LineHunk] = []
        var i = prefix, j = prefix
        for (ai, bj) in anchors {
            if ai > i || bj > j { hunks.append(LineHunk(old: i..<ai, new: j..<bj)) }
            i = ai + 1
            j = bj + 1
        }
        return hunks
    }

    /// Lines as the diff counts them: a text ending with "\n" has no empty
    /// line after it.
    static func lineCount(_ t: LSPText) -> Int {
        t.bytes.last == 0x0A ? t.lineCount - 1 : (t.bytes.isEmpty ? 0 : t.lineCount)
    }

    /// Line `i` with its "\n".
    static func lineRange(_ t: LSPText, _ i: Int) -> Range<Int> {
        t.lineStarts[i]..<(i + 1 < t.lineStarts.count ? t.lineStarts[i + 1] : t.bytes.count)
    }

    static func equal(_ a: LSPText, _ i: Int, _ b: LSPText, _ j: Int) -> Bool {
        let x = lineRange(a, i), y = lineRange(b, j)
        guard x.count == y.count else { return false }
        // SAFETY: the bytes of `a.bytes` are only read inside the closure, and no pointer to them leaves it.
        return a.bytes.withUnsafeBytes { pa in
            // SAFETY: `x` and `y` are line ranges of `a` and `b` (lineRange), of equal count (checked above).
            b.bytes.withUnsafeBytes { pb in memcmp(pa.baseAddress! + x.lowerBound, pb.baseAddress! + y.lowerBound, x.count) == 0 }
        }
    }

    /// Line `i`'s hash (with its "\n"): 8 bytes at a time, multiplied and
    /// folded (a per-line `Hasher` costs more than the rest of the diff).
    /// Lines of equal hash are compared byte for byte before they match.
    static func hash(_ t: LSPText, _ i: Int) -> Int {
        let r = lineRange(t, i)
        // SAFETY: the bytes of `t.bytes` are only read inside the closure, and no pointer to them leaves it.
        return t.bytes.withUnsafeBytes { buffer in
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(r.count)
            var at = r.lowerBound
            while at + 8 <= r.upperBound {
                h = (h ^ buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                h ^= h >> 29
                at += 8
            }
            var last: UInt64 = 0
            var shift: UInt64 = 0
            while at < r.upperBound {
                last |= UInt64(buffer[at]) << shift
                shift += 8
                at += 1
            }
            h = (h ^ last) &* 0xC4CE_B9FE_1A85_EC53
            h ^= h >> 32
            return Int(truncatingIfNeeded: h)
        }
    }

    /// Whether the lines `hunks` take out of `a` are the lines they put in
    /// from `b`, as many of each: edits that only move lines.
    static func movesOnly(_ hunks: [LineHunk], _ a: LSPText, _ b: LSPText) -> Bool {
        var count: [Int: Int] = [:]
        for hunk in hunks {
            for i in hunk.old { count[hash(a, i), default: 0] += 1 }
            for j in hunk.new { count[hash(b, j), default: 0] -= 1 }
        }
        return count.values.allSatisfy { $0 == 0 }
    }

    /// The text edit of a hunk: old lines replaced by the new ones, less
    /// the bytes they start and end with alike (so that a list on one line
    /// is not replaced whole), cut only between characters and never
    /// inside a "\r\n".
    static func edit(_ hunk: LineHunk, _ a: LSPText, _ b: LSPText) -> (range: LSPRange, text: [UInt8]) {
        func start(_ t: LSPText, _ line: Int) -> Int { line < t.lineStarts.count ? t.lineStarts[line] : t.bytes.count }
        var from = start(a, hunk.old.lowerBound), to = hunk.old.isEmpty ? from : lineRange(a, hunk.old.upperBound - 1).upperBound
        var newFrom = start(b, hunk.new.lowerBound), newTo = hunk.new.isEmpty ? newFrom : lineRange(b, hunk.new.upperBound - 1).upperBound
        let old = a.bytes, new = b.bytes
        // A cut at `i` of `bytes` (between `low` and `high`) is between
        // characters, and not between "\r" and "\n".
        func cuttable(_ bytes: [UInt8], _ i: Int, _ low: Int, _ high: Int) -> Bool {
            if i < high && bytes[i] & 0xC0 == 0x80 { return false }
            if i > low && i < high && bytes[i - 1] == 0x0D && bytes[i] == 0x0A { return false }
            return true
        }
        var prefix = 0
        let most = min(to - from, newTo - newFrom)
        while prefix < most && old[from + prefix] == new[newFrom + prefix] { prefix += 1 }
        while prefix > 0 && !(cuttable(old, from + prefix, from, to) && cuttable(new, newFrom + prefix, newFrom, newTo)) { prefix -= 1 }
        var suffix = 0
        while suffix < most - prefix && old[to - 1 - suffix] == new[newTo - 1 - suffix] { suffix += 1 }
        while suffix > 0 && !(cuttable(old, to - suffix, from, to) && cuttable(new, newTo - suffix, newFrom, newTo)) { suffix -= 1 }
        from += prefix
        newFrom += prefix
        to -= suffix
        newTo -= suffix
        return (LSPRange(start: a.position(of: from), end: a.position(of: to)), Array(new[newFrom..<newTo]))
    }
}

/// Numbers by line hash, open addressing with linear probing: the lookup
/// of `LineDiff`, where a `Dictionary` would hash each hash again.
struct LineHashTable {
    private var keys: [Int]
    private var values: [Int32]
    private let mask: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = [Int](repeating: 0, count: size)
        values = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    /// The slot of `key`: where it is, or the empty one where it would go.
    private func slot(_ key: Int) -> Int {
        var at = key & mask
        while values[at] >= 0 && keys[at] != key { at = (at + 1) & mask }
        return at
    }

    subscript(key: Int) -> Int? {
        let at = slot(key)
        return values[at] >= 0 ? Int(values[at]) : nil
    }

    /// `key` is not in the table yet; at most `capacity` keys go in.
    mutating func insert(_ key: Int, _ value: Int) {
        let at = slot(key)
        keys[at] = key
        values[at] = Int32(truncatingIfNeeded: value)
    }
}
