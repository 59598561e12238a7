/// A policy applied to one file: each list its rules name, in the order the
/// rule asks, and the keep-sorted blocks; what was out of order, as the
/// fewest moves that put it in order.

/// A list out of order in one file.
public struct PolicyFinding: Equatable, Sendable {
    /// The rule's number; 0 for a keep-sorted block found by its markers.
    public let rule: Int
    /// The list: a concrete pointer (`/jobs/build/steps`), or `block NAME`.
    public let list: String
    /// The document of a YAML stream (from 0), when the file has several.
    public let document: Int?
    /// 1-based: where the list is (its first item, a TOML table's header,
    /// a block's start marker), in the file as it was read.
    public internal(set) var line: Int
    public internal(set) var column: Int
    /// The fewest operations that put the list in order (moves, and
    /// deletes with `unique`).
    public let moves: Int
    /// Those operations as the script `reorder batch -p LIST` applies
    /// (UIKit's index rules, from 0).
    public let script: [UInt8]
    /// The list's text once fixed: from its first item to its last.
    public let fixed: [UInt8]
    /// The first moved item and the item it belongs after (nil: first).
    public let moved: String?
    public let after: String?
    /// The bytes of the first moved item (as its format reads it, with the
    /// comments it owns), in the file as it was read; nil when none moved
    /// (duplicates dropped only).
    public internal(set) var movedRange: Range<Int>? = nil
    /// The group the first moved item is in, when the rule has groups
    /// (its heading or where it starts, its pattern); `after` is then in
    /// that group too (nil: the item belongs first in it).
    public internal(set) var group: GroupName? = nil
    /// What the items are called (`rows`) when the list is the whole
    /// document of a format that reads it as one list (it takes no `-p`:
    /// lines, CSV, TSV); nil for a list a pointer names.
    public internal(set) var documentItems: String? = nil
    /// The options that make `reorder batch -f - FILE` read `script` on
    /// this list: `-p LIST` (with `--document N`, `--format NAME` where
    /// they matter), `--block N` for a block, `--line-range A...B` for a
    /// TOML table's sections (whose script then moves lines); none for
    /// a file that is one list.
    public internal(set) var batchArguments: [String] = []
}

/// A list a rule names that a file lacks.
public struct PolicyMissing: Equatable, Sendable {
    public let rule: Int
    public let list: String
    public let document: Int?
    /// A YAML stream's number of documents, none of which has the list.
    public var documents: Int? = nil
}

/// What the policy makes of one file.
public struct PolicyFileResult: Sendable {
    /// The file's new bytes; nil when it is already as the policy wants.
    public var output: [UInt8]? = nil
    public var findings: [PolicyFinding] = []
    /// Lists the file lacks, of rules without `missing = "ok"`.
    public var missing: [PolicyMissing] = []
    /// Lists of every rule that the file has (a rule that found none in any
    /// file checks nothing).
    public var found: Set<Int> = []
    /// The keep-sorted markers' warnings.
    public var warnings: [KeepSortedWarning] = []
    /// How many lists (and blocks) were looked at, in order or not.
    public var lists = 0
    /// Each list a rule's pointer named that the file has, in the order
    /// they were checked, with where its items are.
    public var listSpans: [PolicyListSpan] = []

    /// Nothing to do, nothing found.
    public init() {}
}

/// What stops a policy applying to a file, beyond the file's own errors
/// (thrown as the format reader throws them).
public enum PolicyApplyError: Error, Equatable, Sendable {
    /// The file's format cannot be told from its name and no rule says it.
    case unknownFormat(rule: Int)
    /// The rule's pointer names a value that is not a list.
    case notAList(rule: Int, list: String, found: String)
    /// The rule's `key` reads no value of the list's items (a CSV column
    /// it does not name, a member no item has): `error` says why, with the
    /// key as the rule writes it; `like`: in the list of the rule's `like`
    /// file at that path, not the file's own.
    case key(rule: Int, SelectorError, like: String? = nil)
}

extension Policy {
    /// The rules whose `files` match `path`: a path relative to the
    /// policy file's folder, `/`-separated, without a leading `./`.
    public func rules(matching path: String) -> [PolicyRule] {
        let names = Glob.names(path)
        // A rule of blocks without `files` is for every file.
        return rules.filter { rule in rule.files.isEmpty || rule.files.contains { $0.matches(names: names) } }
    }

