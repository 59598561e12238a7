#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ReorderKit

/// `reorder edit FILE`: the list in the user's editor, one item a line with
/// its index, as `git rebase -i` shows a rebase; the order it comes back in
/// is applied as a batch.
struct EditCommand {
    let parsed: ParsedArguments
    let readOptions: ReadOptions
    let console: Console

    func run(_ runner: Runner) throws -> Int32 {
        let inputs = parsed.positionals
        guard inputs.count == 1, !InputBytes.namesStandardInput(inputs[0]) else {
            throw UsageError.wrongInputCount(command: "edit", expected: "one FILE", given: inputs.count)
        }
        let path = inputs[0]
        let input = try ListInput.read(path, readOptions: readOptions, console: console)
        let count = input.document.count
        let view = withExtendedLifetime(input) { EditCommand.view(of: input.document, name: path, pointer: readOptions.pointer) }

        let temporary = try EditCommand.writeTemporary(view)
        defer { unlink(temporary) }
        let status = EditCommand.runEditor(on: temporary)
        guard status == 0 else { throw EditError.editorFailed(status: status) }
        let edited = try InputBytes.read(path: temporary)
        let order = try EditCommand.parse(edited.bytes, count: count)
        guard !order.isEmpty else { throw EditError.empty }

        // The new order as a batch: the old items by index, new lines as
        // values; the fewest moves.
        try EditCommand.apply(ListOrder.batchScript(count: count, order: order), to: path, readOptions: readOptions,
                              verbose: parsed.has("verbose"), console: console)
        return ExitStatus.success
    }

    /// Applies `script` (a new order's batch, as `ListOrder.batchScript`
    /// makes it) to the list of `path` as `reorder batch` would: in place,
    /// or from standard input to standard output, with every byte outside
    /// the items kept.
    static func apply(_ script: [UInt8], to path: String, readOptions: ReadOptions, verbose: Bool,
                      console: Console) throws {
        var batch = BatchScript()
        try script.withUnsafeBytes { try batch.append(script: $0, name: "order") }
        let job = Job(input: path, edit: .list(PreparedEdit(.batch(batch, sequential: false), options: EditOptions())),
                      readOptions: readOptions, mode: .write, color: false, verbose: verbose, console: console)
        _ = try job.run()
    }

    /// A line of the edited file: an item by its index, or a new item.
    typealias Line = ListOrderEntry

    /// The text the editor shows: `INDEX TEXT` a line, then the rules.
    static func view(of document: ListDocument, name: String, pointer: String) -> [UInt8] {
        var out: [UInt8] = []
        for index in 0..<document.count {
            let text = document.layout.valueText(ofItem: index) ?? Array(document.itemBytes(index))
            out += Array("\(index) ".utf8) + shown(text) + [0x0A]
        }
        let list = pointer.isEmpty ? name : "\(name) (\(pointer))"
        out += Array("""

            # Reorder the items of \(list): put the lines in the order you want.
            # Delete a line to delete its item. Add a line without an index to
            # insert a new item: the line is its value, as 'reorder insert' takes it.
            # An item moves by the index at the start of its line; the text after
            # the index is only shown (shortened where it is long), never read.
            # Lines that start with '#' are ignored.
            # Save and quit to apply; quit with an error (:cq in vi), or leave no
            # item, to cancel: then nothing is written.

            """.utf8)
        return out
    }

    /// An item on one line: line breaks and tabs as spaces, other control
    /// bytes as `?`, and at most 100 characters.
    static func shown(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var lastWasSpace = false
        for byte in text {
            let mapped: UInt8 = byte == 0x0A || byte == 0x0D || byte == 0x09 ? 0x20 : (byte < 0x20 || byte == 0x7F ? UInt8(ascii: "?") : byte)
            if mapped == 0x20 && lastWasSpace { continue }
            lastWasSpace = mapped == 0x20
            out.append(mapped)
        }
        let characters = String(decoding: out, as: UTF8.self)
        guard characters.count > 100 else { return out }
        return Array((String(characters.prefix(99)) + "…").utf8)
    }

    /// The lines of the edited file: items by index, new items, in order.
    static func parse(_ bytes: UnsafeRawBufferPointer, count: Int) throws -> [Line] {
        var lines: [Line] = []
        var seen = Set<Int>()
        var number = 0
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var line = Array(rawLine)
            if line.last == 0x0D { line.removeLast() }
            let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
            if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") { continue }
            let digits = trimmed.prefix { $0 >= 0x30 && $0 <= 0x39 }
            let rest = trimmed.dropFirst(digits.count)
            if !digits.isEmpty, rest.isEmpty || rest.first == 0x20 || rest.first == 0x09,
               let index = Int(String(decoding: digits, as: UTF8.self)) {
                guard index < count else { throw EditError.noSuchItem(index: index, count: count, line: number) }
                guard seen.insert(index).inserted else { throw EditError.itemTwice(index: index, line: number) }
                lines.append(.item(index))
            } else {
                lines.append(.new(Array(trimmed)))
            }
        }
        return lines
    }

    /// A new file in the temporary directory holding `text`; its path.
    static func writeTemporary(_ text: [UInt8]) throws -> String {
        let directory = System.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/reorder-edit-XXXXXX.txt").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { throw SystemError(code: errno, operation: "create a temporary file in", path: directory) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { System.close(fd) }
        try text.withUnsafeBytes { try System.writeAll(fd, $0, path: path) }
        return path
    }

    /// Runs `$VISUAL`, `$EDITOR` or `vi` on `path` through the shell, as
    /// git does, and returns its exit status (128 + the signal that ended
    /// it).
    static func runEditor(on path: String) -> Int32 {
        let editor = [System.environment("VISUAL"), System.environment("EDITOR")]
            .compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let arguments = ["/bin/sh", "-c", editor + " \"$1\"", "sh", path]
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", nil, nil, &cArguments, environ)
        guard result == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        return 128 + (status & 0x7F)
    }
}

/// Errors of `edit`.
enum EditError: Error, Equatable {
    case editorFailed(status: Int32)
    case empty
    case noSuchItem(index: Int, count: Int, line: Int)
    case itemTwice(index: Int, line: Int)

    /// The user cancelled (exit status 1), rather than made a mistake (2).
    var cancels: Bool {
        switch self {
        case .editorFailed, .empty: return true
        default: return false
        }
    }
}

extension Messages {
    static func describe(_ error: EditError) -> String {
        switch error {
        case .editorFailed(let status):
            return "the editor exited with status \(status); nothing is written"
        case .empty:
            return "the edited list has no item left; nothing is written (to delete every item, use 'reorder delete 0...')"
        case .noSuchItem(let index, let count, let line):
            return "line \(line) of the edited list names item \(index), but the list has \(count) items (0...\(count - 1)); nothing is written"
        case .itemTwice(let index, let line):
            return "line \(line) of the edited list names item \(index) a second time; nothing is written"
        }
    }
}
