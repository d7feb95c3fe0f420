/*
 * gpu_spmv_csr.c - the runners of "spmv-csr" (kernels and their analysis
 * in spmv_csr.cl): the teaching one launches the notes' steps around the
 * segmented scan of segmented.clh (gpu__seg_scan_of over the products and
 * the flags it made); the tuned one either partitions the non-zeros into
 * tiles of L PP, reduces each tile's rows in one work-group and fixes up
 * the rows that cross tiles (--method tiles: spmv_spans, one launch, up to
 * SPANS_MAX non-zeros, else partition, tiles and fixup), or gives each row
 * a vector of lanes (--method vector, for rows of even lengths: by quads
 * where the rows are long and their columns close), by --method or, by
 * default, by the rows' mean and longest lengths.
 *
 * Both check the matrix on the host first, as the program does (the
 * kernels index x by C and V by R): a malformed one is refused with the
 * port and the index, never read out of bounds.
 */
#include "gpuint.h"

extern const algo algo_spmv_csr;

/* The inputs, in the registry's order. */
enum {
	IN_V,
	IN_C,
	IN_R,
	IN_X
};

/* Elements a work-item of spmv_tiles multiplies: tiles of 2048 in groups
 * of 256. */
#define TUNED_PP 8

/* Check the 32-bit CSR of the job: R from 0, never decreasing, to k, and
 * every column inside x, in the job's first run (the later ones run on the
 * same matrix). *m is set to the rows. */
static int check_csr(gpu_ctx *c, size_t *m)
{
	const gpu_buf *in = c->job->in;
	const cl_int *C = in[IN_C].data, *R = in[IN_R].data;
	size_t k = in[IN_V].n, nx = in[IN_X].n;
	if (c->runs > 0) {
		*m = in[IN_R].n - 1; /* checked: at least one row start */
		return 0;
	}
	if (in[IN_C].n != k || in[IN_R].n == 0 || R[0] != 0 || (size_t)R[in[IN_R].n - 1] != k) {
		snprintf(c->err, c->errlen,
			 "malformed CSR: %zu columns for %zu values, %zu row starts (the first "
			 "must be 0, the last %zu)",
			 in[IN_C].n, k, in[IN_R].n, k);
		return -1;
	}
	*m = in[IN_R].n - 1;
	for (size_t i = 0; i < *m; i++)
		if (R[i + 1] < R[i]) {
			snprintf(c->err, c->errlen,
				 "input row-starts, element %zu (%d), is below element %zu (%d)",
				 i + 1, (int)R[i + 1], i, (int)R[i]);
			return -1;
		}
	for (size_t j = 0; j < k; j++)
		if (C[j] < 0 || (size_t)C[j] >= nx) {
			snprintf(
			    c->err, c->errlen,
			    "input columns, element %zu (%d), lies outside [0, %zu), x's length", j,
			    (int)C[j], nx);
			return -1;
		}
	return 0;
}

/* ---- teaching --------------------------------------------------------- */

enum {
	SLOT_PROD,
	SLOT_FLAGS,
	SLOT_SCAN,
	SLOT_LEVELS
};

enum {
	K_MUL,
	K_CLEAR,
	K_SET,
	K_GATHER,
	K_BLOCK,
	K_ADD,
	K_TEACH
};
static const char *const teach_names[K_TEACH] = {
    [K_MUL] = "spmv_multiply",  [K_CLEAR] = "spmv_flags_clear", [K_SET] = "spmv_flags_set",
    [K_GATHER] = "spmv_gather", [K_BLOCK] = "seg_block",        [K_ADD] = "seg_add",
};
/* seg_block holds 2L values and 2L flags. */
static const size_t teach_local[K_TEACH] = {[K_BLOCK] = 4 * 4};

