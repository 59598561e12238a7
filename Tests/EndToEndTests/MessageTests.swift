import Foundation
import XCTest

/// What a user reads when the input is bad: the file and the place in it,
/// whichever command read it, and a sentence, never a Swift value.
final class MessageTests: XCTestCase {
    /// One bad file of each format, its good twin, and where it goes wrong.
    struct BadFile {
        let name: String
        let bad: [UInt8]
        let good: String
        /// `LINE:COLUMN` of the fault.
        let place: String
    }

    static let badFiles = [
        BadFile(name: "bad.json", bad: Array("[1, 2,]\n".utf8), good: "[2, 1]\n", place: "1:6"),
        BadFile(name: "bad.jsonc", bad: Array("// c\n[1, 2,,]\n".utf8), good: "// c\n[2, 1]\n", place: "2:7"),
        BadFile(name: "bad.yaml", bad: Array("a:\n\t- 1\n".utf8), good: "- 2\n- 1\n", place: "2:1"),
        BadFile(name: "bad.toml", bad: Array("a = [1, 2\n".utf8), good: "a = 2\nb = 1\n", place: "1:5"),
        BadFile(name: "bad.txt", bad: Array("one\n\0two\n".utf8), good: "2\n1\n", place: "2:1"),
    ]

    /// `reorder: NAME:LINE:COLUMN: `
    static func prefix(_ name: String, _ place: String) -> String { "reorder: \(name):\(place): " }

    func testDiffNamesTheBadFileWhicheverOperandItIs() throws {
        let h = try Harness()
        for file in Self.badFiles {
            let good = "good." + file.name.split(separator: ".").last!
            try h.write(file.name, file.bad)
            try h.write(good, file.good)
            for arguments in [["diff", good, file.name], ["diff", file.name, good]] {
                let result = try h.run(arguments)
                XCTAssertEqual(result.status, 2, "\(arguments)")
                XCTAssertTrue(result.stderr.hasPrefix(Self.prefix(file.name, file.place)), "\(arguments): \(result.stderr)")
                XCTAssertEqual(result.out, "", "\(arguments)")
            }
            // Standard input is `<stdin>`, as for every other command. (Read
            // from standard input, the bad file is read in the format of the
            // named one, so the file named is the good twin of its format.)
            try h.write(file.name, file.good)
            let result = try h.run(["diff", file.name, "-"], stdin: Data(file.bad))
            XCTAssertEqual(result.status, 2, file.name)
            XCTAssertTrue(result.stderr.hasPrefix(Self.prefix("<stdin>", file.place)), "\(file.name) on stdin: \(result.stderr)")
        }
    }

    func testEveryCommandNamesTheBadFileAndThePlace() throws {
        let h = try Harness()
        try h.write("ops.txt", "move 0 1\n")
        for file in Self.badFiles {
            let good = "good." + file.name.split(separator: ".").last!
            try h.write(file.name, file.bad)
            try h.write(good, file.good)
            let commands: [[String]] = [
                ["reverse", file.name],
                ["move", "0", "1", file.name],
                ["swap", "0", "1", file.name],
                ["delete", "0", file.name],
                ["insert", "0", "3", file.name],
                ["sort", file.name],
                ["sort", "--like", file.name, good],
                ["batch", "-e", "move 0 1", file.name],
                ["batch", "-f", "ops.txt", file.name],
                ["batch", "--sequential", "-e", "move 0 1", file.name],
                ["reverse", "-o", "out", file.name],
                ["reverse", "--check", file.name],
                ["reverse", "--diff", file.name],
                ["reverse", good, file.name],
                ["diff", good, file.name],
                ["diff", file.name, good],
            ]
            for arguments in commands {
                let result = try h.run(arguments)
                XCTAssertEqual(result.status, 2, "\(arguments)")
                XCTAssertTrue(result.stderr.contains(Self.prefix(file.name, file.place)), "\(arguments): \(result.stderr)")
                XCTAssertEqual(result.stderr.components(separatedBy: "reorder: ").count, 2, "one message: \(arguments): \(result.stderr)")
                XCTAssertEqual(try h.read(file.name), file.bad, "\(arguments)")
                XCTAssertFalse(try h.listing().contains("out"), "\(arguments)")
            }
            let piped = try h.run(["reverse"], stdin: Data(file.bad))
            if file.name == "bad.json" || file.name == "bad.txt" {
                // Without a name, only JSON that starts with '[' is
                // recognised; the others are read as lines.
                XCTAssertTrue(piped.stderr.hasPrefix(Self.prefix("<stdin>", file.place)), "\(file.name) piped: \(piped.stderr)")
            }
        }
    }

