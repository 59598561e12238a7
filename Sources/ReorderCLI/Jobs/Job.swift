import ReorderKit

/// One input through one edit.
struct Job {
    let input: String
    let edit: JobEdit
    let readOptions: ReadOptions
    let mode: OutputMode
    let color: Bool
    /// `-v`: say on standard error which files were rewritten in place.
    var verbose = false
    let console: Console
    /// `pick` and `edit`: the file as the session read it. The job reads
    /// the file again (locked, for in place) and writes nothing unless it
    /// is still that; the rename then checks that it stayed so.
    var expected: FileSnapshot? = nil
    /// A `*` in `-p` or `--document '*'`: the lists to edit, each in turn.
    var targets: ListTargets? = nil
    /// `--missing-ok`: an input that lacks the list is left as it is.
    var missingOK = false

    /// `-`, `/dev/stdin` and the other names of descriptor 0.
    var isStandardInput: Bool { InputBytes.namesStandardInput(input) }
    var displayName: String { input == "-" ? "<stdin>" : input }

    /// Reads the file `input` (not standard input) as a document. `inPlace`:
    /// it is to be edited in place, so it must be a regular file, and it is
    /// locked before it is read.
    /// `readsList`: read it as a list (false for `fix`: the bytes only).
    /// `missingOK`: an input with nothing at the pointer is read as one
    /// that `lacksList`, not an error.
    static func load(input: String, readOptions: ReadOptions, inPlace: Bool, readsList: Bool = true,
                     missingOK: Bool = false) throws -> LoadedInput {
        guard inPlace else {
            return try load(content: try InputBytes.read(path: input), name: input, readOptions: readOptions,
                            edited: nil, readsList: readsList, missingOK: missingOK)
        }
        let edited = try EditedFile.open(input)
        return try load(content: try InputBytes.read(fd: edited.fd, path: input), name: input,
                        readOptions: readOptions, edited: edited, readsList: readsList, missingOK: missingOK)
    }

    /// Reads `content`, from the file `name` (nil: standard input).
    static func load(content: InputBytes, name: String?, readOptions: ReadOptions,
                             edited: EditedFile?, readsList: Bool, missingOK: Bool = false) throws -> LoadedInput {
        guard readsList else { return LoadedInput(content: content, document: nil, edited: edited) }
        let source = content.bytes
        let format = readOptions.format.resolve(name: name, source: source)
        HeapTuning.prepare(forDocumentOf: source.count, format: format)
        do {
            let document = try ListDocument(source, format: format, options: readOptions)
            try content.throwIfShrank()
            return LoadedInput(content: content, document: document, edited: edited)
        } catch let error where missingOK && Job.lacksList(error) {
            try content.throwIfShrank()
            var loaded = LoadedInput(content: content, document: nil, edited: edited)
            loaded.lacksList = true
            return loaded
        } catch let error as any FormatReadError {
            try content.throwIfShrank()
            // Standard input (nil) is named as the job names it.
            let placed = FormatErrorInInput(error, name: name, source: source)
            if readOptions.format == .auto && error.isSyntaxError, let guess = FormatChoice.guess(format, name: name) {
                throw AutoDetectedJSON(error: placed, byName: guess == .byName)
            }
            throw placed
        } catch {
            // Zeros stood in for what went: the error may be about them.
            try content.throwIfShrank()
            throw error
        }
    }

    /// Whether reading a list failed because the input has none there:
    /// nothing at `-p`, no block `--block N` (what `--missing-ok` skips).
    static func lacksList(_ error: Error) -> Bool {
        switch error {
        case let error as FormatError: return error.isNothingAtPointer
        case RegionError.noSuchBlock: return true
        default: return false
        }
    }

