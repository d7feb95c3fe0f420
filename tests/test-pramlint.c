/*
 * test-pramlint.c - the static check of PRAM programs (check/pramlint.h) on
 * the cheats of tests/check/lint/, each of which names the findings it
 * must get ("lint: LINE: text" in its opening comment) and gets no other,
 * and on every PRAM program of lessons/ and of tests/check/ (honest
 * attempts, right or wrong: none, unless they name one too). Each file's
 * check is timed.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pramlint.h"
#include "tap.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	char *s = calloc(1, 1 << 16);
	size_t n = fread(s, 1, (1 << 16) - 1, f);
	s[n] = '\0';
	fclose(f);
	return s;
}

static double seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Run the check on path; the findings in *out (the caller frees). */
static int lint(const char *path, const char *shown, char **out, double *secs)
{
	size_t len = 0;
	FILE *f = open_memstream(out, &len);
	char err[1024] = "";
	double t0 = seconds();
	int n = pramlint_file(path, shown, TOP_SRCDIR "/sim", f, err, sizeof err);
	*secs = seconds() - t0;
	fclose(f);
	if (n < 0)
		printf("# %s: %s\n", shown, err);
	return n;
}

static void cheat(const char *dir, const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	char *src = slurp(path), *found = NULL;
	double secs;
	int n = lint(path, name, &found, &secs);
	int want = 0, missing = 0;
	for (const char *p = src; p && (p = strstr(p, "lint: ")); p++) {
		unsigned line;
		char text[256], key[300];
		if (sscanf(p, "lint: %u: %255[^\n]", &line, text) != 2)
			continue;
		want++;
		snprintf(key, sizeof key, "%s:%u: ", name, line);
		const char *at = found;
		int hit = 0;
		while (at && (at = strstr(at, key))) {
			const char *eol = strchr(at, '\n');
			if (strstr(at, text) && (!eol || strstr(at, text) < eol))
				hit = 1;
			at += strlen(key);
		}
		if (!hit) {
			printf("# %s: no finding \"%s%s\"\n", name, key, text);
			missing++;
		}
	}
	TAP_OK(want > 0 && missing == 0 && n == want,
	       "%s: the %d findings it names, no other (%d found, %.2f s)", name, want, n, secs);
	if (n != want || missing)
		printf("# found:\n# %s\n", found ? found : "");
	free(found);
	free(src);
}

static void honest(const char *path, const char *name)
{
	char *found = NULL;
	double secs;
	int n = lint(path, name, &found, &secs);
	TAP_OK(n == 0, "%s: no finding (%.2f s)", path + strlen(TOP_SRCDIR) + 1, secs);
	if (n)
		printf("# %s\n", found);
	free(found);
}

static int is_c(const char *name)
{
	size_t n = strlen(name);
	return n > 2 && strcmp(name + n - 2, ".c") == 0;
}

int main(void)
{
	if (!pramlint_available()) {
		printf("1..0 # SKIP pram check's static check is not built (configure found no "
		       "libclang: Debian's libclang-dev)\n");
		return 0;
	}
	/* The cheats, the lessons' programs, the corpus of mistakes: a file
	 * that names findings must get them, any other none. */
	static const char *const dirs[] = {"tests/check/lint",
					   "lessons/03-blelloch/solutions",
					   "lessons/03-blelloch/starter",
					   "lessons/14-scan-matrix/solutions",
					   "lessons/14-scan-matrix/starter",
					   "tests/check",
					   NULL};
	for (int k = 0; dirs[k]; k++) {
		char dir[2048], path[4096];
		snprintf(dir, sizeof dir, "%s/%s", TOP_SRCDIR, dirs[k]);
		DIR *d = opendir(dir);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			if (!is_c(e->d_name) || strcmp(e->d_name, "scan-compile-error.c") == 0)
				continue;
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			char *src = slurp(path);
			if (src && strstr(src, "lint: "))
				cheat(dir, e->d_name);
			else
				honest(path, e->d_name);
			free(src);
		}
		if (d)
			closedir(d);
	}
	return tap_done();
}
