import ReorderKit

/// The files of a run over the repository limited to what changed:
/// `--changed-since REF` (the files that differ between the merge base of
/// REF and HEAD and the work tree, and the untracked files git does not
/// ignore) and `--staged` (the files with staged changes, read from the
/// index: what a commit would hold).
enum ChangedFiles {
    /// What `--changed-since` and `--staged` choose.
    enum Selection {
        case since(String)
        case staged
    }

    /// The selection `parsed` asks for, or nil for the whole repository.
    static func selection(_ parsed: ParsedArguments) throws -> Selection? {
        let since = parsed.value(.changedSince), staged = parsed.has(.staged)
        if since != nil && staged { throw UsageError.conflictingOptions(Option.changedSince.spelled, Option.staged.spelled) }
        let given = staged ? Option.staged.spelled : since.map { Option.changedSince.spelled + " " + $0 }
        guard let given else { return nil }
        if !parsed.positionals.isEmpty {
            throw UsageError.conflictingOptionsBecause(given, "FILE", reason: "it chooses the files itself; name files, or let it choose")
        }
        if let since {
            guard !since.isEmpty, !since.hasPrefix("-") else { throw ChangedFilesError.badRevision(since) }
            return .since(since)
        }
        return .staged
    }

    /// The chosen files: paths relative to `root` (the policy's folder),
    /// sorted by their bytes, as `git ls-files` sorts them; with
    /// `--staged`, each one's content in the index.
    static func list(_ selection: Selection, root: String) throws -> (paths: [String], contents: [String: [UInt8]]?) {
        guard Subprocess.run(["git", "-C", root, "rev-parse", "--is-inside-work-tree"]) != nil else {
            throw ChangedFilesError.notInGit(selection, root: root)
        }
        switch selection {
        case .since(let revision):
            guard Subprocess.run(["git", "-C", root, "rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"]) != nil else {
                // A repository before its first commit has no commit to name.
                if Subprocess.run(["git", "-C", root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}"]) == nil {
                    throw ChangedFilesError.noCommitYet(revision)
                }
                throw ChangedFilesError.unknownRevision(revision)
            }
            guard let base = Subprocess.run(["git", "-C", root, "merge-base", revision, "HEAD"]).map(firstLine), !base.isEmpty else {
                throw ChangedFilesError.noMergeBase(revision)
            }
            // From the merge base to the work tree (what the branch and the
            // work tree changed); deleted files are not there to check, a
            // rename is its new path (--no-renames: an addition).
            guard let changed = Subprocess.run(["git", "-C", root, "diff", "--name-only", "-z", "--no-renames", "--no-ext-diff",
                                                     "--diff-filter=d", "--relative", base]),
                  let untracked = Subprocess.run(["git", "-C", root, "ls-files", "-z", "--others", "--exclude-standard"]) else {
                throw ChangedFilesError.gitFailed(selection)
            }
            var paths = Set(names(changed))
            paths.formUnion(names(untracked))
            // Regular files only: a submodule, a symbolic link or a folder
            // is not read, as in a run over the whole repository.
            let files = paths.filter { System.isRegularFile(noFollow: PathNames.join(root, $0)) }
            return (sorted(files), nil)
        case .staged:
            // `:OLDMODE NEWMODE OLDOID NEWOID STATUS` NUL `PATH` NUL, per file.
            guard let raw = Subprocess.run(["git", "-C", root, "diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames",
                                                 "--diff-filter=ACMT", "--relative"]) else {
                throw ChangedFilesError.gitFailed(selection)
            }
            let fields = raw.split(separator: 0, omittingEmptySubsequences: false)
            var entries: [(path: String, oid: String)] = []
            var index = 0
            while index + 1 < fields.count {
                let head = String(decoding: fields[index], as: UTF8.self).split(separator: " ")
                let path = String(decoding: fields[index + 1], as: UTF8.self)
                index += 2
                // Regular files only (100644, 100755): not a submodule
                // (160000) nor a symbolic link (120000).
                guard head.count == 5, head[1] == "100644" || head[1] == "100755" else { continue }
                entries.append((path, String(head[3])))
            }
            entries.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
            let blobs = try readBlobs(entries.map(\.oid), root: root)
            var contents: [String: [UInt8]] = [:]
            for (entry, blob) in zip(entries, blobs) { contents[entry.path] = blob }
            return (entries.map(\.path), contents)
        }
    }

