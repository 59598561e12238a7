// A fast reader for the common case of a large document: the list is the
// root array and no pointer was given. It only ever says "valid, and here
// is where each element starts" or "not handled"; on any error, deep
// nesting or a CPU without AVX2 the Swift scanner (JSONScanner.swift) reads
// the document again and reports, so messages come from one place.
//
// Two passes, as in simdjson (Langdale and Lemire, "Parsing gigabytes of
// JSON per second"), over chunks of 32 KiB so the index stays in cache:
// index_chunk classifies 64 bytes at a time with AVX2 and writes the offset
// of each token (structural characters outside strings, each string's
// opening quote, each number's or literal's first byte), checking strings
// (control characters, escapes, UTF-8) as it goes; parse_tokens walks those
// tokens through the grammar and records where the root's elements start.
// Documents of 1 MiB and more are read on two threads (scan_on_two_threads).
#include "ReorderKitSIMD.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <pthread.h>
#include <immintrin.h>

// Whether this CPU and the OS support what the fast reader uses: AVX2 (and
// the OS saving the YMM registers), BMI1 for tzcnt, POPCNT.
static int cpu_supports_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned osxsave = 1u << 27, avx = 1u << 28, popcnt = 1u << 23;
    if ((c & (osxsave | avx | popcnt)) != (osxsave | avx | popcnt)) return 0;
    unsigned xcr0_low, xcr0_high;
    __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6) != 6) return 0;  // XMM and YMM state
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    const unsigned bmi1 = 1u << 3, avx2 = 1u << 5;
    return (b & (bmi1 | avx2)) == (bmi1 | avx2);
}

#define RK_AVX2 __attribute__((target("avx2,bmi,popcnt")))

// REORDER_SIMD_CHUNK, a multiple of 64, sets the chunk size; the fuzz build
// (Fuzz/, `make fuzz-build`) shrinks it to 64 bytes so that small inputs
// span many chunks, wrap the two-thread ring of slots, and are read on two
// threads by the document reader too.
#ifndef REORDER_SIMD_CHUNK
#define REORDER_SIMD_CHUNK (32 * 1024)
#endif

// Documents of 32 chunks (1 MiB) and more are read on two threads; a thread
// costs more than it saves on a smaller one.
enum { BLOCK = 64, CHUNK = REORDER_SIMD_CHUNK, TWO_THREADS_FROM = 32 * CHUNK };
_Static_assert(CHUNK >= BLOCK && CHUNK % BLOCK == 0, "REORDER_SIMD_CHUNK must be a positive multiple of 64");

// The classes of one 64-byte block, one bit per byte.
typedef struct {
    uint64_t quote, backslash, whitespace, op, control, high;
} block_masks;

RK_AVX2 static inline uint64_t join32(__m256i lo, __m256i hi) {
    return (uint32_t)_mm256_movemask_epi8(lo) | (uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32;
}

RK_AVX2 static inline block_masks classify(const uint8_t *p) {
    const __m256i lo = _mm256_loadu_si256((const __m256i *)p);
    const __m256i hi = _mm256_loadu_si256((const __m256i *)(p + 32));
    // Whitespace by its low nibble: space 0x20, tab 0x09, LF 0x0A, CR 0x0D.
    const __m256i ws_table = _mm256_setr_epi8(
        0x20, -1, -1, -1, -1, -1, -1, -1, -1, 0x09, 0x0A, -1, -1, 0x0D, -1, -1,
        0x20, -1, -1, -1, -1, -1, -1, -1, -1, 0x09, 0x0A, -1, -1, 0x0D, -1, -1);
    // Structural characters by low nibble, with 0x20 set: `[` and `]` match
    // as `{` and `}`. 0x0C and 0x1A match too (as `,` and `:`); the grammar
    // looks at the real byte, so they are still rejected.
    const __m256i op_table = _mm256_setr_epi8(
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0x3A, 0x7B, 0x2C, 0x7D, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0x3A, 0x7B, 0x2C, 0x7D, -1, -1);
    const __m256i x20 = _mm256_set1_epi8(0x20), x1f = _mm256_set1_epi8(0x1F);
    const __m256i quote = _mm256_set1_epi8('"'), backslash = _mm256_set1_epi8('\\');
    block_masks m;
    m.quote = join32(_mm256_cmpeq_epi8(lo, quote), _mm256_cmpeq_epi8(hi, quote));
    m.backslash = join32(_mm256_cmpeq_epi8(lo, backslash), _mm256_cmpeq_epi8(hi, backslash));
    m.whitespace = join32(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(ws_table, lo), lo),
                          _mm256_cmpeq_epi8(_mm256_shuffle_epi8(ws_table, hi), hi));
    m.op = join32(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(op_table, lo), _mm256_or_si256(lo, x20)),
                  _mm256_cmpeq_epi8(_mm256_shuffle_epi8(op_table, hi), _mm256_or_si256(hi, x20)));
    m.control = join32(_mm256_cmpeq_epi8(_mm256_max_epu8(lo, x1f), x1f),
                       _mm256_cmpeq_epi8(_mm256_max_epu8(hi, x1f), x1f));
    m.high = join32(lo, hi);
    return m;
}

