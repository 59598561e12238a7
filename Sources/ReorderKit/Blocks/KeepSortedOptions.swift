/// The options on a start marker's line, with keep-sorted's defaults.
///
/// Pre-sorting options say what one item of the block is (`group`,
/// `block`, `group_prefixes`, the group regexes, `sticky_comments`,
/// `sticky_prefixes`, `skip_lines`); sorting options how items compare
/// (`case`, `numeric`, `prefix_order`, `ignore_prefixes`, `by_regex`,
/// `order`); post-sorting options what is done after (`remove_duplicates`,
/// `newline_separated`). Prefixes and lists are bytes, compared as bytes.
struct KeepSortedOptions {
    var allowYAMLLists = true
    /// `skip_lines=N`: lines left where they are after the start marker
    /// (positive N) and before the end marker (negative N).
    var skipAtStart = 0
    var skipAtEnd = 0
    var group = true
    var groupPrefixes: [[UInt8]]? = nil
    var groupStartRegex: [KeepSortedPattern] = []
    var groupEndRegex: [KeepSortedPattern] = []
    var block = false
    var stickyComments = true
    var stickyPrefixes: [[UInt8]] = []
    var caseSensitive = true
    var numeric = false
    var prefixOrder: [[UInt8]] = []
    /// Longest first, so that a prefix of another is tried after it.
    var ignorePrefixes: [[UInt8]] = []
    var byRegex: [KeepSortedPattern] = []
    var descending = false
    /// Blank lines between items; 0: none added or removed.
    var newlineSeparated = 0
    var removeDuplicates = true
    /// How the start marker's line begins a comment (`//`, `#`, `/*`,
    /// `--`, `;`, `<!--`), or empty: lines that begin the same way stick to
    /// the item below, and `block=yes` stops counting brackets there.
    var commentMarker: [UInt8] = []

    /// Every key a start line may give, in keep-sorted's spelling.
    static let keys = [
        "allow_yaml_lists", "skip_lines", "group", "group_prefixes", "group_start_regex", "group_end_regex",
        "block", "sticky_comments", "sticky_prefixes", "case", "numeric", "prefix_order", "ignore_prefixes",
        "by_regex", "order", "newline_separated", "remove_duplicates",
    ]

    /// The comment markers keep-sorted knows, tried in this order.
    static let commentMarkers: [[UInt8]] = ["//", "#", "/*", "--", ";", "<!--"].map { Array($0.utf8) }