    /// Applies the rules matching `path` and, when `markers` is on, the
    /// keep-sorted blocks, to `source`. `like(rule, path, pointer)` gives
    /// the item keys of the list a rule's `like` file has at that pointer.
    public func apply(to source: [UInt8], path: String, format given: ListFormat?,
                      marker: KeepSortedMarkers = KeepSortedMarkers(),
                      like: (PolicyRule, String, String) throws -> [ListItemKey] = { _, _, _ in [] }) throws -> PolicyFileResult {
        var result = PolicyFileResult()
        var current = source
        let matching = rules(matching: path)
        var blockRuleNames = Set<String>()
        // Lists named by pointer, deepest first: moving an outer list's
        // items does not change the pointers of the inner ones done before.
        // `checked`: the list is known to be there (a `*` found it); else
        // its reading says whether it is.
        var targets: [(rule: PolicyRule, tokens: [String], document: Int?, checked: Bool, sections: Bool)] = []
        for rule in matching {
            for list in rule.lists {
                let pattern: PointerPattern, sections: Bool
                switch list {
                case .pointer(let named): (pattern, sections) = (named, false)
                case .sections(let named): (pattern, sections) = (named, true)
                case .block: continue
                }
                guard let format = rule.format ?? given else { throw PolicyApplyError.unknownFormat(rule: rule.number) }
                let documents = try Policy.documents(current, format: format)
                if !pattern.hasWildcards && documents == [nil] {
                    // One list, read once: looking for it first would read the file twice.
                    targets.append((rule, pattern.segments.map { $0! }, nil, false, sections))
                    continue
                }
                var any = false
                for document in documents {
                    let found = try Policy.expand(pattern, in: current, format: format, document: document)
                    any = any || !found.isEmpty
                    targets += found.map { (rule, $0, document, true, sections) }
                }
                if any {
                    result.found.insert(rule.number)
                } else if !rule.missingOK {
                    // The rule is for each document that has the list (a
                    // Kubernetes stream's Deployments, not its Services):
                    // missing when none has it.
                    result.missing.append(PolicyMissing(rule: rule.number, list: pattern.text, document: nil,
                                                        documents: documents == [nil] ? nil : documents.count))
                }
            }
        }
        targets = Policy.deepestFirst(targets) { $0.tokens.count }
        for target in targets {
            let format = target.rule.format ?? given!
            let pointer = JSONPointer(tokens: target.tokens).text
            // The list as the rule's `list` writes it, for what is reported.
            let shown = PointerPattern.text(of: target.tokens)
            var options = ReadOptions(format: .named(format), pointer: pointer)
            options.document = target.document
            options.subTables = target.sections
            // A heading is nobody's comment: it stays where it is.
            options.commentHeadings = target.rule.grouping.comments
            var lacking = false
            var items: Range<Int>?? = nil
            // SAFETY: the bytes of `current` are only read inside the closure, and no pointer to them leaves it.
            let outcome: (finding: PolicyFinding, output: [UInt8])? = try current.withUnsafeBytes { bytes in
                let document: ListDocument
                do {
                    document = try ListDocument(bytes, format: format, options: options)
                    items = .some(document.count == 0 ? nil
                                  : document.layout.itemRange(0).lowerBound..<document.layout.itemRange(document.count - 1).upperBound)
                } catch let error as FormatError {
                    // A preset's list that is some other value: left as it is.
                    if case .notAList = error.kind, target.rule.preset != nil { return nil }
                    if case .notAList(_, let found, _) = error.kind {
                        throw PolicyApplyError.notAList(rule: target.rule.number, list: shown, found: found)
                    }
                    if case .nothingAtPointer = error.kind, !target.checked {
                        lacking = true
                        return nil
                    }
                    throw error
                }
                if let keyed = target.rule.keyed, document.layout.itemsAreKeyedMembers != keyed { return nil }
                result.lists += 1
                let order: [Int]
                do {
                    order = try document.policyOrder(target.rule) { path in
                        do {
                            return try like(target.rule, path, pointer)
                        } catch let error as SelectorError {
                            throw PolicyApplyError.key(rule: target.rule.number, error, like: path)
                        }
                    }
                } catch let error as SelectorError {
                    // The key is the rule's, not a command line's `--key`.
                    throw PolicyApplyError.key(rule: target.rule.number, error)
                }
                guard var found = try document.finding(order: order, rule: target.rule.number, list: shown,
                                                       document: target.document, key: target.rule.key,
                                                       grouping: target.rule.grouping, ignoreCase: target.rule.ignoreCase, in: bytes,
                                                       asLines: target.sections) else { return nil }
                if target.tokens.isEmpty && !format.options.contains(FormatBoundOption.pointer.rawValue) {
                    found.finding.documentItems = format.words.items
                }
                if !target.sections {
                    var arguments: [String] = []
                    if let named = target.rule.format, ListFormat.claiming(path) != named { arguments += ["--format", format.name] }
                    if let document = target.document { arguments += ["--document", String(document)] }
                    if format.options.contains(FormatBoundOption.pointer.rawValue) { arguments += ["-p", shown] }
                    found.finding.batchArguments = arguments
                }
                return found
            }
            if !target.checked {
                if !lacking {
                    result.found.insert(target.rule.number)
                } else if !target.rule.missingOK {
                    result.missing.append(PolicyMissing(rule: target.rule.number, list: shown, document: nil))
                }
            }
            if let items {
                result.listSpans.append(PolicyListSpan(rule: target.rule.number, tokens: target.tokens, document: target.document,
                                                       sections: target.sections, items: items,
                                                       finding: outcome == nil ? nil : result.findings.count))
            }
            if let outcome {
                result.findings.append(outcome.finding)
                current = outcome.output
            }
        }
        // Lists named by block: each block of that marker, read as a region
        // of a document is (`ListFormat.plain`: lines).
        for rule in matching {
            for list in rule.lists {
                guard case .block(let name) = list else { continue }
                blockRuleNames.insert(name)
                // SAFETY: the bytes of `current` are only read inside the closure, and no pointer to them leaves it.
                let count = current.withUnsafeBytes { KeepSorted.blockBodies($0, markers: KeepSortedMarkers(name: name)).count }
                if count > 0 { result.found.insert(rule.number) }
                result.lists += count
                if count == 0 && !rule.missingOK {
                    result.missing.append(PolicyMissing(rule: rule.number, list: "block " + name, document: nil))
                }
                for index in 0..<count {
                    var options = ReadOptions(format: .named(.plain))
                    options.region = .block(index: index, marker: name)
                    options.commentHeadings = rule.grouping.comments
                    let arguments = ["--block", String(index)] + (name == KeepSorted.defaultMarker ? [] : ["--marker", name])
                    // SAFETY: the bytes of `current` are only read inside the closure, and no pointer to them leaves it.
                    let outcome: (finding: PolicyFinding, output: [UInt8])? = try current.withUnsafeBytes { bytes in
                        let document = try ListDocument(bytes, format: .plain, options: options)
                        let order = try document.policyOrder(rule) { try like(rule, $0, "") }
                        // A block is named by its start marker, the line above its lines.
                        guard var found = try document.finding(order: order, rule: rule.number, list: "block " + name,
                                                               document: nil, grouping: rule.grouping,
                                                               ignoreCase: rule.ignoreCase, in: bytes) else { return nil }
                        found.finding.line -= 1
                        found.finding.column = Policy.indentedColumn(line: found.finding.line, in: bytes)
                        found.finding.batchArguments = arguments
                        return found
                    }
                    if let outcome {
                        result.findings.append(outcome.finding)
                        current = outcome.output
                    }
                }
            }
        }
        if markers && !blockRuleNames.contains(marker.name) {
            // SAFETY: the bytes of `current` are only read inside the closure, and no pointer to them leaves it.
            result.lists += current.withUnsafeBytes { KeepSorted.blockBodies($0, markers: marker).count }
            // SAFETY: the bytes of `current` are only read inside the closure, and no pointer to them leaves it.
            let fixed: (output: [UInt8], findings: [PolicyFinding], warnings: [KeepSortedWarning]) = current.withUnsafeBytes { bytes in
                let fix = KeepSorted.fix(bytes, markers: marker)
                let output = PieceOutput(source: bytes, pieces: fix.pieces)
                guard !output.equalsSource() else { return (current, [], fix.warnings) }
                var rendered: [UInt8] = []
                output.write { slices in for slice in slices { rendered.append(contentsOf: slice) } }
                return (rendered, Policy.blockFindings(old: bytes, new: rendered, markers: marker), fix.warnings)
            }
            result.warnings = fixed.warnings
            result.findings += fixed.findings
            current = fixed.output
        }
        if current != source { result.output = current }
        return result
    }

