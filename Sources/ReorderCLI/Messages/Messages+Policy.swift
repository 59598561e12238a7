import ReorderKit

extension Messages {
    /// An error of the policy file: `.reorder.toml:LINE:COL: ...`.
    static func describe(_ error: PolicyFileError) -> String {
        let at = error.path + ":" + error.place(error.error.offset) + " "
        switch error.error.kind {
        case .invalidTOML:
            return at + "not valid TOML"
        case .unknownKey(let key, let table, let suggestion):
            let keys = table == "the policy" ? Policy.topKeys : Policy.ruleKeys
            return at + "'\(key)' is not a key of \(table)" + didYouMean(suggestion)
                + "; the keys are: " + keys.joined(separator: ", ")
        case .wrongType(let key, let expected):
            return at + "'\(key)' must be \(expected)"
        case .unknownValue(let key, let value, let expected, let suggestion):
            return at + "'\(value)' is not a value of '\(key)'" + didYouMean(suggestion)
                + "; it takes: " + expected.joined(separator: ", ")
        case .badGlob(let pattern, let reason):
            return at + "'\(pattern)' is not a file pattern: \(reason)"
        case .badPointer(let pointer, let reason):
            return at + "'\(pointer)' is not a pointer: \(reason)"
        case .badGroupPattern(let pattern, let reason):
            return at + "'\(pattern)' is not a group pattern: \(reason)"
        case .missingKey(let key, let rule):
            return at + "rule \(rule) has no '\(key)'; add one (" + (key == "files" ? "files = [\"package.json\"]" : "list = \"/dependencies\", or block = \"NAME\"") + ")"
        case .both(let key, let other, let rule):
            return at + "rule \(rule) has both '\(key)' and '\(other)'; keep one"
        case .likeWithoutPath(let rule):
            return at + "rule \(rule) has order = \"like\" but no like = \"PATH\" (the file whose order to follow)"
        case .notWithPreset(let key, let rule):
            return at + "rule \(rule) has a preset, whose lists have their own orders, so '\(key)' does not go with it; "
                + "it takes: " + Policy.presetRuleKeys.joined(separator: ", ") + " (or write a rule of its own for that list)"
        case .presetNeedsList(let rule, let preset):
            let lists = Preset.named(preset)?.lists.map(\.list) ?? []
            return at + "rule \(rule): the \(preset) preset has several lists; say which this order is for with list = \"\(lists.first ?? "")\" (its lists: "
                + lists.joined(separator: ", ") + ")"
        case .scriptsWithoutPreset(let rule):
            return at + "rule \(rule) has 'scripts', which goes with preset = \"package.json\" only; for another list, use list and order"
        case .conflict(let list, let files, let example, let first, let second):
            func line(_ offset: Int?) -> String {
                offset.map { " (line \(error.place($0).split(separator: ":").first ?? ""))" } ?? ""
            }
            let matched = example.map { " (\($0) matches both)" } ?? ""
            return at + "rules \(first)\(line(error.error.secondOffset)) and \(second)\(line(error.error.offset)) both name \(list) in \(files)\(matched); "
                + "which order wins cannot be told: keep one, or narrow the files of one"
        }
    }

    /// `-v`: why a file named on the command line was not looked at.
    static func uncovered(policy: LoadedPolicy?, outside: Bool, markers: Bool, marker: String) -> String {
        let blocks = markers ? "and it has no \(marker) block" : "and markers = false"
        guard let policy else { return "no policy, " + blocks + "; nothing looked at" }
        if outside {
            return "outside the folder \(policy.path)'s rules look in (\(PathNames.relative(policy.root, from: PathNames.realPath(".") ?? policy.root))), "
                + blocks + "; nothing looked at"
        }
        return "no rule of \(policy.path) matches it, " + blocks + "; nothing looked at"
    }

    /// `-v`'s last line: how many files and lists were looked at.
    static func lookedAt(files: Int, lists: Int, outOfOrder: Int, of total: Int, read: Int) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "looked at " + count(lists, "list") + " in " + count(files, "file") + " (of " + count(total, "file")
            + " named or listed, \(read) read); \(outOfOrder) out of order"
    }

    /// An error of a run with a policy.
    static func describe(_ error: PolicyRunError) -> String {
        func ruleAt(_ rule: Int, _ policy: LoadedPolicy?) -> String {
            guard let policy, let found = policy.policy.rules.first(where: { $0.number == rule }) else { return "rule \(rule)" }
            return "rule \(rule) (\(policy.path):\(policy.place(found.offset)))"
        }
        switch error {
        case .noPolicy(let check):
            let files = check ? "name the files to check" : "name the files to fix ('-' for standard input)"
            return "no \(LoadedPolicy.fileName) here or in a folder above: 'reorder init' writes one from the lists already in order, "
                + "--config PATH names one elsewhere; or \(files) for their keep-sorted blocks"
        case .policyExists(let path):
            return "\(path) exists already; edit it, or remove it to write a new one ('reorder init -o -' prints one)"
        case .missing(let missing, let path, let policy):
            let first = missing[0]
            let document = first.document.map { " in document \($0)" } ?? first.documents.map { " (in each of its \($0) documents)" } ?? ""
            let more = missing.count > 1 ? " (and \(missing.count - 1) more list\(missing.count > 2 ? "s" : ""))" : ""
            return "\(path): \(ruleAt(first.rule, policy)) names \(first.list), which this file lacks\(document)\(more); "
                + "add missing = \"ok\" to the rule, or narrow its files; nothing is written to this file"
        case .apply(.unknownFormat(let rule), let path, let policy):
            return "\(path): \(ruleAt(rule, policy)) names a list, but the file's format cannot be told from its name; "
                + "add format = \"json\" (or " + ListFormat.all.map(\.name).filter { $0 != "json" }.joined(separator: ", ") + ") to the rule"
        case .apply(.key(let rule, let error, let like), let path, let policy):
            return "\(path): \(ruleAt(rule, policy)): " + (like.map { "in \($0), the file it orders like, " } ?? "")
                + describe(error, key: .rule)
        case .apply(.notAList(let rule, let list, let found), let path, let policy):
            return "\(path): \(ruleAt(rule, policy)) names \(list), which is \(found), not a list; point the rule at a list"
        case .matchesNothing(let rule, let policy):
            return "\(policy.path):\(policy.place(rule.offset)): rule \(rule.number) matches no file ("
                + rule.files.map { "'\($0.text)'" }.joined(separator: ", ") + "); correct its files, or remove it"
        case .listsNowhere(let rule, let policy):
            let lists = rule.lists.map { list -> String in
                switch list {
                case .pointer(let pattern), .sections(let pattern): return pattern.text.isEmpty ? "the root" : pattern.text
                case .block(let name): return "block " + name
                }
            }
            return "\(policy.path):\(policy.place(rule.offset)): no file rule \(rule.number) matches has "
                + lists.joined(separator: " or ") + "; correct the rule, or add missing = \"ok\""
        }
    }
}
