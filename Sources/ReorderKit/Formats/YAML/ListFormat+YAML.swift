extension ListFormat {
    /// Items are the entries of the YAML sequence or mapping at `-p` (see
    /// `YAMLLayout`).
    public static let yaml = ListFormat(
        name: "yaml",
        claims: [.fileExtension("yaml"), .fileExtension("yml")],
        help: "Items are the entries of the YAML sequence or mapping at -p (default: the root), block or flow; comments, anchors and the layout of every line stay as they were, and an entry keeps its exact text. Comments travel with their entry; sorted by comment groups (groups = \"comments\"), a comment line between entries heads a group and stays on its line, except the comment lines deeper than the entries that follow an entry's content: those are the entry's, and move with it. A stream of several documents needs --document N. What cannot be delimited with certainty is refused: tabs as indentation, complex keys (? ), comments inside a flow collection. A mapping with a merge key (<<) keeps its entries' order; its merge list (-p /x/<<) and the mappings it merges are edited like any other.",
        options: ["pointer", "recursive", "string", "document"],
        words: FormatWords(
            name: "YAML", version: "1.2",
            invalidAdvice: "; a YAML loader would reject it or read it otherwise, so reorder edits nothing: correct the file first",
            items: "entries", lists: "a sequence or a mapping", oneValue: "one YAML value on one line",
            keyed: "mapping", member: "entry"),
        heapBytesPerByte: 6, mergeKey: Array("<<".utf8), anchorsAndAliases: AnchorsAndAliases.yaml,
        sharesReadingAcrossLists: true, valueConversion: .yaml,
        read: { source, options in try YAMLLayout.read(source, options: options) })
}

extension YAMLLayout {
    /// Reads `source` and finds the list at `options.pointer` in the
    /// document `options.document` chooses.
    static func read(_ source: UnsafeRawBufferPointer, options: ReadOptions) throws -> YAMLLayout {
        // A large file's validation runs beside what follows (see
        // `YAMLDocument.init`), which is read as an unchecked value is.
        let known = options.sharedReading?.yamlLines(of: source)
        let document = try YAMLDocument(source, document: options.document, validating: !options.alreadyValidated,
                                        lender: options.lender, lines: known)
        if known == nil { options.sharedReading?.keep(yamlLines: document.lines, of: source) }
        return try document.afterValidation {
            let pointer = try JSONPointer(parsing: options.pointer)
            var node = try document.root()
            let reader = YAMLLayout.Reader(document: document)
            for (depth, token) in pointer.tokens.enumerated() {
                let here = JSONPointer(tokens: Array(pointer.tokens.prefix(depth))).text
                node = try reader.child(of: node, token: token, at: here, pointer: pointer.text)
            }
            // A merge list (`<<: [*a, *b]`) is a sequence like any other,
            // and a merged mapping a mapping; the mapping that holds the
            // `<<` is not edited.
            if let merge = try reader.mergeKey(of: node) {
                throw YAMLError.mergeKey(pointer: pointer.text, offset: merge.offset, mergeList: merge.mergeList)
            }
            // An alias (`<<: *base`): the list is where its anchor stands.
            if node.kind == .scalar, node.range.lowerBound < source.count, source[node.range.lowerBound] == UInt8(ascii: "*") {
                var end = node.range.lowerBound + 1
                while end < node.range.upperBound && ![0x20, 0x09, 0x0A, 0x0D].contains(source[end]) { end += 1 }
                let name = Array(source[node.range.lowerBound + 1..<end])
                let text = String(decoding: name, as: UTF8.self)
                if let (anchored, kind) = try reader.anchored(name, in: try document.root(), path: []) {
                    let at = JSONPointer(tokens: anchored).text
                    throw YAMLError.notAList(pointer: pointer.text,
                                             found: "an alias ('*\(text)') of the \(kind) at '\(at)', which is edited where its anchor stands",
                                             offset: node.range.lowerBound, suggestions: [at])
                }
                throw YAMLError.notAList(pointer: pointer.text, found: "an alias ('*\(text)'), edited where its anchor '&\(text)' stands",
                                         offset: node.range.lowerBound)
            }
            return try YAMLLayout(document: document, node: node, pointer: pointer.text,
                                  commentHeadings: options.commentHeadings)
        }
    }

    /// One step of a pointer.
    struct Reader {
        let document: YAMLDocument

