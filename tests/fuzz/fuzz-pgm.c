/*
 * fuzz-pgm.c - libFuzzer target for the PGM reader (algos/pgm.c): whatever the
 * bytes, pgm_parse returns 0 with an image whose samples lie within its
 * maxval, or -1 with a message naming the offset; an image it accepts is
 * written raw and plain and must read back the same.
 *
 *     make fuzz        (configure --enable-fuzzers CC=clang; tests/fuzz/run.sh)
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void read_back(const pgm_image *img, int plain)
{
	char *buf = NULL, err[256];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert(f);
	assert(pgm_write(f, img, plain, err, sizeof err) == 0);
	fclose(f);
	pgm_image back;
	assert(pgm_parse((const unsigned char *)buf, len, "back", &back, err, sizeof err) == 0);
	assert(back.w == img->w && back.h == img->h && back.maxval == img->maxval);
	assert(memcmp(back.px, img->px, img->w * img->h * sizeof *img->px) == 0);
	pgm_free(&back);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pgm_image img;
	char err[256];
	err[0] = 0;
	if (pgm_parse(data, size, "fuzz", &img, err, sizeof err) == 0) {
		assert(img.w >= 1 && img.h >= 1 && img.maxval >= 1 && img.maxval <= 65535);
		for (size_t i = 0; i < img.w * img.h; i++)
			assert(img.px[i] <= img.maxval);
		if (img.w * img.h <= 4096) {
			read_back(&img, 0);
			read_back(&img, 1);
		}
		pgm_free(&img);
	} else {
		assert(img.px == NULL);
		assert(strncmp(err, "fuzz: offset ", 13) == 0);
		assert(strlen(err) < sizeof err);
	}
	return 0;
}
