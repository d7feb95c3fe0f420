/*
 * files.h - the few file-system helpers every layer above the registry
 * writes folders and temporary files with: a path formatted without silent
 * truncation, mkdir -p, and a private temporary folder. Each returns 0, or
 * -1 with errno set (ENAMETOOLONG for a path that does not fit); none
 * prints or exits.
 *
 *     char dir[PATH_MAX], file[PATH_MAX];
 *     if (files_tempdir("pramcheck", dir, sizeof dir) == 0 &&
 *         files_path(file, sizeof file, "%s/%s", dir, "scan.c") == 0)
 *             ...
 */
#ifndef PRAM_FILES_H
#define PRAM_FILES_H

#include <stddef.h>

/* printf into buf; -1 (ENAMETOOLONG, buf empty) when the result does not
 * fit in len bytes. */
int files_path(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* mkdir -p path: every missing folder of path made (mode 0777 less the
 * umask); -1 with ENOTDIR when path or one of its parents is not a folder. */
int files_mkdir_p(const char *path);

/* A new private folder $TMPDIR/PREFIX.XXXXXX (/tmp without TMPDIR), its
 * path in buf. */
int files_tempdir(const char *prefix, char *buf, size_t len);

#endif
