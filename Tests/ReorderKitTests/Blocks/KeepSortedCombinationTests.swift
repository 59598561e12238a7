@testable import ReorderKit
import XCTest

/// Options together, as keep-sorted's goldens combine them; nested blocks;
/// and the two keep-sorted defects `reorder fix` fixes.
final class KeepSortedCombinationTests: XCTestCase {
    func testCaseNoWithNumeric() {
        assertSorts("case=no numeric=yes", ["bar_1", "bAR_5", "BAR_100", "bar_5"], ["bar_1", "bAR_5", "bar_5", "BAR_100"])
    }

    func testNumericWithPrefixOrderAndStickyComments() {
        assertSorts("numeric=yes prefix_order=INIT,ROLLOUT,COMPLETE",
                    ["// All done.", "COMPLETE,", "INIT_10,", "INIT_5,", "ROLLOUT_100,", "// just one", "ROLLOUT_1,"],
                    ["INIT_5,", "INIT_10,", "// just one", "ROLLOUT_1,", "ROLLOUT_100,", "// All done.", "COMPLETE,"])
    }

    func testNumericWithIgnorePrefixes() {
        assertSorts("numeric=yes ignore_prefixes=R2D2,C3PO,R4",
                    ["R2D2_BOLTS_5_MM,", "R2D2_BOLTS_10_MM,", "R2D2_PROJECTOR,", "C3PO_ARM_L,", "C3PO_HEAD,", "R4_MOTIVATOR,"],
                    ["C3PO_ARM_L,", "R2D2_BOLTS_5_MM,", "R2D2_BOLTS_10_MM,", "C3PO_HEAD,", "R4_MOTIVATOR,", "R2D2_PROJECTOR,"])
    }

