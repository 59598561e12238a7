/// Reads `.reorder.toml`: the TOML reader's model of it, each key looked up
/// in the table of keys (`PolicyKey.swift`), its value checked by the
/// key's type, each error at its place.
extension Policy {
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
    func globs(_ patterns: [(String, Int)]) throws(PolicyError) -> [Glob] {
        var out: [Glob] = []
        for (pattern, at) in patterns {
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

    /// `table[key]`, by the key's name.
    func has(_ key: PolicyKey.Name, in table: TOMLTable) -> Bool {
        table[key.rawValue] != nil
    }

    /// The value of `key` in `table`, read as the key's type says: the
    /// one place where a value's type is checked.
    func read(_ key: PolicyKey, of table: TOMLTable) throws(PolicyError) -> PolicyValue {
        let name = key.name.rawValue
        if key.type == .tables {
            guard case .tableArray(let array)? = table[name] else {
                throw fail(.wrongType(key: name, expected: key.type.expected), at: offset(of: name, in: table))
            }
            return .tables(array.elements)
        }
        let value = try value(name, of: table)
        let at = value.range.lowerBound
        switch key.type {
        case .boolean:
            return .boolean(try bool(value, key: name))
        case .string:
            return .strings([(try string(value, key: name), at)])
        case .strings:
            return .strings(try strings(value, key: name))
        case .choice(let names):
            return .strings([(try choice(value, key: name, among: names), at)])
        case .choices(let one, let each):
            if value.kind == .string { return .strings([(try choice(value, key: name, among: one), at)]) }
            guard value.kind == .array, let array = value.array else {
                throw fail(.wrongType(key: name, expected: key.type.expected), at: at)
            }
            var out: [(String, Int)] = []
            for element in array.values {
                out.append((try choice(element, key: name, among: each), element.range.lowerBound))
            }
            return .strings(out)
        case .tables:
            preconditionFailure("read above")
        }
    }

    mutating func read() throws(PolicyError) -> Policy {
        var policy = Policy()
        let root = document.root
        for name in root.keys {
            guard let key = PolicyKey.named(name, in: .policy) else {
                throw fail(.unknownKey(key: name, in: "the policy", suggestion: NearestName.closest(to: name, among: Policy.topKeys)),
                           at: offset(of: name, in: root))
            }
            let value = try read(key, of: root)
            switch key.name {
            case .markers:
                policy.markers = value.boolean
            case .rule:
                for (index, table) in value.tables.enumerated() {
                    if has(.preset, in: table) {
                        policy.rules += try presetRules(table, number: index + 1)
                    } else {
                        policy.rules.append(try rule(table, number: index + 1))
                    }
                }
            default:
                preconditionFailure("'\(name)' is a key of a rule")
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
        for name in table.keys {
            guard let key = PolicyKey.named(name, in: .rule) else {
                if orderOnly { continue }
                throw fail(.unknownKey(key: name, in: "rule \(number)", suggestion: NearestName.closest(to: name, among: Policy.ruleKeys)),
                           at: offset(of: name, in: table))
            }
            if orderOnly && !PolicyKey.orderKeys.contains(key.name) { continue }
            // What is wrong with the rule before what is wrong with a value.
            switch key.name {
            case .list where has(.lists, in: table):
                _ = try value(name, of: table)
                throw fail(.both(key: name, other: PolicyKey.Name.lists.rawValue, rule: number), at: offset(of: name, in: table))
            case .preset, .skip:
                preconditionFailure("a rule with a preset is read by presetRules")
            case .scripts:
                _ = try value(name, of: table)
                throw fail(.scriptsWithoutPreset(rule: number), at: offset(of: name, in: table))
            default:
                break
            }
            let value = try read(key, of: table)
            switch key.name {
            case .files:
                rule.files = try globs(value.strings)
            case .list, .lists:
                for (text, at) in value.strings {
                    do throws(PolicyError.Kind) {
                        rule.lists.append(.pointer(try PointerPattern(text)))
                    } catch {
                        throw fail(error, at: at)
                    }
                }
            case .block:
                rule.lists.append(.block(value.string))
            case .order:
                // A value of the table: `read` refused any other.
                if let order = PolicyOrder.named.first(where: { $0.name == value.string })!.order {
                    rule.order = order
                } else {
                    orderIsLike = true
                }
            case .like:
                like = value.string
            case .ignoreCase:
                rule.ignoreCase = value.boolean
            case .unique:
                rule.unique = value.boolean
            case .key:
                // Checked below, once the rule's files say their format.
                rule.key = value.string
            case .first:
                rule.first = value.strings.map(\.0)
            case .last:
                rule.last = value.strings.map(\.0)
            case .groups:
                let kinds = value.strings.map(\.0)
                rule.grouping.blankLines = kinds.contains("blank-lines")
                rule.grouping.comments = kinds.contains("comments")
            case .groupPatterns:
                for (text, at) in value.strings {
                    do throws(GroupPattern.Problem) {
                        rule.grouping.patterns.append(try GroupPattern(text))
                    } catch {
                        throw fail(.badGroupPattern(pattern: text, reason: error.reason), at: at + 1 + error.offset)
                    }
                }
            case .format:
                rule.format = ListFormat.named(value.string)
            case .missing:
                rule.missingOK = value.string == "ok"
            case .markers, .rule, .preset, .skip, .scripts:
                preconditionFailure("'\(name)' is not read here")
            }
        }
        if orderOnly {
            if orderIsLike {
                guard let like else { throw fail(.likeWithoutPath(rule: number), at: offset(of: PolicyKey.Name.order.rawValue, in: table)) }
                rule.order = .like(like)
            }
            return rule
        }
        if has(.block, in: table) && (has(.list, in: table) || has(.lists, in: table)) {
            throw fail(.both(key: PolicyKey.Name.block.rawValue, other: (has(.list, in: table) ? PolicyKey.Name.list : .lists).rawValue, rule: number),
                       at: offset(of: PolicyKey.Name.block.rawValue, in: table))
        }
        if rule.files.isEmpty && !has(.block, in: table) {
            throw fail(.missingKey(key: PolicyKey.Name.files.rawValue, rule: number), at: table.offset)
        }
        // A format without `-p` (lines, CSV) reads a document as one list:
        // a rule whose files are all of such formats may leave `list` out,
        // and its `key` need not be a pointer (a CSV column's name).
        let formats = rule.format.map { [$0] } ?? rule.files.map { ListFormat.claiming($0.text) }
        let documentIsOneList = !formats.isEmpty
            && formats.allSatisfy { $0.map { !$0.options.contains(FormatBoundOption.pointer.rawValue) } ?? false }
        if let text = rule.key, !(documentIsOneList && !text.hasPrefix("/")) {
            let at = (try? value(PolicyKey.Name.key.rawValue, of: table))?.range.lowerBound ?? table.offset
            do throws(PolicyError.Kind) {
                let pattern = try PointerPattern(text)
                if pattern.hasWildcards { throw PolicyError.Kind.badPointer(pointer: text, reason: "a key names one value: no '*'") }
            } catch {
                throw fail(error, at: at)
            }
        }
        if rule.lists.isEmpty {
            guard documentIsOneList else { throw fail(.missingKey(key: PolicyKey.Name.list.rawValue, rule: number), at: table.offset) }
            rule.lists = [.pointer(try! PointerPattern(""))]
        }
        if orderIsLike {
            guard let like else { throw fail(.likeWithoutPath(rule: number), at: offset(of: PolicyKey.Name.order.rawValue, in: table)) }
            rule.order = .like(like)
        }
        return rule
    }

    /// A rule with `preset`: one rule for each of the preset's lists (all
    /// with the rule's number), the rule's `order`, `first` and `last`
    /// applied to the lists it names (by default the preset's main one).
    func presetRules(_ table: TOMLTable, number: Int) throws(PolicyError) -> [PolicyRule] {
        let presetName = PolicyKey.Name.preset.rawValue
        let presetValue = try value(presetName, of: table)
        let preset = try string(presetValue, key: presetName)
        guard let chosen = Preset.named(preset) else {
            // The nearest preset by its own rule (`Cargo` is Cargo.toml).
            throw fail(.unknownValue(key: presetName, value: preset, expected: Preset.all.map(\.name),
                                     suggestion: Preset.suggestion(for: preset)), at: presetValue.range.lowerBound)
        }
        for name in table.keys {
            guard let key = PolicyKey.named(name, in: .rule) else {
                throw fail(.unknownKey(key: name, in: "rule \(number)", suggestion: NearestName.closest(to: name, among: Policy.presetRuleKeys)),
                           at: offset(of: name, in: table))
            }
            if !key.withPreset { throw fail(.notWithPreset(key: name, rule: number), at: offset(of: name, in: table)) }
        }
        if has(.list, in: table) && has(.lists, in: table) {
            throw fail(.both(key: PolicyKey.Name.list.rawValue, other: PolicyKey.Name.lists.rawValue, rule: number),
                       at: offset(of: PolicyKey.Name.list.rawValue, in: table))
        }
        let names = chosen.lists.map(\.list)
        func listNames(_ key: PolicyKey.Name) throws(PolicyError) -> [String] {
            guard has(key, in: table) else { return [] }
            var out: [String] = []
            // A preset's list names may be one string or several.
            for (text, at) in try strings(try value(key.rawValue, of: table), key: key.rawValue) {
                guard names.contains(text) else {
                    throw fail(.unknownValue(key: key.rawValue, value: text, expected: names.map { $0.isEmpty ? "\"\"" : $0 },
                                             suggestion: NearestName.closest(to: text, among: names)), at: at)
                }
                out.append(text)
            }
            return out
        }
        let skipped = try listNames(.skip)
        var changed = try listNames(.list) + listNames(.lists)
        // The rule's own order, read as a rule without a preset reads it.
        var own = PolicyRule(number: number, offset: table.offset)
        let overrides = PolicyKey.orderKeys.filter { has($0, in: table) }.map(\.rawValue)
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
        if has(.scripts, in: table) {
            let scriptsValue = try value(PolicyKey.Name.scripts.rawValue, of: table)
            guard preset == "package.json" else { throw fail(.scriptsWithoutPreset(rule: number), at: scriptsValue.range.lowerBound) }
            switch try read(.row(.scripts), of: table).string {
            case "sorted": scripts = .scripts
            case "pre-post": scripts = .prePost
            default: scripts = .kept
            }
        }
        let files = has(.files, in: table) ? try globs(try read(.row(.files), of: table).strings) : chosen.files.map { try! Glob($0) }
        var rules = chosen.rules(number: number, offset: table.offset, files: files, skip: skipped)
        for index in rules.indices {
            let pattern: PointerPattern
            switch rules[index].lists[0] {
            case .pointer(let named), .sections(let named): pattern = named
            case .block: continue
            }
            if pattern.text == "/scripts", let scripts { rules[index].order = scripts }
            if changed.contains(pattern.text) {
                if has(.order, in: table) || has(.like, in: table) { rules[index].order = own.order }
                // The rule's `first` before the preset's own.
                if has(.first, in: table) { rules[index].first = own.first + rules[index].first.filter { !own.first.contains($0) } }
                if has(.last, in: table) { rules[index].last = own.last }
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

/// A policy value as its key's type reads it.
enum PolicyValue {
    case boolean(Bool)
    /// Each string with its offset (one for a key whose type is a string).
    case strings([(String, Int)])
    case tables([TOMLTable])

    var boolean: Bool {
        guard case .boolean(let value) = self else { preconditionFailure("not a boolean") }
        return value
    }

    var strings: [(String, Int)] {
        guard case .strings(let values) = self else { preconditionFailure("not strings") }
        return values
    }

    /// The one string of a key whose type is a string.
    var string: String { strings[0].0 }

    var tables: [TOMLTable] {
        guard case .tables(let tables) = self else { preconditionFailure("not tables") }
        return tables
    }
}
