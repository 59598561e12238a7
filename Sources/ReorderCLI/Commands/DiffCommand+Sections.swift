import ReorderKit

/// One input of `diff` with several lists: its bytes, and each list read
/// from them.
private struct SectionedInput {
    let content: InputBytes
    let name: String
    let format: ListFormat

    /// Reads `path` (`-`: standard input); `format`: the format to read
    /// it in (NEW is read in OLD's), nil to choose it as one list's is.
    static func read(_ path: String, options: ReadOptions, format: ListFormat?, console: Console) throws -> SectionedInput {
        let standardInput = InputBytes.namesStandardInput(path)
        let name = standardInput ? "<stdin>" : path
        return try ErrorInInput.naming(name) {
            let content = standardInput ? try console.readStandardInput() : try InputBytes.read(path: path)
            let format = format ?? options.format.resolve(name: standardInput ? nil : path, source: content.bytes)
            return SectionedInput(content: content, name: name, format: format)
        }
    }

    /// The list at `pointer`.
    func list(_ pointer: String, options: ReadOptions) throws -> ListDocument {
        var options = options
        options.pointer = pointer
        options.format = .named(format)
        return try placing { try ListDocument(content.bytes, format: format, options: options) }
    }

    /// `body`, a format's error given this input's name and line:column.
    func placing<T>(_ body: () throws -> T) throws -> T {
        try ErrorInInput.naming(name) {
            do {
                return try body()
            } catch let error as any FormatReadError {
                throw FormatErrorInInput(error, name: name, source: content.bytes)
            }
        }
    }
}

extension DiffCommand {
    /// Whether the command line names several lists: `-p` given more than
    /// once, or a `-p` with a `*` segment (or a `~2`, a key that is `*`).
    var namesSeveralLists: Bool {
        let pointers = parsed.values(.pointer)
        return pointers.count > 1 || pointers.contains(where: DiffCommand.isPattern)
    }

    static func isPattern(_ pointer: String) -> Bool {
        pointer.split(separator: "/", omittingEmptySubsequences: false).contains("*") || pointer.contains("~2")
    }

    /// The lists `-p` names in `input`, in the order given, each pattern
    /// expanded in document order.
    private func pointers(in input: SectionedInput) throws -> [String] {
        var pointers: [String] = []
        for given in parsed.values(.pointer) {
            guard DiffCommand.isPattern(given) else {
                pointers.append(given)
                continue
            }
            let pattern: PointerPattern
            do {
                pattern = try PointerPattern(given)
            } catch {
                guard case .badPointer(_, let reason) = error else { throw error }
                throw UsageError.invalidPointerPattern(given, reason: reason)
            }
            let found = try input.placing {
                try Policy.expand(pattern, in: Array(input.content.bytes), format: input.format, document: readOptions.document)
            }
            if found.isEmpty { throw DiffError.patternNamesNoList(pattern: given, input: input.name) }
            pointers += found.map { JSONPointer(tokens: $0).text }
        }
        return pointers
    }

    /// `diff` with several lists: sections 0, 1, … in the order `-p` names
    /// them in OLD; NEW must have the same lists.
    func runSections() throws -> Int32 {
        if parsed.value(.document) == "*" { throw parsed.severalListsRefused(by: "diff") }
        let inputs = parsed.positionals
        let old = try SectionedInput.read(inputs[0], options: readOptions, format: nil, console: console)
        let new = try SectionedInput.read(inputs[1], options: readOptions, format: old.format, console: console)
        return try withExtendedLifetime((old, new)) {
            // An option the format does not take (-p for lines) is refused
            // as for one list.
            if readOptions.region != nil || readOptions.formatBound.contains(where: { !old.format.options.contains($0.rawValue) }) {
                var options = readOptions
                options.format = .named(old.format)
                _ = try old.placing { try ListDocument(old.content.bytes, format: old.format, options: options) }
            }
            let pointers = try self.pointers(in: old)
            var seen = Set<String>()
            for pointer in pointers where !seen.insert(pointer).inserted { throw DiffError.listNamedTwice(pointer) }
            if parsed.values(.pointer).contains(where: DiffCommand.isPattern) {
                let newPointers = try self.pointers(in: new)
                if let missing = pointers.first(where: { !newPointers.contains($0) }) {
                    throw DiffError.listInOneInputOnly(pointer: missing, present: old.name, absent: new.name)
                }
                if let missing = newPointers.first(where: { !seen.contains($0) }) {
                    throw DiffError.listInOneInputOnly(pointer: missing, present: new.name, absent: old.name)
                }
            }
            if pointers.count == 1 {
                // One list: the one-list diff, as `-p` with that list gives.
                var options = readOptions
                options.pointer = pointers[0]
                return try DiffCommand(parsed: parsed, readOptions: options, console: console).runOneList()
            }
            let oldLists = try pointers.map { try old.list($0, options: readOptions) }
            let newLists = try pointers.map { try new.list($0, options: readOptions) }
            return try printSections(old: old, new: new, pointers: pointers, oldLists: oldLists, newLists: newLists)
        }
    }

