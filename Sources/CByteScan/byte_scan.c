#include "byte_scan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline bool is_json_stop(uint8_t byte) { return byte == '"' || byte == '\\' || byte < 0x20; }

static inline bool is_fold_stop(uint8_t byte) { return byte < 0x21 || byte == 0xC2 || (byte >= 0xE1 && byte <= 0xE3); }

static inline bool is_html_stop(uint8_t byte) {
    return byte == '&' || byte == '<' || byte == '>' || byte == '"' || byte == '\'';
}

/// Whether the byte at `index` is unwanted, or starts a C1 character with the byte after it.
static inline bool is_unwanted_at(const uint8_t *bytes, size_t count, size_t index) {
    uint8_t byte = bytes[index];
    if (byte == 0xC2) return index + 1 < count && bytes[index + 1] < 0xA0;
    return (byte < 0x20 && byte != '\t' && byte != '\n') || byte == 0x7F;
}

#if defined(__SSE2__)
/// A lane of all ones where the unsigned byte of `chunk` is below 0x20.
static inline __m128i below_space(__m128i chunk) {
    return _mm_cmpeq_epi8(_mm_min_epu8(chunk, _mm_set1_epi8(0x1F)), chunk);
}

static inline __m128i load(const uint8_t *bytes) { return _mm_loadu_si128((const __m128i *)bytes); }

/// Lanes of all ones at a quote, a backslash or a byte below 0x20.
static inline __m128i json_stops(__m128i chunk) {
    return _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(chunk, _mm_set1_epi8('"')), _mm_cmpeq_epi8(chunk, _mm_set1_epi8('\\'))),
        below_space(chunk));
}

/// Lanes of all ones at a byte below 0x21, or at 0xC2, 0xE1, 0xE2 or 0xE3.
static inline __m128i fold_stops(__m128i chunk) {
    __m128i below = _mm_cmpeq_epi8(_mm_min_epu8(chunk, _mm_set1_epi8(0x20)), chunk);
    // 0xE1..0xE3 less 0xE1 is 0..2 unsigned: the lanes where that minimum with 2 is itself.
    __m128i offset = _mm_sub_epi8(chunk, _mm_set1_epi8((char)0xE1));
    __m128i shared = _mm_cmpeq_epi8(_mm_min_epu8(offset, _mm_set1_epi8(2)), offset);
    return _mm_or_si128(_mm_or_si128(below, shared), _mm_cmpeq_epi8(chunk, _mm_set1_epi8((char)0xC2)));
}

/// Lanes of all ones at `&`, `<`, `>`, `"` or `'`.
static inline __m128i html_stops(__m128i chunk) {
    return _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(chunk, _mm_set1_epi8('&')), _mm_cmpeq_epi8(chunk, _mm_set1_epi8('<'))),
        _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(chunk, _mm_set1_epi8('>')), _mm_cmpeq_epi8(chunk, _mm_set1_epi8('"'))),
            _mm_cmpeq_epi8(chunk, _mm_set1_epi8('\''))));
}
#endif

#if defined(__SSE2__)
typedef __m128i (*chunk_stops)(__m128i);
#endif

/// The index of the first byte of `bytes` where `stops` (16 at a time) or `is_stop` (one at a time) says
/// the run ends, or `count`. Inlined into each scan with its own two, so no call is made through them.
static inline size_t plain_length(const uint8_t *bytes, size_t count,
#if defined(__SSE2__)
                                  chunk_stops stops,
#endif
                                  bool (*is_stop)(uint8_t)) {
    size_t index = 0;
#if defined(__SSE2__)
    for (; index + 16 <= count; index += 16) {
        int mask = _mm_movemask_epi8(stops(load(bytes + index)));
        if (mask != 0) return index + (size_t)__builtin_ctz((unsigned)mask);
    }
    // The last bytes in one chunk that ends where the text does, the lanes already read shifted off.
    if (index < count && count >= 16) {
        unsigned mask = (unsigned)_mm_movemask_epi8(stops(load(bytes + count - 16))) >> (index - (count - 16));
        return mask != 0 ? index + (size_t)__builtin_ctz(mask) : count;
    }
#endif
    while (index < count && !is_stop(bytes[index])) index++;
    return index;
}

#if defined(__SSE2__)
#define SCAN(chunk, byte) chunk, byte
#else
#define SCAN(chunk, byte) byte
#endif

size_t scrollery_json_plain_length(const uint8_t *bytes, size_t count) {
    return plain_length(bytes, count, SCAN(json_stops, is_json_stop));
}

size_t scrollery_fold_plain_length(const uint8_t *bytes, size_t count) {
    return plain_length(bytes, count, SCAN(fold_stops, is_fold_stop));
}

size_t scrollery_html_plain_length(const uint8_t *bytes, size_t count) {
    return plain_length(bytes, count, SCAN(html_stops, is_html_stop));
}

