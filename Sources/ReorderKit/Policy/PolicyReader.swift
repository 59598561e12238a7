/// Reads `.reorder.toml`: the TOML reader's model of it, checked key by key,
/// each error at its place.
extension Policy {
    public static let topKeys = ["markers", "rule"]
    public static let ruleKeys = ["files", "list", "lists", "block", "order", "like", "ignore-case", "unique", "key",
                           "first", "last", "groups", "group-patterns", "format", "missing", "preset", "skip", "scripts"]
    /// The keys a rule with `preset` may have besides it.
    public static let presetRuleKeys = ["files", "list", "lists", "order", "like", "first", "last", "skip", "scripts"]

    public init(reading source: UnsafeRawBufferPointer) throws(PolicyError) {
        let document: TOMLDocument
        do {
            document = try TOMLDocument(source)
        } catch let error as FormatError {
            throw PolicyError(kind: .invalidTOML(error), offset: error.offset, secondOffset: nil)
        } catch {
            preconditionFailure("the TOML reader throws FormatError")
        }
        var reader = PolicyReader(document: document)
        self = try reader.read()
    }
}

private struct PolicyReader {
    let document: TOMLDocument

    func fail(_ kind: PolicyError.Kind, at offset: Int?, second: Int? = nil) -> PolicyError {
        PolicyError(kind: kind, offset: offset, secondOffset: second)
    }

    /// Where `key` of `table` is written: its line's first byte, or the
    /// table's header.
    func offset(of key: String, in table: TOMLTable) -> Int {
        for index in table.lines where document.lines[index].keys.first == key {
            return document.lines[index].range.lowerBound
        }
        if case .table(let inner)? = table[key] { return inner.offset }
        return table.offset
    }

    func string(_ value: TOMLValue, key: String) throws(PolicyError) -> String {
        guard value.kind == .string else { throw fail(.wrongType(key: key, expected: "a string"), at: value.range.lowerBound) }
        return value.string(in: document.source)
    }

    func strings(_ value: TOMLValue, key: String) throws(PolicyError) -> [(String, Int)] {
        if value.kind == .string { return [(try string(value, key: key), value.range.lowerBound)] }
        guard value.kind == .array, let array = value.array else {
            throw fail(.wrongType(key: key, expected: "a string or an array of strings"), at: value.range.lowerBound)
        }
        var out: [(String, Int)] = []
        for element in array.values {
            guard element.kind == .string else {
                throw fail(.wrongType(key: key, expected: "an array of strings"), at: element.range.lowerBound)
            }
            out.append((element.string(in: document.source), element.range.lowerBound))
        }
        return out
    }

    /// `files`: its patterns, each error at its byte.
    func globs(_ value: TOMLValue) throws(PolicyError) -> [Glob] {
        var out: [Glob] = []
        for (pattern, at) in try strings(value, key: "files") {
            do throws(Glob.Problem) {
                out.append(try Glob(pattern))
            } catch {
                throw fail(.badGlob(pattern: pattern, reason: error.reason), at: at + 1 + error.offset)
            }
        }
        return out
    }

    func bool(_ value: TOMLValue, key: String) throws(PolicyError) -> Bool {
        guard value.kind == .boolean else { throw fail(.wrongType(key: key, expected: "true or false"), at: value.range.lowerBound) }
        return document.source[value.range.lowerBound] == UInt8(ascii: "t")
    }

    func value(_ key: String, of table: TOMLTable) throws(PolicyError) -> TOMLValue {
        guard case .value(let value)? = table[key] else {
            throw fail(.wrongType(key: key, expected: "a value, not a table"), at: offset(of: key, in: table))
        }
        return value
    }

    func choice(_ value: TOMLValue, key: String, among names: [String]) throws(PolicyError) -> String {
        let text = try string(value, key: key)
        guard names.contains(text) else {
            throw fail(.unknownValue(key: key, value: text, expected: names,
                                     suggestion: NearestName.closest(to: text, among: names)), at: value.range.lowerBound)
        }
        return text
    }

