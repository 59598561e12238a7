@testable import ReorderKit
import XCTest

/// `ItemsAtOffset`: the lists that hold a byte offset, from the root down
/// to the innermost item (what `reorder lsp` moves at the cursor).
final class ItemsAtOffsetTests: XCTestCase {
    /// The innermost list's pointer and item at the first `^` of `marked`
    /// (the `^` taken out).
    func innermost(_ marked: String, _ format: ListFormat) throws -> String? {
        var bytes = Array(marked.utf8)
        let offset = bytes.firstIndex(of: UInt8(ascii: "^"))!
        bytes.remove(at: offset)
        return try ItemsAtOffset.chain(at: offset, in: bytes, format: format).last.map { "\($0.pointer) \($0.item)" }
    }

    func testAJSONElementOfAnInnerArrayNotItsMember() throws {
        XCTAssertEqual(try innermost("{\n  \"a\": [1, ^2, 3],\n  \"b\": []\n}\n", .json), "/a 1")
        XCTAssertEqual(try innermost("{\n  \"a\": [1, 2, 3],\n  \"b\": [\n    \"x\",\n ^   \"y\"\n  ]\n}\n", .json), "/b 1")
        // On the member's key: the member of the root object.
        XCTAssertEqual(try innermost("{\n  \"a\": [1, 2, 3],\n  \"^b\": [\n    \"x\"\n  ]\n}\n", .json), " 1")
        // Between the brackets and the items: none.
        XCTAssertNil(try innermost("^[1, 2]\n", .json))
    }

    func testANestedYAMLEntryNotItsParent() throws {
        let yaml = "a:\n  - x\n  - y:\n      - p\n   ^   - q\nb:\n  - z\n"
        XCTAssertEqual(try innermost(yaml, .yaml), "/a/1/y 1")
        XCTAssertEqual(try ItemsAtOffset.chain(at: 30, in: Array(yaml.utf8).filter { $0 != UInt8(ascii: "^") }, format: .yaml)
            .map(\.pointer), ["", "/a", "/a/1", "/a/1/y"])
        // On the parent's key: the parent's entry.
        XCTAssertEqual(try innermost("a:\n  - x\n  - ^y:\n      - p\n", .yaml), "/a/1 0")
    }

    func testTheEndOfAnItemsLineIsTheItem() throws {
        XCTAssertEqual(try innermost("[\n  1,^\n  2\n]\n", .json), " 0")
        XCTAssertEqual(try innermost("a\nb^\nc\n", .lines), " 1")
    }

    func testATOMLKeyAndAnInlineArraysElementAndAMarkdownSublist() throws {
        XCTAssertEqual(try innermost("[a]\nx = 1\n^y = 2\n\n[b]\nz = [1, 2]\n", .toml), "/a 1")
        XCTAssertEqual(try innermost("[a]\nx = 1\n\n[b]\nz = [1, ^2]\n", .toml), "/b/z 1")
        XCTAssertEqual(try innermost("# A\n\n- one\n- two\n  - ^deep\n  - deeper\n", .markdown), "/A/1 0")
    }

    func testTheListsNearby() throws {
        let yaml = "a:\n  - x\n  - y:\n      - p\n      - q\nb:\n  - z\nc: 1\n"
        let bytes = Array(yaml.utf8)
        let chain = try ItemsAtOffset.chain(at: yaml.utf8.count - 10, in: bytes, format: .yaml)
        XCTAssertEqual(chain.last?.pointer, "/b")
        let nearby = ItemsAtOffset.nearby(chain, in: bytes, format: .yaml, limit: 8, reads: 64)
        XCTAssertEqual(nearby.map(\.pointer), ["/a", ""])
        XCTAssertEqual(nearby.map(\.keyed), [false, true])
    }
}