    /// `first` and `last`: the items so named (by `name`) pinned before and
    /// after the rest, in the order those lists give; the rest as they are.
    static func pinned<Item>(_ items: [Item], first: [String], last: [String], name: (Item) -> [UInt8]?) -> [Item] {
        guard !first.isEmpty || !last.isEmpty else { return items }
        func rank(_ list: [String], _ item: Item) -> Int? {
            guard let bytes = name(item) else { return nil }
            return list.firstIndex { Array($0.utf8) == bytes }
        }
        func inOrder(of list: [String], _ chosen: [Item]) -> [Item] {
            chosen.enumerated().sorted { (rank(list, $0.element)!, $0.offset) < (rank(list, $1.element)!, $1.offset) }.map(\.element)
        }
        let firsts = inOrder(of: first, items.filter { rank(first, $0) != nil })
        let lasts = inOrder(of: last, items.filter { rank(first, $0) == nil && rank(last, $0) != nil })
        return firsts + items.filter { rank(first, $0) == nil && rank(last, $0) == nil } + lasts
    }

    /// `lists` with the deepest first, and lists of one depth in their
    /// order: moving an outer list's items leaves the pointers of the inner
    /// ones, done before, as they were. (Swift's `sort` is not stable.)
    public static func deepestFirst<List>(_ lists: [List], depth: (List) -> Int) -> [List] {
        lists.enumerated().sorted { a, b in
            let x = depth(a.element), y = depth(b.element)
            return x != y ? x > y : a.offset < b.offset
        }.map(\.element)
    }