    mutating func read() throws(PolicyError) -> Policy {
        var policy = Policy()
        let root = document.root
        for key in root.keys {
            switch key {
            case "markers":
                policy.markers = try bool(try value(key, of: root), key: key)
            case "rule":
                guard case .tableArray(let array)? = root[key] else {
                    throw fail(.wrongType(key: key, expected: "an array of tables, written [[rule]]"), at: offset(of: key, in: root))
                }
                for (index, table) in array.elements.enumerated() {
                    if table["preset"] != nil {
                        policy.rules += try presetRules(table, number: index + 1)
                    } else {
                        policy.rules.append(try rule(table, number: index + 1))
                    }
                }
            default:
                throw fail(.unknownKey(key: key, in: "the policy", suggestion: NearestName.closest(to: key, among: Policy.topKeys)),
                           at: offset(of: key, in: root))
            }
        }
        try checkConflicts(policy.rules)
        return policy
    }

    /// A `[[rule]]`; `orderOnly`: only its order (`order`, `like`, `first`,
    /// `last`), for a rule with a preset.
    func rule(_ table: TOMLTable, number: Int, orderOnly: Bool = false) throws(PolicyError) -> PolicyRule {
        var rule = PolicyRule(number: number, offset: table.offset)
        var like: String? = nil
        var orderIsLike = false
        for key in table.keys where !orderOnly || ["order", "like", "first", "last"].contains(key) {
            guard Policy.ruleKeys.contains(key) else {
                throw fail(.unknownKey(key: key, in: "rule \(number)", suggestion: NearestName.closest(to: key, among: Policy.ruleKeys)),
                           at: offset(of: key, in: table))
            }
            let value = try value(key, of: table)
            switch key {
            case "files":
                rule.files = try globs(value)
            case "list", "lists":
                if key == "list" && table["lists"] != nil {
                    throw fail(.both(key: "list", other: "lists", rule: number), at: offset(of: key, in: table))
                }
                let given = key == "list" ? [(try string(value, key: key), value.range.lowerBound)] : try strings(value, key: key)
                for (text, at) in given {
                    do throws(PolicyError.Kind) {
                        rule.lists.append(.pointer(try PointerPattern(text)))
                    } catch {
                        throw fail(error, at: at)
                    }
                }
            case "block":
                rule.lists.append(.block(try string(value, key: key)))
            case "order":
                switch try choice(value, key: key, among: PolicyOrder.names) {
                case "natural": rule.order = .natural
                case "numeric": rule.order = .numeric
                case "version": rule.order = .version
                case "reversed": rule.order = .reversed
                case "kept": rule.order = .kept
                case "like": orderIsLike = true
                default: rule.order = .sorted
                }
            case "like":
                like = try string(value, key: key)
            case "ignore-case":
                rule.ignoreCase = try bool(value, key: key)
            case "unique":
                rule.unique = try bool(value, key: key)
            case "key":
                // Checked below, once the rule's files say their format.
                rule.key = try string(value, key: key)
            case "first":
                rule.first = try strings(value, key: key).map(\.0)
            case "last":
                rule.last = try strings(value, key: key).map(\.0)
            case "groups":
                let kinds: [String]
                if value.kind == .string {
                    kinds = [try choice(value, key: key, among: ["blank-lines", "comments", "none"])]
                } else {
                    guard value.kind == .array, let array = value.array else {
                        throw fail(.wrongType(key: key, expected: "a string or an array of strings"), at: value.range.lowerBound)
                    }
                    kinds = try array.values.map { element throws(PolicyError) in
                        try choice(element, key: key, among: ["blank-lines", "comments"])
                    }
                }
                rule.grouping.blankLines = kinds.contains("blank-lines")
                rule.grouping.comments = kinds.contains("comments")
            case "group-patterns":
                for (text, at) in try strings(value, key: key) {
                    do throws(GroupPattern.Problem) {
                        rule.grouping.patterns.append(try GroupPattern(text))
                    } catch {
                        throw fail(.badGroupPattern(pattern: text, reason: error.reason), at: at + 1 + error.offset)
                    }
                }
            case "preset", "skip":
                preconditionFailure("a rule with a preset is read by presetRules")
            case "scripts":
                throw fail(.scriptsWithoutPreset(rule: number), at: offset(of: key, in: table))
            case "format":
                let names = ListFormat.all.map(\.name)
                rule.format = ListFormat.named(try choice(value, key: key, among: names))
            default: // "missing"
                rule.missingOK = try choice(value, key: key, among: ["ok", "error"]) == "ok"
            }
        }
        if orderOnly {
            if orderIsLike {
                guard let like else { throw fail(.likeWithoutPath(rule: number), at: offset(of: "order", in: table)) }
                rule.order = .like(like)
            }
            return rule
        }
        if table["block"] != nil && (table["list"] != nil || table["lists"] != nil) {
            throw fail(.both(key: "block", other: table["list"] != nil ? "list" : "lists", rule: number),
                       at: offset(of: "block", in: table))
        }
        if rule.files.isEmpty && table["block"] == nil {
            throw fail(.missingKey(key: "files", rule: number), at: table.offset)
        }
        // A format without `-p` (lines, CSV) reads a document as one list:
        // a rule whose files are all of such formats may leave `list` out,
        // and its `key` need not be a pointer (a CSV column's name).
        let formats = rule.format.map { [$0] } ?? rule.files.map { ListFormat.claiming($0.text) }
        let documentIsOneList = !formats.isEmpty
            && formats.allSatisfy { $0.map { !$0.options.contains(FormatBoundOption.pointer.rawValue) } ?? false }
        if let text = rule.key, !(documentIsOneList && !text.hasPrefix("/")) {
            let at = (try? value("key", of: table))?.range.lowerBound ?? table.offset
            do throws(PolicyError.Kind) {
                let pattern = try PointerPattern(text)
                if pattern.hasWildcards { throw PolicyError.Kind.badPointer(pointer: text, reason: "a key names one value: no '*'") }
            } catch {
                throw fail(error, at: at)
            }
        }
        if rule.lists.isEmpty {
            guard documentIsOneList else { throw fail(.missingKey(key: "list", rule: number), at: table.offset) }
            rule.lists = [.pointer(try! PointerPattern(""))]
        }
        if orderIsLike {
            guard let like else { throw fail(.likeWithoutPath(rule: number), at: offset(of: "order", in: table)) }
            rule.order = .like(like)
        }
        return rule
    }

