@testable import ReorderKit
import XCTest

/// The `files` patterns of a policy, as `.gitignore` writes them.
final class GlobTests: XCTestCase {
    func assertMatches(_ pattern: String, _ yes: [String], not no: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let glob = try Glob(pattern)
        for path in yes { XCTAssertTrue(glob.matches(path), "\(pattern) should match \(path)", file: file, line: line) }
        for path in no { XCTAssertFalse(glob.matches(path), "\(pattern) should not match \(path)", file: file, line: line) }
    }

    func testANameWithoutASlashMatchesAtAnyDepth() throws {
        try assertMatches("package.json", ["package.json", "a/package.json", "a/b/c/package.json"],
                          not: ["package.json5", "a/my-package.json", "package.json/x"])
        try assertMatches("*.toml", ["Cargo.toml", "crates/x/Cargo.toml"], not: ["Cargo.toml.bak", "toml"])
    }

    func testASlashAnchorsAtThePolicysFolder() throws {
        try assertMatches("packages/*/package.json", ["packages/a/package.json"],
                          not: ["packages/package.json", "packages/a/b/package.json", "x/packages/a/package.json"])
        try assertMatches("/package.json", ["package.json"], not: ["a/package.json"])
        try assertMatches(".github/workflows/*.yml", [".github/workflows/ci.yml"], not: [".github/workflows/a/ci.yml"])
    }

    func testStarStaysInAFolderAndDoubleStarCrossesThem() throws {
        try assertMatches("src/*.json", ["src/a.json"], not: ["src/a/b.json"])
        try assertMatches("**/Cargo.toml", ["Cargo.toml", "a/Cargo.toml", "a/b/Cargo.toml"], not: ["Cargo.tomlx"])
        try assertMatches("docs/**", ["docs/a", "docs/a/b.md"], not: ["docs", "x/docs/a"])
        try assertMatches("a/**/b", ["a/b", "a/x/b", "a/x/y/b"], not: ["a/x/c", "b"])
        try assertMatches("vendor/", ["vendor/a.json", "vendor/x/y.toml", "a/vendor/b"], not: ["vendor", "a/vendor"])
        try assertMatches("/vendor/", ["vendor/a.json"], not: ["a/vendor/b"])
    }

    func testQuestionMarkClassesAndEscapes() throws {
        try assertMatches("v?.json", ["v1.json", "a/vX.json"], not: ["v10.json", "v.json"])
        try assertMatches("[abc].txt", ["a.txt", "c.txt"], not: ["d.txt", "ab.txt"])
        try assertMatches("[!a-c]*.txt", ["d.txt", "zed.txt"], not: ["a.txt", "b1.txt"])
        try assertMatches("\\[x\\].txt", ["[x].txt"], not: ["x.txt"])
        try assertMatches("*a*b*", ["ab", "xaxbx", "aab"], not: ["ba", "a"])
    }

    func testBadPatternsAreRefusedWithTheirPlace() {
        XCTAssertThrowsError(try Glob("src/[ab.json")) { error in
            XCTAssertEqual(error as? Glob.Problem,
                           Glob.Problem(reason: "'[' is not closed by ']' (write '\\[' for the character)", offset: 4))
        }
        XCTAssertThrowsError(try Glob("a[/]b")) { XCTAssertEqual(($0 as? Glob.Problem)?.offset, 1) }
        XCTAssertThrowsError(try Glob("")) { XCTAssertEqual(($0 as? Glob.Problem)?.reason, "an empty pattern matches nothing") }
        XCTAssertThrowsError(try Glob("a//b")) { XCTAssertEqual(($0 as? Glob.Problem)?.reason, "'//' makes an empty folder name") }
    }

    /// Two patterns overlap when some path matches both.
    func testOverlapsWhenSomePathMatchesBoth() throws {
        let overlapping = [("package.json", "*.json"), ("package.json", "**/package.json"), ("packages/*/package.json", "**/pack*.json"),
                           ("docs/**", "*.md"), ("a/**/b.json", "a/b.json"), ("a/**/b.json", "*/x/*.json"), ("[ab].txt", "[!a].txt"),
                           ("v?.json", "*1.json"), ("vendor/", "vendor/a/b"), ("**", "x")]
        let apart = [("*.json", "*.toml"), ("src/*.json", "lib/*.json"), ("a/**/b.json", "a/c.json"), ("docs/**", "/docs"),
                     ("[ab].txt", "[!ab].txt"), ("v?.json", "v10.json"), ("*/x.json", "/x.json"), ("a*b", "b*a")]
        for (a, b) in overlapping {
            XCTAssertTrue(try Glob(a).overlaps(try Glob(b)), "\(a) and \(b)")
            XCTAssertTrue(try Glob(b).overlaps(try Glob(a)), "\(b) and \(a)")
        }
        for (a, b) in apart {
            XCTAssertFalse(try Glob(a).overlaps(try Glob(b)), "\(a) and \(b)")
            XCTAssertFalse(try Glob(b).overlaps(try Glob(a)), "\(b) and \(a)")
        }
        XCTAssertEqual(try Glob("/src/\\[x].json").examplePath, "src/[x].json")
        XCTAssertEqual(try Glob("**/package.json").examplePath, "package.json")
        XCTAssertEqual(try Glob("ci/package.json").examplePath, "ci/package.json")
        XCTAssertNil(try Glob("*.json").examplePath)
        XCTAssertNil(try Glob("a/**/b").examplePath)
    }
}
