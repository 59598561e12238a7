import Foundation
import ReorderKit
import XCTest

/// The format seam, read from the source tree: nothing outside a format's
/// folder (`Sources/ReorderKit/Formats/<Folder>/`) casts to, tests for, or
/// catches by type a type that a format folder declares. What code outside
/// needs of a format it asks through `FormatLayout`'s capability answers and
/// `FormatReadError`.
final class SeamTests: XCTestCase {
    /// The repository's root: this file is `Tests/ReorderKitTests/SeamTests.swift`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let formats = root.appendingPathComponent("Sources/ReorderKit/Formats")

    /// The Swift files under `directory`, by path relative to the root.
    static func swiftFiles(under directory: URL) throws -> [(path: String, url: URL)] {
        let rootPath = root.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, URL)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = url.standardizedFileURL.path
            files.append((path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path, url))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The format folders: the directories directly under `Formats/`.
    static func formatFolders() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: formats, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .sorted { $0.path < $1.path }
    }

    /// The types the format folders declare at the top level of a file
    /// (`struct|class|enum|protocol NAME`, with any modifiers); a nested
    /// type is named through one of these.
    static func formatTypeNames() throws -> Set<String> {
        let declaration = try Regex(#"^(?:(?:public|internal|package|fileprivate|private|final|indirect)\s+)*(?:struct|class|enum|protocol)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        var names: Set<String> = []
        for folder in try formatFolders() {
            for file in try swiftFiles(under: folder) {
                for line in try String(contentsOf: file.url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                    if let match = line.firstMatch(of: declaration), let name = match.output[1].substring {
                        names.insert(String(name))
                    }
                }
            }
        }
        return names
    }

    /// What `line` does with a type of `names` that only the type's format
    /// folder may: a cast or type test (`as?`, `as!`, `is`, `as` in a
    /// `catch` or `case` pattern) or a typed catch (`catch JSONError.x`);
    /// nil when nothing. Comments and string literals are left out.
    static func seamBreach(in line: Substring, names: Set<String>) -> String? {
        // Most lines hold neither word; the regular expressions are slow.
        guard line.contains(" as") || line.contains(" is ") || line.contains("catch") else { return nil }
        var code = String(line)
        if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
        code = code.replacing(#/"(?:[^"\\]|\\.)*"/#, with: "\"\"")
        for match in code.matches(of: #/\b(as[?!]?|is)\s+(?:any\s+)?\(?([A-Za-z_][A-Za-z0-9_]*)/#) {
            let name = String(match.output.2)
            if names.contains(name) { return "'\(match.output.1) \(name)'" }
        }
        for match in code.matches(of: #/\bcatch\s+([A-Za-z_][A-Za-z0-9_]*)\s*\./#) {
            let name = String(match.output.1)
            if names.contains(name) { return "'catch \(name).'" }
        }
        return nil
    }

    func testTheFormatFoldersDeclareTheTypesTheSeamHides() throws {
        let names = try Self.formatTypeNames()
        // The scan finds what it must, or the seam test below checks nothing.
        for name in ["LinesLayout", "JSONListLayout", "JSONErrors", "YAMLError", "TOMLError", "YAMLLayout"] {
            XCTAssertTrue(names.contains(name), "\(name) is not among the format folders' types: \(names.sorted())")
        }
    }

    func testTheBreachesTheSeamTestLooksForAreFound() {
        let names: Set<String> = ["LinesLayout", "JSONListLayout", "JSONError", "YAMLError"]
        let breaches = [
            "if let lines = layout as? LinesLayout, lines.separatorsAreUniform {",
            "guard !(document.layout is JSONListLayout && (document.layout as! JSONListLayout).isObject) else {",
            "} catch let error as JSONError where readOptions.format == .auto {",
            "case let error as YAMLError: return describe(error)",
            "} catch JSONError.syntax(let problem, _) {",
        ]
        for line in breaches {
            XCTAssertNotNil(Self.seamBreach(in: line[...], names: names), line)
        }
        let fine = [
            "if let error = error as? BatchError { return error }",
            "// a cast as? LinesLayout in a comment",
            "return \"the list is JSONError as? LinesLayout\"",
            "} catch let error as any FormatReadError {",
        ]
        for line in fine {
            XCTAssertNil(Self.seamBreach(in: line[...], names: names), line)
        }
    }

    func testNothingOutsideAFormatFolderCastsToOrCatchesAFormatFoldersType() throws {
        let names = try Self.formatTypeNames()
        let folders = try Self.formatFolders().map { $0.standardizedFileURL.path + "/" }
        let files = try Self.swiftFiles(under: Self.root.appendingPathComponent("Sources"))
        XCTAssertFalse(files.isEmpty, "no Swift files under \(Self.root.path)/Sources")
        for file in files where !folders.contains(where: { file.url.standardizedFileURL.path.hasPrefix($0) }) {
            let lines = try String(contentsOf: file.url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                if let breach = Self.seamBreach(in: line, names: names) {
                    XCTFail("\(file.path):\(index + 1): \(breach) names a format folder's type outside its folder; "
                        + "ask through FormatLayout or FormatReadError instead: \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
    }

    // MARK: - No format named by value outside Formats/

    /// The static members that are formats (`public static let csv =
    /// ListFormat(`), as the format folders declare them.
    static func formatMemberNames() throws -> Set<String> {
        let declaration = try Regex(#"static\s+(?:let|var)\s+([a-z][A-Za-z0-9_]*)\s*(?::\s*ListFormat\s*)?=\s*ListFormat\("#)
        var names: Set<String> = []
        for file in try swiftFiles(under: formats) {
            for match in try String(contentsOf: file.url, encoding: .utf8).matches(of: declaration) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    /// The code of `line`: without its comment and with every string
    /// literal emptied.
    static func code(of line: Substring) -> String {
        var code = String(line).replacing(#/"(?:[^"\\]|\\.)*"/#, with: "\"\"")
        if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
        return code
    }

    /// The format `line` names by value (`ListFormat.json`, `format == .toml`,
    /// `?? .lines`, `FormatError(.yaml, ...)`, `format: .json`, `format =
    /// .lines`, or a `case
    /// .json` of a switch whose subject is a format, `inFormatSwitch`), as
    /// written; nil when none. `members` are the formats' member names.
    static func formatValue(in line: Substring, members: Set<String>, inFormatSwitch: Bool) -> String? {
        let code = code(of: line)
        guard code.contains(".") else { return nil }
        let patterns: [Regex<(Substring, Substring)>] = [
            #/\bListFormat\s*\.\s*([a-z][A-Za-z0-9_]*)\b(?!\s*\()/#,
            #/(?:==|!=|\?\?|\bformat\s*[:=])\s*\.([a-z][A-Za-z0-9_]*)\b(?!\s*\()/#,
            #/\bFormatError\s*\(\s*\.([a-z][A-Za-z0-9_]*)\b/#,
        ]
        // Simple word boundaries: Unicode's join `lines.name` into one word.
        for pattern in patterns.map({ $0.wordBoundaryKind(.simple) }) {
            for match in code.matches(of: pattern) where members.contains(String(match.output.1)) {
                return String(match.output.0)
            }
        }
        if inFormatSwitch, let match = code.firstMatch(of: #/^\s*case\s+((?:\.[a-z][A-Za-z0-9_]*\s*,\s*)*\.[a-z][A-Za-z0-9_]*)\s*:/#) {
            let names = match.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).dropFirst() }
            if names.contains(where: { members.contains(String($0)) }) { return String(match.output.0) }
        }
        return nil
    }

    /// Each place a file outside `Formats/` names a format by value, as
    /// `path:line: what`.
    static func formatValuesOutsideFormats() throws -> [(path: String, line: Int, text: String)] {
        let members = try formatMemberNames()
        let formatsPath = formats.standardizedFileURL.path + "/"
        var found: [(String, Int, String)] = []
        for file in try swiftFiles(under: root.appendingPathComponent("Sources"))
        where !file.url.standardizedFileURL.path.hasPrefix(formatsPath) {
            var switchSubject = ""
            let lines = try String(contentsOf: file.url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                let code = code(of: line)
                if let match = code.firstMatch(of: #/\bswitch\s+(.*)\{/#.wordBoundaryKind(.simple)) { switchSubject = String(match.output.1) }
                let inFormatSwitch = switchSubject.range(of: "format", options: .caseInsensitive) != nil
                if let value = formatValue(in: line, members: members, inFormatSwitch: inFormatSwitch) {
                    found.append((file.path, index + 1, value))
                }
            }
        }
        return found
    }

    func testTheFormatValueCheckFindsWhatItMust() throws {
        let members = try Self.formatMemberNames()
        XCTAssertEqual(members, Set(ListFormat.builtIn.map(\.name)),
                       "the format folders' members: \(members.sorted())")
        let named = [
            "if format == .json || format == .jsonc {",
            "let format = ListFormat.claiming(path) ?? .lines",
            "guard ListFormat.lines.name != given else {",
            "throw FormatError(.yaml, .betweenLists(problem: problem), offset: offset)",
            "var options = ReadOptions(format: .lines)",
            "self.format = .lines",
        ]
        for line in named {
            XCTAssertNotNil(Self.formatValue(in: line[...], members: members, inFormatSwitch: false), line)
        }
        XCTAssertNotNil(Self.formatValue(in: "        case .toml: bytesPerByte = 8"[...], members: members, inFormatSwitch: true))
        let fine = [
            "if has(.json) { choices.append((Option.json.spelled, .json)) }",
            "        case .json:",
            "return .lines(first: first, last: nil)",
            "let read = format.options.contains(Option.jsonPatch.rawValue)",
            "for group in block.lines where format.takesPointer {",
            "// format == .json in a comment",
            "let text = \"format == .json\"",
        ]
        for line in fine {
            XCTAssertNil(Self.formatValue(in: line[...], members: members, inFormatSwitch: false), line)
        }
    }

    /// No file outside `Formats/` names a format by value (`.json`,
    /// `ListFormat.lines`): it asks the format (`heapBytesPerByte`,
    /// `listsStandAlone`, `takesPointer`, `FormatChoice.guess`, and what a
    /// move asks: `rowsHaveAHeader`, `mergeKey`, `valueConversion`…), so
    /// that a format is added in its folder and the one list
    /// (`ListFormat.builtIn`). Neither the command line nor the core names
    /// one; the tests may.
    func testNoFormatIsNamedByValueOutsideTheFormatFolders() throws {
        for place in try Self.formatValuesOutsideFormats() {
            XCTFail("\(place.path):\(place.line): '\(place.text)' names a format by value outside Formats/; "
                + "ask the format instead (a property of ListFormat, declared in the format's folder)")
        }
    }
}

/// Unsafe code says why it is safe: every `@unchecked Sendable`,
/// `nonisolated(unsafe)`, and use of an unchecked pointer (one made,
/// reinterpreted or allocated by hand) has a one-line `// SAFETY:` comment,
/// on its line or the line above, that says why it holds (lifetime,
/// bounds, exclusivity). Loads and stores through a pointer are covered by
/// the comment where the pointer is made.
extension SeamTests {
    /// The trees checked, each with the folders left out of it.
    static let safetyCommentedTrees: [(tree: String, except: [String])] = [
        ("Sources/ReorderKit", []),
        ("Sources/ReorderCLI", []),
    ]

    /// The unsafe use on `line` (`@unchecked Sendable`, `nonisolated(unsafe)`,
    /// `withUnsafe…`, an `Unsafe…Pointer(…)` made or `.allocate`d, an
    /// `.allocate(` of an inferred pointer type, `assumingMemoryBound`,
    /// `bindMemory`, `withMemoryRebound`, `unsafeBitCast`, `unsafeDowncast`,
    /// `Unmanaged`, a value wrapped in `UncheckedSendable`), or nil.
    /// Comments and string literals are left out; a pointer type named only
    /// as a type (a parameter, a property) is no use.
    static func unsafeUse(in line: Substring) -> String? {
        // Most lines hold none of the words; the regular expressions are slow.
        let words = ["nsafe", "unchecked", "allocate(", "UncheckedSendable(", "MemoryBound", "bindMemory", "Rebound", "BitCast", "Downcast", "Unmanaged"]
        guard words.contains(where: { line.contains($0) }) else { return nil }
        var code = String(line)
        if code.trimmingCharacters(in: .whitespaces).hasPrefix("//") { return nil }
        code = code.replacing(#/"(?:[^"\\]|\\.)*"/#, with: "\"\"")
        if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
        let use = #/@unchecked\s+Sendable|nonisolated\(unsafe\)|\bUnsafe(?:Mutable)?(?:Raw)?(?:Buffer)?Pointer(?:<[^()]*?>)?\s*(?:\(|\.allocate\b)|\bwithUnsafe[A-Za-z]*|\bassumingMemoryBound\b|\bbindMemory\b|\bwithMemoryRebound\b|\bunsafeBitCast\b|\bunsafeDowncast\b|\bUnmanaged\b|\.allocate\(|\bUncheckedSendable\(/#
        // Simple word boundaries: Unicode's join `bytes.withUnsafeBytes` into one word.
        return code.firstMatch(of: use.wordBoundaryKind(.simple)).map { String($0.output) }
    }

    /// Whether the unsafe use on line `index` of `lines` has its comment.
    static func hasSafetyComment(_ lines: [Substring], _ index: Int) -> Bool {
        lines[index].contains("// SAFETY: ") || index > 0 && lines[index - 1].contains("// SAFETY: ")
    }

    func testTheUnsafeUsesTheSafetyCheckLooksForAreFound() {
        let uses = [
            "final class Reading: @unchecked Sendable {",
            "nonisolated(unsafe) private static var last: LoadedInput? = nil",
            "bytes.withUnsafeBufferPointer { sort($0.baseAddress!) }",
            "let view = UnsafeRawBufferPointer(rebasing: source[range])",
            "let order = UnsafeMutablePointer<UInt32>.allocate(capacity: count)",
            "counts = .allocate(capacity: 256)",
            "base.assumingMemoryBound(to: UInt8.self)",
            "raw.bindMemory(to: Element.self, capacity: count)",
            "let box = Unmanaged.passRetained(self)",
            "let f = unsafeBitCast(pointer, to: Int.self)",
            "let box = UncheckedSendable(self)",
        ]
        for line in uses {
            XCTAssertNotNil(Self.unsafeUse(in: line[...]), line)
        }
        let fine = [
            "func read(_ source: UnsafeRawBufferPointer) -> Int {",
            "let source: UnsafeRawBufferPointer",
            "// bytes.withUnsafeBytes in a comment",
            "/// `UnsafeRawBufferPointer(rebasing:)` in a doc comment",
            "message = \"call withUnsafeBytes first\"",
            "buffer.deallocate()",
        ]
        for line in fine {
            XCTAssertNil(Self.unsafeUse(in: line[...]), line)
        }
        let commented: [Substring] = ["// SAFETY: the closure's pointer does not escape it.", "bytes.withUnsafeBytes { f($0) }"]
        XCTAssertTrue(Self.hasSafetyComment(commented, 1))
        XCTAssertFalse(Self.hasSafetyComment(["let x = 1", "bytes.withUnsafeBytes { f($0) }"], 1))
        XCTAssertTrue(Self.hasSafetyComment(["bytes.withUnsafeBytes { f($0) }  // SAFETY: the pointer stays in the closure."], 0))
    }

    func testEveryUnsafeUseSaysWhyItIsSafe() throws {
        var uses = 0, missing: [String] = []
        for (tree, except) in Self.safetyCommentedTrees {
            let files = try Self.swiftFiles(under: Self.root.appendingPathComponent(tree))
            XCTAssertFalse(files.isEmpty, "no Swift files under \(tree)")
            for file in files where !except.contains(where: { file.path.hasPrefix($0) }) {
                let lines = try String(contentsOf: file.url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for index in lines.indices {
                    guard let use = Self.unsafeUse(in: lines[index]) else { continue }
                    uses += 1
                    if !Self.hasSafetyComment(lines, index) { missing.append("\(file.path):\(index + 1): '\(use)'") }
                }
            }
        }
        XCTAssertGreaterThan(uses, 0, "the check found no unsafe use at all")
        XCTAssertTrue(missing.isEmpty, "\(missing.count) of \(uses) unsafe uses have no one-line '// SAFETY:' comment "
            + "(on their line or the line above) saying why they hold:\n" + missing.joined(separator: "\n"))
    }
}

/// The low-level layer has one home: the core reaches the C library only
/// from `Sources/ReorderKit/Support/`, and builds the keys `StringSort`
/// sorts only through `ByteKeys` (`Sorting/ByteKeys.swift`).
extension SeamTests {
    /// The lines of every Swift file under `Sources/ReorderKit` outside the
    /// paths `allowed` (prefixes, from the root) where `found` holds.
    static func coreLines(outside allowed: [String], where found: (Substring) -> Bool) throws -> [String] {
        var hits: [String] = []
        let files = try Self.swiftFiles(under: Self.root.appendingPathComponent("Sources/ReorderKit"))
        XCTAssertFalse(files.isEmpty, "no Swift files under Sources/ReorderKit")
        for file in files where !allowed.contains(where: { file.path.hasPrefix($0) }) {
            let lines = try String(contentsOf: file.url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where found(line) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                hits.append("\(file.path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return hits
    }

    func testOnlySupportImportsTheCLibrary() throws {
        let imports = try Self.coreLines(outside: ["Sources/ReorderKit/Support/"]) { line in
            line.contains("import Glibc") || line.contains("import Musl") || line.contains("import Darwin")
        }
        XCTAssertTrue(imports.isEmpty, "the core imports the C library outside Support/ (add a helper there instead):\n"
            + imports.joined(separator: "\n"))
    }

    func testOnlyByteKeysBuildsTheKeysStringSortSorts() throws {
        let builders = try Self.coreLines(outside: ["Sources/ReorderKit/Sorting/ByteKeys.swift",
                                                    "Sources/ReorderKit/Sorting/StringSort.swift"]) { line in
            line.contains("StringSort.Items(") || line.contains("StringSort.sortedOrder(")
        }
        XCTAssertTrue(builders.isEmpty, "keys for StringSort built outside ByteKeys (append them to a ByteKeys instead):\n"
            + builders.joined(separator: "\n"))
    }
}
