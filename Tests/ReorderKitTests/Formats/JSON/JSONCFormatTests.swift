import ReorderKit
import XCTest

/// Reading JSON with comments: which names are JSONC under `--format auto`,
/// where comments and trailing commas may stand, and what is refused.
final class JSONCFormatTests: XCTestCase {
    func testTheNamesEditorsReadWithComments() {
        let source: [UInt8] = Array("{}".utf8)
        func format(_ name: String) -> String {
            source.withUnsafeBytes { FormatChoice.auto.resolve(name: name, source: $0).name }
        }
        for name in ["tsconfig.json", "tsconfig.build.json", "packages/a/tsconfig.app.json", "jsconfig.json",
                     ".vscode/settings.json", "app/.vscode/launch.json", "devcontainer.json",
                     ".devcontainer/devcontainer.json", ".devcontainer.json", "x.jsonc", "X.JSONC",
                     "team.code-workspace"] {
            XCTAssertEqual(format(name), "jsonc", name)
        }
        for name in ["package.json", "settings.json", "vscode/settings.json", ".vscode/sub/settings.json",
                     "mytsconfig.json", "devcontainer.jsonc.bak", "composer.json"] {
            XCTAssertEqual(format(name), "json", name)
        }
    }

    func testCommentsAndTrailingCommasWhereverWhitespaceMayStand() throws {
        let source = """
            /* before */ { // after the brace
              "a" /* before the colon */ : /* before the value */ [1, 2, /* last */ ], // a
              "b//not a comment": "/* nor this */", "c\\"//": 3,
            } // after the document

            """
        XCTAssertEqual(try JSONEditing.items(of: Array(source.utf8), format: .jsonc),
                       [#""a" /* before the colon */ : /* before the value */ [1, 2, /* last */ ]"#,
                        #""b//not a comment": "/* nor this */""#, #""c\"//": 3"#])
        XCTAssertEqual(try JSONEditing.items(of: Array(source.utf8), format: .jsonc, pointer: "/a"), ["1", "2"])
        XCTAssertEqual(try JSONEditing.apply(.reverse, to: source, format: .jsonc, pointer: "/a"),
                       source.replacingOccurrences(of: "[1, 2, /* last */ ]", with: "[2, 1, /* last */ ]"))
    }

    /// Regression: a comma right after `[` or `{`, or after another comma,
    /// was taken for a trailing comma, so `[,]` read as an empty list.
    func testRegressionACommaThatFollowsNoValueIsNoTrailingComma() throws {
        for text in ["[,]", "{,}", "[ /* c */ , ]", "[1,,]", "{\"a\": 1,,}", "[\n  // none\n  ,\n]"] {
            XCTAssertThrowsError(try JSONEditing.items(of: Array(text.utf8), format: .jsonc), text) {
                guard case .syntax? = ($0 as? FormatError)?.kind else { return XCTFail("\(text): \($0)") }
            }
        }
        for text in ["[1,]", "[[],]", "[{},]", "{\"a\": [1,],}", "[1, // x\n]", "[1 /* a */ , /* b */ ]"] {
            XCTAssertNoThrow(try JSONEditing.items(of: Array(text.utf8), format: .jsonc), text)
        }
    }

    /// Strict JSON refuses a comment and a trailing comma, and says when
    /// the document is valid JSON with comments.
    func testStrictJSONSaysWhenTheDocumentIsJSONWithComments() {
        for text in ["[1, // one\n2]", "[1, 2,]", "{\"a\": 1 /* x */}"] {
            XCTAssertThrowsError(try JSONEditing.items(of: Array(text.utf8), format: .json), text) {
                guard case .needsJSONWithComments? = ($0 as? FormatError)?.kind else { return XCTFail("\(text): \($0)") }
            }
        }
        XCTAssertThrowsError(try JSONEditing.items(of: Array("[1,, // x\n]".utf8), format: .json)) {
            guard case .syntax? = ($0 as? FormatError)?.kind else { return XCTFail("\($0)") }
        }
    }
}
