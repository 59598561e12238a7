import Foundation
@testable import ReorderCLI
import ReorderKit
import ReorderTestFormat
import XCTest

/// A format the command line has never heard of (`PathList`, defined under
/// `Tests/ReorderTestFormat/` and shipped nowhere), added while each test
/// runs, used through the command line's own code paths in process:
/// parsing `--format`, choosing the format by a file's name, reading,
/// editing in place through the atomic file, selectors, sort, batch, diff,
/// help, and the messages of its errors. No file of `Sources/ReorderCLI/`
/// names it.
final class TestFormatThroughCommandLineTests: XCTestCase {
    struct Outcome: Equatable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    override func invokeTest() {
        ListFormat.adding(PathList.format) { super.invokeTest() }
    }

    func run(_ arguments: [String], stdin: String = "") -> Outcome {
        let out = MemorySink(), err = MemorySink()
        let console = Console(standardInput: Array(stdin.utf8), standardOutput: out, standardError: err, width: 80)
        let status = Runner(console: console).run(arguments)
        return Outcome(status: status, stdout: out.text, stderr: err.text)
    }

    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-pathlist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func testEveryCommandOnStandardInput() {
        let path = "/usr/local/bin:/usr/bin:/bin\n"
        XCTAssertEqual(run(["move", "2", "0", "--format", "pathlist"], stdin: path),
                       Outcome(status: 0, stdout: "/bin:/usr/local/bin:/usr/bin\n", stderr: ""))
        XCTAssertEqual(run(["swap", "0", "-1", "--format", "pathlist"], stdin: path).stdout, "/bin:/usr/bin:/usr/local/bin\n")
        XCTAssertEqual(run(["reverse", "--format", "pathlist"], stdin: path).stdout, "/bin:/usr/bin:/usr/local/bin\n")
        XCTAssertEqual(run(["delete", "=/usr/bin", "--format", "pathlist"], stdin: path).stdout, "/usr/local/bin:/bin\n")
        XCTAssertEqual(run(["insert", "0", "/opt/bin", "--format", "pathlist"], stdin: path).stdout, "/opt/bin:/usr/local/bin:/usr/bin:/bin\n")
        XCTAssertEqual(run(["sort", "--format", "pathlist"], stdin: path).stdout, "/bin:/usr/bin:/usr/local/bin\n")
        XCTAssertEqual(run(["sort", "-r", "--format", "pathlist"], stdin: "a:B:c\r\n").stdout, "c:a:B\r\n")
        XCTAssertEqual(run(["move", "~local", "-1", "--format", "pathlist"], stdin: path).stdout, "/usr/bin:/bin:/usr/local/bin\n")
        XCTAssertEqual(run(["batch", "-e", "delete 0", "-e", "move 2 0", "-e", "insert 1 x", "--format", "pathlist"], stdin: path).stdout,
                       "/bin:x:/usr/bin\n")
    }

    func testTheFileNameChoosesItAndTheFileIsEditedInPlace() throws {
        let path = try file("search.pathlist", "c:a:b")
        XCTAssertEqual(run(["sort", path]), Outcome(status: 0, stdout: "", stderr: ""))
        XCTAssertEqual(try contents(path), "a:b:c")
        XCTAssertEqual(run(["sort", "--check", path]).status, 0)
        let diff = run(["move", "0", "-1", path, "--diff"])
        XCTAssertEqual(diff.status, 1, "--diff of a change")
        XCTAssertTrue(diff.stdout.contains("-a:b:c\n\\ No newline at end of file\n+b:c:a\n"), diff.stdout)
        XCTAssertEqual(try contents(path), "a:b:c", "--diff wrote the file")
    }

    func testDiffGivesTheFewestMoves() throws {
        let old = try file("old.pathlist", "a:b:c:d\n"), new = try file("new.pathlist", "d:a:b:c\n")
        let outcome = run(["diff", old, new])
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertEqual(outcome.stdout, "move 3 0\n")
    }

    func testHelpListsIt() {
        let formats = run(["help", "formats"])
        XCTAssertEqual(formats.status, 0)
        XCTAssertTrue(formats.stdout.contains("\npathlist\n  Files:    *.pathlist\n"), formats.stdout)
        XCTAssertTrue(formats.stdout.contains("one colon-separated line"), formats.stdout)
    }

