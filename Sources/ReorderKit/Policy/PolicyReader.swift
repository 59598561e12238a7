/// Reads `.reorder.toml`: the TOML reader's model of it, checked key by key,
/// each error at its place.
extension Policy {
    public static let topKeys = ["markers", "rule"]
    public static let ruleKeys = ["files", "list", "lists", "block", "order", "like", "ignore-case", "unique", "key",
                           "first", "last", "groups", "format", "missing"]

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
        if case .table(let inner)? = table.entries[key] { return inner.offset }
        return table.offset
    }

    func string(_ value: TOMLValue, key: String) throws(PolicyError) -> String {
        guard value.kind == .string else { throw fail(.wrongType(key: key, expected: "a string"), at: value.range.lowerBound) }
        return String(decoding: value.decoded, as: UTF8.self)
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
            out.append((String(decoding: element.decoded, as: UTF8.self), element.range.lowerBound))
        }
        return out
    }

    func bool(_ value: TOMLValue, key: String) throws(PolicyError) -> Bool {
        guard value.kind == .boolean else { throw fail(.wrongType(key: key, expected: "true or false"), at: value.range.lowerBound) }
        return document.source[value.range.lowerBound] == UInt8(ascii: "t")
    }

    func value(_ key: String, of table: TOMLTable) throws(PolicyError) -> TOMLValue {
        guard case .value(let value)? = table.entries[key] else {
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
                guard case .tableArray(let array)? = root.entries[key] else {
                    throw fail(.wrongType(key: key, expected: "an array of tables, written [[rule]]"), at: offset(of: key, in: root))
                }
                for (index, table) in array.elements.enumerated() {
                    policy.rules.append(try rule(table, number: index + 1))
                }
            default:
                throw fail(.unknownKey(key: key, in: "the policy", suggestion: NearestName.closest(to: key, among: Policy.topKeys)),
                           at: offset(of: key, in: root))
            }
        }
        try checkConflicts(policy.rules)
        return policy
    }

    func rule(_ table: TOMLTable, number: Int) throws(PolicyError) -> PolicyRule {
        var rule = PolicyRule(number: number, offset: table.offset)
        var like: String? = nil
        var orderIsLike = false
        for key in table.keys {
            guard Policy.ruleKeys.contains(key) else {
                throw fail(.unknownKey(key: key, in: "rule \(number)", suggestion: NearestName.closest(to: key, among: Policy.ruleKeys)),
                           at: offset(of: key, in: table))
            }
            let value = try value(key, of: table)
            switch key {
            case "files":
                for (pattern, at) in try strings(value, key: key) {
                    do throws(Glob.Problem) {
                        rule.files.append(try Glob(pattern))
                    } catch {
                        throw fail(.badGlob(pattern: pattern, reason: error.reason), at: at + 1 + error.offset)
                    }
                }
            case "list", "lists":
                if key == "list" && table.entries["lists"] != nil {
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
                let text = try string(value, key: key)
                do throws(PolicyError.Kind) {
                    let pattern = try PointerPattern(text)
                    if pattern.hasWildcards { throw PolicyError.Kind.badPointer(pointer: text, reason: "a key names one value: no '*'") }
                } catch {
                    throw fail(error, at: value.range.lowerBound)
                }
                rule.key = text
            case "first":
                rule.first = try strings(value, key: key).map(\.0)
            case "last":
                rule.last = try strings(value, key: key).map(\.0)
            case "groups":
                rule.groupsByBlankLines = try choice(value, key: key, among: ["blank-lines", "none"]) == "blank-lines"
            case "format":
                let names = ListFormat.all.map(\.name)
                rule.format = ListFormat.named(try choice(value, key: key, among: names))
            default: // "missing"
                rule.missingOK = try choice(value, key: key, among: ["ok", "error"]) == "ok"
            }
        }
        if table.entries["block"] != nil && (table.entries["list"] != nil || table.entries["lists"] != nil) {
            throw fail(.both(key: "block", other: table.entries["list"] != nil ? "list" : "lists", rule: number),
                       at: offset(of: "block", in: table))
        }
        if rule.files.isEmpty && table.entries["block"] == nil {
            throw fail(.missingKey(key: "files", rule: number), at: table.offset)
        }
        if rule.lists.isEmpty { throw fail(.missingKey(key: "list", rule: number), at: table.offset) }
        if orderIsLike {
            guard let like else { throw fail(.likeWithoutPath(rule: number), at: offset(of: "order", in: table)) }
            rule.order = .like(like)
        }
        return rule
    }

    /// Two rules that name one list for one file pattern: which would
    /// win cannot be told, so neither does.
    func checkConflicts(_ rules: [PolicyRule]) throws(PolicyError) {
        var seen: [String: PolicyRule] = [:]
        for rule in rules {
            for list in rule.lists {
                let listText: String
                switch list {
                case .pointer(let pattern): listText = pattern.text
                case .block(let name): listText = "block " + name
                }
                for glob in rule.files {
                    let claim = glob.text + "\u{0}" + listText
                    if let other = seen[claim], other.number != rule.number {
                        throw fail(.conflict(list: listText, files: glob.text, first: other.number, second: rule.number),
                                   at: rule.offset, second: other.offset)
                    }
                    seen[claim] = rule
                }
            }
        }
    }
}
