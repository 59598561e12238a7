import Foundation
import XCTest

/// Random lists in the layouts users write, random edits, each format's own
/// parser as the judge (PyYAML, Python's tomllib and json): the result loads to the
/// edit of what the input loads to, members in order, and the bytes around
/// the list are the input's. No edit may be refused. One harness for every
/// format: `Tests/fuzz-formats/fuzz.py --layouts --format F` (its cases are
/// in `layouts.py`), the differential fuzzer's strict half; `make test`
/// installs the Python packages it needs.
final class RandomLayoutTests: XCTestCase {
    static let fuzzer = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fuzz-formats/fuzz.py")

    func testYAMLLayouts() throws {
        try runLayouts(format: "yaml", seed: 20261123, cases: 300)
    }

    func testTOMLLayouts() throws {
        try runLayouts(format: "toml", seed: 20261123, cases: 400)
    }

    /// JSON with comments: comments of both kinds wherever whitespace may
    /// stand, trailing commas, the list at the root or inside a document;
    /// besides the data, no comment written twice, none lost by an edit
    /// that deletes nothing.
    func testJSONCLayouts() throws {
        try runLayouts(format: "jsonc", seed: 16005, cases: 600)
    }

    func runLayouts(format: String, seed: Int, cases: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let h = try Harness()
        guard let python = try tool("python3", package: "python3") else { return }
        let check = try h.run(["-c", "import yaml, ruamel.yaml, tomllib"], executable: URL(fileURLWithPath: python))
        guard check.status == 0 else {
            return XCTFail("PyYAML, ruamel.yaml or tomllib (Python 3.11) is missing for \(python): run 'make test', "
                + "which installs them", file: file, line: line)
        }
        let result = try h.run([RandomLayoutTests.fuzzer.path, "--layouts", "--format", format,
                                "--reorder", Harness.binary.path, "--seed", String(seed), "--cases", String(cases)],
                               executable: URL(fileURLWithPath: python))
        XCTAssertEqual(result.status, 0, result.out + result.stderr, file: file, line: line)
        XCTAssertTrue(result.out.contains("fuzz-formats --layouts \(format): \(cases) passed, 0 refused, 0 failed"),
                      result.out, file: file, line: line)
    }
}