    /// The documents a rule looks in: nil for a file of one document, each
    /// index for a YAML stream of several.
    public static func documents(_ source: [UInt8], format: ListFormat) throws -> [Int?] {
        guard format.options.contains(FormatBoundOption.document.rawValue) else { return [nil] }
        // A stream of several documents has a `---` or `...` line: without
        // one, the document is one, and is not read twice to say so.
        // SAFETY: the bytes of `source` are only read inside the closure, and no pointer to them leaves it.
        guard source.withUnsafeBytes({ contains(Array("---".utf8), in: $0) || contains(Array("...".utf8), in: $0) }) else {
            return [nil]
        }
        // SAFETY: the bytes of `source` are only read inside the closure, and no pointer to them leaves it.
        return try source.withUnsafeBytes { bytes in
            do {
                _ = try ListDocument(bytes, format: format, options: ReadOptions(format: .named(format), pointer: ""))
                return [nil]
            } catch let error as FormatError {
                if case .severalDocuments(let count) = error.kind { return (0..<count).map { $0 } }
                // The root is no list, or is empty: one document.
                if case .notAList = error.kind { return [nil] }
                if case .nothingAtPointer = error.kind { return [nil] }
                throw error
            }
        }
    }

    /// The concrete pointers (as tokens) that `pattern` names in a
    /// document: each `*` stands for every key (a mapping) or index (a
    /// list) there. A pointer without `*` is itself, when it names a value.
    public static func expand(_ pattern: PointerPattern, in source: [UInt8], format: ListFormat, document: Int?) throws -> [[String]] {
        var out: [[String]] = []
        func walk(_ prefix: [String], _ at: Int) throws {
            var prefix = prefix, at = at
            while at < pattern.segments.count, let token = pattern.segments[at] {
                prefix.append(token)
                at += 1
            }
            // SAFETY: the bytes of `source` are only read inside the closure, and no pointer to them leaves it.
            let children = try source.withUnsafeBytes { bytes -> [String]? in
                var options = ReadOptions(format: .named(format), pointer: JSONPointer(tokens: prefix).text)
                options.document = document
                // A format whose keys are in more than one list (a TOML
                // table's lines and its sub-tables' sections) says them all.
                if let children = format.children, at < pattern.segments.count {
                    return try children(bytes, options)
                }
                let list: ListDocument
                do {
                    list = try ListDocument(bytes, format: format, options: options)
                } catch let error as FormatError {
                    switch error.kind {
                    case .nothingAtPointer: return nil
                    // A value that is no list: itself, when the pattern ends there.
                    case .notAList: return at == pattern.segments.count ? [] : nil
                    default: throw error
                    }
                }
                guard at < pattern.segments.count else { return [] }
                if !list.layout.itemsAreKeyedMembers { return (0..<list.count).map(String.init) }
                return try list.itemNames(key: nil).map { String(decoding: $0 ?? [], as: UTF8.self) }
            }
            guard let children else { return }
            if at == pattern.segments.count {
                out.append(prefix)
                return
            }
            for child in children { try walk(prefix + [child], at + 1) }
        }
        try walk([], 0)
        return out
    }