static int teaching(gpu_ctx *c)
{
	cl_kernel kn[K_TEACH];
	size_t k = c->job->in[IN_V].n, m, words = GPU_DIV_UP(k, 32), L;
	if (check_csr(c, &m))
		return -1;
	if (!(L = gpu__kernels(c, K_TEACH, teach_names, teach_local, GPU_SCAN_WG_CAP, kn)))
		return -1;
	cl_mem prod = gpu__scratch(c, SLOT_PROD, k), flags = gpu__scratch(c, SLOT_FLAGS, words),
	       scan = gpu__scratch(c, SLOT_SCAN, k);
	if (!prod || !flags || !scan)
		return -1;
	if (k > 0 &&
	    (gpu__launch(c, kn[K_MUL], GPU_DIV_UP(k, L) * L, L, "mmmmu", c->in[IN_V], c->in[IN_C],
			 c->in[IN_X], prod, (unsigned)k) ||
	     gpu__launch(c, kn[K_CLEAR], GPU_DIV_UP(words, L) * L, L, "mu", flags,
			 (unsigned)words) ||
	     (m > 0 && gpu__launch(c, kn[K_SET], GPU_DIV_UP(m, L) * L, L, "mmu", c->in[IN_R], flags,
				   (unsigned)m)) ||
	     gpu__seg_scan_of(c, kn[K_BLOCK], kn[K_ADD], L, prod, flags, k, scan, 0, SLOT_LEVELS)))
		return -1;
	if (m > 0 && gpu__launch(c, kn[K_GATHER], GPU_DIV_UP(m, L) * L, L, "mmmu", c->in[IN_R],
				 scan, c->out[0], (unsigned)m))
		return -1;
	return 0;
}

/* ---- tuned ------------------------------------------------------------ */

enum {
	SLOT_RBEG,
	SLOT_HEAD,
	SLOT_TAIL,
	SLOT_PART,
	SLOT_COUNT
};

/* The tuned kernels' methods, the registry's --method choices. */
enum {
	METHOD_AUTO,
	METHOD_TILES,
	METHOD_VECTOR
};

/* Rows whose longest is at most VECTOR_MAX_SPREAD times their mean length,
 * and at most VECTOR_MAX_ROW long, go to spmv_vector by default: there no
 * vector waits long on one row, and its vw lanes a row are busy (vw the
 * mean's power of two). Those of very unequal lengths (a power law) go to
 * the tiles, which take rows of any lengths at the same cost a non-zero,
 * and so do long even rows of scattered columns: on an H100 at 2^28
 * non-zeros the uniform matrix's rows of 4 took 8.82 ms by vector against
 * 8.95 by tiles, the band's rows of 32 (by words, before spmv_vector4)
 * 1.050 ms against 0.880 (lengths between, unmeasured, are cut at 8). */
#define VECTOR_MAX_SPREAD 2
#define VECTOR_MAX_ROW 8
/* Up to VECTOR_SMALL non-zeros, even rows of any length go to the vector
 * too: its one launch beats the tiles' three (partition, tiles, fixup)
 * where the launches are most of the time. On an H200 the band's rows of
 * 32 took 0.0126 ms by vector against 0.0234 by tiles at 2^20 non-zeros,
 * 0.0214 against 0.0310 at 2^22, and 0.0760 against 0.0699 at 2^24. */
#define VECTOR_SMALL ((size_t)1 << 22)

/* Whether the rows gather scattered words of x (below). */
static int scattered_columns(const gpu_job *job);

/* Whether spmv_vector takes the rows by quads (spmv_vector4): rows longer
 * than VECTOR_MAX_ROW on average whose columns lie close together (a
 * band), where each lane's 16-byte loads bring 4 non-zeros at once. On an
 * H200, the band's rows of 32 in 8 lanes a row, 4 rows a vector, took
 * 0.0112, 0.0646 and 0.628 ms at 2^20, 2^24 and 2^28 non-zeros, against
 * 0.0110 (by words, 32 lanes), 0.0919 and 0.679 (the tiles), and
 * cuSPARSE's 0.0147, 0.0587 and 0.717 in the same run (8 lanes, 2 rows a
 * vector: 0.0611 at 2^24). */
