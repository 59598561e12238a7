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
    /// the Neovim installed here (Debian 12's is 0.7.2): opening a file
    /// below a policy starts the server, and writing it fixes the list.
    func testTheEditorsPagesNeovimConfigurationFixesAListOnSave() throws {
        guard let nvim = try tool("nvim", package: "neovim") else { return }
        let text = try page("editors.md")
        let configuration = try XCTUnwrap(blocks(text).first { $0.info == "lua" && $0.body.hasPrefix("-- init.lua") }).body
        let h = try Harness()
        try FileManager.default.createDirectory(at: h.url("app/sub"), withIntermediateDirectories: true)
        try h.write("init.lua", configuration)
        try h.write("drive.lua", """
            vim.cmd("edit sub/package.json")
            local buf = vim.api.nvim_get_current_buf()
            local found = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
            local out = io.open(os.getenv("RESULT"), "w")
            out:write(found and vim.diagnostic.get(buf)[1].message or "no diagnostics", "\\n")
            out:close()
            vim.cmd("write")
            vim.cmd("qall!")

            """)
        try h.write("app/.reorder.toml", "[[rule]]\nfiles = [\"package.json\"]\nlist = \"/dependencies\"\n")
        try h.write("app/sub/package.json", "{\n  \"dependencies\": {\n    \"zod\": \"3\",\n    \"ajv\": \"8\"\n  }\n}\n")
        let path = Harness.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try runProgram(nvim, ["--headless", "-i", "NONE", "-u", h.url("init.lua").path, "-c", "luafile " + h.url("drive.lua").path],
                                    in: h.url("app"), environment: ["PATH": path, "RESULT": h.url("result").path], timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("result"), "/dependencies (rule 1): 'ajv' belongs first — 1 move\n")
        XCTAssertEqual(try h.text("app/sub/package.json"), "{\n  \"dependencies\": {\n    \"ajv\": \"8\",\n    \"zod\": \"3\"\n  }\n}\n")
    }
}
