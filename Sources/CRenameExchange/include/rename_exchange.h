#ifndef SCROLLERY_RENAME_EXCHANGE_H
#define SCROLLERY_RENAME_EXCHANGE_H

/// Atomically exchanges two paths (both must exist): Linux renameat2(RENAME_EXCHANGE), macOS
/// renamex_np(RENAME_SWAP). Returns 0 on success, -1 with errno set otherwise (e.g. EINVAL where the
/// file system cannot exchange), so the caller can fall back to two renames.
int scrollery_rename_exchange(const char *from, const char *to);

#endif
