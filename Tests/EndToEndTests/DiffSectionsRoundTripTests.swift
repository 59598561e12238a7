import Foundation
import XCTest

/// `reorder diff … OLD NEW | reorder batch … -f - OLD` gives NEW with
/// several lists, in both index rules, and the script's moves are the
/// fewest any batch needs.
final class DiffSectionsRoundTripTests: XCTestCase {
    /// Runs diff with `lists` (and `rule`), then batch with the script on
    /// OLD; returns the script and what batch wrote.
    func roundTrip(_ h: Harness, _ lists: [String], _ old: String, _ new: String, rule: [String] = []) throws -> (script: String, result: String) {
        let diff = try h.run(["diff"] + rule + lists + [old, new])
        XCTAssertTrue(diff.status == 0 || diff.status == 1, diff.stderr)
        let applied = try h.run(["batch"] + rule + lists + ["-f", "-", old, "-o", "-"], stdin: diff.stdout)
        XCTAssertEqual(applied.status, 0, "\(lists) \(rule)\n\(diff.out)\n\(applied.stderr)")
        return (diff.out, applied.out)
    }

    func testAPromotedDependencyRoundTripsInJSON() throws {
        let h = try Harness()
        try h.write("package.json", """
            {
              "dependencies": {
                "react": "^18.2.0",
                "zod": "^3.22.0"
              },
              "devDependencies": {
                "@types/node": "^20.0.0",
                "typescript": "^5.4.0",
                "vitest": "^1.6.0"
              }
            }

            """)
        let new = """
            {
              "dependencies": {
                "react": "^18.2.0",
                "typescript": "^5.4.0",
                "zod": "^3.22.0"
              },
              "devDependencies": {
                "@types/node": "^20.0.0",
                "vitest": "^1.6.0",
                "eslint": "^9.0.0"
              }
            }

            """
        try h.write("new.json", new)
        for rule in [[], ["--sequential"], ["--one-based"]] {
            let trip = try roundTrip(h, ["-p", "/dependencies", "-p", "/devDependencies"], "package.json", "new.json", rule: rule)
            XCTAssertEqual(trip.script, rule == ["--one-based"] ? "move 1:2 0:2\ninsert 1:3 \"eslint\": \"^9.0.0\"\n"
                                                                : "move 1:1 0:1\ninsert 1:2 \"eslint\": \"^9.0.0\"\n")
            XCTAssertEqual(trip.result, new)
        }
    }

    func testAWorkflowStepRoundTripsInYAMLWithItsComment() throws {
        let h = try Harness()
        try h.write("ci.yaml", """
            jobs:
              build:
                steps:
                  - run: make
                  # the slow one
                  - run: make test
              deploy:
                steps:
                  - run: ./deploy.sh

            """)
        let new = """
            jobs:
              build:
                steps:
                  - run: make
              deploy:
                steps:
                  # the slow one
                  - run: make test
                  - run: ./deploy.sh

            """
        try h.write("new.yaml", new)
        for rule in [[], ["--sequential"]] {
            let trip = try roundTrip(h, ["-p", "/jobs/*/steps"], "ci.yaml", "new.yaml", rule: rule)
            XCTAssertEqual(trip.script, "move 0:1 1:0\n")
            XCTAssertEqual(trip.result, new)
        }
    }

    func testTasksBetweenMarkdownHeadingsRoundTrip() throws {
        let h = try Harness()
        try h.write("TODO.md", "## Todo\n\n- write docs\n- fix bug\n\n## Doing\n\n- review PR\n- release 1.4\n\n## Done\n\n- set up CI\n")
        let new = "## Todo\n\n- fix bug\n\n## Doing\n\n- write docs\n- release 1.4\n\n## Done\n\n- review PR\n- set up CI\n- tag\n"
        try h.write("new.md", new)
        // The two lists of the brief: "write docs" comes from a list they
        // leave out, so it is inserted.
        let two = try roundTrip(h, ["-p", "/Doing", "-p", "/Done"], "TODO.md", "new.md")
        XCTAssertEqual(two.script, "move 0:0 1:0\ninsert 0:0 write docs\ninsert 1:2 tag\n")
        XCTAssertEqual(two.result, "## Todo\n\n- write docs\n- fix bug\n\n## Doing\n\n- write docs\n- release 1.4\n\n## Done\n\n"
                       + "- review PR\n- set up CI\n- tag\n")
        for rule in [[], ["--sequential"]] {
            let all = try roundTrip(h, ["-p", "/*"], "TODO.md", "new.md", rule: rule)
            XCTAssertEqual(all.script, rule.isEmpty ? "move 0:0 1:0\nmove 1:0 2:0\ninsert 2:2 tag\n"
                                                    : "move 0:0 1:0\nmove 1:1 2:0\ninsert 2:2 tag\n")
            XCTAssertEqual(all.result, new)
        }
    }

