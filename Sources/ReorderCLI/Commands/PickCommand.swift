#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ReorderKit

/// `reorder pick FILE`: the list full-screen on the terminal, one item a
/// line; items are grabbed, dragged and dropped with the keys, and the new
/// order is applied as one batch, as `edit` applies it.
struct PickCommand {
    let parsed: ParsedArguments
    let readOptions: ReadOptions
    let console: Console

    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        try PickCommand(parsed: parsed, readOptions: try parsed.readOptions(severalLists: true), console: runner.console).run()
    }

    func run() throws -> Int32 {
        var inputs = parsed.positionals
        if inputs.isEmpty && !System.isTerminal(0) { inputs = ["-"] }
        guard inputs.count == 1 else {
            throw UsageError.wrongInputCount(command: "pick", expected: "one FILE (or a list on standard input)",
                                             given: inputs.count)
        }
        let path = inputs[0]
        // Standard input is read once, kept for the batch that writes it out.
        var console = self.console
        if InputBytes.namesStandardInput(path) {
            let content = try console.readStandardInput()
            console.standardInput = Array(content.bytes)
        }
        if parsed.value(.document) == "*" { throw parsed.severalListsRefused(by: "pick") }
        if Session.namesSeveralLists(parsed) { return try runSections(path, console: console) }
        let input = try Session.read(path, readOptions: readOptions, console: console)
        // The moves name items by position in what was read: they are
        // written only onto the file as it was (nil: standard input).
        let expected = FileSnapshot(input.loaded.content)
        let texts = withExtendedLifetime(input) { PickCommand.texts(input.document) }
        let title = readOptions.pointer.isEmpty ? input.name : "\(input.name) \(readOptions.pointer)"
        // With --groups comments, the headings are header rows that stay.
        let groups = withExtendedLifetime(input) { input.document.headedGroupTitles() }
        if let groups {
            var screen = PickScreen(model: PickModel(sectionCounts: groups.map(\.count), texts: texts), texts: texts,
                                    title: title, color: color)
            screen.sectionTitles = groups.map(\.title)
            func kept(_ model: PickModel) -> [UInt8] {
                withExtendedLifetime(input) {
                    Session.keptScript(count: texts.count, order: model.order.filter { $0 >= 0 }.map { .item($0) },
                                       document: input.document, hash: expected?.hash ?? 0, path: path, command: .pick)
                }
            }
            return try session(&screen, path: path, console: console, expected: expected, kept: kept) { model in
                .list(PreparedEdit(.groups(model.sectionedItems), options: EditOptions()))
            }
        }
        var screen = PickScreen(model: PickModel(count: texts.count, texts: texts), texts: texts, title: title,
                                color: color)
        // The order kept should the file change: items named by value.
        func kept(_ model: PickModel) -> [UInt8] {
            withExtendedLifetime(input) {
                Session.keptScript(count: texts.count, order: model.order.map { .item($0) },
                                   document: input.document, hash: expected?.hash ?? 0, path: path, command: .pick)
            }
        }
        return try session(&screen, path: path, console: console, expected: expected, kept: kept) { model in
            var batch = BatchScript()
            let script = model.batchScript
            // SAFETY: the bytes of `script` are only read inside the closure, and no pointer to them leaves it.
            try script.withUnsafeBytes { try batch.append(script: $0, name: "order") }
            return .list(PreparedEdit(.batch(batch, sequential: false), options: EditOptions()))
        }
    }

    /// `pick -p A -p B FILE` (or a `-p` pattern that names several lists):
    /// each list a section under a header; an item dragged past a header
    /// moves into that list, and the sections are written as one edit.
    func runSections(_ path: String, console: Console) throws -> Int32 {
        let name = InputBytes.namesStandardInput(path) ? "<stdin>" : path
        let (loaded, pointers, document) = try Session.readSections(path, parsed: parsed, readOptions: readOptions,
                                                                    console: console)
        let expected = FileSnapshot(loaded.content)
        var texts: [[UInt8]] = []
        for section in 0..<document.sectionCount { texts += PickCommand.texts(document.list(section)) }
        let model = PickModel(sectionCounts: (0..<document.sectionCount).map { document.count(ofSection: $0) }, texts: texts)
        let title = "\(name) · \(pointers.count) lists"
        var screen = PickScreen(model: model, texts: texts, title: title, color: color)
        screen.sectionTitles = pointers.map { $0.isEmpty ? "(root)" : $0 }
        func kept(_ model: PickModel) -> [UInt8] {
            withExtendedLifetime(loaded) {
                Session.keptSectionsScript(model.sectionedItems, document: document, hash: expected?.hash ?? 0, path: path,
                                           command: .pick)
            }
        }
        return try withExtendedLifetime(loaded) {
            try session(&screen, path: path, console: console, expected: expected, kept: kept) { model in
                .sections(SectionsEdit(model, pointers: pointers))
            }
        }
    }

    /// Each item's text on one line: as edit shows them, without the
    /// indentation an item of several lines starts with.
    static func texts(_ document: ListDocument) -> [[UInt8]] {
        (0..<document.count).map { index in
            Array(EditCommand.shown(document.layout.valueText(ofItem: index) ?? Array(document.itemBytes(index)))
                .drop { $0 == 0x20 })
        }
    }

    var color: Bool {
        switch parsed.value(.color) ?? "auto" {
        case "always": return true
        case "never": return false
        default: return !console.noColor && System.environment("TERM") != "dumb"
        }
    }

    /// The screen on the terminal until the user writes or leaves; then
    /// the edit `edit` makes of the model written (or its batch printed).
    private func session(_ screen: inout PickScreen, path: String, console: Console, expected: FileSnapshot?,
                         kept: (PickModel) -> [UInt8], edit: (PickModel) throws -> JobEdit) throws -> Int32 {
        // Said at the start, not at `w`: the work is not lost to it.
        let printing = parsed.has(.print)
        if !printing && !InputBytes.namesStandardInput(path), let reason = PickCommand.whyNotWritable(path) {
            screen.readOnly = true
            screen.note = "read-only (\(reason)): w offers another file or the batch script"
        }
        let readArguments = Session.readArguments(parsed)
        // At each drop, whether the file is still what was read: said on
        // the status line, not only at `w`.
        if let expected {
            var watch = FileWatch(path: path, expected: expected)
            screen.watch = { watch.changeNote() }
        }

        var outcome: PickScreen.Outcome
        do {
            let terminal = try Terminal()
            terminal.enter()
            defer { terminal.leave() }
            outcome = screen.run(on: terminal)
            // Written elsewhere while the screen stays: a path that cannot
            // be written is said on the status line, and the work stays.
            while case .writeElsewhere(let other) = outcome {
                do {
                    let model = screen.model
                    try Session.apply(try edit(model), kept: { kept(model) }, to: path, output: other,
                                      readOptions: readOptions,
                                      verbose: false, console: console, expected: expected, command: .pick,
                                      readArguments: readArguments)
                    break
                } catch let error as SessionError {
                    throw error
                } catch {
                    screen.note = Messages.describe(error, input: other)
                    screen.mode = .otherFile(other)
                    outcome = screen.run(on: terminal)
                }
            }
        }
        switch outcome {
        case .abort: throw PickError.left
        case .declined: throw PickError.declined
        case .write, .printScript, .writeElsewhere: break
        }
        if case .writeElsewhere = outcome { return ExitStatus.success }
        if printing || outcome == .printScript {
            // A list's groups (comment headings) as one list's order.
            let model = screen.model
            let script = model.hasSections && !Session.namesSeveralLists(parsed)
                ? ListOrder.batchScript(count: model.itemCount, order: model.order.filter { $0 >= 0 }.map { .item($0) })
                : model.batchScript
            try console.standardOutput.write(String(decoding: script, as: UTF8.self))
            return ExitStatus.success
        }
        // A file whose order did not change is not touched; standard input
        // still goes on to standard output.
        if !screen.model.changed && !InputBytes.namesStandardInput(path) { return ExitStatus.success }
        do {
            let model = screen.model
            try Session.apply(try edit(model), kept: { kept(model) }, to: path, readOptions: readOptions,
                              verbose: parsed.has(.verbose),
                              console: console, expected: expected, command: .pick, readArguments: readArguments)
        } catch let error as SessionError {
            throw error
        } catch {
            throw ErrorInSessionFile(error: error, path: path)
        }
        return ExitStatus.success
    }

    /// Why `path` cannot be written in place (as `AtomicFile` writes it: a
    /// new file renamed over it), in a few words; nil when it can.
    static func whyNotWritable(_ path: String) -> String? {
        let target: AtomicFile.Target
        do {
            target = try AtomicFile.target(for: path, mustExist: true)
        } catch let error as SystemError {
            return error.code == EROFS ? "read-only file system" : "no write permission"
        } catch {
            return "cannot be replaced"
        }
        let directory = AtomicFile.directory(of: target.resolvedPath)
        if let code = System.cannotCreateFile(in: directory) {
            return code == EROFS ? "read-only file system" : "its directory is not writable"
        }
        return nil
    }
}

