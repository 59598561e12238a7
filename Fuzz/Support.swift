// Compiled into every fuzz target: what a target does when a check fails,
// the edits it derives from its input, and the check that a rendered result
// reads back with the items the edit meant. The targets import ReorderKit,
// built for them with -enable-testing, as @testable, for its internal API.
// See the Makefile's `fuzz-build`.

@testable import ReorderKit

/// Stops the run with `message`: libFuzzer saves the input as a crash.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

/// Choices taken from the input's bytes, so that each input makes its own
/// edits and the same input always the same ones: FNV-1a over the bytes,
/// then SplitMix64.
struct Choices {
    private var state: UInt64

    init(_ bytes: UnsafeRawBufferPointer) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        state = hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`; 0 when `bound` is not positive.
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }

    mutating func chance() -> Bool { next() & 1 == 1 }
}

/// The items of `document`, in order, as bytes.
func items(of document: ListDocument) -> [[UInt8]] {
    (0..<document.count).map { Array(document.itemBytes($0)) }
}

/// The items `arrangement` puts in its result, in order: source items of
/// `document` and new items.
func items(of arrangement: Arrangement, in document: ListDocument) -> [[UInt8]] {
    arrangement.segments.flatMap { segment -> [[UInt8]] in
        switch segment {
        case .run(let range): return range.map { Array(document.itemBytes($0)) }
        case .item(let bytes): return [bytes]
        }
    }
}

/// What a reader of `output`, the result of `arrangement` of `document`,
/// finds where the result holds `expected`. The same for JSON. For lines,
/// two placements are read back otherwise, as two known issues of the lines
/// format (reported, not fixed here; remove each case when its rule lands):
///
/// - an item that ends with CR followed by a bare LF terminator reads back
///   as the item without its CR, the pair read as a CRLF terminator (issue
///   15, "Lines": an unterminated last line ending in CR that moves before
///   another item; also a new item whose value ends in CR);
/// - a first item that starts with a UTF-8 byte-order mark in a document
///   without one reads back without the mark, taken for the document's
///   (and an empty last item left unterminated by that vanishes; a final
///   CR is a terminator).
func readBackItems(expected: [[UInt8]], of arrangement: Arrangement, in document: ListDocument,
                   output: [UInt8]) -> [[UInt8]] {
    guard let lines = document.layout as? LinesLayout, !expected.isEmpty else { return expected }
    var result = expected
    let count = arrangement.count
    func bytes(_ piece: Piece) -> [UInt8] {
        switch piece {
        case .source(let range): return Array(document.source[range])
        case .bytes(let bytes): return bytes
        }
    }
    if lines.terminator == .newline {
        for position in result.indices where result[position].last == 0x0D {
            let after = position + 1 < count
                ? bytes(lines.separator(afterPosition: position, resultCount: count))
                : lines.tail(resultCount: count, lastItemIsEmpty: result[position].isEmpty).flatMap(bytes)
            if after.first == 0x0A { result[position].removeLast() }
        }
    }
    let head = lines.head(resultCount: count).flatMap(bytes)
    if head.isEmpty && result[0].starts(with: [0xEF, 0xBB, 0xBF]) {
        result[0].removeFirst(3)
        // CRs at the end count as its terminator (the CR rule), so such an
        // item stays.
        let terminated = output.last == lines.terminator.byte || (lines.terminator == .newline && output.last == 0x0D)
        if result.count == 1 && result[0].isEmpty && !terminated { result.removeAll() }
    }
    return result
}

/// Whether the result of `arrangement` of a lines `document` ends with a
/// terminator the source lacked: one is added after an empty last item,
/// which would vanish otherwise. Reversing such a result again does not
/// take the terminator away, so reversing twice is not the identity there
/// (issue 15, "Lines", decides the rule).
func addsFinalTerminator(_ arrangement: Arrangement, in document: ListDocument, lastItemIsEmpty: Bool) -> Bool {
    guard let lines = document.layout as? LinesLayout, document.count > 0, arrangement.count > 0 else { return false }
    return lines.tail(resultCount: arrangement.count, lastItemIsEmpty: lastItemIsEmpty).contains {
        if case .bytes = $0 { return true } else { return false }
    }
}

/// Renders `arrangement` of `document`, reads the result back with
/// `options`, and checks that it holds `expected` (see `readBackItems`).
/// Returns the result's bytes; whether it reads back as `expected` exactly
/// (no known issue changed it); and whether undoing the edit on what is read
/// back should give the source bytes (exact, and no terminator added).
@discardableResult
func checkReadsBack(_ document: ListDocument, _ arrangement: Arrangement, expected: [[UInt8]],
                    options: ReadOptions, _ what: String) -> (output: [UInt8], exact: Bool, undoable: Bool) {
    check(arrangement.count == expected.count, "\(what): the arrangement has \(arrangement.count) items, not \(expected.count)")
    var output: [UInt8] = []
    document.write(arrangement, gathered: { slices in
        check(slices.count <= 1024, "\(what): \(slices.count) slices at once, more than writev takes")
        for slice in slices { output.append(contentsOf: slice) }
    })
    let readBack = readBackItems(expected: expected, of: arrangement, in: document, output: output)
    output.withUnsafeBytes { bytes in
        let reread: ListDocument
        do {
            reread = try ListDocument(bytes, format: document.format, options: options)
        } catch {
            fatalError("\(what): the result does not read back: \(error); result \(output)")
        }
        let found = items(of: reread)
        check(found == readBack, "\(what): read back \(found), expected \(readBack); result \(output)")
    }
    let added = addsFinalTerminator(arrangement, in: document, lastItemIsEmpty: expected.last?.isEmpty ?? false)
    return (output, readBack == expected, readBack == expected && !added)
}

/// Checks the edits every target makes of the list it read: the identity,
/// reversing (twice: the source again), a move, a swap, a delete, an insert
/// of a copy of an item, and a sort, each read back.
func checkEdits(_ document: ListDocument, options: ReadOptions, choices: inout Choices, _ what: String) {
    let source = Array(document.source)
    let sourceItems = items(of: document)
    let count = document.count

    let identity = Arrangement.identity(count: count)
    check(document.resultEqualsSource(identity), "\(what): the identity is not the source")
    check(document.render(identity) == source, "\(what): the identity renders other bytes")

    func edit(_ edit: Edit, editOptions: EditOptions = EditOptions()) -> Arrangement? {
        do {
            return try document.arrangement(for: edit, options: editOptions)
        } catch {
            return nil
        }
    }
    // An edit is refused rightly, not failed, where it would make a line
    // that starts with U+FEFF the first of a lines file without a mark.
    let lines = document.layout as? LinesLayout
    func becomesMark(_ result: [[UInt8]]) -> Bool {
        guard let lines, !lines.hasByteOrderMark, let first = result.first, first != sourceItems.first else { return false }
        return first.starts(with: [0xEF, 0xBB, 0xBF])
    }
    func refusedRightly(_ edit: Edit, expected: [[UInt8]]) -> Bool {
        do {
            _ = try document.arrangement(for: edit, options: EditOptions())
            return false
        } catch ReorderError.lineWouldBecomeByteOrderMark {
            check(becomesMark(expected), "\(what): \(edit) refused for a byte-order mark it does not make")
            return true
        } catch {
            return false
        }
    }

    // Reverse, and reverse the result: every byte as it was.
    let reversed = Operations.reversing(count: count)
    let once = checkReadsBack(document, reversed, expected: sourceItems.reversed(), options: options, "\(what) reverse")
    if once.undoable {
        once.output.withUnsafeBytes { bytes in
            guard let again = try? ListDocument(bytes, format: document.format, options: options) else { return }
            let twice = again.render(Operations.reversing(count: again.count))
            check(twice == source, "\(what): reversing twice gives \(twice), not the source")
        }
    }
    guard count > 0 else {
        // Only an insert into the empty list is left.
        // A JSON object takes a member, an array an element.
        let isObject = (document.layout as? JSONListLayout)?.isObject ?? false
        let value = document.format == .json ? Array((isObject ? "\"k\": null" : "null").utf8) : Array("x".utf8)
        guard let arrangement = edit(.insert(at: UserIndex(0), value: value)) else {
            fatalError("\(what): inserting into the empty list refused")
        }
        checkReadsBack(document, arrangement, expected: [value], options: options, "\(what) insert into empty")
        return
    }

    let from = choices.below(count), to = choices.below(count)
    var moved = sourceItems
    moved.insert(moved.remove(at: from), at: to)
    if let arrangement = edit(.move(from: .index(UserIndex(from)), to: UserIndex(to))) {
        checkReadsBack(document, arrangement, expected: moved, options: options, "\(what) move \(from) \(to)")
    } else if !refusedRightly(.move(from: .index(UserIndex(from)), to: UserIndex(to)), expected: moved) {
        fatalError("\(what): move \(from) \(to) of \(count) items refused")
    }

    let i = choices.below(count), j = choices.below(count)
    var swapped = sourceItems
    swapped.swapAt(i, j)
    checkReadsBack(document, Operations.swapping(i, j, count: count), expected: swapped, options: options, "\(what) swap \(i) \(j)")

    let gone = choices.below(count)
    var deleted = sourceItems
    deleted.remove(at: gone)
    if let arrangement = edit(.delete(.index(UserIndex(gone)))) {
        checkReadsBack(document, arrangement, expected: deleted, options: options, "\(what) delete \(gone)")
    } else if !refusedRightly(.delete(.index(UserIndex(gone))), expected: deleted) {
        fatalError("\(what): delete \(gone) of \(count) items refused")
    }

    // A copy of an item is a valid value in every format, but for an
    // object's members, whose keys must differ.
    let copied = sourceItems[choices.below(count)]
    let at = choices.below(count + 1)
    let isObject = (document.layout as? JSONListLayout)?.isObject ?? false
    if isObject {
        // (Nothing to check: the copy's key is the object's already.)
    } else if let arrangement = edit(.insert(at: UserIndex(at), value: copied)) {
        var inserted = sourceItems
        inserted.insert(arrangement.newItemBytes(0), at: at)
        checkReadsBack(document, arrangement, expected: inserted, options: options, "\(what) insert \(at)")
    } else if at == 0, refusedRightly(.insert(at: UserIndex(at), value: copied), expected: [copied] + sourceItems) {
        // (A copy of a line that starts with U+FEFF, put first.)
    } else {
        fatalError("\(what): inserting a copy of an item at \(at) refused")
    }

    let sortOptions = SortOptions(reverse: choices.chance(), unique: choices.chance(),
                                  ignoreCase: choices.chance(), numeric: choices.chance())
    if let sorted = edit(.sort(sortOptions)) {
        let sortedItems = items(of: sorted, in: document)
        // A permutation (with `unique`, of some of the items), and sorting
        // it again changes nothing.
        if sortOptions.unique {
            var left = sourceItems
            for item in sortedItems {
                guard let index = left.firstIndex(of: item) else { fatalError("\(what): sort made an item") }
                left.remove(at: index)
            }
        } else {
            check(sortedItems.sorted(by: lexicographic) == sourceItems.sorted(by: lexicographic),
                  "\(what): sort \(sortOptions) is not a permutation")
        }
        let result = checkReadsBack(document, sorted, expected: sortedItems, options: options, "\(what) sort \(sortOptions)")
        if result.exact {
            result.output.withUnsafeBytes { bytes in
                guard let again = try? ListDocument(bytes, format: document.format, options: options),
                      let resorted = try? again.arrangement(for: .sort(sortOptions), options: EditOptions())
                else { fatalError("\(what): the sorted result cannot be sorted") }
                check(items(of: resorted, in: again) == items(of: again), "\(what): sort \(sortOptions) is not idempotent")
            }
        }
    }
}

func lexicographic(_ a: [UInt8], _ b: [UInt8]) -> Bool { a.lexicographicallyPrecedes(b) }

extension Arrangement {
    /// The bytes of new item `index`, in result order.
    func newItemBytes(_ index: Int) -> [UInt8] {
        var seen = 0
        for segment in segments {
            if case .item(let bytes) = segment {
                if seen == index { return bytes }
                seen += 1
            }
        }
        fatalError("the arrangement has no new item \(index)")
    }
}
