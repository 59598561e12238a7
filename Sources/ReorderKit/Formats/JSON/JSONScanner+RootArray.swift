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
    /// `threads`: 1 or 2 (the first pass runs ahead on a second thread,
    /// `lender`'s: without one, 1); 0 chooses 2 for documents of 1 MiB or
    /// more.
    func scanRootArrayQuickly(threads: Int = 0, lender: ThreadLender? = nil) -> JSONScan? {
        guard tokens.isEmpty, let raw = source.baseAddress else { return nil }
        let start = byteOrderMarkLength
        var collector = StartCollector(documentLength: source.count)
        var found = rk_json_root_array()
        let status = withUnsafeMutablePointer(to: &collector) { collectorPointer in
            LentThread.withC(lender) { cLender in
            rk_json_scan_root_array(
                raw.assumingMemoryBound(to: UInt8.self), source.count, start, Int32(threads), cLender, &found,
                { context, starts, count in
                    guard let context, let starts else { return }
                    context.assumingMemoryBound(to: StartCollector.self).pointee.append(starts, count: count)
                },
                collectorPointer)
            }
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

/// A `ThreadLender` as the C reader takes it.
private enum LentThread {
    final class Lender {
        let lender: ThreadLender
        init(_ lender: ThreadLender) { self.lender = lender }
    }

    final class Waiting {
        let wait: @Sendable () -> Void
        init(_ wait: @escaping @Sendable () -> Void) { self.wait = wait }
    }

    /// Calls `body` with `lender` as an `rk_thread_lender` (nil: NULL).
    static func withC<R>(_ lender: ThreadLender?, _ body: (UnsafePointer<rk_thread_lender>?) -> R) -> R {
        guard let lender else { return body(nil) }
        let box = Lender(lender)
        return withExtendedLifetime(box) {
            var c = rk_thread_lender(
                context: Unmanaged.passUnretained(box).toOpaque(),
                start: { context, work, argument in
                    guard let context, let work else { return nil }
                    let lender = Unmanaged<Lender>.fromOpaque(context).takeUnretainedValue().lender
                    nonisolated(unsafe) let argument = argument
                    guard let wait = lender.start({ _ = work(argument) }) else { return nil }
                    return Unmanaged.passRetained(Waiting(wait)).toOpaque()
                },
                join: { _, token in
                    guard let token else { return }
                    Unmanaged<Waiting>.fromOpaque(token).takeRetainedValue().wait()
                })
            return withUnsafePointer(to: &c) { body($0) }
        }
    }
}
