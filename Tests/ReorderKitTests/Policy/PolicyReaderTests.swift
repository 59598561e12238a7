@testable import ReorderKit
import XCTest

/// `.reorder.toml`: every key read as it is written, every error at its
/// place.
final class PolicyReaderTests: XCTestCase {
    func read(_ text: String) throws -> Policy {
        try Array(text.utf8).withUnsafeBytes { try Policy(reading: $0) }
    }

    /// The error and its `line:column`.
    func error(_ text: String) -> (PolicyError.Kind, String)? {
        Array(text.utf8).withUnsafeBytes { source -> (PolicyError.Kind, String)? in
            do throws(PolicyError) {
                _ = try Policy(reading: source)
                return nil
            } catch {
                let place = error.offset.map { JSONPlace.of($0, in: source) }.map { "\($0.line):\($0.column)" } ?? "-"
                return (error.kind, place)
            }
        }
    }

    func testEveryKey() throws {
        let policy = try read("""
            markers = false

            [[rule]]
            files = ["package.json", "packages/*/package.json"]
            list = "/dependencies"
            order = "natural"
            ignore-case = true
            unique = true
            missing = "ok"

            [[rule]]
            files = "**/Cargo.toml"
            lists = ["/dependencies", "/workspace/members", "/jobs/*/steps", "/~2/a~1b"]
            groups = "blank-lines"
            key = "/name"
            format = "toml"

            [[rule]]
            files = ["package.json"]
            list = ""
            order = "kept"
            first = ["name", "version"]
            last = ["dependencies"]

            [[rule]]
            block = "imports"
            order = "like"
            like = "order.txt"
            """)
        XCTAssertFalse(policy.markers)
        XCTAssertEqual(policy.rules.count, 4)
        let first = policy.rules[0]
        XCTAssertEqual(first.files.map(\.text), ["package.json", "packages/*/package.json"])
        XCTAssertEqual(first.lists, [.pointer(try PointerPattern("/dependencies"))])
        XCTAssertEqual(first.order, .natural)
        XCTAssertTrue(first.ignoreCase && first.unique && first.missingOK)
        let second = policy.rules[1]
        XCTAssertEqual(second.lists.count, 4)
        XCTAssertEqual(second.lists[2], .pointer(try PointerPattern("/jobs/*/steps")))
        guard case .pointer(let escaped) = second.lists[3] else { return XCTFail("not a pointer") }
        XCTAssertEqual(escaped.segments, ["*", "a/b"])
        XCTAssertEqual(second.grouping, Grouping(blankLines: true))
        XCTAssertEqual(second.key, "/name")
        XCTAssertEqual(second.format, .toml)
        XCTAssertEqual(policy.rules[2].order, .kept)
        XCTAssertEqual(policy.rules[2].first, ["name", "version"])
        XCTAssertEqual(policy.rules[2].last, ["dependencies"])
        XCTAssertEqual(policy.rules[3].lists, [.block("imports")])
        XCTAssertEqual(policy.rules[3].order, .like("order.txt"))
        guard case .pointer(let wild) = second.lists[2] else { return XCTFail("not a pointer") }
        XCTAssertEqual(wild.segments, ["jobs", nil, "steps"])
    }

