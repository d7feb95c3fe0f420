/*
 * spmv_csr.c - the sparse matrix-vector product y = M x with M in
 * compressed sparse rows (CSR), by a segmented scan, as the notes' "Sparse
 * Matrix-Vector Multiplication (SPMV)" does it.
 *
 * M has m rows and k non-zeros, stored in three arrays: V, the values row
 * by row; C, the column of each value; and R, the m + 1 row starts, so
 * that row i is V[R_i] .. V[R_(i+1) - 1] (R_0 = 0, R_m = k). The notes'
 * steps, one array each:
 *
 *   multiply  V'_j = V_j x_(C_j)                                 k processors
 *   flags     F_j = 1 <=> j in R: clear F, then each non-empty row i
 *             sets F[R_i] = 1                                  k, then m processors
 *   scan      V'' = the inclusive segmented scan of V' with flags F, one
 *             segment per row: segmented Hillis-Steele on (flag, value)
 *             pairs, (fa, a) (+) (fb, b) = (fa | fb, fb ? b : a + b); the
 *             step of distance 1 reads V' and F and writes V'' and a
 *             working copy G of the flags, the steps of d = 2, 4, ... < k
 *             work on V'' and G in place
 *   gather    y_i = V''[R_(i+1) - 1], the sum of row i        m processors
 *
 * Empty rows (R_i = R_(i+1)) need care in two places, and the notes'
 * example has none. In the flags step an empty row sets no flag: its R_i
 * is the start of the next non-empty row, which sets that flag itself
 * (and when no non-empty row follows, R_i = k lies past V'), so F is still
 * exactly "j in R" and no two processors write one cell. In the gather,
 * V''[R_(i+1) - 1] of an empty row is the previous row's sum: an empty row
 * gets y_i = 0 instead.
 *
 * Cost, for k >= 1 (and so m >= 1), K = max(1, ceil(log2 k)):
 *
 *   W = k + k + m + (k + sum over d = 2, 4, ... < k of (k - d)) + m
 *     = 3k + 2m + sum over d = 2, 4, ... < k of (k - d)
 *   D = 1 + 2 + K + 1 = K + 4
 *
 * and for k = 0 only the gather runs (W = m, D = 1; nothing when m = 0).
 * The notes' example (k = 8, m = 5): W = 24 + 10 + 6 + 4 = 44, D = 7. W
 * depends on m as well as on k = n, the first input's length, so the
 * closed form for a given input is spmv_cost_in; spmv_cost gives it for
 * the generators' shapes where m follows from n (band and uniform).
 *
 * Memory model: CREW. Every non-zero of column c reads x_c in the multiply,
 * processors i and i + 1 both read R_(i+1) in the flags and gather steps,
 * and the doubling steps read V''[j] from processors j and j + d. Writes
 * are exclusive (that is why an empty row sets no flag). So EREW, and the
 * scan model (EREW with a unit-cost scan), refuse it at the multiply
 * whenever two non-zeros share a column, as in the notes' example; giving
 * each non-zero its own copy of x would need a distribution by a scan over
 * the columns, a different program.
 *
 * Floats: y_i is a sum of k_i rounded products, added in some order (a
 * tree here, other orders in the kernels). A product is rounded once and
 * any order of k_i terms errs by at most (k_i - 1) u sum |V_j x_(C_j)|, so
 * each y_i is within (k_i + 2) eps sum over row i of |V_j x_(C_j)| of the
 * exact sum (eps: the machine epsilon, 2u, and two more terms for the
 * second-order ones); the tolerance is the largest of these over the rows
 * (spmv_tolerance), the bound cuSPARSE's check in bench/vendor.cu uses.
 *
 * Inputs are checked before anything runs, each error naming the port and
 * the index (spmv_check): one column per value, R of at least one entry,
 * R_0 = 0, R never decreasing, R_m = k, every column in [0, length of x).
 *
 * `--input` reads a Matrix Market coordinate file too (algos/mtx.h): its
 * matrix, and x_j = j + 1 (the 1-based column number, so that a value in
 * the wrong column shows), since the format holds no vector.
 *
 * The generators (--dist), sized by n = k, make the three shapes that
 * bench/vendor.cu times cuSPARSE on:
 *   band       32 non-zeros a row (the last row the rest), the columns
 *              min(max(i - 16, 0), c - 32) on, next to the diagonal;
 *              m = ceil(k / 32) rows, c = max(m, 32) columns
 *   uniform    4 non-zeros a row (the last row the rest), each in a column
 *              drawn uniformly: m = c = ceil(k / 4)
 *   power-law  row lengths from a Pareto law (alpha 1.5, at least 2 as
 *              drawn, at most 2^20, the last row the rest), uniform
 *              columns; c = m, as many rows as it takes
 * and one no vendor row times, for kernels that must take any rows:
 *   sparse-rows  uniform's rows of 4, each followed by 7 empty ones:
 *              m = 8 ceil(k / 4) rows, more than the non-zeros (a kernel
 *              of a work-item a non-zero must loop over rows), c =
 *              ceil(k / 4) columns
 * Columns are sorted within each row, as CSR has them (a column may come
 * twice in a row of random ones, as in the vendor's). Only sparse-rows
 * has empty rows; the case files and tests/spmv-mtx.sh give others. Values are whole
 * numbers in [1, 100), x in [0, 100); with --float values in (0, 1] and x
 * in [0, 1), multiples of 2^-24.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common.h"
#include "mtx.h"

/* The ports, by index. */
enum {
	IN_V,
	IN_C,
	IN_R,
	IN_X
};

