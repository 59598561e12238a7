import Foundation
import XCTest

/// `reorder lsp` driven by `Tests/lsp/client.py`, a client of its own that
/// speaks raw JSON-RPC to the built binary (its checks are there; it
/// prints the latency of diagnostics on a 100 000-line document).
final class LSPTests: XCTestCase {
    func runClient(server: String, arguments: [String] = []) throws -> (status: Int32, output: String) {
        try Harness.python("Tests/lsp/client.py", arguments, reorder: server)
    }

    func testTheClientsChecksHold() throws {
        let result = try runClient(server: Harness.binary.path)
        print(result.output, terminator: "")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("latency: "), result.output)
    }

    /// Neovim's own LSP client, headless (`Tests/lsp/neovim.lua`): the
    /// diagnostic on the item that moves, the code action "Sort this list"
    /// applied and written, then formatting (format-on-save) of a list put
    /// out of order again; the file's bytes after each.
    func testNeovimShowsTheDiagnosticAndAppliesTheActionAndTheFormatting() throws {
        guard let nvim = try tool("nvim", package: "neovim") else { return }
        let h = try Harness()
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\n")
        try h.write("package.json", "{\n  \"name\": \"x\",\n  \"dependencies\": {\n    \"zod\": \"3\",\n    \"axios\": \"1\",\n    \"lodash\": \"4\"\n  }\n}\n")
        let script = Harness.repository.appendingPathComponent("Tests/lsp/neovim.lua").path
        let result = try runProgram(nvim, ["--headless", "--noplugin", "-u", "NONE", "-i", "NONE", "-c", "luafile " + script],
                                    in: h.directory, environment: ["REORDER": Harness.binary.path, "RESULT": h.url("result").path],
                                    timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("result"), """
            diagnostic 3:4-3:14 reorder /dependencies (rule 1): 'zod' belongs after 'lodash' — 1 move
            action Sort this list (1 move)
            formatted

            """)
        XCTAssertEqual(try h.text("package.json"),
                       "{\n  \"name\": \"x\",\n  \"dependencies\": {\n    \"axios\": \"1\",\n    \"lodash\": \"4\",\n    \"zod\": \"3\",\n    \"zz\": \"9\"\n  }\n}\n")
    }

    /// With group patterns, the editor's diagnostic names the group, as
    /// check does, and the action and formatting keep the groups.
    func testNeovimsDiagnosticNamesTheGroup() throws {
        guard let nvim = try tool("nvim", package: "neovim") else { return }
        let h = try Harness()
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\ngroup-patterns = [\"@myorg/*\"]\n")
        try h.write("package.json", "{\n  \"name\": \"x\",\n  \"dependencies\": {\n    \"@myorg/b\": \"3\",\n    \"axios\": \"1\",\n    \"@myorg/a\": \"4\"\n  }\n}\n")
        let script = Harness.repository.appendingPathComponent("Tests/lsp/neovim.lua").path
        let result = try runProgram(nvim, ["--headless", "--noplugin", "-u", "NONE", "-i", "NONE", "-c", "luafile " + script],
                                    in: h.directory, environment: ["REORDER": Harness.binary.path, "RESULT": h.url("result").path],
                                    timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("result"), """
            diagnostic 5:4-5:19 reorder /dependencies (rule 1): '@myorg/a' belongs first in group '@myorg/*' — 1 move
            action Sort this list (1 move)
            formatted

            """)
        XCTAssertEqual(try h.text("package.json"),
                       "{\n  \"name\": \"x\",\n  \"dependencies\": {\n    \"@myorg/a\": \"4\",\n    \"@myorg/b\": \"3\",\n    \"axios\": \"1\",\n    \"zz\": \"9\"\n  }\n}\n")
    }

    /// Neovim watches no file on Linux (no `workspace/didChangeWatchedFiles`):
    /// the policy file changed on disk while a document is open, as a `git
    /// pull` changes it, and the document's diagnostics follow
    /// (`Tests/lsp/neovim_policy.lua`).
    func testNeovimsDiagnosticsFollowThePolicyFileChangedOnDisk() throws {
        guard let nvim = try tool("nvim", package: "neovim") else { return }
        let h = try Harness()
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\n")
        try h.write("package.json", "{\n  \"dependencies\": {\n    \"zod\": \"3\",\n    \"axios\": \"1\"\n  }\n}\n")
        let script = Harness.repository.appendingPathComponent("Tests/lsp/neovim_policy.lua").path
        let result = try runProgram(nvim, ["--headless", "--noplugin", "-u", "NONE", "-i", "NONE", "-c", "luafile " + script],
                                    in: h.directory, environment: ["REORDER": Harness.binary.path, "RESULT": h.url("result").path],
                                    timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("result"), """
            diagnostics 1
            diagnostics 0
            diagnostics 1
            diagnostic 3:4-3:16 /dependencies (rule 1): 'axios' belongs first — 1 move

            """)
    }

    /// A change checks again only the lists it touched: after each of a
    /// random sequence of incremental changes (keystrokes in items, lines
    /// inserted and deleted, markers, boundaries, characters of two and
    /// four bytes, several changes in one message) to documents of several
    /// formats, the published diagnostics equal a full check's
    /// (`Tests/lsp/random_changes.py`); three fixed seeds and one new each
    /// run, the seed printed with any failure.
    func testIncrementalChangesPublishWhatAFullCheckDoes() throws {
        for seed in ["1", "2", "3", String(UInt32.random(in: 4...UInt32.max >> 2))] {
            let result = try Harness.python("Tests/lsp/random_changes.py", ["--seed", seed, "--steps", "150"])
            XCTAssertEqual(result.status, 0, "seed \(seed): " + result.output)
            XCTAssertTrue(result.output.contains("ok: "), result.output)
        }
    }

    /// The client fails on a server that is not one: its checks can fail.
    func testTheClientFailsOnAServerThatAnswersNothing() throws {
        let result = try runClient(server: "/bin/true", arguments: ["--skip-large"])
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.hasPrefix("FAIL: "), result.output)
    }
}