/// Errors of `pick`.
enum PickError: Error, Equatable {
    /// No terminal to draw on.
    case noTerminal(reason: String)
    /// `Q` or Ctrl-C, or the terminal went away.
    case left
    /// `q`, then `n` to the question whether to write.
    case declined

    /// The user cancelled (exit status 1), rather than made a mistake (2).
    var cancels: Bool {
        if case .noTerminal = self { return false }
        return true
    }
}

extension Messages {
    static func describe(_ error: PickError) -> String {
        switch error {
        case .noTerminal(let reason):
            return "pick draws on the terminal, but /dev/tty cannot be opened (\(reason)); use 'reorder edit' or 'reorder batch'"
        case .left:
            return "left without writing; nothing is written"
        case .declined:
            return "changes not written; nothing is written"
        }
    }
}

/// What `pick` shows: the model, where the list is scrolled to, and which
/// question or overlay is up. `frame` draws it for a size, and `run` turns
/// keys into model keys until the user writes or leaves.
struct PickScreen {
    var model: PickModel
    /// Each item's text on one line, by original index.
    let texts: [[UInt8]]
    let title: String
    let color: Bool
    /// The first position shown.
    var scroll = 0
    var mode = Mode.browse
    /// A word from the command line (not from the model) for the status line.
    var note: String?
    /// The file cannot be written in place: `w` asks where the order goes.
    var readOnly = false
    /// Called at each drop: what to say when the file changed (nil: it did
    /// not).
    var watch: (() -> String?)?
    /// What `watch` said at the last drop: kept on the status line.
    var changedNote: String?
    /// Several lists: each section's header (its pointer or heading).
    var sectionTitles: [String] = []
    /// Where the last frame drew the list: its first screen row (1-based)
    /// and how many rows; a mouse report's row is read against it.
    var listTop = 2
    var listRows = 0

