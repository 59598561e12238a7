/// What one pass over a document found for the pointer it was given.
struct JSONScan {
    /// The value at the pointer: its kind and where it starts; nil when the
    /// pointer leads nowhere (`missing` says why).
    var targetKind: JSONKind? = nil
    var targetStart = 0
    /// When the target is an array: where each element starts (offsets
    /// into the source, by source index), and its brackets.
    var elementStarts: [Int] = []
    var openBracket = 0
    var closeBracket = 0
    /// The opening bracket of the container that holds the target; nil when
    /// the target is the document's root.
    var parentOpen: Int? = nil
    /// The first `,` and `:` outside strings, to read the document's style.
    var firstComma: Int? = nil
    var firstColon: Int? = nil
    /// An error of the pointer (a key twice on its way, nothing there),
    /// reported only once the whole document is known to be valid.
    var pointerError: FormatError? = nil
    /// Whether every separator of the target array is the same bytes.
    var separatorsAreUniform = true
}

/// A strict RFC 8259 reader that validates a whole document in one pass and
/// records only the spans of the array at a pointer.
///
/// It keeps no tree: its memory is one bit per open container (so 100 000
/// nested `[` cost 12.5 KB and no recursion), a few words per pointer token,
/// and one `Int` per element of the target array. The bytes are read through
/// a raw pointer; string bodies and runs of indentation are skipped eight
/// bytes at a time.
struct JSONScanner {
    let source: UnsafeRawBufferPointer
    let tokens: [String]
    /// Accepts a UTF-8 byte-order mark before the value (documents: yes;
    /// inserted values: no).
    var allowsByteOrderMark = true

    init(_ source: UnsafeRawBufferPointer, tokens: [String]) {
        self.source = source
        self.tokens = tokens
    }

    private func fail(_ problem: JSONProblem, at offset: Int) -> FormatError {
        JSONErrors.syntax(problem, offset: offset)
    }

    // SWAR constants: a byte repeated in each of a word's eight lanes.
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let spaces: UInt64 = 0x2020_2020_2020_2020
    private static let quotes: UInt64 = 0x2222_2222_2222_2222
    private static let backslashes: UInt64 = 0x5C5C_5C5C_5C5C_5C5C

    func scan() throws -> JSONScan {
        let end = source.count
        guard end > 0, let raw = source.baseAddress else {
            throw fail(.expected(.value, found: nil), at: 0)
        }
        // SAFETY: the source's memory is read only as bytes, below `end`: eight-byte loads only where p + 8 <= end.
        let base = raw.assumingMemoryBound(to: UInt8.self)
        @inline(__always) func load(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }

        // Whitespace; the spaces that indent a line eight at a time.
        @inline(__always) func skipWhitespace(_ start: Int) -> Int {
            var p = start
            while p < end {
                let byte = base[p]
                if byte > 0x20 { return p }
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return p }
                p += 1
                guard byte == 0x0A else { continue }
                while p + 8 <= end {
                    let difference = load(p) ^ JSONScanner.spaces
                    if difference != 0 {
                        p += difference.trailingZeroBitCount >> 3
                        break
                    }
                    p += 8
                }
            }
            return p
        }

        // Where the first byte at or after `p` that is `"`, `\`, a control
        // character or not ASCII would be if it is among the next eight, or
        // nil. A lane's flag can be wrong only in lanes above a lane that is
        // rightly flagged, so the lowest flag is exact.
        @inline(__always) func firstSpecialInWord(_ p: Int) -> Int? {
            let word = load(p)
            let quote = word ^ JSONScanner.quotes
            let backslash = word ^ JSONScanner.backslashes
            let flags = ((quote &- JSONScanner.ones) & ~quote
                | (backslash &- JSONScanner.ones) & ~backslash
                | (word &- JSONScanner.spaces) & ~word
                | word) & JSONScanner.highBits
            return flags == 0 ? nil : p + flags.trailingZeroBitCount >> 3
        }

        // The string whose opening quote is at `start`; returns the offset
        // after its closing quote. Inlined for the common short string of
        // plain ASCII; anything else continues in `skipStringBody`.
        @inline(__always) func skipString(_ start: Int) throws -> Int {
            var p = start + 1
            while p + 8 <= end {
                let word = load(p)
                let quote = word ^ JSONScanner.quotes
                let backslash = word ^ JSONScanner.backslashes
                let quoteFlags = (quote &- JSONScanner.ones) & ~quote & JSONScanner.highBits
                let flags = (quoteFlags | ((backslash &- JSONScanner.ones) & ~backslash
                    | (word &- JSONScanner.spaces) & ~word
                    | word) & JSONScanner.highBits)
                if flags != 0 {
                    let lane = flags.trailingZeroBitCount
                    // The first special byte is the closing quote when the
                    // quote test flags the same lane first.
                    if quoteFlags.trailingZeroBitCount == lane { return p + lane >> 3 + 1 }
                    return try skipStringBody(p + lane >> 3, start: start)
                }
                p += 8
            }
            return try skipStringBody(p, start: start)
        }

