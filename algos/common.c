/*
 * common.c - helpers shared by the PRAM programs.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

pram_array *prog_load(pram *m, const char *name, const algo_data *in, size_t len,
		      const pram_value *pad)
{
	pram_array *a = pram_array_new(m, name, len, in->type);
	if (!a)
		return NULL;
	size_t n = in->n < len ? in->n : len;
	pram_array_load_v(a, in->vals, n);
	if (pad)
		pram_array_fill_v(a, n, *pad);
	return a;
}

void prog_store(const pram_array *a, algo_data *out)
{
	for (size_t i = 0; i < out->n; i++)
		out->vals[i] = pram_array_get_v(a, i);
}

void prog_ref_scan(const algo_data *in, algo_data *out, pram_op op, int inclusive)
{
	prog_acc acc;
	prog_acc_init(&acc, op, in->type);
	for (size_t i = 0; i < in->n; i++) {
		pram_value before = prog_acc_get(&acc);
		prog_acc_add(&acc, in->vals[i]);
		out->vals[i] = inclusive ? prog_acc_get(&acc) : before;
	}
}

void prog_scan_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	prog_ref_scan(in, out, p->op, p->inclusive);
}

static const prog_scan_labels default_labels = {
    .copy = "scan: copy in, pad with the identity",
    .up = "scan: up-sweep",
    .root = "scan: clear the root",
    .down = "scan: down-sweep",
    .out = "scan: copy out",
};

static const prog_scan_labels rev_labels = {
    .copy = "backward scan: copy in, pad with the identity",
    .up = "backward scan: up-sweep (mirrored)",
    .root = "backward scan: clear the root",
    .down = "backward scan: down-sweep (mirrored)",
    .out = "backward scan: copy out",
};

int prog_scan_model(const pram *m)
{
	return pram_get_config(m)->model == PRAM_SCAN;
}

void prog_blelloch(pram *m, pram_array *x, size_t len, pram_op op, int backward,
		   const prog_scan_labels *lb)
{
	pram_type t = pram_array_type(x);
	pram_value id = pram_op_identity_v(op, t);
	int64_t last = (int64_t)len - 1;
	/* Index k of the tree, as a cell: mirrored for the backward scan. */
#define CELL(k) (backward ? last - (k) : (k))
	for (size_t s = 1; s < len; s *= 2) {
		PRAM_STEP(m, lb->up) {
			PRAM_FORALL(m, j, 0, len / (2 * s)) {
				int64_t k = (int64_t)(2 * s) * j;
				int64_t l = CELL(k + (int64_t)s - 1),
					r = CELL(k + 2 * (int64_t)s - 1);
				pram_value a = pram_read_v(m, x, l);
				pram_value b = pram_read_v(m, x, r);
				pram_write_v(m, x, r, pram_op_apply_v(op, t, a, b));
			}
		}
	}
	PRAM_STEP(m, lb->root) {
		PRAM_FORALL(m, j, 0, 1) {
			pram_write_v(m, x, CELL(last), id);
		}
	}
	for (size_t s = len / 2; s >= 1; s /= 2) {
		PRAM_STEP(m, lb->down) {
			PRAM_FORALL(m, j, 0, len / (2 * s)) {
				int64_t k = (int64_t)(2 * s) * j;
				int64_t l = CELL(k + (int64_t)s - 1),
					r = CELL(k + 2 * (int64_t)s - 1);
				pram_value left = pram_read_v(m, x, l);
				pram_value right = pram_read_v(m, x, r);
				pram_write_v(m, x, l, right);
				pram_write_v(m, x, r, pram_op_apply_v(op, t, right, left));
			}
		}
	}
#undef CELL
}

