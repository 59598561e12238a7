#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ReorderKit

/// `reorder init`: a starting `.reorder.toml` for the repository, from the
/// lists that are already in order. A preset that every file of its kind
/// follows becomes one rule (`preset = "Cargo.toml"`). Else each list the peers' conventions name
/// (a package's dependencies, a workspace's members, a project's
/// classifiers, each repository's hooks) is tried in every file of that
/// name; one that is in order in every file that has it becomes a rule,
/// with the first order that holds (byte order, then without case, then
/// natural, then within groups between blank lines, then within those and
/// the groups under comment headings).
enum InitCommand {
    /// A file name and the lists to try in it, with a `key` for lists of
    /// mappings.
    struct Candidate {
        let file: String
        let lists: [String]
        var key: String? = nil
    }

    static let candidates: [Candidate] = [
        Candidate(file: "package.json", lists: ["/dependencies", "/devDependencies", "/peerDependencies",
                                               "/optionalDependencies", "/keywords"]),
        // Not /workspaces: sort-package-json leaves its order alone on
        // purpose (a workspace's order can matter to the tools).
        Candidate(file: "Cargo.toml", lists: ["/dependencies", "/dev-dependencies", "/build-dependencies",
                                             "/workspace/members", "/workspace/dependencies", "/features"]),
        Candidate(file: "pyproject.toml", lists: ["/project/dependencies", "/project/optional-dependencies/*",
                                                 "/project/classifiers", "/dependency-groups/*",
                                                 "/tool/poetry/dependencies", "/tool/poetry/group/*/dependencies"]),
        Candidate(file: ".pre-commit-config.yaml", lists: ["/repos/*/hooks"], key: "/id"),
        Candidate(file: "tsconfig.json", lists: ["/compilerOptions/lib", "/include", "/exclude"]),
    ]

    /// The orders tried, as a rule's lines, in the order they are tried.
    /// Not comment groups: where each item has a note above it, each would be
    /// a group of its own, and the rule would hold whatever the order.
    static let orders = ["", line(.ignoreCase, "true"), line(.order, quoted("natural")), line(.groups, quoted("blank-lines"))]

    /// `name = value`, a line of the policy: the key's name from the
    /// table of keys (`PolicyKey.swift`), which the reader and the man
    /// page read too.
    static func line(_ name: PolicyKey.Name, _ value: String) -> String {
        PolicyKey.line(name, value)
    }

    /// `name = ["a", "b"]`.
    static func line(_ name: PolicyKey.Name, array values: [String]) -> String {
        line(name, "[" + values.map(quoted).joined(separator: ", ") + "]")
    }

    static func run(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        let output = parsed.value(.output) ?? LoadedPolicy.fileName
        let toStandardOutput = output == "-" || AtomicFile.isStandardOutput(output)
        if !toStandardOutput && System.exists(output) {
            throw PolicyRunError.policyExists(path: output)
        }
        guard let here = PathNames.realPath(".") else { throw SystemError(code: errno, operation: "resolve", path: ".") }
        // Outside git, the walk skips hidden folders; .github is looked in.
        let files = try RepositoryFiles.list(root: here, policy: Policy(), alsoHidden: [".github"])
        var text = """
            # The ordering policy of this repository: reorder check reports each list
            # below that is out of order, reorder fix puts it right, and the pre-commit
            # hook reorder-policy keeps it so. Written by 'reorder init' from the lists
            # that were in order in every file that has them; see 'man reorder'
            # (POLICY) for the keys.


            """
        // Keep-sorted blocks: kept sorted (markers = true) unless some are
        // out of order now, which would fail the first check.
        let unsorted = unsortedBlocks(files: files, root: here)
        if unsorted.isEmpty {
            text += """
                # The blocks of any file between keep-sorted's start and end marker
                # comments are kept sorted too.
                \(line(.markers, "true"))
                """
        } else {
            let named = unsorted.prefix(5).joined(separator: " ") + (unsorted.count > 5 ? " ..." : "")
            text += """
                # The blocks between keep-sorted's start and end marker comments are
                # out of order now in \(unsorted.count == 1 ? "1 file" : "\(unsorted.count) files"): \(named)
                # 'reorder fix' on those files sorts them; then set markers = true to keep
                # them sorted.
                \(line(.markers, "false"))
                """
        }
        var rules = 0, governed = Set<String>()
        // A preset that every file of its kind follows already: one rule
        // for it, instead of one for each of its lists.
        var covered = Set<String>()
        for preset in Preset.all {
            guard let matching = try presetHolds(preset, files: files, root: here) else { continue }
            rules += 1
            governed.formUnion(matching)
            covered.insert(preset.name)
            let count = matching.count == 1 ? "1 file" : "\(matching.count) files"
            text += "\n# \(count) in the order of the \(preset.name) preset now ('reorder help presets').\n[[rule]]\n"
            text += line(.preset, quoted(preset.name))
        }
        for candidate in candidates where !covered.contains(candidate.file) {
            let matching = files.filter { PathNames.baseName($0) == candidate.file }
            guard !matching.isEmpty else { continue }
            // The lists in order, grouped by the order that holds, in the
            // order of the candidate's lists.
            var byOrder: [(order: String, lists: [String], missing: Bool)] = []
            for list in candidate.lists {
                guard let (order, missing) = try firstOrder(list: list, key: candidate.key, files: matching, root: here) else { continue }
                if let index = byOrder.firstIndex(where: { $0.order == order && $0.missing == missing }) {
                    byOrder[index].lists.append(list)
                } else {
                    byOrder.append((order, [list], missing))
                }
            }
            for group in byOrder {
                rules += 1
                governed.formUnion(matching)
                let count = matching.count == 1 ? "1 file" : "\(matching.count) files"
                text += "\n# \(count) named \(candidate.file): in order now.\n[[rule]]\n"
                text += line(.files, array: [candidate.file])
                text += group.lists.count == 1 ? line(.list, quoted(group.lists[0])) : line(.lists, array: group.lists)
                if let key = candidate.key { text += line(.key, quoted(key)) }
                text += group.order
                if group.missing { text += line(.missing, quoted("ok")) }
            }
        }
        if rules == 0 {
            text += "\n# No list that reorder knows the conventions of was found in order: add\n"
                + "# rules by hand, for example\n#\n# [[rule]]\n# files = [\"package.json\"]\n# list = \"/dependencies\"\n"
        }
        if toStandardOutput {
            try runner.console.standardOutput.write(text)
        } else {
            let target = try AtomicFile.target(for: output, mustExist: false)
            try AtomicFile.replace(target, displayPath: output) { fd in
                // SAFETY: the bytes of `Array(text.utf8)` are only read inside the closure, and no pointer to them leaves it.
                try Array(text.utf8).withUnsafeBytes { try System.writeAll(fd, $0, path: output) }
            }
            let blocks = unsorted.isEmpty ? "" : "; markers = false, as keep-sorted blocks are out of order in "
                + (unsorted.count == 1 ? unsorted[0] : "\(unsorted.count) files") + " (see the file)"
            try runner.console.standardError.write(
                "reorder: \(output): \(rules) rule\(rules == 1 ? "" : "s") over \(governed.count) file\(governed.count == 1 ? "" : "s")\(blocks); "
                    + "'reorder check' holds the repository to it\n")
            try runner.console.standardError.flush()
        }
        return ExitStatus.success
    }