    private func printSections(old: SectionedInput, new: SectionedInput, pointers: [String],
                               oldLists: [ListDocument], newLists: [ListDocument]) throws -> Int32 {
        let key = parsed.value(.key)
        func keys(_ list: ListDocument, _ input: SectionedInput) throws -> [[UInt8]?] {
            try input.placing {
                try list.itemKeys(key: key).map { if case .text(let bytes) = $0 { return bytes } else { return nil } }
            }
        }
        let oldKeys = try zip(oldLists, pointers).map { try keys($0.0, old) }
        let newKeys = try zip(newLists, pointers).map { try keys($0.0, new) }
        func text(_ document: ListDocument, _ index: Int) -> [UInt8] {
            document.layout.valueText(ofItem: index) ?? Array(document.itemBytes(index))
        }
        // With --key, a matched item may have changed beyond its key.
        let diff = SectionedDiff(old: oldKeys, new: newKeys, changed: key == nil ? nil : { a, b in
            text(oldLists[a.section], a.item) != text(newLists[b.section], b.item)
        })
        let sequential = parsed.has(.sequential)
        let operations = sequential || parsed.has(.jsonPatch) ? diff.sequentialOperations : diff.batchOperations
        if operations.isEmpty { return ExitStatus.success }
        func value(_ path: ItemPath) throws -> [UInt8] {
            let document = newLists[path.section]
            guard let value = document.layout.insertText(ofItem: path.item) else {
                let item = Array(document.itemBytes(path.item))
                let inserted = try? document.layout.newItem(item, asString: false)
                throw DiffError.itemSpansLines(index: "\(path.section):\(path.item)", input: new.name, format: document.format,
                                               multiline: item.contains(0x0A) || item.contains(0x0D),
                                               insertTakesIt: inserted == item)
            }
            return value
        }
        var out: [UInt8] = []
        if parsed.has(.stat) {
            out = Array(DiffCommand.stat(moves: diff.moveCount, inserts: diff.inserted.count, deletes: diff.deleted.count,
                                         replaces: diff.replaced.count).utf8)
        } else if parsed.has(.jsonPatch) {
            out = try jsonPatch(diff, pointers: pointers, oldLists: oldLists, newLists: newLists, value: value)
        } else {
            var values: [ItemPath: [UInt8]] = [:]
            for path in diff.inserted { values[path] = try value(path) }
            for pair in diff.replaced { values[pair.new] = try value(pair.new) }
            out = diff.script(sequential: sequential, base: parsed.has(.oneBased) ? 1 : 0) { values[$0]! }
        }
        try console.standardOutput.write(String(decoding: out, as: UTF8.self))
        return ExitStatus.wouldChange
    }

    /// RFC 6902 operations for the sequential change of several JSON
    /// lists: an element by its index, an object's member by its key (a
    /// move between two lists is one `move`, `from` in one and `path` in
    /// the other). A member's place inside its object is no part of JSON's
    /// data, so a move inside one object is left out.
    private func jsonPatch(_ diff: SectionedDiff, pointers: [String], oldLists: [ListDocument], newLists: [ListDocument],
                           value: (ItemPath) throws -> [UInt8]) throws -> [UInt8] {
        guard let format = oldLists.first?.format, format.options.contains(Option.jsonPatch.rawValue) else {
            throw DiffError.jsonPatchNeedsArray(format: oldLists[0].format)
        }
        let objects = oldLists.map(\.layout.itemsAreKeyedMembers)
        let oldNames = try oldLists.map { try $0.memberKeys() }
        let newNames = try newLists.map { try $0.memberKeys() }
        func token(_ name: [UInt8]) -> String {
            var out = ""
            for character in String(decoding: name, as: UTF8.self) {
                switch character {
                case "~": out += "~0"
                case "/": out += "~1"
                default: out.append(character)
                }
            }
            return out
        }
        /// The JSON string of the place `at` in section `section`: by
        /// `name` in an object, by index in an array.
        func path(_ at: ItemPath, name: [UInt8]?) -> String {
            let place = objects[at.section] ? token(name ?? []) : "\(at.item)"
            return "\"" + (pointers[at.section] + "/" + place).replacingEscapes() + "\""
        }
        func memberValue(_ item: ItemPath) throws -> String {
            let text = try value(item)
            guard objects[item.section] else { return String(decoding: text, as: UTF8.self) }
            return String(decoding: JSONMemberText.value(of: text) ?? text, as: UTF8.self)
        }
        var lines: [String] = []
        for (operation, item) in diff.sequentialOperationsWithItems {
            switch operation {
            case .delete(let at):
                lines.append("{\"op\": \"remove\", \"path\": \(path(at, name: oldNames[item.section][item.item]))}")
            case .move(let from, let to):
                let name = oldNames[item.section][item.item]
                if from.section == to.section && objects[to.section] { continue }
                lines.append("{\"op\": \"move\", \"from\": \(path(from, name: name)), \"path\": \(path(to, name: name))}")
            case .insert(let at, _):
                lines.append("{\"op\": \"add\", \"path\": \(path(at, name: newNames[item.section][item.item])), \"value\": \(try memberValue(item))}")
            case .replace(let at, _):
                lines.append("{\"op\": \"replace\", \"path\": \(path(at, name: newNames[item.section][item.item])), \"value\": \(try memberValue(item))}")
            }
        }
        guard !lines.isEmpty else { return Array("[]\n".utf8) }
        return Array(("[\n  " + lines.joined(separator: ",\n  ") + "\n]\n").utf8)
    }
}
