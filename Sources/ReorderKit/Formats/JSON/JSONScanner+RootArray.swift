import ReorderKitSIMD

extension JSONScanner {
    /// Whether this CPU runs the fast reader of `scanRootArrayQuickly`.
    static var hasFastReader: Bool { rk_json_fast_reader_available() != 0 }

    /// The scan of a valid document whose root is the array it edits (no
    /// pointer), read by the SIMD reader in `ReorderKitSIMD`: the same
    /// result as `scan()`, about twice as fast on large documents. Nil when
    /// that reader does not handle the document (any error, another root,
    /// nesting deeper than 4096, a CPU without AVX2); `scan()` then reads it
    /// and reports, so every message comes from one reader.
    ///
    /// `threads`: 1 or 2 (the first pass runs ahead on a second thread);
    /// 0 chooses 2 for documents of 1 MiB or more.
    func scanRootArrayQuickly(threads: Int = 0) -> JSONScan? {
        guard tokens.isEmpty, let raw = source.baseAddress else { return nil }
        let start = byteOrderMarkLength
        var collector = StartCollector(documentLength: source.count)
        var found = rk_json_root_array()
        let status = withUnsafeMutablePointer(to: &collector) { collectorPointer in
            rk_json_scan_root_array(
                raw.assumingMemoryBound(to: UInt8.self), source.count, start, Int32(threads), &found,
                { context, starts, count in
                    guard let context, let starts else { return }
                    context.assumingMemoryBound(to: StartCollector.self).pointee.append(starts, count: count)
                },
                collectorPointer)
        }
        guard status == RK_JSON_ROOT_ARRAY else { return nil }
        var scan = JSONScan()
        scan.targetKind = .array
        scan.targetStart = Int(found.open_bracket)
        scan.openBracket = Int(found.open_bracket)
        scan.closeBracket = Int(found.close_bracket)
        scan.elementStarts = collector.starts
        scan.firstComma = found.first_comma < 0 ? nil : Int(found.first_comma)
        scan.firstColon = found.first_colon < 0 ? nil : Int(found.first_colon)
        scan.separatorsAreUniform = found.separators_uniform != 0
        return scan
    }
}

/// The element starts the fast reader hands over, a few thousand at a time.
private struct StartCollector {
    let documentLength: Int
    var starts: [Int] = []

    mutating func append(_ batch: UnsafePointer<Int64>, count: Int) {
        let isFirst = starts.isEmpty
        batch.withMemoryRebound(to: Int.self, capacity: count) { batch in
            starts.append(contentsOf: UnsafeBufferPointer(start: batch, count: count))
        }
        if isFirst { JSONScanner.reserveRoom(in: &starts, documentEnd: documentLength) }
    }
}