static const algo_port spmv_inputs[] = {
    [IN_V] = {.name = "values",
	      .shape = ALGO_VECTOR,
	      .elem = ALGO_ELEM_DATA,
	      .help = "V: the non-zeros of M, row by row"},
    [IN_C] = {.name = "columns",
	      .shape = ALGO_VECTOR,
	      .elem = ALGO_ELEM_INT,
	      .help = "C: the column of each value, from 0"},
    [IN_R] = {.name = "row-starts",
	      .shape = ALGO_VECTOR,
	      .elem = ALGO_ELEM_INT,
	      .help =
		  "R: where each row starts in V, m + 1 entries from 0 to the number of values"},
    [IN_X] = {.name = "x", .shape = ALGO_VECTOR, .elem = ALGO_ELEM_DATA, .help = "the vector x"},
    {0},
};

static const algo_port spmv_outputs[] = {
    {.name = "y", .shape = ALGO_VECTOR, .elem = ALGO_ELEM_DATA, .help = "y = M x, one per row"},
    {0},
};

/* The shapes of the generated matrices (--dist). */
enum {
	DIST_BAND,
	DIST_UNIFORM,
	DIST_POWER_LAW,
	DIST_SPARSE_ROWS
};
static const char *const spmv_dists[] = {"band", "uniform", "power-law", "sparse-rows", NULL};

#define BAND_WIDTH  32 /* non-zeros a row of the banded matrix, as bench/vendor.cu's */
#define UNIFORM_ROW 4  /* the mean row length of the uniform one */
#define POWER_MAX   ((size_t)1 << 20)
#define SPARSE_GAP  8 /* sparse-rows: a row of UNIFORM_ROW in every SPARSE_GAP */

enum {
	P_DIST,
	P_METHOD,
	P_LANES,
	P_PER_PROC,
	P_GROUP,
	P_PARTITION
};

/* The tuned kernels' methods (kernels/gpu_spmv_csr.c). */
static const char *const spmv_methods[] = {"auto", "tiles", "vector", NULL};
static const char *const spmv_partitions[] = {"once", "each-run", NULL};