    /// A rule with `preset`: one rule for each of the preset's lists (all
    /// with the rule's number), the rule's `order`, `first` and `last`
    /// applied to the lists it names (by default the preset's main one).
    func presetRules(_ table: TOMLTable, number: Int) throws(PolicyError) -> [PolicyRule] {
        let presetValue = try value("preset", of: table)
        let preset = try string(presetValue, key: "preset")
        guard let chosen = Preset.named(preset) else {
            throw fail(.unknownValue(key: "preset", value: preset, expected: Preset.all.map(\.name),
                                     suggestion: Preset.suggestion(for: preset)), at: presetValue.range.lowerBound)
        }
        for key in table.keys where !Policy.presetRuleKeys.contains(key) && key != "preset" {
            throw fail(Policy.ruleKeys.contains(key) ? .notWithPreset(key: key, rule: number)
                       : .unknownKey(key: key, in: "rule \(number)", suggestion: NearestName.closest(to: key, among: Policy.presetRuleKeys)),
                       at: offset(of: key, in: table))
        }
        if table["list"] != nil && table["lists"] != nil {
            throw fail(.both(key: "list", other: "lists", rule: number), at: offset(of: "list", in: table))
        }
        let names = chosen.lists.map(\.list)
        func listNames(_ key: String) throws(PolicyError) -> [String] {
            guard table[key] != nil else { return [] }
            var out: [String] = []
            for (text, at) in try strings(try value(key, of: table), key: key) {
                guard names.contains(text) else {
                    throw fail(.unknownValue(key: key, value: text, expected: names.map { $0.isEmpty ? "\"\"" : $0 },
                                             suggestion: NearestName.closest(to: text, among: names)), at: at)
                }
                out.append(text)
            }
            return out
        }
        let skipped = try listNames("skip")
        var changed = try listNames("list") + listNames("lists")
        // The rule's own order, read as a rule without a preset reads it.
        var own = PolicyRule(number: number, offset: table.offset)
        let overrides = ["order", "like", "first", "last"].filter { table[$0] != nil }
        if !overrides.isEmpty {
            if changed.isEmpty {
                guard let main = chosen.main else {
                    throw fail(.presetNeedsList(rule: number, preset: preset), at: offset(of: overrides[0], in: table))
                }
                changed = [main]
            }
            own = try rule(table, number: number, orderOnly: true)
        }
        var scripts: PolicyOrder? = nil
        if table["scripts"] != nil {
            let scriptsValue = try value("scripts", of: table)
            guard preset == "package.json" else { throw fail(.scriptsWithoutPreset(rule: number), at: scriptsValue.range.lowerBound) }
            switch try choice(scriptsValue, key: "scripts", among: ["kept", "sorted", "pre-post"]) {
            case "sorted": scripts = .scripts
            case "pre-post": scripts = .prePost
            default: scripts = .kept
            }
        }
        let files = table["files"] != nil ? try globs(try value("files", of: table)) : chosen.files.map { try! Glob($0) }
        var rules = chosen.rules(number: number, offset: table.offset, files: files, skip: skipped)
        for index in rules.indices {
            let pattern: PointerPattern
            switch rules[index].lists[0] {
            case .pointer(let named), .sections(let named): pattern = named
            case .block: continue
            }
            if pattern.text == "/scripts", let scripts { rules[index].order = scripts }
            if changed.contains(pattern.text) {
                if table["order"] != nil || table["like"] != nil { rules[index].order = own.order }
                // The rule's `first` before the preset's own.
                if table["first"] != nil { rules[index].first = own.first + rules[index].first.filter { !own.first.contains($0) } }
                if table["last"] != nil { rules[index].last = own.last }
            }
        }
        return rules
    }

