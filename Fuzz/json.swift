// Fuzz target `json`: the input is a JSON document.
//
// The SIMD reader (ReorderKitSIMD, built with 64-byte chunks here) on one
// thread and on two must give the Swift scanner's verdict and, on a valid
// root array, the same brackets, element starts, first comma and colon, and
// separators; then the array at the root and at `/0`, when there is one, is
// edited (Support.swift's `checkEdits`) and every result read back.

@testable import ReorderKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = UnsafeRawBufferPointer(start: data, count: size)
    compareReaders(source)
    var choices = Choices(source)
    for pointer in ["", "/0"] {
        let options = ReadOptions(format: .json, pointer: pointer)
        guard let document = try? ListDocument(source, format: .json, options: options) else { continue }
        checkEdits(document, options: options, choices: &choices, "json at '\(pointer)'")
    }
    return 0
}

/// The SIMD reader against `JSONScanner.scan()`, as
/// `JSONFastReaderTests.difference` compares them.
private func compareReaders(_ source: UnsafeRawBufferPointer) {
    let scanner = JSONScanner(source, tokens: [])
    let expected: JSONScan?
    do {
        let scan = try scanner.scan()
        expected = scan.targetKind == .array ? scan : nil
    } catch {
        expected = nil
    }
    for threads in [1, 2] {
        let quick = scanner.scanRootArrayQuickly(threads: threads)
        guard JSONScanner.hasFastReader else {
            check(quick == nil, "the fast reader answered on a CPU it does not support")
            continue
        }
        switch (expected, quick) {
        case (nil, nil):
            break
        case (nil, .some):
            fatalError("\(threads) thread(s): the fast reader accepted what the scanner rejects")
        case (.some, nil):
            fatalError("\(threads) thread(s): the fast reader declined a valid root array")
        case let (.some(a), .some(b)):
            check(a.targetStart == b.targetStart, "\(threads) thread(s): targetStart \(a.targetStart) vs \(b.targetStart)")
            check(a.openBracket == b.openBracket, "\(threads) thread(s): openBracket \(a.openBracket) vs \(b.openBracket)")
            check(a.closeBracket == b.closeBracket, "\(threads) thread(s): closeBracket \(a.closeBracket) vs \(b.closeBracket)")
            check(a.parentOpen == b.parentOpen, "\(threads) thread(s): parentOpen")
            check(a.elementStarts == b.elementStarts, "\(threads) thread(s): elementStarts \(a.elementStarts) vs \(b.elementStarts)")
            check(a.firstComma == b.firstComma, "\(threads) thread(s): firstComma \(String(describing: a.firstComma)) vs \(String(describing: b.firstComma))")
            check(a.firstColon == b.firstColon, "\(threads) thread(s): firstColon \(String(describing: a.firstColon)) vs \(String(describing: b.firstColon))")
            check(a.separatorsAreUniform == b.separatorsAreUniform,
                  "\(threads) thread(s): separatorsAreUniform \(a.separatorsAreUniform) vs \(b.separatorsAreUniform)")
        }
    }
}
