/*
 * vendor.cu - the vendor libraries themselves on an NVIDIA GPU: CUB's
 * device-wide primitives and cuSPARSE's CSR SpMV, called directly, the
 * figures pramsim's kernels are measured against (bench/gpu-run.sh).
 *
 *     nvcc -O3 -arch=sm_90 -o vendor bench/vendor.cu -lcusparse   (make vendor)
 *     ./vendor [LOG2N ...] [--reps R] [--batch B] [--only cub|spmv]
 *              (default: 20 24 28, R = 20, B = 10; --only: CUB's primitives or
 *              the SpMV alone)
 *
 * For each n = 2^LOG2N: a device-to-device copy, reduce, inclusive and
 * exclusive scan, segmented reduce and scan by key over 1024-element
 * segments, a 256-bin histogram (uniform and all-equal u32 keys, each by
 * three routes to the same top-byte bins; and uniform floats), select
 * (half kept, by predicate and by flags), radix sort (keys, and pairs), and
 * CSR SpMV with n non-zeros on a banded, a uniform random and a power-law
 * matrix. All data are 32-bit (u32; f32 for SpMV), made on the device from
 * a hash of the index, so the host can recompute any element.
 *
 * Timing: one warm-up call, then R timed calls on the default stream;
 * temporary storage is allocated (and cuSPARSE's preprocessing done) before
 * them. The calls run B at a time (--batch, default 10) back to back: a
 * kernel that spins for GATE_MS holds the stream while the host launches
 * the batch behind it, and events around the batch give each call the
 * batch's time over B. That is what a call costs the device in a stream of
 * calls, the gaps between its kernels included, and how `pram bench
 * --batch` times ours. One call between two events also counts the host's
 * launch of its first kernel (5 to 8 us a call on an H200, most of a small
 * one: a copy of 4 MiB took 8.8 us so and 2.9 us back to back): that
 * figure, the median of R single calls, is kept as alone_ms. The median,
 * min and max are over the batches.
 *
 * Checking: after the timed calls the output of the last one is copied back
 * and compared with a computation on the host over the whole output (sorts:
 * order, and the same multiset of keys, or of key-value pairs, stably);
 * "checked" says "ok" and what was compared, or "FAILED" and where. A failed
 * check makes the exit status 1.
 *
 * Output, CSV on standard output (the device and library versions go to
 * standard error):
 *   id,what,n,items,bytes,traffic,median_ms,min_ms,max_ms,gb_per_s,items_per_s,alone_ms,
 *   checked
 * median_ms, min_ms and max_ms are a call back to back, alone_ms a call by
 * itself (Timing, above). bytes counts what the primitive must read plus
 * write (traffic says which terms), not what the library happens to move;
 * gb_per_s is bytes over the median time and items_per_s items (elements,
 * keys, non-zeros) over it. A row whose buffers do not fit the free device
 * memory has empty figures and "skipped" in checked.
 */
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cub/cub.cuh>
#include <cuda_runtime.h>
#include <cusparse.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#define CK(call)                                                                              \
	do {                                                                                  \
		cudaError_t e_ = (call);                                                      \
		if (e_ != cudaSuccess) {                                                      \
			fprintf(stderr, "vendor: %s:%d: %s: %s\n", __FILE__, __LINE__, #call, \
				cudaGetErrorString(e_));                                      \
			exit(1);                                                              \
		}                                                                             \
	} while (0)

#define CKS(call)                                                                             \
	do {                                                                                  \
		cusparseStatus_t s_ = (call);                                                 \
		if (s_ != CUSPARSE_STATUS_SUCCESS) {                                          \
			fprintf(stderr, "vendor: %s:%d: %s: %s\n", __FILE__, __LINE__, #call, \
				cusparseGetErrorString(s_));                                  \
			exit(1);                                                              \
		}                                                                             \
	} while (0)

static int reps = 20, batch = 10;
static int failed = 0;

/* ---- data ---------------------------------------------------------- */

/* splitmix64's finaliser: the same 32 bits on host and device. */
__host__ __device__ static inline uint32_t hash(uint64_t i, uint32_t seed)
{
	uint64_t x = i + ((uint64_t)seed << 40) + 0x9E3779B97F4A7C15ull;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
	return (uint32_t)((x ^ (x >> 31)) >> 32);
}

__host__ __device__ static inline float hash_float(uint64_t i, uint32_t seed)
{
	return (float)(hash(i, seed) >> 8) * (1.0f / 16777216.0f); /* [0, 1) */
}

enum fill_kind {
	FILL_HASH,
	FILL_CONST,
	FILL_SHIFT,
	FILL_INDEX
};