bool scrollery_has_unwanted_controls(const uint8_t *bytes, size_t count) {
    size_t index = 0;
#if defined(__SSE2__)
    for (; index + 16 <= count; index += 16) {
        __m128i chunk = load(bytes + index);
        // Candidates: below 0x20 but tab and newline, DEL, and 0xC2 (C1 only if the next byte says so).
        __m128i allowed = _mm_or_si128(_mm_cmpeq_epi8(chunk, _mm_set1_epi8('\t')), _mm_cmpeq_epi8(chunk, _mm_set1_epi8('\n')));
        __m128i candidates = _mm_or_si128(
            _mm_andnot_si128(allowed, below_space(chunk)),
            _mm_or_si128(_mm_cmpeq_epi8(chunk, _mm_set1_epi8(0x7F)), _mm_cmpeq_epi8(chunk, _mm_set1_epi8((char)0xC2))));
        unsigned mask = (unsigned)_mm_movemask_epi8(candidates);
        while (mask != 0) {
            if (is_unwanted_at(bytes, count, index + (size_t)__builtin_ctz(mask))) return true;
            mask &= mask - 1;
        }
    }
#endif
    for (; index < count; index++) {
        if (is_unwanted_at(bytes, count, index)) return true;
    }
    return false;
}

bool scrollery_is_ascii(const uint8_t *bytes, size_t count) {
    size_t index = 0;
#if defined(__SSE2__)
    __m128i any = _mm_setzero_si128();
    for (; index + 16 <= count; index += 16) any = _mm_or_si128(any, load(bytes + index));
    if (_mm_movemask_epi8(any) != 0) return false;
#endif
    uint8_t high = 0;
    for (; index < count; index++) high |= bytes[index];
    return high < 0x80;
}

int scrollery_utf8_check_bytewise(const uint8_t *bytes, size_t count) {
    bool ascii = true;
    size_t index = 0;
    while (index < count) {
        uint8_t lead = bytes[index];
        if (lead < 0x80) {
            index++;
            continue;
        }
        ascii = false;
        // The lead byte gives the length and the range of the first continuation byte (Unicode, table 3-7).
        size_t length;
        uint8_t low = 0x80, high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            if (lead == 0xE0) low = 0xA0;
            if (lead == 0xED) high = 0x9F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            if (lead == 0xF0) low = 0x90;
            if (lead == 0xF4) high = 0x8F;
        } else {
            return 0;
        }
        if (count - index < length) return 0;
        if (bytes[index + 1] < low || bytes[index + 1] > high) return 0;
        for (size_t next = 2; next < length; next++) {
            if ((bytes[index + next] & 0xC0) != 0x80) return 0;
        }
        index += length;
    }
    return ascii ? 2 : 1;
}

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <string.h>
#include <tmmintrin.h>

// The lookup algorithm of Keiser and Lemire, "Validating UTF-8 in less than one instruction per byte"
// (Software: Practice and Experience, 2021): three table look-ups on the nibbles of each byte and the byte
// before it name the errors a pair of bytes can make; where a third or fourth byte of a scalar is due, two
// continuation bytes in a row are required instead of refused.
enum {
    TOO_SHORT = 1 << 0,
    TOO_LONG = 1 << 1,
    OVERLONG_3 = 1 << 2,
    TOO_LARGE = 1 << 3,
    SURROGATE = 1 << 4,
    OVERLONG_2 = 1 << 5,
    TOO_LARGE_1000 = 1 << 6,
    OVERLONG_4 = 1 << 6,
    TWO_CONTINUATIONS = 1 << 7,
    CARRY = TOO_SHORT | TOO_LONG | TWO_CONTINUATIONS,
};

#define LANE(value) ((char)(value))
#define LARGE (CARRY | TOO_LARGE | TOO_LARGE_1000)

