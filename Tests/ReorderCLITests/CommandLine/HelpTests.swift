import Foundation
@testable import ReorderCLI
import XCTest

/// Usage lines are rendered from the operands of the command table, with
/// no case for any command in `Help`.
final class HelpTests: XCTestCase {
    /// Every command's usage line, as `reorder COMMAND --help` starts.
    static let usages: [String: String] = [
        "move": "reorder move FROM TO [OPTIONS] [FILE...]",
        "copy": "reorder copy FROM TO [OPTIONS] [FILE...]",
        "swap": "reorder swap I J [OPTIONS] [FILE...]",
        "insert": "reorder insert AT VALUE [OPTIONS] [FILE...]",
        "delete": "reorder delete AT [OPTIONS] [FILE...]",
        "batch": "reorder batch (-e OP... | -f SCRIPT) [OPTIONS] [FILE...]",
        "sort": "reorder sort [OPTIONS] [FILE...]",
        "reverse": "reorder reverse [OPTIONS] [FILE...]",
        "diff": "reorder diff [OPTIONS] OLD NEW",
        "edit": "reorder edit [OPTIONS] FILE",
        "pick": "reorder pick [OPTIONS] [FILE]",
        "fix": "reorder fix [OPTIONS] [FILE...]",
        "check": "reorder check [OPTIONS] [FILE...]",
        "init": "reorder init",
        "lsp": "reorder lsp",
        "help": "reorder help [COMMAND | formats | presets]",
    ]

    func testTheUsageLineOfEveryCommand() {
        XCTAssertEqual(Set(CommandTable.commands.map(\.name)), Set(Self.usages.keys))
        for command in CommandTable.commands {
            XCTAssertEqual(Help.usage(command), Self.usages[command.name], command.name)
            XCTAssertTrue(Help.command(command, width: 200).hasPrefix("Usage: " + Help.usage(command) + "\n"), command.name)
        }
    }

    /// Each operand of a command's row stands in its usage line, in the
    /// row's order; the arguments listed under "Arguments:" are those the
    /// row declares as its own.
    func testTheUsageLineFollowsTheTablesOperands() {
        for command in CommandTable.commands {
            var words = Help.usage(command).split(separator: " ").map(String.init)
            XCTAssertEqual(Array(words.prefix(2)), ["reorder", command.name])
            words.removeFirst(2)
            for operand in command.operands {
                switch operand {
                case .oneOf(let options):
                    XCTAssertTrue(words.first?.hasPrefix("(-") == true, command.name)
                    let group = words.prefix { !$0.hasSuffix(")") } + [words.first { $0.hasSuffix(")") } ?? ""]
                    XCTAssertEqual(group.filter { $0.hasPrefix("-") || $0.hasPrefix("(-") }.count, options.count, command.name)
                    words.removeFirst(group.count)
                case .argument(let argument):
                    XCTAssertEqual(words.first, argument.name, command.name)
                    words.removeFirst()
                case .files(let names, let optional, _):
                    XCTAssertEqual(words.first, "[OPTIONS]", command.name)
                    words.removeFirst()
                    let shown = words.prefix(names.count).joined(separator: " ")
                    XCTAssertEqual(shown.hasPrefix("["), optional, command.name)
                    XCTAssertTrue(shown.contains(names.joined(separator: " ")), command.name)
                    words.removeFirst(names.count)
                case .helpTopic:
                    XCTAssertEqual(words.joined(separator: " "), "[COMMAND | " + Help.topics.map(\.name).joined(separator: " | ") + "]")
                    words.removeAll()
                }
            }
            XCTAssertEqual(words, [], "\(command.name): the usage line shows more than the table's operands")
            let listed = Help.command(command, width: 200).components(separatedBy: "\nArguments:\n").dropFirst().first
            let names = listed?.components(separatedBy: "\n").prefix { $0.hasPrefix("  ") }
                .compactMap { $0.split(separator: " ").first.map(String.init) } ?? []
            XCTAssertEqual(names, command.arguments.map(\.name), command.name)
        }
    }

    /// `Help` renders operands and names no command: a command's shape is
    /// its row's, not a case of the renderer's.
    func testHelpNamesNoCommand() throws {
        let source = try String(contentsOf: MetadataTests.repository
            .appendingPathComponent("Sources/ReorderCLI/CommandLine/Help.swift"), encoding: .utf8)
        for command in CommandTable.commands {
            XCTAssertFalse(source.contains("\"\(command.name)\""), "Help.swift names the command '\(command.name)'")
        }
    }
}
