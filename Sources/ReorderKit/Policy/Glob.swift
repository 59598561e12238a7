/// A file pattern of a policy's `files`, as `.gitignore` writes them,
/// relative to the policy file's folder: a pattern without a `/` (but a
/// trailing one) matches a name at any depth (`package.json`); one with a
/// `/` is anchored at the folder (`packages/*/package.json`; a leading `/`
/// anchors too and is dropped); one that ends with `/` names a folder and
/// matches every file below it (`vendor/`). `*` and `?` stay within a folder's name,
/// `[abc]`, `[a-z]` and `[!a]` match one byte of a name, `**` as a whole
/// segment crosses folders (`**/Cargo.toml`, `docs/**`, `a/**/b`), and
/// `\` quotes the byte after it. Matching is on bytes, with case.
public struct Glob: Equatable, Sendable, CustomStringConvertible {
    /// What the pattern was written as.
    public let text: String
    /// The segments, `**` as `nil`.
    let segments: [Segment?]

    /// One folder or file name's pattern.
    struct Segment: Equatable, Sendable {
        let pattern: [UInt8]
    }

    public var description: String { text }

    /// Why a pattern is not one: `reason`, at byte `offset` of it.
    public struct Problem: Error, Equatable, Sendable {
        public let reason: String
        public let offset: Int
    }

    public init(_ text: String) throws(Problem) {
        self.text = text
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw Problem(reason: "an empty pattern matches nothing", offset: 0) }
        try Glob.checkBrackets(bytes)
        var anchored = false
        if bytes.first == UInt8(ascii: "/") {
            anchored = true
            bytes.removeFirst()
        }
        // `docs/`: a folder, so every file below it.
        let folder = bytes.last == UInt8(ascii: "/")
        if folder { bytes.removeLast() }
        guard !bytes.isEmpty else { throw Problem(reason: "the pattern names no file", offset: 0) }
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        if parts.contains(where: \.isEmpty) {
            throw Problem(reason: "'//' makes an empty folder name", offset: 0)
        }
        anchored = anchored || parts.count > 1
        var segments: [Segment?] = anchored ? [] : [nil]
        for part in parts {
            let part = Array(part)
            if part == Array("**".utf8) {
                if segments.last == .some(nil) { continue }
                segments.append(nil)
            } else {
                segments.append(Segment(pattern: part))
            }
        }
        if folder && segments.last != .some(nil) { segments.append(nil) }
        self.segments = segments
    }

    /// An unclosed `[` is refused: it cannot be told from a literal one.
    static func checkBrackets(_ bytes: [UInt8]) throws(Problem) {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 2
            case UInt8(ascii: "["):
                guard let close = Glob.classEnd(bytes, from: index) else {
                    throw Problem(reason: "'[' is not closed by ']' (write '\\[' for the character)", offset: index)
                }
                index = close + 1
            default:
                index += 1
            }
        }
    }

    /// Where the class opened by the `[` at `open` closes, within one
    /// name; nil when it does not.
    static func classEnd(_ bytes: [UInt8], from open: Int) -> Int? {
        var index = open + 1
        if index < bytes.count && (bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "^")) { index += 1 }
        // A `]` right after the opening stands for itself.
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1 }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "]"): return index
            case UInt8(ascii: "/"): return nil
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return nil
    }

    /// Whether `path` (relative to the policy's folder, `/`-separated,
    /// without `./`) matches.
    public func matches(_ path: String) -> Bool {
        matches(names: Glob.names(path))
    }

    /// The same for a path split into its names (`Glob.names`), to match
    /// many patterns against one path.
    public func matches(names: [[UInt8]]) -> Bool {
        Glob.match(segments[...], names[...])
    }

    public static func names(_ path: String) -> [[UInt8]] {
        Array(path.utf8).split(separator: UInt8(ascii: "/")).map(Array.init)
    }

    private static func match(_ segments: ArraySlice<Segment?>, _ names: ArraySlice<[UInt8]>) -> Bool {
        guard let first = segments.first else { return names.isEmpty }
        guard let segment = first else {
            // `**`: none or more folders; at the end, one or more names
            // (`docs/**` is what is inside `docs`, not `docs`).
            let rest = segments.dropFirst()
            if rest.isEmpty { return !names.isEmpty }
            var names = names
            while true {
                if match(rest, names) { return true }
                guard !names.isEmpty else { return false }
                names = names.dropFirst()
            }
        }
        guard let name = names.first, matchName(segment.pattern[...], name[...]) else { return false }
        return match(segments.dropFirst(), names.dropFirst())
    }

    /// `*`, `?`, classes and escapes against one name.
    static func matchName(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex, n = name.startIndex
        var starP: Int? = nil, starN = 0
        while n < name.endIndex {
            if p < pattern.endIndex {
                switch pattern[p] {
                case UInt8(ascii: "*"):
                    starP = p
                    starN = n
                    p += 1
                    continue
                case UInt8(ascii: "?"):
                    p += 1
                    n += 1
                    continue
                case UInt8(ascii: "["):
                    let bytes = Array(pattern)
                    let open = p - pattern.startIndex
                    if let close = classEnd(bytes, from: open), classMatches(bytes[(open + 1)..<close], name[n]) {
                        p = pattern.startIndex + close + 1
                        n += 1
                        continue
                    }
                case UInt8(ascii: "\\") where p + 1 < pattern.endIndex:
                    if pattern[p + 1] == name[n] {
                        p += 2
                        n += 1
                        continue
                    }
                default:
                    if pattern[p] == name[n] {
                        p += 1
                        n += 1
                        continue
                    }
                }
            }
            // A mismatch: let the last `*` take one more byte.
            guard let star = starP else { return false }
            p = star + 1
            starN += 1
            n = starN
        }
        while p < pattern.endIndex && pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    /// `[...]`'s inside (without the brackets) against one byte.
    private static func classMatches(_ inside: ArraySlice<UInt8>, _ byte: UInt8) -> Bool {
        var index = inside.startIndex
        var negated = false
        if index < inside.endIndex && (inside[index] == UInt8(ascii: "!") || inside[index] == UInt8(ascii: "^")) {
            negated = true
            index += 1
        }
        var found = false
        while index < inside.endIndex {
            var low = inside[index]
            if low == UInt8(ascii: "\\") && index + 1 < inside.endIndex {
                index += 1
                low = inside[index]
            }
            if index + 2 < inside.endIndex && inside[index + 1] == UInt8(ascii: "-") {
                let high = inside[index + 2]
                if low <= byte && byte <= high { found = true }
                index += 3
            } else {
                if low == byte { found = true }
                index += 1
            }
        }
        return found != negated
    }
}

