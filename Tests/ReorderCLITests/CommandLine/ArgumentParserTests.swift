import Foundation
@testable import ReorderCLI
import ReorderKit
import XCTest

final class ArgumentParserTests: XCTestCase {
    func parse(_ arguments: [String]) throws -> ParsedArguments {
        guard case .run(let parsed) = try ArgumentParser.parse(arguments) else {
            XCTFail("not a run: \(arguments)")
            throw UsageError.missingCommand
        }
        return parsed
    }

    func error(_ arguments: [String]) -> UsageError? {
        do {
            _ = try ArgumentParser.parse(arguments)
            return nil
        } catch {
            return error as? UsageError
        }
    }

    func testOptionsMayStandAnywhereBeforeDoubleDash() throws {
        let parsed = try parse(["move", "-c", "0", "--format=json", "1", "a.json", "-p", "/x", "--", "--check"])
        XCTAssertEqual(parsed.positionals, ["0", "1", "a.json", "--check"])
        XCTAssertTrue(parsed.has(.check))
        XCTAssertEqual(parsed.value(.format), "json")
        XCTAssertEqual(parsed.value(.pointer), "/x")
    }

    func testNegativeNumbersAndRangesArePositionals() throws {
        XCTAssertEqual(try parse(["move", "-1", "-12"]).positionals, ["-1", "-12"])
        XCTAssertEqual(try parse(["delete", "-3...-1"]).positionals, ["-3...-1"])
        XCTAssertEqual(try parse(["reverse", "-"]).positionals, ["-"])
    }

    func testShortOptionForms() throws {
        let parsed = try parse(["move", "0", "1", "-czp/a", "-oout"])
        XCTAssertTrue(parsed.has(.check))
        XCTAssertTrue(parsed.has(Option(rawValue: "null")))
        XCTAssertEqual(parsed.value(.pointer), "/a")
        XCTAssertEqual(parsed.value(.output), "out")
        XCTAssertEqual(try parse(["batch", "-e", "delete 0", "-e", "move 1 0"]).values(.expression),
                       ["delete 0", "move 1 0"])
    }

    func testHelpForms() throws {
        XCTAssertEqual(try ArgumentParser.parse(["--help"]), .help(command: nil))
        XCTAssertEqual(try ArgumentParser.parse(["-h"]), .help(command: nil))
        XCTAssertEqual(try ArgumentParser.parse(["help"]), .help(command: nil))
        let move = CommandTable.command(named: "move")!
        XCTAssertEqual(try ArgumentParser.parse(["help", "move"]), .help(command: move))
        XCTAssertEqual(try ArgumentParser.parse(["move", "--help"]), .help(command: move))
        XCTAssertEqual(try ArgumentParser.parse(["move", "0", "-h"]), .help(command: move))
        XCTAssertEqual(try ArgumentParser.parse(["--version"]), .version)
        XCTAssertEqual(try ArgumentParser.parse(["help", "formats"]), .helpFormats)
    }

    func testErrorsCarryTheirFacts() {
        XCTAssertEqual(error([]), .missingCommand)
        XCTAssertEqual(error(["mvoe"]), .unknownCommand("mvoe", suggestion: "move"))
        XCTAssertEqual(error(["frobnicate"]), .unknownCommand("frobnicate", suggestion: nil))
        XCTAssertEqual(error(["help", "srot"]), .unknownCommand("srot", suggestion: "sort"))
        XCTAssertEqual(error(["help", "fromats"]), .unknownCommand("fromats", suggestion: "formats"))
        XCTAssertEqual(error(["formats"]), .unknownCommand("formats", suggestion: nil))
        XCTAssertEqual(error(["move", "--chek"]), .unknownOption("--chek", command: "move", suggestion: "--check"))
        XCTAssertEqual(error(["move", "-q"]), .unknownOption("-q", command: "move", suggestion: nil))
        XCTAssertEqual(error(["move", "--unique"]), .optionNotForCommand("--unique", command: "move"))
        XCTAssertEqual(error(["move", "-u"]), .optionNotForCommand("-u", command: "move"))
        XCTAssertEqual(error(["move", "-o"]), .missingOptionValue("-o"))
        XCTAssertEqual(error(["move", "--check=yes"]), .unexpectedOptionValue("--check"))
        XCTAssertEqual(error(["move", "--format", "xml"]),
                       .invalidChoice(option: "--format", value: "xml", choices: ["auto", "lines", "json", "jsonc", "yaml", "toml", "markdown", "csv", "tsv"]))
        XCTAssertEqual(error(["--frobnicate"]), .unknownOption("--frobnicate", command: nil, suggestion: nil))
    }

