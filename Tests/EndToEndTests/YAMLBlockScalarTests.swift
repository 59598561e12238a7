import Foundation
import XCTest

/// Block scalars (`|`, `>`) read the lines after them that are indented
/// enough as their text: an edit that puts a comment there, or moves a
/// scalar off the end of a file without a final newline, would change the
/// data. PyYAML is the judge of what the results load to.
final class YAMLBlockScalarTests: XCTestCase {
    /// PyYAML's reading of `file`, as JSON.
    func load(_ h: Harness, _ file: String) throws -> String? {
        guard let python = try tool("python3", package: "python3") else { return nil }
        let result = try h.run(["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1], newline=''))))", file],
                               executable: URL(fileURLWithPath: python))
        guard result.status == 0 else {
            XCTFail("PyYAML could not read \(file) (run 'make test', which installs it): \(result.stderr)")
            return nil
        }
        return result.out.trimmingCharacters(in: .newlines)
    }

    func testACommentIsNotSortedIntoABlockScalar() throws {
        let h = try Harness()
        // grafana's promtail values.yaml: `# note` became part of `file`.
        try h.write("m.yaml", "b:\n  c:\n    x: 1\n    # note\n\na:\n  file: |\n    line\n")
        let refused = try h.run(["sort", "m.yaml"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "reorder: m.yaml:7:9: the edit would put line 4 (a comment) after this block scalar, "
                       + "whose text it would become, so the document would load to something else; reorder edits nothing\n")
        XCTAssertEqual(try h.text("m.yaml"), "b:\n  c:\n    x: 1\n    # note\n\na:\n  file: |\n    line\n")
        // Less indented than the scalar's text, the comment ends it.
        try h.write("s.yaml", "b:\n  c:\n    x: 1\n  # note\n\na:\n  file: |\n    line\n")
        XCTAssertEqual(try h.run(["sort", "s.yaml"]).status, 0)
        XCTAssertEqual(try load(h, "s.yaml"), #"{"a": {"file": "line\n"}, "b": {"c": {"x": 1}}}"#)

        let empty = try h.run(["reverse", "--format", "yaml", "-p", "/k", "-o", "-"], stdin: Data("k:\n  -\n   #\n\n  - |\nz: 1\n".utf8))
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.hasPrefix("reorder: <stdin>:5:5: the edit would put line 3 (a comment) after this block scalar"), empty.stderr)
    }

    func testABlockScalarAtTheEndOfAFileKeepsItsText() throws {
        let h = try Harness()
        try h.write("a.yaml", "- x\n- |\n  e")
        let refused = try h.run(["reverse", "a.yaml"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.hasPrefix("reorder: a.yaml:2:3: this block scalar ends the file without a line break"), refused.stderr)
        try h.write("b.yaml", "- |\n  e\n- x")
        XCTAssertEqual(try h.run(["reverse", "b.yaml"]).status, 0)
        XCTAssertEqual(try h.text("b.yaml"), "- x\n- |\n  e\n")
        XCTAssertEqual(try load(h, "b.yaml"), #"["x", "e\n"]"#)
    }

    func testSortComparesBlockScalarsAndAliasesByValue() throws {
        let h = try Harness()
        try h.write("c.yaml", "k: &x c\nl:\n  - d\n  - |\n    b\n  - *x\n  - \"a\\x41\"\n")
        XCTAssertEqual(try h.run(["sort", "-p", "/l", "c.yaml"]).status, 0)
        XCTAssertEqual(try load(h, "c.yaml"), #"{"k": "c", "l": ["aA", "b\n", "c", "d"]}"#)
    }
}
