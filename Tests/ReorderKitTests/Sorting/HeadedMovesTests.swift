import ReorderKit
import XCTest

/// Items that move across comment headings (a list read with
/// `ReadOptions.commentHeadings`): each heading stays on its line, between
/// the same items that did not move, and the moved item joins the group
/// it lands in; pick's and edit's results by group (`headedArrangement`).
final class HeadedMovesTests: XCTestCase {
    typealias H = CommentHeadingsTests

    let jsonc = "[\n  // web\n  \"requests\",\n  \"flask\",\n  // storage\n  \"sqlalchemy\",\n  \"alembic\"\n]\n"

    func testMoveDownAcrossAHeadingJoinsTheGroupBelowIt() throws {
        // flask lands right before alembic: below '// storage', which stays
        // between requests and sqlalchemy.
        XCTAssertEqual(try H.edited(jsonc, .jsonc, H.move(1, 2)),
                       "[\n  // web\n  \"requests\",\n  // storage\n  \"sqlalchemy\",\n  \"flask\",\n  \"alembic\"\n]\n")
    }

    func testSwapAcrossAHeadingExchangesTheGroups() throws {
        XCTAssertEqual(try H.edited(jsonc, .jsonc, .swap(try SourceSelector(parsing: "0"), try SourceSelector(parsing: "3"))),
                       "[\n  // web\n  \"alembic\",\n  \"flask\",\n  // storage\n  \"sqlalchemy\",\n  \"requests\"\n]\n")
    }

    func testMoveUpAcrossAHeadingJoinsTheGroupAboveIt() throws {
        XCTAssertEqual(try H.edited(jsonc, .jsonc, H.move(3, 1)),
                       "[\n  // web\n  \"requests\",\n  \"alembic\",\n  \"flask\",\n  // storage\n  \"sqlalchemy\"\n]\n")
    }

    func testMovingAGroupsFirstItemLeavesItsHeading() throws {
        XCTAssertEqual(try H.edited(jsonc, .jsonc, H.move(2, 0)),
                       "[\n  // web\n  \"sqlalchemy\",\n  \"requests\",\n  \"flask\",\n  // storage\n  \"alembic\"\n]\n")
    }

    func testAGroupLeftEmptyKeepsItsHeadingAboveTheNext() throws {
        let text = "[\n  // a\n  1,\n  // b\n  2,\n  // c\n  3\n]\n"
        XCTAssertEqual(try H.edited(text, .jsonc, H.move(1, 0)),
                       "[\n  // a\n  2,\n  1,\n  // b\n  // c\n  3\n]\n")
    }

    func testByGroupsPutsAnItemAtTheEndOfAGroup() throws {
        // What pick gives when flask is dropped at the end of storage, and
        // sqlalchemy at the end of web.
        let text = try H.read(jsonc, .jsonc) { document in
            String(decoding: document.render(document.headedArrangement([[.source(0), .source(2)], [.source(3), .source(1)]])),
                   as: UTF8.self)
        }
        XCTAssertEqual(text, "[\n  // web\n  \"requests\",\n  \"sqlalchemy\",\n  // storage\n  \"alembic\",\n  \"flask\"\n]\n")
    }

    func testTOMLArrayMoveAcrossAHeading() throws {
        let toml = "dependencies = [\n    # web\n    \"requests\",\n    \"flask\",\n    # storage\n    \"sqlalchemy\",\n    \"alembic\",\n]\n"
        XCTAssertEqual(try H.edited(toml, .toml, pointer: "/dependencies", H.move(0, 3)),
                       "dependencies = [\n    # web\n    \"flask\",\n    # storage\n    \"sqlalchemy\",\n    \"alembic\",\n    \"requests\",\n]\n")
    }

    func testWithoutHeadingsTheCommentTravelsWithTheItemBelow() throws {
        let text = try H.read(jsonc, .jsonc, headings: false) { document in
            String(decoding: document.render(try document.arrangement(for: H.move(2, 0), options: EditOptions())), as: UTF8.self)
        }
        XCTAssertEqual(text, "[\n  // storage\n  \"sqlalchemy\",\n  // web\n  \"requests\",\n  \"flask\",\n  \"alembic\"\n]\n")
    }
}