/// The errors of each byte of `input` with the byte before it (the last of `previous` for the first).
__attribute__((target("ssse3"))) static inline __m128i utf8_block_errors(__m128i input, __m128i previous) {
    const __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i previous1 = _mm_alignr_epi8(input, previous, 15);
    __m128i byte1_high = _mm_shuffle_epi8(
        _mm_setr_epi8(LANE(TOO_LONG), LANE(TOO_LONG), LANE(TOO_LONG), LANE(TOO_LONG), LANE(TOO_LONG),
                      LANE(TOO_LONG), LANE(TOO_LONG), LANE(TOO_LONG), LANE(TWO_CONTINUATIONS),
                      LANE(TWO_CONTINUATIONS), LANE(TWO_CONTINUATIONS), LANE(TWO_CONTINUATIONS),
                      LANE(TOO_SHORT | OVERLONG_2), LANE(TOO_SHORT), LANE(TOO_SHORT | OVERLONG_3 | SURROGATE),
                      LANE(TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4)),
        _mm_and_si128(_mm_srli_epi16(previous1, 4), nibble));
    __m128i byte1_low = _mm_shuffle_epi8(
        _mm_setr_epi8(LANE(CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4), LANE(CARRY | OVERLONG_2), LANE(CARRY),
                      LANE(CARRY), LANE(CARRY | TOO_LARGE), LANE(LARGE), LANE(LARGE), LANE(LARGE), LANE(LARGE),
                      LANE(LARGE), LANE(LARGE), LANE(LARGE), LANE(LARGE), LANE(LARGE | SURROGATE), LANE(LARGE),
                      LANE(LARGE)),
        _mm_and_si128(previous1, nibble));
    __m128i byte2_high = _mm_shuffle_epi8(
        _mm_setr_epi8(LANE(TOO_SHORT), LANE(TOO_SHORT), LANE(TOO_SHORT), LANE(TOO_SHORT), LANE(TOO_SHORT),
                      LANE(TOO_SHORT), LANE(TOO_SHORT), LANE(TOO_SHORT),
                      LANE(TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4),
                      LANE(TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS | OVERLONG_3 | TOO_LARGE),
                      LANE(TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS | SURROGATE | TOO_LARGE),
                      LANE(TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS | SURROGATE | TOO_LARGE), LANE(TOO_SHORT),
                      LANE(TOO_SHORT), LANE(TOO_SHORT), LANE(TOO_SHORT)),
        _mm_and_si128(_mm_srli_epi16(input, 4), nibble));
    __m128i pairs = _mm_and_si128(_mm_and_si128(byte1_high, byte1_low), byte2_high);
    // 0x80 where the byte two back leads three or more bytes, or the byte three back leads four.
    __m128i third = _mm_subs_epu8(_mm_alignr_epi8(input, previous, 14), _mm_set1_epi8(LANE(0xE0 - 0x80)));
    __m128i fourth = _mm_subs_epu8(_mm_alignr_epi8(input, previous, 13), _mm_set1_epi8(LANE(0xF0 - 0x80)));
    __m128i due = _mm_and_si128(_mm_or_si128(third, fourth), _mm_set1_epi8(LANE(0x80)));
    return _mm_xor_si128(due, pairs);
}

/// Non-zero lanes where the last bytes of `input` lead a scalar that needs more bytes than are left.
__attribute__((target("ssse3"))) static inline __m128i utf8_incomplete(__m128i input) {
    return _mm_subs_epu8(input, _mm_setr_epi8(LANE(255), LANE(255), LANE(255), LANE(255), LANE(255), LANE(255),
                                              LANE(255), LANE(255), LANE(255), LANE(255), LANE(255), LANE(255),
                                              LANE(255), LANE(0xF0 - 1), LANE(0xE0 - 1), LANE(0xC0 - 1)));
}

__attribute__((target("ssse3"))) static int utf8_check_ssse3(const uint8_t *bytes, size_t count) {
    __m128i errors = _mm_setzero_si128(), previous = _mm_setzero_si128(), incomplete = _mm_setzero_si128();
    int high = 0;
    size_t index = 0;
    for (;;) {
        // The bytes after the last full chunk are read as a chunk of their own, zeros after them: a zero
        // after a lead byte is a scalar cut off, as the end is.
        bool last = count - index < 16;
        __m128i input;
        if (last) {
            uint8_t tail[16] = {0};
            if (count > index) memcpy(tail, bytes + index, count - index);
            input = _mm_loadu_si128((const __m128i *)tail);
        } else {
            input = _mm_loadu_si128((const __m128i *)(bytes + index));
        }
        int mask = _mm_movemask_epi8(input);
        if (mask == 0) {
            // ASCII: only a scalar the chunk before left unfinished can be wrong.
            errors = _mm_or_si128(errors, incomplete);
            incomplete = _mm_setzero_si128();
        } else {
            high |= mask;
            errors = _mm_or_si128(errors, utf8_block_errors(input, previous));
            incomplete = utf8_incomplete(input);
        }
        previous = input;
        if (last) break;
        index += 16;
    }
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(errors, _mm_setzero_si128())) != 0xFFFF) return 0;
    return high == 0 ? 2 : 1;
}

/// Whether the CPU has SSSE3 (CPUID leaf 1, ECX bit 9), asked once.
static bool has_ssse3(void) {
    static int known = -1;
    int value = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (value < 0) {
        unsigned eax, ebx, ecx, edx;
        value = __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_SSSE3) != 0;
        __atomic_store_n(&known, value, __ATOMIC_RELAXED);
    }
    return value != 0;
}

int scrollery_utf8_check(const uint8_t *bytes, size_t count) {
    if (count == 0) return 2;
    return has_ssse3() ? utf8_check_ssse3(bytes, count) : scrollery_utf8_check_bytewise(bytes, count);
}
#else
int scrollery_utf8_check(const uint8_t *bytes, size_t count) { return scrollery_utf8_check_bytewise(bytes, count); }
#endif