int prog_blelloch_scan(pram *m, const algo_data *in, algo_data *out, const algo_params *p,
		       int backward, const prog_scan_labels *lb)
{
	size_t n = in->n;
	if (n == 0)
		return 0;
	size_t len = algo_next_pow2(n);
	pram_type t = in->type;
	pram_value id = pram_op_identity_v(p->op, t);
	/* The padding with the identity is part of the input layout. */
	pram_array *x = prog_load(m, "x", in, len, &id);
	if (!x)
		return 0;
	prog_blelloch(m, x, len, p->op, backward, lb);
	if (!p->inclusive) {
		prog_store(x, out);
		return 0;
	}
	pram_array *a = prog_load(m, "a", in, n, NULL);
	pram_array *y = pram_array_new(m, "y", n, t);
	if (!a || !y)
		return 0;
	PRAM_STEP(m, lb->out) {
		PRAM_FORALL(m, i, 0, n) {
			pram_value e = pram_read_v(m, x, i), ai = pram_read_v(m, a, i);
			pram_write_v(m, y, i,
				     backward ? pram_op_apply_v(p->op, t, ai, e)
					      : pram_op_apply_v(p->op, t, e, ai));
		}
	}
	prog_store(y, out);
	return 0;
}

int prog_blelloch_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	*w = *d = 0;
	if (n == 0)
		return 0;
	*w = 2 * (uint64_t)algo_next_pow2(n) - 1 + (p->inclusive ? n : 0);
	*d = 2 * (uint64_t)algo_ceil_log2(n) + 1 + (p->inclusive ? 1 : 0);
	return 0;
}

/* The Blelloch form of prog_scan and prog_scan_rev, in scratch when
 * not NULL (next_pow2(n) cells or more), else in a new array. */
static void blelloch_scan(pram *m, pram_array *dst, pram_array *src, size_t n, pram_op op,
			  int inclusive, int backward, const prog_scan_labels *lb,
			  pram_array *scratch)
{
	pram_type t = pram_array_type(src);
	pram_value id = pram_op_identity_v(op, t);
	size_t len = algo_next_pow2(n);
	pram_array *x = scratch ? scratch : pram_array_new(m, "scan", len, t);
	if (!x)
		return;
	PRAM_STEP(m, lb->copy) {
		PRAM_FORALL(m, i, 0, len) {
			pram_write_v(m, x, i, (size_t)i < n ? pram_read_v(m, src, i) : id);
		}
	}
	prog_blelloch(m, x, len, op, backward, lb);
	PRAM_STEP(m, lb->out) {
		PRAM_FORALL(m, i, 0, n) {
			pram_value e = pram_read_v(m, x, i);
			if (inclusive)
				e = pram_op_apply_v(op, t, e, pram_read_v(m, src, i));
			pram_write_v(m, dst, i, e);
		}
	}
}

void prog_scan_labelled(pram *m, pram_array *dst, pram_array *src, size_t n, pram_op op,
			int inclusive, const prog_scan_labels *lb)
{
	if (n == 0)
		return;
	if (prog_scan_model(m))
		PRAM_SCAN_PRIM(m, dst, src, n, op, inclusive);
	else
		blelloch_scan(m, dst, src, n, op, inclusive, 0, lb ? lb : &default_labels, NULL);
}

void prog_scan_scratch(pram *m, pram_array *dst, pram_array *src, size_t n, pram_op op,
		       int inclusive, pram_array *scratch, const prog_scan_labels *lb)
{
	if (n == 0)
		return;
	if (prog_scan_model(m))
		PRAM_SCAN_PRIM(m, dst, src, n, op, inclusive);
	else
		blelloch_scan(m, dst, src, n, op, inclusive, 0, lb ? lb : &default_labels, scratch);
}

void prog_scan(pram *m, pram_array *dst, pram_array *src, size_t n, pram_op op, int inclusive)
{
	prog_scan_labelled(m, dst, src, n, op, inclusive, NULL);
}

void prog_scan_rev(pram *m, pram_array *dst, pram_array *src, size_t n, pram_op op, int inclusive)
{
	if (n == 0)
		return;
	if (!prog_scan_model(m)) {
		blelloch_scan(m, dst, src, n, op, inclusive, 1, &rev_labels, NULL);
		return;
	}
	/* The primitive scans forward only: reverse, scan, reverse back. Each
	 * reversal is a permutation, so it stays exclusive (EREW). */
	pram_array *r = pram_array_new(m, "reversed", n, pram_array_type(src));
	if (!r)
		return;
	PRAM_STEP(m, "backward scan: reverse") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write_v(m, r, i, pram_read_v(m, src, (int64_t)n - 1 - i));
		}
	}
	PRAM_SCAN_PRIM(m, r, r, n, op, inclusive);
	PRAM_STEP(m, "backward scan: reverse back") {
		PRAM_FORALL(m, i, 0, n) {
			pram_write_v(m, dst, i, pram_read_v(m, r, (int64_t)n - 1 - i));
		}
	}
}

