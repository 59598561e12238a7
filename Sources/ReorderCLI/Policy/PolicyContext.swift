#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ReorderKit

/// What `fix` and `check` share across the files of one run with a policy:
/// the policy, and what each file's job found.
final class PolicyContext {
    let policy: Policy
    let loaded: LoadedPolicy?
    /// `--marker NAME`: the keep-sorted blocks' marker.
    let markers: KeepSortedMarkers
    /// The path (relative to the policy's folder) of each input, when it
    /// lies in that folder.
    var relativePaths: [String: String] = [:]
    /// A whole-repository run from the policy's folder: each input is its
    /// relative path (no dictionary of them).
    var inputsAreRelative = false
    /// A whole-repository run: each input's identity as the list saw it
    /// (`identity(index)` nil: a file the run does not look at).
    var listed: ListedFiles?

    /// The path of `input` relative to the policy's folder, if it lies there.
    func relative(_ input: String) -> String? {
        inputsAreRelative ? input : (relativePaths[input] ?? loaded?.relativePath(of: input))
    }
    /// Each file's findings, in the order the files ran.
    private(set) var findings: [(path: String, finding: PolicyFinding)] = []
    /// The rules that matched a file, and those that found a list in one.
    private(set) var matchedRules = Set<Int>()
    private(set) var foundRules = Set<Int>()

    init(policy: Policy, loaded: LoadedPolicy?, markers: KeepSortedMarkers) {
        self.policy = policy
        self.loaded = loaded
        self.markers = markers
        hasLikeRules = policy.rules.contains { if case .like = $0.order { return true } else { return false } }
    }

    /// `fix` and `check` report the findings after the run; `sort
    /// --preset` is a sort, whose `--check` names each file.
    var reportsFindings = true

    /// After a scan of every file (`scan`), the jobs that write only
    /// replay the policy: what they find was recorded by the scan.
    var replaying = false

    /// How many files the last scan opened (`-v` says it).
    var filesRead = 0

    /// The cache of results (nil: `--no-cache`, no policy, or none usable).
    var cache: ResultCache?
    /// After a scan with a cache: what to store of each input (none when
    /// it had findings or failed), as each scanning thread kept them, in
    /// its inputs' order; and whether any entry is new.
    var cacheEntryParts: [[(index: Int, entry: ResultCache.Entry)]] = []
    var cacheRefreshed = false
    /// How many entries the scan kept.
    var cacheEntryCount: Int { cacheEntryParts.reduce(0) { $0 + $1.count } }
    /// The scan's entries in the inputs' order: its threads' merged (made
    /// only when the cache is to be written).
    var cacheEntries: [(index: Int, entry: ResultCache.Entry)] {
        var merged: [(index: Int, entry: ResultCache.Entry)] = []
        merged.reserveCapacity(cacheEntryCount)
        var next = [Int](repeating: 0, count: cacheEntryParts.count)
        while true {
            var best = -1
            for part in cacheEntryParts.indices where next[part] < cacheEntryParts[part].count {
                if best < 0 || cacheEntryParts[part][next[part]].index < cacheEntryParts[best][next[best]].index { best = part }
            }
            guard best >= 0 else { return merged }
            merged.append(cacheEntryParts[best][next[best]])
            next[best] += 1
        }
    }
    /// Whether a rule has `order = "like"` (its files are not cached).
    let hasLikeRules: Bool

    /// `--staged`: each input's content in the index, read instead of the
    /// file (and never from a cache); nil when files are read from disk.
    var stagedContents: [String: [UInt8]]?

    /// The policy applied to `source`, the input `input` (as the job names
    /// it); its findings recorded under `displayName` (unless replaying).
    func apply(to source: UnsafeRawBufferPointer, input: String, displayName: String) throws -> PolicyFileResult {
        var (result, matched) = try compute(source, input: input, displayName: displayName)
        if replaying {
            result.warnings = []
        } else {
            record(result, matched: matched, displayName: displayName)
        }
        if !result.missing.isEmpty {
            throw PolicyRunError.missing(result.missing, path: displayName, policy: loaded)
        }
        return result
    }

