import Foundation
import XCTest

/// `reorder lsp` driven by `Tests/lsp/client.py`, a client of its own that
/// speaks raw JSON-RPC to the built binary (its checks are there; it
/// prints the latency of diagnostics on a 100 000-line document).
final class LSPTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func runClient(server: String, arguments: [String] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", LSPTests.repository.appendingPathComponent("Tests/lsp/client.py").path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["REORDER"] = server
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testTheClientsChecksHold() throws {
        let result = try runClient(server: Harness.binary.path)
        print(result.output, terminator: "")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("latency: "), result.output)
    }

    /// The client fails on a server that is not one: its checks can fail.
    func testTheClientFailsOnAServerThatAnswersNothing() throws {
        let result = try runClient(server: "/bin/true", arguments: ["--skip-large"])
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.hasPrefix("FAIL: "), result.output)
    }
}
