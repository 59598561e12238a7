import Foundation
@testable import ReorderCLI
import ReorderKit
import XCTest

/// The walk outside git (`RepositoryFiles.walk`), which reads folders on
/// two threads: its list must be the one a walk on one thread gives, in
/// the same order.
final class RepositoryWalkTests: XCTestCase {
    /// A small random generator with a seed, so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let names = ["a", "b", "build", "src", "x y", "é", "keep.log", "debug.log", "Z", "node_modules", "top-only",
                        ".hidden", ".github", "data.json", "notes.txt", "sub1", "sub2", "ü.md"]
    static let ignoreLines = ["*.log", "!keep.log", "build/", "/top-only", "sub*/notes.txt", "# a comment", "node_modules",
                              "*.json", "!data.json", "x y/", "\\#odd", "**/deep", "Z"]

    /// A tree of folders and files below `root`, some folders with a
    /// .gitignore; returns how many files it wrote.
    func makeTree(_ root: URL, depth: Int, generator: inout Generator) throws -> Int {
        var written = 0
        let manager = FileManager.default
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        if Int.random(in: 0..<3, using: &generator) == 0 {
            let lines = (0..<Int.random(in: 1...4, using: &generator)).map { _ in Self.ignoreLines.randomElement(using: &generator)! }
            try (lines.joined(separator: "\n") + "\n").write(to: root.appendingPathComponent(".gitignore"), atomically: false, encoding: .utf8)
        }
        for name in Self.names.shuffled(using: &generator).prefix(Int.random(in: 2...9, using: &generator)) {
            let url = root.appendingPathComponent(name)
            if depth > 0 && Int.random(in: 0..<3, using: &generator) == 0 {
                written += try makeTree(url, depth: depth - 1, generator: &generator)
            } else {
                try Data(name.utf8).write(to: url)
                written += 1
            }
        }
        if depth > 0 && Int.random(in: 0..<4, using: &generator) == 0 {
            written += try makeTree(root.appendingPathComponent("deep"), depth: depth - 1, generator: &generator)
        }
        return written
    }

    /// The walk as it was on one thread, recursive, kept here as the
    /// reference.
    func referenceWalk(_ root: String, named: Set<String>) throws -> [String] {
        var files: [String] = []
        func visit(_ relative: String, _ ignores: [IgnoreRule]) throws {
            let directory = relative.isEmpty ? root : PathNames.join(root, relative)
            var ignores = ignores
            if let content = try? InputBytes.read(path: PathNames.join(directory, ".gitignore")) {
                ignores += withExtendedLifetime(content) { IgnoreRule.parse(Array(content.bytes), base: relative) }
            }
            for name in try System.directoryEntries(directory).sorted() {
                let path = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard lstat(PathNames.join(root, path), &status) == 0 else { continue }
                let isDirectory = status.st_mode & S_IFMT == S_IFDIR
                if name == ".git" { continue }
                if isDirectory && name.hasPrefix(".") && !named.contains(name) { continue }
                if IgnoreRule.ignores(ignores, path, isDirectory: isDirectory) { continue }
                if isDirectory {
                    try visit(path, ignores)
                } else if status.st_mode & S_IFMT == S_IFREG {
                    files.append(path)
                }
            }
        }
        try visit("", [])
        return files
    }

    func testTwoThreadsListWhatOneThreadLists() throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("reorder-walk-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: base) }
        var totals = 0, listed = 0
        for seed in 1...8 {
            var generator = Generator(state: UInt64(seed))
            let root = base.appendingPathComponent("tree\(seed)")
            totals += try makeTree(root, depth: 4, generator: &generator)
            let reference = try referenceWalk(root.path, named: [".github"])
            let one = try RepositoryFiles.walk(root.path, policy: Policy(), alsoHidden: [".github"], threads: 1)
            XCTAssertEqual(one, reference, "seed \(seed), one thread")
            for threads in [2, 3] {
                // Several times: the threads' timing differs run to run.
                for _ in 0..<2 {
                    let walked = try RepositoryFiles.walk(root.path, policy: Policy(), alsoHidden: [".github"], threads: threads)
                    XCTAssertEqual(walked, reference, "seed \(seed), \(threads) threads")
                }
            }
            // The tree made something to ignore and something to keep.
            XCTAssertFalse(reference.isEmpty, "seed \(seed)")
            listed += reference.filter { !$0.hasSuffix(".gitignore") }.count
        }
        XCTAssertGreaterThan(totals, 100)
        // The .gitignore files and hidden folders left some out.
        XCTAssertLessThan(listed, totals)
    }

    func testAnUnreadableFolderFailsTheWalk() throws {
        // Root reads every folder; a folder that is not one fails alike on
        // one thread and on two.
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("reorder-walk-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: base) }
        XCTAssertThrowsError(try RepositoryFiles.walk(base.path, policy: Policy(), threads: 2))
        XCTAssertThrowsError(try RepositoryFiles.walk(base.path, policy: Policy(), threads: 1))
    }
}