    /// What the policy makes of `source`, and the rules that match it;
    /// reads the context only, so that files are computed on several
    /// threads at once.
    func compute(_ source: UnsafeRawBufferPointer, input: String, displayName: String) throws -> (PolicyFileResult, [Int]) {
        let relative = self.relative(input)
        let matching = relative.map { self.policy.rules(matching: $0) } ?? []
        // Most files of a repository: no rule, no marker.
        if matching.isEmpty && (!self.policy.markers || !markers.mayOccur(in: source)) { return (PolicyFileResult(), []) }
        var policy = self.policy
        if relative == nil { policy.rules = [] }
        let needsFormat = matching.contains { rule in
            rule.format == nil && rule.lists.contains { if case .block = $0 { return false } else { return true } }
        }
        let format = needsFormat ? ListFormat.claiming(relative ?? input) : nil
        do {
            let result = try policy.apply(to: Array(source), path: relative ?? "", format: format, marker: markers) {
                rule, path, pointer in try self.likeKeys(rule: rule, path: path, pointer: pointer)
            }
            return (result, matching.map(\.number))
        } catch let error as PolicyApplyError {
            throw PolicyRunError.apply(error, path: displayName, policy: loaded)
        }
    }

    /// Records a file whose run failed (its error reported): the rules
    /// that match it are not said to match no file, nor to find their
    /// lists nowhere, when the error is what went wrong.
    func recordFailure(input: String) {
        guard let relative = relative(input) else { return }
        let numbers = policy.rules(matching: relative).map(\.number)
        matchedRules.formUnion(numbers)
        foundRules.formUnion(numbers)
    }

    /// Records what one file's run found.
    func record(_ result: PolicyFileResult, matched: [Int], displayName: String) {
        matchedRules.formUnion(matched)
        foundRules.formUnion(result.found)
        findings += result.findings.map { (displayName, $0) }
    }

    /// The keys of the list at `pointer` of the file `path` (relative to
    /// the policy file) that a rule's `order = "like"` follows.
    func likeKeys(rule: PolicyRule, path: String, pointer: String) throws -> [ListItemKey] {
        // Named as seen from here, as the other files are.
        let file = loaded.map { PathNames.relative(PathNames.join($0.root, path), from: PathNames.realPath(".") ?? $0.root) } ?? path
        // --staged: the file the commit would hold, the index's (the work
        // tree's when the index has no such file); a staged file's is read
        // already.
        if stagedContents != nil, let loaded,
           let staged = stagedContents?[file] ?? Subprocess.run(["git", "-C", loaded.root, "cat-file", "blob", ":" + path]) {
            // SAFETY: the bytes of `staged` are only read inside the closure, and no pointer to them leaves it.
            return try staged.withUnsafeBytes { try keys(in: $0, file: file, path: path, rule: rule, pointer: pointer) }
        }
        let content = try InputBytes.read(path: file)
        return try withExtendedLifetime(content) { try keys(in: content.bytes, file: file, path: path, rule: rule, pointer: pointer) }
    }

    /// The keys of the list at `pointer` in `source`, the content of `file`.
    private func keys(in source: UnsafeRawBufferPointer, file: String, path: String, rule: PolicyRule, pointer: String) throws -> [ListItemKey] {
        let format = rule.format ?? ListFormat.claiming(path) ?? .plain
        var options = ReadOptions(format: .named(format), pointer: format.takesPointer ? pointer : "")
        options.document = nil
        do {
            return try ListDocument(source, format: format, options: options).itemKeys(key: rule.key)
        } catch let error as any FormatReadError {
            throw FormatErrorInInput(error, name: file, source: source)
        }
    }
}

/// Why a run with a policy stops, beyond the errors of a file.
enum PolicyRunError: Error {
    /// No file named, and no policy to say which (`check`: for check).
    case noPolicy(check: Bool)
    /// `init`: there is a policy file at `path` already.
    case policyExists(path: String)
    /// A file lacks lists its rules name.
    case missing([PolicyMissing], path: String, policy: LoadedPolicy?)
    case apply(PolicyApplyError, path: String, policy: LoadedPolicy?)
    /// Over the whole repository: a rule that matched no file.
    case matchesNothing(rule: PolicyRule, policy: LoadedPolicy)
    /// Over the whole repository: a rule whose lists no file it matched has.
    case listsNowhere(rule: PolicyRule, policy: LoadedPolicy)
}

/// How a job names standard input.
private func displayName(_ input: String) -> String { input == "-" ? "<stdin>" : input }

