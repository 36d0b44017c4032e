// The floor of search indexing, for bench/search.py: one thread reads every details/<i>.json of a generated
// gallery (i = 1...N), lowercases ASCII, cuts the bytes into words (runs of ASCII letters and digits, or of
// bytes >= 0x80), and counts each distinct word in an open-addressing hash table. It folds no Unicode, makes
// no bigrams, writes no postings and no files: the least any index of the same text must do.
//
//     cc -O2 -o search_floor bench/search_floor.c && ./search_floor DATA/details N
//
// Prints the bytes read, the words and distinct words, and the seconds taken (reading included).
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define SLOTS (1u << 22)
static uint64_t hashes[SLOTS];
static uint32_t counts[SLOTS];
static unsigned char buffer[1 << 24];

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s DETAILS_FOLDER N\n", argv[0]);
        return 2;
    }
    const char *folder = argv[1];
    int n = atoi(argv[2]);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    long bytes = 0, words = 0, distinct = 0;
    char path[4096];
    for (int i = 1; i <= n; i++) {
        snprintf(path, sizeof path, "%s/%d.json", folder, i);
        int fd = open(path, O_RDONLY);
        if (fd < 0) continue;
        ssize_t length = read(fd, buffer, sizeof buffer);
        close(fd);
        if (length <= 0) continue;
        bytes += length;
        uint64_t hash = 1469598103934665603ull;
        int inWord = 0;
        for (ssize_t k = 0; k <= length; k++) {
            unsigned c = k < length ? buffer[k] : 0;
            if (c - 'A' < 26) c |= 0x20;
            if (c - 'a' < 26 || c - '0' < 10 || c >= 0x80) {
                hash = (hash ^ c) * 1099511628211ull;
                inWord = 1;
            } else if (inWord) {
                uint32_t slot = (uint32_t)(hash >> 40) & (SLOTS - 1);
                while (hashes[slot] && hashes[slot] != hash) slot = (slot + 1) & (SLOTS - 1);
                if (!hashes[slot]) {
                    hashes[slot] = hash;
                    distinct++;
                }
                counts[slot]++;
                words++;
                inWord = 0;
                hash = 1469598103934665603ull;
            }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%ld bytes, %ld words, %ld distinct, %.4f s\n", bytes, words, distinct,
           (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9);
    return 0;
}