    /// Two rules that name one list of one file: which would win cannot
    /// be told, so neither does. Their file patterns overlap when some
    /// path matches both (`package.json` and `*.json`), which the patterns
    /// alone say; their lists when some pointer matches both (`/*` and
    /// `/dependencies`).
    func checkConflicts(_ rules: [PolicyRule]) throws(PolicyError) {
        func claimed(_ list: PolicyList) -> (kind: Int, segments: [String?]) {
            switch list {
            case .pointer(let pattern): return (0, pattern.segments)
            case .sections(let pattern): return (1, pattern.segments)
            case .block(let name): return (2, [name])
            }
        }
        func overlap(_ a: PolicyList, _ b: PolicyList) -> Bool {
            let x = claimed(a), y = claimed(b)
            guard x.kind == y.kind, x.segments.count == y.segments.count else { return false }
            return zip(x.segments, y.segments).allSatisfy { $0 == nil || $1 == nil || $0 == $1 }
        }
        func text(_ list: PolicyList) -> String {
            switch list {
            case .pointer(let pattern): return pattern.text.isEmpty ? "the root" : pattern.text
            case .sections(let pattern): return "the sections of " + pattern.text
            case .block(let name): return "block " + name
            }
        }
        // A rule without `files` (a block's) is for every file.
        let everyFile = try! Glob("**")
        for (index, second) in rules.enumerated() {
            for first in rules[..<index] where first.number != second.number {
                for a in first.lists {
                    for b in second.lists where overlap(a, b) {
                        for x in first.files.isEmpty ? [everyFile] : first.files {
                            for y in second.files.isEmpty ? [everyFile] : second.files where x.overlaps(y) {
                                let list = text(a) == text(b) ? text(a) : text(a) + " and " + text(b)
                                let files = x.text == y.text ? "'\(x.text)'" : "'\(x.text)' and '\(y.text)'"
                                let example = x.text == y.text ? nil
                                    : [x.examplePath, y.examplePath].compactMap { $0 }.first { x.matches($0) && y.matches($0) }
                                throw fail(.conflict(list: list, files: files, example: example, first: first.number, second: second.number),
                                           at: second.offset, second: first.offset)
                            }
                        }
                    }
                }
            }
        }
    }
}
