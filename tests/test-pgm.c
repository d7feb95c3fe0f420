/*
 * test-pgm.c - the PGM reader and writers (algos/pgm.c): plain and raw images
 * of 8 and 16 bits with comments, round trips through both writers, the
 * errors (each must name the offset and the line), and `--input image.pgm`
 * filling a grid input through algo_read_stream.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "pgm.h"
#include "tap.h"

/* An algorithm with one image input, as the image programs declare it. */
static const algo_port image_inputs[] = {
    {.name = "image", .shape = ALGO_GRID, .elem = ALGO_ELEM_DATA, .help = "an image"},
    {0},
};
static const algo image_algo = {
    .name = "image-test",
    .family = "test",
    .desc = "one grid input",
    .caps = ALGO_FLOAT,
    .inputs = image_inputs,
};

static int parse(const char *bytes, size_t len, pgm_image *img, char *err, size_t errlen)
{
	return pgm_parse((const unsigned char *)bytes, len, "t.pgm", img, err, errlen);
}

/* A bad file: refused with a message holding want. */
static void refused(const char *what, const char *bytes, size_t len, const char *want)
{
	pgm_image img;
	char err[256] = "";
	int rc = parse(bytes, len, &img, err, sizeof err);
	TAP_OK_WHY(rc == -1 && img.px == NULL, err, "%s: refused", what);
	TAP_CONTAINS(err, want, "%s: the message says where", what);
}

static void round_trip(unsigned maxval, int plain)
{
	pgm_image img, back;
	char err[256] = "";
	pgm_alloc(&img, 7, 3, maxval);
	for (size_t i = 0; i < 21; i++)
		img.px[i] = (uint16_t)((i * 7919u) % (maxval + 1u));
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc = pgm_write(f, &img, plain, err, sizeof err);
	fclose(f);
	rc = rc || parse(buf, len, &back, err, sizeof err);
	TAP_OK_WHY(rc == 0 && back.w == 7 && back.h == 3 && back.maxval == maxval &&
		       memcmp(back.px, img.px, 21 * sizeof *img.px) == 0,
		   err, "%s maxval %u: written and read back", plain ? "P2" : "P5", maxval);
	if (!plain) {
		char mv[16];
		size_t head = strlen("P5\n7 3\n") + (size_t)snprintf(mv, sizeof mv, "%u\n", maxval);
		TAP_EQ_I(len, head + 21 * (maxval > 255 ? 2 : 1),
			 "P5 maxval %u: the header and %d-byte samples", maxval,
			 maxval > 255 ? 2 : 1);
	}
	if (rc == 0)
		pgm_free(&back);
	pgm_free(&img);
	free(buf);
}

