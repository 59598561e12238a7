import ReorderKit

/// How `fix` and `check` report the lists out of order (`--reporter`).
enum PolicyReporter: String {
    case text, json, github, sarif

    func report(_ findings: [(path: String, finding: PolicyFinding)], fixed: Bool, policy: LoadedPolicy?) -> String {
        switch self {
        case .text:
            return findings.map { "\($0.path):\($0.finding.line): " + PolicyReporter.sentence($0.finding)
                + (fixed ? " (fixed)" : "") + "\n" }.joined()
        case .github:
            return findings.map { path, finding in
                "::error file=\(PolicyReporter.property(path)),line=\(finding.line),col=\(finding.column),"
                    + "title=\(PolicyReporter.property("reorder: " + PolicyReporter.listName(finding)))::"
                    + PolicyReporter.data(PolicyReporter.sentence(finding)) + "\n"
            }.joined()
        case .json:
            let items = findings.map { path, finding in
                "{\"path\": \(json(path)), \"line\": \(finding.line), \"column\": \(finding.column), "
                    + "\"rule\": \(finding.rule), \"list\": \(json(finding.list)), "
                    + (finding.document.map { "\"document\": \($0), " } ?? "")
                    + (finding.group.map { "\"group\": \(json(PolicyReporter.groupWords($0))), " } ?? "")
                    + "\"moves\": \(finding.moves), \"script\": \(json(finding.script)), "
                    + "\"command\": \(json(PolicyReporter.command(finding, path: path))), \"fixed\": \(json(finding.fixed)), "
                    + "\"message\": \(json(PolicyReporter.sentence(finding)))}"
            }
            return "{\"findings\": [" + (items.isEmpty ? "" : "\n  " + items.joined(separator: ",\n  ") + "\n") + "]}\n"
        case .sarif:
            return sarif(findings, policy: policy)
        }
    }

    /// The command that applies a finding's script, read on standard
    /// input, to its file: `reorder batch -p /dependencies -f - package.json`.
    /// Applied in the findings' order, a file's scripts give what `fix`
    /// writes.
    static func command(_ finding: PolicyFinding, path: String) -> String {
        (["reorder", "batch"] + finding.batchArguments + ["-f", "-", path.hasPrefix("-") ? "./" + path : path]).map(shellQuoted).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back: as it is when it holds only
    /// bytes no shell gives a meaning, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array("-_./:=+@%,".utf8).contains(byte)
        }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// `/dependencies (rule 2): 'zod' belongs after 'yaml' — 1 move`.
    static func sentence(_ finding: PolicyFinding) -> String {
        let count = finding.moves == 1 ? "1 move" : "\(finding.moves) moves"
        var what: String
        if let moved = finding.moved {
            what = "'\(short(moved))' belongs " + (finding.after.map { "after '\(short($0))'" } ?? "first")
            if let group = finding.group { what += " in " + groupWords(group) }
        } else {
            what = "out of order"
        }
        if finding.moves > 1 && finding.moved != nil { what += ", and more" }
        return listName(finding) + ": " + what + " — " + count
    }

    /// The group a finding's item is in: `group '# web'` (its heading),
    /// `the group starting at line 12` (between blank lines), `group
    /// '@myorg/*'` (its pattern), `the group no pattern matches`; a
    /// pattern's group within a heading's: `group '@myorg/*' under '# web'`.
    static func groupWords(_ group: GroupName) -> String {
        let section: String? = group.section.map {
            switch $0 {
            case .heading(let text): return "'\(short(text))'"
            case .startingAtLine(let line): return "starting at line \(line)"
            }
        }
        switch (group.pattern, section) {
        case (nil, let section?):
            return section.hasPrefix("'") ? "group " + section : "the group " + section
        case (.pattern(let pattern)?, nil):
            return "group '\(short(pattern))'"
        case (.unmatched?, nil):
            return "the group no pattern matches"
        case (.pattern(let pattern)?, let section?):
            return "group '\(short(pattern))' " + (section.hasPrefix("'") ? "under " + section : "of the group " + section)
        case (.unmatched?, let section?):
            return "the group no pattern matches " + (section.hasPrefix("'") ? "under " + section : "of the group " + section)
        case (nil, nil):
            return "its group"
        }
    }

    /// The list and the rule: `/dependencies (rule 2)`, `block keep-sorted`,
    /// `the top level (rule 1)` for the root (`""`), `the rows (rule 1)`
    /// for a CSV file's, which is the whole document.
    static func listName(_ finding: PolicyFinding) -> String {
        (finding.list.isEmpty ? finding.documentItems.map { "the " + $0 } ?? "the top level" : finding.list) + (finding.document.map { " (document \($0))" } ?? "") + (finding.rule > 0 ? " (rule \(finding.rule))" : "")
    }

    static func short(_ text: String) -> String {
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? text
        let trimmed = line.count > 60 ? String(line.prefix(57)) + "..." : line
        return trimmed + (line != text && line.count <= 60 ? " ..." : "")
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    static func data(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// A workflow command's property: `:` and `,` escaped too.
    static func property(_ text: String) -> String {
        data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }

    func json(_ text: String) -> String { json(Array(text.utf8)) }

    /// Bytes as a JSON string (bytes that are not UTF-8 as U+FFFD).
    func json(_ bytes: [UInt8]) -> String {
        let encoded = JSONText.encodeString(bytes) ?? JSONText.encodeString(Array(String(decoding: bytes, as: UTF8.self).utf8))!
        return String(decoding: encoded, as: UTF8.self)
    }

    /// SARIF 2.1.0: one run of the tool `reorder`, a reporting rule for
    /// each policy rule that found something (and `keep-sorted` for the
    /// markers' blocks), a result for each finding.
    func sarif(_ findings: [(path: String, finding: PolicyFinding)], policy: LoadedPolicy?) -> String {
        func ruleID(_ number: Int) -> String { number == 0 ? "keep-sorted" : "rule-\(number)" }
        let numbers = Set(findings.map(\.finding.rule)).sorted()
        let rules = numbers.map { number -> String in
            let text = number == 0
                ? "The lines of a block between 'keep-sorted start' and 'keep-sorted end' are sorted."
                : "The lists that rule \(number) of \(policy?.path ?? LoadedPolicy.fileName) names follow its order."
            return "{\"id\": \(json(ruleID(number))), \"shortDescription\": {\"text\": \(json(text))}}"
        }
        let results = findings.map { path, finding in
            "{\"ruleId\": \(json(ruleID(finding.rule))), \"ruleIndex\": \(numbers.firstIndex(of: finding.rule)!), "
                + "\"level\": \"error\", \"message\": {\"text\": \(json(PolicyReporter.sentence(finding)))}, "
                + "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(json(PolicyReporter.uri(path)))}, "
                + "\"region\": {\"startLine\": \(finding.line), \"startColumn\": \(finding.column)}}}]}"
        }
        return "{\"version\": \"2.1.0\", \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", \"runs\": [{"
            + "\"tool\": {\"driver\": {\"name\": \"reorder\", \"version\": \(json(CommandTable.version)), "
            + "\"informationUri\": \"https://github.com/reorder/reorder\", \"rules\": [" + rules.joined(separator: ", ") + "]}}, "
            + "\"results\": [" + results.joined(separator: ",\n  ") + "]}]}\n"
    }

    /// A relative path as a URI reference: each byte that is not
    /// unreserved or `/` percent-encoded.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return out
    }
}