static int vector_quads(const gpu_job *job)
{
	size_t k = job->in[IN_V].n, m = job->in[IN_R].n ? job->in[IN_R].n - 1 : 0;
	return m > 0 && k > VECTOR_MAX_ROW * m && !scattered_columns(job);
}

/* The method for the job's matrix: --method, or auto's choice. */
static int spmv_method(const gpu_job *job)
{
	int64_t given = gpu__param_given(job, "method");
	if (given)
		return (int)given;
	const gpu_buf *R = &job->in[IN_R];
	const cl_int *rs = R->data;
	size_t m = R->n ? R->n - 1 : 0, k = job->in[IN_V].n, longest = 0;
	if (m == 0)
		return METHOD_TILES;
	for (size_t i = 0; i < m; i++)
		if (rs[i + 1] > rs[i] && (size_t)(rs[i + 1] - rs[i]) > longest)
			longest = (size_t)(rs[i + 1] - rs[i]);
	return longest * m <= VECTOR_MAX_SPREAD * k &&
		       (longest <= VECTOR_MAX_ROW || k <= VECTOR_SMALL || vector_quads(job))
		   ? METHOD_VECTOR
		   : METHOD_TILES;
}

/* The lanes a row of spmv_vector: --lanes, or the smallest power of two
 * whose lanes cover the mean row length (a word each, or two quads each
 * for spmv_vector4), at most 32 (a warp). On an H200 the band's rows of 32
 * in 4 lanes of two quads took 0.0123, 0.0556 and 0.5945 ms at 2^20, 2^24
 * and 2^28 non-zeros, against 0.0130, 0.0594 and 0.6291 in 8 lanes of
 * one quad. */
static size_t vector_width(const gpu_job *job)
{
	size_t k = job->in[IN_V].n, m = job->in[IN_R].n ? job->in[IN_R].n - 1 : 0;
	size_t vw = (size_t)gpu__param_given(job, "lanes"), per = vector_quads(job) ? 8 : 1;
	if (!vw)
		for (vw = 1; vw < 32 && vw * per * m < k; vw *= 2)
			;
	return vw;
}

/* The default PP: for the vector, rows a vector takes (4, or 8 where the
 * rows have 4 lanes or fewer by words, so that a lane has 8 gathers in
 * flight, up to VECTOR_SMALL non-zeros: above it the gathers of x come
 * from further away and more vectors fill the device better; on an H200
 * the uniform matrix's rows of 4 took 0.0157 ms at 2^20 non-zeros by 8
 * rows a vector against 0.0174 by 4, and 0.1629 at 2^24 against 0.1501,
 * 6.901 at 2^28 against 6.857); for the tiles, non-zeros a work-item. */
static unsigned tuned_pp(const gpu_job *job)
{
	if (spmv_method(job) != METHOD_VECTOR)
		return TUNED_PP;
	return !vector_quads(job) && vector_width(job) <= 4 && job->in[IN_V].n <= VECTOR_SMALL
		   ? 8
		   : 4;
}

/* Whether the rows gather scattered words of x: in up to 4096 rows,
 * evenly spaced, the columns a row spans over the gaps between its
 * non-zeros, more than 32 (a 128-byte line of x) on average. A band's
 * rows span as many columns as they hold; random columns (the uniform and
 * power-law matrices) far more. */