static const algo_param spmv_params[] = {
    [P_DIST] = {.name = "dist",
		.metavar = "D",
		.def = DIST_UNIFORM,
		.choices = spmv_dists,
		.help = "shape of the generated matrix (bench/vendor.cu's three, and sparse-rows: "
			"twice as many rows as non-zeros, most of them empty)"},
    /* The tuned kernels' shape, for sweeping them on a GPU. */
    [P_METHOD] = {.name = "method",
		  .metavar = "M",
		  .def = 0,
		  .choices = spmv_methods,
		  .help =
		      "tuned kernel: tiles of non-zeros (any rows), vector (lanes a row; rows of "
		      "even lengths) or auto (vector when no row is longer than twice the mean, "
		      "and none longer than 8 or at most 2^22 non-zeros)"},
    [P_LANES] = {.name = "lanes",
		 .metavar = "W",
		 .min = 0,
		 .max = 32,
		 .def = 0,
		 .props = ALGO_PARAM_POW2,
		 .help = "vector method: work-items a row (0: the mean row length's power of two, "
			 "at most 32)"},
    [P_PER_PROC] = {.name = "per-proc",
		    .metavar = "F",
		    .min = 0,
		    .max = 32,
		    .def = 0,
		    .help = "tiles method: non-zeros a work-item (0: 8); vector method: rows a "
			    "vector takes at once (0: 8 for 4 lanes or fewer, else 4)"},
    [P_GROUP] = PROG_PARAM_GROUP("256"),
    [P_PARTITION] = {.name = "partition",
		     .metavar = "P",
		     .def = 0,
		     .choices = spmv_partitions,
		     .help =
			 "tiles method: where each tile (or span of tiles) finds its first "
			 "row, a search of R: once (on the host before the first run, from R "
			 "alone, as cusparseSpMV_preprocess runs before cuSPARSE's timed calls; "
			 "no run searches) or each-run (on the device in every run)"},
    {0},
};

/* ---- the input ----------------------------------------------------- */

/* Check in's CSR structure. Returns 0, or -1 with what is wrong, naming the
 * port and the index, in err. */
static int spmv_check(const algo_data *in, char *err, size_t errlen)
{
	const algo_data *V = &in[IN_V], *C = &in[IN_C], *R = &in[IN_R], *x = &in[IN_X];
	if (C->n != V->n) {
		snprintf(err, errlen,
			 "columns has %zu entries and values %zu: give one column per value", C->n,
			 V->n);
		return -1;
	}
	if (R->n == 0) {
		snprintf(err, errlen,
			 "row-starts is empty: give m + 1 entries, from 0 to the number of values");
		return -1;
	}
	if (R->vals[0].i != 0) {
		snprintf(err, errlen, "row-starts[0] is %" PRId64 ": the first row starts at 0",
			 R->vals[0].i);
		return -1;
	}
	for (size_t i = 1; i < R->n; i++)
		if (R->vals[i].i < R->vals[i - 1].i) {
			snprintf(err, errlen,
				 "row-starts[%zu] = %" PRId64 " is below row-starts[%zu] = %" PRId64
				 ": row starts never decrease",
				 i, R->vals[i].i, i - 1, R->vals[i - 1].i);
			return -1;
		}
	if (R->vals[R->n - 1].i != (int64_t)V->n) {
		snprintf(err, errlen,
			 "row-starts[%zu] = %" PRId64
			 ", but there are %zu values: the last row start is the number of values",
			 R->n - 1, R->vals[R->n - 1].i, V->n);
		return -1;
	}
	for (size_t j = 0; j < C->n; j++)
		if (C->vals[j].i < 0 || (uint64_t)C->vals[j].i >= x->n) {
			snprintf(err, errlen,
				 "columns[%zu] = %" PRId64
				 " lies outside [0, %zu): x has %zu elements",
				 j, C->vals[j].i, x->n, x->n);
			return -1;
		}
	return 0;
}

static size_t spmv_rows(const algo_data *in)
{
	return in[IN_R].n ? in[IN_R].n - 1 : 0;
}

static size_t spmv_out_len(const algo_data *in, size_t port, const algo_params *p)
{
	(void)port;
	(void)p;
	return spmv_rows(in);
}

/* a * b and a + b in t, integers wrapping (as the kernels' do) rather than
 * overflowing. */
static pram_value mul(pram_type t, pram_value a, pram_value b)
{
	pram_value r;
	if (t == PRAM_INT)
		r.i = (int64_t)((uint64_t)a.i * (uint64_t)b.i);
	else
		r.f = a.f * b.f;
	return r;
}

static pram_value add(pram_type t, pram_value a, pram_value b)
{
	pram_value r;
	if (t == PRAM_INT)
		r.i = (int64_t)((uint64_t)a.i + (uint64_t)b.i);
	else
		r.f = a.f + b.f;
	return r;
}

/* ---- cost ---------------------------------------------------------- */

/* W and D for k non-zeros in m rows (the header's derivation). */
static void cost_km(size_t k, size_t m, uint64_t *w, uint64_t *d)
{
	*w = *d = 0;
	if (k == 0) {
		*w = m;
		*d = m > 0;
		return;
	}
	*w = 3 * (uint64_t)k + 2 * (uint64_t)m;
	for (size_t s = 2; s < k; s *= 2)
		*w += k - s;
	unsigned K = algo_ceil_log2(k);
	*d = (K > 1 ? K : 1) + 4;
}

