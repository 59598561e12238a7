import Foundation
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
}
