#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's read and write, under names `Terminal.write` does not hide.
private func cRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func cWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }

/// A key as the terminal sends it, decoded from its bytes.
enum TerminalKey: Equatable {
    /// A printable character (space included).
    case character(Character)
    case up, down, left, right, home, end, pageUp, pageDown, delete
    case enter, escape, backspace, tab
    /// A control byte other than those above: 0x03 is Ctrl-C.
    case control(UInt8)
    /// An escape sequence this program does not know.
    case unknown
    /// A mouse report (xterm's SGR form, `ESC [ < b ; x ; y M` or `m`).
    case mouse(MouseReport)

    /// The key at the start of `bytes` and how many bytes it takes; nil
    /// when `bytes` may be the start of a longer sequence that has not all
    /// come yet. `complete`: nothing more is coming (a lone Esc is the Esc
    /// key, and a cut sequence is taken as far as it goes).
    static func decode(_ bytes: ArraySlice<UInt8>, complete: Bool) -> (key: TerminalKey, length: Int)? {
        guard let first = bytes.first else { return nil }
        let start = bytes.startIndex
        switch first {
        case 0x1B:
            guard bytes.count > 1 else { return complete ? (.escape, 1) : nil }
            let second = bytes[start + 1]
            if second == UInt8(ascii: "[") { return csi(bytes, complete: complete) }
            if second == UInt8(ascii: "O") {
                guard bytes.count > 2 else { return complete ? (.escape, 1) : nil }
                let key: TerminalKey
                switch bytes[start + 2] {
                case UInt8(ascii: "A"): key = .up
                case UInt8(ascii: "B"): key = .down
                case UInt8(ascii: "C"): key = .right
                case UInt8(ascii: "D"): key = .left
                case UInt8(ascii: "H"): key = .home
                case UInt8(ascii: "F"): key = .end
                default: key = .unknown
                }
                return (key, 3)
            }
            // Esc, then another key.
            return (.escape, 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x09: return (.tab, 1)
        case 0..<0x20: return (.control(first), 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(first))), 1)
        default:
            // UTF-8: the lead byte says how many follow.
            let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard bytes.count >= length else { return complete ? (.unknown, bytes.count) : nil }
            let text = String(decoding: bytes[start..<start + length], as: UTF8.self)
            guard length > 1, let character = text.first, text.count == 1, character != "\u{FFFD}" else {
                return (.unknown, length)
            }
            return (.character(character), length)
        }
    }

    /// `ESC [ parameters final`.
    private static func csi(_ bytes: ArraySlice<UInt8>, complete: Bool) -> (key: TerminalKey, length: Int)? {
        let start = bytes.startIndex
        var index = start + 2
        while index < bytes.endIndex, bytes[index] >= 0x20, bytes[index] <= 0x3F { index += 1 }
        guard index < bytes.endIndex else { return complete ? (.unknown, bytes.count) : nil }
        let final = bytes[index]
        let length = index - start + 1
        guard final >= 0x40, final <= 0x7E else { return (.unknown, length - 1) }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        if parameters.hasPrefix("<") {
            guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
                  let report = MouseReport(parameters.dropFirst(), released: final == UInt8(ascii: "m")) else {
                return (.unknown, length)
            }
            return (.mouse(report), length)
        }
        // `1;5A` and the like: a modifier after the first parameter.
        let number = parameters.split(separator: ";").first.flatMap { Int($0) }
        switch final {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        case UInt8(ascii: "H"): return (.home, length)
        case UInt8(ascii: "F"): return (.end, length)
        case UInt8(ascii: "~"):
            switch number {
            case 1, 7: return (.home, length)
            case 4, 8: return (.end, length)
            case 5: return (.pageUp, length)
            case 6: return (.pageDown, length)
            case 3: return (.delete, length)
            default: return (.unknown, length)
            }
        default: return (.unknown, length)
        }
    }
}

/// What the mouse did, from an SGR report: the button's code `b` (0 the
/// left button, +32 a motion, 64 and 65 the wheel, +4 +8 +16 Shift, Alt,
/// Ctrl), the cell (1-based), and whether the button was released.
struct MouseReport: Equatable {
    enum Action: Equatable {
        /// The left button pressed, moved while held, released.
        case press, drag, release
        case wheelUp, wheelDown
        /// Another button, or a motion with none held.
        case other
    }

    let action: Action
    let row: Int
    let column: Int

    init(action: Action, row: Int, column: Int) {
        self.action = action
        self.row = row
        self.column = column
    }

