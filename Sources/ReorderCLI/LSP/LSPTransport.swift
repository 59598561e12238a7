
/// JSON-RPC 2.0 messages framed by `Content-Length:` headers, read from
/// one file descriptor and written to another.
final class LSPTransport {
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// After a frame whose length could not be read: its body is skipped
    /// up to the next `Content-Length:` header.
    private var resyncing = false
    /// Where problems go, one line each.
    let log: (String) -> Void

    init(input: Int32, output: Int32, log: @escaping (String) -> Void) {
        self.input = input
        self.output = output
        self.log = log
    }

    /// Reads more bytes; false at the end of the input.
    private func fill() -> Bool {
        if ended { return false }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        // SAFETY: System.read writes at most `$0.count` bytes into the chunk, inside the closure.
        let count = chunk.withUnsafeMutableBytes { (try? System.read(input, into: $0.baseAddress!, count: $0.count, path: nil)) ?? 0 }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        ended = true
        return false
    }

    private static let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)
    private static let lengthName: [UInt8] = Array("content-length:".utf8)

    private func find(_ needle: [UInt8], from: Int, caseless: Bool = false) -> Int? {
        guard buffer.count - from >= needle.count else { return nil }
        var i = from
        while i + needle.count <= buffer.count {
            var j = 0
            while j < needle.count {
                var byte = buffer[i + j]
                if caseless && byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
                if byte != needle[j] { break }
                j += 1
            }
            if j == needle.count { return i }
            i += 1
        }
        return nil
    }

    /// The next message's body; nil at the end of the input. A frame that
    /// cannot be read is logged and skipped.
    func next() -> [UInt8]? {
        while true {
            // What was read is dropped only here, before any offset into
            // the buffer is taken.
            if start > 0 && start >= buffer.count / 2 {
                buffer.removeFirst(start)
                start = 0
            }
            if resyncing {
                if let at = find(LSPTransport.lengthName, from: start, caseless: true) {
                    start = at
                    resyncing = false
                } else {
                    // Keep what could be the start of the header.
                    start = max(start, buffer.count - LSPTransport.lengthName.count)
                    guard fill() else { return nil }
                    continue
                }
            }
            guard let end = find(LSPTransport.headerEnd, from: start) else {
                guard fill() else {
                    if start < buffer.count, buffer[start...].contains(where: { $0 != 0x0D && $0 != 0x0A && $0 != 0x20 }) {
                        log("the input ended inside a message's header")
                    }
                    return nil
                }
                continue
            }
            let header = String(decoding: buffer[start..<end], as: UTF8.self)
            var length: Int? = nil
            var problem: String? = nil
            for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
                guard let colon = line.firstIndex(of: ":") else { problem = "a header line without ':'"; break }
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingSpaces
                if name == "content-length" {
                    if let n = Int(value), n >= 0, value.allSatisfy({ $0.isASCII && $0.isNumber }) {
                        length = n
                    } else {
                        problem = "a Content-Length that is not a number: '\(value)'"
                    }
                }
            }
            if problem == nil && length == nil { problem = "a message without Content-Length" }
            if let problem {
                log("skipped a message with \(problem)")
                start = end + LSPTransport.headerEnd.count
                resyncing = true
                continue
            }
            let bodyStart = end + LSPTransport.headerEnd.count
            while buffer.count - bodyStart < length! {
                guard fill() else {
                    log("the input ended inside a message's body")
                    return nil
                }
            }
            let body = Array(buffer[bodyStart..<(bodyStart + length!)])
            start = bodyStart + length!
            return body
        }
    }

    /// Whether another message is at hand: a header read and not yet
    /// taken, or bytes waiting on the input.
    var hasPendingInput: Bool {
        if !ended, find(LSPTransport.headerEnd, from: start) != nil { return true }
        if ended { return false }
        return System.pollReadable(input, milliseconds: 0) > 0
    }

    /// Waits up to `milliseconds` for a message; false when none came
    /// (true at the end of the input, or a message already read).
    func waitForInput(milliseconds: Int32) -> Bool {
        if ended || find(LSPTransport.headerEnd, from: start) != nil { return true }
        return System.pollReadable(input, milliseconds: milliseconds) != 0
    }

    func send(_ message: LSPJSON) {
        var body: [UInt8] = []
        message.serialize(into: &body)
        send(body: body)
    }

    /// A message already serialized.
    func send(body: [UInt8]) {
        let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        // A client gone (EPIPE) is the end of the input: nothing to say.
        // SAFETY: the bytes of `frame` are only read inside the closure, and no pointer to them leaves it.
        _ = try? frame.withUnsafeBytes { try System.writeAll(output, $0, path: nil) }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
