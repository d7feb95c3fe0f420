/*
 * gplot.c - templates, scripts and the gnuplot child process (see gplot.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config.h"
#include "gplot.h"

static int readable(const char *dir, const char *file)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, file);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	fclose(f);
	return 1;
}

const char *gplot_template_dir(char *err, size_t errlen)
{
	static char found[4096];
	const char *env = getenv("PRAM_PLOTS_DIR");
	const char *cands[3] = {env && *env ? env : NULL, ABS_TOP_SRCDIR "/plots",
				PKGDATADIR "/plots"};
	for (size_t k = 0; k < 3; k++) {
		if (cands[k] && readable(cands[k], "common.gp")) {
			snprintf(found, sizeof found, "%s", cands[k]);
			return found;
		}
	}
	snprintf(err, errlen, "the plot templates (common.gp) are in none of %s%s%s, %s, %s",
		 env && *env ? "$PRAM_PLOTS_DIR = " : "", env && *env ? env : "",
		 env && *env ? "," : "", ABS_TOP_SRCDIR "/plots", PKGDATADIR "/plots");
	return NULL;
}

/* Copy the file tdir/name to out. Returns 0 or -1 with err. */
static int copy_template(FILE *out, const char *tdir, const char *name, char *err, size_t errlen)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", tdir, name);
	FILE *in = fopen(path, "r");
	if (!in) {
		snprintf(err, errlen, "cannot read the plot template %s: %s", path,
			 strerror(errno));
		return -1;
	}
	fprintf(out, "\n### from the template %s\n", name);
	char buf[4096];
	size_t got;
	while ((got = fread(buf, 1, sizeof buf, in)) > 0)
		fwrite(buf, 1, got, out);
	fclose(in);
	return 0;
}

int gplot_write_script(const char *dir, const char *name, const char *preamble, const char *tdir,
		       const char *kind, char *err, size_t errlen)
{
	char path[4096], tname[256];
	snprintf(path, sizeof path, "%s/%s.gp", dir, name);
	FILE *f = fopen(path, "w");
	if (!f) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	fprintf(
	    f,
	    "# %s.gp - drawn by pram report; redraw with\n"
	    "#   gnuplot -e \"fmt='png'\" %s.gp   (or fmt='svg', or fmt='dumb' for a terminal)\n"
	    "out = \"%s\"\n%s",
	    name, name, name, preamble);
	snprintf(tname, sizeof tname, "%s.gp", kind);
	int rc = copy_template(f, tdir, "common.gp", err, errlen);
	if (rc == 0)
		rc = copy_template(f, tdir, tname, err, errlen);
	if (fclose(f) && rc == 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		rc = -1;
	}
	return rc;
}

int gplot_run(const char *dir, const char *name, const char *fmt, char *err, size_t errlen)
{
	char script[512], setfmt[64];
	snprintf(script, sizeof script, "%s.gp", name);
	snprintf(setfmt, sizeof setfmt, "fmt='%s'", fmt);
	int fds[2];
	if (pipe(fds)) {
		snprintf(err, errlen, "cannot run gnuplot: %s", strerror(errno));
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "cannot run gnuplot: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		dup2(fds[1], 2);
		close(fds[1]);
		if (chdir(dir)) {
			fprintf(stderr, "cannot enter %s: %s\n", dir, strerror(errno));
			_exit(126);
		}
		execlp(GNUPLOT_PATH, GNUPLOT_PATH, "-e", setfmt, script, (char *)NULL);
		fprintf(stderr, "cannot run %s: %s\n", GNUPLOT_PATH, strerror(errno));
		_exit(127);
	}
	close(fds[1]);
	/* Keep the start of gnuplot's complaints; read on to the end so the
	 * child never blocks on a full pipe. */
	char buf[1024];
	size_t used = 0;
	ssize_t got;
	if (errlen)
		err[0] = '\0';
	while ((got = read(fds[0], buf, sizeof buf)) != 0) {
		if (got < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (ssize_t k = 0; k < got && used + 1 < errlen; k++)
			err[used++] = buf[k];
		if (errlen)
			err[used] = '\0';
	}
	close(fds[0]);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			snprintf(err, errlen, "lost the gnuplot process: %s", strerror(errno));
			return -1;
		}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	/* Trim the trailing newline; say what failed when gnuplot said nothing. */
	while (used > 0 && (err[used - 1] == '\n' || err[used - 1] == ' '))
		err[--used] = '\0';
	if (used == 0)
		snprintf(err, errlen, "%s exited with status %d on %s/%s", GNUPLOT_PATH,
			 WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), dir,
			 script);
	return -1;
}

int gplot_appendf(char **buf, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int add = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	size_t old = *buf ? strlen(*buf) : 0;
	char *nb = add < 0 ? NULL : realloc(*buf, old + (size_t)add + 1);
	if (!nb) {
		free(*buf);
		*buf = NULL;
		return -1;
	}
	va_start(ap, fmt);
	vsnprintf(nb + old, (size_t)add + 1, fmt, ap);
	va_end(ap);
	*buf = nb;
	return 0;
}

void gplot_quote(char *out, size_t outlen, const char *s, int plain)
{
	size_t k = 0;
	if (outlen < 3) {
		if (outlen)
			out[0] = '\0';
		return;
	}
	out[k++] = '"';
	for (; s && *s && k + 4 < outlen; s++) {
		if (*s == '"' || *s == '\\') {
			out[k++] = '\\';
		} else if (plain && strchr("^_@&~{}", *s)) {
			out[k++] = '\\'; /* "\\_" in the script: a literal _ in enhanced text */
			out[k++] = '\\';
		} else if (*s == '\n') {
			out[k++] = '\\'; /* "\n" in a double-quoted string: a new line */
			out[k++] = 'n';
			continue;
		}
		out[k++] = *s;
	}
	out[k++] = '"';
	out[k] = '\0';
}
