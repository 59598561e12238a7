// Fuzz target `batch`: the input is a batch script (`reorder batch -f`).
//
// The script reader's fast paths for plain lines (`move 3 0`) must read
// every line as `BatchOperation(parsing:)` reads it alone, errors included,
// and a whole input given with `-e` likewise. The script is then applied to
// a small list of lines and a JSON array, at once and `--sequential`,
// counting from 0 or (for about half the inputs) from 1: the way the
// command line applies it (`PreparedEdit`, made once for every list) must
// give what the ordinary way gives; every result reads back with the items
// its arrangement holds; counting from 0, a script of plain indices gives
// what a model gives (the steps one by one when sequential, Swift's
// `CollectionDifference` at once, as `BatchOracleTests`), and a sequential
// script without `replace` what its operations give as single commands,
// one after the other.

@testable import ReorderKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    checkExpression(input)
    guard let script = checkScriptReading(input) else { return 0 }
    var choices = Choices(input)
    let count = choices.below(9)
    let lines = (0..<count).map { "i\($0)\n" }.joined()
    let json = choices.chance()
        ? "[" + (0..<count).map { String($0) }.joined(separator: ",") + "]"
        : "{\"list\": [\n  " + (0..<count).map { "\"i\($0)\"" }.joined(separator: ",\n  ") + "\n]}\n"
    let lists = [
        // (A new line may hold a NUL byte; the result is read back with --text.)
        (Array(lines.utf8), ReadOptions(format: .lines, binaryAsText: true)),
        (Array(json.utf8), ReadOptions(format: .json, pointer: json.hasPrefix("[") ? "" : "/list")),
    ]
    let options = EditOptions(base: choices.chance() ? .one : .zero)
    for sequential in [false, true] {
        let prepared = PreparedEdit(.batch(script, sequential: sequential), options: options)
        // The lines again: the first list takes the prepared merge, later
        // ones merge again.
        for (number, (bytes, readOptions)) in (lists + [lists[0]]).enumerated() {
            bytes.withUnsafeBytes { source in
                let format: ListFormat = readOptions.format == .json ? .json : .lines
                guard let document = try? ListDocument(source, format: format, options: readOptions) else {
                    fatalError("the batch target's own list does not read: \(bytes)")
                }
                checkBatch(script, on: document, readOptions: readOptions, sequential: sequential, options: options,
                           prepared: prepared, againstModels: number < lists.count && options.base == .zero)
            }
        }
    }
    return 0
}

/// Reads `input` as a script and checks each operation against reading its
/// line alone. Nil when the script has an error (the same one).
private func checkScriptReading(_ input: UnsafeRawBufferPointer) -> BatchScript? {
    var expected: [BatchOperation] = []
    var expectedError: BatchError? = nil
    var start = 0, lineNumber = 0
    let end = input.count
    lines: while start < end {
        lineNumber += 1
        let newline = input[start..<end].firstIndex(of: 0x0A) ?? end
        var lineEnd = newline
        if lineEnd > start && input[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let line = Array(input[start..<lineEnd])
        start = newline + 1
        guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), line[first] != UInt8(ascii: "#") else { continue }
        do {
            expected.append(try BatchOperation(parsing: line, origin: .script(name: "fuzz", line: lineNumber)))
        } catch let error as BatchError {
            expectedError = error
            break lines
        } catch {
            fatalError("a line's error is not a BatchError: \(error)")
        }
    }
    var script = BatchScript()
    do {
        try script.append(script: input, name: "fuzz")
    } catch let error as BatchError {
        check(expectedError == error, "the script fails with \(error), its lines alone with \(String(describing: expectedError))")
        return nil
    } catch {
        fatalError("the script's error is not a BatchError: \(error)")
    }
    check(expectedError == nil, "the script reads, its lines alone fail with \(expectedError!)")
    let operations = script.operations
    check(operations.count == expected.count, "\(operations.count) operations, \(expected.count) lines")
    for (found, line) in zip(operations, expected) {
        check(found == line, "read \(found), alone \(line)")
    }
    return script
}