__global__ void fill_u32(uint32_t *a, size_t n, int kind, uint32_t seed, uint32_t arg)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x)
		a[i] = kind == FILL_HASH    ? hash(i, seed)
		       : kind == FILL_CONST ? arg
		       : kind == FILL_SHIFT ? (uint32_t)(i >> arg)
					    : (uint32_t)i;
}

/* out[i] = in[i] >> sh (in place when out is in). */
__global__ void shift_u32(uint32_t *out, const uint32_t *in, size_t n, unsigned sh)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x)
		out[i] = in[i] >> sh;
}

__global__ void fill_f32(float *a, size_t n, uint32_t seed)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x)
		a[i] = hash_float(i, seed);
}

__global__ void fill_flags(uint8_t *a, size_t n, uint32_t seed)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x)
		a[i] = hash(i, seed) & 1;
}

/* Column indices of a banded matrix: row r holds the w columns from
 * min(max(r - w/2, 0), cols - w), so every row has w near the diagonal. */
__global__ void fill_banded(int *col, size_t nnz, int cols, int w)
{
	for (size_t e = blockIdx.x * (size_t)blockDim.x + threadIdx.x; e < nnz;
	     e += (size_t)gridDim.x * blockDim.x) {
		long r = (long)(e / w), start = r - w / 2;
		start = start < 0 ? 0 : start > cols - w ? cols - w : start;
		col[e] = (int)(start + (long)(e % w));
	}
}

/* Random columns in [0, cols). */
__global__ void fill_random_cols(int *col, size_t nnz, int cols, uint32_t seed)
{
	for (size_t e = blockIdx.x * (size_t)blockDim.x + threadIdx.x; e < nnz;
	     e += (size_t)gridDim.x * blockDim.x)
		col[e] = (int)(hash(e, seed) % (uint32_t)cols);
}

static unsigned grid_for(size_t n)
{
	size_t b = (n + 255) / 256;
	return (unsigned)std::min<size_t>(std::max<size_t>(b, 1), 132 * 64);
}

template <class T> static T *dalloc(size_t n)
{
	T *p = nullptr;
	CK(cudaMalloc(&p, std::max<size_t>(n, 1) * sizeof(T)));
	return p;
}

template <class T> static std::vector<T> to_host(const T *d, size_t n)
{
	std::vector<T> h(n);
	CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
	return h;
}

/* Temporary storage for the libraries, grown as asked and kept. */
struct temp_storage {
	void *p = nullptr;
	size_t bytes = 0;
	void *get(size_t b)
	{
		if (b > bytes) {
			CK(cudaFree(p));
			CK(cudaMalloc(&p, b));
			bytes = b;
		}
		return p;
	}
	~temp_storage()
	{
		cudaFree(p);
	}
};

/* ---- timing and rows ----------------------------------------------- */

struct timing {
	double med, lo, hi; /* a call back to back, over the batches */
	double alone;       /* the median of single calls between events */
};

/* The gate's length: longer than the host takes to launch a batch of
 * calls (a few microseconds a launch). */
#define GATE_MS 3.0

/* Spin one thread for ns nanoseconds of the device's clock. */
__global__ void gate(unsigned long long ns)
{
	unsigned long long t0, t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
	do
		asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
	while (t - t0 < ns);
}

static double median(std::vector<double> t)
{
	std::sort(t.begin(), t.end());
	size_t m = t.size();
	return m % 2 ? t[m / 2] : (t[m / 2 - 1] + t[m / 2]) / 2;
}

/* f once to warm up; reps times alone, each between two events; then reps
 * times in batches of `batch` behind the gate. */
template <class F> static timing timed(F &&f)
{
	cudaEvent_t a, b;
	CK(cudaEventCreate(&a));
	CK(cudaEventCreate(&b));
	f();
	CK(cudaGetLastError());
	CK(cudaDeviceSynchronize());
	std::vector<double> alone, per;
	float ms = 0;
	for (int r = 0; r < reps; r++) {
		CK(cudaEventRecord(a));
		f();
		CK(cudaEventRecord(b));
		CK(cudaEventSynchronize(b));
		CK(cudaEventElapsedTime(&ms, a, b));
		alone.push_back(ms);
	}
	for (int done = 0; done < reps;) {
		int k = std::min(batch, reps - done);
		gate<<<1, 1>>>((unsigned long long)(GATE_MS * 1e6));
		CK(cudaEventRecord(a));
		for (int r = 0; r < k; r++)
			f();
		CK(cudaEventRecord(b));
		CK(cudaEventSynchronize(b));
		CK(cudaEventElapsedTime(&ms, a, b));
		per.push_back(ms / k);
		done += k;
	}
	CK(cudaGetLastError());
	CK(cudaEventDestroy(a));
	CK(cudaEventDestroy(b));
	return {median(per), *std::min_element(per.begin(), per.end()),
		*std::max_element(per.begin(), per.end()), median(alone)};
}

