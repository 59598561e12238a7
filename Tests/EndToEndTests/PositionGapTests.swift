import Foundation
import XCTest

/// The bytes between items belong to positions: a delete removes its item's
/// position, an insert adds a position where the new item lands, and every
/// other position keeps the bytes that followed it (a blank line between
/// two groups stays between the same two items). Before, a result with
/// fewer items lost the last position's gap and one with more added its
/// positions at the end, so a group's blank line moved to another pair of
/// items or vanished. Exact bytes, each format.
final class PositionGapTests: XCTestCase {
    /// Runs each command (its arguments, then `FILE -o -`) on `source`
    /// saved as `name`, and compares the output with the expected bytes.
    func check(_ name: String, _ source: String, _ cases: [([String], String)],
               file: StaticString = #filePath, line: UInt = #line) throws {
        let h = try Harness()
        try h.write(name, source)
        for (arguments, expected) in cases {
            let result = try h.run(arguments + [name, "-o", "-"])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)", file: file, line: line)
            XCTAssertEqual(result.out, expected, "\(arguments)", file: file, line: line)
        }
    }

    // MARK: - Lists between brackets

    /// An array written comma first (`\n, 3`) with a blank line between two
    /// groups: a new element's separator is the last line's `\n, `, not
    /// the comma before the blank line and that line's comma too (which
    /// wrote `,\n,`, JSON that does not read; the JSON fuzz target found
    /// it with CR LF line breaks).
    func testACommaFirstArrayGivesNewElementsOneComma() throws {
        try check("c.json", "[\n1\n, 2\n\n, 3\n]\n", [
            (["insert", "3", "9"], "[\n1\n, 2\n\n, 3\n, 9\n]\n"),
            (["insert", "2", "9"], "[\n1\n, 2\n\n, 9\n, 3\n]\n"),
        ])
        try check("f.json", "\n[\r\n   12,\r\n  3\r\n,\r 3 \n\r, 2\n\r \n, 3\r\n]\n", [
            (["insert", "4", "12"], "\n[\r\n   12,\r\n  3\r\n,\r 3 \n\r, 2\n\r \n, 12\n, 3\r\n]\n"),
        ])
    }

    func testJSONObjectKeepsTheBlankLineBetweenItsGroups() throws {
        let source = "{\n  \"a\": 1,\n  \"b\": 2,\n\n  \"c\": 3,\n  \"d\": 4\n}\n"
        try check("g.json", source, [
            // The first of a group, the last of one, the first of the next.
            (["delete", "0"], "{\n  \"b\": 2,\n\n  \"c\": 3,\n  \"d\": 4\n}\n"),
            (["delete", "1"], "{\n  \"a\": 1,\n\n  \"c\": 3,\n  \"d\": 4\n}\n"),
            (["delete", "2"], "{\n  \"a\": 1,\n  \"b\": 2,\n\n  \"d\": 4\n}\n"),
            (["delete", "-1"], "{\n  \"a\": 1,\n  \"b\": 2,\n\n  \"c\": 3\n}\n"),
            // At the boundary the new item stands right before c, after
            // the blank line; inside a group it joins the group.
            (["insert", "2", "\"x\": 9"], "{\n  \"a\": 1,\n  \"b\": 2,\n\n  \"x\": 9,\n  \"c\": 3,\n  \"d\": 4\n}\n"),
            (["insert", "1", "\"x\": 9"], "{\n  \"a\": 1,\n  \"x\": 9,\n  \"b\": 2,\n\n  \"c\": 3,\n  \"d\": 4\n}\n"),
            (["insert", "-1", "\"x\": 9"], "{\n  \"a\": 1,\n  \"b\": 2,\n\n  \"c\": 3,\n  \"d\": 4,\n  \"x\": 9\n}\n"),
            (["batch", "-e", "delete 0", "-e", "delete 3", "-e", "insert 1 \"x\": 9"],
             "{\n  \"b\": 2,\n\n  \"x\": 9,\n  \"c\": 3\n}\n"),
            // A replaced item keeps its position, and so its gaps.
            (["batch", "-e", "replace 1 \"y\": 8", "-e", "delete 0", "-e", "insert 0 \"x\": 9"],
             "{\n  \"x\": 9,\n  \"y\": 8,\n\n  \"c\": 3,\n  \"d\": 4\n}\n"),
        ])
    }

    func testJSONArrayKeepsTheBlankLineWhenTheItemsAroundItGo() throws {
        // Two items around the blank line deleted at once: the most
        // significant gap of those that merge (the blank line) stays.
        try check("g.json", "[\n  1,\n  2,\n\n  3,\n  4\n]\n", [
            (["batch", "-e", "delete 1", "-e", "delete 2"], "[\n  1,\n\n  4\n]\n"),
            (["delete", "=2"], "[\n  1,\n\n  3,\n  4\n]\n"),
        ])
    }

    func testJSONCKeepsGroupsAndTheirComments() throws {
        let source = """
            {
              // first group
              "a": 1,
              "b": 2, // two

              // second group
              "c": 3,
              "d": 4,
            }

            """
        try check("g.jsonc", source, [
            (["delete", "0"], "{\n  \"b\": 2, // two\n\n  // second group\n  \"c\": 3,\n  \"d\": 4,\n}\n"),
            (["delete", "1"], "{\n  // first group\n  \"a\": 1,\n\n  // second group\n  \"c\": 3,\n  \"d\": 4,\n}\n"),
            (["insert", "1", "\"x\": 9"],
             "{\n  // first group\n  \"a\": 1,\n  \"x\": 9,\n  \"b\": 2, // two\n\n  // second group\n  \"c\": 3,\n  \"d\": 4,\n}\n"),
            (["batch", "-e", "delete 0", "-e", "delete 3", "-e", "insert 1 \"x\": 9"],
             "{\n  \"b\": 2, // two\n\n  \"x\": 9,\n  // second group\n  \"c\": 3,\n}\n"),
        ])
        // A comment of a position (a blank line below it) stays at its
        // place when the item before it goes.
        try check("p.jsonc", "{\n  \"a\": 1,\n  // about the rest\n\n  \"b\": 2,\n  \"c\": 3\n}\n", [
            (["delete", "0"], "{\n  // about the rest\n\n  \"b\": 2,\n  \"c\": 3\n}\n"),
            (["delete", "1"], "{\n  \"a\": 1,\n  // about the rest\n\n  \"c\": 3\n}\n"),
        ])
    }

    func testTOMLInlineArrayKeepsTheBlankLineBetweenItsGroups() throws {
        let source = "x = [\n  1,\n  2,\n\n  3,\n  4,\n]\n"
        try check("g.toml", source, [
            (["delete", "0", "-p", "/x"], "x = [\n  2,\n\n  3,\n  4,\n]\n"),
            (["delete", "1", "-p", "/x"], "x = [\n  1,\n\n  3,\n  4,\n]\n"),
            (["delete", "2", "-p", "/x"], "x = [\n  1,\n  2,\n\n  4,\n]\n"),
            (["insert", "2", "9", "-p", "/x"], "x = [\n  1,\n  2,\n\n  9,\n  3,\n  4,\n]\n"),
            (["insert", "1", "9", "-p", "/x"], "x = [\n  1,\n  9,\n  2,\n\n  3,\n  4,\n]\n"),
            (["batch", "-p", "/x", "-e", "delete 0", "-e", "delete 3", "-e", "insert 1 9"], "x = [\n  2,\n\n  9,\n  3,\n]\n"),
        ])
    }
    // MARK: - YAML

    func testYAMLMappingKeepsTheBlankLineBetweenItsGroups() throws {
        try check("g.yaml", "a: 1\nb: 2\n\nc: 3\nd: 4\n", [
            (["delete", "0"], "b: 2\n\nc: 3\nd: 4\n"),
            (["delete", "1"], "a: 1\n\nc: 3\nd: 4\n"),
            (["delete", "2"], "a: 1\nb: 2\n\nd: 4\n"),
            (["delete", "-1"], "a: 1\nb: 2\n\nc: 3\n"),
            (["insert", "2", "x: 9"], "a: 1\nb: 2\n\nx: 9\nc: 3\nd: 4\n"),
            (["insert", "1", "x: 9"], "a: 1\nx: 9\nb: 2\n\nc: 3\nd: 4\n"),
            (["batch", "-e", "delete 0", "-e", "delete 3", "-e", "insert 1 x: 9"], "b: 2\n\nx: 9\nc: 3\n"),
            (["batch", "-e", "delete 1", "-e", "delete 2"], "a: 1\n\nd: 4\n"),
        ])
    }

    func testYAMLSequenceKeepsTheCommentsOfPositionsInPlace() throws {
        // `# about the rest` has a blank line below it: it is position 0's,
        // not b's, and stays there, with its blank line, when a goes.
        let source = "top:\n  - a\n  # about the rest\n\n  - b\n  - c\n\n  - d\n"
        try check("h.yaml", source, [
            (["delete", "0", "-p", "/top"], "top:\n  # about the rest\n\n  - b\n  - c\n\n  - d\n"),
            (["delete", "1", "-p", "/top"], "top:\n  - a\n  # about the rest\n\n  - c\n\n  - d\n"),
            (["delete", "2", "-p", "/top"], "top:\n  - a\n  # about the rest\n\n  - b\n\n  - d\n"),
            (["insert", "2", "x", "-p", "/top"], "top:\n  - a\n  # about the rest\n\n  - b\n  - x\n  - c\n\n  - d\n"),
            (["insert", "3", "x", "-p", "/top"], "top:\n  - a\n  # about the rest\n\n  - b\n  - c\n\n  - x\n  - d\n"),
            (["batch", "-p", "/top", "-e", "delete 0", "-e", "delete 3", "-e", "insert 1 x"],
             "top:\n  # about the rest\n\n  - b\n  - x\n  - c\n"),
        ])
    }
    // MARK: - TOML tables

    func testTOMLTableKeepsTheBlankLineBetweenItsGroups() throws {
        let source = "[t]\na = 1\nb = 2\n\nc = 3\nd = 4\n\n[u]\nx = 1\n"
        let rest = "\n\n[u]\nx = 1\n"
        try check("t.toml", source, [
            (["delete", "0", "-p", "/t"], "[t]\nb = 2\n\nc = 3\nd = 4" + rest),
            (["delete", "1", "-p", "/t"], "[t]\na = 1\n\nc = 3\nd = 4" + rest),
            (["delete", "2", "-p", "/t"], "[t]\na = 1\nb = 2\n\nd = 4" + rest),
            (["insert", "2", "x = 9", "-p", "/t"], "[t]\na = 1\nb = 2\n\nx = 9\nc = 3\nd = 4" + rest),
            (["insert", "1", "x = 9", "-p", "/t"], "[t]\na = 1\nx = 9\nb = 2\n\nc = 3\nd = 4" + rest),
            (["batch", "-p", "/t", "-e", "delete 0", "-e", "delete 3", "-e", "insert 1 x = 9"],
             "[t]\nb = 2\n\nx = 9\nc = 3" + rest),
            (["batch", "-p", "/t", "-e", "delete 1", "-e", "delete 2"], "[t]\na = 1\n\nd = 4" + rest),
        ])
    }

    func testTOMLSectionsKeepAnotherTablesSectionWhereItStood() throws {
        let source = "[t.a]\nk = 1\n\n# about u\n[u]\nx = 1\n\n[t.b]\nk = 2\n\n[t.c]\nk = 3\n"
        try check("s.toml", source, [
            (["delete", "0", "-p", "/t"], "# about u\n[u]\nx = 1\n\n[t.b]\nk = 2\n\n[t.c]\nk = 3\n"),
            (["delete", "1", "-p", "/t"], "[t.a]\nk = 1\n\n# about u\n[u]\nx = 1\n\n[t.c]\nk = 3\n"),
        ])
    }
    // MARK: - Markdown

    func testMarkdownLooseListStaysLoose() throws {
        // One blank line makes the whole list loose (CommonMark): deleting
        // the item before it must not take it away.
        try check("g.md", "- a\n- b\n\n- c\n", [
            (["delete", "0"], "- b\n\n- c\n"),
            (["delete", "1"], "- a\n\n- c\n"),
            (["delete", "2"], "- a\n- b\n"),
        ])
    }

    func testMarkdownListKeepsItsGroupsAndItsNumbers() throws {
        // The numbers belong to positions, as the blank line does.
        try check("o.md", "# T\n\n1. a\n2. b\n\n3. c\n4. d\n\nafter\n", [
            (["delete", "0"], "# T\n\n1. b\n\n2. c\n3. d\n\nafter\n"),
            (["delete", "1"], "# T\n\n1. a\n\n2. c\n3. d\n\nafter\n"),
            (["delete", "2"], "# T\n\n1. a\n2. b\n\n3. d\n\nafter\n"),
            (["insert", "2", "x"], "# T\n\n1. a\n2. b\n\n3. x\n4. c\n5. d\n\nafter\n"),
            (["insert", "1", "x"], "# T\n\n1. a\n2. x\n3. b\n\n4. c\n5. d\n\nafter\n"),
            (["batch", "-e", "delete 0", "-e", "delete 2", "-e", "insert 1 x"], "# T\n\n1. b\n\n2. x\n3. d\n\nafter\n"),
        ])
        // Where every item is parted by a blank line, so is a new one.
        try check("l.md", "- a\n\n- b\n\n- c\n", [
            (["insert", "2", "x"], "- a\n\n- b\n\n- x\n\n- c\n"),
            (["delete", "0"], "- b\n\n- c\n"),
        ])
    }
}
