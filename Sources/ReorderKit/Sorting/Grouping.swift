/// How `sort` (and a policy's rule) keeps groups: a list sorts within its
/// groups, and the groups, their headings and the blank lines between
/// them stay where they are.
///
/// - `blankLines`: a blank line starts a group (`groups = "blank-lines"`).
/// - `comments`: a comment on a line of its own heads a group; the list
///   must have been read with `ReadOptions.commentHeadings`, so that such
///   comments are positions' bytes (`FormatLayout.groupHeading(before:)`),
///   not the item's below (comment rule 1).
/// - `patterns`: within each of those groups, each item falls into the
///   first pattern that matches its sort key; the patterns' groups come in
///   their order, the items no pattern matches last (isort's sections,
///   keep-sorted's `prefix_order`).
public struct Grouping: Equatable, Sendable {
    public var blankLines = false
    public var comments = false
    public var patterns: [GroupPattern] = []

    public init(blankLines: Bool = false, comments: Bool = false, patterns: [GroupPattern] = []) {
        self.blankLines = blankLines
        self.comments = comments
        self.patterns = patterns
    }

    /// No grouping: the whole list is one group.
    public var isNone: Bool { !blankLines && !comments && patterns.isEmpty }
}

/// One pattern of `--group-pattern` (`group-patterns`): the policy's glob
/// language (`*`, `?`, `[a-z]`, `[!a]`, `\`) matched against the whole
/// sort key, where `/` is a byte like another (a key is not a path); or,
/// written with a leading `~`, a regular expression that matches
/// anywhere in the key (anchor it with `^` and `$`).
public struct GroupPattern: Equatable, Sendable, CustomStringConvertible {
    /// What the pattern was written as (with its `~`).
    public let text: String
    let kind: Kind

    enum Kind: Equatable, Sendable {
        case glob([UInt8])
        case regex(String)
    }

    public var description: String { text }

    /// Why a pattern is not one: `reason`, at byte `offset` of it.
    public struct Problem: Error, Equatable, Sendable {
        public let reason: String
        public let offset: Int
    }

    public init(_ text: String) throws(Problem) {
        self.text = text
        if text.hasPrefix("~") {
            let expression = String(text.dropFirst())
            guard !expression.isEmpty else { throw Problem(reason: "'~' starts a regular expression, and none follows", offset: 1) }
            do {
                _ = try Regex(expression)
            } catch {
                throw Problem(reason: "not a regular expression: \(error)", offset: 1)
            }
            kind = .regex(expression)
        } else {
            let bytes = Array(text.utf8)
            guard !bytes.isEmpty else { throw Problem(reason: "an empty pattern matches nothing", offset: 0) }
            do {
                try Glob.checkBrackets(bytes)
            } catch {
                throw Problem(reason: error.reason, offset: error.offset)
            }
            kind = .glob(bytes)
        }
    }

    /// A matcher for a list's keys (a regular expression is compiled once).
    func matcher(ignoreCase: Bool) -> (ArraySlice<UInt8>) -> Bool {
        switch kind {
        case .glob(let pattern):
            guard ignoreCase else { return { Glob.matchName(pattern[...], $0) } }
            let folded = pattern.map(ByteOrder.upper)
            return { key in Glob.matchName(folded[...], ArraySlice(key.map(ByteOrder.upper))) }
        case .regex(let expression):
            guard var regex = try? Regex(expression) else { return { _ in false } }
            if ignoreCase { regex = regex.ignoresCase() }
            return { key in
                let text = String(decoding: key, as: UTF8.self)
                return (try? regex.firstMatch(in: text)) != nil
            }
        }
    }
}

/// How a finding names the group of the item it is about: by its
/// heading, or where it starts (a group between blank lines), and by its
/// pattern, or as the group no pattern matches.
public struct GroupName: Equatable, Sendable {
    public enum Section: Equatable, Sendable {
        /// The heading's first line, as written (`# web`).
        case heading(String)
        /// A group without a heading: the line of its first item, in the
        /// file as read.
        case startingAtLine(Int)
    }