static void row(const char *id, const char *what, size_t n, double items, double bytes,
		const char *traffic, timing s, const std::string &check)
{
	if (check.compare(0, 6, "FAILED") == 0)
		failed = 1;
	printf("%s,%s,%zu,%.0f,%.0f,%s,%.4f,%.4f,%.4f,%.1f,%.4g,%.4f,%s\n", id, what, n, items,
	       bytes, traffic, s.med, s.lo, s.hi, bytes / (s.med * 1e-3) / 1e9,
	       items / (s.med * 1e-3), s.alone, check.c_str());
	fflush(stdout);
}

/* Whether bytes more of device memory are free (with a margin); if not,
 * print the row as skipped. */
static bool fits(const char *id, const char *what, size_t n, double bytes)
{
	size_t freeb = 0, total = 0;
	CK(cudaMemGetInfo(&freeb, &total));
	if (bytes <= 0.9 * (double)freeb)
		return true;
	printf("%s,%s,%zu,,,,,,,,,,skipped: needs %.1f GiB of device memory; %.1f GiB free\n", id,
	       what, n, bytes / (1 << 30), (double)freeb / (1 << 30));
	return false;
}

static std::string ok(const char *what)
{
	return std::string("ok: ") + what;
}

template <class T> static std::string mismatch(size_t i, T got, T want)
{
	char buf[160];
	snprintf(buf, sizeof buf, "FAILED: at %zu got %.9g want %.9g", i, (double)got,
		 (double)want);
	return buf;
}

/* Compare got with want, element by element. */
template <class T> static std::string compare(const std::vector<T> &got, const std::vector<T> &want)
{
	if (got.size() != want.size()) {
		char buf[128];
		snprintf(buf, sizeof buf, "FAILED: %zu elements, want %zu", got.size(),
			 want.size());
		return buf;
	}
	for (size_t i = 0; i < got.size(); i++)
		if (got[i] != want[i])
			return mismatch(i, got[i], want[i]);
	return ok("every element");
}

/* ---- the primitives ------------------------------------------------ */

struct below {
	uint32_t t;
	__host__ __device__ bool operator()(uint32_t x) const
	{
		return x < t;
	}
};

struct top_byte {
	__host__ __device__ uint32_t operator()(uint32_t x) const
	{
		return x >> 24;
	}
};

struct segment_of {
	__host__ __device__ uint32_t operator()(uint32_t i) const
	{
		return i >> 10;
	}
};

/* A 64-bit fingerprint of a multiset of keys (order-free). */
static void fingerprint(const std::vector<uint32_t> &k, uint64_t *sum, uint64_t *mixsum)
{
	uint64_t s = 0, m = 0;
	for (uint32_t x : k) {
		s += x;
		m += hash(x, 99);
	}
	*sum = s;
	*mixsum = m;
}

