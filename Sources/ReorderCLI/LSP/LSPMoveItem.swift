import ReorderKit

/// "Move item up/down/to top/to bottom/to another list" in `reorder lsp`:
/// code actions at the cursor, and the command `reorder.moveItem`. The
/// item is the innermost list item at the cursor (`ItemsAtOffset`), or the
/// items a selection spans in one list, moved as a block; the edit is what
/// `reorder move` writes on the same text, as edits of the lines that move.
enum LSPMoveItem {
    static let command = "reorder.moveItem"
    static let kind = "refactor.move"
    /// How many "Move … to LIST" actions are offered at most: the lists
    /// nearest the item's in the document's order.
    static let otherListsOffered = 8

    enum Target: Equatable {
        case up, down, top, bottom
        /// An index of the same list: the first moved item's after the move.
        case index(Int)
        /// The end of another list of the document (its pointer's tokens).
        case list([String])
    }

    struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The items a cursor or selection names: `first...last` of one list.
    struct Selection {
        let format: ListFormat
        /// The lists from the root down to the selection's.
        let chain: [ItemsAtOffset.Place]
        let place: ItemsAtOffset.Place
        let first: Int
        let last: Int
        /// The list, read from `bytes`, which points into them.
        let list: ListDocument
        /// The document's bytes as the selection was made: held here so that
        /// the storage `list` points into lives as long as the selection.
        let bytes: [UInt8]
        var count: Int { last - first + 1 }
    }

    /// The format `--format auto` chooses for the document.
    static func format(_ document: LSPDocument) -> ListFormat {
        // SAFETY: the bytes of `document.text.bytes` are only read inside the closure, and no pointer to them leaves it.
        document.text.bytes.withUnsafeBytes { FormatChoice.auto.resolve(name: document.path, source: $0) }
    }

    /// The items at `range` (a cursor when empty): the innermost list
    /// that holds both ends.
    static func selection(_ document: LSPDocument, _ range: LSPRange) throws -> Selection? {
        let text = document.text
        let format = format(document)
        let start = text.offset(of: range.start)
        var end = text.offset(of: range.end)
        // A selection's end is after its last character.
        if end > start { end -= 1 }
        let startChain = try ItemsAtOffset.chain(at: start, in: text.bytes, format: format)
        let endChain = end == start ? startChain : try ItemsAtOffset.chain(at: end, in: text.bytes, format: format)
        var level: Int? = nil
        for index in 0..<min(startChain.count, endChain.count) {
            guard startChain[index].tokens == endChain[index].tokens, startChain[index].document == endChain[index].document else { break }
            level = index
        }
        guard let level else { return nil }
        let place = startChain[level]
        let bytes = text.bytes
        // SAFETY: the list keeps pointing into `bytes` after the closure: the selection holds `bytes`, a constant array, so its storage is neither changed, moved nor freed while the list can be read.
        let list = try bytes.withUnsafeBytes { source in
            try ListDocument(source, format: format, options: ItemsAtOffset.options(format, tokens: place.tokens, document: place.document))
        }
        let items = [startChain[level].item, endChain[level].item]
        return Selection(format: format, chain: Array(startChain[...level]), place: place, first: items.min()!, last: items.max()!,
                         list: list, bytes: bytes)
    }

    /// How an item is named in a title: its key, or its value as `pick`
    /// shows it, cut to 40 characters.
    static func name(_ selection: Selection) -> String {
        let index = selection.first
        var text: [UInt8]
        if let name = ItemsAtOffset.names(selection.list)[index] {
            text = Array(EditCommand.shown(name).drop { $0 == 0x20 })
        } else {
            text = PickCommand.texts(selection.list)[index]
        }
        let characters = String(decoding: text, as: UTF8.self)
        let shown = text.isEmpty ? "the empty item" : "'" + (characters.count > 40 ? String(characters.prefix(39)) + "…" : characters) + "'"
        return selection.count == 1 ? shown : "\(selection.count) items from \(shown)"
    }

    /// How a list is named in a title: its pointer (the root's `/`).
    static func listName(_ tokens: [String]) -> String {
        tokens.isEmpty ? "/" : JSONPointer(tokens: tokens).text
    }