    /// The column (from 1) of the first byte of line `line` (from 1)
    /// that is not a blank: a block's start marker's.
    static func indentedColumn(line: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var offset = 0, current = 1
        while current < line, let newline = bytes[offset...].firstIndex(of: 0x0A) {
            offset = newline + 1
            current += 1
        }
        var column = 1
        while offset < bytes.count && (bytes[offset] == 0x20 || bytes[offset] == 0x09) {
            offset += 1
            column += 1
        }
        return column
    }

    /// The lines of `bytes`, as the lines format reads them.
    private static func lines(_ bytes: UnsafeRawBufferPointer) -> [[UInt8]] {
        let layout = LinesLayout(bytes)
        return (0..<layout.count).map { Array(bytes[layout.itemRange($0)]) }
    }

    /// Each keep-sorted block whose lines changed, as a finding: the
    /// fewest moves between its old and new lines.
    static func blockFindings(old: UnsafeRawBufferPointer, new: [UInt8], markers: KeepSortedMarkers) -> [PolicyFinding] {
        let oldBodies = KeepSorted.blockBodies(old, markers: markers)
        // SAFETY: the bytes of `new` are only read inside the closure, and no pointer to them leaves it.
        return new.withUnsafeBytes { newBytes in
            let newBodies = KeepSorted.blockBodies(newBytes, markers: markers)
            guard oldBodies.count == newBodies.count else { return [] }
            var findings: [PolicyFinding] = []
            for (index, (o, n)) in zip(oldBodies, newBodies).enumerated() where !old[o].elementsEqual(newBytes[n]) {
                // SAFETY: a range found in `old`, so within its bounds; the view is used no longer than `old` is valid.
                let oldLines = lines(UnsafeRawBufferPointer(rebasing: old[o]))
                // SAFETY: a range found in `newBytes`, so within its bounds; the view is used no longer than `newBytes` is valid.
                let newLines = lines(UnsafeRawBufferPointer(rebasing: newBytes[n]))
                let diff = ListDiff(old: oldLines.map { ListItemKey.text($0) }, new: newLines.map { ListItemKey.text($0) })
                let script = diff.script(sequential: false) { newLines[$0] }
                let firstMove = diff.matches.first { !$0.stays }
                let line = JSONPlace.of(o.lowerBound, in: old).line
                // SAFETY: a range found in `old`, so within its bounds; the view is used no longer than `old` is valid.
                let layout = LinesLayout(UnsafeRawBufferPointer(rebasing: old[o]))
                findings.append(PolicyFinding(
                    rule: 0, list: "block " + markers.name, document: nil, line: line - 1,
                    column: Policy.indentedColumn(line: line - 1, in: old),
                    moves: script.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }, script: script, fixed: Array(newBytes[n]),
                    moved: firstMove.map { String(decoding: oldLines[$0.old], as: UTF8.self) },
                    after: firstMove.flatMap { $0.new > 0 ? String(decoding: newLines[$0.new - 1], as: UTF8.self) : nil },
                    movedRange: firstMove.map { o.lowerBound + layout.itemRange($0.old).lowerBound
                        ..< o.lowerBound + layout.itemRange($0.old).upperBound },
                    batchArguments: ["--block", String(index)] + (markers.name == KeepSorted.defaultMarker ? [] : ["--marker", markers.name])))
            }
            return findings
        }
    }
}