    /// Applies the edit; returns true when `--check` or `--diff` found a
    /// change, or `fix` warned (either makes the exit status 1).
    /// `preloaded`, when given, is the input being read already; its value
    /// is the input, or the error reading it threw.
    func run(preloaded: BackgroundTask<LoadedInput>? = nil) throws -> Bool {
        let read: LoadedInput
        if let preloaded {
            read = try preloaded.value()
        } else if isStandardInput {
            read = try Job.load(content: try console.readStandardInput(), name: nil, readOptions: readOptions,
                                edited: nil, readsList: edit.readsList && targets == nil, missingOK: missingOK)
        } else {
            read = try Job.load(input: input, readOptions: readOptions, inPlace: mode == .write,
                                readsList: edit.readsList && targets == nil, missingOK: missingOK)
        }
        // The document's bytes are the input's: mapped until `read` goes.
        // The lock goes when the job is done, though a preloaded `read`
        // lives on (the same file may come again).
        defer {
            read.edited?.finish()
            RetiredInput.keep(read)
        }
        // A change is one of content: a `touch`, or the same bytes written
        // again, leaves the items where they were.
        if let expected, FileSnapshot.hash(read.content.bytes) != expected.hash {
            throw FileError.changedSinceRead(path: input)
        }
        // A script kept for one content of the file: on another, its
        // positions would name other items.
        if case .list(let prepared) = edit, case .batch(let script, _) = prepared.edit, !script.contentClaims.isEmpty {
            let hash = FileSnapshot.hash(read.content.bytes)
            if let claim = script.contentClaims.first(where: { $0.hash != hash }), !script.namesItemsByValue {
                throw BatchError.madeForOtherContent(claim)
            }
        }
        if case .sectionedBatch(let batch) = edit, !batch.script.contentClaims.isEmpty {
            let hash = FileSnapshot.hash(read.content.bytes)
            if let claim = batch.script.contentClaims.first(where: { $0.hash != hash }), !batch.script.namesItemsByValue {
                throw BatchError.madeForOtherContent(claim)
            }
        }
        do {
            return try apply(to: read)
        } catch let error as any FormatReadError {
            try read.content.throwIfShrank()
            throw FormatErrorInInput(error, name: displayName, source: read.content.bytes)
        } catch {
            // A file that shrank: reading past its end was caught, or
            // writing its missing bytes failed ("Bad address").
            try read.content.throwIfShrank()
            throw error
        }
    }

    /// What the edit makes of `read`. `fix` reports its warnings here,
    /// before anything is written.
    private func outcome(of read: LoadedInput) throws -> EditOutcome {
        switch edit {
        case .list(let prepared):
            if read.lacksList { return EditOutcome.unchanged(read.content.bytes) }
            if let targets { return try severalLists(targets, prepared: prepared, in: read.content.bytes) }
            let document = read.document!
            let arrangement = try document.arrangement(for: prepared)
            return EditOutcome(unchanged: document.resultEqualsSource(arrangement), terminator: document.itemTerminator,
                               write: { try document.write(arrangement, gathered: $0) })
        case .betweenLists(let move, let options):
            let source = read.content.bytes
            let format = readOptions.format.resolve(name: isStandardInput ? nil : input, source: source)
            let result = try move.apply(to: source, format: format, options: readOptions, editOptions: options)
            try read.content.throwIfShrank()
            guard let result else { return EditOutcome.unchanged(source) }
            return EditOutcome(unchanged: result.elementsEqual(source), terminator: 0x0A, write: { gathered in
                // SAFETY: the one-slice array lives through the call, and the writer keeps no slice past it.
                try result.withUnsafeBytes { raw in try [raw].withUnsafeBufferPointer { try gathered($0) } }
            })
        case .sections(let sections):
            let source = read.content.bytes
            let format = readOptions.format.resolve(name: isStandardInput ? nil : input, source: source)
            let result = try SectionedDocument(source, format: format, options: readOptions, pointers: sections.pointers)
                .apply(sections.result)
            try read.content.throwIfShrank()
            guard let result else { return EditOutcome.unchanged(source) }
            return EditOutcome(unchanged: result.elementsEqual(source), terminator: 0x0A, write: { gathered in
                // SAFETY: the one-slice array lives through the call, and the writer keeps no slice past it.
                try result.withUnsafeBytes { raw in try [raw].withUnsafeBufferPointer { try gathered($0) } }
            })
        case .sectionedBatch(let batch):
            let source = read.content.bytes
            let format = readOptions.format.resolve(name: isStandardInput ? nil : input, source: source)
            let pointers = try batch.sections(in: source, format: format, readOptions: readOptions)
            var document = try SectionedDocument(source, format: format, options: readOptions, pointers: pointers)
            document.newItemsAreStrings = batch.options.valuesAreStrings
            let sections = try document.result(of: batch.script.sectionedOperations, sequential: batch.sequential,
                                               options: batch.options)
            let result = try document.apply(sections)
            try read.content.throwIfShrank()
            guard let result else { return EditOutcome.unchanged(source) }
            return EditOutcome(unchanged: result.elementsEqual(source), terminator: 0x0A, write: { gathered in
                // SAFETY: the one-slice array lives through the call, and the writer keeps no slice past it.
                try result.withUnsafeBytes { raw in try [raw].withUnsafeBufferPointer { try gathered($0) } }
            })
        case .fixBlocks(let markers):
            let result = KeepSorted.fix(read.content.bytes, markers: markers)
            try read.content.throwIfShrank()
            warn(result.warnings, markers: markers)
            let output = PieceOutput(source: read.content.bytes, pieces: result.pieces)
            var outcome = EditOutcome(unchanged: output.equalsSource(), terminator: 0x0A,
                                      write: { try output.write(gathered: $0) })
            outcome.warned = !result.warnings.isEmpty
            return outcome
        case .policy(let context):
            let result = try context.apply(to: read.content.bytes, input: input, displayName: displayName)
            try read.content.throwIfShrank()
            warn(result.warnings, markers: context.markers)
            let output = result.output
            let source = read.content.bytes
            var outcome = EditOutcome(unchanged: output == nil, terminator: 0x0A, write: { write in
                // Unchanged: the input as it is (a filter prints it).
                // SAFETY: the one-slice array lives through the call, and the writer keeps no slice past it.
                guard let output else { return try [source].withUnsafeBufferPointer { try write($0) } }
                // SAFETY: the one-slice array lives through the call, and the writer keeps no slice past it.
                try output.withUnsafeBytes { bytes in try [bytes].withUnsafeBufferPointer { try write($0) } }
            })
            outcome.warned = !result.warnings.isEmpty
            return outcome
        }
    }

