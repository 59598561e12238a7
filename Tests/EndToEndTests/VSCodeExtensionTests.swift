import Foundation
import XCTest

/// The VS Code extension (`editors/vscode`), tested with node (Debian's
/// `nodejs`; no npm packages) by the scripts in `Tests/vscode`: its LSP
/// client against the built `reorder lsp`, its activation against a
/// stand-in of the `vscode` module, and `make vsix`'s package unzipped.
/// VS Code itself is not run.
final class VSCodeExtensionTests: XCTestCase {
    /// Runs `node Tests/vscode/SCRIPT`, with REORDER naming the built
    /// binary; nil (and the test failed) when node is missing.
    func node(_ script: String, _ arguments: [String] = [], reorder: String = Harness.binary.path) throws -> ProgramResult? {
        guard let node = try tool("node", package: "nodejs") else { return nil }
        let h = try Harness()
        return try runProgram(node, [Harness.repository.appendingPathComponent("Tests/vscode/" + script).path] + arguments,
                              in: h.directory, environment: ["REORDER": reorder], timeout: 180)
    }

    /// The server in this tree has the command reorder.moveItem: its round
    /// trip must run, not only when the server offers it.
    var expectMove: [String] {
        let source = Harness.repository.appendingPathComponent("Sources/ReorderCLI/LSP/LSPMoveItem.swift").path
        return FileManager.default.fileExists(atPath: source) ? ["--expect-move"] : []
    }

    func check(_ result: ProgramResult?, checks: Int, file: StaticString = #filePath, line: UInt = #line) {
        guard let result else { return }
        print(result.stdout, terminator: "")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr, file: file, line: line)
        XCTAssertTrue(result.stdout.hasSuffix("\(checks) checks passed\n"), result.stdout, file: file, line: line)
        XCTAssertFalse(result.stdout.contains("FAIL"), result.stdout, file: file, line: line)
    }

    /// Start, open, diagnostics, a code action and formatting applied to a
    /// document in memory (exact bytes), reorder.moveItem and the server's
    /// workspace/applyEdit, shutdown.
    func testTheClientAgainstReorderLSP() throws {
        check(try node("client.test.js", expectMove), checks: 8)
    }

    /// Commands and providers registered, the manifest's fields and key
    /// bindings, and the extension's side of diagnostics, code actions,
    /// format on save and the move commands, with the real server.
    func testActivationAgainstAStandInOfVSCode() throws {
        check(try node("activation.test.js", expectMove), checks: 17)
    }

    /// `make vsix`: the files, the XML, the version, the same bytes twice.
    func testMakeVSIX() throws {
        check(try node("vsix.test.js"), checks: 7)
    }

    /// The client's checks fail on a server that is not one.
    func testTheClientTestFailsOnAServerThatAnswersNothing() throws {
        guard let result = try node("client.test.js", reorder: "/bin/true") else { return }
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("FAIL: start and initialize"), result.stdout)
    }
}
