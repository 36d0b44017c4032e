#include "byte_scan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline bool is_json_stop(uint8_t byte) { return byte == '"' || byte == '\\' || byte < 0x20; }

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