// Bits of the bytes that follow an odd run of backslashes (escaped bytes),
// carrying a run across blocks. After simdjson's find_escaped_branchless.
static inline uint64_t find_escaped(uint64_t backslash, uint64_t *carry) {
    backslash &= ~*carry;
    const uint64_t follows_escape = backslash << 1 | *carry;
    const uint64_t even_bits = 0x5555555555555555ULL;
    const uint64_t odd_sequence_starts = backslash & ~even_bits & ~follows_escape;
    uint64_t sequences_starting_on_even_bits;
    *carry = __builtin_add_overflow(odd_sequence_starts, backslash, &sequences_starting_on_even_bits);
    const uint64_t invert_mask = sequences_starting_on_even_bits << 1;
    return (even_bits ^ invert_mask) & follows_escape;
}

static inline uint64_t prefix_xor(uint64_t x) {
    x ^= x << 1; x ^= x << 2; x ^= x << 4; x ^= x << 8; x ^= x << 16; x ^= x << 32;
    return x;
}

static inline int hex_value(uint8_t c) {
    if (c >= '0' && c <= '9') return c - '0';
    c |= 0x20;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

// Four hex digits at `p`, or -1.
static inline int32_t hex_unit(const uint8_t *bytes, size_t length, size_t p) {
    if (p + 4 > length) return -1;
    int a = hex_value(bytes[p]), b = hex_value(bytes[p + 1]), c = hex_value(bytes[p + 2]), d = hex_value(bytes[p + 3]);
    if ((a | b | c | d) < 0) return -1;
    return a << 12 | b << 8 | c << 4 | d;
}

// One UTF-8 sequence at `p` (its first byte is not ASCII), strictly: no
// overlong forms, no surrogates, nothing above U+10FFFF. Returns the offset
// after it, or 0 when it is invalid.
static size_t skip_utf8(const uint8_t *bytes, size_t length, size_t p) {
    const uint8_t first = bytes[p];
    size_t count;
    uint8_t low = 0x80, high = 0xBF;
    if (first >= 0xC2 && first <= 0xDF) count = 2;
    else if (first == 0xE0) { count = 3; low = 0xA0; }
    else if ((first >= 0xE1 && first <= 0xEC) || first == 0xEE || first == 0xEF) count = 3;
    else if (first == 0xED) { count = 3; high = 0x9F; }
    else if (first == 0xF0) { count = 4; low = 0x90; }
    else if (first >= 0xF1 && first <= 0xF3) count = 4;
    else if (first == 0xF4) { count = 4; high = 0x8F; }
    else return 0;
    if (p + count > length) return 0;
    if (bytes[p + 1] < low || bytes[p + 1] > high) return 0;
    for (size_t i = 2; i < count; i++) {
        if ((bytes[p + i] & 0xC0) != 0x80) return 0;
    }
    return p + count;
}

static inline int is_whitespace(uint8_t c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// Bytes that may follow a number or literal: whitespace and structural characters.
static const uint8_t ends_scalar_table[256] = {
    ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [' '] = 1, [','] = 1, [':'] = 1, ['['] = 1, [']'] = 1, ['{'] = 1, ['}'] = 1,
};

static inline uint32_t load32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

// Whether the byte at `p` may follow a number or literal: whitespace, a
// structural character, or the end.
static inline int ends_scalar(const uint8_t *bytes, size_t length, size_t p) {
    return p >= length || ends_scalar_table[bytes[p]];
}

static inline int is_digit(const uint8_t *bytes, size_t length, size_t p) {
    return p < length && (uint8_t)(bytes[p] - '0') < 10;
}

// The number at `p`, RFC 8259's grammar; the offset after it, or 0.
static size_t skip_number(const uint8_t *bytes, size_t length, size_t p) {
    if (bytes[p] == '-') p++;
    if (!is_digit(bytes, length, p)) return 0;
    if (bytes[p] == '0') {
        p++;
    } else {
        while (is_digit(bytes, length, p)) p++;
    }
    if (p < length && bytes[p] == '.') {
        p++;
        if (!is_digit(bytes, length, p)) return 0;
        while (is_digit(bytes, length, p)) p++;
    }
    if (p < length && (bytes[p] | 0x20) == 'e') {
        p++;
        if (p < length && (bytes[p] == '+' || bytes[p] == '-')) p++;
        if (!is_digit(bytes, length, p)) return 0;
        while (is_digit(bytes, length, p)) p++;
    }
    return p;
}

// The number at `p` when its 16 bytes are all in the buffer, its digits
// found 16 at a time: the offset after it, 0 when it is invalid, or -1 when
// it runs to the 16th byte and the slow reader must finish it.
RK_AVX2 static inline long skip_number_quickly(const uint8_t *bytes, size_t p) {
    const __m128i x = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(bytes + p)), _mm_set1_epi8('0'));
    const __m128i is_digit = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(9)), x);
    // One bit per byte that is not a digit; bits 16 and up stop every run.
    const uint32_t stops = ~(uint32_t)_mm_movemask_epi8(is_digit);
    size_t at = bytes[p] == '-';
    size_t run = _tzcnt_u32(stops >> at);
    if (run == 0 || (run > 1 && bytes[p + at] == '0')) return 0;
    at += run;
    if (at < 16 && bytes[p + at] == '.') {
        at++;
        run = _tzcnt_u32(stops >> at);
        if (run == 0) return at < 16 ? 0 : -1;
        at += run;
    }
    if (at < 16 && (bytes[p + at] | 0x20) == 'e') {
        at++;
        if (at < 16 && (bytes[p + at] == '+' || bytes[p + at] == '-')) at++;
        run = _tzcnt_u32(stops >> at);
        if (run == 0) return at < 16 ? 0 : -1;
        at += run;
    }
    return at < 16 ? (long)(p + at) : -1;
}