static void run_size(size_t n)
{
	temp_storage tmp;
	size_t tb = 0;
	const int ni = (int)n;
	uint32_t *a = dalloc<uint32_t>(n), *b = dalloc<uint32_t>(n), *one = dalloc<uint32_t>(1);
	fill_u32<<<grid_for(n), 256>>>(a, n, FILL_HASH, 1, 0);
	CK(cudaGetLastError());
	std::vector<uint32_t> ha = to_host(a, n);

	/* Copy. */
	timing s = timed([&] { CK(cudaMemcpyAsync(b, a, n * 4, cudaMemcpyDeviceToDevice)); });
	row("copy", "cudaMemcpy device to device", n, n, 8.0 * n, "4n read + 4n written", s,
	    compare(to_host(b, n), ha));

	/* Reduce. */
	CK(cub::DeviceReduce::Sum(nullptr, tb, a, one, ni));
	tmp.get(tb);
	s = timed([&] { CK(cub::DeviceReduce::Sum(tmp.p, tb, a, one, ni)); });
	{
		uint32_t want = 0;
		for (uint32_t x : ha)
			want += x;
		uint32_t got = to_host(one, 1)[0];
		row("reduce", "cub::DeviceReduce::Sum u32", n, n, 4.0 * n + 4,
		    "4n read + 4 written", s,
		    got == want ? ok("the sum (mod 2^32)") : mismatch(0, got, want));
	}

	/* Scans. */
	for (int incl = 1; incl >= 0; incl--) {
		tb = 0;
		if (incl)
			CK(cub::DeviceScan::InclusiveSum(nullptr, tb, a, b, ni));
		else
			CK(cub::DeviceScan::ExclusiveSum(nullptr, tb, a, b, ni));
		tmp.get(tb);
		s = timed([&] {
			if (incl)
				CK(cub::DeviceScan::InclusiveSum(tmp.p, tb, a, b, ni));
			else
				CK(cub::DeviceScan::ExclusiveSum(tmp.p, tb, a, b, ni));
		});
		std::vector<uint32_t> want(n);
		uint32_t acc = 0;
		for (size_t i = 0; i < n; i++) {
			want[i] = incl ? acc + ha[i] : acc;
			acc += ha[i];
		}
		row(incl ? "scan_inclusive" : "scan_exclusive",
		    incl ? "cub::DeviceScan::InclusiveSum u32"
			 : "cub::DeviceScan::ExclusiveSum u32",
		    n, n, 8.0 * n, "4n read + 4n written", s, compare(to_host(b, n), want));
	}

	/* Segmented reduce over 1024-element segments given by offsets. */
	const size_t seg = 1024, nseg = (n + seg - 1) / seg;
	{
		std::vector<int> off(nseg + 1);
		for (size_t k = 0; k <= nseg; k++)
			off[k] = (int)std::min(k * seg, n);
		int *doff = dalloc<int>(nseg + 1);
		CK(cudaMemcpy(doff, off.data(), (nseg + 1) * 4, cudaMemcpyHostToDevice));
		tb = 0;
		CK(cub::DeviceSegmentedReduce::Sum(nullptr, tb, a, b, (int)nseg, doff, doff + 1));
		tmp.get(tb);
		s = timed([&] {
			CK(cub::DeviceSegmentedReduce::Sum(tmp.p, tb, a, b, (int)nseg, doff,
							   doff + 1));
		});
		std::vector<uint32_t> want(nseg, 0);
		for (size_t i = 0; i < n; i++)
			want[i / seg] += ha[i];
		row("segmented_reduce", "cub::DeviceSegmentedReduce::Sum u32 1024-element segments",
		    n, n, 4.0 * n + 4.0 * (nseg + 1) + 4.0 * nseg,
		    "4n values + 4(s+1) offsets read + 4s written", s,
		    compare(to_host(b, nseg), want));
		CK(cudaFree(doff));
	}

	/* Scan by key over the same segments: keys i / 1024 in an array, and
	 * computed from the index (no key array to read). */
	{
		std::vector<uint32_t> want(n);
		uint32_t acc = 0;
		for (size_t i = 0; i < n; i++) {
			acc = i % seg ? acc + ha[i] : ha[i];
			want[i] = acc;
		}
		if (fits("scan_by_key", "cub::DeviceScan::InclusiveSumByKey u32", n, 4.0 * n)) {
			uint32_t *keys = dalloc<uint32_t>(n);
			fill_u32<<<grid_for(n), 256>>>(keys, n, FILL_SHIFT, 0, 10);
			tb = 0;
			CK(cub::DeviceScan::InclusiveSumByKey(nullptr, tb, keys, a, b, ni));
			tmp.get(tb);
			s = timed([&] {
				CK(cub::DeviceScan::InclusiveSumByKey(tmp.p, tb, keys, a, b, ni));
			});
			row("scan_by_key",
			    "cub::DeviceScan::InclusiveSumByKey u32 1024-element segments (key "
			    "array)",
			    n, n, 12.0 * n, "4n keys + 4n values read + 4n written", s,
			    compare(to_host(b, n), want));
			CK(cudaFree(keys));
		}
		auto keys = thrust::make_transform_iterator(
		    thrust::make_counting_iterator<uint32_t>(0), segment_of());
		tb = 0;
		CK(cub::DeviceScan::InclusiveSumByKey(nullptr, tb, keys, a, b, ni));
		tmp.get(tb);
		s = timed(
		    [&] { CK(cub::DeviceScan::InclusiveSumByKey(tmp.p, tb, keys, a, b, ni)); });
		row("scan_by_key_computed",
		    "cub::DeviceScan::InclusiveSumByKey u32 1024-element segments (keys i/1024 "
		    "computed)",
		    n, n, 8.0 * n, "4n values read + 4n written", s, compare(to_host(b, n), want));
	}

	/* Histogram: 256 even bins, the same counts by three routes. First
	 * the samples ours take, bin numbers in [0, 256) (each the top byte of
	 * a key), with 32-bit levels 0..256: CUB's fastest route (its
	 * privatized sweep, one subtraction and a shift or a division by 1).
	 * Then the same bins from the full 32-bit keys: the top byte through a
	 * transform iterator with the same 32-bit levels (no vector loads, a
	 * shift a key), and the labelled extra, HistogramEven over [0, 2^32)
	 * with 64-bit levels, the route a caller takes who passes the keys as
	 * they are (CUB bins those in 64-bit arithmetic with a division: not a
	 * fair baseline). Each route on uniform keys and on all-equal keys
	 * (one bin takes all). The bin numbers are made in b before the timed
	 * region. Float samples in [0, 1) last. */
	{
		int *hist = dalloc<int>(256);
		const uint32_t key = 0x5A5A5A5Au;
		for (int equal = 0; equal <= 1; equal++) {
			uint32_t *keys = equal ? b : a;
			if (equal)
				fill_u32<<<grid_for(n), 256>>>(b, n, FILL_CONST, 0, key);
			std::vector<int> want(256, 0);
			if (equal)
				want[key >> 24] = (int)n;
			else
				for (uint32_t x : ha)
					want[x >> 24]++;
			const char *dist = equal ? "all-equal" : "uniform";
			char id[48], what[160];
			auto top = thrust::make_transform_iterator(keys, top_byte());
			tb = 0;
			CK(cub::DeviceHistogram::HistogramEven(nullptr, tb, top, hist, 257, 0u, 256u,
							       ni));
			tmp.get(tb);
			s = timed([&] {
				CK(cub::DeviceHistogram::HistogramEven(tmp.p, tb, top, hist, 257, 0u,
								       256u, ni));
			});
			snprintf(id, sizeof id, "histogram%s_top_byte", equal ? "_equal" : "");
			snprintf(what, sizeof what,
				 "cub::DeviceHistogram::HistogramEven 256 bins %s u32 keys: keys>>24 "
				 "by a transform iterator and 32-bit levels 0..256",
				 dist);
			row(id, what, n, n, 4.0 * n + 1024, "4n read + 256 counters written", s,
			    compare(to_host(hist, 256), want));
			tb = 0;
			CK(cub::DeviceHistogram::HistogramEven(nullptr, tb, keys, hist, 257, 0ull,
							       1ull << 32, ni));
			tmp.get(tb);
			s = timed([&] {
				CK(cub::DeviceHistogram::HistogramEven(tmp.p, tb, keys, hist, 257, 0ull,
								       1ull << 32, ni));
			});
			snprintf(id, sizeof id, "histogram%s_wide_levels", equal ? "_equal" : "");
			snprintf(what, sizeof what,
				 "cub::DeviceHistogram::HistogramEven 256 bins %s u32 keys over [0 "
				 "2^32) with 64-bit levels (extra: CUB's slow path)",
				 dist);
			row(id, what, n, n, 4.0 * n + 1024, "4n read + 256 counters written", s,
			    compare(to_host(hist, 256), want));
			/* The bin numbers themselves, as ours read them. */
			shift_u32<<<grid_for(n), 256>>>(b, keys, n, 24);
			CK(cudaGetLastError());
			tb = 0;
			CK(cub::DeviceHistogram::HistogramEven(nullptr, tb, b, hist, 257, 0u, 256u,
							       ni));
			tmp.get(tb);
			s = timed([&] {
				CK(cub::DeviceHistogram::HistogramEven(tmp.p, tb, b, hist, 257, 0u,
								       256u, ni));
			});
			snprintf(id, sizeof id, "histogram%s", equal ? "_equal" : "");
			snprintf(what, sizeof what,
				 "cub::DeviceHistogram::HistogramEven 256 bins %s u32 samples in [0 "
				 "256) and 32-bit levels 0..256",
				 dist);
			row(id, what, n, n, 4.0 * n + 1024, "4n read + 256 counters written", s,
			    compare(to_host(hist, 256), want));
		}
		float *f = (float *)b;
		fill_f32<<<grid_for(n), 256>>>(f, n, 1);
		tb = 0;
		CK(cub::DeviceHistogram::HistogramEven(nullptr, tb, f, hist, 257, 0.0f, 1.0f, ni));
		tmp.get(tb);
		s = timed([&] {
			CK(cub::DeviceHistogram::HistogramEven(tmp.p, tb, f, hist, 257, 0.0f, 1.0f,
							       ni));
		});
		std::vector<int> want(256, 0);
		for (size_t i = 0; i < n; i++)
			want[(int)(hash_float(i, 1) * 256.0f)]++;
		row("histogram_float",
		    "cub::DeviceHistogram::HistogramEven 256 bins f32 uniform in [0 1)", n, n,
		    4.0 * n + 1024, "4n read + 256 counters written", s,
		    compare(to_host(hist, 256), want));
		CK(cudaFree(hist));
	}

	/* Select: the keys below 2^31 (half of the uniform ones), by
	 * predicate; then by byte flags, each set with probability 1/2. */
	{
		int *num = dalloc<int>(1);
		std::vector<uint32_t> want;
		for (uint32_t x : ha)
			if (x < (1u << 31))
				want.push_back(x);
		tb = 0;
		CK(cub::DeviceSelect::If(nullptr, tb, a, b, num, ni, below{1u << 31}));
		tmp.get(tb);
		s = timed(
		    [&] { CK(cub::DeviceSelect::If(tmp.p, tb, a, b, num, ni, below{1u << 31})); });
		size_t k = (size_t)to_host(num, 1)[0];
		row("select_if", "cub::DeviceSelect::If u32 half kept", n, n, 4.0 * n + 4.0 * k + 4,
		    "4n read + 4k kept + 4 count written", s,
		    compare(to_host(b, std::min(k, n)), want));
		if (fits("select_flagged", "cub::DeviceSelect::Flagged", n, (double)n)) {
			uint8_t *flags = dalloc<uint8_t>(n);
			fill_flags<<<grid_for(n), 256>>>(flags, n, 3);
			want.clear();
			for (size_t i = 0; i < n; i++)
				if (hash(i, 3) & 1)
					want.push_back(ha[i]);
			tb = 0;
			CK(cub::DeviceSelect::Flagged(nullptr, tb, a, flags, b, num, ni));
			tmp.get(tb);
			s = timed([&] {
				CK(cub::DeviceSelect::Flagged(tmp.p, tb, a, flags, b, num, ni));
			});
			k = (size_t)to_host(num, 1)[0];
			row("select_flagged",
			    "cub::DeviceSelect::Flagged u32 half kept (byte flags)", n, n,
			    5.0 * n + 4.0 * k + 4, "4n values + n flags read + 4k kept + 4 written",
			    s, compare(to_host(b, std::min(k, n)), want));
			CK(cudaFree(flags));
		}
		CK(cudaFree(num));
	}

	/* Radix sort of the uniform keys (all 32 bits), then of pairs whose
	 * values are the keys' original positions. */
	{
		uint64_t s0, m0;
		fingerprint(ha, &s0, &m0);
		tb = 0;
		CK(cub::DeviceRadixSort::SortKeys(nullptr, tb, a, b, ni));
		tmp.get(tb);
		s = timed([&] { CK(cub::DeviceRadixSort::SortKeys(tmp.p, tb, a, b, ni)); });
		std::vector<uint32_t> k = to_host(b, n);
		std::string check = ok("sorted, the same keys (order and fingerprint)");
		for (size_t i = 1; i < n; i++)
			if (k[i - 1] > k[i]) {
				check = mismatch(i, k[i], k[i - 1]);
				break;
			}
		uint64_t s1, m1;
		fingerprint(k, &s1, &m1);
		if (s1 != s0 || m1 != m0)
			check = "FAILED: the sorted keys are not the input's";
		row("sort_keys", "cub::DeviceRadixSort::SortKeys u32", n, n, 8.0 * n,
		    "4n read + 4n written (compulsory; the passes move more)", s, check);

		if (fits("sort_pairs", "cub::DeviceRadixSort::SortPairs", n, 8.0 * n + tb)) {
			uint32_t *v = dalloc<uint32_t>(n), *v2 = dalloc<uint32_t>(n);
			fill_u32<<<grid_for(n), 256>>>(v, n, FILL_INDEX, 0, 0);
			tb = 0;
			CK(cub::DeviceRadixSort::SortPairs(nullptr, tb, a, b, v, v2, ni));
			tmp.get(tb);
			s = timed([&] {
				CK(cub::DeviceRadixSort::SortPairs(tmp.p, tb, a, b, v, v2, ni));
			});
			k = to_host(b, n);
			std::vector<uint32_t> pos = to_host(v2, n);
			std::vector<bool> seen(n, false);
			check = ok("sorted, stable, each pair an input's");
			for (size_t i = 0; i < n; i++) {
				uint32_t p = pos[i];
				if (p >= n || seen[p] || ha[p] != k[i] ||
				    (i &&
				     (k[i - 1] > k[i] || (k[i - 1] == k[i] && pos[i - 1] > p)))) {
					check = mismatch(i, (double)p, (double)i);
					break;
				}
				seen[p] = true;
			}
			row("sort_pairs", "cub::DeviceRadixSort::SortPairs u32/u32", n, n, 16.0 * n,
			    "8n read + 8n written (compulsory; the passes move more)", s, check);
			CK(cudaFree(v));
			CK(cudaFree(v2));
		}
	}
	CK(cudaFree(a));
	CK(cudaFree(b));
	CK(cudaFree(one));
}

