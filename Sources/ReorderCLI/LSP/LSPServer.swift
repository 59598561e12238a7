import ReorderKit

/// `reorder lsp`: a language server on standard input and output. It
/// publishes the lists out of order (by the repository's policy, and the
/// keep-sorted blocks) as diagnostics, and fixes them by code actions and
/// formatting, with edits that change only the lines that move.
final class LSPServer {
    static let fixAllKind = "source.fixAll.reorder"

    let transport: LSPTransport
    private var initialized = false
    private var shuttingDown = false
    /// The client registers file watchers when asked.
    private var watchesByRegistration = false
    /// The client takes a `WorkspaceEdit`'s `documentChanges` (with each
    /// document's version, which it checks before applying).
    private var documentChanges = false
    private var applyEdits = 0
    private var documents: [String: LSPDocument] = [:]
    /// Each policy file read (from the editor when open there, else from
    /// disk), by its path; emptied when a policy file changes.
    private var policies: [String: PolicyLoad] = [:]

    enum PolicyLoad {
        case loaded(LoadedPolicy)
        case broken(message: String)
    }

    init(transport: LSPTransport) {
        self.transport = transport
    }

    func log(_ line: String) { transport.log(line) }

    /// `REORDER_LSP_TRACE` set: how long each step of a document's check
    /// takes, logged.
    private let tracing = System.environment("REORDER_LSP_TRACE") != nil
    private var traceStart = 0.0
    private func trace(_ step: String) {
        guard tracing else { return }
        let seconds = System.monotonicSeconds()
        if !step.isEmpty { log(step + " \(Int((seconds - traceStart) * 1000)) ms") }
        traceStart = seconds
    }

    /// Runs until `exit` or the end of the input; the exit status.
    func run() -> Int32 {
        while true {
            // With documents open, the policy files they depend on are
            // looked at while no message comes, every so often: an editor
            // that watches no file (Neovim on Linux) tells nothing of a
            // `git pull` that changed one.
            if !policyStamps.isEmpty && !documents.isEmpty
                && !transport.waitForInput(milliseconds: LSPServer.policyCheckInterval) {
                checkPolicyFiles(force: true)
                publishPending()
                continue
            }
            guard let body = transport.next() else { break }
            let message: LSPJSON
            do {
                message = try LSPJSON.parse(body)
            } catch let error as LSPJSON.ParseError {
                log("skipped a message that is not JSON: \(error.problem) at byte \(error.offset)")
                transport.send(["jsonrpc": "2.0", "id": .null, "error": ["code": -32700, "message": "Parse error"]])
                continue
            } catch {
                continue
            }
            trace("")
            if let status = handle(message) { return status }
            checkPolicyFiles(force: false)
            // Diagnostics wait while more messages are at hand: a burst of
            // changes is checked once, at its end.
            if !transport.hasPendingInput { publishPending() }
            trace("message \(message["method"]?.string ?? "")")
        }
        return 1
    }

