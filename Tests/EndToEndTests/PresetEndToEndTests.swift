import Foundation
import XCTest

/// The presets as a user runs them: `reorder sort --preset NAME` on files
/// and standard input, `preset = NAME` in a policy checked over a
/// repository, and the mistakes (a preset that does not exist, options
/// that do not go with one).
final class PresetEndToEndTests: XCTestCase {
    static let package = """
        {
          "version": "1.0.0",
          "scripts": {
            "test": "jest",
            "build": "tsc",
            "pretest": "npm run build"
          },
          "name": "app",
          "dependencies": {
            "zod": "^3",
            "//": "react is pinned for the design system",
            "react": "18.2.0"
          }
        }

        """
    static let packageFixed = """
        {
          "name": "app",
          "version": "1.0.0",
          "scripts": {
            "test": "jest",
            "build": "tsc",
            "pretest": "npm run build"
          },
          "dependencies": {
            "//": "react is pinned for the design system",
            "react": "18.2.0",
            "zod": "^3"
          }
        }

        """
    static let requirements = "# Runtime.\n\nrequests==2.31\n# web\nDjango>=4.2\n-r base.txt\n\npytest==8\nblack==24\n"
    static let requirementsFixed = "# Runtime.\n\n-r base.txt\n# web\nDjango>=4.2\nrequests==2.31\n\nblack==24\npytest==8\n"

