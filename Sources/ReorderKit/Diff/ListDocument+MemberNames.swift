extension ListDocument {
    /// Each item's name as a JSON Pointer names it inside the list: a
    /// member's key (decoded), nil for an element, which is named by index.
    public func memberKeys() throws -> [[UInt8]?] {
        guard layout.itemsAreKeyedMembers else { return Array(repeating: nil, count: count) }
        return try itemNames(key: nil)
    }
}

/// The parts of a JSON member written `"key": value` on one line.
public enum JSONMemberText {
    /// The value after the member's key and colon; nil when `member` does
    /// not start with a JSON string and a colon.
    public static func value(of member: [UInt8]) -> [UInt8]? {
        var index = 0
        func skipBlanks() {
            while index < member.count, [0x20, 0x09, 0x0A, 0x0D].contains(member[index]) { index += 1 }
        }
        skipBlanks()
        guard index < member.count, member[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        while index < member.count, member[index] != UInt8(ascii: "\"") {
            index += member[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < member.count else { return nil }
        index += 1
        skipBlanks()
        guard index < member.count, member[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipBlanks()
        return Array(member[index...])
    }
}
