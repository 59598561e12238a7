@testable import ReorderCLI
import XCTest

/// `reorder fix`, `--block` and `--line-range` in process: arguments and
/// standard input in; output, messages and status out.
final class FixCommandTests: XCTestCase {
    func run(_ arguments: [String], stdin: String = "") -> RunnerTests.Outcome {
        let out = MemorySink(), err = MemorySink()
        let console = Console(standardInput: Array(stdin.utf8), standardOutput: out, standardError: err, width: 80)
        let status = Runner(console: console).run(arguments)
        return RunnerTests.Outcome(status: status, stdout: out.text, stderr: err.text)
    }

    let unsorted = "deps = [\n    # keep-sorted start\n    \"zlib\",\n    \"core\",\n    \"abc\",\n    # keep-sorted end\n]\n"
    let sorted = "deps = [\n    # keep-sorted start\n    \"abc\",\n    \"core\",\n    \"zlib\",\n    # keep-sorted end\n]\n"

    func testFixesStandardInputToStandardOutput() {
        XCTAssertEqual(run(["fix", "-"], stdin: unsorted), .init(status: 0, stdout: sorted, stderr: ""))
        XCTAssertEqual(run(["fix", "-"], stdin: sorted), .init(status: 0, stdout: sorted, stderr: ""))
        XCTAssertEqual(run(["fix", "-"], stdin: ""), .init(status: 0, stdout: "", stderr: ""))
        // Without FILE, fix is for the repository a policy governs; there is none here.
        XCTAssertEqual(run(["fix"], stdin: unsorted), .init(status: 2, stdout: "", stderr:
            "reorder: no .reorder.toml here or in a folder above: 'reorder init' writes one from the lists already in order, "
            + "--config PATH names one elsewhere; or name the files to fix ('-' for standard input) for their keep-sorted blocks\n"))
        // check's own words.
        XCTAssertEqual(run(["check"], stdin: unsorted), .init(status: 2, stdout: "", stderr:
            "reorder: no .reorder.toml here or in a folder above: 'reorder init' writes one from the lists already in order, "
            + "--config PATH names one elsewhere; or name the files to check for their keep-sorted blocks\n"))
    }

    func testCheckAndDiff() {
        XCTAssertEqual(run(["fix", "--check", "-"], stdin: unsorted), .init(status: 1, stdout: "<stdin>\n", stderr: ""))
        XCTAssertEqual(run(["fix", "--check", "-"], stdin: sorted), .init(status: 0, stdout: "", stderr: ""))
        let diff = run(["fix", "--diff", "--color", "never", "-"], stdin: unsorted)
        XCTAssertEqual(diff.status, 1)
        XCTAssertTrue(diff.stdout.contains("-    \"zlib\",\n") && diff.stdout.contains("+    \"zlib\",\n"), diff.stdout)
    }

    func testMarkerNamesTheMarkers() {
        let text = "# keep-sorted-test start\nb\na\n# keep-sorted-test end\n"
        XCTAssertEqual(run(["fix", "-"], stdin: text).stdout, text)
        XCTAssertEqual(run(["fix", "--marker", "keep-sorted-test", "-"], stdin: text).stdout,
                       "# keep-sorted-test start\na\nb\n# keep-sorted-test end\n")
        XCTAssertEqual(run(["fix", "--marker", "", "-"], stdin: text).stderr,
                       "reorder: '--marker ' is not a marker name: it must not be empty or hold a newline\n")
    }

    func testWarningsNameTheLineAndMakeTheStatusOne() {
        let text = "x\n// keep-sorted start grup=no case=maybe\nb\na\n// keep-sorted end\n// keep-sorted start\n"
        let outcome = run(["fix", "-"], stdin: text)
        XCTAssertEqual(outcome.status, 1)
        // The block is still sorted, as keep-sorted sorts it.
        XCTAssertEqual(outcome.stdout, "x\n// keep-sorted start grup=no case=maybe\na\nb\n// keep-sorted end\n// keep-sorted start\n")
        XCTAssertEqual(outcome.stderr, """
            reorder: <stdin>:2: unknown option 'grup' on the 'keep-sorted start' line (did you mean 'group'?); it is left out
            reorder: <stdin>:2: 'case=maybe': case takes yes or no; the option is left out
            reorder: <stdin>:6: 'keep-sorted start' has no 'keep-sorted end' after it; the lines after it are left as they are

            """)
        // --check: the warnings, and status 1 even when nothing changes.
        XCTAssertEqual(run(["fix", "--check", "-"], stdin: "// keep-sorted end\n").status, 1)
    }

