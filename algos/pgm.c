/*
 * pgm.c - reading and writing PGM images (pgm.h): a parser over the bytes of
 * a whole file, so that every message can name the byte offset and the line
 * where the file went wrong, and the two writers.
 */
#include "pgm.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The parser's place in the file. */
typedef struct cursor {
	const unsigned char *b;
	size_t len, pos;
	long line; /* of pos, from 1 */
	const char *name;
	char *err;
	size_t errlen;
} cursor;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
fail_at(cursor *c, size_t pos, const char *fmt, ...)
{
	int o = snprintf(c->err, c->errlen, "%s: offset %zu (line %ld): ", c->name, pos, c->line);
	if (o < 0 || (size_t)o >= c->errlen)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->err + o, c->errlen - (size_t)o, fmt, ap);
	va_end(ap);
	return -1;
}

static int is_space(unsigned char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* Skip whitespace and '#' comments (to the end of their line). */
static void skip_blank(cursor *c)
{
	while (c->pos < c->len) {
		unsigned char ch = c->b[c->pos];
		if (ch == '#') {
			while (c->pos < c->len && c->b[c->pos] != '\n')
				c->pos++;
		} else if (is_space(ch)) {
			c->line += ch == '\n';
			c->pos++;
		} else {
			return;
		}
	}
}

/* One byte as a message shows it. */
static const char *shown(unsigned char ch, char *buf, size_t len)
{
	if (ch >= 0x20 && ch < 0x7f)
		snprintf(buf, len, "'%c'", ch);
	else
		snprintf(buf, len, "byte 0x%02x", ch);
	return buf;
}

/* A decimal number of at most max after blanks, ended by a blank, a '#' or
 * the end of the file; what names it in messages. */
static int number(cursor *c, const char *what, unsigned long max, unsigned long *out)
{
	char sb[16];
	skip_blank(c);
	if (c->pos >= c->len)
		return fail_at(c, c->pos, "the file ends before the %s", what);
	if (c->b[c->pos] < '0' || c->b[c->pos] > '9')
		return fail_at(c, c->pos, "%s where the %s should be (a decimal number)",
			       shown(c->b[c->pos], sb, sizeof sb), what);
	size_t start = c->pos;
	unsigned long v = 0;
	while (c->pos < c->len && c->b[c->pos] >= '0' && c->b[c->pos] <= '9') {
		v = v * 10 + (unsigned long)(c->b[c->pos] - '0');
		if (v > max)
			return fail_at(c, start, "the %s is above %lu", what, max);
		c->pos++;
	}
	if (c->pos < c->len && !is_space(c->b[c->pos]) && c->b[c->pos] != '#')
		return fail_at(c, c->pos, "%s after the %s (separate numbers by whitespace)",
			       shown(c->b[c->pos], sb, sizeof sb), what);
	*out = v;
	return 0;
}

int pgm_sniff(const unsigned char *buf, size_t len)
{
	return len >= 3 && buf[0] == 'P' && (buf[1] == '2' || buf[1] == '5') &&
	       (is_space(buf[2]) || buf[2] == '#');
}

int pgm_sniff_other(const unsigned char *buf, size_t len, char *what, size_t whatlen)
{
	/* Each kind with the commands that make a grey PGM of it: ImageMagick's
	 * convert, and Netpbm's programs, which read a PBM as a PGM and a PGM
	 * or a PAM as a PPM. */
	static const struct {
		char magic;
		const char *kind, *ext, *im_opts, *netpbm;
	} kinds[] = {
	    {'1', "a bitmap (P1) PBM image", "pbm", "", "pgmtopgm < in.pbm > out.pgm"},
	    {'4', "a bitmap (P4) PBM image", "pbm", "", "pgmtopgm < in.pbm > out.pgm"},
	    {'3', "a colour (P3) PPM image", "ppm", " -colorspace gray",
	     "ppmtopgm in.ppm > out.pgm"},
	    {'6', "a colour (P6) PPM image", "ppm", " -colorspace gray",
	     "ppmtopgm in.ppm > out.pgm"},
	    {'7', "a PAM (P7) image", "pam", " -colorspace gray", "ppmtopgm in.pam > out.pgm"},
	};
	if (len < 3 || buf[0] != 'P' || !(is_space(buf[2]) || buf[2] == '#'))
		return 0;
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		if (buf[1] == kinds[k].magic) {
			snprintf(what, whatlen,
				 "%s: pramsim reads grey images, PGM (P2 or P5); convert it first, "
				 "e.g. `convert in.%s%s out.pgm` (ImageMagick) or `%s` (Netpbm)",
				 kinds[k].kind, kinds[k].ext, kinds[k].im_opts, kinds[k].netpbm);
			return 1;
		}
	return 0;
}

int pgm_alloc(pgm_image *img, size_t w, size_t h, unsigned maxval)
{
	memset(img, 0, sizeof *img);
	size_t n = w * h;
	if (w && n / w != h)
		return -1;
	img->px = calloc(n ? n : 1, sizeof *img->px);
	if (!img->px)
		return -1;
	img->w = w;
	img->h = h;
	img->maxval = maxval;
	return 0;
}

void pgm_free(pgm_image *img)
{
	free(img->px);
	memset(img, 0, sizeof *img);
}

int pgm_parse(const unsigned char *buf, size_t len, const char *name, pgm_image *img, char *err,
	      size_t errlen)
{
	cursor c = {.b = buf, .len = len, .line = 1, .name = name, .err = err, .errlen = errlen};
	memset(img, 0, sizeof *img);
	char sb[16];
	char other[256];
	if (pgm_sniff_other(buf, len, other, sizeof other))
		return fail_at(&c, 0, "%s", other);
	if (len < 2 || buf[0] != 'P' || (buf[1] != '2' && buf[1] != '5'))
		return fail_at(&c, 0, "not a PGM image (it starts with P2 or P5)");
	int raw = buf[1] == '5';
	c.pos = 2;
	if (c.pos < len && !is_space(buf[c.pos]) && buf[c.pos] != '#')
		return fail_at(&c, c.pos, "%s after the magic number P%c",
			       shown(buf[c.pos], sb, sizeof sb), buf[1]);
	unsigned long w, h, maxval;
	if (number(&c, "width", PGM_MAX_PIXELS, &w) || number(&c, "height", PGM_MAX_PIXELS, &h) ||
	    number(&c, "largest value (maxval)", 65535, &maxval))
		return -1;
	if (w == 0 || h == 0)
		return fail_at(&c, c.pos, "a %lu by %lu image: both sides must be at least 1", w,
			       h);
	if (maxval == 0)
		return fail_at(&c, c.pos, "the largest value (maxval) is 0: give 1 to 65535");
	if ((uint64_t)w * h > PGM_MAX_PIXELS)
		return fail_at(&c, c.pos, "%lu by %lu pixels: more than the %zu this reader takes",
			       w, h, PGM_MAX_PIXELS);
	size_t n = (size_t)w * h;
	if (raw) {
		/* Exactly one whitespace character ends the header. */
		if (c.pos >= len)
			return fail_at(&c, c.pos, "the file ends before the raster");
		c.line += buf[c.pos] == '\n';
		c.pos++;
		size_t bps = maxval < 256 ? 1 : 2, need = n * bps, have = len - c.pos;
		if (have < need)
			return fail_at(&c, c.pos,
				       "the raster has %zu bytes; %lu by %lu samples of %zu byte%s "
				       "need %zu",
				       have, w, h, bps, bps == 1 ? "" : "s", need);
		if (have > need)
			return fail_at(&c, c.pos + need,
				       "%zu bytes after the raster (a file of several images? give "
				       "one)",
				       have - need);
		if (pgm_alloc(img, w, h, (unsigned)maxval))
			return fail_at(&c, c.pos, "out of memory for %lu by %lu pixels", w, h);
		const unsigned char *r = buf + c.pos;
		for (size_t i = 0; i < n; i++) {
			unsigned v = bps == 1 ? r[i] : (unsigned)r[2 * i] << 8 | r[2 * i + 1];
			if (v > maxval) {
				fail_at(&c, c.pos + i * bps,
					"sample %zu (row %zu, column %zu) is %u, above the largest "
					"value %lu",
					i, i / w, i % w, v, maxval);
				pgm_free(img);
				return -1;
			}
			img->px[i] = (uint16_t)v;
		}
		return 0;
	}
	/* Plain: n numbers need at least 2n - 1 bytes, so a short file is refused
	 * before anything is allocated for it. */
	skip_blank(&c);
	if ((uint64_t)2 * n - 1 > len - c.pos)
		return fail_at(&c, c.pos,
			       "%zu bytes left cannot hold %lu by %lu samples (the file is cut "
			       "short)",
			       len - c.pos, w, h);
	if (pgm_alloc(img, w, h, (unsigned)maxval))
		return fail_at(&c, c.pos, "out of memory for %lu by %lu pixels", w, h);
	for (size_t i = 0; i < n; i++) {
		char what[96];
		snprintf(what, sizeof what, "sample %zu (row %zu, column %zu)", i, i / w, i % w);
		unsigned long v;
		size_t at;
		skip_blank(&c);
		at = c.pos;
		if (number(&c, what, 65535, &v))
			goto fail;
		if (v > maxval) {
			fail_at(&c, at, "%s is %lu, above the largest value %lu", what, v, maxval);
			goto fail;
		}
		img->px[i] = (uint16_t)v;
	}
	skip_blank(&c);
	if (c.pos < len) {
		fail_at(&c, c.pos, "%s after the last sample (a file of several images? give one)",
			shown(buf[c.pos], sb, sizeof sb));
		goto fail;
	}
	return 0;
fail:
	pgm_free(img);
	return -1;
}

int pgm_slurp(FILE *f, unsigned char **buf, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	unsigned char *b = malloc(cap);
	if (!b)
		return -1;
	for (;;) {
		if (n == cap) {
			unsigned char *nb = realloc(b, cap * 2);
			if (!nb)
				goto fail;
			b = nb;
			cap *= 2;
		}
		size_t got = fread(b + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f))
		goto fail;
	*buf = b;
	*len = n;
	return 0;
fail:
	free(b);
	return -1;
}

int pgm_read_file(const char *path, pgm_image *img, char *err, size_t errlen)
{
	memset(img, 0, sizeof *img);
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	unsigned char *buf = NULL;
	size_t len = 0;
	int rc = pgm_slurp(f, &buf, &len);
	if (rc)
		snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
	if (f != stdin)
		fclose(f);
	if (!rc)
		rc = pgm_parse(buf, len, path, img, err, errlen);
	free(buf);
	return rc;
}

int pgm_write(FILE *f, const pgm_image *img, int plain, char *err, size_t errlen)
{
	size_t n = img->w * img->h;
	if (img->maxval < 1 || img->maxval > 65535) {
		snprintf(err, errlen, "a PGM's largest value must be 1 to 65535, not %u",
			 img->maxval);
		return -1;
	}
	fprintf(f, "P%c\n%zu %zu\n%u\n", plain ? '2' : '5', img->w, img->h, img->maxval);
	size_t col = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned v = img->px[i] > img->maxval ? img->maxval : img->px[i];
		if (plain) {
			char num[8];
			int k = snprintf(num, sizeof num, "%u", v);
			if (col && (col + 1 + (size_t)k > 70 || i % img->w == 0)) {
				fputc('\n', f);
				col = 0;
			} else if (col) {
				fputc(' ', f);
				col++;
			}
			fputs(num, f);
			col += (size_t)k;
		} else if (img->maxval < 256) {
			fputc((int)v, f);
		} else {
			fputc((int)(v >> 8), f);
			fputc((int)(v & 0xff), f);
		}
	}
	if (plain)
		fputc('\n', f);
	if (ferror(f)) {
		snprintf(err, errlen, "write error: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int pgm_write_file(const char *path, const pgm_image *img, int plain, char *err, size_t errlen)
{
	FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
	if (!f) {
		snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
		return -1;
	}
	char why[256];
	int rc = pgm_write(f, img, plain, why, sizeof why);
	if (f != stdout && fclose(f) && !rc) {
		snprintf(why, sizeof why, "write error: %s", strerror(errno));
		rc = -1;
	}
	if (rc)
		snprintf(err, errlen, "%s: %s", path, why);
	return rc;
}

int pgm_from_data(const algo_data *d, pgm_image *img, char *err, size_t errlen)
{
	memset(img, 0, sizeof *img);
	if (d->w == 0 || d->h == 0) {
		snprintf(err, errlen, "a PGM needs an image; this output is %s",
			 d->n ? "a vector" : "empty");
		return -1;
	}
	if (pgm_alloc(img, d->w, d->h, 255)) {
		snprintf(err, errlen, "out of memory for %zu by %zu pixels", d->w, d->h);
		return -1;
	}
	for (size_t i = 0; i < d->n; i++) {
		double v = d->type == PRAM_INT ? (double)d->vals[i].i : floor(d->vals[i].f + 0.5);
		if (!(v >= 0 && v <= 65535)) {
			snprintf(err, errlen,
				 "pixel %zu (row %zu, column %zu) is %g: a PGM holds 0 to 65535", i,
				 i / d->w, i % d->w, d->type == PRAM_INT ? v : d->vals[i].f);
			pgm_free(img);
			return -1;
		}
		img->px[i] = (uint16_t)v;
		if (v > 255)
			img->maxval = 65535;
	}
	return 0;
}
