#ifndef SCROLLERY_BYTE_SCAN_H
#define SCROLLERY_BYTE_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if !defined(__clang__) && !defined(_Nullable)
#define _Nullable
#endif

// The scans of text's bytes that run over every byte of a build's input and output, sixteen bytes at a time
// where the CPU has SSE2 (every x86-64) and one at a time elsewhere. Each reads only bytes[0..<count], and
// `bytes` may be NULL when `count` is 0.

/// How many bytes at the start of `bytes` stand for themselves in a JSON string: the index of the first
/// quote, backslash or byte below 0x20, or `count` when there is none.
size_t scrollery_json_plain_length(const uint8_t *_Nullable bytes, size_t count);

/// How many bytes at the start of `bytes` are surely part of a word when white space is folded: the index of
/// the first byte below 0x21 (ASCII white space, controls, space) or that starts some white space past
/// ASCII (0xC2, 0xE1, 0xE2 or 0xE3), or `count` when there is none.
size_t scrollery_fold_plain_length(const uint8_t *_Nullable bytes, size_t count);

/// How many bytes at the start of `bytes` HTML escaping writes as they are: the index of the first `&`,
/// `<`, `>`, `"` or `'`, or `count` when there is none.
size_t scrollery_html_plain_length(const uint8_t *_Nullable bytes, size_t count);

/// Whether valid UTF-8 holds a control character that text from a source may not pass on: a byte below
/// 0x20 but tab and newline, DEL (0x7F), or C1 (0xC2 followed by a byte below 0xA0, which in valid UTF-8
/// is 0x80-0x9F).
bool scrollery_has_unwanted_controls(const uint8_t *_Nullable bytes, size_t count);

/// Whether every byte is below 0x80 (ASCII).
bool scrollery_is_ascii(const uint8_t *_Nullable bytes, size_t count);

/// What UTF-8 checking finds in `bytes`: 0 when they are not valid UTF-8 (a stray or missing continuation
/// byte, an overlong form, a surrogate, a scalar past U+10FFFF, or a scalar cut off at the end), 1 when they
/// are valid, 2 when they are valid and all ASCII. Sixteen bytes at a time where the CPU has SSSE3.
int scrollery_utf8_check(const uint8_t *_Nullable bytes, size_t count);

/// `scrollery_utf8_check` one scalar at a time, as it runs where there is no SSSE3: the reference for tests.
int scrollery_utf8_check_bytewise(const uint8_t *_Nullable bytes, size_t count);

#endif
