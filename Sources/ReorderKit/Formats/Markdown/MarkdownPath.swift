/// How `-p` names a Markdown list: by headings from the document's first
/// heading down, then by the item whose list is meant.
///
/// - Headings nest by level: a heading's children are the headings after
///   it with a greater level, up to the next heading of its level or a
///   lower one (`#` is 1, `##` 2…; a setext heading underlined with `=`
///   is 1, with `-` 2). A document's top headings are those without a
///   parent. A token is compared, exactly, with the heading's text without
///   its `#`s (the closing ones too) and without inline markup (a link is
///   its text, a code span its code, emphasis its text), spaces collapsed.
///   A heading names the first list after it and before the next heading.
/// - A token that is a number names an index: at the start, the index of
///   a top-level list of the document (`/3`); after a list, the list
///   inside that item (`/Tools/2`, `/3/0`). A heading whose text is a
///   number is written `~3` then the number (`/Releases/~32.0`); `~0` is
///   `~`, `~1` is `/`, `~2` is `*`, as in a JSON Pointer.
struct MarkdownPath {
    enum Token: Equatable {
        case heading(String)
        case index(Int)
    }

    let tokens: [Token]

    init(_ text: String) throws {
        guard !text.isEmpty else {
            tokens = []
            return
        }
        guard text.first == "/" else {
            throw MarkdownError.nothingAtPointer(pointer: text, reason: "a path starts with '/' (\"\" is the document's one list)")
        }
        tokens = try text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { part in
            if part.hasPrefix("~3") { return .heading(try MarkdownPath.unescape(part.dropFirst(2), in: text)) }
            let token = try MarkdownPath.unescape(part[...], in: text)
            // A policy's path comes escaped again: `~3` as `~03`.
            if token.hasPrefix("~3") { return .heading(String(token.dropFirst(2))) }
            if let index = MarkdownPath.index(token) { return .index(index) }
            return .heading(token)
        }
    }

    static func index(_ token: String) -> Int? {
        guard !token.isEmpty, token.allSatisfy({ $0.isASCII && $0.isNumber }), token == "0" || token.first != "0" else { return nil }
        return Int(token)
    }

    private static func unescape(_ part: Substring, in text: String) throws -> String {
        var out = "", index = part.startIndex
        while index < part.endIndex {
            let char = part[index]
            index = part.index(after: index)
            guard char == "~" else {
                out.append(char)
                continue
            }
            guard index < part.endIndex, let escaped = ["0": "~", "1": "/", "2": "*"][part[index]] else {
                throw MarkdownError.nothingAtPointer(
                    pointer: text, reason: "'~' is written '~0' ('/' is '~1', '*' is '~2', and a heading that is a number starts with '~3')")
            }
            out += escaped
            index = part.index(after: index)
        }
        return out
    }

    /// A heading's text as a token of a path.
    static func escaped(_ heading: String) -> String {
        let escaped = heading.replacingTilde().replacingSlash()
        if index(heading) != nil { return "~3" + escaped }
        return escaped == "*" ? "~2" : escaped
    }
}

private extension String {
    func replacingTilde() -> String {
        var out = ""
        for char in self { out += char == "~" ? "~0" : String(char) }
        return out
    }

    func replacingSlash() -> String {
        var out = ""
        for char in self { out += char == "/" ? "~1" : String(char) }
        return out
    }
}

extension MarkdownBlocks {
    /// Each heading's parent heading (nil: a top heading).
    var headingParents: [Int?] {
        var parents: [Int?] = []
        var stack: [Int] = []
        for (index, heading) in headings.enumerated() {
            while let last = stack.last, headings[last].level >= heading.level { stack.removeLast() }
            parents.append(stack.last)
            stack.append(index)
        }
        return parents
    }

    /// The index of the first top-level list after heading `index` and
    /// before the next heading.
    func listUnder(heading index: Int) -> Int? {
        let start = headings[index].offset
        let end = index + 1 < headings.count ? headings[index + 1].offset : Int.max
        return listOffsets.firstIndex { $0 > start && $0 < end }
    }

