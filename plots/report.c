/*
 * report.c - what every writer of the report shares (report_int.h): the
 * names of the cost sources, sizes as text and the report folder's files.
 */
#include <errno.h>
#include <string.h>

#include "report_int.h"

const char *rep_source_name(rep_source s)
{
	static const char *const names[] = {"none", "simulator", "closed-form"};
	return names[s];
}

const char *report__size_str(size_t n, char *buf, size_t len)
{
	if (n && (n & (n - 1)) == 0) {
		unsigned k = 0;
		while (((size_t)1 << k) < n)
			k++;
		snprintf(buf, len, "2^%u", k);
	} else {
		snprintf(buf, len, "%zu", n);
	}
	return buf;
}

FILE *report__open(const report *r, const char *name, const char *ext, char *err, size_t errlen)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s.%s", r->outdir, name, ext);
	FILE *f = fopen(path, "w");
	if (!f)
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
	return f;
}

int report__close(FILE *f, const report *r, const char *name, const char *ext, char *err,
		  size_t errlen)
{
	if (fclose(f)) {
		snprintf(err, errlen, "cannot write %s/%s.%s: %s", r->outdir, name, ext,
			 strerror(errno));
		return -1;
	}
	return 0;
}
