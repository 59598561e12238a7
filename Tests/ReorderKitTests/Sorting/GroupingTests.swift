@testable import ReorderKit
import XCTest

/// `Grouping`: the groups `sort` and a policy's rule sort within, and the
/// patterns of `--group-pattern` (`group-patterns`).
final class GroupingTests: XCTestCase {
    // MARK: - GroupPattern

    func matches(_ pattern: String, _ key: String, ignoreCase: Bool = false) throws -> Bool {
        try GroupPattern(pattern).matcher(ignoreCase: ignoreCase)(ArraySlice(key.utf8))
    }

    func assertMatches(_ pattern: String, _ yes: [String], not no: [String], ignoreCase: Bool = false,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        for key in yes { XCTAssertTrue(try matches(pattern, key, ignoreCase: ignoreCase), "\(pattern) should match \(key)", file: file, line: line) }
        for key in no { XCTAssertFalse(try matches(pattern, key, ignoreCase: ignoreCase), "\(pattern) should not match \(key)", file: file, line: line) }
    }

    func testAGlobMatchesTheWholeKeyAndASlashIsAByteLikeAnother() throws {
        try assertMatches("@myorg/*", ["@myorg/a", "@myorg/a/b", "@myorg/"], not: ["x@myorg/a", "@myorg", "@MYORG/a"])
        try assertMatches("@*", ["@a", "@myorg/x/y", "@"], not: ["a@b", "lodash"])
        try assertMatches("react", ["react"], not: ["react-dom", "preact"])
        try assertMatches("*-dom", ["react-dom", "-dom"], not: ["react-dom2"])
    }

    func testQuestionMarkClassesAndEscapes() throws {
        try assertMatches("v?", ["v1", "vx", "v/"], not: ["v", "v12"])
        try assertMatches("[a-c]*", ["apple", "cherry", "b"], not: ["date", "Apple"])
        try assertMatches("[!a-c]*", ["date", "Apple"], not: ["apple", "b"])
        try assertMatches("\\*x", ["*x"], not: ["ax", "x"])
        try assertMatches("a\\?", ["a?"], not: ["ab"])
        try assertMatches("[*]*", ["*a", "*"], not: ["a*"])
    }

    func testIgnoreCaseMatchesWithoutASCIICase() throws {
        try assertMatches("@MyOrg/*", ["@myorg/a", "@MYORG/B"], not: ["@other/a"], ignoreCase: true)
        try assertMatches("[a-c]*", ["Apple", "cherry"], not: ["Date"], ignoreCase: true)
        try assertMatches("~^flask", ["Flask-Login", "flask"], not: ["quart"], ignoreCase: true)
    }

    func testARegularExpressionMatchesAnywhereUnlessAnchored() throws {
        try assertMatches("~test", ["pytest", "test-utils", "my-test-lib"], not: ["tes", "TEST"])
        try assertMatches("~^@types/", ["@types/node"], not: ["x@types/node"])
        try assertMatches("~-dom$", ["react-dom"], not: ["react-dom2"])
    }