    /// The files whose keep-sorted blocks `reorder check` would report now
    /// (out of order, or a marker it warns about).
    static func unsortedBlocks(files: [String], root: String) -> [String] {
        let markers = KeepSortedMarkers()
        return files.filter { path in
            guard let content = try? InputBytes.read(path: PathNames.join(root, path)) else { return false }
            return withExtendedLifetime(content) {
                guard markers.mayOccur(in: content.bytes) else { return false }
                guard let result = try? Policy().apply(to: Array(content.bytes), path: path, format: nil, marker: markers) else { return false }
                return result.output != nil || !result.warnings.isEmpty
            }
        }
    }

    /// The files of `preset`'s kind (by its own patterns) when there are
    /// some and each is in the preset's order already; else nil.
    static func presetHolds(_ preset: Preset, files: [String], root: String) throws -> [String]? {
        var policy = Policy()
        policy.markers = false
        policy.rules = preset.rules(number: 1, offset: 0, files: preset.files.map { try! Glob($0) })
        let matching = files.filter { !policy.rules(matching: $0).isEmpty }
        guard !matching.isEmpty else { return nil }
        for path in matching {
            guard let content = try? InputBytes.read(path: PathNames.join(root, path)) else { return nil }
            let bytes = withExtendedLifetime(content) { Array(content.bytes) }
            guard let result = try? policy.apply(to: bytes, path: path, format: nil), result.findings.isEmpty else { return nil }
        }
        return matching
    }

    /// The first order under which `list` is in order in every file of
    /// `files` that has it, and whether some file lacks it; nil when no file
    /// has it with two items or more, or no order holds in all.
    static func firstOrder(list: String, key: String?, files: [String], root: String) throws -> (String, Bool)? {
        var contents: [(path: String, bytes: [UInt8])] = []
        for path in files {
            guard let content = try? InputBytes.read(path: PathNames.join(root, path)) else { continue }
            contents.append((path, withExtendedLifetime(content) { Array(content.bytes) }))
        }
        for order in orders {
            let body = "[[" + PolicyKey.Name.rule.rawValue + "]]\n" + line(.files, array: ["*"]) + line(.list, quoted(list))
                + (key.map { line(.key, quoted($0)) } ?? "") + order + line(.missing, quoted("ok"))
            // SAFETY: the bytes of `Array(body.utf8)` are only read inside the closure, and no pointer to them leaves it.
            var policy = try Array(body.utf8).withUnsafeBytes { try Policy(reading: $0) }
            policy.markers = false
            var holds = true, present = 0, long = false, missing = false
            for (path, bytes) in contents {
                guard let format = ListFormat.claiming(path) else { holds = false; break }
                guard let result = try? policy.apply(to: bytes, path: path, format: format) else {
                    holds = false
                    break
                }
                if !result.found.contains(1) {
                    missing = true
                    continue
                }
                present += 1
                if !result.findings.isEmpty { holds = false; break }
                long = long || listLength(bytes, list: list, format: format) >= 2
            }
            if holds && present > 0 && long { return (order, missing) }
            if present == 0 { return nil }
        }
        return nil
    }

    /// The number of items of the (first) list `pattern` names in a file.
    static func listLength(_ bytes: [UInt8], list pattern: String, format: ListFormat) -> Int {
        guard let pattern = try? PointerPattern(pattern),
              let documents = try? Policy.documents(bytes, format: format) else { return 0 }
        for document in documents {
            guard let pointers = try? Policy.expand(pattern, in: bytes, format: format, document: document) else { continue }
            for tokens in pointers {
                var options = ReadOptions(format: .named(format), pointer: JSONPointer(tokens: tokens).text)
                options.document = document
                // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
                if let count = bytes.withUnsafeBytes({ try? ListDocument($0, format: format, options: options).count }), count >= 2 {
                    return count
                }
            }
        }
        return 0
    }

    /// `text` as a TOML basic string.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
