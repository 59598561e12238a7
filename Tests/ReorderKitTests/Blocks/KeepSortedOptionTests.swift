@testable import ReorderKit
import XCTest

/// Each of keep-sorted's options on its own, as its README describes it,
/// and how the start line is read.
final class KeepSortedOptionTests: XCTestCase {
    // MARK: - Defaults

    func testSortsByteOrderWithUpperCaseFirst() {
        assertSorts("", ["c", "a", "B", "b"], ["B", "a", "b", "c"])
    }

    func testABlockInOrderIsLeftAsItIs() {
        let text = "x\n" + KeepSortedRun.block("", ["a", "b", "c"]) + "y"
        Array(text.utf8).withUnsafeBytes { source in
            let result = KeepSorted.fix(source)
            XCTAssertTrue(PieceOutput(source: source, pieces: result.pieces).equalsSource())
            XCTAssertEqual(result.pieces, [.source(0..<source.count)])
        }
    }

    func testLeadingWhitespaceIsNotCompared() {
        assertSorts("", ["  b", "a", " c"], ["a", "  b", " c"])
    }

    func testBlankLinesGoFirstOnceAndTrailingOnesStay() {
        // keep-sorted's FAQ: blank lines that are not trailing move to the
        // top (kept once), the ones before the end marker stay.
        assertSorts("", ["c", "", "a", "", "b", "", ""], ["", "a", "b", "c", "", ""])
    }

    func testTrailingCommaGoesWithTheLastPlace() {
        assertSorts("", ["3,", "1,", "2"], ["1,", "2,", "3"])
        // Not every item but the last ends with a comma: nothing is done.
        assertSorts("", ["3, # three", "1,", "2"], ["1,", "2", "3, # three"])
    }

    // MARK: - Pre-sorting options

    func testIndentedLinesContinueTheItemAbove() {
        assertSorts("", ["b =", "    2", "a =", "    1"], ["a =", "    1", "b =", "    2"])
    }

    func testGroupNoMakesEachLineAnItem() {
        assertSorts("group=no", ["b", "  a2", "a"], ["a", "  a2", "b"])
        assertSorts("", ["b", "  a2", "a"], ["a", "b", "  a2"])
    }

    func testBlockYesKeepsBracketsAndQuotesTogether() {
        assertSorts("block=yes", ["foo(", "b)", "foo(", "a)"], ["foo(", "a)", "foo(", "b)"])
        assertSorts("block=yes", ["s = \"\"\"", "b", "\"\"\"", "s = \"\"\"", "a", "\"\"\""],
                    ["s = \"\"\"", "a", "\"\"\"", "s = \"\"\"", "b", "\"\"\""])
        // A bracket in a trailing comment does not count.
        assertSorts("block=yes", ["b(1) // (", "a(2)"], ["a(2)", "b(1) // ("])
    }

    func testGroupPrefixesContinueTheItemAbove() {
        assertSorts("group_prefixes=and,with",
                    ["spaghetti", "with meatballs", "peanut butter", "and jelly", "hamburger", "with lettuce", "and tomatoes"],
                    ["hamburger", "with lettuce", "and tomatoes", "peanut butter", "and jelly", "spaghetti", "with meatballs"])
    }

    func testGroupStartRegexStartsItems() {
        assertSorts("group_start_regex=^define", ["define b", "x", "define a", "y"], ["define a", "y", "define b", "x"])
        assertSorts(#"group_start_regex=["^define\\b"] newline_separated=yes"#,
                    ["// Some comment for foo", "define foo =", "abc + def;", "",
                     "// Some other comment for bar", "define bar =", "ghi + jkl;"],
                    ["// Some other comment for bar", "define bar =", "ghi + jkl;", "",
                     "// Some comment for foo", "define foo =", "abc + def;"])
    }

    func testGroupEndRegexEndsItems() {
        assertSorts("group_end_regex=;$", ["b =", "1;", "a =", "2;"], ["a =", "2;", "b =", "1;"])
    }

    func testCommentsStickToTheItemBelow() {
        assertSorts("", ["#x", "// about !", "!"], ["// about !", "!", "#x"])
        assertSorts("sticky_comments=no", ["#x", "// about !", "!"], ["!", "#x", "// about !"])
        // Comments after the last item stay last.
        assertSorts("", ["b", "a", "// the end"], ["a", "b", "// the end"])
    }

    func testStickyPrefixesStickLikeComments() {
        assertSorts("sticky_prefixes=@", ["B", "@Deprecated", "Z"], ["B", "@Deprecated", "Z"])
        assertSorts("", ["B", "@Deprecated", "Z"], ["@Deprecated", "B", "Z"])
    }

    func testSkipLinesLeavesLinesInPlace() {
        assertSorts("skip_lines=2", ["Name | Value", "---- | -----", "b | 2", "a | 1"],
                    ["Name | Value", "---- | -----", "a | 1", "b | 2"])
        assertSorts("skip_lines=-1", ["c", "a", "Total"], ["a", "c", "Total"])
        assertSorts("skip_lines=1,-1", ["Header", "c", "a", "Footer"], ["Header", "a", "c", "Footer"])
    }

