import ReorderKit

/// One edit on every list a pattern names: `-p '/repos/*/hooks'`,
/// `--document '*'`. The input is read once; each list is found in it,
/// then edited in turn on the bytes the edit before gave, and the file is
/// written once.
extension Job {
    func severalLists(_ targets: ListTargets, prepared: PreparedEdit,
                      in source: UnsafeRawBufferPointer) throws -> EditOutcome {
        let name = isStandardInput ? nil : input
        let format = readOptions.format.resolve(name: name, source: source)
        // An option the format does not take (-p for lines, --document for
        // JSON, or for the lines of --block and --line-range) is refused as
        // for one list.
        if readOptions.region != nil || readOptions.formatBound.contains(where: { !format.options.contains($0.rawValue) }) {
            _ = try ListDocument(source, format: format, options: readOptions)
        }
        let bytes = Array(source)
        let documents: [Int?]
        if targets.allDocuments {
            documents = try Policy.documents(bytes, format: format)
        } else {
            documents = [readOptions.document]
        }
        // Each list, deepest first, so that moving an outer list's items
        // leaves the pointers of the inner ones as they were; otherwise in
        // the order of the documents, then of the pattern's expansion.
        var lists: [(tokens: [String], document: Int?)] = []
        for document in documents {
            let found = try Policy.expand(targets.pattern, in: bytes, format: format, document: document)
            if found.isEmpty && !missingOK {
                throw ListMissing(input: displayName, pattern: targets.pattern.text,
                                  document: targets.allDocuments ? document : nil)
            }
            lists += found.map { ($0, document) }
        }
        let ordered = Policy.deepestFirst(lists) { $0.tokens.count }

        var current = bytes
        for list in ordered {
            var options = readOptions
            options.pointer = JSONPointer(tokens: list.tokens).text
            options.document = list.document
            // SAFETY: the bytes of `current` are only read inside the closure, and no pointer to them leaves it.
            let edited: [UInt8]? = try current.withUnsafeBytes { buffer in
                do {
                    let document = try ListDocument(buffer, format: format, options: options)
                    let arrangement = try document.arrangement(for: prepared)
                    guard !document.resultEqualsSource(arrangement) else { return nil }
                    return document.render(arrangement)
                } catch let error as any FormatReadError {
                    throw FormatErrorInInput(error, name: displayName, source: buffer)
                } catch let error as FormatErrorInInput {
                    throw error
                } catch {
                    // A selector or a batch: said with the list it failed in.
                    var where_ = "\(displayName) (-p '\(options.pointer)'"
                    if let document = list.document { where_ += ", --document \(document)" }
                    throw ErrorInInput(error: error, name: where_ + ")")
                }
            }
            if let edited { current = edited }
        }
        let unchanged = current.elementsEqual(source)
        return EditOutcome(unchanged: unchanged, terminator: 0x0A, write: { gathered in
            // SAFETY: the one-slice array lives through the call, and the writer keeps no slice past it.
            try current.withUnsafeBytes { raw in try [raw].withUnsafeBufferPointer { try gathered($0) } }
        })
    }
}

extension EditOutcome {
    /// The input as it was: written out unchanged (`-o`, standard output),
    /// in place not written at all.
    static func unchanged(_ source: UnsafeRawBufferPointer) -> EditOutcome {
        EditOutcome(unchanged: true, terminator: 0x0A, write: { gathered in
            // SAFETY: the one-slice array lives through the call, and the writer keeps no slice past it.
            try [source].withUnsafeBufferPointer { try gathered($0) }
        })
    }
}

extension FormatError {
    var isNothingAtPointer: Bool {
        if case .nothingAtPointer = kind { return true }
        return false
    }
}

/// A pattern (`-p` with `*`, `--document '*'`) that names no list in an
/// input, or in one document of a stream.
struct ListMissing: Error {
    let input: String
    let pattern: String
    /// With `--document '*'`: the document that lacks it (nil: a file of
    /// one document).
    let document: Int?
}
