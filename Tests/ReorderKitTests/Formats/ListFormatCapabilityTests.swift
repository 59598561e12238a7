import ReorderKit
import XCTest

/// What each built-in format declares of itself for the code outside its
/// folder, which asks these rather than naming a format (`SeamTests`): the
/// moves between lists and between files, and how several lists of one
/// document are read.
final class ListFormatCapabilityTests: XCTestCase {
    /// The names of the built-in formats for which `has` holds.
    func formats(_ has: (ListFormat) -> Bool) -> [String] {
        ListFormat.builtIn.filter(has).map(\.name)
    }

    func testMovesBetweenFilesOfAWholeDocumentsList() {
        XCTAssertEqual(formats(\.oneListMovesBetweenFiles), ["lines", "csv", "tsv"])
        XCTAssertEqual(formats { BetweenFiles.supports($0) }, ListFormat.builtIn.map(\.name))
    }

    func testValuesConvertBetweenJSONYAMLAndTOML() {
        XCTAssertEqual(formats { $0.valueConversion != nil }, ["json", "jsonc", "yaml", "toml"])
    }

    func testRowsUnderAHeader() {
        XCTAssertEqual(formats(\.rowsHaveAHeader), ["csv", "tsv"])
    }

    func testMarkersThatStayWithThePositions() {
        XCTAssertEqual(formats(\.markersStayWithPositions), ["markdown"])
    }

    func testMergeKeysAnchorsAndAliases() {
        XCTAssertEqual(formats { $0.mergeKey != nil }, ["yaml"])
        XCTAssertEqual(ListFormat.yaml.mergeKey, Array("<<".utf8))
        XCTAssertEqual(formats { $0.anchorsAndAliases != nil }, ["yaml"])
    }

    func testHowTheListsOfOneDocumentNestAndAreRead() {
        XCTAssertEqual(formats { $0.takesPointer && !$0.longerPointersNameInnerLists }, ["markdown"])
        XCTAssertEqual(formats(\.sharesReadingAcrossLists), ["yaml"])
    }
}
