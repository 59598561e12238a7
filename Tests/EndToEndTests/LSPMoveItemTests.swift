import Foundation
import XCTest

/// "Move item up/down" in `reorder lsp`: the code actions at the cursor and
/// the command `reorder.moveItem`, checked by `Tests/lsp/move_item.py` (the
/// raw JSON-RPC client's cases: every format, nested items, selections,
/// the ends of a list, CRLF, UTF-16 positions, the version check, each
/// result as `reorder move` writes it), and through Neovim's own client.
final class LSPMoveItemTests: XCTestCase {
    func testTheClientsMoveChecksHold() throws {
        let result = try Harness.python("Tests/lsp/move_item.py", [], reorder: Harness.binary.path)
        print(result.output, terminator: "")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.hasPrefix("ok: "), result.output)
    }

    /// Neovim headless (`Tests/lsp/neovim_move.lua`): the cursor on a JSON
    /// element and on a nested YAML entry, "Move '…' down" applied and
    /// written, then the README's key bindings (the command) on the JSON
    /// element and on a visual selection of two; the files' bytes after.
    func testNeovimMovesTheItemAtTheCursor() throws {
        guard let nvim = try tool("nvim", package: "neovim") else { return }
        let h = try Harness()
        try h.write("data.json", "{\n  \"list\": [\n    \"typescript\",\n    \"go\",\n    \"rust\"\n  ]\n}\n")
        try h.write("config.yaml", "a:\n  - x\n  - y:\n      - p\n      - q\n")
        let script = Harness.repository.appendingPathComponent("Tests/lsp/neovim_move.lua").path
        let result = try runProgram(nvim, ["--headless", "--noplugin", "-u", "NONE", "-i", "NONE", "-c", "luafile " + script],
                                    in: h.directory, environment: ["REORDER": Harness.binary.path, "RESULT": h.url("result").path],
                                    timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("result"), """
            data.json: Move 'typescript' down (refactor.move)
            config.yaml: Move 'p' down (refactor.move)
            <M-S-Up>: "typescript", "go", "rust"
            Vj<M-S-Up>: "go", "rust", "typescript"

            """)
        // Down by the action, up again by the key, then two up by a selection.
        XCTAssertEqual(try h.text("data.json"), "{\n  \"list\": [\n    \"go\",\n    \"rust\",\n    \"typescript\"\n  ]\n}\n")
        XCTAssertEqual(try h.text("config.yaml"), "a:\n  - x\n  - y:\n      - q\n      - p\n")
    }
}
