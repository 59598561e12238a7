import Synchronization

/// A file name that a format claims under `--format auto`: its folder
/// declares them, as data, and `ListFormat.claiming` asks them.
public enum FileClaim: Hashable, Sendable, CustomStringConvertible {
    /// `*.EXT`: the extension of the last component, compared without
    /// case (a leading dot, as in `.gitignore`, starts no extension).
    case fileExtension(String)
    /// `NAME`: the last component, compared without case.
    case fileName(String)
    /// `PREFIX*.EXT`: a last component that starts with PREFIX (without
    /// case) and has the extension EXT.
    case fileNamePrefix(String, fileExtension: String)
    /// `FOLDER/*.EXT`: a file with the extension EXT right inside a folder
    /// named FOLDER (exactly).
    case inFolder(String, fileExtension: String)

    /// Whether `path`, as the user gave it, is such a name.
    public func matches(_ path: String) -> Bool { matches(FileClaim.Name(path)) }

    /// A path's parts that claims look at, found once for all the claims
    /// `ListFormat.claiming` asks.
    struct Name {
        /// The last component, lower-cased.
        let base: String
        /// Its extension, lower-cased, without the dot.
        let fileExtension: String?
        /// The folder the file is right inside.
        let folder: Substring?

        init(_ path: String) {
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            let last = components.last ?? ""
            base = last.lowercased()
            if let dot = last.lastIndex(of: "."), dot != last.startIndex {
                fileExtension = last[last.index(after: dot)...].lowercased()
            } else {
                fileExtension = nil
            }
            let named = components.dropLast().filter { !$0.isEmpty }
            folder = last.isEmpty ? nil : named.last
        }
    }

    func matches(_ name: Name) -> Bool {
        switch self {
        case .fileExtension(let wanted):
            return name.fileExtension == wanted
        case .fileName(let wanted):
            return name.base == wanted
        case .fileNamePrefix(let prefix, let wanted):
            return name.fileExtension == wanted && name.base.hasPrefix(prefix)
        case .inFolder(let folder, let wanted):
            return name.fileExtension == wanted && name.folder == Substring(folder)
        }
    }

    /// Whether it names more than an extension: such a claim is asked
    /// before every claim on an extension (`tsconfig.json` is JSON with
    /// comments though `.json` is JSON).
    public var isByName: Bool {
        if case .fileExtension = self { return false }
        return true
    }

    /// As help shows it: `*.json`, `tsconfig*.json`, `.vscode/*.json`.
    public var description: String {
        switch self {
        case .fileExtension(let ext): return "*." + ext
        case .fileName(let name): return name
        case .fileNamePrefix(let prefix, let ext): return prefix + "*." + ext
        case .inFolder(let folder, let ext): return folder + "/*." + ext
        }
    }
}