static int spmv_cost_in(const algo_data *in, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	cost_km(in[IN_V].n, spmv_rows(in), w, d);
	return 0;
}

/* The cost of the generated shape of n non-zeros, where its rows follow
 * from n; the power law's rows are drawn, so it has none. */
static int spmv_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	size_t per = p->v[P_DIST] == DIST_BAND ? BAND_WIDTH : UNIFORM_ROW;
	if (p->v[P_DIST] == DIST_POWER_LAW)
		return -1;
	cost_km(n, (n + per - 1) / per, w, d);
	return 0;
}

/* ---- the program --------------------------------------------------- */

static int spmv_simulate(pram *m, const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	char err[256];
	if (spmv_check(in, err, sizeof err)) {
		pram_fail(m, PRAM_EINVAL, "%s", err);
		return 0;
	}
	size_t k = in[IN_V].n, rows = spmv_rows(in);
	pram_type t = in[IN_V].type;
	pram_value zero = prog_value(t, 0);
	/* Arrays have a cell at least; an empty one is never read. */
	size_t k1 = k ? k : 1, m1 = rows ? rows : 1;
	pram_array *V = prog_load(m, "V", &in[IN_V], k1, NULL);
	pram_array *C = prog_load(m, "C", &in[IN_C], k1, NULL);
	pram_array *R = prog_load(m, "R", &in[IN_R], rows + 1, NULL);
	pram_array *x = prog_load(m, "x", &in[IN_X], in[IN_X].n ? in[IN_X].n : 1, NULL);
	pram_array *Vp = pram_array_new(m, "V'", k1, t);
	pram_array *F = pram_array_new(m, "F", k1, PRAM_INT);
	pram_array *Vpp = pram_array_new(m, "V''", k1, t);
	pram_array *G = pram_array_new(m, "G", k1, PRAM_INT);
	pram_array *y = pram_array_new(m, "y", m1, t);
	if (!V || !C || !R || !x || !Vp || !F || !Vpp || !G || !y)
		return 0;
	if (k > 0) {
		PRAM_STEP(m, "multiply: V'[j] = V[j] * x[C[j]]") {
			PRAM_FORALL(m, j, 0, k) {
				int64_t c = pram_read(m, C, j);
				pram_write_v(m, Vp, j,
					     mul(t, pram_read_v(m, V, j), pram_read_v(m, x, c)));
			}
		}
		PRAM_STEP(m, "flags: F[j] = 0") {
			PRAM_FORALL(m, j, 0, k) {
				pram_write(m, F, j, 0);
			}
		}
		PRAM_STEP(m, "flags: F[R[i]] = 1 for each non-empty row i (F_j = 1 <=> j in R)") {
			PRAM_FORALL(m, i, 0, rows) {
				int64_t s = pram_read(m, R, i), e = pram_read(m, R, i + 1);
				if (s < e)
					pram_write(m, F, s, 1);
			}
		}
		PRAM_STEP(m, "segmented scan, d = 1: (G, V'')[j] = (F, V')[j - 1] (+) (F, V')[j]") {
			PRAM_FORALL(m, j, 0, k) {
				int64_t f = pram_read(m, F, j);
				pram_value v = pram_read_v(m, Vp, j);
				if (j > 0 && !f) {
					v = add(t, pram_read_v(m, Vp, j - 1), v);
					f = pram_read(m, F, j - 1);
				}
				pram_write_v(m, Vpp, j, v);
				pram_write(m, G, j, f);
			}
		}
		for (size_t d = 2; d < k; d *= 2) {
			PRAM_STEP(m,
				  "segmented scan: (G, V'')[j] = (G, V'')[j - d] (+) (G, V'')[j]") {
				PRAM_FORALL(m, j, d, k) {
					if (!pram_read(m, G, j)) {
						int64_t jd = j - (int64_t)d;
						pram_write_v(m, Vpp, j,
							     add(t, pram_read_v(m, Vpp, jd),
								 pram_read_v(m, Vpp, j)));
						pram_write(m, G, j, pram_read(m, G, jd));
					}
				}
			}
		}
	}
	if (rows > 0) {
		PRAM_STEP(m, "gather: y[i] = V''[R[i+1] - 1], 0 for an empty row") {
			PRAM_FORALL(m, i, 0, rows) {
				int64_t s = pram_read(m, R, i), e = pram_read(m, R, i + 1);
				pram_write_v(m, y, i, s < e ? pram_read_v(m, Vpp, e - 1) : zero);
			}
		}
	}
	prog_store(y, out);
	return 0;
}