    private func respond(_ id: LSPJSON, _ result: LSPJSON) {
        transport.send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    private func respond(_ id: LSPJSON, error code: Int, _ text: String) {
        transport.send(["jsonrpc": "2.0", "id": id, "error": ["code": LSPJSON(code), "message": .string(text)]])
    }

    /// One message; an exit status when it ends the server.
    func handle(_ message: LSPJSON) -> Int32? {
        guard case .object = message else {
            log("skipped a message that is not a JSON object")
            transport.send(["jsonrpc": "2.0", "id": .null, "error": ["code": -32600, "message": "Invalid Request"]])
            return nil
        }
        let id = message["id"]
        guard let method = message["method"]?.string else {
            // A response to a request of ours (the registration of file
            // watchers), or nothing.
            if id == nil { log("skipped a message without a method") }
            return nil
        }
        let params = message["params"] ?? .null
        if let id {
            if method != "initialize" && !initialized && method != "shutdown" {
                respond(id, error: -32002, "the server is not initialized")
                return nil
            }
            if shuttingDown {
                respond(id, error: -32600, "the server is shutting down")
                return nil
            }
            guard let answer = LSPServer.requests[method] else {
                respond(id, error: -32601, "no method '\(method)'")
                return nil
            }
            answer(self)(id, params)
            return nil
        }
        // Notifications it does not know are ignored.
        return LSPServer.notifications[method].flatMap { $0(self)(params) }
    }

    /// A request's handler: it answers `id` (with `respond`), given the
    /// request's params.
    typealias Request = @Sendable (LSPServer) -> (_ id: LSPJSON, _ params: LSPJSON) -> Void
    /// A notification's handler, given its params; an exit status when it
    /// ends the server.
    typealias Notification = @Sendable (LSPServer) -> (_ params: LSPJSON) -> Int32?

    /// The requests the server answers, by method (any other is answered
    /// "no method"). The capabilities of `initializeResult` announce them.
    static let requests: [String: Request] = [
        "initialize": { $0.initialize },
        "shutdown": { $0.shutdown },
        "textDocument/codeAction": { $0.codeAction },
        "workspace/executeCommand": { $0.executeCommand },
        "textDocument/formatting": { server in { id, params in server.respond(id, server.formatting(params)) } },
    ]

    /// The notifications the server acts on, by method.
    static let notifications: [String: Notification] = [
        "exit": { $0.exit },
        "initialized": { $0.initialized },
        "textDocument/didOpen": { $0.didOpen },
        "textDocument/didChange": { server in { server.didChange($0); return nil } },
        "textDocument/didSave": { $0.didSave },
        "textDocument/didClose": { $0.didClose },
        "workspace/didChangeWatchedFiles": { $0.didChangeWatchedFiles },
        // Requests are answered one at a time in the order they come,
        // each before the next message is read: the request a cancel
        // names has its answer already, and there is nothing to cancel.
        "$/cancelRequest": { _ in { _ in nil } },
    ]

    // MARK: - Requests

    private func initialize(_ id: LSPJSON, _ params: LSPJSON) {
        initialized = true
        watchesByRegistration = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool == true
        documentChanges = params["capabilities"]?["workspace"]?["workspaceEdit"]?["documentChanges"]?.bool == true
        respond(id, LSPServer.initializeResult)
    }

    private func shutdown(_ id: LSPJSON, _ params: LSPJSON) {
        shuttingDown = true
        respond(id, .null)
    }

    private func codeAction(_ id: LSPJSON, _ params: LSPJSON) {
        let moves = LSPMoveItem.actions(params, params["textDocument"]?["uri"]?.string.flatMap { documents[$0] },
                                        documentChanges: documentChanges)
        respond(id, .array((codeActions(params).array ?? []) + moves))
    }

    private func executeCommand(_ id: LSPJSON, _ params: LSPJSON) {
        do {
            let edit = try LSPMoveItem.execute(params, documents: documents, documentChanges: documentChanges)
            applyEdits += 1
            transport.send(["jsonrpc": "2.0", "id": .string("reorder-apply-\(applyEdits)"), "method": "workspace/applyEdit",
                            "params": ["edit": edit]])
            respond(id, .null)
        } catch let failure as LSPMoveItem.Failure {
            respond(id, error: -32602, failure.message)
        } catch {
            respond(id, error: -32603, Messages.describe(error, input: nil))
        }
    }

    // MARK: - Notifications

    private func exit(_ params: LSPJSON) -> Int32? {
        shuttingDown ? 0 : 1
    }

    private func initialized(_ params: LSPJSON) -> Int32? {
        // The editor is asked to report changes of policy files.
        if watchesByRegistration {
            transport.send(["jsonrpc": "2.0", "id": "reorder-watch-policy", "method": "client/registerCapability", "params": [
                "registrations": [[
                    "id": "reorder-policy-files", "method": "workspace/didChangeWatchedFiles",
                    "registerOptions": ["watchers": [["globPattern": .string("**/" + LoadedPolicy.fileName)]]],
                ]],
            ]])
        }
        return nil
    }

    private func didOpen(_ params: LSPJSON) -> Int32? {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
            log("skipped a didOpen without textDocument.uri and text")
            return nil
        }
        let document = LSPDocument(uri: uri, version: item["version"]?.int ?? 0, text: LSPText(Array(text.utf8)))
        documents[uri] = document
        opened(document)
        return nil
    }

