import ReorderKit

/// `reorder edit FILE`: the list in the user's editor, one item a line with
/// its index, as `git rebase -i` shows a rebase; the order it comes back in
/// is applied as a batch.
///
/// The view's grammar, as git's todo list has one: every line is
/// `INDEX TEXT` (an item, its text as shown, unchanged), `+ VALUE` (a new
/// item), a `#` comment or blank. Anything else is an error that names the
/// line, writes nothing and keeps the view for `reorder edit --from`: a
/// damaged index must never turn an item into a delete and an insert.
struct EditCommand {
    let parsed: ParsedArguments
    let readOptions: ReadOptions
    let console: Console

    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        try EditCommand(parsed: parsed, readOptions: try parsed.readOptions(severalLists: true), console: runner.console).run()
    }

    func run() throws -> Int32 {
        let inputs = parsed.positionals
        guard inputs.count == 1, !InputBytes.namesStandardInput(inputs[0]) else {
            throw UsageError.wrongInputCount(command: "edit", expected: "one FILE", given: inputs.count)
        }
        let path = inputs[0]
        if parsed.value(.document) == "*" { throw parsed.severalListsRefused(by: "edit") }
        let from = parsed.value(.from)
        // Said at the start, as pick says it: the edit is not lost to it.
        // (Once the file is read: an error reading it comes first.)
        func notWritable() -> String? {
            guard from == nil, let reason = PickCommand.whyNotWritable(path) else { return nil }
            try? console.standardError.write("reorder: \(path) cannot be written (\(reason)); your edit will be kept "
                                             + "in a file to apply once it can\n")
            try? console.standardError.flush()
            return reason
        }
        if Session.namesSeveralLists(parsed) {
            let sections = try Session.readSections(path, parsed: parsed, readOptions: readOptions, console: console)
            let notWritable = notWritable()
            let expected = FileSnapshot(sections.loaded.content)
            let hash = expected?.hash ?? FileSnapshot.hash(sections.loaded.content.bytes)
            let document = sections.document
            let shown = (0..<document.sectionCount).map { EditCommand.shownItems(of: document.list($0)) }
            let view = EditCommand.sectionsView(shown, pointers: sections.pointers, name: path, hash: hash,
                                                notWritable: notWritable)
            return try withExtendedLifetime(sections.loaded) {
                try session(path, view: view, hash: hash, count: shown.map(\.count).reduce(0, +), expected: expected) { edited in
                    let result = try EditCommand.parseSections(edited, shown: shown, pointers: sections.pointers)
                    if result.allSatisfy(\.isEmpty) && shown.contains(where: { !$0.isEmpty }) { throw EditError.empty }
                    let unchanged = result.enumerated().allSatisfy { section, items in
                        items == (0..<shown[section].count).map { .existing(ItemPath(section: section, item: $0)) }
                    }
                    if unchanged { return nil }
                    return (.sections(SectionsEdit(pointers: sections.pointers, result: result)), {
                        Session.keptSectionsScript(result, document: document, hash: hash, path: path, command: .edit)
                    })
                }
            }
        }
        let input = try Session.read(path, readOptions: readOptions, console: console)
        let notWritable = notWritable()
        let expected = FileSnapshot(input.loaded.content)
        let hash = expected?.hash ?? FileSnapshot.hash(input.loaded.content.bytes)
        let items = withExtendedLifetime(input) { EditCommand.shownItems(of: input.document) }
        // With --groups comments, each heading is a header line that stays.
        if let groups = withExtendedLifetime(input, { input.document.headedGroupTitles() }) {
            var shown: [[ShownItem]] = []
            var start = 0
            for group in groups {
                shown.append(Array(items[start..<start + group.count]))
                start += group.count
            }
            let titles = groups.map(\.title)
            let view = EditCommand.sectionsView(shown, pointers: titles, name: path, hash: hash,
                                                notWritable: notWritable, sections: .groups)
            return try withExtendedLifetime(input) {
                try session(path, view: view, hash: hash, count: items.count, expected: expected) { edited in
                    let result = try EditCommand.parseSections(edited, shown: shown, pointers: titles)
                    if result.allSatisfy(\.isEmpty) && !items.isEmpty { throw EditError.empty }
                    let unchanged = result.enumerated().allSatisfy { section, items in
                        items == (0..<shown[section].count).map { .existing(ItemPath(section: section, item: $0)) }
                    }
                    if unchanged { return nil }
                    let starts = shown.indices.map { shown[..<$0].map(\.count).reduce(0, +) }
                    let order = result.joined().map { item -> ListOrderEntry in
                        switch item {
                        case .existing(let path): return .item(starts[path.section] + path.item)
                        case .new(let value): return .new(value)
                        }
                    }
                    return (.list(PreparedEdit(.groups(result), options: EditOptions())), {
                        Session.keptScript(count: items.count, order: order, document: input.document, hash: hash,
                                           path: path, command: .edit)
                    })
                }
            }
        }
        let view = EditCommand.view(items, name: path, pointer: readOptions.pointer, hash: hash,
                                    notWritable: notWritable)
        return try withExtendedLifetime(input) {
            try session(path, view: view, hash: hash, count: items.count, expected: expected) { edited in
                let order = try EditCommand.parse(edited, items: items)
                guard !order.isEmpty else { throw EditError.empty }
                // The new order as a batch: the old items by index, new lines
                // as values; the fewest moves.
                let script = ListOrder.batchScript(count: items.count, order: order)
                if script.isEmpty { return nil }
                var batch = BatchScript()
                // SAFETY: the bytes of `script` are only read inside the closure, and no pointer to them leaves it.
                try script.withUnsafeBytes { try batch.append(script: $0, name: "order") }
                return (.list(PreparedEdit(.batch(batch, sequential: false), options: EditOptions())), {
                    Session.keptScript(count: items.count, order: order, document: input.document, hash: hash,
                                       path: path, command: .edit)
                })
            }
        }
    }

    /// The view in the editor (or from `--from`), read back by `plan`
    /// (nil: no change; else the edit and the script kept should the
    /// file have changed), and the edit applied.
    private func session(_ path: String, view: [UInt8], hash: UInt64, count: Int, expected: FileSnapshot?,
                         plan: (UnsafeRawBufferPointer) throws -> (JobEdit, () -> [UInt8])?) throws -> Int32 {
        let readArguments = Session.readArguments(parsed)
        let from = parsed.value(.from)
        // The view comes from the editor, or, with --from, from a view
        // kept by an earlier run and fixed since.
        let viewPath: String
        var keepView = false
        let edited: InputBytes
        if let from {
            viewPath = from
            edited = try InputBytes.read(path: from)
            try EditCommand.checkOrigin(edited.bytes, hash: hash, count: count, view: from, file: path)
        } else {
            viewPath = try Session.keep(view, command: .edit, suffix: ".txt")
            let status = EditCommand.runEditor(on: viewPath)
            guard status == 0 else {
                // Edited, then quit with an error: the work is kept, and
                // said where.
                guard let read = try? InputBytes.read(path: viewPath), !read.bytes.elementsEqual(view) else {
                    System.removeFile(viewPath)
                    throw EditError.editorFailed(status: status)
                }
                throw EditError.editorFailedViewKept(status: status, view: viewPath, retry: Session.shellLine(
                    ["reorder", "edit", Option.from.spelled, viewPath, path] + readArguments))
            }
            do {
                edited = try InputBytes.read(path: viewPath)
            } catch {
                System.removeFile(viewPath)
                throw error
            }
        }
        defer { if !keepView && from == nil { System.removeFile(viewPath) } }
        // With --from, the view is the user's file: fixed and applied again.
        let retry = from == nil
            ? Session.shellLine(["reorder", "edit", Option.from.spelled, viewPath, path] + readArguments) : nil

        let planned: (JobEdit, () -> [UInt8])?
        do {
            planned = try plan(edited.bytes)
        } catch let error as ViewLineError {
            keepView = true
            throw EditError.badLine(error.problem, line: error.line, view: viewPath, file: path, retry: retry)
        }
        guard let (edit, kept) = planned else {
            // An editor that returns at once (`code` without `--wait`)
            // leaves the view as it was shown.
            let untouched = from == nil && edited.bytes.elementsEqual(view)
            try? console.standardError.write("reorder: \(path): no change" + (untouched
                ? " (the view came back as it was shown; an editor that returns at once needs its wait option, "
                    + "such as 'code --wait')" : "") + "\n")
            try? console.standardError.flush()
            return ExitStatus.success
        }
        do {
            try Session.apply(edit, kept: kept, to: path, readOptions: readOptions, verbose: parsed.has(.verbose),
                              console: console, expected: expected, command: .edit, readArguments: readArguments)
        } catch let error as SessionError {
            // The order is kept as a batch script, which the message names.
            throw error
        } catch {
            // Whatever fails after the editor (the file cannot be written,
            // a new item's value the list cannot take): the view is kept,
            // and the message says where.
            guard retry != nil || !(error is SystemError || error is FileError) else { throw error }
            keepView = true
            throw ViewNotApplied(error: error, view: viewPath, file: path, retry: retry)
        }
        return ExitStatus.success
    }

    // MARK: - Several lists

    /// A section's header line in the view of several lists: `## LIST`.
    static let headerPrefix = "## "

    /// The view of several lists: each list under its header line
    /// (`## /dependencies`), its items as `S:I TEXT`, then the rules.
    /// What the sections of a view are: lists, or the groups of one list
    /// under its comment headings.
    enum SectionKind {
        case lists, groups
    }

    static func sectionsView(_ sections: [[ShownItem]], pointers: [String], name: String, hash: UInt64,
                             notWritable: String? = nil, sections kind: SectionKind = .lists) -> [UInt8] {
        var out: [UInt8] = []
        if let notWritable {
            out += Array("# \(name) cannot be written (\(notWritable)): your edit will be kept in this file, to apply with\n# 'reorder edit --from VIEW FILE' once it can.\n".utf8)
        }
        for (section, items) in sections.enumerated() {
            if section > 0 { out.append(0x0A) }
            out += Array((headerPrefix + pointers[section] + "\n").utf8)
            for (index, item) in items.enumerated() {
                out += Array("\(section):\(index) ".utf8) + item.text + [0x0A]
            }
        }
        let total = sections.map(\.count).reduce(0, +)
        let about = kind == .lists ? """
            # Reorder the items of \(sections.count) lists of \(name): put the lines in the order you
            # want. Each list's items follow its header line, '## LIST'; a line moved
            # under another header moves its item into that list. Keep the header
            # lines as they are, one each, in this order: a view whose headers were
            # removed, changed or reordered is refused.
            # Each item line is 'S:I TEXT': item I of list S, moved with its line,
            """ : """
            # Reorder the items of \(name), in \(sections.count) groups under their comment headings: put
            # the lines in the order you want. Each group's items follow its header
            # line, '## HEADING'; a line moved under another header moves its item
            # into that group, and the headings stay on their lines in the file.
            # Keep the header lines as they are, one each, in this order: a view
            # whose headers were removed, changed or reordered is refused.
            # Each item line is 'S:I TEXT': item I of group S, moved with its line,
            """
        out += Array("""

            \(about)
            # deleted when its line is deleted. TEXT is only shown (shortened with
            # '…' where it is long; after a '\\' where it starts with '#', '+' or
            # '\\') and must stay as it is.
            # '+ VALUE' adds a new item to the \(kind == .lists ? "list" : "group") it is under: VALUE as
            # 'reorder insert' takes it.
            # Blank lines and other lines that start with '#' are ignored. Any other
            # line is an error: nothing is written, and this view is kept to fix and
            # apply with 'reorder edit --from VIEW FILE'.
            # Save and quit to apply; quit with an error (:cq in vi) to cancel: then
            # nothing is written.
            \(originPrefix)\(FileSnapshot.hex(hash)), \(total) items (of \(name), \(sections.count) \(kind == .lists ? "lists" : "groups"); checked by 'reorder edit --from')

            """.utf8)
        return out
    }

    /// The edited view of several lists: each section's items after, by
    /// their paths as read, and new items.
    static func parseSections(_ bytes: UnsafeRawBufferPointer, shown: [[ShownItem]],
                              pointers: [String]) throws -> [[SectionedItem]] {
        var result: [[SectionedItem]] = []
        var seen = Set<ItemPath>()
        var number = 0
        let header = Array(headerPrefix.utf8)
        var headerLines: [Int] = []
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var line = Array(rawLine)
            if line.last == 0x0D { line.removeLast() }
            let content = line.drop(while: isBlank)
            if content.starts(with: header) {
                let list = String(decoding: trimmed(content.dropFirst(header.count)), as: UTF8.self)
                let section = result.count
                guard section < pointers.count, list == pointers[section] else {
                    throw ViewLineError(line: number, problem: .headerChanged(found: list, expected: section < pointers.count
                        ? pointers[section] : nil, lists: pointers))
                }
                result.append([])
                headerLines.append(number)
                continue
            }
            if content.isEmpty || content.first == UInt8(ascii: "#") { continue }
            guard !result.isEmpty else {
                throw ViewLineError(line: number, problem: .beforeFirstHeader(header: headerPrefix + pointers[0]))
            }
            if content.first == UInt8(ascii: "+"), content.count >= 2, isBlank(content[content.startIndex + 1]) {
                let value = Array(content.dropFirst(2))
                let bare = trimmed(value)
                for (section, items) in shown.enumerated() {
                    if let index = items.firstIndex(where: { $0.shortened && (bare == trimmed($0.text) || bare == trimmed($0.plain)) }) {
                        throw ViewLineError(line: number, problem: .shortenedValue(index: "\(section):\(index)"))
                    }
                }
                result[result.count - 1].append(.new(value))
                continue
            }
            let sectionDigits = content.prefix { $0 >= 0x30 && $0 <= 0x39 }
            let afterSection = content.dropFirst(sectionDigits.count)
            let itemDigits = afterSection.dropFirst().prefix { $0 >= 0x30 && $0 <= 0x39 }
            let rest = afterSection.dropFirst(1 + itemDigits.count)
            guard !sectionDigits.isEmpty, afterSection.first == UInt8(ascii: ":"), !itemDigits.isEmpty,
                  rest.isEmpty || isBlank(rest.first!) else {
                throw ViewLineError(line: number, problem: .notUnderstood(text: String(decoding: content, as: UTF8.self),
                                                                          paths: true))
            }
            let written = String(decoding: content.prefix(sectionDigits.count + 1 + itemDigits.count), as: UTF8.self)
            guard let section = Int(String(decoding: sectionDigits, as: UTF8.self)), section < shown.count,
                  let index = Int(String(decoding: itemDigits, as: UTF8.self)), index < shown[section].count else {
                throw ViewLineError(line: number, problem: .noSuchPath(path: written, counts: shown.map(\.count)))
            }
            let text = trimmed(rest)
            let item = shown[section][index]
            guard text == trimmed(item.text) || text == trimmed(item.plain) else {
                throw ViewLineError(line: number, problem: .textChanged(index: written,
                                                                       shown: String(decoding: item.text, as: UTF8.self)))
            }
            guard seen.insert(ItemPath(section: section, item: index)).inserted else {
                throw ViewLineError(line: number, problem: .itemTwice(index: written))
            }
            result[result.count - 1].append(.existing(ItemPath(section: section, item: index)))
        }
        guard result.count == pointers.count else {
            throw ViewLineError(line: max(number - 1, 1), problem: .headerChanged(found: nil, expected: pointers[result.count],
                                                                                  lists: pointers))
        }
        return result
    }

    /// A line of the edited file: an item by its index, or a new item.
    typealias Line = ListOrderEntry

    /// An item as the view shows it.
    struct ShownItem: Equatable {
        /// After its index: on one line, escaped where it would start with
        /// `#`, `+` or `\`.
        let text: [UInt8]
        /// Without that escape.
        let plain: [UInt8]
        /// Cut short with `…`: never a value.
        let shortened: Bool
    }

    static func shownItems(of document: ListDocument) -> [ShownItem] {
        (0..<document.count).map { index in
            let value = document.layout.valueText(ofItem: index) ?? Array(document.itemBytes(index))
            let (line, shortened) = shownLine(value)
            let plain = Array(line.drop { $0 == 0x20 })
            // A line whose index is lost must not read as a comment (a
            // delete) or a new item: such a text starts with a backslash.
            let escaped = plain.first.map { [UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "\\")].contains($0) } ?? false
            return ShownItem(text: escaped ? [UInt8(ascii: "\\")] + plain : plain, plain: plain, shortened: shortened)
        }
    }

    /// The line that names where a view was made from, so that `--from`
    /// applies it only to that list: `# reorder view: hash H, N items (...)`.
    static let originPrefix = "# reorder view: hash "

    /// The text the editor shows: `INDEX TEXT` a line, then the rules.
    /// `notWritable`: why FILE cannot be written, said at the top.
    static func view(_ items: [ShownItem], name: String, pointer: String, hash: UInt64,
                     notWritable: String? = nil) -> [UInt8] {
        var out: [UInt8] = []
        if let notWritable {
            out += Array("# \(name) cannot be written (\(notWritable)): your edit will be kept in this file, to apply with\n# 'reorder edit --from VIEW FILE' once it can.\n".utf8)
        }
        for (index, item) in items.enumerated() {
            out += Array("\(index) ".utf8) + item.text + [0x0A]
        }
        let list = pointer.isEmpty ? name : "\(name) (\(pointer))"
        out += Array("""

            # Reorder the items of \(list): put the lines in the order you want.
            # Each line is 'INDEX TEXT': the item at INDEX, moved with its line,
            # deleted when its line is deleted. TEXT is only shown (shortened
            # with '…' where it is long; after a '\\' where it starts with '#',
            # '+' or '\\') and must stay as it is.
            # '+ VALUE' adds a new item: VALUE as 'reorder insert' takes it.
            # Blank lines and lines that start with '#' are ignored. Any other
            # line is an error: nothing is written, and this view is kept to fix
            # and apply with 'reorder edit --from VIEW FILE'.
            # Save and quit to apply; quit with an error (:cq in vi), or leave no
            # item, to cancel: then nothing is written.
            \(originPrefix)\(FileSnapshot.hex(hash)), \(items.count) items (of \(list); checked by 'reorder edit --from')

            """.utf8)
        return out
    }

    /// An item on one line: line breaks and tabs as spaces, other control
    /// bytes as `?`, and at most 100 characters.
    static func shown(_ text: [UInt8]) -> [UInt8] { shownLine(text).text }

    /// `shown`, and whether it was cut short.
    static func shownLine(_ text: [UInt8]) -> (text: [UInt8], shortened: Bool) {
        var out: [UInt8] = []
        var lastWasSpace = false
        for byte in text {
            let mapped: UInt8 = byte == 0x0A || byte == 0x0D || byte == 0x09 ? 0x20 : (byte < 0x20 || byte == 0x7F ? UInt8(ascii: "?") : byte)
            if mapped == 0x20 && lastWasSpace { continue }
            lastWasSpace = mapped == 0x20
            out.append(mapped)
        }
        let characters = String(decoding: out, as: UTF8.self)
        guard characters.count > 100 else { return (out, false) }
        return (Array((String(characters.prefix(99)) + "…").utf8), true)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func trimmed<C: BidirectionalCollection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        Array(bytes.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }

    /// The lines of the edited view: items by index, new items, in order.
    /// `items`: what the view showed, by index.
    static func parse(_ bytes: UnsafeRawBufferPointer, items: [ShownItem]) throws -> [Line] {
        var lines: [Line] = []
        var seen = Set<Int>()
        var number = 0
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var line = Array(rawLine)
            if line.last == 0x0D { line.removeLast() }
            let content = line.drop(while: isBlank)
            if content.isEmpty || content.first == UInt8(ascii: "#") { continue }
            if content.first == UInt8(ascii: "+"), content.count >= 2, isBlank(content[content.startIndex + 1]) {
                let value = Array(content.dropFirst(2))
                // A shortened text is what the view showed, not the value.
                let bare = trimmed(value)
                if let index = items.firstIndex(where: { $0.shortened && (bare == trimmed($0.text) || bare == trimmed($0.plain)) }) {
                    throw ViewLineError(line: number, problem: .shortenedValue(index: String(index)))
                }
                lines.append(.new(value))
                continue
            }
            let digits = content.prefix { $0 >= 0x30 && $0 <= 0x39 }
            let rest = content.dropFirst(digits.count)
            guard !digits.isEmpty, rest.isEmpty || isBlank(rest.first!) else {
                throw ViewLineError(line: number, problem: .notUnderstood(text: String(decoding: content, as: UTF8.self)))
            }
            guard let index = Int(String(decoding: digits, as: UTF8.self)), index < items.count else {
                throw ViewLineError(line: number, problem: .noSuchItem(index: String(decoding: digits, as: UTF8.self),
                                                                       count: items.count))
            }
            // The text after the index says which item the user saw there:
            // changed, it is no longer a move of that item.
            let text = trimmed(rest)
            guard text == trimmed(items[index].text) || text == trimmed(items[index].plain) else {
                throw ViewLineError(line: number, problem: .textChanged(index: String(index),
                                                                       shown: String(decoding: items[index].text, as: UTF8.self)))
            }
            guard seen.insert(index).inserted else { throw ViewLineError(line: number, problem: .itemTwice(index: String(index))) }
            lines.append(.item(index))
        }
        return lines
    }

    /// With --from: the view must say it was made from the list as it is
    /// now, or its indices could name other items.
    static func checkOrigin(_ bytes: UnsafeRawBufferPointer, hash: UInt64, count: Int, view: String, file: String) throws {
        let prefix = Array(originPrefix.utf8)
        for rawLine in bytes.split(separator: 0x0A) {
            let line = Array(rawLine.drop(while: isBlank))
            guard line.starts(with: prefix) else { continue }
            let rest = String(decoding: line.dropFirst(prefix.count), as: UTF8.self)
            guard rest.hasPrefix(FileSnapshot.hex(hash) + ", \(count) items") else {
                throw EditError.viewOfOtherContent(view: view, file: file)
            }
            return
        }
        throw EditError.viewWithoutOrigin(view: view, file: file)
    }

    /// Runs `$VISUAL`, `$EDITOR` or `vi` on `path` through the shell, as
    /// git does, and returns its exit status (128 + the signal that ended
    /// it).
    static func runEditor(on path: String) -> Int32 {
        let editor = [System.environment("VISUAL"), System.environment("EDITOR")]
            .compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        return Subprocess.runAttached(["/bin/sh", "-c", editor + " \"$1\"", "sh", path])
    }
}

