#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ReorderKit

/// What `pick` and `edit` share: a session that shows a file, lets the user
/// work for as long as they like, and then writes. The file may change in
/// that time; the user's work is then not written onto it, and not lost
/// either: it is kept in a file of its own, which the message names.
enum Session {
    /// The list of `path` as the session shows it, and a reading error
    /// with the file's name.
    static func read(_ path: String, readOptions: ReadOptions, console: Console) throws -> ListInput {
        do {
            return try ListInput.read(path, readOptions: readOptions, console: console)
        } catch {
            throw ErrorInSessionFile(error: error, path: path)
        }
    }

    /// Applies `script` (a new order's batch, as `ListOrder.batchScript`
    /// makes it) to the list of `path` as `reorder batch` would: in place,
    /// to `output`, or from standard input to standard output, with every
    /// byte outside the items kept. `expected`: the file as the session
    /// read it; when its content is no longer that, or the file is gone,
    /// nothing is written and the order is kept as the script `kept()`
    /// makes (`SessionError.fileChanged`).
    static func apply(_ script: [UInt8], kept: () -> [UInt8], to path: String, output: String? = nil,
                      readOptions: ReadOptions, verbose: Bool, console: Console, expected: FileSnapshot?,
                      command: SessionCommand, readArguments: [String]) throws {
        var batch = BatchScript()
        // SAFETY: the bytes of `script` are only read inside the closure, and no pointer to them leaves it.
        try script.withUnsafeBytes { try batch.append(script: $0, name: "order") }
        try apply(.list(PreparedEdit(.batch(batch, sequential: false), options: EditOptions())), kept: kept, to: path,
                  output: output, readOptions: readOptions, verbose: verbose, console: console, expected: expected,
                  command: command, readArguments: readArguments)
    }

    /// The same for an edit: several lists' sections as the session left
    /// them (`JobEdit.sections`), or a batch.
    static func apply(_ edit: JobEdit, kept: () -> [UInt8], to path: String, output: String? = nil,
                      readOptions: ReadOptions, verbose: Bool, console: Console, expected: FileSnapshot?,
                      command: SessionCommand, readArguments: [String]) throws {
        var job = Job(input: path, edit: edit,
                      readOptions: readOptions, mode: output.map { .output($0) } ?? .write, color: false,
                      verbose: verbose, console: console)
        job.expected = expected
        func keep(removed: Bool) throws -> Never {
            let apply = ["reorder", "batch", "-f", "KEPT", path] + readArguments + (output.map { ["-o", $0] } ?? [])
            do {
                let kept = try Session.keep(kept(), command: command, suffix: ".batch")
                throw SessionError.fileChanged(path: path, command: command, kept: kept,
                                               apply: shellLine(apply.map { $0 == "KEPT" ? kept : $0 }), removed: removed)
            } catch let error as SystemError {
                throw SessionError.fileChangedNotKept(path: path, command: command, reason: Messages.describe(error),
                                                      removed: removed)
            }
        }
        do {
            _ = try job.run()
        } catch FileError.changedSinceRead, FileError.changedWhileEditing {
            try keep(removed: false)
        } catch let error as SystemError where expected != nil && error.code == ENOENT && error.path == path {
            // Removed (or renamed away) while the session was open.
            try keep(removed: true)
        }
    }

    /// The script `pick` and `edit` keep when their file changed: a line
    /// that claims the content it was made for (`hash`, as
    /// `BatchScript.ContentClaim` reads it), a note, and the operations
    /// that give `order` (of a list of `count` items), each item named by
    /// value where one names it alone (`ListDocument.valueNames`), by
    /// position elsewhere. `reorder batch` applies it to that content; to
    /// another, only when every item is named by value.
    static func keptScript(count: Int, order: [ListOrderEntry], document: ListDocument, hash: UInt64,
                           path: String, command: SessionCommand) -> [UInt8] {
        let names = document.valueNames()
        let operations = ListOrder.batchScript(count: count, order: order) { names[$0] }
        let note = """
            \(BatchScript.contentClaimPrefix)\(FileSnapshot.hex(hash))
            # The order made with 'reorder \(command.rawValue)' for \(path), as 'reorder batch -f' reads it.
            # The line above names the content it was made for: 'reorder batch' applies
            # it to another content only if every operation names its item by value
            # ('=VALUE'); an item named by position would be another item there.

            """
        return Array(note.utf8) + operations
    }

