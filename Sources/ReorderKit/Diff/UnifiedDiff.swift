/// The text diff (`--diff`): a unified diff, as `diff -u` prints it, between
/// two byte strings, by lines, beside the list diff (`ListDiff`, what
/// `reorder diff` prints). Pure computation: the caller prints it.
///
/// Lines end with a newline, or, for lists whose items end with NUL
/// (`-z`), with NUL: then each diff line is one item, and an item that
/// holds a newline, a control character, `"` or `\` is shown C-quoted as
/// git shows such a path (`"two\nlines"`), so that one item stays on one
/// line of the diff.
public enum UnifiedDiff {
    /// How the lines of a hunk are marked, for colouring.
    public enum LineKind: Sendable { case header, hunk, context, removed, added, note }

    /// Calls `emit` for each line of the diff, without its newline. Nothing
    /// is emitted when the inputs are equal. `terminator` ends the lines
    /// compared: a newline, or NUL.
    public static func lines(
        old: UnsafeRawBufferPointer, new: UnsafeRawBufferPointer,
        oldLabel: String, newLabel: String, context: Int = 3, terminator: UInt8 = 0x0A,
        _ emit: (LineKind, [UInt8]) throws -> Void
    ) rethrows {
        let a = splitLines(old, terminator: terminator), b = splitLines(new, terminator: terminator)
        func text(_ buffer: UnsafeRawBufferPointer, _ line: Range<Int>) -> [UInt8] {
            var bytes = Array(buffer[line])
            if bytes.last == terminator { bytes.removeLast() }
            return terminator == 0x0A ? bytes : quotedIfNeeded(bytes)
        }
        func endsWithTerminator(_ buffer: UnsafeRawBufferPointer) -> Bool { buffer.last == terminator }
        let missingTerminator = Array((terminator == 0x0A ? "\\ No newline at end of file" : "\\ No NUL at end of file").utf8)
        func same(_ i: Int, _ j: Int) -> Bool {
            a[i].count == b[j].count && bytesEqual(old, a[i].lowerBound, new, b[j].lowerBound, a[i].count)
        }
        let script = editScript(a.count, b.count, same)
        if script.allSatisfy({ $0 == .keep }) { return }

        try emit(.header, Array("--- \(oldLabel)".utf8))
        try emit(.header, Array("+++ \(newLabel)".utf8))
        // Walk the script, grouping changes that are within 2 * context lines.
        var changes: [(Int, Int, Step)] = []  // (old index, new index, step)
        var i = 0, j = 0
        for step in script {
            changes.append((i, j, step))
            switch step {
            case .keep: i += 1; j += 1
            case .remove: i += 1
            case .add: j += 1
            }
        }
        var start = 0
        while start < changes.count {
            guard let firstChange = changes[start...].firstIndex(where: { $0.2 != .keep }) else { break }
            var end = firstChange
            var lastChange = firstChange
            while end < changes.count {
                if changes[end].2 != .keep { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            let hunkStart = max(start, firstChange - context)
            let hunkEnd = min(changes.count, lastChange + context + 1)
            let hunk = changes[hunkStart..<hunkEnd]
            let oldCount = hunk.filter { $0.2 != .add }.count
            let newCount = hunk.filter { $0.2 != .remove }.count
            let oldStart = hunk.first!.0 + (oldCount > 0 ? 1 : 0)
            let newStart = hunk.first!.1 + (newCount > 0 ? 1 : 0)
            try emit(.hunk, Array("@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@".utf8))
            for (oi, ni, step) in hunk {
                switch step {
                case .keep:
                    try emit(.context, [0x20] + text(old, a[oi]))
                    if oi == a.count - 1 && !endsWithTerminator(old) || ni == b.count - 1 && !endsWithTerminator(new) {
                        // Both sides lack the terminator only when they end alike.
                        try emit(.note, missingTerminator)
                    }
                case .remove:
                    try emit(.removed, [0x2D] + text(old, a[oi]))
                    if oi == a.count - 1 && !endsWithTerminator(old) {
                        try emit(.note, missingTerminator)
                    }
                case .add:
                    try emit(.added, [0x2B] + text(new, b[ni]))
                    if ni == b.count - 1 && !endsWithTerminator(new) {
                        try emit(.note, missingTerminator)
                    }
                }
            }
            start = hunkEnd
        }
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    /// `bytes` as they are, or in double quotes with C escapes when they
    /// hold a control character, `"` or `\` (as git quotes a path).
    static func quotedIfNeeded(_ bytes: [UInt8]) -> [UInt8] {
        func needsQuoting(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F || byte == 0x22 || byte == 0x5C }
        guard bytes.contains(where: needsQuoting) else { return bytes }
        var quoted: [UInt8] = [0x22]
        for byte in bytes {
            switch byte {
            case 0x07: quoted += Array("\\a".utf8)
            case 0x08: quoted += Array("\\b".utf8)
            case 0x09: quoted += Array("\\t".utf8)
            case 0x0A: quoted += Array("\\n".utf8)
            case 0x0B: quoted += Array("\\v".utf8)
            case 0x0C: quoted += Array("\\f".utf8)
            case 0x0D: quoted += Array("\\r".utf8)
            case 0x22: quoted += Array("\\\"".utf8)
            case 0x5C: quoted += Array("\\\\".utf8)
            case _ where needsQuoting(byte):
                // Three octal digits, as C and git write them.
                quoted += [0x5C, 0x30 + (byte >> 6), 0x30 + (byte >> 3 & 7), 0x30 + (byte & 7)]
            default: quoted.append(byte)
            }
        }
        quoted.append(0x22)
        return quoted
    }

    /// Each line's bytes, with its terminator.
    static func splitLines(_ buffer: UnsafeRawBufferPointer, terminator: UInt8 = 0x0A) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        while start < buffer.count {
            let end = (firstIndex(of: terminator, in: buffer, from: start, to: buffer.count) ?? buffer.count - 1) + 1
            lines.append(start..<end)
            start = end
        }
        return lines
    }

    enum Step: Equatable { case keep, remove, add }

    /// A shortest edit script (Myers, 1986) after trimming the common prefix
    /// and suffix. Past `limit` differences it gives up minimality and
    /// replaces the whole middle, so a diff of a shuffled large file stays
    /// linear.
    static func editScript(_ n: Int, _ m: Int, _ same: (Int, Int) -> Bool, limit: Int = 2_000) -> [Step] {
        var prefix = 0
        while prefix < n && prefix < m && same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < n - prefix && suffix < m - prefix && same(n - 1 - suffix, m - 1 - suffix) { suffix += 1 }
        let a0 = prefix, n1 = n - prefix - suffix, m1 = m - prefix - suffix
        var middle: [Step] = []
        if n1 == 0 || m1 == 0 {
            middle = Array(repeating: .remove, count: n1) + Array(repeating: .add, count: m1)
        } else if let found = myers(n1, m1, { same(a0 + $0, a0 + $1) }, limit: limit) {
            middle = found
        } else {
            middle = Array(repeating: .remove, count: n1) + Array(repeating: .add, count: m1)
        }
        return Array(repeating: .keep, count: prefix) + middle + Array(repeating: .keep, count: suffix)
    }

    private static func myers(_ n: Int, _ m: Int, _ same: (Int, Int) -> Bool, limit: Int) -> [Step]? {
        let maxD = min(n + m, limit)
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []
        for d in 0...maxD {
            trace.append(v)
            var k = -d
            while k <= d {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n && y < m && same(x, y) { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m {
                    return backtrack(trace, v, d: d, n: n, m: m, offset: offset)
                }
                k += 2
            }
        }
        return nil
    }

    private static func backtrack(_ trace: [[Int]], _ last: [Int], d: Int, n: Int, m: Int, offset: Int) -> [Step] {
        var steps: [Step] = []
        var x = n, y = m
        var d = d
        while d > 0 {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                steps.append(.keep); x -= 1; y -= 1
            }
            steps.append(x == previousX ? .add : .remove)
            x = previousX; y = previousY
            d -= 1
        }
        while x > 0 && y > 0 { steps.append(.keep); x -= 1; y -= 1 }
        return steps.reversed()
    }
}
