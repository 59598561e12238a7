import Foundation
import XCTest

/// CSV and TSV files through the built program: every command on a file
/// whose rows hold quoted delimiters and line breaks, CRLF and no final
/// newline; the errors with their line:column; and Python's `csv` module
/// as the oracle of random documents and edits (`Tests/csv/oracle.py`).
final class CSVFileTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A header, CRLF terminators, a quoted delimiter, a quoted line break,
    /// no final newline.
    static let people = "name,age\r\nbob,30\r\n\"smith, al\",25\r\ncarol,\"4\n0\"\r\nBob,7"

    func run(_ h: Harness, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try h.write("p.csv", CSVFileTests.people)
        let result = try h.run(arguments + ["p.csv", "-o", "-"])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(try h.text("p.csv"), CSVFileTests.people, file: file, line: line)
        return result.out
    }

    func testEveryCommandKeepsRowsBytesAndPositionsTerminators() throws {
        let h = try Harness()
        XCTAssertEqual(try run(h, ["move", "0", "-1"]),
                       "name,age\r\n\"smith, al\",25\r\ncarol,\"4\n0\"\r\nBob,7\r\nbob,30")
        XCTAssertEqual(try run(h, ["swap", "0", "2"]),
                       "name,age\r\ncarol,\"4\n0\"\r\n\"smith, al\",25\r\nbob,30\r\nBob,7")
        XCTAssertEqual(try run(h, ["delete", "=carol", "--key", "name"]),
                       "name,age\r\nbob,30\r\n\"smith, al\",25\r\nBob,7")
        XCTAssertEqual(try run(h, ["insert", "1", "\"dan, d\",9"]),
                       "name,age\r\nbob,30\r\n\"dan, d\",9\r\n\"smith, al\",25\r\ncarol,\"4\n0\"\r\nBob,7")
        XCTAssertEqual(try run(h, ["batch", "-e", "move 0 1", "-e", "delete 3"]),
                       "name,age\r\n\"smith, al\",25\r\nbob,30\r\ncarol,\"4\n0\"")
        XCTAssertEqual(try run(h, ["reverse"]),
                       "name,age\r\nBob,7\r\ncarol,\"4\n0\"\r\n\"smith, al\",25\r\nbob,30")
        // A row's bytes, as `LC_ALL=C sort` sees a line.
        XCTAssertEqual(try run(h, ["sort"]),
                       "name,age\r\n\"smith, al\",25\r\nBob,7\r\nbob,30\r\ncarol,\"4\n0\"")
        // A column's decoded text: "4\n0" reads 4 with -n.
        XCTAssertEqual(try run(h, ["sort", "--key", "age", "-n"]),
                       "name,age\r\ncarol,\"4\n0\"\r\nBob,7\r\n\"smith, al\",25\r\nbob,30")
        XCTAssertEqual(try run(h, ["sort", "--key", "#1", "-r"]),
                       "name,age\r\nBob,7\r\ncarol,\"4\n0\"\r\nbob,30\r\n\"smith, al\",25")
        XCTAssertEqual(try run(h, ["sort", "-i", "-u", "--key", "/name"]),
                       "name,age\r\nbob,30\r\ncarol,\"4\n0\"\r\n\"smith, al\",25")
        // `=TEXT` compares the decoded field: the quotes are not part of it.
        XCTAssertEqual(try run(h, ["move", "=smith, al", "0", "--key", "name"]),
                       "name,age\r\n\"smith, al\",25\r\nbob,30\r\ncarol,\"4\n0\"\r\nBob,7")
        XCTAssertEqual(try run(h, ["move", "~^B", "1", "--key", "#1", "--one-based"]),
                       "name,age\r\nBob,7\r\nbob,30\r\n\"smith, al\",25\r\ncarol,\"4\n0\"")
        XCTAssertEqual(try run(h, ["move", "~^4", "1", "--key", "#2", "--one-based"]),
                       "name,age\r\ncarol,\"4\n0\"\r\nbob,30\r\n\"smith, al\",25\r\nBob,7")
        // sort counts '#N' as the other commands do: from 1 with --one-based.
        XCTAssertEqual(try run(h, ["sort", "--key", "#2", "-r", "--one-based"]),
                       "name,age\r\nBob,7\r\ncarol,\"4\n0\"\r\nbob,30\r\n\"smith, al\",25")
    }

    /// diff reads '#N' from 1 with --one-based, and prints its script with
    /// indices from 1, which 'batch --one-based' applies.
    func testDiffWithOneBasedCountsColumnsAndIndicesFromOne() throws {
        let h = try Harness()
        try h.write("p.csv", "name,age\nbob,30\nal,25\n")
        try h.write("q.csv", "name,age\nal,25\nbob,30\n")
        let diff = try h.run(["diff", "--one-based", "--key", "#1", "p.csv", "q.csv"])
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertEqual(diff.out, "move 2 1\n")
        let applied = try h.run(["batch", "--one-based", "-f", "-", "p.csv"], stdin: diff.stdout)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try h.text("p.csv"), "name,age\nal,25\nbob,30\n")
    }

    func testDiffPrintsTheMovesAndBatchAppliesThem() throws {
        let h = try Harness()
        try h.write("p.csv", CSVFileTests.people)
        try h.write("q.csv", "name,age\nBob,7\nbob,30\ncarol,\"4\n0\"\n\"smith, al\",25\n")
        let diff = try h.run(["diff", "p.csv", "q.csv"])
        XCTAssertEqual(diff.status, 1, diff.stderr)
        let applied = try h.run(["batch", "-f", "-", "p.csv"], stdin: diff.stdout)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try h.text("p.csv"), "name,age\r\nBob,7\r\nbob,30\r\ncarol,\"4\n0\"\r\n\"smith, al\",25")
        let byKey = try h.run(["diff", "--key", "name", "p.csv", "q.csv"])
        XCTAssertEqual(byKey.status, 0, byKey.stderr + byKey.out)
    }

    func testEditShowsEachRowOnOneLine() throws {
        let h = try Harness()
        try h.write("p.csv", CSVFileTests.people)
        try h.write("editor.sh", "#!/bin/sh\ncp \"$1\" view.txt\ngrep -v '^#' \"$1\" | tac > \"$1.new\" && mv \"$1.new\" \"$1\"\n", mode: 0o755)
        let result = try h.run(["edit", "p.csv"], environment: ["EDITOR": h.url("editor.sh").path, "VISUAL": ""])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("p.csv"), "name,age\r\nBob,7\r\ncarol,\"4\n0\"\r\n\"smith, al\",25\r\nbob,30")
        let view = try h.text("view.txt").split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        // The quoted line break is shown as a space.
        XCTAssertEqual(view, ["0 bob,30", "1 \"smith, al\",25", "2 carol,\"4 0\"", "3 Bob,7"])
    }

    func testPolicyRuleWithoutListSortsByAColumnName() throws {
        let h = try Harness()
        try FileManager.default.createDirectory(at: h.url("data"), withIntermediateDirectories: true)
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"data/*.csv\", \"data/*.tsv\"]\nkey = \"name\"\n")
        try h.write("data/u.csv", "id,name\n1,zed\n2,\"al\nice\"\n3,bob\n")
        try h.write("data/v.tsv", "name\tid\nb\t1\na\t2\n")
        let check = try h.run(["check", "data/u.csv", "data/v.tsv"])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.out, "data/u.csv:2: the rows (rule 1): 'zed' belongs after 'bob' — 1 move\n"
                       + "data/v.tsv:2: the rows (rule 1): 'a' belongs first — 1 move\n")
        let fixCheck = try h.run(["fix", "--check", "data/u.csv", "data/v.tsv"])
        XCTAssertEqual(fixCheck.status, 1, fixCheck.stderr)
        XCTAssertEqual(try h.text("data/u.csv"), "id,name\n1,zed\n2,\"al\nice\"\n3,bob\n", "--check writes nothing")
        XCTAssertEqual(try h.run(["fix", "data/u.csv", "data/v.tsv"]).status, 0)
        XCTAssertEqual(try h.text("data/u.csv"), "id,name\n2,\"al\nice\"\n3,bob\n1,zed\n")
        XCTAssertEqual(try h.text("data/v.tsv"), "name\tid\na\t2\nb\t1\n")
        XCTAssertEqual(try h.run(["check", "data/u.csv", "data/v.tsv"]).status, 0)
        XCTAssertEqual(try h.run(["fix", "--check", "data/u.csv", "data/v.tsv"]).status, 0)
        // A JSON file's rule still needs its list and a pointer for a key.
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"data/*.json\"]\nkey = \"name\"\n")
        let json = try h.run(["check"])
        XCTAssertEqual(json.status, 2)
        XCTAssertEqual(json.stderr, "reorder: .reorder.toml:3:7: 'name' is not a pointer: a pointer starts with '/' (\"\" is the root)\n")
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"data/*.csv\"]\nkey = \"nmae\"\n")
        let misspelt = try h.run(["check", "data/u.csv"])
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertEqual(misspelt.stderr, "reorder: data/u.csv: rule 1 (.reorder.toml:1:1): key = \"nmae\" names no column; "
                       + "the columns are: 'id', 'name'; did you mean key = \"name\"?\n")
    }

    /// A rule's `key` is the policy's, not a `--key` the user did not
    /// type: its errors name the rule and its place, and over the whole
    /// repository the rule whose file failed is not also said to match
    /// no file.
    func testAPolicyKeyThatNamesNoColumnNamesTheRule() throws {
        let h = try Harness()
        try FileManager.default.createDirectory(at: h.url("data"), withIntermediateDirectories: true)
        try h.write(".reorder.toml", "# the people\n\n[[rule]]\nfiles = [\"data/*.csv\"]\nkey = \"nme\"\n")
        try h.write("data/u.csv", "id,name\n1,zed\n3,bob\n")
        let check = try h.run(["check"])
        XCTAssertEqual(check.status, 2)
        XCTAssertEqual(check.stderr, "reorder: data/u.csv: rule 1 (.reorder.toml:3:1): key = \"nme\" names no column; "
                       + "the columns are: 'id', 'name'; did you mean key = \"name\"?\n")
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"data/*.csv\"]\nkey = \"name\"\n")
        try h.write("data/u.csv", "name,name\nzed,1\nbob,3\n")
        let twice = try h.run(["fix"])
        XCTAssertEqual(twice.status, 2)
        XCTAssertEqual(twice.stderr, "reorder: data/u.csv: rule 1 (.reorder.toml:1:1): key = \"name\" names 2 columns of the header; "
                       + "choose one by number: key = \"#0\" or key = \"#1\"\n")
        XCTAssertEqual(try h.text("data/u.csv"), "name,name\nzed,1\nbob,3\n")
        // A column the rule's like file lacks is said to be that file's.
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"data/*.csv\"]\nkey = \"name\"\norder = \"like\"\nlike = \"ref.csv\"\n")
        try h.write("ref.csv", "nme,note\nbob,b\nzed,z\n")
        let like = try h.run(["check", "data/u.csv"])
        XCTAssertEqual(like.status, 2)
        XCTAssertEqual(like.stderr, "reorder: data/u.csv: rule 1 (.reorder.toml:1:1): in ref.csv, the file it orders like, "
                       + "key = \"name\" names no column; the columns are: 'nme', 'note'; did you mean key = \"nme\"?\n")
        // The command line's own --key is still named as such.
        let option = try h.run(["sort", "--key", "nme", "data/u.csv"])
        XCTAssertEqual(option.stderr, "reorder: data/u.csv: '--key nme' names no column; the columns are: 'name', 'name'; did you mean '--key name'?\n")
    }

    /// A finding of a rule without `list` names the CSV file's list as its
    /// rows, in every reporter.
    func testAFindingCallsTheListTheRowsInEveryReporter() throws {
        let h = try Harness()
        try FileManager.default.createDirectory(at: h.url("data"), withIntermediateDirectories: true)
        try h.write(".reorder.toml", "[[rule]]\nfiles = [\"data/*.csv\"]\nkey = \"name\"\n")
        try h.write("data/u.csv", "name,note\nzed,z\nann,a\n")
        let sentence = "the rows (rule 1): 'ann' belongs first — 1 move"
        let text = try h.run(["check"])
        XCTAssertEqual(text.status, 1, text.stderr)
        XCTAssertEqual(text.out, "data/u.csv:2: " + sentence + "\n")
        let json = try h.run(["check", "--reporter", "json"])
        XCTAssertEqual(json.status, 1, json.stderr)
        let findings = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])["findings"] as? [[String: Any]]
        XCTAssertEqual(findings?.count, 1, json.out)
        XCTAssertEqual(findings?.first?["message"] as? String, sentence, json.out)
        XCTAssertEqual(findings?.first?["list"] as? String, "", json.out)
        let github = try h.run(["check", "--reporter", "github"])
        XCTAssertEqual(github.status, 1, github.stderr)
        XCTAssertEqual(github.out, "::error file=data/u.csv,line=2,col=1,title=reorder%3A the rows (rule 1)::" + sentence + "\n")
        let sarif = try h.run(["check", "--reporter", "sarif"])
        XCTAssertEqual(sarif.status, 1, sarif.stderr)
        let runs = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any])["runs"] as? [[String: Any]]
        let result = (runs?.first?["results"] as? [[String: Any]])?.first
        XCTAssertEqual((result?["message"] as? [String: Any])?["text"] as? String, sentence, sarif.out)
        XCTAssertFalse(text.out.contains("top level") || json.out.contains("top level") || github.out.contains("top level")
                       || sarif.out.contains("top level"))
    }

    /// `diff` prints one operation a line, so it cannot print a row whose
    /// quoted field holds a line break: the refusal names CSV and says what
    /// does take the row, which then gives NEW.
    func testDiffOfARowWithALineBreakSaysToInsertIt() throws {
        let h = try Harness()
        try h.write("old.csv", "name,note\nann,a\ncid,c\n")
        try h.write("new.csv", "name,note\nann,a\nbob,\"two\nlines\"\ncid,c\n")
        let diff = try h.run(["diff", "old.csv", "new.csv"])
        XCTAssertEqual(diff.status, 2)
        XCTAssertEqual(diff.out, "")
        XCTAssertEqual(diff.stderr, "reorder: new.csv: item 1 spans several lines, and diff prints each operation on one line; "
                       + "CSV's 'insert' takes the item as new.csv writes it, line break included: give it to 'reorder insert' "
                       + "(or to an 'insert' of 'reorder batch -e') with $'…' in bash, and count the changes with 'reorder diff --stat'\n")
        XCTAssertFalse(diff.stderr.contains("YAML") || diff.stderr.contains("JSON"), diff.stderr)
        let stat = try h.run(["diff", "--stat", "old.csv", "new.csv"])
        XCTAssertEqual(stat.out, "0 moves, 1 insert, 0 deletes, 0 replaces\n", stat.stderr)
        // What the message says works: the row, line break and all.
        let batch = try h.run(["batch", "-e", "insert 1 bob,\"two\nlines\"", "old.csv", "-o", "-"])
        XCTAssertEqual(batch.out, try h.text("new.csv"), batch.stderr)
        let insert = try h.run(["insert", "1", "bob,\"two\nlines\"", "old.csv"])
        XCTAssertEqual(insert.status, 0, insert.stderr)
        XCTAssertEqual(try h.text("old.csv"), try h.text("new.csv"))
    }

    func testDelimiterNoHeaderAndTSV() throws {
        let h = try Harness()
        try h.write("s.csv", "b;\"x;y\"\na;2\n")
        let semicolons = try h.run(["sort", "--delimiter", ";", "--no-header", "s.csv", "-o", "-"])
        XCTAssertEqual(semicolons.out, "a;2\nb;\"x;y\"\n", semicolons.stderr)
        let byColumn = try h.run(["sort", "--delimiter", ";", "--no-header", "--key", "#1", "-r", "s.csv", "-o", "-"])
        XCTAssertEqual(byColumn.out, "b;\"x;y\"\na;2\n", byColumn.stderr)
        try h.write("t.tsv", "\u{FEFF}word\tnote\nzebra\t5\" wide\napple\t\n")
        let tsv = try h.run(["sort", "t.tsv", "-o", "-"])
        XCTAssertEqual(tsv.out, "\u{FEFF}word\tnote\napple\t\nzebra\t5\" wide\n", tsv.stderr)
        let tab = try h.run(["sort", "--format", "csv", "--delimiter", "\\t", "t.tsv", "-o", "-"])
        XCTAssertEqual(tab.status, 2)
        XCTAssertEqual(tab.stderr, "reorder: t.tsv:2:8: not valid CSV (RFC 4180): a quote inside a field that does not start with one; quote the whole field and write the quote twice (\"a\"\"b\")\n")
        let bad = try h.run(["sort", "--delimiter", "\"", "s.csv"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "reorder: '--delimiter \"' is not a delimiter: give one byte that is not a quote or a line break (',', ';', '|', or $'\\t' or '\\t' for a tab)\n")
        let json = try h.run(["sort", "--no-header", "--json", "s.csv"])
        XCTAssertEqual(json.status, 2)
        XCTAssertTrue(json.stderr.contains("--no-header") && json.stderr.contains("JSON"), json.stderr)
        let help = try h.run(["help", "formats"])
        XCTAssertTrue(help.out.contains("Tab-separated values (IANA text/tab-separated-values"), help.out)
        XCTAssertTrue(help.out.contains("*.csv"), help.out)
    }

    /// Each refusal: exit 2, the place as line:column in characters, the
    /// file as it was.
    func testRefusalsNameTheirPlaceAndWriteNothing() throws {
        let cases: [(name: String, text: String, arguments: [String], message: String)] = [
            ("a.csv", "name,note\né,\"x\n\"\nbob\n", ["sort"],
             "a.csv:4:1: not valid CSV (RFC 4180): this row has 1 field, but the header has 2"),
            ("a.csv", "a,b\n1,\"open\n2,3\n", ["sort"],
             "a.csv:2:3: not valid CSV (RFC 4180): the quoted field that starts here has no closing quote"),
            ("a.csv", "a,b\nél,x\"y\n", ["sort"],
             "a.csv:2:5: not valid CSV (RFC 4180): a quote inside a field that does not start with one; quote the whole field and write the quote twice (\"a\"\"b\")"),
            ("a.csv", "a,b\n\"x\"y,1\n", ["sort"],
             "a.csv:2:3: not valid CSV (RFC 4180): this quote closes the quoted field, but the field goes on after it; a quote inside a quoted field is written twice (\"\")"),
            // Without a header or a mark, a row that starts with U+FEFF
            // may not go first: it would read back as the file's mark.
            ("a.csv", "a,1\n\u{FEFF}b,2\n", ["move", "1", "0", "--no-header"],
             "a.csv:2:1: this line starts with U+FEFF; first in a file without a byte-order mark it would read back as the file's byte-order mark and the line would lose the character, so nothing is written; keep another line first"),
            ("a.csv", "a,b\n1,2\n\n3,4\n", ["sort"],
             "a.csv:3:1: a blank line (a row of one empty field, or spacing? write an empty field as \"\", or remove the line): reorder cannot tell where the rows begin and end here, so it edits nothing (it never guesses)"),
            ("a.csv", "a,b\n1,2\r3,4\n", ["sort"],
             "a.csv:2:4: a carriage return that is not before a line feed, outside quotes: reorder cannot tell where the rows begin and end here, so it edits nothing (it never guesses)"),
            ("a.tsv", "a\tb\n\"1\t2\"\t3\n", ["sort"],
             "a.tsv:2:1: a field that starts with a quote (TSV has no quoting, but some tools quote: is it data? read a file quoted as CSV with --format csv --delimiter $'\\t'): reorder cannot tell where the rows begin and end here, so it edits nothing (it never guesses)"),
            ("a.csv", "a,b\n1,2\n", ["sort", "--key", "c"],
             "a.csv: '--key c' names no column; the columns are: 'a', 'b'; did you mean '--key a'?"),
            ("a.csv", "a,a\n1,2\n", ["sort", "--key", "a"],
             "a.csv: '--key a' names 2 columns of the header; choose one by number: --key '#0' or --key '#1'"),
            ("a.csv", "a,b\n1,2\n", ["sort", "--key", "#2"],
             "a.csv: '--key #2' names no column; the columns are: 'a', 'b'"),
            ("a.csv", "1,2\n3,4\n", ["sort", "--no-header", "--key", "x"],
             "a.csv: '--key x' names no column; the columns are: '#0', '#1'"),
            ("a.csv", "a,b\n1,2\n", ["insert", "0", "x"],
             "a.csv: the value 'x' is not one CSV row: it has 1 field, but the header has 2"),
            ("a.csv", "a,b\n1,2\n", ["insert", "0", "x,\"y"],
             "a.csv: the value 'x,\"y' is not one CSV row: the quoted field that starts here has no closing quote"),
            ("a.csv", "a,b\n1,2\n", ["insert", "0", "x,y\nz,w"],
             "a.csv: the value 'x,y\\nz,w' is not one CSV row: it holds a line break outside quotes; a field that holds one is quoted"),
            ("a.csv", "", ["insert", "0", "x,y"],
             "a.csv: the value 'x,y' is not one CSV row: the file has no header row to give the columns; write the header first"),
        ]
        for (name, text, arguments, message) in cases {
            let h = try Harness()
            try h.write(name, text)
            let result = try h.run(arguments + [name])
            XCTAssertEqual(result.status, 2, "\(text.debugDescription) \(arguments)")
            XCTAssertEqual(result.stderr, "reorder: " + message + "\n", "\(text.debugDescription) \(arguments)")
            XCTAssertEqual(try h.text(name), text)
            XCTAssertEqual(try h.listing(), [name])
        }
    }

    /// Python's `csv` module judges random documents and every edit of
    /// them (`Tests/csv/oracle.py`).
    func testPythonsCSVModuleReadsEveryEditAsTheSourceRowsInTheNewOrder() throws {
        let (status, text) = try runScript("oracle.py", ["--documents", "150"])
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains("150 documents,") && text.contains(" 0 failures"), text)
    }

    /// `reorder lsp` on a CSV file of a policy rule without `list`
    /// (`Tests/csv/lsp.py`, with the client of `Tests/lsp/client.py`).
    func testTheEditorServerReportsAndFormatsACSVFileThroughThePolicy() throws {
        let (status, text) = try runScript("lsp.py")
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.hasPrefix("ok: "), text)
    }

    /// Runs `Tests/csv/SCRIPT` with python3 on the built binary.
    func runScript(_ script: String, _ arguments: [String] = []) throws -> (Int32, String) {
        let (status, text) = try Harness.python("Tests/csv/" + script, arguments)
        print(text, terminator: "")
        return (status, text)
    }
}