    /// Reads `options` (the text after `… start` on the marker's line,
    /// where `before` is the text before it) at 1-based `line`. A problem
    /// leaves that option at its default and is returned as a warning.
    static func parse(before: ArraySlice<UInt8>, options text: ArraySlice<UInt8>, line: Int)
        -> (KeepSortedOptions, [KeepSortedWarning])
    {
        var options = KeepSortedOptions()
        var warnings: [KeepSortedWarning] = []
        func warn(_ problem: KeepSortedWarning.Problem) { warnings.append(KeepSortedWarning(line: line, problem)) }
        var reader = OptionReader(rest: text)
        while let key = reader.nextKey() {
            let name = String(decoding: key, as: UTF8.self)
            do {
                switch name {
                case "allow_yaml_lists": options.allowYAMLLists = try reader.bool(name)
                case "group": options.group = try reader.bool(name)
                case "block": options.block = try reader.bool(name)
                case "sticky_comments": options.stickyComments = try reader.bool(name)
                case "case": options.caseSensitive = try reader.bool(name)
                case "numeric": options.numeric = try reader.bool(name)
                case "remove_duplicates": options.removeDuplicates = try reader.bool(name)
                case "newline_separated": options.newlineSeparated = try reader.integerOrBool(name)
                case "order":
                    let value = reader.word()
                    switch value {
                    case Array("asc".utf8): options.descending = false
                    case Array("desc".utf8): options.descending = true
                    default: throw invalid(name, value, .order)
                    }
                case "skip_lines":
                    let values = try reader.list(name, yaml: options.allowYAMLLists).map { entry -> Int in
                        guard entry.value == nil, let number = goInteger(entry.key) else {
                            throw invalid(name, entry.key, .skipLines)
                        }
                        return number
                    }
                    let atStart = values.filter { $0 > 0 }, atEnd = values.filter { $0 < 0 }
                    if atStart.count > 1 || atEnd.count > 1 {
                        warn(.conflictingSkipLines(values))
                        (options.skipAtStart, options.skipAtEnd) = (0, 0)
                    } else {
                        options.skipAtStart = atStart.first ?? 0
                        options.skipAtEnd = -(atEnd.first ?? 0)
                    }
                case "group_prefixes": options.groupPrefixes = try reader.strings(name, yaml: options.allowYAMLLists)
                case "sticky_prefixes": options.stickyPrefixes = try reader.strings(name, yaml: options.allowYAMLLists)
                case "prefix_order": options.prefixOrder = try reader.strings(name, yaml: options.allowYAMLLists)
                case "ignore_prefixes": options.ignorePrefixes = try reader.strings(name, yaml: options.allowYAMLLists)
                case "by_regex": options.byRegex = try reader.patterns(name, yaml: options.allowYAMLLists, templates: true)
                case "group_start_regex": options.groupStartRegex = try reader.patterns(name, yaml: options.allowYAMLLists, templates: false)
                case "group_end_regex": options.groupEndRegex = try reader.patterns(name, yaml: options.allowYAMLLists, templates: false)
                default:
                    // Its value is not taken: the next key is looked for
                    // from here, as keep-sorted does.
                    warn(.unknownOption(name))
                }
            } catch {
                warn(error.problem)
            }
        }

        if let marker = commentMarkers.first(where: { trimmedSpaces(before).starts(with: $0) }) {
            options.commentMarker = marker
            if options.stickyComments { options.stickyPrefixes.append(marker) }
        }
        // Stable: of two prefixes as long, the first given is tried first.
        options.ignorePrefixes = options.ignorePrefixes.enumerated()
            .sorted { $0.element.count != $1.element.count ? $0.element.count > $1.element.count : $0.offset < $1.offset }
            .map(\.element)

        if options.groupPrefixes != nil && !options.group {
            warn(.groupPrefixesWithoutGroup)
            options.groupPrefixes = nil
        }
        if !options.byRegex.isEmpty && !options.ignorePrefixes.isEmpty {
            let alternatives = options.ignorePrefixes.map { quoteMeta(String(decoding: $0, as: UTF8.self)) }
            warn(.byRegexWithIgnorePrefixes(suggestion: "(?:" + alternatives.joined(separator: "|") + ")"))
            options.ignorePrefixes = []
        }
        if !options.groupStartRegex.isEmpty && !options.groupEndRegex.isEmpty {
            warn(.bothGroupRegexes)
            options.groupEndRegex = []
        }
        return (options, warnings.sorted { $0.line < $1.line })
    }

    /// What `strconv.Atoi` takes: an optional sign and decimal digits.
    static func goInteger(_ bytes: [UInt8]) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var digits = bytes[...]
        if digits.first == UInt8(ascii: "+") || digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(String(decoding: bytes.first == UInt8(ascii: "+") ? Array(bytes.dropFirst()) : bytes, as: UTF8.self))
    }

    /// `text` with regex metacharacters escaped (Go's `regexp.QuoteMeta`).
    static func quoteMeta(_ text: String) -> String {
        var quoted = ""
        for character in text {
            if "\\.+*?()|[]{}^$".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted
    }
}

/// An option's problem, thrown inside `parse` and returned as a warning.
private struct OptionProblem: Error {
    let problem: KeepSortedWarning.Problem
}

private func invalid(_ option: String, _ value: [UInt8], _ kind: KeepSortedWarning.ValueKind) -> OptionProblem {
    OptionProblem(problem: .invalidValue(option: option, value: String(decoding: value, as: UTF8.self), expected: kind))
}

/// Takes the option text apart as keep-sorted does: a key is `[a-z_]+=`
/// at the start of what is left or after a space; a value runs to the next
/// space, or is a YAML flow list.
private struct OptionReader {
    var rest: ArraySlice<UInt8>