/// What is wrong with a line of the edited view.
enum ViewProblem: Equatable {
    /// Neither `INDEX TEXT` (`S:I TEXT` with several lists), nor `+ VALUE`,
    /// nor a comment or blank.
    case notUnderstood(text: String, paths: Bool = false)
    /// An index past the end (as written: it may be too long for an Int).
    case noSuchItem(index: String, count: Int)
    /// Several lists: an index path `S:I` that names no item.
    case noSuchPath(path: String, counts: [Int])
    /// An item named twice (its index, or its path `S:I`).
    case itemTwice(index: String)
    /// The text after the index is not what the view showed there.
    case textChanged(index: String, shown: String)
    /// `+ VALUE` whose value is an item's text as shortened for the view.
    case shortenedValue(index: String)
    /// Several lists: a header line `## LIST` that is not the next list's
    /// (`expected`, nil: there is none), or a list's header missing
    /// (`found` nil).
    case headerChanged(found: String?, expected: String?, lists: [String])
    /// Several lists: an item line before the first header.
    case beforeFirstHeader(header: String)
}

/// A problem on a line (counted from 1) of the edited view.
struct ViewLineError: Error, Equatable {
    let line: Int
    let problem: ViewProblem
}

/// Errors of `edit`.
enum EditError: Error, Equatable {
    case editorFailed(status: Int32)
    /// The editor exited with `status` after the view was changed: the
    /// view is kept in `view`; `retry` applies it.
    case editorFailedViewKept(status: Int32, view: String, retry: String)
    case empty
    /// Line `line` of the view `view` (kept, or given with --from) is
    /// wrong; nothing is written to `file`. `retry`: the command that
    /// applies the view once fixed (nil with --from: the same again).
    case badLine(ViewProblem, line: Int, view: String, file: String, retry: String?)
    /// --from with a view that does not say which list it shows.
    case viewWithoutOrigin(view: String, file: String)
    /// --from with a view of another list, or of the file before it changed.
    case viewOfOtherContent(view: String, file: String)