    func testFixTakesNoListOptions() {
        XCTAssertEqual(run(["fix", "--json"]).stderr,
                       "reorder: '--json' is not an option of 'reorder fix'; see 'reorder fix --help'\n")
        XCTAssertEqual(run(["fix", "--block", "0"]).status, 2)
    }

    func testBlockAndLineRangeWorkOnAPartOfTheInput() {
        XCTAssertEqual(run(["move", "~core", "0", "--block", "0"], stdin: unsorted).stdout,
                       "deps = [\n    # keep-sorted start\n    \"core\",\n    \"zlib\",\n    \"abc\",\n    # keep-sorted end\n]\n")
        XCTAssertEqual(run(["sort", "--block", "-1"], stdin: unsorted).stdout, sorted)
        XCTAssertEqual(run(["reverse", "--line-range", "3...5"], stdin: unsorted).stdout,
                       "deps = [\n    # keep-sorted start\n    \"abc\",\n    \"core\",\n    \"zlib\",\n    # keep-sorted end\n]\n")
        XCTAssertEqual(run(["delete", "0", "--line-range", "7..."], stdin: unsorted).stdout,
                       "deps = [\n    # keep-sorted start\n    \"zlib\",\n    \"core\",\n    \"abc\",\n    # keep-sorted end\n")
        XCTAssertEqual(run(["sort", "--block", "0", "--marker", "other"], stdin: "# other start\nb\na\n# other end\n").stdout,
                       "# other start\na\nb\n# other end\n")
    }

    func testRegionMistakes() {
        XCTAssertEqual(run(["sort", "--block", "1"], stdin: unsorted).stderr,
                       "reorder: <stdin>: --block 1 is out of range: there is 1 block marked 'keep-sorted start' ... 'keep-sorted end' (valid: 0...0, or -1...-1 from the end)\n")
        XCTAssertEqual(run(["sort", "--block", "0"], stdin: "a\n").stderr,
                       "reorder: <stdin>: --block 0: there is no block marked 'keep-sorted start' ... 'keep-sorted end'\n")
        XCTAssertEqual(run(["sort", "--line-range", "2...9"], stdin: "a\nb\n").stderr,
                       "reorder: <stdin>: --line-range 2...9 is out of range: the file has 2 lines (counted from 1)\n")
        XCTAssertEqual(run(["sort", "--line-range", "3...2"]).stderr,
                       "reorder: '--line-range 3...2' is not a range of lines: use A...B (from line A through line B, counted from 1) or A... (to the end)\n")
        XCTAssertEqual(run(["sort", "--block", "first"]).stderr,
                       "reorder: '--block first' is not a block number: use a whole number, 0 for the first block, -1 for the last\n")
        XCTAssertEqual(run(["sort", "--block", "0", "--line-range", "1...2"]).stderr,
                       "reorder: '--block' and '--line-range' cannot be used together\n")
        XCTAssertEqual(run(["sort", "--block", "0", "-p", "/x"]).stderr,
                       "reorder: '--block' and '--pointer' cannot be used together\n")
        XCTAssertEqual(run(["sort", "--line-range", "1...", "--format", "json"]).stderr,
                       "reorder: '--line-range' and '--format json' cannot be used together\n")
        XCTAssertEqual(run(["sort", "--marker", "x"]).stderr,
                       "reorder: '--marker' names the markers of 'reorder fix' and of --block; give --block N too\n")
    }

    func testHelpOfFix() {
        let help = run(["help", "fix"]).stdout
        XCTAssertTrue(help.hasPrefix("Usage: reorder fix [OPTIONS] [FILE...]\n"), help)
        XCTAssertTrue(help.contains("keep-sorted#10") && help.contains("keep-sorted#131"), help)
        XCTAssertTrue(help.contains("--marker NAME"), help)
    }
}
