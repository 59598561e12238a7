/// What a row is worth, which column `--key` names, and how a new row is
/// written.
extension CSVLayout: FormatLayout {
    /// One field of a row: its bytes as they stand, and whether it is quoted.
    struct Field {
        let range: Range<Int>
        let quoted: Bool
    }

    /// The field that starts at `position` in the row that ends at `end`
    /// of `buffer` (valid, as read): the offset after it (its delimiter, or
    /// `end`), and whether it is quoted.
    @inline(__always)
    static func fieldEnd(from position: Int, _ buffer: UnsafeRawBufferPointer, _ end: Int,
                         _ dialect: CSVDialect) -> (end: Int, quoted: Bool) {
        let quote = UInt8(ascii: "\"")
        var position = position
        guard dialect.quoting && position < end && buffer[position] == quote else {
            let delimiter = dialect.delimiter
            while position < end && buffer[position] != delimiter { position += 1 }
            return (position, false)
        }
        position += 1
        while position < end {
            if buffer[position] == quote {
                if position + 1 < end && buffer[position + 1] == quote {
                    position += 2
                    continue
                }
                break
            }
            position += 1
        }
        return (min(position + 1, end), true)
    }

    /// The fields of the row `start ..< end` of `buffer`, which was read
    /// (as the file, or as a new row) and is valid.
    static func fields(of buffer: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ dialect: CSVDialect) -> [Field] {
        var fields: [Field] = []
        var position = start
        while true {
            let (fieldEnd, quoted) = fieldEnd(from: position, buffer, end, dialect)
            fields.append(Field(range: position..<fieldEnd, quoted: quoted))
            if fieldEnd >= end { return fields }
            // After the delimiter.
            position = fieldEnd + 1
        }
    }

    /// Field `column` of the row `start ..< end` of `buffer` (valid, as
    /// for `fields`), found without keeping the others; nil when the row
    /// has fewer.
    @inline(__always)
    static func field(_ column: Int, of buffer: UnsafeRawBufferPointer, _ start: Int, _ end: Int,
                      _ dialect: CSVDialect) -> Field? {
        var position = start
        var number = 0
        while true {
            let (fieldEnd, quoted) = fieldEnd(from: position, buffer, end, dialect)
            if number == column { return Field(range: position..<fieldEnd, quoted: quoted) }
            if fieldEnd >= end { return nil }
            number += 1
            position = fieldEnd + 1
        }
    }