/* ---- SpMV ---------------------------------------------------------- */

/* Row offsets of a matrix whose row lengths follow a power law (Pareto,
 * alpha 1.5, at least 2, at most 2^20), nnz non-zeros in all. */
static std::vector<int> power_law_rows(size_t nnz)
{
	std::vector<int> ptr(1, 0);
	uint64_t state = 12345;
	size_t total = 0;
	while (total < nnz) {
		state += 0x9E3779B97F4A7C15ull;
		double u = (hash(state, 7) + 1.0) / 4294967297.0; /* (0, 1) */
		size_t len = (size_t)std::min(2.0 * std::pow(u, -1.0 / 1.5), 1048576.0);
		len = std::min(std::max<size_t>(len, 1), nnz - total);
		total += len;
		ptr.push_back((int)total);
	}
	return ptr;
}

static void run_spmv(size_t nnz, int kind)
{
	static const char *const ids[] = {"spmv_banded", "spmv_uniform", "spmv_power_law"};
	static const char *const whats[] = {
	    "cusparseSpMV CSR f32 banded (32 a row near the diagonal)",
	    "cusparseSpMV CSR f32 uniform random columns (4 a row)",
	    "cusparseSpMV CSR f32 power-law row lengths (uniform random columns)"};
	const int w = kind == 0 ? 32 : 4;
	std::vector<int> ptr;
	if (kind == 2) {
		ptr = power_law_rows(nnz);
	} else {
		ptr.resize(nnz / w + 1);
		for (size_t r = 0; r < ptr.size(); r++)
			ptr[r] = (int)(r * w);
		nnz = (nnz / w) * w;
	}
	const int rows = (int)ptr.size() - 1, cols = rows;
	/* The matrix, x, y; the power law's unsorted columns too. */
	double need =
	    8.0 * nnz + 4.0 * (rows + 1) + 4.0 * cols + 4.0 * rows + (kind == 2 ? 4.0 * nnz : 0);
	if (!fits(ids[kind], whats[kind], nnz, need))
		return;
	int *dptr = dalloc<int>(rows + 1), *col = dalloc<int>(nnz);
	float *val = dalloc<float>(nnz), *x = dalloc<float>(cols), *y = dalloc<float>(rows);
	CK(cudaMemcpy(dptr, ptr.data(), (rows + 1) * 4, cudaMemcpyHostToDevice));
	temp_storage tmp;
	if (kind == 0) {
		fill_banded<<<grid_for(nnz), 256>>>(col, nnz, cols, w);
	} else {
		/* Sorted columns in each row, as CSR has them. */
		int *unsorted = dalloc<int>(nnz);
		fill_random_cols<<<grid_for(nnz), 256>>>(unsorted, nnz, cols, 5);
		size_t tb = 0;
		CK(cub::DeviceSegmentedSort::SortKeys(nullptr, tb, unsorted, col, (int64_t)nnz,
						      (int64_t)rows, dptr, dptr + 1));
		CK(cub::DeviceSegmentedSort::SortKeys(tmp.get(tb), tb, unsorted, col, (int64_t)nnz,
						      (int64_t)rows, dptr, dptr + 1));
		CK(cudaFree(unsorted));
	}
	fill_f32<<<grid_for(nnz), 256>>>(val, nnz, 6);
	fill_f32<<<grid_for(cols), 256>>>(x, cols, 7);
	CK(cudaGetLastError());

	cusparseHandle_t h;
	cusparseSpMatDescr_t A;
	cusparseDnVecDescr_t X, Y;
	float alpha = 1, beta = 0;
	size_t bs = 0;
	CKS(cusparseCreate(&h));
	CKS(cusparseCreateCsr(&A, rows, cols, (int64_t)nnz, dptr, col, val, CUSPARSE_INDEX_32I,
			      CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
	CKS(cusparseCreateDnVec(&X, cols, x, CUDA_R_32F));
	CKS(cusparseCreateDnVec(&Y, rows, y, CUDA_R_32F));
	CKS(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y,
				    CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bs));
	void *buf = tmp.get(std::max<size_t>(bs, 1));
	CKS(cusparseSpMV_preprocess(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y,
				    CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buf));
	timing s = timed([&] {
		CKS(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y,
				 CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buf));
	});

	/* Every row, in double, within (len + 2) FLT_EPSILON sum |a x|. */
	std::vector<int> hc = to_host(col, nnz);
	std::vector<float> hv = to_host(val, nnz), hx = to_host(x, cols), hy = to_host(y, rows);
	std::string check = ok("every row");
	for (int r = 0; r < rows; r++) {
		double acc = 0, mag = 0;
		for (int e = ptr[r]; e < ptr[r + 1]; e++) {
			double t = (double)hv[e] * hx[hc[e]];
			acc += t;
			mag += std::fabs(t);
		}
		double tol = (ptr[r + 1] - ptr[r] + 2) * 1.1920929e-7 * mag;
		if (std::fabs(hy[r] - acc) > tol) {
			check = mismatch((size_t)r, (double)hy[r], acc);
			break;
		}
	}
	char traffic[96];
	snprintf(traffic, sizeof traffic,
		 "8 nnz + 4(rows+1) + 4 cols read + 4 rows written; %d rows", rows);
	row(ids[kind], whats[kind], nnz, (double)nnz,
	    8.0 * nnz + 4.0 * (rows + 1) + 4.0 * cols + 4.0 * rows, traffic, s, check);
	CKS(cusparseDestroyDnVec(X));
	CKS(cusparseDestroyDnVec(Y));
	CKS(cusparseDestroySpMat(A));
	CKS(cusparseDestroy(h));
	CK(cudaFree(dptr));
	CK(cudaFree(col));
	CK(cudaFree(val));
	CK(cudaFree(x));
	CK(cudaFree(y));
}

