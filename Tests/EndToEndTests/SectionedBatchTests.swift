import Foundation
import XCTest

/// `reorder batch -p A -p B …`: several lists of one file as sections
/// 0, 1, …, their items named by index paths `S:I`; items that change
/// list keep their bytes and comments, laid out as the other list's items
/// are; refused with nothing written where a list cannot take them.
final class SectionedBatchTests: XCTestCase {
    func testJSONCCommentsTravelAndAListEmpties() throws {
        let h = try Harness()
        try h.write("p.jsonc", """
            {
              // runtime
              "dependencies": {
                "axios": "^1.6.0", // http
                "zod": "^3"
              },
              "devDependencies": {
                // types for node
                "@types/node": "^20",
                "typescript": "^5"
              }
            }

            """)
        let result = try h.run(["batch", "-p", "/dependencies", "-p", "/devDependencies",
                                "-e", "move 1:=typescript 0:0", "-e", "move 1:0 0:-1", "-e", "delete 0:=zod", "p.jsonc"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("p.jsonc"), """
            {
              // runtime
              "dependencies": {
                "typescript": "^5",
                "axios": "^1.6.0", // http
                // types for node
                "@types/node": "^20"
              },
              "devDependencies": {}
            }

            """)
    }

    /// A step moved to a job whose steps are indented deeper: its comment
    /// and its block scalar re-indented with it.
    func testYAMLStepsReindented() throws {
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
        let result = try h.run(["batch", "-p", "/jobs/build/steps", "-p", "/jobs/test/steps",
                                "-e", "move 0:1 1:0", "-e", "move 1:0 0:0", "ci.yml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("ci.yml"), """
            jobs:
              build:
                steps:
                  - run: npm test
                  - uses: actions/checkout@v4
              test:
                    steps:
                        # lint first
                        - name: Lint
                          run: |
                            npm ci

                            npm run lint

            """)
    }

    func testTOMLTablesTradeEntries() throws {
        let h = try Harness()
        try h.write("Cargo.toml", """
            [package]
            name = "x"

            [dependencies]
            anyhow = "1" # errors
            serde = "1"

            [dev-dependencies]
            # temp dirs in tests
            tempfile = "3"
            rand = "0.8"

            """)
        let result = try h.run(["batch", "-p", "/dependencies", "-p", "/dev-dependencies",
                                "-e", "move 1:=rand 0:1", "-e", "move 0:=anyhow 1:-1", "Cargo.toml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("Cargo.toml"), """
            [package]
            name = "x"

            [dependencies]
            serde = "1"
            rand = "0.8"

            [dev-dependencies]
            # temp dirs in tests
            tempfile = "3"
            anyhow = "1" # errors

            """)
    }

    /// Into a numbered list: its marker and numbering, the continuation
    /// line under the item's text; a new item in the other list.
    func testMarkdownTaskDoneAndANewOne() throws {
        let h = try Harness()
        try h.write("TODO.md", "# TODO\n\n## Doing\n\n- write the parser\n- fix #12\n  with a note\n\n## Done\n\n1. set up CI\n2. add tests\n")
        let result = try h.run(["batch", "-p", "/TODO/Doing", "-p", "/TODO/Done",
                                "-e", "move 0:=fix #12 1:0", "-e", "insert 0:0 review PR", "TODO.md"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("TODO.md"),
                       "# TODO\n\n## Doing\n\n- review PR\n- write the parser\n\n## Done\n\n1. fix #12\n   with a note\n2. set up CI\n3. add tests\n")
    }

    /// An empty list lays out an item that spans lines as its writer lays
    /// out a new one.
    func testAnEmptyListTakesAnItemOfSeveralLines() throws {
        let h = try Harness()
        let text = "{\n  \"a\": [\n    {\n      \"x\": 1\n    },\n    2\n  ],\n  \"b\": []\n}\n"
        let moved = "{\n  \"a\": [\n    2\n  ],\n  \"b\": [\n    {\n      \"x\": 1\n    }\n  ]\n}\n"
        try h.write("e.json", text)
        let batch = try h.run(["batch", "-p", "/a", "-p", "/b", "-e", "move 0:0 1:0", "e.json", "-o", "-"])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertEqual(batch.out, moved)
        let move = try h.run(["move", "0", "0", "-p", "/a", "--to", "/b", "e.json", "-o", "-"])
        XCTAssertEqual(move.status, 0, move.stderr)
        XCTAssertEqual(move.out, moved)
    }

    static let keyed = "{\n  \"a\": {\n    \"x\": 1,\n    \"y\": 2\n  },\n  \"b\": {\n    \"x\": 3\n  }\n}\n"

    /// A key the other object has is refused, naming where it stands;
    /// keys that trade places are not a clash.
    func testKeyClashRefusedWithNothingWritten() throws {
        let h = try Harness()
        try h.write("k.json", Self.keyed)
        let clash = try h.run(["batch", "-p", "/a", "-p", "/b", "-e", "move 0:=x 1:-1", "k.json"])
        XCTAssertEqual(clash.status, 2)
        XCTAssertEqual(clash.stderr, "reorder: k.json:7:5: '/b' has the key 'x' already (here); delete one of them first; nothing is written\n")
        XCTAssertEqual(try h.text("k.json"), Self.keyed)
        let trade = try h.run(["batch", "-p", "/a", "-p", "/b", "--one-based", "-e", "move 0:1 1:1", "-e", "move 1:1 0:1", "k.json"])
        XCTAssertEqual(trade.status, 0, trade.stderr)
        XCTAssertEqual(try h.text("k.json"), "{\n  \"a\": {\n    \"x\": 3,\n    \"y\": 2\n  },\n  \"b\": {\n    \"x\": 1\n  }\n}\n")
    }

    /// UIKit's rules, and --sequential: each operation on the lists the
    /// one before left.
    func testRulesSequentialAndClashes() throws {
        let h = try Harness()
        try h.write("l.json", "{\"a\": [1, 2, 3], \"b\": [4]}\n")
        // Sources before the batch, destinations after it.
        let batch = try h.run(["batch", "-p", "/a", "-p", "/b", "-e", "move 0:0 1:1", "-e", "swap 0:1 1:0",
                               "l.json", "-o", "-"])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertEqual(batch.out, "{\"a\": [3, 4], \"b\": [2, 1]}\n")
        let sequential = try h.run(["batch", "--sequential", "-p", "/a", "-p", "/b", "-e", "move 0:0 1:1", "-e", "delete 0:1",
                                    "-e", "swap 0:0 1:-1", "l.json", "-o", "-"])
        XCTAssertEqual(sequential.status, 0, sequential.stderr)
        XCTAssertEqual(sequential.out, "{\"a\": [1], \"b\": [4, 2]}\n")
        let cases: [([String], String)] = [
            (["-e", "move 0:0 1:0", "-e", "delete 0:0"], "reorder: l.json: 'move 0:0 1:0' and 'delete 0:0' both use item 0:0\n"),
            (["-e", "move 0:0 1:0", "-e", "insert 1:0 9"], "reorder: l.json: 'move 0:0 1:0' and 'insert 1:0 9' both claim position 1:0\n"),
            (["-e", "move 0:0 1:2"], "reorder: l.json: the batch leaves 2 items in section 1; 'move 0:0 1:2' needs at least 3\n"),
            (["-e", "move 0 1"], "reorder: l.json: 'move 0 1' gives a plain index, but the batch edits 2 lists; name each item by its index path S:I (section, colon, item; sections counted from 0 in the order of -p), as 'move 1:4 0:0'\n"),
            (["-e", "delete 2:0"], "reorder: l.json: in 'delete 2:0': there is no section 2: the batch edits 2 lists, sections 0 to 1\n"),
        ]
        for (operations, message) in cases {
            let result = try h.run(["batch", "-p", "/a", "-p", "/b"] + operations + ["l.json"])
            XCTAssertEqual(result.status, 2, "\(operations)")
            XCTAssertEqual(result.stderr, message, "\(operations)")
            XCTAssertEqual(try h.text("l.json"), "{\"a\": [1, 2, 3], \"b\": [4]}\n")
        }
    }

    /// One -p with '*': with index paths, its lists are the sections in
    /// the document's order; with plain indices, each list is edited in
    /// turn, as before.
    func testPatternNamesTheSections() throws {
        let h = try Harness()
        try h.write("l.json", "{\"a\": [1, 2, 3], \"b\": [4]}\n")
        let paths = try h.run(["batch", "-p", "/*", "-e", "move 1:0 0:0", "l.json", "-o", "-"])
        XCTAssertEqual(paths.status, 0, paths.stderr)
        XCTAssertEqual(paths.out, "{\"a\": [4, 1, 2, 3], \"b\": []}\n")
        let plain = try h.run(["batch", "-p", "/*", "-e", "move 0 -1", "l.json", "-o", "-"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.out, "{\"a\": [2, 3, 1], \"b\": [4]}\n")
    }
}