    /// Random pairs of several JSON arrays: the script of each rule gives
    /// NEW byte for byte, the JSON Patch gives NEW's data (Python's
    /// jsonpatch), and on small pairs the moves and the operations are the
    /// fewest that any batch needs (`SectionedBatchSearch`).
    func testRandomPairsRoundTripWithTheFewestMoves() throws {
        let h = try Harness()
        var generator = Seeded(state: 45_2026)
        var small = 0, crossing = 0
        var patches: [(old: String, new: String, patch: String)] = []
        for round in 0..<60 {
            let sectionCount = 2 + Int.random(in: 0..<3, using: &generator)
            let isSmall = round % 2 == 0
            let letters = (0..<(isSmall ? 3 : 12)).map { "v\($0)" }
            func sections(_ total: Int) -> [[String]] {
                // Each list keeps one item at least: an empty JSON array
                // is written inline when filled, not one item a line.
                var result = (0..<sectionCount).map { _ in [letters.randomElement(using: &generator)!] }
                for _ in 0..<max(0, total - sectionCount) {
                    result[Int.random(in: 0..<sectionCount, using: &generator)].append(letters.randomElement(using: &generator)!)
                }
                return result
            }
            let total = isSmall ? sectionCount + Int.random(in: 0...2, using: &generator) : Int.random(in: 4...30, using: &generator)
            let old = sections(total)
            var new: [[String]]
            if Bool.random(using: &generator) {
                new = sections(isSmall ? sectionCount + Int.random(in: 0...2, using: &generator) : total)
            } else {
                // Old's items dealt again across the lists.
                let items = old.flatMap { $0 }.shuffled(using: &generator)
                new = (0..<sectionCount).map { [items[$0]] }
                for item in items.dropFirst(sectionCount) { new[Int.random(in: 0..<sectionCount, using: &generator)].append(item) }
            }
            func json(_ sections: [[String]]) -> String {
                "{\n" + sections.enumerated().map { s, items in
                    "  \"s\(s)\": [\n" + items.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n  ]"
                }.joined(separator: ",\n") + "\n}\n"
            }
            try h.write("old\(round).json", json(old))
            try h.write("new\(round).json", json(new))
            for rule in [[], ["--sequential"]] {
                let trip = try roundTrip(h, ["-p", "/*"], "old\(round).json", "new\(round).json", rule: rule)
                XCTAssertEqual(trip.result, json(new), "round \(round) \(rule)\n\(trip.script)")
                let lines = trip.script.split(separator: "\n")
                let moves = lines.filter { $0.hasPrefix("move ") }
                if moves.contains(where: { line in
                    let parts = line.split(separator: " ")
                    return parts[1].split(separator: ":")[0] != parts[2].split(separator: ":")[0]
                }) { crossing += 1 }
                if isSmall {
                    let fewest = SectionedBatchSearch.fewest(old, new)
                    XCTAssertEqual(lines.count, fewest.operations, "round \(round) \(rule): \(old) → \(new)\n\(trip.script)")
                    XCTAssertEqual(moves.count, fewest.moves, "round \(round) \(rule): \(old) → \(new)\n\(trip.script)")
                    small += 1
                }
            }
            let patch = try h.run(["diff", "--json-patch", "-p", "/*", "old\(round).json", "new\(round).json"])
            try h.write("patch\(round).json", [UInt8](patch.stdout))
            patches.append(("old\(round).json", "new\(round).json", "patch\(round).json"))
        }
        XCTAssertEqual(small, 60)
        XCTAssertGreaterThan(crossing, 20)
        guard let python = try tool("python3", package: "python3") else { return }
        let check = try h.run(["-c", """
            import json, jsonpatch, sys
            bad = []
            for old, new, patch in \(patches.map { [$0.old, $0.new, $0.patch] }):
                text = open(patch).read()
                ops = json.loads(text) if text else []
                if jsonpatch.apply_patch(json.load(open(old)), ops) != json.load(open(new)): bad.append(patch)
            print(bad)
            """], executable: URL(fileURLWithPath: python))
        XCTAssertEqual(check.out, "[]\n", check.stderr + " (jsonpatch is installed by 'make test')")
    }
}

