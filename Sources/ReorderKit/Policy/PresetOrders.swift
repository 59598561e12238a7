/// The order of a preset's list: items named the preset's way, neighbours
/// that travel together moved as one unit, some kinds of items pinned
/// first or last, the rest in the rule's order, within blank-line groups.
extension ListDocument {
    /// A run of neighbouring items that travel together, and the one of
    /// them it is named by (nil: it has none, as a comment alone at the end
    /// of a group).
    struct Unit {
        var items: [Int]
        var key: Int?
    }

    func unitOrder(_ rule: PolicyRule) throws -> [Int] {
        let names = try presetNames(rule)
        let units = self.units(rule, names: names)
        let groups = groupSections(rule.grouping)
        var order: [Int] = []
        var index = 0
        // Units are ordered within each group; blank lines (group -1) stay.
        while index < units.count {
            let first = units[index].items[0]
            let group = groups[first]
            if group < 0 {
                order += units[index].items
                index += 1
                continue
            }
            var end = index
            while end < units.count && groups[units[end].items[0]] == group { end += 1 }
            order += arrange(Array(units[index..<end]), rule, names: names).flatMap(\.items)
            index = end
        }
        return order
    }

    /// One group's units in the rule's order.
    private func arrange(_ units: [Unit], _ rule: PolicyRule, names: [[UInt8]?]) -> [Unit] {
        func name(_ unit: Unit) -> [UInt8]? {
            guard let key = unit.key, var name = names[key] else { return nil }
            // Without case as everywhere in reorder: ASCII folded up, as sort -f folds.
            if rule.ignoreCase { name = name.map(ByteOrder.upper) }
            return name
        }
        var first: [Unit] = [], rest: [Unit] = [], trailing: [Unit] = []
        for (position, unit) in units.enumerated() {
            if unit.key == nil {
                // Comments with no item below them stay at the group's end,
                // or at its start when items follow.
                if position == units.count - 1 { trailing.append(unit) } else { first.append(unit) }
                continue
            }
            switch rule.keptFirst {
            case .optionLines?:
                if PresetOrders.isOption(line(at: unit.key!)) { first.append(unit); continue }
            case .nonStrings?:
                if names[unit.key!] == nil || isTable(unit.key!) { first.append(unit); continue }
            case nil: break
            }
            rest.append(unit)
        }
        switch rule.order {
        case .kept, .like, .numeric, .version:
            // Kept as written (a preset never asks the others).
            break
        case .prePost:
            rest = PresetOrders.prePost(rest.map { name($0) ?? [] }).map { rest[$0] }
        case .scripts:
            rest = PresetOrders.scripts(rest.map { name($0) ?? [] }).map { rest[$0] }
        case .natural, .sorted, .reversed:
            let compare: ([UInt8], [UInt8]) -> Int
            if rule.order == .natural {
                // SAFETY: the bytes of `x` are only read inside the closure, and no pointer to them leaves it.
                compare = { x, y in x.withUnsafeBytes { x in y.withUnsafeBytes { y in NaturalOrder.compare(x, y, ignoreCase: rule.ignoreCase) } } }
            } else {
                // SAFETY: the bytes of `x` are only read inside the closure, and no pointer to them leaves it.
                compare = { x, y in x.withUnsafeBytes { x in y.withUnsafeBytes { y in ByteOrder.compare(x, y, foldingCase: false) } } }
            }
            var indices = Array(rest.indices)
            let keys = rest.map { name($0) ?? [] }
            // requirements-txt-fixer: of two lines of one name, the one
            // with comments above it first.
            let commented = rest.map { $0.key != $0.items[0] }
            let byComments = rule.naming == .requirement
            Sorting.sort(&indices, reverse: rule.order == .reversed) { a, b in
                let order = compare(keys[a], keys[b])
                if order != 0 || !byComments || commented[a] == commented[b] { return order }
                return commented[a] ? -1 : 1
            }
            rest = indices.map { rest[$0] }
        }
        if rule.privateLast {
            let isPrivate: (Unit) -> Bool = { name($0)?.first == UInt8(ascii: "_") }
            rest = rest.filter { !isPrivate($0) } + rest.filter(isPrivate)
        }
        rest = Policy.pinned(rest, first: rule.first, last: rule.last) { unit in unit.key.flatMap { names[$0] } }
        return first + rest + trailing
    }

