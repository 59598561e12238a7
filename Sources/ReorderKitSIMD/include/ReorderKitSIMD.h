#ifndef REORDER_KIT_SIMD_H
#define REORDER_KIT_SIMD_H

#include <stddef.h>
#include <stdint.h>

/// What the fast reader found in a valid document whose root is an array.
/// Offsets are into the document's bytes.
typedef struct {
    int64_t open_bracket;
    int64_t close_bracket;
    int64_t first_comma;  // -1: none
    int64_t first_colon;  // -1: none
    int separators_uniform;  // every separator between the root's elements is the same bytes
} rk_json_root_array;

/// Receives the offsets where the root's elements start, in order, a few
/// thousand at a time.
typedef void (*rk_json_starts_sink)(void *context, const int64_t *starts, size_t count);

enum { RK_JSON_NOT_HANDLED = 0, RK_JSON_ROOT_ARRAY = 1 };

/// A thread the caller lends: the reader starts none of its own.
/// `start` runs `work(argument)` on another thread and returns a token
/// for `join`, or NULL when it has no thread to lend (the reader then does
/// all the work on the calling thread); `join` waits for that work.
typedef struct {
    void *context;
    void *(*start)(void *context, void *(*work)(void *), void *argument);
    void (*join)(void *context, void *token);
} rk_thread_lender;

/// Whether this CPU runs the fast reader (x86-64 with AVX2).
int rk_json_fast_reader_available(void);

/// Reads `bytes` from `start` (after a byte-order mark) as one strict
/// RFC 8259 document, on `threads` threads (1 or 2; 0: 2 for a document of
/// 1 MiB or more), the second one `lender`'s (NULL: one thread). Returns RK_JSON_ROOT_ARRAY when it is valid and its
/// root is an array, having filled `result` and passed every element start
/// to `sink`; otherwise RK_JSON_NOT_HANDLED (invalid, another root, nested
/// deeper than 4096, or no AVX2), and the caller reads it the slow way.
int rk_json_scan_root_array(const uint8_t *bytes, size_t length, size_t start, int threads,
                            const rk_thread_lender *lender,
                            rk_json_root_array *result, rk_json_starts_sink sink, void *context);

#endif
