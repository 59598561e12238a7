@testable import ReorderKit
import XCTest

/// The byte scans that look at a word at a time (`firstIndex(of:in:from:to:)`
/// for short ranges, `ValidatedJSON.stringEnd`, `JSONText.string(equals:)`)
/// against plain loops, on buffers built to hit their edges: matches at
/// every offset of a word, bytes that differ from the one sought by one
/// bit or by a borrow (`0x21`, `0x23`, `0x00`, `0xA2`), escaped quotes and
/// runs of backslashes across word ends.
final class ByteScanTests: XCTestCase {
    func testFirstIndexEqualsALoopForEveryLengthAndOffset() {
        var generator = SeededGenerator(seed: 11)
        let alphabet: [UInt8] = [0x22, 0x21, 0x23, 0x00, 0xA2, 0x5C, 0x61, 0x0A, 0x01, 0xFF]
        for _ in 0..<3_000 {
            let bytes = (0..<generator.below(80)).map { _ in generator.pick(alphabet) }
            let sought = generator.pick([UInt8(0x22), 0x5C, 0x0A, 0x00])
            bytes.withUnsafeBytes { buffer in
                let start = generator.below(bytes.count + 1)
                let end = start + generator.below(bytes.count - start + 1)
                let expected = (start..<end).first { bytes[$0] == sought }
                XCTAssertEqual(firstIndex(of: sought, in: buffer, from: start, to: end), expected,
                               "\(bytes) \(start)..<\(end) for \(sought)")
            }
        }
    }

    func testLastIndexEqualsALoopForEveryLengthAndOffset() {
        var generator = SeededGenerator(seed: 12)
        // 0x0B and 0x01 next to a line feed are where a borrowing test
        // would flag a byte that is not one.
        let alphabet: [UInt8] = [0x0A, 0x0B, 0x0E, 0x00, 0x01, 0x8A, 0x61, 0xFF, 0x09]
        for _ in 0..<3_000 {
            let bytes = (0..<generator.below(80)).map { _ in generator.pick(alphabet) }
            let sought = generator.pick([UInt8(0x0A), 0x00, 0xFF])
            bytes.withUnsafeBytes { buffer in
                let start = generator.below(bytes.count + 1)
                let end = start + generator.below(bytes.count - start + 1)
                let expected = (start..<end).last { bytes[$0] == sought }
                XCTAssertEqual(lastIndex(of: sought, in: buffer, from: start, to: end), expected,
                               "\(bytes) \(start)..<\(end) for \(sought)")
            }
        }
    }

    func testUTF8ValidationFindsTheFirstBadByteAfterRunsOfASCII() {
        // What Swift's own decoder says: the first offset where a scalar
        // does not decode.
        func reference(_ bytes: [UInt8], from start: Int) -> Int? {
            var iterator = bytes[start...].makeIterator()
            var decoder = UTF8()
            var offset = start
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += UTF8.width(scalar)
                case .emptyInput: return nil
                case .error: return offset
                }
            }
        }
        var generator = SeededGenerator(seed: 13)
        let pieces: [[UInt8]] = [[0x61], [0x7F], [0x0A], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80],
                                 [0xC3], [0x80], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xFF]]
        for round in 0..<3_000 {
            var bytes: [UInt8] = []
            let ascii = generator.below(40)
            bytes += (0..<ascii).map { _ in UInt8(0x20 + generator.below(0x5F)) }
            for _ in 0..<generator.below(4) {
                // Mostly valid pieces; now and then a bad one.
                bytes += generator.pick(round % 3 == 0 ? pieces : Array(pieces[0..<6]))
                bytes += (0..<generator.below(12)).map { _ in UInt8(0x61) }
            }
            let start = generator.below(min(bytes.count, 9) + 1)
            bytes.withUnsafeBytes { buffer in
                XCTAssertEqual(UTF8Validation.firstInvalid(buffer, in: start..<bytes.count), reference(bytes, from: start),
                               "\(bytes) from \(start)")
            }
        }
    }

    func testCopyBytesCopiesEveryLengthAndNothingAround() {
        var generator = SeededGenerator(seed: 14)
        for count in 0..<140 {
            let bytes = (0..<count).map { _ in UInt8(generator.below(256)) }
            // The target with guard bytes on both sides, at every alignment.
            for offset in 0..<3 {
                var target = [UInt8](repeating: 0xA5, count: count + 2 * 16 + offset)
                target.withUnsafeMutableBytes { out in
                    bytes.withUnsafeBytes { copyBytes(out.baseAddress! + 16 + offset, $0.baseAddress ?? UnsafeRawPointer(out.baseAddress!), count) }
                }
                XCTAssertEqual(Array(target[16 + offset..<16 + offset + count]), bytes, "\(count) bytes at \(offset)")
                XCTAssertTrue(target[..<(16 + offset)].allSatisfy { $0 == 0xA5 }, "before, \(count) bytes")
                XCTAssertTrue(target[(16 + offset + count)...].allSatisfy { $0 == 0xA5 }, "after, \(count) bytes")
            }
        }
    }

    func testStringEndEqualsALoopWithEscapedQuotesAcrossWords() {
        func reference(_ bytes: [UInt8], _ start: Int) -> Int {
            var position = start + 1
            while position < bytes.count {
                if bytes[position] == 0x5C { position += 2; continue }
                if bytes[position] == 0x22 { return position + 1 }
                position += 1
            }
            return bytes.count
        }
        var generator = SeededGenerator(seed: 12)
        let pieces: [[UInt8]] = [[0x61], [0x5C, 0x22], [0x5C, 0x5C], [0x5C, 0x6E], [0x21], [0x23], [0xC3, 0xA9], [0x20]]
        for _ in 0..<3_000 {
            var bytes: [UInt8] = [0x22]
            for _ in 0..<generator.below(40) { bytes += generator.pick(pieces) }
            bytes += [0x22] + (0..<generator.below(12)).map { _ in generator.pick([0x22, 0x61, 0x2C]) }
            bytes.withUnsafeBytes { buffer in
                XCTAssertEqual(ValidatedJSON.stringEnd(buffer, 0, buffer.count), reference(bytes, 0), "\(bytes)")
            }
        }
    }

    func testStringEqualsComparesTheDecodedValue() {
        var generator = SeededGenerator(seed: 13)
        let pieces = ["k", "e", "y", "\\u006b", "\\\"", "\\\\", "\\n", "é", "\\u00e9"]
        for _ in 0..<3_000 {
            let written = "\"" + (0..<generator.below(6)).map { _ in generator.pick(pieces) }.joined() + "\""
            let expected = Array(generator.pick(["", "k", "key", "ke", "\"", "\\", "\n", "é", "kk", "keyy"]).utf8)
            let source = Array(written.utf8)
            source.withUnsafeBytes { buffer in
                let decoded = JSONText.decodeString(buffer, 0..<buffer.count)
                XCTAssertEqual(JSONText.string(buffer, 0..<buffer.count, equals: expected), decoded == expected,
                               "\(written) against \(expected)")
            }
        }
    }
}
