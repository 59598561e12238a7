import Foundation
@testable import ReorderKit
import XCTest

/// The policy's keys are one table (`PolicyKey.swift`): the reader checks
/// each value by its key's type, the did-you-mean suggests from it, and
/// the man page's POLICY section lists exactly its keys, with their types.
final class PolicyKeyTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
    }

    func read(_ text: String) throws -> Policy {
        try Array(text.utf8).withUnsafeBytes { try Policy(reading: $0) }
    }

    func error(_ text: String) -> PolicyError.Kind? {
        Array(text.utf8).withUnsafeBytes { source -> PolicyError.Kind? in
            do throws(PolicyError) {
                _ = try Policy(reading: source)
                return nil
            } catch {
                return error.kind
            }
        }
    }

    /// The keys under POLICY, each `.BR key " (type)"` in a `.TP` heading,
    /// and its entry says its default.
    func testTheManPageListsExactlyTheKeysWithTheirTypes() throws {
        let page = try text("man/reorder.1")
        let start = try XCTUnwrap(page.range(of: "\n.SH POLICY\n"))
        let section = page[start.upperBound...].components(separatedBy: "\n.SH ")[0].components(separatedBy: "\n.SS ")[0]
        var listed: [String: String] = [:]
        for entry in section.components(separatedBy: ".TP\n").dropFirst() {
            let heading = entry.prefix { $0 != "\n" }
                .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\"", with: "")
            let regex = try NSRegularExpression(pattern: #"([a-z][a-z-]*)\s+\(([a-z ]+)\)"#)
            let ns = heading as NSString
            let matches = regex.matches(in: heading, range: NSRange(location: 0, length: ns.length))
            XCTAssertFalse(matches.isEmpty, "man page, POLICY: a key without its type: \(heading)")
            let body = entry.replacingOccurrences(of: "\\(dq", with: "").replacingOccurrences(of: "\\-", with: "-")
            for match in matches {
                let key = ns.substring(with: match.range(at: 1)), type = ns.substring(with: match.range(at: 2))
                XCTAssertNil(listed[key], "man page, POLICY: '\(key)' twice")
                listed[key] = type
                // Its default, where it has one, is said.
                if let value = PolicyKey.Name(rawValue: key).map(PolicyKey.row)?.defaultValue {
                    let bare = value.replacingOccurrences(of: "\"", with: "")
                    XCTAssertTrue(body.contains("default") && body.contains(bare), "man page, POLICY: the default of '\(key)', \(value)")
                }
            }
        }
        let expected = Dictionary(uniqueKeysWithValues: PolicyKey.all.map { ($0.name.rawValue, $0.type.name) })
        XCTAssertEqual(listed, expected, "man page, POLICY: the keys and their types")
    }

    /// Every name of the table is a row, once; the lists the messages and
    /// the nearest name read are the table's.
    func testTheTableNamesEachKeyOnce() {
        XCTAssertEqual(PolicyKey.all.map(\.name), PolicyKey.Name.allCases)
        XCTAssertEqual(Policy.topKeys, ["markers", "rule"])
        XCTAssertEqual(Policy.ruleKeys, PolicyKey.all.filter { $0.place == .rule }.map(\.name.rawValue))
        XCTAssertFalse(Policy.presetRuleKeys.contains("preset"))
        for key in PolicyKey.all where key.place == .rule && key.name != .preset {
            XCTAssertEqual(Policy.presetRuleKeys.contains(key.name.rawValue), key.withPreset, key.name.rawValue)
        }
    }

    /// A value of the wrong type is refused with what its key's type
    /// takes, for every key of a rule.
    func testEveryKeyRefusesAValueOfAnotherType() {
        for key in PolicyKey.all where key.place == .rule {
            let name = key.name.rawValue
            let wrong = key.type == .boolean ? "\"yes\"" : "1"
            let before: String
            switch key.name {
            case .preset, .files: before = ""
            case .skip, .scripts: before = "preset = \"package.json\"\n"
            default: before = "files = \"a.json\"\n"
            }
            let found = error("[[rule]]\n" + before + "\(name) = \(wrong)\n")
            switch key.name {
            case .scripts:
                XCTAssertNotNil(found, name)
            case .preset:
                XCTAssertEqual(found, .wrongType(key: name, expected: "a string"), name)
            default:
                XCTAssertEqual(found, .wrongType(key: name, expected: key.type.expected), name)
            }
        }
        XCTAssertEqual(error("markers = 1\n"), .wrongType(key: "markers", expected: "true or false"))
        XCTAssertEqual(error("rule = 1\n"), .wrongType(key: "rule", expected: "an array of tables, written [[rule]]"))
    }

    /// A key a letter short is told the key it was meant to be.
    func testTheNearestKeyIsSuggested() {
        for key in PolicyKey.all where key.name.rawValue.count > 4 && ![.preset, .lists].contains(key.name) {
            let name = key.name.rawValue
            let short = String(name.dropLast())
            let text = key.place == .policy ? "\(short) = true\n" : "[[rule]]\nfiles = \"a.json\"\nlist = \"/a\"\n\(short) = true\n"
            guard case .unknownKey(let found, _, let suggestion)? = error(text) else {
                XCTFail("\(short): not an unknown key")
                continue
            }
            XCTAssertEqual(found, short)
            XCTAssertEqual(suggestion, name, short)
        }
    }

    /// The reader names no key by a string of its own: each is a case of
    /// `PolicyKey.Name`, read as its row's type says.
    func testTheReaderNamesKeysOnlyThroughTheTable() throws {
        let source = try text("Sources/ReorderKit/Policy/PolicyReader.swift")
        for key in PolicyKey.Name.allCases {
            XCTAssertFalse(source.contains("\"\(key.rawValue)\""), "PolicyReader.swift names the key '\(key.rawValue)' by a string")
        }
    }
}
