/*
 * The one-thread floor of a gallery build on this machine:
 *   1. libcmark rendering every description (safe mode, as Scrollery renders them: the UTF-8 is not checked
 *      again, the descriptions being valid), one after another;
 *   2. writing a tree of files of the given sizes (mkdir of each new folder, open, write, close);
 *   3. with INPUTS, first reading every file it lists (open, fstat, read, close), as a build from local
 *      JSON reads its pages and details: the bytes are not parsed.
 *
 *   floor DESCRIPTIONS TREE OUT [INPUTS]
 *
 * DESCRIPTIONS holds the Markdown descriptions separated by NUL bytes; TREE has one "SIZE PATH" line per
 * file (the tree Scrollery wrote); OUT must not exist; INPUTS has one path per line. Prints
 * "read_s=… cmark_s=… write_s=… items=… files=… inputs=…".
 * Built by bench/run.py with: cc -O2 bench/floor.c -lcmark
 */
#include <cmark.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static char *slurp(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc((size_t)length + 1);
    if (fread(bytes, 1, (size_t)length, file) != (size_t)length) { perror(path); exit(1); }
    bytes[length] = 0;
    fclose(file);
    *size = (size_t)length;
    return bytes;
}

/* Reads every file INPUTS lists as a build reads its source: open, fstat for the size, read, close. */
static size_t read_inputs(const char *list_path) {
    size_t list_size;
    char *list = slurp(list_path, &list_size);
    size_t count = 0, capacity = 1 << 16;
    char *bytes = malloc(capacity);
    for (char *line = strtok(list, "\n"); line; line = strtok(NULL, "\n")) {
        int fd = open(line, O_RDONLY);
        if (fd < 0) { perror(line); exit(1); }
        struct stat status;
        if (fstat(fd, &status) != 0) { perror(line); exit(1); }
        // Up to the size fstat gave, as the build reads: no call spent to find the end.
        size_t size = (size_t)status.st_size, total = 0;
        if (size > capacity) {
            capacity = size;
            bytes = realloc(bytes, capacity);
        }
        while (total < size) {
            ssize_t got = read(fd, bytes + total, size - total);
            if (got < 0 && errno == EINTR) continue;
            if (got < 0) { perror(line); exit(1); }
            if (got == 0) break;
            total += (size_t)got;
        }
        if (total != size) {
            fprintf(stderr, "%s: read %zu bytes where its size said %zu; did it change while being read?\n",
                    line, total, size);
            exit(1);
        }
        close(fd);
        count++;
    }
    free(bytes);
    free(list);
    return count;
}

static void make_parents(char *path) {
    for (char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        *slash = 0;
        if (mkdir(path, 0755) != 0 && errno != EEXIST) { perror(path); exit(1); }
        *slash = '/';
    }
}

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: floor DESCRIPTIONS TREE OUT [INPUTS]\n");
        return 2;
    }
    double started = now();
    size_t inputs = argc == 5 ? read_inputs(argv[4]) : 0;
    double read_s = now() - started;

    size_t size;
    char *descriptions = slurp(argv[1], &size);
    size_t items = 0;
    started = now();
    for (size_t offset = 0; offset < size;) {
        size_t length = strlen(descriptions + offset);
        char *html = cmark_markdown_to_html(descriptions + offset, length, CMARK_OPT_SAFE);
        free(html);
        offset += length + 1;
        items++;
    }
    double cmark_s = now() - started;

    size_t tree_size;
    char *tree = slurp(argv[2], &tree_size);
    static char buffer[1 << 20];
    memset(buffer, 'x', sizeof buffer);
    char path[8192], folder[8192] = "";
    size_t files = 0;
    started = now();
    if (mkdir(argv[3], 0755) != 0) { perror(argv[3]); return 1; }
    for (char *line = strtok(tree, "\n"); line; line = strtok(NULL, "\n")) {
        char *space = strchr(line, ' ');
        if (!space) continue;
        size_t bytes = strtoul(line, NULL, 10);
        snprintf(path, sizeof path, "%s/%s", argv[3], space + 1);
        char *last = strrchr(path, '/');
        size_t folder_length = (size_t)(last - path);
        if (strlen(folder) != folder_length || strncmp(folder, path, folder_length) != 0) {
            make_parents(path);
            memcpy(folder, path, folder_length);
            folder[folder_length] = 0;
        }
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) { perror(path); return 1; }
        for (size_t left = bytes; left > 0;) {
            size_t chunk = left < sizeof buffer ? left : sizeof buffer;
            ssize_t written = write(fd, buffer, chunk);
            if (written <= 0) { perror(path); return 1; }
            left -= (size_t)written;
        }
        close(fd);
        files++;
    }
    double write_s = now() - started;
    printf("read_s=%.4f cmark_s=%.4f write_s=%.4f items=%zu files=%zu inputs=%zu\n", read_s, cmark_s, write_s, items,
           files, inputs);
    return 0;
}