    // MARK: - Sorting options

    func testCaseNoComparesWithoutCaseThenByBytes() {
        assertSorts("case=no", ["b", "A", "a", "B"], ["A", "a", "B", "b"])
    }

    func testNumericComparesRunsOfDigitsByValue() {
        assertSorts("numeric=yes", ["x10", "x9", "x010"], ["x9", "x010", "x10"])
        assertSorts("numeric=yes", ["v100000000000000000000000000", "v99999999999999999999999999"],
                    ["v99999999999999999999999999", "v100000000000000000000000000"])
        assertSorts("", ["x10", "x9"], ["x10", "x9"])
    }

    func testByRegexComparesWhatTheRegexFinds() {
        assertSorts(#"by_regex=\w+;"#, ["List<String> foo;", "Object baz;", "String bar;"],
                    ["String bar;", "Object baz;", "List<String> foo;"])
        // Items the regex does not match go after those it does.
        assertSorts(#"by_regex=\d+"#, ["b", "2", "a", "1"], ["1", "2", "a", "b"])
        // Capturing groups: only what they match counts.
        assertSorts("by_regex=['[^ ]+ (.*)']", ["int baz", "bool foo", "long bar"], ["long bar", "int baz", "bool foo"])
    }

    func testByRegexTemplateIsTheKey() {
        assertSorts(#"by_regex=['^(\w+) (?<last>\w+)$': '${last} ${1}']"#,
                    ["Ada Lovelace", "Alan Turing", "Grace Hopper"], ["Grace Hopper", "Ada Lovelace", "Alan Turing"])
    }

    func testPrefixOrderPutsPrefixesWhereTheySay() {
        assertSorts("prefix_order=INIT_,,FINAL_",
                    ["DO_SOMETHING_WITH_BAR,", "DO_SOMETHING_WITH_FOO,", "FINAL_BAR,", "FINAL_FOO,", "INIT_BAR,", "INIT_FOO"],
                    ["INIT_BAR,", "INIT_FOO,", "DO_SOMETHING_WITH_BAR,", "DO_SOMETHING_WITH_FOO,", "FINAL_BAR,", "FINAL_FOO"])
    }

    func testIgnorePrefixesAreNotCompared() {
        assertSorts("ignore_prefixes=fs.setBoolFlag,fs.setIntFlag",
                    [#"fs.setBoolFlag("paws", true)"#, #"fs.setBoolFlag("whiskers", true)"#, #"fs.setIntFlag("pretty", 6)"#],
                    [#"fs.setBoolFlag("paws", true)"#, #"fs.setIntFlag("pretty", 6)"#, #"fs.setBoolFlag("whiskers", true)"#])
    }

    func testOrderDescSortsDescending() {
        assertSorts("order=desc", ["a", "c", "b"], ["c", "b", "a"])
        assertSorts("order=desc", ["a", "b", "// the end"], ["b", "a", "// the end"])
    }

    // MARK: - Post-sorting options

    func testDuplicatesAreRemovedUnlessTheyHaveOtherComments() {
        assertSorts("", ["b", "a", "b"], ["a", "b"])
        assertSorts("remove_duplicates=no", ["b", "a", "b"], ["a", "b", "b"])
        assertSorts("", ["bar", "// bar again", "bar"], ["bar", "// bar again", "bar"])
    }

    func testNewlineSeparatedPutsBlankLinesBetweenItems() {
        assertSorts("newline_separated=yes", ["b", "a"], ["a", "", "b"])
        assertSorts("newline_separated=2", ["b", "", "a"], ["a", "", "", "b"])
        assertSorts("newline_separated=no", ["b", "", "a"], ["", "a", "b"])
    }

    // MARK: - The start line

    func options(_ line: String) -> (KeepSortedOptions, [KeepSortedWarning]) {
        let bytes = Array(line.utf8)
        let marker = Array("keep-sorted start".utf8)
        let at = (0...(bytes.count - marker.count)).first { bytes[$0..<$0 + marker.count].elementsEqual(marker) }!
        return KeepSortedOptions.parse(before: bytes[..<at], options: bytes[(at + marker.count)...], line: 7)
    }

    func testYAMLListsTakeSpacesCommasAndQuotes() {
        XCTAssertEqual(options(#"<!-- keep-sorted start prefix_order=["* ", "* ["] -->"#).0.prefixOrder,
                       [Array("* ".utf8), Array("* [".utf8)])
        XCTAssertEqual(options(#"# keep-sorted start sticky_prefixes=['it''s', "a\"b\\c", plain, x y]"#).0.stickyPrefixes,
                       ["it's", "a\"b\\c", "plain", "x y", "#"].map { Array($0.utf8) })
        XCTAssertEqual(options("# keep-sorted start allow_yaml_lists=no prefix_order=[a,b]").0.prefixOrder,
                       ["[a", "b]"].map { Array($0.utf8) })
        XCTAssertEqual(options("# keep-sorted start ignore_prefixes=[]").0.ignorePrefixes, [])
    }

    func testValuesOfEveryKind() {
        let (parsed, warnings) = options("// keep-sorted start group=no block=yes case=no numeric=true order=desc skip_lines=2,-3 newline_separated=3 remove_duplicates=false sticky_comments=no")
        XCTAssertEqual(warnings, [])
        XCTAssertFalse(parsed.group)
        XCTAssertTrue(parsed.block)
        XCTAssertFalse(parsed.caseSensitive)
        XCTAssertTrue(parsed.numeric)
        XCTAssertTrue(parsed.descending)
        XCTAssertEqual(parsed.skipAtStart, 2)
        XCTAssertEqual(parsed.skipAtEnd, 3)
        XCTAssertEqual(parsed.newlineSeparated, 3)
        XCTAssertFalse(parsed.removeDuplicates)
        XCTAssertEqual(parsed.commentMarker, Array("//".utf8))
        XCTAssertEqual(parsed.stickyPrefixes, [], "sticky_comments=no: the comment marker does not stick")
    }

    func testCommentMarkerIsGuessedFromTheTextBeforeTheMarker() {
        XCTAssertEqual(options("  -- keep-sorted start").0.commentMarker, Array("--".utf8))
        XCTAssertEqual(options("<!-- keep-sorted start -->").0.commentMarker, Array("<!--".utf8))
        XCTAssertEqual(options("// a prefix keep-sorted start").0.commentMarker, Array("//".utf8))
        XCTAssertEqual(options("* keep-sorted start").0.commentMarker, [])
    }

    func testProblemsAreWarningsAndTheOptionIsLeftOut() {
        let (parsed, warnings) = options("// keep-sorted start grup=no case=maybe skip_lines=-1,-1 ignore_prefixes=[abc, foo")
        XCTAssertEqual(warnings, [
            KeepSortedWarning(line: 7, .unknownOption("grup")),
            KeepSortedWarning(line: 7, .invalidValue(option: "case", value: "maybe", expected: .bool)),
            KeepSortedWarning(line: 7, .conflictingSkipLines([-1, -1])),
            KeepSortedWarning(line: 7, .unterminatedList(option: "ignore_prefixes", text: "[abc, foo")),
        ])
        XCTAssertTrue(parsed.group)
        XCTAssertTrue(parsed.caseSensitive)
        XCTAssertEqual(parsed.skipAtEnd, 0)
    }

    func testOptionsThatCannotGoTogether() {
        XCTAssertEqual(options("// keep-sorted start by_regex=.* ignore_prefixes=foo,b.r").1,
                       [KeepSortedWarning(line: 7, .byRegexWithIgnorePrefixes(suggestion: #"(?:foo|b\.r)"#))])
        XCTAssertEqual(options("// keep-sorted start group=no group_prefixes=and").1,
                       [KeepSortedWarning(line: 7, .groupPrefixesWithoutGroup)])
        XCTAssertEqual(options("// keep-sorted start group_start_regex=a group_end_regex=b").1,
                       [KeepSortedWarning(line: 7, .bothGroupRegexes)])
        guard case .invalidRegex(option: "by_regex", pattern: "*", reason: _)? = options("// keep-sorted start by_regex=*").1.first?.problem else {
            return XCTFail("an invalid regex is a warning")
        }
    }

    func testMarkersWithoutPartnersAreWarnings() {
        let text = "a\n// keep-sorted end\n" + KeepSortedRun.block("", ["b", "a"]) + "// keep-sorted start\nz\ny\n"
        let (fixed, warnings) = KeepSortedRun.fix(text)
        XCTAssertEqual(fixed, "a\n// keep-sorted end\n" + KeepSortedRun.block("", ["a", "b"]) + "// keep-sorted start\nz\ny\n")
        XCTAssertEqual(warnings, [KeepSortedWarning(line: 2, .missingStart(marker: "keep-sorted start")),
                                  KeepSortedWarning(line: 7, .missingEnd(marker: "keep-sorted end"))])
    }

    func testSkipLinesThatSkipEverythingLeaveTheBlock() {
        let text = KeepSortedRun.block("skip_lines=3", ["c", "b", "a"])
        let (fixed, warnings) = KeepSortedRun.fix(text)
        XCTAssertEqual(fixed, KeepSortedRun.block("skip_lines=3", ["c", "b", "a"]))
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(KeepSortedRun.fix(KeepSortedRun.block("skip_lines=4", ["c", "b", "a"])).warnings,
                       [KeepSortedWarning(line: 1, .skipsWholeBlock(skipAtStart: 4, skipAtEnd: 0, lines: 3))])
    }

    func testAnotherMarkerName() {
        let text = "# keep-sorted start\nb\na\n# keep-sorted end\n# keep-sorted-test start\nb\na\n# keep-sorted-test end\n"
        XCTAssertEqual(KeepSortedRun.fix(text, marker: "keep-sorted-test").text,
                       "# keep-sorted start\nb\na\n# keep-sorted end\n# keep-sorted-test start\na\nb\n# keep-sorted-test end\n")
    }
}
