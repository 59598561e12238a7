import Foundation
import ReorderKit
import ReorderTestFormat
import XCTest

/// The contract every format in `ListFormat.all` keeps, checked on the
/// fixtures in `.fixtures/contract/<format name>/` (next to this file: a
/// hidden folder, which SwiftPM does not take for unhandled resources; found
/// from `#filePath`; nothing outside the repository is read).
///
/// Fixtures. Every file of a format's folder is a fixture, except hidden
/// files and `NAME.args` files. `NAME.args`, beside fixture `NAME.ext`,
/// gives its read options, one `key=value` a line: `pointer=/a/b` (the list
/// at that pointer), `document=N` (YAML: the document of a stream),
/// `delimiter=;` and `no-header=true` (CSV, TSV).
/// Without one, the list is the document's root, read with default options.
/// The folder's `.gitattributes` keeps git from converting line endings:
/// the CRLF fixtures stay CRLF on a fresh clone. A format in
/// `ListFormat.all` without a folder, or with fewer than
/// `minimumFixtures` fixtures, fails `testEveryFormatBringsFixtures`: a new
/// format must bring its own.
///
/// Marked comments. A comment holding `@N` (N a source index) sits on item
/// N by the format's rule: on a line of its own directly above it, or at
/// the end of its line (`@` is used nowhere else in the fixtures). A
/// comment is *attached* to an item when it lies within the item's bytes,
/// or just before them with only blanks and line breaks between, or after
/// them on the item's line with only blanks and at most one comma between
/// (a JSONC comment after the comma is the item's, outside its range).
///
/// The checks, for every fixture:
/// - the identity arrangement renders the source byte for byte;
/// - reversing, re-reading and reversing again gives the source;
/// - every move i → j (all pairs when the list has at most
///   `allPairsLimit` items; from and to the first, a middle and the last
///   item when it has more), re-read, has the source items in the moved
///   order, byte for byte, and moving j → i on the re-read result gives the
///   source;
/// - random orders of all the items at once (`CONTRACT_ORDERS` of them
///   from `CONTRACT_SEED`) read back in that order, byte for byte, and the
///   inverse order gives the source;
/// - deleting item i, re-reading, inserting `insertText(ofItem: i)` at i and
///   re-reading gives the same item *values* in order. Values, not bytes:
///   an item's comments are deleted with it and not inserted again, and a
///   new item is written in the format's own way (a YAML entry with the
///   list's dash and indentation, a TOML dotted key with the table's path).
///   An item's value is its `insertText`, or its bytes when that is nil
///   (an item of several lines), which the format reads the same after
///   both edits;
/// - the marked comments are attached to their item in the source, and to
///   the item that was N after a reverse and after every move.
///
/// Known bugs. `.fixtures/known-bugs/<format name>/` holds fixtures this
/// suite would fail on, left out of `contract/` until their format is
/// fixed (it reads nothing from that folder; its README.md says what each
/// shows). When one is fixed, move its fixture into `contract/`.
///
/// A format of the tests only (`PathList`, in `Tests/ReorderTestFormat/`)
/// is added to the formats while each test runs: it keeps the contract
/// from outside `ReorderKit`, with fixtures of its own like any format's.
final class FormatContractTests: XCTestCase {
    static let minimumFixtures = 4
    static let allPairsLimit = 8

    override func invokeTest() {
        ListFormat.adding(PathList.format) { super.invokeTest() }
    }

    func testTheFormatOfTheTestsIsKept() {
        XCTAssertTrue(ListFormat.all.contains(PathList.format), "the contract suite runs without the format of the tests")
    }

    struct Fixture: CustomStringConvertible {
        let format: ListFormat
        let name: String
        let bytes: [UInt8]
        let options: ReadOptions
        var description: String { "\(format.name)/\(name)" }
    }

    /// What a reading of a document gives: each item's bytes, range and value.
    struct Reading {
        var items: [[UInt8]]
        var ranges: [Range<Int>]
        var values: [[UInt8]]
        var valueTexts: [[UInt8]?]
        var count: Int { items.count }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent(".fixtures", isDirectory: true)
        .appendingPathComponent("contract", isDirectory: true)

    /// The fixture files of `format`'s folder (nil: no folder).
    static func fixtureNames(of format: ListFormat) -> [String]? {
        let folder = root.appendingPathComponent(format.name, isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".args") }.sorted()
    }