    /// A field's decoded text: quotes removed and `""` made `"`, as a range
    /// of `buffer` when no `""` is inside it.
    static func decoded(_ field: Field, in buffer: UnsafeRawBufferPointer) -> KeyBytes {
        guard field.quoted else { return .source(field.range) }
        let inner = field.range.lowerBound + 1..<field.range.upperBound - 1
        let quote = UInt8(ascii: "\"")
        guard firstIndex(of: quote, in: buffer, from: inner.lowerBound, to: inner.upperBound) != nil else {
            return .source(inner)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(inner.count)
        var position = inner.lowerBound
        while position < inner.upperBound {
            bytes.append(buffer[position])
            position += buffer[position] == quote ? 2 : 1
        }
        return .owned(bytes)
    }

    /// The header's names, decoded; nil without a header.
    var columnNames: [String]? {
        guard let header = headerRange else { return nil }
        return CSVLayout.fields(of: source, header.lowerBound, header.upperBound, dialect).map { field in
            CSVLayout.decoded(field, in: source).withBytes(in: source) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// How the columns are named in messages: the header's names, or
    /// `#N` for each, counted as `--key '#N'` counts.
    var columnsForMessages: [String] {
        columnNames ?? (0..<fieldCount).map { "#\($0 + (countsFromOne ? 1 : 0))" }
    }

    /// The column `--key KEY` names: `#N` (counted as indices are: from 0,
    /// or from 1 with `--one-based`), or a header's name (also written as
    /// a pointer of one token, `/name`), as a pointer of one token, the
    /// column's number from 0.
    public func valuePointer(_ key: String) throws -> JSONPointer {
        let names = columnNames ?? []
        var wanted = key
        if !names.contains(key), key.hasPrefix("/"), !key.dropFirst().contains("/") {
            wanted = String(key.dropFirst())
        }
        let matches = names.indices.filter { names[$0] == wanted }
        if matches.count > 1 {
            throw SelectorError.columnNamedTwice(key: key, numbers: matches.map { $0 + (countsFromOne ? 1 : 0) })
        }
        if let column = matches.first { return JSONPointer(tokens: [String(column)]) }
        if key.hasPrefix("#"), let number = Int(key.dropFirst()), key.dropFirst().allSatisfy(\.isASCII) {
            let column = number - (countsFromOne ? 1 : 0)
            if column >= 0 && (column < fieldCount || starts.count == 0) { return JSONPointer(tokens: [String(column)]) }
        }
        throw SelectorError.noSuchColumn(key: key, columns: columnsForMessages)
    }

    /// The column's decoded text; without a key, the row's bytes as they
    /// stand (as `sort` sees a line).
    public func value(ofItem index: Int, at pointer: JSONPointer?) throws -> ItemValue? {
        let range = itemRange(index)
        guard let pointer else { return .string(.source(range)) }
        return CSVLayout.value(in: source, range.lowerBound, range.upperBound, pointer, dialect)
    }

    public func value(ofItemBytes item: UnsafeRawBufferPointer, at pointer: JSONPointer?) -> ItemValue? {
        guard let pointer else { return .string(.source(0..<item.count)) }
        return CSVLayout.value(in: item, 0, item.count, pointer, dialect)
    }

    private static func value(in buffer: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ pointer: JSONPointer,
                              _ dialect: CSVDialect) -> ItemValue? {
        guard pointer.tokens.count == 1, let column = Int(pointer.tokens[0]) else { return nil }
        guard let field = CSVLayout.field(column, of: buffer, start, end, dialect) else { return nil }
        return .string(decoded(field, in: buffer))
    }

    /// For `=TEXT` that selects no row: the first column in which a row's
    /// field is TEXT.
    public func keySuggestion(forText text: [UInt8]) -> String? {
        let names = columnsForMessages
        for index in 0..<count {
            let range = itemRange(index)
            for (column, field) in CSVLayout.fields(of: source, range.lowerBound, range.upperBound, dialect).enumerated() {
                let equal = CSVLayout.decoded(field, in: source).withBytes(in: source) { $0.elementsEqual(text) }
                if equal && column < names.count { return names[column] }
            }
        }
        return nil
    }

    /// A new row is one row as the file writes it: the file's number of
    /// fields, read with its delimiter and quoting, no line break outside
    /// quotes. It is written as given, with the list's terminator.
    public func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] {
        func refuse(_ reason: String) -> FormatError {
            FormatError(dialect.format, .invalidValue(value: value, reason: reason))
        }
        if hasHeader && starts.count == 0 { throw refuse("the file has no header row to give the columns; write the header first") }
        if value.isEmpty { throw refuse("an empty row is a blank line; write one empty field as \"\"") }
        if value.starts(with: [0xEF, 0xBB, 0xBF]) { throw refuse("it starts with a byte-order mark") }
        let row: CSVLayout
        do {
            // SAFETY: the row's layout keeps a pointer to `value`'s bytes, but only its numbers (count, fieldCount, finalTerminator) are read after the closure.
            row = try value.withUnsafeBytes { bytes in
                try CSVLayout(bytes, dialect: dialect, header: false, countsFromOne: countsFromOne)
            }
            // The row's layout read bytes of `value` that live on: only its
            // numbers are kept.
        } catch let error as FormatError {
            switch error.kind {
            case .invalid(let problem): throw refuse(problem)
            case .cannotDelimit(let what): throw refuse(what)
            default: throw error
            }
        }
        if row.count != 1 || !row.finalTerminator.isEmpty {
            throw refuse("it holds a line break outside quotes; a field that holds one is quoted")
        }
        if starts.count > 0 && row.fieldCount != fieldCount {
            throw refuse("it has \(row.fieldCount) field\(row.fieldCount == 1 ? "" : "s"), but the \(hasHeader ? "header" : "first row") has \(fieldCount)")
        }
        return value
    }

    /// Refuses a result whose first row starts with U+FEFF in a file
    /// without a header or a byte-order mark: a reader would take it for
    /// the file's mark.
    public func check(_ arrangement: Arrangement) throws {
        guard !hasHeader, byteOrderMark.isEmpty else { return }
        try arrangement.refuseByteOrderMarkFirst(in: source, itemRange: itemRange)
    }

    /// With `--numeric`, when every key is a whole number written plainly
    /// (an optional `-`, then 1 to 18 digits, not a negative zero): the
    /// order `SortKey` gives (by value; equal ones in their order, the
    /// first kept with `unique`), by comparing integers. Nil for any other
    /// key, which `sort -n`'s rules read.
    func sortedAsIntegers(_ options: SortOptions, column: Int?) -> [Int]? {
        var values = [Int64](repeating: 0, count: count)
        for index in 0..<count {
            let row = itemRange(index)
            var text = KeyBytes.source(row)
            if let column {
                guard let field = CSVLayout.field(column, of: source, row.lowerBound, row.upperBound, dialect) else { return nil }
                text = CSVLayout.decoded(field, in: source)
            }
            guard let value = text.withBytes(in: source, CSVLayout.plainInteger) else { return nil }
            values[index] = value
        }
        var order = Array(0..<count)
        let reverse = options.reverse
        // SAFETY: the closure has the storage of `order` to itself (exclusive access), and no pointer to it leaves it.
        order.withUnsafeMutableBufferPointer { order in
            // SAFETY: the storage of `values` is only read inside the closure, and no pointer to it leaves it.
            values.withUnsafeBufferPointer { values in
                order.sort { a, b in
                    let x = values[a], y = values[b]
                    if x != y { return reverse ? x > y : x < y }
                    return a < b
                }
            }
        }
        guard options.unique else { return order }
        var kept: [Int] = []
        kept.reserveCapacity(order.count)
        for index in order where kept.last.map({ values[$0] != values[index] }) ?? true { kept.append(index) }
        return kept
    }

    /// `-` then digits, or digits: 1 to 18 of them, not `-0`, `-00`...
    static func plainInteger(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        var position = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { position = 1 }
        let digits = bytes.count - position
        guard digits >= 1 && digits <= 18 else { return nil }
        var value: Int64 = 0
        while position < bytes.count {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
            position += 1
        }
        if negative && value == 0 { return nil }
        return negative ? -value : value
    }

    /// By bytes, the rows or a column's texts (`StringSort`, as lines are
    /// sorted): `ByteKeys`, read where they stand, or, when a key has a
    /// `""` to decode, copied decoded into one buffer; by value (`SortKey`)
    /// with `--numeric`.
    public func sortedOrder(_ options: SortOptions, key: String?) throws -> [Int] {
        let pointer = try key.map { try valuePointer($0) }
        let count = self.count
        guard count > 0, source.baseAddress != nil, count < Int(UInt32.max) else {
            return try sortedByValue(options, key: key)
        }
        if options.numeric {
            return try sortedAsIntegers(options, column: pointer.flatMap { Int($0.tokens[0]) })
                ?? sortedByValue(options, key: key)
        }
        guard var keys = ByteKeys(source: source, count: count) else { return try sortedByValue(options, key: key) }
        let column = pointer.flatMap { Int($0.tokens[0]) }
        for index in 0..<count {
            let row = itemRange(index)
            var text = KeyBytes.source(row)
            if let column {
                guard let field = CSVLayout.field(column, of: source, row.lowerBound, row.upperBound, dialect) else {
                    return try sortedByValue(options, key: key)
                }
                text = CSVLayout.decoded(field, in: source)
            }
            guard keys.append(text) else { return try sortedByValue(options, key: key) }
        }
        return keys.sortedOrder(options)
    }
}