    func testEditDistanceCountsATranspositionAsOneEdit() {
        XCTAssertEqual(NearestName.editDistance(Array("mvoe".utf8), Array("move".utf8)), 1)
        XCTAssertEqual(NearestName.editDistance(Array("".utf8), Array("abc".utf8)), 3)
        XCTAssertEqual(NearestName.editDistance(Array("kitten".utf8), Array("sitting".utf8)), 3)
    }

    func testEveryCommandOptionIsInTheTable() {
        for command in CommandTable.commands {
            for name in command.optionNames {
                XCTAssertNotNil(CommandTable.option(named: name), "\(command.name) lists unknown option \(name)")
            }
            let shorts = command.options.compactMap(\.short)
            XCTAssertEqual(Set(shorts).count, shorts.count, "\(command.name) has a short option twice")
        }
    }

    func testEveryOptionNameHasOneRow() throws {
        XCTAssertEqual(CommandTable.options.map(\.name), Option.allCases.filter { option in
            CommandTable.options.contains { $0.name == option }
        }, "an option has two rows")
        for option in Option.allCases {
            XCTAssertEqual(CommandTable.options.filter { $0.name == option }.count, 1, "\(option.spelled) has no row")
        }
        // Every member of Option (`public static let key = Option("key")`)
        // has its row; the formats' own options have theirs from the formats.
        let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ReorderCLI/CommandLine/CommandTable.swift")
        let members = try String(contentsOf: table, encoding: .utf8)
            .matches(of: #/static let \w+ = Option\("([a-z-]+)"\)/#).map { String($0.output.1) }
        XCTAssertGreaterThan(members.count, 40, "no members of Option found in \(table.path)")
        for name in members {
            XCTAssertEqual(CommandTable.options.filter { $0.long == name }.count, 1, "--\(name) has no row, or two")
        }
        for declared in ListFormat.declaredOptions {
            XCTAssertFalse(members.contains(declared.name), "--\(declared.name) is a format's own and a member of Option")
        }
    }

    func testEveryCommandButHelpHasARun() {
        for command in CommandTable.commands {
            XCTAssertEqual(command.run == nil, command.name == "help", command.name)
        }
    }

    func testOptionsBeforeTheCommandReadAsIfTheyFollowedIt() throws {
        var parsed = try parse(["-z", "swap", "0", "1"])
        XCTAssertEqual(parsed.command.name, "swap")
        XCTAssertTrue(parsed.has(Option(rawValue: "null")))
        XCTAssertEqual(parsed.positionals, ["0", "1"])
        parsed = try parse(["-p", "/a", "-cz", "--format=json", "-o", "out", "sort", "-r", "f.json"])
        XCTAssertEqual(parsed.command.name, "sort")
        XCTAssertEqual(parsed.value(.pointer), "/a")
        XCTAssertEqual(parsed.value(.output), "out")
        XCTAssertEqual(parsed.value(.format), "json")
        XCTAssertTrue(parsed.has(.check) && parsed.has(Option(rawValue: "null")) && parsed.has(.reverse))
        XCTAssertEqual(parsed.positionals, ["f.json"])
        // Value options keep their command-line order across the command.
        parsed = try parse(["-e", "delete 0", "batch", "-e", "delete 1"])
        XCTAssertEqual(parsed.values(.expression), ["delete 0", "delete 1"])
        XCTAssertEqual(try ArgumentParser.parse(["-z", "--help"]), .help(command: nil))
        XCTAssertEqual(error(["-p"]), .missingOptionValue("-p"))
        XCTAssertEqual(error(["-z"]), .missingCommand)
        XCTAssertEqual(error(["--sequential", "move", "0", "1"]), .optionNotForCommand("--sequential", command: "move"))
        XCTAssertEqual(error(["-q", "move"]), .unknownOption("-q", command: nil, suggestion: nil))
    }

    func testArgumentsKeepTheBytesTheShellPassed() throws {
        let latin1: [UInt8] = [0x3D, 0x63, 0x61, 0x66, 0xE9]  // "=caf\xE9"
        guard case .run(let parsed) = try ArgumentParser.parse(raw: [Array("batch".utf8), latin1, [0x2D, 0x65, 0xFF]]) else {
            return XCTFail("not a run")
        }
        XCTAssertEqual(parsed.rawPositionals, [latin1])
        XCTAssertEqual(parsed.rawValues(.expression), [[0xFF]])
    }
}
