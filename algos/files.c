/*
 * files.c - a path formatted whole, mkdir -p and a temporary folder
 * (files.h).
 */
#include "files.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int files_path(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= len) {
		if (len)
			buf[0] = '\0';
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

/* One folder: made, or already a folder. */
static int make_one(const char *path)
{
	if (mkdir(path, 0777) == 0)
		return 0;
	if (errno != EEXIST)
		return -1;
	struct stat st;
	if (stat(path, &st))
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return 0;
}

int files_mkdir_p(const char *path)
{
	char buf[4096];
	if (files_path(buf, sizeof buf, "%s", path))
		return -1;
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/' || p[-1] == '/')
			continue;
		*p = '\0';
		int r = make_one(buf);
		*p = '/';
		if (r)
			return -1;
	}
	return make_one(buf);
}

int files_tempdir(const char *prefix, char *buf, size_t len)
{
	const char *t = getenv("TMPDIR");
	if (files_path(buf, len, "%s/%s.XXXXXX", t && *t ? t : "/tmp", prefix))
		return -1;
	return mkdtemp(buf) ? 0 : -1;
}
