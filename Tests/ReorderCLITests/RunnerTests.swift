@testable import ReorderCLI
import XCTest

/// In process: arguments and standard input in; standard output, standard
/// error and the exit status out, in one call.
final class RunnerTests: XCTestCase {
    struct Outcome: Equatable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func run(_ arguments: [String], stdin: String = "", width: Int = 80) -> Outcome {
        let out = MemorySink(), err = MemorySink()
        let console = Console(standardInput: Array(stdin.utf8), standardOutput: out, standardError: err, width: width)
        let status = Runner(console: console).run(arguments)
        return Outcome(status: status, stdout: out.text, stderr: err.text)
    }

    func testSingleCommandsOnStandardInput() {
        XCTAssertEqual(run(["move", "0", "-1"], stdin: "a\nb\nc\n"), Outcome(status: 0, stdout: "b\nc\na\n", stderr: ""))
        XCTAssertEqual(run(["swap", "0", "2"], stdin: "a\nb\nc\n").stdout, "c\nb\na\n")
        XCTAssertEqual(run(["insert", "-1", "d"], stdin: "a\nb\nc\n").stdout, "a\nb\nc\nd\n")
        XCTAssertEqual(run(["delete", "1"], stdin: "a\nb\nc\n").stdout, "a\nc\n")
        XCTAssertEqual(run(["reverse"], stdin: "a\nb\nc\n").stdout, "c\nb\na\n")
        XCTAssertEqual(run(["move", "1", "3", "--one-based"], stdin: "a\nb\nc\n").stdout, "b\nc\na\n")
        XCTAssertEqual(run(["move", "0", "-1", "-z"], stdin: "a\0b\0").stdout, "b\0a\0")
    }

    /// A command that takes no operand refuses an argument rather than
    /// ignore it (init went on, and wrote its policy).
    func testACommandWithoutOperandsRefusesAnArgument() {
        XCTAssertEqual(run(["init", "x", "-o", "-"]),
                       Outcome(status: 2, stdout: "",
                               stderr: "reorder: init takes no arguments; 'x' is one argument too many (no file has that name)\n"))
        XCTAssertEqual(run(["lsp", "x"]).stderr,
                       "reorder: lsp takes no arguments; 'x' is one argument too many (no file has that name)\n")
    }

    func testIndexErrorsNameTheLengthAndRange() {
        XCTAssertEqual(run(["move", "3", "0"], stdin: "a\nb\nc\n"),
                       Outcome(status: 2, stdout: "",
                               stderr: "reorder: <stdin>: index 3 is out of range: the list has 3 items (valid: 0...2, or -3...-1 from the end)\n"))
        XCTAssertEqual(run(["insert", "5", "x"], stdin: "a\nb\nc\n").stderr,
                       "reorder: <stdin>: destination 5 is out of range: the result has 4 items (valid: 0...3, or -4...-1 from the end)\n")
        XCTAssertEqual(run(["move", "1", "4", "--one-based"], stdin: "a\nb\nc\n").stderr,
                       "reorder: <stdin>: destination 4 is out of range: the result has 3 items (valid: 1...3, or -3...-1 from the end)\n")
        XCTAssertEqual(run(["delete", "0"], stdin: "").stderr,
                       "reorder: <stdin>: index 0 is out of range: the list has no items\n")
        XCTAssertEqual(run(["delete", "0", "--one-based"], stdin: "a\n").stderr,
                       "reorder: <stdin>: index 0 does not exist with --one-based: the first item is 1\n")
    }

    func testConflictingOptions() {
        XCTAssertEqual(run(["reverse", "--json", "--lines"]).stderr,
                       "reorder: '--json' and '--lines' cannot be used together\n")
        XCTAssertEqual(run(["reverse", "--check", "-o", "x"]).status, 2)
    }

    func testHelpWrapsToTheWidth() {
        let narrow = run(["help", "move"], width: 50).stdout
        XCTAssertTrue(narrow.split(separator: "\n").allSatisfy { $0.count <= 50 }, narrow)
        let wide = run(["help", "move"], width: 100).stdout
        XCTAssertTrue(wide.split(separator: "\n").contains { $0.count > 80 }, wide)
    }

    func testHelpFormatsWrapsToTheWidth() {
        let formats = run(["help", "formats"], width: 50)
        XCTAssertEqual(formats.status, 0)
        XCTAssertEqual(formats.stdout, Help.formats(width: 50))
        XCTAssertTrue(formats.stdout.split(separator: "\n").allSatisfy { $0.count <= 50 }, formats.stdout)
        XCTAssertTrue(formats.stdout.contains("\nyaml\n  Files:    *.yaml *.yml\n  Options:  -p, --pointer PTR; --recursive;\n            --string; --document N\n"), formats.stdout)
    }

    func testVersion() {
        XCTAssertEqual(run(["--version"]).stdout, "reorder \(CommandTable.version)\n")
    }
}
