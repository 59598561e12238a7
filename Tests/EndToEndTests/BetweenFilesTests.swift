import Foundation
import XCTest

/// `reorder move FROM TO -p LIST --to-file OTHER [--to DEST] FILE` and
/// `reorder copy`: an item of a list of one file moved (or copied) into a
/// list of another file, with its bytes and the comments it owns, laid out
/// as DEST's items are; into another format, its value as DEST's writer
/// writes it. Refused, with nothing written in either file, where it
/// cannot be done with certainty. (The pair write under faults:
/// PairWriteFaultTests.)
final class BetweenFilesTests: XCTestCase {
    /// Runs `arguments`, expecting a refusal: exit status 2, `message` on
    /// standard error, and every file of the folder as it was.
    func assertRefused(_ h: Harness, _ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let names = try h.listing()
        let before = try names.map { try h.read($0) }
        let result = try h.run(arguments)
        XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, message, file: file, line: line)
        XCTAssertEqual(try h.listing(), names, "a file was left or removed", file: file, line: line)
        for (name, bytes) in zip(names, before) {
            XCTAssertEqual(try h.read(name), bytes, "\(name) was written", file: file, line: line)
        }
    }

    // MARK: - Each format, between two files

    func testJSONCAPromotedDependencyGoesToItsSortedPlaceInTheOtherFileWithItsComment() throws {
        let h = try Harness()
        try h.write("app.jsonc", """
            {
              // the app
              "dependencies": {
                "react": "^18"
              },
              "devDependencies": {
                // schema validation
                "zod": "^3.22.0",
                "vitest": "^1"
              }
            }

            """)
        try h.write("lib.jsonc", """
            {
              "dependencies": {
                "axios": "^1.6.0",
                "lodash": "^4"
              }
            }

            """)
        let result = try h.run(["move", "=zod", "sorted", "-p", "/devDependencies", "--to", "/dependencies",
                                "--to-file", "lib.jsonc", "app.jsonc"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("app.jsonc"), """
            {
              // the app
              "dependencies": {
                "react": "^18"
              },
              "devDependencies": {
                "vitest": "^1"
              }
            }

            """)
        XCTAssertEqual(try h.text("lib.jsonc"), """
            {
              "dependencies": {
                "axios": "^1.6.0",
                "lodash": "^4",
                // schema validation
                "zod": "^3.22.0"
              }
            }

            """)
        XCTAssertEqual(try h.listing(), ["app.jsonc", "lib.jsonc"])
    }

    func testJSONWithoutToTheSamePointerInTheOtherFileAndAnIndex() throws {
        let h = try Harness()
        try h.write("a.json", "{\"plugins\": [\"core\", \"lint\", \"fmt\"]}\n")
        try h.write("b.json", "{\n  \"plugins\": [\n    \"docs\"\n  ]\n}\n")
        let result = try h.run(["move", "=lint", "0", "-p", "/plugins", "--to-file", "b.json", "a.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("a.json"), "{\"plugins\": [\"core\", \"fmt\"]}\n")
        XCTAssertEqual(try h.text("b.json"), "{\n  \"plugins\": [\n    \"lint\",\n    \"docs\"\n  ]\n}\n")
        // Several items a selector selects move together, in their order.
        XCTAssertEqual(try h.run(["move", "~[lo]", "-1", "-p", "/plugins", "--to-file", "a.json", "b.json"]).status, 0)
        XCTAssertEqual(try h.text("a.json"), "{\"plugins\": [\"core\", \"fmt\", \"lint\", \"docs\"]}\n")
        XCTAssertEqual(try h.text("b.json"), "{\n  \"plugins\": []\n}\n")
        // A selector that selects nothing, with --missing-ok: nothing written.
        let none = try h.run(["move", "=nothing", "0", "-p", "/plugins", "--to-file", "b.json", "a.json", "--missing-ok"])
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertEqual(try h.text("a.json"), "{\"plugins\": [\"core\", \"fmt\", \"lint\", \"docs\"]}\n")
        XCTAssertEqual(try h.text("b.json"), "{\n  \"plugins\": []\n}\n")
    }

    func testYAMLEntryIsReIndentedAsTheOtherFilesEntriesWithItsComment() throws {
        let h = try Harness()
        try h.write("values.yaml", "env:\n  # the api\n  API_URL: https://x\n  DEBUG: \"1\"\n")
        try h.write("values-prod.yaml", "image: app\nenv:\n    LOG: info\n    ZED: \"2\"\n")
        let result = try h.run(["move", "=API_URL", "sorted", "-p", "/env", "--to-file", "values-prod.yaml", "values.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("values.yaml"), "env:\n  DEBUG: \"1\"\n")
        XCTAssertEqual(try h.text("values-prod.yaml"), "image: app\nenv:\n    # the api\n    API_URL: https://x\n    LOG: info\n    ZED: \"2\"\n")
    }

    func testTOMLTableEntryIntoAnotherFilesTable() throws {
        let h = try Harness()
        try h.write("Cargo.toml", "[dependencies]\nserde = \"1\"\n\n[dev-dependencies]\ntokio = { version = \"1\" } # rt\nanyhow = \"1\"\n")
        try h.write("core.toml", "[dependencies]\nrand = \"0.8\"\n")
        let result = try h.run(["move", "=anyhow", "0", "-p", "/dev-dependencies", "--to", "/dependencies",
                                "--to-file", "core.toml", "Cargo.toml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("Cargo.toml"), "[dependencies]\nserde = \"1\"\n\n[dev-dependencies]\ntokio = { version = \"1\" } # rt\n")
        XCTAssertEqual(try h.text("core.toml"), "[dependencies]\nanyhow = \"1\"\nrand = \"0.8\"\n")
    }

    func testMarkdownItemTakesTheOtherListsMarkerAndNumberAndItsLinesFollow() throws {
        let h = try Harness()
        try h.write("TODO.md", "# TODO\n\n## Doing\n\n- fix #12: the parser\n  (and its tests)\n- write the docs\n")
        try h.write("DONE.md", "# Done\n\n1. release 0.1\n2. the logo\n")
        let result = try h.run(["move", "~^fix", "-1", "-p", "/TODO/Doing", "--to", "/Done", "--to-file", "DONE.md", "TODO.md"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("TODO.md"), "# TODO\n\n## Doing\n\n- write the docs\n")
        XCTAssertEqual(try h.text("DONE.md"), "# Done\n\n1. release 0.1\n2. the logo\n3. fix #12: the parser\n   (and its tests)\n")
    }

    func testLinesBetweenTwoFilesWithTheirOwnLineEndings() throws {
        let h = try Harness()
        try h.write("todo.txt", "one\ntwo\nthree\n")
        try h.write("done.txt", "x\r\ny\r\n")
        let result = try h.run(["move", "=two", "1", "--to-file", "done.txt", "todo.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("todo.txt"), "one\nthree\n")
        XCTAssertEqual(try h.text("done.txt"), "x\r\ntwo\r\ny\r\n")
        // The sorted place.
        XCTAssertEqual(try h.run(["move", "0", "sorted", "--to-file", "done.txt", "todo.txt"]).status, 0)
        XCTAssertEqual(try h.text("todo.txt"), "three\n")
        XCTAssertEqual(try h.text("done.txt"), "one\r\nx\r\ntwo\r\ny\r\n")
    }

    func testCSVRowsGoBetweenFilesWithTheSameHeaderOnly() throws {
        let h = try Harness()
        try h.write("todo.csv", "name,owner\nparser,ana\n\"docs, all\",bo\n")
        try h.write("done.csv", "name,owner\nlogo,cy\n")
        let result = try h.run(["move", "1", "sorted", "--to-file", "done.csv", "todo.csv"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("todo.csv"), "name,owner\nparser,ana\n")
        XCTAssertEqual(try h.text("done.csv"), "name,owner\n\"docs, all\",bo\nlogo,cy\n")
        try h.write("other.csv", "name,who\nlogo,cy\n")
        try assertRefused(h, ["move", "0", "0", "--to-file", "other.csv", "todo.csv"],
                          "reorder: other.csv:1:1: its header row ('name,who') is not the header row of todo.csv ('name,owner'); "
                          + "rows go only between files with the same header; nothing is written\n")
        // TSV too.
        try h.write("a.tsv", "k\tv\na\t1\n")
        try h.write("b.tsv", "k\tv\n")
        XCTAssertEqual(try h.run(["move", "0", "0", "--to-file", "b.tsv", "a.tsv"]).status, 0)
        XCTAssertEqual(try h.text("a.tsv"), "k\tv\n")
        XCTAssertEqual(try h.text("b.tsv"), "k\tv\na\t1\n")
    }

    func testDiffShowsBothFilesAndWritesNothing() throws {
        let h = try Harness()
        try h.write("a.txt", "a\nb\n")
        try h.write("b.txt", "c\n")
        let result = try h.run(["move", "=b", "0", "--to-file", "b.txt", "a.txt", "--diff"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.out, """
            --- a.txt
            +++ a.txt
            @@ -1,2 +1 @@
             a
            -b
            --- b.txt
            +++ b.txt
            @@ -1 +1,2 @@
            +b
             c

            """)
        let check = try h.run(["move", "=b", "0", "--to-file", "b.txt", "a.txt", "--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.out, "a.txt\nb.txt\n")
        XCTAssertEqual(try h.text("a.txt"), "a\nb\n")
        XCTAssertEqual(try h.text("b.txt"), "c\n")
    }

    // MARK: - copy

    func testCopyLeavesTheItemAndWritesOnlyTheOtherFile() throws {
        let h = try Harness()
        try h.write("values.yaml", "env:\n  # the api\n  API_URL: https://x\n  DEBUG: \"1\"\n")
        try h.write("values-prod.yaml", "env:\n  LOG: info\n")
        let before = try h.read("values.yaml")
        let result = try h.run(["copy", "=API_URL", "sorted", "-p", "/env", "--to-file", "values-prod.yaml", "values.yaml", "-v"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "reorder: values-prod.yaml: rewritten\n")
        XCTAssertEqual(try h.read("values.yaml"), before)
        XCTAssertEqual(try h.text("values-prod.yaml"), "env:\n  # the api\n  API_URL: https://x\n  LOG: info\n")
        // Again: the key is there now.
        try assertRefused(h, ["copy", "=API_URL", "sorted", "-p", "/env", "--to-file", "values-prod.yaml", "values.yaml"],
                          "reorder: values-prod.yaml:2:1: '/env' has the key 'API_URL' already (here); delete one of them first; nothing is written\n")
    }

    func testCopyBetweenListsOfOneFile() throws {
        let h = try Harness()
        try h.write("package.json", "{\n  \"dependencies\": {\n    \"lodash\": \"^4\"\n  },\n  \"peerDependencies\": {\n    \"react\": \"*\"\n  }\n}\n")
        let result = try h.run(["copy", "=lodash", "0", "-p", "/dependencies", "--to", "/peerDependencies", "package.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("package.json"),
                       "{\n  \"dependencies\": {\n    \"lodash\": \"^4\"\n  },\n  \"peerDependencies\": {\n    \"lodash\": \"^4\",\n    \"react\": \"*\"\n  }\n}\n")
        try assertRefused(h, ["copy", "=lodash", "0", "-p", "/dependencies", "package.json"],
                          "reorder: copy needs --to DEST (another list of the file) or --to-file OTHER (another file)\n")
    }

    // MARK: - Refused, nothing written

    func testAKeyTheOtherFileHasIsRefusedAtItsPlaceThere() throws {
        let h = try Harness()
        try h.write("h.yaml", "env:\n  A: 1\n  B: 2\n")
        try h.write("i.yaml", "env:\n  B: 3\n")
        try assertRefused(h, ["move", "=B", "0", "-p", "/env", "--to-file", "i.yaml", "h.yaml"],
                          "reorder: i.yaml:2:1: '/env' has the key 'B' already (here); delete one of them first; nothing is written\n")
    }

    func testYAMLAnchorsAndAliasesGoOnlyWhereTheyMeanTheSame() throws {
        let h = try Harness()
        try h.write("a.yaml", "defaults: &defaults\n  retries: 3\njobs:\n  - name: build\n    <<: *defaults\n  - name: test\n")
        try h.write("b.yaml", "jobs:\n  - name: lint\n")
        try assertRefused(h, ["move", "0", "0", "-p", "/jobs", "--to-file", "b.yaml", "a.yaml"],
                          "reorder: a.yaml:4:1: the item holds the alias '*defaults', whose anchor '&defaults' is not in b.yaml; "
                          + "write the value out, or move it by hand; nothing is written\n")
        // An anchor of another value there.
        try h.write("c.yaml", "base: &base\n  x: 1\nlist:\n  - one\n  - *base\n")
        try h.write("d.yaml", "base: &base\n  x: 2\nlist:\n  - two\n")
        try assertRefused(h, ["move", "1", "-1", "-p", "/list", "--to-file", "d.yaml", "c.yaml"],
                          "reorder: c.yaml:5:1: the item holds the alias '*base', and the anchor '&base' of d.yaml is another value than c.yaml's; nothing is written\n")
        // An anchor the other file has already; one the rest still uses.
        try h.write("e.yaml", "list:\n  - &item one\n  - *item\n")
        try h.write("f.yaml", "other: &item 1\nlist:\n  - two\n")
        try assertRefused(h, ["move", "0", "0", "-p", "/list", "--to-file", "f.yaml", "e.yaml"],
                          "reorder: e.yaml:2:1: the item holds the anchor '&item', and f.yaml has an anchor '&item' already; rename one of them first; nothing is written\n")
        try h.write("f.yaml", "list:\n  - two\n")
        try assertRefused(h, ["move", "0", "0", "-p", "/list", "--to-file", "f.yaml", "e.yaml"],
                          "reorder: e.yaml:2:1: the item holds the anchor '&item', and an alias '*item' of e.yaml needs it; it cannot leave; nothing is written\n")
        // The same anchor, the same value: the alias goes.
        try h.write("g.yaml", "base: &base\n  x: 1\nlist:\n  - two\n")
        XCTAssertEqual(try h.run(["move", "1", "-1", "-p", "/list", "--to-file", "g.yaml", "c.yaml"]).status, 0)
        XCTAssertEqual(try h.text("c.yaml"), "base: &base\n  x: 1\nlist:\n  - one\n")
        XCTAssertEqual(try h.text("g.yaml"), "base: &base\n  x: 1\nlist:\n  - two\n  - *base\n")
    }

    func testTheCommandLinesAPairWriteDoesNotTake() throws {
        let h = try Harness()
        try h.write("h.yaml", "env:\n  A: 1\n")
        try h.write("i.yaml", "env:\n  B: 3\n")
        try assertRefused(h, ["move", "=A", "0", "-p", "/env", "--to-file", "h.yaml", "h.yaml"],
                          "reorder: --to-file 'h.yaml' names FILE itself; to move between lists of one file, give --to DEST without --to-file\n")
        try assertRefused(h, ["move", "=A", "0", "-p", "/env", "--to-file", "i.yaml", "h.yaml", "i.yaml"],
                          "reorder: move --to-file takes one FILE, the file the items leave (not standard input), and OTHER, the file they enter; 2 were given\n")
        try assertRefused(h, ["move", "=A", "0", "-p", "/env", "--to-file", "i.yaml", "-o", "x", "h.yaml"],
                          "reorder: --to-file writes both files in place; -o is not taken with it (use --diff to see the change)\n")
    }

    // MARK: - Across formats

    func testAJSONElementIntoAYAMLListAndATOMLArray() throws {
        let h = try Harness()
        try h.write("j.json", "{\"list\": [1, \"two\", [3, 4], {\"a\": 1}, null, 1e5]}\n")
        try h.write("y.yaml", "items:\n  - zero\n")
        XCTAssertEqual(try h.run(["move", "1", "-1", "-p", "/list", "--to", "/items", "--to-file", "y.yaml", "j.json"]).status, 0)
        XCTAssertEqual(try h.run(["move", "2", "-1", "-p", "/list", "--to", "/items", "--to-file", "y.yaml", "j.json"]).status, 0)
        XCTAssertEqual(try h.text("j.json"), "{\"list\": [1, [3, 4], null, 1e5]}\n")
        XCTAssertEqual(try h.text("y.yaml"), "items:\n  - zero\n  - two\n  - {\"a\": 1}\n")
        try assertRefused(h, ["move", "-1", "-1", "-p", "/list", "--to", "/items", "--to-file", "y.yaml", "j.json"],
                          "reorder: j.json:1:28: reorder cannot write its value ('1e5') in YAML with certainty (it would read as another value, or as none, there); move it by hand; nothing is written\n")
        try h.write("t.toml", "arr = [0]\n")
        XCTAssertEqual(try h.run(["copy", "1", "-1", "-p", "/list", "--to", "/arr", "--to-file", "t.toml", "j.json"]).status, 0)
        XCTAssertEqual(try h.text("t.toml"), "arr = [0, [3, 4]]\n")
        try assertRefused(h, ["copy", "2", "-1", "-p", "/list", "--to", "/arr", "--to-file", "t.toml", "j.json"],
                          "reorder: j.json:1:22: reorder cannot write its value ('null') in TOML with certainty (it would read as another value, or as none, there); move it by hand; nothing is written\n")
    }

    func testAYAMLEntryIntoATOMLArrayAndAJSONObject() throws {
        let h = try Harness()
        try h.write("y.yaml", "deps:\n  - serde\n  - \"tokio\"\n  - yes\n  - x # c\n  - !!str 7\n  - &a y\n")
        try h.write("t.toml", "deps = [\"anyhow\"]\n")
        XCTAssertEqual(try h.run(["move", "=serde", "-1", "-p", "/deps", "--to-file", "t.toml", "y.yaml"]).status, 0)
        XCTAssertEqual(try h.text("y.yaml"), "deps:\n  - \"tokio\"\n  - yes\n  - x # c\n  - !!str 7\n  - &a y\n")
        XCTAssertEqual(try h.text("t.toml"), "deps = [\"anyhow\", \"serde\"]\n")
        try assertRefused(h, ["move", "1", "-1", "-p", "/deps", "--to-file", "t.toml", "y.yaml"],
                          "reorder: y.yaml:3:1: reorder cannot write its value ('yes') in TOML with certainty (it would read as another value, or as none, there); move it by hand; nothing is written\n")
        try assertRefused(h, ["move", "2", "-1", "-p", "/deps", "--to-file", "t.toml", "y.yaml"],
                          "reorder: y.yaml:4:1: the item holds a comment, which a TOML file would not keep; a move into another format carries the value only; nothing is written\n")
        try assertRefused(h, ["move", "3", "-1", "-p", "/deps", "--to-file", "t.toml", "y.yaml"],
                          "reorder: y.yaml:5:1: the item holds a tag, which a TOML file would not keep; a move into another format carries the value only; nothing is written\n")
        try assertRefused(h, ["move", "4", "-1", "-p", "/deps", "--to-file", "t.toml", "y.yaml"],
                          "reorder: y.yaml:6:1: the item holds an anchor, which a TOML file would not keep; a move into another format carries the value only; nothing is written\n")
        // A mapping's entry into a JSON object, its key quoted.
        try h.write("d.yaml", "deps:\n  axios: \"1.0\"\n  left-pad: 1\n")
        try h.write("p.json", "{\n  \"dependencies\": {\n    \"a\": \"1\"\n  }\n}\n")
        XCTAssertEqual(try h.run(["move", "=axios", "sorted", "-p", "/deps", "--to", "/dependencies", "--to-file", "p.json", "d.yaml"]).status, 0)
        XCTAssertEqual(try h.text("d.yaml"), "deps:\n  left-pad: 1\n")
        XCTAssertEqual(try h.text("p.json"), "{\n  \"dependencies\": {\n    \"a\": \"1\",\n    \"axios\": \"1.0\"\n  }\n}\n")
        // A key the other file has, as it reads there.
        try h.write("k.yaml", "deps:\n  axios: \"1.0\"\n")
        try assertRefused(h, ["move", "=axios", "0", "-p", "/deps", "--to", "/dependencies", "--to-file", "p.json", "k.yaml"],
                          "reorder: p.json:4:5: '/dependencies' has the key 'axios' already (here); delete one of them first; nothing is written\n")
    }

    func testAJSONMemberIntoATOMLTableAndBack() throws {
        let h = try Harness()
        try h.write("p.json", "{\n  \"dependencies\": {\n    \"serde\": \"1\",\n    \"@scope/x\": \"2\",\n    \"obj\": {\"a\": 1}\n  }\n}\n")
        try h.write("Cargo.toml", "[dependencies]\nrand = \"0.8\"\n")
        XCTAssertEqual(try h.run(["move", "=serde", "sorted", "-p", "/dependencies", "--to-file", "Cargo.toml", "p.json"]).status, 0)
        XCTAssertEqual(try h.run(["move", "=@scope/x", "0", "-p", "/dependencies", "--to-file", "Cargo.toml", "p.json"]).status, 0)
        XCTAssertEqual(try h.text("Cargo.toml"), "[dependencies]\n\"@scope/x\" = \"2\"\nrand = \"0.8\"\nserde = \"1\"\n")
        XCTAssertEqual(try h.text("p.json"), "{\n  \"dependencies\": {\n    \"obj\": {\"a\": 1}\n  }\n}\n")
        try assertRefused(h, ["move", "=obj", "0", "-p", "/dependencies", "--to-file", "Cargo.toml", "p.json"],
                          "reorder: p.json:3:5: reorder cannot write its value ('\"obj\": {\"a\": 1}') in TOML with certainty (it would read as another value, or as none, there); move it by hand; nothing is written\n")
        // And back into JSON.
        XCTAssertEqual(try h.run(["move", "=rand", "0", "-p", "/dependencies", "--to-file", "p.json", "Cargo.toml"]).status, 0)
        XCTAssertEqual(try h.text("p.json"), "{\n  \"dependencies\": {\n    \"rand\": \"0.8\",\n    \"obj\": {\"a\": 1}\n  }\n}\n")
        XCTAssertEqual(try h.text("Cargo.toml"), "[dependencies]\n\"@scope/x\" = \"2\"\nserde = \"1\"\n")
    }

    func testLinesAndMarkdownDoNotGoIntoOtherFormats() throws {
        let h = try Harness()
        try h.write("a.txt", "x\n")
        try h.write("b.json", "[]\n")
        try assertRefused(h, ["move", "0", "0", "--to-file", "b.json", "a.txt"],
                          "reorder: a.txt:1:1: an item goes from a lines file into a JSON file only between JSON, JSON with comments, YAML and TOML files; nothing is written\n")
    }
}
