import Foundation
@testable import ReorderCLI
import XCTest

/// The completion scripts in `completions/` are what `reorder completions
/// SHELL` generates from the command table: a change of the table that is
/// not followed by `make completions` fails here. (`MetadataTests` holds
/// the scripts' facts to the table, and `CompletionTests` runs them in the
/// real shells.)
final class CompletionScriptTests: XCTestCase {
    func testEachCommittedScriptIsWhatTheTableGenerates() throws {
        for shell in Completions.Shell.allCases {
            let committed = try String(contentsOf: MetadataTests.repository.appendingPathComponent(shell.path), encoding: .utf8)
            let generated = Completions.script(for: shell)
            XCTAssertTrue(committed == generated,
                          "\(shell.path) is not what 'reorder completions \(shell.rawValue)' generates; run 'make completions'"
                          + Self.firstDifference(committed, generated))
        }
    }

    /// The first line where two texts differ, for the message.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let linesA = a.components(separatedBy: "\n"), linesB = b.components(separatedBy: "\n")
        for index in 0..<max(linesA.count, linesB.count) {
            let lineA = index < linesA.count ? linesA[index] : "(end)"
            let lineB = index < linesB.count ? linesB[index] : "(end)"
            if lineA != lineB { return "\nline \(index + 1):\n  committed: \(lineA)\n  generated: \(lineB)" }
        }
        return ""
    }

    func testTheHintsNameOptionsOfTheTable() {
        for (name, hint) in Completions.hints {
            XCTAssertNotNil(CommandTable.option(named: name), "a hint for '--\(name)', which the table does not have")
            for excluded in hint.excludes {
                XCTAssertNotNil(CommandTable.option(named: excluded), "--\(name) excludes '--\(excluded)', which the table does not have")
            }
        }
    }

    /// `reorder completions SHELL` runs, is answered by `help`, and stays
    /// out of the command list and the scripts.
    func testTheCompletionsCommandIsHidden() throws {
        guard case .run(let parsed) = try ArgumentParser.parse(["completions", "zsh"]) else { return XCTFail("not a run") }
        XCTAssertEqual(parsed.command.name, "completions")
        XCTAssertEqual(parsed.positionals, ["zsh"])
        XCTAssertFalse(CommandTable.commands.contains { $0.name == "completions" })
        XCTAssertEqual(Help.usage(CommandTable.command(named: "completions")!), "reorder completions SHELL")
        for shell in Completions.Shell.allCases {
            XCTAssertFalse(Completions.script(for: shell).contains("completions)"), shell.rawValue)
        }
    }
}