    static func fixtures(of format: ListFormat) throws -> [Fixture] {
        let folder = root.appendingPathComponent(format.name, isDirectory: true)
        return try (fixtureNames(of: format) ?? []).map { name in
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            var options = ReadOptions(format: .named(format))
            let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
            let argsURL = folder.appendingPathComponent(stem + ".args")
            if FileManager.default.fileExists(atPath: argsURL.path) {
                let text = try String(contentsOf: argsURL, encoding: .utf8)
                for line in text.split(whereSeparator: \.isNewline) where !line.isEmpty && !line.hasPrefix("#") {
                    let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                    switch (parts.first, parts.count) {
                    case ("pointer", 2): options.pointer = parts[1]
                    case ("document", 2): options.document = Int(parts[1])
                    case ("delimiter", 2): options.delimiter = parts[1].utf8.first
                    case ("no-header", 2): options.noHeader = parts[1] == "true"
                    default: throw ContractError("\(format.name)/\(stem).args: unknown line \(line)")
                    }
                }
            }
            return Fixture(format: format, name: name, bytes: bytes, options: options)
        }
    }

    static func allFixtures() throws -> [Fixture] {
        try ListFormat.all.flatMap { try fixtures(of: $0) }
    }

    struct ContractError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: - Reading and editing

    func read(_ bytes: [UInt8], _ fixture: Fixture) throws -> Reading {
        try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: fixture.format, options: fixture.options)
            var reading = Reading(items: [], ranges: [], values: [], valueTexts: [])
            for index in 0..<document.count {
                let item = Array(document.itemBytes(index))
                let text = document.layout.insertText(ofItem: index)
                reading.items.append(item)
                reading.ranges.append(document.layout.itemRange(index))
                reading.valueTexts.append(text)
                reading.values.append(text ?? item)
            }
            return reading
        }
    }

    func apply(_ edit: Edit, to bytes: [UInt8], _ fixture: Fixture) throws -> [UInt8] {
        try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: fixture.format, options: fixture.options)
            return document.render(try document.arrangement(for: edit, options: EditOptions()))
        }
    }

    func render(_ arrangement: (Int) -> Arrangement, _ bytes: [UInt8], _ fixture: Fixture) throws -> [UInt8] {
        try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: fixture.format, options: fixture.options)
            return document.render(arrangement(document.count))
        }
    }

    static func move(_ from: Int, _ to: Int) -> Edit { .move(from: .index(UserIndex(from)), to: UserIndex(to)) }

    /// The moves checked for a list of `count` items.
    static func moves(count: Int) -> [(Int, Int)] {
        if count <= allPairsLimit {
            return (0..<count).flatMap { i in (0..<count).filter { $0 != i }.map { (i, $0) } }
        }
        let ends = Set([0, count / 2, count - 1])
        return (0..<count).flatMap { i in (0..<count).filter { $0 != i && (ends.contains(i) || ends.contains($0)) }.map { (i, $0) } }
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self).debugDescription }

    func texts(_ items: [[UInt8]]) -> String { "[" + items.map(text).joined(separator: ", ") + "]" }

    // MARK: - The contract

    func testEveryFormatBringsFixtures() throws {
        for format in ListFormat.all {
            guard let names = Self.fixtureNames(of: format) else {
                XCTFail("format \(format.name) has no fixture folder \(Self.root.path)/\(format.name)")
                continue
            }
            XCTAssertGreaterThanOrEqual(names.count, Self.minimumFixtures,
                                        "format \(format.name) brings \(names.count) fixtures, fewer than \(Self.minimumFixtures)")
            for fixture in try Self.fixtures(of: format) {
                let reading = try read(fixture.bytes, fixture)
                XCTAssertGreaterThanOrEqual(reading.count, 2, "\(fixture): a contract fixture needs at least 2 items")
            }
        }
    }

    func testFixturesCoverCommentsCRLFAndPointers() throws {
        for format in ListFormat.all {
            let fixtures = try Self.fixtures(of: format)
            guard !fixtures.isEmpty else { continue }
            XCTAssertTrue(fixtures.contains { $0.bytes.contains(0x0D) }, "format \(format.name): no fixture with CRLF")
            if FormatBoundOption.pointer.formats.contains(format) {
                XCTAssertTrue(fixtures.contains { !$0.options.pointer.isEmpty }, "format \(format.name): no fixture with a pointer")
            }
            if [ListFormat.jsonc, .yaml, .toml].contains(format) {
                XCTAssertTrue(fixtures.contains { !markers(in: $0.bytes).isEmpty },
                              "format \(format.name): no fixture with marked comments")
            }
        }
    }

    func testIdentityRendersTheSource() throws {
        for fixture in try Self.allFixtures() {
            let output = try render({ .identity(count: $0) }, fixture.bytes, fixture)
            XCTAssertEqual(output, fixture.bytes, "\(fixture): the identity changed bytes: \(text(output))")
        }
    }

    func testReversingTwiceGivesTheSource() throws {
        for fixture in try Self.allFixtures() {
            let source = try read(fixture.bytes, fixture)
            let once = try apply(.reverse, to: fixture.bytes, fixture)
            let reversed = try read(once, fixture)
            XCTAssertEqual(reversed.items, source.items.reversed(),
                           "\(fixture): reversed reads back as \(texts(reversed.items)) from \(text(once))")
            let twice = try apply(.reverse, to: once, fixture)
            XCTAssertEqual(twice, fixture.bytes, "\(fixture): reversed twice: \(text(twice)), not the source")
        }
    }

    func testEverySingleMoveReadsBackAndMovesBack() throws {
        for fixture in try Self.allFixtures() {
            let source = try read(fixture.bytes, fixture)
            for (i, j) in Self.moves(count: source.count) {
                let what = "\(fixture): move \(i) → \(j)"
                let output: [UInt8]
                do { output = try apply(Self.move(i, j), to: fixture.bytes, fixture) } catch {
                    XCTFail("\(what): \(error)"); continue
                }
                var expected = source.items
                expected.insert(expected.remove(at: i), at: j)
                let moved: Reading
                do { moved = try read(output, fixture) } catch {
                    XCTFail("\(what): the result \(text(output)) does not read back: \(error)"); continue
                }
                XCTAssertEqual(moved.items, expected, "\(what): reads back as \(texts(moved.items)) from \(text(output))")
                do {
                    let back = try apply(Self.move(j, i), to: output, fixture)
                    XCTAssertEqual(back, fixture.bytes, "\(what), then \(j) → \(i): \(text(back)), not the source")
                } catch {
                    XCTFail("\(what), then \(j) → \(i): \(error)")
                }
            }
        }
    }

    /// Random orders of every fixture's items, many moves at once: each
    /// reads back with the source items in that order, byte for byte, and
    /// the inverse order gives the source back. `CONTRACT_SEED` and
    /// `CONTRACT_ORDERS` in the environment run other or more orders.
    func testRandomOrdersReadBackAndOrderBack() throws {
        let environment = ProcessInfo.processInfo.environment
        var random = SeededGenerator(seed: UInt64(environment["CONTRACT_SEED"] ?? "29") ?? 29)
        let orders = Int(environment["CONTRACT_ORDERS"] ?? "") ?? 24
        for fixture in try Self.allFixtures() {
            let source = try read(fixture.bytes, fixture)
            for _ in 0..<orders {
                let order = Array(0..<source.count).shuffled(using: &random)
                let what = "\(fixture): the order \(order)"
                let output: [UInt8]
                do { output = try render({ _ in Arrangement(sourceOrder: order) }, fixture.bytes, fixture) } catch {
                    XCTFail("\(what): \(error)"); continue
                }
                let result: Reading
                do { result = try read(output, fixture) } catch {
                    XCTFail("\(what): the result \(text(output)) does not read back: \(error)"); continue
                }
                XCTAssertEqual(result.items, order.map { source.items[$0] },
                               "\(what): reads back as \(texts(result.items)) from \(text(output))")
                var inverse = [Int](repeating: 0, count: order.count)
                for (position, index) in order.enumerated() { inverse[index] = position }
                do {
                    let back = try render({ _ in Arrangement(sourceOrder: inverse) }, output, fixture)
                    XCTAssertEqual(back, fixture.bytes, "\(what), then back: \(text(back)), not the source")
                } catch {
                    XCTFail("\(what), then back: \(error)")
                }
            }
        }
    }

    func testDeleteThenInsertValueTextKeepsTheValues() throws {
        for fixture in try Self.allFixtures() {
            let source = try read(fixture.bytes, fixture)
            for i in 0..<source.count {
                guard let value = source.valueTexts[i] else { continue }
                let what = "\(fixture): delete \(i), insert \(text(value)) at \(i)"
                do {
                    let deleted = try apply(.delete(.index(UserIndex(i))), to: fixture.bytes, fixture)
                    var expected = source.values
                    expected.remove(at: i)
                    let afterDelete = try read(deleted, fixture)
                    XCTAssertEqual(afterDelete.values, expected, "\(what): after delete \(texts(afterDelete.values)) from \(text(deleted))")
                    let inserted = try apply(.insert(at: UserIndex(i), value: value), to: deleted, fixture)
                    let result = try read(inserted, fixture)
                    XCTAssertEqual(result.values, source.values, "\(what): reads back as \(texts(result.values)) from \(text(inserted))")
                } catch {
                    XCTFail("\(what): \(error)")
                }
            }
        }
    }

    func testMarkedCommentsTravelWithTheirItems() throws {
        var checked = 0
        for fixture in try Self.allFixtures() {
            let marks = markers(in: fixture.bytes)
            guard !marks.isEmpty else { continue }
            let source = try read(fixture.bytes, fixture)
            for (offset, index) in marks {
                XCTAssertLessThan(index, source.count, "\(fixture): marker @\(index) names no item")
                guard index < source.count else { continue }
                XCTAssertTrue(isAttached(offset, to: source.ranges[index], in: fixture.bytes),
                              "\(fixture): in the source, @\(index) is not on item \(index) \(text(source.items[index]))")
            }
            // The reverse, and every move: the item that was N at `position(N)`.
            var edits: [(String, Edit, (Int) -> Int)] = [("reverse", .reverse, { source.count - 1 - $0 })]
            for (i, j) in Self.moves(count: source.count) {
                edits.append(("move \(i) → \(j)", Self.move(i, j), { n in
                    var order = Array(0..<source.count)
                    order.insert(order.remove(at: i), at: j)
                    return order.firstIndex(of: n)!
                }))
            }
            for (name, edit, position) in edits {
                guard let output = try? apply(edit, to: fixture.bytes, fixture), let result = try? read(output, fixture) else {
                    XCTFail("\(fixture): \(name) failed or does not read back"); continue
                }
                let found = markers(in: output)
                XCTAssertEqual(found.map(\.index).sorted(), marks.map(\.index).sorted(),
                               "\(fixture): \(name): the marked comments are not all in \(text(output))")
                for (offset, index) in found where index < source.count && result.count == source.count {
                    let p = position(index)
                    XCTAssertTrue(isAttached(offset, to: result.ranges[p], in: output),
                                  "\(fixture): \(name): @\(index) is not on the item that was \(index), now \(p) "
                                      + "\(text(result.items[p])), in \(text(output))")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }

    // MARK: - Marked comments

    /// Each `@N` in `bytes`: the offset of its `@`, and N.
    func markers(in bytes: [UInt8]) -> [(offset: Int, index: Int)] {
        var result: [(Int, Int)] = []
        var p = 0
        while p < bytes.count {
            if bytes[p] == UInt8(ascii: "@") {
                var q = p + 1
                var n = 0
                while q < bytes.count, (0x30...0x39).contains(bytes[q]) { n = n * 10 + Int(bytes[q] - 0x30); q += 1 }
                if q > p + 1 { result.append((p, n)) }
                p = q
            } else {
                p += 1
            }
        }
        return result
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    /// Whether the comment holding the marker at `offset` is attached to the
    /// item at `range` of `bytes` (see the type's comment).
    func isAttached(_ offset: Int, to range: Range<Int>, in bytes: [UInt8]) -> Bool {
        if range.contains(offset) { return true }
        if offset < range.lowerBound {
            // The comment's end: after `*/`, or the end of its line.
            var end = offset
            while end < range.lowerBound && !Self.isLineBreak(bytes[end]) {
                if bytes[end] == UInt8(ascii: "*"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "/") { end += 2; break }
                end += 1
            }
            return bytes[end..<range.lowerBound].allSatisfy { Self.isBlank($0) || Self.isLineBreak($0) }
        }
        // After the item, on its line: blanks, at most one comma, then the
        // comment's opening.
        var p = range.upperBound
        var commas = 0
        while p < offset, Self.isBlank(bytes[p]) || bytes[p] == UInt8(ascii: ",") {
            if bytes[p] == UInt8(ascii: ",") { commas += 1 }
            p += 1
        }
        guard commas <= 1, !bytes[range.upperBound..<offset].contains(where: Self.isLineBreak) else { return false }
        let rest = bytes[p..<offset]
        return rest.starts(with: [UInt8(ascii: "#")]) || rest.starts(with: Array("//".utf8)) || rest.starts(with: Array("/*".utf8))
    }
}