    func testErrorsAndTheirPlaces() {
        let cases: [(String, PolicyError.Kind, String)] = [
            ("markerz = true\n", .unknownKey(key: "markerz", in: "the policy", suggestion: "markers"), "1:1"),
            ("[[rule]]\nfiles = \"a.json\"\nlist = \"\"\nodrer = \"sorted\"\n",
             .unknownKey(key: "odrer", in: "rule 1", suggestion: "order"), "4:1"),
            ("[[rule]]\nfiles = \"a.json\"\nlist = \"\"\norder = \"sroted\"\n",
             .unknownValue(key: "order", value: "sroted", expected: PolicyOrder.names, suggestion: "sorted"), "4:9"),
            ("[[rule]]\nfiles = \"src/[ab.json\"\nlist = \"\"\n",
             .badGlob(pattern: "src/[ab.json", reason: "'[' is not closed by ']' (write '\\[' for the character)"), "2:14"),
            ("[[rule]]\nfiles = \"a.json\"\nlist = \"deps\"\n",
             .badPointer(pointer: "deps", reason: "a pointer starts with '/' (\"\" is the root)"), "3:8"),
            ("[[rule]]\nfiles = \"a.json\"\nlist = \"/a~3\"\n",
             .badPointer(pointer: "/a~3", reason: "'~' is written '~0' ('/' is '~1', a key that is '*' is '~2')"), "3:8"),
            ("[[rule]]\nfiles = \"a.json\"\n", .missingKey(key: "list", rule: 1), "1:1"),
            ("[[rule]]\nlist = \"\"\n", .missingKey(key: "files", rule: 1), "1:1"),
            ("[[rule]]\nfiles = \"a.json\"\nlist = \"\"\nlists = [\"/a\"]\n", .both(key: "list", other: "lists", rule: 1), "3:1"),
            ("[[rule]]\nfiles = \"a.json\"\nlist = \"\"\norder = \"like\"\n", .likeWithoutPath(rule: 1), "4:1"),
            ("[[rule]]\nfiles = \"a.json\"\nlist = \"\"\nunique = \"yes\"\n", .wrongType(key: "unique", expected: "true or false"), "4:10"),
            ("[[rule]]\nfiles = \"a.json\"\nlist = \"/a\"\n\n[[rule]]\nfiles = \"a.json\"\nlist = \"/a\"\n",
             .conflict(list: "/a", files: "'a.json'", example: nil, first: 1, second: 2), "5:1"),
            // Patterns that differ but match one file; lists that differ but name one.
            ("[[rule]]\nfiles = \"package.json\"\nlist = \"/dependencies\"\n\n[[rule]]\nfiles = \"*.json\"\nlist = \"/dependencies\"\norder = \"reversed\"\n",
             .conflict(list: "/dependencies", files: "'package.json' and '*.json'", example: "package.json", first: 1, second: 2), "5:1"),
            ("[[rule]]\nfiles = \"packages/**/package.json\"\nlist = \"/*\"\n\n[[rule]]\nfiles = \"**/pack*.json\"\nlist = \"/dependencies\"\n",
             .conflict(list: "/* and /dependencies", files: "'packages/**/package.json' and '**/pack*.json'", example: nil, first: 1, second: 2), "5:1"),
            ("[[rule]]\nblock = \"x\"\n\n[[rule]]\nfiles = \"src/a.py\"\nblock = \"x\"\n",
             .conflict(list: "block x", files: "'**' and 'src/a.py'", example: "src/a.py", first: 1, second: 2), "4:1"),
            ("[[rule]]\npreset = \"package.json\"\n\n[[rule]]\nfiles = \"apps/web/package.json\"\nlist = \"/devDependencies\"\norder = \"kept\"\n",
             .conflict(list: "/devDependencies", files: "'**/package.json' and 'apps/web/package.json'", example: "apps/web/package.json", first: 1, second: 2), "4:1"),
        ]
        for (text, kind, place) in cases {
            guard let (found, at) = error(text) else {
                XCTFail("accepted: \(text.debugDescription)")
                continue
            }
            XCTAssertEqual(found, kind, text.debugDescription)
            XCTAssertEqual(at, place, "\(text.debugDescription): \(found)")
        }
    }

