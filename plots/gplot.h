/*
 * gplot.h - gnuplot as a child process, for `pram report`.
 *
 * A figure is a CSV file and a gnuplot script beside it. The script is the
 * figure's own settings (a preamble of gnuplot variables the report writes)
 * followed by the installed templates plots/common.gp and plots/KIND.gp, so
 * it runs on its own: `gnuplot -e "fmt='svg'" scan-blelloch-time.gp` in the
 * report's folder redraws the SVG. Templates are found like the kernels:
 * the environment variable PRAM_PLOTS_DIR, then the source tree, then the
 * installed package data.
 */
#ifndef PRAM_GPLOT_H
#define PRAM_GPLOT_H

#include <stddef.h>

/* Size in pixels of every PNG the report draws (the tests read it back). */
#define GPLOT_PNG_WIDTH  1600
#define GPLOT_PNG_HEIGHT 900

/* The folder holding the templates: the first of $PRAM_PLOTS_DIR,
 * ABS_TOP_SRCDIR/plots and PKGDATADIR/plots that has common.gp. Returns a
 * string valid until the next call, or NULL with the places tried in err. */
const char *gplot_template_dir(char *err, size_t errlen);

/* Write dir/NAME.gp: preamble, then common.gp and KIND.gp from the template
 * folder tdir. Returns 0, or -1 with a message naming the file in err. */
int gplot_write_script(const char *dir, const char *name, const char *preamble, const char *tdir,
		       const char *kind, char *err, size_t errlen);

/* Run the configured gnuplot on dir/NAME.gp with fmt set ("png", "svg" or
 * "dumb"), in dir so the script's relative file names hold. Standard output
 * is the caller's (the dumb terminal draws there). Returns 0, or -1 with
 * gnuplot's error output (or why it could not start) in err. */
int gplot_run(const char *dir, const char *name, const char *fmt, char *err, size_t errlen);

/* Append printf-style text to the growing string *buf (caller frees).
 * Returns 0, or -1 when out of memory (then *buf is freed and NULL). */
int gplot_appendf(char **buf, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* s as a gnuplot double-quoted string literal, quotes included, into out.
 * With plain set, the enhanced-text marks (^ _ @ & ~ { }) are escaped too, for
 * names that must print as they are (a device's name); without it "2^{16}"
 * prints as a power. Truncates to fit outlen. */
void gplot_quote(char *out, size_t outlen, const char *s, int plain);

#endif
