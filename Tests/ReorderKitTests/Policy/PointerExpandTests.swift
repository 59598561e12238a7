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
}
