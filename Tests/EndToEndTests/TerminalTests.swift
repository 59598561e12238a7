import Foundation
import XCTest

/// Output that fits a terminal, checked on a real pseudo-terminal (script(1)
/// from util-linux): `--diff` is coloured when standard output is a terminal
/// and NO_COLOR is not set, never otherwise; help wraps to COLUMNS, else to
/// the terminal's width, else to 80.
final class TerminalTests: XCTestCase {
    static let escape = "\u{1B}["

    /// Runs `reorder arguments` with standard output on a new
    /// pseudo-terminal of `columns` columns; returns what it printed, with
    /// the terminal's CRLF line ends made LF.
    func onTerminal(_ arguments: [String], in directory: URL, columns: Int = 80,
                    environment: [String: String] = [:]) throws -> ProgramResult? {
        guard let script = try tool("script", package: "util-linux") else { return nil }
        // The variables are set after stty: the shell that script(1) starts
        // would otherwise update COLUMNS to the new size.
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let command = "stty cols \(columns) rows 50; exec env "
            + (assignments + [Harness.binary.path] + arguments).map(quoted).joined(separator: " ")
        let result = try runProgram(script, ["-q", "-e", "-c", command, "/dev/null"], in: directory)
        return ProgramResult(status: result.status, stdout: result.stdout.replacingOccurrences(of: "\r\n", with: "\n"),
                             stderr: result.stderr)
    }

    func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    func testDiffIsColouredOnATerminalOnly() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\n")
        let diff = ["move", "0", "-1", "list.txt", "--diff"]

        guard let terminal = try onTerminal(diff, in: h.directory) else { return }
        XCTAssertEqual(terminal.status, 1, terminal.stderr)
        XCTAssertTrue(terminal.stdout.contains("\(Self.escape)31m-a\(Self.escape)0m\n"), terminal.stdout)
        XCTAssertTrue(terminal.stdout.contains("\(Self.escape)32m+a\(Self.escape)0m\n"), terminal.stdout)

        let noColor = try onTerminal(diff, in: h.directory, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(noColor?.stdout, "--- list.txt\n+++ list.txt\n@@ -1,2 +1,2 @@\n-a\n b\n+a\n")
        // NO_COLOR set to the empty string does not count.
        let emptyNoColor = try onTerminal(diff, in: h.directory, environment: ["NO_COLOR": ""])
        XCTAssertTrue(emptyNoColor?.stdout.contains(Self.escape) == true, emptyNoColor?.stdout ?? "")
        let never = try onTerminal(diff + ["--color", "never"], in: h.directory)
        XCTAssertFalse(never?.stdout.contains(Self.escape) == true, never?.stdout ?? "")

        let piped = try h.run(diff)
        XCTAssertEqual(piped.status, 1, piped.stderr)
        XCTAssertFalse(piped.out.contains(Self.escape), piped.out)
        let always = try h.run(diff + ["--color=always"], environment: ["NO_COLOR": "1"])
        XCTAssertTrue(always.out.contains(Self.escape), "--color always wins over NO_COLOR")
        XCTAssertEqual(try h.text("list.txt"), "a\nb\n")
    }

    /// The longest line of `text`.
    func widest(_ text: String) -> Int {
        text.split(separator: "\n").map(\.count).max() ?? 0
    }

    func testHelpWrapsToTheTerminal() throws {
        let h = try Harness()
        let help = ["help", "move"]

        guard let narrow = try onTerminal(help, in: h.directory, columns: 60) else { return }
        XCTAssertEqual(narrow.status, 0, narrow.stderr)
        XCTAssertLessThanOrEqual(widest(narrow.stdout), 60, narrow.stdout)
        XCTAssertGreaterThan(widest(narrow.stdout), 50, narrow.stdout)

        // COLUMNS wins over the terminal's width.
        let columns = try onTerminal(help, in: h.directory, columns: 60, environment: ["COLUMNS": "50"])
        XCTAssertLessThanOrEqual(widest(columns?.stdout ?? ""), 50, columns?.stdout ?? "")

        // Not a terminal, no COLUMNS: 80.
        let piped = try runProgram(Harness.binary.path, help, in: h.directory)
        XCTAssertLessThanOrEqual(widest(piped.stdout), 80, piped.stdout)
        XCTAssertGreaterThan(widest(piped.stdout), 70, piped.stdout)
    }
}