    func testItsErrorsAreRefusalsThatWriteNothing() throws {
        let path = try file("two-lines.pathlist", "a:b\nc:d\n")
        let outcome = run(["reverse", path])
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.stderr, "reorder: \(path):2:1: a second line: reorder cannot tell where the items begin and end here, so it edits nothing (it never guesses)\n")
        XCTAssertEqual(try contents(path), "a:b\nc:d\n")

        let colon = run(["insert", "0", "x:y", "--format", "pathlist"], stdin: "a:b\n")
        XCTAssertEqual(colon.status, 2)
        XCTAssertEqual(colon.stdout, "")
        XCTAssertTrue(colon.stderr.contains("the value 'x:y' is not one item: a field holds no colon and no line break"), colon.stderr)

        let pointer = run(["reverse", "-p", "/x", "--format", "pathlist"], stdin: "a:b\n")
        XCTAssertEqual(pointer.status, 2)
        XCTAssertTrue(pointer.stderr.contains("--pointer applies to JSON, YAML, TOML and Markdown; <stdin> is read as PATHLIST"), pointer.stderr)
    }
}

extension TestFormatThroughCommandLineTests {
    /// The option the format declares (`--separator`) is an option of the
    /// command line while the format is: parsed, read by the format, in
    /// every reading command's help and in `help formats`, its bad values
    /// and its use with another format refused; no file of
    /// `Sources/ReorderCLI/` names it.
    func testItsOwnOptionIsAnOptionOfTheCommandLine() throws {
        let reversed = run(["reverse", "--separator", ";", "--format", "pathlist"], stdin: "a;b;c\n")
        XCTAssertEqual(reversed, Outcome(status: 0, stdout: "c;b;a\n", stderr: ""))
        let path = try file("windows.pathlist", "C:\\bin;D:\\tools;A:\\x\r\n")
        XCTAssertEqual(run(["sort", "--separator=;", path]).status, 0)
        XCTAssertEqual(try contents(path), "A:\\x;C:\\bin;D:\\tools\r\n")

        let inserted = run(["insert", "0", "x;y", "--separator", ";", "--format", "pathlist"], stdin: "a;b\n")
        XCTAssertEqual(inserted.status, 2)
        XCTAssertTrue(inserted.stderr.contains("a field holds no ';' and no line break"), inserted.stderr)

        for command in CommandTable.commands where command.takes.contains(.format) {
            XCTAssertTrue(command.optionNames.contains("separator"), command.name)
            XCTAssertTrue(run(["help", command.name]).stdout.contains("--separator C"), command.name)
        }
        XCTAssertFalse(CommandTable.command(named: "fix")!.optionNames.contains("separator"))
        XCTAssertTrue(run(["help", "formats"]).stdout.contains("\npathlist\n  Files:    *.pathlist\n  Options:  --separator C\n"))

        let bad = run(["reverse", "--separator", "ab", "--format", "pathlist"], stdin: "a:b\n")
        XCTAssertEqual(bad, Outcome(status: 2, stdout: "", stderr: "reorder: '--separator ab' is not a separator: give one byte that is not a line break\n"))
        let lines = run(["reverse", "--separator", ";", "--format", "lines"], stdin: "a\nb\n")
        XCTAssertEqual(lines.status, 2)
        XCTAssertEqual(lines.stderr, "reorder: --separator applies to PATHLIST; <stdin> is read as lines: leave --separator out, or choose the format with --format\n")
        let notForFix = run(["fix", "--separator", ";"])
        XCTAssertEqual(notForFix.status, 2)
        XCTAssertTrue(notForFix.stderr.contains("'--separator' is not an option of 'reorder fix'"), notForFix.stderr)
    }
}

/// Outside `ListFormat.adding`, the format of the tests is unknown.
final class CommandLineWithoutTheTestFormatTests: XCTestCase {
    func testItIsNotAFormat() {
        let out = MemorySink(), err = MemorySink()
        let console = Console(standardInput: Array("a:b\n".utf8), standardOutput: out, standardError: err, width: 80)
        let status = Runner(console: console).run(["reverse", "--format", "pathlist"])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(err.text.contains("pathlist"), err.text)
        XCTAssertFalse(ListFormat.all.contains(PathList.format))
    }

    func testItsOptionIsNotAnOption() {
        let out = MemorySink(), err = MemorySink()
        let console = Console(standardInput: Array("a:b\n".utf8), standardOutput: out, standardError: err, width: 80)
        let status = Runner(console: console).run(["reverse", "--separator", ";"])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(err.text.contains("'--separator'"), err.text)
        XCTAssertNil(CommandTable.option(named: "separator"))
    }
}