/// A seeded generator (SplitMix64), so that a failing round can be run again.
private struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// UIKit's sectioned batch rules as a model that knows nothing of
/// subsequences, and a search over every batch of deletes, moves and
/// inserts for the fewest operations (items matched by equal text).
enum SectionedBatchSearch {
    struct Path: Hashable {
        let section: Int, item: Int
    }

    /// A batch applied to `old`: sources count in the old lists,
    /// destinations in the new ones; the items no operation takes keep
    /// their order and fill each list's other places. Nil when refused.
    static func apply(_ old: [[String]], deletes: [Path], moves: [(Path, Path)], inserts: [(Path, String)]) -> [[String]]? {
        var sources = Set(deletes)
        var destinations: [Path: String] = [:]
        for (from, to) in moves {
            guard sources.insert(from).inserted, destinations[to] == nil else { return nil }
            destinations[to] = old[from.section][from.item]
        }
        for (at, value) in inserts {
            guard destinations[at] == nil else { return nil }
            destinations[at] = value
        }
        var result: [[String]] = []
        for s in old.indices {
            var staying = old[s].indices.filter { !sources.contains(Path(section: s, item: $0)) }.map { old[s][$0] }.makeIterator()
            let count = old[s].count - sources.filter { $0.section == s }.count + destinations.keys.filter { $0.section == s }.count
            guard destinations.keys.allSatisfy({ $0.section != s || $0.item < count }) else { return nil }
            result.append((0..<count).map { destinations[Path(section: s, item: $0)] ?? staying.next()! })
        }
        return result
    }

    /// The fewest operations of any batch from `old` to `new`, and the
    /// fewest moves among those batches.
    static func fewest(_ old: [[String]], _ new: [[String]]) -> (operations: Int, moves: Int) {
        let oldPaths = old.indices.flatMap { s in old[s].indices.map { Path(section: s, item: $0) } }
        let newPaths = new.indices.flatMap { s in new[s].indices.map { Path(section: s, item: $0) } }
        var best = (operations: Int.max, moves: Int.max)
        var pairs: [(Path, Path)] = []
        var taken = Set<Path>()
        func tryPairs() {
            let deletes = oldPaths.filter { path in !pairs.contains { $0.0 == path } }
            let inserts = newPaths.filter { !taken.contains($0) }.map { ($0, new[$0.section][$0.item]) }
            for unmoved in 0..<(1 << pairs.count) {
                let moves = pairs.indices.filter { unmoved & (1 << $0) == 0 }.map { pairs[$0] }
                let count = deletes.count + moves.count + inserts.count
                guard (count, moves.count) < (best.operations, best.moves) else { continue }
                if apply(old, deletes: deletes, moves: moves, inserts: inserts) == new { best = (count, moves.count) }
            }
        }
        func choose(_ k: Int) {
            guard k < oldPaths.count else { return tryPairs() }
            choose(k + 1)
            let path = oldPaths[k]
            for target in newPaths where !taken.contains(target) && new[target.section][target.item] == old[path.section][path.item] {
                taken.insert(target)
                pairs.append((path, target))
                choose(k + 1)
                pairs.removeLast()
                taken.remove(target)
            }
        }
        choose(0)
        return best
    }
}