    private static func names(_ output: [UInt8]) -> [String] {
        output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func firstLine(_ output: [UInt8]) -> String {
        String(decoding: output.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    private static func sorted(_ paths: Set<String>) -> [String] {
        paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The blobs `oids` name, in their order, read by one `git cat-file
    /// --batch`.
    static func readBlobs(_ oids: [String], root: String) throws -> [[UInt8]] {
        if oids.isEmpty { return [] }
        let input = Array(oids.map { $0 + "\n" }.joined().utf8)
        guard let output = Subprocess.run(["git", "-C", root, "cat-file", "--batch"], input: input) else {
            throw ChangedFilesError.gitFailed(.staged)
        }
        // Each: `OID blob SIZE` LF, SIZE bytes, LF.
        var blobs: [[UInt8]] = []
        var offset = 0
        for _ in oids {
            guard let end = output[offset...].firstIndex(of: 0x0A) else { throw ChangedFilesError.gitFailed(.staged) }
            let header = String(decoding: output[offset..<end], as: UTF8.self).split(separator: " ")
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]), end + 1 + size < output.count + 1 else {
                throw ChangedFilesError.gitFailed(.staged)
            }
            blobs.append(Array(output[(end + 1)..<(end + 1 + size)]))
            offset = end + 1 + size + 1
        }
        return blobs
    }
}

/// Why `--changed-since` or `--staged` cannot choose the files.
enum ChangedFilesError: Error {
    case notInGit(ChangedFiles.Selection, root: String)
    case unknownRevision(String)
    /// The repository has no commit yet (its branch is unborn).
    case noCommitYet(String)
    case badRevision(String)
    case noMergeBase(String)
    case gitFailed(ChangedFiles.Selection)
    /// `fix --staged` (or `check --staged --diff`) on a file whose work
    /// tree differs from the index.
    case partlyStaged(path: String)
}

extension ChangedFilesError {
    var message: String {
        func option(_ selection: ChangedFiles.Selection) -> String {
            switch selection {
            case .since(let revision): return Option.changedSince.spelled + " " + revision
            case .staged: return Option.staged.spelled
            }
        }
        switch self {
        case .notInGit(let selection, let root):
            return "\(option(selection)): \(root) is not in a git repository (or git is not on PATH); "
                + "run without it to check every file"
        case .unknownRevision(let revision):
            return "\(Option.changedSince.spelled) \(revision): git knows no commit '\(revision)'; fetch it first "
                + "(git fetch origin \(revision); in a GitHub workflow, actions/checkout with fetch-depth: 0)"
        case .noCommitYet(let revision):
            return "\(Option.changedSince.spelled) \(revision): the repository has no commit yet, so nothing to compare with; "
                + "run without it to check every file (or with \(Option.staged.spelled) for what is staged)"
        case .badRevision(let revision):
            return "\(Option.changedSince.spelled) '\(revision)' is not a revision; give a commit, branch or tag (origin/main, HEAD~3)"
        case .noMergeBase(let revision):
            return "\(Option.changedSince.spelled) \(revision): '\(revision)' and HEAD have no commit in common "
                + "(a shallow clone? git fetch --unshallow, or actions/checkout with fetch-depth: 0)"
        case .gitFailed(let selection):
            return "\(option(selection)): git could not list the changed files; run 'git status' to see why"
        case .partlyStaged(let path):
            return "\(path): partly staged: the index and the work tree differ; stage it (git add) "
                + "or put the rest aside (git stash -k) and run again; nothing is written to this file"
        }
    }
}
