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

    /// The policy applied to `source`, the input `input` (as the job names
    /// it); its findings recorded under `displayName`.
    func apply(to source: UnsafeRawBufferPointer, input: String, displayName: String) throws -> PolicyFileResult {
        let relative = relativePaths[input] ?? loaded?.relativePath(of: input)
        var policy = self.policy
        if relative == nil { policy.rules = [] }
        for rule in policy.rules(matching: relative ?? "") { matchedRules.insert(rule.number) }
        let format = ListFormat.claiming(relative ?? input)
        let result: PolicyFileResult
        do {
            result = try policy.apply(to: Array(source), path: relative ?? "", format: format, marker: markers) {
                rule, path, pointer in try self.likeKeys(rule: rule, path: path, pointer: pointer)
            }
        } catch let error as PolicyApplyError {
            throw PolicyRunError.apply(error, path: displayName, policy: loaded)
        }
        foundRules.formUnion(result.found)
        if !result.missing.isEmpty {
            throw PolicyRunError.missing(result.missing, path: displayName, policy: loaded)
        }
        findings += result.findings.map { (displayName, $0) }
        return result
    }

    /// The keys of the list at `pointer` of the file `path` (relative to
    /// the policy file) that a rule's `order = "like"` follows.
    func likeKeys(rule: PolicyRule, path: String, pointer: String) throws -> [ListItemKey] {
        let file = loaded.map { PathNames.join($0.root, path) } ?? path
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
    /// No file named, and no policy to say which.
    case noPolicy
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
        let wholeRepository = parsed.positionals.isEmpty
        var inputs: [String]
        if wholeRepository {
            guard let loaded else { throw PolicyRunError.noPolicy }
            let here = PathNames.realPath(".") ?? loaded.root
            inputs = []
            for path in try RepositoryFiles.list(root: loaded.root, policy: policy) {
                let shown = PathNames.relative(PathNames.join(loaded.root, path), from: here)
                context.relativePaths[shown] = path
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
        if parsed.has(.color) && !parsed.has(.diff) {
            throw UsageError.optionNeedsOther(Option.color.spelled, needs: Option.diff.spelled)
        }
        let color: Bool
        switch parsed.value(.color) ?? "auto" {
        case "always": color = true
        case "never": color = false
        default: color = console.outputIsTerminal && !console.noColor
        }
        var status = ExitStatus.success
        for input in inputs {
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
        if wholeRepository, let loaded {
            for rule in policy.rules {
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
        return status
    }
}