        // The rest of the string that starts at `start`, from `p` on.
        func skipStringBody(_ p: Int, start: Int) throws -> Int {
            var p = p
            while true {
                // Eight bytes at a time to the next special byte.
                while p + 8 <= end {
                    if let special = firstSpecialInWord(p) {
                        p = special
                        break
                    }
                    p += 8
                }
                guard p < end else { throw fail(.unterminatedString, at: start) }
                let byte = base[p]
                if byte == UInt8(ascii: "\"") { return p + 1 }
                if byte == UInt8(ascii: "\\") {
                    p = try skipEscape(p)
                } else if byte < 0x20 {
                    throw fail(.controlCharacterInString(byte), at: p)
                } else if byte >= 0x80 {
                    p = try skipUTF8(p)
                } else {
                    p += 1
                }
            }
        }

        // One escape; `p` is at the backslash.
        func skipEscape(_ p: Int) throws -> Int {
            guard p + 1 < end else { throw fail(.unterminatedString, at: p) }
            switch base[p + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                 UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                return p + 2
            case UInt8(ascii: "u"):
                // Most `\u` escapes are not surrogates: read them without a call.
                if p + 6 <= end, let unit = hexUnitQuickly(p + 2), unit < 0xD800 || unit >= 0xE000 {
                    return p + 6
                }
                let unit = try hexUnit(p + 2)
                if unit >= 0xDC00 && unit < 0xE000 { throw fail(.loneSurrogate(unit), at: p) }
                guard unit >= 0xD800 && unit < 0xDC00 else { return p + 6 }
                // A high surrogate must be followed by `\u` and a low one.
                guard p + 7 < end, base[p + 6] == UInt8(ascii: "\\"), base[p + 7] == UInt8(ascii: "u") else {
                    throw fail(.loneSurrogate(unit), at: p)
                }
                let low = try hexUnit(p + 8)
                guard low >= 0xDC00 && low < 0xE000 else { throw fail(.loneSurrogate(unit), at: p) }
                return p + 12
            default:
                throw fail(.invalidEscape(base[p + 1]), at: p)
            }
        }

        // Four hex digits at `start` (which has four bytes), or nil.
        @inline(__always) func hexUnitQuickly(_ start: Int) -> UInt16? {
            guard let a = JSONText.hexValue(base[start]), let b = JSONText.hexValue(base[start + 1]),
                  let c = JSONText.hexValue(base[start + 2]), let d = JSONText.hexValue(base[start + 3]) else { return nil }
            return UInt16(a) << 12 | UInt16(b) << 8 | UInt16(c) << 4 | UInt16(d)
        }

        func hexUnit(_ start: Int) throws -> UInt16 {
            var unit: UInt16 = 0
            for p in start..<start + 4 {
                guard p < end else { throw fail(.expected(.hexDigit, found: nil), at: p) }
                guard let digit = JSONText.hexValue(base[p]) else {
                    throw fail(.expected(.hexDigit, found: base[p]), at: p)
                }
                unit = unit << 4 | UInt16(digit)
            }
            return unit
        }

        // One UTF-8 sequence of two to four bytes, strictly: no overlong
        // forms, no surrogates, nothing above U+10FFFF.
        func skipUTF8(_ p: Int) throws -> Int {
            let first = base[p]
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch first {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: throw fail(.invalidUTF8, at: p)
            }
            guard p + length <= end else { throw fail(.invalidUTF8, at: p) }
            let second = base[p + 1]
            guard second >= low && second <= high else { throw fail(.invalidUTF8, at: p) }
            for index in p + 2 ..< p + length where base[index] & 0xC0 != 0x80 {
                throw fail(.invalidUTF8, at: p)
            }
            return p + length
        }

        @inline(__always) func isDigit(_ p: Int) -> Bool {
            p < end && base[p] &- UInt8(ascii: "0") < 10
        }

        @inline(__always) func skipNumber(_ start: Int) throws -> Int {
            var p = start
            if base[p] == UInt8(ascii: "-") { p += 1 }
            guard isDigit(p) else {
                throw fail(.expected(.digit, found: p < end ? base[p] : nil), at: p)
            }
            if base[p] == UInt8(ascii: "0") {
                p += 1
                if isDigit(p) { throw fail(.leadingZero, at: start) }
            } else {
                while isDigit(p) { p += 1 }
            }
            if p < end && base[p] == UInt8(ascii: ".") {
                p += 1
                guard isDigit(p) else { throw fail(.expected(.digit, found: p < end ? base[p] : nil), at: p) }
                while isDigit(p) { p += 1 }
            }
            if p < end && (base[p] | 0x20) == UInt8(ascii: "e") {
                p += 1
                if p < end && (base[p] == UInt8(ascii: "+") || base[p] == UInt8(ascii: "-")) { p += 1 }
                guard isDigit(p) else { throw fail(.expected(.digit, found: p < end ? base[p] : nil), at: p) }
                while isDigit(p) { p += 1 }
            }
            return p
        }