    private func didSave(_ params: LSPJSON) -> Int32? {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return nil }
        if let text = params["text"]?.string {
            document.text = LSPText(Array(text.utf8))
            document.analysis = nil
            document.lists = nil
        }
        opened(document)
        return nil
    }

    private func didClose(_ params: LSPJSON) -> Int32? {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents.removeValue(forKey: uri) else { return nil }
        // Its diagnostics go with it.
        pending.removeAll { $0 == uri }
        publish(uri: uri, version: nil, [])
        if document.isPolicy { policiesChanged() }
        return nil
    }

    private func didChangeWatchedFiles(_ params: LSPJSON) -> Int32? {
        // The same look as without the editor's events: a policy file
        // re-read once, whichever tells of its change first.
        let changes = params["changes"]?.array ?? []
        if changes.contains(where: { ($0["uri"]?.string).map { PathNames.baseName($0) == LoadedPolicy.fileName } ?? false }) {
            checkPolicyFiles(force: true)
        }
        return nil
    }

    static let initializeResult: LSPJSON = [
        "capabilities": [
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "codeActionProvider": ["codeActionKinds": ["quickfix", .string(LSPServer.fixAllKind), .string(LSPMoveItem.kind)]],
            "executeCommandProvider": ["commands": [.string(LSPMoveItem.command)]],
            "documentFormattingProvider": true,
        ],
        "serverInfo": ["name": "reorder", "version": .string(CommandTable.version)],
    ]

    private func didChange(_ params: LSPJSON) {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else {
            log("skipped a didChange of a document that is not open")
            return
        }
        trace("")
        let version = params["textDocument"]?["version"]?.int ?? document.version + 1
        guard version > document.version else {
            log("skipped a didChange of \(uri) with version \(version), not newer than \(document.version)")
            return
        }
        var text = document.text
        // The lists the changes fall in are checked again, the others
        // kept (moved), where that is what a full check would find.
        var lists = document.lists
        for change in params["contentChanges"]?.array ?? [] {
            guard let new = change["text"]?.string else { continue }
            if let range = LSPRange(change["range"]) {
                let start = text.offset(of: range.start), end = max(start, text.offset(of: range.end))
                let bytes = Array(new.utf8)
                let changed = text.replacing(bytes: start..<end, with: bytes)
                if lists != nil && !lists!.changed(start..<end, count: bytes.count, old: text, new: changed) { lists = nil }
                text = changed
            } else {
                text = LSPText(Array(new.utf8))
                lists = nil
            }
        }
        trace("changes applied")
        document.version = version
        document.text = text
        document.analysis = nil
        document.lists = lists
        opened(document)
    }

    /// A document opened, changed or saved: its diagnostics published
    /// (and, for a policy file, every open document's again).
    private func opened(_ document: LSPDocument) {
        if document.isPolicy {
            policiesChanged()
        } else {
            publish(document)
        }
    }

    private func policiesChanged() {
        policies = [:]
        policyStamps = [:]
        for document in documents.values.sorted(by: { $0.uri < $1.uri }) {
            document.analysis = nil
            document.lists = nil
            publish(document)
        }
    }

    // MARK: Policy files on disk

    /// How often (at most) the policy files on disk are looked at, in
    /// milliseconds: at a message, or after this long without one.
    static let policyCheckInterval: Int32 = 500

    /// Each place a policy file was looked for on disk (the open
    /// documents' folders and those above them, up to the policy found),
    /// with what was there then (nil: no file); emptied when a policy
    /// file changes.
    private var policyStamps: [String: FileStamp?] = [:]
    private var lastPolicyCheck = 0.0

    private static func monotonicSeconds() -> Double {
        System.monotonicSeconds()
    }

    /// The policy files looked at again (unless `force`, at most once an
    /// interval): when one changed, appeared or went, every open document
    /// is checked again by the policies as they are now.
    private func checkPolicyFiles(force: Bool) {
        guard !policyStamps.isEmpty else { return }
        let now = LSPServer.monotonicSeconds()
        guard force || now - lastPolicyCheck >= Double(LSPServer.policyCheckInterval) / 1000 else { return }
        lastPolicyCheck = now
        if policyStamps.contains(where: { FileStamp(path: $0.key) != $0.value }) {
            policiesChanged()
        }
    }

    /// The documents whose diagnostics are to be published, in order.
    private var pending: [String] = []

    private func publish(_ document: LSPDocument) {
        if !pending.contains(document.uri) { pending.append(document.uri) }
    }

    private func publishPending() {
        let uris = pending
        pending = []
        for uri in uris {
            guard let document = documents[uri] else { continue }
            publish(uri: uri, version: document.version, serialized: diagnostics(of: document))
        }
    }

    /// `publish(uri:version:_:)` of diagnostics serialized already.
    private func publish(uri: String, version: Int, serialized diagnostics: [[UInt8]]) {
        var body = Array(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"#.utf8)
        LSPJSON.string(uri).serialize(into: &body)
        body += Array(#","version":"#.utf8)
        LSPJSON(version).serialize(into: &body)
        body += Array(#","diagnostics":["#.utf8)
        for (index, diagnostic) in diagnostics.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += diagnostic
        }
        body += Array("]}}".utf8)
        transport.send(body: body)
    }

    private func publish(uri: String, version: Int?, _ diagnostics: [LSPJSON]) {
        var params: [String: LSPJSON] = ["uri": .string(uri), "diagnostics": .array(diagnostics)]
        if let version { params["version"] = LSPJSON(version) }
        transport.send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": .object(params)])
    }

    // MARK: Analysis

    /// The document's diagnostics: of the lists a change touched checked
    /// again, the others kept, where that is what a full check finds;
    /// else of a full check.
    /// Serialized, each: those the lists kept were serialized once.
    func diagnostics(of document: LSPDocument) -> [[UInt8]] {
        if document.analysis == nil && document.lists != nil {
            if let diagnostics = incrementalDiagnostics(document) {
                trace("lists checked again")
                return diagnostics
            }
            document.lists = nil
        }
        return analysis(of: document).diagnostics.map { diagnostic in
            var bytes: [UInt8] = []
            diagnostic.serialize(into: &bytes)
            return bytes
        }
    }

    func analysis(of document: LSPDocument) -> LSPAnalysis {
        if let analysis = document.analysis { return analysis }
        let analysis = analyze(document)
        document.analysis = analysis
        return analysis
    }

    /// A diagnostic: a warning (a list out of order, a policy that cannot
    /// be used), or with `error` an error (the document cannot be read, so
    /// nothing in it is checked, as `reorder check` fails on it).
    private func diagnostic(_ range: LSPRange, _ message: String, code: String? = nil, error: Bool = false) -> LSPJSON {
        var members: [String: LSPJSON] = ["range": range.json, "severity": error ? 1 : 2, "source": "reorder",
                                          "message": .string(message)]
        if let code { members["code"] = .string(code) }
        return .object(members)
    }

    /// The range of line `line` (from 0) of `text`, its content.
    private func lineRange(_ text: LSPText, _ line: Int) -> LSPRange {
        let line = min(max(line, 0), text.lineCount - 1)
        return LSPRange(start: LSPPosition(line: line, character: 0), end: text.endOfContent(ofLine: line))
    }

    /// From byte `offset` to the end of its line's content (or one
    /// character further at an empty end).
    private func placeRange(_ text: LSPText, _ offset: Int) -> LSPRange {
        let start = text.position(of: offset)
        var end = text.endOfContent(ofLine: start.line)
        if end.character <= start.character { end = start }
        return LSPRange(start: start, end: end)
    }

    /// The item at bytes `item`, on its own lines: from its first byte that
    /// is not a blank to its last; nil for a range that is not in `text`,
    /// or has nothing but blanks.
    private func itemRange(_ text: LSPText, _ item: Range<Int>) -> LSPRange? {
        let bytes = text.bytes
        guard item.lowerBound >= 0, item.upperBound <= bytes.count else { return nil }
        var low = item.lowerBound, high = item.upperBound
        func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while low < high && blank(bytes[low]) { low += 1 }
        while high > low && blank(bytes[high - 1]) { high -= 1 }
        guard low < high else { return nil }
        return LSPRange(start: text.position(of: low), end: text.position(of: high))
    }

    private func analyze(_ document: LSPDocument) -> LSPAnalysis {
        let text = document.text
        document.lists = nil
        guard let path = document.path else { return LSPAnalysis() }
        if document.isPolicy {
            return LSPAnalysis(diagnostics: policyDiagnostics(text))
        }
        var diagnostics: [LSPJSON] = []
        let (context, broken) = context(for: path)
        let loaded = context.loaded
        if let broken { diagnostics.append(diagnostic(lineRange(text, 0), broken)) }
        trace("policy found")
        let result: PolicyFileResult
        do {
            // SAFETY: the bytes of `text.bytes` are only read inside the closure, and no pointer to them leaves it.
            result = try text.bytes.withUnsafeBytes { source in
                do {
                    return try context.compute(source, input: path, displayName: path).0
                } catch let error as any FormatReadError {
                    throw FormatErrorInInput(error, name: path, source: source)
                }
            }
        } catch let error as FormatErrorInInput where error.name == path {
            // The document cannot be read: one error, at the reader's place,
            // worded as `reorder check` words it (less the place).
            let range = error.error.sourceOffset.map { placeRange(text, $0) } ?? lineRange(text, 0)
            return LSPAnalysis(diagnostics: [diagnostic(range, LSPServer.unplaced(Messages.describe(error, input: path), path), error: true)])
        } catch {
            // Another file that cannot be read (a rule's `like`), a rule's
            // list that is no list: one error, on the first line; a message
            // that starts with this document's path, without it.
            let message = LSPServer.unplaced(Messages.describe(error, input: nil), path)
            return LSPAnalysis(diagnostics: [diagnostic(lineRange(text, 0), message, error: true)])
        }
        if !result.missing.isEmpty {
            let message = Messages.describe(PolicyRunError.missing(result.missing, path: path, policy: loaded), input: nil)
            diagnostics.append(diagnostic(lineRange(text, 0), message))
        }
        for warning in result.warnings {
            diagnostics.append(diagnostic(lineRange(text, warning.line - 1), Messages.describe(warning, markers: context.markers)))
        }
        trace("policy applied")
        if broken == nil {
            let relative = context.relativePaths[path] ?? loaded?.relativePath(of: path)
            let matching = relative.map { context.policy.rules(matching: $0) } ?? []
            document.lists = LSPListState(result: result, text: text, format: relative.flatMap { ListFormat.claiming($0) },
                                          matching: matching, markers: context.markers, markersOn: context.policy.markers)
        }
        var analysis = LSPAnalysis()
        if let output = result.output {
            let fixed = LSPText(output)
            analysis.fixed = fixed
            analysis.hunks = LineDiff.hunks(text, fixed)
            trace("line diff")
        }
        // Each changed run of lines belongs to the list out of order that
        // starts last at or above it (a list's line is its first item's,
        // or a TOML table's header); those above every list, to the first.
        let starts = result.findings.map { $0.line - 1 }
        var owned = [[LineHunk]](repeating: [], count: starts.count)
        for hunk in analysis.hunks {
            var owner = 0
            for (index, start) in starts.enumerated() where start <= hunk.old.lowerBound && start >= starts[owner] {
                owner = index
            }
            if !owned.isEmpty { owned[owner].append(hunk) }
        }
        for (index, finding) in result.findings.enumerated() {
            let first = finding.line - 1
            let moved = owned[index].map(\.old).filter { !$0.isEmpty }
            let range: LSPRange
            if let item = finding.movedRange, let itemRange = itemRange(text, item) {
                range = itemRange
            } else if let low = moved.map(\.lowerBound).min(), let high = moved.map({ $0.upperBound - 1 }).max() {
                range = LSPRange(start: LSPPosition(line: low, character: 0), end: text.endOfContent(ofLine: high))
            } else {
                range = lineRange(text, first)
            }
            let lineCount = 1 + LSPText.newlines(in: finding.fixed)
            let span = first..<max(first + lineCount, (moved.map(\.upperBound).max() ?? 0))
            analysis.findings.append(LSPFinding(finding: finding, span: span, hunks: owned[index], range: range))
            diagnostics.append(diagnostic(range, PolicyReporter.sentence(finding),
                                          code: finding.rule > 0 ? "rule-\(finding.rule)" : "keep-sorted"))
        }
        analysis.diagnostics = diagnostics
        return analysis
    }

    /// The policy context of the document at `path`, and the message of a
    /// policy that cannot be used (then only keep-sorted blocks count).
    private func context(for path: String) -> (PolicyContext, broken: String?) {
        var policy = Policy()
        var loaded: LoadedPolicy? = nil
        var broken: String? = nil
        switch governingPolicy(for: path) {
        case .loaded(let found)?:
            loaded = found
            policy = found.policy
        case .broken(let message)?:
            broken = message
        case nil:
            break
        }
        let context = PolicyContext(policy: policy, loaded: loaded, markers: KeepSortedMarkers())
        // A document not saved yet has no path of its own: the path
        // relative to the policy's folder is found by its folder's.
        if let loaded, PathNames.realPath(path) == nil, let folder = PathNames.realPath(PathNames.parent(path)) {
            let real = PathNames.join(folder, PathNames.baseName(path))
            if loaded.root == "/" {
                context.relativePaths[path] = String(real.dropFirst())
            } else if real.hasPrefix(loaded.root + "/") {
                context.relativePaths[path] = String(real.dropFirst(loaded.root.count + 1))
            }
        }
        return (context, broken)
    }

    /// The diagnostics of a document whose last full check's lists are
    /// kept (`LSPDocument.lists`): the lists changed since checked again,
    /// each alone; nil when one cannot be (a full check then).
    private func incrementalDiagnostics(_ document: LSPDocument) -> [[UInt8]]? {
        guard var state = document.lists, let path = document.path, !document.isPolicy else { return nil }
        let (context, broken) = context(for: path)
        guard broken == nil else { return nil }
        let text = document.text
        let kind = state.kind
        let ok = state.recheck(text) { index, list in
            switch kind {
            case .blocks(let markers):
                // The block alone, from its start marker line to its end
                // marker line: the same block, and its finding.
                let sub = Array(text.bytes[list.span])
                // SAFETY: the bytes of `sub` are only read inside the closure, and no pointer to them leaves it.
                let bodies = sub.withUnsafeBytes { KeepSorted.blockBodies($0, markers: markers) }
                let body = (list.inside.lowerBound - list.span.lowerBound)..<(list.inside.upperBound + 1 - list.span.lowerBound)
                guard bodies == [body] else { return nil }
                let result = try Policy().apply(to: sub, path: "", format: nil, marker: markers)
                guard result.warnings.isEmpty, result.missing.isEmpty, result.findings.count <= 1, result.lists == 1 else { return nil }
                let arguments = ["--block", String(index)] + (markers.name == KeepSorted.defaultMarker ? [] : ["--marker", markers.name])
                let found = result.findings.first.map {
                    $0.relocated(bytes: list.span.lowerBound, lines: text.line(of: list.span.lowerBound), batchArguments: arguments)
                }
                return (found, list.span)
            case .pointers:
                // The one list, read in the whole document by its rule.
                guard var rule = context.policy.rules.first(where: { $0.number == list.rule }) else { return nil }
                let pattern = try PointerPattern(PointerPattern.text(of: list.tokens))
                guard pattern.segments == list.tokens.map({ Optional($0) }) else { return nil }
                rule.lists = [.pointer(pattern)]
                var policy = Policy()
                policy.markers = false
                policy.rules = [rule]
                let one = PolicyContext(policy: policy, loaded: context.loaded, markers: context.markers)
                one.relativePaths = context.relativePaths
                // SAFETY: the bytes of `text.bytes` are only read inside the closure, and no pointer to them leaves it.
                let result = try text.bytes.withUnsafeBytes { try one.compute($0, input: path, displayName: path).0 }
                guard result.warnings.isEmpty, result.missing.isEmpty, result.listSpans.count == 1,
                      let items = result.listSpans[0].items, result.findings.count <= 1 else { return nil }
                return (result.findings.first, items)
            }
        }
        guard ok else { return nil }
        let diagnostics = state.diagnostics { finding in
            guard let moved = finding.movedRange, let range = itemRange(text, moved) else { return nil }
            return diagnostic(range, PolicyReporter.sentence(finding), code: finding.rule > 0 ? "rule-\(finding.rule)" : "keep-sorted")
        }
        guard let diagnostics else { return nil }
        document.lists = state
        return diagnostics
    }

    /// The policy that governs `path`: the nearest `.reorder.toml` above
    /// it, as open in the editor or else as on disk.
    private func governingPolicy(for path: String) -> PolicyLoad? {
        var directory = PathNames.parent(path)
        while true {
            let candidate = PathNames.join(directory, LoadedPolicy.fileName)
            if let cached = policies[candidate] { return cached }
            if let open = documents.values.first(where: { $0.path == candidate }) {
                let load = loadPolicy(path: candidate, bytes: open.text.bytes)
                policies[candidate] = load
                return load
            }
            // What is there now, before it is read: a change while it is
            // read is seen at the next look.
            let stamp = FileStamp(path: candidate)
            if policyStamps[candidate] == nil { policyStamps[candidate] = .some(stamp) }
            if stamp != nil {
                let load: PolicyLoad
                do {
                    let content = try InputBytes.read(path: candidate)
                    load = loadPolicy(path: candidate, bytes: withExtendedLifetime(content) { Array(content.bytes) })
                } catch {
                    load = .broken(message: Messages.describe(error, input: candidate))
                }
                policies[candidate] = load
                return load
            }
            if directory == "/" || directory == "." { return nil }
            directory = PathNames.parent(directory)
        }
    }

    private func loadPolicy(path: String, bytes: [UInt8]) -> PolicyLoad {
        do {
            // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
            let policy = try bytes.withUnsafeBytes { try Policy(reading: $0) }
            guard let root = PathNames.realPath(PathNames.parent(path)) else {
                return .broken(message: "\(path): its folder cannot be found")
            }
            return .loaded(LoadedPolicy(policy: policy, path: path, root: root, source: bytes))
        } catch {
            return .broken(message: "the policy file has an error, so only keep-sorted blocks are checked: " + policyError(error, path: path, bytes: bytes).message)
        }
    }

    /// A policy file's error: its message (after the place) and its place.
    private func policyError(_ error: Error, path: String, bytes: [UInt8]) -> (message: String, offset: Int?) {
        if let error = error as? PolicyError {
            if case .invalidTOML(let formatError) = error.kind {
                // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
                let wrapped = bytes.withUnsafeBytes { FormatErrorInInput(formatError, name: path, source: $0) }
                return (LSPServer.unplaced(Messages.describe(wrapped, input: path), path), formatError.sourceOffset)
            }
            let described = Messages.describe(PolicyFileError(path: path, error: error, source: bytes), input: nil)
            return (LSPServer.unplaced(described, path), error.offset)
        }
        return (Messages.describe(error, input: path), nil)
    }

    /// A message less the `PATH:LINE:COLUMN: ` or `PATH: ` it starts
    /// with: a diagnostic has its document and its place.
    static func unplaced(_ message: String, _ path: String) -> String {
        guard message.hasPrefix(path) else { return message }
        var rest = Substring(message).dropFirst(path.count)
        // `:LINE:COLUMN` or `:LINE`, then `:` (a policy file's message has a
        // space after it, as others do).
        var probe = rest
        for _ in 0..<2 {
            guard probe.first == ":" else { break }
            let digits = probe.dropFirst().prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty else { break }
            probe = probe.dropFirst(1 + digits.count)
            rest = probe
        }
        if rest.hasPrefix(":") { rest = rest.dropFirst() }
        return String(rest.drop(while: { $0 == " " }))
    }

    private func policyDiagnostics(_ text: LSPText) -> [LSPJSON] {
        do {
            // SAFETY: the bytes of `text.bytes` are only read inside the closure, and no pointer to them leaves it.
            _ = try text.bytes.withUnsafeBytes { try Policy(reading: $0) }
            return []
        } catch {
            let (message, offset) = policyError(error, path: LoadedPolicy.fileName, bytes: text.bytes)
            return [diagnostic(offset.map { placeRange(text, $0) } ?? lineRange(text, 0), message)]
        }
    }

    // MARK: Code actions and formatting

    private func edits(_ hunks: [LineHunk], _ analysis: LSPAnalysis, _ document: LSPDocument) -> [LSPJSON] {
        guard let fixed = analysis.fixed else { return [] }
        return hunks.map { hunk in
            let edit = LineDiff.edit(hunk, document.text, fixed)
            return ["range": edit.range.json, "newText": .string(String(decoding: edit.text, as: UTF8.self))]
        }
    }

    /// Whether an action of kind `kind` is among those `only` asks for (a
    /// kind asks for itself and the kinds below it: `source` for
    /// `source.fixAll.reorder`).
    private static func asked(_ kind: String, only: [String]?) -> Bool {
        guard let only else { return kind == "quickfix" }
        return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }

    private func codeActions(_ params: LSPJSON) -> LSPJSON {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return [] }
        let analysis = analysis(of: document)
        let only = params["context"]?["only"]?.array?.compactMap(\.string)
        var actions: [LSPJSON] = []
        if LSPServer.asked("quickfix", only: only), let range = LSPRange(params["range"]) {
            let lines = range.start.line...max(range.start.line, range.end.line)
            for found in analysis.findings where found.span.overlaps(lines) || found.range.start.line...found.range.end.line ~= range.start.line {
                // A list's own edits move lines only (or drop duplicates);
                // a set that does not (lists that share lines) gives way
                // to the whole document's.
                var hunks = found.hunks, title = "Sort this list (" + (found.finding.moves == 1 ? "1 move" : "\(found.finding.moves) moves") + ")"
                if let fixed = analysis.fixed, !LineDiff.movesOnly(hunks, document.text, fixed),
                   LineDiff.movesOnly(analysis.hunks, document.text, fixed) {
                    hunks = analysis.hunks
                    title = "Sort every list of the document"
                }
                let edits = edits(hunks, analysis, document)
                guard !edits.isEmpty else { continue }
                actions.append([
                    "title": .string(title),
                    "kind": "quickfix",
                    "isPreferred": true,
                    "diagnostics": [diagnostic(found.range, PolicyReporter.sentence(found.finding),
                                               code: found.finding.rule > 0 ? "rule-\(found.finding.rule)" : "keep-sorted")],
                    "edit": ["changes": .object([uri: .array(edits)])],
                ])
            }
        }
        if LSPServer.asked(LSPServer.fixAllKind, only: only) {
            let edits = edits(analysis.hunks, analysis, document)
            if !edits.isEmpty {
                actions.append([
                    "title": "Put every list in order (reorder)",
                    "kind": .string(LSPServer.fixAllKind),
                    "edit": ["changes": .object([uri: .array(edits)])],
                ])
            }
        }
        return .array(actions)
    }

    private func formatting(_ params: LSPJSON) -> LSPJSON {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return [] }
        let analysis = analysis(of: document)
        return .array(edits(analysis.hunks, analysis, document))
    }
}

