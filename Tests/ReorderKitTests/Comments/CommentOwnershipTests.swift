@testable import ReorderKit
import XCTest

/// The comment-ownership rule (`CommentOwnership`), one table for every
/// format that reads by it: which bytes each item owns. An item's owned
/// spans are its main bytes (leading comment lines, the item, a comment
/// before its comma) and, where the format keeps them apart, the comments
/// that end its last line (blanks before them left out).
final class CommentOwnershipTests: XCTestCase {
    enum Format: String { case jsonc, yaml, toml, keepSorted }

    struct Row {
        let format: Format
        let input: String
        var pointer = ""
        let index: Int
        let owned: [String]
        let line: UInt
        init(_ format: Format, _ input: String, pointer: String = "", _ index: Int, _ owned: [String], line: UInt = #line) {
            self.format = format
            self.input = input
            self.pointer = pointer
            self.index = index
            self.owned = owned
            self.line = line
        }
    }

    static let rows: [Row] = [
        // JSON with comments.
        Row(.jsonc, "[\n  // a1\n  /* a2 */ // a3\n  1, // one\n  2\n]\n", 0,
            ["// a1\n  /* a2 */ // a3\n  1", "// one"]),
        Row(.jsonc, "[\n  1, /* c */ // d\n  2\n]\n", 0, ["1", "/* c */ // d"]),
        Row(.jsonc, "[\n  1 /* why */,\n  2\n]\n", 0, ["1 /* why */"]),
        Row(.jsonc, "[\n  // header\n\n  // about 1\n  1,\n  2\n]\n", 0, ["// about 1\n  1"]),
        Row(.jsonc, "[\n  /* x */ 2,\n  3\n]\n", 0, ["/* x */ 2"]),
        Row(.jsonc, "[ // head\n  1,\n  2\n]\n", 0, ["1"]),
        Row(.jsonc, "[\n  1,\n  2 // two\n]\n", 1, ["2", "// two"]),
        Row(.jsonc, "[\n  1, 2 // two\n]\n", 0, ["1"]),
        Row(.jsonc, "[\n  1, // one\n  // about 2\n  2\n]\n", 1, ["// about 2\n  2"]),
        Row(.jsonc, "{\n  // about a\n  \"a\": 1 // one\n}\n", 0, ["// about a\n  \"a\": 1", "// one"]),
        // A `//` comment's blanks at the end of its line are part of it:
        // the line is still only a comment.
        Row(.jsonc, "[\n  // about 1 \t\n  /* b */ // x\t\n  1,\n  2\n]\n", 0, ["// about 1 \t\n  /* b */ // x\t\n  1"]),
        Row(.jsonc, "[\r\n  // about 1 \r\n  1,\r\n  2\r\n]\r\n", 0, ["// about 1 \r\n  1"]),
        // TOML arrays and inline tables.
        Row(.toml, "select = [\n  # pyflakes\n  \"F\",  # errors\n\n  # about E\n  \"E\",\n]\n", pointer: "/select", 0,
            ["# pyflakes\n  \"F\"", "# errors"]),
        Row(.toml, "select = [\n  # pyflakes\n  \"F\",  # errors\n\n  # about E\n  \"E\",\n]\n", pointer: "/select", 1,
            ["# about E\n  \"E\""]),
        Row(.toml, "select = [\n  # section\n\n  \"E\",\n]\n", pointer: "/select", 0, ["\"E\""]),
        Row(.toml, "select = [ # head\n  \"E\",\n]\n", pointer: "/select", 0, ["\"E\""]),
        Row(.toml, "x = [\n  1,\n  2 # two\n]\n", pointer: "/x", 1, ["2", "# two"]),
        // TOML tables and arrays of tables: whole lines, at any column.
        Row(.toml, "[deps]\n# about a\na = 1 # one\n\n# section\n\nb = 2\n", pointer: "/deps", 0, ["# about a\na = 1 # one"]),
        Row(.toml, "[deps]\n# about a\na = 1 # one\n\n# section\n\nb = 2\n", pointer: "/deps", 1, ["b = 2"]),
        Row(.toml, "[t]\n    # deep\na = 1\n", pointer: "/t", 0, ["    # deep\na = 1"]),
        Row(.toml, "# first\n[[bin]]\nname = \"a\"\n\n[[bin]]\nname = \"b\" # last\n", pointer: "/bin", 0,
            ["# first\n[[bin]]\nname = \"a\""]),
        Row(.toml, "# first\n[[bin]]\nname = \"a\"\n\n[[bin]]\nname = \"b\" # last\n", pointer: "/bin", 1,
            ["[[bin]]\nname = \"b\" # last"]),
        // YAML: comment lines at the entries' column or deeper.
        Row(.yaml, "items:\n  # about a\n  - a # one\n\n  # section\n\n  - b\n", pointer: "/items", 0, ["  # about a\n  - a # one"]),
        Row(.yaml, "items:\n  # about a\n  - a # one\n\n  # section\n\n  - b\n", pointer: "/items", 1, ["  - b"]),
        Row(.yaml, "items:\n  - a\n# shallower\n  - b\n", pointer: "/items", 1, ["  - b"]),
        Row(.yaml, "items:\n  - a\n      # deeper\n  # at the column\n  - b\n", pointer: "/items", 1,
            ["      # deeper\n  # at the column\n  - b"]),
        Row(.yaml, "a: 1\n# about b\n# and more\nb: 2 # two\n", 1, ["# about b\n# and more\nb: 2 # two"]),
        Row(.yaml, "- name: x\n  # about run\n  run: y\n", pointer: "/0", 1, ["# about run\n  run: y"]),
        // keep-sorted: lines that start with a sticky prefix stick to the
        // line below.
        Row(.keepSorted, "# about b\n# more\nb\na # one", 0, ["# about b\n# more\nb"]),
        Row(.keepSorted, "# about b\n# more\nb\na # one", 1, ["a # one"]),
        Row(.keepSorted, "# section\n\nb\na", 0, ["# section\n"]),
        Row(.keepSorted, "# section\n\nb\na", 1, ["b"]),
        Row(.keepSorted, "b\na\n# nothing below", 2, ["# nothing below"]),
    ]

