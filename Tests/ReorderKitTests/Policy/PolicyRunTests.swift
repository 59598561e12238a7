@testable import ReorderKit
import XCTest

/// A policy applied to one file's bytes: each order, `first`/`last`,
/// groups, `*` segments, missing lists and the findings.
final class PolicyRunTests: XCTestCase {
    func policy(_ text: String) throws -> Policy {
        try Array(text.utf8).withUnsafeBytes { try Policy(reading: $0) }
    }

    func apply(_ policyText: String, _ file: String, path: String, format: ListFormat?) throws -> PolicyFileResult {
        try policy(policyText).apply(to: Array(file.utf8), path: path, format: format)
    }

    func output(_ result: PolicyFileResult) -> String? { result.output.map { String(decoding: $0, as: UTF8.self) } }

    func rule(_ body: String) -> String { "[[rule]]\nfiles = [\"f\"]\nlist = \"/l\"\n" + body }

    func testOrders() throws {
        let list = "{\"l\": [\"v10\", \"V2\", \"v2\", \"v1.0\", \"v1.0~rc1\", \"v9\"]}"
        let cases: [(String, String)] = [
            ("", #"["V2", "v1.0", "v1.0~rc1", "v10", "v2", "v9"]"#),
            ("order = \"natural\"\n", #"["V2", "v1.0", "v1.0~rc1", "v2", "v9", "v10"]"#),
            ("order = \"natural\"\nignore-case = true\n", #"["v1.0", "v1.0~rc1", "V2", "v2", "v9", "v10"]"#),
            ("order = \"version\"\n", #"["V2", "v1.0~rc1", "v1.0", "v2", "v9", "v10"]"#),
            ("order = \"reversed\"\n", #"["v9", "v2", "v10", "v1.0~rc1", "v1.0", "V2"]"#),
            ("order = \"kept\"\nfirst = [\"v9\"]\nlast = [\"V2\"]\n", #"["v9", "v10", "v2", "v1.0", "v1.0~rc1", "V2"]"#),
        ]
        for (body, expected) in cases {
            let result = try apply(rule(body), list, path: "f", format: .json)
            XCTAssertEqual(output(result), "{\"l\": " + expected + "}", body)
        }
        let numbers = try apply(rule("order = \"numeric\"\nunique = true\n"), "{\"l\": [\"10\", \"9\", \"10\", \"1\"]}", path: "f", format: .json)
        XCTAssertEqual(output(numbers), "{\"l\": [\"1\", \"9\", \"10\"]}")
    }

    func testFirstAndLastPinKeysOfMembers() throws {
        let file = "{\n  \"scripts\": {},\n  \"version\": \"1\",\n  \"zeta\": 1,\n  \"name\": \"x\",\n  \"alpha\": 2\n}\n"
        let policy = "[[rule]]\nfiles = [\"package.json\"]\nlist = \"\"\nfirst = [\"name\", \"version\"]\nlast = [\"scripts\"]\n"
        let result = try apply(policy, file, path: "a/package.json", format: .json)
        XCTAssertEqual(output(result), "{\n  \"name\": \"x\",\n  \"version\": \"1\",\n  \"alpha\": 2,\n  \"zeta\": 1,\n  \"scripts\": {}\n}\n")
        XCTAssertEqual(result.findings.map(\.list), [""])
    }

    func testGroupsBetweenBlankLinesStayInPlace() throws {
        let file = "[deps]\nz = 1\na = 2\n\n# group two\nm = 3\nb = 4\n"
        let policy = "[[rule]]\nfiles = [\"Cargo.toml\"]\nlist = \"/deps\"\ngroups = \"blank-lines\"\n"
        let result = try apply(policy, file, path: "Cargo.toml", format: .toml)
        // The comment above m is m's (the one rule of comments): it goes with m.
        XCTAssertEqual(output(result), "[deps]\na = 2\nz = 1\n\nb = 4\n# group two\nm = 3\n")
        XCTAssertEqual(result.findings.map(\.moves), [2])
        // Lines: a blank line is no item to sort; it stays.
        let lines = try apply("[[rule]]\nfiles = [\"r.txt\"]\nlist = \"\"\ngroups = \"blank-lines\"\n", "b\na\n\nd\nc\n", path: "r.txt", format: .lines)
        XCTAssertEqual(output(lines), "a\nb\n\nc\nd\n")
    }

    func testWildcardsNameEveryKeyAndIndexAndInnerListsGoFirst() throws {
        let file = "repos:\n- repo: b\n  hooks:\n  - id: z\n  - id: y\n- repo: a\n  hooks:\n  - id: q\n  - id: p\n"
        let policy = "[[rule]]\nfiles = [\".pre-commit-config.yaml\"]\nlist = \"/repos/*/hooks\"\nkey = \"/id\"\n\n"
            + "[[rule]]\nfiles = [\".pre-commit-config.yaml\"]\nlist = \"/repos\"\nkey = \"/repo\"\n"
        let result = try apply(policy, file, path: ".pre-commit-config.yaml", format: .yaml)
        XCTAssertEqual(output(result), "repos:\n- repo: a\n  hooks:\n  - id: p\n  - id: q\n- repo: b\n  hooks:\n  - id: y\n  - id: z\n")
        XCTAssertEqual(result.findings.map(\.list), ["/repos/0/hooks", "/repos/1/hooks", "/repos"])
        XCTAssertEqual(result.findings.map(\.line), [4, 8, 2])
        XCTAssertEqual(result.findings.map(\.moved), ["y", "p", "a"])
    }

    func testAStreamsDocumentsEachAndMissingLists() throws {
        let file = "l: [b, a]\n---\nother: 1\n---\nl: [d, c]\n"
        let result = try apply(rule("missing = \"ok\"\n"), file, path: "f", format: .yaml)
        XCTAssertEqual(output(result), "l: [a, b]\n---\nother: 1\n---\nl: [c, d]\n")
        XCTAssertEqual(result.findings.map(\.document), [0, 2])
        // Without missing = "ok": each document that has the list (a
        // Kubernetes stream's Deployments, not its Services); missing only
        // when none has it.
        let strict = try apply(rule(""), file, path: "f", format: .yaml)
        XCTAssertEqual(strict.missing, [])
        XCTAssertEqual(output(strict), "l: [a, b]\n---\nother: 1\n---\nl: [c, d]\n")
        XCTAssertEqual(strict.findings.map(\.document), [0, 2])
        let none = try apply(rule(""), "a: 1\n---\nb: 2\n", path: "f", format: .yaml)
        XCTAssertEqual(none.missing, [PolicyMissing(rule: 1, list: "/l", document: nil, documents: 2)])
        XCTAssertNil(none.output)
        XCTAssertEqual(try apply(rule(""), "{}", path: "f", format: .json).missing, [PolicyMissing(rule: 1, list: "/l", document: nil)])
        // A rule for other files does nothing here.
        XCTAssertNil(try apply(rule(""), "{\"l\": [2, 1]}", path: "g", format: .json).output)
    }

    func testWhatStopsARule() throws {
        XCTAssertThrowsError(try apply(rule(""), "{\"l\": 1}", path: "f", format: .json)) { error in
            XCTAssertEqual(error as? PolicyApplyError, .notAList(rule: 1, list: "/l", found: "a number"))
        }
        XCTAssertThrowsError(try apply(rule(""), "l = 1", path: "f", format: nil)) { error in
            XCTAssertEqual(error as? PolicyApplyError, .unknownFormat(rule: 1))
        }
    }

    func testBlocksByRuleAndByMarkers() throws {
        let file = "# deps start\nb\na\n# deps end\n# keep-sorted start\nd\nc\n# keep-sorted end\n"
        let byRule = try apply("[[rule]]\nfiles = [\"f\"]\nblock = \"deps\"\norder = \"reversed\"\n", file, path: "f", format: nil)
        XCTAssertEqual(output(byRule), "# deps start\nb\na\n# deps end\n# keep-sorted start\nc\nd\n# keep-sorted end\n")
        XCTAssertEqual(byRule.findings.map(\.list), ["block keep-sorted"])
        XCTAssertEqual(byRule.findings.map(\.line), [5])
        // Without files: every file's blocks of that name.
        let reversed = try apply("[[rule]]\nblock = \"deps\"\n", file, path: "any/where.txt", format: nil)
        XCTAssertEqual(reversed.findings.map(\.list), ["block deps", "block keep-sorted"])
        XCTAssertEqual(reversed.findings.map(\.line), [1, 5])
        let off = try apply("markers = false\n", file, path: "f", format: nil)
        XCTAssertNil(off.output)
    }

    // MARK: - Groups: the fewest moves stay within them

    /// Each `move FROM TO` of the finding's script (UIKit's rules: FROM in
    /// the list before, TO in the list after) keeps its item in its group:
    /// the section (heading, blank lines) at FROM before is the one at TO
    /// after, and the item's pattern group is the one it ends in.
    func assertNoMoveCrossesAGroup(_ policyText: String, _ file: String, path: String, format: ListFormat,
                                   read options: ReadOptions, file line: UInt = #line) throws {
        let policy = try policy(policyText)
        let rule = policy.rules[0]
        let result = try policy.apply(to: Array(file.utf8), path: path, format: format)
        let finding = try XCTUnwrap(result.findings.first, line: line)
        let group: [Int] = try Array(file.utf8).withUnsafeBytes { bytes in
            let document = try ListDocument(bytes, format: format, options: options)
            let sections = document.groupSections(rule.grouping)
            let ranks = try document.patternRanks(rule.grouping, ignoreCase: rule.ignoreCase, key: rule.key)
            return (0..<document.count).map { sections[$0] * (rule.grouping.patterns.count + 1) + ranks[$0] }
        }
        let fixed: [Int] = try result.output!.withUnsafeBytes { bytes in
            let document = try ListDocument(bytes, format: format, options: options)
            let sections = document.groupSections(rule.grouping)
            let ranks = try document.patternRanks(rule.grouping, ignoreCase: rule.ignoreCase, key: rule.key)
            return (0..<document.count).map { sections[$0] * (rule.grouping.patterns.count + 1) + ranks[$0] }
        }
        let script = String(decoding: finding.script, as: UTF8.self)
        XCTAssertFalse(script.isEmpty, line: line)
        for operation in script.split(separator: "\n") {
            let words = operation.split(separator: " ")
            XCTAssertEqual(words.first, "move", String(operation), line: line)
            guard words.count == 3, let from = Int(words[1]), let to = Int(words[2]) else { return XCTFail(String(operation), line: line) }
            XCTAssertEqual(group[from], fixed[to], "\(operation) crosses a group in \(script)", line: line)
        }
        XCTAssertEqual(finding.moves, script.split(separator: "\n").count, line: line)
    }

    func testTheFewestMovesStayWithinBlankLineAndPatternGroups() throws {
        let file = "zeta\n@b/x\nalpha\n@a/y\nomega\n\nbeta\n@c/z\n@a/q\ngamma\n\ndelta\nepsilon\n"
        let policy = "[[rule]]\nfiles = [\"f.txt\"]\ngroups = \"blank-lines\"\ngroup-patterns = [\"@*\"]\n"
        try assertNoMoveCrossesAGroup(policy, file, path: "f.txt", format: .lines, read: ReadOptions(format: .named(.lines)))
        let result = try apply(policy, file, path: "f.txt", format: .lines)
        XCTAssertEqual(output(result), "@a/y\n@b/x\nalpha\nomega\nzeta\n\n@a/q\n@c/z\nbeta\ngamma\n\ndelta\nepsilon\n")
    }

    /// Needs the TOML reader's comment headings.
    func testTheFewestMovesStayWithinHeadedGroups() throws {
        let file = "[project]\ndependencies = [\n    # web\n    \"requests\",\n    \"flask\",\n    \"django\",\n    # storage\n    \"sqlalchemy\",\n    \"alembic\",\n    \"redis\",\n]\n"
        let policy = "[[rule]]\nfiles = [\"pyproject.toml\"]\nlist = \"/project/dependencies\"\ngroups = \"comments\"\n"
        var options = ReadOptions(format: .named(.toml), pointer: "/project/dependencies")
        options.commentHeadings = true
        try assertNoMoveCrossesAGroup(policy, file, path: "pyproject.toml", format: .toml, read: options)
        let result = try apply(policy, file, path: "pyproject.toml", format: .toml)
        XCTAssertEqual(output(result), "[project]\ndependencies = [\n    # web\n    \"django\",\n    \"flask\",\n    \"requests\",\n    # storage\n    \"alembic\",\n    \"redis\",\n    \"sqlalchemy\",\n]\n")
        XCTAssertEqual(result.findings.first?.group, GroupName(section: .heading("# web")))
    }
}
