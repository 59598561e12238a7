#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `reorder` talks to besides files: standard streams and the
/// terminal. The executable uses the process's own; tests pass memory.
public struct Console {
    /// Standard input's bytes, given instead of reading descriptor 0.
    public var standardInput: [UInt8]?
    public var standardOutput: ByteSink
    public var standardError: ByteSink
    /// Standard output is a terminal: the diff may be coloured.
    public var outputIsTerminal: Bool
    /// Columns to wrap help to.
    public var width: Int
    /// `NO_COLOR` is set (to anything but the empty string).
    public var noColor: Bool

    public init(standardInput: [UInt8]? = nil, standardOutput: ByteSink, standardError: ByteSink,
                outputIsTerminal: Bool = false, width: Int = 80, noColor: Bool = false) {
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.outputIsTerminal = outputIsTerminal
        self.width = width
        self.noColor = noColor
    }

    /// The process's own streams and terminal.
    public static func process() -> Console {
        let isTerminal = System.isTerminal(1)
        var width = 80
        if let columns = System.environment("COLUMNS").flatMap({ Int($0) }), columns > 0 {
            width = columns
        } else if let columns = System.terminalWidth(1) ?? System.terminalWidth(2) {
            width = columns
        }
        let noColor = !(System.environment("NO_COLOR") ?? "").isEmpty
        return Console(standardOutput: FileDescriptorSink(fd: 1), standardError: FileDescriptorSink(fd: 2),
                       outputIsTerminal: isTerminal, width: min(max(width, 40), 100), noColor: noColor)
    }

    func readStandardInput() throws -> InputBytes {
        if let bytes = standardInput { return .copying(bytes) }
        return try InputBytes.read(fd: 0, path: nil)
    }
}

/// Process-wide settings made once at start.
public enum ProcessSetup {
    public static func configure() {
        // A closed pipe is an EPIPE error to end on quietly, not a signal.
        signal(SIGPIPE, SIG_IGN)
        // A file-size limit is an EFBIG error to clean up after, not a kill.
        signal(SIGXFSZ, SIG_IGN)
        // SIGINT, SIGTERM, SIGHUP and SIGQUIT remove a temporary file and
        // end the run (from the start: SIGQUIT would otherwise be reported
        // as a crash); one ignored when the run began stays ignored.
        PendingTemporary.installCleanupHandlers()
    }
}