        /// The merge key (`<<`, plain, or tagged `!!merge`) of a mapping:
        /// where it is, and whether its value is a merge list (a sequence
        /// of the mappings it merges). nil for a mapping without one, or
        /// a node that is no mapping.
        func mergeKey(of node: YAMLNode) throws -> (offset: Int, mergeList: Bool)? {
            let source = document.source
            func isMerge(_ key: Range<Int>) -> Bool {
                var text = Array(source[key])
                let tag = Array("!!merge ".utf8)
                if text.starts(with: tag) {
                    text.removeFirst(tag.count)
                    while text.first == 0x20 || text.first == 0x09 { text.removeFirst() }
                }
                return text == Array("<<".utf8)
            }
            func isSequence(_ value: YAMLNode) -> Bool { value.kind == .blockSequence || value.kind == .flowSequence }
            switch node.kind {
            case .blockMapping:
                for entry in try document.entries(of: node) {
                    guard let key = document.key(at: entry.start, line: entry.line), isMerge(key.range) else { continue }
                    return (key.range.lowerBound, isSequence(try document.value(of: entry, in: node)))
                }
            case .flowMapping:
                for item in document.flowItems(of: node).items {
                    let parts = YAMLLayout.flowMemberParts(source, item)
                    guard isMerge(parts.key) else { continue }
                    let keyStart = parts.key.upperBound - 2
                    return (keyStart, isSequence(try YAMLLayout.flowNode(document, parts.value)))
                }
            default:
                break
            }
            return nil
        }

        /// The pointer tokens of the block collection anchored `&name` (in
        /// the block collections under `node`), and what it is; nil when
        /// none is found.
        func anchored(_ name: [UInt8], in node: YAMLNode, path: [String]) throws -> ([String], String)? {
            let source = document.source
            func start(of value: YAMLNode) -> Int? {
                switch value.kind {
                case .blockMapping, .blockSequence: return value.inlineStart ?? document.line[value.line].contentStart
                case .flowMapping, .flowSequence, .scalar: return value.range.lowerBound
                case .empty: return nil
                }
            }
            func holdsAnchor(_ range: Range<Int>) -> Bool {
                let anchor = [UInt8(ascii: "&")] + name
                var p = range.lowerBound
                while p + anchor.count <= range.upperBound {
                    if source[p] == UInt8(ascii: "#") { return false }
                    if Array(source[p..<p + anchor.count]) == anchor
                        && (p + anchor.count == range.upperBound || [0x20, 0x09, 0x0A, 0x0D].contains(source[p + anchor.count])) {
                        return true
                    }
                    p += 1
                }
                return false
            }
            guard node.kind == .blockMapping || node.kind == .blockSequence else { return nil }
            for (index, entry) in try document.entries(of: node).enumerated() {
                let value = try document.value(of: entry, in: node)
                let token: String
                let after: Int
                if node.kind == .blockMapping {
                    guard let key = document.key(at: entry.start, line: entry.line) else { continue }
                    token = String(decoding: document.keyText(of: entry), as: UTF8.self)
                    after = key.colon + 1
                } else {
                    token = String(index)
                    after = entry.start + 1
                }
                if let valueStart = start(of: value), after <= valueStart, holdsAnchor(after..<valueStart) {
                    switch value.kind {
                    case .blockMapping, .flowMapping: return (path + [token], "mapping")
                    case .blockSequence, .flowSequence: return (path + [token], "sequence")
                    default: return nil
                    }
                }
                if let found = try anchored(name, in: value, path: path + [token]) { return found }
            }
            return nil
        }

        func child(of node: YAMLNode, token: String, at here: String, pointer: String) throws -> YAMLNode {
            let place = here.isEmpty ? "the root" : "'\(here)'"
            switch node.kind {
            case .blockMapping:
                let entries = try document.entries(of: node)
                let matching = entries.filter { String(decoding: document.keyText(of: $0), as: UTF8.self) == token }
                guard let entry = matching.first else {
                    throw YAMLError.nothingAtPointer(pointer: pointer, reason: "\(place) is a mapping without the key '\(token)'")
                }
                if matching.count > 1 {
                    throw YAMLError.cannotDelimit(what: "the key '\(token)' twice in one mapping", offset: matching[1].start)
                }
                return try document.value(of: entry, in: node)
            case .blockSequence:
                let entries = try document.entries(of: node)
                guard let index = JSONPointer.arrayIndex(token), index < entries.count else {
                    throw YAMLError.nothingAtPointer(pointer: pointer, reason: "\(place) is a sequence of \(entries.count) entries, so '\(token)' is not one of its indices")
                }
                return try document.value(of: entries[index], in: node)
            case .flowMapping, .flowSequence:
                let items = document.flowItems(of: node).items
                if node.kind == .flowMapping {
                    guard let item = items.first(where: {
                        String(decoding: YAMLScalar.decode(document.source, YAMLLayout.flowMemberParts(document.source, $0).key), as: UTF8.self) == token
                    }) else {
                        throw YAMLError.nothingAtPointer(pointer: pointer, reason: "\(place) is a mapping without the key '\(token)'")
                    }
                    return try YAMLLayout.flowNode(document, YAMLLayout.flowMemberParts(document.source, item).value)
                }
                guard let index = JSONPointer.arrayIndex(token), index < items.count else {
                    throw YAMLError.nothingAtPointer(pointer: pointer, reason: "\(place) is a sequence of \(items.count) entries, so '\(token)' is not one of its indices")
                }
                return try YAMLLayout.flowNode(document, items[index])
            case .scalar, .empty:
                throw YAMLError.nothingAtPointer(pointer: pointer, reason: "\(place) is \(node.kind == .empty ? "null" : "a scalar"), which has no entries")
            }
        }
    }
}
