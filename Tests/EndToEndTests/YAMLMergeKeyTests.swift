import Foundation
import XCTest

/// Merge keys (`<<`): a merge list is a list a user reorders on purpose;
/// the mapping that holds `<<` is refused, at the `<<`, with the reason.
final class YAMLMergeKeyTests: XCTestCase {
    /// One-letter keys: PyYAML 6.0.4 drops a merged key it has seen by
    /// the identity of the key's string, so only for strings Python keeps
    /// one copy of (one letter) does the mapping listed first win, as
    /// YAML 1.1 says; for longer keys it lets the last one win (6.0.3
    /// follows YAML 1.1 for all).
    static let config = """
        base: &base
          i: alpine
          r: 1
        fast: &fast
          r: 3
          t: 5
        job:
          n: build
          <<: [*base, *fast]

        """

    /// PyYAML's reading of `file`, as JSON with sorted keys.
    func load(_ h: Harness, _ file: String) throws -> String? {
        guard let python = try tool("python3", package: "python3") else { return nil }
        let result = try h.run(["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1])), sort_keys=True))", file],
                               executable: URL(fileURLWithPath: python))
        guard result.status == 0 else {
            XCTFail("PyYAML could not read \(file) (run 'make test', which installs it): \(result.stderr)")
            return nil
        }
        return result.out.trimmingCharacters(in: .newlines)
    }

    func testReversingAMergeListMakesTheOtherMappingWin() throws {
        let h = try Harness()
        try h.write("ci.yaml", Self.config)
        guard let before = try load(h, "ci.yaml") else { return }
        XCTAssertTrue(before.contains(#""job": {"i": "alpine", "n": "build", "r": 1, "t": 5}"#), before)
        let result = try h.run(["reverse", "-p", "/job/<<", "ci.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("ci.yaml"), Self.config.replacingOccurrences(of: "[*base, *fast]", with: "[*fast, *base]"))
        guard let after = try load(h, "ci.yaml") else { return }
        // The mapping listed first wins: now `fast`'s r.
        XCTAssertTrue(after.contains(#""job": {"i": "alpine", "n": "build", "r": 3, "t": 5}"#), after)
        XCTAssertEqual(try h.listing(), ["ci.yaml"])

        // A block merge list, moved with batch.
        try h.write("block.yaml", Self.config.replacingOccurrences(of: " [*base, *fast]", with: "\n    - *base\n    - *fast"))
        XCTAssertEqual(try h.run(["batch", "-e", "move 1 0", "-p", "/job/<<", "block.yaml"]).status, 0)
        XCTAssertEqual(try load(h, "block.yaml"), after)
    }

    /// The refusal said `1:1` and "cannot tell where the entries begin".
    func testTheMappingWithAMergeKeyIsRefusedAtTheMergeKey() throws {
        let h = try Harness()
        try h.write("ci.yaml", Self.config)
        for arguments in [["reverse", "-p", "/job", "ci.yaml"], ["sort", "-p", "/job", "ci.yaml"],
                          ["insert", "0", "{stage: test}", "-p", "/job", "ci.yaml"]] {
            let result = try h.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("reorder: ci.yaml:9:3: '/job' is a mapping with a merge key ('<<'), "
                                                  + "so some of its keys come from the mappings it merges;"), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("reorder edits nothing: reorder the merged mappings themselves, "
                                                  + "or its merge list with -p '/job/<<' (in YAML 1.1 the mapping listed first wins)\n"), result.stderr)
            XCTAssertFalse(result.stderr.contains("cannot tell"), result.stderr)
            XCTAssertEqual(try h.text("ci.yaml"), Self.config)
        }
        try h.write("one.yaml", "base: &base {a: 1}\njob: {name: x, <<: *base}\n")
        let single = try h.run(["reverse", "-p", "/job", "one.yaml"])
        XCTAssertTrue(single.stderr.hasPrefix("reorder: one.yaml:2:16: '/job' is a mapping with a merge key ('<<')"), single.stderr)
        XCTAssertTrue(single.stderr.hasSuffix("reorder the merged mappings themselves\n"), single.stderr)
        XCTAssertEqual(try h.listing(), ["ci.yaml", "one.yaml"])
    }
    /// `-p /job/<<` where `<<: *base` said "'/job/<<' is a scalar"; it is
    /// an alias of a mapping, edited where its anchor stands: the message
    /// says so and gives the pointer that reaches it.
    func testAMergeThroughAnAliasNamesTheMappingItMerges() throws {
        let h = try Harness()
        try h.write("one.yaml", "base: &base\n  b: 1\n  a: 2\nsvc:\n  <<: *base\n  c: 3\n")
        let result = try h.run(["sort", "-p", "/svc/<<", "one.yaml"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: one.yaml:5:7: '/svc/<<' is an alias ('*base') of the mapping at '/base', "
                       + "which is edited where its anchor stands, not a sequence or a mapping; choose a list with --pointer: -p '/base'\n")
        XCTAssertEqual(try h.run(["sort", "-p", "/base", "one.yaml"]).status, 0)
        XCTAssertEqual(try h.text("one.yaml"), "base: &base\n  a: 2\n  b: 1\nsvc:\n  <<: *base\n  c: 3\n")
        // The formats' help no longer says a merge list is refused.
        let help = try h.run(["help", "formats"]).out.replacingOccurrences(of: "\n  ", with: " ")
        XCTAssertFalse(help.contains("a list under a merge key"), help)
        XCTAssertTrue(help.contains("its merge list (-p /x/<<) and the mappings it merges are edited like any other"), help)
    }
}