    /// A value, a selector or a batch line holding a line break is shown
    /// with `\n`, so that the message stays one line (in every format).
    func testARefusedValueWithALineBreakIsShownOnOneLine() throws {
        let h = try Harness()
        try h.write("list.json", "[1]")
        try h.write("list.yaml", "- a\n")
        try h.write("list.toml", "a = [1]\n")
        try h.write("list.txt", "a\n")
        for (arguments, expected) in [
            (["insert", "0", "1\n2", "list.json"], "reorder: list.json: the value '1\\n2' is not one JSON value"),
            (["insert", "0", "a: 1\r\nb: 2", "list.yaml"], "reorder: list.yaml: the value 'a: 1\\r\\nb: 2' is not one YAML value"),
            (["insert", "0", "1\n2", "-p", "/a", "list.toml"], "reorder: list.toml: the value '1\\n2' is not one TOML"),
            (["delete", "=a\nb", "list.txt"], "reorder: list.txt: '=a\\nb' selects no item"),
            (["batch", "-e", "insert 0 1\n2", "list.json"], "reorder: list.json: in 'insert 0 1\\n2': the value '1\\n2'"),
        ] {
            let result = try h.run(arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.hasPrefix(expected), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        }
    }

    func testAnInsertedValueThatIsNotJSONNamesTheFile() throws {
        let h = try Harness()
        try h.write("list.json", "[1]")
        let result = try h.run(["insert", "0", "a b", "list.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("reorder: list.json: the value 'a b' is not one JSON value"), result.stderr)
    }

    /// `batch -e 'replace 0 {k: v}'` on YAML or TOML printed
    /// `invalidValue(value: [123, 107, …], reason: …)`.
    func testABatchsBadValueIsTheSentenceInsertGives() throws {
        let h = try Harness()
        try h.write("map.yaml", "k: 1\nj: 2\n")
        try h.write("map.toml", "k = 1\nj = 2\n")
        try h.write("list.toml", "a = [1, 2]\n")
        try h.write("list.yaml", "a:\n  - 1\n  - 2\n")
        let cases: [(file: String, pointer: [String], value: String)] = [
            ("map.yaml", [], "{k: v}"), ("map.yaml", [], "{k: v"), ("map.yaml", [], "j: 3"),
            ("map.toml", [], "{k: v}"), ("map.toml", [], "j = 3"),
            ("list.toml", ["-p", "/a"], "{k: v}"), ("list.yaml", ["-p", "/a"], "k: v"),
        ]
        for (file, pointer, value) in cases {
            let insert = try h.run(["insert", "0", value] + pointer + [file])
            XCTAssertEqual(insert.status, 2, "\(file) \(value)")
            let sentence = String(insert.stderr.dropFirst("reorder: \(file): ".count))
            XCTAssertTrue(insert.stderr.hasPrefix("reorder: \(file): the "), insert.stderr)
            for operation in ["replace 0 \(value)", "insert 0 \(value)"] {
                for sequential in [[], ["--sequential"]] {
                    let batch = try h.run(["batch"] + sequential + ["-e", operation] + pointer + [file])
                    XCTAssertEqual(batch.status, 2, "\(file) \(operation)")
                    if operation.hasPrefix("replace") && value.hasPrefix("j") {
                        // Replacing k with j: the key is the other entry's.
                        XCTAssertTrue(batch.stderr.hasPrefix("reorder: \(file): in '\(operation)': the "), batch.stderr)
                        XCTAssertTrue(batch.stderr.contains(" has the key 'j' already"), batch.stderr)
                        continue
                    }
                    XCTAssertEqual(batch.stderr, "reorder: \(file): in '\(operation)': " + sentence, "\(file) \(sequential)")
                }
            }
        }
    }

    /// An enum case as Swift prints it: `invalidValue(value: `, `keyExists(key: `.
    static func showsASwiftValue(_ message: String) -> Bool {
        message.range(of: #"[A-Za-z]\([a-z][A-Za-z]*: "#, options: .regularExpression) != nil
            || message.contains("(value:") || message.contains("reason:") || message.contains("has no message for")
    }

    func testNoMessageShowsASwiftValue() throws {
        let h = try Harness()
        try h.write("map.yaml", "k: 1\nj: 2\nm:\n  <<: {c: 3}\n  d: 4\n")
        try h.write("map.toml", "k = 1\nj = 2\n")
        try h.write("list.json", "[1, 2]\n")
        try h.write("obj.json", "{\"k\": 1}\n")
        try h.write("list.txt", "a\nb\n")
        let failing: [[String]] = [
            ["batch", "-e", "replace 0 {k: v}", "map.yaml"],
            ["batch", "-e", "replace 0 {k: v}", "map.toml"],
            ["batch", "-e", "insert 0 k: 2", "map.yaml"],
            ["batch", "-e", "insert 0 k = 2", "map.toml"],
            ["batch", "-e", "insert 0 k = ", "map.toml"],
            ["batch", "-e", "insert 0 {x", "list.json"],
            ["batch", "-e", "insert 0 \"k\": 2", "obj.json"],
            ["batch", "-e", "delete 0", "-e", "delete 0", "list.txt"],
            ["batch", "-e", "move 9 0", "list.txt"],
            ["batch", "-e", "delete ~[", "list.txt"],
            ["insert", "0", "{k: v", "map.yaml"],
            ["insert", "0", "k: v", "-p", "/m", "map.yaml"],
            ["reverse", "-p", "/m", "map.yaml"],
            ["reverse", "-p", "/x", "map.yaml"],
            ["reverse", "-p", "/x", "map.toml"],
            ["reverse", "--document", "3", "map.yaml"],
            ["delete", "=zz", "map.toml"],
            ["sort", "--key", "/x", "list.json"],
        ]
        for arguments in failing {
            let result = try h.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("reorder: "), "\(arguments): \(result.stderr)")
            XCTAssertFalse(Self.showsASwiftValue(result.stderr), "\(arguments): \(result.stderr)")
        }
        XCTAssertTrue(Self.showsASwiftValue("reorder: map.yaml: in 'replace 0 {k: v}': invalidValue(value: [123, 107], reason: \"x\")"))
    }
}
