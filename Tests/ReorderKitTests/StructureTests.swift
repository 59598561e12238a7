import Foundation
import XCTest

/// The tree's layout guards itself, in the spirit of SwiftFormat's
/// code-organisation tests: a source file is named after the type it
/// declares or extends (`Type.swift`, `Type+Topic.swift`), and the unit
/// tests mirror the sources: a test file sits in the folder of what it
/// tests, and is named after it (`SubjectTests.swift`).
///
/// The files that broke the first rule when it came, and could not be
/// renamed to a type of theirs (a file of free functions, or of many small
/// types), are listed below; the list can only shrink: a file that is
/// renamed or now keeps the rule must leave it, and no file may join it.
final class StructureTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Source files named for a concern, not for a type they declare: each
    /// to be split or renamed.
    static let namedForAConcern: Set<String> = [
        "Sources/ReorderKit/Blocks/KeepSortedGrouping.swift",
        "Sources/ReorderKit/Blocks/KeepSortedMarkerScan.swift",
        "Sources/ReorderKit/Blocks/KeepSortedOrder.swift",
        "Sources/ReorderKit/Blocks/KeepSortedText.swift",
        "Sources/ReorderKit/Diff/LongestIncreasingRun.swift",
        "Sources/ReorderKit/Formats/TOML/TOMLLayout+Values.swift",
        "Sources/ReorderKit/Formats/TOML/TOMLModel.swift",
        "Sources/ReorderKit/Support/Memory.swift",
        "Sources/ReorderCLI/System/Signals.swift",
    ]

    /// The suites about the whole tree rather than one folder's files: the
    /// seam, the structure, the docs and the package's metadata.
    static let treeWideSuites: Set<String> = [
        "Tests/ReorderKitTests/SeamTests.swift",
        "Tests/ReorderKitTests/StructureTests.swift",
        "Tests/ReorderKitTests/SystemSeamTests.swift",
        "Tests/ReorderCLITests/CommandLine/DocsTests.swift",
        "Tests/ReorderCLITests/CommandLine/MetadataTests.swift",
    ]

    /// Swift files below `folder` (relative to the repository), with their text.
    static func files(under folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var found: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1))
            found.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The names a file declares at its top level: its types, and the types it extends.
    static func declaredNames(_ text: String) -> Set<String> {
        var names = Set<String>()
        let modifiers: Set<String> = ["public", "internal", "private", "fileprivate", "final", "package", "open", "indirect", "nonisolated"]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix(" ") && !line.hasPrefix("\t") {
            var words = line.split(whereSeparator: { " :<{(=".contains($0) }).map(String.init)
            while let first = words.first, modifiers.contains(first) || first.hasPrefix("@") { words.removeFirst() }
            guard words.count >= 2, ["struct", "enum", "class", "protocol", "actor", "extension", "typealias"].contains(words[0]) else { continue }
            // `extension Foo.Bar` is about Foo.
            names.insert(String(words[1].split(separator: ".").first ?? ""))
        }
        return names
    }

    /// A file's subject: its name before any "+" (`Type+Topic.swift`).
    static func subject(_ path: String) -> String {
        let name = String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".swift", with: "")
        return String(name.split(separator: "+").first ?? "")
    }

    /// Source files that are not named after a type they declare or extend
    /// (or the family of types their name starts: `SectionedBatch.swift`
    /// holds `SectionedBatchError` too).
    static func misnamedSources() throws -> [String] {
        var misnamed: [String] = []
        for target in ["Sources/ReorderKit", "Sources/ReorderCLI"] {
            for (path, text) in try files(under: target) {
                let subject = subject(path), names = declaredNames(text)
                if !names.contains(where: { $0.hasPrefix(subject) }) { misnamed.append("\(target)/\(path)") }
            }
        }
        return misnamed
    }

    /// Unit test files that are not in a folder of the sources they test, or
    /// whose name shares no word (four letters or more from the start) with
    /// a file or type of that folder.
    static func strayTests() throws -> [String] {
        func common(_ a: String, _ b: String) -> Int { zip(a, b).prefix { $0 == $1 }.count }
        var strays: [String] = []
        for (tests, sources) in [("Tests/ReorderKitTests", "Sources/ReorderKit"), ("Tests/ReorderCLITests", "Sources/ReorderCLI")] {
            let sourceFiles = try files(under: sources)
            for (path, text) in try files(under: tests) {
                let folder = path.split(separator: "/").dropLast().joined(separator: "/")
                let mirrored = sourceFiles.filter { folder.isEmpty || $0.path.hasPrefix(folder + "/") }
                guard !mirrored.isEmpty else {
                    strays.append("\(tests)/\(path)")
                    continue
                }
                // A file of helpers (no test case) sits where its tests are.
                guard text.contains(": XCTestCase") else { continue }
                let subject = subject(path)
                guard subject.hasSuffix("Tests") else {
                    strays.append("\(tests)/\(path)")
                    continue
                }
                let tested = String(subject.dropLast("Tests".count))
                // A file's type, its topic (`ListDocument+HeadedGroups`: HeadedGroups), and the types it declares.
                let topics = mirrored.map { String($0.path.split(separator: "/").last!.dropLast(".swift".count).split(separator: "+").last!) }
                let names = Set(mirrored.map { Self.subject($0.path) }).union(topics).union(mirrored.flatMap { declaredNames($0.text) })
                if !names.contains(where: { common(tested, $0) >= 4 }) { strays.append("\(tests)/\(path)") }
            }
        }
        return strays
    }

    func testEachSourceFileIsNamedAfterATypeItDeclaresOrExtends() throws {
        let misnamed = try Self.misnamedSources()
        XCTAssertEqual(misnamed.filter { !Self.namedForAConcern.contains($0) }, [],
                       "a source file is named after the type it declares or extends (Type.swift, Type+Topic.swift)")
        XCTAssertEqual(Self.namedForAConcern.subtracting(misnamed).sorted(), [],
                       "renamed or now named after its type: take it off StructureTests.namedForAConcern")
    }

    func testTheUnitTestsMirrorTheSources() throws {
        let strays = try Self.strayTests()
        XCTAssertEqual(strays.filter { !Self.treeWideSuites.contains($0) }, [],
                       "a unit test sits in the folder of the sources it tests, named SubjectTests.swift after a file or type there")
        XCTAssertEqual(Self.treeWideSuites.subtracting(strays).sorted(), [],
                       "now named after its subject: take it off StructureTests.treeWideSuites")
    }

    /// The checks find what they must: a file named for no type, a test
    /// in a folder the sources lack.
    func testTheChecksFindWhatTheyMust() {
        XCTAssertEqual(Self.declaredNames("public struct A {}\nextension B.C {}\n    struct Inner {}\n@frozen public enum D: Int {}\nfunc e() {}\n"),
                       ["A", "B", "D"])
        XCTAssertEqual(Self.subject("Formats/CSV/FormatOption+CSV.swift"), "FormatOption")
        XCTAssertEqual(Self.subject("Rendering.swift"), "Rendering")
    }
}