/// The whole input as one `-e` operation reads as the parser reads it.
private func checkExpression(_ input: UnsafeRawBufferPointer) {
    let bytes = Array(input)
    var script = BatchScript()
    let alone = Result { try BatchOperation(parsing: bytes, origin: .expression(1)) }
    do {
        try script.append(expression: bytes, number: 1)
        guard case .success(let operation) = alone else { fatalError("-e reads what the parser refuses") }
        check(script.operations == [operation], "-e reads \(script.operations), the parser \(operation)")
    } catch let error as BatchError {
        guard case .failure(let parserError) = alone else { fatalError("-e refuses what the parser reads: \(error)") }
        check(error == parserError as? BatchError, "-e fails with \(error), the parser with \(parserError)")
    } catch {
        fatalError("-e's error is not a BatchError: \(error)")
    }
}

private func checkBatch(_ script: BatchScript, on document: ListDocument, readOptions: ReadOptions, sequential: Bool,
                        options: EditOptions, prepared: PreparedEdit, againstModels: Bool) {
    let what = "\(document.format) \(sequential ? "sequential" : "at once") from \(options.base.offset)"
    let edit = Edit.batch(script, sequential: sequential)
    let ordinary = Result { try document.arrangement(for: edit, options: options) }
    switch (ordinary, Result { try document.arrangement(for: prepared) }) {
    case let (.success(a), .success(b)):
        check(a == b, "\(what): prepared \(items(of: b, in: document)), ordinary \(items(of: a, in: document))")
    case let (.failure(a), .failure(b)):
        check("\(a)" == "\(b)", "\(what): prepared fails with \(b), ordinary with \(a)")
    case let (a, b):
        fatalError("\(what): prepared \(b), ordinary \(a)")
    }
    let arrangement = try? ordinary.get()
    if againstModels {
        let operations = script.operations.map(\.kind)
        if let model = sequential ? sequentialModel(operations, document) : atOnceModel(operations, document) {
            compare(arrangement, of: document, model, "\(what): the model")
        }
        let replaces = operations.contains { if case .replace = $0 { return true } else { return false } }
        if sequential, !replaces, let single = singleCommands(operations, document, readOptions) {
            compare(arrangement, of: document, single, "\(what): single commands")
        }
    }
    guard let arrangement else { return }
    let indices = arrangement.sourceIndices.compactMap { $0 }
    check(Set(indices).count == indices.count, "\(what): a source item is in the result twice")
    checkReadsBack(document, arrangement, expected: items(of: arrangement, in: document), options: readOptions, what)
}

/// The batch's result, `arrangement` of `document`, against another
/// reckoning's items (nil: refused).
private func compare(_ arrangement: Arrangement?, of document: ListDocument, _ expected: [[UInt8]]?,
                     _ what: @autoclosure () -> String) {
    switch (arrangement, expected) {
    case (nil, nil): break
    case (nil, .some(let expected)): fatalError("\(what()) give \(expected); the batch is refused")
    case (.some, nil): fatalError("\(what()) refuse what the batch applies")
    case let (.some(arrangement), .some(expected)):
        let found = items(of: arrangement, in: document)
        check(found == expected, "\(what()) give \(expected); the batch \(found)")
    }
}

/// The 0-based index `value` names among `count`, or nil.
private func resolved(_ value: UserIndex, _ count: Int) -> Int? {
    let index = value.value < 0 ? count + value.value : value.value
    return index >= 0 && index < count ? index : nil
}

/// A new item's bytes, or nil when the format refuses the value.
private func newItem(_ value: [UInt8], _ document: ListDocument) -> [UInt8]? {
    try? document.newItem(value, asString: false)
}

/// The steps one after the other on an array, for a script of plain
/// indices: the items, `.some(nil)` when a step is refused, nil when the
/// script is not plain.
private func sequentialModel(_ operations: [BatchOperation.Kind], _ document: ListDocument) -> [[UInt8]]?? {
    var list = items(of: document)
    for operation in operations {
        switch operation {
        case .delete(.index(let i)):
            guard let i = resolved(i, list.count) else { return .some(nil) }
            list.remove(at: i)
        case .insert(let at, let value):
            guard let item = newItem(value, document), let at = resolved(at, list.count + 1) else { return .some(nil) }
            list.insert(item, at: at)
        case .move(.index(let from), let to):
            guard let from = resolved(from, list.count), let to = resolved(to, list.count) else { return .some(nil) }
            list.insert(list.remove(at: from), at: to)
        case .swap(.index(let i), .index(let j)):
            guard let i = resolved(i, list.count), let j = resolved(j, list.count) else { return .some(nil) }
            list.swapAt(i, j)
        case .replace(.index(let i), let value):
            guard let i = resolved(i, list.count), let item = newItem(value, document) else { return .some(nil) }
            list[i] = item
        default:
            return nil
        }
    }
    return .some(list)
}