// What the first pass keeps from block to block.
typedef struct {
    uint64_t escaped_carry;   // the next block's first byte is escaped
    uint64_t in_string;       // all ones when a string is open
    uint64_t scalar_carry;    // the last byte was part of a number or literal
    size_t utf8_checked;      // bytes before this are known good UTF-8
    size_t low_surrogate_at;  // the escaped `u` of a pair's second half, checked with the first
} lexer_state;

enum { MAX_DEPTH = 64 * 64, STARTS_BUFFER = 4096 };

typedef struct {
    int state;
    size_t depth;
    uint64_t is_array[MAX_DEPTH / 64];  // one bit per open container
    size_t buffered;
    size_t element_count;
    // Separators of the root array, compared with its first one.
    size_t separator_start;  // where the last element before a `,` ended
    size_t first_separator_start, first_separator_length;
    // The root array's elements: buffered, handed to the sink in batches.
    // Last, so that starting the grammar clears only what comes before.
    int64_t starts[STARTS_BUFFER];
} grammar_state;

// The lexer's state at `offset` when that is outside any string, escape,
// number, UTF-8 sequence or surrogate pair: the start of the document, or
// just after a line feed in a valid one.
static inline lexer_state lexer_at(size_t offset) {
    return (lexer_state){0, 0, 0, offset, (size_t)-1};
}

// Checks the escapes of a block: the bytes after backslashes inside strings.
static int check_escapes(const uint8_t *bytes, size_t length, size_t base, uint64_t escaped, lexer_state *lexer) {
    while (escaped) {
        const size_t p = base + (size_t)__builtin_ctzll(escaped);
        escaped &= escaped - 1;
        if (p >= length) return 0;
        switch (bytes[p]) {
        case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
            continue;
        case 'u': {
            if (p == lexer->low_surrogate_at) continue;
            const int32_t unit = hex_unit(bytes, length, p + 1);
            if (unit < 0) return 0;
            if (unit >= 0xDC00 && unit < 0xE000) return 0;
            if (unit >= 0xD800 && unit < 0xDC00) {
                if (p + 6 >= length || bytes[p + 5] != '\\' || bytes[p + 6] != 'u') return 0;
                const int32_t low = hex_unit(bytes, length, p + 7);
                if (low < 0xDC00 || low >= 0xE000) return 0;
                lexer->low_surrogate_at = p + 6;
            }
            continue;
        }
        default:
            return 0;
        }
    }
    return 1;
}

