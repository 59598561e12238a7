extension Messages {
    static func describe(_ error: FileError) -> String {
        switch error {
        case .notRegularFile(let path, let kind):
            return "\(path): not a regular file (\(noun(kind))); only a regular file is edited in place: "
                + "read it with '<' or give '-o PATH' for the result"
        case .danglingSymlink(let path, let destination):
            return "\(path): is a symlink to '\(destination)', which does not exist; not creating it: "
                + "create the target or remove the link first"
        case .locked(let path, let seconds):
            return "\(path): locked by another process (an flock on the file, as reorder takes while editing); "
                + "waited \(seconds) s: try again when it is done"
        case .changedWhileEditing(let path):
            return "\(path): changed by another program while reorder was editing it; nothing written: run again"
        case .changedSinceRead(let path):
            return "\(path): changed by another program since it was read; nothing written: run again"
        case .shrankWhileReading(let path):
            return "\(path ?? "standard input"): became shorter while it was read; nothing written: run again once it stays put"
        case .inputTooLarge(let path, let limit):
            return "\(path ?? "standard input"): more than \(size(limit)), half the memory reorder may use, "
                + "and a list from a pipe or device is held in memory: save it to a file and give the file"
        case .cannotKeepAttribute(let path, let name, let code):
            return "\(path): cannot keep its attribute \(name) (\(SystemError(code: code, operation: "", path: nil).reason)); "
                + "nothing written, rather than leave the file with other permissions or attributes"
        case .cannotKeepGroup(let path, let group):
            return "\(path): cannot keep its group (GID \(group)): you are not a member, and the mode gives the group "
                + "more than others, which your own group would get; nothing written"
        }
    }

    private static func noun(_ kind: SpecialFileKind) -> String {
        switch kind {
        case .fifo: return "a FIFO"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .other: return "not a file reorder can replace"
        }
    }

    /// `bytes` in the largest binary unit that keeps it whole or nearly.
    static func size(_ bytes: Int) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes), unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return text + " " + units[unit]
    }
}