static int scattered_columns(const gpu_job *job)
{
	const cl_int *R = job->in[IN_R].data, *C = job->in[IN_C].data;
	size_t m = job->in[IN_R].n - 1, step = m > 4096 ? m / 4096 : 1;
	unsigned long long span = 0, gaps = 0;
	for (size_t i = 0; i < m; i += step) {
		if (R[i + 1] - R[i] < 2)
			continue;
		cl_int lo = C[R[i]], hi = lo;
		for (cl_int j = R[i] + 1; j < R[i + 1]; j++) {
			lo = C[j] < lo ? C[j] : lo;
			hi = C[j] > hi ? C[j] : hi;
		}
		span += (unsigned long long)(hi - lo);
		gaps += (unsigned long long)(R[i + 1] - R[i] - 1);
	}
	return gaps && span > 32 * gaps;
}

/* Whether V and C take the stream's loads (spmv_csr.cl's *_stream
 * kernels, NVIDIA only): where the rows gather scattered words of an x
 * larger than the device's global memory cache, so that V and C, read
 * once, leave the caches to x. On an H100 at 2^28 non-zeros the power
 * law's tiles took 8.345 ms so against 8.433 (x 194 MB, its L2 50 MB)
 * and the uniform matrix's vector kernel 8.779 against 8.812 (x 256 MB),
 * where the band's tiles, whose x of 32 MB is gathered a line at a time,
 * took 0.802 against 0.767. (NVIDIA's OpenCL reports a global memory cache
 * of 4.125 MiB there, the L1s' 32 KiB each, not the L2, hence the test of
 * the columns too.) */
static int stream_loads(gpu_ctx *c)
{
	return clrt_ptx(c->rt) &&
	       (unsigned long long)c->job->in[IN_X].n * 4 > clrt_global_cache(c->rt) &&
	       scattered_columns(c->job);
}

/* The tuned runner's choices from the matrix (each reads some or all of
 * its rows on the host), made in the job's first run and kept in c->memo
 * for the others. */
enum {
	MEMO_METHOD,
	MEMO_QUADS,
	MEMO_STREAM,
	MEMO_LANES
};

static void choose(gpu_ctx *c)
{
	if (c->runs > 0)
		return;
	c->memo[MEMO_METHOD] = (size_t)spmv_method(c->job);
	c->memo[MEMO_QUADS] = (size_t)vector_quads(c->job);
	c->memo[MEMO_STREAM] = (size_t)stream_loads(c);
	c->memo[MEMO_LANES] = vector_width(c->job);
}

/* y = M x by spmv_vector: vw lanes a row, PP rows a vector, in one launch. */
static int vector(gpu_ctx *c, size_t m)
{
	cl_kernel kv = gpu__kernel(c, c->memo[MEMO_QUADS]    ? "spmv_vector4"
				      : c->memo[MEMO_STREAM] ? "spmv_vector_stream"
							     : "spmv_vector");
	if (!kv)
		return -1;
	size_t pp = c->per_proc, ptx = clrt_ptx(c->rt);
	/* red: PP values a work-item, but for shuffles (NVIDIA, whole warps). */
	size_t L = gpu__group(c, kv, GPU_SCAN_WG_CAP, ptx ? 0 : pp * 4, pp, "rows");
	if (!L)
		return -1;
	size_t vw = c->memo[MEMO_LANES];
	if (!gpu__param_given(c->job, "lanes") && vw > L)
		vw = L; /* the kernels' own choice, in small work-groups */
	if (vw > 32 || vw > L) {
		snprintf(c->err, c->errlen,
			 "--lanes %zu: a row's lanes lie in one warp and one work-group: at most "
			 "32 and at most the work-group's %zu",
			 vw, L);
		return -1;
	}
	size_t rows = L / vw * pp;
	return gpu__launch(c, kv, GPU_DIV_UP(m, rows) * L, L, "mmmmmuuul", c->in[IN_V], c->in[IN_C],
			   c->in[IN_R], c->in[IN_X], c->out[0], (unsigned)c->job->in[IN_V].n,
			   (unsigned)m, (unsigned)vw, (ptx && L >= 32 ? 1 : L * pp) * 4);
}

