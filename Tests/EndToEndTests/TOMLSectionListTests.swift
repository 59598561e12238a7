import Foundation
import XCTest

/// The sub-tables of a TOML table that exist only through sections
/// (`tool` of `[tool.ruff]`, `profile` of `[profile.dev]`): each key is an
/// item with all of its sections and the comments above its first header.
final class TOMLSectionListTests: XCTestCase {
    static let pyproject = """
        [project]
        name = "demo"

        # the linter
        [tool.ruff]
        line-length = 100

        [tool.ruff.lint]
        select = ["E"]

        [[tool.x.y]]
        id = 1

        [[tool.x.y]]
        id = 2

        # types
        [tool.mypy]
        strict = true

        [build-system]
        requires = ["hatchling"]

        """

    /// tomllib: the data is the input's, `tool`'s keys in `order`.
    static let judge = #"""
import sys, tomllib
before, after = tomllib.load(open(sys.argv[1], "rb")), tomllib.load(open(sys.argv[2], "rb"))
order = sys.argv[3].split(",")
if before != after: sys.exit("the data changed")
if list(after["tool"]) != order: sys.exit(f"tool's keys are {list(after['tool'])}, not {order}")
print("ok")
"""#

    func judge(_ h: Harness, _ before: String, _ after: String, order: String) throws {
        guard let python = try tool("python3", package: "python3") else { return }
        try Data(TOMLSectionListTests.judge.utf8).write(to: h.url("judge.py"))
        defer { try? FileManager.default.removeItem(at: h.url("judge.py")) }
        let result = try h.run([h.url("judge.py").path, before, after, order], executable: URL(fileURLWithPath: python))
        XCTAssertEqual(result.status, 0, result.out + result.stderr)
    }

    func testSortsTheSubTablesOfToolEachWithAllOfItsSections() throws {
        let h = try Harness()
        try h.write("pyproject.toml", TOMLSectionListTests.pyproject)
        try h.write("before.toml", TOMLSectionListTests.pyproject)
        let result = try h.run(["sort", "-p", "/tool", "pyproject.toml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("pyproject.toml"), """
            [project]
            name = "demo"

            # types
            [tool.mypy]
            strict = true

            # the linter
            [tool.ruff]
            line-length = 100

            [tool.ruff.lint]
            select = ["E"]

            [[tool.x.y]]
            id = 1

            [[tool.x.y]]
            id = 2

            [build-system]
            requires = ["hatchling"]

            """)
        try judge(h, h.url("before.toml").path, h.url("pyproject.toml").path, order: "mypy,ruff,x")
        XCTAssertEqual(try h.run(["sort", "-p", "/tool", "--check", "pyproject.toml"]).status, 0)
        XCTAssertEqual(try h.listing(), ["before.toml", "pyproject.toml"])
    }

    func testMoveSwapReverseAndDeleteWorkOnSections() throws {
        let h = try Harness()
        try h.write("before.toml", TOMLSectionListTests.pyproject)
        let cases: [([String], String)] = [
            (["reverse"], "mypy,x,ruff"),
            (["move", "=mypy", "0"], "mypy,ruff,x"),
            (["swap", "0", "-1"], "mypy,x,ruff"),
            (["sort", "-r"], "x,ruff,mypy"),
        ]
        for (command, order) in cases {
            let result = try h.run(command + ["-p", "/tool", "before.toml", "-o", "after.toml"])
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            try judge(h, h.url("before.toml").path, h.url("after.toml").path, order: order)
        }
        let deleted = try h.run(["delete", "=ruff", "-p", "/tool", "before.toml", "-o", "-"])
        XCTAssertEqual(deleted.status, 0, deleted.stderr)
        XCTAssertFalse(deleted.out.contains("ruff"), deleted.out)
        XCTAssertTrue(deleted.out.contains("[tool.mypy]"), deleted.out)
    }

    func testInterleavedSectionsAreRefusedNamingBothHeaders() throws {
        let h = try Harness()
        let text = "[tool.a]\nx = 1\n\n[tool.b]\ny = 1\n\n[tool.a.c]\nz = 1\n"
        try h.write("pyproject.toml", text)
        let result = try h.run(["sort", "-p", "/tool", "pyproject.toml"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("reorder: pyproject.toml:7:1: the section [tool.a.c] belongs to 'a'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[tool.b] at 4:1 stands between them"), result.stderr)
        XCTAssertEqual(try h.text("pyproject.toml"), text)
    }

    func testWhatASectionListCannotTakeIsRefused() throws {
        let h = try Harness()
        try h.write("a.toml", "[profile.release]\nlto = true\n\n[profile.dev]\nopt-level = 0\n")
        // A key made by dotted lines and by a section: refused, not guessed.
        try h.write("b.toml", "[fruit]\napple.color = \"red\"\n\n[fruit.apple.texture]\nsmooth = true\n\n[fruit.banana]\nx = 1\n")
        let cases: [([String], String)] = [
            (["insert", "0", "[profile.test]", "-p", "/profile", "a.toml"], "a.toml: the list is the sub-tables of 'profile'"),
            (["delete", "0,1", "-p", "/profile", "a.toml"], "a.toml:1:1: a table left with none of the sections"),
            (["sort", "--recursive", "b.toml"], "b.toml:4:1: a sub-table of 'apple' made both by dotted key/value lines and by sections"),
        ]
        for (arguments, message) in cases {
            let result = try h.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("reorder: " + message), "\(arguments): \(result.stderr)")
        }
        let sorted = try h.run(["sort", "-p", "/profile", "a.toml", "-o", "-"])
        XCTAssertEqual(sorted.out, "[profile.dev]\nopt-level = 0\n\n[profile.release]\nlto = true\n")
    }

    /// A table whose sections stand apart, another table's section between
    /// them: deleting one of them leaves the other table's section in the
    /// file (it was deleted with it, exit 0), where it stood: before the
    /// section that followed it.
    func testDeletingASectionKeepsAnotherTablesSectionThatStoodBetween() throws {
        let h = try Harness()
        let source = "[t.a]\nk = 1\n\n# about u\n[u]\nk = 2\n\n[t.b]\nk = 3\n"
        try h.write("n.toml", source)
        var result = try h.run(["delete", "1", "-p", "/t", "n.toml", "-o", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.out, "[t.a]\nk = 1\n\n# about u\n[u]\nk = 2\n")
        result = try h.run(["delete", "=a", "-p", "/t", "n.toml", "-o", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.out, "# about u\n[u]\nk = 2\n\n[t.b]\nk = 3\n")

        try h.write("m.toml", "[t.a.x]\nk = 1\n\n[t.b.x]\nk = 2\n\n[t.a.y]\nk = 3\n")
        result = try h.run(["delete", "0", "-p", "/t/a", "m.toml", "-o", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.out, "[t.b.x]\nk = 2\n\n[t.a.y]\nk = 3\n")
    }
}