    func testSortPresetOnFilesAndStandardInput() throws {
        let h = try Harness()
        try h.write("package.json", Self.package)
        let check = try h.run(["sort", "--preset", "package.json", "--check", "package.json"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.out, "package.json\n")
        let sorted = try h.run(["sort", "--preset", "package.json", "package.json"])
        XCTAssertEqual(sorted.status, 0, sorted.stderr)
        XCTAssertEqual(try h.text("package.json"), Self.packageFixed)
        XCTAssertEqual(try h.run(["sort", "--preset", "package.json", "--check", "package.json"]).status, 0)
        // Standard input: read as the preset's format, whatever it starts with.
        let filtered = try h.run(["sort", "--preset", "requirements"], stdin: Data(Self.requirements.utf8))
        XCTAssertEqual(filtered.status, 0, filtered.stderr)
        XCTAssertEqual(filtered.out, Self.requirementsFixed)
        let toml = try h.run(["sort", "--preset", "Cargo.toml", "-"], stdin: Data("[dependencies]\nb = \"1\"\na = \"1\"\n".utf8))
        XCTAssertEqual(toml.out, "[dependencies]\na = \"1\"\nb = \"1\"\n", toml.stderr)
        let diff = try h.run(["sort", "--preset", "pyproject.toml", "--diff", "-"],
                             stdin: Data("[project]\ndependencies = [\"Zope\", \"attrs\"]\nname = \"x\"\n".utf8))
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertTrue(diff.out.hasSuffix(" [project]\n-dependencies = [\"Zope\", \"attrs\"]\n name = \"x\"\n+dependencies = [\"attrs\", \"Zope\"]\n"), diff.out)
    }

    func testPresetMistakes() throws {
        let h = try Harness()
        try h.write("Cargo.toml", "[dependencies]\n")
        let unknown = try h.run(["sort", "--preset", "cargo", "Cargo.toml"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "reorder: 'cargo' is not a value of '--preset' (did you mean 'Cargo.toml'?); "
                       + "use one of: package.json, Cargo.toml, pyproject.toml, requirements\n")
        let both = try h.run(["sort", "--preset", "Cargo.toml", "-p", "/dependencies", "Cargo.toml"])
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(both.stderr, "reorder: '--preset' and '--pointer' cannot be used together\n")
        try h.write(".reorder.toml", "[[rule]]\npreset = \"pyproject\"\n")
        let policy = try h.run(["check", "Cargo.toml"])
        XCTAssertEqual(policy.status, 2)
        XCTAssertEqual(policy.stderr, "reorder: .reorder.toml:2:10: 'pyproject' is not a value of 'preset' (did you mean 'pyproject.toml'?); "
                       + "it takes: package.json, Cargo.toml, pyproject.toml, requirements\n")
        try h.write(".reorder.toml", "[[rule]]\npreset = \"Cargo.toml\"\nfirst = [\"serde\"]\n")
        let needsList = try h.run(["check", "Cargo.toml"])
        XCTAssertEqual(needsList.status, 2)
        XCTAssertTrue(needsList.stderr.hasPrefix("reorder: .reorder.toml:3:1: rule 1: the Cargo.toml preset has several lists; "
                                                 + "say which this order is for with list = \"/dependencies\""), needsList.stderr)
    }

    /// A policy of presets over a repository: their default files, a
    /// `scripts` choice, a skipped list, and the findings as moves.
    func testPresetRulesOverARepository() throws {
        let h = try Harness()
        try FileManager.default.createDirectory(at: h.url("web"), withIntermediateDirectories: true)
        try h.write(".reorder.toml", """
            [[rule]]
            preset = "package.json"
            scripts = "pre-post"

            [[rule]]
            preset = "requirements"
            skip = []

            """)
        try h.write("web/package.json", Self.package)
        try h.write("requirements-dev.txt", Self.requirements)
        try h.write("notes.txt", "b\na\n")
        let check = try h.run(["check"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.out.split(separator: "\n").map { String($0.prefix { $0 != ":" }) },
                       ["requirements-dev.txt", "web/package.json", "web/package.json", "web/package.json"],
                       check.out)
        XCTAssertTrue(check.out.contains("web/package.json:2: the top level (rule 1): 'name' belongs first"), check.out)
        let fix = try h.run(["fix"])
        XCTAssertEqual(fix.status, 0, fix.stderr)
        XCTAssertEqual(try h.text("requirements-dev.txt"), Self.requirementsFixed)
        // pre-post: pretest beside test, the rest as written.
        XCTAssertEqual(try h.text("web/package.json"), Self.packageFixed.replacingOccurrences(
            of: "    \"test\": \"jest\",\n    \"build\": \"tsc\",\n    \"pretest\": \"npm run build\"\n",
            with: "    \"pretest\": \"npm run build\",\n    \"test\": \"jest\",\n    \"build\": \"tsc\"\n"))
        XCTAssertEqual(try h.text("notes.txt"), "b\na\n")
        XCTAssertEqual(try h.run(["check"]).status, 0)
    }

    /// `--reporter json`: each finding's `script`, read on standard input
    /// by its `command`, applied in the findings' order, gives what `fix`
    /// writes: a table's lines with dotted keys, its `[x.y]` sections (a
    /// line range), a block, a whole lines file, package.json's root.
    func testJSONScriptsWithTheirCommandsGiveWhatFixWrites() throws {
        let files = [
            "Cargo.toml": "[package]\nname = \"x\"\n\n[dependencies]\nzed = \"1\"\nserde.version = \"1\"\nserde.features = [\"derive\"]\nanyhow = \"1\"\n\n"
                + "[dependencies.toml]\nversion = \"1\"\n\n[dependencies.base64]\nversion = \"2\"\nfeatures = [\"std\"]\n\n[dependencies.aho]\nversion = \"3\"\n",
            "pyproject.toml": "[project]\nversion = \"1\"\nname = \"p\"\ndependencies = [\"zope\", \"Attrs>=1\"]\n\n[project.urls]\nHome = \"h\"\n\n"
                + "[project.optional-dependencies]\ntest = [\"pytest\", \"coverage\"]\n",
            "package.json": PresetEndToEndTests.package,
            "requirements.txt": PresetEndToEndTests.requirements,
            "src/list.py": "# keep-sorted start\nc\na\nb\n# keep-sorted end\nx = 1\n# keep-sorted start\nz\ny\n# keep-sorted end\n",
        ]
        let policy = "[[rule]]\npreset = \"Cargo.toml\"\n\n[[rule]]\npreset = \"pyproject.toml\"\n\n[[rule]]\npreset = \"package.json\"\n\n"
            + "[[rule]]\npreset = \"requirements\"\n"
        let applied = try Harness(), fixed = try Harness()
        for h in [applied, fixed] {
            try FileManager.default.createDirectory(at: h.directory.appendingPathComponent("src"), withIntermediateDirectories: true)
            try h.write(".reorder.toml", policy)
            for (name, text) in files { try h.write(name, text) }
        }
        let check = try applied.run(["check", "--reporter", "json"])
        XCTAssertEqual(check.status, 1, check.stderr)
        let findings = try XCTUnwrap(try JSONSerialization.jsonObject(with: check.stdout) as? [String: Any])["findings"] as? [[String: Any]]
        let commands = (findings ?? []).compactMap { $0["command"] as? String }
        XCTAssertEqual(commands.count, findings?.count)
        XCTAssertTrue(commands.contains("reorder batch --line-range 10...18 -f - Cargo.toml"), "\(commands)")
        XCTAssertTrue(commands.contains("reorder batch -p /dependencies -f - Cargo.toml"), "\(commands)")
        XCTAssertTrue(commands.contains("reorder batch -p '' -f - package.json"), "\(commands)")
        XCTAssertTrue(commands.contains("reorder batch -f - requirements.txt"), "\(commands)")
        XCTAssertTrue(commands.contains("reorder batch --block 1 -f - src/list.py"), "\(commands)")
        for finding in findings ?? [] {
            let command = try XCTUnwrap(finding["command"] as? String), script = try XCTUnwrap(finding["script"] as? String)
            // `reorder` is this build's binary, the shell's $0.
            let run = try applied.run([], stdin: Data(script.utf8),
                                      prefix: ["/bin/sh", "-c", "reorder() { \"$R\" \"$@\"; }; R=$0; " + command])
            XCTAssertEqual(run.status, 0, command + ": " + run.stderr)
        }
        XCTAssertEqual(try fixed.run(["fix"]).status, 0)
        for name in files.keys { XCTAssertEqual(try applied.text(name), try fixed.text(name), name) }
        XCTAssertNotEqual(try fixed.text("Cargo.toml"), files["Cargo.toml"])
        // `-p ""` is a lines file's root, as the JSON reporter's list says.
        let root = try applied.run(["batch", "-p", "", "-f", "-", "-o", "-", "requirements.txt"], stdin: Data("move 0 1\n".utf8))
        XCTAssertEqual(root.status, 0, root.stderr)
    }

    func testHelpPresets() throws {
        let h = try Harness()
        let help = try h.run(["help", "presets"])
        XCTAssertEqual(help.status, 0, help.stderr)
        for name in ["package.json", "Cargo.toml", "pyproject.toml", "requirements"] {
            XCTAssertTrue(help.out.contains("\n" + name + "\n"), name)
        }
        let typo = try h.run(["help", "preset"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("(did you mean 'presets'?)"), typo.stderr)
    }
}
