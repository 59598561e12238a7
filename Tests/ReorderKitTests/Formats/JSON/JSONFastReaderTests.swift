import Foundation
@testable import ReorderKit
import XCTest

/// The SIMD reader (`ReorderKitSIMD`) against the Swift scanner: on every
/// document, valid or broken, small or spanning many chunks, with one
/// thread and with two, it either finds exactly what `JSONScanner.scan()`
/// finds or declines (nil), and it declines exactly when the document is
/// invalid or its root is not an array. A reader that accepted a broken
/// document, or declined a valid one, fails here.
final class JSONFastReaderTests: XCTestCase {
    /// Whether this CPU has AVX2, as the kernel reports it.
    var cpuHasAVX2: Bool {
        #if arch(x86_64)
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let flags = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return false }
        return flags.split(separator: " ").contains("avx2")
        #else
        return false
        #endif
    }

    /// A thread for each loan, counted: the reader starts none of its own.
    final class CountingLender: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var loans: Int { lock.withLock { count } }
        var lender: ThreadLender {
            ThreadLender { work in
                self.lock.withLock { self.count += 1 }
                let done = DispatchSemaphore(value: 0)
                Thread { work(); done.signal() }.start()
                return { done.wait() }
            }
        }
    }

    static let lender = CountingLender()

    func testTheSecondThreadIsTheCallersAndTheResultIsTheSameWithoutIt() throws {
        let text = "[" + (0..<200_000).map { "\"item \($0)\"" }.joined(separator: ",\n") + "]"
        let bytes = Array(text.utf8)
        let counting = CountingLender()
        try bytes.withUnsafeBytes { source in
            let scanner = JSONScanner(source, tokens: [])
            guard JSONScanner.hasFastReader else {
                // Without AVX2 the fast reader declines, and borrows nothing.
                XCTAssertNil(scanner.scanRootArrayQuickly(threads: 2, lender: counting.lender))
                XCTAssertEqual(counting.loans, 0)
                return
            }
            let lent = try XCTUnwrap(scanner.scanRootArrayQuickly(threads: 2, lender: counting.lender))
            XCTAssertEqual(counting.loans, 1, "the reader asked for \(counting.loans) threads")
            let alone = try XCTUnwrap(scanner.scanRootArrayQuickly(threads: 2, lender: nil))
            XCTAssertEqual(lent.elementStarts, alone.elementStarts)
            XCTAssertEqual(lent.elementStarts.count, 200_000)
            let refused = ThreadLender { _ in nil }
            XCTAssertEqual(scanner.scanRootArrayQuickly(threads: 2, lender: refused)?.elementStarts, alone.elementStarts)
        }
    }

    func testFastReaderRunsWhereTheCPUHasAVX2() {
        XCTAssertEqual(JSONScanner.hasFastReader, cpuHasAVX2)
    }

    /// Compares the two readers on `bytes`; returns a description of any
    /// difference, or nil.
    func difference(_ bytes: [UInt8], threads: Int) -> String? {
        bytes.withUnsafeBytes { source in
            let scanner = JSONScanner(source, tokens: [])
            let quick = scanner.scanRootArrayQuickly(threads: threads, lender: Self.lender.lender)
            let expected: JSONScan?
            do {
                let scan = try scanner.scan()
                expected = scan.targetKind == .array ? scan : nil
            } catch {
                expected = nil
            }
            guard JSONScanner.hasFastReader else {
                return quick == nil ? nil : "the fast reader answered on a CPU it does not support"
            }
            switch (expected, quick) {
            case (nil, nil):
                return nil
            case (nil, .some):
                return "the fast reader accepted what the scanner rejects"
            case (.some, nil):
                return "the fast reader declined a valid root array"
            case let (.some(a), .some(b)):
                var problems: [String] = []
                if a.targetStart != b.targetStart { problems.append("targetStart \(a.targetStart) vs \(b.targetStart)") }
                if a.openBracket != b.openBracket { problems.append("openBracket \(a.openBracket) vs \(b.openBracket)") }
                if a.closeBracket != b.closeBracket { problems.append("closeBracket \(a.closeBracket) vs \(b.closeBracket)") }
                if a.parentOpen != b.parentOpen { problems.append("parentOpen") }
                if a.elementStarts != b.elementStarts {
                    problems.append("elementStarts (\(a.elementStarts.count) vs \(b.elementStarts.count))")
                }
                if a.firstComma != b.firstComma { problems.append("firstComma \(String(describing: a.firstComma)) vs \(String(describing: b.firstComma))") }
                if a.firstColon != b.firstColon { problems.append("firstColon \(String(describing: a.firstColon)) vs \(String(describing: b.firstColon))") }
                if a.separatorsAreUniform != b.separatorsAreUniform { problems.append("separatorsAreUniform \(a.separatorsAreUniform) vs \(b.separatorsAreUniform)") }
                return problems.isEmpty ? nil : problems.joined(separator: "; ")
            }
        }
    }

    func assertSame(_ bytes: [UInt8], _ label: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
        for threads in [1, 2] {
            if let problem = difference(bytes, threads: threads) {
                let shown = bytes.count <= 200 ? String(decoding: bytes, as: UTF8.self).debugDescription : "\(bytes.count) bytes"
                XCTFail("\(label()), \(threads) thread(s): \(problem): \(shown)", file: file, line: line)
                return
            }
        }
    }

    func testCornerCasesOfTheRFC() {
        let documents: [String] = [
            "[]", " [ ] ", "[1]", "[-0]", "[0.5e-7]", "[1E+2]", "[-1.25E3]", "[01]", "[-01]", "[1.]", "[.5]", "[-]",
            "[1e]", "[1e+]", "[+1]", "[0x1]", "[1 2]", "[1,]", "[,1]", "[1,,2]", "[]]", "[[]", "[[]]]", "[}", "[{]",
            "{}", "{\"a\":[1]}", "\"a\"", "1", "true", "[1]x", "[1] [2]", "[1] ,", "[true]", "[tru]", "[true1]",
            "[truex]", "[false]", "[fals]", "[null]", "[nul]", "[nulll]", "[True]", "[\"a\"]", "[\"a]", "[\"a\\\"]",
            "[\"\\u00e9\"]", "[\"\\u00G9\"]", "[\"\\uD834\\uDD1E\"]", "[\"\\uD834\"]", "[\"\\uDD1E\"]",
            "[\"\\uD834\\u0041\"]", "[\"\\uD834x\"]", "[\"\\x\"]", "[\"\\/\\b\\f\\n\\r\\t\\\\\"]", "[\"a\tb\"]",
            "[\"a\u{7F}b\"]", "[\"é日𝄞\"]", "[{\"a\":1,\"b\":[true,null]}, {\"c\":{}}]", "[{\"a\" 1}]", "[{\"a\":}]",
            "[{\"a\":1,}]", "[{,}]", "[{1:2}]", "[{\"a\":1 \"b\":2}]", "[1]\n", "\u{FEFF}[1]", "[\u{FEFF}1]",
            "[1]\u{FEFF}", "[\"a\"\"b\"]", "[1\"a\"]", "[\"a\"1]", "[1/2]", "[/* c */ 1]", "[1]//", "[\\]", "[1\\]",
            "[[[[[[[[1]]]]]]]]", "[ {\"k\" : [ 1 , 2 ] } , \"s\" , -3.5 ]", "[1,\n  2,\n  3]", "[1, 2,  3]",
        ]
        for document in documents {
            assertSame(Array(document.utf8), document)
        }
        // Bytes that are not UTF-8, or not allowed, inside and outside strings.
        let raw: [[UInt8]] = [
            [0x5B, 0x22, 0xC3, 0xA9, 0x22, 0x5D], [0x5B, 0x22, 0xC3, 0x22, 0x5D], [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D],
            [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D],
            [0x5B, 0x22, 0xFF, 0x22, 0x5D], [0x5B, 0xC3, 0xA9, 0x5D], [0x5B, 0x22, 0x00, 0x22, 0x5D],
            [0x5B, 0x31, 0x0C, 0x5D], [0x5B, 0x31, 0x1A, 0x32, 0x5D], [0x5B, 0x0C, 0x5D], [0x5B, 0x00, 0x5D],
            [0x5B, 0x22, 0x1F, 0x22, 0x5D], [0x5B, 0x22, 0x0A, 0x22, 0x5D], [0xEF, 0xBB, 0x5B, 0x5D],
        ]
        for bytes in raw { assertSame(bytes, "\(bytes)") }
    }

    /// Every kind of token placed at every offset around the edges of the
    /// 64-byte blocks, the 16-byte window the numbers are read in, and the
    /// end of the document.
    func testTokensAcrossBlockEdges() {
        let pieces = [
            "\"\\\\\\\\\\\\\\\"\"", "\"\\\\\\\\\\\\\\\\\"", "\"\\uD834\\uDD1E\"", "\"日本語\"", "\"𝄞𝄞\"", "-12345678901234567890.5e-12",
            "1234567890123456", "0.000000000001", "1e1", "true", "false", "null", "{\"k\":[]}", "\"\\\"\"", "\"a\\\\\"",
        ]
        for piece in pieces {
            for padding in 0..<140 {
                let prefix = "[" + String(repeating: " ", count: padding)
                assertSame(Array((prefix + piece + "]").utf8), "valid \(piece) at \(padding)")
                assertSame(Array((prefix + piece + ",1]").utf8), "valid \(piece), at \(padding)")
                assertSame(Array((prefix + piece).utf8), "unclosed \(piece) at \(padding)")
                assertSame(Array((prefix + piece + "x]").utf8), "trailing x after \(piece) at \(padding)")
            }
        }
    }

    func testGeneratedDocumentsAndTheirMutations() {
        var generator = JSONDifferentialTests.Generator(random: SeededGenerator(seed: 20_261_121))
        let interesting: [UInt8] = Array("\"\\,:[]{}0123456789-+.eE tfn\n\r\tu/x".utf8) + [0x00, 0x01, 0x0C, 0x1A, 0x7F, 0x80, 0xC3, 0xE9, 0xFF]
        for index in 0..<2_000 {
            let document = generator.whitespace() + generator.array(depth: 0) + generator.whitespace()
            let bytes = Array(document.utf8)
            assertSame(bytes, "document \(index)")
            for mutation in 0..<3 {
                var mutated = bytes
                let position = generator.random.below(mutated.count + 1)
                let byte = generator.random.pick(interesting)
                switch generator.random.below(3) {
                case 0 where position < mutated.count: mutated[position] = byte
                case 1 where position < mutated.count: mutated.remove(at: position)
                default: mutated.insert(byte, at: position)
                }
                assertSame(mutated, "document \(index), mutation \(mutation)")
            }
        }
    }

    /// Documents of many chunks (32 KiB each), pretty-printed so that chunks
    /// start after line feeds, minified so that each chunk follows from the
    /// one before, and the two mixed; then broken at random places.
    func testLargeDocumentsOfManyChunks() {
        var generator = JSONDifferentialTests.Generator(random: SeededGenerator(seed: 77))
        let breakers: [UInt8] = Array("\"\\,]}x\n".utf8) + [0x01, 0xFF]
        for index in 0..<24 {
            // Pretty; minified; minified with a line feed now and then, so
            // that chained chunks and chunks after line feeds alternate.
            let style = index % 3
            var elements: [String] = []
            var size = 0
            while size < 300_000 {
                var element = generator.value(depth: 1)
                if style != 0 { element.removeAll { $0 == "\n" || $0 == "\r" } }
                if style == 2 && generator.random.chance(1) { element += "\n" }
                size += element.utf8.count
                elements.append(element)
            }
            let document = style == 0 ? "[\n  " + elements.joined(separator: ",\n  ") + "\n]\n" : "[" + elements.joined(separator: ",") + "]"
            let bytes = Array(document.utf8)
            assertSame(bytes, "large document \(index)")
            for mutation in 0..<6 {
                var mutated = bytes
                let position = generator.random.below(mutated.count)
                mutated[position] = generator.random.pick(breakers)
                assertSame(mutated, "large document \(index), mutation \(mutation) at \(position)")
            }
        }
    }

    /// A string with a raw line feed in it, placed where a chunk boundary
    /// falls: the chunk after it must not be read as if it started outside
    /// a string.
    func testLineFeedInsideAStringAtAChunkBoundary() {
        for shift in stride(from: -300, through: 300, by: 7) {
            let filler = String(repeating: "1, ", count: (32 * 1024 + shift) / 3)
            let document = "[" + filler + "\"a\nb, ], [\", 2]"
            assertSame(Array(document.utf8), "line feed in a string near the boundary, shift \(shift)")
        }
    }

    func testNestingUpTo4096IsReadQuicklyAndDeeperIsLeftToTheScanner() throws {
        let limit = String(repeating: "[", count: 4_096) + String(repeating: "]", count: 4_096)
        assertSame(Array(limit.utf8), "4 096 nested arrays")
        let deep = "[" + limit + "]"
        try Array(deep.utf8).withUnsafeBytes { source in
            let scanner = JSONScanner(source, tokens: [])
            XCTAssertNil(scanner.scanRootArrayQuickly(threads: 1))
            XCTAssertNil(scanner.scanRootArrayQuickly(threads: 2, lender: Self.lender.lender))
            XCTAssertEqual(try scanner.scan().elementStarts, [1])
        }
    }

    func testAByteOrderMarkIsSkippedAsTheScannerSkipsIt() {
        let document: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1, 2]".utf8)
        assertSame(document, "byte-order mark")
        if JSONScanner.hasFastReader {
            document.withUnsafeBytes { source in
                XCTAssertEqual(JSONScanner(source, tokens: []).scanRootArrayQuickly()?.elementStarts, [4, 7])
            }
        }
    }
}
