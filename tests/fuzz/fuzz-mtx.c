/*
 * fuzz-mtx.c - libFuzzer target for the Matrix Market reader (algos/mtx.h):
 * the header, comments and blank lines, the size line, entries, symmetric
 * mirror images and duplicates. The first byte picks integer or float
 * values; the rest is the file. Whatever the bytes, the reader must return
 * 0 with a well-formed CSR or -1 with a message, never crash or leak.
 *
 *     make fuzz        (configure --enable-fuzzers CC=clang; tests/fuzz/run.sh)
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "mtx.h"

/* Rows and columns allowed here: the row starts of 2^31 rows would take
 * 16 GiB before a single entry is read, which is the caller's to allow. */
#define FUZZ_MAX_DIM (1u << 16)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	pram_type t = data[0] & 1 ? PRAM_FLOAT : PRAM_INT;
	FILE *f = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r");
	if (!f)
		return 0;
	if (size == 1)
		fgetc(f); /* an empty file: fmemopen wants at least one byte */
	mtx_csr m;
	char err[512];
	mtx_opts o = {.type = t, .max_dim = FUZZ_MAX_DIM};
	if (mtx_read(f, "fuzz", &o, &m, err, sizeof err) == 0) {
		assert(m.rows <= FUZZ_MAX_DIM && m.cols <= FUZZ_MAX_DIM);
		assert(m.row_start[0] == 0 && (size_t)m.row_start[m.rows] == m.nnz);
		assert(m.nnz + m.duplicates <= 2 * m.entries);
		for (size_t r = 0; r < m.rows; r++) {
			assert(m.row_start[r] <= m.row_start[r + 1]);
			for (int64_t j = m.row_start[r]; j < m.row_start[r + 1]; j++) {
				assert(m.col[j] >= 0 && (size_t)m.col[j] < m.cols);
				assert(j == m.row_start[r] || m.col[j - 1] < m.col[j]);
			}
		}
		mtx_free(&m);
	} else {
		assert(err[0] != 0 && strlen(err) < sizeof err);
		assert(m.row_start == NULL && m.col == NULL && m.val == NULL);
	}
	fclose(f);
	return 0;
}