    mutating func nextKey() -> [UInt8]? {
        var start = rest.startIndex
        while start < rest.endIndex {
            if start == rest.startIndex || rest[start - 1] == UInt8(ascii: " ") {
                var end = start
                while end < rest.endIndex, rest[end] == UInt8(ascii: "_") || (rest[end] >= 0x61 && rest[end] <= 0x7A) {
                    end += 1
                }
                if end > start && end < rest.endIndex && rest[end] == UInt8(ascii: "=") {
                    let key = Array(rest[start..<end])
                    rest = rest[(end + 1)...]
                    return key
                }
            }
            start += 1
        }
        return nil
    }

    /// The value up to the next space, which is dropped.
    mutating func word() -> [UInt8] {
        if let space = rest.firstIndex(of: UInt8(ascii: " ")) {
            defer { rest = rest[(space + 1)...] }
            return Array(rest[..<space])
        }
        defer { rest = rest[rest.endIndex...] }
        return Array(rest)
    }

    mutating func bool(_ option: String) throws -> Bool {
        let value = word()
        switch String(decoding: value, as: UTF8.self) {
        case "yes", "true": return true
        case "no", "false": return false
        default: throw invalid(option, value, .bool)
        }
    }

    mutating func integerOrBool(_ option: String) throws -> Int {
        let value = word()
        switch String(decoding: value, as: UTF8.self) {
        case "yes", "true": return 1
        case "no", "false": return 0
        default:
            guard let number = KeepSortedOptions.goInteger(value), number >= 0 else {
                throw invalid(option, value, .integerOrBool)
            }
            return number
        }
    }

    /// A YAML flow list (when `yaml` and the value starts with `[`), or
    /// the value up to the next space split at commas (empty: no entry).
    mutating func list(_ option: String, yaml: Bool) throws -> [KeepSortedFlowList.Entry] {
        if yaml {
            do {
                if let (list, rest) = try KeepSortedFlowList.split(rest) {
                    self.rest = rest
                    return try KeepSortedFlowList.entries(list)
                }
            } catch {
                switch error {
                case .unterminated(let text):
                    throw OptionProblem(problem: .unterminatedList(option: option, text: String(decoding: text, as: UTF8.self)))
                case .invalid(let reason):
                    throw OptionProblem(problem: .invalidList(option: option, text: String(decoding: rest, as: UTF8.self), reason: reason))
                }
            }
        }
        let value = word()
        if value.isEmpty { return [] }
        return value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            .map { KeepSortedFlowList.Entry(key: Array($0), value: nil) }
    }

    mutating func strings(_ option: String, yaml: Bool) throws -> [[UInt8]] {
        try list(option, yaml: yaml).map { entry in
            guard entry.value == nil else {
                throw OptionProblem(problem: .invalidList(option: option, text: String(decoding: entry.key, as: UTF8.self),
                                                          reason: "'KEY: VALUE' entries are only for by_regex"))
            }
            return entry.key
        }
    }

    mutating func patterns(_ option: String, yaml: Bool, templates: Bool) throws -> [KeepSortedPattern] {
        let entries = try list(option, yaml: yaml)
        var patterns: [KeepSortedPattern] = []
        for entry in entries {
            let pattern = String(decoding: entry.key, as: UTF8.self)
            if entry.value != nil && !templates {
                throw OptionProblem(problem: .invalidList(option: option, text: pattern,
                                                          reason: "'KEY: VALUE' entries are only for by_regex"))
            }
            do {
                patterns.append(try KeepSortedPattern(pattern, template: entry.value.map { String(decoding: $0, as: UTF8.self) }))
            } catch {
                throw OptionProblem(problem: .invalidRegex(option: option, pattern: pattern, reason: String(describing: error)))
            }
        }
        return patterns
    }
}

extension Error {
    fileprivate var problem: KeepSortedWarning.Problem {
        (self as? OptionProblem)?.problem ?? .invalidList(option: "", text: "", reason: String(describing: self))
    }
}
