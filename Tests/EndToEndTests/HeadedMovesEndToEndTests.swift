import Foundation
import XCTest

/// `--groups comments` on the commands that move items: the headings stay
/// on their lines while items move across them, the moved item joins the
/// group it lands in, and `edit` shows each heading as a header line.
final class HeadedMovesEndToEndTests: XCTestCase {
    let toml = "dependencies = [\n    # web\n    \"requests\",\n    \"flask\",\n    # storage\n    \"sqlalchemy\",\n    \"alembic\",\n]\n"

    func result(_ arguments: [String], _ h: Harness, sourceLine: UInt = #line) throws -> String {
        let run = try h.run(arguments + ["-p", "/dependencies", "-o", "-", "p.toml"])
        XCTAssertEqual(run.status, 0, run.stderr, line: sourceLine)
        return run.out
    }

    func testMovesSwapsAndBatchesKeepTheHeadingsOnTheirLines() throws {
        let h = try Harness()
        try h.write("p.toml", toml)
        func list(_ items: [String]) -> String {
            "dependencies = [\n" + items.map { $0.hasPrefix("#") ? "    \($0)\n" : "    \"\($0)\",\n" }.joined() + "]\n"
        }
        // flask, moved down one, lands right under '# storage'.
        XCTAssertEqual(try result(["move", "1", "2", "--groups", "comments"], h),
                       list(["# web", "requests", "# storage", "sqlalchemy", "flask", "alembic"]))
        // The first item of a group leaves its heading behind.
        XCTAssertEqual(try result(["move", "2", "0", "--groups", "comments"], h),
                       list(["# web", "sqlalchemy", "requests", "flask", "# storage", "alembic"]))
        XCTAssertEqual(try result(["move", "=alembic", "0", "--groups", "comments"], h),
                       list(["# web", "alembic", "requests", "flask", "# storage", "sqlalchemy"]))
        XCTAssertEqual(try result(["swap", "0", "-1", "--groups", "comments"], h),
                       list(["# web", "alembic", "flask", "# storage", "sqlalchemy", "requests"]))
        XCTAssertEqual(try result(["batch", "-e", "move 0 3", "--groups", "comments"], h),
                       list(["# web", "flask", "# storage", "sqlalchemy", "alembic", "requests"]))
        XCTAssertEqual(try result(["delete", "0", "--groups", "comments"], h),
                       list(["# web", "flask", "# storage", "sqlalchemy", "alembic"]))
        XCTAssertEqual(try result(["insert", "2", "--string", "django", "--groups", "comments"], h),
                       list(["# web", "requests", "flask", "# storage", "django", "sqlalchemy", "alembic"]))
        // Without --groups, the heading is the note of the item below it.
        XCTAssertEqual(try result(["move", "2", "0"], h),
                       list(["# storage", "sqlalchemy", "# web", "requests", "flask", "alembic"]))
        // Only sort sorts within groups: the others take 'comments' alone.
        let refused = try h.run(["move", "1", "2", "--groups", "blank-lines", "-p", "/dependencies", "p.toml"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "reorder: 'blank-lines' is not a value of '--groups'; use one of: comments\n")
        XCTAssertEqual(try h.text("p.toml"), toml)
    }

    func testEditShowsEachHeadingAsAHeaderLineAndMovesAcrossThem() throws {
        let h = try Harness()
        try h.write("p.toml", toml)
        // flask to the end of the storage group, alembic to the end of web.
        try h.write("editor.sh", """
            #!/bin/sh
            cp "$1" shown
            grep '^# ' "$1" > rules
            printf '## # web\\n0:0 "requests"\\n1:1 "alembic"\\n## # storage\\n1:0 "sqlalchemy"\\n0:1 "flask"\\n' > "$1"
            cat rules >> "$1"

            """, mode: 0o755)
        let run = try h.run(["edit", "--groups", "comments", "-p", "/dependencies", "p.toml"],
                            environment: ["EDITOR": h.url("editor.sh").path, "VISUAL": ""])
        XCTAssertEqual(run.status, 0, run.stderr)
        let shown = try h.text("shown")
        XCTAssertTrue(shown.hasPrefix("## # web\n0:0 \"requests\"\n0:1 \"flask\"\n\n## # storage\n1:0 \"sqlalchemy\"\n1:1 \"alembic\"\n"),
                      shown)
        XCTAssertTrue(shown.contains("in 2 groups under their comment headings"), shown)
        XCTAssertEqual(try h.text("p.toml"),
                       "dependencies = [\n    # web\n    \"requests\",\n    \"alembic\",\n    # storage\n    \"sqlalchemy\",\n    \"flask\",\n]\n")
    }
}