/* Up to SPANS_MAX non-zeros the tiles run as spmv_spans, one launch whose
 * groups find their own rows, rather than partition, tiles and fixup: on
 * an H200 the power law's took 0.0249 ms against 0.0351 at 2^20
 * non-zeros and 0.1683 against 0.1702 at 2^24 (cuSPARSE 0.0217 and
 * 0.1445 in the same run); at 2^28, where the launches weigh nothing,
 * 5.986 against 5.965, and the band's 0.884 against 0.679: a tile of
 * spmv_spans, which counts its rows and carries its last one, costs more
 * than one of spmv_tiles. */
#define SPANS_MAX ((size_t)1 << 24)
/* spmv_spans's tiles a work-group: enough groups for SPANS_WAVES of
 * gpu__groups, but at most SPANS_TILES tiles each, so that the last
 * groups to start do not hold the launch up long. */
#define SPANS_WAVES 2
#define SPANS_TILES 8

/* --partition's choices (algos/spmv_csr.c). */
enum {
	PARTITION_ONCE,
	PARTITION_EACH_RUN
};

static int planned(const gpu_job *job)
{
	return job->params->v[algo_param_index(job->algo, "partition")] == PARTITION_ONCE;
}

/* --partition once: for t = 0 .. parts, the rows that end at or before
 * t stride (R[r + 1] <= t stride; 0 for t = 0, whose group takes the empty
 * rows before any non-zero too), the first row of tile or span t, as
 * spmv_partition and spmv_first_row find them on the device. Made on the
 * host from R in the first run (the warm-up), before the kernels, and
 * uploaded into scratch slot SLOT_RBEG, which the later runs read as it
 * is: a plan of the matrix's structure, as cusparseSpMV_preprocess makes
 * before cuSPARSE's timed calls. NULL with a message. */
static cl_mem plan(gpu_ctx *c, size_t m, size_t stride, size_t parts)
{
	cl_mem b = gpu__scratch(c, SLOT_RBEG, parts + 1);
	if (!b || c->runs > 0)
		return b;
	const cl_int *R = c->job->in[IN_R].data;
	cl_uint *h = malloc((parts + 1) * sizeof *h);
	if (!h) {
		snprintf(c->err, c->errlen, "out of memory for a plan of %zu tiles", parts);
		return NULL;
	}
	h[0] = 0;
	for (size_t t = 1; t <= parts; t++) {
		size_t pos = t * stride, lo = 0, hi = m;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if ((size_t)R[mid + 1] <= pos)
				lo = mid + 1;
			else
				hi = mid;
		}
		h[t] = (cl_uint)lo;
	}
	int rc = gpu__write(c, b, h, parts + 1);
	free(h);
	return rc ? NULL : b;
}

/* y = M x by spmv_spans: spans of tiles, a work-group each, in one launch. */
static int spans(gpu_ctx *c, size_t m)
{
	size_t k = c->job->in[IN_V].n;
	cl_kernel ks = gpu__kernel(c, c->memo[MEMO_STREAM] ? "spmv_spans_stream" : "spmv_spans");
	if (!ks)
		return -1;
	/* Local memory a work-item needs: as spmv_tiles (below). */
	size_t pp = c->per_proc, per_item = pp * 5 * 33 / 32 + 8 + 5;
	size_t L = gpu__group(c, ks, GPU_SCAN_WG_CAP, per_item, pp, "non-zeros");
	if (!L)
		return -1;
	size_t tile = L * pp, tiles = k ? GPU_DIV_UP(k, tile) : 1, padded = tile + tile / 32 + 1;
	size_t tpg = GPU_DIV_UP(tiles, SPANS_WAVES * gpu__groups(c, L));
	if (tpg > SPANS_TILES)
		tpg = SPANS_TILES;
	size_t groups = GPU_DIV_UP(tiles, tpg);
	/* Zeros when made: spmv_spans's counters are set back to 0 by the
	 * group that counts last, the parts written by atomic exchanges. */
	cl_mem part = gpu__scratch_zeroed(c, SLOT_PART, 2 * groups),
	       cnt = gpu__scratch_zeroed(c, SLOT_COUNT, groups);
	/* Without a plan the kernel searches and reads none: cnt stands in. */
	int once = planned(c->job);
	cl_mem first = once ? plan(c, m, tpg * tile, groups) : cnt;
	if (!part || !cnt || !first)
		return -1;
	return gpu__launch(c, ks, groups * L, L, "mmmmmmmmuuuullll", c->in[IN_V], c->in[IN_C],
			   c->in[IN_R], c->in[IN_X], c->out[0], part, cnt, first, (unsigned)once,
			   (unsigned)k, (unsigned)m, (unsigned)tpg, padded * 4, padded, L * 4,
			   L * 4);
}