extension PolicyContext {
    /// Each input read and computed (`compute`), on up to as many threads
    /// as there are processors; the results in the inputs' order. With a
    /// cache, a file whose entry holds is not read (or, its identity
    /// changed but not its bytes, read and not parsed); `cacheEntries`
    /// then holds what to store of each input.
    func scan(_ inputs: [String]) -> ScanResults {
        // A file no rule matches, with markers off, is not opened: only the
        // others have a result slot (a million files' results are 64 MB).
        var slotOf = [Int32](repeating: -1, count: inputs.count)
        var looked: [Int] = []
        for index in inputs.indices {
            let unread = listed.map { $0.identityOf[index] < 0 }
                ?? (!policy.markers && (relative(inputs[index]).map { policy.rules(matching: $0).isEmpty } ?? true))
            if !unread {
                slotOf[index] = Int32(looked.count)
                looked.append(index)
            }
        }
        let count = looked.count
        var results = [Result<(PolicyFileResult, [Int]), Error>](repeating: .success((PolicyFileResult(), [])), count: count)
        let cache = self.cache
        // Each thread's entries, (input index, entry) in its inputs' order.
        var entries = [[(index: Int, entry: ResultCache.Entry)]](repeating: [], count: 8)
        // Per input: 1 read, 2 its entry is new or refreshed.
        var marks = [UInt8](repeating: 0, count: inputs.count)
        let processors = System.processorCount
        let threads = min(processors, 8, max(1, count / 32))
        // SAFETY: the threads given the storage of `results` each write only their own slots, and are joined before the closure returns.
        results.withUnsafeMutableBufferPointer { slots in
            // SAFETY: the threads given the storage of `entries` each write only their own slots, and are joined before the closure returns.
            entries.withUnsafeMutableBufferPointer { entrySlots in
                // SAFETY: the threads given the storage of `marks` each write only their own slots, and are joined before the closure returns.
                marks.withUnsafeMutableBufferPointer { markSlots in
                    // Thread t takes every t-th input: each writes slots of its own.
                    let shared = SendableSlots(slots, entrySlots, markSlots)
                    func work(_ thread: Int) {
                        var stored: [(index: Int, entry: ResultCache.Entry)] = []
                        defer { shared.entries[thread] = stored }
                        // This thread's inputs come in the cache's order: each lookup starts where the last ended.
                        var hint = 0
                        var slot = thread
                        while slot < count {
                            defer { slot += threads }
                            let index = looked[slot]
                            let input = inputs[index]
                            shared.results[slot] = Result {
                                try scanOne(input, index: index, cache: cache, hint: &hint, shared: shared) { stored.append((index, $0)) }
                            }
                        }
                    }
                    let helpers = (1..<threads).map { thread in BackgroundTask { work(thread) } }
                    work(0)
                    for helper in helpers { helper.wait() }
                }
            }
        }
        filesRead = marks.reduce(0) { $0 + Int($1 & 1) }
        // Merged back into the inputs' order.
        cacheEntryParts = entries
        cacheRefreshed = marks.contains { $0 & 2 != 0 }
        return ScanResults(results: results, slotOf: slotOf)
    }

    /// One input of `scan`: from the cache, or read and computed.
    private func scanOne(_ input: String, index: Int, cache: ResultCache?, hint: inout Int, shared: SendableSlots,
                         store: (ResultCache.Entry) -> Void) throws -> (PolicyFileResult, [Int]) {
        if let staged = stagedContents?[input] {
            // --staged: the index's bytes, never the cache's.
            shared.marks[index] |= 1
            // SAFETY: the bytes of `staged` are only read inside the closure, and no pointer to them leaves it.
            return try staged.withUnsafeBytes { source in
                do {
                    return try compute(source, input: input, displayName: displayName(input))
                } catch let error as any FormatReadError {
                    throw FormatErrorInInput(error, name: displayName(input), source: source)
                }
            }
        }
        let relative = cache == nil ? nil : self.relative(input)
        // A file of a rule with order = "like" depends on another file: not cached.
        let cached = relative.flatMap { relative -> (entry: ResultCache.Entry, trusted: Bool)?? in
            let like = hasLikeRules && policy.rules(matching: relative).contains { if case .like = $0.order { return true } else { return false } }
            return like ? nil : .some(cache!.lookup(relative, hint: &hint))
        }
        let cacheable = cached != nil
        if let stored = cached ?? nil, stored.trusted {
            // The list's lstat, or (a named file) a stat now.
            if let identity = listed?.identity(index) ?? System.statusIfAny(of: input).map(ResultCache.Identity.init),
               identity == stored.entry.identity {
                store(stored.entry)
                return ResultCache.result(of: stored.entry)
            }
        }
        let content = try InputBytes.read(path: input)
        shared.marks[index] |= 1
        return try withExtendedLifetime(content) {
            let source = content.bytes
            let identity = content.fileStatus.map(ResultCache.Identity.init)
            let hash = cacheable && identity != nil ? XXHash64.hash(source) : 0
            if let stored = cached ?? nil, let identity, stored.entry.hash == hash {
                // Touched, not changed: the stored result, under the new identity.
                var entry = stored.entry
                entry.identity = identity
                store(entry)
                if entry.identity != stored.entry.identity || !stored.trusted { shared.marks[index] |= 2 }
                return ResultCache.result(of: entry)
            }
            do {
                let computed = try compute(source, input: input, displayName: displayName(input))
                try content.throwIfShrank()
                let (result, matched) = computed
                if cacheable, let identity, result.output == nil, result.findings.isEmpty, result.warnings.isEmpty, result.missing.isEmpty {
                    store(ResultCache.Entry(identity: identity, hash: hash, lists: result.lists,
                                            found: result.found.sorted(), matched: matched))
                    shared.marks[index] |= 2
                }
                return computed
            } catch let error as any FormatReadError {
                try content.throwIfShrank()
                throw FormatErrorInInput(error, name: displayName(input), source: source)
            }
        }
    }
}

