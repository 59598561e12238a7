import ReorderKit

/// Prints a unified diff, coloured on request.
struct DiffPrinter {
    let sink: ByteSink
    let color: Bool

    /// A diff of lines ending with `terminator` (NUL for `-z`).
    func print(old: UnsafeRawBufferPointer, new: UnsafeRawBufferPointer, name: String, terminator: UInt8) throws {
        try UnifiedDiff.lines(old: old, new: new, oldLabel: name, newLabel: name, terminator: terminator) { kind, line in
            var bytes: [UInt8] = []
            let code: String?
            switch kind {
            case .header: code = color ? "\u{1B}[1m" : nil
            case .hunk: code = color ? "\u{1B}[36m" : nil
            case .removed: code = color ? "\u{1B}[31m" : nil
            case .added: code = color ? "\u{1B}[32m" : nil
            case .context, .note: code = nil
            }
            if let code { bytes += Array(code.utf8) }
            bytes += line
            if code != nil { bytes += Array("\u{1B}[0m".utf8) }
            bytes.append(0x0A)
            // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
            try bytes.withUnsafeBytes { try sink.write($0) }
        }
    }
}
