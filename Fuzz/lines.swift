// Fuzz target `lines`: the input is a text file, read as lines ending with
// LF or CRLF or, for about half the inputs (by a hash of their bytes), as
// `-z` lines ending with NUL.
//
// The reader must keep every byte: the head, the items and the separators
// it finds are the input, in order. Then the list is edited (Support.swift's
// `checkEdits`), an item whose value holds the terminator is refused, and
// every result is read back.

@testable import ReorderKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLines(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = UnsafeRawBufferPointer(start: data, count: size)
    var choices = Choices(source)
    let nulTerminated = choices.chance()
    // NUL bytes are binary to a lines reader without -z; --text reads them.
    let options = ReadOptions(format: .lines, nulTerminated: nulTerminated, binaryAsText: true)
    let what = nulTerminated ? "lines -z" : "lines"
    let document: ListDocument
    do {
        document = try ListDocument(source, format: .lines, options: options)
    } catch {
        fatalError("\(what): the lines reader refused the input: \(error)")
    }
    checkPieces(document, what)
    checkEdits(document, options: options, choices: &choices, what)
    checkNewValues(document, source, &choices, what)
    return 0
}

/// Head, items and separators, in the source's order, are the source.
private func checkPieces(_ document: ListDocument, _ what: String) {
    guard let lines = document.layout as? LinesLayout else { fatalError("\(what): not read as lines") }
    let count = document.count
    var pieces: [Piece] = lines.head(resultCount: count)
    for index in 0..<count {
        pieces.append(.source(lines.itemRange(index)))
        if index + 1 < count { pieces.append(lines.separator(afterPosition: index, resultCount: count)) }
    }
    pieces += lines.tail(resultCount: count, lastItemIsEmpty: count > 0 && lines.itemRange(count - 1).isEmpty)
    var position = 0
    for piece in pieces {
        guard case .source(let range) = piece else {
            fatalError("\(what): the source list has a piece that is not of the source: \(piece)")
        }
        check(range.lowerBound == position, "\(what): a piece starts at \(range.lowerBound), not \(position)")
        position = range.upperBound
    }
    check(position == document.source.count, "\(what): the pieces end at \(position) of \(document.source.count)")
    let terminator = lines.terminator.byte
    for index in 0..<count {
        check(!document.itemBytes(index).contains(terminator), "\(what): item \(index) holds the terminator")
    }
}

/// A new item made of the input's own bytes: refused exactly when it holds
/// the terminator; otherwise inserted and read back.
private func checkNewValues(_ document: ListDocument, _ source: UnsafeRawBufferPointer, _ choices: inout Choices, _ what: String) {
    let start = choices.below(source.count + 1)
    let end = start + choices.below(source.count - start + 1)
    let value = Array(source[start..<end])
    guard let lines = document.layout as? LinesLayout else { return }
    let at = choices.below(document.count + 1)
    do {
        let arrangement = try document.arrangement(for: .insert(at: UserIndex(at), value: value), options: EditOptions())
        check(!value.contains(lines.terminator.byte), "\(what): a value with the terminator was inserted")
        check(lines.terminator == .nul || value.last != 0x0D, "\(what): a value ending in CR was inserted")
        var expected = items(of: document)
        expected.insert(value, at: at)
        checkReadsBack(document, arrangement, expected: expected,
                       options: ReadOptions(format: .lines, nulTerminated: lines.terminator == .nul, binaryAsText: true),
                       "\(what) insert \(at) of input bytes \(start)..<\(end)")
    } catch ReorderError.lineWouldBecomeByteOrderMark {
        check(at == 0 && !lines.hasByteOrderMark && value.starts(with: [0xEF, 0xBB, 0xBF]),
              "\(what): insert \(at) refused for a byte-order mark it does not make")
    } catch {
        check(value.contains(lines.terminator.byte) || (lines.terminator == .newline && value.last == 0x0D),
              "\(what): a value without the terminator nor a final CR was refused: \(error)")
    }
}
