extension ListFormat {
    /// Items are the entries of the YAML sequence or mapping at `-p` (see
    /// `YAMLLayout`).
    public static let yaml = ListFormat(
        name: "yaml",
        claims: { path in ["yaml", "yml"].contains(ListFormat.fileExtension(path) ?? "") },
        read: { source, options in try YAMLLayout(source, options: options) })
}

extension YAMLLayout {
    /// Reads `source` and finds the list at `options.pointer` in the
    /// document `options.document` chooses.
    init(_ source: UnsafeRawBufferPointer, options: ReadOptions) throws {
        let document = try YAMLDocument(source, document: options.document)
        let pointer = try JSONPointer(parsing: options.pointer)
        var node = try document.root()
        let reader = YAMLLayout.Reader(document: document)
        for (depth, token) in pointer.tokens.enumerated() {
            let here = JSONPointer(tokens: Array(pointer.tokens.prefix(depth))).text
            if token == "<<" {
                throw YAMLError.cannotDelimit(what: "the value of a merge key ('<<')", offset: node.range.lowerBound)
            }
            node = try reader.child(of: node, token: token, at: here, pointer: pointer.text)
        }
        try self.init(document: document, node: node, pointer: pointer.text)
    }

    /// One step of a pointer.
    struct Reader {
        let document: YAMLDocument

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
                    return YAMLLayout.flowNode(document.source, YAMLLayout.flowMemberParts(document.source, item).value)
                }
                guard let index = JSONPointer.arrayIndex(token), index < items.count else {
                    throw YAMLError.nothingAtPointer(pointer: pointer, reason: "\(place) is a sequence of \(items.count) entries, so '\(token)' is not one of its indices")
                }
                return YAMLLayout.flowNode(document.source, items[index])
            case .scalar, .empty:
                throw YAMLError.nothingAtPointer(pointer: pointer, reason: "\(place) is \(node.kind == .empty ? "null" : "a scalar"), which has no entries")
            }
        }
    }
}