    /// Whether item `index` is a table (`{…}`), its comment lines aside.
    private func isTable(_ index: Int) -> Bool {
        let range = layout.itemRange(index)
        var offset = range.lowerBound
        while offset < range.upperBound {
            let byte = source[offset]
            if byte == UInt8(ascii: "#") {
                while offset < range.upperBound && source[offset] != 0x0A { offset += 1 }
            } else if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                return byte == UInt8(ascii: "{")
            }
            offset += 1
        }
        return false
    }

    /// Each item's name as the rule compares it.
    private func presetNames(_ rule: PolicyRule) throws -> [[UInt8]?] {
        switch rule.naming {
        case .asWritten:
            var names = try itemNames(key: rule.key)
            if rule.units == .dottedKeys {
                for index in 0..<count {
                    if let path = layout.keyPath(ofItem: index), let head = path.first { names[index] = Array(head.utf8) }
                }
            }
            return names
        case .projectName:
            // Requirements of one name: by the rest of the string, blanks
            // aside (pyproject-fmt compares its re-printed strings).
            return try itemNames(key: rule.key).map { name in
                name.map { PresetOrders.projectName($0) + [0] + PresetOrders.tieKey(PresetOrders.afterName($0)) }
            }
        case .requirement:
            return (0..<count).map { PresetOrders.requirementName(line(at: $0)) }
        }
    }

    /// Item `index`'s bytes without its line break.
    func line(at index: Int) -> ArraySlice<UInt8> {
        var bytes = ArraySlice(source[layout.itemRange(index)])
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        return bytes
    }

    /// The items as units that travel together.
    private func units(_ rule: PolicyRule, names: [[UInt8]?]) -> [Unit] {
        var units: [Unit] = []
        switch rule.units {
        case .items:
            return (0..<count).map { Unit(items: [$0], key: $0) }
        case .commentMembers:
            // `"//"` members, then the member they are about.
            var pending: [Int] = []
            for index in 0..<count {
                pending.append(index)
                if names[index] == Array("//".utf8) { continue }
                units.append(Unit(items: pending, key: index))
                pending = []
            }
            if !pending.isEmpty { units.append(Unit(items: pending, key: nil)) }
        case .commentLines:
            var pending: [Int] = []
            var key: Int? = nil
            for index in 0..<count {
                let text = line(at: index)
                let trimmed = text.drop { $0 == 0x20 || $0 == 0x09 }
                if trimmed.isEmpty {
                    // A blank line ends what is pending and stands alone.
                    if !pending.isEmpty { units.append(Unit(items: pending, key: key)) }
                    units.append(Unit(items: [index], key: nil))
                    pending = []
                    key = nil
                    continue
                }
                pending.append(index)
                if trimmed.first == UInt8(ascii: "#") && key == nil { continue }
                if key == nil { key = index }
                // A line ending with `\` goes on in the next.
                if text.last == UInt8(ascii: "\\") { continue }
                units.append(Unit(items: pending, key: key))
                pending = []
                key = nil
            }
            if !pending.isEmpty { units.append(Unit(items: pending, key: key)) }
        case .dottedKeys:
            for index in 0..<count {
                if let path = layout.keyPath(ofItem: index), path.count > 1, let last = units.last,
                   let previous = layout.keyPath(ofItem: last.items[last.items.count - 1]),
                   previous.count > 1, previous.first == path.first {
                    units[units.count - 1].items.append(index)
                    continue
                }
                units.append(Unit(items: [index], key: index))
            }
        }
        return units
    }
}

