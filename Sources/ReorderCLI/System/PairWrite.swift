#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Two files written as a pair, both or neither, for a move between files:
/// the item leaves SOURCE and enters DEST. Both files were locked before
/// they were read (`EditedFile`) and stay locked to the end. Both new
/// contents go to temporary files beside their targets first, each
/// flushed to disk; then DEST is renamed, then SOURCE. A failure before
/// DEST's rename leaves both files as they were; a failure between the two
/// renames leaves the item in both files, never in neither, and the
/// message says so and which copy to delete.
enum PairWrite {
    struct File {
        let path: String
        let edited: EditedFile
        let content: [UInt8]
    }

    /// Writes `destination`, then `source` (nil: a copy, the source stays
    /// as it is). `items`: what moves, as messages name it ("the item").
    static func write(destination: File, source: File?, items: String) throws {
        let sourcePath = source?.path
        func nothingWritten(_ error: Error, input: String) -> PairWriteError {
            let message = Messages.describe(error, input: input)
            if let sourcePath {
                return PairWriteError(message: message.replacingNothingWritten(
                    with: "nothing written: \(items) \(isAre(items)) still in \(sourcePath) only"))
            }
            return PairWriteError(message: message.replacingNothingWritten(with: "nothing written"))
        }
        // Both new contents on disk beside their targets, or nothing.
        let first: AtomicFile.Prepared
        do {
            let target = try AtomicFile.target(for: destination.path, mustExist: true)
            first = try AtomicFile.prepare(target, displayPath: destination.path, original: destination.edited) { fd in
                try write(destination.content, to: fd, path: destination.path)
            }
        } catch {
            throw nothingWritten(error, input: destination.path)
        }
        var second: AtomicFile.Prepared? = nil
        if let source {
            do {
                let target = try AtomicFile.target(for: source.path, mustExist: true)
                second = try AtomicFile.prepare(target, displayPath: source.path, original: source.edited) { fd in
                    try write(source.content, to: fd, path: source.path)
                }
            } catch {
                AtomicFile.abandon(first)
                throw nothingWritten(error, input: source.path)
            }
        }
        TestFault.reach(.beforeRenames)
        // SOURCE is checked before DEST is renamed too (and again at its
        // own rename): a change found now leaves both as they were.
        if let source, let second {
            do {
                try source.edited.throwIfChanged(resolvedPath: second.target.resolvedPath)
            } catch {
                AtomicFile.abandon(first)
                AtomicFile.abandon(second)
                throw nothingWritten(error, input: source.path)
            }
        }
        do {
            try AtomicFile.commit(first)
        } catch {
            if let second { AtomicFile.abandon(second) }
            throw nothingWritten(error, input: destination.path)
        }
        guard let source, let second else { return }
        TestFault.reach(.afterFirstRename)
        do {
            if TestFault.active == .failSecondRename {
                AtomicFile.abandon(second)
                throw SystemError(code: EIO, operation: "rename", path: source.path)
            }
            try AtomicFile.commit(second)
        } catch {
            throw PairWriteError(message: Messages.describe(error, input: source.path)
                .replacingNothingWritten(with: "\(destination.path) was written and \(source.path) was not: \(items) \(isAre(items)) now in both \(destination.path) and \(source.path); delete \(them(items)) from \(source.path) by hand"))
        }
    }

    private static func write(_ content: [UInt8], to fd: Int32, path: String) throws {
        let sink = FileDescriptorSink(fd: fd, path: path)
        // SAFETY: both buffers live for the closures, and the sink copies or writes them before returning.
        try content.withUnsafeBytes { raw in try [raw].withUnsafeBufferPointer { try sink.write(gathered: $0) } }
        try sink.flush()
    }

    private static func isAre(_ items: String) -> String { items == "the item" ? "is" : "are" }
    private static func them(_ items: String) -> String { items == "the item" ? "it" : "them" }
}

/// A pair write that failed: the message says which file holds what.
struct PairWriteError: Error {
    let message: String
}

private extension String {
    /// A one-file message that says "nothing written" (as a file changed
    /// meanwhile does) says instead what the pair write left.
    func replacingNothingWritten(with state: String) -> String {
        let bytes = Array(utf8), marker = Array("; nothing written".utf8)
        if bytes.count >= marker.count,
           let start = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }) {
            return String(decoding: bytes[..<start], as: UTF8.self) + "; " + state
        }
        return self + "; " + state
    }
}

/// TEST ONLY. Faults the end-to-end tests inject into a pair write, to see
/// that the item is never lost: `REORDER_TEST_FAULT` names one, and it is
/// honoured only when `REORDER_TEST_HOOKS` is `1` too, which no user sets.
/// `stop-before-renames` and `stop-after-first-rename` stop the process
/// (SIGSTOP) there, for the test to change a file, or kill it, and let it
/// go on; `fail-second-rename` makes the rename of SOURCE fail (EIO).
enum TestFault: String {
    case beforeRenames = "stop-before-renames"
    case afterFirstRename = "stop-after-first-rename"
    case failSecondRename = "fail-second-rename"

    static let active: TestFault? = {
        guard System.environment("REORDER_TEST_HOOKS") == "1",
              let name = System.environment("REORDER_TEST_FAULT") else { return nil }
        return TestFault(rawValue: name)
    }()

    /// Stops the process here when the test asked for it.
    static func reach(_ point: TestFault) {
        guard active == point else { return }
        kill(getpid(), SIGSTOP)
    }
}
