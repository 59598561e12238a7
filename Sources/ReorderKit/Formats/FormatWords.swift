/// The words messages use for a format and its parts, declared by the
/// format (`ListFormat.words`) so that the command line words every
/// format's errors in one place without naming any format.
public struct FormatWords: Sendable {
    /// The format's name in a sentence (`TOML`, `JSON with comments`,
    /// `lines`), and the version of its standard a document must follow
    /// (`1.0`; empty: none).
    public var name: String, version: String
    /// After the problem of a document that is not valid.
    public var invalidAdvice: String
    /// What the list's items are called: `items`, `entries`.
    public var items: String
    /// The kinds of value that are lists.
    public var lists: String
    /// What a value to insert must be.
    public var oneValue: String
    /// What a list of keys is called, and one of its members.
    public var keyed: String, member: String
    /// The format whose variant this one is (JSON with comments is
    /// JSON's): a message that lists formats names the family once.
    public var kin: String?

    public init(name: String, version: String = "", invalidAdvice: String = "", items: String = "items",
                lists: String = "a list", oneValue: String = "one item", keyed: String = "list",
                member: String = "item", kin: String? = nil) {
        self.name = name
        self.version = version
        self.invalidAdvice = invalidAdvice
        self.items = items
        self.lists = lists
        self.oneValue = oneValue
        self.keyed = keyed
        self.member = member
        self.kin = kin
    }
}