// Checks the UTF-8 of the bytes with the high bit set in one block.
static int check_utf8(const uint8_t *bytes, size_t length, size_t base, uint64_t high, lexer_state *lexer) {
    while (high) {
        const size_t p = base + (size_t)__builtin_ctzll(high);
        high &= high - 1;
        if (p < lexer->utf8_checked) continue;
        const size_t next = skip_utf8(bytes, length, p);
        if (next == 0) return 0;
        lexer->utf8_checked = next;
    }
    return 1;
}

// The first pass over one chunk: the offsets (from `base`) of its tokens,
// the structural characters outside strings, each string's opening quote
// and the first byte of each number or literal. Returns how many, or -1
// when the chunk breaks a rule of strings or UTF-8.
RK_AVX2 static long index_chunk(const uint8_t *bytes, size_t length, size_t base, size_t end,
                                 lexer_state *lexer, uint32_t *tokens) {
    uint32_t *out = tokens;
    uint8_t padded[BLOCK];
    for (size_t block = base; block < end; block += BLOCK) {
        const uint8_t *p = bytes + block;
        // The chunk's last block may be short: the rest is read as spaces,
        // and what it carries to the next block is taken from its last byte.
        const size_t valid = end - block < BLOCK ? end - block : BLOCK;
        if (valid < BLOCK) {
            memset(padded, ' ', BLOCK);
            memcpy(padded, p, valid);
            p = padded;
        }
        const block_masks m = classify(p);
        uint64_t escaped = m.backslash | lexer->escaped_carry ? find_escaped(m.backslash, &lexer->escaped_carry) : 0;
        const uint64_t quote = m.quote & ~escaped;
        const uint64_t in_string = prefix_xor(quote) ^ lexer->in_string;
        lexer->in_string = (uint64_t)((int64_t)in_string >> 63);
        // String bodies and closing quotes.
        const uint64_t string_tail = in_string ^ quote;
        const uint64_t outside = ~(in_string | quote);
        const uint64_t scalar = outside & ~(m.whitespace | m.op);
        const uint64_t scalar_start = scalar & ~(scalar << 1 | lexer->scalar_carry);
        lexer->scalar_carry = scalar >> 63;
        if (valid < BLOCK) {
            lexer->escaped_carry = escaped >> valid & 1;
            escaped &= (1ULL << valid) - 1;
            lexer->scalar_carry = scalar >> (valid - 1) & 1;
        }
        if (m.control & string_tail) return -1;
        if (escaped & string_tail) {
            if (!check_escapes(bytes, length, block, escaped & string_tail, lexer)) return -1;
        }
        if (m.high) {
            if (!check_utf8(bytes, length, block, m.high, lexer)) return -1;
        }
        uint64_t bits = (m.op & outside) | scalar_start | (quote & in_string);
        const uint32_t offset = (uint32_t)(block - base);
        const int count = __builtin_popcountll(bits);
        for (int i = 0; i < 8; i++) {
            out[i] = offset + (uint32_t)_tzcnt_u64(bits);
            bits = _blsr_u64(bits);
        }
        if (count > 8) {
            for (int i = 8; i < 16; i++) {
                out[i] = offset + (uint32_t)_tzcnt_u64(bits);
                bits = _blsr_u64(bits);
            }
            for (int i = 16; bits; i++) {
                out[i] = offset + (uint32_t)_tzcnt_u64(bits);
                bits = _blsr_u64(bits);
            }
        }
        out += count;
    }
    return out - tokens;
}

static void flush(grammar_state *g, rk_json_starts_sink sink, void *context) {
    if (g->buffered) sink(context, g->starts, g->buffered);
    g->buffered = 0;
}

// Where the grammar stands between tokens; each is a place in
// parse_tokens, where it resumes with the next chunk's tokens.
enum {
    ARRAY_VALUE_OR_CLOSE, ARRAY_VALUE, ARRAY_AFTER_VALUE,
    OBJECT_KEY_OR_CLOSE, OBJECT_KEY, OBJECT_COLON, OBJECT_VALUE, OBJECT_AFTER_VALUE,
    FINISHED, ROOT
};

// The second pass over one chunk's tokens: the grammar, with the state in
// the place in the code (as in simdjson), so that each place's branches are
// predicted on their own. Returns 0 on a rule broken.
RK_AVX2 static int parse_tokens(const uint8_t *bytes, size_t length, size_t base, const uint32_t *tokens, long count,
                        grammar_state *g, rk_json_root_array *result, rk_json_starts_sink sink, void *context) {
    size_t depth = g->depth;
    long i = -1;
    size_t p = 0;
    uint8_t c = 0;
    int state = g->state;

#define ADVANCE(resume) do { \
        if (++i == count) { state = (resume); goto out_of_tokens; } \
        p = base + tokens[i]; \
        c = bytes[p]; \
    } while (0)