    /// The document's bytes after the move; nil when nothing would move.
    static func moved(_ document: LSPDocument, _ selection: Selection, _ target: Target) throws -> [UInt8]? {
        let count = selection.list.count
        let selector: SourceSelector = selection.count == 1
            ? .index(UserIndex(selection.first))
            : .range(from: UserIndex(selection.first), to: UserIndex(selection.last), closed: true)
        let destination: Int
        switch target {
        case .up: destination = selection.first - 1
        case .down: destination = selection.first + 1
        case .top: destination = 0
        case .bottom: destination = count - selection.count
        case .index(let index):
            guard index >= 0 && index <= count - selection.count else {
                throw Failure("index \(index) is outside \(listName(selection.place.tokens)), whose items moved as one go from 0 to \(count - selection.count)")
            }
            destination = index
        case .list(let tokens):
            let options = ItemsAtOffset.options(selection.format, tokens: selection.place.tokens, document: selection.place.document)
            // SAFETY: only `into.count`, a number, is read after the closure.
            let into = try document.text.bytes.withUnsafeBytes { bytes in
                try ListDocument(bytes, format: selection.format,
                                 options: ItemsAtOffset.options(selection.format, tokens: tokens, document: selection.place.document))
            }
            let move = BetweenLists(from: selector, to: .index(UserIndex(into.count)), destination: JSONPointer(tokens: tokens).text, copy: false)
            // SAFETY: the bytes of `document.text.bytes` are only read inside the closure, and no pointer to them leaves it.
            let result = try document.text.bytes.withUnsafeBytes { try move.apply(to: $0, format: selection.format, options: options, editOptions: EditOptions()) }
            guard let result, result != document.text.bytes else { return nil }
            return result
        }
        guard destination >= 0, destination <= count - selection.count, destination != selection.first else { return nil }
        let arrangement = try selection.list.arrangement(for: .move(from: selector, to: UserIndex(destination)), options: EditOptions())
        if selection.list.resultEqualsSource(arrangement) { return nil }
        return selection.list.render(arrangement)
    }

    /// A `WorkspaceEdit` that makes `new` of the document: the lines that
    /// differ, with the document's version when the client takes it.
    static func workspaceEdit(_ document: LSPDocument, _ new: [UInt8], documentChanges: Bool) -> LSPJSON {
        let fixed = LSPText(new)
        let edits: [LSPJSON] = LineDiff.hunks(document.text, fixed).map { hunk in
            let edit = LineDiff.edit(hunk, document.text, fixed)
            return ["range": edit.range.json, "newText": .string(String(decoding: edit.text, as: UTF8.self))]
        }
        if documentChanges {
            return ["documentChanges": [["textDocument": ["uri": .string(document.uri), "version": LSPJSON(document.version)],
                                         "edits": .array(edits)]]]
        }
        return ["changes": .object([document.uri: .array(edits)])]
    }

    /// Whether code actions of kind `refactor.move` are asked for.
    static func asked(_ only: [String]?) -> Bool {
        guard let only else { return true }
        return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }

    /// The move actions at `params.range` of `document`.
    static func actions(_ params: LSPJSON, _ document: LSPDocument?, documentChanges: Bool) -> [LSPJSON] {
        guard let document, let range = LSPRange(params["range"]),
              asked(params["context"]?["only"]?.array?.compactMap(\.string)) else { return [] }
        guard let selection = try? selection(document, range) else { return [] }
        let name = name(selection)
        var targets: [(String, Target)] = [
            ("Move \(name) up", .up), ("Move \(name) down", .down),
            ("Move \(name) to top", .top), ("Move \(name) to bottom", .bottom),
        ]
        // Asked as the cursor moves (VS Code's light bulb: trigger kind 2),
        // the moves within the list only: the other lists cost more
        // readings, and are offered when the user asks.
        if BetweenLists.supports(selection.format), params["context"]?["triggerKind"]?.int != 2 {
            targets += otherLists(document, selection).map { ("Move \(name) to \(listName($0))", .list($0)) }
        }
        var actions: [LSPJSON] = []
        for (title, target) in targets {
            guard let new = try? moved(document, selection, target) else { continue }
            actions.append(["title": .string(title), "kind": .string(kind),
                            "edit": workspaceEdit(document, new, documentChanges: documentChanges)])
        }
        return actions
    }

