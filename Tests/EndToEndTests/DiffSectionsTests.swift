import Foundation
import XCTest

/// `reorder diff` with several lists (`-p A -p B`, or a `-p` with `*`):
/// the sectioned script, an item that changed list being one move.
final class DiffSectionsTests: XCTestCase {
    let package = """
        {
          "name": "app",
          "dependencies": {
            "react": "^18.2.0",
            "zod": "^3.22.0"
          },
          "devDependencies": {
            "@types/node": "^20.0.0",
            "typescript": "^5.4.0",
            "vitest": "^1.6.0"
          }
        }

        """
    /// `typescript` promoted to the dependencies, `eslint` added.
    let promoted = """
        {
          "name": "app",
          "dependencies": {
            "react": "^18.2.0",
            "typescript": "^5.4.0",
            "zod": "^3.22.0"
          },
          "devDependencies": {
            "@types/node": "^20.0.0",
            "vitest": "^1.6.0",
            "eslint": "^9.0.0"
          }
        }

        """

    func testAPromotedDependencyIsOneMoveAcrossLists() throws {
        let h = try Harness()
        try h.write("package.json", package)
        try h.write("new.json", promoted)
        let lists = ["-p", "/dependencies", "-p", "/devDependencies"]
        let script = try h.run(["diff"] + lists + ["package.json", "new.json"])
        XCTAssertEqual(script.status, 1, script.stderr)
        XCTAssertEqual(script.out, "move 1:1 0:1\ninsert 1:2 \"eslint\": \"^9.0.0\"\n")
        XCTAssertEqual(try h.run(["diff", "--sequential"] + lists + ["package.json", "new.json"]).out,
                       "move 1:1 0:1\ninsert 1:2 \"eslint\": \"^9.0.0\"\n")
        XCTAssertEqual(try h.run(["diff", "--stat"] + lists + ["package.json", "new.json"]).out,
                       "1 move, 1 insert, 0 deletes, 0 replaces\n")
        XCTAssertEqual(try h.run(["diff", "--one-based"] + lists + ["package.json", "new.json"]).out,
                       "move 1:2 0:2\ninsert 1:3 \"eslint\": \"^9.0.0\"\n")
        // The lists the other way round are numbered the other way round.
        XCTAssertEqual(try h.run(["diff", "-p", "/devDependencies", "-p", "/dependencies", "package.json", "new.json"]).out,
                       "move 0:1 1:1\ninsert 0:2 \"eslint\": \"^9.0.0\"\n")
        let patch = try h.run(["diff", "--json-patch"] + lists + ["package.json", "new.json"])
        XCTAssertEqual(patch.out, """
            [
              {"op": "move", "from": "/devDependencies/typescript", "path": "/dependencies/typescript"},
              {"op": "add", "path": "/devDependencies/eslint", "value": "^9.0.0"}
            ]

            """)
        try h.write("patch.json", [UInt8](patch.stdout))
        try checkPatch(h, old: "package.json", new: "new.json")
        XCTAssertEqual(try h.run(["diff"] + lists + ["package.json", "package.json"]).status, 0)
        XCTAssertEqual(try h.run(["diff"] + lists + ["package.json", "package.json"]).out, "")
    }

    /// Python's jsonpatch applies patch.json to `old` and gets `new`'s data.
    func checkPatch(_ h: Harness, old: String, new: String) throws {
        guard let python = try tool("python3", package: "python3") else { return }
        let check = try h.run(["-c", """
            import json, jsonpatch
            a = json.load(open("\(old)")); b = json.load(open("\(new)"))
            print(jsonpatch.apply_patch(a, json.load(open("patch.json"))) == b)
            """], executable: URL(fileURLWithPath: python))
        XCTAssertEqual(check.out, "True\n", check.stderr + " (jsonpatch is installed by 'make test')")
    }