    /// `fix`'s warnings about the marked blocks, on standard error.
    private func warn(_ warnings: [KeepSortedWarning], markers: KeepSortedMarkers) {
        guard !warnings.isEmpty else { return }
        try? console.standardOutput.flush()
        for warning in warnings {
            try? console.standardError.write(
                "reorder: \(displayName):\(warning.line): " + Messages.describe(warning, markers: markers) + "\n")
        }
        try? console.standardError.flush()
    }

    private func apply(to read: LoadedInput) throws -> Bool {
        let content = read.content
        let source = content.bytes
        let outcome = try outcome(of: read)
        let unchanged = outcome.unchanged
        /// Writes the result to `sink`; throws if the input shrank meanwhile.
        func write(to sink: FileDescriptorSink) throws {
            try outcome.write { try sink.write(gathered: $0) }
            try sink.flush()
            try content.throwIfShrank()
        }

        switch mode {
        case .check(let diff):
            try content.throwIfShrank()
            guard !unchanged else { return outcome.warned }
            if diff {
                let result = try outcome.render()
                try content.throwIfShrank()
                // SAFETY: the bytes of `result` are only read inside the closure, and no pointer to them leaves it.
                try result.withUnsafeBytes { new in
                    try DiffPrinter(sink: console.standardOutput, color: color)
                        .print(old: source, new: new, name: displayName, terminator: outcome.terminator)
                }
            } else if case .policy(let context) = edit, context.reportsFindings {
                // The findings say what is out of order, after the run.
            } else {
                try console.standardOutput.write(displayName + "\n")
            }
            return true

        case .output(let path) where path != "-" && !AtomicFile.isStandardOutput(path):
            if let fd = try AtomicFile.openIfNotRegularFile(path) {
                // A device or a pipe (`-o /dev/null`, a FIFO) is written to;
                // only a regular file is replaced.
                defer { System.close(fd) }
                try write(to: FileDescriptorSink(fd: fd, path: path))
                return outcome.warned
            }
            let target = try AtomicFile.target(for: path, mustExist: false)
            try AtomicFile.replace(target, displayPath: path) { fd in
                try write(to: FileDescriptorSink(fd: fd, path: path))
            }
            return outcome.warned

        case .output, .write:
            if isStandardInput || mode != .write {
                try outcome.write { try console.standardOutput.write(gathered: $0) }
                try content.throwIfShrank()
                return outcome.warned
            }
            // In place: an unchanged file is not rewritten; its time stays.
            guard !unchanged else { return outcome.warned }
            let target = try AtomicFile.target(for: input, mustExist: true)
            try AtomicFile.replace(target, displayPath: input, original: read.edited) { fd in
                try write(to: FileDescriptorSink(fd: fd, path: input))
            }
            if verbose {
                try? console.standardOutput.flush()
                try? console.standardError.write("reorder: \(input): rewritten\n")
                try? console.standardError.flush()
            }
            return outcome.warned
        }
    }
}