#define PUSH(array) do { \
        if (depth == MAX_DEPTH) return 0; \
        const uint64_t bit = 1ULL << (depth & 63); \
        if (array) g->is_array[depth >> 6] |= bit; else g->is_array[depth >> 6] &= ~bit; \
        depth++; \
    } while (0)

    // A number or literal: check it, and what follows it.
#define SCALAR(after_label) do { \
        size_t after; \
        if (c == 't') after = p + 4 <= length && load32(bytes + p) == load32((const uint8_t *)"true") ? p + 4 : 0; \
        else if (c == 'f') after = p + 5 <= length && load32(bytes + p + 1) == load32((const uint8_t *)"alse") ? p + 5 : 0; \
        else if (c == 'n') after = p + 4 <= length && load32(bytes + p) == load32((const uint8_t *)"null") ? p + 4 : 0; \
        else if ((uint8_t)(c - '0') < 10 || c == '-') { \
            long quick = p + 16 <= length ? skip_number_quickly(bytes, p) : -1; \
            after = quick >= 0 ? (size_t)quick : skip_number(bytes, length, p); \
        } else return 0; \
        if (after == 0 || !ends_scalar(bytes, length, after)) return 0; \
        goto after_label; \
    } while (0)

    switch (state) {
    case ROOT: goto root;
    case ARRAY_VALUE_OR_CLOSE: goto array_value_or_close;
    case ARRAY_VALUE: goto array_value;
    case ARRAY_AFTER_VALUE: goto array_after_value;
    case OBJECT_KEY_OR_CLOSE: goto object_key_or_close;
    case OBJECT_KEY: goto object_key;
    case OBJECT_COLON: goto object_colon;
    case OBJECT_VALUE: goto object_value;
    case OBJECT_AFTER_VALUE: goto object_after_value;
    default: goto finished;
    }

root:
    ADVANCE(ROOT);
    if (c != '[') return 0;
    PUSH(1);
    goto array_value_or_close;

array_value_or_close:
    ADVANCE(ARRAY_VALUE_OR_CLOSE);
    if (c == ']') goto close;
    goto array_value_here;
array_value:
    ADVANCE(ARRAY_VALUE);
array_value_here:
    if (depth == 1) {
        if (g->element_count >= 1) {
            const size_t separator_length = p - g->separator_start;
            if (g->element_count == 1) {
                g->first_separator_start = g->separator_start;
                g->first_separator_length = separator_length;
            } else if (result->separators_uniform &&
                       (separator_length != g->first_separator_length ||
                        memcmp(bytes + g->separator_start, bytes + g->first_separator_start, separator_length))) {
                result->separators_uniform = 0;
            }
        }
        g->element_count++;
        g->starts[g->buffered++] = (int64_t)p;
        if (g->buffered == STARTS_BUFFER) flush(g, sink, context);
    }
    if (c == '"') goto array_after_value;
    if (c == '{') { PUSH(0); goto object_key_or_close; }
    if (c == '[') { PUSH(1); goto array_value_or_close; }
    SCALAR(array_after_value);
array_after_value:
    ADVANCE(ARRAY_AFTER_VALUE);
    if (c == ',') {
        if (result->first_comma < 0) result->first_comma = (int64_t)p;
        if (depth == 1) {
            size_t end = p;
            while (is_whitespace(bytes[end - 1])) end--;
            g->separator_start = end;
        }
        goto array_value;
    }
    if (c != ']') return 0;
    goto close;

object_key_or_close:
    ADVANCE(OBJECT_KEY_OR_CLOSE);
    if (c == '}') goto close;
    goto object_key_here;
object_key:
    ADVANCE(OBJECT_KEY);
object_key_here:
    if (c != '"') return 0;
object_colon:
    ADVANCE(OBJECT_COLON);
    if (c != ':') return 0;
    if (result->first_colon < 0) result->first_colon = (int64_t)p;
object_value:
    ADVANCE(OBJECT_VALUE);
    if (c == '"') goto object_after_value;
    if (c == '{') { PUSH(0); goto object_key_or_close; }
    if (c == '[') { PUSH(1); goto array_value_or_close; }
    SCALAR(object_after_value);
