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
    /// Each file's findings, in the order the files ran.
    private(set) var findings: [(path: String, finding: PolicyFinding)] = []
    /// The rules that matched a file, and those that found a list in one.
    private(set) var matchedRules = Set<Int>()
    private(set) var foundRules = Set<Int>()

    init(policy: Policy, loaded: LoadedPolicy?, markers: KeepSortedMarkers) {
        self.policy = policy
        self.loaded = loaded
        self.markers = markers
    }

    /// `fix` and `check` report the findings after the run; `sort
    /// --preset` is a sort, whose `--check` names each file.
    var reportsFindings = true

    /// After a scan of every file (`scan`), the jobs that write only
    /// replay the policy: what they find was recorded by the scan.
    var replaying = false

    /// How many files the last scan opened (`-v` says it).
    var filesRead = 0

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
        let relative = relativePaths[input] ?? loaded?.relativePath(of: input)
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
        guard let relative = relativePaths[input] ?? loaded?.relativePath(of: input) else { return }
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
        let content = try InputBytes.read(path: file)
        let format = rule.format ?? ListFormat.claiming(path) ?? .lines
        var options = ReadOptions(format: .named(format), pointer: format == .lines ? "" : pointer)
        options.document = nil
        do {
            return try withExtendedLifetime(content) {
                let document = try ListDocument(content.bytes, format: format, options: options)
                return try document.itemKeys(key: rule.key)
            }
        } catch let error as any FormatReadError {
            throw FormatErrorInInput(error, name: file, source: content.bytes)
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
    /// as there are processors; the results in the inputs' order.
    func scan(_ inputs: [String]) -> [Result<(PolicyFileResult, [Int]), Error>] {
        let count = inputs.count
        var results = [Result<(PolicyFileResult, [Int]), Error>?](repeating: nil, count: count)
        // A file no rule matches, with markers off, is not opened.
        let unread = inputs.map { input in
            !policy.markers && ((relativePaths[input] ?? loaded?.relativePath(of: input)).map { policy.rules(matching: $0).isEmpty } ?? true)
        }
        filesRead = unread.filter { !$0 }.count
        let processors = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let threads = min(processors, 8, max(1, count / 32))
        results.withUnsafeMutableBufferPointer { slots in
            // Thread t takes every t-th input: each writes slots of its own.
            let slots = SendableSlots(slots)
            func work(_ thread: Int) {
                var index = thread
                while index < count {
                    let input = inputs[index]
                    if unread[index] {
                        slots.buffer[index] = .success((PolicyFileResult(), []))
                        index += threads
                        continue
                    }
                    if let staged = stagedContents?[input] {
                        slots.buffer[index] = Result {
                            try staged.withUnsafeBytes { source in
                                do {
                                    return try compute(source, input: input, displayName: displayName(input))
                                } catch let error as any FormatReadError {
                                    throw FormatErrorInInput(error, name: displayName(input), source: source)
                                }
                            }
                        }
                        index += threads
                        continue
                    }
                    slots.buffer[index] = Result {
                        let content = try InputBytes.read(path: input)
                        return try withExtendedLifetime(content) {
                            let source = content.bytes
                            do {
                                let computed = try compute(source, input: input, displayName: displayName(input))
                                try content.throwIfShrank()
                                return computed
                            } catch let error as any FormatReadError {
                                try content.throwIfShrank()
                                throw FormatErrorInInput(error, name: displayName(input), source: source)
                            }
                        }
                    }
                    index += threads
                }
            }
            let helpers = (1..<threads).map { thread in BackgroundTask { work(thread) } }
            work(0)
            for helper in helpers { helper.wait() }
        }
        return results.map { $0! }
    }
}

/// The result slots of a scan, shared by its threads, each writing only
/// its own.
private struct SendableSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Result<(PolicyFileResult, [Int]), Error>?>
    init(_ buffer: UnsafeMutableBufferPointer<Result<(PolicyFileResult, [Int]), Error>?>) { self.buffer = buffer }
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
        let changed = try ChangedFiles.selection(parsed)
        let wholeRepository = parsed.positionals.isEmpty
        var inputs: [String]
        if wholeRepository {
            guard let loaded else { throw PolicyRunError.noPolicy(check: check) }
            // --changed-since and --staged: the repository's files limited
            // to those that changed (ChangedFiles.swift).
            var listed: [String]
            var staged: [String: [UInt8]]?
            if let changed {
                (listed, staged) = try ChangedFiles.list(changed, root: loaded.root)
            } else {
                listed = try RepositoryFiles.list(root: loaded.root, policy: policy)
            }
            let here = PathNames.realPath(".") ?? loaded.root
            // Each file as seen from here: below the policy's folder, its
            // path there less the folders between; else with '..'.
            let prefix = here == loaded.root ? "" : PathNames.relative(loaded.root, from: here) + "/"
            let below = here.hasPrefix(loaded.root + "/") ? String(here.dropFirst(loaded.root.count + 1)) + "/" : nil
            inputs = []
            if staged != nil { context.stagedContents = [:] }
            for path in listed {
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
        for (input, scanned) in zip(inputs, context.scan(inputs)) {
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
        if wholeRepository, changed == nil, let loaded {
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