/* Row by row, each sum compensated (prog_acc); nothing for a malformed
 * input, which the program refuses. */
static void spmv_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	(void)p;
	char err[256];
	pram_type t = in[IN_V].type;
	for (size_t i = 0; i < out->n; i++)
		out->vals[i] = prog_value(t, 0);
	if (spmv_check(in, err, sizeof err))
		return;
	const pram_value *R = in[IN_R].vals;
	for (size_t i = 0; i < spmv_rows(in); i++) {
		prog_acc acc;
		prog_acc_init(&acc, PRAM_OP_SUM, t);
		for (int64_t j = R[i].i; j < R[i + 1].i; j++)
			prog_acc_add(&acc,
				     mul(t, in[IN_V].vals[j], in[IN_X].vals[in[IN_C].vals[j].i]));
		out->vals[i] = prog_acc_get(&acc);
	}
}

/* The header's bound: the largest (k_i + 2) eps sum |V_j x_(C_j)| over the
 * rows. */
static double spmv_tolerance(const algo_data *in, const algo_params *p, double eps)
{
	(void)p;
	char err[256];
	if (spmv_check(in, err, sizeof err))
		return 0;
	const pram_value *R = in[IN_R].vals;
	double most = 0;
	for (size_t i = 0; i < spmv_rows(in); i++) {
		double mag = 0;
		for (int64_t j = R[i].i; j < R[i + 1].i; j++)
			mag += fabs(in[IN_V].vals[j].f * in[IN_X].vals[in[IN_C].vals[j].i].f);
		double tol = (double)(R[i + 1].i - R[i].i + 2) * eps * mag;
		if (tol > most)
			most = tol;
	}
	return most;
}

/* Values, columns, row starts and x read once, y written once, 4 bytes
 * each (bench/vendor.cu counts cuSPARSE's the same way). */
static uint64_t spmv_bytes(const algo_data *in, const algo_data *out, const algo_params *p)
{
	(void)p;
	return 4 * (2 * (uint64_t)in[IN_V].n + in[IN_R].n + in[IN_X].n + out[0].n);
}

/* ---- the generators ------------------------------------------------ */

static int cmp_col(const void *a, const void *b)
{
	int64_t x = ((const pram_value *)a)->i, y = ((const pram_value *)b)->i;
	return (x > y) - (x < y);
}

/* Sort the len columns of a row, each in [0, cols), in increasing order,
 * with tmp (room for len, or NULL) as a second buffer: by insertion where
 * the row is short, as nearly every row of the generators is (4 a row of
 * the uniform matrix; the power law's are 2 to 6 mostly), else by an LSD
 * radix sort of bytes. qsort, which calls cmp_col for each comparison,
 * took 0.64 s of the 1.4 s the uniform matrix's generation took at 2^26,
 * and the power law's long rows 0.9 s of 3.3. The same columns in the
 * same order whichever sorts them; qsort still where tmp is NULL. */
static void sort_cols(pram_value *c, size_t len, size_t cols, pram_value *tmp)
{
	if (len <= 32) {
		for (size_t a = 1; a < len; a++) {
			int64_t v = c[a].i;
			size_t b = a;
			for (; b > 0 && c[b - 1].i > v; b--)
				c[b] = c[b - 1];
			c[b].i = v;
		}
		return;
	}
	if (!tmp) {
		qsort(c, len, sizeof *c, cmp_col);
		return;
	}
	pram_value *from = c, *to = tmp;
	for (unsigned shift = 0; shift < 64 && ((uint64_t)(cols - 1) >> shift); shift += 8) {
		size_t count[256] = {0}, run = 0;
		for (size_t a = 0; a < len; a++)
			count[((uint64_t)from[a].i >> shift) & 255]++;
		for (size_t d = 0; d < 256; d++) {
			size_t k = count[d];
			count[d] = run;
			run += k;
		}
		for (size_t a = 0; a < len; a++)
			to[count[((uint64_t)from[a].i >> shift) & 255]++] = from[a];
		pram_value *sw = from;
		from = to;
		to = sw;
	}
	if (from != c)
		memcpy(c, from, len * sizeof *c);
}