/// The whole script at once as a `CollectionDifference`, for a script of
/// plain indices without `replace` (whose place the oracle does not know),
/// and without a negative `swap` index where the list changes length (it
/// names a source and a destination). Nil when the model does not apply.
private func atOnceModel(_ operations: [BatchOperation.Kind], _ document: ListDocument) -> [[UInt8]]?? {
    let list = items(of: document)
    let count = list.count
    var resultCount = count
    for operation in operations {
        switch operation {
        case .delete(.index): resultCount -= 1
        case .insert: resultCount += 1
        case .move(.index, _): break
        case .swap(.index, .index): break
        default: return nil
        }
    }
    for operation in operations {
        if case .swap(.index(let i), .index(let j)) = operation, i.value < 0 || j.value < 0, resultCount != count { return nil }
    }
    // Out of range: any offset the oracle refuses.
    func source(_ index: UserIndex) -> Int { resolved(index, count) ?? Int.max / 2 }
    func destination(_ index: UserIndex) -> Int {
        if index.value >= 0 { return min(index.value, Int.max / 2) }
        return resolved(index, resultCount) ?? Int.max / 2
    }
    func element(_ index: Int) -> [UInt8] { list.indices.contains(index) ? list[index] : [] }
    var changes: [CollectionDifference<[UInt8]>.Change] = []
    for operation in operations {
        switch operation {
        case .delete(.index(let i)):
            changes.append(.remove(offset: source(i), element: element(source(i)), associatedWith: nil))
        case .insert(let at, let value):
            guard let item = newItem(value, document) else { return .some(nil) }
            changes.append(.insert(offset: destination(at), element: item, associatedWith: nil))
        case .move(.index(let from), let to):
            let from = source(from), to = destination(to)
            changes.append(.remove(offset: from, element: element(from), associatedWith: to))
            changes.append(.insert(offset: to, element: element(from), associatedWith: from))
        case .swap(.index(let i), .index(let j)):
            // Both must be items; `swap i i` changes nothing and uses nothing.
            guard resolved(i, count) != nil, resolved(j, count) != nil else { return .some(nil) }
            let i = source(i), j = source(j)
            if i == j { continue }
            changes.append(.remove(offset: i, element: element(i), associatedWith: j))
            changes.append(.insert(offset: j, element: element(i), associatedWith: i))
            changes.append(.remove(offset: j, element: element(j), associatedWith: i))
            changes.append(.insert(offset: i, element: element(j), associatedWith: j))
        default:
            return nil
        }
    }
    guard let difference = CollectionDifference(changes) else { return .some(nil) }
    return .some(list.applying(difference))
}

/// The operations as single commands, each applied to the result of the one
/// before, read again between them: the items at the end, `.some(nil)` when
/// one is refused. Nil when a result in between reads back otherwise than
/// its items (the known issues of `readBackItems`), so the two cannot be
/// compared.
private func singleCommands(_ operations: [BatchOperation.Kind], _ document: ListDocument, _ options: ReadOptions) -> [[UInt8]]?? {
    var bytes = Array(document.source)
    var list = items(of: document)
    for operation in operations {
        let edit: Edit
        switch operation {
        case .delete(let selector): edit = .delete(selector)
        case .insert(let at, let value): edit = .insert(at: at, value: value)
        case .move(let from, let to): edit = .move(from: from, to: to)
        case .swap(let i, let j): edit = .swap(i, j)
        case .replace: return nil
        }
        let step: [[UInt8]]?? = bytes.withUnsafeBytes { source in
            guard let now = try? ListDocument(source, format: document.format, options: options) else {
                fatalError("single commands: a result does not read back")
            }
            guard let arrangement = try? now.arrangement(for: edit, options: EditOptions()) else { return .some(nil) }
            let expected = items(of: arrangement, in: now)
            bytes = now.render(arrangement)
            return readBackItems(expected: expected, of: arrangement, in: now, output: bytes) == expected ? .some(expected) : nil
        }
        switch step {
        case .none: return nil
        case .some(.none): return .some(nil)
        case .some(.some(let next)): list = next
        }
    }
    return .some(list)
}