    public enum Pattern: Equatable, Sendable {
        case pattern(String)
        /// The last group: the items no pattern matches.
        case unmatched
    }

    /// nil: the list has one such group.
    public var section: Section? = nil
    /// nil: no patterns.
    public var pattern: Pattern? = nil

    public init(section: Section? = nil, pattern: Pattern? = nil) {
        self.section = section
        self.pattern = pattern
    }
}

private extension String {
    func trimmingBlanks() -> String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        var text = String(scalars)
        while let last = text.unicodeScalars.last, last == " " || last == "\t" || last == "\r" { text.unicodeScalars.removeLast() }
        return text
    }
}

extension ListDocument {
    /// `sorted` (the list's indices in sorted order, every item or the kept
    /// ones) kept within `grouping`'s groups: each group's items take the
    /// group's own positions, in `sorted`'s order, a pattern's group before
    /// the next's; items that are groups' boundaries themselves (a blank
    /// line of a list of lines) stay. `key`: where each item's sort key is, for
    /// the patterns (`groupKeys(key:)`). Ties keep `sorted`'s order; with
    /// `ignoreCase`, the patterns match without ASCII case (a regular
    /// expression ignores case).
    public func groupedOrder(_ sorted: [Int], _ grouping: Grouping, ignoreCase: Bool, key: String?) throws -> [Int] {
        guard !grouping.isNone else { return sorted }
        let section = groupSections(grouping)
        let rank = try patternRanks(grouping, ignoreCase: ignoreCase, key: key)
        // Each section's items, in sorted order, then stably by rank.
        var bySection: [Int: [Int]] = [:]
        for index in sorted where section[index] >= 0 { bySection[section[index], default: []].append(index) }
        if !grouping.patterns.isEmpty {
            for (s, members) in bySection {
                var byRank = Array(repeating: [Int](), count: grouping.patterns.count + 1)
                for member in members { byRank[rank[member]].append(member) }
                bySection[s] = Array(byRank.joined())
            }
        }
        // Each group's items fill its positions in order, around the items
        // that stay (a blank line of a list of lines inside a group under a
        // heading); with -u, a group's last positions go.
        var next: [Int: Int] = [:]
        var order: [Int] = []
        order.reserveCapacity(sorted.count)
        for index in 0..<count {
            let s = section[index]
            if s < 0 {
                order.append(index)
                continue
            }
            let k = next[s, default: 0]
            if let members = bySection[s], k < members.count { order.append(members[k]) }
            next[s] = k + 1
        }
        return order
    }

    /// The pattern group of each item: the index of the first of
    /// `grouping.patterns` that matches it, or their count for the items
    /// none matches (the last group); all 0 without patterns.
    public func patternRanks(_ grouping: Grouping, ignoreCase: Bool, key: String?) throws -> [Int] {
        guard !grouping.patterns.isEmpty else { return Array(repeating: 0, count: count) }
        let names = try groupKeys(key: key)
        let matchers = grouping.patterns.map { $0.matcher(ignoreCase: ignoreCase) }
        return names.map { name in
            guard let name else { return matchers.count }
            return matchers.firstIndex { $0(name[...]) } ?? matchers.count
        }
    }

    /// How a message names the group item `index` is in (see `GroupName`);
    /// nil when the list is one group. `sections`, `ranks`: as
    /// `groupSections` and `patternRanks` give them; `line`: an item's
    /// line in the file.
    public func groupName(ofItem index: Int, _ grouping: Grouping, sections: [Int], ranks: [Int],
                          line: (Int) -> Int) -> GroupName? {
        guard !grouping.isNone, index >= 0, index < count, sections[index] >= 0 else { return nil }
        var name = GroupName()
        if !grouping.patterns.isEmpty {
            name.pattern = ranks[index] < grouping.patterns.count ? .pattern(grouping.patterns[ranks[index]].text) : .unmatched
        }
        // The section's first item: its heading stands before it.
        var first = index
        while first > 0 && sections[first - 1] == sections[index] { first -= 1 }
        if let range = layout.groupHeading(before: first) {
            let text = String(decoding: source[range], as: UTF8.self)
            let line = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? text
            name.section = .heading(line.trimmingBlanks())
        } else if grouping.blankLines || grouping.comments, Set(sections.filter { $0 >= 0 }).count > 1 {
            name.section = .startingAtLine(line(first))
        }
        return name.pattern == nil && name.section == nil ? nil : name
    }