    /// The kept script of a session on several lists: as `keptScript`, its
    /// operations on index paths `S:I`, each item named by value (after
    /// `S:`) where one names it alone in its list.
    static func keptSectionsScript(_ result: [[SectionedItem]], document: SectionedDocument, hash: UInt64,
                                   path: String, command: SessionCommand) -> [UInt8] {
        let names = (0..<document.sectionCount).map { document.list($0).valueNames() }
        let counts = (0..<document.sectionCount).map { document.count(ofSection: $0) }
        let operations = SectionedOrder.batchScript(counts: counts, result: result) { names[$0.section][$0.item] }
        let note = """
            \(BatchScript.contentClaimPrefix)\(FileSnapshot.hex(hash))
            # The order made with 'reorder \(command.rawValue)' for \(path), as 'reorder batch -f' reads it,
            # with the same lists (-p, in that order): 'S:I' is item I of list S.
            # The line above names the content it was made for: 'reorder batch' applies
            # it to another content only if every operation names its item by value
            # ('S:=VALUE'); an item named by position would be another item there.

            """
        return Array(note.utf8) + operations
    }

    /// Whether `-p` names several lists: given more than once, or a
    /// pattern with `*`.
    static func namesSeveralLists(_ parsed: ParsedArguments) -> Bool {
        let values = parsed.values(.pointer)
        return values.count > 1 || values.contains(where: isPattern)
    }

    static func isPattern(_ pointer: String) -> Bool {
        pointer.split(separator: "/", omittingEmptySubsequences: false).contains("*") || pointer.contains("~2")
    }

    /// The lists `-p` names when it names several: each `-p` in the order
    /// given, a pattern with `*` as the lists it names in the document (in
    /// document order); nil for one list.
    static func sectionPointers(_ parsed: ParsedArguments, source: UnsafeRawBufferPointer, format: ListFormat,
                                document: Int?) throws -> [String]? {
        let values = parsed.values(.pointer)
        guard values.count > 1 || values.contains(where: isPattern) else { return nil }
        if parsed.value(.document) == "*" { throw parsed.severalListsRefused(by: parsed.command.name) }
        let bytes = Array(source)
        var pointers: [String] = []
        for value in values {
            guard isPattern(value) else { pointers.append(value); continue }
            let pattern: PointerPattern
            do {
                pattern = try PointerPattern(value)
            } catch {
                guard case .badPointer(_, let reason) = error else { throw error }
                throw UsageError.invalidPointerPattern(value, reason: reason)
            }
            pointers += try Policy.expand(pattern, in: bytes, format: format, document: document)
                .map { JSONPointer(tokens: $0).text }
        }
        return pointers
    }

    /// The file of a session on several lists, read once: the lists `-p`
    /// names (`sectionPointers`), as sections of one document.
    static func readSections(_ path: String, parsed: ParsedArguments, readOptions: ReadOptions,
                             console: Console) throws -> (loaded: LoadedInput, pointers: [String], document: SectionedDocument) {
        let standardInput = InputBytes.namesStandardInput(path)
        let name = standardInput ? "<stdin>" : path
        let loaded = try ErrorInSessionFile.naming(path) {
            standardInput
                ? try Job.load(content: try console.readStandardInput(), name: nil, readOptions: readOptions,
                               edited: nil, readsList: false)
                : try Job.load(input: path, readOptions: readOptions, inPlace: false, readsList: false)
        }
        let source = loaded.content.bytes
        let format = readOptions.format.resolve(name: standardInput ? nil : path, source: source)
        return try ErrorInSessionFile.naming(path) {
            do {
                let pointers = try sectionPointers(parsed, source: source, format: format, document: readOptions.document) ?? []
                return (loaded, pointers, try SectionedDocument(source, format: format, options: readOptions, pointers: pointers))
            } catch let error as any FormatReadError {
                throw FormatErrorInInput(error, name: name, source: source)
            }
        }
    }