    /// `b;x;y` (without the `<`); nil when it is not three numbers.
    init?(_ parameters: Substring, released: Bool) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let code = numbers[0], let column = numbers[1], let row = numbers[2] else { return nil }
        let button = code & ~(4 | 8 | 16)
        switch button {
        case 0: action = released ? .release : .press
        case 32: action = .drag
        case 64: action = .wheelUp
        case 65: action = .wheelDown
        default: action = .other
        }
        self.row = row
        self.column = column
    }
}

/// The controlling terminal (`/dev/tty`) in raw mode on its alternate
/// screen: keys come from it and the screen is drawn on it, whatever
/// standard input and output are.
final class Terminal {
    /// Raw mode is on and the alternate screen shown.
    private(set) var active = false
    let fd: Int32
    private let saved: termios
    private let resizePipe: (read: Int32, write: Int32)
    private var pending: [UInt8] = []

    /// Stops the mouse reports, leaves the alternate screen, shows the
    /// cursor, turns line wrapping back on and the colours off.
    static let leaveBytes = Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l".utf8)
    /// The alternate screen, the cursor hidden, no line wrapping, and the
    /// mouse reported (presses and releases, motions while a button is
    /// held, in the SGR form that has no limit on the column).
    static let enterBytes = Array(
        "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[H\u{1B}[2J".utf8)

    init() throws {
        let fd: Int32
        do {
            fd = try System.open("/dev/tty", O_RDWR | O_NOCTTY)
        } catch let error as SystemError {
            throw PickError.noTerminal(reason: error.reason)
        }
        var modes = termios()
        guard tcgetattr(fd, &modes) == 0 else {
            let code = errno
            System.close(fd)
            throw PickError.noTerminal(reason: String(cString: strerror(code)))
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let code = errno
            System.close(fd)
            throw SystemError(code: code, operation: "create a pipe", path: nil)
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        self.fd = fd
        saved = modes
        resizePipe = (ends[0], ends[1])
    }

    deinit {
        leave()
        System.close(resizePipe.read)
        System.close(resizePipe.write)
        System.close(fd)
    }

    /// Raw mode (no echo, no line editing, no signals from keys: Ctrl-C is
    /// a key), the alternate screen, the cursor hidden. A signal that ends
    /// the run gives the terminal back first.
    func enter() {
        guard !active else { return }
        TerminalRestore.register(fd: fd, modes: saved, leave: Terminal.leaveBytes)
        var raw = saved
        // As cfmakeraw: bytes one at a time (VMIN 1), unechoed, untranslated.
        cfmakeraw(&raw)
        _ = tcsetattr(fd, TCSAFLUSH, &raw)
        ResizeSignal.notify(resizePipe.write)
        active = true
        write(Terminal.enterBytes)
    }

    /// The terminal as it was before `enter`.
    func leave() {
        guard active else { return }
        write(Terminal.leaveBytes)
        var modes = saved
        _ = tcsetattr(fd, TCSAFLUSH, &modes)
        ResizeSignal.stop()
        TerminalRestore.forget()
        active = false
    }

    /// Ctrl-Z: the terminal given back, the process group stopped as the
    /// terminal would stop it; in again when continued.
    func suspend() {
        leave()
        kill(0, SIGTSTP)
        enter()
    }

    /// Rows and columns (24 by 80 when the terminal does not say).
    func size() -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return (24, 80) }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// Writes `bytes` whole; a terminal that is gone is left to the read
    /// that follows to notice.
    func write(_ bytes: [UInt8]) {
        // SAFETY: the bytes are only read inside the closure, and no pointer to them leaves it.
        bytes.withUnsafeBytes { buffer in
            // SAFETY: `pointer` advances by what write took, never past buffer.count in all.
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = cWrite(fd, pointer, remaining)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                pointer += written
                remaining -= written
            }
        }
    }

    /// What happened while waiting.
    enum Event: Equatable {
        case key(TerminalKey)
        /// The terminal changed its size.
        case resize
        /// The terminal is gone (hung up, or end of file).
        case closed
    }

    /// Waits for the next key or a resize.
    func next() -> Event {
        while true {
            if let (key, length) = TerminalKey.decode(pending[...], complete: false) {
                pending.removeFirst(length)
                return .key(key)
            }
            // Part of an escape sequence: the rest comes at once, or it
            // was a lone Esc.
            let waiting = !pending.isEmpty
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: resizePipe.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, waiting ? 50 : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .closed
            }
            if ready == 0 {
                let (key, length) = TerminalKey.decode(pending[...], complete: true)!
                pending.removeFirst(length)
                return .key(key)
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while cRead(resizePipe.read, &drain, drain.count) > 0 {}
                return .resize
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                var buffer = [UInt8](repeating: 0, count: 256)
                let count = cRead(fd, &buffer, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count <= 0 { return .closed }
                pending += buffer[0..<count]
            }
        }
    }
}