/* The row lengths of a shape of n non-zeros into *len (caller frees), the
 * rows into *rows and the columns into *cols. 0, or -1 out of memory. */
static int row_lengths(int dist, size_t n, uint64_t *s, size_t **len, size_t *rows, size_t *cols)
{
	size_t m = 0, cap = 0, *l = NULL;
	if (dist == DIST_POWER_LAW) {
		for (size_t total = 0; total < n; m++) {
			if (m == cap) {
				cap = cap ? 2 * cap : 1024;
				size_t *g = realloc(l, cap * sizeof *g);
				if (!g)
					goto oom;
				l = g;
			}
			double u = ((double)(algo_rand(s) >> 11) + 1) * 0x1.0p-53; /* (0, 1] */
			double draw = 2.0 * pow(u, -1.0 / 1.5);
			size_t r = draw >= (double)POWER_MAX ? POWER_MAX : (size_t)draw;
			r = r < 1 ? 1 : r > n - total ? n - total : r;
			l[m] = r;
			total += r;
		}
		*cols = m;
	} else {
		size_t per = dist == DIST_BAND ? BAND_WIDTH : UNIFORM_ROW;
		size_t full = (n + per - 1) / per, gap = dist == DIST_SPARSE_ROWS ? SPARSE_GAP : 1;
		m = full * gap;
		l = calloc(m ? m : 1, sizeof *l);
		if (!l)
			goto oom;
		for (size_t i = 0; i < full; i++)
			l[i * gap] = n - i * per < per ? n - i * per : per;
		*cols = dist == DIST_BAND && n > 0 && m < BAND_WIDTH ? BAND_WIDTH : full;
	}
	*len = l;
	*rows = m;
	return 0;
oom:
	free(l);
	return -1;
}

static int spmv_generate(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	int dist = (int)p->v[P_DIST];
	pram_type t = p->type;
	uint64_t s = seed * 0x9e3779b97f4a7c15ull + 3;
	size_t *len = NULL, rows = 0, cols = 0;
	pram_value *tmp = NULL;
	memset(in, 0, 4 * sizeof *in);
	if (row_lengths(dist, n, &s, &len, &rows, &cols) || algo_data_alloc(&in[IN_V], n, t, 0) ||
	    algo_data_alloc(&in[IN_C], n, PRAM_INT, 0) ||
	    algo_data_alloc(&in[IN_R], rows + 1, PRAM_INT, 0) ||
	    algo_data_alloc(&in[IN_X], cols, t, 0))
		goto oom;
	pram_value *C = in[IN_C].vals, *R = in[IN_R].vals;
	/* The second buffer of sort_cols, as long as the longest row. */
	size_t longest = 0;
	for (size_t i = 0; i < rows; i++)
		longest = len[i] > longest ? len[i] : longest;
	tmp = dist != DIST_BAND && longest > 32 ? malloc(longest * sizeof *tmp) : NULL;
	for (size_t i = 0, j = 0; i < rows; i++) {
		R[i].i = (int64_t)j;
		size_t start = 0;
		if (dist == DIST_BAND) {
			int64_t st = (int64_t)i - BAND_WIDTH / 2, hi = (int64_t)cols - BAND_WIDTH;
			start = (size_t)(st < 0 ? 0 : st > hi ? hi : st);
		}
		for (size_t e = 0; e < len[i]; e++)
			C[j + e].i = dist == DIST_BAND ? (int64_t)(start + e)
						       : (int64_t)(algo_rand(&s) % cols);
		if (dist != DIST_BAND)
			sort_cols(&C[j], len[i], cols, tmp);
		j += len[i];
	}
	R[rows].i = (int64_t)n;
	for (size_t j = 0; j < n; j++) {
		uint64_t r = algo_rand(&s);
		if (t == PRAM_INT)
			in[IN_V].vals[j].i = 1 + (int64_t)(r % 99);
		else
			in[IN_V].vals[j].f = (double)((r >> 40) + 1) * 0x1.0p-24;
	}
	for (size_t c = 0; c < cols; c++) {
		uint64_t r = algo_rand(&s);
		if (t == PRAM_INT)
			in[IN_X].vals[c].i = (int64_t)(r % 100);
		else
			in[IN_X].vals[c].f = (double)(r >> 40) * 0x1.0p-24;
	}
	free(tmp);
	free(len);
	return 0;
oom:
	free(len);
	algo_data_free_all(in, 4);
	return -1;
}

