import Foundation
import XCTest

/// `reorder move FROM TO -p LIST --to DEST FILE`: an item of one list moved
/// into another list of the same file, with its bytes and the comments it
/// owns, laid out as DEST's items are; refused, with nothing written, where
/// it cannot be done with certainty.
final class BetweenListsTests: XCTestCase {
    /// A package.json's shape (as shadcn-ui's): a dev-dependency promoted.
    static let packageJSON = """
        {
          "name": "ui",
          "dependencies": {
            "@radix-ui/react-slot": "^1.0.2",
            "tailwind-merge": "^2.2.0"
          },
          "devDependencies": {
            "@types/node": "^20.11.0",
            "typescript": "^5.3.3",
            "zod": "^3.22.4"
          }
        }

        """

    func testPromotesADevDependencyToItsSortedPlace() throws {
        let h = try Harness()
        try h.write("package.json", Self.packageJSON)
        let result = try h.run(["move", "=zod", "sorted", "-p", "/devDependencies", "--to", "/dependencies", "package.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("package.json"), """
            {
              "name": "ui",
              "dependencies": {
                "@radix-ui/react-slot": "^1.0.2",
                "tailwind-merge": "^2.2.0",
                "zod": "^3.22.4"
              },
              "devDependencies": {
                "@types/node": "^20.11.0",
                "typescript": "^5.3.3"
              }
            }

            """)
        // By index, and a selector of several items, which move together.
        try h.write("package.json", Self.packageJSON)
        XCTAssertEqual(try h.run(["move", "~^(@types|typescript)", "0", "-p", "/devDependencies", "--to", "/dependencies",
                                  "package.json"]).status, 0)
        XCTAssertEqual(try h.text("package.json"), """
            {
              "name": "ui",
              "dependencies": {
                "@types/node": "^20.11.0",
                "typescript": "^5.3.3",
                "@radix-ui/react-slot": "^1.0.2",
                "tailwind-merge": "^2.2.0"
              },
              "devDependencies": {
                "zod": "^3.22.4"
              }
            }

            """)
    }

    func testJSONCCommentsAboveTheItemTravelWithIt() throws {
        let h = try Harness()
        try h.write("c.jsonc", """
            {
              "dependencies": {
                "axios": "^1.6.0" // http
              },
              "devDependencies": {
                // schema validation
                "zod": "^3.22.0",
                "vitest": "^1"
              }
            }
            """)
        let result = try h.run(["move", "=zod", "-1", "-p", "/devDependencies", "--to", "/dependencies", "c.jsonc"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("c.jsonc"), """
            {
              "dependencies": {
                "axios": "^1.6.0", // http
                // schema validation
                "zod": "^3.22.0"
              },
              "devDependencies": {
                "vitest": "^1"
              }
            }
            """)
    }

    /// A comment after the item's separator is not carried yet: refused,
    /// never dropped.
    func testACommentAfterTheSeparatorIsRefusedNotDropped() throws {
        let h = try Harness()
        let text = "{\n  \"a\": {\n    \"x\": 1, // one\n    \"y\": 2\n  },\n  \"b\": {\n    \"z\": 3\n  }\n}\n"
        try h.write("c.jsonc", text)
        let result = try h.run(["move", "=x", "0", "-p", "/a", "--to", "/b", "c.jsonc"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: c.jsonc:3:5: the item has a comment after its separator, which a move between lists does not carry yet; put the comment above the item, or move it by hand; nothing is written\n")
        XCTAssertEqual(try h.text("c.jsonc"), text)
    }

    /// A workflow step from one job to another, re-indented, its comment
    /// and its block scalar with it.
    func testYAMLStepMovesToAnotherJobReindented() throws {
        let h = try Harness()
        try h.write("ci.yml", """
            jobs:
              build:
                steps:
                  - uses: actions/checkout@v4
                  # lint first
                  - name: Lint
                    run: |
                      npm ci

                      npm run lint
              test:
                    steps:
                        - run: npm test

            """)
        let result = try h.run(["move", "=Lint", "0", "--key", "/name", "-p", "/jobs/build/steps", "--to", "/jobs/test/steps", "ci.yml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("ci.yml"), """
            jobs:
              build:
                steps:
                  - uses: actions/checkout@v4
              test:
                    steps:
                        # lint first
                        - name: Lint
                          run: |
                            npm ci

                            npm run lint
                        - run: npm test

            """)
        // And back, shallower, to the end.
        let back = try h.run(["move", "=Lint", "-1", "--key", "/name", "-p", "/jobs/test/steps", "--to", "/jobs/build/steps", "ci.yml"])
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertEqual(try h.text("ci.yml"), """
            jobs:
              build:
                steps:
                  - uses: actions/checkout@v4
                  # lint first
                  - name: Lint
                    run: |
                      npm ci

                      npm run lint
              test:
                    steps:
                        - run: npm test

            """)
    }

    func testMarkdownTaskFromDoingToDone() throws {
        let h = try Harness()
        try h.write("TODO.md", "# TODO\n\n## Doing\n\n- write the parser\n- fix #12\n  with a note\n\n## Done\n\n- set up CI\n")
        let result = try h.run(["move", "=fix #12", "-1", "-p", "/TODO/Doing", "--to", "/TODO/Done", "TODO.md"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("TODO.md"), "# TODO\n\n## Doing\n\n- write the parser\n\n## Done\n\n- set up CI\n- fix #12\n  with a note\n")
        // Into a numbered list: its marker and numbering, the continuation
        // line under the item's text; and back out of it.
        try h.write("o.md", "## A\n\n1. one\n   more\n2. two\n\n## B\n\n- x\n")
        XCTAssertEqual(try h.run(["move", "0", "-1", "-p", "/B", "--to", "/A", "o.md", "-o", "-"]).out,
                       "## A\n\n1. one\n   more\n2. two\n3. x\n\n## B\n\n")
        XCTAssertEqual(try h.run(["move", "0", "0", "-p", "/A", "--to", "/B", "o.md", "-o", "-"]).out,
                       "## A\n\n1. two\n\n## B\n\n- one\n  more\n- x\n")
    }

    func testCargoDevDependencyPromoted() throws {
        let h = try Harness()
        try h.write("Cargo.toml", """
            [package]
            name = "x"

            [dependencies]
            anyhow = "1" # errors
            serde = { version = "1", features = ["derive"] }

            [dev-dependencies]
            # temp dirs in tests
            tempfile = "3"
            rand = "0.8"

            """)
        let result = try h.run(["move", "=rand", "sorted", "-p", "/dev-dependencies", "--to", "/dependencies", "Cargo.toml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("Cargo.toml"), """
            [package]
            name = "x"

            [dependencies]
            anyhow = "1" # errors
            rand = "0.8"
            serde = { version = "1", features = ["derive"] }

            [dev-dependencies]
            # temp dirs in tests
            tempfile = "3"

            """)
        try h.write("a.toml", "a = [1, 2]\nb = [0, 3]\n")
        XCTAssertEqual(try h.run(["move", "0", "sorted", "-p", "/a", "--to", "/b", "a.toml"]).status, 0)
        XCTAssertEqual(try h.text("a.toml"), "a = [2]\nb = [0, 1, 3]\n")
    }

    /// Each refusal: its message with the file and line, and nothing
    /// written.
    func testRefusalsWriteNothing() throws {
        let h = try Harness()
        let cases: [(name: String, text: String, arguments: [String], message: String)] = [
            ("p.json", "{\n  \"a\": {\"x\": 1},\n  \"b\": {\n    \"x\": 2\n  }\n}\n", ["move", "=x", "0", "-p", "/a", "--to", "/b"],
             "reorder: p.json:4:5: '/b' has the key 'x' already (here); delete one of them first; nothing is written\n"),
            ("p.json", "{\"a\": [1], \"b\": {\"x\": 2}}", ["move", "0", "0", "-p", "/a", "--to", "/b"],
             "reorder: p.json: '/b' holds members with keys, and the item is an element without one; nothing is written\n"),
            ("p.json", "{\"a\": [1], \"b\": [2]}", ["move", "0", "0", "-p", "/a", "--to", "/a"],
             "reorder: p.json: --to names the list -p names; to move within one list, leave --to out; nothing is written\n"),
            ("y.yaml", "a:\n  - 0\nb:\n  - &A 1\n  - *A\n", ["move", "1", "0", "-p", "/b", "--to", "/a"],
             "reorder: y.yaml:5:1: the result would not be valid YAML: the alias '*A' has no anchor '&A' before it in its document; nothing is written\n"),
            ("l.txt", "a\nb\n", ["move", "0", "0", "--to", "/x"],
             "reorder: l.txt: moving between lists is not supported for lines yet; nothing is written\n"),
        ]
        for (name, text, arguments, message) in cases {
            try h.write(name, text)
            let result = try h.run(arguments + [name])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, message, "\(arguments)")
            XCTAssertEqual(try h.text(name), text, "\(arguments)")
        }
        // A merge key: the reader refuses the mapping.
        try h.write("m.yaml", "base: &B {x: 1}\na:\n  <<: *B\n  y: 2\nb:\n  z: 3\n")
        let merge = try h.run(["move", "=y", "0", "-p", "/a", "--to", "/b", "m.yaml"])
        XCTAssertEqual(merge.status, 2)
        XCTAssertTrue(merge.stderr.hasPrefix("reorder: m.yaml:3:3: '/a' is a mapping with a merge key ('<<')"), merge.stderr)
        // A pattern names several lists: one list to take from.
        try h.write("p.json", "{\"a\": [1], \"b\": [2]}")
        let pattern = try h.run(["move", "0", "0", "-p", "/*", "--to", "/b", "p.json"])
        XCTAssertEqual(pattern.status, 2)
        XCTAssertEqual(try h.text("p.json"), "{\"a\": [1], \"b\": [2]}")
    }

    /// --check and --diff, as for every edit.
    func testCheckAndDiff() throws {
        let h = try Harness()
        try h.write("p.json", "{\"a\": [1], \"b\": [2]}\n")
        XCTAssertEqual(try h.run(["move", "0", "0", "-p", "/a", "--to", "/b", "--check", "p.json"]).status, 1)
        let diff = try h.run(["move", "0", "0", "-p", "/a", "--to", "/b", "--diff", "p.json"])
        XCTAssertEqual(diff.out, "--- p.json\n+++ p.json\n@@ -1 +1 @@\n-{\"a\": [1], \"b\": [2]}\n+{\"a\": [], \"b\": [1, 2]}\n")
        XCTAssertEqual(try h.text("p.json"), "{\"a\": [1], \"b\": [2]}\n")
    }
}
