import ReorderKit
import XCTest

final class UnifiedDiffTests: XCTestCase {
    func diff(_ old: String, _ new: String) -> String {
        var lines: [String] = []
        Array(old.utf8).withUnsafeBytes { a in
            Array(new.utf8).withUnsafeBytes { b in
                UnifiedDiff.lines(old: a, new: b, oldLabel: "f", newLabel: "f") { _, line in
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
