/*
 * algo.h - the algorithm registry: one table that the command line, the
 * tests, the report tool and the lessons all read.
 *
 * Each algorithm is a PRAM program (run on libpram), a sequential reference
 * in plain C, its predicted work and depth (big-O and, where the program
 * allows, the exact closed form) and the name of its OpenCL kernels. To add
 * an algorithm, write its algo entry in a file of src/algos/ and list it in
 * registry.c; nothing else changes.
 */
#ifndef PRAM_ALGO_H
#define PRAM_ALGO_H

#include <stddef.h>
#include <stdint.h>

#include "pram.h"

/* Options of one run, from the command line. */
typedef struct algo_params {
	pram_op op;        /* sum, max or min for scans and reductions */
	int inclusive;     /* scans: 1 inclusive, 0 exclusive */
	pram_type type;    /* PRAM_INT or PRAM_FLOAT data */
	unsigned per_proc; /* elements per processor (Brent's f); 0 = the default */
	unsigned block;    /* block size (a power of two) of blocked algorithms; 0 = the default */
	pram_model model;  /* the model the run is checked under */
} algo_params;

/* An input or output vector. */
typedef struct algo_data {
	size_t n;             /* elements */
	pram_type type;       /* of vals */
	pram_value *vals;     /* n values; caller frees with algo_data_free */
	unsigned char *flags; /* n segment flags (1 = a segment starts), or NULL */
} algo_data;

/* Capabilities of an entry. */
enum {
	ALGO_OP = 1 << 0,        /* takes --op sum|max|min */
	ALGO_INCLUSIVE = 1 << 1, /* takes --inclusive / --exclusive */
	ALGO_FLOAT = 1 << 2,     /* runs on float data too */
	ALGO_FLAGS = 1 << 3,     /* reads segment flags */
	ALGO_PER_PROC = 1 << 4,  /* takes --per-proc f */
	ALGO_BLOCK = 1 << 5,     /* takes --block B */
	/* The output length depends on the data (one value per segment, the
	 * kept elements of a compaction): out_len gives an upper bound, n, and
	 * simulate and reference lower out->n to the real length. */
	ALGO_OUT_DATA = 1 << 6,
};

/* Exact cost for input size n, when the closed form exists for these
 * parameters: returns 0 and sets *w and *d, or -1 when there is none. */
typedef int (*algo_cost_fn)(size_t n, const algo_params *p, uint64_t *w, uint64_t *d);

typedef struct algo {
	const char *name;        /* "scan-blelloch" */
	const char *family;      /* "scan", "reduce", ... */
	const char *desc;        /* one line */
	pram_model model;        /* the weakest model the program is legal under */
	unsigned caps;           /* ALGO_* */
	int default_inclusive;   /* for ALGO_INCLUSIVE entries */
	const char *work_o;      /* "O(n log n)" */
	const char *depth_o;     /* "O(log n)" */
	const char *work_exact;  /* closed form in words, or NULL */
	const char *depth_exact; /* closed form in words, or NULL */
	algo_cost_fn cost;       /* exact W(n), D(n), or NULL */
	/* Output length for input length n. NULL: n. With ALGO_OUT_DATA, an
	 * upper bound that simulate and reference may lower. */
	size_t (*out_len)(size_t n, const algo_params *p);
	/* Fill in with a seeded random input of n elements; NULL: the default
	 * generator (integers in [0, 100), floats in [0, 1)). */
	int (*generate)(algo_data *in, size_t n, const algo_params *p, uint64_t seed);
	/* The PRAM program: run it on m, write the result into out (allocated by
	 * the caller with out_len elements; with ALGO_OUT_DATA it sets out->n to
	 * the elements written). Returns 0; errors are in m. */
	int (*simulate)(pram *m, const algo_data *in, algo_data *out, const algo_params *p);
	/* The sequential reference, into out (allocated by the caller; with
	 * ALGO_OUT_DATA it sets out->n as simulate does). */
	void (*reference)(const algo_data *in, algo_data *out, const algo_params *p);
	const char *kernel; /* name of the OpenCL kernels (gpu_run), or NULL */
} algo;

/* The registry, in display order, ended by NULL. */
extern const algo *const algo_registry[];
/* The entry named name, or NULL. */
const algo *algo_find(const char *name);

/* Default parameters for a: sum, its default inclusiveness, int, f = 0. */
algo_params algo_default_params(const algo *a);
size_t algo_out_len(const algo *a, size_t n, const algo_params *p);

/* Data vectors. algo_data_alloc returns 0 or -1 (out of memory); the
 * vectors are zeroed. algo_data_free accepts a zeroed or freed one. */
int algo_data_alloc(algo_data *d, size_t n, pram_type t, int with_flags);
void algo_data_free(algo_data *d);
int algo_generate(const algo *a, algo_data *in, size_t n, const algo_params *p, uint64_t seed);

/* Compare a result with the reference. Integers must be equal; floats must
 * agree within tol. On a mismatch returns the first bad index (and says why
 * in why), else -1. */
long algo_compare(const algo_data *got, const algo_data *want, double tol, char *why,
		  size_t whylen);
/* The float tolerance for results computed from in with unit roundoff eps
 * (DBL_EPSILON for the simulator, FLT_EPSILON for float kernels):
 * (ceil(log2 n) + 2) * eps * sum |in|. */
double algo_float_tolerance(const algo_data *in, double eps);

/* Read whitespace-separated numbers from path ("-" for standard input) into
 * d, as integers unless type is PRAM_FLOAT. A line "flags: 1 0 0 1 ..." gives
 * segment flags. Returns 0, or -1 with "file:line: what" in err. */
int algo_read_input(const char *path, pram_type type, algo_data *d, char *err, size_t errlen);

/* A seeded 64-bit generator (splitmix64) for inputs. */
uint64_t algo_rand(uint64_t *state);

/* Helpers for programs: ceil(log2 n) (0 for n <= 1), the next power of two. */
unsigned algo_ceil_log2(size_t n);
size_t algo_next_pow2(size_t n);

#endif /* PRAM_ALGO_H */