    enum Mode: Equatable {
        case browse
        /// Typing a search after `/`.
        case search(String)
        /// `q` with changes: write them?
        case confirmQuit
        /// `?`: the keys, until any key.
        case help
        /// `w` on a read-only file: another file, or the batch script?
        case readOnlyChoice
        /// Typing the path of the other file.
        case otherFile(String)
    }

    enum Outcome: Equatable {
        case write, declined, abort
        /// Read-only: the batch script to standard output.
        case printScript
        /// Read-only: the new list written to this path.
        case writeElsewhere(String)
    }

    static let readOnlyQuestion = "read-only: [o]ther file, [p]rint the batch script, Esc"

    /// The keys, as `?` and `reorder help pick` show them.
    static let keys: [(String, String)] = [
        ("Up Down k j", "move the cursor; while dragging, drag"),
        ("PgUp PgDn", "a page up or down (also Ctrl-B Ctrl-F)"),
        ("g G Home End", "to the top or the bottom"),
        ("Space Enter", "grab the item under the cursor; again: drop it"),
        ("mouse", "press on an item, drag, release to drop; the wheel scrolls"),
        ("Esc", "while dragging: put it back where it was"),
        ("v", "mark or unmark; grabbing a marked item drags all marked"),
        ("u Ctrl-R", "undo, redo a drop"),
        ("/ n N", "search (Enter jumps), next, previous"),
        ("w", "write the new order and leave"),
        ("q", "leave (asks whether to write changes)"),
        ("Q Ctrl-C", "leave without writing"),
        ("?", "these keys"),
    ]

    // MARK: - Keys

    mutating func run(on terminal: Terminal) -> Outcome {
        while true {
            let size = terminal.size()
            terminal.write(frame(rows: size.rows, columns: size.columns))
            switch terminal.next() {
            case .resize: continue
            case .closed: return .abort
            case .key(.control(0x1A)):
                terminal.suspend()
            case .key(.control(0x0C)):
                terminal.write(Array("\u{1B}[2J".utf8))
            case .key(let key):
                if let outcome = handle(key) { return outcome }
                if model.message == .dropped || model.message == .droppedInPlace, let watch { changedNote = watch() }
            }
        }
    }

