import Foundation
@testable import ReorderCLI
import ReorderKit
import XCTest

/// Holds the README, the pages of `docs/`, the man page, the changelog and
/// ARCHITECTURE.md to what they describe: every link between them resolves,
/// and what they list (commands, formats, the packages `make test` installs,
/// the paths of the repository) is what the code and the scripts have.
final class DocsTests: XCTestCase {
    static let repository = MetadataTests.repository

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent(path).path)
    }

    /// README.md, ARCHITECTURE.md, CHANGELOG.md and every page of docs/.
    func markdownFiles() throws -> [String] {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md", "ARCHITECTURE.md", "CHANGELOG.md"] + pages
    }

    // MARK: - Markdown, as far as links need it

    /// The lines of a Markdown text outside fenced code blocks, with their
    /// inline code spans blanked.
    static func proseLines(_ text: String) -> [String] {
        var fence: String? = nil
        var lines: [String] = []
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
                lines.append("")
                continue
            }
            if let marker = MetadataTests.matches(of: #"^(`{3,}|~{3,})"#, in: trimmed).first?[1] {
                fence = marker
                lines.append("")
                continue
            }
            lines.append(line.replacingOccurrences(of: #"`[^`]*`"#, with: "``", options: .regularExpression))
        }
        return lines
    }

    /// A heading's anchor as GitHub makes it: lower case, every character
    /// but letters, digits, spaces, '-' and '_' dropped, spaces as '-'.
    static func anchor(_ heading: String) -> String {
        let lowered = heading.trimmingCharacters(in: .whitespaces).lowercased()
        let kept = lowered.unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    /// The anchors of a Markdown text's headings (a repeated one gets
    /// `-1`, `-2`, … as on GitHub).
    static func anchors(_ text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        var fence: String? = nil
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
                continue
            }
            if let marker = MetadataTests.matches(of: #"^(`{3,}|~{3,})"#, in: trimmed).first?[1] {
                fence = marker
                continue
            }
            guard let heading = MetadataTests.matches(of: #"^#{1,6} (.*)$"#, in: line).first?[1] else { continue }
            let base = anchor(heading)
            let count = seen[base, default: 0]
            seen[base] = count + 1
            anchors.insert(count == 0 ? base : "\(base)-\(count)")
        }
        return anchors
    }

    /// The targets of a Markdown text's inline links `[text](target)`.
    static func links(_ text: String) -> [String] {
        let prose = proseLines(text).joined(separator: "\n")
        return MetadataTests.matches(of: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#, in: prose).map { $0[1] }
    }

    // MARK: - Links

    func testEveryRelativeLinkAndAnchorResolves() throws {
        var problems: [String] = []
        for file in try markdownFiles() {
            let folder = (file as NSString).deletingLastPathComponent
            for link in Self.links(try text(file)) {
                if link.range(of: #"^[a-zA-Z][a-zA-Z+.-]*:"#, options: .regularExpression) != nil { continue }
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                var target = file
                if !parts[0].isEmpty {
                    target = ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
                    guard exists(target) else {
                        problems.append("\(file): '\(link)': no file \(target)")
                        continue
                    }
                }
                if parts.count == 2 {
                    guard target.hasSuffix(".md") else {
                        problems.append("\(file): '\(link)': an anchor in a file that is not Markdown")
                        continue
                    }
                    if !Self.anchors(try text(target)).contains(parts[1]) {
                        problems.append("\(file): '\(link)': \(target) has no heading '#\(parts[1])'")
                    }
                }
            }
        }
        XCTAssertEqual(problems, [])
    }

    func testTheLinkCheckerFindsABrokenLinkAndAnchor() {
        XCTAssertEqual(Self.links("[a](docs/x.md#y) `[b](c)`\n```\n[d](e)\n```\n[f](https://g) [h](#i)"),
                       ["docs/x.md#y", "https://g", "#i"])
        XCTAssertEqual(Self.anchors("# One policy: `.reorder.toml`, `reorder check`\n## Why\n## Why\n```\n# Not\n```\n"),
                       ["one-policy-reordertoml-reorder-check", "why", "why-1"])
    }

    func testTheReadmeAndTheManPageLeadToEveryPageOfDocs() throws {
        let pages = try markdownFiles().filter { $0.hasPrefix("docs/") && $0 != "docs/README.md" }
        XCTAssertGreaterThan(pages.count, 10)
        let index = Set(Self.links(try text("docs/README.md")).map { "docs/" + $0.split(separator: "#")[0] })
        XCTAssertEqual(Set(pages).subtracting(index), [], "docs/README.md links every page")
        let readme = Set(Self.links(try text("README.md")).map { String($0.split(separator: "#")[0]) })
        XCTAssertTrue(readme.contains("docs/README.md"))
        XCTAssertEqual(Set(pages).subtracting(readme), [], "the README links every page")
        let seeAlso = try XCTUnwrap(try text("man/reorder.1").components(separatedBy: ".SH SEE ALSO").last)
        XCTAssertTrue(seeAlso.contains("docs/README.md"), "the man page's SEE ALSO names the pages")
    }

    // MARK: - Paths

    /// Every path of the repository that the docs and the man page name
    /// (`Tests/…`, `Sources/…`, `bench/…`, …) is there.
    func testEveryPathTheDocsNameExists() throws {
        var problems: [String] = []
        for file in try markdownFiles() + ["man/reorder.1"] {
            let content = try text(file).replacingOccurrences(of: #"\-"#, with: "-")
            let pattern = #"(?<![\w/.-])((?:Tests|Sources|bench|packaging|\.ci|completions|man|examples|Fuzz)/[\w./+-]*[\w/])"#
            for match in MetadataTests.matches(of: pattern, in: content) {
                let path = match[1]
                if path.contains("*") || path.contains("<") { continue }
                if !exists(path.hasSuffix("/") ? String(path.dropLast()) : path) { problems.append("\(file): \(path)") }
            }
        }
        XCTAssertEqual(problems, [])
    }

    /// ARCHITECTURE.md: a test folder follows a source folder.
    func testEveryTestFolderHasItsSourceFolder() throws {
        var problems: [String] = []
        for (tests, sources) in [("Tests/ReorderKitTests", "Sources/ReorderKit"), ("Tests/ReorderCLITests", "Sources/ReorderCLI")] {
            let root = Self.repository.appendingPathComponent(tests)
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                                          options: [.skipsHiddenFiles]))
            for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true {
                let relative = String(url.path.dropFirst(root.path.count + 1))
                if !exists(sources + "/" + relative) { problems.append("\(tests)/\(relative)") }
            }
        }
        XCTAssertEqual(problems, [], "test folders without a source folder of the same path")
    }

    /// Options of other programs that the pages name: swift test's, the
    /// compiler's, tar's, git's, Miller's, cargo-sort's, pip's, and the
    /// fuzzer's.
    static let otherProgramsOptions: Set<String> = [
        "--filter", "--static-swift-stdlib", "--strip-components", "--quiet", "--csv", "--grouped",
        "--extra-index-url", "--index-url", "--hash", "--keep", "--layouts", "--install-extension",
    ]

    /// The README and the pages of docs/ mention only options the command
    /// table has (or, by name, another program's).
    func testTheDocsMentionOnlyTheTablesOptions() throws {
        for file in try markdownFiles() where file != "CHANGELOG.md" && file != "ARCHITECTURE.md" {
            let mentioned = Set(MetadataTests.matches(of: #"(?<![\w-])--[a-zA-Z][a-zA-Z-]*"#, in: try text(file)).map { $0[0] })
            let unknown = mentioned.subtracting(MetadataTests.allLongOptions).subtracting(Self.otherProgramsOptions)
            XCTAssertEqual(unknown, [], "\(file) mentions options the command table does not have")
        }
    }

    // MARK: - make test

    /// The README names every package `make test` installs (Tests/test.sh's
    /// lists), and no other.
    func testTheReadmeNamesThePackagesMakeTestInstalls() throws {
        let script = try text("Tests/test.sh")
        let readme = try text("README.md")
        for (list, phrase) in [("debian_packages", "the Debian packages"), ("python_packages", "the Python packages")] {
            let installed = try XCTUnwrap(MetadataTests.matches(of: list + #"=\(([^)]*)\)"#, in: script).first?[1])
            let named = try XCTUnwrap(MetadataTests.matches(of: NSRegularExpression.escapedPattern(for: phrase) + #"\s+`([^`]*)`"#, in: readme).first?[1],
                                      "the README: '\(phrase) `…`'")
            XCTAssertEqual(MetadataTests.words(named.replacingOccurrences(of: "\n", with: " ")),
                           MetadataTests.words(installed), "\(list) in Tests/test.sh and the README")
        }
    }

    // MARK: - Commands and formats

    func testTheReadmesCommandsBlockAndTheManSynopsisNameEveryCommandAndHelpTopic() throws {
        let readme = try text("README.md")
        let block = try XCTUnwrap(MetadataTests.matches(of: #"## Commands\n\n```\n([^`]*)```"#, in: readme).first?[1])
        let named = MetadataTests.matches(of: #"(?m)^reorder ([a-z]+)"#, in: block).map { $0[1] }
        XCTAssertEqual(named, CommandTable.commands.map(\.name), "the README's Commands block")
        let helpLine = try XCTUnwrap(block.components(separatedBy: "\n").first { $0.hasPrefix("reorder help") })
        XCTAssertTrue(helpLine.contains("COMMAND | \(Help.formatsTopic) | \(Help.presetsTopic)"), helpLine)

        let page = try text("man/reorder.1")
        let synopsis = try XCTUnwrap(page.components(separatedBy: ".SH SYNOPSIS").last?.components(separatedBy: ".SH DESCRIPTION").first)
        XCTAssertEqual(MetadataTests.matches(of: #"(?m)^\.B "reorder ([a-z]+)""#, in: synopsis).map { $0[1] },
                       CommandTable.commands.map(\.name), "the man page's SYNOPSIS")
        XCTAssertTrue(synopsis.contains(Help.formatsTopic) && synopsis.contains(Help.presetsTopic), "SYNOPSIS: reorder help's topics")
    }

    /// The words that name each format in a sentence that lists them all.
    static let formatWords: [String: String] = [
        "lines": "lines", "json": "JSON", "jsonc": "comments", "yaml": "YAML", "toml": "TOML",
        "markdown": "Markdown", "csv": "CSV", "tsv": "TSV",
    ]

    func testHelpAndTheManPageDescribeEveryFormatInTheirFirstParagraph() throws {
        XCTAssertEqual(Set(Self.formatWords.keys), Set(ListFormat.all.map(\.name)), "a word for each format")
        let help = Help.overview(width: 1000).components(separatedBy: "\n\n")[0]
        let page = try text("man/reorder.1")
        let description = try XCTUnwrap(page.components(separatedBy: ".SH DESCRIPTION").last?
            .components(separatedBy: "\n.PP").first)
        let readme = try text("README.md").components(separatedBy: "\n\n")[1]
        for (name, text) in [("reorder --help", help), ("man DESCRIPTION", description), ("the README's first paragraph", readme)] {
            for (format, word) in Self.formatWords {
                XCTAssertTrue(text.contains(word), "\(name) does not name the format \(format) ('\(word)'): \(text)")
            }
        }
    }

    func testTabCompletionsFormatValuesAreTheFormats() throws {
        let page = try text("docs/man-and-completions.md")
        let values = try XCTUnwrap(MetadataTests.matches(of: #"values of\s+`--format`\s+\(`([^`]*)`\)"#, in: page).first?[1])
        XCTAssertEqual(MetadataTests.words(values), ["auto"] + ListFormat.all.map(\.name))
    }

    // MARK: - The man page's examples and exit status

    func testTheManPagesExamplesShowTheTeamCommandsAndHooks() throws {
        let page = try text("man/reorder.1").replacingOccurrences(of: #"\-"#, with: "-")
        let examples = try XCTUnwrap(page.components(separatedBy: ".SH EXAMPLES").last?.components(separatedBy: ".SH SEE ALSO").first)
        for command in ["reorder check", "reorder init", "reorder fix", "reorder-policy", "reorder-policy-prebuilt", "reorder-fix-prebuilt"] {
            XCTAssertTrue(examples.contains(command), "EXAMPLES: \(command)")
        }
        let hooks = try text(".pre-commit-hooks.yaml")
        for id in MetadataTests.matches(of: #"(?m)^- id: ([a-z-]+)"#, in: hooks).map({ $0[1] }) {
            XCTAssertTrue(examples.contains(id), "EXAMPLES: the hook \(id)")
        }
        let exitStatus = try XCTUnwrap(page.components(separatedBy: ".SH EXIT STATUS").last?.components(separatedBy: ".SH ENVIRONMENT").first)
        let one = try XCTUnwrap(exitStatus.components(separatedBy: ".B 1\n").last?.components(separatedBy: ".TP").first)
        XCTAssertTrue(one.contains(".B check"), "EXIT STATUS 1: check")
    }

    // MARK: - The changelog

    /// The first version is what it adds: no "Changed" or "Fixed" about
    /// states never released, and every command among what it adds.
    func testTheFirstVersionOfTheChangelogOnlyAdds() throws {
        let changelog = try text("CHANGELOG.md")
        let versions = changelog.components(separatedBy: "\n## ").dropFirst()
        let first = try XCTUnwrap(versions.last)
        let sections = MetadataTests.matches(of: #"(?m)^### (.*)$"#, in: first).map { $0[1] }
        XCTAssertEqual(sections, ["Added"], "the first version's sections")
        for command in CommandTable.commands.map(\.name) where command != "help" {
            XCTAssertTrue(first.contains("`reorder \(command)") || first.contains("`\(command)`"), "the first version adds reorder \(command)")
        }
    }
}