/* ---- Matrix Market files ------------------------------------------- */

/* The size line of a Matrix Market file judged by the run's guard (ud):
 * the four inputs it makes (k values and columns, the rows' m + 1 starts,
 * x of c) and W of a run on them, before any of them is allocated. A
 * symmetric file's k is at most twice its entries, with their mirror
 * images. */
static int spmv_check_size(void *ud, size_t rows, size_t cols, size_t entries, mtx_symmetry sym,
			   char *why, size_t len)
{
	const algo_guard *g = ud;
	uint64_t k = (uint64_t)entries * (sym == MTX_SYMMETRIC ? 2 : 1), w, d;
	cost_km((size_t)k, rows, &w, &d);
	return g->check(g, 2 * k + rows + 1 + cols, w, why, len);
}

/* A Matrix Market file (its header, or the .mtx ending) into in, with
 * x_j = j + 1; anything else is left to the text reader (1). A real file
 * makes float values and x whatever p's type (mtx_read). */
static int spmv_read_file(FILE *f, const char *name, const algo_params *p, algo_data *in, char *err,
			  size_t errlen)
{
	char head[32] = "";
	size_t len = strlen(name);
	memset(in, 0, 4 * sizeof *in);
	head[fread(head, 1, sizeof head - 1, f)] = 0;
	if (!mtx_is_header(head) && !(len >= 4 && strcasecmp(name + len - 4, ".mtx") == 0))
		return 1;
	rewind(f);
	mtx_csr mm;
	mtx_opts o = {
	    .type = p->type, .check = p->guard ? spmv_check_size : NULL, .ud = (void *)p->guard};
	if (mtx_read(f, name, &o, &mm, err, errlen))
		return -1;
	pram_type t = mm.type;
	if (algo_data_alloc(&in[IN_V], mm.nnz, t, 0) ||
	    algo_data_alloc(&in[IN_C], mm.nnz, PRAM_INT, 0) ||
	    algo_data_alloc(&in[IN_R], mm.rows + 1, PRAM_INT, 0) ||
	    algo_data_alloc(&in[IN_X], mm.cols, t, 0)) {
		snprintf(err, errlen, "%s: out of memory for %zu entries", name, mm.nnz);
		algo_data_free_all(in, 4);
		mtx_free(&mm);
		return -1;
	}
	for (size_t j = 0; j < mm.nnz; j++) {
		in[IN_V].vals[j] = mm.val[j];
		in[IN_C].vals[j].i = mm.col[j];
	}
	for (size_t i = 0; i <= mm.rows; i++)
		in[IN_R].vals[i].i = mm.row_start[i];
	for (size_t c = 0; c < mm.cols; c++)
		in[IN_X].vals[c] = prog_value(t, (int64_t)c + 1);
	mtx_free(&mm);
	return 0;
}

const algo algo_spmv_csr = {
    .name = "spmv-csr",
    .family = "sparse",
    .desc = "y = M x, M in CSR, by multiply, row-start flags, segmented scan and gather",
    .model = PRAM_CREW,
    .caps = ALGO_FLOAT,
    .inputs = spmv_inputs,
    .outputs = spmv_outputs,
    .params = spmv_params,
    .work_o = "O(k log k + m)",
    .depth_o = "O(log k)",
    .work_exact = "3k + 2m + sum over d = 2, 4, ... < k of (k - d), k = non-zeros (n), m = rows "
		  "(m alone for k = 0)",
    .depth_exact = "max(1, ceil(log2 k)) + 4 (1 for k = 0 < m)",
    .cost = spmv_cost,
    .cost_in = spmv_cost_in,
    .out_len = spmv_out_len,
    .generate = spmv_generate,
    .simulate = spmv_simulate,
    .reference = spmv_reference,
    .tolerance = spmv_tolerance,
    .bytes = spmv_bytes,
    .read_file = spmv_read_file,
};