    /// Whether a list follows heading `index`, or one of the headings
    /// below it (before the next heading of its level or a lower one).
    func hasList(underOrBelow index: Int) -> Bool {
        var below = index
        repeat {
            if listUnder(heading: below) != nil { return true }
            below += 1
        } while below < headings.count && headings[below].level > headings[index].level
        return false
    }

    /// The path of heading `index`, from the top heading down.
    func path(ofHeading index: Int, parents: [Int?]) -> String {
        var chain: [Int] = []
        var current: Int? = index
        while let heading = current {
            chain.append(heading)
            current = parents[heading]
        }
        return chain.reversed().map { "/" + MarkdownPath.escaped(headings[$0].text) }.joined()
    }

    /// The path that names top-level list `index`: its heading's when it
    /// is the first list under one, else its index.
    func path(ofList index: Int, parents: [Int?]) -> String {
        if let heading = headings.indices.last(where: { headings[$0].offset < listOffsets[index] }),
           listUnder(heading: heading) == index {
            let path = self.path(ofHeading: heading, parents: parents)
            // Only when the path finds it: headings with the same text
            // under one parent are refused.
            if (try? resolve(MarkdownPath(path), text: path)) != nil { return path }
        }
        return "/\(index)"
    }

    /// What a path names: a list, or (with `headingsOnly`) a heading
    /// without going further.
    enum Found {
        case list(List)
        case heading(Int?)
    }

    func resolve(_ named: MarkdownPath, text: String, headingsOnly: Bool = false) throws -> Found {
        let parents = headingParents
        var tokens = named.tokens[...]
        var list: List
        if tokens.isEmpty {
            if headingsOnly { return .heading(nil) }
            guard !lists.isEmpty else {
                throw MarkdownError.nothingAtPointer(pointer: text, reason: "the document has no list")
            }
            guard lists.count == 1 else {
                throw MarkdownError.notAList(
                    pointer: text, found: "a document of \(lists.count) lists", offset: listOffsets[1],
                    suggestions: lists.indices.map { path(ofList: $0, parents: parents) })
            }
            list = lists[0]
        } else if case .index(let index) = tokens.first! {
            guard index < lists.count else {
                throw MarkdownError.nothingAtPointer(
                    pointer: text, reason: "the document has \(lists.count) top-level list\(lists.count == 1 ? "" : "s"), so \(index) is not one of their indices")
            }
            list = lists[index]
            tokens = tokens.dropFirst()
        } else {
            var scope: Int? = nil
            while case .heading(let name) = tokens.first {
                let children = headings.indices.filter { parents[$0] == scope }
                let matching = children.filter { headings[$0].text == name }
                let place = scope.map { "the heading '\(path(ofHeading: $0, parents: parents))'" } ?? "the document"
                guard let first = matching.first else {
                    let names = children.map { "'\(headings[$0].text)'" }
                    throw MarkdownError.nothingAtPointer(
                        pointer: text,
                        reason: "\(place) has no heading '\(name)' " + (names.isEmpty ? "(it has none)" : "(its headings: \(names.joined(separator: ", ")))"))
                }
                if matching.count > 1 {
                    throw MarkdownError.cannotDelimit(what: "a second heading '\(name)' in \(place)", offset: headings[matching[1]].offset)
                }
                scope = first
                tokens = tokens.dropFirst()
            }
            if headingsOnly && tokens.isEmpty { return .heading(scope) }
            guard let heading = scope, let index = listUnder(heading: heading) else {
                throw MarkdownError.nothingAtPointer(pointer: text, reason: "no list follows that heading before the next heading")
            }
            list = lists[index]
        }
        for token in tokens {
            guard case .index(let index) = token else {
                throw MarkdownError.nothingAtPointer(pointer: text, reason: "after a list, a path names an item by its index (the list inside it)")
            }
            guard index < list.items.count else {
                throw MarkdownError.nothingAtPointer(
                    pointer: text, reason: "a list of \(list.items.count) items, so \(index) is not one of its indices")
            }
            guard let inner = list.items[index].lists.first else {
                throw MarkdownError.nothingAtPointer(pointer: text, reason: "item \(index) holds no list")
            }
            list = inner
        }
        return .list(list)
    }
}
