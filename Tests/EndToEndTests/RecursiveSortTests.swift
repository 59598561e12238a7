import Foundation
import XCTest

/// `sort --recursive` in every format that has mappings: the list asked
/// for is sorted, and every mapping, table and inline table inside it by
/// key; sequences and arrays inside keep their order. Checked byte for
/// byte, against PyYAML and tomllib, and for a second run that changes
/// nothing.
final class RecursiveSortTests: XCTestCase {
    /// Loads `before` and `after` (paths) with PyYAML or tomllib: the data
    /// must be equal, and for YAML every mapping of `after` in key order.
    static let judge = #"""
import sys, tomllib, yaml
kind, before, after = sys.argv[1], open(sys.argv[2]).read(), open(sys.argv[3]).read()
load = tomllib.loads if kind == "toml" else yaml.safe_load
old, new = load(before), load(after)
def sorted_keys(value):
    if isinstance(value, dict):
        return list(value) == sorted(value) and all(sorted_keys(v) for v in value.values())
    if isinstance(value, list):
        return all(sorted_keys(v) for v in value)
    return True
if old != new:
    sys.exit("the data changed")
if kind == "yaml" and not sorted_keys(new):
    sys.exit("a mapping is not in key order")
print("ok")
"""#

    func judge(_ h: Harness, _ kind: String, _ before: String, _ after: String) throws {
        guard let python = try tool("python3", package: "python3") else { return }
        try Data(RecursiveSortTests.judge.utf8).write(to: h.url("judge.py"))
        let result = try h.run([h.url("judge.py").path, kind, before, after], executable: URL(fileURLWithPath: python))
        XCTAssertEqual(result.status, 0, result.out + result.stderr)
        try FileManager.default.removeItem(at: h.url("judge.py"))
    }

    func testJSONRecursiveSortsTheRootArrayAsSortDoes() throws {
        let h = try Harness()
        try h.write("a.json", #"["b", {"z": 1, "a": [{"d": 1, "c": 2}, 0]}, "a"]"#)
        let result = try h.run(["sort", "--recursive", "a.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("a.json"), #"["a", "b", {"a": [{"c": 2, "d": 1}, 0], "z": 1}]"#)
        XCTAssertEqual(try h.run(["sort", "--recursive", "--check", "a.json"]).status, 0)
        XCTAssertEqual(try h.run(["sort", "--recursive", "-o", "-"], stdin: Data(#"["b", "a"]"#.utf8)).out, #"["a", "b"]"#)
    }

    func testYAMLRecursiveSortsEveryMappingWithItsComments() throws {
        let h = try Harness()
        try h.write("values.yaml", """
            # the service
            service:
              # the port
              port: 80   # http
              name: web

              annotations: {z: 1, a: 2}
            image:
              tag: "1.0"
              repository: nginx
            env:
              - value: "1"
                name: B
              - {value: "2", name: A}
              - plain
            args: [b, a]

            """)
        let result = try h.run(["sort", "--recursive", "values.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("values.yaml"), """
            args: [b, a]
            env:
              - name: B
                value: "1"
              - {name: A, value: "2"}
              - plain
            image:
              repository: nginx
              tag: "1.0"
            # the service
            service:
              annotations: {a: 2, z: 1}
              name: web

              # the port
              port: 80   # http

            """)
        try h.write("before.yaml", """
            # the service
            service:
              # the port
              port: 80   # http
              name: web

              annotations: {z: 1, a: 2}
            image:
              tag: "1.0"
              repository: nginx
            env:
              - value: "1"
                name: B
              - {value: "2", name: A}
              - plain
            args: [b, a]