/* ---- main ------------------------------------------------------------ */

static int usage(void)
{
	fprintf(stderr, "usage: vendor [LOG2N ...] [--reps R] [--batch B] [--only cub|spmv]   "
			"(LOG2N from 10 to 30, as 28 or 2^28; default 20 24 28; R default 20; "
			"B, the calls back to back, default 10; --only: CUB's primitives or "
			"cuSPARSE's SpMV alone)\n");
	return 2;
}

int main(int argc, char **argv)
{
	std::vector<int> logs;
	const char *only = "";
	for (int k = 1; k < argc; k++) {
		const char *a = argv[k];
		if (strcmp(a, "--only") == 0 && k + 1 < argc) {
			only = argv[++k];
			if (strcmp(only, "cub") != 0 && strcmp(only, "spmv") != 0)
				return usage();
			continue;
		}
		if (strcmp(a, "--reps") == 0 && k + 1 < argc) {
			reps = atoi(argv[++k]);
			if (reps < 1 || reps > 100000)
				return usage();
			continue;
		}
		if (strcmp(a, "--batch") == 0 && k + 1 < argc) {
			batch = atoi(argv[++k]);
			if (batch < 1 || batch > 1000)
				return usage();
			continue;
		}
		if (strncmp(a, "2^", 2) == 0)
			a += 2;
		char *end;
		long v = strtol(a, &end, 10);
		if (*a == '\0' || *end != '\0' || v < 10 || v > 30)
			return usage();
		logs.push_back((int)v);
	}
	if (logs.empty())
		logs = {20, 24, 28};

	cudaDeviceProp prop;
	int dev = 0, rt = 0;
	CK(cudaGetDevice(&dev));
	CK(cudaGetDeviceProperties(&prop, dev));
	CK(cudaRuntimeGetVersion(&rt));
	fprintf(stderr,
		"vendor: %s, %d SMs, %.1f GiB; CUDA runtime %d, CUB %d, cuSPARSE %d; %d timed "
		"calls after a warm-up, alone and %d back to back at a time\n",
		prop.name, prop.multiProcessorCount, (double)prop.totalGlobalMem / (1 << 30), rt,
		CUB_VERSION, CUSPARSE_VERSION, reps, batch);

	printf("id,what,n,items,bytes,traffic,median_ms,min_ms,max_ms,gb_per_s,items_per_s,"
	       "alone_ms,checked\n");
	for (int lg : logs) {
		size_t n = (size_t)1 << lg;
		if (strcmp(only, "spmv") != 0)
			run_size(n);
		for (int kind = 0; kind < 3 && strcmp(only, "cub") != 0; kind++)
			run_spmv(n, kind);
	}
	if (failed)
		fprintf(stderr, "vendor: a result was wrong (FAILED above)\n");
	return failed ? 1 : 0;
}