    func testAPatternNamesTheListsInOldsOrderAndJSONPatchMovesBetweenArrays() throws {
        let h = try Harness()
        try h.write("old.json", #"{"todo": ["a", "b", "c"], "doing": ["d"], "done": []}"# + "\n")
        try h.write("new.json", #"{"todo": ["c", "a"], "done": ["d", "e"], "doing": ["b"]}"# + "\n")
        let script = try h.run(["diff", "-p", "/*", "old.json", "new.json"])
        XCTAssertEqual(script.status, 1, script.stderr)
        XCTAssertEqual(script.out, "move 0:2 0:0\nmove 0:1 1:0\nmove 1:0 2:0\ninsert 2:1 \"e\"\n")
        // One after another: "b" is the last of "todo" once "c" has gone
        // first, and "d" second in "doing" once "b" came in.
        XCTAssertEqual(try h.run(["diff", "--sequential", "-p", "/*", "old.json", "new.json"]).out,
                       "move 0:2 0:0\nmove 0:2 1:0\nmove 1:1 2:0\ninsert 2:1 \"e\"\n")
        let patch = try h.run(["diff", "--json-patch", "-p", "/*", "old.json", "new.json"])
        XCTAssertEqual(patch.out, """
            [
              {"op": "move", "from": "/todo/2", "path": "/todo/0"},
              {"op": "move", "from": "/todo/2", "path": "/doing/0"},
              {"op": "move", "from": "/doing/1", "path": "/done/0"},
              {"op": "add", "path": "/done/1", "value": "e"}
            ]

            """)
        try h.write("patch.json", [UInt8](patch.stdout))
        try checkPatch(h, old: "old.json", new: "new.json")
    }

    func testYAMLStepsBetweenJobsAndMarkdownItemsBetweenHeadings() throws {
        let h = try Harness()
        try h.write("ci.yaml", "jobs:\n  build:\n    steps:\n      - run: make\n      - run: make test\n  deploy:\n    steps:\n      - run: ./deploy.sh\n")
        try h.write("new.yaml", "jobs:\n  build:\n    steps:\n      - run: make\n  deploy:\n    steps:\n      - run: make test\n      - run: ./deploy.sh\n")
        XCTAssertEqual(try h.run(["diff", "-p", "/jobs/*/steps", "ci.yaml", "new.yaml"]).out, "move 0:1 1:0\n")
        try h.write("TODO.md", "## Todo\n\n- write docs\n- fix bug\n\n## Doing\n\n- review PR\n\n## Done\n\n- set up CI\n")
        try h.write("new.md", "## Todo\n\n- fix bug\n\n## Doing\n\n- write docs\n\n## Done\n\n- review PR\n- set up CI\n")
        XCTAssertEqual(try h.run(["diff", "-p", "/Doing", "-p", "/Done", "TODO.md", "new.md"]).out,
                       "move 0:0 1:0\ninsert 0:0 write docs\n")
        XCTAssertEqual(try h.run(["diff", "-p", "/*", "TODO.md", "new.md"]).out, "move 0:0 1:0\nmove 1:0 2:0\n")
        XCTAssertEqual(try h.run(["diff", "--stat", "-p", "/*", "TODO.md", "new.md"]).out, "2 moves, 0 inserts, 0 deletes, 0 replaces\n")
    }

    /// A pattern that names one list is the one-list diff, plain indices.
    func testAPatternThatNamesOneListGivesTheOneListScript() throws {
        let h = try Harness()
        try h.write("old.json", #"{"only": [1, 2, 3]}"#)
        try h.write("new.json", #"{"only": [3, 1, 2]}"#)
        XCTAssertEqual(try h.run(["diff", "-p", "/*", "old.json", "new.json"]).out, "move 2 0\n")
        XCTAssertEqual(try h.run(["diff", "-p", "/only", "old.json", "new.json"]).out, "move 2 0\n")
    }

    func testListsThatDifferBetweenOldAndNewAreRefused() throws {
        let h = try Harness()
        try h.write("old.json", #"{"a": [1], "b": [2]}"#)
        try h.write("new.json", #"{"a": [1, 2]}"#)
        let pattern = try h.run(["diff", "-p", "/*", "old.json", "new.json"])
        XCTAssertEqual(pattern.status, 2)
        XCTAssertEqual(pattern.stderr, "reorder: new.json: no list at '/b', which old.json has: with several lists, diff compares "
                       + "the same lists in OLD and NEW (name the lists both have with -p)\n")
        let backwards = try h.run(["diff", "-p", "/*", "new.json", "old.json"])
        XCTAssertEqual(backwards.stderr, "reorder: new.json: no list at '/b', which old.json has: with several lists, diff compares "
                       + "the same lists in OLD and NEW (name the lists both have with -p)\n")
        let named = try h.run(["diff", "-p", "/a", "-p", "/b", "old.json", "new.json"])
        XCTAssertEqual(named.status, 2)
        XCTAssertEqual(named.stderr, "reorder: new.json: nothing at '/b': the root is an object without the key 'b'\n")
        let twice = try h.run(["diff", "-p", "/a", "-p", "/a", "old.json", "old.json"])
        XCTAssertEqual(twice.status, 2)
        XCTAssertEqual(twice.stderr, "reorder: -p names the list '/a' twice: name each list once\n")
        try h.write("empty.json", #"{"a": [], "b": [2]}"#)
        let none = try h.run(["diff", "-p", "/a/*", "empty.json", "empty.json"])
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.stderr, "reorder: empty.json: -p '/a/*' names no list\n")
        XCTAssertEqual(try h.run(["diff", "--document", "*", "-p", "/a", "old.json", "new.json"]).status, 2)
        XCTAssertEqual(try h.run(["diff", "-p", "/a", "-p", "/b", "--lines", "old.json", "new.json"]).status, 2)
    }

    func testByKeyAChangedItemIsReplacedAndStandardInputIsRead() throws {
        let h = try Harness()
        try h.write("old.json", #"{"a": [{"n": "x", "v": 1}, {"n": "y", "v": 1}], "b": [{"n": "z", "v": 1}]}"#)
        try h.write("new.json", #"{"a": [{"n": "x", "v": 2}], "b": [{"n": "z", "v": 1}, {"n": "y", "v": 1}]}"#)
        let lists = ["-p", "/a", "-p", "/b"]
        XCTAssertEqual(try h.run(["diff", "--key", "/n"] + lists + ["old.json", "new.json"]).out,
                       "move 0:1 1:1\nreplace 0:0 {\"n\": \"x\", \"v\": 2}\n")
        XCTAssertEqual(try h.run(["diff", "--key", "/n", "--stat"] + lists + ["old.json", "new.json"]).out,
                       "1 move, 0 inserts, 0 deletes, 1 replace\n")
        XCTAssertEqual(try h.run(["diff"] + lists + ["old.json", "-"], stdin: Data(try h.read("new.json"))).out,
                       "delete 0:0\nmove 0:1 1:1\ninsert 0:0 {\"n\": \"x\", \"v\": 2}\n")
    }

    /// Between objects, JSON Patch names a member by its key; its place
    /// inside one object is no part of JSON's data, so that move is left
    /// out.
    func testJSONPatchBetweenObjectsLeavesOutAMoveInsideOne() throws {
        let h = try Harness()
        try h.write("old.json", #"{"a": {"x": 1, "y": 2, "z": 3}, "b": {"w": 0}}"#)
        try h.write("new.json", #"{"a": {"z": 3, "x": 1}, "b": {"w": 0, "y": 2}}"#)
        XCTAssertEqual(try h.run(["diff", "-p", "/a", "-p", "/b", "old.json", "new.json"]).out, "move 0:2 0:0\nmove 0:1 1:1\n")
        let patch = try h.run(["diff", "--json-patch", "-p", "/a", "-p", "/b", "old.json", "new.json"])
        XCTAssertEqual(patch.out, "[\n  {\"op\": \"move\", \"from\": \"/a/y\", \"path\": \"/b/y\"}\n]\n")
        try h.write("patch.json", [UInt8](patch.stdout))
        try checkPatch(h, old: "old.json", new: "new.json")
        try h.write("swapped.json", #"{"a": {"y": 2, "x": 1, "z": 3}, "b": {"w": 0}}"#)
        let none = try h.run(["diff", "--json-patch", "-p", "/a", "-p", "/b", "old.json", "swapped.json"])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.out, "[]\n")
        try h.write("a.yaml", "a: [1]\nb: [2]\n")
        let yaml = try h.run(["diff", "--json-patch", "-p", "/a", "-p", "/b", "a.yaml", "a.yaml"])
        XCTAssertEqual(yaml.status, 0)
        try h.write("b.yaml", "a: [2]\nb: [1]\n")
        let refused = try h.run(["diff", "--json-patch", "-p", "/a", "-p", "/b", "a.yaml", "b.yaml"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--json-patch needs a JSON array"), refused.stderr)
    }

    func testAnItemWithoutAOneLineFormIsNamedByItsPath() throws {
        let h = try Harness()
        try h.write("old.yaml", "a:\n  - x\nb:\n  - y\n")
        try h.write("new.yaml", "a:\n  - x\nb:\n  - y\n  - k: [1] # c\n")
        let diff = try h.run(["diff", "-p", "/a", "-p", "/b", "old.yaml", "new.yaml"])
        XCTAssertEqual(diff.status, 2)
        XCTAssertTrue(diff.stderr.hasPrefix("reorder: new.yaml: item 1:1 has no form that YAML's 'insert' takes"), diff.stderr)
    }
}