/// A way to read a document as a list: its name (`--format NAME`), the
/// file names it claims under `--format auto`, its help, the options that
/// apply to it alone, and how it reads a document into its `FormatLayout`.
/// Each format defines its value beside its layout, in its own folder
/// (`ListFormat.lines` in `Formats/Lines/`); `all` lists them. `reorder
/// help formats`, `--format`'s help and the tests of the man page and the
/// completion scripts read these.
public struct ListFormat: Equatable, Sendable, CustomStringConvertible {
    /// What `--format` calls it.
    public let name: String
    /// The file names that make a file this format under `--format auto`.
    /// Claims on a name (`tsconfig*.json`) are asked before claims on an
    /// extension (`*.json`), each kind in the order of `all`.
    public let claims: [FileClaim]
    /// One paragraph: what its items are, for `reorder help formats`.
    public let help: String
    /// The long names of the options that apply to this format and not to
    /// every format (`--pointer`: JSON, JSON with comments, YAML, TOML and
    /// Markdown; `--document`: YAML alone); formats that do not declare one
    /// refuse it. The names of the options it declares (`declares`) are
    /// among them.
    public let options: [String]
    /// The options that are this format's own, declared beside its layout
    /// (CSV's `--delimiter`): the command line takes them from here, and
    /// every format that does not declare one refuses it.
    public let declares: [FormatOption]
    /// What messages call it and its parts.
    public let words: FormatWords
    /// About how many bytes its reader (and a sort of what it read) keeps
    /// per byte of a large document, so that the command line may ready
    /// the heap for them (`HeapTuning`); nil: leave the heap as it is.
    public let heapBytesPerByte: Int?
    /// Whether each list a pointer names stands alone: a change inside one
    /// list that reads back as a whole sequence of items, from the same
    /// first byte, leaves the rest of the document reading as it did
    /// (JSON's brackets), so that the editor server may check that list
    /// alone (`LSPListState`); false where a list's reading depends on
    /// what lies around it (indentation, headers, tables).
    public let listsStandAlone: Bool
    /// Whether the items of a document read as its one list (a format
    /// that takes no pointer) move into another file's list and out of it
    /// (`move --to-file`): lines, CSV, TSV. A format that takes a pointer
    /// moves items between files as it moves them between lists.
    public let oneListMovesBetweenFiles: Bool
    /// Whether the bytes before the first item are a header row that names
    /// the columns of the rows after it (CSV, TSV; not with `--no-header`):
    /// it never moves, and rows go into another file only when its header
    /// row is the same.
    public let rowsHaveAHeader: Bool
    /// Whether each position of a list keeps the marker that stands before
    /// its item (a Markdown list's bullets and numbers): an item moved takes
    /// the marker of its new place, its lines continue under its text as far
    /// in as the marker is wide, and a move's bytes are not counted the
    /// same before and after (the census that proves nothing was lost).
    public let markersStayWithPositions: Bool
    /// The key of a mapping's member that merges other mappings' members
    /// into it (YAML's `<<`), or nil: such a member does not move, and a
    /// mapping that has one neither gives nor takes a member, since its own
    /// keys and the merged ones would trade places.
    public let mergeKey: [UInt8]?
    /// For a format whose values may carry an anchor (YAML's `&name`) that
    /// an alias (`*name`) elsewhere in the document repeats: the anchors and
    /// aliases a text holds, so that an item that holds either goes into
    /// another document only where it means the same there. Nil for a
    /// format without them.
    public let anchorsAndAliases: (@Sendable (_ text: UnsafeRawBufferPointer) -> AnchorsAndAliases)?
    /// Whether a pointer that extends another (`/a/0/b`, of `/a`) names a
    /// list inside one of the other's items (JSON, YAML, TOML); false
    /// where a pointer is a path of headings (Markdown: `/Tools/Grep` is
    /// the list under a sub-heading, apart from `/Tools`'s), and only
    /// whether the lists' bytes overlap tells.
    public let longerPointersNameInnerLists: Bool
    /// Whether the reads of several lists of one document share what the
    /// first one found (`SharedReading`: YAML's lines), and so are made one
    /// after another rather than at once on lent threads.
    public let sharesReadingAcrossLists: Bool
    /// How an item's value is read as JSON text and a value written back
    /// as an item of this format, for a move into a file of another format
    /// (`move --to-file`: JSON, JSON with comments, YAML, TOML); nil: its
    /// items go only into files of its own format.
    public let valueConversion: ValueConversion?
    /// Reads a whole document.
    let read: @Sendable (_ source: UnsafeRawBufferPointer, _ options: ReadOptions) throws -> any FormatLayout
    /// The pointer tokens of what the value at `options.pointer` holds (a
    /// mapping's keys, a list's indices; nil: nothing there, or a scalar),
    /// for a pattern's `*`, when reading it as a list would not give them
    /// all; nil for a format whose lists hold every child (the default).
    public let children: (@Sendable (_ source: UnsafeRawBufferPointer, _ options: ReadOptions) throws -> [String]?)?

    /// A format: what `--format` calls it, the files it claims, its help
    /// paragraph, the shared options that apply to it (`options`: `pointer`),
    /// the options it declares as its own (`declares`), and its reader.
    /// Public so that a format can be defined outside this module and added
    /// with `ListFormat.adding(_:_:)`.
    public init(name: String, claims: [FileClaim], help: String, options: [String] = [], declares: [FormatOption] = [],
                words: FormatWords? = nil, heapBytesPerByte: Int? = nil, listsStandAlone: Bool = false,
                oneListMovesBetweenFiles: Bool = false, rowsHaveAHeader: Bool = false,
                markersStayWithPositions: Bool = false, mergeKey: [UInt8]? = nil,
                anchorsAndAliases: (@Sendable (UnsafeRawBufferPointer) -> AnchorsAndAliases)? = nil,
                longerPointersNameInnerLists: Bool = true, sharesReadingAcrossLists: Bool = false,
                valueConversion: ValueConversion? = nil,
                read: @escaping @Sendable (UnsafeRawBufferPointer, ReadOptions) throws -> any FormatLayout,
                children: (@Sendable (UnsafeRawBufferPointer, ReadOptions) throws -> [String]?)? = nil) {
        self.children = children
        self.name = name
        self.claims = claims
        self.help = help
        self.options = declares.map(\.name).filter { !options.contains($0) } + options
        self.declares = declares
        self.words = words ?? FormatWords(name: name.uppercased())
        self.read = read
        self.heapBytesPerByte = heapBytesPerByte
        self.listsStandAlone = listsStandAlone
        self.oneListMovesBetweenFiles = oneListMovesBetweenFiles
        self.rowsHaveAHeader = rowsHaveAHeader
        self.markersStayWithPositions = markersStayWithPositions
        self.mergeKey = mergeKey
        self.anchorsAndAliases = anchorsAndAliases
        self.longerPointersNameInnerLists = longerPointersNameInnerLists
        self.sharesReadingAcrossLists = sharesReadingAcrossLists
        self.valueConversion = valueConversion
    }