    func testBadPatternsAreRefusedWithTheirPlace() {
        func problem(_ text: String) -> GroupPattern.Problem? {
            do {
                _ = try GroupPattern(text)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(problem("")?.offset, 0)
        XCTAssertEqual(problem("")?.reason, "an empty pattern matches nothing")
        XCTAssertEqual(problem("~")?.offset, 1)
        XCTAssertEqual(problem("~")?.reason, "'~' starts a regular expression, and none follows")
        XCTAssertEqual(problem("ab[c")?.offset, 2)
        XCTAssertEqual(problem("~a(b")?.offset, 1)
        XCTAssertTrue(problem("~a(b")?.reason.hasPrefix("not a regular expression: ") ?? false)
        XCTAssertEqual(try GroupPattern("~^a").description, "~^a")
    }

    // MARK: - groupedOrder

    /// The items of `text` in the grouped order, as text.
    func grouped(_ text: String, format: ListFormat = .lines, sort: SortOptions = SortOptions(),
                 _ grouping: Grouping, key: String? = nil, pointer: String = "") throws -> [String] {
        try Array(text.utf8).withUnsafeBytes { source in
            let document = try ListDocument(source, format: format, options: ReadOptions(pointer: pointer))
            let order = try document.groupedOrder(try document.sortedOrder(sort, key: key), grouping,
                                                  ignoreCase: sort.ignoreCase, key: key)
            return order.map { String(decoding: source[document.layout.itemRange($0)], as: UTF8.self) }
        }
    }

    func patterns(_ texts: String...) throws -> Grouping {
        Grouping(patterns: try texts.map { try GroupPattern($0) })
    }

    func testPatternGroupsComeInTheirOrderAndUnmatchedItemsLast() throws {
        let text = Fixture.lines(["lodash", "@myorg/b", "react", "@types/node", "@myorg/a", "zod"])
        XCTAssertEqual(try grouped(text, try patterns("@myorg/*", "@*")),
                       ["@myorg/a", "@myorg/b", "@types/node", "lodash", "react", "zod"])
        // The first pattern that matches wins: '@*' takes every scope.
        XCTAssertEqual(try grouped(text, try patterns("@*", "@myorg/*")),
                       ["@myorg/a", "@myorg/b", "@types/node", "lodash", "react", "zod"])
        XCTAssertEqual(try grouped(text, try patterns("react", "~^l")),
                       ["react", "lodash", "@myorg/a", "@myorg/b", "@types/node", "zod"])
    }

    func testTiesKeepTheirOrderAndTheOptionsSortWithinEachGroup() throws {
        let text = Fixture.lines(["b", "x10", "B", "x9", "a", "x9", "A"])
        let grouping = try patterns("x*")
        XCTAssertEqual(try grouped(text, grouping), ["x10", "x9", "x9", "A", "B", "a", "b"])
        XCTAssertEqual(try grouped(text, sort: SortOptions(ignoreCase: true), grouping),
                       ["x10", "x9", "x9", "a", "A", "b", "B"])
        XCTAssertEqual(try grouped(text, sort: SortOptions(reverse: true), grouping),
                       ["x9", "x9", "x10", "b", "a", "B", "A"])
        XCTAssertEqual(try grouped(text, sort: SortOptions(unique: true), grouping), ["x10", "x9", "A", "B", "a", "b"])
        // -i matches the patterns without case too.
        XCTAssertEqual(try grouped(text, sort: SortOptions(ignoreCase: true), try patterns("[A]")),
                       ["a", "A", "b", "B", "x10", "x9", "x9"])
    }

    func testUniqueKeepsTheFirstOfEqualItemsOverTheWholeList() throws {
        // 'a' stands in both blank-line groups: the first stays, in the
        // first group; the second group loses its 'a'.
        let text = Fixture.lines(["c", "a", "", "b", "a"])
        XCTAssertEqual(try grouped(text, sort: SortOptions(unique: true), Grouping(blankLines: true)), ["a", "c", "", "b"])
    }

    func testBlankLineGroupsWithPatternsInEachGroup() throws {
        let text = Fixture.lines(["zed", "@b", "alpha", "", "@a", "beta", "", "", "gamma"])
        XCTAssertEqual(try grouped(text, Grouping(blankLines: true, patterns: [try GroupPattern("@*")])),
                       ["@b", "alpha", "zed", "", "@a", "beta", "", "", "gamma"])
    }

    func testPatternsMatchTheValueAtTheKeyAndOtherItemsGoLast() throws {
        let json = #"[{"name": "zod"}, {"name": "@x/a"}, {"id": 1}, {"name": "@myorg/q"}, {"name": "ajv"}]"#
        XCTAssertEqual(try grouped(json, format: .json, try patterns("@myorg/*", "@*"), key: "/name"),
                       [#"{"name": "@myorg/q"}"#, #"{"name": "@x/a"}"#, #"{"name": "ajv"}"#, #"{"name": "zod"}"#, #"{"id": 1}"#])
        // Numbers match by their text; null, booleans, arrays and objects
        // by nothing.
        let mixed = #"[3, "a10", 12, "x", {"a": 1}, null, 1, true, "1b"]"#
        XCTAssertEqual(try grouped(mixed, format: .json, try patterns("1*")),
                       ["1", "12", #""1b""#, "null", "true", "3", #""a10""#, #""x""#, #"{"a": 1}"#])
        // An object's members: by key.
        let object = #"{"b": 1, "@x/a": 2, "@myorg/q": 3, "a": 4}"#
        XCTAssertEqual(try grouped(object, format: .json, try patterns("@myorg/*", "@*")),
                       [#""@myorg/q": 3"#, #""@x/a": 2"#, #""a": 4"#, #""b": 1"#])
    }

    func testNoGroupingIsTheSortedOrder() throws {
        XCTAssertTrue(Grouping().isNone)
        XCTAssertEqual(try grouped(Fixture.lines(["b", "", "a"]), Grouping()), ["", "a", "b"])
    }
}