extension ListDocument {
    /// The order `rule` asks of this list, as source indices (fewer with
    /// `unique`). `like(path)`: the keys of the `like` file's list.
    func policyOrder(_ rule: PolicyRule, like: (String) throws -> [ListItemKey]) throws -> [Int] {
        if rule.ordersByUnits { return try unitOrder(rule) }
        let needsKeys = !rule.first.isEmpty || !rule.last.isEmpty || rule.order == .natural || rule.order == .version
        let names = needsKeys ? try itemNames(key: rule.key) : []
        func text(_ index: Int) -> [UInt8]? { names[index] }
        // The whole list in the rule's order, before `first`, `last` and groups.
        var whole: [Int]
        var options = SortOptions(reverse: rule.order == .reversed, unique: rule.unique, ignoreCase: rule.ignoreCase,
                                  numeric: rule.order == .numeric)
        switch rule.order {
        case .kept:
            whole = Array(0..<count)
        case .natural, .version:
            whole = Array(0..<count)
            let compare = rule.order == .natural ? NaturalOrder.compare : NaturalOrder.compareVersions
            Sorting.sort(&whole, reverse: false) { a, b in
                switch (text(a), text(b)) {
                case (nil, nil): return 0
                case (nil, _): return 1
                case (_, nil): return -1
                case (let x?, let y?):
                    // SAFETY: the bytes of `x` are only read inside the closure, and no pointer to them leaves it.
                    return x.withUnsafeBytes { x in y.withUnsafeBytes { y in compare(x, y, rule.ignoreCase) } }
                }
            }
            if rule.unique {
                var kept: [Int] = []
                for index in whole {
                    if let last = kept.last, let x = text(last), let y = text(index),
                       // SAFETY: the bytes of `x` are only read inside the closure, and no pointer to them leaves it.
                       x.withUnsafeBytes({ x in y.withUnsafeBytes { y in compare(x, y, rule.ignoreCase) } }) == 0 { continue }
                    kept.append(index)
                }
                whole = kept
            }
        case .like(let path):
            options.like = try like(path)
            whole = try sortedOrder(options, key: rule.key)
        default:
            whole = try sortedOrder(options, key: rule.key)
        }
        whole = Policy.pinned(whole, first: rule.first, last: rule.last, name: text)
        return try groupedOrder(whole, rule.grouping, ignoreCase: rule.ignoreCase, key: rule.key)
    }

    /// What each item is called: a member's key, another item's value
    /// (decoded); with `key`, the value at that pointer inside it; nil for
    /// an item without one.
    func itemNames(key: String?) throws -> [[UInt8]?] {
        let pointer = try key.map { try layout.valuePointer($0) }
        let source = layout.valueSource
        return try (0..<count).map { index in
            try layout.value(ofItem: index, at: pointer)?.primaryBytes.withBytes(in: source) { Array($0) }
        }
    }