    /// A new file `reorder-COMMAND-XXXXXX` + `suffix` in `$TMPDIR` (or
    /// /tmp), made with mkstemps (never over another file), holding
    /// `bytes`; its path.
    static func keep(_ bytes: [UInt8], command: SessionCommand, suffix: String) throws -> String {
        let directory = System.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let (fd, path) = try System.makeTemporaryFile(directory + "/reorder-\(command.rawValue)-XXXXXX" + suffix,
                                                     suffixLength: suffix.utf8.count, directory: directory)
        defer { System.close(fd) }
        do {
            // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
            try bytes.withUnsafeBytes { try System.writeAll(fd, $0, path: path) }
        } catch {
            System.removeFile(path)
            throw error
        }
        return path
    }

    /// The read options given (`-p /steps`, `--format yaml`...), as words
    /// of a command line that reads the same list again.
    static func readArguments(_ parsed: ParsedArguments) -> [String] {
        var words: [String] = []
        for option in CommandTable.reading where parsed.has(option) {
            if CommandTable.option(option).value == .none {
                words.append(option.spelled)
            } else {
                for value in parsed.values(option) { words += [option.spelled, value] }
            }
        }
        return words
    }

    /// `words` as one shell command line: a word with anything but plain
    /// characters in single quotes.
    static func shellLine(_ words: [String]) -> String {
        words.map { word in
            let plain = !word.isEmpty && word.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || "_@%+=:,./-".utf8.contains(byte)
            }
            return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        }.joined(separator: " ")
    }
}

/// What a session on several lists writes: each section's items, by their
/// paths as read (`JobEdit.sections`).
struct SectionsEdit {
    let pointers: [String]
    let result: [[SectionedItem]]

    /// The sections of `model` over the lists `pointers` names.
    init(_ model: PickModel, pointers: [String]) {
        self.pointers = pointers
        result = model.sectionedItems
    }

    init(pointers: [String], result: [[SectionedItem]]) {
        self.pointers = pointers
        self.result = result
    }
}

/// The command a session is: in kept files' names and in messages.
enum SessionCommand: String, Equatable {
    case pick, edit

    /// What was open while the file changed.
    var shownIn: String { self == .pick ? "pick" : "the editor" }
}

/// A session's file changed while it was open.
enum SessionError: Error, Equatable {
    /// `path` is not what the session read; the new order, as a batch
    /// script, is in `kept`; `apply` is the command line that applies it.
    /// `removed`: the file is gone.
    case fileChanged(path: String, command: SessionCommand, kept: String, apply: String, removed: Bool)
    /// The same, and the script could not be kept (`reason`).
    case fileChangedNotKept(path: String, command: SessionCommand, reason: String, removed: Bool)
}

/// An error about a session's FILE that does not say which file it is
/// (a JSON error, a batch error): said with the file's name.
struct ErrorInSessionFile: Error {
    let error: Error
    let path: String

    /// Runs `body`; an error it throws comes out with `path`.
    static func naming<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ErrorInSessionFile {
            throw error
        } catch let error as FormatErrorInInput {
            throw error
        } catch {
            throw ErrorInSessionFile(error: error, path: path)
        }
    }
}

extension Messages {
    static func describe(_ error: SessionError) -> String {
        switch error {
        case .fileChanged(let path, let command, let kept, let apply, let removed):
            return "\(path) \(removed ? "was removed" : "changed") while \(command.shownIn) was open; nothing is written; "
                + "your order is kept in \(kept) (apply it with '\(apply)')"
        case .fileChangedNotKept(let path, let command, let reason, let removed):
            return "\(path) \(removed ? "was removed" : "changed") while \(command.shownIn) was open; nothing is written, "
                + "and your order could not be kept: \(reason)"
        }
    }
}
