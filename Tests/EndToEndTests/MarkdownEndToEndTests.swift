import Foundation
import XCTest

/// Markdown lists through the built program: CommonMark's list examples
/// judged by markdown-it-py (`Tests/markdown/commonmark.py`), and an
/// awesome list (`Tests/markdown/fixtures/awesome-grep.md`) edited with
/// every command, byte for byte: the expected bytes are the source's lines
/// with the items' lines in the new order.
final class MarkdownEndToEndTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let script = "Tests/markdown/commonmark.py"

    func testCommonMarksListExamplesReorderAsMarkdownItRendersThem() throws {
        let result = try Harness.python(script, ["--reorder", Harness.binary.path, "--random", "40"])
        print(result.output, terminator: "")
        XCTAssertEqual(result.status, 0, result.output)
        // Every example of the two sections and every random document,
        // each judged: none left out.
        XCTAssertTrue(result.output.contains("\n114 passed, 0 failed\n"), result.output)
        XCTAssertFalse(result.output.contains("No module named"), "markdown-it-py is missing; run 'make test', which installs it")
    }

    func testTheCommonMarkScriptFailsOnAProgramThatIsNotReorder() throws {
        let result = try Harness.python(script, ["--reorder", "/bin/false"])
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains(" failed"), result.output)
        XCTAssertFalse(result.output.contains(" 0 failed"), result.output)
    }

    /// `reorder lsp` with a policy that names a list by its heading path
    /// (`Tests/lsp/markdown.py`, on the client of `Tests/lsp/client.py`).
    func testTheEditorServerChecksAndFormatsAMarkdownList() throws {
        let (status, text) = try Harness.python("Tests/lsp/markdown.py")
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.hasPrefix("ok: 12 checks"), text)
    }

    // MARK: - An awesome list, every command

    static let fixture = repository.appendingPathComponent("Tests/markdown/fixtures/awesome-grep.md")

    func source() throws -> String { try String(contentsOf: Self.fixture, encoding: .utf8) }

    /// The source with its lines `range` (1-based, inclusive) replaced by
    /// the lines of `blocks` in that order (a block left out is deleted),
    /// lines in `replacing` written as given.
    func reordered(_ blocks: [ClosedRange<Int>], in range: ClosedRange<Int>, replacing: [Int: String] = [:]) throws -> String {
        var lines = try source().components(separatedBy: "\n")
        let moved = blocks.flatMap { block in block.map { replacing[$0] ?? lines[$0 - 1] } }
        lines.replaceSubrange((range.lowerBound - 1)...(range.upperBound - 1), with: moved)
        return lines.joined(separator: "\n")
    }

    func harness() throws -> Harness {
        let h = try Harness()
        try h.write("README.md", try source())
        return h
    }

    func assertRun(_ h: Harness, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line,
                   environment: [String: String] = [:]) throws {
        let result = try h.run(arguments, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, "", file: file, line: line)
    }

    let tools = "/Awesome Grep/Tools"
    // The items of Tools: lines 12, 13, 14-17 (with its nested list), 18.
    let toolItems: [ClosedRange<Int>] = [12...12, 13...13, 14...17, 18...18]

    func testMoveSwapDeleteReverseAndSort() throws {
        var h = try harness()
        try assertRun(h, ["move", "2", "0", "-p", tools, "README.md"])
        XCTAssertEqual(try h.text("README.md"), try reordered([14...17, 12...12, 13...13, 18...18], in: 12...18))

        h = try harness()
        try assertRun(h, ["swap", "=ugrep - Fast grep with an interactive query UI.", "=ag - The silver searcher.", "-p", tools, "README.md"])
        XCTAssertEqual(try h.text("README.md"), try reordered([18...18, 13...13, 14...17, 12...12], in: 12...18))

        h = try harness()
        try assertRun(h, ["delete", "1", "-p", tools, "README.md"])
        XCTAssertEqual(try h.text("README.md"), try reordered([12...12, 14...17, 18...18], in: 12...18))

        h = try harness()
        try assertRun(h, ["reverse", "-p", tools + "/2", "README.md"])
        XCTAssertEqual(try h.text("README.md"), try reordered([14...15, 17...17, 16...16], in: 14...17))

        h = try harness()
        try assertRun(h, ["sort", "--ignore-case", "-p", tools, "README.md"])
        XCTAssertEqual(try h.text("README.md"), try reordered([13...13, 18...18, 14...17, 12...12], in: 12...18))
        let again = try h.run(["sort", "--ignore-case", "--check", "-p", tools, "README.md"])
        XCTAssertEqual(again.status, 0, again.stderr)

        // A loose list whose item holds fenced code; in byte order, upper
        // case first, a code span by its code.
        h = try harness()
        try assertRun(h, ["sort", "-p", "/Awesome Grep/Tools/Editors", "README.md"])
        XCTAssertEqual(try h.text("README.md"), try reordered([23...27, 28...28, 22...22], in: 22...28))
    }

    func testAnOrderedListKeepsItsNumbersAndReindentsAWiderNumbersItem() throws {
        let h = try harness()
        try assertRun(h, ["move", "8", "-1", "-p", "/Awesome Grep/Articles", "README.md"])
        XCTAssertEqual(try h.text("README.md"), try reordered([32...39, 42...42, 40...41], in: 32...42, replacing: [
            42: "9. [Ignore files](https://example.com/ignore)",
            40: "10. [Parallel walks](https://example.com/walk)",
            41: "    A longer note that continues the ninth article.",
        ]))
        try assertRun(h, ["move", "-1", "8", "-p", "/Awesome Grep/Articles", "README.md"])
        XCTAssertEqual(try h.text("README.md"), try source())
    }

    func testInsertAndBatchWriteTheListsMarker() throws {
        var h = try harness()
        try assertRun(h, ["insert", "1", "[fd](https://github.com/sharkdp/fd) - Find files.", "-p", tools, "README.md"])
        var lines = try source().components(separatedBy: "\n")
        lines.insert("- [fd](https://github.com/sharkdp/fd) - Find files.", at: 12)
        XCTAssertEqual(try h.text("README.md"), lines.joined(separator: "\n"))

        h = try harness()
        try assertRun(h, ["insert", "-1", "Search Office files", "-p", "/Awesome Grep/Roadmap", "README.md"])
        lines = try source().components(separatedBy: "\n")
        lines.insert("- Search Office files", at: 48)
        XCTAssertEqual(try h.text("README.md"), lines.joined(separator: "\n"))

        h = try harness()
        try assertRun(h, ["insert", "-1", "[Tabs](https://example.com/tabs)", "-p", "/Awesome Grep/Articles", "README.md"])
        lines = try source().components(separatedBy: "\n")
        lines.insert("11. [Tabs](https://example.com/tabs)", at: 42)
        XCTAssertEqual(try h.text("README.md"), lines.joined(separator: "\n"))

        h = try harness()
        try assertRun(h, ["batch", "-e", "delete 0", "-e", "move 2 0", "-e", "insert 1 [sift](https://sift-tool.org)", "-p", tools, "README.md"])
        // UIKit's rules: the delete and the move's source are old indices
        // (ugrep goes, ripgrep moves), the move's destination and the
        // insert new ones.
        XCTAssertEqual(try h.text("README.md"), try reordered([14...17, 0...0, 13...13, 18...18], in: 12...18, replacing: [
            0: "- [sift](https://sift-tool.org)",
        ]))
    }

    func testDiffPrintsTheMovesAndBatchAppliesThem() throws {
        let h = try harness()
        try h.write("sorted.md", try reordered([13...13, 18...18, 14...17, 12...12], in: 12...18))
        let diff = try h.run(["diff", "-p", tools, "README.md", "sorted.md"])
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertEqual(diff.out, "move 3 1\nmove 0 3\n")
        try h.write("ops", diff.out)
        try assertRun(h, ["batch", "-f", "ops", "-p", tools, "README.md"])
        XCTAssertEqual(try h.text("README.md"), try h.text("sorted.md"))
    }

    /// `diff` prints one operation a line, and Markdown's `insert` takes
    /// one line: an item of several lines is refused in Markdown's words,
    /// with what to do instead.
    func testDiffOfAnItemOfSeveralLinesSaysWhatToDoInstead() throws {
        let h = try Harness()
        try h.write("old.md", "- a\n- c\n")
        try h.write("new.md", "- c\n- b\n\n  more\n- a\n")
        let diff = try h.run(["diff", "old.md", "new.md"])
        XCTAssertEqual(diff.status, 2)
        XCTAssertEqual(diff.stderr, "reorder: new.md: item 1 spans several lines, and diff prints each operation on one line, "
                       + "but Markdown's 'insert' takes one item's text on one line; 'reorder diff --stat' counts the changes, and "
                       + "'reorder sort --like new.md OLD' puts the items OLD shares with it in its order (add the new item by hand)\n")
        let stat = try h.run(["diff", "--stat", "old.md", "new.md"])
        XCTAssertEqual(stat.out, "1 move, 1 insert, 0 deletes, 0 replaces\n", stat.stderr)
        let like = try h.run(["sort", "--like", "new.md", "old.md", "-o", "-"])
        XCTAssertEqual(like.out, "- c\n- a\n", like.stderr)
    }

    func testEditThroughAnEditor() throws {
        let h = try harness()
        // Reverse the item lines of the view.
        try h.write("ed.sh", #"#!/bin/sh"# + "\n" + #"grep -v '^#' "$1" | grep -v '^$' > items; cp "$1" shown; tac items > "$1""# + "\n", mode: 0o755)
        try assertRun(h, ["edit", "-p", "/Awesome Grep/Roadmap", "README.md"], environment: ["EDITOR": h.url("ed.sh").path, "VISUAL": ""])
        let shown = try h.text("shown")
        XCTAssertTrue(shown.hasPrefix("0 [x] Search archives\n1 [ ] Search PDFs\n2 [ ] Bundle an editor plugin\n"), shown)
        XCTAssertEqual(try h.text("README.md"), try reordered([48...48, 47...47, 46...46], in: 46...48))
    }

    func testAPolicyNamesAListByItsHeadingPath() throws {
        let h = try harness()
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"README.md\"]\nlist = \"/Awesome Grep/Tools\"\nignore-case = true\n")
        let check = try h.run(["check", "README.md"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.out, "README.md:12: /Awesome Grep/Tools (rule 1): 'ag - The silver searcher.' belongs after 'Ack - Grep-like tool for programmers.', and more — 2 moves\n")
        let fixCheck = try h.run(["fix", "--check", "README.md"])
        XCTAssertEqual(fixCheck.status, 1, fixCheck.stderr)
        XCTAssertEqual(try h.text("README.md"), try source())
        try assertRun(h, ["fix", "README.md"])
        XCTAssertEqual(try h.text("README.md"), try reordered([13...13, 18...18, 14...17, 12...12], in: 12...18))
        XCTAssertEqual(try h.run(["check", "README.md"]).status, 0)
    }

    /// A `*` in the middle of a path stands for each heading there: the
    /// Keep a Changelog layout, every version's `Added`, as one rule.
    func testAStarInTheMiddleOfAPathNamesEachHeadingThere() throws {
        let h = try Harness()
        let text = "# Changelog\n\n## [Unreleased]\n\n### Added\n\n- b\n- a\n\n## [1.0.0] - 2020-01-01\n\n### Added\n\n"
            + "- d\n- c\nlazy c\n\n### Fixed\n\n- z\n- y\n\n## [0.1.0] - 2019-01-01\n\n### Fixed\n\n- q\n- p\n"
        try h.write("CHANGELOG.md", text)
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"CHANGELOG.md\"]\nlist = \"/Changelog/*/Added\"\n")
        let check = try h.run(["check", "CHANGELOG.md"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.out, "CHANGELOG.md:7: /Changelog/[Unreleased]/Added (rule 1): 'a' belongs first — 1 move\n"
                       + "CHANGELOG.md:14: /Changelog/[1.0.0] - 2020-01-01/Added (rule 1): 'c' belongs first — 1 move\n", check.stderr)
        try assertRun(h, ["fix", "CHANGELOG.md"])
        let sorted = text.replacingOccurrences(of: "- b\n- a", with: "- a\n- b").replacingOccurrences(of: "- d\n- c\nlazy c", with: "- c\nlazy c\n- d")
        XCTAssertEqual(try h.text("CHANGELOG.md"), sorted)
        // And on the command line; `/Changelog/*/Fixed` too.
        try h.write("CHANGELOG.md", text)
        try assertRun(h, ["sort", "-p", "/Changelog/*/Fixed", "CHANGELOG.md"])
        XCTAssertEqual(try h.text("CHANGELOG.md"), text.replacingOccurrences(of: "- z\n- y", with: "- y\n- z").replacingOccurrences(of: "- q\n- p", with: "- p\n- q"))
    }

    /// A heading that is a number (`~3`), and a `*` for every heading
    /// under one that has a list, through the policy's paths.
    func testAPolicyPathWithANumberHeadingAndAStar() throws {
        let h = try Harness()
        let text = "# Releases\n\n## 2024\n\n- b\n- a\n\n## 2023\n\n- d\n- c\n\n## Notes\n\nNo list.\n"
        try h.write("CHANGES.md", text)
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"CHANGES.md\"]\nlist = \"/Releases/~32024\"\n")
        let one = try h.run(["check", "CHANGES.md"])
        // The path as `list` writes it, not re-escaped as `~032024`.
        XCTAssertEqual(one.out, "CHANGES.md:5: /Releases/~32024 (rule 1): 'a' belongs first — 1 move\n", one.stderr)
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"CHANGES.md\"]\nlist = \"/Releases/*\"\n")
        let star = try h.run(["check", "--reporter", "json", "CHANGES.md"])
        XCTAssertTrue(star.out.contains("\"list\": \"/Releases/~32024\"") && star.out.contains("\"list\": \"/Releases/~32023\"")
                      && !star.out.contains("~03"), star.out)
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"CHANGES.md\"]\nlist = \"/Releases/~32025\"\n")
        let missing = try h.run(["check", "CHANGES.md"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "reorder: CHANGES.md: rule 1 (.reorder.toml:1:1) names /Releases/~32025, which this file lacks; "
                       + "add missing = \"ok\" to the rule, or narrow its files; nothing is written to this file\n")
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"CHANGES.md\"]\nlist = \"/Releases/*\"\n")
        try assertRun(h, ["fix", "CHANGES.md"])
        XCTAssertEqual(try h.text("CHANGES.md"), "# Releases\n\n## 2024\n\n- a\n- b\n\n## 2023\n\n- c\n- d\n\n## Notes\n\nNo list.\n")
        // And on the command line.
        try h.write("CHANGES.md", text)
        try assertRun(h, ["reverse", "-p", "/Releases/~32023", "CHANGES.md"])
        XCTAssertEqual(try h.text("CHANGES.md"), text.replacingOccurrences(of: "- d\n- c", with: "- c\n- d"))
    }

    func testSeveralListsAreRefusedWithTheirPaths() throws {
        let h = try harness()
        let result = try h.run(["sort", "README.md"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: README.md:12:1: the document's root is a document of 5 lists, not a list; choose a list with --pointer: -p '/Awesome Grep/Contents', -p '/Awesome Grep/Tools', -p '/Awesome Grep/Tools/Editors', -p '/Awesome Grep/Articles', -p '/Awesome Grep/Roadmap'\n")
        XCTAssertEqual(try h.text("README.md"), try source())
    }

    func testALazyLineMovesWithItsItem() throws {
        let h = try Harness()
        try h.write("list.md", "# List\n\n- b\nlazy\n- a\n")
        try assertRun(h, ["sort", "list.md"])
        XCTAssertEqual(try h.text("list.md"), "# List\n\n- a\n- b\nlazy\n")
    }

    /// Lazy lines, tabs, and the fuzzer's shapes, judged by CommonMark's
    /// reference implementation (`Tests/markdown/reference.py`).
    func testLazyLinesTabsAndTheFuzzersShapesReadAsTheReferenceReadsThem() throws {
        let result = try Harness.python("Tests/markdown/reference.py", ["--reorder", Harness.binary.path])
        print(result.output, terminator: "")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.hasSuffix("23 passed, 0 failed\n"), result.output)
        XCTAssertFalse(result.output.contains("No module named"), "commonmark is missing; run 'make test', which installs it")
    }

    /// A list whose document has a lazy line or a tab elsewhere is read:
    /// a problem in one list is that list's alone.
    func testAListIsEditedWhateverAnotherListHolds() throws {
        let h = try Harness()
        let text = "# Tools\n\n- b\n- a\n\n# Other\n\n- x\nlazy\n\t- y\n- z\n"
        try h.write("list.md", text)
        try assertRun(h, ["sort", "-p", "/Tools", "list.md"])
        XCTAssertEqual(try h.text("list.md"), text.replacingOccurrences(of: "- b\n- a", with: "- a\n- b"))
    }

    /// `diff` tells an item that is indented code from a paragraph item
    /// of the same text.
    func testDiffTellsAnIndentedCodeItemFromAParagraphItem() throws {
        let h = try Harness()
        try h.write("a.md", "-     x\n- y\n")
        try h.write("b.md", "- x\n- y\n")
        let result = try h.run(["diff", "a.md", "b.md"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.out, "delete 0\ninsert 0 x\n")
    }
}

extension PickTerminalTests {
    /// `pick` on a Markdown list: the items' first lines shown, one dragged
    /// and written; the nested list moves with its item.
    func testAMarkdownItemIsDraggedWithItsNestedList() throws {
        let h = try Harness()
        try h.write("README.md", "# A\n\n## Tools\n\n- [ugrep](u) - Fast.\n- [ack](a) - Old.\n  - [ack3](a3)\n- [bat](b)\n")
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("-p '/A/Tools' README.md")
        let screen = try pane.waitForScreen(showing: "2 [bat](b)")
        XCTAssertEqual(listLines(screen).count, 3, screen)
        try pane.keys("Space", "j", "j")
        try pane.waitForScreen(showing: "DRAG")
        try pane.keys("Space")
        try pane.waitForScreen(showing: "1 moved")
        try pane.keys("w")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.text("README.md"), "# A\n\n## Tools\n\n- [ack](a) - Old.\n  - [ack3](a3)\n- [bat](b)\n- [ugrep](u) - Fast.\n")
    }
}