    /// The user cancelled (exit status 1), rather than made a mistake (2).
    var cancels: Bool {
        switch self {
        case .editorFailed, .editorFailedViewKept, .empty: return true
        default: return false
        }
    }
}

/// The edited view read well, but the list refused what it asked (a new
/// item's value that is not JSON): `error`; the view is kept as for a bad
/// line.
struct ViewNotApplied: Error {
    let error: Error
    let view: String
    let file: String
    let retry: String?
}

extension Messages {
    static func describe(_ error: EditError) -> String {
        switch error {
        case .editorFailed(let status):
            return "the editor exited with status \(status); nothing is written"
        case .editorFailedViewKept(let status, let view, let retry):
            return "the editor exited with status \(status); nothing is written; the edited view is kept in \(view) "
                + "(apply it with '\(retry)')"
        case .empty:
            return "the edited list has no item left; nothing is written (to delete every item, use 'reorder delete 0...')"
        case .badLine(let problem, let line, let view, let file, let retry):
            return "\(view):\(line): " + describe(problem) + "; nothing is written to \(file)" + keptView(view, retry: retry)
        case .viewWithoutOrigin(let view, let file):
            return "\(view): no line '\(EditCommand.originPrefix)...' says which list the view shows; "
                + "nothing is written to \(file) (run 'reorder edit \(file)' for a new view)"
        case .viewOfOtherContent(let view, let file):
            return "\(view): the view was made from another \(file) (the file changed since, or another list); "
                + "its indices would name other items, so nothing is written (run 'reorder edit \(file)' for a new view)"
        }
    }