    func testWhatEachItemOwns() throws {
        for row in Self.rows {
            XCTAssertEqual(try Self.owned(row), row.owned, "\(row.format) \(row.input.debugDescription)", line: row.line)
        }
    }

    /// Rule 3: a position that goes keeps its comments; the item's own go
    /// with it.
    func testCommentsAPositionKeepsWhenItGoes() throws {
        let rows: [(ListFormat, String, String, Int, String, UInt)] = [
            (.yaml, "- a\n\n# kept\n\n- b\n", "", 1, "- a\n\n# kept\n", #line),
            (.yaml, "- a\n# about b\n- b\n", "", 1, "- a\n", #line),
            // The comment above `run` is run's, and goes with it.
            (.yaml, "- name: x\n  # about run\n  run: y\n", "/0", 1, "- name: x\n", #line),
            (.yaml, "- name: x\n  # kept\n\n  # about run\n  run: y\n", "/0", 1, "- name: x\n  # kept\n", #line),
            (.toml, "[t]\na = 1\n\n# kept\n\nb = 2\n", "/t", 1, "[t]\na = 1\n\n# kept\n", #line),
            (.toml, "[t]\na = 1\n# about b\nb = 2\n", "/t", 1, "[t]\na = 1\n", #line),
            // The comment above 2 is 2's, blanks after it or not.
            (.jsonc, "[\n  1,\n  // about 2 \n  2\n]\n", "", 1, "[\n  1\n]\n", #line),
            (.jsonc, "[\n  1,\n\n  // kept\n\n  2\n]\n", "", 1, "[\n  1\n\n  // kept\n]\n", #line),
        ]
        for (format, input, pointer, index, expected, line) in rows {
            let output = try Array(input.utf8).withUnsafeBytes { source -> String in
                let document = try ListDocument(source, format: format, options: ReadOptions(pointer: pointer))
                let arrangement = try document.arrangement(for: .delete(.index(UserIndex(index))), options: EditOptions())
                return String(decoding: document.render(arrangement), as: UTF8.self)
            }
            XCTAssertEqual(output, expected, input.debugDescription, line: line)
        }
    }

    /// The spans `row`'s item owns.
    static func owned(_ row: Row) throws -> [String] {
        let bytes = Array(row.input.utf8)
        if row.format == .keepSorted {
            var options = KeepSortedOptions()
            options.commentMarker = Array("#".utf8)
            options.stickyPrefixes = [options.commentMarker]
            let lines = row.input.split(separator: "\n", omittingEmptySubsequences: false)
                .map { BlockLine(bytes: Array($0.utf8), origin: nil) }
            let group = groupLines(lines, options, KeepSortedMarkers())[row.index]
            return [group.allLines.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")]
        }
        return try bytes.withUnsafeBytes { source -> [String] in
            let format: ListFormat = row.format == .jsonc ? .jsonc : row.format == .yaml ? .yaml : .toml
            let document = try ListDocument(source, format: format, options: ReadOptions(pointer: row.pointer))
            func text(_ range: Range<Int>) -> String {
                var start = range.lowerBound
                while start < range.upperBound && (source[start] == 0x20 || source[start] == 0x09) && range.lowerBound != 0
                        && source[range.lowerBound - 1] != 0x0A {
                    start += 1
                }
                return String(decoding: source[start..<range.upperBound], as: UTF8.self)
            }
            let i = row.index
            switch document.layout {
            case let layout as JSONListLayout:
                return [text(layout.starts[i]..<layout.mainEnds[i])] + (layout.trailingComments[i].map { [text($0)] } ?? [])
            case let layout as TOMLInlineLayout:
                return [text(layout.starts[i]..<layout.valueEnds[i])] + (layout.trailingComments[i].map { [text($0)] } ?? [])
            case let layout as TOMLLineLayout:
                return [text(layout.ranges[i])]
            case let layout as YAMLLayout:
                return [text(layout.ranges[i])]
            default:
                XCTFail("\(row.format): an unexpected layout, \(type(of: document.layout))")
                return []
            }
        }
    }
}

/// The rule's quick answer for items taken in order (`CommentCursor`)
/// against its whole walk, on TOML arrays and tables of random lines:
/// comments above, beside and after items, blank lines, indentation,
/// CR LF, items asked for out of order; and on JSON with comments, block
/// comments over lines among them, at every offset.
final class CommentCursorTests: XCTestCase {
    func testTheCursorGivesWhatTheWalkGivesInJSONWithComments() throws {
        var generator = SeededGenerator(seed: 32)
        let pieces = ["1,", "// a", "// h \t", "/* b */", "/* c\n  d */", "", "  22 ,", "/* e */ 3,", "4 // f", "\t5,", "  /* g */  "]
        for round in 0..<300 {
            let lineBreak = round % 4 == 0 ? "\r\n" : "\n"
            let lines = (0..<generator.below(20)).map { _ in generator.pick(pieces).replacingOccurrences(of: "\n", with: lineBreak) }
            let text = "[" + lineBreak + lines.joined(separator: lineBreak) + lineBreak + "0]" + lineBreak
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBytes { source in
                let document = try JSONDocumentText(withComments: source)
                let ownership = CommentOwnership(ownedFrom: .comment)
                var cursor = CommentCursor(document.comments)
                var floor = 1
                for offset in 1..<source.count {
                    if generator.below(6) == 0 { floor = offset }
                    XCTAssertEqual(ownership.leadingStart(of: offset, floor: floor, in: document, cursor: &cursor),
                                   ownership.leadingStart(of: offset, floor: floor, in: document),
                                   "offset \(offset), floor \(floor) of \(text.debugDescription)")
                }
            }
        }
    }

    func testTheCursorGivesWhatTheWalkGives() throws {
        var generator = SeededGenerator(seed: 31)
        let arrayLines = ["  \"a\",", "  # about", "", "  \"b\", # beside", "    # deep", "\t\"c\",", "# left", "  \"d\" ,  # x  "]
        let tableLines = ["a1 = 1", "# about", "", "b2 = 2 # beside", "  # indented", "c3 = \"x\"", "   d4 = 4"]
        for round in 0..<400 {
            let isArray = round % 2 == 0
            let lineBreak = round % 5 == 0 ? "\r\n" : "\n"
            var seen = Set<String>()
            var lines: [String] = []
            for _ in 0..<generator.below(30) {
                var line = generator.pick(isArray ? arrayLines : tableLines)
                if !isArray, let equals = line.firstIndex(of: "=") {
                    // Every key once.
                    let key = line[..<equals].filter { $0 != " " } + "_\(lines.count)"
                    guard seen.insert(key).inserted else { continue }
                    line = String(line.prefix(while: { $0 == " " })) + key + " " + line[equals...]
                }
                lines.append(line)
            }
            let text = isArray ? "x = [" + lineBreak + lines.joined(separator: lineBreak) + lineBreak + "]" + lineBreak
                : "[t]" + lineBreak + lines.joined(separator: lineBreak) + lineBreak
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBytes { source in
                let document = try TOMLDocument(source)
                let ownership = CommentOwnership(ownedFrom: isArray ? .comment : .line)
                var starts: [(start: Int, floor: Int)] = []
                if isArray {
                    guard case .value(let value)? = document.root["x"], let list = value.array else {
                        return XCTFail("x is an array")
                    }
                    var floor = list.open + 1
                    for range in list.itemRanges {
                        starts.append((range.lowerBound, floor))
                        floor = range.upperBound
                    }
                } else if !isArray {
                    for line in document.lines {
                        var start = line.range.lowerBound
                        while start > 0 && source[start - 1] != 0x0A { start -= 1 }
                        starts.append((start, 0))
                    }
                }
                var cursor = CommentCursor(document.comments)
                // In order, then a few out of order.
                let asked = starts + (starts.isEmpty ? [] : (0..<5).map { _ in generator.pick(starts) })
                for (start, floor) in asked {
                    XCTAssertEqual(ownership.leadingStart(of: start, floor: floor, in: document, cursor: &cursor),
                                   ownership.leadingStart(of: start, floor: floor, in: document),
                                   "item at \(start) of \(text.debugDescription)")
                }
            }
        }
    }
}