void prog_scan_cost(size_t n, pram_model model, int backward, uint64_t *w, uint64_t *d)
{
	if (n == 0)
		return;
	if (model == PRAM_SCAN) {
		*w += backward ? 3 * (uint64_t)n : n;
		*d += backward ? 3 : 1;
		return;
	}
	uint64_t len = algo_next_pow2(n);
	*w += 3 * len - 1 + n;
	*d += 2 * (uint64_t)algo_ceil_log2(n) + 3;
}

const algo_port prog_flagged_input[] = {
    {.name = "x",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_DATA,
     .props = ALGO_PORT_FLAGS,
     .help = "the values, with a flag where each segment starts"},
    {0},
};

size_t prog_flag_words(size_t n)
{
	return (n + PROG_FLAG_BITS - 1) / PROG_FLAG_BITS;
}

size_t prog_segments(const algo_data *in)
{
	size_t k = 0;
	for (size_t i = 0; i < in->n; i++)
		k += prog_flag(in, i) != 0;
	return k;
}

pram_array *prog_load_flags(pram *m, const char *name, const algo_data *in)
{
	size_t nw = prog_flag_words(in->n);
	if (nw == 0)
		nw = 1; /* arrays have at least one cell */
	pram_array *a = pram_array_new(m, name, nw, PRAM_INT);
	int64_t *words = calloc(nw, sizeof *words);
	if (!a || !words) {
		free(words);
		if (a)
			pram_fail(m, PRAM_ENOMEM, "out of memory for %zu flag words", nw);
		return NULL;
	}
	for (size_t i = 0; i < in->n; i++)
		if (prog_flag(in, i))
			words[i / PROG_FLAG_BITS] = (int64_t)((uint64_t)words[i / PROG_FLAG_BITS] |
							      (uint64_t)1 << (i % PROG_FLAG_BITS));
	pram_array_load_i(a, words, nw);
	free(words);
	return a;
}

int prog_read_flag(pram *m, pram_array *bits, int64_t i)
{
	uint64_t word = (uint64_t)pram_read(m, bits, i / PROG_FLAG_BITS);
	return (int)((word >> (i % PROG_FLAG_BITS)) & 1);
}

pram_value prog_value(pram_type t, int64_t v)
{
	pram_value r;
	if (t == PRAM_INT)
		r.i = v;
	else
		r.f = (double)v;
	return r;
}

const char *const prog_dists[] = {"uniform", "equal", "sorted", "reversed", "few", "zipf", NULL};

/* A uniform draw from [0, range), range >= 1 (the modulo bias is below
 * 2^-40 for the ranges the parameters allow). */
static int64_t draw(uint64_t *s, int64_t range)
{
	return (int64_t)(algo_rand(s) % (uint64_t)range);
}

/* A draw of Zipf's law with s = 1 over [0, range): k = floor((range + 1)^u)
 * - 1 for u uniform in [0, 1), the inverse of the continuous distribution
 * of density 1 / ((x + 1) ln(range + 1)). */
static int64_t draw_zipf(uint64_t *s, int64_t range)
{
	double u = (double)(algo_rand(s) >> 11) * 0x1.0p-53;
	double k = floor(exp(u * log((double)range + 1.0))) - 1.0;
	if (k < 0)
		return 0;
	return k >= (double)range ? range - 1 : (int64_t)k;
}

/* Integer values in increasing order (qsort's). */
static int cmp_up(const void *x, const void *y)
{
	int64_t a = ((const pram_value *)x)->i, b = ((const pram_value *)y)->i;
	return (a > b) - (a < b);
}

static int cmp_down(const void *x, const void *y)
{
	return cmp_up(y, x);
}