    static func describe(_ error: ViewNotApplied) -> String {
        // The message names the file first: a format's error, named where
        // it was caught, is said without the name again.
        let inner = (error.error as? FormatErrorInInput)?.unnamed ?? error.error
        let described = describe(inner, input: nil)
        // A system call's message names its own path; the view was fine.
        if inner is SystemError || inner is FileError, let retry = error.retry {
            let named = described.hasPrefix(error.file + ":") ? described : "\(error.file): " + described
            return named + "; nothing is written; the edited view is kept in \(error.view) (apply it with '\(retry)')"
        }
        return "\(error.file): " + described + "; nothing is written" + keptView(error.view, retry: error.retry)
    }

    private static func keptView(_ view: String, retry: String?) -> String {
        guard let retry else { return "; fix \(view) and run again" }
        return "; the edited view is kept in \(view): fix it, then apply it with '\(retry)'"
    }

    static func describe(_ problem: ViewProblem) -> String {
        switch problem {
        case .notUnderstood(let text, let paths):
            return "'\(shortened(text))' is neither '\(paths ? "S:I" : "INDEX") TEXT' (an item) nor '+ VALUE' (a new item)"
        case .noSuchPath(let path, let counts):
            let lists = counts.enumerated().map { "\($0.offset): \($0.element) \($0.element == 1 ? "item" : "items")" }
            return "'\(shortened(path))' names no item: the lists have \(lists.joined(separator: ", "))"
        case .headerChanged(let found, let expected, let lists):
            let all = lists.map { "'\(EditCommand.headerPrefix)\($0)'" }.joined(separator: ", ")
            let what: String
            if let found, let expected {
                what = "the header '\(EditCommand.headerPrefix)\(shortened(found))' is not the next list's, '\(EditCommand.headerPrefix)\(shortened(expected))'"
            } else if let found {
                what = "the header '\(EditCommand.headerPrefix)\(shortened(found))' is one too many"
            } else {
                what = "the header '\(EditCommand.headerPrefix)\(shortened(expected ?? ""))' is missing"
            }
            return what + "; the view must keep its header lines as they were, one each, in this order: \(all)"
        case .beforeFirstHeader(let header):
            return "an item before the first header line ('\(shortened(header))'); every item is under its list's header"
        case .noSuchItem(let index, let count):
            let range = count == 0 ? "no items" : "\(count) \(count == 1 ? "item" : "items") (0...\(count - 1))"
            return "'\(shortened(index))' names no item: the list has \(range)"
        case .itemTwice(let index):
            return "item \(index) is named a second time"
        case .textChanged(let index, let shown):
            return "the text of item \(index) is not what the view showed ('\(shortened(shown))'): an index line only "
                + "moves its item; to change an item, delete its line and add '+ VALUE'"
        case .shortenedValue(let index):
            return "'+' gives item \(index)'s text as the view shortened it, not a value; write the whole value"
        }
    }

    /// A line's text in a message: at most 60 characters.
    private static func shortened(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(59)) + "…" : text
    }
}
