@testable import ReorderKit
import XCTest

/// The plan of a result's gaps: which source gap stands between each two
/// result positions when items are deleted or inserted (UIKit's model),
/// and where the gaps that go keep what is theirs.
final class PositionGapsTests: XCTestCase {
    /// Source gaps 0 ..< 4 of a list of five items; gap 1 is a blank line.
    let lineBreaks: (Int) -> Int = { $0 == 1 ? 2 : 1 }

    func plan(_ order: [Int], count: Int = 5) -> PositionGaps? {
        PositionGaps.make(order, sourceCount: count, lineBreaks: lineBreaks)
    }

    func testAPermutationOrTheIdentityKeepsThePositionsAsTheyAre() {
        XCTAssertNil(plan([0, 1, 2, 3, 4]))
        XCTAssertNil(plan([4, 3, 2, 1, 0]))
        // Kept items out of source order: as before.
        XCTAssertNil(plan([1, 0, 2, 3]))
        // Nothing kept, or nothing left.
        XCTAssertNil(plan([-1, -1]))
        XCTAssertNil(plan([]))
    }

    func testADeleteRemovesItsPosition() throws {
        // The first item: gaps 1, 2, 3 stay between the same items.
        XCTAssertEqual(try XCTUnwrap(plan([1, 2, 3, 4])).gaps, [1, 2, 3])
        // Item 2: gaps 1 and 2 merge, and the blank line (gap 1) stays.
        XCTAssertEqual(try XCTUnwrap(plan([0, 1, 3, 4])).gaps, [0, 1, 3])
        // Item 1: gaps 0 and 1 merge, gap 1 stays; gap 0 goes.
        let middle = try XCTUnwrap(plan([0, 2, 3, 4]))
        XCTAssertEqual(middle.gaps, [1, 2, 3])
        XCTAssertEqual(middle.before[0], [0])
        // The last: gap 3 goes, after the last item.
        let last = try XCTUnwrap(plan([0, 1, 2, 3]))
        XCTAssertEqual(last.gaps, [0, 1, 2])
        XCTAssertEqual(last.atEnd, [3])
        XCTAssertEqual(try XCTUnwrap(plan([1, 2, 3, 4])).leading, [0])
    }

    func testTheGapsThatGoKeepTheirPlaceInSourceOrder() throws {
        // Items 1, 2, 3 go: gaps 0 … 3 merge into one, gap 1 stays; gap 0
        // is kept before it, gaps 2 and 3 inside it (before its last line
        // break).
        let merged = try XCTUnwrap(plan([0, 4]))
        XCTAssertEqual(merged.gaps, [1])
        XCTAssertEqual(merged.before[0], [0])
        XCTAssertEqual(merged.inside[0], [2, 3])
        XCTAssertEqual(merged.kept, [true, false, false, false, true])
    }

    func testAnInsertAddsAPositionWhereItLands() throws {
        // Between items 1 and 2 (the blank line): the blank line before
        // the new item, the usual separator after it.
        XCTAssertEqual(try XCTUnwrap(plan([0, 1, -1, 2, 3, 4])).gaps, [0, 1, -1, 2, 3])
        XCTAssertEqual(try XCTUnwrap(plan([-1, 0, 1, 2, 3, 4])).gaps, [-1, 0, 1, 2, 3])
        XCTAssertEqual(try XCTUnwrap(plan([0, 1, 2, 3, 4, -1])).gaps, [0, 1, 2, 3, -1])
    }

    func testAReplacedItemKeepsItsPosition() throws {
        // As many new items as went, in the same place: every gap stays.
        XCTAssertEqual(try XCTUnwrap(plan([0, -1, 2, 3, 4])).gaps, [0, 1, 2, 3])
        XCTAssertEqual(try XCTUnwrap(plan([-1, 1, 2, 3, 4])).gaps, [0, 1, 2, 3])
        // Two items go and one comes: the blank line stays, before it.
        XCTAssertEqual(try XCTUnwrap(plan([0, -1, 3, 4])).gaps, [0, 1, 3])
    }
}
