import ReorderKit
import XCTest

/// The CSV and TSV reader: which bytes are rows, what the head and the
/// positions keep, what a row is worth, and what is refused where.
final class CSVLayoutTests: XCTestCase {
    func b(_ text: String) -> [UInt8] { Array(text.utf8) }

    func options(_ format: ListFormat, delimiter: UInt8? = nil, noHeader: Bool = false, oneBased: Bool = false) -> ReadOptions {
        var options = ReadOptions(format: .named(format))
        options.delimiter = delimiter
        options.noHeader = noHeader
        options.countsFromOne = oneBased
        return options
    }

    func rows(_ text: String, _ format: ListFormat = .csv, noHeader: Bool = false) throws -> [String] {
        let bytes = b(text)
        return try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: format, options: options(format, noHeader: noHeader))
            return (0..<document.count).map { String(decoding: document.itemBytes($0), as: UTF8.self) }
        }
    }

    func rendered(_ text: String, _ order: [Int], noHeader: Bool = false) throws -> String {
        let bytes = b(text)
        return try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: .csv, options: options(.csv, noHeader: noHeader))
            return String(decoding: document.render(Arrangement(sourceOrder: order)), as: UTF8.self)
        }
    }

    /// The error's offset and text, or nil when the document reads.
    func refusal(_ text: String, _ format: ListFormat = .csv, noHeader: Bool = false) -> (Int?, String)? {
        let bytes = b(text)
        do {
            _ = try bytes.withUnsafeBytes { try ListDocument($0, format: format, options: options(format, noHeader: noHeader)) }
            return nil
        } catch let error as FormatError {
            switch error.kind {
            case .invalid(let problem): return (error.offset, problem)
            case .cannotDelimit(let what): return (error.offset, what)
            default: return (error.offset, "\(error.kind)")
            }
        } catch {
            return (nil, "\(error)")
        }
    }

    func testRowsAreTheItemsAfterTheHeader() throws {
        XCTAssertEqual(try rows(""), [])
        XCTAssertEqual(try rows("a,b"), [])
        XCTAssertEqual(try rows("a,b\n"), [])
        XCTAssertEqual(try rows("a,b\n1,2"), ["1,2"])
        XCTAssertEqual(try rows("a,b\r\n1,2\r\n3,4\r\n"), ["1,2", "3,4"])
        XCTAssertEqual(try rows("\u{FEFF}a\n1\n"), ["1"])
        XCTAssertEqual(try rows("a,b\n\"x,\ny\",\"\"\"\"\n"), ["\"x,\ny\",\"\"\"\""])
        XCTAssertEqual(try rows("a,b\n\"x\r\ny\",\"\r\"\r\n"), ["\"x\r\ny\",\"\r\""])
        XCTAssertEqual(try rows("a\n\"\"\n"), ["\"\""], "one empty field, quoted")
        XCTAssertEqual(try rows("a,b\n,\n"), [","], "two empty fields")
        XCTAssertEqual(try rows("1,2\n3,4", noHeader: true), ["1,2", "3,4"])
        XCTAssertEqual(try rows("h\tk\nx\t5\" y\n", .tsv), ["x\t5\" y"])
    }

    func testPositionsKeepTheirTerminatorsAndTheHeaderStaysFirst() throws {
        let text = "h\r\na\nb\r\nc"
        XCTAssertEqual(try rendered(text, [2, 1, 0]), "h\r\nc\nb\r\na")
        XCTAssertEqual(try rendered(text, [0, 1, 2]), text)
        XCTAssertEqual(try rendered(text, []), "h", "the file ended without a terminator: so does the header alone")
        XCTAssertEqual(try rendered("h\r\na\n", []), "h\r\n", "the header keeps its own terminator")
        XCTAssertEqual(try rendered("h\na\nb", [1]), "h\nb")
        XCTAssertEqual(try rendered("\u{FEFF}h\na\nb\n", [1, 0]), "\u{FEFF}h\nb\na\n")
        XCTAssertEqual(try rendered("b\na\n", [1, 0], noHeader: true), "a\nb\n")
    }

    func testNewRowsTakeTheLastTerminatorAndAHeaderWithoutOneGetsOne() throws {
        func inserting(_ text: String, _ row: String, at: Int) throws -> String {
            let bytes = b(text)
            return try bytes.withUnsafeBytes { source in
                let document = try ListDocument(source, format: .csv, options: options(.csv))
                let item = try document.newItem(b(row), asString: false)
                var order = Arrangement()
                for index in 0..<document.count {
                    if index == at { order.append(item: item) }
                    order.append(run: index..<index + 1)
                }
                if at == document.count { order.append(item: item) }
                return String(decoding: document.render(order), as: UTF8.self)
            }
        }
        XCTAssertEqual(try inserting("h", "x", at: 0), "h\nx")
        XCTAssertEqual(try inserting("h\r\n", "x", at: 0), "h\r\nx\r\n")
        XCTAssertEqual(try inserting("h\r\na\r\n", "x", at: 1), "h\r\na\r\nx\r\n")
        XCTAssertEqual(try inserting("h\na", "\"x\ny\"", at: 0), "h\n\"x\ny\"\na")
    }

    func testAColumnIsWorthItsDecodedText() throws {
        let bytes = b("name,n\n\"a \"\"b\"\"\",2\nz,\"1,5\"\n")
        try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: .csv, options: options(.csv))
            let layout = document.layout
            func text(_ index: Int, _ key: String?) throws -> String? {
                let pointer = try key.map { try layout.valuePointer($0) }
                guard let value = try layout.value(ofItem: index, at: pointer) else { return nil }
                return value.primaryBytes.withBytes(in: source) { String(decoding: $0, as: UTF8.self) }
            }
            XCTAssertEqual(try text(0, "name"), "a \"b\"")
            XCTAssertEqual(try text(1, "n"), "1,5")
            XCTAssertEqual(try text(1, "#0"), "z")
            XCTAssertEqual(try text(1, "/name"), "z")
            XCTAssertEqual(try text(0, nil), "\"a \"\"b\"\"\",2", "without a key, the row's bytes")
            XCTAssertThrowsError(try layout.valuePointer("#2")) { error in
                XCTAssertEqual(error as? SelectorError, .noSuchColumn(key: "#2", columns: ["name", "n"]))
            }
            XCTAssertThrowsError(try layout.valuePointer("nmae")) { error in
                XCTAssertEqual(error as? SelectorError, .noSuchColumn(key: "nmae", columns: ["name", "n"]))
            }
            XCTAssertEqual(try document.layout.sortedOrder(SortOptions(), key: "n"), [1, 0])
            XCTAssertEqual(try document.layout.sortedOrder(SortOptions(numeric: true), key: "n"), [1, 0])
            XCTAssertEqual(try document.layout.sortedOrder(SortOptions(reverse: true), key: "name"), [1, 0])
        }
        let one = b("a,b\n1,2\n")
        try one.withUnsafeBytes { source in
            let document = try ListDocument(source, format: .csv, options: options(.csv, oneBased: true))
            XCTAssertEqual(try document.layout.valuePointer("#1"), JSONPointer(tokens: ["0"]))
            XCTAssertThrowsError(try document.layout.valuePointer("#0"))
        }
    }

    /// Keys read where they stand, and keys with a `""` decoded into a
    /// buffer of their own, after keys that were not.
    func testSortByAColumnWithQuotesToDecode() throws {
        let bytes = b("k,v\nz,1\n\"b\"\"\",2\ny,3\n\"b\"\"\"\"\",4\n\"\"\"\",5\na,6\n")
        try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: .csv, options: options(.csv))
            // Decoded: z, b", y, b"", ", a.
            XCTAssertEqual(try document.layout.sortedOrder(SortOptions(), key: "k"), [4, 5, 1, 3, 2, 0])
            XCTAssertEqual(try document.layout.sortedOrder(SortOptions(reverse: true), key: "k"), [0, 2, 3, 1, 5, 4])
            XCTAssertEqual(try document.layout.sortedOrder(SortOptions(), key: "v"), [0, 1, 2, 3, 4, 5])
        }
    }

    /// `-n` of plain integers compares them as integers: the same order as
    /// the general sort by value (`sortedByValue`), which reads each as
    /// `sort -n` does, in every direction, with and without `-u`; keys
    /// that are not plain integers (`-0`, `1.5`, ` 3`) go the general way.
    func testNumericSortOfIntegersIsTheGeneralSorts() throws {
        var generator = SeededGenerator(seed: 34)
        let pieces = ["0", "7", "007", "-3", "-12", "12", "999999999999999999", "-999999999999999999", "42", "5"]
        let others = ["-0", "1.5", " 3", "", "x", "+4", "1e3"]
        for round in 0..<40 {
            let pool = round % 4 == 3 ? pieces + others : pieces
            var text = "n,k\n"
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                text += "\(pool.randomElement(using: &generator)!),\(Int.random(in: 0...3, using: &generator))\n"
            }
            let bytes = b(text)
            try bytes.withUnsafeBytes { source in
                let layout = try ListDocument(source, format: .csv, options: options(.csv)).layout
                for reverse in [false, true] {
                    for unique in [false, true] {
                        for key in ["n", "k"] {
                            let options = SortOptions(reverse: reverse, unique: unique, numeric: true)
                            XCTAssertEqual(try layout.sortedOrder(options, key: key), try layout.sortedByValue(options, key: key),
                                           "\(text.debugDescription) \(key) reverse \(reverse) unique \(unique)")
                        }
                    }
                }
            }
        }
    }

    func testRefusalsAndTheirOffsets() {
        XCTAssertEqual(refusal("a,b\n1,2,3\n")?.0, 4, "a wrong field count: the row's start")
        XCTAssertEqual(refusal("a,b\n1,\"2\n")?.0, 6, "an unterminated quote: the opening quote")
        XCTAssertEqual(refusal("a,b\n1,2\"\n")?.0, 7, "a stray quote")
        XCTAssertEqual(refusal("a,b\n\"1\"x,2\n")?.0, 6, "text after a closing quote: that quote")
        XCTAssertEqual(refusal("a,b\n1,2\n\n")?.0, 8, "a blank line")
        XCTAssertEqual(refusal("a,b\n1,2\n\r\n")?.0, 8, "a blank CRLF line")
        XCTAssertEqual(refusal("a\n1\r2\n")?.0, 3, "a CR that ends no line")
        XCTAssertEqual(refusal("a\t\"b\"\n", .tsv)?.0, 2, "TSV has no quoting")
        XCTAssertEqual(refusal("1,2\n3\n", noHeader: true)?.1, "this row has 1 field, but the first row has 2")
        XCTAssertNil(refusal("a\n\"1\r2\"\n"), "a CR inside quotes is data")
        XCTAssertNil(refusal("a\n1\r\n"))
    }

    func testANewRowIsOneRowOfTheFilesWidth() throws {
        let bytes = b("a,b\n1,2\n")
        try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: .csv, options: options(.csv))
            XCTAssertEqual(try document.newItem(b("x,\"y\nz\""), asString: false), b("x,\"y\nz\""))
            for bad in ["x", "x,y,z", "", "x,y\n", "x,y\nz,w", "x,\"y", "x,y\"z"] {
                XCTAssertThrowsError(try document.newItem(b(bad), asString: false), bad.debugDescription)
            }
        }
    }
}
