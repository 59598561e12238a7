@testable import ReorderKit
import XCTest

/// `KeepSorted.fix` on text and on bytes, for the keep-sorted tests.
enum KeepSortedRun {
    /// The fixed bytes of `source`, and the warnings.
    static func fix(_ source: [UInt8], marker: String = KeepSorted.defaultMarker) -> (bytes: [UInt8], warnings: [KeepSortedWarning]) {
        source.withUnsafeBytes { buffer in
            let result = KeepSorted.fix(buffer, markers: KeepSortedMarkers(name: marker))
            return (PieceOutput(source: buffer, pieces: result.pieces).render(), result.warnings)
        }
    }

    static func fix(_ text: String, marker: String = KeepSorted.defaultMarker) -> (text: String, warnings: [KeepSortedWarning]) {
        let (bytes, warnings) = fix(Array(text.utf8), marker: marker)
        return (String(decoding: bytes, as: UTF8.self), warnings)
    }

    /// A block of `lines` under `// keep-sorted start OPTIONS`, each line
    /// ending with a newline.
    static func block(_ options: String, _ lines: [String]) -> String {
        "// keep-sorted start" + (options.isEmpty ? "" : " " + options) + "\n"
            + lines.map { $0 + "\n" }.joined() + "// keep-sorted end\n"
    }
}

extension XCTestCase {
    /// Asserts that the block `lines` with `options` sorts to `expected`,
    /// with no warning, and that sorting the result changes nothing.
    func assertSorts(_ options: String, _ lines: [String], _ expected: [String],
                     file: StaticString = #filePath, line: UInt = #line) {
        let (fixed, warnings) = KeepSortedRun.fix(KeepSortedRun.block(options, lines))
        XCTAssertEqual(fixed, KeepSortedRun.block(options, expected), file: file, line: line)
        XCTAssertEqual(warnings, [], file: file, line: line)
        XCTAssertEqual(KeepSortedRun.fix(fixed).text, fixed, "a second run changed it", file: file, line: line)
    }
}