        func skipLiteral(_ p: Int, _ word: StaticString) throws -> Int {
            let length = word.utf8CodeUnitCount
            guard p + length <= end, memoryEqual(raw + p, word.utf8Start, length) else {
                // `tru` is a misspelt `true`; `foo` is no literal at all.
                if p + 1 < end && base[p + 1] == word.utf8Start[1] {
                    throw fail(.invalidLiteral(expected: word.description), at: p)
                }
                throw fail(.expected(.value, found: base[p]), at: p)
            }
            return p + length
        }

        // What a byte that cannot start a value is, for the message.
        func unexpected(_ p: Int, expecting expectation: JSONExpectation) -> FormatError {
            guard p < end else { return fail(.expected(expectation, found: nil), at: p) }
            if base[p] == UInt8(ascii: "/") { return fail(.comment, at: p) }
            return fail(.expected(expectation, found: base[p]), at: p)
        }

        // The loop's state is in local variables that no nested function
        // captures, so the compiler keeps them in registers and checks no
        // exclusive access at run time.
        // Open containers, one bit each (1: array, 0: object).
        var stack = ContainerStack()
        defer { stack.deallocate() }
        var follower = JSONPointerFollower(tokens: tokens)
        // The depths the follower watches, copied out so they stay in
        // registers; refreshed after each call into the follower.
        var watched = follower.watched
        // Whether the innermost open container is an array.
        var inArray = false
        var elementStarts: [Int] = []
        var firstComma: Int? = nil
        var firstColon: Int? = nil

        var p = skipWhitespace(byteOrderMarkLength)

        // Where the value before the current one ended, to compare the
        // target array's separators with its first one as they pass.
        var valueEnd = 0
        var firstSeparator = 0..<0
        var separatorsAreUniform = true
        // Set after `{`: the after-value part reads the first key.
        var keyIsNext = false

        parsing: while true {
            // A value starts at `p` (whitespace already skipped).
            let depth = stack.depth
            if depth == watched.elementDepth {
                if !elementStarts.isEmpty && separatorsAreUniform {
                    if elementStarts.count == 1 {
                        firstSeparator = valueEnd..<p
                    } else if p - valueEnd != firstSeparator.count
                        || !JSONScanner.bytesEqual(raw, valueEnd, firstSeparator.lowerBound, firstSeparator.count) {
                        separatorsAreUniform = false
                    }
                }
                elementStarts.append(p)
                if elementStarts.count == 4_096 {
                    JSONScanner.reserveRoom(in: &elementStarts, documentEnd: end)
                }
            } else if depth == watched.watchDepth && p < end {
                follower.noteValueStart(p, depth: depth, kind: ValidatedJSON.kind(startingWith: base[p]), stack: stack)
                watched = follower.watched
            }
            guard p < end else { throw fail(.expected(.value, found: nil), at: p) }
            switch base[p] {
            case UInt8(ascii: "\""):
                p = try skipString(p)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                p = try skipNumber(p)
            case UInt8(ascii: "t"):
                p = try skipLiteral(p, "true")
            case UInt8(ascii: "f"):
                p = try skipLiteral(p, "false")
            case UInt8(ascii: "n"):
                p = try skipLiteral(p, "null")
            case UInt8(ascii: "["):
                stack.push(isArray: true)
                p = skipWhitespace(p + 1)
                guard p < end, base[p] == UInt8(ascii: "]") else {
                    inArray = true
                    continue parsing
                }
                if watched.closes(depth: stack.depth) {
                    follower.noteClose(p, depth: stack.depth, stack: stack)
                    watched = follower.watched
                }
                stack.pop()
                p += 1
            case UInt8(ascii: "{"):
                stack.push(isArray: false)
                p = skipWhitespace(p + 1)
                if p < end && base[p] == UInt8(ascii: "}") {
                    if watched.closes(depth: stack.depth) {
                        follower.noteClose(p, depth: stack.depth, stack: stack)
                        watched = follower.watched
                    }
                    stack.pop()
                    p += 1
                } else {
                    inArray = false
                    keyIsNext = true
                }
            default:
                throw unexpected(p, expecting: .value)
            }

            // After a value: close containers until one continues.
            while true {
                let depth = stack.depth
                if !keyIsNext {
                    if depth == 0 { break parsing }
                    valueEnd = p
                    p = skipWhitespace(p)
                    guard p < end else {
                        throw fail(.expected(inArray ? .commaOrCloseBracket : .commaOrCloseBrace, found: nil), at: p)
                    }
                    let byte = base[p]
                    if byte == UInt8(ascii: ",") {
                        if firstComma == nil { firstComma = p }
                        let comma = p
                        p = skipWhitespace(p + 1)
                        if inArray {
                            if p < end && base[p] == UInt8(ascii: "]") { throw fail(.trailingComma, at: comma) }
                            continue parsing
                        }
                        if p < end && base[p] == UInt8(ascii: "}") { throw fail(.trailingComma, at: comma) }
                    } else {
                        if inArray {
                            guard byte == UInt8(ascii: "]") else { throw unexpected(p, expecting: .commaOrCloseBracket) }
                        } else {
                            guard byte == UInt8(ascii: "}") else { throw unexpected(p, expecting: .commaOrCloseBrace) }
                        }
                        if watched.closes(depth: depth) {
                            follower.noteClose(p, depth: depth, stack: stack)
                            watched = follower.watched
                        }
                        stack.pop()
                        inArray = depth > 1 && stack.isArray(at: depth - 1)
                        p += 1
                        continue
                    }
                }
                // An object key and its colon, at `p`.
                keyIsNext = false
                guard p < end, base[p] == UInt8(ascii: "\"") else { throw unexpected(p, expecting: .key) }
                let keyEnd = try skipString(p)
                if depth == watched.keyDepth {
                    follower.noteKey(p..<keyEnd, depth: depth, source: source)
                    watched = follower.watched
                }
                let colon = skipWhitespace(keyEnd)
                guard colon < end, base[colon] == UInt8(ascii: ":") else { throw unexpected(colon, expecting: .colon) }
                if firstColon == nil { firstColon = colon }
                p = skipWhitespace(colon + 1)
                continue parsing
            }
        }

