import ReorderKit
import XCTest

final class UnifiedDiffTests: XCTestCase {
    func diff(_ old: String, _ new: String, terminator: UInt8 = 0x0A) -> String {
        var lines: [String] = []
        Array(old.utf8).withUnsafeBytes { a in
            Array(new.utf8).withUnsafeBytes { b in
                UnifiedDiff.lines(old: a, new: b, oldLabel: "f", newLabel: "f", terminator: terminator) { _, line in
                    lines.append(String(decoding: line, as: UTF8.self))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    func testEqualInputsGiveNoDiff() {
        XCTAssertEqual(diff("a\nb\n", "a\nb\n"), "")
    }

    func testMoveToEnd() {
        XCTAssertEqual(diff("a\nb\nc\n", "b\nc\na\n"), """
        --- f
        +++ f
        @@ -1,3 +1,3 @@
        -a
         b
         c
        +a
        """)
    }

    func testMissingFinalNewlineIsNoted() {
        XCTAssertEqual(diff("a\nb", "b\na"), """
        --- f
        +++ f
        @@ -1,2 +1,2 @@
        -a
        -b
        \\ No newline at end of file
        +b
        +a
        \\ No newline at end of file
        """)
    }

    /// `-z`: one diff line per NUL-terminated item, newlines and all.
    func testItemsEndingWithNULAreTheLinesCompared() {
        XCTAssertEqual(diff("a\0two\nlines\0c\0", "two\nlines\0c\0a\0", terminator: 0), """
        --- f
        +++ f
        @@ -1,3 +1,3 @@
        -a
         "two\\nlines"
         c
        +a
        """)
        // Two items, however many newlines.
        XCTAssertTrue(diff("x\ny\0z\0", "z\0x\ny\0", terminator: 0).contains("@@ -1,2 +1,2 @@"))
    }

    /// Quoted as git quotes a path: C escapes, octal for the other
    /// control characters; other bytes, UTF-8 included, as they are.
    func testItemsWithControlCharactersQuotesOrBackslashesAreQuoted() {
        let quoted = diff("tab\there\0q\"uote\0back\\slash\0bell\u{7}\u{1}\0é\0",
                          "é\0tab\there\0q\"uote\0back\\slash\0bell\u{7}\u{1}\0", terminator: 0)
        XCTAssertEqual(quoted, """
        --- f
        +++ f
        @@ -1,5 +1,5 @@
        +é
         "tab\\there"
         "q\\"uote"
         "back\\\\slash"
         "bell\\a\\001"
        -é
        """)
    }

    func testMissingFinalNULIsNoted() {
        XCTAssertEqual(diff("a\0b", "b\0a", terminator: 0), """
        --- f
        +++ f
        @@ -1,2 +1,2 @@
        -a
        -b
        \\ No NUL at end of file
        +b
        +a
        \\ No NUL at end of file
        """)
    }

    func testDistantChangesMakeSeparateHunks() {
        let old = (0..<20).map { "l\($0)\n" }.joined()
        var lines = (0..<20).map { "l\($0)" }
        lines[0] = "x"
        lines[19] = "y"
        let new = lines.map { $0 + "\n" }.joined()
        let output = diff(old, new)
        XCTAssertTrue(output.contains("@@ -1,4 +1,4 @@"), output)
        XCTAssertTrue(output.contains("@@ -17,4 +17,4 @@"), output)
    }
}
