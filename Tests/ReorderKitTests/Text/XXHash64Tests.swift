import XCTest
@testable import ReorderKit

/// XXH64 against the values the reference implementation gives (xxHash's
/// and python-xxhash's published examples).
final class XXHash64Tests: XCTestCase {
    private func hash(_ text: String, seed: UInt64 = 0) -> UInt64 { XXHash64.hash(Array(text.utf8), seed: seed) }

    func testPublishedVectors() {
        XCTAssertEqual(hash(""), 0xEF46_DB37_51D8_E999)
        XCTAssertEqual(hash("a"), 0xD24E_C4F1_A98C_6E5B)
        XCTAssertEqual(hash("abc"), 0x44BC_2CF5_AD77_0999)
        // 39 bytes: the 32-byte stripes, then 8-, 4- and 1-byte tails.
        XCTAssertEqual(hash("Nobody inspects the spammish repetition"), 0xFBCE_A83C_8A37_8BF1)
    }

    func testEveryLengthDiffersAndIsStable() {
        let bytes = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var seen = Set<UInt64>()
        for length in 0...bytes.count {
            let value = XXHash64.hash(Array(bytes[0..<length]))
            XCTAssertEqual(value, XXHash64.hash(Array(bytes[0..<length])))
            seen.insert(value)
        }
        XCTAssertEqual(seen.count, bytes.count + 1)
        XCTAssertNotEqual(hash("abc", seed: 1), hash("abc"))
    }
}