/// An open document.
final class LSPDocument {
    let uri: String
    var version: Int
    var text: LSPText
    /// What the policy makes of this version; nil until asked.
    var analysis: LSPAnalysis?
    /// The lists of the last full check, moved by the changes since, those
    /// the changes fell in to be checked again; nil when a change cannot
    /// be checked list by list.
    var lists: LSPListState?
    /// The file's path, for a `file:` URI.
    let path: String?

    init(uri: String, version: Int, text: LSPText) {
        self.uri = uri
        self.version = version
        self.text = text
        path = LSPDocument.path(uri)
    }

    var isPolicy: Bool { path.map { PathNames.baseName($0) == LoadedPolicy.fileName } ?? false }

    /// `file:///a%20b/c` → `/a b/c`; nil for another scheme.
    static func path(_ uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var bytes = Array(uri.utf8.dropFirst(7))
        // `file://host/path`: the host is dropped.
        if let slash = bytes.firstIndex(of: UInt8(ascii: "/")) { bytes = Array(bytes[slash...]) } else { return nil }
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let value = UInt8(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                out.append(value)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

struct LSPFinding {
    let finding: PolicyFinding
    /// The list's lines (from 0).
    let span: Range<Int>
    /// The changed lines that fix it.
    let hunks: [LineHunk]
    /// Its diagnostic's range: the first moved item's lines.
    let range: LSPRange
}

struct LSPAnalysis {
    var diagnostics: [LSPJSON] = []
    var fixed: LSPText? = nil
    var hunks: [LineHunk] = []
    var findings: [LSPFinding] = []
}
