/// A decimal number read off its text, for exact comparison: no Double, so
/// `12345678901234567890123` sorts after `1e22`, `1e400` after `1e399`, and
/// `-0.0`, `0` and `0e5` are equal.
///
/// The value is `±0.DIGITS × 10^scale`, where DIGITS has no leading and no
/// trailing zero: `120.5` is `0.1205 × 10^3`, `0.007` is `0.7 × 10^-2`. Zero
/// has no digits. Two non-zero numbers of one sign then compare by `scale`
/// first and by DIGITS, byte by byte, after.
struct DecimalNumber {
    var isNegative: Bool
    var scale: Int
    /// The significant digits, ASCII. In the source when they stand there
    /// without a `.` between them (most numbers), else a copy.
    var digits: KeyBytes
    var digitCount: Int

    var isZero: Bool { digitCount == 0 }

    static let zero = DecimalNumber(isNegative: false, scale: 0, digits: .owned([]), digitCount: 0)

    /// Reads the number at `start` of `text`: `-?DIGITS*(.DIGITS*)?`, then,
    /// when `exponent` allows, `([eE][+-]?DIGITS+)?`. Reading stops at the
    /// first byte that does not fit; no digits at all is zero. Exponents
    /// beyond ±2^52 are taken as ±2^52.
    ///
    /// `offset` is where `text` starts in the source document, when it is a
    /// stretch of it: then the digits are not copied where they need not be.
    static func read(
        _ text: UnsafeRawBufferPointer, from start: Int, allowingExponent exponent: Bool, sourceOffset offset: Int?
    ) -> DecimalNumber {
        let end = text.count
        var position = start
        func isDigit(_ index: Int) -> Bool {
            index < end && text[index] >= UInt8(ascii: "0") && text[index] <= UInt8(ascii: "9")
        }
        var isNegative = false
        if position < end && text[position] == UInt8(ascii: "-") {
            isNegative = true
            position += 1
        }
        let integerStart = position
        while isDigit(position) { position += 1 }
        let integerEnd = position
        var fractionStart = position, fractionEnd = position
        if position < end && text[position] == UInt8(ascii: ".") {
            position += 1
            fractionStart = position
            while isDigit(position) { position += 1 }
            fractionEnd = position
        }
        var exponentValue = 0
        if exponent && position < end && (text[position] == UInt8(ascii: "e") || text[position] == UInt8(ascii: "E")) {
            var cursor = position + 1
            var exponentIsNegative = false
            if cursor < end && (text[cursor] == UInt8(ascii: "+") || text[cursor] == UInt8(ascii: "-")) {
                exponentIsNegative = text[cursor] == UInt8(ascii: "-")
                cursor += 1
            }
            if isDigit(cursor) {
                let limit = 1 << 52
                while isDigit(cursor) {
                    exponentValue = min(limit, exponentValue * 10 + Int(text[cursor] - UInt8(ascii: "0")))
                    cursor += 1
                }
                if exponentIsNegative { exponentValue = -exponentValue }
            }
        }

        // Leading zeros: of the integer part, then, when it is all zeros, of
        // the fraction (each one lowers the scale).
        var first = integerStart
        while first < integerEnd && text[first] == UInt8(ascii: "0") { first += 1 }
        var integerDigits = first..<integerEnd
        var fractionDigits = fractionStart..<fractionEnd
        var scale: Int
        if !integerDigits.isEmpty {
            scale = integerDigits.count + exponentValue
        } else {
            var firstNonZero = fractionStart
            while firstNonZero < fractionEnd && text[firstNonZero] == UInt8(ascii: "0") { firstNonZero += 1 }
            fractionDigits = firstNonZero..<fractionEnd
            scale = -(firstNonZero - fractionStart) + exponentValue
        }
        // Trailing zeros: of the fraction, then, when it is all zeros, of
        // the integer part.
        var last = fractionDigits.upperBound
        while last > fractionDigits.lowerBound && text[last - 1] == UInt8(ascii: "0") { last -= 1 }
        fractionDigits = fractionDigits.lowerBound..<last
        if fractionDigits.isEmpty {
            var integerLast = integerDigits.upperBound
            while integerLast > integerDigits.lowerBound && text[integerLast - 1] == UInt8(ascii: "0") { integerLast -= 1 }
            integerDigits = integerDigits.lowerBound..<integerLast
        }

        let count = integerDigits.count + fractionDigits.count
        guard count > 0 else { return .zero }
        let digits: KeyBytes
        if let offset, integerDigits.isEmpty || fractionDigits.isEmpty {
            let range = integerDigits.isEmpty ? fractionDigits : integerDigits
            digits = .source(range.lowerBound + offset..<range.upperBound + offset)
        } else {
            digits = .owned(Array(text[integerDigits]) + Array(text[fractionDigits]))
        }
        return DecimalNumber(isNegative: isNegative, scale: scale, digits: digits, digitCount: count)
    }

    /// The leading number of a line, as `sort -n` reads it in the C locale:
    /// blanks (space, tab) skipped, then `-?DIGITS*(.DIGITS*)?`; no `+`, no
    /// exponent, no thousands separator. A line that does not start so is 0.
    static func leadingNumber(of text: UnsafeRawBufferPointer, sourceOffset offset: Int?) -> DecimalNumber {
        var start = 0
        while start < text.count && (text[start] == 0x20 || text[start] == 0x09) { start += 1 }
        return read(text, from: start, allowingExponent: false, sourceOffset: offset)
    }

    /// Negative, zero or positive as `a` is less than, equal to, or greater
    /// than `b`. `source` holds the digits kept as `.source`.
    static func compare(_ a: DecimalNumber, _ b: DecimalNumber, in source: UnsafeRawBufferPointer) -> Int {
        let signA = a.isZero ? 0 : (a.isNegative ? -1 : 1)
        let signB = b.isZero ? 0 : (b.isNegative ? -1 : 1)
        if signA != signB { return signA < signB ? -1 : 1 }
        if signA == 0 { return 0 }
        var magnitude: Int
        if a.scale != b.scale {
            magnitude = a.scale < b.scale ? -1 : 1
        } else {
            magnitude = a.digits.withBytes(in: source) { x in
                b.digits.withBytes(in: source) { y in ByteOrder.compare(x, y, foldingCase: false) }
            }
        }
        return signA < 0 ? -magnitude : magnitude
    }
}