int main(void)
{
	pgm_image img;
	char err[256] = "";

	const char p2[] = "P2\n# made by hand\n3 2 # width height\n# maxval next\n9\n0 1 2\n"
			  "# a comment in the raster\n7 8 9\n";
	int rc = parse(p2, sizeof p2 - 1, &img, err, sizeof err);
	TAP_OK_WHY(rc == 0 && img.w == 3 && img.h == 2 && img.maxval == 9, err,
		   "P2 with comments: 3 by 2, maxval 9");
	TAP_OK(rc == 0 && img.px[0] == 0 && img.px[2] == 2 && img.px[3] == 7 && img.px[5] == 9,
	       "P2: the samples row by row");
	if (rc == 0)
		pgm_free(&img);

	const char p5[] = "P5 2 2 255\n\x00\x7f\x80\xff";
	rc = parse(p5, sizeof p5 - 1, &img, err, sizeof err);
	TAP_OK_WHY(rc == 0 && img.px[0] == 0 && img.px[1] == 127 && img.px[2] == 128 &&
		       img.px[3] == 255,
		   err, "P5 8-bit: one byte a sample");
	if (rc == 0)
		pgm_free(&img);

	const char p16[] = "P5\n2 1\n65535\n\x01\x02\xff\xfe";
	rc = parse(p16, sizeof p16 - 1, &img, err, sizeof err);
	TAP_OK_WHY(rc == 0 && img.px[0] == 0x0102 && img.px[1] == 0xfffe, err,
		   "P5 16-bit: two bytes a sample, most significant first");
	if (rc == 0)
		pgm_free(&img);

	round_trip(255, 0);
	round_trip(65535, 0);
	round_trip(1000, 0);
	round_trip(255, 1);
	round_trip(65535, 1);

	refused("not a PGM", "GIF89a\1\0\1\0", 10, "offset 0 (line 1): not a PGM");
	refused("a colour PPM", "P6\n1 1\n255\n\0\0\0", 14,
		"offset 0 (line 1): a colour (P6) PPM image: pramsim reads grey images, PGM (P2 "
		"or P5); convert it first, e.g. `convert in.ppm -colorspace gray out.pgm` "
		"(ImageMagick) or `ppmtopgm in.ppm > out.pgm` (Netpbm)");
	refused("a plain PBM", "P1 1 1 0", 8, "a bitmap (P1) PBM image");
	refused("no maxval", "P2\n2 2\n", 7, "offset 7 (line 3): the file ends before the largest");
	refused("maxval 0", "P2 1 1 0 0", 10, "maxval) is 0");
	refused("maxval too large", "P2 1 1 65536 0", 14,
		"offset 7 (line 1): the largest value "
		"(maxval) is above 65535");
	refused("zero width", "P2 0 1 255 ", 11, "a 0 by 1 image");
	refused("letter in the header", "P2\n2 x\n", 7, "offset 5 (line 2): 'x' where the height");
	refused("raw raster cut short", "P5 2 2 255\n\1\2\3", 14,
		"offset 11 (line 2): the raster has 3 bytes; 2 by 2 samples of 1 byte need 4");
	refused("raw 16-bit cut short", "P5 1 1 300\n\1", 12, "samples of 2 bytes need 2");
	refused("raw sample above maxval", "P5 2 1 100\n\1\145", 13,
		"offset 12 (line 2): sample 1 (row 0, column 1) is 101, above the largest value "
		"100");
	refused("plain sample above maxval", "P2\n2 1\n9\n3\n10\n", 14,
		"offset 11 (line 5): sample 1 (row 0, column 1) is 10");
	refused("plain raster cut short", "P2\n2 2\n9\n1 2 3", 15, "cannot hold 2 by 2 samples");
	refused("plain junk", "P2\n2 1\n9\n1 z 3", 14,
		"offset 11 (line 4): 'z' where the sample 1");
	refused("two images", "P5 1 1 255\n\1P5 1 1 255\n\1", 24,
		"offset 12 (line 2): 12 bytes after the raster");
	refused("huge header", "P5 100000 100000 255\n", 21, "more than the");

	/* --input image.pgm fills the first grid input. */
	const algo *sat = &image_algo;
	const algo *scan = algo_find("scan-blelloch");
	TAP_OK(scan != NULL, "the registry has scan-blelloch");
	if (scan) {
		algo_params p = algo_default_params(sat);
		algo_data in[ALGO_MAX_PORTS];
		FILE *f = fmemopen((void *)p2, sizeof p2 - 1, "r");
		rc = algo_read_stream(sat, f, "t.pgm", &p, in, err, sizeof err);
		fclose(f);
		TAP_OK_WHY(rc == 0 && in[0].w == 3 && in[0].h == 2 && in[0].n == 6 &&
			       in[0].vals[4].i == 8,
			   err, "a PGM as an image input: a 3 by 2 grid of its samples");
		if (rc == 0)
			algo_data_free_all(in, algo_nin(sat));
		p.type = PRAM_FLOAT;
		f = fmemopen((void *)p16, sizeof p16 - 1, "r");
		rc = algo_read_stream(sat, f, "t.pgm", &p, in, err, sizeof err);
		fclose(f);
		TAP_OK_WHY(rc == 0 && in[0].type == PRAM_FLOAT && in[0].vals[1].f == 65534.0, err,
			   "a 16-bit PGM under --float: the samples as floats");
		if (rc == 0)
			algo_data_free_all(in, algo_nin(sat));
		p = algo_default_params(scan);
		f = fmemopen((void *)p2, sizeof p2 - 1, "r");
		rc = algo_read_stream(scan, f, "t.pgm", &p, in, err, sizeof err);
		fclose(f);
		TAP_OK(rc == -1, "a PGM for an algorithm without a grid input: refused");
		TAP_CONTAINS(err, "t.pgm: a PGM image, but scan-blelloch reads no image",
			     "and the message says why");
		f = fmemopen((void *)"P5 1 1 255\n", 11, "r");
		rc = algo_read_stream(sat, f, "t.pgm", &p, in, err, sizeof err);
		fclose(f);
		TAP_CONTAINS(err, "t.pgm: offset 11 (line 2): the raster has 0 bytes",
			     "a broken PGM through --input: the reader's message");
	}
	return tap_done();
}