    /// Applies one key; an outcome when the run is over.
    mutating func handle(_ key: TerminalKey) -> Outcome? {
        if case .mouse(let report) = key {
            // The mouse works on the list; a question or the help waits
            // for a key.
            if mode == .browse { mouse(report) }
            return nil
        }
        let shownNote = note
        note = nil
        switch mode {
        case .readOnlyChoice:
            switch key {
            case .character("o"), .character("O"): mode = .otherFile("")
            case .character("p"), .character("P"): return .printScript
            case .escape: mode = .browse
            case .control(0x03): return .abort
            default: break
            }
            return nil
        case .otherFile(let text):
            switch key {
            case .enter:
                if text.isEmpty { note = "type the path of the file to write, or Esc" } else { return .writeElsewhere(text) }
            case .escape: mode = .readOnlyChoice
            case .control(0x03): return .abort
            case .backspace: mode = .otherFile(String(text.dropLast()))
            case .character(let character): mode = .otherFile(text + String(character))
            default: note = shownNote
            }
            return nil
        case .help:
            mode = .browse
            return nil
        case .confirmQuit:
            switch key {
            case .character("y"), .character("Y"): return writeOrAsk()
            case .character("n"), .character("N"): return .declined
            case .control(0x03): return .abort
            case .escape: mode = .browse
            default: note = "write changes? [y/n/Esc]"; mode = .confirmQuit
            }
            return nil
        case .search(let text):
            switch key {
            case .enter:
                mode = .browse
                model.press(.search(text))
            case .escape: mode = .browse
            case .control(0x03): return .abort
            case .backspace:
                if text.isEmpty { mode = .browse } else { mode = .search(String(text.dropLast())) }
            case .character(let character): mode = .search(text + String(character))
            default: break
            }
            return nil
        case .browse:
            break
        }
        switch key {
        case .up, .character("k"), .control(0x10): model.press(.up)
        case .down, .character("j"), .control(0x0E): model.press(.down)
        case .pageUp, .control(0x02): model.press(.pageUp)
        case .pageDown, .control(0x06): model.press(.pageDown)
        case .home, .character("g"): model.press(.top)
        case .end, .character("G"): model.press(.bottom)
        case .character(" "), .enter: model.press(.grabOrDrop)
        case .escape: model.press(.cancel)
        case .character("v"): model.press(.mark)
        case .character("u"): model.press(.undo)
        case .control(0x12): model.press(.redo)
        case .character("n"): model.press(.next)
        case .character("N"): model.press(.previous)
        case .character("/"):
            if model.isDragging { note = PickScreen.dropFirst } else { mode = .search("") }
        case .character("?"): mode = .help
        case .character("w"):
            if model.isDragging { note = PickScreen.dropFirst } else { return writeOrAsk() }
        case .character("q"):
            if model.isDragging { note = PickScreen.dropFirst }
            else if model.changed { mode = .confirmQuit }
            else { return .write }
        case .character("Q"), .control(0x03): return .abort
        default: note = "? shows the keys"
        }
        return nil
    }

    static let dropFirst = "drop it first (Space) or put it back (Esc)"

    /// A press on an item grabs it (with the marked items, when it is
    /// marked), a motion drags it to the row under the pointer, across
    /// headers into their sections, and the release drops it there; the
    /// wheel moves three rows (dragging, while something is grabbed).
    mutating func mouse(_ report: MouseReport) {
        note = nil
        let position = scroll + report.row - listTop
        switch report.action {
        case .press: model.press(.press(position))
        case .drag: model.press(.dragTo(position))
        case .release: model.press(.release(position))
        case .wheelUp: for _ in 0..<3 { model.press(.up) }
        case .wheelDown: for _ in 0..<3 { model.press(.down) }
        case .other: return
        }
        if model.message == .dropped || model.message == .droppedInPlace, let watch {
            changedNote = watch()
        }
    }

    /// `w`, or `y` to q's question: write, or, on a read-only file with
    /// something to write, ask where to.
    private mutating func writeOrAsk() -> Outcome? {
        guard readOnly && model.changed else { return .write }
        mode = .readOnlyChoice
        return nil
    }

