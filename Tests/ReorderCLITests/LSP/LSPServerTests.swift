import Foundation
@testable import ReorderCLI
import XCTest

/// The server's methods are a table of handlers, method name to handler
/// (`LSPServer.requests`, `LSPServer.notifications`), not a switch.
final class LSPServerTests: XCTestCase {
    func testTheTableHoldsTheMethodsTheServerAnswers() {
        XCTAssertEqual(Set(LSPServer.requests.keys), [
            "initialize", "shutdown", "textDocument/codeAction", "workspace/executeCommand", "textDocument/formatting",
        ])
        XCTAssertEqual(Set(LSPServer.notifications.keys), [
            "exit", "initialized", "textDocument/didOpen", "textDocument/didChange", "textDocument/didSave",
            "textDocument/didClose", "workspace/didChangeWatchedFiles", "$/cancelRequest",
        ])
        // Each capability announced has its request's handler.
        let capabilities = LSPServer.initializeResult["capabilities"]
        for (capability, method) in [("codeActionProvider", "textDocument/codeAction"),
                                     ("executeCommandProvider", "workspace/executeCommand"),
                                     ("documentFormattingProvider", "textDocument/formatting")] {
            XCTAssertNotNil(capabilities?[capability], capability)
            XCTAssertNotNil(LSPServer.requests[method], method)
        }
    }

    /// Messages handled in process: what the server sends back, one
    /// message each.
    func testRequestsAndNotificationsGoToTheirHandlers() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        let server = LSPServer(transport: LSPTransport(input: -1, output: fds[1]) { _ in })
        func handle(_ text: String) throws -> Int32? {
            try server.handle(LSPJSON.parse(Array(text.utf8)))
        }
        XCTAssertNil(try handle(#"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}"#))
        XCTAssertNil(try handle(#"{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {}}"#))
        XCTAssertNil(try handle(#"{"jsonrpc": "2.0", "method": "textDocument/unknownNotification"}"#))
        XCTAssertNil(try handle(#"{"jsonrpc": "2.0", "id": 3, "method": "shutdown"}"#))
        XCTAssertEqual(try handle(#"{"jsonrpc": "2.0", "method": "exit"}"#), 0)
        close(fds[1])
        let sent = String(decoding: FileHandle(fileDescriptor: fds[0]).readDataToEndOfFile(), as: UTF8.self)
        let bodies = sent.components(separatedBy: "Content-Length: ").dropFirst()
            .map { $0[$0.range(of: "\r\n\r\n")!.upperBound...] }
            .map { try? LSPJSON.parse(Array($0.utf8)) }
        XCTAssertEqual(bodies.count, 3, sent)
        XCTAssertEqual(bodies.first??["result"]?["serverInfo"]?["name"]?.string, "reorder")
        XCTAssertEqual(bodies.dropFirst().first??["error"]?["message"]?.string, "no method 'textDocument/hover'")
        XCTAssertEqual(bodies.last??["id"]?.int, 3)
        XCTAssertEqual(bodies.last??["result"], .null)
    }

    func testExitWithoutShutdownIsStatusOne() throws {
        let server = LSPServer(transport: LSPTransport(input: -1, output: -1) { _ in })
        XCTAssertEqual(server.handle(try LSPJSON.parse(Array(#"{"jsonrpc": "2.0", "method": "exit"}"#.utf8))), 1)
    }

    /// No method is a case of a switch in the server: each is a row.
    func testTheServerHasNoSwitchOnMethods() throws {
        let source = try String(contentsOf: MetadataTests.repository.appendingPathComponent("Sources/ReorderCLI/LSP/LSPServer.swift"),
                                encoding: .utf8)
        for method in Array(LSPServer.requests.keys) + Array(LSPServer.notifications.keys) {
            XCTAssertFalse(source.contains("case \"\(method)\""), "LSPServer.swift has a case for '\(method)'")
        }
    }
}
