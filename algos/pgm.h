/*
 * pgm.h - portable graymap images (Netpbm PGM): reading the plain (P2) and
 * raw (P5) forms, 8 and 16 bits a sample, and writing either form, so that
 * the 2-D algorithms (summed-area tables, filters) read and write pictures.
 *
 * The format, as Netpbm defines it: "P2" or "P5", whitespace, the width, the
 * height and the largest value (1 to 65535) as decimal numbers separated by
 * whitespace, '#' comments to the end of a line anywhere in that header; then
 * for P5 one whitespace character and w h samples of one byte (maxval < 256)
 * or two bytes, most significant first; for P2 w h decimal numbers separated
 * by whitespace (comments allowed there too). Rows go from the top of the
 * picture down. A sample above the largest value is an error, and so are
 * bytes after the raster (a file of several images: give one).
 */
#ifndef PRAM_PGM_H
#define PRAM_PGM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "algo.h"

/* Most pixels an image may hold (2^31: a 46340 by 46340 picture). */
#define PGM_MAX_PIXELS ((size_t)1 << 31)

typedef struct pgm_image {
	size_t w, h;
	unsigned maxval; /* 1 .. 65535 */
	uint16_t *px;    /* w h samples, row by row from the top; free with pgm_free */
} pgm_image;

/* Whether the first bytes of a file (len of them) start a PGM image: "P2" or
 * "P5" and a whitespace character or a '#'. */
int pgm_sniff(const unsigned char *buf, size_t len);

/* Whether the first bytes of a file (len of them) start a Netpbm image of
 * another kind, which this reader does not take: a bitmap (PBM, P1 or P4),
 * a colour image (PPM, P3 or P6) or a PAM (P7). Then what it is and how to
 * make a PGM of it go into what ("a colour (P6) PPM image: pramsim reads
 * grey images ... `ppmtopgm in.ppm > out.pgm` (Netpbm)"). */
int pgm_sniff_other(const unsigned char *buf, size_t len, char *what, size_t whatlen);

/* Parse the len bytes at buf as one PGM image into img. name is what
 * messages call the file. Returns 0, or -1 with "name: offset N (line L):
 * what" in err and img empty. */
int pgm_parse(const unsigned char *buf, size_t len, const char *name, pgm_image *img, char *err,
	      size_t errlen);
/* Read the file at path ("-": standard input) as pgm_parse does. */
int pgm_read_file(const char *path, pgm_image *img, char *err, size_t errlen);

/* Read the whole of f into a new buffer (*buf, *len; the caller frees
 * *buf). 0, or -1 (out of memory or a read error, in errno). */
int pgm_slurp(FILE *f, unsigned char **buf, size_t *len);

/* Write img to f: raw (P5, one byte a sample when maxval < 256, else two)
 * or plain (P2, at most 70 characters a line). Returns 0, or -1 with the
 * reason in err. */
int pgm_write(FILE *f, const pgm_image *img, int plain, char *err, size_t errlen);
/* The same into the file at path ("-": standard output). */
int pgm_write_file(const char *path, const pgm_image *img, int plain, char *err, size_t errlen);

/* The grid d as an image: each value rounded to the nearest integer, maxval
 * 255 when they all fit a byte, else 65535. Returns 0, or -1 with a message
 * naming the first value outside 0 .. 65535 (or d not a grid) in err. */
int pgm_from_data(const algo_data *d, pgm_image *img, char *err, size_t errlen);

/* Allocate a w by h image of maxval, every sample 0. 0 or -1. */
int pgm_alloc(pgm_image *img, size_t w, size_t h, unsigned maxval);
void pgm_free(pgm_image *img);

#endif /* PRAM_PGM_H */