    public static func == (a: ListFormat, b: ListFormat) -> Bool { a.name == b.name }
    public var description: String { name }

    /// The formats `reorder` is built with, in the order `--format` lists
    /// them and their claims of each kind are asked. Adding a format is
    /// adding it here.
    public static let builtIn: [ListFormat] = [.lines, .json, .jsonc, .yaml, .toml, .markdown, .csv, .tsv]

    /// Every format: the built-in ones, then any added for the time being
    /// by `adding(_:_:)`.
    public static var all: [ListFormat] { added.withLock { $0.isEmpty ? builtIn : builtIn + $0 } }

    private static let added = Mutex<[ListFormat]>([])

    /// Runs `body` with `format` added after the others: `--format`, the
    /// claims of `--format auto`, `reorder help formats` and every command
    /// then know it. For a format defined outside this module (the tests
    /// define one, to show that a format needs nothing but its own folder).
    /// A format whose name is taken is refused.
    public static func adding<Result>(_ format: ListFormat, _ body: () throws -> Result) rethrows -> Result {
        added.withLock { formats in
            precondition(!(builtIn + formats).contains(format), "a format named \(format.name) exists")
            formats.append(format)
        }
        defer { added.withLock { formats in formats.removeAll { $0 == format } } }
        return try body()
    }

    public static func named(_ name: String) -> ListFormat? { all.first { $0.name == name } }

    /// The format a region of a document (`--block`, `--line-range`) is
    /// read as, and a file no format claims by its name alone when the
    /// content does not decide (a policy's file): lines.
    public static var plain: ListFormat { .lines }

    /// Whether `-p` means something to it (it names lists in a document);
    /// a format without (lines, CSV) reads a document as its one list.
    public var takesPointer: Bool { options.contains(FormatBoundOption.pointer.rawValue) }

    /// The format a file's name alone decides, or nil when no format claims
    /// it (then the content decides; see `FormatChoice.resolve`): the
    /// first whose claim on a name matches, else the first whose claim on
    /// an extension does.
    public static func claiming(_ path: String) -> ListFormat? {
        let name = FileClaim.Name(path)
        for byName in [true, false] {
            if let format = all.first(where: { $0.claims.contains { $0.isByName == byName && $0.matches(name) } }) {
                return format
            }
        }
        return nil
    }

}

/// What the user asked for with `--format`: `auto`, or one format by name.
public enum FormatChoice: Equatable, Sendable {
    case auto
    case named(ListFormat)

    public static var lines: FormatChoice { .named(.lines) }
    public static var json: FormatChoice { .named(.json) }

    /// `auto`, or the name of a format.
    public init?(rawValue: String) {
        if rawValue == "auto" {
            self = .auto
        } else if let format = ListFormat.named(rawValue) {
            self = .named(format)
        } else {
            return nil
        }
    }

    /// What `--format` accepts.
    public static var names: [String] { ["auto"] + ListFormat.all.map(\.name) }

    /// Why `auto` may have read a document as `format` that was meant as
    /// lines, for the hint a syntax error gets: JSON (with comments or
    /// not) is chosen for a name that JSON claims or for the first byte
    /// (`[` or `{`); nil for a format `auto` never guesses so.
    public enum Guess: Equatable, Sendable {
        /// JSON claims the file's name (`*.json`).
        case byName
        /// The first byte that is not blank is `[` or `{` (or the name is
        /// one JSON with comments claims).
        case byFirstByte
    }

    /// The `Guess` behind reading the input named `name` (nil: standard
    /// input) as `format` under `auto`, or nil when there is none to hint at.
    public static func guess(_ format: ListFormat, name: String?) -> Guess? {
        guard format == .json || format == .jsonc else { return nil }
        return name.flatMap(ListFormat.claiming) == .json ? .byName : .byFirstByte
    }

    /// The format to read `source` with. `auto`: a name that a format
    /// claims decides (`.json` is JSON; `.txt`, `.jsonl` — one item a
    /// line — and the other text extensions are lines); for standard input
    /// (`name` nil) and other names, JSON when the first byte that is not
    /// blank (nor a byte-order mark) is `[` or `{`, lines if not.
    public func resolve(name: String?, source: UnsafeRawBufferPointer) -> ListFormat {
        switch self {
        case .named(let format): return format
        case .auto:
            if let name, let format = ListFormat.claiming(name) { return format }
            var position = 0
            if source.count >= 3 && source[0] == 0xEF && source[1] == 0xBB && source[2] == 0xBF {
                position = 3
            }
            while position < source.count {
                switch source[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                case UInt8(ascii: "["), UInt8(ascii: "{"): return .json
                default: return .lines
                }
            }
            return .lines
        }
    }
}