    /// What the patterns match each item by: with `key`, the value at that
    /// pointer inside it; a string's decoded value, a number's text. nil
    /// (no pattern matches it; the last group) for another kind of value
    /// (null, a boolean, an array, an object) and an item without `key`.
    func groupKeys(key: String?) throws -> [[UInt8]?] {
        let pointer = try key.map { try layout.valuePointer($0) }
        let source = layout.valueSource
        return try (0..<count).map { index in
            switch try layout.value(ofItem: index, at: pointer) {
            case .string(let bytes, _)?, .number(let bytes)?: return bytes.withBytes(in: source) { Array($0) }
            case .other?, nil: return nil
            }
        }
    }

    /// The group each item is in (from 0, in the list's order), by blank
    /// lines and comment headings; -1 for an item that is itself a
    /// boundary and stays (a blank line of a list of lines).
    public func groupSections(_ grouping: Grouping) -> [Int] {
        var sections = grouping.blankLines ? blankLineGroups() : Array(repeating: 0, count: count)
        guard grouping.comments else { return sections }
        if !grouping.blankLines && layout.itemsAreLines {
            // A blank line of a list of lines is an item: under comment
            // headings it stays where it is (before or after a heading),
            // as in every other format, where it is no item at all; it
            // parts no group.
            for (index, group) in blankLineGroups().enumerated() where group < 0 { sections[index] = -1 }
        }
        // Both numberings only grow, so their sum changes at every
        // boundary of either and names each run once.
        var shift = 0
        for index in 0..<count {
            if index > 0 && layout.groupHeading(before: index) != nil { shift += 1 }
            if sections[index] >= 0 { sections[index] += shift }
        }
        return sections
    }

    /// The heading of the group item `index` is in, as written (`# web`),
    /// when the list was read with comment headings and one stands above
    /// it in its group; nil when none does.
    public func groupHeading(ofItem index: Int) -> String? {
        var item = index
        while item >= 0 {
            if let range = layout.groupHeading(before: item) {
                return String(decoding: source[range], as: UTF8.self)
            }
            item -= 1
        }
        return nil
    }

    /// The run of items between blank lines that each item is in (from 0);
    /// -1 for an item that is itself a blank line (lists of lines).
    public func blankLineGroups() -> [Int] {
        var groups: [Int] = []
        var group = 0
        let bytes = source
        func isBlank(_ range: Range<Int>) -> Bool { range.allSatisfy { [0x20, 0x09, 0x0D, 0x0A].contains(bytes[$0]) } }
        for index in 0..<count {
            let range = layout.itemRange(index)
            if layout.itemsAreLines {
                if isBlank(range) {
                    groups.append(-1)
                    if index > 0 && groups[index - 1] >= 0 { group += 1 }
                    continue
                }
                groups.append(group)
                continue
            }
            if index > 0 {
                // A line of blanks alone between the item before and this one.
                let gap = layout.itemRange(index - 1).upperBound..<range.lowerBound
                var afterNewline = false, lineIsBlank = true, found = false
                for offset in gap {
                    let byte = bytes[offset]
                    if byte == 0x0A {
                        if afterNewline && lineIsBlank { found = true; break }
                        afterNewline = true
                        lineIsBlank = true
                    } else if byte != 0x20 && byte != 0x09 && byte != 0x0D {
                        lineIsBlank = false
                    }
                }
                if found { group += 1 }
            }
            groups.append(group)
        }
        return groups
    }
}