int prog_gen_keys(algo_data *d, size_t n, pram_type t, int64_t range, int dist, uint64_t seed)
{
	/* Floats are k / 2^24: exact, in [0, 1), as many as a float kernel holds. */
	int64_t r = t == PRAM_FLOAT ? (int64_t)1 << 24 : range < 1 ? 1 : range;
	if (algo_data_alloc(d, n, t, 0))
		return -1;
	/* The whole keys are drawn into the values themselves, and floats made
	 * of them in place: no second array of n (2 GiB at n = 2^28). */
	pram_value *k = d->vals;
	uint64_t s = seed * 0x2545f4914f6cdd1dull + 17;
	int64_t one = draw(&s, r), few[4];
	for (int j = 0; j < 4; j++)
		few[j] = draw(&s, r);
	for (size_t i = 0; i < n; i++) {
		switch (dist) {
		case PROG_DIST_EQUAL:
			k[i].i = one;
			break;
		case PROG_DIST_FEW:
			k[i].i = few[algo_rand(&s) % 4];
			break;
		case PROG_DIST_ZIPF:
			k[i].i = draw_zipf(&s, r);
			break;
		default:
			k[i].i = draw(&s, r);
		}
	}
	if (dist == PROG_DIST_SORTED || dist == PROG_DIST_REVERSED)
		qsort(k, n, sizeof *k, dist == PROG_DIST_SORTED ? cmp_up : cmp_down);
	for (size_t i = 0; t == PRAM_FLOAT && i < n; i++)
		k[i].f = (double)k[i].i * 0x1.0p-24;
	return 0;
}

long prog_bad_key(const algo_data *in, int64_t range)
{
	for (size_t i = 0; i < in->n; i++)
		if (in->vals[i].i < 0 || in->vals[i].i >= range)
			return (long)i;
	return -1;
}

int prog_check_keys(pram *m, const algo_data *in, int64_t range, const char *what)
{
	long bad = prog_bad_key(in, range);
	if (bad < 0)
		return 0;
	int64_t k = in->vals[bad].i;
	pram_fail(m, PRAM_EINVAL, "key %" PRId64 " at index %ld lies outside [0, %" PRId64 "): %s",
		  k, bad, range, k < 0 ? "keys are whole numbers >= 0" : what);
	return -1;
}

int prog_check_key_range(pram *m, const algo_data *in, int64_t range)
{
	return prog_check_keys(m, in, range, "give a --key-range above the largest key");
}

int prog_gen_sort_keys(algo_data *in, size_t n, const algo_params *p, uint64_t seed)
{
	return prog_gen_keys(in, n, PRAM_INT, p->v[PROG_SORT_P_RANGE], (int)p->v[PROG_SORT_P_DIST],
			     seed);
}

pram_array *prog_load_keys(pram *m, const algo_data *in, int64_t range)
{
	if (prog_check_key_range(m, in, range) || in->n == 0)
		return NULL;
	return prog_load(m, "keys", in, in->n, NULL);
}

void prog_sort_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	if (prog_bad_key(in, p->v[PROG_SORT_P_RANGE]) < 0)
		prog_ref_sort(in, out);
}

int64_t prog_value_bin(pram_type t, pram_value v, int64_t m)
{
	if (t == PRAM_INT)
		return v.i >= 0 && v.i < m ? v.i : -1;
	if (!(v.f >= 0 && v.f < 1))
		return -1;
	int64_t b = (int64_t)(v.f * (double)m);
	return b >= m ? m - 1 : b;
}

int prog_check_records(pram *m, const algo_data *in, int64_t bins)
{
	if (in->type == PRAM_INT)
		return prog_check_keys(m, in, bins,
				       "integer records are bin numbers; give more --bins");
	for (size_t i = 0; i < in->n; i++) {
		if (prog_value_bin(PRAM_FLOAT, in->vals[i], bins) < 0) {
			pram_fail(m, PRAM_EINVAL,
				  "value %g at index %zu lies outside [0, 1), the interval the "
				  "bins of float records divide",
				  in->vals[i].f, i);
			return -1;
		}
	}
	return 0;
}

