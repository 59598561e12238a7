@testable import ReorderCLI
import XCTest

/// The cache file's format: what is written is read back, in path order;
/// a damaged file is refused; another key is an empty cache; an entry
/// modified at or after the moment its run started is trusted by hash only.
final class ResultCacheTests: XCTestCase {
    func entry(_ n: Int64, modified: Int64 = 1_000) -> ResultCache.Entry {
        ResultCache.Entry(identity: .init(device: 1, inode: UInt64(n), size: n, modified: modified, changed: modified + 1),
                          hash: UInt64(n) &* 0x9E37_79B9, lists: Int(n % 3), found: n % 2 == 0 ? [1, 3] : [], matched: [1, 2, 3])
    }

    func testWhatIsWrittenIsReadBackByPath() {
        let cache = ResultCache(path: "/nonexistent/cache", key: 42)
        let names = ["b/c.json", "a.json", "é.json", "b/a.json", "z", "b.json"]
        let bytes = cache.encode(names.enumerated().map { ($0.element, entry(Int64($0.offset))) })
        let reader = ResultCache(path: "/nonexistent/cache", key: 42)
        XCTAssertNil(reader.parse(bytes))
        XCTAssertEqual(reader.storedCount, names.count)
        XCTAssertEqual(reader.storedEntries().map(\.path), ["a.json", "b.json", "b/a.json", "b/c.json", "z", "é.json"])
        for (n, name) in names.enumerated() {
            let found = reader.lookup(name)
            XCTAssertEqual(found?.entry.identity, entry(Int64(n)).identity, name)
            XCTAssertEqual(found?.entry.hash, entry(Int64(n)).hash, name)
            XCTAssertEqual(found?.entry.found, entry(Int64(n)).found, name)
            XCTAssertEqual(found?.entry.matched, [1, 2, 3], name)
            XCTAssertEqual(found?.entry.lists, Int(n % 3), name)
        }
        XCTAssertNil(reader.lookup("b"))
        XCTAssertNil(reader.lookup("a.jso"))
        XCTAssertNil(reader.lookup("zz"))
    }

    /// A lookup from a hint (the one a scan keeps, its paths in the
    /// cache's order) finds what a lookup from nothing finds, whatever
    /// the order the paths come in, stored or not.
    func testALookupFromAHintFindsWhatASearchFinds() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            let stored = Set((0..<Int.random(in: 0...300, using: &generator)).map { _ in
                "p\(Int.random(in: 0..<1000, using: &generator))/f\(Int.random(in: 0..<20, using: &generator))"
            }).sorted()
            let cache = ResultCache(path: "/x", key: 1)
            let reader = ResultCache(path: "/x", key: 1)
            XCTAssertNil(reader.parse(cache.encode(stored.enumerated().map { ($0.element, entry(Int64($0.offset))) })))
            let asked = (0..<400).map { _ in
                Bool.random(using: &generator) && !stored.isEmpty ? stored.randomElement(using: &generator)!
                    : "p\(Int.random(in: 0..<1000, using: &generator))/f\(Int.random(in: 0..<20, using: &generator))"
            }
            // In increasing order (a scan's), and in any order.
            for paths in [asked.sorted(by: ResultCache.less), asked] {
                var hint = Int.random(in: 0...stored.count, using: &generator)
                for path in paths {
                    let expected = stored.firstIndex(of: path).map { entry(Int64($0)).identity }
                    XCTAssertEqual(reader.lookup(path, hint: &hint)?.entry.identity, expected, "round \(round): \(path)")
                    XCTAssertEqual(reader.lookup(path)?.entry.identity, expected, "round \(round): \(path)")
                }
            }
        }
    }

    func testAnotherKeyIsEmptyAndDamageIsRefused() {
        let bytes = ResultCache(path: "/x", key: 7).encode([("a", entry(1)), ("b", entry(2))])
        let other = ResultCache(path: "/x", key: 8)
        XCTAssertNil(other.parse(bytes))
        XCTAssertEqual(other.storedCount, 0)
        for damaged in [Array(bytes.dropLast()), Array(bytes.prefix(40)), [UInt8](repeating: 7, count: 100),
                        { var b = bytes; b[70] ^= 1; return b }(), bytes + [0]] {
            let reader = ResultCache(path: "/x", key: 7)
            XCTAssertNotNil(reader.parse(damaged))
            XCTAssertEqual(reader.storedCount, 0)
            XCTAssertNil(reader.lookup("a"))
        }
    }

    func testAnEntryNotOlderThanItsRunIsNotTrustedByIdentity() {
        let cache = ResultCache(path: "/x", key: 1)
        let bytes = cache.encode([("old", entry(1, modified: cache.started - 1)), ("same", entry(2, modified: cache.started)),
                                  ("later", entry(3, modified: cache.started + 5))])
        let reader = ResultCache(path: "/x", key: 1)
        XCTAssertNil(reader.parse(bytes))
        XCTAssertEqual(reader.lookup("old")?.trusted, true)
        XCTAssertEqual(reader.lookup("same")?.trusted, false)
        XCTAssertEqual(reader.lookup("later")?.trusted, false)
    }

    func testTheLocationIsUnderGitOrTheFolderNamed() throws {
        let root = "/work/some/repo"
        let named = ResultCache.location(root: root, directory: "/tmp/c")
        XCTAssertTrue(named?.hasPrefix("/tmp/c/cache-") ?? false, named ?? "nil")
        XCTAssertNotEqual(named, ResultCache.location(root: root + "2", directory: "/tmp/c"))
    }
}