    func testGroupsAndGroupPatterns() throws {
        let policy = try read("""
            [[rule]]
            files = ["a.toml"]
            list = "/a"
            groups = "comments"

            [[rule]]
            files = ["a.toml"]
            list = "/b"
            groups = ["blank-lines", "comments"]
            group-patterns = ["@myorg/*", "~^@"]

            [[rule]]
            files = ["a.toml"]
            list = "/c"
            groups = "none"
            group-patterns = "x*"

            [[rule]]
            files = ["a.toml"]
            list = "/d"
            groups = "blank-lines"
            """)
        XCTAssertEqual(policy.rules.map(\.grouping), [
            Grouping(comments: true),
            Grouping(blankLines: true, comments: true, patterns: [try GroupPattern("@myorg/*"), try GroupPattern("~^@")]),
            Grouping(patterns: [try GroupPattern("x*")]),
            Grouping(blankLines: true),
        ])
        let rule = "[[rule]]\nfiles = \"a.json\"\nlist = \"\"\n"
        let cases: [(String, PolicyError.Kind, String)] = [
            (rule + "groups = \"comment\"\n",
             .unknownValue(key: "groups", value: "comment", expected: ["blank-lines", "comments", "none"], suggestion: "comments"), "4:10"),
            (rule + "groups = [\"blank-lines\", \"none\"]\n",
             .unknownValue(key: "groups", value: "none", expected: ["blank-lines", "comments"], suggestion: nil), "4:26"),
            (rule + "groups = true\n", .wrongType(key: "groups", expected: "a string or an array of strings"), "4:10"),
            (rule + "groups = [1]\n", .wrongType(key: "groups", expected: "a string"), "4:11"),
            (rule + "group-patterns = [\"@a/*\", \"@b/[c\"]\n",
             .badGroupPattern(pattern: "@b/[c", reason: "'[' is not closed by ']' (write '\\[' for the character)"), "4:31"),
            (rule + "group-patterns = [\"\"]\n", .badGroupPattern(pattern: "", reason: "an empty pattern matches nothing"), "4:20"),
            (rule + "group-patterns = \"~\"\n",
             .badGroupPattern(pattern: "~", reason: "'~' starts a regular expression, and none follows"), "4:20"),
            (rule + "group-pattern = [\"@*\"]\n",
             .unknownKey(key: "group-pattern", in: "rule 1", suggestion: "group-patterns"), "4:1"),
            (rule + "group = \"comments\"\n", .unknownKey(key: "group", in: "rule 1", suggestion: "groups"), "4:1"),
        ]
        for (text, kind, place) in cases {
            guard let (found, at) = error(text) else {
                XCTFail("accepted: \(text.debugDescription)")
                continue
            }
            XCTAssertEqual(found, kind, text.debugDescription)
            XCTAssertEqual(at, place, "\(text.debugDescription): \(found)")
        }
        // A regular expression that does not compile: at its first byte.
        guard let (found, at) = error(rule + "group-patterns = [\"~a(\"]\n"),
              case .badGroupPattern(let pattern, let reason) = found else { return XCTFail("accepted") }
        XCTAssertEqual(pattern, "~a(")
        XCTAssertTrue(reason.hasPrefix("not a regular expression: "), reason)
        XCTAssertEqual(at, "4:21")
    }

    func testInvalidTOMLIsTheReadersError() {
        guard let (kind, place) = error("[[rule]]\nfiles = [\"a\"\n") else { return XCTFail("accepted") }
        guard case .invalidTOML = kind else { return XCTFail("\(kind)") }
        XCTAssertEqual(place.split(separator: ":").first, "2")
    }

    /// A rule whose files are all of a format that reads a document as one
    /// list (CSV, TSV, lines: no `-p`) may leave `list` out, and its `key`
    /// may be a column's name; any other rule still needs both as before.
    func testListMayBeLeftOutWhereTheDocumentIsOneList() throws {
        let policy = try read("[[rule]]\nfiles = [\"data/*.csv\", \"*.tsv\"]\nkey = \"name\"\n")
        XCTAssertEqual(policy.rules[0].lists.map(\.text), [""])
        XCTAssertEqual(policy.rules[0].key, "name")
        let named = try read("[[rule]]\nfiles = \"data/table\"\nformat = \"csv\"\nkey = \"#2\"\n")
        XCTAssertEqual(named.rules[0].lists.map(\.text), [""])
        for (text, kind, place) in [
            ("[[rule]]\nfiles = [\"a.csv\", \"a.json\"]\n", PolicyError.Kind.missingKey(key: "list", rule: 1), "1:1"),
            ("[[rule]]\nfiles = \"data/*\"\n", .missingKey(key: "list", rule: 1), "1:1"),
            ("[[rule]]\nfiles = \"a.json\"\nlist = \"\"\nkey = \"name\"\n",
             .badPointer(pointer: "name", reason: "a pointer starts with '/' (\"\" is the root)"), "4:7"),
            ("[[rule]]\nkey = \"/a/*\"\nfiles = \"a.csv\"\n",
             .badPointer(pointer: "/a/*", reason: "a key names one value: no '*'"), "2:7"),
        ] {
            guard let (found, at) = error(text) else {
                XCTFail("accepted: \(text.debugDescription)")
                continue
            }
            XCTAssertEqual(found, kind, text.debugDescription)
            XCTAssertEqual(at, place, text.debugDescription)
        }
    }
}