object_after_value:
    ADVANCE(OBJECT_AFTER_VALUE);
    if (c == ',') {
        if (result->first_comma < 0) result->first_comma = (int64_t)p;
        goto object_key;
    }
    if (c != '}') return 0;
    goto close;

close:  // the bracket at `p` closes the innermost container
    depth--;
    if (depth == 0) {
        result->close_bracket = (int64_t)p;
        goto finished;
    }
    if (g->is_array[(depth - 1) >> 6] >> ((depth - 1) & 63) & 1) goto array_after_value;
    goto object_after_value;

finished:
    ADVANCE(FINISHED);
    return 0;  // nothing may follow the root

out_of_tokens:
    g->depth = depth;
    g->state = state;
    return 1;
#undef ADVANCE
#undef PUSH
#undef SCALAR
}

// The grammar's state and its first token, before any chunk.
static void start_grammar(grammar_state *g) {
    memset(g, 0, offsetof(grammar_state, starts));
    g->state = ROOT;
}

// One pass after the other, chunk by chunk, on the calling thread.
RK_AVX2 static int scan_on_one_thread(const uint8_t *bytes, size_t length, size_t start, rk_json_root_array *result,
                                      rk_json_starts_sink sink, void *context) {
    typedef struct {
        grammar_state grammar;
        uint32_t tokens[CHUNK + 64];  // the unrolled writes run up to 16 past the count
    } scan_memory;
    scan_memory *memory = malloc(sizeof(scan_memory));
    if (!memory) return RK_JSON_NOT_HANDLED;
    grammar_state *g = &memory->grammar;
    start_grammar(g);
    lexer_state lexer = lexer_at(start);
    int status = RK_JSON_ROOT_ARRAY;
    for (size_t base = start; base < length; base += CHUNK) {
        const size_t end = base + CHUNK < length ? base + CHUNK : length;
        const long count = index_chunk(bytes, length, base, end, &lexer, memory->tokens);
        if (count < 0 || !parse_tokens(bytes, length, base, memory->tokens, count, g, result, sink, context)) {
            status = RK_JSON_NOT_HANDLED;
            break;
        }
    }
    if (lexer.in_string || g->state != FINISHED) status = RK_JSON_NOT_HANDLED;
    if (status == RK_JSON_ROOT_ARRAY) flush(g, sink, context);
    free(memory);
    return status;
}

// Two threads. The first pass over a chunk needs only the lexer's state at
// its start, and in a valid document that state is known right after a
// line feed, which is never inside a string: outside any string, no escape
// or number open, no UTF-8 sequence or surrogate pair pending. So chunks
// start after a line feed where there is one near their nominal start,
// and either thread may index any of them; the grammar then checks, in
// order, that each chunk did end in that state, and anything else sends
// the document to the Swift reader. A chunk with no line feed near its
// start (minified JSON) is chained: it is indexed after the chunk before
// it, from that chunk's final state.
//
// The calling thread runs the grammar over the chunks in order and, while
// the next one is not ready, indexes chunks ahead of it; the second thread
// only indexes. Chunks live in a ring of slots: chunk k in slot k % SLOTS,
// reused once the grammar is done with it and the chunk after it. A slot's `filled` is its
// chunk's number plus one once its tokens are there.
// A chunk that starts after a line feed may be up to half a chunk longer.
enum { SLOTS = 8, MAX_CHUNK = CHUNK + CHUNK / 2 };

typedef struct {
    uint32_t tokens[MAX_CHUNK + 64];
    long count;           // -1: the chunk broke a rule of strings or UTF-8
    lexer_state end;      // the lexer's state after the chunk
    size_t filled;
} pipeline_slot;

typedef struct {
    const uint8_t *bytes;
    size_t length, chunks;
    size_t *bounds;       // chunk k is bounds[k] ..< bounds[k + 1]
    uint8_t *chained;     // chunk k starts from chunk k - 1's final state
    size_t next_to_index; // the first chunk no thread has taken
    size_t parsed;        // chunks the grammar is done with
    int stop;             // the grammar found an error
    pthread_mutex_t lock;
    pthread_cond_t progress;
    pipeline_slot slots[SLOTS];
} pipeline;

static inline size_t load_acquire(size_t *value) { return __atomic_load_n(value, __ATOMIC_ACQUIRE); }

// Publishes `value` in `*field` and wakes the other thread if it waits.
static void publish(pipeline *line, size_t *field, size_t value) {
    pthread_mutex_lock(&line->lock);
    __atomic_store_n(field, value, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&line->progress);
    pthread_mutex_unlock(&line->lock);
}