    // MARK: - Drawing

    /// The whole screen for a terminal of `rows` by `columns`: a header
    /// line, the list, a status line (on a small terminal, what fits).
    mutating func frame(rows: Int, columns: Int) -> [UInt8] {
        let rows = max(rows, 1), columns = max(columns, 1)
        let hasHeader = rows >= 3, hasStatus = rows >= 2
        let listRows = rows - (hasHeader ? 1 : 0) - (hasStatus ? 1 : 0)
        self.listRows = listRows
        listTop = hasHeader ? 2 : 1
        model.pageSize = max(listRows - 1, 1)
        // The cursor in view, the list filling the screen where it can.
        // (The header right above the cursor too, with several lists.)
        let top = model.cursor > 0 && model.header(at: model.cursor - 1) != nil ? model.cursor - 1 : model.cursor
        if top < scroll { scroll = top }
        if model.cursor >= scroll + listRows { scroll = model.cursor - listRows + 1 }
        scroll = max(0, min(scroll, model.count - listRows))

        var out: [UInt8] = Array("\u{1B}[?25l\u{1B}[H".utf8)
        var row = 1
        func line(_ text: String, style: String? = nil) {
            out += Array("\u{1B}[\(row);1H".utf8)
            if color, let style { out += Array("\u{1B}[\(style)m".utf8) }
            let shown = PickScreen.fit(text, columns, pad: color && style != nil)
            out += Array(shown.utf8)
            if color && style != nil { out += Array("\u{1B}[0m".utf8) }
            // Without wrapping, the cursor stays on the last column once it
            // is written: erasing from there would erase it.
            if shown.count < columns { out += Array("\u{1B}[K".utf8) }
            row += 1
        }
        if hasHeader {
            let count = "\(model.itemCount) \(model.itemCount == 1 ? "item" : "items")"
            line(mode == .help ? "reorder pick: keys (any key closes)" : "reorder pick: \(title) · \(count) · ? keys",
                 style: "1")
        }
        if mode == .help {
            let width = PickScreen.keys.map(\.0.count).max()! + 2
            for index in 0..<listRows {
                guard index < PickScreen.keys.count else { line(""); continue }
                let (keys, what) = PickScreen.keys[index]
                line("  " + keys + String(repeating: " ", count: width - keys.count) + what)
            }
        } else {
            let digits = model.hasSections
                ? (0..<model.itemCount).map { numberText($0).count }.max() ?? 0
                : String(max(model.count - 1, 0)).count
            for index in 0..<listRows {
                let position = scroll + index
                guard position < model.count else { line(""); continue }
                if let section = model.header(at: position) {
                    let title = section < sectionTitles.count ? sectionTitles[section] : "list \(section)"
                    let count = position + 1 < model.count ? model.order[(position + 1)...].prefix { $0 >= 0 }.count : 0
                    line("── \(title) · \(count) \(count == 1 ? "item" : "items")", style: "1;4")
                    continue
                }
                let item = model.order[position]
                let isCursor = position == model.cursor
                let isGrabbed = model.isGrabbed(at: position)
                let isMarked = model.marked.contains(item)
                let number = numberText(item)
                let text = (isCursor ? ">" : " ") + (isMarked ? "*" : " ") + (isGrabbed ? "=" : " ") + " "
                    + String(repeating: " ", count: digits - number.count) + number + " "
                    + String(decoding: texts[item], as: UTF8.self)
                var styles: [String] = []
                if isGrabbed { styles.append("1;33") } else if isMarked { styles.append("36") }
                if isCursor { styles.append("7") }
                line(text, style: styles.isEmpty ? nil : styles.joined(separator: ";"))
            }
        }
        var showCursorAt: Int? = nil
        if hasStatus {
            let status = self.status
            if case .search(let text) = mode { showCursorAt = min(text.count + 2, columns) }
            if case .otherFile(let text) = mode { showCursorAt = min(text.count + PickScreen.otherFilePrompt.count + 1, columns) }
            line(status, style: "7")
        }
        if let column = showCursorAt {
            out += Array("\u{1B}[\(rows);\(column)H\u{1B}[?25h".utf8)
        }
        return out
    }