        p = skipWhitespace(p)
        if p < end { throw unexpected(p, expecting: .endOfDocument) }
        var result = follower.scan
        result.elementStarts = elementStarts
        result.firstComma = firstComma
        result.firstColon = firstColon
        result.separatorsAreUniform = separatorsAreUniform
        return result
    }
}

extension JSONScanner {
    /// How many bytes of the document are a byte-order mark that is allowed
    /// there: 3 or 0.
    var byteOrderMarkLength: Int {
        allowsByteOrderMark && source.count >= 3 && source[0] == 0xEF && source[1] == 0xBB && source[2] == 0xBF ? 3 : 0
    }

    /// Reserves room in `starts` (the first few thousand element starts of
    /// an array) for as many elements as the rest of the document holds at
    /// their density, so that the array grows once.
    static func reserveRoom(in starts: inout [Int], documentEnd: Int) {
        guard let first = starts.first, let last = starts.last, last > first else { return }
        let expected = Double(documentEnd - first) / Double(last - first) * Double(starts.count) * 1.05
        starts.reserveCapacity(Int(expected) + 16)
    }

    /// Whether `length` bytes at offsets `a` and `b` are equal; a separator
    /// is a few bytes, compared without a call into the C library.
    @inline(__always)
    static func bytesEqual(_ base: UnsafeRawPointer, _ a: Int, _ b: Int, _ length: Int) -> Bool {
        if length <= 16 {
            for offset in 0..<length where base.load(fromByteOffset: a + offset, as: UInt8.self)
                != base.load(fromByteOffset: b + offset, as: UInt8.self) {
                return false
            }
            return true
        }
        return memoryEqual(base + a, base + b, length)
    }
}

/// A stack of open containers, one bit each, on the heap: nesting depth is
/// limited by memory, not by the call stack.
struct ContainerStack {
    private var words: UnsafeMutablePointer<UInt64>
    private var capacity: Int  // in words
    private(set) var depth = 0

    init() {
        capacity = 16
        // SAFETY: freed by deallocate(); push grows it before writing past `capacity` words.
        words = .allocate(capacity: capacity)
    }

    func deallocate() { words.deallocate() }

    @inline(__always)
    mutating func push(isArray: Bool) {
        let word = depth >> 6
        if word == capacity {
            // SAFETY: twice the old capacity; the old words are copied over and the old block freed.
            let larger = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity * 2)
            larger.update(from: words, count: capacity)
            words.deallocate()
            words = larger
            capacity *= 2
        }
        let bit = UInt64(1) << UInt64(depth & 63)
        if isArray { words[word] |= bit } else { words[word] &= ~bit }
        depth += 1
    }

    @inline(__always)
    mutating func pop() { depth -= 1 }

    /// Whether the container at `depth` (1 is the outermost) is an array.
    @inline(__always)
    func isArray(at depth: Int) -> Bool {
        let index = depth - 1
        return words[index >> 6] >> UInt64(index & 63) & 1 == 1
    }
}