/// The orders and names only presets use.
enum PresetOrders {
    /// PEP 503's normalized name of a requirement string: the name at its
    /// start (letters, digits, `-`, `_`, `.`), lower-cased, each run of
    /// `-`, `_` and `.` one `-`.
    static func projectName(_ requirement: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var inRun = false
        for byte in requirement.drop(while: { $0 == 0x20 || $0 == 0x09 }) {
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") {
                if !inRun { out.append(UInt8(ascii: "-")) }
                inRun = true
            } else if isLetter {
                out.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                inRun = false
            } else {
                break
            }
        }
        return out
    }

    /// What follows the name at the start of a requirement string.
    static func afterName(_ requirement: [UInt8]) -> ArraySlice<UInt8> {
        let body = requirement.drop(while: { $0 == 0x20 || $0 == 0x09 })
        return body.drop { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    /// What orders requirements of one name, as pyproject-fmt orders its
    /// re-printed strings: the rest of the string without blanks, its
    /// extras sorted (`[socks,brotli]` is `[brotli,socks]`) and its
    /// quotes single.
    static func tieKey(_ rest: ArraySlice<UInt8>) -> [UInt8] {
        var bytes = rest.filter { $0 != 0x20 && $0 != 0x09 }.map { $0 == UInt8(ascii: "\"") ? UInt8(ascii: "'") : $0 }
        if bytes.first == UInt8(ascii: "["), let close = bytes.firstIndex(of: UInt8(ascii: "]")) {
            let extras = bytes[1..<close].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true)
                .map { Array($0) }.sorted { $0.lexicographicallyPrecedes($1) }
            bytes = [UInt8(ascii: "[")] + Array(extras.joined(separator: [UInt8(ascii: ",")])) + Array(bytes[close...])
        }
        return bytes
    }

    /// requirements-txt-fixer's name of a line: lower-cased; after
    /// `#egg=` or `&egg=` when the line has one; else up to the first blank
    /// or `;`, then up to the first `==`, `!=`, `~=`, `>`, `<` (so `===`,
    /// `>=` and `<=` too). Nil for a comment or blank line.
    static func requirementName(_ line: ArraySlice<UInt8>) -> [UInt8]? {
        let lower = line.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        guard let start = lower.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), lower[start] != UInt8(ascii: "#") else { return nil }
        for egg in ["#egg=", "&egg="] {
            let marker = Array(egg.utf8)
            if let at = firstRange(of: marker, in: line.map { $0 }) {
                return Array(lower[(at + marker.count)...])
            }
        }
        let name = Array(lower[start...].prefix { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: ";") && $0 != 0x0C && $0 != 0x0B })
        var index = 0
        while index < name.count {
            let byte = name[index]
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") { break }
            if (byte == UInt8(ascii: "=") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "~")),
               index + 1 < name.count, name[index + 1] == UInt8(ascii: "=") { break }
            index += 1
        }
        return Array(name[..<index])
    }

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    /// A requirements file's line that is one of pip's options (`-r`,
    /// `-c`, `--index-url`), not a requirement (`-e`, `--editable` are).
    static func isOption(_ line: ArraySlice<UInt8>) -> Bool {
        let body = line.drop { $0 == 0x20 || $0 == 0x09 }
        guard body.first == UInt8(ascii: "-") else { return false }
        // `-e PATH`, `-ePATH`, `--editable PATH`, `--editable=PATH`.
        let flag = body.prefix { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: "=") }
        let editable = flag.elementsEqual("--editable".utf8) || (!flag.starts(with: "--".utf8) && flag.starts(with: "-e".utf8))
        return !editable
    }

    /// npm's scripts that run without being in `scripts` (so `preinstall`
    /// belongs to `install` even when there is none).
    static let npmScripts = ["install", "pack", "prepare", "publish", "restart", "shrinkwrap", "start", "stop", "test",
                             "uninstall", "version"].map { Array($0.utf8) }

    /// `preX` or `postX` of a script `X` among `names` (or npm's own):
    /// `X`, and -1 for pre, 1 for post.
    static func hook(_ name: [UInt8], among names: Set<[UInt8]>) -> (script: [UInt8], side: Int)? {
        for (prefix, side) in [("pre", -1), ("post", 1)] {
            let head = Array(prefix.utf8)
            guard name.count > head.count, name.starts(with: head) else { continue }
            let script = Array(name[head.count...])
            if names.contains(script) || npmScripts.contains(script) { return (script, side) }
        }
        return nil
    }

    /// `scripts = "pre-post"`: as written, each `preX` just before `X` and
    /// each `postX` just after it, when `X` is there.
    static func prePost(_ names: [[UInt8]]) -> [Int] {
        let present = Set(names)
        var before: [[UInt8]: [Int]] = [:], after: [[UInt8]: [Int]] = [:]
        var moved = Set<Int>()
        for (index, name) in names.enumerated() {
            guard let (script, side) = hook(name, among: present), present.contains(script) else { continue }
            if side < 0 { before[script, default: []].append(index) } else { after[script, default: []].append(index) }
            moved.insert(index)
        }
        var order: [Int] = []
        var placed = Set<[UInt8]>()
        for (index, name) in names.enumerated() where !moved.contains(index) {
            // A name written twice gets its hooks once.
            let first = placed.insert(name).inserted
            if first { order += before[name] ?? [] }
            order.append(index)
            if first { order += after[name] ?? [] }
        }
        return order
    }

    /// `scripts = "sorted"`: sort-package-json's order. Names compare `:`
    /// part by `:` part (`build`, `build:a`, `build-x`); `preX` and `postX`
    /// sort as `X`, just before and after it.
    static func scripts(_ names: [[UInt8]]) -> [Int] {
        let present = Set(names)
        let keys: [(parts: [ArraySlice<UInt8>], side: Int)] = names.map { name in
            let (script, side) = hook(name, among: present) ?? (name, 0)
            return (script.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false), side)
        }
        var order = Array(names.indices)
        Sorting.sort(&order, reverse: false) { a, b in
            let x = keys[a], y = keys[b]
            for (p, q) in zip(x.parts, y.parts) where p != q {
                return p.lexicographicallyPrecedes(q) ? -1 : 1
            }
            if x.parts.count != y.parts.count { return x.parts.count < y.parts.count ? -1 : 1 }
            return x.side == y.side ? 0 : (x.side < y.side ? -1 : 1)
        }
        return order
    }
}
