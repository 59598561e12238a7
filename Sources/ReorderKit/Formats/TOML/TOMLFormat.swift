extension ListFormat {
    /// Items are the values of the TOML array, the key/value lines of the
    /// table, or the sections of the array of tables at `-p` (see
    /// `TOMLLineLayout`, `TOMLInlineLayout`).
    public static let toml = ListFormat(
        name: "toml",
        claims: [.fileExtension("toml")],
        help: "TOML 1.0. Items are the values of the array, the key/value lines of the table, or the sections of the array of tables (or of a table's sub-tables) at -p (default: the root table), one pointer token a key (pyproject.toml, Cargo.toml); comments and the layout of every line stay as they were. Sorted by comment groups (groups = \"comments\"), a comment on a line of its own heads a group and stays on its line.",
        options: ["pointer", "recursive", "string"],
        words: FormatWords(name: "TOML", version: "1.0", lists: "an array or a table", oneValue: "one TOML item",
                           keyed: "table", member: "line"),
        heapBytesPerByte: 8, valueConversion: .toml,
        read: { source, options in try TOMLFormat.read(source, pointer: options.pointer, subTables: options.subTables,
                                                             commentHeadings: options.commentHeadings) },
        children: { source, options in try TOMLFormat.childTokens(source, pointer: options.pointer) })
}

/// What a pointer names in a TOML document.
enum TOMLTarget {
    case table(TOMLTable)
    case tableArray(TOMLTableArray)
    case array(TOMLInlineList)
    case scalar(TOMLValue)

    init(_ value: TOMLValue) {
        switch value.kind {
        case .array: self = .array(value.array!)
        case .table: self = .table(value.table!)
        default: self = .scalar(value)
        }
    }

    init(_ entry: TOMLEntry) {
        switch entry {
        case .value(let value): self.init(value)
        case .table(let table): self = .table(table)
        case .tableArray(let array): self = .tableArray(array)
        }
    }

    /// What it is, in words.
    var description: String {
        switch self {
        case .table(let table): return table.origin == .inline ? "an inline table" : "a table"
        case .tableArray: return "an array of tables"
        case .array: return "an array"
        case .scalar(let value):
            switch value.kind {
            case .string: return "a string"
            case .integer: return "an integer"
            case .float: return "a float"
            case .boolean: return "a boolean"
            case .offsetDateTime, .localDateTime: return "a date-time"
            case .localDate: return "a date"
            case .localTime: return "a time"
            case .array: return "an array"
            case .table: return "an inline table"
            }
        }
    }

    /// The target at `token` inside this one, or nil.
    func child(_ token: String) -> TOMLTarget? {
        switch self {
        case .table(let table):
            return table[token].map(TOMLTarget.init)
        case .tableArray(let array):
            guard let index = JSONPointer.arrayIndex(token), index < array.elements.count else { return nil }
            return .table(array.elements[index])
        case .array(let list):
            guard let index = JSONPointer.arrayIndex(token), index < list.values.count else { return nil }
            return TOMLTarget(list.values[index])
        case .scalar:
            return nil
        }
    }

    /// How many entries it has.
    var count: Int {
        switch self {
        case .table(let table): return table.keys.count
        case .tableArray(let array): return array.elements.count
        case .array(let list): return list.values.count
        case .scalar: return 0
        }
    }
}

enum TOMLFormat {
    /// Reads `source` and finds the list at `pointer`.
    static func read(_ source: UnsafeRawBufferPointer, pointer text: String, subTables: Bool = false,
                     commentHeadings: Bool = false) throws -> any FormatLayout {
        let document = try TOMLDocument(source)
        let pointer = try JSONPointer(parsing: text)
        var target = TOMLTarget.table(document.root)
        for (depth, token) in pointer.tokens.enumerated() {
            guard let next = target.child(token) else {
                let here = JSONPointer(tokens: Array(pointer.tokens.prefix(depth))).text
                let place = here.isEmpty ? "the root table" : "'\(here)'"
                let reason: String
                switch target {
                case .table: reason = "\(place) is \(target.description) without the key '\(token)'"
                case .tableArray, .array:
                    reason = "\(place) is \(target.description) of \(target.count), so '\(token)' is not one of its indices"
                case .scalar: reason = "\(place) is \(target.description), which has no entries"
                }
                throw TOMLError.nothingAtPointer(pointer: pointer.text, reason: reason)
            }
            target = next
        }
        if subTables {
            guard case .table(let table) = target, table.origin != .inline else {
                throw TOMLError.nothingAtPointer(pointer: pointer.text, reason: "it is \(target.description), with no sub-tables written as sections")
            }
            return try TOMLLineLayout(document: document, sectionsOf: table, commentHeadings: commentHeadings)
        }
        return try layout(document, target, pointer: pointer.text, commentHeadings: commentHeadings)
    }

    /// The pointer tokens of what the value at `pointer` holds, for a
    /// pattern's `*` (`Policy.expand`): a table's every key (its key/value
    /// lines' and its sub-tables', which no one list of the table holds),
    /// an array's indices; nil when nothing is there or it is a scalar.
    static func childTokens(_ source: UnsafeRawBufferPointer, pointer text: String) throws -> [String]? {
        let document = try TOMLDocument(source)
        let pointer = try JSONPointer(parsing: text)
        var target = TOMLTarget.table(document.root)
        for token in pointer.tokens {
            guard let next = target.child(token) else { return nil }
            target = next
        }
        switch target {
        case .scalar: return nil
        case .table(let table): return table.keys
        case .tableArray(let array): return array.elements.indices.map(String.init)
        case .array(let list): return list.values.indices.map(String.init)
        }
    }

    static func layout(_ document: TOMLDocument, _ target: TOMLTarget, pointer: String,
                       commentHeadings: Bool = false) throws -> any FormatLayout {
        switch target {
        case .scalar(let value):
            throw TOMLError.notAList(pointer: pointer, found: target.description, offset: value.range.lowerBound)
        case .array(let list):
            return TOMLInlineLayout(document: document, list: list, isTable: false, commentHeadings: commentHeadings)
        case .table(let table) where table.origin == .inline:
            return TOMLInlineLayout(document: document, list: table.inline!, isTable: true, commentHeadings: commentHeadings)
        case .table(let table) where table.origin == .implicit:
            // `tool` of `[tool.ruff]`: no lines of its own, only sections.
            return try TOMLLineLayout(document: document, sectionsOf: table, commentHeadings: commentHeadings)
        case .table(let table):
            return try TOMLLineLayout(document: document, table: table, commentHeadings: commentHeadings)
        case .tableArray(let array):
            return try TOMLLineLayout(document: document, tableArray: array, commentHeadings: commentHeadings)
        }
    }
}