// Waits until `*field` is at least `target` or the grammar stopped;
// spinning briefly, as the other thread is usually about to publish.
static int wait_for(pipeline *line, size_t *field, size_t target) {
    for (int round = 0; round < 256; round++) {
        if (load_acquire(field) >= target) return 1;
        if (__atomic_load_n(&line->stop, __ATOMIC_RELAXED)) return 0;
        _mm_pause();
    }
    pthread_mutex_lock(&line->lock);
    while (load_acquire(field) < target && !__atomic_load_n(&line->stop, __ATOMIC_RELAXED)) {
        pthread_cond_wait(&line->progress, &line->lock);
    }
    pthread_mutex_unlock(&line->lock);
    return load_acquire(field) >= target;
}

// Takes the next chunk to index if its slot is free; SIZE_MAX if none.
// Chunk k's slot is free once the grammar is done with chunk k - SLOTS + 1,
// not k - SLOTS: the slot before it keeps the final state of the chunk
// before, which a chained chunk k copies when it starts, until the grammar
// is done with that one too.
static size_t take_chunk(pipeline *line) {
    size_t next = __atomic_load_n(&line->next_to_index, __ATOMIC_RELAXED);
    while (next < line->chunks && next + 1 < load_acquire(&line->parsed) + SLOTS) {
        if (__atomic_compare_exchange_n(&line->next_to_index, &next, next + 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
            return next;
        }
    }
    return SIZE_MAX;
}

RK_AVX2 static void index_pipeline_chunk(pipeline *line, size_t chunk) {
    pipeline_slot *slot = &line->slots[chunk % SLOTS];
    lexer_state lexer = lexer_at(line->bounds[chunk]);
    if (line->chained[chunk]) {
        pipeline_slot *before = &line->slots[(chunk - 1) % SLOTS];
        if (!wait_for(line, &before->filled, chunk)) return;
        lexer = before->end;
        if (before->count < 0) {
            slot->count = -1;
            publish(line, &slot->filled, chunk + 1);
            return;
        }
    }
    slot->count = index_chunk(line->bytes, line->length, line->bounds[chunk], line->bounds[chunk + 1], &lexer, slot->tokens);
    slot->end = lexer;
    publish(line, &slot->filled, chunk + 1);
}

RK_AVX2 static void *run_indexer(void *argument) {
    pipeline *line = argument;
    while (!__atomic_load_n(&line->stop, __ATOMIC_RELAXED)) {
        const size_t chunk = take_chunk(line);
        if (chunk != SIZE_MAX) {
            index_pipeline_chunk(line, chunk);
            continue;
        }
        // Wait until the grammar frees a slot, or there is nothing left.
        const size_t next = __atomic_load_n(&line->next_to_index, __ATOMIC_RELAXED);
        if (next >= line->chunks) break;
        if (!wait_for(line, &line->parsed, next + 2 - SLOTS)) break;
    }
    return NULL;
}

// Whether a chunk that ends where an unchained one starts ended in the
// state that one assumed. Each way of ending otherwise after a line feed
// (in a string, after a backslash, inside a UTF-8 sequence or a surrogate
// pair) is already an error of that chunk; this states the assumption.
static inline int ends_cleanly(const lexer_state *end, size_t bound) {
    return !end->in_string && !end->escaped_carry && !end->scalar_carry && end->utf8_checked <= bound
        && (end->low_surrogate_at == (size_t)-1 || end->low_surrogate_at < bound);
}

RK_AVX2 static int scan_on_two_threads(const uint8_t *bytes, size_t length, size_t start,
                                       const rk_thread_lender *lender,
                                       rk_json_root_array *result, rk_json_starts_sink sink, void *context) {
    const size_t chunks = (length - start + CHUNK - 1) / CHUNK;
    pipeline *line = malloc(sizeof(pipeline));
    grammar_state *g = malloc(sizeof(grammar_state));
    size_t *bounds = malloc((chunks + 1) * sizeof(size_t));
    uint8_t *chained = malloc(chunks);
    if (!line || !g || !bounds || !chained) {
        free(line); free(g); free(bounds); free(chained);
        return scan_on_one_thread(bytes, length, start, result, sink, context);
    }
    bounds[0] = start;
    chained[0] = 0;
    for (size_t k = 1; k < chunks; k++) {
        const size_t nominal = start + k * CHUNK;
        const size_t window = length - nominal < CHUNK / 2 ? length - nominal : CHUNK / 2;
        const uint8_t *line_feed = memchr(bytes + nominal, '\n', window);
        bounds[k] = line_feed ? (size_t)(line_feed - bytes) + 1 : nominal;
        chained[k] = !line_feed;
    }
    bounds[chunks] = length;
    line->bytes = bytes;
    line->length = length;
    line->chunks = chunks;
    line->bounds = bounds;
    line->chained = chained;
    line->next_to_index = 0;
    line->parsed = 0;
    line->stop = 0;
    pthread_mutex_init(&line->lock, NULL);
    pthread_cond_init(&line->progress, NULL);
    for (int i = 0; i < SLOTS; i++) line->slots[i].filled = 0;
    // The indexer on the lent thread; without one, this thread indexes
    // each chunk when it needs it (see the loop below).
    void *const token = lender->start(lender->context, run_indexer, line);

    start_grammar(g);
    int status = RK_JSON_ROOT_ARRAY;
    for (size_t chunk = 0; chunk < chunks && status == RK_JSON_ROOT_ARRAY; chunk++) {
        pipeline_slot *slot = &line->slots[chunk % SLOTS];
        // Index chunks ahead while this one is not ready.
        while (load_acquire(&slot->filled) != chunk + 1) {
            const size_t ahead = take_chunk(line);
            if (ahead != SIZE_MAX) {
                index_pipeline_chunk(line, ahead);
            } else {
                wait_for(line, &slot->filled, chunk + 1);
            }
        }
        const int last = chunk + 1 == chunks;
        if (slot->count < 0
            || !parse_tokens(bytes, length, bounds[chunk], slot->tokens, slot->count, g, result, sink, context)
            || (last ? slot->end.in_string != 0 : !chained[chunk + 1] && !ends_cleanly(&slot->end, bounds[chunk + 1]))) {
            status = RK_JSON_NOT_HANDLED;
            break;
        }
        publish(line, &line->parsed, chunk + 1);
    }
    if (status != RK_JSON_ROOT_ARRAY) {
        pthread_mutex_lock(&line->lock);
        __atomic_store_n(&line->stop, 1, __ATOMIC_RELAXED);
        pthread_cond_broadcast(&line->progress);
        pthread_mutex_unlock(&line->lock);
    }
    if (token) lender->join(lender->context, token);
    if (g->state != FINISHED) status = RK_JSON_NOT_HANDLED;
    if (status == RK_JSON_ROOT_ARRAY) flush(g, sink, context);
    pthread_cond_destroy(&line->progress);
    pthread_mutex_destroy(&line->lock);
    free(line); free(g); free(bounds); free(chained);
    return status;
}

RK_AVX2 static int scan_avx2(const uint8_t *bytes, size_t length, size_t start, int threads,
                             const rk_thread_lender *lender,
                             rk_json_root_array *result, rk_json_starts_sink sink, void *context) {
    result->first_comma = -1;
    result->first_colon = -1;
    result->separators_uniform = 1;
    result->close_bracket = -1;
    // Whitespace, then the root array's `[`.
    size_t p = start;
    while (p < length && is_whitespace(bytes[p])) p++;
    if (p >= length || bytes[p] != '[') return RK_JSON_NOT_HANDLED;
    result->open_bracket = (int64_t)p;
    if (threads == 0) threads = length - start >= TWO_THREADS_FROM ? 2 : 1;
    return threads == 2 && lender ? scan_on_two_threads(bytes, length, start, lender, result, sink, context)
                        : scan_on_one_thread(bytes, length, start, result, sink, context);
}

int rk_json_fast_reader_available(void) {
    static int supported = -1;
    int known = __atomic_load_n(&supported, __ATOMIC_RELAXED);
    if (known < 0) {
        known = cpu_supports_avx2();
        __atomic_store_n(&supported, known, __ATOMIC_RELAXED);
    }
    return known;
}
#else
int rk_json_fast_reader_available(void) { return 0; }
#endif

int rk_json_scan_root_array(const uint8_t *bytes, size_t length, size_t start, int threads,
                            const rk_thread_lender *lender,
                            rk_json_root_array *result, rk_json_starts_sink sink, void *context) {
#if defined(__x86_64__)
    if (rk_json_fast_reader_available()) return scan_avx2(bytes, length, start, threads, lender, result, sink, context);
#endif
    (void)bytes; (void)length; (void)start; (void)threads; (void)lender; (void)result; (void)sink; (void)context;
    return RK_JSON_NOT_HANDLED;
}
