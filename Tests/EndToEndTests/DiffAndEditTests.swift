import Foundation
import XCTest

/// `reorder diff`, `sort --like` and `reorder edit`, with the built binary.
final class DiffAndEditTests: XCTestCase {
    func b(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testADiffAppliedByBatchGivesNewInBothIndexRules() throws {
        let h = try Harness()
        // A seeded generator, so that a failing round can be run again.
        struct Seeded: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
        var generator = Seeded(state: 20261123)
        for round in 0..<40 {
            let alphabet = round % 2 == 0 ? 1000 : 5
            let old = (0..<Int.random(in: 0...200, using: &generator)).map { _ in "i\(Int.random(in: 0..<alphabet, using: &generator))" }
            var new = old.shuffled(using: &generator)
            new.removeLast(min(new.count, Int.random(in: 0...10, using: &generator)))
            new += (0..<Int.random(in: 0...10, using: &generator)).map { _ in "n\(Int.random(in: 0..<alphabet, using: &generator))" }
            new.shuffle(using: &generator)
            try h.write("old.txt", old.map { $0 + "\n" }.joined())
            try h.write("new.txt", new.map { $0 + "\n" }.joined())
            // JSON too: the same lists as arrays of strings, one per line.
            try h.write("old.json", "[\n" + old.map { "  \"\($0)\"" }.joined(separator: ",\n") + "\n]\n")
            try h.write("new.json", "[\n" + new.map { "  \"\($0)\"" }.joined(separator: ",\n") + "\n]\n")
            // (An empty JSON array takes an inline layout when filled, so
            // JSON rounds have items on both sides.)
            for ext in old.isEmpty || new.isEmpty ? ["txt"] : ["txt", "json"] {
                for rule in [[], ["--sequential"]] {
                    let diff = try h.run(["diff"] + rule + ["old.\(ext)", "new.\(ext)"])
                    XCTAssertEqual(diff.status, old == new ? 0 : 1, diff.stderr)
                    try h.write("ops", [UInt8](diff.stdout))
                    let applied = try h.run(["batch", "-f", "ops", "old.\(ext)", "-o", "-"] + rule)
                    XCTAssertEqual(applied.status, 0, applied.stderr)
                    XCTAssertEqual(applied.out, try h.text("new.\(ext)"), "round \(round) \(ext) \(rule)\n\(diff.out)")
                }
            }
        }
    }

    func testTheFirstOfAThousandToTheEndIsOneMove() throws {
        let h = try Harness()
        try h.write("old.txt", (0..<1000).map { "\($0)\n" }.joined())
        try h.write("new.txt", (1..<1000).map { "\($0)\n" }.joined() + "0\n")
        let result = try h.run(["diff", "old.txt", "new.txt"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "move 0 999\n")
        XCTAssertEqual(try h.run(["diff", "--stat", "old.txt", "new.txt"]).out, "1 move, 0 inserts, 0 deletes, 0 replaces\n")
        XCTAssertEqual(try h.run(["diff", "old.txt", "old.txt"]).status, 0)
    }

    func testByKeyAChangedItemIsReplacedWhereItStays() throws {
        let h = try Harness()
        try h.write("a.json", #"[{"name": "a", "v": 1}, {"name": "b", "v": 1}]"#)
        try h.write("b.json", #"[{"name": "a", "v": 2}, {"name": "b", "v": 1}]"#)
        let result = try h.run(["diff", "--key", "/name", "a.json", "b.json"])
        XCTAssertEqual(result.out, "replace 0 {\"name\": \"a\", \"v\": 2}\n")
        XCTAssertEqual(try h.run(["diff", "a.json", "b.json"]).out, "delete 0\ninsert 0 {\"name\": \"a\", \"v\": 2}\n")
    }

    /// An item that `insert` cannot take on one line is refused in its
    /// format's words: a YAML mapping on its dash's line with a comment.
    func testAnItemWithoutAOneLineFormIsRefusedInItsFormatsWords() throws {
        let h = try Harness()
        try h.write("old.yaml", "- x\n")
        try h.write("new.yaml", "- x\n- a: [1] # c\n")
        let diff = try h.run(["diff", "old.yaml", "new.yaml"])
        XCTAssertEqual(diff.status, 2)
        XCTAssertEqual(diff.stderr, "reorder: new.yaml: item 1 has no form that YAML's 'insert' takes (one YAML value on one line) "
                       + "and writes back as it is, so diff, which prints each operation on one line, cannot give it; "
                       + "'reorder diff --stat' counts the changes, and 'reorder sort --like new.yaml OLD' puts the entries "
                       + "OLD shares with it in its order (add the new item by hand)\n")
    }

    func testAJSONPatchThatPythonsJsonpatchApplies() throws {
        let h = try Harness()
        try h.write("a.json", "{\"deps\": [1, {\"x\": [2,\n    3]}, \"s\", 4, 5]}")
        try h.write("b.json", #"{"deps": [5, "t", 1, {"x": [2, 3]}, 4]}"#)
        let patch = try h.run(["diff", "--json-patch", "-p", "/deps", "a.json", "b.json"])
        XCTAssertEqual(patch.status, 1, patch.stderr)
        try h.write("patch.json", [UInt8](patch.stdout))
        guard let python = try tool("python3", package: "python3") else { return }
        let check = try h.run(["-c", """
            import json, sys, jsonpatch
            a = json.load(open("a.json")); b = json.load(open("b.json"))
            patch = json.load(open("patch.json"))
            print(jsonpatch.apply_patch(a, patch) == b)
            """], executable: URL(fileURLWithPath: python))
        XCTAssertEqual(check.out, "True\n", check.stderr + " (jsonpatch is installed by 'make test')")
        let objects = try h.run(["diff", "--json-patch", "a.json", "b.json"])
        XCTAssertEqual(objects.status, 2)
        XCTAssertTrue(objects.stderr.contains("--json-patch needs a JSON array"), objects.stderr)
    }

    func testSortLikeAReferenceIsIdempotent() throws {
        let h = try Harness()
        try h.write("ref.txt", "core\nutils\nio\n")
        try h.write("list.txt", "zeta\nio\ncore\nalpha\nutils\n")
        XCTAssertEqual(try h.run(["sort", "--like", "ref.txt", "list.txt"]).status, 0)
        XCTAssertEqual(try h.text("list.txt"), "core\nutils\nio\nzeta\nalpha\n")
        XCTAssertEqual(try h.run(["sort", "--like", "ref.txt", "--check", "list.txt"]).status, 0)
        XCTAssertEqual(try h.run(["sort", "--like", "ref.txt", "--missing-first", "list.txt", "-o", "-"]).out,
                       "zeta\nalpha\ncore\nutils\nio\n")
        XCTAssertEqual(try h.run(["sort", "--missing-first", "list.txt"]).stderr, "reorder: '--missing-first' works only with '--like'\n")
    }

    /// An editor: a shell script that rewrites the file it is given.
    func editor(_ h: Harness, _ name: String, _ body: String) throws -> String {
        try h.write(name, "#!/bin/sh\n" + body + "\n", mode: 0o755)
        return h.url(name).path
    }

    func testEditReordersDeletesAndInsertsThroughTheEditor() throws {
        let h = try Harness()
        try h.write("list.txt", "alpha\r\nbeta\r\ngamma\r\ndelta")
        // Keep the item lines, reversed, drop "beta" (index 1), add a line.
        let script = try editor(h, "ed.sh", #"grep -v '^#' "$1" | grep -v '^$' | grep -v '^1 ' | sort -r > "$1.new" && echo '+ omega' >> "$1.new" && mv "$1.new" "$1""#)
        let result = try h.run(["edit", "list.txt"], environment: ["EDITOR": script, "VISUAL": ""])
        XCTAssertEqual(result.status, 0, result.stderr)
        // 3 delta, 2 gamma, 0 alpha, then omega; positions keep their CRLF.
        XCTAssertEqual(try h.read("list.txt"), b("delta\r\ngamma\r\nalpha\r\nomega"))
    }

    func testEditShowsIndicesAndTheRules() throws {
        let h = try Harness()
        try h.write("app.json", "{\"plugins\": [{\"name\": \"b\",\n  \"x\": 1}, \"a\"]}")
        let script = try editor(h, "show.sh", #"cp "$1" shown.txt"#)
        let result = try h.run(["edit", "-p", "/plugins", "app.json"], environment: ["VISUAL": script])
        XCTAssertEqual(result.status, 0, result.stderr)
        let shown = try h.text("shown.txt")
        XCTAssertTrue(shown.hasPrefix("0 {\"name\": \"b\", \"x\": 1}\n1 \"a\"\n\n# Reorder the items of app.json (/plugins)"), shown)
        XCTAssertEqual(try h.text("app.json"), "{\"plugins\": [{\"name\": \"b\",\n  \"x\": 1}, \"a\"]}")
    }

    func testAnEditorThatFailsOrLeavesNoItemCancels() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\n")
        // (An editor that fails after the view was changed keeps it:
        // EditViewTests.)
        let failing = try editor(h, "fail.sh", "exit 3")
        var result = try h.run(["edit", "list.txt"], environment: ["EDITOR": failing, "VISUAL": ""])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "reorder: the editor exited with status 3; nothing is written\n")
        let emptying = try editor(h, "empty.sh", "grep '^#' \"$1\" > \"$1.new\"; mv \"$1.new\" \"$1\"")
        result = try h.run(["edit", "list.txt"], environment: ["EDITOR": emptying, "VISUAL": ""])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("no item left; nothing is written"), result.stderr)
        let twice = try editor(h, "twice.sh", "printf '0 a\\n0 a\\n' > \"$1\"")
        let temporary = h.url("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        result = try h.run(["edit", "list.txt"], environment: ["EDITOR": twice, "VISUAL": "", "TMPDIR": temporary.path])
        XCTAssertEqual(result.status, 2)
        let kept = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        XCTAssertEqual(kept.count, 1)
        let view = temporary.appendingPathComponent(kept.first ?? "").path
        XCTAssertEqual(result.stderr, "reorder: \(view):2: item 0 is named a second time; nothing is written to list.txt; "
                       + "the edited view is kept in \(view): fix it, then apply it with 'reorder edit --from \(view) list.txt'\n")
        XCTAssertEqual(try h.text("list.txt"), "a\nb\n")
        try FileManager.default.removeItem(atPath: view)
    }
}
