import ReorderHeap
import ReorderKit

/// The heap readied for a batch that will allocate many megabytes.
///
/// A batch's script is read, parsed and planned into arrays of about 8
/// bytes per byte of script, all new memory, and new memory costs a page
/// fault per 4 KiB on first touch. For a large script, the heap is set up
/// to hand out memory advised to use huge pages (see `ReorderHeap.h`):
/// 100 000 operations on a million lines went from 32 to 28 ms. Small
/// scripts, the usual case, leave the heap as it is: a huge page is 2 MiB
/// to clear.
enum HeapTuning {
    /// Files of this many bytes or more, together: about 50 000 operations
    /// of a script, or 70 000 short lines of a list.
    static let large = 1 << 20

    /// Readies the heap when the script files at `paths` (`-f`; standard
    /// input is not counted) are large: room for 16 bytes per script byte.
    static func prepare(forScripts paths: [String]) {
        prepare(files: paths, bytesPerByte: 16)
    }

    /// Readies the heap for `diff` of the lists in the files at `paths`:
    /// the keys' numbers, hashes and matches take about 6 bytes per byte of
    /// a list of short lines (a million lines of 14 bytes: 17 000 page
    /// faults without huge pages).
    static func prepare(forLists paths: [String]) {
        prepare(files: paths, bytesPerByte: 6)
    }

    /// Readies the heap for reading a large TOML, YAML or JSON document:
    /// their readers keep a table, a line or a value per item, about 6
    /// bytes per byte of a TOML table of short lines or array of strings
    /// (at the peak, with the sort's arrays; room for 8), 6 of a YAML
    /// sequence of mappings and 2 of JSON. A TOML array of 100 000 strings (2.9 MB)
    /// went from 31 to 17 ms, 8 000 page faults to 600; a JSON object of
    /// 100 000 members from 29 to 23 ms. Lines keep their offsets in huge
    /// pages of their own (`OffsetTable`); a sort of them allocates about a
    /// byte per byte more (its keys and order, then the arrangement), which
    /// the heap then hands out again rather than the system: a sort of a
    /// million real lines went from 117 to 98 ms (medians of 40), 12 500
    /// page faults to 900. Some runs on a virtual machine took 166 ms: the
    /// host backs a huge page the guest has not touched before 4 KiB at a
    /// time (no compaction was counted); they were 2 of 40.
    static func prepare(forDocumentOf bytes: Int, format: ListFormat) {
        // Each format says how much (`ListFormat.heapBytesPerByte`).
        guard let bytesPerByte = format.heapBytesPerByte, bytes >= large else { return }
        _ = reorder_heap_prefer_huge_pages(min(bytesPerByte * bytes, 1 << 30))
    }

    /// Room for `bytesPerByte` per byte of the regular files at `paths`, up
    /// to 1 GiB, when they are large: address space, which costs memory
    /// only once used.
    private static func prepare(files paths: [String], bytesPerByte: Int) {
        let bytes = paths.reduce(0) { $0 + (InputBytes.regularFileSize($1) ?? 0) }
        guard bytes >= large else { return }
        _ = reorder_heap_prefer_huge_pages(min(bytesPerByte * bytes, 1 << 30))
    }
}