static int cmp_value(const void *x, const void *y)
{
	int64_t a = ((const pram_value *)x)->i, b = ((const pram_value *)y)->i;
	return (a > b) - (a < b);
}

void prog_ref_sort(const algo_data *in, algo_data *out)
{
	for (size_t i = 0; i < in->n; i++)
		out->vals[i] = in->vals[i];
	qsort(out->vals, in->n, sizeof *out->vals, cmp_value);
}

/* A key to sort by and its input index. */
typedef struct keyed {
	uint64_t k;
	size_t i;
} keyed;

/* Ties broken by the input index: qsort of these is a stable sort. */
static int cmp_keyed(const void *x, const void *y)
{
	const keyed *a = x, *b = y;
	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

/* Sort t[0..n) by key, stably (records in index order stay so): an LSD
 * radix sort of RADIX_BITS a pass over the bits the largest key has, with
 * tmp (n records) as the other buffer. O(n) a pass where qsort's
 * comparisons cost O(n log n): at n = 2^28 two passes take seconds where
 * qsort takes a minute, and the tests and benchmarks check every sort
 * against this one. count holds 2^RADIX_BITS counters. Returns the
 * buffer that holds the result. */
#define RADIX_BITS 16
static keyed *radix_keyed(keyed *t, keyed *tmp, size_t n, size_t *count)
{
	uint64_t max = 0;
	for (size_t i = 0; i < n; i++)
		max = t[i].k > max ? t[i].k : max;
	for (unsigned shift = 0; shift < 64 && (max >> shift); shift += RADIX_BITS) {
		memset(count, 0, ((size_t)1 << RADIX_BITS) * sizeof *count);
		for (size_t i = 0; i < n; i++)
			count[(t[i].k >> shift) & (((size_t)1 << RADIX_BITS) - 1)]++;
		size_t run = 0;
		for (size_t d = 0; d < (size_t)1 << RADIX_BITS; d++) {
			size_t c = count[d];
			count[d] = run;
			run += c;
		}
		for (size_t i = 0; i < n; i++)
			tmp[count[(t[i].k >> shift) & (((size_t)1 << RADIX_BITS) - 1)]++] = t[i];
		keyed *sw = t;
		t = tmp;
		tmp = sw;
	}
	return t;
}

/* What key sorts by: key % modulus, or the whole key when modulus is 0.
 * Keys are >= 0 (the programs refuse others). A key below the modulus, as
 * every key is unless --digits cuts the sort short, takes no division,
 * which costs more than the rest of a record's sorting. */
static uint64_t sort_key(int64_t key, uint64_t modulus)
{
	uint64_t k = (uint64_t)key;
	return modulus && k >= modulus ? k % modulus : k;
}

/* Sort the packed records r[0..n) by their high 32 bits, stably: an LSD
 * radix sort of PACKED_BITS a pass, the low 32 bits riding along, with
 * tmp (n records) as the other buffer. One read counts every pass's
 * digits; a pass whose digit is the same in every record moves nothing
 * and is skipped. Eight bytes a record, where keyed's are sixteen, and
 * 2^11 places a pass to write at, which the caches and the TLB hold where
 * radix_keyed's 2^16 miss: pram bench's reference of 2^24 random 32-bit
 * keys with their indices took 0.8 s so, 3.0 s before, on a 2.8 GHz Xeon.
 * count holds PACKED_PASSES << PACKED_BITS counters. Returns the buffer
 * that holds the result. */
#define PACKED_BITS   11
#define PACKED_PASSES 3 /* 33 bits: the whole of a 32-bit key */
static uint64_t *radix_packed(uint64_t *r, uint64_t *tmp, size_t n, size_t *count)
{
	const size_t R = (size_t)1 << PACKED_BITS;
	memset(count, 0, PACKED_PASSES * R * sizeof *count);
	for (size_t i = 0; i < n; i++) {
		uint64_t k = r[i] >> 32;
		for (unsigned t = 0; t < PACKED_PASSES; t++)
			count[t * R + ((k >> (t * PACKED_BITS)) & (R - 1))]++;
	}
	for (unsigned t = 0; t < PACKED_PASSES; t++) {
		size_t *c = count + t * R, run = 0;
		int trivial = 0;
		for (size_t d = 0; d < R; d++) {
			size_t x = c[d];
			trivial |= x == n;
			c[d] = run;
			run += x;
		}
		if (trivial)
			continue;
		unsigned shift = 32 + t * PACKED_BITS;
		for (size_t i = 0; i < n; i++)
			tmp[c[(r[i] >> shift) & (R - 1)]++] = r[i];
		uint64_t *sw = r;
		r = tmp;
		tmp = sw;
	}
	return r;
}

/* prog_ref_stable for keys below 2^32 (after the modulus) and n <= 2^32,
 * the common case, in packed records: the key above a 32-bit payload,
 * which is the value itself where the value fits 32 bits and the key is
 * the input's own (no key at or past the modulus), else the input index,
 * through which the key and the value are read. The records are sorted
 * in the outputs' own room, eight bytes an element as a record is, so
 * that no more memory is taken than one buffer (none with values out):
 * each output element is written from its own record. Returns 0, or -1
 * when out of memory (nothing written). */
static int ref_stable_packed(const algo_data *keys, const algo_data *vals, uint64_t modulus,
			     int whole, algo_data *out_keys, algo_data *out_vals)
{
	_Static_assert(sizeof(pram_value) == sizeof(uint64_t), "a record in an element's room");
	size_t n = keys->n;
	uint64_t *own = out_vals ? NULL : malloc((n ? n : 1) * sizeof *own);
	size_t *count = malloc((PACKED_PASSES << PACKED_BITS) * sizeof *count);
	if ((!out_vals && !own) || !count) {
		free(count);
		free(own);
		return -1;
	}
	uint64_t *r = (uint64_t *)out_keys->vals;
	uint64_t *tmp = out_vals ? (uint64_t *)out_vals->vals : own;
	int small = vals != NULL; /* every value fits 32 bits */
	for (size_t i = 0; small && i < n; i++)
		small = vals->vals[i].i >= INT32_MIN && vals->vals[i].i <= INT32_MAX;
	int by_value = small && whole && out_vals;
	for (size_t i = 0; i < n; i++) {
		uint64_t low = by_value ? (uint32_t)vals->vals[i].i : (uint64_t)i;
		r[i] = sort_key(keys->vals[i].i, modulus) << 32 | low;
	}
	uint64_t *s = radix_packed(r, tmp, n, count);
	for (size_t j = 0; j < n; j++) {
		uint64_t rec = s[j]; /* s is one of the outputs: read before either is written */
		size_t i = (size_t)(uint32_t)rec;
		out_keys->vals[j].i = whole ? (int64_t)(rec >> 32) : keys->vals[i].i;
		if (!out_vals)
			continue;
		if (by_value)
			out_vals->vals[j].i = (int32_t)(uint32_t)rec;
		else
			out_vals->vals[j].i = vals ? vals->vals[i].i : (int64_t)i;
	}
	free(count);
	free(own);
	return 0;
}

void prog_ref_stable(const algo_data *keys, const algo_data *vals, uint64_t modulus,
		     algo_data *out_keys, algo_data *out_vals)
{
	size_t n = keys->n;
	uint64_t most = 0;
	int whole = 1; /* every key its own sort key: none at or past the modulus */
	for (size_t i = 0; i < n; i++) {
		uint64_t k = sort_key(keys->vals[i].i, modulus);
		whole &= k == (uint64_t)keys->vals[i].i;
		most = k > most ? k : most;
	}
	if (most <= UINT32_MAX && (uint64_t)n <= (uint64_t)UINT32_MAX + 1 &&
	    ref_stable_packed(keys, vals, modulus, whole, out_keys, out_vals) == 0)
		return;
	keyed *t = malloc((n ? n : 1) * sizeof *t);
	if (!t)
		return;
	for (size_t i = 0; i < n; i++)
		t[i] = (keyed){sort_key(keys->vals[i].i, modulus), i};
	/* Small inputs and a failed allocation of the second buffer: qsort,
	 * the same order. */
	keyed *tmp = n >= 4096 ? malloc(n * sizeof *tmp) : NULL, *s = t;
	size_t *count = tmp ? malloc(((size_t)1 << RADIX_BITS) * sizeof *count) : NULL;
	if (count)
		s = radix_keyed(t, tmp, n, count);
	else
		qsort(t, n, sizeof *t, cmp_keyed);
	for (size_t j = 0; j < n; j++) {
		out_keys->vals[j] = keys->vals[s[j].i];
		if (out_vals)
			out_vals->vals[j].i = vals ? vals->vals[s[j].i].i : (int64_t)s[j].i;
	}
	free(count);
	free(tmp);
	free(t);
}

const algo_port prog_keys_input[] = {
    {.name = "keys",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .help = "the keys, whole numbers in [0, key-range)"},
    {0},
};

const algo_port prog_records_input[] = {
    {.name = "x",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_DATA,
     .help = "the records: bin numbers in [0, m), or with --float values in [0, 1)"},
    {0},
};

const algo_port prog_counts_output[] = {
    {.name = "counts",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .help = "the number of records in each of the m bins"},
    {0},
};

const algo_port prog_sorted_keys_output[] = {
    {.name = "keys", .shape = ALGO_VECTOR, .elem = ALGO_ELEM_INT, .help = "the keys, sorted"},
    {0},
};

const char *const prog_pairs_choices[] = {"index", "yes", "no", NULL};

const algo_port prog_pair_inputs[] = {
    {.name = "keys",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .help = "the keys, whole numbers in [0, key-range)"},
    {.name = "values",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .props = ALGO_PORT_OPTIONAL,
     .help = "with --pairs yes, one value per key, carried with it (a 'values:' section)"},
    {0},
};

const algo_port prog_pair_outputs[] = {
    {.name = "keys", .shape = ALGO_VECTOR, .elem = ALGO_ELEM_INT, .help = "the keys, sorted"},
    {.name = "values",
     .shape = ALGO_VECTOR,
     .elem = ALGO_ELEM_INT,
     .help = "the value of each sorted key; without --pairs its input index, with --pairs "
	     "no nothing"},
    {0},
};

uint64_t prog_radix_of(int64_t radix, int64_t bits, int bits_given)
{
	if (radix == 0)
		return (uint64_t)1 << bits;
	if (radix == 1 || (bits_given && (uint64_t)radix != (uint64_t)1 << bits))
		return 0;
	return (uint64_t)radix;
}

uint64_t prog_radix_param(const algo_params *p)
{
	return prog_radix_of(p->v[PROG_RADIX_P_RADIX], p->v[PROG_RADIX_P_BITS],
			     (p->given >> PROG_RADIX_P_BITS) & 1);
}

void prog_radix_fail(pram *m, int64_t radix, int64_t bits)
{
	if (radix == 1)
		pram_fail(m, PRAM_EINVAL,
			  "--radix 1 has no digits: give 2 or more (0: 2^bits-per-pass)");
	else
		pram_fail(m, PRAM_EINVAL,
			  "--radix %" PRId64 " and --bits-per-pass %" PRId64
			  " disagree: give one of them",
			  radix, bits);
}

unsigned prog_radix_digits(uint64_t v, uint64_t r)
{
	unsigned d = 0;
	for (; v > 0; v /= r)
		d++;
	return d;
}

uint64_t prog_radix_power(uint64_t r, unsigned t)
{
	uint64_t p = 1;
	for (unsigned k = 0; k < t; k++) {
		if (p > (uint64_t)INT64_MAX / r)
			return 0;
		p *= r;
	}
	return p;
}

int64_t prog_radix_digit(int64_t key, uint64_t rt, uint64_t r)
{
	return rt ? (int64_t)(((uint64_t)key / rt) % r) : 0;
}

int prog_check_pairs(pram *m, const algo_data *in, int64_t pairs)
{
	if (pairs == PROG_PAIRS_YES && in[1].n != in[0].n) {
		pram_fail(m, PRAM_EINVAL, "%zu values for %zu keys: --pairs yes takes one per key",
			  in[1].n, in[0].n);
		return -1;
	}
	if (pairs != PROG_PAIRS_YES && in[1].n) {
		pram_fail(m, PRAM_EINVAL,
			  "%zu values given without --pairs yes, which carries them with the keys",
			  in[1].n);
		return -1;
	}
	return 0;
}

int prog_pairs_fit(const algo_data *in, int64_t pairs)
{
	return pairs == PROG_PAIRS_YES ? in[1].n == in[0].n : in[1].n == 0;
}

size_t prog_pairs_len(const algo_data *in, size_t port, int64_t pairs)
{
	return port == 1 && pairs == PROG_PAIRS_NO ? 0 : in[0].n;
}

int prog_radix_check(pram *m, const algo_data *in, const algo_params *p, int64_t pairs)
{
	if (prog_check_key_range(m, &in[0], p->v[PROG_RADIX_P_RANGE]) ||
	    prog_check_pairs(m, in, pairs))
		return -1;
	return 0;
}

void prog_radix_reference(const algo_data *in, algo_data *out, const algo_params *p, int64_t pairs,
			  uint64_t modulus)
{
	if (prog_bad_key(&in[0], p->v[PROG_RADIX_P_RANGE]) >= 0 || !prog_pairs_fit(in, pairs))
		return;
	prog_ref_stable(&in[0], pairs == PROG_PAIRS_YES ? &in[1] : NULL, modulus, &out[0],
			pairs == PROG_PAIRS_NO ? NULL : &out[1]);
}

int prog_gen_pairs(algo_data *in, size_t n, int64_t range, int dist, int64_t pairs, uint64_t seed)
{
	int yes = pairs == PROG_PAIRS_YES;
	if (prog_gen_keys(&in[0], n, PRAM_INT, range, dist, seed))
		return -1;
	if (algo_data_alloc(&in[1], yes ? n : 0, PRAM_INT, 0)) {
		algo_data_free(&in[0]);
		return -1;
	}
	uint64_t s = seed ^ 0x5bd1e995u;
	for (size_t i = 0; yes && i < n; i++)
		in[1].vals[i].i = (int64_t)(algo_rand(&s) >> 44);
	return 0;
}

void prog_ref_histogram(const algo_data *in, algo_data *out, int64_t nb)
{
	for (int64_t b = 0; b < nb; b++)
		out->vals[b].i = 0;
	for (size_t i = 0; i < in->n; i++) {
		int64_t b = prog_value_bin(in->type, in->vals[i], nb);
		if (b >= 0)
			out->vals[b].i++;
	}
}

size_t prog_bins_len(const algo_data *in, size_t port, const algo_params *p)
{
	(void)in;
	(void)port;
	return (size_t)p->v[PROG_HIST_P_BINS];
}

void prog_hist_reference(const algo_data *in, algo_data *out, const algo_params *p)
{
	prog_ref_histogram(in, out, p->v[PROG_HIST_P_BINS]);
}

int prog_hist_begin(pram *m, const algo_data *in, algo_data *out, int64_t nb)
{
	for (int64_t b = 0; b < nb; b++)
		out->vals[b].i = 0;
	return prog_check_records(m, in, nb) || in->n == 0 ? -1 : 0;
}

size_t prog_out_one(const algo_data *in, size_t port, const algo_params *p)
{
	(void)in;
	(void)port;
	(void)p;
	return 1;
}

int prog_one_cell_cost(size_t n, const algo_params *p, uint64_t *w, uint64_t *d)
{
	(void)p;
	*w = (uint64_t)n + 1;
	*d = n ? 2 : 1;
	return 0;
}

int prog_one_cell_arrays(pram *m, const algo_data *in, pram_array **x, pram_array **y)
{
	*x = in->n ? prog_load(m, "x", in, in->n, NULL) : NULL;
	*y = pram_array_new(m, "y", 1, PRAM_INT);
	return (in->n && !*x) || !*y ? -1 : 0;
}

int prog_gen_flags(algo_data *in, size_t n, uint64_t one_in, uint64_t seed)
{
	if (algo_data_alloc(&in[0], n, PRAM_INT, 0))
		return -1;
	uint64_t s = seed;
	for (size_t i = 0; i < n; i++)
		in[0].vals[i].i = algo_rand(&s) % one_in == 0;
	return 0;
}
