#ifndef SCROLLERY_BUILD_INFO_H
#define SCROLLERY_BUILD_INFO_H
// What the program knows of the build that made it. A build from source knows nothing; `make dist` links in
// an object file that defines `scrollery_commit_text`, the commit it was built from (scripts/dist).

/// The commit the program was built from (12 hex digits, with `-dirty` when the work tree had changes), or
/// the empty string when the build did not record it.
const char *scrollery_build_commit(void);

#endif