static int tuned(gpu_ctx *c)
{
	size_t k = c->job->in[IN_V].n, m;
	if (check_csr(c, &m))
		return -1;
	if (m == 0)
		return 0;
	choose(c);
	if (c->memo[MEMO_METHOD] == METHOD_VECTOR)
		return vector(c, m);
	if (k <= SPANS_MAX)
		return spans(c, m);
	cl_kernel part = gpu__kernel(c, "spmv_partition"),
		  tiles_k =
		      gpu__kernel(c, c->memo[MEMO_STREAM] ? "spmv_tiles_stream" : "spmv_tiles"),
		  fix = gpu__kernel(c, "spmv_fixup");
	if (!part || !tiles_k || !fix)
		return -1;
	/* Local memory a work-item of spmv_tiles needs: PP padded values and
	 * flags, and a value and a flag of the group scan (rounded up). */
	size_t pp = c->per_proc, per_item = pp * 5 * 33 / 32 + 8 + 5;
	size_t L = gpu__group(c, tiles_k, GPU_SCAN_WG_CAP, per_item, pp, "non-zeros");
	size_t lp = gpu__lsize(c, part, GPU_SCAN_WG_CAP, 0),
	       lf = gpu__lsize(c, fix, GPU_SCAN_WG_CAP, 0);
	if (!L || !lp || !lf)
		return -1;
	size_t tile = L * pp, tiles = k ? GPU_DIV_UP(k, tile) : 1, padded = tile + tile / 32 + 1;
	int once = planned(c->job);
	cl_mem rbeg = once ? plan(c, m, tile, tiles) : gpu__scratch(c, SLOT_RBEG, tiles + 1),
	       head = gpu__scratch(c, SLOT_HEAD, tiles), tail = gpu__scratch(c, SLOT_TAIL, tiles);
	if (!rbeg || !head || !tail)
		return -1;
	return (!once &&
		gpu__launch(c, part, GPU_DIV_UP(tiles + 1, lp) * lp, lp, "muumu", c->in[IN_R],
			    (unsigned)m, (unsigned)tile, rbeg, (unsigned)tiles)) ||
		       gpu__launch(c, tiles_k, tiles * L, L, "mmmmmmmmuullll", c->in[IN_V],
				   c->in[IN_C], c->in[IN_R], c->in[IN_X], rbeg, c->out[0], head,
				   tail, (unsigned)k, (unsigned)m, padded * 4, padded, L * 4,
				   L * 4) ||
		       gpu__launch(c, fix, GPU_DIV_UP(tiles, lf) * lf, lf, "mmmmmuu", c->in[IN_R],
				   rbeg, head, tail, c->out[0], (unsigned)tiles, (unsigned)tile)
		   ? -1
		   : 0;
}

const gpu_algo gpu_spmv_csr = {
    .algo = &algo_spmv_csr,
    .file = "spmv_csr.cl",
    .variant = {[GPU_TEACHING] = {.run = teaching},
		[GPU_TUNED] = {.run = tuned, .takes_per_proc = 1, .pick_pp = tuned_pp}},
    .out = GPU_OUT_DECL,
    .sum_only = 1,
};
