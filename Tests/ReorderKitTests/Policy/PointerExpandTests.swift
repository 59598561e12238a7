@testable import ReorderKit
import XCTest

/// `Policy.expand`: the concrete lists a pointer with `*` segments names.
final class PointerExpandTests: XCTestCase {
    func expand(_ pattern: String, _ text: String, _ format: ListFormat, document: Int? = nil) throws -> [String] {
        try Policy.expand(try PointerPattern(pattern), in: Array(text.utf8), format: format, document: document)
            .map { JSONPointer(tokens: $0).text }
    }

    func testAStarInAMappingStandsForItsKeysNotItsMembersText() throws {
        XCTAssertEqual(try expand("/*/x", #"{"a": {"x": [2, 1]}, "b": {"x": []}, "c": 1}"#, .json), ["/a/x", "/b/x"])
        XCTAssertEqual(try expand("/*/x", "a:\n  x: [b, a]\nb:\n  y: 1\nc:\n  x: [d, c]\n", .yaml), ["/a/x", "/c/x"])
    }

    func testAStarInASequenceStandsForItsIndicesInOrder() throws {
        let yaml = "repos:\n  - hooks: [b, a]\n  - repo: local\n  - hooks: [d, c]\n"
        XCTAssertEqual(try expand("/repos/*/hooks", yaml, .yaml), ["/repos/0/hooks", "/repos/2/hooks"])
    }

    func testAStarInATOMLTableSeesItsSectionsAndItsLines() throws {
        let toml = "top = [\"z\", \"y\"]\n[a]\nlist = [\"b\", \"a\"]\n[b]\nlist = [\"d\", \"c\"]\n[[bin]]\nlist = [1]\n"
        XCTAssertEqual(try expand("/*/list", toml, .toml), ["/a/list", "/b/list"])
        XCTAssertEqual(try expand("/bin/*/list", toml, .toml), ["/bin/0/list"])
    }

    func testTildeTwoIsAKeyThatIsAStar() throws {
        XCTAssertEqual(try expand("/~2", #"{"*": [1], "a": [2]}"#, .json), ["/*"])
    }

    /// What a finding reports: a concrete list as `list = "…"` writes it,
    /// which reads back as the same tokens (a Markdown heading that is a
    /// number keeps its `~3`, not RFC 6901's `~03`).
    func testAListIsReportedAsThePolicyWritesIt() throws {
        let markdown = "# Releases\n\n## 2024\n\n- b\n- a\n\n## a/b~c\n\n- d\n- c\n"
        let tokens = try Policy.expand(try PointerPattern("/Releases/*"), in: Array(markdown.utf8), format: .markdown, document: nil)
        XCTAssertEqual(tokens.map(PointerPattern.text(of:)), ["/Releases/~32024", "/Releases/a~1b~0c"])
        XCTAssertEqual(PointerPattern.text(of: ["*", "x~3"]), "/~2/x~03")
        XCTAssertEqual(PointerPattern.text(of: []), "")
        for text in ["/Releases/~32024", "/Releases/a~1b~0c", "/~2/x~03", "/a/0/b c"] {
            XCTAssertEqual(PointerPattern.text(of: try PointerPattern(text).segments.map { $0! }), text)
        }
    }
}
