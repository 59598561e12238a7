import XCTest

/// `-p` with `*` segments, `--document '*'` and `--missing-ok` for an
/// input without the list, in the one-off commands, on each format that
/// has pointers.
final class ManyListsTests: XCTestCase {
    let preCommit = """
        repos:
          - repo: https://example.com/a
            hooks:
              - id: zeta
              - id: alpha
          - repo: local
          - repo: https://example.com/b
            hooks:
              - id: mu
              - id: beta

        """

    func testAStarSortsEachRepositorysHooksInOneRun() throws {
        let h = try Harness()
        try h.write(".pre-commit-config.yaml", preCommit)
        let check = try h.run(["sort", "-p", "/repos/*/hooks", "--key", "/id", "--check", ".pre-commit-config.yaml"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.out, ".pre-commit-config.yaml\n")
        XCTAssertEqual(try h.text(".pre-commit-config.yaml"), preCommit, "--check writes nothing")

        let sorted = try h.run(["sort", "-p", "/repos/*/hooks", "--key", "/id", ".pre-commit-config.yaml"])
        XCTAssertEqual(sorted.status, 0, sorted.stderr)
        XCTAssertEqual(try h.text(".pre-commit-config.yaml"), """
            repos:
              - repo: https://example.com/a
                hooks:
                  - id: alpha
                  - id: zeta
              - repo: local
              - repo: https://example.com/b
                hooks:
                  - id: beta
                  - id: mu

            """)
        let again = try h.run(["sort", "-p", "/repos/*/hooks", "--key", "/id", "--check", ".pre-commit-config.yaml"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.out, "")
    }

    func testEditsByIndexApplyToEveryListAndOneFailureWritesNothing() throws {
        let h = try Harness()
        try h.write("a.json", #"{"x": {"l": [1, 2, 3]}, "y": {"l": [4, 5]}, "z": 1}"# + "\n")
        let moved = try h.run(["move", "0", "-1", "-p", "/*/l", "a.json"])
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertEqual(try h.text("a.json"), #"{"x": {"l": [2, 3, 1]}, "y": {"l": [5, 4]}, "z": 1}"# + "\n")

        // Index 2 is in the first list, not in the second: nothing is written.
        let failed = try h.run(["delete", "2", "-p", "/*/l", "a.json"])
        XCTAssertEqual(failed.status, 2)
        XCTAssertTrue(failed.stderr.hasPrefix("reorder: a.json (-p '/y/l'): index 2 is out of range"), failed.stderr)
        XCTAssertEqual(failed.stderr.filter { $0 == "\n" }.count, 1)
        XCTAssertEqual(try h.text("a.json"), #"{"x": {"l": [2, 3, 1]}, "y": {"l": [5, 4]}, "z": 1}"# + "\n")

        let diff = try h.run(["reverse", "-p", "/*/l", "--diff", "a.json"])
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertTrue(diff.out.contains(#"+{"x": {"l": [1, 3, 2]}, "y": {"l": [4, 5]}, "z": 1}"#), diff.out)

        let out = try h.run(["insert", "-1", "9", "-p", "/*/l", "a.json", "-o", "-"])
        XCTAssertEqual(out.out, #"{"x": {"l": [2, 3, 1, 9]}, "y": {"l": [5, 4, 9]}, "z": 1}"# + "\n")
    }

    func testAStarInTOMLSeesTablesMadeBySectionsAndArraysOfTables() throws {
        let h = try Harness()
        let toml = """
            [tool.a]
            list = ["b", "a"]
            [tool.b]
            list = ["d", "c"]
            [[bin]]
            features = ["y", "x"]
            [[bin]]
            features = ["w", "v"]

            """
        try h.write("pyproject.toml", toml)
        let check = try h.run(["sort", "-p", "/tool/*/list", "--check", "pyproject.toml"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(try h.run(["sort", "-p", "/tool/*/list", "pyproject.toml"]).status, 0)
        XCTAssertEqual(try h.run(["swap", "0", "1", "-p", "/bin/*/features", "pyproject.toml"]).status, 0)
        XCTAssertEqual(try h.text("pyproject.toml"), """
            [tool.a]
            list = ["a", "b"]
            [tool.b]
            list = ["c", "d"]
            [[bin]]
            features = ["x", "y"]
            [[bin]]
            features = ["v", "w"]

            """)
    }

    func testTildeTwoIsAKeyThatIsAStar() throws {
        let h = try Harness()
        try h.write("a.json", #"{"*": [2, 1], "b": [4, 3]}"#)
        XCTAssertEqual(try h.run(["sort", "-p", "/~2", "a.json"]).status, 0)
        XCTAssertEqual(try h.text("a.json"), #"{"*": [1, 2], "b": [4, 3]}"#)
    }

    func testAStarThatMatchesNothingIsAFileWithoutTheList() throws {
        let h = try Harness()
        try h.write("a.yaml", "repos: []\n")
        try h.write("b.yaml", "repos:\n  - hooks: [b, a]\n")
        let missing = try h.run(["sort", "-p", "/repos/*/hooks", "a.yaml", "b.yaml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "reorder: a.yaml: no list matches '/repos/*/hooks'; check -p, or give --missing-ok to leave a file without it as it is\n")
        XCTAssertEqual(try h.text("b.yaml"), "repos:\n  - hooks: [a, b]\n", "the other input is still edited")

        try h.write("b.yaml", "repos:\n  - hooks: [b, a]\n")
        let ok = try h.run(["sort", "-p", "/repos/*/hooks", "--missing-ok", "--check", "a.yaml", "b.yaml"])
        XCTAssertEqual(ok.status, 1, ok.stderr)
        XCTAssertEqual(ok.out, "b.yaml\n")
        XCTAssertEqual(ok.stderr, "")
    }

    func testMissingOKLeavesAFileWithoutTheListAsItIs() throws {
        let h = try Harness()
        try h.write("Cargo.toml", "[package]\nname = \"x\"\n")
        try h.write("package.json", #"{"name": "x"}"#)
        try h.write("other.json", #"{"deps": ["b", "a"]}"#)
        // Without it, the error of today.
        let missing = try h.run(["reverse", "-p", "/deps", "package.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "reorder: package.json: nothing at '/deps': the root is an object without the key 'deps'\n")

        for command in [["sort"], ["reverse"], ["move", "0", "-1"], ["swap", "0", "1"], ["delete", "0"],
                        ["insert", "0", "1"], ["batch", "-e", "move 0 1"]] {
            let ok = try h.run(command + ["-p", "/deps", "--missing-ok", "package.json", "Cargo.toml"])
            XCTAssertEqual(ok.status, 0, "\(command): \(ok.stderr)")
            XCTAssertEqual(ok.stderr, "")
            let check = try h.run(command + ["-p", "/deps", "--missing-ok", "--check", "package.json", "Cargo.toml"])
            XCTAssertEqual(check.status, 0, "\(command): \(check.stderr)")
        }
        XCTAssertEqual(try h.text("package.json"), #"{"name": "x"}"#)
        XCTAssertEqual(try h.text("Cargo.toml"), "[package]\nname = \"x\"\n")

        let check = try h.run(["sort", "-p", "/deps", "--missing-ok", "--check", "package.json", "other.json"])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.out, "other.json\n")

        // Written elsewhere or to standard output, it is copied unchanged.
        let out = try h.run(["sort", "-p", "/deps", "--missing-ok", "package.json", "-o", "-"])
        XCTAssertEqual(out.out, #"{"name": "x"}"#)
        let piped = try h.run(["sort", "-p", "/deps", "--missing-ok", "--json", "-"], stdin: Data(#"{"a": 1}"#.utf8))
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.out, #"{"a": 1}"#)
    }

    func testMissingOKLeavesAFileWithoutTheBlockAsItIs() throws {
        let h = try Harness()
        try h.write("plain.txt", "b\na\n")
        try h.write("marked.txt", "# keep-sorted start\nd\nc\n# keep-sorted end\n")
        let missing = try h.run(["sort", "--block", "0", "plain.txt"])
        XCTAssertEqual(missing.status, 2)
        let ok = try h.run(["sort", "--block", "0", "--missing-ok", "plain.txt", "marked.txt"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(try h.text("plain.txt"), "b\na\n")
        XCTAssertEqual(try h.text("marked.txt"), "# keep-sorted start\nc\nd\n# keep-sorted end\n")
        // A line range past the end is a mistake, not a missing list.
        XCTAssertEqual(try h.run(["sort", "--line-range", "5...6", "--missing-ok", "plain.txt"]).status, 2)
    }

    func testEveryDocumentOfAStream() throws {
        let h = try Harness()
        let stream = "---\nitems: [b, a]\n---\nother: 1\n---\nitems: [z, y]\n"
        try h.write("s.yaml", stream)
        let missing = try h.run(["sort", "-p", "/items", "--document", "*", "s.yaml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "reorder: s.yaml: document 1 has no list at '/items'; check -p, or give --missing-ok to leave a document without it as it is\n")
        XCTAssertEqual(try h.text("s.yaml"), stream)

        let check = try h.run(["sort", "-p", "/items", "--document", "*", "--missing-ok", "--check", "s.yaml"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.out, "s.yaml\n")
        let sorted = try h.run(["sort", "-p", "/items", "--document", "*", "--missing-ok", "s.yaml"])
        XCTAssertEqual(sorted.status, 0, sorted.stderr)
        XCTAssertEqual(try h.text("s.yaml"), "---\nitems: [a, b]\n---\nother: 1\n---\nitems: [y, z]\n")

        // With a '*' in -p too; a stream of one document is that document.
        try h.write("k.yaml", "- l: [2, 1]\n- l: [4, 3]\n---\n- l: [6, 5]\n")
        XCTAssertEqual(try h.run(["reverse", "-p", "/*/l", "--document", "*", "k.yaml"]).status, 0)
        XCTAssertEqual(try h.text("k.yaml"), "- l: [1, 2]\n- l: [3, 4]\n---\n- l: [5, 6]\n")
        try h.write("one.yaml", "items: [b, a]\n")
        XCTAssertEqual(try h.run(["sort", "-p", "/items", "--document", "*", "one.yaml"]).status, 0)
        XCTAssertEqual(try h.text("one.yaml"), "items: [a, b]\n")

        // A format without documents refuses it, as it refuses --document N.
        try h.write("a.json", "[2, 1]")
        let json = try h.run(["sort", "--document", "*", "a.json"])
        XCTAssertEqual(json.status, 2)
        XCTAssertEqual(json.stderr, "reorder: --document applies to YAML; a.json is read as JSON: leave --document out, or choose the format with --format\n")
    }

    func testTheCommandsOfOneListRefuseAPattern() throws {
        let h = try Harness()
        try h.write("p.yaml", preCommit)
        // (diff, pick and edit take several lists: DiffSectionsTests, each a section.)
        for command in [["sort", "--like", "p.yaml"]] {
            let refused = try h.run(command + ["-p", "/repos/*/hooks", "p.yaml"])
            XCTAssertEqual(refused.status, 2, "\(command)")
            let name = command[0] == "sort" ? "sort --like" : command[0]
            XCTAssertEqual(refused.stderr, "reorder: -p '/repos/*/hooks' names every list that matches it, but 'reorder \(name)' works on one list: name one (-p with no '*' segment, --document N; a key that is '*' is written '~2')\n")
        }
        let document = try h.run(["pick", "--document", "*", "p.yaml"])
        XCTAssertEqual(document.status, 2)
        XCTAssertTrue(document.stderr.hasPrefix("reorder: --document '*' names every list"), document.stderr)
        XCTAssertEqual(try h.text("p.yaml"), preCommit)
    }
}