extension Glob {
    /// Whether some path matches both patterns (`package.json` and
    /// `*.json` do; `*.json` and `*.toml` do not), decided from the
    /// patterns alone.
    public func overlaps(_ other: Glob) -> Bool {
        Glob.intersect(segments, other.segments)
    }

    /// A path the pattern matches, when its names are written without
    /// `*`, `?` or a class and only a leading `**` crosses folders
    /// (`package.json`, `**/Cargo.toml`, `ci/package.json`); else nil.
    public var examplePath: String? {
        var names: [String] = []
        for (index, segment) in segments.enumerated() {
            if segment == nil && index == 0 && segments.count > 1 { continue }
            guard let segment else { return nil }
            var name: [UInt8] = []
            var index = 0
            while index < segment.pattern.count {
                let byte = segment.pattern[index]
                if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") { return nil }
                if byte == UInt8(ascii: "\\") && index + 1 < segment.pattern.count { index += 1 }
                name.append(segment.pattern[index])
                index += 1
            }
            names.append(String(decoding: name, as: UTF8.self))
        }
        return names.joined(separator: "/")
    }

    /// The two sequences of names' patterns (`nil` for `**`) have a path
    /// in common: a search of the pairs of positions in both, a name
    /// taken by each at a time.
    private static func intersect(_ a: [Segment?], _ b: [Segment?]) -> Bool {
        var seen = Set<Int>()
        var stack = [(0, 0)]
        // `**` last matches one name or more; elsewhere none or more.
        while let (i, j) = stack.popLast() {
            guard seen.insert(i * (b.count + 1) + j).inserted else { continue }
            if i == a.count && j == b.count { return true }
            // Skip a `**` (not the last one: it needs a name).
            if i < a.count, a[i] == nil, i + 1 < a.count { stack.append((i + 1, j)) }
            if j < b.count, b[j] == nil, j + 1 < b.count { stack.append((i, j + 1)) }
            guard i < a.count, j < b.count else { continue }
            // One name taken by both.
            switch (a[i], b[j]) {
            case (nil, nil):
                stack.append((i + 1, j)); stack.append((i, j + 1)); stack.append((i + 1, j + 1))
            case (nil, .some):
                stack.append((i, j + 1)); stack.append((i + 1, j + 1))
            case (.some, nil):
                stack.append((i + 1, j)); stack.append((i + 1, j + 1))
            case (let x?, let y?):
                if namesIntersect(x.pattern, y.pattern) { stack.append((i + 1, j + 1)) }
            }
        }
        return false
    }

    /// One token of a name's pattern: `*`, or the bytes one byte of the
    /// name may be.
    private enum NameToken {
        case star
        case one([Bool])
    }

    private static func tokens(_ pattern: [UInt8]) -> [NameToken] {
        var out: [NameToken] = []
        var index = 0
        while index < pattern.count {
            let byte = pattern[index]
            switch byte {
            case UInt8(ascii: "*"):
                out.append(.star)
                index += 1
            case UInt8(ascii: "?"):
                out.append(.one([Bool](repeating: true, count: 256)))
                index += 1
            case UInt8(ascii: "["):
                if let close = classEnd(pattern, from: index) {
                    let inside = pattern[(index + 1)..<close]
                    out.append(.one((0..<256).map { classMatches(inside, UInt8($0)) }))
                    index = close + 1
                } else {
                    out.append(.one((0..<256).map { $0 == Int(byte) }))
                    index += 1
                }
            case UInt8(ascii: "\\") where index + 1 < pattern.count:
                let quoted = pattern[index + 1]
                out.append(.one((0..<256).map { $0 == Int(quoted) }))
                index += 2
            default:
                out.append(.one((0..<256).map { $0 == Int(byte) }))
                index += 1
            }
        }
        return out
    }

    /// Whether some name matches both patterns of one name.
    static func namesIntersect(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let x = tokens(a), y = tokens(b)
        var seen = Set<Int>()
        var stack = [(0, 0)]
        while let (i, j) = stack.popLast() {
            guard seen.insert(i * (y.count + 1) + j).inserted else { continue }
            if i == x.count && j == y.count { return true }
            if i < x.count, case .star = x[i] { stack.append((i + 1, j)) }
            if j < y.count, case .star = y[j] { stack.append((i, j + 1)) }
            guard i < x.count, j < y.count else { continue }
            switch (x[i], y[j]) {
            case (.star, .star): stack.append((i, j))
            case (.star, .one): stack.append((i, j + 1))
            case (.one, .star): stack.append((i + 1, j))
            case (.one(let p), .one(let q)):
                if (0..<256).contains(where: { p[$0] && q[$0] }) { stack.append((i + 1, j + 1)) }
            }
        }
        return false
    }
}
