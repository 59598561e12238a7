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
}