    /// An item's number as shown: its index as read, with its section's
    /// (`S:I`) when there are several lists.
    func numberText(_ item: Int) -> String {
        guard model.hasSections else { return String(item) }
        let path = model.originalPath(of: item)
        return "\(path.section):\(path.index)"
    }

    /// The status line: the mode, what changed, what the last key did.
    var status: String {
        switch mode {
        case .search(let text): return "/" + text
        case .confirmQuit: return "write changes? [y/n/Esc]"
        case .help: return "any key closes"
        case .readOnlyChoice: return PickScreen.readOnlyQuestion
        case .otherFile(let text):
            return PickScreen.otherFilePrompt + text + (note.map { "  (\($0))" } ?? "")
        case .browse: break
        }
        var parts: [String] = []
        if readOnly { parts.append("read-only") }
        if let drag = model.drag {
            parts.append(drag.block.count == 1 ? "DRAG" : "DRAG \(drag.block.count) items")
        }
        parts.append(model.movedCount == 0 ? "no change" : "\(model.movedCount) moved")
        if !model.marked.isEmpty { parts.append("marked \(model.marked.count)") }
        if let changedNote { parts.append(changedNote) }
        if let note { parts.append(note) } else if let message = model.message { parts.append(PickScreen.describe(message)) }
        if model.itemCount > 0 { parts.append("\(model.itemNumber(at: model.cursor) + 1)/\(model.itemCount)") }
        return parts.joined(separator: " · ")
    }

    static let otherFilePrompt = "write to: "

    static func describe(_ message: PickModel.Message) -> String {
        switch message {
        case .grabbed: return "j k drag, Space drops, Esc puts back"
        case .dropped: return "dropped"
        case .droppedInPlace: return "dropped where it was"
        case .cancelled: return "put back"
        case .undone: return "undone"
        case .redone: return "redone"
        case .nothingToUndo: return "nothing to undo"
        case .nothingToRedo: return "nothing to redo"
        case .notFound(let text): return "not found: \(text)"
        case .wrapped: return "search went round the end"
        case .noSearch: return "no search yet: / to search"
        case .dropFirst: return dropFirst
        }
    }

    /// `text` in `columns` characters: shortened with `…`, or padded with
    /// spaces when `pad` (a coloured bar).
    static func fit(_ text: String, _ columns: Int, pad: Bool = false) -> String {
        let count = text.count
        if count > columns { return columns <= 1 ? String(text.prefix(columns)) : String(text.prefix(columns - 1)) + "…" }
        return pad ? text + String(repeating: " ", count: columns - count) : text
    }
}

/// `pick`'s file, looked at again at each drop: whether its content is
/// still what was read. The file is read again only when its status
/// (inode, size, times) moved since the last look; a `touch` or the same
/// bytes written again is no change.
struct FileWatch {
    let path: String
    let expected: FileSnapshot
    /// The status last looked at, and what it said.
    private var seen: stat?
    private var note: String?

    init(path: String, expected: FileSnapshot) {
        self.path = path
        self.expected = expected
    }

    /// Nil while the content is what was read; else a few words for the
    /// status line.
    mutating func changeNote() -> String? {
        let now: stat
        do {
            now = try System.status(of: path)
        } catch {
            seen = nil
            note = (error as? SystemError)?.code == ENOENT ? "\(path) was removed: w keeps your order in a file"
                : "\(path) cannot be read now"
            return note
        }
        if let seen, seen.st_dev == now.st_dev, seen.st_ino == now.st_ino, seen.st_size == now.st_size,
           seen.modifiedTime.tv_sec == now.modifiedTime.tv_sec, seen.modifiedTime.tv_nsec == now.modifiedTime.tv_nsec,
           seen.changedTime.tv_sec == now.changedTime.tv_sec, seen.changedTime.tv_nsec == now.changedTime.tv_nsec {
            return note
        }
        seen = now
        if now.st_dev == expected.device, now.st_ino == expected.inode, Int64(now.st_size) == expected.size,
           now.modifiedTime.tv_sec == expected.modifiedSeconds, now.modifiedTime.tv_nsec == expected.modifiedNanoseconds {
            note = nil
        } else if let content = try? InputBytes.read(path: path) {
            note = FileSnapshot.hash(content.bytes) == expected.hash ? nil
                : "\(path) changed on disk: w keeps your order in a file"
        } else {
            note = "\(path) cannot be read now"
        }
        return note
    }
}