extension ResultCache {
    /// The result an entry stands for: a clean file's.
    static func result(of entry: Entry) -> (PolicyFileResult, [Int]) {
        var result = PolicyFileResult()
        result.lists = entry.lists
        result.found = Set(entry.found)
        return (result, entry.matched)
    }
}

/// What a scan found, by input: the files it did not look at found nothing.
struct ScanResults {
    let results: [Result<(PolicyFileResult, [Int]), Error>]
    let slotOf: [Int32]

    subscript(index: Int) -> Result<(PolicyFileResult, [Int]), Error> {
        let slot = slotOf[index]
        return slot < 0 ? .success((PolicyFileResult(), [])) : results[Int(slot)]
    }
}

/// The slots of a scan, shared by its threads, each writing only its own.
// SAFETY: each thread writes only the slots of its own inputs, and the buffers outlive the threads, joined before they end.
private struct SendableSlots: @unchecked Sendable {
    let results: UnsafeMutableBufferPointer<Result<(PolicyFileResult, [Int]), Error>>
    let entries: UnsafeMutableBufferPointer<[(index: Int, entry: ResultCache.Entry)]>
    let marks: UnsafeMutableBufferPointer<UInt8>
    init(_ results: UnsafeMutableBufferPointer<Result<(PolicyFileResult, [Int]), Error>>,
         _ entries: UnsafeMutableBufferPointer<[(index: Int, entry: ResultCache.Entry)]>, _ marks: UnsafeMutableBufferPointer<UInt8>) {
        (self.results, self.entries, self.marks) = (results, entries, marks)
    }
}

extension FixCommand {
    /// `reorder check`: `fix --check` with a policy.
    static func runCheck(_ runner: Runner, _ parsed: ParsedArguments) throws -> Int32 {
        let loaded = try LoadedPolicy.find(config: parsed.value(.config))
        return try runPolicy(runner, parsed, loaded, check: true)
    }

