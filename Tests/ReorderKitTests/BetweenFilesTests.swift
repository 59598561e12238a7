import ReorderKit
import ReorderTestFormat
import XCTest

/// `BetweenFiles`: items of a list of one document into a list of another,
/// in the core: both results, checked, and each error on the side it is
/// about (the command line's `move --to-file` and the pair write are
/// tested end to end, in BetweenFilesTests and PairWriteFaultTests there).
final class BetweenFilesKitTests: XCTestCase {
    func apply(_ source: String, _ format: ListFormat, list: String = "", into destination: String,
               _ destinationFormat: ListFormat, pointer: String? = nil, from: SourceSelector = .index(UserIndex(0)),
               to: BetweenFiles.Place = .index(UserIndex(-1)), copy: Bool = false) throws -> (String?, String)? {
        var options = ReadOptions(format: .named(format))
        options.pointer = list
        var otherOptions = ReadOptions(format: .named(destinationFormat))
        otherOptions.pointer = pointer ?? list
        let move = BetweenFiles(from: from, to: to, copy: copy)
        let a = Array(source.utf8), b = Array(destination.utf8)
        let result = try a.withUnsafeBytes { sourceBytes in
            try b.withUnsafeBytes { destinationBytes in
                try move.apply(from: .init(bytes: sourceBytes, format: format, options: options, name: "a"),
                               into: .init(bytes: destinationBytes, format: destinationFormat, options: otherOptions, name: "b"),
                               editOptions: EditOptions())
            }
        }
        return result.map { ($0.source.map { String(decoding: $0, as: UTF8.self) }, String(decoding: $0.destination, as: UTF8.self)) }
    }

    /// The side an error is about, and its problem.
    func failure(_ body: () throws -> Any?) -> (BetweenFiles.Side, String)? {
        do {
            _ = try body()
            XCTFail("not refused")
            return nil
        } catch let failure as BetweenFiles.Failure {
            guard let error = failure.error as? FormatError, case .betweenLists(let problem) = error.kind else {
                XCTFail("\(failure.error)")
                return nil
            }
            return (failure.side, problem)
        } catch {
            XCTFail("\(error)")
            return nil
        }
    }

    func testBothResultsAndACopyLeavesTheSource() throws {
        let moved = try XCTUnwrap(try apply("a\nb\n", .lines, into: "c\n", .lines))
        XCTAssertEqual(moved.0, "b\n")
        XCTAssertEqual(moved.1, "c\na\n")
        let copied = try XCTUnwrap(try apply("a:\n  - 1\n", .yaml, list: "/a", into: "b:\n    - 0\n", .yaml, pointer: "/b", copy: true))
        XCTAssertNil(copied.0)
        XCTAssertEqual(copied.1, "b:\n    - 0\n    - 1\n")
    }

    /// A move between files asks the format what it may do (`ListFormat`'s
    /// capabilities), rather than naming formats: a format defined outside
    /// `ReorderKit` that declares that its one list moves between files
    /// moves, and one that does not is refused.
    func testAFormatDefinedOutsideMovesBetweenFilesByWhatItDeclares() throws {
        try ListFormat.adding(PathList.format) {
            XCTAssertTrue(BetweenFiles.supports(PathList.format))
            let moved = try XCTUnwrap(try apply("a:b\n", PathList.format, into: "c:d\n", PathList.format))
            XCTAssertEqual(moved.0, "b\n")
            XCTAssertEqual(moved.1, "c:d:a\n")
        }
        let without = ListFormat(name: "pathlist-alone", claims: [], help: "", read: PathList.read)
        ListFormat.adding(without) {
            XCTAssertFalse(BetweenFiles.supports(without))
            let refused = failure { try self.apply("a:b\n", without, into: "c:d\n", without) }
            XCTAssertEqual(refused?.0, .source)
            XCTAssertEqual(refused?.1, "moving between files is not supported for PATHLIST-ALONE yet")
        }
    }

    func testAKeyClashIsTheDestinationsAndAnAliasTheSources() throws {
        let clash = failure { try self.apply("{\"d\": {\"x\": 1}}", .json, list: "/d", into: "{\"d\": {\"x\": 2}}", .json) }
        XCTAssertEqual(clash?.0, .destination)
        XCTAssertEqual(clash?.1, "'/d' has the key 'x' already (here); delete one of them first")
        let alias = failure { try self.apply("a: &x 1\nl:\n  - *x\n", .yaml, list: "/l", into: "l:\n  - 2\n", .yaml) }
        XCTAssertEqual(alias?.0, .source)
        XCTAssertEqual(alias?.1, "the item holds the alias '*x', whose anchor '&x' is not in b; write the value out, or move it by hand")
    }

    /// Values converted only where every reader of DEST's format reads the
    /// same value.
    func testConversionsAcrossFormats() throws {
        func converted(_ yaml: String, into format: ListFormat, _ destination: String) throws -> String? {
            try apply("l:\n  - \(yaml)\n", .yaml, list: "/l", into: destination, format).map { $0.1 }
        }
        XCTAssertEqual(try converted("'it''s'", into: .json, "{\"l\": []}"), "{\"l\": [\"it's\"]}")
        XCTAssertEqual(try converted("-12", into: .toml, "l = []\n"), "l = [-12]\n")
        XCTAssertEqual(try converted("hello world", into: .toml, "l = []\n"), "l = [\"hello world\"]\n")
        for uncertain in ["yes", "No", "0x1F", "1e3", "~", ".inf", "+1", "012", "[1, 2]", "a: b"] {
            let refused = failure { try converted(uncertain, into: .json, "{\"l\": []}") }
            XCTAssertEqual(refused?.0, .source, uncertain)
        }
        // JSON into TOML: no null, no object, no \/ escape.
        for element in ["null", "{\"a\": 1}", "\"a\\/b\"", "12345678901234567890"] {
            let refused = failure { try self.apply("[\(element)]", .json, into: "l = []\n", .toml, pointer: "/l") }
            XCTAssertEqual(refused?.0, .source, element)
        }
        XCTAssertEqual(try apply("[\"a\\nb\", 1.5, true]", .json, into: "l = []\n", .toml, pointer: "/l", from: .index(UserIndex(0)))?.1,
                       "l = [\"a\\nb\"]\n")
    }
}