    /// The other lists whose items are of the selection's kind (elements
    /// or keyed members), nearest first in the document's order, at most
    /// `otherListsOffered`; the lists inside the moved items are not.
    static func otherLists(_ document: LSPDocument, _ selection: Selection) -> [[String]] {
        let all = ItemsAtOffset.nearby(selection.chain, in: document.text.bytes, format: selection.format,
                                       limit: 4 * otherListsOffered, reads: 64)
        // The tokens of the moved items: a list under one moves with it.
        let keys = ItemsAtOffset.keys(selection.list)
        let moving = Set((selection.first...selection.last).map { index in
            keys.map { String(decoding: $0[index] ?? [], as: UTF8.self) } ?? String(index)
        })
        let depth = selection.place.tokens.count
        let candidates = all.indices
            .filter { all[$0].keyed == selection.place.keyed }
            .filter { index in
                let tokens = all[index].tokens
                return !(tokens.count > depth && tokens.starts(with: selection.place.tokens) && moving.contains(tokens[depth]))
            }
        return Array(candidates.prefix(otherListsOffered).map { all[$0].tokens })
    }

    /// `workspace/executeCommand` `reorder.moveItem`: the edit to apply,
    /// or why nothing moves.
    static func execute(_ params: LSPJSON, documents: [String: LSPDocument], documentChanges: Bool) throws -> LSPJSON {
        guard params["command"]?.string == command else {
            throw Failure("no command '\(params["command"]?.string ?? "")'; the server has \(command)")
        }
        guard let argument = params["arguments"]?.array?.first, case .object = argument else {
            throw Failure("\(command) takes one argument, {\"uri\", \"position\" or \"range\", \"direction\" or \"to\"}")
        }
        guard let uri = argument["uri"]?.string else { throw Failure("\(command): the argument has no \"uri\"") }
        guard let document = documents[uri] else { throw Failure("\(uri) is not open") }
        if let version = argument["version"]?.int, version != document.version {
            throw Failure("\(uri) changed (version \(document.version), the command was made for version \(version)): nothing moved; ask again")
        }
        let range: LSPRange
        if let given = LSPRange(argument["range"]) {
            range = given
        } else if let position = LSPPosition(argument["position"]) {
            range = LSPRange(start: position, end: position)
        } else {
            throw Failure("\(command): the argument has no \"position\" or \"range\"")
        }
        let target: Target
        if let to = argument["to"] {
            guard let index = to.int else { throw Failure("\(command): \"to\" is an index, from 0") }
            target = .index(index)
        } else {
            switch argument["direction"]?.string {
            case "up": target = .up
            case "down": target = .down
            case "top": target = .top
            case "bottom": target = .bottom
            default: throw Failure("\(command): \"direction\" is \"up\", \"down\", \"top\" or \"bottom\" (or give \"to\": INDEX)")
            }
        }
        let selection: Selection?
        do {
            selection = try self.selection(document, range)
        } catch let error as any FormatReadError {
            let path = document.path ?? uri
            // SAFETY: the bytes of `document.text.bytes` are only read inside the closure, and no pointer to them leaves it.
            let message = document.text.bytes.withUnsafeBytes { Messages.describe(FormatErrorInInput(error, name: path, source: $0), input: path) }
            throw Failure(message)
        }
        guard let selection else {
            throw Failure("no list item at line \(range.start.line + 1), character \(range.start.character + 1) of \(document.path ?? uri)")
        }
        guard let new = try moved(document, selection, target) else {
            let list = listName(selection.place.tokens)
            let why: String
            switch target {
            case .up, .top: why = "it is the first of \(list)"
            case .down, .bottom: why = "it is the last of \(list)"
            default: why = "it is at that place in \(list) already"
            }
            throw Failure("\(name(selection)) does not move: " + (selection.list.count == 1 ? "it is the only item of \(list)" : why))
        }
        return workspaceEdit(document, new, documentChanges: documentChanges)
    }
}