    /// `fix` and `check` with a policy (or with markers only, for FILEs
    /// outside any policy): each file once, and the findings reported.
    static func runPolicy(_ runner: Runner, _ parsed: ParsedArguments, _ loaded: LoadedPolicy?, check: Bool) throws -> Int32 {
        let console = runner.console
        let markers = try FixCommand.markers(parsed)
        var policy = loaded?.policy ?? Policy()
        if parsed.has(.marker) { policy.markers = true }
        let context = PolicyContext(policy: policy, loaded: loaded, markers: markers)
        let changedFiles = try ChangedFiles.selection(parsed)
        let wholeRepository = parsed.positionals.isEmpty
        // The cache of results: one warning when it cannot be used, never an error.
        var cacheWarned = false
        func warnCache(_ cache: ResultCache, _ reason: String, _ outcome: String) {
            guard !cacheWarned else { return }
            cacheWarned = true
            try? console.standardOutput.flush()
            try? console.standardError.write("reorder: warning: cache \(cache.path): \(reason); \(outcome)\n")
            try? console.standardError.flush()
        }
        // --staged reads the index, which no cache entry stands for.
        if !parsed.has(.noCache), !parsed.has(.staged), let loaded,
           let path = ResultCache.location(root: loaded.root, directory: parsed.value(.cacheDir)) {
            let cache = ResultCache(path: path, key: ResultCache.key(policySource: loaded.source, root: loaded.root,
                                                                     markers: markers, markersOn: policy.markers))
            cache.load()
            if let problem = cache.problem { warnCache(cache, problem, "running without it") }
            context.cache = cache
        }
        var inputs: [String]
        if wholeRepository {
            guard let loaded else { throw PolicyRunError.noPolicy(check: check) }
            let here = PathNames.realPath(".") ?? loaded.root
            // Each file as seen from here: below the policy's folder, its
            // path there less the folders between; else with '..'.
            let prefix = here == loaded.root ? "" : PathNames.relative(loaded.root, from: here) + "/"
            let below = here.hasPrefix(loaded.root + "/") ? String(here.dropFirst(loaded.root.count + 1)) + "/" : nil
            // --changed-since and --staged: the repository's files limited
            // to those that changed (ChangedFiles.swift).
            var staged: [String: [UInt8]]?
            let paths: [String]
            if let changedFiles {
                (paths, staged) = try ChangedFiles.list(changedFiles, root: loaded.root)
                if staged != nil { context.stagedContents = [:] }
            } else {
                let listed = try RepositoryFiles.listForRun(root: loaded.root, policy: policy)
                context.listed = listed
                paths = listed.paths
            }
            context.inputsAreRelative = prefix.isEmpty
            inputs = prefix.isEmpty ? paths : []
            if prefix.isEmpty, let staged { context.stagedContents = staged }
            for path in paths where !prefix.isEmpty {
                let shown: String
                if prefix.isEmpty {
                    shown = path
                } else if let below, path.hasPrefix(below) {
                    shown = String(path.dropFirst(below.count))
                } else if below != nil {
                    shown = PathNames.relative(PathNames.join(loaded.root, path), from: here)
                } else {
                    shown = prefix + path
                }
                context.relativePaths[shown] = path
                if let content = staged?[path] { context.stagedContents?[shown] = content }
                inputs.append(shown)
            }
        } else {
            inputs = try Runner.distinctInputs(parsed.positionals, command: parsed.command)
            if inputs.contains("-") { throw UsageError.conflictingOptions("-", "a policy (.reorder.toml)") }
        }
        let mode: OutputMode
        if check || parsed.has(.check) || parsed.has(.diff) {
            if parsed.has(.output) { throw UsageError.conflictingOptions(check ? "check" : Option.check.spelled, Option.output.spelled) }
            mode = .check(diff: parsed.has(.diff))
        } else if let output = parsed.value(.output) {
            guard inputs.count == 1, !wholeRepository else { throw UsageError.outputNeedsOneInput(count: inputs.count) }
            mode = .output(output)
        } else {
            mode = .write
        }
        let color = try runner.diffColor(parsed)
        var status = ExitStatus.success
        // Every file read and its lists ordered on every core; then, in the
        // files' order, what each found is recorded and reported, and only
        // the files to write (or to show as a diff) go through a job.
        var rewrite: [String] = []
        // `check -v` (a run that writes nothing) says what it looked at;
        // `fix -v`, the pre-commit hook's run over every staged file,
        // names the files it rewrote only.
        let verbose: Bool
        if case .check = mode { verbose = parsed.has(.verbose) } else { verbose = false }
        // What was looked at, for `-v`'s last line.
        var (filesSeen, listsSeen, listsOut) = (0, 0, 0)
        let scanned = context.scan(inputs)
        for (index, input) in inputs.enumerated() {
            let scanned = scanned[index]
            switch scanned {
            case .failure(let error as SystemError) where error.code == EPIPE && error.path == nil:
                throw error
            case .failure(let error):
                runner.report(error, input: displayName(input))
                context.recordFailure(input: input)
                status = ExitStatus.failure
            case .success(let (result, matched)):
                if result.lists > 0 || !result.missing.isEmpty {
                    filesSeen += 1
                    listsSeen += result.lists
                    listsOut += result.findings.count
                } else if verbose && !wholeRepository && matched.isEmpty {
                    // A file named that nothing covers is said, never passed silently.
                    try? console.standardOutput.flush()
                    try? console.standardError.write("reorder: \(displayName(input)): " + Messages.uncovered(
                        policy: loaded, outside: loaded != nil && context.relativePaths[input] == nil && loaded?.relativePath(of: input) == nil,
                        markers: policy.markers, marker: markers.name) + "\n")
                    try? console.standardError.flush()
                }
                if !result.missing.isEmpty {
                    // Nothing is written to a file that lacks a list, and
                    // nothing of it is reported as fixed.
                    var found = PolicyFileResult()
                    found.found = result.found
                    context.record(found, matched: matched, displayName: displayName(input))
                    runner.report(PolicyRunError.missing(result.missing, path: displayName(input), policy: loaded), input: nil)
                    status = ExitStatus.failure
                    continue
                }
                // --staged: the findings are the index's; a file is written
                // (or its diff shown) only when the work tree holds the
                // same bytes, and else reported as nothing written.
                if result.output != nil, mode != .check(diff: false), let staged = context.stagedContents?[input],
                   (try? InputBytes.read(path: input)).map({ content in
                       withExtendedLifetime(content) { !content.bytes.elementsEqual(staged) }
                   }) ?? true {
                    var found = PolicyFileResult()
                    found.found = result.found
                    context.record(found, matched: matched, displayName: displayName(input))
                    runner.report(ChangedFilesError.partlyStaged(path: displayName(input)), input: nil)
                    status = ExitStatus.failure
                    continue
                }
                context.record(result, matched: matched, displayName: displayName(input))
                if !result.warnings.isEmpty {
                    try? console.standardOutput.flush()
                    for warning in result.warnings {
                        try? console.standardError.write("reorder: \(displayName(input)):\(warning.line): "
                                                         + Messages.describe(warning, markers: markers) + "\n")
                    }
                    try? console.standardError.flush()
                    status = max(status, ExitStatus.wouldChange)
                }
                if result.output != nil {
                    if case .check(diff: false) = mode {
                        status = max(status, ExitStatus.wouldChange)
                    } else {
                        rewrite.append(input)
                    }
                }
            }
        }
        if let cache = context.cache {
            // What this run stored: over the whole repository, the entries
            // of its files only; for named files, the others' stay.
            // A whole-repository run that stored what was stored (each of
            // its inputs is below the root) does not make the list at all.
            var entries: [(path: String, entry: ResultCache.Entry)] = []
            var changed = context.cacheRefreshed
            let whole = wholeRepository && changedFiles == nil
            var listed = false
            if !whole || changed || context.cacheEntryCount != cache.storedCount {
                listed = true
                for (index, entry) in context.cacheEntries {
                    if let relative = context.relative(inputs[index]) {
                        entries.append((relative, entry))
                    }
                }
            }
            if whole {
                changed = changed || listed && entries.count != cache.storedCount
            } else {
                // Named files, or --changed-since's: the others' entries stay.
                let named = Set(inputs.compactMap { context.relative($0) })
                let kept = cache.storedEntries().filter { !named.contains($0.path) }
                changed = changed || kept.count + entries.count != cache.storedCount
                entries += kept
            }
            if changed, let reason = cache.save(entries) { warnCache(cache, reason, "results not saved") }
        }
        context.replaying = true
        for input in rewrite {
            let job = Job(input: input, edit: .policy(context), readOptions: ReadOptions(), mode: mode, color: color,
                          verbose: parsed.has(.verbose), console: console)
            do {
                if try job.run() { status = max(status, ExitStatus.wouldChange) }
            } catch let error as SystemError where error.code == EPIPE && error.path == nil {
                throw error
            } catch {
                runner.report(error, input: job.displayName)
                status = ExitStatus.failure
            }
        }
        // A policy that checks nothing is the failure users hit most: over
        // the whole repository, each rule must match a file and find a list.
        if wholeRepository, changedFiles == nil, let loaded {
            var reported = Set<Int>()
            // A preset's rule is one rule for each of its lists: said once.
            for rule in policy.rules where reported.insert(rule.number).inserted {
                if !context.matchedRules.contains(rule.number) {
                    runner.report(PolicyRunError.matchesNothing(rule: rule, policy: loaded), input: nil)
                    status = ExitStatus.failure
                } else if !context.foundRules.contains(rule.number) && !rule.missingOK {
                    runner.report(PolicyRunError.listsNowhere(rule: rule, policy: loaded), input: nil)
                    status = ExitStatus.failure
                }
            }
        }
        let reporter = PolicyReporter(rawValue: parsed.value(.reporter) ?? "text") ?? .text
        if !(reporter == .text && parsed.has(.diff)) {
            try console.standardOutput.write(reporter.report(context.findings, fixed: mode == .write, policy: loaded))
        }
        if verbose {
            try? console.standardOutput.flush()
            try? console.standardError.write("reorder: " + Messages.lookedAt(files: filesSeen, lists: listsSeen, outOfOrder: listsOut,
                                                                             of: inputs.count, read: context.filesRead) + "\n")
            try? console.standardError.flush()
        }
        return status
    }
}

