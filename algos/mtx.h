/*
 * mtx.h - a reader of Matrix Market coordinate files (.mtx), the format
 * sparse matrices are exchanged in (NIST's Matrix Market, the SuiteSparse
 * collection), into compressed sparse rows (CSR).
 *
 * What it reads: a header line "%%MatrixMarket matrix coordinate FIELD
 * SYMMETRY" (the words in any case), FIELD integer, real or pattern and
 * SYMMETRY general or symmetric; then '%' comment lines and blank lines
 * anywhere; a size line "ROWS COLS ENTRIES"; and ENTRIES lines "I J [V]"
 * with 1-based indices (no V for pattern, whose entries are 1).
 *
 * What it makes of them: a symmetric file stores the lower triangle (an
 * entry above the diagonal is an error there), and each entry (i, j) off
 * the diagonal also stands for (j, i). Entries given more than once are
 * added into one, as most readers do (SciPy's coo_matrix.tocsr): the
 * matrix is the sum of its entries, and so is M x. The result has the
 * entries of each row in increasing column order, one per column.
 *
 * What it refuses, each with "file:line: what": the array (dense) format,
 * complex values, the hermitian and skew-symmetric symmetries, a missing or
 * malformed header or size line, indices outside the declared size, more or
 * fewer entries than declared, a value that is no number, sizes beyond
 * MTX_MAX (the kernels' 32-bit indices) or beyond what the caller's check
 * allows (mtx_opts.check, before anything is allocated for them), and NUL
 * bytes.
 */
#ifndef PRAM_MTX_H
#define PRAM_MTX_H

#include <stdint.h>
#include <stdio.h>

#include "pram.h"

/* The largest number of rows, columns and entries (after a symmetric
 * file's mirror images) a file may have. */
#define MTX_MAX INT32_MAX

typedef enum mtx_field {
	MTX_INTEGER,
	MTX_REAL,
	MTX_PATTERN
} mtx_field;

typedef enum mtx_symmetry {
	MTX_GENERAL,
	MTX_SYMMETRIC
} mtx_symmetry;

/* A matrix read from a file, in CSR. */
typedef struct mtx_csr {
	size_t rows, cols;     /* as the size line declares them */
	size_t nnz;            /* entries stored: mirrored, duplicates added */
	size_t entries;        /* entry lines in the file */
	size_t duplicates;     /* entries added into an earlier one of the same (i, j) */
	mtx_field field;       /* of the file */
	mtx_symmetry symmetry; /* of the file */
	pram_type type;        /* of val: PRAM_INT (.i) or PRAM_FLOAT (.f) */
	int64_t *row_start;    /* rows + 1 offsets into col and val */
	int64_t *col;          /* nnz 0-based columns, increasing within each row */
	pram_value *val;       /* nnz values */
} mtx_csr;

/* How mtx_read reads a file. */
typedef struct mtx_opts {
	/* The values' type: PRAM_FLOAT reads every field as floats; PRAM_INT
	 * reads integer and pattern files as integers and a real one as
	 * floats, as its header says (m->type tells which). */
	pram_type type;
	/* When not 0, the most rows and columns, below MTX_MAX. */
	size_t max_dim;
	/* When not NULL, called with the size line's numbers (the entries as
	 * declared, a symmetric file's mirror images not counted) before
	 * anything is allocated for them. Returns 0 to read on, or -1 with
	 * what they pass, and the limit, in why; mtx_read then fails with
	 * "name:line: a ROWS by COLS matrix with E entries: WHY", the line the
	 * size line's. */
	int (*check)(void *ud, size_t rows, size_t cols, size_t entries, mtx_symmetry sym,
		     char *why, size_t len);
	void *ud; /* check's own */
} mtx_opts;

/* Read a Matrix Market coordinate file from f (name: what the messages call
 * it) into m as o says. Returns 0 (free m with mtx_free), or -1 with
 * "name:line: what" in err and m empty. */
int mtx_read(FILE *f, const char *name, const mtx_opts *o, mtx_csr *m, char *err, size_t errlen);

/* Whether the text starting at line (a file's first line) is a Matrix
 * Market header: it starts with "%%MatrixMarket", in any case. */
int mtx_is_header(const char *line);

/* Free what mtx_read allocated; accepts a zeroed or freed m. */
void mtx_free(mtx_csr *m);

#endif
