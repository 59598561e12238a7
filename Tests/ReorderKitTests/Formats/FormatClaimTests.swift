import ReorderKit
import XCTest

/// The file names each format claims under `--format auto`, declared as
/// data (`ListFormat.claims`), decide as the code before them did.
final class FormatClaimTests: XCTestCase {
    /// How the formats claimed names when each held a function: the oracle.
    static func formerClaim(_ path: String) -> String? {
        func fileExtension(_ path: String) -> String? {
            let base = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
            guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return nil }
            return base[base.index(after: dot)...].lowercased()
        }
        func isJSONWithComments(_ path: String) -> Bool {
            let ext = fileExtension(path)
            if ext == "jsonc" || ext == "code-workspace" { return true }
            guard ext == "json" else { return false }
            let base = (path.split(separator: "/", omittingEmptySubsequences: false).last ?? "").lowercased()
            if base.hasPrefix("tsconfig") || base.hasPrefix("jsconfig") { return true }
            if base == "devcontainer.json" || base == ".devcontainer.json" { return true }
            let components = path.split(separator: "/")
            return components.count >= 2 && components[components.count - 2] == ".vscode"
        }
        let text: Set<String> = ["txt", "text", "log", "ini", "cfg", "conf", "csv", "tsv", "jsonl", "ndjson",
                                 "rst", "list", "lst", "in", "env", "properties"]
        if fileExtension(path).map(text.contains) ?? false { return "lines" }
        if fileExtension(path) == "json" && !isJSONWithComments(path) { return "json" }
        if isJSONWithComments(path) { return "jsonc" }
        if ["yaml", "yml"].contains(fileExtension(path) ?? "") { return "yaml" }
        if fileExtension(path) == "toml" { return "toml" }
        if ["md", "markdown"].contains(fileExtension(path) ?? "") { return "markdown" }
        return nil
    }

    func testClaimsDecideAsBefore() {
        let folders = ["", "a/", ".vscode/", "x/.vscode/", ".VSCODE/", ".vscode/sub/", "/", "//", ".vscode//", "tsconfig.json/"]
        let stems = ["", "x", "tsconfig", "TSConfig.app", "jsconfig", "mytsconfig", "devcontainer", ".devcontainer",
                     "DevContainer", ".gitignore", "a.b", "settings"]
        let endings = ["", ".json", ".JSON", ".jsonc", ".code-workspace", ".txt", ".TXT", ".jsonl", ".ndjson", ".yaml",
                       ".yml", ".YML", ".toml", ".md", ".MD", ".markdown", ".properties", ".env", ".in", ".bak", ".json.bak", ".", "json"]
        var checked = 0
        for folder in folders {
            for stem in stems {
                for ending in endings {
                    let path = folder + stem + ending
                    XCTAssertEqual(ListFormat.claiming(path)?.name, Self.formerClaim(path), path)
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 2000)
    }

    func testEachClaimIsShownAsAGlob() {
        XCTAssertEqual(ListFormat.yaml.claims.map(\.description), ["*.yaml", "*.yml"])
        XCTAssertEqual(ListFormat.jsonc.claims.map(\.description),
                       ["*.jsonc", "*.code-workspace", "tsconfig*.json", "jsconfig*.json", ".vscode/*.json",
                        "devcontainer.json", ".devcontainer.json"])
    }

    /// Two formats never claim the same thing, and every format has a
    /// name, a help paragraph and a claim.
    func testDeclarationsAreWhole() {
        var seen: [FileClaim: String] = [:]
        for format in ListFormat.all {
            XCTAssertFalse(format.name.isEmpty)
            XCTAssertFalse(format.help.isEmpty, format.name)
            XCTAssertFalse(format.help.contains("\n"), "\(format.name): one paragraph")
            XCTAssertFalse(format.claims.isEmpty, format.name)
            for claim in format.claims {
                XCTAssertNil(seen[claim], "\(claim) claimed by \(seen[claim] ?? "") and \(format.name)")
                seen[claim] = format.name
            }
        }
        XCTAssertEqual(Set(ListFormat.all.map(\.name)).count, ListFormat.all.count)
    }

    /// The options of one format alone are refused by the others: the
    /// declaration is what the refusal reads.
    func testFormatBoundOptionsFollowTheDeclarations() {
        XCTAssertEqual(FormatBoundOption.null.formats, [.lines])
        XCTAssertEqual(FormatBoundOption.text.formats, [.lines])
        XCTAssertEqual(FormatBoundOption.document.formats, [.yaml])
        for option in FormatBoundOption.allCases {
            let declaring = ListFormat.all.filter { $0.options.contains(option.rawValue) }
            if !declaring.isEmpty { XCTAssertEqual(option.formats, declaring, option.rawValue) }
        }
    }
}
