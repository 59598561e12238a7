import ReorderKit
import XCTest

/// What is not YAML 1.2 is refused before anything is read, at the byte
/// that makes it so (yaml-test-suite's error cases, by class); what only
/// looks like it is read as before.
final class YAMLValidationTests: XCTestCase {
    /// The error of reading `bytes` as YAML and reversing its root list.
    /// Each is also read after a comment line long enough for the
    /// validation to run on a lent thread beside the rest of the read: the
    /// same error, at the same place after the comment.
    func error(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> FormatError? {
        let found = error(bytes, lender: nil)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let head = bytes.starts(with: bom) ? bom : []
        let comment = Array("# ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: YAMLValidationTests.longComment) + [0x0A]
        let padded = head + comment + bytes.dropFirst(head.count)
        let beside = error(padded, lender: .realThread)
        XCTAssertEqual(beside?.kind, found?.kind, "read beside the validation", file: file, line: line)
        XCTAssertEqual(beside?.offset, found?.offset.map { $0 + comment.count }, "read beside the validation", file: file, line: line)
        return found
    }

    /// Longer than `YAMLDocument.twoThreadBytes`.
    static let longComment = 1 << 20

    func error(_ bytes: [UInt8], lender: ThreadLender?) -> FormatError? {
        bytes.withUnsafeBytes { source in
            do {
                var options = ReadOptions(pointer: "")
                options.lender = lender
                let document = try ListDocument(source, format: .yaml, options: options)
                _ = document.render(try document.arrangement(for: .reverse, options: EditOptions()))
                return nil
            } catch {
                return error as? FormatError
            }
        }
    }

    func assertInvalid(_ text: String, at offset: Int, _ phrase: String, file: StaticString = #filePath, line: UInt = #line) {
        assertInvalid(Array(text.utf8), at: offset, phrase, file: file, line: line)
    }

    func assertInvalid(_ bytes: [UInt8], at offset: Int, _ phrase: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let refusal = error(bytes, file: file, line: line), case .invalid(let reason) = refusal.kind, let found = refusal.offset else {
            return XCTFail("not refused as invalid: \(String(describing: error(bytes, lender: nil)))", file: file, line: line)
        }
        XCTAssertEqual(found, offset, reason, file: file, line: line)
        XCTAssertTrue(reason.contains(phrase), "'\(reason)' does not say '\(phrase)'", file: file, line: line)
    }

    /// Valid YAML: whatever else the reader says, it is not "invalid".
    func assertValid(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        if let refusal = error(Array(text.utf8), file: file, line: line), case .invalid(let reason) = refusal.kind, let offset = refusal.offset {
            XCTFail("refused at \(offset): \(reason)", file: file, line: line)
        }
    }

    func testCharactersThatAreNotUTF8OrNotPrintable() {
        assertInvalid(Array("a: 1 # ".utf8) + [0xFF] + Array("\nb: 2\n".utf8), at: 7, "0xFF is not UTF-8")
        assertInvalid(Array("a: b".utf8) + [0x00] + Array("c\n".utf8), at: 4, "U+0000 is not printable")
        assertInvalid("a: \"x\u{7F}\"\n", at: 5, "U+007F")
        assertInvalid("a: \u{80}\n", at: 3, "U+0080")
        assertInvalid("a: x # \u{FFFE}\n", at: 7, "U+FFFE")
        assertInvalid("a: |\n  x\u{1B}y\n", at: 8, "U+001B")
        assertValid("a: \"é\" # ünïcödé\u{FEFF}\nb: \t2\n")
    }

    func testDocumentsAndDirectives() {
        assertInvalid("---\nkey: value\n%YAML 1.2\n---\n", at: 15, "a directive inside a document")
        assertInvalid("---\nkey: value\n... invalid\n", at: 19, "text after the document end marker")
        assertInvalid("--- key1: value1\n    key2: value2\n", at: 4, "a block mapping cannot start on the '---' line")
        assertInvalid("%YAML 1.2\n", at: 0, "a directive with no document after it")
        assertInvalid("%YAML 1.2 foo\n---\na: 1\n", at: 10, "'%YAML 1.2'")
        assertInvalid("%TAG !p! tag:x,2011:\n--- !p!A\na: b\n--- !p!B\nc: d\n", at: 39, "'!p!' is declared by no %TAG directive")
        assertInvalid("[a]\nb\n", at: 4, "a second node at the document's root")
        assertValid("%YAML 1.2\n%TAG !e! tag:example.com,2000:\n--- !e!list\n- a\n- b\n")
        assertValid("---\nscalar\n%YAML 1.2\n")
    }

    func testIndentationOfBlockEntries() {
        assertInvalid("key:\n  ok: 1\n wrong: 2\n", at: 14, "a line indented more than the entries around it")
        assertInvalid("key:\n   - ok\n  - wrong\n", at: 15, "a line indented more than the entries around it")
        assertInvalid("- item1\n- item2\ninvalid: x\n", at: 16, "no '- ' entry")
        assertInvalid("a: 1\nb\n", at: 5, "no 'key: value'")
        assertInvalid("- key: value\n - item1\n", at: 14, "a line indented more than the entries around it")
        assertInvalid("-\t- a\n", at: 1, "a tab between '-' and an entry")
        assertValid("key:\n- a\n- b\nother: 1\n")
        assertValid("- a\n  continued\n- b: c\n  d: e\n")
        assertValid(": empty key\nb: 1\n")
    }

    func testKeysAndPlainScalarsOnSeveralLines() {
        assertInvalid("key:\n  word1 word2\n  no: key\n", at: 23, "a key on several lines")
        assertInvalid("key: word1\n#  xxx\n  word2\n", at: 20, "a line indented more than the entries around it")
        assertInvalid("a: b: c\n", at: 3, "a second 'key:' on the line of a key")
        assertInvalid("a: 'b': c\n", at: 3, "a second 'key:' on the line of a key")
        assertInvalid("key: - a\n", at: 5, "a block sequence cannot start on the line of its key")
        assertInvalid("x: :", at: 3, "an empty key (': ') on the line of a key")
        assertInvalid("x: : y\n", at: 3, "an empty key (': ') on the line of a key")
        assertInvalid("x: &a : y\n", at: 6, "an empty key (': ') on the line of a key")
        assertValid("x: :y\n")
        assertInvalid("\"a\nb\": 1\n", at: 0, "a key on several lines")
        assertValid("a#b: 1\nc: 2\n")
        assertValid("k: b#c\nj: 1\n")
        assertValid("url: http://x.org/a:b\nk: 1\n")
    }

    func testWhatMayFollowANodeOnItsLine() {
        assertInvalid("a: \"b\" c\nd: 1\n", at: 7, "text after the end of a quoted scalar")
        assertInvalid("a: \"b\"#c\nd: 1\n", at: 6, "a comment right after a value")
        assertInvalid("x: { y: z }in: v\n", at: 11, "text after the end of a flow collection")
        assertInvalid("[a]#c\n", at: 3, "a comment right after a value")
        assertInvalid("[a] ]\n", at: 4, "text after the end of a flow collection")
        assertValid("k: \"a\" #b\nj: 2\n")
        assertValid("k: [a, b] # c\nj: 1\n")
    }

    func testFlowCollections() {
        assertInvalid("[c,#\n]\n", at: 3, "a comment right after ','")
        assertInvalid("[a,#c\n]\n", at: 3, "a comment right after ','")
        assertInvalid("[ , a]\n", at: 2, "a ',' with no flow entry before it")
        assertInvalid("[a, , b]\n", at: 4, "a ',' with no flow entry before it")
        assertInvalid("[ a\n# x\n  b ]\n", at: 10, "two flow entries with no ','")
        assertInvalid("{\n foo: 1\n bar: 2 }\n", at: 14, "a second ':' in one flow entry")
        assertInvalid("[-]\n", at: 1, "a '-' alone inside a flow collection")
        assertInvalid("[ key\n  : value ]\n", at: 8, "a key of a flow sequence on several lines")
        // A flow sequence's key and its ':' on one line, the key on one
        // line: whatever kind of node it is.
        let apart = "a key of a flow sequence on several lines, or apart from its ':'"
        assertInvalid("[ \"multi\n  line\": value ]\n", at: 16, apart)
        assertInvalid("[ plain\n  goes on: value ]\n", at: 17, apart)
        assertInvalid("[ &a x\n  : v ]\n", at: 9, apart)
        assertInvalid("[ [x,\n  y]: v ]\n", at: 10, apart)
        assertInvalid("[ {a: 1}\n  : v ]\n", at: 11, apart)
        assertInvalid("[ x, y\n  z: w ]\n", at: 10, apart)
        assertValid("[ &a\n  : v ]\n")
        assertValid("[ &a\n  x : v ]\n")
        assertValid("[ ? a\n  : b ]\n")
        assertValid("[ a: b, \"c\n  d\" ]\n")
        assertValid("k: [ a : b, [c, d]: e, \"f\": g ]\n")
        assertInvalid("[a}\n", at: 2, "a '}' that closes a '['")
        assertInvalid("a: [1, 2\n", at: 3, "a flow collection that is not closed")
        assertInvalid("a: [1, 2", at: 3, "a flow collection that is not closed")
        assertInvalid("flow: [a,\nb]\n", at: 10, "indented no more than the entries of its block")
        assertInvalid("[\n--- ,\n]\n", at: 2, "a document marker")
        assertValid("[a#b, c]\n")
        assertValid("- {\"a\":1, b: [c, d]}\n- [x: y]\n")
        assertValid("k: {\n k\n :\n v\n }\n")
        assertValid("[a, b,]\n")
        // A closing bracket at its key's column is not YAML 1.2, but every
        // loader reads it and real files write it; less indented, it is
        // refused.
        assertValid("a:\n  test: [\n      \"x\",\n  ]\n  b: 1\n")
        assertInvalid("a:\n  test: [\n      \"x\",\n ]\n", at: 25, "indented no more than the entries of its block")
    }

    func testQuotedScalars() {
        assertInvalid("key: \"abc\n", at: 5, "a quoted scalar that is not closed")
        assertInvalid("a: \"x\\'y\"\n", at: 5, "an escape that YAML does not have")
        assertInvalid("q: \"a\nb\"\n", at: 6, "indented no more than the entries of its block")
        assertInvalid("q: \"a\n\tb\"\n", at: 7, "a tab is no indentation")
        assertValid("a: \"\\x41\\u00e9\\U0001F600\\\n  b\"\nc: 'it''s'\n")
    }

    func testBlockScalars() {
        assertInvalid("a: > text\n  b\n", at: 5, "text after a block scalar's header")
        assertInvalid("a: >#c\n  b\n", at: 4, "a comment right after a block scalar's header")
        assertInvalid("a: |0\n  b\n", at: 4, "indentation indicator")
        assertInvalid("a: |\n    \n  b\n", at: 8, "a blank line at the start of a block scalar with more spaces")
        assertValid("a: |\n  b\n  # not a comment\nc: >-\n\n  d\n")
        assertValid("key:\n  |\n  text\nb: 1\n")
        assertValid("folded:\n   !foo\n  >1\n value\nb: 1\n")
    }

    func testAnchorsTagsAndAliases() {
        assertInvalid("&a - x\n", at: 0, "an anchor or a tag before a '- ' entry")
        assertInvalid("a: &x 1\nb: &y *x\n", at: 11, "an alias with an anchor or a tag")
        assertInvalid("a: &x\n  &y b\n", at: 8, "a node with two anchors")
        // Properties alone on two lines are one node's too (no key between).
        assertInvalid("seq:\n &ancr\n &anchor\n- a\n", at: 13, "a node with two anchors")
        assertInvalid("k:\n !!str\n !!str\n v\n", at: 11, "a node with two tags")
        assertInvalid("- *a\n", at: 2, "the alias '*a' has no anchor '&a' before it")
        assertInvalid("- !!str, x\n", at: 7, "a tag must be followed by a blank")
        assertInvalid("foo: !!se|q\n- a\n", at: 9, "'|' cannot stand in a tag")
        assertInvalid("- !e%4 x\n", at: 4, "a '%' in a tag not followed by two hexadecimal digits")
        assertInvalid("- !<tag:a b> x\n", at: 2, "a verbatim tag ('!<') with no closing '>'")
        assertValid("- !e%41x x\n- !<tag:yaml.org,2002:str> y\n- !!python/name:a.b z\n- !Ref w\n")
        // An anchor defined twice is valid YAML, but which node an alias
        // names would depend on the order.
        XCTAssertEqual(error(Array("- &a 1\n- &a 2\n".utf8)), YAMLError.cannotDelimit(
            what: "the anchor '&a' defined a second time in one document (an alias would then name the node of whichever anchor comes before it, which moving entries changes)",
            offset: 9))
        assertValid("a: &x 1\nb: *x\n&k c: 2\n")
        assertValid("&m\n&k [a]: v\n")
        assertValid("a: &x\n  !!str b\n")
    }

    // MARK: - The validation beside the read

    /// `bytes` sorted by `--key /name` at `pointer`, read and sorted with
    /// `lender`.
    func sortedByName(_ bytes: [UInt8], pointer: String = "/services", _ lender: ThreadLender?,
                      unique: Bool = false) throws -> [UInt8] {
        try bytes.withUnsafeBytes { source in
            var options = ReadOptions(pointer: pointer)
            options.lender = lender
            let list = try ListDocument(source, format: .yaml, options: options)
            var sort = SortOptions()
            sort.unique = unique
            sort.lender = lender
            return list.render(try list.arrangement(for: .sort(sort), options: EditOptions(key: "/name")))
        }
    }

    /// A large file is validated on a lent thread while the list is read:
    /// the same result with a real thread, one that runs at once, none, and
    /// no lender; and where the stream is not YAML, the validation's error,
    /// whatever the read found meanwhile.
    func testALargeFileReadBesideItsValidationGivesTheSameResult() throws {
        var text = "# services\nservices:\n"
        var index = 0
        while text.utf8.count <= YAMLValidationTests.longComment + 4096 {
            text += "  - name: svc-\((index * 7919) % 100_003)\n    image: app:\(index % 7)\n    ports: [80, 443]\n"
            index += 1
        }
        let lenders: [ThreadLender?] = [nil, .realThread, .runsAtOnce, .noThread]
        func sorted(_ bytes: [UInt8], pointer: String, lender: ThreadLender?) -> Result<[UInt8], FormatError> {
            Result { try sortedByName(bytes, pointer: pointer, lender) }.mapError { $0 as! FormatError }
        }
        let valid = Array(text.utf8)
        let expected = try sorted(valid, pointer: "/services", lender: nil).get()
        XCTAssertNotEqual(expected, valid)
        // Invalid at the end (an unclosed flow sequence), read at a pointer
        // that is not there; a tab as indentation first (refused by the
        // lines) and a control character after it (refused by the
        // validation, which comes first).
        let unclosed = valid + Array("late: [1, 2\n".utf8)
        var tabThenControl = valid
        tabThenControl.insert(contentsOf: Array("\tx: 1\n".utf8), at: 22)
        tabThenControl += Array("end: \u{1}\n".utf8)
        for lender in lenders {
            XCTAssertEqual(try sorted(valid, pointer: "/services", lender: lender).get(), expected)
            let invalid = sorted(unclosed, pointer: "/nothing", lender: lender)
            guard case .failure(let error) = invalid, case .invalid = error.kind else { return XCTFail("\(invalid)") }
            XCTAssertEqual(error.offset, valid.count + 6)
            let control = sorted(tabThenControl, pointer: "/services", lender: lender)
            guard case .failure(let first) = control, case .invalid = first.kind else { return XCTFail("\(control)") }
            XCTAssertEqual(first.offset, tabThenControl.count - 2)
        }
    }

    /// A long list's values at `--key` are read half on a lent thread: the
    /// same order whether the items without the key, or those whose value
    /// is no string standing in the source (a quoted one with an escape, a
    /// mapping), are in the first half, the second, or both.
    func testValuesReadOnTwoThreadsSortAsOnOne() throws {
        let count = 20_000
        func document(_ odd: (Int) -> String?) -> [UInt8] {
            var text = "services:\n"
            for index in 0..<count {
                let name = odd(index) ?? "name: svc-\((index * 7919) % 100_003)"
                text += "  - \(name)\n    image: app:\(index % 7)\n"
            }
            return Array(text.utf8)
        }
        let cases: [(String, (Int) -> String?)] = [
            ("plain", { _ in nil }),
            ("missing in the first half", { $0 % 1000 == 3 && $0 < count / 2 ? "other: 1" : nil }),
            ("missing in the second half", { $0 % 1000 == 3 && $0 >= count / 2 ? "other: 1" : nil }),
            ("missing in both", { $0 % 777 == 0 ? "other: 1" : nil }),
            ("escaped in the second half", { $0 == count - 5 ? "name: \"svc-\\u0041\"" : nil }),
            ("a mapping in the first half", { $0 == 7 ? "name: {a: 1}" : nil }),
        ]
        for (label, odd) in cases {
            let bytes = document(odd)
            let expected = try sortedByName(bytes, nil)
            XCTAssertNotEqual(expected, bytes, label)
            for lender in [ThreadLender.realThread, .runsAtOnce, .noThread] {
                XCTAssertEqual(try sortedByName(bytes, lender), expected, label)
                XCTAssertEqual(try sortedByName(bytes, lender, unique: true), try sortedByName(bytes, nil, unique: true), label)
            }
        }
        // A key no item has: a misspelt one, refused on both threads too.
        let none = document { _ in "other: 1" }
        for lender in [ThreadLender.realThread, .runsAtOnce, .noThread] {
            XCTAssertThrowsError(try sortedByName(none, lender)) { XCTAssertTrue("\($0)".contains("keyInNoItem"), "\($0)") }
        }
    }
}
