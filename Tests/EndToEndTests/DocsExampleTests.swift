import Foundation
import XCTest

/// The examples of docs/ whose output is shown, run with the built binary
/// on files that give exactly that output: the page's text is what the
/// program prints.
final class DocsExampleTests: XCTestCase {
    func page(_ name: String) throws -> String {
        try String(contentsOf: Harness.repository.appendingPathComponent("docs/" + name), encoding: .utf8)
    }

    /// The code blocks of a Markdown page, each with its info string.
    func blocks(_ text: String) -> [(info: String, body: String)] {
        var result: [(String, String)] = []
        var current: (String, [String])? = nil
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var open = current {
                if trimmed == "```" {
                    result.append((open.0, open.1.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    open.1.append(line)
                    current = open
                }
            } else if trimmed.hasPrefix("```") {
                current = (String(trimmed.dropFirst(3)), [])
            }
        }
        return result
    }

    /// docs/policy.md: the policy of a repository, and what `reorder check`
    /// says of it.
    func testThePolicyPagesCheckOutputIsWhatCheckPrints() throws {
        let text = try page("policy.md")
        let policy = try XCTUnwrap(blocks(text).first { $0.info == "toml" && $0.body.hasPrefix("# .reorder.toml") }).body
        let console = try XCTUnwrap(blocks(text).first { $0.info == "console" && $0.body.hasPrefix("$ reorder check\n") }).body
        let shown = console.components(separatedBy: "\n").dropFirst().prefix { !$0.hasPrefix("$ ") }
        let h = try Harness()
        for folder in ["crates/core", "src", ".github/workflows"] {
            try FileManager.default.createDirectory(at: h.url(folder), withIntermediateDirectories: true)
        }
        try h.write(".reorder.toml", policy)
        // /dependencies' first item on line 14, 'zod' one move from its place.
        try h.write("package.json", """
            {
              "name": "app",
              "version": "1.0.0",
              "private": true,
              "scripts": {
                "build": "tsc",
                "test": "vitest"
              },
              "license": "MIT",
              "devDependencies": {
                "typescript": "5.6.0"
              },
              "dependencies": {
                "chalk": "5.3.0",
                "zod": "3.23.8",
                "commander": "12.1.0",
                "yaml": "2.5.1"
              }
            }

            """)
        try h.write("crates/core/Cargo.toml", "[package]\nname = \"core\"\n\n[dependencies]\nserde = \"1\"\nanyhow = \"1\"\n")
        // docs/keep-sorted.md's block, one module out of its place.
        try h.write("src/App.java", """
            @Component(
                modules = {
                  // keep-sorted start
                  GetRequestModule.class,
                  AuthModule.class,
                  LoggingModule.class,
                  // keep-sorted end
                })

            """)
        try h.write("pyproject.toml", "[project]\nname = \"app\"\ndependencies = [\"httpx\", \"rich\"]\n")
        try h.write(".github/workflows/ci.yml", "jobs:\n  build: {}\n  test: {}\n")
        try h.write(".pre-commit-config.yaml", "repos:\n  - repo: local\n    hooks:\n      - id: a\n      - id: b\n")
        let check = try h.run(["check"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.stderr, "")
        XCTAssertEqual(check.out, shown.joined(separator: "\n") + "\n")
        XCTAssertTrue(console.contains("$ echo $?\n1\n"))
    }

    /// docs/json.md: the errors it shows are what reorder says.
    func testTheJSONPagesErrorsAreWhatReorderSays() throws {
        let text = try page("json.md")
        let shown = try XCTUnwrap(blocks(text).first { $0.body.contains("reorder: deps.json:14:3:") }).body
            .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let h = try Harness()
        // 12 elements, the last without its comma, then one more on line 14.
        try h.write("deps.json", "[\n" + (0..<11).map { "  \"d\($0)\",\n" }.joined() + "  \"d11\"\n  \"d12\"\n]\n")
        try h.write("app.json", #"{"name": "app", "plugins": [{"deps": []}]}"# + "\n")
        var said: [String] = []
        for arguments in [["sort", "deps.json"], ["sort", "-p", "/plugins/3/deps", "app.json"], ["sort", "-p", "/name", "app.json"]] {
            let result = try h.run(arguments)
            XCTAssertEqual(result.status, 2, result.stderr)
            said.append(result.stderr.trimmingCharacters(in: .newlines))
        }
        XCTAssertEqual(said, shown)
    }

    /// docs/edit-and-pick.md: the view `reorder edit` opens.
    func testTheEditPagesViewIsWhatEditShows() throws {
        let text = try page("edit-and-pick.md")
        let view = try XCTUnwrap(blocks(text).first { $0.body.contains("# reorder view: hash") }).body
        let h = try Harness()
        try h.write("ci.yml", """
            jobs:
              test:
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/checkout@v4
                  - {name: Set up Python, uses: actions/setup-python@v5}
                  - run: make test

            """)
        // The editor shows the view and leaves it as it is: nothing moves.
        let result = try h.run(["edit", "-p", "/jobs/test/steps", "ci.yml"], environment: ["EDITOR": "cat", "VISUAL": ""])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.out, view)
    }

    /// docs/editors.md: the Neovim configuration, as a user pastes it, on
    /// the Neovim installed here (Debian 12's is 0.7.2): opening a JSON, a
    /// Markdown or a CSV file below a policy starts the server, and writing
    /// it fixes the list; a file of another filetype gets no server and no
    /// save hook (the hook is the buffer's, not global), and nothing about
    /// language servers is said.
    func testTheEditorsPagesNeovimConfigurationFixesAListOnSave() throws {
        guard let nvim = try tool("nvim", package: "neovim") else { return }
        let text = try page("editors.md")
        let configuration = try XCTUnwrap(blocks(text).first { $0.info == "lua" && $0.body.hasPrefix("-- init.lua") }).body
        let h = try Harness()
        try FileManager.default.createDirectory(at: h.url("app/sub"), withIntermediateDirectories: true)
        try h.write("init.lua", configuration)
        try h.write("drive.lua", """
            local out = io.open(os.getenv("RESULT"), "w")
            -- The save hooks: one in each buffer reorder is attached to, none
            -- elsewhere, none global.
            local function hooks(buf)
              local mine, global = 0, 0
              for _, a in ipairs(vim.api.nvim_get_autocmds({ event = "BufWritePre" })) do
                if a.buflocal and a.buffer == buf then mine = mine + 1 end
                if not a.buflocal and a.pattern == "*" then global = global + 1 end
              end
              return mine .. " here, " .. global .. " global"
            end
            for _, name in ipairs({ "sub/package.json", "notes.md", "people.csv", "script.lua" }) do
              vim.cmd("edit " .. name)
              local buf = vim.api.nvim_get_current_buf()
              local found = vim.wait(name == "script.lua" and 500 or 20000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
              out:write(name, ": ", found and vim.diagnostic.get(buf)[1].message or "no diagnostics",
                        "; clients ", vim.tbl_count(vim.lsp.buf_get_clients(buf)), "; save hooks ", hooks(buf), "\\n")
              vim.cmd("silent write")
            end
            local said = vim.fn.execute("messages")
            out:write("messages about LSP: ", (said:lower():find("lsp") or said:find("language server")) and said or "none", "\\n")
            out:close()
            vim.cmd("qall!")

            """)
        try h.write("app/.reorder.toml", """
            [[rule]]
            files = ["package.json"]
            list = "/dependencies"

            [[rule]]
            files = ["notes.md"]
            list = "/0"

            [[rule]]
            files = ["people.csv"]

            """)
        try h.write("app/sub/package.json", "{\n  \"dependencies\": {\n    \"zod\": \"3\",\n    \"ajv\": \"8\"\n  }\n}\n")
        try h.write("app/notes.md", "# Notes\n\n- pear\n- apple\n")
        try h.write("app/people.csv", "name,age\nzoe,3\nada,36\n")
        try h.write("app/script.lua", "local b = 2\nlocal a = 1\n")
        let path = Harness.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try runProgram(nvim, ["--headless", "-i", "NONE", "-u", h.url("init.lua").path, "-c", "luafile " + h.url("drive.lua").path],
                                    in: h.url("app"), environment: ["PATH": path, "RESULT": h.url("result").path], timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("result"), """
            sub/package.json: /dependencies (rule 1): 'ajv' belongs first — 1 move; clients 1; save hooks 1 here, 0 global
            notes.md: /0 (rule 2): 'apple' belongs first — 1 move; clients 1; save hooks 1 here, 0 global
            people.csv: the rows (rule 3): 'ada,36' belongs first — 1 move; clients 1; save hooks 1 here, 0 global
            script.lua: no diagnostics; clients 0; save hooks 0 here, 0 global
            messages about LSP: none

            """)
        XCTAssertEqual(try h.text("app/sub/package.json"), "{\n  \"dependencies\": {\n    \"ajv\": \"8\",\n    \"zod\": \"3\"\n  }\n}\n")
        XCTAssertEqual(try h.text("app/notes.md"), "# Notes\n\n- apple\n- pear\n")
        XCTAssertEqual(try h.text("app/people.csv"), "name,age\nada,36\nzoe,3\n")
        XCTAssertEqual(try h.text("app/script.lua"), "local b = 2\nlocal a = 1\n")
    }
}