            """)
        try judge(h, "yaml", h.url("before.yaml").path, h.url("values.yaml").path)
        let again = try h.run(["sort", "--recursive", "--check", "values.yaml"])
        XCTAssertEqual(again.status, 0, again.out + again.stderr)
        XCTAssertEqual(try h.listing(), ["before.yaml", "values.yaml"])
    }

    /// A GitHub Actions matrix (tokio's ci.yml): a mapping that starts on
    /// its entry's `- ` line, with a comment line above a later key. Sorted
    /// alone, the commented key comes first and the dash stands alone on
    /// its line; --recursive refused it ("cannot tell where the entries
    /// begin") and now sorts it as plain sort does.
    func testYAMLRecursiveSortsAMappingOnADashLineWhoseFirstKeyMovesDown() throws {
        let h = try Harness()
        let text = "include:\n  - os: windows\n    # Windows has no io-uring.\n    extra: \"tracing\"\n  - os: linux\n"
        try h.write("before.yaml", text)
        try h.write("ci.yaml", text)
        let plain = try h.run(["sort", "-p", "/include/0", "ci.yaml", "-o", "-"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let result = try h.run(["sort", "--recursive", "ci.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("ci.yaml"), plain.out)
        XCTAssertEqual(try h.text("ci.yaml"),
                       "include:\n  -\n    # Windows has no io-uring.\n    extra: \"tracing\"\n    os: windows\n  - os: linux\n")
        try judge(h, "yaml", h.url("before.yaml").path, h.url("ci.yaml").path)
        XCTAssertEqual(try h.run(["sort", "--recursive", "--check", "ci.yaml"]).status, 0)
    }

    func testYAMLRecursiveRefusesAMergeKeyAndWritesNothing() throws {
        let h = try Harness()
        let text = "base: &base {b: 1}\nservice:\n  z: 1\n  <<: *base\n"
        try h.write("compose.yaml", text)
        let result = try h.run(["sort", "--recursive", "compose.yaml"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("compose.yaml:4:3: a merge key ('<<')"), result.stderr)
        XCTAssertEqual(try h.text("compose.yaml"), text)
    }

    static let pyproject = """
        [project]
        name = "demo"
        version = "1.0"
        dependencies = ["httpx", "attrs"]
        urls = { repository = "r", homepage = "h", nested = { z = 1, a = 2 } }
        optional.dev = ["pytest"]
        optional.docs = ["sphinx"]

        # the linter
        [tool.ruff]
        line-length = 100
        extend = "base.toml"

        [tool.ruff.lint]
        select = ["UP", "E"]
        ignore = []

        [[tool.x.y]]
        name = "second"
        id = 2

        [[tool.x.y]]
        b = { d = 1, c = 2 }

        # types
        [tool.mypy]
        strict = true
        files = ["src"]

        [build-system]
        requires = ["hatchling"]

        """

    func testTOMLRecursiveSortsTablesInlineTablesAndSections() throws {
        let h = try Harness()
        try h.write("pyproject.toml", RecursiveSortTests.pyproject)
        try h.write("before.toml", RecursiveSortTests.pyproject)
        let result = try h.run(["sort", "--recursive", "pyproject.toml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("pyproject.toml"), """
            [build-system]
            requires = ["hatchling"]

            [project]
            dependencies = ["httpx", "attrs"]
            name = "demo"
            optional.dev = ["pytest"]
            optional.docs = ["sphinx"]
            urls = { homepage = "h", nested = { a = 2, z = 1 }, repository = "r" }
            version = "1.0"

            # types
            [tool.mypy]
            files = ["src"]
            strict = true

            # the linter
            [tool.ruff]
            extend = "base.toml"
            line-length = 100

            [tool.ruff.lint]
            ignore = []
            select = ["UP", "E"]

            [[tool.x.y]]
            id = 2
            name = "second"

            [[tool.x.y]]
            b = { c = 2, d = 1 }

            """)
        try judge(h, "toml", h.url("before.toml").path, h.url("pyproject.toml").path)
        let again = try h.run(["sort", "--recursive", "--check", "pyproject.toml"])
        XCTAssertEqual(again.status, 0, again.out + again.stderr)
        // A table asked for by -p: its lines and everything inside.
        try h.write("p.toml", RecursiveSortTests.pyproject)
        let project = try h.run(["sort", "--recursive", "-p", "/project", "p.toml", "-o", "-"])
        XCTAssertEqual(project.status, 0, project.stderr)
        XCTAssertTrue(project.out.contains("urls = { homepage = \"h\", nested = { a = 2, z = 1 }, repository = \"r\" }\nversion = \"1.0\"\n\n# the linter\n[tool.ruff]\nline-length = 100"), project.out)
        XCTAssertEqual(try h.listing(), ["before.toml", "p.toml", "pyproject.toml"])
    }
}
