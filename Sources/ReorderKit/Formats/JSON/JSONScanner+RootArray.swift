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
        // SAFETY: the C reader calls back with this pointer only during the call, while `collector` lives.
        let status = withUnsafeMutablePointer(to: &collector) { collectorPointer in
            LentThread.withC(lender) { cLender in
            rk_json_scan_root_array(
                // SAFETY: the source's memory is read only as bytes, and the C reader reads no further than `source.count`.
                raw.assumingMemoryBound(to: UInt8.self), source.count, start, Int32(threads), cLender, &found,
                { context, starts, count in
                    guard let context, let starts else { return }
                    // SAFETY: the context is `collectorPointer`, a StartCollector that lives through the C call.
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
        // SAFETY: Int64 and Int have the same size and alignment on the 64-bit platforms built; `count` values are read.
        batch.withMemoryRebound(to: Int.self, capacity: count) { batch in
            // SAFETY: `count` starts of the C reader's batch, valid during this callback, copied at once.
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
                // SAFETY: `box` outlives the C call (withExtendedLifetime around it), so the unretained pointer stays valid.
                context: Unmanaged.passUnretained(box).toOpaque(),
                start: { context, work, argument in
                    guard let context, let work else { return nil }
                    // SAFETY: the context is the `box` passed unretained above, alive for the whole C call.
                    let lender = Unmanaged<Lender>.fromOpaque(context).takeUnretainedValue().lender
                    // SAFETY: the C reader's argument is handed to the one lent thread and not touched by the caller until `join`.
                    nonisolated(unsafe) let argument = argument
                    guard let wait = lender.start({ _ = work(argument) }) else { return nil }
                    // SAFETY: retained here and released exactly once, by `join`'s takeRetainedValue.
                    return Unmanaged.passRetained(Waiting(wait)).toOpaque()
                },
                join: { _, token in
                    guard let token else { return }
                    // SAFETY: the token is the Waiting retained by `start`; the C reader joins each token once.
                    Unmanaged<Waiting>.fromOpaque(token).takeRetainedValue().wait()
                })
            // SAFETY: the C reader uses the lender struct only during `body`, while `c` lives.
            return withUnsafePointer(to: &c) { body($0) }
        }
    }
}
