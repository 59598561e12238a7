import Foundation
import XCTest

/// `reorder sort --groups` and `--group-pattern` through the built binary:
/// the list sorts within its groups, and the groups stay where they are.
final class SortGroupsEndToEndTests: XCTestCase {
    func testBlankLineGroupsSortEachGroupAndKeepTheBlankLines() throws {
        let h = try Harness()
        try h.write("list.txt", "pear\r\nApple\r\n\r\nfig\r\nbanana\r\n\r\n\r\ncherry\r\napple")
        XCTAssertEqual(try h.run(["sort", "--groups", "blank-lines", "--check", "list.txt"]).status, 1)
        let result = try h.run(["sort", "--groups", "blank-lines", "list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("list.txt"), "Apple\r\npear\r\n\r\nbanana\r\nfig\r\n\r\n\r\napple\r\ncherry")
        XCTAssertEqual(try h.run(["sort", "--groups", "blank-lines", "--check", "list.txt"]).status, 0)
        // Without groups, the blank lines sort first.
        XCTAssertEqual(try h.run(["sort", "-o", "-", "list.txt"]).out, "\r\n\r\n\r\nApple\r\napple\r\nbanana\r\ncherry\r\nfig\r\npear")
    }

    func testBlankLineGroupsInAJSONArray() throws {
        let h = try Harness()
        try h.write("x.json", "{\"deps\": [\n  \"zod\",\n  \"ajv\",\n\n  \"react\",\n  \"preact\"\n]}\n")
        let result = try h.run(["sort", "--groups", "blank-lines", "-p", "/deps", "x.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("x.json"), "{\"deps\": [\n  \"ajv\",\n  \"zod\",\n\n  \"preact\",\n  \"react\"\n]}\n")
    }

    func testPatternGroupsOnLines() throws {
        let h = try Harness()
        let input = Data("lodash\n@myorg/b\nReact\n@types/node\n@myorg/A\nzod\n@myorg/b\n".utf8)
        let patterns = ["--group-pattern", "@myorg/*", "--group-pattern", "@*"]
        XCTAssertEqual(try h.run(["sort"] + patterns, stdin: input).out,
                       "@myorg/A\n@myorg/b\n@myorg/b\n@types/node\nReact\nlodash\nzod\n")
        XCTAssertEqual(try h.run(["sort", "-i"] + patterns, stdin: input).out,
                       "@myorg/A\n@myorg/b\n@myorg/b\n@types/node\nlodash\nReact\nzod\n")
        XCTAssertEqual(try h.run(["sort", "-i", "--group-pattern", "@MYORG/*"], stdin: input).out,
                       "@myorg/A\n@myorg/b\n@myorg/b\n@types/node\nlodash\nReact\nzod\n")
        XCTAssertEqual(try h.run(["sort", "-r"] + patterns, stdin: input).out,
                       "@myorg/b\n@myorg/b\n@myorg/A\n@types/node\nzod\nlodash\nReact\n")
        XCTAssertEqual(try h.run(["sort", "-u"] + patterns, stdin: input).out,
                       "@myorg/A\n@myorg/b\n@types/node\nReact\nlodash\nzod\n")
        // The patterns' order is the groups' order; '~' searches anywhere.
        XCTAssertEqual(try h.run(["sort", "--group-pattern", "~dash", "--group-pattern", "@myorg/*"], stdin: input).out,
                       "lodash\n@myorg/A\n@myorg/b\n@myorg/b\n@types/node\nReact\nzod\n")
        // -n sorts each group by leading number (none: 0, in their order).
        let numbers = Data("10\nb\n9\n1a\na\n2\n".utf8)
        XCTAssertEqual(try h.run(["sort", "-n", "--group-pattern", "1*"], stdin: numbers).out, "1a\n10\nb\na\n2\n9\n")
        XCTAssertEqual(try h.run(["sort", "--group-pattern", "1*"], stdin: numbers).out, "10\n1a\n2\n9\na\nb\n")
    }

    func testPatternGroupsInJSONWithAKeyAndBlankLines() throws {
        let h = try Harness()
        try h.write("package.json", """
            {
              "dependencies": {
                "zod": "3",
                "@myorg/ui": "1",
                "@babel/core": "7",
                "@myorg/api": "2",
                "ajv": "8"
              },
              "items": [{"name": "b"}, {"name": "@s/a"}, {"id": 0}, {"name": "a"}]
            }

            """)
        let result = try h.run(["sort", "--group-pattern", "@myorg/*", "--group-pattern", "@*", "-p", "/dependencies", "package.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let byKey = try h.run(["sort", "--group-pattern", "@*", "--key", "/name", "-p", "/items", "package.json"])
        XCTAssertEqual(byKey.status, 0, byKey.stderr)
        XCTAssertEqual(try h.text("package.json"), """
            {
              "dependencies": {
                "@myorg/api": "2",
                "@myorg/ui": "1",
                "@babel/core": "7",
                "ajv": "8",
                "zod": "3"
              },
              "items": [{"name": "@s/a"}, {"name": "a"}, {"name": "b"}, {"id": 0}]
            }

            """)
        XCTAssertEqual(try h.run(["sort", "--group-pattern", "@myorg/*", "--group-pattern", "@*", "-p", "/dependencies", "--check", "package.json"]).status, 0)
    }

    func testBadGroupOptionsAreUsageErrors() throws {
        let h = try Harness()
        try h.write("list.txt", "b\na\n")
        func refused(_ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let result = try h.run(arguments)
            XCTAssertEqual(result.status, 2, file: file, line: line)
            XCTAssertEqual(result.stderr, "reorder: " + message + "\n", file: file, line: line)
            XCTAssertEqual(try h.text("list.txt"), "b\na\n", file: file, line: line)
        }
        try refused(["sort", "--groups", "headings", "list.txt"],
                    "'headings' is not a value of '--groups'; use one of: blank-lines, comments, blank-lines,comments")
        try refused(["sort", "--group-pattern", "@a/[b", "list.txt"],
                    "'--group-pattern @a/[b' is not a pattern: '[' is not closed by ']' (write '\\[' for the character) (at byte 4 of it)")
        try refused(["sort", "--group-pattern", "~", "list.txt"],
                    "'--group-pattern ~' is not a pattern: '~' starts a regular expression, and none follows (at byte 2 of it)")
        try refused(["sort", "--groups", "comments", "--like", "list.txt", "list.txt"],
                    "'--like' and '--groups' cannot be used together: --like puts the whole list in REF's order, which leaves no groups to sort within")
        try refused(["sort", "--group-pattern", "a*", "--preset", "requirements", "list.txt"],
                    "'--preset' and '--group-pattern' cannot be used together: a preset sets each list's groups as its file's tools keep them")
    }

    /// Needs the formats to read comment headings (TOML and JSONC: the
    /// delimited formats; lines with `--comment`: the lines reader).
    func testCommentHeadingsStayAndTheirItemsSortBeneathThem() throws {
        let h = try Harness()
        try h.write("pyproject.toml", """
            [project]
            dependencies = [
                # web
                "requests",
                "flask",  # the app
                # storage
                "sqlalchemy",
                "alembic",
            ]

            """)
        let result = try h.run(["sort", "--groups", "comments", "-p", "/project/dependencies", "pyproject.toml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("pyproject.toml"), """
            [project]
            dependencies = [
                # web
                "flask",  # the app
                "requests",
                # storage
                "alembic",
                "sqlalchemy",
            ]

            """)
        XCTAssertEqual(try h.run(["sort", "--groups", "comments", "-p", "/project/dependencies", "--check", "pyproject.toml"]).status, 0)

        try h.write("x.jsonc", "[\n  // b\n  3,\n  1,\n\n  // a\n  2,\n  0\n]\n")
        XCTAssertEqual(try h.run(["sort", "--groups", "comments", "-o", "-", "x.jsonc"]).out, "[\n  // b\n  1,\n  3,\n\n  // a\n  0,\n  2\n]\n")
        XCTAssertEqual(try h.run(["sort", "--groups", "blank-lines,comments", "--group-pattern", "0", "-o", "-", "x.jsonc"]).out,
                       "[\n  // b\n  1,\n  3,\n\n  // a\n  0,\n  2\n]\n")
    }

    /// Needs lines' and Markdown's comment headings (the lines reader).
    func testCommentHeadingsInLinesAndMarkdown() throws {
        let h = try Harness()
        try h.write("requirements.txt", "# tools\r\nruff\r\nblack  # formatter\r\n\r\n# test\r\npytest\r\ncoverage\r\n")
        let lines = try h.run(["sort", "--groups", "blank-lines,comments", "requirements.txt"])
        XCTAssertEqual(lines.status, 0, lines.stderr)
        XCTAssertEqual(try h.text("requirements.txt"), "# tools\r\nblack  # formatter\r\nruff\r\n\r\n# test\r\ncoverage\r\npytest\r\n")
        // Pattern groups beneath each heading.
        try h.write("list.txt", "# deps\nzod\n@b/x\najv\n@a/y\n")
        XCTAssertEqual(try h.run(["sort", "--groups", "comments", "--group-pattern", "@*", "-o", "-", "list.txt"]).out,
                       "# deps\n@a/y\n@b/x\najv\nzod\n")
        try h.write("list.md", "- b\n- a\n<!-- later -->\n- d\n- c\n")
        XCTAssertEqual(try h.run(["sort", "--groups", "comments", "-o", "-", "list.md"]).out, "- a\n- b\n<!-- later -->\n- c\n- d\n")
    }
}