    func testByRegexWithNumericCaseAndPrefixOrder() {
        assertSorts(#"by_regex=\d+ numeric=yes"#, ["bar 40", "foo 7", "baz 01"], ["baz 01", "foo 7", "bar 40"])
        assertSorts(#"by_regex=\D+ case=no"#, ["1 FOO", "2 bar", "3 bAz"], ["2 bar", "3 bAz", "1 FOO"])
        assertSorts(#"by_regex=\w+_(\w+) prefix_order=INIT,,FINAL"#,
                    ["FOO_INIT,", "FOO_FINAL,", "BAR_INIT,", "DO_STUFF"],
                    ["BAR_INIT,", "FOO_INIT,", "DO_STUFF,", "FOO_FINAL"])
        // Several regexes compare in turn.
        assertSorts("by_regex=['(?:int|bool) (.*)', 'int|bool']", ["int b", "bool b", "int a"], ["int a", "bool b", "int b"])
    }

    func testBlockNewlineSeparatedAndByRegex() {
        assertSorts(#"block=yes newline_separated=yes by_regex=(\w+)\(\)\s+{"#,
                    ["bool func2() {", "  return true;", "}", "int func1() {", "  return 1;", "}"],
                    ["int func1() {", "  return 1;", "}", "", "bool func2() {", "  return true;", "}"])
    }

    func testGroupStartRegexWithByRegex() {
        assertSorts(#"group_start_regex=^CREATE newline_separated=yes by_regex=["\\bFUNCTION (\\w+)\\b"]"#,
                    ["// Foo", "CREATE PUBLIC FUNCTION Foo(x)", "AS (x);", "", "// Bar", "CREATE PRIVATE FUNCTION Bar(x)", "AS (x);"],
                    ["// Bar", "CREATE PRIVATE FUNCTION Bar(x)", "AS (x);", "", "// Foo", "CREATE PUBLIC FUNCTION Foo(x)", "AS (x);"])
    }

    func testBlockWithStickyComments() {
        assertSorts("block=yes sticky_comments=yes",
                    ["{", "  Name: \"foo\",", "},", "// Comment about bar.", "{", "  Name: \"bar\",", "},"],
                    ["// Comment about bar.", "{", "  Name: \"bar\",", "},", "{", "  Name: \"foo\",", "},"])
    }

    func testRemoveDuplicatesWithStickyComments() {
        assertSorts("remove_duplicates=yes sticky_comments=yes",
                    ["foo", "bar", "// Foo again", "foo", "// Foo again", "foo"],
                    ["bar", "foo", "// Foo again", "foo"])
    }

    func testSkipLinesWithGroupPrefixes() {
        assertSorts("skip_lines=2 group_prefixes=:",
                    ["| birds |", "| ----- |", "| blue  |", ": booby |", "| anhinga |"],
                    ["| birds |", "| ----- |", "| anhinga |", "| blue  |", ": booby |"])
    }

    func testCommaSeparatedWithComments() {
        assertSorts("", ["\"Foo\",", "// Sticky", "\"Bar\",", "\"Baz\"", "// Trailing"],
                    ["// Sticky", "\"Bar\",", "\"Baz\",", "\"Foo\"", "// Trailing"])
    }

    // MARK: - Nested blocks

    func testNestedBlocksAreSortedFirst() {
        let text = """
            # keep-sorted start block=yes
            foo = [
              # keep-sorted start
              'y',
              'x',
              # keep-sorted end
            ]
            bar = [
              # keep-sorted start
              '3',
              '1',
              '2',
              # keep-sorted end
            ]
            # keep-sorted end

            """
        let (fixed, warnings) = KeepSortedRun.fix(text)
        XCTAssertEqual(fixed, """
            # keep-sorted start block=yes
            bar = [
              # keep-sorted start
              '1',
              '2',
              '3',
              # keep-sorted end
            ]
            foo = [
              # keep-sorted start
              'x',
              'y',
              # keep-sorted end
            ]
            # keep-sorted end

            """)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(KeepSortedRun.fix(fixed).text, fixed)
    }

    func testNestedBlockThatChangesItsLengthAndOneWithoutIndentation() {
        let text = """
            // keep-sorted start newline_separated=yes
            // def
            // keep-sorted start
            3
            1
            3
            // keep-sorted end

            // abc
            // keep-sorted start
            b
            a
            // keep-sorted end
            // keep-sorted end

            """
        XCTAssertEqual(KeepSortedRun.fix(text).text, """
            // keep-sorted start newline_separated=yes
            // def
            // keep-sorted start
            1
            3
            // keep-sorted end

            // abc
            // keep-sorted start
            a
            b
            // keep-sorted end
            // keep-sorted end

            """)
    }

    func testBlocksInLinesThatSkipLinesSkipsAreSortedOnTheirOwn() {
        let text = """
            <!-- keep-sorted start skip_lines=4 -->
            <!-- keep-sorted start -->
            b
            a
            <!-- keep-sorted end -->
            y
            x
            <!-- keep-sorted end -->

            """
        XCTAssertEqual(KeepSortedRun.fix(text).text, """
            <!-- keep-sorted start skip_lines=4 -->
            <!-- keep-sorted start -->
            a
            b
            <!-- keep-sorted end -->
            x
            y
            <!-- keep-sorted end -->

            """)
    }

    /// skip_lines that puts one marker of an inner block among the lines
    /// it skips: sorting the outer block would move the other marker away
    /// from its block, so it is left as it is; the inner one is sorted.
    func testAnInnerBlockAcrossTheSkippedLinesLeavesTheOuterOneAlone() {
        let text = "# keep-sorted start skip_lines=1\n# keep-sorted start\nb\na\n# keep-sorted end\nz\ny\n# keep-sorted end\n"
        let (fixed, warnings) = KeepSortedRun.fix(text)
        XCTAssertEqual(fixed, "# keep-sorted start skip_lines=1\n# keep-sorted start\na\nb\n# keep-sorted end\nz\ny\n# keep-sorted end\n")
        XCTAssertEqual(warnings, [KeepSortedWarning(line: 1, .nestedBlockAcrossSkippedLines(innerLine: 2))])
    }

    /// An outer block that would sort an inner block's lines as separate
    /// items (`group=no`) took its markers apart, and each run again (a
    /// nested block with `prefix_order` never settled): it is left as it
    /// is, with a warning, and the inner one is sorted.
    func testAnInnerBlockThatTheOuterOneWouldSplitLeavesTheOuterOneAlone() {
        let text = "# keep-sorted start sticky_comments=no prefix_order=INIT_,,FINAL_ group=no\n"
            + "# keep-sorted start block=yes prefix_order=b,a sticky_comments=no\nbar baz\na\n# keep-sorted end\n"
            + "# keep-sorted end\n"
        let (fixed, warnings) = KeepSortedRun.fix(text)
        XCTAssertEqual(fixed, "# keep-sorted start sticky_comments=no prefix_order=INIT_,,FINAL_ group=no\n"
            + "# keep-sorted start block=yes prefix_order=b,a sticky_comments=no\nbar baz\na\n# keep-sorted end\n"
            + "# keep-sorted end\n")
        XCTAssertEqual(warnings, [KeepSortedWarning(line: 1, .nestedBlockSplit(innerLine: 2))])
        let (again, _) = KeepSortedRun.fix(fixed)
        XCTAssertEqual(again, fixed)

        let plain = "# keep-sorted start group=no\nz\n# keep-sorted start\nb\na\n# keep-sorted end\n# keep-sorted end\n"
        let (sortedInner, plainWarnings) = KeepSortedRun.fix(plain)
        XCTAssertEqual(sortedInner, "# keep-sorted start group=no\nz\n# keep-sorted start\na\nb\n# keep-sorted end\n# keep-sorted end\n")
        XCTAssertEqual(plainWarnings, [KeepSortedWarning(line: 1, .nestedBlockSplit(innerLine: 3))])
    }

    /// A nested block first in its outer block: keep-sorted takes the
    /// block's indentation from its first item line, and the start marker
    /// is read as a comment, so sorting the nested block first changed how
    /// the lines after it grouped, and every run sorted again.
    func testANestedBlockSortedFirstDoesNotChangeHowTheLinesGroup() {
        let nested = "# keep-sorted start\n9\n# keep-sorted start group=no\n  # keep-sorted start case=no\n  # keep-sorted end\n"
            + "# keep-sorted end\n  bar baz\n# keep-sorted end\n"
        let (first, _) = KeepSortedRun.fix(nested)
        XCTAssertEqual(first, "# keep-sorted start\n# keep-sorted start group=no\n  # keep-sorted start case=no\n  # keep-sorted end\n"
            + "# keep-sorted end\n  bar baz\n9\n# keep-sorted end\n")
        XCTAssertEqual(KeepSortedRun.fix(first).0, first)
    }

    // MARK: - keep-sorted's defects, fixed

    /// keep-sorted#10: keep-sorted makes each `]` an item, removes all but
    /// one as duplicates and sorts it to the end.
    func testTOMLArraysKeepTheirClosingBrackets() {
        assertSorts("", [#""app.namespace2" = ["#, #"    "A","#, #"    "Q""#, "]",
                         #""app.namespace1" = ["#, #"    "A","#, #"    "C","#, "]"],
                    [#""app.namespace1" = ["#, #"    "A","#, #"    "C","#, "]",
                     #""app.namespace2" = ["#, #"    "A","#, #"    "Q""#, "]"])
        // JSON-like objects with their closing brace at the item's indentation.
        assertSorts("", ["{ \"name\": \"b\",", "  \"x\": 1", "},", "{ \"name\": \"a\",", "  \"x\": 2", "}"],
                    ["{ \"name\": \"a\",", "  \"x\": 2", "},", "{ \"name\": \"b\",", "  \"x\": 1", "}"])
        // A closing bracket that closes nothing of the item is an item.
        assertSorts("", ["b", ")", "a"], [")", "a", "b"])
    }

    /// keep-sorted#131: keep-sorted compares the bullet, so `*` items come
    /// before `-` ones.
    func testBulletsWithDifferentMarkersSortByTheirText() {
        assertSorts("", ["- cherry", "* banana", "- apple"], ["- apple", "* banana", "- cherry"])
        assertSorts("", ["+ c", "  - nested", "* a", "- b"], ["* a", "- b", "+ c", "  - nested"])
        // One marker: nothing to skip, keep-sorted's order.
        assertSorts("", ["*  b", "* a"], ["*  b", "* a"])
        // Not every item is a bullet: compared as they are.
        assertSorts("", ["2", "1", "* not a bullet list", "3"], ["* not a bullet list", "1", "2", "3"])
        // ignore_prefixes says what to compare.
        assertSorts("ignore_prefixes=['*', '* [']", ["* foo", "- bar", "* [baz](x)"], ["- bar", "* [baz](x)", "* foo"])
    }

    /// keep-sorted counts a blank line as an item without a comma, so a
    /// comma list with blank lines between its items ends with its commas
    /// out of place, and run again after a trailing comment, turns a blank
    /// line into a lone comma.
    func testCommaListsWithBlankLinesKeepTheirCommasRight() {
        assertSorts("newline_separated=yes", [#""3","#, "", #""1","#, "", #""2""#], [#""1","#, "", #""2","#, "", #""3""#])
        assertSorts("", [#""3","#, "", #""1","#, #""2""#], ["", #""1","#, #""2","#, #""3""#])
        assertSorts("newline_separated=yes", ["b,", "a", "// the end"], ["a,", "", "b", "", "// the end"])
    }

    // MARK: - Property

    /// Random blocks of random lines, with options keep-sorted's goldens
    /// use: a second run changes nothing, and the lines outside the blocks
    /// stay as they were. The lines are ones keep-sorted sorts for good:
    /// only a line right after an item's line is indented, and comments are
    /// not (an indented line that sorting puts first, or under a line
    /// indented less, changes the items on the next run),
    /// quotes are closed (an open one takes every line after it into the
    /// item with block=yes), no line is given twice, and either every item
    /// ends with a comma, or every item but the last, or none (a comma list
    /// whose last item gains a comma can then have a duplicate to remove).
    func testFixIsIdempotentAndKeepsTheRestOfTheFile() {
        var random = SeededGenerator(seed: 17)
        let optionSets = ["", "group=no", "block=yes", "case=no", "numeric=yes", "remove_duplicates=no",
                          "newline_separated=yes", "newline_separated=2", "sticky_comments=no", "prefix_order=b,,a",
                          "ignore_prefixes=x", "order=desc", "skip_lines=1", "skip_lines=-1", "group_prefixes=and",
                          "by_regex=\\d+", "case=no numeric=yes", "block=yes newline_separated=yes"]
        let words = ["a", "b", "B", "x1", "x10", "x2", "and c", "[", "]", "{", "},", "(", ")", "\"q\"", "- d", "* e"]
        for _ in 0..<1000 {
            var lines: [String] = []
            let commas = random.below(3)  // none, every item, every item but the last
            for _ in 0..<random.below(9) {
                var line = ""
                if random.chance(10) { line = "" } else if random.chance(15) { line = "// note " + random.pick(words) } else {
                    let afterItem = lines.last.map { !$0.isEmpty && !$0.hasPrefix("//") } ?? false
                    line = (afterItem && random.chance(25) ? "  " : "") + random.pick(words) + (commas > 0 ? "," : "")
                }
                if !line.isEmpty && lines.contains(where: { $0.trimmingPrefix(" ") == line.trimmingPrefix(" ") }) { continue }
                lines.append(line)
            }
            if commas == 2, let last = lines.lastIndex(where: { $0.hasSuffix(",") }) { lines[last].removeLast() }
            let options = random.pick(optionSets)
            let text = "before\n" + KeepSortedRun.block(options, lines) + "after"
            let (once, _) = KeepSortedRun.fix(text)
            XCTAssertEqual(KeepSortedRun.fix(once).text, once, "options \(options), lines \(lines)")
            XCTAssertTrue(once.hasPrefix("before\n// keep-sorted start") && once.hasSuffix("// keep-sorted end\nafter"), once)
        }
    }
}

extension KeepSortedCombinationTests {
    func testNewlineSeparatedWithAGroupEndRegexSettlesAfterOneRun() {
        // The blank line it added started the next item (the item goes on
        // until a `)`), so every run added one more.
        assertSorts("group_end_regex=^\\) newline_separated=yes", ["foo(", "  b", ")", "bar(", "  a", ")"],
                    ["bar(", "  a", ")", "", "foo(", "  b", ")"])
        assertSorts("group_end_regex=^\\) newline_separated=yes", ["foo(", "  b", ")", "", "", "bar(", "  a", ")"],
                    ["bar(", "  a", ")", "", "foo(", "  b", ")"])
    }
}
