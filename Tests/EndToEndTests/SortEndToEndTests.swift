import Foundation
import XCTest

/// `reorder sort` through the built binary.
final class SortEndToEndTests: XCTestCase {
    func testSortsLinesInPlaceAndASecondRunChangesNothing() throws {
        let h = try Harness()
        try h.write("list.txt", "pear\r\nApple\r\nfig\r\napple")
        XCTAssertEqual(try h.run(["sort", "--check", "list.txt"]).status, 1)
        let result = try h.run(["sort", "list.txt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("list.txt"), "Apple\r\napple\r\nfig\r\npear")
        XCTAssertEqual(try h.run(["sort", "--check", "list.txt"]).status, 0)
        XCTAssertEqual(try h.listing(), ["list.txt"])
    }

    func testSortOptions() throws {
        let h = try Harness()
        let input = Data("b\nB\na\n10\n9\nb\n".utf8)
        XCTAssertEqual(try h.run(["sort"], stdin: input).out, "10\n9\nB\na\nb\nb\n")
        XCTAssertEqual(try h.run(["sort", "-r"], stdin: input).out, "b\nb\na\nB\n9\n10\n")
        XCTAssertEqual(try h.run(["sort", "-u"], stdin: input).out, "10\n9\nB\na\nb\n")
        XCTAssertEqual(try h.run(["sort", "-i"], stdin: input).out, "10\n9\na\nb\nB\nb\n")
        XCTAssertEqual(try h.run(["sort", "-iu"], stdin: input).out, "10\n9\na\nb\n")
        XCTAssertEqual(try h.run(["sort", "-n"], stdin: input).out, "b\nB\na\nb\n9\n10\n")
        XCTAssertEqual(try h.run(["sort", "--numeric", "--reverse", "--unique"], stdin: input).out, "10\n9\nb\n")
    }

    func testSortsAJSONArrayByValueKeepingItsLayout() throws {
        let h = try Harness()
        try h.write("data.json", """
            {"numbers": [
                12345678901234567890123,
                1e22,
                -0.0,
                0,
                "x"
            ], "names": [{"name": "b"}, {"id": 1}, {"name": "\\u0061"}]}

            """)
        XCTAssertEqual(try h.run(["sort", "-p", "/numbers", "data.json"]).status, 0)
        let byKey = try h.run(["sort", "-p", "/names", "--key", "/name", "data.json"])
        XCTAssertEqual(byKey.status, 0, byKey.stderr)
        XCTAssertEqual(try h.text("data.json"), """
            {"numbers": [
                -0.0,
                0,
                1e22,
                12345678901234567890123,
                "x"
            ], "names": [{"name": "\\u0061"}, {"name": "b"}, {"id": 1}]}

            """)
        XCTAssertEqual(try h.run(["sort", "-p", "/numbers", "--check", "data.json"]).status, 0)
        XCTAssertEqual(try h.run(["sort", "-p", "/names", "--key", "/name", "--check", "data.json"]).status, 0)
        // -0.0 and 0 are equal: --unique keeps the first.
        XCTAssertTrue(try h.run(["sort", "-p", "/numbers", "-u", "data.json", "-o", "-"]).out.hasPrefix("""
            {"numbers": [
                -0.0,
                1e22,
                12345678901234567890123,
                "x"
            ],
            """))
    }

    func testReverseCommand() throws {
        let h = try Harness()
        XCTAssertEqual(try h.run(["reverse"], stdin: Data("a\nb\nc\n".utf8)).out, "c\nb\na\n")
        XCTAssertEqual(try h.run(["reverse", "--json"], stdin: Data("[1, 2, 3]".utf8)).out, "[3, 2, 1]")
    }

    /// `reorder sort` equals `LC_ALL=C sort -s` byte for byte, with each
    /// of -r, -u, -i (GNU: -f) and together, on files built to stress the
    /// string sort: shared prefixes longer than its keys, equal lines,
    /// empty lines, NUL (reorder: --text) and high bytes; one of them
    /// large enough for two threads. (No CRs: reorder reads CRLF as a line
    /// ending, GNU sort as a CR in the line.)
    func testSortEqualsGNUSortOnStressingFiles() throws {
        let sort = URL(fileURLWithPath: "/usr/bin/sort")
        guard FileManager.default.isExecutableFile(atPath: sort.path) else { throw XCTSkip("no /usr/bin/sort") }
        let h = try Harness()
        var random = UInt64(0x5EED_00E2E)
        func next(_ bound: Int) -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int((random >> 33) % UInt64(bound))
        }
        let alphabet: [UInt8] = [0x00, 0x20, 0x41, 0x5A, 0x5F, 0x61, 0x7A, 0x80, 0xFF]
        func file(_ count: Int, prefixLength: Int) -> [UInt8] {
            let prefixes = (0..<4).map { _ in (0..<prefixLength).map { _ in alphabet[next(alphabet.count)] } }
            var bytes: [UInt8] = []
            for _ in 0..<count {
                if next(10) > 0 {
                    bytes += prefixes[next(prefixes.count)] + (0..<next(12)).map { _ in alphabet[next(alphabet.count)] }
                }
                bytes.append(0x0A)
            }
            return bytes
        }
        var shared: [UInt8] = []
        for line in 0..<250_000 { shared += Array("line \(String(line * 7919 % 250_000).leftPadded(8)) i\(line % 1000)\n".utf8) }
        let files: [(String, [UInt8])] = [
            ("empty.txt", []), ("one.txt", Array("x\n".utf8)),
            ("short.txt", file(100, prefixLength: 3)), ("long.txt", file(3000, prefixLength: 20)),
            ("shared.txt", shared),
        ]
        for (name, bytes) in files {
            try h.write(name, bytes)
            for (ours, theirs) in [([String](), [String]()), (["-r"], ["-r"]), (["-u"], ["-u"]), (["-i"], ["-f"]),
                                   (["-i", "-r", "-u"], ["-f", "-r", "-u"])] {
                let got = try h.run(["sort", "--text"] + ours + [name, "-o", "-"])
                XCTAssertEqual(got.status, 0, got.stderr)
                let want = try h.run(["-s"] + theirs + [name], environment: ["LC_ALL": "C"], executable: sort)
                XCTAssertEqual(want.status, 0, want.stderr)
                XCTAssertTrue(got.stdout == want.stdout, "\(name) \(ours)")
            }
        }
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