    /// When `order` differs from the list as it is: the finding, and the
    /// document's bytes with the list in that order.
    /// `asLines`: the script moves the lines from the first item's to the
    /// last's (`--line-range`), for a list `-p` cannot name (a TOML
    /// table's sections).
    func finding(order: [Int], rule: Int, list: String, document: Int?, key: String? = nil,
                 grouping: Grouping = Grouping(), ignoreCase: Bool = false,
                 in bytes: UnsafeRawBufferPointer, asLines: Bool = false) throws -> (finding: PolicyFinding, output: [UInt8])? {
        let arrangement = Arrangement(sourceOrder: order)
        guard !resultEqualsSource(arrangement) else { return nil }
        try layout.check(arrangement)
        let output = render(arrangement)
        // Every item is its own key: an item's number is its index, as
        // `ListDiff(old:new:)` would number them, without hashing a key per
        // item (`order` takes each item once, or, with `unique`, leaves
        // some out).
        var seen = [Bool](repeating: false, count: count), distinct = true
        for index in order {
            guard index >= 0 && index < count && !seen[index] else { distinct = false; break }
            seen[index] = true
        }
        let diff = distinct
            ? ListDiff(distinctOldCount: count, newIDs: order, changed: nil)
            : ListDiff(old: (0..<count).map { ListItemKey.unique($0) }, new: order.map { ListItemKey.unique($0) })
        let script = diff.script(sequential: false) { _ in [] }
        let names = (try? itemNames(key: nil)) ?? []
        let keyed = key == nil ? [] : (try? itemNames(key: key)) ?? []
        func name(_ index: Int) -> String {
            if index < keyed.count, let name = keyed[index] { return String(decoding: name.prefix(80), as: UTF8.self) }
            if index < names.count, let name = names[index] { return String(decoding: name.prefix(80), as: UTF8.self) }
            return String(decoding: source[layout.itemRange(index)].prefix(80), as: UTF8.self)
        }
        let firstMove = diff.moves.first
        let sections = grouping.isNone ? [] : groupSections(grouping)
        let ranks = grouping.isNone ? [] : try patternRanks(grouping, ignoreCase: ignoreCase, key: key)
        // The item it belongs after: the nearest before it that has a name
        // (not a blank line), in its group.
        func after(_ position: Int) -> String? {
            var at = position - 1
            let item = order[position]
            while at >= 0 {
                if !sections.isEmpty && (sections[order[at]] != sections[item] || ranks[order[at]] != ranks[item]) { return nil }
                let text = name(order[at])
                if text.contains(where: { $0 != " " && $0 != "\t" && $0 != "\r" && $0 != "\n" }) { return text }
                at -= 1
            }
            return nil
        }
        let start = count > 0 ? listRange.lowerBound + layout.itemRange(0).lowerBound : listRange.lowerBound
        let end = count > 0 ? listRange.lowerBound + layout.itemRange(count - 1).upperBound : start
        // The item's own column: past the indentation (a YAML block's,
        // a Markdown item's blank after its marker) its range begins with.
        var first = start
        while first < end && (bytes[first] == 0x20 || bytes[first] == 0x09) { first += 1 }
        let place = JSONPlace.of(layout.headerOffset.map { listRange.lowerBound + $0 } ?? first, in: bytes)
        let line = place.line, column = place.column
        let fixedEnd = output.count - (bytes.count - end)
        let fixed = fixedEnd >= start ? Array(output[start..<fixedEnd]) : []
        var batchScript = script, batchArguments: [String] = []
        if asLines {
            // The lines the items are on, from the first's to the last's,
            // as `--line-range` reads them: the moves of those lines.
            let lineStart = bytes[..<start].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            var lineEnd = end
            while lineEnd < bytes.count && bytes[lineEnd - 1] != 0x0A { lineEnd += 1 }
            let newLineEnd = output.count - (bytes.count - lineEnd)
            func lines(_ slice: ArraySlice<UInt8>) -> [[UInt8]] {
                var out = slice.split(separator: 0x0A, omittingEmptySubsequences: false).map { line -> [UInt8] in
                    line.last == 0x0D ? Array(line.dropLast()) : Array(line)
                }
                if slice.last == 0x0A { out.removeLast() }
                return out
            }
            let oldLines = lines(Array(bytes[lineStart..<lineEnd])[...]), newLines = lines(output[lineStart..<newLineEnd])
            let lineDiff = ListDiff(old: oldLines.map { ListItemKey.text($0) }, new: newLines.map { ListItemKey.text($0) })
            batchScript = lineDiff.script(sequential: false) { newLines[$0] }
            let first = JSONPlace.of(lineStart, in: bytes).line
            batchArguments = ["--line-range", "\(first)...\(first + oldLines.count - 1)"]
        }
        var finding = PolicyFinding(
            rule: rule, list: list, document: document, line: line, column: column,
            moves: script.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }, script: batchScript, fixed: fixed,
            moved: firstMove.map { name($0.old) },
            after: firstMove.flatMap { after($0.new) },
            movedRange: firstMove.map { listRange.lowerBound + layout.itemRange($0.old).lowerBound
                ..< listRange.lowerBound + layout.itemRange($0.old).upperBound },
            batchArguments: batchArguments)
        if let firstMove, !sections.isEmpty {
            finding.group = groupName(ofItem: firstMove.old, grouping, sections: sections, ranks: ranks) { item in
                JSONPlace.of(listRange.lowerBound + layout.itemRange(item).lowerBound, in: bytes).line
            }
        }
        return (finding, output)
    }
}
