import Foundation
import XCTest

/// `reorder edit`'s view read strictly, as `git rebase -i` reads its todo
/// list: a damaged line is an error that keeps the view, never a delete and
/// an insert; and an order is never written onto a file that changed while
/// the editor ran.
final class EditViewTests: XCTestCase {
    /// A run of `reorder edit` with `EDITOR` a shell script, `TMPDIR` a
    /// folder of the test's own (so that what reorder keeps there is seen,
    /// and removed).
    struct Edit {
        let h: Harness
        let temporary: URL

        init() throws {
            h = try Harness()
            temporary = h.url("tmp")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        }

        /// `reorder edit ARGUMENTS` with an editor whose body is `body`
        /// (`$1`: the view); the editor copies what it leaves to `edited`.
        func run(_ arguments: [String], editor body: String) throws -> Harness.Result {
            try h.write("editor.sh", "#!/bin/sh\n" + body + "\ncp \"$1\" edited\n", mode: 0o755)
            return try h.run(["edit"] + arguments, environment: ["EDITOR": h.url("editor.sh").path, "VISUAL": "",
                                                                  "TMPDIR": temporary.path])
        }

        /// The files reorder left in TMPDIR.
        func kept() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: temporary.path).sorted()
                .map { temporary.appendingPathComponent($0).path }
        }

        /// The one view kept: it holds the edited view, and the message
        /// names it and the command that applies it.
        func keptView(_ result: Harness.Result, file: String, line: Int, _ what: String,
                      sourceLine: UInt = #line) throws -> String {
            XCTAssertEqual(result.status, 2, result.stderr, line: sourceLine)
            let kept = try self.kept()
            XCTAssertEqual(kept.count, 1, "\(kept)", line: sourceLine)
            let view = kept.first ?? ""
            XCTAssertTrue(view.hasSuffix(".txt") && view.contains("/reorder-edit-"), view, line: sourceLine)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: view)), try Data(contentsOf: h.url("edited")),
                           line: sourceLine)
            XCTAssertTrue(result.stderr.hasPrefix("reorder: \(view):\(line): \(what)"), result.stderr, line: sourceLine)
            XCTAssertTrue(result.stderr.hasSuffix("; nothing is written to \(file); the edited view is kept in \(view): "
                                                  + "fix it, then apply it with 'reorder edit --from \(view) \(file)"
                                                  + (file.hasSuffix(".yml") ? " --pointer /steps" : "") + "'\n"),
                          result.stderr, line: sourceLine)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line", line: sourceLine)
            return view
        }

        /// Fixes the kept `view` with `sed`, applies it with --from, and
        /// removes it.
        func fixAndApply(_ view: String, sed: String, extra: [String] = [], file: String,
                         sourceLine: UInt = #line) throws {
            try h.write("fix.sh", "sed -i '\(sed)' \"$1\"\n")
            _ = try h.run(["fix.sh", view], executable: URL(fileURLWithPath: "/bin/sh"))
            let applied = try h.run(["edit", "--from", view, file] + extra)
            XCTAssertEqual(applied.status, 0, applied.stderr, line: sourceLine)
            try FileManager.default.removeItem(atPath: view)
            XCTAssertEqual(try kept(), [], line: sourceLine)
        }
    }

    let ten = (0..<10).map { "item\($0)\n" }.joined()

    func testADamagedIndexIsAnErrorNotADeleteAndAnInsert() throws {
        let e = try Edit()
        try e.h.write("ten.txt", ten)
        // Item 1 to the end, with its index damaged on the way.
        let result = try e.run(["ten.txt"], editor: #"sed -i -e '2{h;d}' -e '10{p;x;s/^1 /1x /}' "$1""#)
        let view = try e.keptView(result, file: "ten.txt", line: 10,
                                  "'1x item1' is neither 'INDEX TEXT' (an item) nor '+ VALUE' (a new item)")
        XCTAssertEqual(try e.h.text("ten.txt"), ten)
        try e.fixAndApply(view, sed: "s/^1x /1 /", file: "ten.txt")
        XCTAssertEqual(try e.h.text("ten.txt"), (0..<10).filter { $0 != 1 }.map { "item\($0)\n" }.joined() + "item1\n")
    }

    func testALineWhoseIndexIsLostIsAnErrorNotADeleteAndAnInsert() throws {
        let e = try Edit()
        try e.h.write("ten.txt", ten)
        let result = try e.run(["ten.txt"], editor: #"sed -i 's/^3 //' "$1""#)
        let view = try e.keptView(result, file: "ten.txt", line: 4, "'item3' is neither")
        XCTAssertEqual(try e.h.text("ten.txt"), ten)
        try e.fixAndApply(view, sed: "s/^item3/3 item3/", file: "ten.txt")
        XCTAssertEqual(try e.h.text("ten.txt"), ten)
    }

    func testALineWithoutAnIndexIsAnErrorAndPlusInsertsANewItem() throws {
        let e = try Edit()
        try e.h.write("ten.txt", ten)
        let result = try e.run(["ten.txt"], editor: #"sed -i '1i new item' "$1""#)
        let view = try e.keptView(result, file: "ten.txt", line: 1, "'new item' is neither")
        XCTAssertEqual(try e.h.text("ten.txt"), ten)
        try e.fixAndApply(view, sed: "s/^new item/+ new item/", file: "ten.txt")
        XCTAssertEqual(try e.h.text("ten.txt"), "new item\n" + ten)
    }

    func testChangedTextOnAnIndexIsAnErrorNotIgnored() throws {
        let e = try Edit()
        try e.h.write("ten.txt", ten)
        let result = try e.run(["ten.txt", "-v"], editor: #"sed -i 's/^2 item2/2 item2 renamed/' "$1""#)
        let view = try e.keptView(result, file: "ten.txt", line: 3, "the text of item 2 is not what the view showed ('item2')")
        XCTAssertEqual(try e.h.text("ten.txt"), ten)
        // Trailing blanks are forgiven.
        try e.fixAndApply(view, sed: "s/^2 item2 renamed/2 item2  /;1{h;d};2G", file: "ten.txt")
        XCTAssertEqual(try e.h.text("ten.txt"), "item1\nitem0\n" + (2..<10).map { "item\($0)\n" }.joined())
    }

    func testAShortenedTextIsNeverWrittenAsAValue() throws {
        let e = try Edit()
        let long = String(repeating: "x", count: 150)
        let list = "a\n\(long)\nb\n"
        try e.h.write("list.txt", list)
        // The shortened line copied as a new item.
        var result = try e.run(["list.txt"], editor: #"sed -i '2{p;s/^1 /+ /}' "$1""#)
        var view = try e.keptView(result, file: "list.txt", line: 3,
                                  "'+' gives item 1's text as the view shortened it, not a value")
        XCTAssertEqual(try e.h.text("list.txt"), list)
        try e.fixAndApply(view, sed: "3d", file: "list.txt")
        XCTAssertEqual(try e.h.text("list.txt"), list)
        // The shortened line without its index.
        result = try e.run(["list.txt"], editor: #"sed -i '2s/^1 //' "$1""#)
        view = try e.keptView(result, file: "list.txt", line: 2, "'\(String(repeating: "x", count: 59))…' is neither")
        XCTAssertEqual(try e.h.text("list.txt"), list)
        try e.fixAndApply(view, sed: "2s/^/1 /;1{h;d};3G", file: "list.txt")
        XCTAssertEqual(try e.h.text("list.txt"), "\(long)\nb\na\n")
    }

    func testAYAMLStepThatStartsWithItsCommentIsNotReadAsACommentedOutLine() throws {
        let e = try Edit()
        let yaml = "steps:\n  - run: a\n  # check first\n  - name: b\n    run: b\n  - run: c\n"
        try e.h.write("ci.yml", yaml)
        // Shown after a backslash: the line without its index is no comment.
        let result = try e.run(["ci.yml", "-p", "/steps"], editor: #"cp "$1" shown; sed -i 's/^1 //' "$1""#)
        let shown = try e.h.text("shown")
        XCTAssertTrue(shown.hasPrefix("0 run: a\n1 \\# check first - name: b run: b\n2 run: c\n"), shown)
        let view = try e.keptView(result, file: "ci.yml", line: 2, "'\\# check first - name: b run: b' is neither")
        XCTAssertEqual(try e.h.text("ci.yml"), yaml)
        try e.fixAndApply(view, sed: "2s/^/1 /;1{h;d};3G", extra: ["-p", "/steps"], file: "ci.yml")
        XCTAssertEqual(try e.h.text("ci.yml"), "steps:\n  # check first\n  - name: b\n    run: b\n  - run: c\n  - run: a\n")
    }

    func testAFileChangedWhileTheEditorRanIsNotWrittenAndTheOrderIsKeptAsABatch() throws {
        let e = try Edit()
        try e.h.write("ten.txt", ten)
        // item2 below item4, and meanwhile another program drops line 1.
        let result = try e.run(["ten.txt"], editor: #"sed -i -e '3{h;d}' -e '5G' "$1"; sed -i 1d ten.txt"#)
        XCTAssertEqual(result.status, 2, result.stderr)
        let changed = (1..<10).map { "item\($0)\n" }.joined()
        XCTAssertEqual(try e.h.text("ten.txt"), changed)
        let kept = try e.kept()
        XCTAssertEqual(kept.count, 1, "only the batch: the view is not kept")
        let script = kept.first ?? ""
        XCTAssertTrue(script.hasSuffix(".batch") && script.contains("/reorder-edit-"), script)
        XCTAssertEqual(result.stderr, "reorder: ten.txt changed while the editor was open; nothing is written; your order is "
                       + "kept in \(script) (apply it with 'reorder batch -f \(script) ten.txt')\n")
        // On the file as it was, the script gives the order made.
        try e.h.write("ten.txt", ten)
        let applied = try e.h.run(["batch", "-f", script, "ten.txt"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try e.h.text("ten.txt"), "item0\nitem1\nitem3\nitem4\nitem2\n" + (5..<10).map { "item\($0)\n" }.joined())
        try FileManager.default.removeItem(atPath: script)
    }

    func testAViewAppliedWithFromOnlyToTheListItWasMadeFrom() throws {
        let e = try Edit()
        try e.h.write("ten.txt", ten)
        let result = try e.run(["ten.txt"], editor: #"sed -i 's/^0 /0x /' "$1""#)
        let view = try e.keptView(result, file: "ten.txt", line: 1, "'0x item0' is neither")
        try e.h.write("ten.txt", ten + "item10\n")
        try e.h.write("fix.sh", "sed -i 's/^0x /0 /' \"$1\"\n")
        _ = try e.h.run(["fix.sh", view], executable: URL(fileURLWithPath: "/bin/sh"))
        let applied = try e.h.run(["edit", "--from", view, "ten.txt"])
        XCTAssertEqual(applied.status, 2)
        XCTAssertTrue(applied.stderr.contains("the view was made from another ten.txt"), applied.stderr)
        XCTAssertEqual(try e.h.text("ten.txt"), ten + "item10\n")
        try FileManager.default.removeItem(atPath: view)
    }

    func testANewItemTheListRefusesNamesTheFileAndKeepsTheView() throws {
        let e = try Edit()
        try e.h.write("list.json", "[1, 2]\n")
        let result = try e.run(["list.json"], editor: #"echo '+ {bad' >> "$1""#)
        XCTAssertEqual(result.status, 2)
        let view = try e.kept().first ?? ""
        XCTAssertTrue(result.stderr.hasPrefix("reorder: list.json: in 'insert 2 {bad'"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("nothing is written; the edited view is kept in \(view): fix it, then apply it "
                                              + "with 'reorder edit --from \(view) list.json'\n"), result.stderr)
        XCTAssertEqual(try e.h.text("list.json"), "[1, 2]\n")
        try e.fixAndApply(view, sed: "s/^+ {bad/+ {}/", file: "list.json")
        XCTAssertEqual(try e.h.text("list.json"), "[1, 2, {}]\n")
    }

    func testAnErrorOfTheWholeResultNamesTheFileOnce() throws {
        // Found when the result is checked, not by a batch's operation:
        // the message names the file once, as other edit errors do.
        let e = try Edit()
        try e.h.write("object.json", "{\"a\": 1, \"b\": 2}\n")
        let json = try e.run(["object.json"], editor: #"echo '+ "a": 3' >> "$1""#)
        XCTAssertEqual(json.status, 2, json.stderr)
        XCTAssertTrue(json.stderr.hasPrefix("reorder: object.json: the object has the key 'a' already;"), json.stderr)
        try e.h.write("anchors.yaml", "k: &x 1\nm: *x\n")
        let yaml = try e.run(["anchors.yaml"], editor: #"{ echo '1 m: *x'; echo '0 k: &x 1'; } > "$1""#)
        XCTAssertEqual(yaml.status, 2, yaml.stderr)
        XCTAssertTrue(yaml.stderr.hasPrefix("reorder: anchors.yaml: the edit would put the alias '*x' before its anchor '&x'"),
                      yaml.stderr)
        XCTAssertEqual(try e.h.text("object.json"), "{\"a\": 1, \"b\": 2}\n")
        XCTAssertEqual(try e.h.text("anchors.yaml"), "k: &x 1\nm: *x\n")
    }

    // MARK: - The order kept, and what is not lost

    /// item2 dragged below item4 in the view, while `change` (a shell
    /// command run in the test's folder) changes ten.txt: the kept script,
    /// its path and the message.
    func keptAfter(_ change: String, _ e: Edit, sourceLine: UInt = #line) throws -> (script: String, text: String, stderr: String) {
        try e.h.write("ten.txt", ten)
        let result = try e.run(["ten.txt"], editor: #"sed -i -e '3{h;d}' -e '5G' "$1"; "# + change)
        XCTAssertEqual(result.status, 2, result.stderr, line: sourceLine)
        let kept = try e.kept()
        XCTAssertEqual(kept.count, 1, "\(kept)", line: sourceLine)
        let script = kept.first ?? ""
        XCTAssertTrue(script.hasSuffix(".batch") && script.contains("/reorder-edit-"), script, line: sourceLine)
        return (script, String(decoding: try Data(contentsOf: URL(fileURLWithPath: script)), as: UTF8.self), result.stderr)
    }

    func testTheOrderKeptAfterAChangeNamesItsItemsByValueAndTheContentItWasMadeFor() throws {
        let e = try Edit()
        // A line deleted meanwhile: applied as the message says, the
        // script moves item2, not whatever is at its old position now.
        var kept = try keptAfter("sed -i 1d ten.txt", e)
        let lines = kept.text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("# reorder: content ") ?? false, kept.text)
        XCTAssertEqual(lines.first?.count, "# reorder: content ".count + 16, kept.text)
        XCTAssertEqual(lines.filter { !$0.hasPrefix("#") }, ["move =item2 4"], kept.text)
        let applied = try e.h.run(["batch", "-f", kept.script, "ten.txt"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try e.h.text("ten.txt"), "item1\nitem3\nitem4\nitem5\nitem2\n" + (6..<10).map { "item\($0)\n" }.joined())
        // On the content it was made for, it gives the order made.
        try e.h.write("ten.txt", ten)
        XCTAssertEqual(try e.h.run(["batch", "-f", kept.script, "ten.txt"]).status, 0)
        XCTAssertEqual(try e.h.text("ten.txt"), "item0\nitem1\nitem3\nitem4\nitem2\n" + (5..<10).map { "item\($0)\n" }.joined())
        try FileManager.default.removeItem(atPath: kept.script)

        // A line inserted meanwhile: the same.
        kept = try keptAfter("sed -i '1i new' ten.txt", e)
        XCTAssertEqual(try e.h.run(["batch", "-f", kept.script, "ten.txt"]).status, 0)
        XCTAssertEqual(try e.h.text("ten.txt"), "new\nitem0\nitem1\nitem3\nitem2\n" + (4..<10).map { "item\($0)\n" }.joined())
        try FileManager.default.removeItem(atPath: kept.script)
    }

    func testAKeptScriptThatNamesAnItemByPositionIsRefusedOnOtherContent() throws {
        let e = try Edit()
        let kept = try keptAfter("sed -i 1d ten.txt", e)
        // The same claim, with the move by position, as an older script
        // or a hand-made one would have it.
        let claim = kept.text.split(separator: "\n").first.map(String.init) ?? ""
        try e.h.write("positions.batch", claim + "\nmove 2 4\n")
        let changed = (1..<10).map { "item\($0)\n" }.joined()
        let refused = try e.h.run(["batch", "-f", "positions.batch", "ten.txt"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "reorder: ten.txt: the script positions.batch was made for another content of the file "
                       + "(its line 1), and an operation names an item by position, which would now be another item; nothing is "
                       + "written (name every item by value, '=VALUE', or make the order again)\n")
        XCTAssertEqual(try e.h.text("ten.txt"), changed, "nothing written")
        // The content it claims, written again byte for byte: applied.
        try e.h.write("ten.txt", ten)
        let applied = try e.h.run(["batch", "-f", "positions.batch", "ten.txt"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try e.h.text("ten.txt"), "item0\nitem1\nitem3\nitem4\nitem2\n" + (5..<10).map { "item\($0)\n" }.joined())
        // A damaged claim is an error, never a comment that lifts the check.
        try e.h.write("damaged.batch", "# reorder: content 12ab\nmove 2 4\n")
        let damaged = try e.h.run(["batch", "-f", "damaged.batch", "ten.txt"])
        XCTAssertEqual(damaged.status, 2)
        XCTAssertEqual(damaged.stderr, "reorder: damaged.batch:1: '# reorder: content 12ab' must give the content's hash as "
                       + "16 hexadecimal digits; nothing is written\n")
        try FileManager.default.removeItem(atPath: kept.script)
    }

    func testTheSameBytesWrittenAgainOrATouchIsNoChange() throws {
        let e = try Edit()
        let moved = "item0\nitem1\nitem3\nitem4\nitem2\n" + (5..<10).map { "item\($0)\n" }.joined()
        for change in ["touch -d '2001-01-01' ten.txt", "cp ten.txt copy; mv copy ten.txt", "cat ten.txt > copy; cat copy > ten.txt"] {
            try e.h.write("ten.txt", ten)
            let result = try e.run(["ten.txt"], editor: #"sed -i -e '3{h;d}' -e '5G' "$1"; "# + change)
            XCTAssertEqual(result.status, 0, "\(change): \(result.stderr)")
            XCTAssertEqual(try e.h.text("ten.txt"), moved, change)
            XCTAssertEqual(try e.kept(), [], change)
        }
    }

    func testAFileRemovedWhileTheEditorRanKeepsTheOrder() throws {
        let e = try Edit()
        let kept = try keptAfter("rm ten.txt", e)
        XCTAssertEqual(kept.stderr, "reorder: ten.txt was removed while the editor was open; nothing is written; your order "
                       + "is kept in \(kept.script) (apply it with 'reorder batch -f \(kept.script) ten.txt')\n")
        try e.h.write("ten.txt", ten)
        XCTAssertEqual(try e.h.run(["batch", "-f", kept.script, "ten.txt"]).status, 0)
        XCTAssertEqual(try e.h.text("ten.txt"), "item0\nitem1\nitem3\nitem4\nitem2\n" + (5..<10).map { "item\($0)\n" }.joined())
        try FileManager.default.removeItem(atPath: kept.script)
    }

    func testAFileThatCannotBeWrittenIsSaidAtTheStartAndTheViewIsKept() throws {
        let e = try Edit()
        try e.h.write("ten.txt", ten, mode: 0o444)
        let result = try e.run(["ten.txt"], editor: #"sed -i -e '/^2 /{h;d}' -e '/^4 /G' "$1""#)
        XCTAssertEqual(result.status, 2, result.stderr)
        let view = try e.kept().first ?? ""
        XCTAssertTrue(view.hasSuffix(".txt") && view.contains("/reorder-edit-"), view)
        let edited = try e.h.text("edited")
        XCTAssertTrue(edited.hasPrefix("# ten.txt cannot be written (no write permission): your edit will be kept"), edited)
        XCTAssertEqual(String(decoding: try Data(contentsOf: URL(fileURLWithPath: view)), as: UTF8.self), edited)
        XCTAssertEqual(result.stderr, "reorder: ten.txt cannot be written (no write permission); your edit will be kept in a file "
                       + "to apply once it can\n"
                       + "reorder: ten.txt: cannot write: permission denied (the file is read-only; change its mode to edit it); "
                       + "nothing is written; the edited view is kept in \(view) (apply it with 'reorder edit --from \(view) ten.txt')\n")
        XCTAssertEqual(try e.h.text("ten.txt"), ten)
        // Once it can be written, the kept view applies.
        chmod(e.h.url("ten.txt").path, 0o644)
        let applied = try e.h.run(["edit", "--from", view, "ten.txt"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try e.h.text("ten.txt"), "item0\nitem1\nitem3\nitem4\nitem2\n" + (5..<10).map { "item\($0)\n" }.joined())
        try FileManager.default.removeItem(atPath: view)
    }

    func testAnEditorThatFailsAfterAnEditKeepsTheViewAndSaysWhere() throws {
        let e = try Edit()
        try e.h.write("ten.txt", ten)
        let result = try e.run(["ten.txt"], editor: #"sed -i -e '3{h;d}' -e '5G' "$1"; cp "$1" edited; exit 3"#)
        XCTAssertEqual(result.status, 1, result.stderr)
        let view = try e.kept().first ?? ""
        XCTAssertTrue(view.hasSuffix(".txt") && view.contains("/reorder-edit-"), view)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: view)), try Data(contentsOf: e.h.url("edited")))
        XCTAssertEqual(result.stderr, "reorder: the editor exited with status 3; nothing is written; the edited view is kept "
                       + "in \(view) (apply it with 'reorder edit --from \(view) ten.txt')\n")
        XCTAssertEqual(try e.h.text("ten.txt"), ten)
        try FileManager.default.removeItem(atPath: view)
        // Without an edit, it cancels as before, and nothing is kept.
        let cancelled = try e.run(["ten.txt"], editor: "exit 1")
        XCTAssertEqual(cancelled.status, 1)
        XCTAssertEqual(cancelled.stderr, "reorder: the editor exited with status 1; nothing is written\n")
        XCTAssertEqual(try e.kept(), [])
    }

    func testAnEditorThatReturnsAtOnceSaysNoChange() throws {
        let e = try Edit()
        try e.h.write("ten.txt", ten)
        let result = try e.run(["ten.txt"], editor: "true")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "reorder: ten.txt: no change (the view came back as it was shown; an editor that "
                       + "returns at once needs its wait option, such as 'code --wait')\n")
        XCTAssertEqual(try e.h.text("ten.txt"), ten)
        XCTAssertEqual(try e.kept(), [])
    }

    // MARK: - Several lists

    static let package = """
        {
          "name": "app",
          "dependencies": {
            "left-pad": "^1.3.0",
            "react": "^18.2.0"
          },
          "devDependencies": {
            "jest": "^29.0.0",
            "typescript": "^5.4.0"
          }
        }

        """

    func testSeveralListsShowAHeaderEachAndALineMovedUnderAnotherHeaderMovesItsItem() throws {
        let e = try Edit()
        try e.h.write("package.json", Self.package)
        // typescript under /dependencies, after react; a new item under
        // /devDependencies.
        let result = try e.run(["-p", "/dependencies", "-p", "/devDependencies", "package.json"],
                               editor: #"sed -i -e '/^1:1 /d' -e 's/^0:1 .*/&\n1:1 "typescript": "^5.4.0"/' -e 's/^1:0 .*/&\n+ "zod": "^3.0.0"/' "$1""#)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let edited = try e.h.text("edited")
        XCTAssertTrue(edited.hasPrefix("""
            ## /dependencies
            0:0 "left-pad": "^1.3.0"
            0:1 "react": "^18.2.0"
            1:1 "typescript": "^5.4.0"

            ## /devDependencies
            1:0 "jest": "^29.0.0"
            + "zod": "^3.0.0"

            # Reorder the items of 2 lists of package.json
            """), edited)
        XCTAssertEqual(try e.h.text("package.json"), """
            {
              "name": "app",
              "dependencies": {
                "left-pad": "^1.3.0",
                "react": "^18.2.0",
                "typescript": "^5.4.0"
              },
              "devDependencies": {
                "jest": "^29.0.0",
                "zod": "^3.0.0"
              }
            }

            """)
        XCTAssertEqual(try e.kept(), [])
    }

    func testAKanbanOfMarkdownHeadingsEditedAsSections() throws {
        let e = try Edit()
        let todo = "# Todo\n\n- write the docs\n- fix the parser\n\n# Doing\n\n- review #12\n\n# Done\n\n- release 1.3\n"
        try e.h.write("TODO.md", todo)
        // "fix the parser" from Todo to the top of Done.
        let result = try e.run(["-p", "/*", "TODO.md"],
                               editor: #"sed -i -e '/^0:1 /d' -e 's/^## \/Done$/&\n0:1 fix the parser/' "$1""#)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try e.h.text("TODO.md"),
                       "# Todo\n\n- write the docs\n\n# Doing\n\n- review #12\n\n# Done\n\n- fix the parser\n- release 1.3\n")
    }

    func testAViewWhoseHeadersWereRemovedRenamedOrReorderedIsRefused() throws {
        let arguments = ["-p", "/dependencies", "-p", "/devDependencies", "package.json"]
        let lists = "the view must keep its header lines as they were, one each, in this order: "
            + "'## /dependencies', '## /devDependencies'"
        for (sed, line, what) in [
            ("/^## \\/devDependencies/d", 24, "the header '## /devDependencies' is missing; " + lists),
            ("s/^## \\/devDependencies/## \\/devDeps/", 5, "the header '## /devDeps' is not the next list's, '## /devDependencies'; " + lists),
            ("1d", 1, "an item before the first header line ('## /dependencies')"),
            // The two lists' headers swapped.
            ("1s/dependencies/devDependencies/;5s/devDependencies/dependencies/", 1,
             "the header '## /devDependencies' is not the next list's, '## /dependencies'"),
        ] {
            let e = try Edit()
            try e.h.write("package.json", Self.package)
            let result = try e.run(arguments, editor: "sed -i '\(sed)' \"$1\"")
            XCTAssertEqual(result.status, 2, result.stderr)
            let kept = try e.kept()
            XCTAssertEqual(kept.count, 1)
            XCTAssertTrue(result.stderr.hasPrefix("reorder: \(kept.first ?? ""):\(line): \(what)"), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("; nothing is written to package.json; the edited view is kept in \(kept.first ?? ""): "
                + "fix it, then apply it with 'reorder edit --from \(kept.first ?? "") package.json --pointer /dependencies --pointer /devDependencies'\n"),
                result.stderr)
            XCTAssertEqual(try e.h.text("package.json"), Self.package)
        }
    }

    func testAViewOfSeveralListsFixedAndAppliedWithFrom() throws {
        let e = try Edit()
        try e.h.write("package.json", Self.package)
        let arguments = ["-p", "/dependencies", "-p", "/devDependencies"]
        // jest up into /dependencies, with its path damaged.
        let result = try e.run(arguments + ["package.json"], editor: #"sed -i -e '/^1:0 /d' -e 's/^0:0 .*/1x0 "jest": "^29.0.0"\n&/' "$1""#)
        XCTAssertEqual(result.status, 2)
        let view = try e.kept().first ?? ""
        XCTAssertTrue(result.stderr.hasPrefix("reorder: \(view):2: '1x0 \"jest\": \"^29.0.0\"' is neither 'S:I TEXT' (an item) "
            + "nor '+ VALUE' (a new item); nothing is written to package.json"), result.stderr)
        XCTAssertEqual(try e.h.text("package.json"), Self.package)
        try e.fixAndApply(view, sed: "s/^1x0 /1:0 /", extra: arguments, file: "package.json")
        XCTAssertEqual(try e.h.text("package.json"), """
            {
              "name": "app",
              "dependencies": {
                "jest": "^29.0.0",
                "left-pad": "^1.3.0",
                "react": "^18.2.0"
              },
              "devDependencies": {
                "typescript": "^5.4.0"
              }
            }

            """)
    }
}
