import ReorderKit
import XCTest

/// What each format answers for `value(ofItem:at:)`: one row a document,
/// with the values of its items in order (nil: no value at `--key`).
final class ItemValueTests: XCTestCase {
    /// A string without a written form of its own.
    static func s(_ text: String) -> ItemValue { .string(.owned(Array(text.utf8))) }
    /// A JSON string: its decoded value, and its text in quotes.
    static func js(_ value: String, _ written: String) -> ItemValue {
        .string(.owned(Array(value.utf8)), written: .owned(Array(written.utf8)))
    }
    static func n(_ text: String) -> ItemValue { .number(text: .owned(Array(text.utf8))) }
    static func o(_ rank: Int, _ text: String) -> ItemValue { .other(kindRank: rank, text: .owned(Array(text.utf8))) }

    struct Row {
        let format: String
        let document: String
        var pointer: String? = nil
        var key: String? = nil
        let values: [ItemValue?]
        /// The values of the items read from their bytes alone, where they
        /// differ.
        var alone: [ItemValue?]? = nil
    }

    let rows: [Row] = [
        // Lines: each line's bytes, without its terminator.
        Row(format: "lines", document: "b\n a\n\n10\n", values: [s("b"), s(" a"), s(""), s("10")]),
        Row(format: "lines", document: "x\r\ny", values: [s("x"), s("y")]),
        // JSON: strings decoded (and written), numbers as written, other
        // kinds by jq's rank and their text.
        Row(format: "json", document: #"["b", "a\u0062", 1.50, -2e3, null, false, true, [1, 2], {"k": 1}]"#,
            values: [js("b", #""b""#), js("ab", #""a\u0062""#), n("1.50"), n("-2e3"), o(0, "null"), o(1, "false"),
                     o(2, "true"), o(5, "[1, 2]"), o(6, #"{"k": 1}"#)]),
        Row(format: "json", document: #"[{"name": "b", "n": 2}, {"n": 1}, {"name": "a"}]"#, key: "/name",
            values: [js("b", #""b""#), nil, js("a", #""a""#)]),
        Row(format: "json", document: #"[{"a": {"b": [10, 20]}}, {"a": {"b": [30]}}]"#, key: "/a/b/1",
            values: [n("20"), nil]),
        // A JSON object's members: their keys, decoded; with --key, inside
        // their values.
        Row(format: "json", document: #"{"z": 1, "a\u0062": {"v": "x"}}"#, values: [s("z"), s("ab")]),
        Row(format: "json", document: #"{"z": {"v": 3}, "a": {"v": "x"}}"#, key: "/v", values: [n("3"), js("x", #""x""#)]),
        // JSONC: values read with the comments blanked.
        Row(format: "jsonc", document: "[\n  // first\n  \"b\",\n  2 /* two */,\n  [1, /* in */ 2]\n]\n",
            values: [js("b", #""b""#), n("2"), o(5, "[1,          2]")]),
        // YAML: a sequence's scalars decoded, a mapping's keys; with --key,
        // the scalar inside; a flow collection by its text.
        Row(format: "yaml", document: "- b\n- 'a''s'\n- \"x\\ty\"\n- 10\n- [1, 2]\n- |\n  block\n",
            values: [s("b"), s("a's"), s("x\ty"), s("10"), s("[1, 2]"), s("block\n")],
            // Alone, the block scalar ends the document without its line
            // break, which clipping keeps only when it is there.
            alone: [s("b"), s("a's"), s("x\ty"), s("10"), s("[1, 2]"), s("block")]),
        Row(format: "yaml", document: "z: 1\n'a': 2\n", values: [s("z"), s("a")]),
        Row(format: "yaml", document: "- name: b\n  n: 2\n- n: 1\n- {name: a}\n", key: "/name",
            values: [s("b"), nil, s("a")]),
        // TOML: an array's strings decoded, numbers without '_', other
        // values as written; a table's keys (dotted, joined with '.').
        Row(format: "toml", document: "x = [\"b\", 'a', 1_000, true, [1, 2], {k = 1}]\n", pointer: "/x",
            values: [s("b"), s("a"), s("1000"), s("true"), s("[1, 2]"), s("{k = 1}")]),
        Row(format: "toml", document: "[t]\nz = 1\n\"a b\" = 2\nc.d = 3\n", pointer: "/t",
            values: [s("z"), s("a b"), s("c.d")]),
        Row(format: "toml", document: "[[p]]\nname = \"b\"\n[[p]]\nid = 1\n[[p]]\nname = \"a\"\n", pointer: "/p", key: "/name",
            values: [s("b"), nil, s("a")]),
    ]

    func testEachFormatAnswersEachItemsValue() throws {
        for row in rows {
            let bytes = Array(row.document.utf8)
            try bytes.withUnsafeBytes { buffer in
                guard let format = ListFormat.named(row.format) else { return XCTFail("no format \(row.format)") }
                let layout = try ListDocument(buffer, format: format, options: ReadOptions(pointer: row.pointer ?? "")).layout
                let pointer = try row.key.map { try layout.valuePointer($0) }
                let values = try (0..<layout.count).map { try layout.value(ofItem: $0, at: pointer)?.owned(in: layout.valueSource) }
                XCTAssertEqual(values, row.values, "\(row.format) \(row.document.debugDescription) --key \(row.key ?? "-")")
            }
        }
    }

    /// The values of items given by their bytes (as a sequential batch
    /// gives them) are the values they have in the list.
    func testItemsGivenByTheirBytesHaveTheSameValues() throws {
        for row in rows {
            let bytes = Array(row.document.utf8)
            try bytes.withUnsafeBytes { buffer in
                guard let format = ListFormat.named(row.format) else { return XCTFail("no format \(row.format)") }
                let layout = try ListDocument(buffer, format: format, options: ReadOptions(pointer: row.pointer ?? "")).layout
                let pointer = try row.key.map { try layout.valuePointer($0) }
                let values = (0..<layout.count).map { index -> ItemValue? in
                    let item = UnsafeRawBufferPointer(rebasing: buffer[layout.itemRange(index)])
                    return layout.value(ofItemBytes: item, at: pointer)?.owned(in: item)
                }
                XCTAssertEqual(values, row.alone ?? row.values, "\(row.format) \(row.document.debugDescription) --key \(row.key ?? "-")")
            }
        }
    }

    /// Lines have no values inside them: `--key` is refused.
    func testLinesRefuseAKey() throws {
        let bytes = Array("a\n".utf8)
        try bytes.withUnsafeBytes { buffer in
            let layout = try ListDocument(buffer, format: XCTUnwrap(ListFormat.named("lines")), options: ReadOptions()).layout
            XCTAssertThrowsError(try layout.valuePointer("/a"))
        }
    }
}
